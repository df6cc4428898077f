-- Cycles through the request paths in the file named by WRK_PATHS (one per line), and prints
-- the figures of the run as one JSON line. A line "POST /path" posts three points as CSV, or
-- nothing when the path asks for flooded_at (the places flooded frame the region then).
-- WRK_DELAY_MS paces each connection: it waits that long before each request, so that a run
-- measures latency at a set rate (connections × 1000 / WRK_DELAY_MS requests a second) rather
-- than the queue of a saturated machine.
local paths = {}
local counter = 0

local file = io.open(os.getenv("WRK_PATHS"), "r")
for line in file:lines() do paths[#paths + 1] = line end
file:close()

local delay_ms = tonumber(os.getenv("WRK_DELAY_MS") or "")
if delay_ms then
  delay = function() return delay_ms end
end

local points = "lat,lon\n48.85,2.35\n51.51,-0.13\n40.42,-3.70\n"

request = function()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  if path:sub(1, 5) == "POST " then
    if path:find("flooded_at=", 1, true) then
      return wrk.format("POST", path:sub(6))
    end
    return wrk.format("POST", path:sub(6), {["Content-Type"] = "text/csv"}, points)
  end
  return wrk.format("GET", path)
end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "requests_per_second": %.1f, "p50_ms": %.3f, "p99_ms": %.3f, ' ..
    '"non_2xx": %d, "socket_errors": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
