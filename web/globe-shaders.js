// The globe's shaders (GLSL ES 1.00, which three.js turns into 3.00 on WebGL 2, where FETCH
// becomes texelFetch).
import { EARTH_RADIUS_M, NEVER_WATER, NO_DATA } from "./relief.js";

// Two passes, so that a new sea level costs one light pass over the globe's pixels:
// 1. (when the camera or the exaggeration changes) the relief mesh is drawn into a picture of
//    32-bit floats that holds, for each pixel, all the level does not change: the elevation and
//    spill level of the relief block it shows, and the block's hill-shaded colour while dry;
// 2. (every frame) each pixel of the globe's outline reads its four floats and is classified
//    against the level, a uniform, as the server's FloodClass.of does, coloured as FloodPalette
//    does (the ramps are a table made here from /v1/palette, one entry a metre, so the colours
//    are the tiles' own). A new level is thus a uniform and one frame: a few comparisons and a
//    sea-ramp lookup a pixel. The ground is the relief itself: when the sea falls, the sea bed shows.

const shaderCommon = `
  uniform sampler2D relief;
  uniform vec2 reliefSize;
  uniform vec4 reliefBounds; // west, south, east, north (degrees)
  uniform float exaggeration;
  // A texel by its column and row: texelFetch where WebGL 2 has it (no filtering, no division).
  #if __VERSION__ >= 300
  #define FETCH(sampler, size, xy) texelFetch(sampler, ivec2(xy), 0)
  #else
  #define FETCH(sampler, size, xy) texture2D(sampler, (floor(xy) + 0.5) / (size))
  #endif
  const float EARTH_RADIUS_M = ${EARTH_RADIUS_M.toFixed(1)};
  // A block's elevation and spill level from its four bytes (FloodRelief's two 16-bit bands).
  vec2 levelsOf(vec4 texel) {
    vec4 b = floor(texel * 255.0 + 0.5);
    float band1 = b.r * 256.0 + b.g, band2 = b.b * 256.0 + b.a;
    float never = ${NEVER_WATER.toFixed(1)};
    if (band1 == 0.0) return vec2(${NO_DATA.toFixed(1)}, band2 == 65535.0 ? never : band2 - 32768.0);
    float elevation = band1 - 32768.0;
    return vec2(elevation, band2 == 65535.0 ? never : elevation + band2);
  }
  vec2 reliefCoordinate(vec2 lonLat) {
    float u = (degrees(lonLat.x) - reliefBounds.x) / (reliefBounds.z - reliefBounds.x);
    float v = (reliefBounds.w - degrees(lonLat.y)) / (reliefBounds.w - reliefBounds.y);
    return vec2(fract(u), clamp(v, 0.5 / reliefSize.y, 1.0 - 0.5 / reliefSize.y));
  }`;

export const groundVertexShader = shaderCommon + `
  attribute vec2 lonLat;
  varying vec2 vLonLat;
  void main() {
    vLonLat = lonLat;
    float elevation = levelsOf(texture2D(relief, reliefCoordinate(lonLat))).x;
    float radius = 1.0 + (elevation < -1e8 ? 0.0 : elevation) * exaggeration / EARTH_RADIUS_M;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position * radius, 1.0);
  }`;

// For each pixel, what the level does not change: x the elevation the sea's depth is measured
// from (−8,000 m where the relief has no data, as the tiles do), y the spill level, z the level
// from which the block is isolated lowland (never, without data), w 1 + its colour while dry
// (24 bits: land by height or exposed sea floor, hill-shaded; grey without data). w 0: no ground.
// Since a block's spill level is never below its elevation, a dry block (elevation above the
// level) with its spill level at or below 0 has the level below 0: exposed sea floor.
export const groundFragmentShader = shaderCommon + `
  uniform sampler2D shading;
  uniform sampler2D ramps;
  uniform float rampLength;
  uniform vec3 exposedColour;
  varying vec2 vLonLat;
  void main() {
    vec2 block = min(floor(reliefCoordinate(vLonLat) * reliefSize), reliefSize - 1.0);
    vec2 levels = levelsOf(FETCH(relief, reliefSize, block));
    float elevation = levels.x, spill = levels.y;
    bool noData = elevation < -1e8;
    float light = 0.4 + 0.9 * (max(1.0, floor(FETCH(shading, reliefSize, block).r * 255.0 + 0.5)) - 1.0) / 254.0; // 1 on flat ground
    vec3 land = FETCH(ramps, vec2(rampLength, 2.0), vec2(clamp(elevation, 0.0, rampLength - 1.0), 0.0)).rgb;
    vec3 dry = noData ? vec3(0.2) : clamp((spill <= 0.0 ? exposedColour : land) * light, 0.0, 1.0);
    vec3 bytes = floor(dry * 255.0 + 0.5);
    gl_FragColor = vec4(noData ? -8000.0 : elevation, spill, noData ? ${NEVER_WATER.toFixed(1)} : elevation,
                        1.0 + bytes.r * 65536.0 + bytes.g * 256.0 + bytes.b);
  }`;

// The screen pass covers only the globe's outline (a polygon round the circle the relief's
// highest point can reach, scaled to the view): the background beyond it is merely cleared.
export const screenVertexShader = `
  uniform vec2 outline; // the outline's radius across and up, in clip space
  void main() { gl_Position = vec4(position.xy * outline, 0.0, 1.0); }`;

// The level's part, in as few operations as can be: wet at or above the spill level (flooded
// red on land, else the sea ramp by depth), isolated lowland from its elevation up, else dry.
export const screenFragmentShader = shaderCommon + `
  uniform sampler2D ground;
  uniform sampler2D ramps; // row 0: land by elevation, row 1: sea by depth; one texel a metre
  uniform vec2 viewport;
  uniform float rise;
  uniform float rampLength;
  uniform vec3 floodedColour;
  uniform vec3 isolatedColour;
  uniform vec3 hatchColour;
  uniform vec3 background;
  uniform vec2 hatch; // period and stripe width in pixels; period 0: no hatching

  void main() {
    vec4 here = FETCH(ground, viewport, gl_FragCoord.xy);
    vec3 sea = FETCH(ramps, vec2(rampLength, 2.0), vec2(clamp(floor(rise - here.x + 0.5), 0.0, rampLength - 1.0), 1.0)).rgb;
    bool hatched = hatch.x > 0.0 && mod(floor(gl_FragCoord.x) + floor(gl_FragCoord.y), hatch.x) < hatch.y;
    float code = here.w - 1.0, red = floor(code / 65536.0), green = floor((code - red * 65536.0) / 256.0);
    vec3 dry = vec3(red, green, code - red * 65536.0 - green * 256.0) / 255.0;
    vec3 colour = rise >= here.y ? (here.x > 0.0 ? (hatched ? hatchColour : floodedColour) : sea)
                : rise >= here.z ? isolatedColour : dry;
    gl_FragColor = vec4(here.w == 0.0 ? background : colour, 1.0);
  }`;
