// The relief the globe draws, read from /v1/relief, and the tables made from it and /v1/palette:
// the PNG decoded here (so no colour management touches its 16-bit samples), the elevation and
// spill level of every block, the hill shading at an exaggeration, the ramps a metre an entry.

/** The Earth's mean radius in metres: the globe is a unit sphere of it. */
export const EARTH_RADIUS_M = 6371000;
/** The spill level of a block the sea never reaches, and the elevation of one without data. */
export const NEVER_WATER = 1e9, NO_DATA = -1e9;

/**
 * The PNG's samples as [band 1, band 2] pairs, row-major: {width, height, samples: Uint16Array,
 * bytes: Uint8Array}; `bytes` are the same samples big-endian, four a block, as a graphics card
 * takes them (an RGBA texture of bytes: a quarter of the memory of floats, read faster).
 */
export async function decodeReliefPNG(buffer) {
  const bytes = new Uint8Array(buffer), view = new DataView(buffer);
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (signature.some((b, i) => bytes[i] !== b)) throw new Error("the relief is not a PNG");
  let width = 0, height = 0, position = 8;
  const chunks = [];
  while (position < bytes.length) {
    const length = view.getUint32(position), type = String.fromCharCode(...bytes.subarray(position + 4, position + 8));
    if (type === "IHDR") {
      width = view.getUint32(position + 8);
      height = view.getUint32(position + 12);
      const depth = bytes[position + 16], colourType = bytes[position + 17], interlace = bytes[position + 20];
      if (depth !== 16 || colourType !== 4 || interlace !== 0) throw new Error("the relief is not a 16-bit grey + alpha PNG");
    } else if (type === "IDAT") {
      chunks.push(bytes.subarray(position + 8, position + 8 + length));
    }
    position += 12 + length;
  }
  const inflated = new Uint8Array(await new Response(new Blob(chunks).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer());
  const bpp = 4, stride = width * bpp;
  if (inflated.length !== height * (stride + 1)) throw new Error("the relief PNG holds " + inflated.length + " bytes, expected " + height * (stride + 1));
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = inflated[y * (stride + 1)], source = y * (stride + 1) + 1, target = y * stride, above = target - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? rows[target + x - bpp] : 0, b = y > 0 ? rows[above + x] : 0, c = x >= bpp && y > 0 ? rows[above + x - bpp] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rows[target + x] = (inflated[source + x] + predictor) & 255;
    }
  }
  const samples = new Uint16Array(width * height * 2);
  for (let i = 0; i < samples.length; i++) samples[i] = (rows[2 * i] << 8) | rows[2 * i + 1];
  return { width, height, samples, bytes: rows };
}

/** Elevation and spill level in metres from the relief's bands (see FloodRelief in the service). */
export function levelsOf(samples) {
  const levels = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i += 2) {
    const band1 = samples[i], band2 = samples[i + 1];
    if (band1 === 0) {
      levels[i] = NO_DATA;
      levels[i + 1] = band2 === 65535 ? NEVER_WATER : band2 - 32768;
    } else {
      levels[i] = band1 - 32768;
      levels[i + 1] = band2 === 65535 ? NEVER_WATER : levels[i] + band2;
    }
  }
  return levels;
}

/** The palette's ramps a metre an entry (as FloodPalette.ramp computes and rounds them): RGBA bytes, 2 rows. */
export function rampTable(palette, length) {
  const table = new Uint8Array(length * 2 * 4);
  const rows = [[palette.landRamp, "elevationM"], [palette.seaRamp, "depthM"]];
  rows.forEach(([ramp, key], row) => {
    const colours = ramp.map((stop) => [1, 3, 5].map((i) => parseInt(stop.colour.slice(i, i + 2), 16)));
    for (let metres = 0; metres < length; metres++) {
      let colour = colours[colours.length - 1];
      if (metres <= ramp[0][key]) colour = colours[0];
      else {
        for (let i = 1; i < ramp.length; i++) {
          if (metres <= ramp[i][key]) {
            const t = (metres - ramp[i - 1][key]) / (ramp[i][key] - ramp[i - 1][key]);
            colour = colours[i].map((c, k) => Math.round(colours[i - 1][k] + (c - colours[i - 1][k]) * t));
            break;
          }
        }
      }
      table.set([...colour, 255], (row * length + metres) * 4);
    }
  });
  return table;
}

