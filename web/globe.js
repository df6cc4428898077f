// geoq's globe: the Earth in relief (three.js from Debian's libjs-three, served by geoq), with a
// sea level that moves on the graphics card (the relief's data comes from relief.js). The relief (/v1/relief: every cell block's
// elevation and spill level) is uploaded once; each pixel is then classified against the level,
// a uniform, exactly as the server classifies cells for its tiles, in the colours of /v1/palette.
"use strict";

window.GeoqGlobe = (function () {
  const EARTH_RADIUS_M = 6371000;
  const MESH_COLUMNS = 1024, MESH_ROWS = 512; // quads: 525,825 vertices, 1,048,576 triangles
  const MIN_DISTANCE = 1.08, MAX_DISTANCE = 8; // camera distance from the centre, in Earth radii
  const FIELD_OF_VIEW = 35; // degrees, vertical
  const BACKGROUND = "#0b1a2b";
  const { NO_DATA, NEVER_WATER, rampTable, hillShading } = window.GeoqRelief;

  /**
   * Which WebGL draws the globe here: "webgl2" (with EXT_color_buffer_float) or "webgl" (with
   * OES_texture_float and WEBGL_color_buffer_float), both with textures in vertex shaders, since
   * the ground picture holds elevations and levels as 32-bit floats; null when neither can.
   */
  let probedKind; // probed once: each probe makes a WebGL context
  function graphicsKind() {
    if (probedKind === undefined) probedKind = probeGraphics();
    return probedKind;
  }
  function probeGraphics() {
    try {
      const gl2 = document.createElement("canvas").getContext("webgl2");
      if (gl2 && gl2.getExtension("EXT_color_buffer_float") && gl2.getParameter(gl2.MAX_VERTEX_TEXTURE_IMAGE_UNITS) > 0) return "webgl2";
      const gl = document.createElement("canvas").getContext("webgl");
      if (gl && gl.getExtension("OES_texture_float") && gl.getExtension("WEBGL_color_buffer_float") && gl.getParameter(gl.MAX_VERTEX_TEXTURE_IMAGE_UNITS) > 0) return "webgl";
    } catch (_) { /* no WebGL at all */ }
    return null;
  }

  /** Why this browser cannot draw the globe, in one line, or null when it can. */
  function unsupportedReason() {
    if (graphicsKind()) return null;
    const anyWebGL = (() => { try { return !!document.createElement("canvas").getContext("webgl"); } catch (_) { return false; } })();
    return anyWebGL ? "This browser's WebGL cannot draw into floating-point textures, which the globe needs; the map stays."
      : "This browser cannot draw WebGL, so the globe cannot be shown; the map stays.";
  }

  // ---- Shaders -------------------------------------------------------------------------------
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

  const groundVertexShader = shaderCommon + `
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
  const groundFragmentShader = shaderCommon + `
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
  const screenVertexShader = `
    uniform vec2 outline; // the outline's radius across and up, in clip space
    void main() { gl_Position = vec4(position.xy * outline, 0.0, 1.0); }`;

  // The level's part, in as few operations as can be: wet at or above the spill level (flooded
  // red on land, else the sea ramp by depth), isolated lowland from its elevation up, else dry.
  const screenFragmentShader = shaderCommon + `
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

  // ---- Geometry ------------------------------------------------------------------------------

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


  /** Camera distance (Earth radii) that shows an angular radius `radians` around the view's centre. */
  function distanceShowing(radians) {
    const half = FIELD_OF_VIEW / 2 * Math.PI / 180;
    const theta = Math.min(Math.PI / 2, Math.max(0.01, radians));
    return Math.min(MAX_DISTANCE, Math.max(MIN_DISTANCE, Math.cos(theta) + Math.sin(theta) / Math.tan(half) * 1.1));
  }

  /**
   * A globe in `container`. options: palette (/v1/palette), relief {width, height, levels, bounds},
   * view {lat, lon, distance}, rise, exaggeration, hatched, reducedMotion(), onClick(lat, lon), onMove().
   */
  function create(container, options) {
    const canvas = document.createElement("canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "globe");
    canvas.setAttribute("aria-label", "Globe of the sea at the chosen level. Arrow keys turn it, plus and minus zoom, Enter reads the point at the centre.");
    container.append(canvas);
    const kind = graphicsKind();
    const context = canvas.getContext(kind, { alpha: false, antialias: false, depth: true, stencil: false, preserveDrawingBuffer: true });
    for (const name of kind === "webgl2" ? ["EXT_color_buffer_float"] : ["OES_texture_float", "WEBGL_color_buffer_float"]) context.getExtension(name);
    const renderer = new THREE.WebGLRenderer({ canvas, context, antialias: false, preserveDrawingBuffer: true });
    renderer.setPixelRatio(window.devicePixelRatio || 1);
    const camera = new THREE.PerspectiveCamera(FIELD_OF_VIEW, 1, 0.01, 100);
    const groundTarget = new THREE.WebGLRenderTarget(1, 1, { type: THREE.FloatType, minFilter: THREE.NearestFilter, magFilter: THREE.NearestFilter, depthBuffer: true, stencilBuffer: false });
    groundTarget.texture.generateMipmaps = false;

    const { relief, palette } = options;
    let highest = 0; // metres: the relief's highest block
    for (let i = 0; i < relief.levels.length; i += 2) if (relief.levels[i] > highest) highest = relief.levels[i];
    const texture = new THREE.DataTexture(relief.texels, relief.width, relief.height, THREE.RGBAFormat, THREE.UnsignedByteType);
    texture.magFilter = THREE.NearestFilter;
    texture.minFilter = THREE.NearestFilter;
    texture.wrapS = texture.wrapT = THREE.ClampToEdgeWrapping; // NPOT; longitudes wrap in the shader (fract)
    texture.generateMipmaps = false;
    texture.needsUpdate = true;
    const colourOf = (name) => hexColour(palette.classes.find((c) => c.class === name).colour);
    const RAMP_LENGTH = 8192;
    const ramps = new THREE.DataTexture(rampTable(palette, RAMP_LENGTH), RAMP_LENGTH, 2, THREE.RGBAFormat, THREE.UnsignedByteType);
    const shading = new THREE.DataTexture(hillShading(relief, options.exaggeration), relief.width, relief.height, THREE.LuminanceFormat, THREE.UnsignedByteType);
    for (const table of [ramps, shading]) {
      table.magFilter = table.minFilter = THREE.NearestFilter;
      table.wrapS = table.wrapT = THREE.ClampToEdgeWrapping;
      table.generateMipmaps = false;
      table.needsUpdate = true;
    }
    const shared = {
      relief: { value: texture },
      reliefSize: { value: new THREE.Vector2(relief.width, relief.height) },
      reliefBounds: { value: new THREE.Vector4(...relief.bounds) },
      exaggeration: { value: options.exaggeration },
      shading: { value: shading },
      ramps: { value: ramps },
      rampLength: { value: RAMP_LENGTH },
      exposedColour: { value: colourOf("exposedSeaFloor") },
    };
    const uniforms = {
      relief: shared.relief,
      reliefSize: shared.reliefSize,
      ground: { value: groundTarget.texture },
      ramps: shared.ramps,
      rampLength: shared.rampLength,
      viewport: { value: new THREE.Vector2(1, 1) },
      rise: { value: options.rise },
      floodedColour: { value: colourOf("newlyFlooded") },
      isolatedColour: { value: colourOf("isolatedLowland") },
      hatchColour: { value: hexColour(palette.hatch.colour) },
      background: { value: hexColour(BACKGROUND) },
      outline: { value: new THREE.Vector2(10, 10) },
      hatch: { value: new THREE.Vector2(options.hatched ? palette.hatch.periodPx : 0, palette.hatch.stripePx) },
    };
    const groundScene = new THREE.Scene();
    const earth = new THREE.Mesh(sphereGeometry(), new THREE.ShaderMaterial({ uniforms: shared, vertexShader: groundVertexShader, fragmentShader: groundFragmentShader }));
    earth.frustumCulled = false;
    groundScene.add(earth);
    const screenScene = new THREE.Scene();
    const screen = new THREE.Mesh(outlineGeometry(),
      new THREE.ShaderMaterial({ uniforms, vertexShader: screenVertexShader, fragmentShader: screenFragmentShader, depthTest: false, depthWrite: false }));
    screen.frustumCulled = false;
    screenScene.add(screen);
    let groundDrawnFor = null; // the camera and exaggeration the ground picture shows

    const view = { lat: options.view.lat, lon: options.view.lon, distance: options.view.distance };
    const motion = { lat: 0, lon: 0, zoom: 0 }; // inertia, per frame
    let flight = null, frameRequested = false, framesDrawn = 0, firstFrameAt = null, lastStep = null;

    function direction(lat, lon) {
      const φ = lat * Math.PI / 180, λ = lon * Math.PI / 180;
      return new THREE.Vector3(Math.cos(φ) * Math.sin(λ), Math.sin(φ), Math.cos(φ) * Math.cos(λ));
    }

    function resize() {
      const width = Math.max(1, container.clientWidth), height = Math.max(1, container.clientHeight);
      renderer.setSize(width, height, false);
      const pixels = renderer.getDrawingBufferSize(new THREE.Vector2());
      groundTarget.setSize(pixels.x, pixels.y);
      uniforms.viewport.value.copy(pixels);
      groundDrawnFor = null;
      canvas.style.width = width + "px";
      canvas.style.height = height + "px";
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      requestFrame();
    }

    function placeCamera() {
      view.lat = Math.max(-85, Math.min(85, view.lat));
      view.lon = ((view.lon + 540) % 360) - 180;
      view.distance = Math.max(MIN_DISTANCE, Math.min(MAX_DISTANCE, view.distance));
      camera.position.copy(direction(view.lat, view.lon).multiplyScalar(view.distance));
      camera.up.set(0, 1, 0);
      camera.lookAt(0, 0, 0);
      camera.updateMatrixWorld();
    }

    /**
     * Sizes the screen pass's outline to the circle the relief's highest point can reach: seen
     * from distance d, a sphere of radius r fills a cone of half-angle asin(r / d) round the view's
     * centre. Inside that sphere (close up, high relief) the outline covers the whole screen.
     */
    function fitOutline() {
      const reach = 1 + highest * shared.exaggeration.value / EARTH_RADIUS_M;
      const ratio = reach / camera.position.length();
      const radius = ratio >= 0.999 ? 10 : Math.min(10, Math.tan(Math.asin(ratio)) / Math.tan(FIELD_OF_VIEW / 2 * Math.PI / 180) * 1.01);
      uniforms.outline.value.set(radius / camera.aspect, radius);
    }

    /** Draws now; returns the milliseconds the graphics card took (waited for with a pixel read). */
    function draw() {
      placeCamera();
      const start = performance.now();
      const groundKey = camera.matrixWorld.elements.join(",") + "|" + camera.projectionMatrix.elements.join(",") + "|" + shared.exaggeration.value;
      if (groundKey !== groundDrawnFor) {
        renderer.setClearColor(0x000000, 0); // the ground picture: w 0 where no ground is drawn
        renderer.setRenderTarget(groundTarget);
        renderer.clear();
        renderer.render(groundScene, camera);
        renderer.setRenderTarget(null);
        fitOutline();
        groundDrawnFor = groundKey;
      }
      renderer.setClearColor(BACKGROUND, 1);
      renderer.render(screenScene, camera);
      const gl = renderer.getContext();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
      framesDrawn += 1;
      if (framesDrawn === 1) firstFrameAt = performance.now();
      return performance.now() - start;
    }

    function step() {
      frameRequested = false;
      let moving = false;
      if (flight) {
        const t = Math.min(1, (performance.now() - flight.start) / flight.duration), ease = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
        view.lat = flight.from.lat + (flight.to.lat - flight.from.lat) * ease;
        view.lon = flight.from.lon + flight.deltaLon * ease;
        view.distance = flight.from.distance * Math.pow(flight.to.distance / flight.from.distance, ease);
        if (t >= 1) flight = null; else moving = true;
      }
      // Inertia by the clock, not by frames: a slow renderer draws fewer frames of the same glide.
      const now = performance.now(), elapsed = Math.min(500, Math.max(16, now - (lastStep || now - 16))) / 16;
      lastStep = now;
      if (!dragging && (Math.abs(motion.lat) > 0.01 || Math.abs(motion.lon) > 0.01 || Math.abs(motion.zoom) > 1e-3)) {
        const decay = Math.pow(0.9, elapsed), glide = (1 - decay) / (1 - 0.9); // the frames' steps summed
        view.lat += motion.lat * glide;
        view.lon += motion.lon * glide;
        view.distance = 1 + (view.distance - 1) * Math.exp(motion.zoom * glide);
        motion.lat *= decay; motion.lon *= decay; motion.zoom *= decay;
        moving = true;
      } else {
        motion.lat = motion.lon = motion.zoom = 0;
      }
      draw();
      if (moving) requestFrame();
      if (options.onMove) options.onMove(api.view());
    }

    function requestFrame() {
      if (frameRequested) return;
      frameRequested = true;
      requestAnimationFrame(step);
    }

    /** Degrees the globe turns per screen pixel at the current distance. */
    function degreesPerPixel() {
      const pixelsPerRadius = container.clientHeight / (2 * Math.tan(FIELD_OF_VIEW * Math.PI / 360) * (view.distance - 1));
      return 180 / Math.PI / pixelsPerRadius;
    }

    // ---- Pointer: drag to turn (with inertia), wheel or pinch to zoom, click to read a point ----
    const pointers = new Map();
    let dragging = false, pressedAt = null, pinchDistance = 0, lastMove = null;
    canvas.addEventListener("pointerdown", (event) => {
      canvas.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      dragging = true;
      flight = null;
      motion.lat = motion.lon = motion.zoom = 0;
      pressedAt = pointers.size === 1 ? { x: event.clientX, y: event.clientY, time: performance.now() } : null;
      if (pointers.size === 2) pinchDistance = pinchSpan();
    });
    function pinchSpan() {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    }
    canvas.addEventListener("pointermove", (event) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const current = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, current);
      if (pointers.size === 2) {
        const span = pinchSpan();
        if (pinchDistance > 0 && span > 0) view.distance = 1 + (view.distance - 1) * pinchDistance / span;
        pinchDistance = span;
      } else {
        const scale = degreesPerPixel(), now = performance.now();
        const turnLon = -(current.x - previous.x) * scale / Math.max(0.2, Math.cos(view.lat * Math.PI / 180));
        const turnLat = (current.y - previous.y) * scale;
        view.lon += turnLon;
        view.lat += turnLat;
        // Inertia: the drag's speed per frame (16 ms), at most a few degrees.
        const frames = Math.max(1, (now - (lastMove || now - 16)) / 16), limit = 3 * (view.distance - 1);
        motion.lon = Math.max(-limit, Math.min(limit, turnLon / frames));
        motion.lat = Math.max(-limit, Math.min(limit, turnLat / frames));
        lastMove = now;
      }
      requestFrame();
    });
    function release(event) {
      if (!pointers.delete(event.pointerId)) return;
      dragging = pointers.size > 0;
      // A drag that stopped before it was let go keeps no inertia.
      if (lastMove !== null && performance.now() - lastMove > 80) motion.lat = motion.lon = 0;
      lastMove = null;
      if (pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) < 5) {
        motion.lat = motion.lon = 0;
        const point = pick(event.clientX, event.clientY);
        if (point && options.onClick) options.onClick(point.lat, point.lon);
      }
      pressedAt = null;
      requestFrame();
    }
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    canvas.addEventListener("wheel", (event) => {
      event.preventDefault();
      flight = null;
      motion.zoom += Math.max(-0.5, Math.min(0.5, event.deltaY * 0.0012)) * 0.35;
      requestFrame();
    }, { passive: false });

    // ---- Keyboard: arrows turn, + and − (or Page Up / Page Down) zoom, Enter reads the centre ----
    // Each press is one step (a tenth of the view's width; three with Shift), drawn at once.
    canvas.addEventListener("keydown", (event) => {
      const turn = 12 * (view.distance - 1) * (event.shiftKey ? 3 : 1), zoomIn = () => { view.distance = 1 + (view.distance - 1) * 0.8; };
      const zoomOut = () => { view.distance = 1 + (view.distance - 1) / 0.8; };
      const keys = {
        ArrowLeft: () => { view.lon -= turn / Math.max(0.2, Math.cos(view.lat * Math.PI / 180)); },
        ArrowRight: () => { view.lon += turn / Math.max(0.2, Math.cos(view.lat * Math.PI / 180)); },
        ArrowUp: () => { view.lat += turn; }, ArrowDown: () => { view.lat -= turn; },
        "+": zoomIn, "=": zoomIn, PageUp: zoomIn, "-": zoomOut, PageDown: zoomOut,
        Enter: () => { if (options.onClick) options.onClick(view.lat, view.lon); },
      };
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      flight = null;
      motion.lat = motion.lon = motion.zoom = 0;
      action();
      requestFrame();
    });

    /** The point of the globe under a screen position (client pixels), or null off the globe. */
    function pick(clientX, clientY) {
      const box = canvas.getBoundingClientRect();
      const ndc = new THREE.Vector2((clientX - box.left) / box.width * 2 - 1, -((clientY - box.top) / box.height * 2 - 1));
      const ray = new THREE.Raycaster();
      ray.setFromCamera(ndc, camera);
      const hit = ray.ray.intersectSphere(new THREE.Sphere(new THREE.Vector3(), 1), new THREE.Vector3());
      if (!hit) return null;
      return { lat: Math.asin(Math.max(-1, Math.min(1, hit.y))) * 180 / Math.PI, lon: Math.atan2(hit.x, hit.z) * 180 / Math.PI };
    }

    /** The ground's height drawn at a point, in metres. */
    function heightAt(lat, lon) {
      const [west, south, east, north] = relief.bounds;
      const column = Math.floor((((lon - west) / (east - west)) % 1 + 1) % 1 * relief.width);
      const row = Math.min(relief.height - 1, Math.max(0, Math.floor((north - lat) / (north - south) * relief.height)));
      const elevation = relief.levels[(row * relief.width + column) * 2];
      return elevation === NO_DATA ? 0 : elevation;
    }

    const api = {
      canvas,
      /** The view: centre latitude and longitude (degrees) and camera distance (Earth radii). */
      view: () => ({ lat: view.lat, lon: view.lon, distance: view.distance }),
      get framesDrawn() { return framesDrawn; },
      /** When the first frame was drawn, in milliseconds since the page's navigation began. */
      get firstFrameAt() { return firstFrameAt; },
      setRise(rise) { uniforms.rise.value = rise; requestFrame(); },
      setExaggeration(value) {
        shared.exaggeration.value = value;
        shading.image.data = hillShading(relief, value);
        shading.needsUpdate = true;
        requestFrame();
      },
      setHatched(hatched) { uniforms.hatch.value.x = hatched ? palette.hatch.periodPx : 0; requestFrame(); },
      /** Turns to a view, flying unless reduced motion is asked for. */
      flyTo(target) {
        const to = { lat: target.lat, lon: target.lon, distance: target.distance || view.distance };
        motion.lat = motion.lon = motion.zoom = 0;
        if (options.reducedMotion && options.reducedMotion()) {
          Object.assign(view, to);
          flight = null;
        } else {
          const deltaLon = ((to.lon - view.lon + 540) % 360) - 180;
          flight = { from: { ...view }, to, deltaLon, start: performance.now(), duration: 1200 };
        }
        requestFrame();
      },
      /** Turns to frame a box [west, south, east, north] (west > east crosses ±180°). */
      frameBox([west, south, east, north]) {
        const span = east >= west ? east - west : east + 360 - west;
        const lat = (south + north) / 2, lon = west + span / 2;
        const angular = Math.max((north - south) / 2, span / 2 * Math.cos(lat * Math.PI / 180)) * Math.PI / 180;
        this.flyTo({ lat, lon: lon > 180 ? lon - 360 : lon, distance: distanceShowing(angular * 1.15) });
      },
      /** Where a point of the surface is on screen (client pixels), and whether it faces the viewer. */
      screenPosition(lat, lon) {
        placeCamera();
        const surface = direction(lat, lon);
        const point = surface.clone().multiplyScalar(1 + heightAt(lat, lon) * shared.exaggeration.value / EARTH_RADIUS_M);
        const facing = surface.dot(camera.position.clone().sub(point)) > 0;
        const ndc = point.clone().project(camera), box = canvas.getBoundingClientRect();
        return { x: box.left + (ndc.x + 1) / 2 * box.width, y: box.top + (1 - ndc.y) / 2 * box.height, visible: facing };
      },
      /** Draws at once and returns the milliseconds taken (for the benchmark). */
      drawNow: draw,
      resize,
      distanceShowing,
    };
    new ResizeObserver(resize).observe(container);
    resize();
    return api;
  }

  /** Camera distance (Earth radii) for a map zoom level, and back: the two views show about as much. */
  const distanceForZoom = (z) => 1 + 6.4 / Math.pow(2, z - 1);
  const zoomForDistance = (d) => Math.max(1, Math.min(10, Math.round(1 + Math.log2(6.4 / Math.max(1e-3, d - 1)))));

  return { unsupportedReason, create, loadRelief: window.GeoqRelief.load, distanceForZoom, zoomForDistance };
})();
