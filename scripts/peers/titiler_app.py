"""titiler serving geoq's tiles over HTTP, the peer of `geoq serve`'s `/v1/tiles` in `make bench`:
titiler.core's TilerFactory with one algorithm, `flood`, that applies geoq's class rule and
colours (rio_flood_tiles.FloodColours) to bands 1 and 2 of geoq's index.

Run: GEOQ_PALETTE=palette.json uvicorn titiler_app:app --app-dir scripts/peers --workers 2
Tile: /tiles/WebMercatorQuad/{z}/{x}/{y}.png?url=INDEX.tif&bidx=1&bidx=2&resampling=nearest
      &reproject=nearest&algorithm=flood&algorithm_params={"rise":2}
"""
import json
import os

import numpy as np
from fastapi import FastAPI
from rio_tiler.models import ImageData
from titiler.core.algorithm import BaseAlgorithm
from titiler.core.algorithm import algorithms as default_algorithms
from titiler.core.factory import TilerFactory

from rio_flood_tiles import FloodColours

COLOURS = FloodColours(json.load(open(os.environ["GEOQ_PALETTE"])))


class Flood(BaseAlgorithm):
    """geoq's flood classes at `rise` from (spill level, elevation), as an RGB image whose mask
    (the clear pixels) titiler turns into the PNG's alpha."""

    rise: float = 2.0
    input_nbands: int = 2
    output_nbands: int = 3
    output_dtype: str = "uint8"

    def __call__(self, img: ImageData) -> ImageData:
        rgb, clear = COLOURS.rgb(img.array.data[0], img.array.data[1], self.rise)
        return ImageData(np.ma.MaskedArray(rgb, mask=np.broadcast_to(clear, rgb.shape)), crs=img.crs, bounds=img.bounds)


algorithms = default_algorithms.register({"flood": Flood})
app = FastAPI(title="titiler with geoq's flood colours")
app.include_router(TilerFactory(process_dependency=algorithms.dependency).router)
