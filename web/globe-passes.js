// The globe's drawing (see globe-shaders.js): the relief mesh, drawn into the ground picture
// when the camera or the exaggeration changes, and the sea level's pass over the globe's
// outline, drawn every frame. The relief, its hill shading and the palette's ramps are uploaded
// once (the shading again for a new exaggeration); a new level is a uniform.
import { groundFragmentShader, groundVertexShader, screenFragmentShader, screenVertexShader } from "./globe-shaders.js";
import { outlineRadius } from "./globe-camera.js";
import { EARTH_RADIUS_M, highestElevation, hillShading, rampTable } from "./relief.js";

const MESH_COLUMNS = 1024, MESH_ROWS = 512; // quads: 525,825 vertices, 1,048,576 triangles
const RAMP_LENGTH = 8192; // metres: one ramp entry a metre
/** Beyond the globe. */
export const BACKGROUND = "#0b1a2b";

/** The unit sphere, its vertices carrying their longitude and latitude (radians). */
function sphereGeometry() {
  const count = (MESH_COLUMNS + 1) * (MESH_ROWS + 1);
  const positions = new Float32Array(count * 3), lonLats = new Float32Array(count * 2);
  let vertex = 0;
  for (let row = 0; row <= MESH_ROWS; row++) {
    const latitude = Math.PI / 2 - Math.PI * row / MESH_ROWS;
    for (let column = 0; column <= MESH_COLUMNS; column++, vertex++) {
      const longitude = -Math.PI + 2 * Math.PI * column / MESH_COLUMNS;
      positions.set([Math.cos(latitude) * Math.sin(longitude), Math.sin(latitude), Math.cos(latitude) * Math.cos(longitude)], vertex * 3);
      // The last column repeats the first a hair west of +180°, so the seam samples the same blocks.
      lonLats.set([column === MESH_COLUMNS ? Math.PI - 1e-6 : longitude, latitude], vertex * 2);
    }
  }
  const indices = new Uint32Array(MESH_COLUMNS * MESH_ROWS * 6);
  let index = 0;
  for (let row = 0; row < MESH_ROWS; row++) {
    for (let column = 0; column < MESH_COLUMNS; column++) {
      const a = row * (MESH_COLUMNS + 1) + column, b = a + MESH_COLUMNS + 1;
      indices.set([a, b, a + 1, b, b + 1, a + 1], index);
      index += 6;
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setIndex(new THREE.BufferAttribute(indices, 1));
  geometry.setAttribute("position", new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute("lonLat", new THREE.BufferAttribute(lonLats, 2));
  return geometry;
}

/** A polygon holding the unit circle, as a triangle fan (the screen pass's outline). */
function outlineGeometry() {
  const sides = 48, reach = 1 / Math.cos(Math.PI / sides), positions = [0, 0, 0];
  for (let side = 0; side <= sides; side++) {
    const angle = 2 * Math.PI * side / sides;
    positions.push(Math.cos(angle) * reach, Math.sin(angle) * reach, 0);
  }
  const indices = [];
  for (let side = 1; side <= sides; side++) indices.push(0, side, side + 1);
  const geometry = new THREE.BufferGeometry();
  geometry.setIndex(indices);
  geometry.setAttribute("position", new THREE.Float32BufferAttribute(positions, 3));
  return geometry;
}

function hexColour(hex) {
  return new THREE.Vector3(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
}

/** A table for shaders to read texel by texel: no filtering, no mipmaps, no wrapping. */
function dataTexture(data, width, height, format) {
  const texture = new THREE.DataTexture(data, width, height, format, THREE.UnsignedByteType);
  texture.magFilter = texture.minFilter = THREE.NearestFilter;
  texture.wrapS = texture.wrapT = THREE.ClampToEdgeWrapping; // NPOT; longitudes wrap in the shader (fract)
  texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

/**
 * The two passes for `renderer`. options: relief (relief.js), palette (/v1/palette), rise,
 * exaggeration, hatched. Returns {draw(camera), resize(pixels), setRise, setExaggeration,
 * setHatched, exaggeration()}.
 */
export function createPasses(renderer, { relief, palette, rise, exaggeration, hatched }) {
  const groundTarget = new THREE.WebGLRenderTarget(1, 1, { type: THREE.FloatType, minFilter: THREE.NearestFilter, magFilter: THREE.NearestFilter, depthBuffer: true, stencilBuffer: false });
  groundTarget.texture.generateMipmaps = false;
  const highest = highestElevation(relief);
  const colourOf = (name) => hexColour(palette.classes.find((c) => c.class === name).colour);
  const shading = dataTexture(hillShading(relief, exaggeration), relief.width, relief.height, THREE.LuminanceFormat);
  const ramps = dataTexture(rampTable(palette, RAMP_LENGTH), RAMP_LENGTH, 2, THREE.RGBAFormat);
  const groundUniforms = {
    relief: { value: dataTexture(relief.texels, relief.width, relief.height, THREE.RGBAFormat) },
    reliefSize: { value: new THREE.Vector2(relief.width, relief.height) },
    reliefBounds: { value: new THREE.Vector4(...relief.bounds) },
    exaggeration: { value: exaggeration },
    shading: { value: shading },
    ramps: { value: ramps },
    rampLength: { value: RAMP_LENGTH },
    exposedColour: { value: colourOf("exposedSeaFloor") },
  };
  const screenUniforms = {
    relief: groundUniforms.relief,
    reliefSize: groundUniforms.reliefSize,
    ground: { value: groundTarget.texture },
    ramps: groundUniforms.ramps,
    rampLength: groundUniforms.rampLength,
    viewport: { value: new THREE.Vector2(1, 1) },
    rise: { value: rise },
    floodedColour: { value: colourOf("newlyFlooded") },
    isolatedColour: { value: colourOf("isolatedLowland") },
    hatchColour: { value: hexColour(palette.hatch.colour) },
    background: { value: hexColour(BACKGROUND) },
    outline: { value: new THREE.Vector2(10, 10) },
    hatch: { value: new THREE.Vector2(hatched ? palette.hatch.periodPx : 0, palette.hatch.stripePx) },
  };
  const groundScene = new THREE.Scene();
  const earth = new THREE.Mesh(sphereGeometry(), new THREE.ShaderMaterial({ uniforms: groundUniforms, vertexShader: groundVertexShader, fragmentShader: groundFragmentShader }));
  earth.frustumCulled = false;
  groundScene.add(earth);
  const screenScene = new THREE.Scene();
  const screen = new THREE.Mesh(outlineGeometry(),
    new THREE.ShaderMaterial({ uniforms: screenUniforms, vertexShader: screenVertexShader, fragmentShader: screenFragmentShader, depthTest: false, depthWrite: false }));
  screen.frustumCulled = false;
  screenScene.add(screen);
  let groundDrawnFor = null; // the camera and exaggeration the ground picture shows

  return {
    /** Draws a frame seen by `camera` (placed): the ground picture only when it is out of date. */
    draw(camera) {
      const groundKey = camera.matrixWorld.elements.join(",") + "|" + camera.projectionMatrix.elements.join(",") + "|" + groundUniforms.exaggeration.value;
      if (groundKey !== groundDrawnFor) {
        renderer.setClearColor(0x000000, 0); // the ground picture: w 0 where no ground is drawn
        renderer.setRenderTarget(groundTarget);
        renderer.clear();
        renderer.render(groundScene, camera);
        renderer.setRenderTarget(null);
        const outline = outlineRadius(camera, 1 + highest * groundUniforms.exaggeration.value / EARTH_RADIUS_M);
        screenUniforms.outline.value.set(outline.across, outline.up);
        groundDrawnFor = groundKey;
      }
      renderer.setClearColor(BACKGROUND, 1);
      renderer.render(screenScene, camera);
    },
    /** The drawing buffer's new size in pixels (a THREE.Vector2). */
    resize(pixels) {
      groundTarget.setSize(pixels.x, pixels.y);
      screenUniforms.viewport.value.copy(pixels);
      groundDrawnFor = null;
    },
    setRise(value) { screenUniforms.rise.value = value; },
    exaggeration: () => groundUniforms.exaggeration.value,
    setExaggeration(value) {
      groundUniforms.exaggeration.value = value;
      shading.image.data = hillShading(relief, value);
      shading.needsUpdate = true;
    },
    setHatched(value) { screenUniforms.hatch.value.x = value ? palette.hatch.periodPx : 0; },
  };
}
