"""Counts the bytes a Dask scheduler sends and receives over TCP, for the benchmark.

Start the scheduler with `dask scheduler --preload geoq_dask.traffic`; the driver then reads the
counts with `Client.run_on_scheduler(traffic.counts)`. It counts every message's payload (the
8-byte length prefixes aside) in the scheduler's process: task submissions, results, heartbeats.
"""
from __future__ import annotations

import distributed.comm.tcp as tcp

_totals = {"sent": 0, "received": 0}


def dask_setup(scheduler) -> None:  # the preload hook
    install()


def install() -> None:
    if getattr(tcp, "_geoq_counted", False):
        return
    read_bytes_rw = tcp.read_bytes_rw
    write = tcp.TCP.write

    async def counted_read(stream, n):
        _totals["received"] += n
        return await read_bytes_rw(stream, n)

    async def counted_write(self, msg, serializers=None, on_error="message"):
        sent = await write(self, msg, serializers=serializers, on_error=on_error)
        _totals["sent"] += sent
        return sent

    tcp.read_bytes_rw = counted_read
    tcp.TCP.write = counted_write
    tcp._geoq_counted = True


def counts(dask_scheduler=None) -> dict | None:
    """The bytes counted so far, or None when this scheduler was not started with the preload."""
    if not getattr(tcp, "_geoq_counted", False):
        return None
    return dict(_totals)
