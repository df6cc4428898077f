"""A local stand-in for the Copernicus DEM's public buckets: serves a folder over HTTP with range
requests (as object storage does), on the loopback address. Used by scripts/test-copernicus.sh.

Usage: range_server.py ROOT PORT_FILE [--truncate NAME] [--half-size NAME] [--throttle BYTES_PER_SECOND] [--etag] [--port N]
  --truncate NAME   answers NAME with its full Content-Length but only half of its bytes, then
                    closes the connection (a torn download)
  --half-size NAME  says NAME is half its real size (HEAD's Content-Length, Content-Range's
                    total) and serves the ranges asked for within that half (a server that lies)
  --throttle N      sends at most N bytes a second (so a download can be interrupted)
  --etag            sends an ETag and a Last-Modified for each file, from its modification time
                    and size, as object storage sends a version's (so a re-released file differs)
  --port N          listens on port N (default: any free port)
"""
import http.server
import os
import sys
import time

root, port_file = sys.argv[1], sys.argv[2]
truncate = sys.argv[sys.argv.index("--truncate") + 1] if "--truncate" in sys.argv else None
half_size = sys.argv[sys.argv.index("--half-size") + 1] if "--half-size" in sys.argv else None
throttle = int(sys.argv[sys.argv.index("--throttle") + 1]) if "--throttle" in sys.argv else 0
etag = "--etag" in sys.argv
fixed_port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def locate(self):
        path = os.path.normpath(os.path.join(root, self.path.split("?")[0].lstrip("/")))
        return path if path.startswith(os.path.abspath(root)) and os.path.isfile(path) else None

    def do_HEAD(self):
        self.answer(body=False)

    def do_GET(self):
        self.answer(body=True)

    def answer(self, body):
        path = self.locate()
        if path is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        size = os.path.getsize(path)
        if half_size and os.path.basename(path) == half_size:
            size //= 2
        start, end = 0, size - 1
        ranged = self.headers.get("Range", "").startswith("bytes=")
        if ranged:
            first, _, last = self.headers["Range"][6:].partition("-")
            start = int(first) if first else max(0, size - int(last))
            end = min(int(last), size - 1) if first and last else size - 1
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        if etag:
            status = os.stat(path)
            self.send_header("ETag", f'"{status.st_mtime_ns:x}-{status.st_size:x}"')
            self.send_header("Last-Modified", self.date_time_string(int(status.st_mtime)))
        if ranged:
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.end_headers()
        if not body:
            return
        with open(path, "rb") as f:
            f.seek(start)
            remaining = end - start + 1
            if truncate and os.path.basename(path) == truncate:
                remaining = max(1, remaining // 2)
            while remaining > 0:
                chunk = f.read(min(remaining, 65536 if not throttle else max(1, throttle // 10)))
                if not chunk:
                    break
                self.wfile.write(chunk)
                remaining -= len(chunk)
                if throttle:
                    time.sleep(len(chunk) / throttle)
        if truncate and os.path.basename(path) == truncate:
            self.close_connection = True


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a client that stops reading (a killed or refused download) is expected here


server = QuietServer(("127.0.0.1", fixed_port), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
