"""geoq-dask: builds geoq's tiled spill index on a Dask cluster.

Every task runs one of geoq's stage commands (`geoq index fill-tile`, `link`, `finish-tile`,
`assemble`) as a subprocess on a worker, over a work folder that every worker sees at the same
path. The stages are idempotent and write atomically, so a task that is retried, resubmitted
after its worker died, or run twice at once gives the same files.
"""