/**
 * Hill shading of every relief block at an exaggeration, as bytes: 255 × (factor − 0.4) / 0.9,
 * where the factor is 1 on flat ground. Light from the north-west, 45° up, in each block's own
 * east–north–up frame (Horn's slopes), as relief maps are lit. O(blocks).
 */
export function hillShading(relief, exaggeration) {
  const { width, height, levels, bounds } = relief;
  const shading = new Uint8Array(width * height);
  const metresPerDegree = Math.PI / 180 * EARTH_RADIUS_M;
  const dx0 = (bounds[2] - bounds[0]) / width * metresPerDegree, dy = (bounds[3] - bounds[1]) / height * metresPerDegree;
  const light = [-Math.SQRT1_2 * Math.SQRT1_2, Math.SQRT1_2 * Math.SQRT1_2, Math.SQRT1_2]; // from the north-west, 45° up
  const flat = light[2];
  const heightOf = (column, row) => {
    const value = levels[(row * width + ((column + width) % width)) * 2];
    return value === NO_DATA ? 0 : value;
  };
  for (let row = 0; row < height; row++) {
    const latitude = bounds[3] - (row + 0.5) * (bounds[3] - bounds[1]) / height;
    const dx = dx0 * Math.max(0.05, Math.cos(latitude * Math.PI / 180));
    const up = Math.max(0, row - 1), down = Math.min(height - 1, row + 1);
    for (let column = 0; column < width; column++) {
      const dzdx = (heightOf(column + 1, row) - heightOf(column - 1, row)) * exaggeration / (2 * dx);
      const dzdy = (heightOf(column, up) - heightOf(column, down)) * exaggeration / ((down - up) * dy);
      const norm = Math.hypot(dzdx, dzdy, 1);
      const lit = Math.max(0, (-dzdx * light[0] - dzdy * light[1] + light[2]) / norm);
      const factor = Math.min(1.3, Math.max(0.4, 1 + 1.4 * (lit - flat)));
      shading[row * width + column] = Math.round(255 * (factor - 0.4) / 0.9);
    }
  }
  return shading;
}

/** Fetches the relief once: {width, height, levels (Float32Array: elevation, spill), texels (RGBA bytes), bounds, bytes}. */
export async function loadRelief(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error("The relief could not be loaded (" + response.status + ").");
  const bounds = (response.headers.get("Geoq-Relief-Bounds") || "").split(",").map(Number);
  if (bounds.length !== 4 || bounds.some((b) => !Number.isFinite(b))) throw new Error("The relief came without its bounds.");
  const buffer = await response.arrayBuffer();
  const { width, height, samples, bytes } = await decodeReliefPNG(buffer);
  return { width, height, levels: levelsOf(samples), texels: bytes, bounds, bytes: buffer.byteLength };
}

/** The ground's height drawn at a point, in metres (0 where the relief has no data). */
export function heightAt(relief, lat, lon) {
  const [west, south, east, north] = relief.bounds;
  const column = Math.floor((((lon - west) / (east - west)) % 1 + 1) % 1 * relief.width);
  const row = Math.min(relief.height - 1, Math.max(0, Math.floor((north - lat) / (north - south) * relief.height)));
  const elevation = relief.levels[(row * relief.width + column) * 2];
  return elevation === NO_DATA ? 0 : elevation;
}

/** The relief's highest block, in metres (at least 0). */
export function highestElevation(relief) {
  let highest = 0;
  for (let i = 0; i < relief.levels.length; i += 2) if (relief.levels[i] > highest) highest = relief.levels[i];
  return highest;
}
