// The viewer page: draws /api/scene once, then moves the bodies, characters, cloths and soft bodies by the frames of /ws
// (layout: SimulationHost.frame) and sends the keys and the panel to the HTTP API.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import { createVehicles } from '/vehicles.js';
import { loadSoftBodies } from './softbodies.js';

const HEADER = 12, PER_BODY = 14, PER_CHARACTER = 11;
// Planes are infinite; this much of one is drawn, tiled every metre.
const PLANE_SIZE = 40;
const PLOT_POINTS = 900;

const stats = window.ricochet = { ready: false, fps: 0, framesReceived: 0, framesDrawn: 0, contactsDrawn: 0,
                                  jointsDrawn: 0, characters: [] };
const $ = (id) => document.getElementById(id);
window.addEventListener('error', (e) => { $('error').textContent = String(e.message); });

const scene = await (await fetch('/api/scene')).json();
$('title').textContent = 'Ricochet: ' + scene.name;
$('description').textContent = scene.description;
if (!scene.lab) { $('method-row').style.display = 'none'; }

// ------------------------------------------------------------------ renderer, light, camera
const host = $('view');
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.shadowMap.enabled = true;
renderer.shadowMap.type = THREE.PCFShadowMap;
host.appendChild(renderer.domElement);
const world = new THREE.Scene();
world.background = new THREE.Color(0x3a4250);
world.add(new THREE.HemisphereLight(0xdde6ff, 0x403830, 1.4));
const sun = new THREE.DirectionalLight(0xffffff, 2.2);
sun.castShadow = true;
sun.shadow.mapSize.set(1024, 1024);
// Offsets against shadow acne (a surface shadowing itself in moire bands on the floor).
sun.shadow.bias = -0.0005;
sun.shadow.normalBias = 0.02;
world.add(sun, sun.target);
const camera = new THREE.PerspectiveCamera(45, 1, 0.02, 500);
const controls = new OrbitControls(camera, renderer.domElement);
controls.enableDamping = true;

function resize() {
  const w = host.clientWidth, h = host.clientHeight;
  renderer.setSize(w, h);
  camera.aspect = w / Math.max(h, 1);
  camera.updateProjectionMatrix();
}
window.addEventListener('resize', resize);

// ------------------------------------------------------------------ shapes
function checkerTexture() {
  const c = document.createElement('canvas');
  c.width = c.height = 64;
  const g = c.getContext('2d');
  g.fillStyle = '#8a8f98'; g.fillRect(0, 0, 64, 64);
  g.fillStyle = '#7b808a'; g.fillRect(0, 0, 32, 32); g.fillRect(32, 32, 32, 32);
  const t = new THREE.CanvasTexture(c);
  t.wrapS = t.wrapT = THREE.RepeatWrapping;
  t.repeat.set(PLANE_SIZE, PLANE_SIZE);
  t.colorSpace = THREE.SRGBColorSpace;
  return t;
}
const checker = checkerTexture();

function geometryOf(s) {
  switch (s.type) {
    case 'sphere': return new THREE.SphereGeometry(s.radius, 32, 16);
    case 'box': return new THREE.BoxGeometry(2 * s.halfExtents[0], 2 * s.halfExtents[1], 2 * s.halfExtents[2]);
    case 'capsule': return new THREE.CapsuleGeometry(s.radius, 2 * s.halfHeight, 8, 24);
    case 'cylinder': return new THREE.CylinderGeometry(s.radius, s.radius, 2 * s.halfHeight, 32);
    case 'convexHull': return new ConvexGeometry(s.points.map((p) => new THREE.Vector3(p[0], p[1], p[2])));
    case 'mesh': {
      // Indexed, so computeVertexNormals averages the faces around each vertex: smooth shading.
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.Float32BufferAttribute(s.vertices, 3));
      g.setIndex(s.triangles);
      g.computeVertexNormals();
      return g;
    }
    case 'heightfield': {
      const rows = s.heights.length, cols = s.heights[0].length;
      const pos = [], index = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) { pos.push(c * s.spacingX, s.heights[r][c], r * s.spacingZ); }
      }
      for (let r = 0; r + 1 < rows; r++) {
        for (let c = 0; c + 1 < cols; c++) {
          const a = r * cols + c, b = a + 1, d = a + cols, e = d + 1;
          index.push(a, d, b, b, d, e);
        }
      }
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
      g.setIndex(index);
      g.computeVertexNormals();
      return g;
    }
    default: return null;
  }
}

const palette = [0xd9774b, 0x5b9bd5, 0x70ad47, 0xffc000, 0xa66dd4, 0x4bc4c4, 0xe06c8c];
function materialFor(body, i) {
  if (body.sensor) { return new THREE.MeshStandardMaterial({ color: 0x55dd77, transparent: true, opacity: 0.3 }); }
  const color = body.type === 'static' ? 0x9aa3ad : body.type === 'kinematic' ? 0xe0a040 : palette[i % palette.length];
  return new THREE.MeshStandardMaterial({ color, roughness: 0.6, metalness: 0.05,
                                          side: body.type === 'static' ? THREE.DoubleSide : THREE.FrontSide });
}

function objectOf(s, material) {
  if (s.type === 'compound') {
    const g = new THREE.Group();
    for (const c of s.children) {
      const o = objectOf(c.shape, material);
      o.position.fromArray(c.position);
      o.quaternion.fromArray(c.orientation);
      g.add(o);
    }
    return g;
  }
  if (s.type === 'plane') {
    // PlaneGeometry faces +z; turn +z onto the normal and move it to n . x = offset.
    const m = new THREE.MeshStandardMaterial({ map: checker, roughness: 0.9, side: THREE.DoubleSide });
    const o = new THREE.Mesh(new THREE.PlaneGeometry(PLANE_SIZE, PLANE_SIZE), m);
    const n = new THREE.Vector3().fromArray(s.normal);
    o.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), n);
    o.position.copy(n).multiplyScalar(s.offset);
    o.receiveShadow = true;
    o.userData.plane = true;
    return o;
  }
  const o = new THREE.Mesh(geometryOf(s), material);
  o.castShadow = o.receiveShadow = true;
  return o;
}

const bodies = scene.bodies.map((b, i) => {
  const material = materialFor(b, i);
  const object = objectOf(b.shape, material);
  const root = new THREE.Group();
  root.add(object);
  root.userData.body = i;
  world.add(root);
  return { spec: b, root, material, color: material.color.clone(), com: null, arrow: null, box: null };
});

// ------------------------------------------------------------------ characters
// Each character is a capsule standing along +y around its centre: one mesh standing, one crouched,
// the frame's height choosing which is shown. The first one, which the keys drive, is brighter.
const GROUND_STATES = ['GROUNDED', 'SLIDING', 'AIRBORNE'];
const characterBase = HEADER + PER_BODY * bodies.length;
const characters = scene.characters.map((c, k) => {
  const material = new THREE.MeshStandardMaterial({ color: k === 0 ? 0x3fc8a8 : 0x4a8a7c, roughness: 0.5 });
  const capsule = (height) => {
    const m = new THREE.Mesh(new THREE.CapsuleGeometry(c.radius, Math.max(height - 2 * c.radius, 0), 8, 24), material);
    m.castShadow = m.receiveShadow = true;
    return m;
  };
  const root = new THREE.Group();
  root.name = c.name;
  const standing = capsule(c.height), crouched = capsule(c.crouchHeight);
  crouched.visible = false;
  root.add(standing, crouched);
  world.add(root);
  return { spec: c, root, standing, crouched };
});
// Cloths and soft bodies: their particles follow the characters in the frame.
const softBodies = await loadSoftBodies(THREE, world, characterBase + PER_CHARACTER * characters.length);
stats.softBodies = softBodies.bodies.length;
if (characters.length) {
  $('character').hidden = false;
  $('c-name').textContent = scene.characters[0].name;
  // Space jumps here: pausing moves to p.
  $('pause').title = 'pause (p)';
  $('pause').firstChild.textContent = 'p';
}

// ------------------------------------------------------------------ grid and start view
const finite = new THREE.Box3();
// What the start view frames: the moving bodies when there are any (a pyramid, not its ground slab).
function boundsOfFinite() {
  finite.makeEmpty();
  const moving = bodies.filter((b) => b.spec.type !== 'static');
  if (characters.length) {
    // The characters and what moves near them, not the whole level they walk in.
    for (const c of characters) { finite.expandByObject(c.root); }
    finite.expandByScalar(3);
    for (const b of moving) { finite.expandByObject(b.root); }
    return finite;
  }
  for (const b of moving.length ? moving : bodies) {
    if (b.spec.shape.type !== 'plane') { finite.expandByObject(b.root); }
  }
  return finite;
}
let floorY = 0;
for (const b of scene.bodies) {
  const s = b.shape;
  if (s.type === 'plane' && Math.abs(s.normal[1]) > 0.99) { floorY = s.normal[1] * s.offset; }
}
const grid = new THREE.GridHelper(PLANE_SIZE, PLANE_SIZE, 0x556070, 0x4a5260);
grid.position.y = floorY + 0.002;
world.add(grid);

function startView() {
  const box = boundsOfFinite();
  const walls = scene.bodies.filter((b) => b.shape.type === 'plane' && Math.abs(b.shape.normal[1]) < 0.5);
  for (const w of walls) {
    // Keep in view the foot of each wall nearest the bodies (the lab's bunny and its wall).
    const n = new THREE.Vector3().fromArray(w.shape.normal);
    const c = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
    const d = n.dot(c) - w.shape.offset;
    box.expandByPoint(c.clone().addScaledVector(n, -d).setY(floorY));
  }
  if (box.isEmpty()) { box.set(new THREE.Vector3(-2, 0, -2), new THREE.Vector3(2, 1, 2)); }
  // Down to the floor, where falling bodies end up.
  box.min.y = Math.min(box.min.y, floorY);
  const centre = box.getCenter(new THREE.Vector3());
  const size = Math.max(box.getSize(new THREE.Vector3()).length(), 1);
  controls.target.copy(centre);
  camera.position.set(centre.x - 0.1 * size, centre.y + 0.6 * size, centre.z + 1.6 * size);
  camera.near = size / 500; camera.far = size * 50 + PLANE_SIZE;
  camera.updateProjectionMatrix();
  sun.position.set(centre.x + 0.6 * size, centre.y + 1.5 * size + 3, centre.z + 0.8 * size);
  sun.target.position.copy(centre);
  const r = size + 2;
  Object.assign(sun.shadow.camera, { left: -r, right: r, top: r, bottom: -r, near: 0.1, far: 4 * r + 10 });
  sun.shadow.camera.updateProjectionMatrix();
  controls.update();
}

// ------------------------------------------------------------------ plots
const energy = { t: [], ke: [], pe: [], total: [] };
const height = { t: [], y: [] };
let heightBody = scene.bodies.findIndex((b) => b.type === 'dynamic');
for (const [i, b] of scene.bodies.entries()) {
  if (b.type === 'static') { continue; }
  const o = document.createElement('option');
  o.value = i; o.textContent = b.name;
  $('height-body').appendChild(o);
}
$('height-body').value = heightBody;
$('height-body').addEventListener('change', (e) => { heightBody = +e.target.value; height.t = []; height.y = []; });
const plotWidth = 300;
// The x axis is simulated seconds, not a date (uPlot reads x as Unix time unless told otherwise).
const seconds = { x: { time: false } };
const timeAxis = { stroke: '#aab', label: 'time (s)', labelSize: 14, size: 36 };
// Kinetic energy gets a plot of its own: beside potential energy, metres above the floor times the
// weight of a stack, it would be a flat line at the bottom of a shared axis.
const kineticPlot = new uPlot({ width: plotWidth, height: 130, title: 'kinetic energy (J)', scales: seconds,
  series: [{}, { label: 'kinetic', stroke: '#e8a33d' }],
  axes: [timeAxis, { stroke: '#aab', size: 72 }] }, [[], []], $('plot-kinetic'));
const energyPlot = new uPlot({ width: plotWidth, height: 150, title: 'potential and total energy (J)',
  scales: seconds,
  series: [{}, { label: 'potential', stroke: '#5b9bd5' }, { label: 'total', stroke: '#ddd' }],
  axes: [timeAxis, { stroke: '#aab', size: 72 }] }, [[], [], []], $('plot-energy'));
const heightPlot = new uPlot({ width: plotWidth, height: 130, title: 'height (m)', scales: seconds,
  series: [{}, { label: 'y', stroke: '#70ad47' }], axes: [timeAxis, { stroke: '#aab', size: 72 }] },
  [[], []], $('plot-height'));
stats.plots = { kinetic: kineticPlot, energy: energyPlot, height: heightPlot };
let lastPlotted = 0;
function push(a, v) { a.push(v); if (a.length > PLOT_POINTS) { a.shift(); } }
const vehicles = await createVehicles({ world, camera, controls, post, $, stats, plotWidth, header: HEADER,
                                        perBody: PER_BODY, bodies });

// One energy curve per lab body when a scene has several (the 'integrators' scene compares the rules
// side by side), sampled from /api/state ten times a second; click a legend entry to hide a curve.
const labBodies = scene.bodies.filter((b) => b.type !== 'static' && b.method && b.method !== 'solver')
  .map((b) => b.name);
if (labBodies.length > 1) {
  const colours = ['#e05252', '#e8a33d', '#5b9bd5', '#70ad47', '#c55a9e', '#ddd', '#8e7cc3', '#46bdc6'];
  const perBody = { t: [], e: labBodies.map(() => []) };
  const bodiesPlot = new uPlot({ width: plotWidth, height: 190, title: 'energy per body (J)', scales: seconds,
    series: [{}, ...labBodies.map((name, i) => ({ label: name, stroke: colours[i % colours.length] }))],
    axes: [timeAxis, { stroke: '#aab', size: 72 }] },
  [[], ...labBodies.map(() => [])], $('plot-bodies'));
  let lastBodyStep = -1;
  setInterval(async () => {
    const state = await (await fetch('/api/state')).json();
    if (state.step < lastBodyStep) { perBody.t.length = 0; for (const a of perBody.e) { a.length = 0; } }
    if (state.step === lastBodyStep) { return; }
    push(perBody.t, state.time);
    labBodies.forEach((name, i) => push(perBody.e[i], state.bodies[name]?.energy ?? null));
    lastBodyStep = state.step;
    bodiesPlot.setData([perBody.t, ...perBody.e]);
  }, 100);
}

// ------------------------------------------------------------------ frames
let frame = null, lastStep = -1;
const socket = new WebSocket(`ws://${location.host}/ws`);
socket.binaryType = 'arraybuffer';
socket.onmessage = (e) => {
  frame = new Float64Array(e.data);
  stats.framesReceived++;
  const t = frame[0], step = frame[1];
  if (step < lastStep) {
    // Back in time (a reset, or a rewind on the timeline): the curves keep what came before now.
    const upTo = (ts) => { let n = ts.length; while (n > 0 && ts[n - 1] >= t) { n--; } return n; };
    const ne = upTo(energy.t), nh = upTo(height.t);
    for (const a of [energy.t, energy.ke, energy.pe, energy.total]) { a.length = ne; }
    for (const a of [height.t, height.y]) { a.length = nh; }
  }
  if (step !== lastStep) {
    push(energy.t, t); push(energy.ke, frame[2]); push(energy.pe, frame[3]); push(energy.total, frame[2] + frame[3]);
    if (heightBody >= 0) { push(height.t, t); push(height.y, frame[HEADER + PER_BODY * heightBody + 1]); }
    lastStep = step;
  }
  vehicles.onFrame(frame);
};
socket.onclose = () => { $('error').textContent = 'disconnected from the server'; };

const debug = { aabb: $('d-aabb'), com: $('d-com'), sleep: $('d-sleep') };
const grey = new THREE.Color(0x6a6f78);
const v = new THREE.Vector3();
function applyFrame() {
  if (!frame) { return; }
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i], o = HEADER + PER_BODY * i;
    b.root.position.set(frame[o], frame[o + 1], frame[o + 2]);
    b.root.quaternion.set(frame[o + 3], frame[o + 4], frame[o + 5], frame[o + 6]);
    const sleeping = frame[o + 13] === 1;
    b.material.color.copy(b.color);
    if (sleeping && debug.sleep.checked) { b.material.color.lerp(grey, 0.75); }
    const dynamic = b.spec.type !== 'static';
    if (debug.com.checked && dynamic) {
      if (!b.com) {
        b.com = new THREE.Mesh(new THREE.SphereGeometry(0.03, 12, 8), new THREE.MeshBasicMaterial({ color: 0xff3355, depthTest: false }));
        b.arrow = new THREE.ArrowHelper(new THREE.Vector3(1, 0, 0), new THREE.Vector3(), 1, 0xffee33);
        world.add(b.com, b.arrow);
      }
      b.com.position.set(frame[o + 10], frame[o + 11], frame[o + 12]);
      v.set(frame[o + 7], frame[o + 8], frame[o + 9]);
      const speed = v.length();
      b.arrow.visible = speed > 1e-3;
      b.arrow.position.copy(b.com.position);
      if (speed > 1e-3) { b.arrow.setDirection(v.divideScalar(speed)); b.arrow.setLength(0.25 * speed + 0.05); }
      b.com.visible = true;
    } else if (b.com) { b.com.visible = b.arrow.visible = false; }
    if (debug.aabb.checked && b.spec.shape.type !== 'plane') {
      if (!b.box) { b.box = new THREE.Box3Helper(new THREE.Box3(), 0x66ff99); world.add(b.box); }
      b.box.box.setFromObject(b.root);
      b.box.visible = true;
    } else if (b.box) { b.box.visible = false; }
  }
  for (let k = 0; k < characters.length; k++) {
    const c = characters[k], o = characterBase + PER_CHARACTER * k;
    c.root.position.set(frame[o], frame[o + 1], frame[o + 2]);
    const crouching = frame[o + 7] === 1;
    c.standing.visible = !crouching;
    c.crouched.visible = crouching;
    const ground = frame[o + 9] >= 0 ? scene.bodies[frame[o + 9]].name : null;
    const speed = Math.hypot(frame[o + 3], frame[o + 4], frame[o + 5]);
    stats.characters[k] = { name: c.spec.name, position: [frame[o], frame[o + 1], frame[o + 2]], crouching,
                            groundState: GROUND_STATES[frame[o + 8]], groundBody: ground, speed,
                            driven: frame[o + 10] === 1 };
    if (k === 0) {
      $('c-ground').textContent = GROUND_STATES[frame[o + 8]];
      $('c-body').textContent = ground ?? '-';
      $('c-speed').textContent = speed.toFixed(2) + ' m/s';
      $('c-driver').textContent = frame[o + 10] === 1 ? 'keys / API' : 'input track';
    }
  }
  softBodies.update(frame);
  $('s-time').textContent = frame[0].toFixed(3) + ' s';
  $('s-step').textContent = frame[1];
  $('s-sps').textContent = frame[5].toFixed(0);
  $('s-sleep').textContent = `${frame[6]} / ${frame[7]}`;
  $('s-contacts').textContent = frame[4];
  $('pause').lastChild.textContent = frame[9] ? ' resume' : ' pause';
}

// Contacts come from /api/contacts, asked ten times a second while the box is ticked.
const contactPoints = new THREE.Points(new THREE.BufferGeometry(),
  new THREE.PointsMaterial({ color: 0xff3355, size: 6, sizeAttenuation: false, depthTest: false }));
const contactNormals = new THREE.LineSegments(new THREE.BufferGeometry(),
  new THREE.LineBasicMaterial({ color: 0xffee33, depthTest: false }));
contactPoints.renderOrder = contactNormals.renderOrder = 1;
world.add(contactPoints, contactNormals);
let contactsBusy = false;
async function refreshContacts() {
  const on = $('d-contacts').checked;
  contactPoints.visible = contactNormals.visible = on;
  if (!on || contactsBusy) { return; }
  contactsBusy = true;
  try {
    const { points } = await (await fetch('/api/contacts')).json();
    const p = [], l = [], len = 0.15;
    for (const [x, y, z, nx, ny, nz] of points) {
      p.push(x, y, z);
      l.push(x, y, z, x + len * nx, y + len * ny, z + len * nz);
    }
    contactPoints.geometry.setAttribute('position', new THREE.Float32BufferAttribute(p, 3));
    contactNormals.geometry.setAttribute('position', new THREE.Float32BufferAttribute(l, 3));
    contactPoints.geometry.computeBoundingSphere();
    contactNormals.geometry.computeBoundingSphere();
    stats.contactsDrawn = points.length;
  } catch (e) {
    $('error').textContent = 'contacts: ' + e.message;
  } finally { contactsBusy = false; }
}
setInterval(refreshContacts, 100);

// ------------------------------------------------------------------ input
async function post(path, body) {
  const r = await fetch(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body),
                                headers: body === undefined ? {} : { 'Content-Type': 'application/json' } });
  return r;
}
const actions = { l: '/api/launch', r: '/api/reset', ' ': '/api/pause', p: '/api/pause', '.': '/api/step' };
if (characters.length) { delete actions[' ']; }

// The first character from the keys, through POST /api/character/input like any script: each
// input says the whole wish (velocity, crouch; a jump once), sent when it changes, one after another.
const WALK_SPEED = 4, JUMP_SPEED = 4;  // m/s
const walkKeys = new Set(['w', 'a', 's', 'd']);
const held = new Set();
let crouch = false, sentWish = null, lastWishCheck = 0, inputs = Promise.resolve();
// W walks where the camera looks, flattened onto the floor; D to its right (forward x up).
const forward = new THREE.Vector3();
function wish() {
  camera.getWorldDirection(forward);
  forward.y = 0;
  if (forward.lengthSq() < 1e-12) { forward.set(0, 0, -1); }
  forward.normalize();
  let x = 0, z = 0;
  const along = (s, ax, az) => { x += s * ax; z += s * az; };
  if (held.has('w')) { along(1, forward.x, forward.z); }
  if (held.has('s')) { along(-1, forward.x, forward.z); }
  if (held.has('d')) { along(1, -forward.z, forward.x); }
  if (held.has('a')) { along(-1, -forward.z, forward.x); }
  const len = Math.hypot(x, z);
  return len > 1e-9 ? [WALK_SPEED * x / len, 0, WALK_SPEED * z / len] : [0, 0, 0];
}
function sendInput(jump) {
  const velocity = wish();
  const key = velocity.map((c) => c.toFixed(3)).join() + crouch;
  if (!jump && key === sentWish) { return; }
  sentWish = key;
  const body = { name: scene.characters[0].name, velocity, crouch };
  if (jump) { body.jump = JUMP_SPEED; }
  inputs = inputs.then(async () => {
    const r = await post('/api/character/input', body);
    if (!r.ok) { $('error').textContent = 'character: ' + (await r.json()).error; }
  }).catch((e) => { $('error').textContent = 'character: ' + e.message; });
}
function forgetKeys() { held.clear(); crouch = false; sentWish = null; }
// A turning camera turns the walk: the wish is looked at again while a walk key is held.
function steerWhileWalking(now) {
  if (held.size && now - lastWishCheck > 100) { lastWishCheck = now; sendInput(false); }
}
window.addEventListener('blur', () => { if (held.size) { held.clear(); sendInput(false); } });

// Fields that take the letters typed; a focused checkbox, button, slider or list does not, so the
// keys still drive the simulation there.
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);
function typingIn(el) {
  if (!el || !el.tagName) { return false; }
  if (el.isContentEditable || el.tagName === 'TEXTAREA') { return true; }
  return el.tagName === 'INPUT' && !NOT_TEXT.has((el.type || 'text').toLowerCase());
}
stats.typingIn = typingIn;

window.addEventListener('keydown', (e) => {
  if (typingIn(e.target)) { return; }
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (characters.length && !e.ctrlKey && !e.metaKey && !e.altKey) {
    if (walkKeys.has(key)) {
      e.preventDefault();
      if (!held.has(key)) { held.add(key); sendInput(false); }
      return;
    }
    if (key === ' ') { e.preventDefault(); if (!e.repeat) { sendInput(true); } return; }
    if (key === 'c') { e.preventDefault(); if (!e.repeat) { crouch = !crouch; sendInput(false); } return; }
  }
  const path = actions[key];
  if (path) {
    e.preventDefault();
    if (path === '/api/reset' || path === '/api/launch') { forgetKeys(); }
    post(path);
  }
});
window.addEventListener('keyup', (e) => {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (held.delete(key)) { sendInput(false); }
});
$('launch').onclick = () => { forgetKeys(); post('/api/launch'); };
$('reset').onclick = () => { forgetKeys(); post('/api/reset'); };
$('pause').onclick = () => post('/api/pause');
$('step').onclick = () => post('/api/step');
for (const b of document.querySelectorAll('.buttons button')) { b.addEventListener('keydown', (e) => e.key === ' ' && e.preventDefault()); }

$('params').addEventListener('submit', async (e) => {
  e.preventDefault();
  const body = {};
  for (const el of e.target.elements) {
    if (!el.name || el.value === '') { continue; }
    body[el.name] = el.name === 'method' ? el.value : Number(el.value);
  }
  const r = await post('/api/params', body);
  $('param-error').textContent = r.ok ? '' : (await r.json()).error;
});
{
  const s = await (await fetch('/api/state')).json();
  const form = $('params').elements;
  form.dt.placeholder = +s.dt.toPrecision(6); form.substeps.placeholder = s.substeps;
  const first = scene.bodies.find((b) => b.type === 'dynamic');
  if (first) { form.restitution.placeholder = first.restitution; form.friction.placeholder = first.friction; }
}

// ------------------------------------------------------------------ picking and the mouse drag
// A click (the pointer moving under DRAG_START_PX) on a body shows its name, mass and velocities.
// Pressed on a dynamic body and moved, the pointer drags it: the server holds the grabbed point to
// the cursor with a soft ball joint (MouseSpring.java), the cursor moving on the plane through the
// grabbed point that faces the camera. Orbiting is off from the press on such a body to the release.
const DRAG_START_PX = 4;
// The cursor's point goes to the server at most this often (a display's refresh; more is never seen).
const DRAG_SEND_MS = 1000 / 60;
const ray = new THREE.Raycaster();
const ndc = new THREE.Vector2();
function castAt(e) {
  const rect = renderer.domElement.getBoundingClientRect();
  ndc.set(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
  ray.setFromCamera(ndc, camera);
}
function bodyAt(e) {
  castAt(e);
  const hit = ray.intersectObjects(bodies.map((b) => b.root), true)[0];
  const cloth = softBodies.pick(ray);
  if (cloth && (!hit || cloth.distance < hit.distance)) { return { soft: cloth, point: cloth.point }; }
  if (!hit) { return null; }
  let o = hit.object;
  while (o.userData.body === undefined) { o = o.parent; }
  return { body: o.userData.body, point: hit.point.clone() };
}

// Drag requests go out one after another: a move never overtakes its drag's start or end.
let serial = Promise.resolve();
function inOrder(request) {
  const done = serial.then(request);
  serial = done.catch(() => {});
  return done;
}
let press = null;  // the pointer pressed: { x, y, hit, id }
let drag = null;   // the drag under way: { body, plane, target, local, accepted, busy, dirty, sent, timer }
stats.dragging = false;

function beginDrag() {
  const normal = camera.getWorldDirection(new THREE.Vector3());
  const d = drag = { body: press.hit.body, target: press.hit.point.clone(), local: null, busy: false, dirty: false,
                     sent: 0, timer: null,
                     plane: new THREE.Plane().setFromNormalAndCoplanarPoint(normal, press.hit.point) };
  stats.dragging = true;
  const soft = press.hit.soft;
  const grabbed = soft ? { body: soft.name, particle: soft.particle, point: press.hit.point.toArray() }
                       : { body: scene.bodies[d.body].name, point: press.hit.point.toArray() };
  d.accepted = inOrder(async () => {
    const r = await post('/api/drag', grabbed);
    const answer = await r.json();
    if (!r.ok) { $('pick').textContent = 'cannot drag: ' + answer.error; return false; }
    if (soft) { $('pick').textContent = `${soft.name}: particle ${soft.particle}`; return true; }
    d.local = new THREE.Vector3().fromArray(answer.drag.local);
    return true;
  });
}

function sendTarget() {
  const d = drag;
  if (!d || d.busy || !d.dirty) { return; }
  const wait = d.sent + DRAG_SEND_MS - performance.now();
  if (wait > 0) {
    if (!d.timer) { d.timer = setTimeout(() => { d.timer = null; sendTarget(); }, wait); }
    return;
  }
  d.busy = true; d.dirty = false; d.sent = performance.now();
  const point = d.target.toArray();
  // A 409 means a reset or another tab ended the drag: the next press starts a new one.
  inOrder(async () => { if (await d.accepted) { await post('/api/drag/move', { point }); } })
    .finally(() => { d.busy = false; sendTarget(); });
}

function endDrag() {
  const d = drag;
  drag = null;
  stats.dragging = false;
  if (!d) { return; }
  clearTimeout(d.timer);
  inOrder(async () => { if (await d.accepted) { await post('/api/drag/end'); } });
}

// Capture on the view's box runs before OrbitControls' own listener on the canvas, so it can be
// switched off for this press.
host.addEventListener('pointerdown', (e) => {
  if (e.button !== 0) { return; }
  const hit = bodyAt(e);
  press = { x: e.clientX, y: e.clientY, hit, id: e.pointerId };
  if (hit && (hit.soft || scene.bodies[hit.body].type === 'dynamic')) {
    controls.enabled = false;
    renderer.domElement.setPointerCapture(e.pointerId);
  }
}, { capture: true });
renderer.domElement.addEventListener('pointermove', (e) => {
  if (!press || controls.enabled) { return; }
  if (!drag) {
    if (Math.hypot(e.clientX - press.x, e.clientY - press.y) <= DRAG_START_PX) { return; }
    beginDrag();
  }
  castAt(e);
  if (ray.ray.intersectPlane(drag.plane, drag.target)) { drag.dirty = true; sendTarget(); }
});
async function release(e) {
  const p = press;
  press = null;
  controls.enabled = true;
  if (drag) { endDrag(); return; }
  if (!p || e.type !== 'pointerup' || Math.hypot(e.clientX - p.x, e.clientY - p.y) > DRAG_START_PX) { return; }
  window.dispatchEvent(new CustomEvent('ricochet:select', { detail: p.hit ? p.hit.body : null }));
  if (!p.hit) { $('pick').textContent = 'click a body'; return; }
  if (p.hit.soft) { $('pick').textContent = `${p.hit.soft.name}: particle ${p.hit.soft.particle}`; return; }
  const spec = scene.bodies[p.hit.body];
  const st = (await (await fetch('/api/state')).json()).bodies[spec.name];
  const f = (a) => a.map((x) => x.toFixed(3)).join(', ');
  $('pick').textContent = `${spec.name} (${spec.type}${spec.type === 'static' ? '' : ', ' + spec.mass.toFixed(3) + ' kg'})\n`
    + `v = (${f(st.velocity)}) m/s\nw = (${f(st.angularVelocity)}) rad/s`;
}
renderer.domElement.addEventListener('pointerup', release);
renderer.domElement.addEventListener('pointercancel', release);

// The page position (CSS pixels) of a body's origin: what a script or test points the mouse at.
stats.screenOf = (name) => {
  const b = bodies[scene.bodies.findIndex((s) => s.name === name)];
  const p = b.root.position.clone().project(camera);
  const rect = renderer.domElement.getBoundingClientRect();
  return [rect.left + (p.x + 1) / 2 * rect.width, rect.top + (1 - p.y) / 2 * rect.height];
};

// A character's drawn capsule: its centre and the height of the mesh shown (for scripts and tests).
stats.capsuleOf = (name) => {
  const c = characters.find((x) => x.spec.name === name);
  if (!c || c.root.parent !== world) { return null; }
  const shown = c.crouched.visible ? c.crouched : c.standing;
  shown.geometry.computeBoundingBox();
  const box = shown.geometry.boundingBox;
  return { position: c.root.position.toArray(), height: box.max.y - box.min.y };
};

// ------------------------------------------------------------------ joints
// GET /api/joints gives each joint's anchors in its bodies' frames; they are moved with the bodies
// every frame (anchor = position + orientation * local) and refetched four times a second while the
// box is ticked (a joint appears or goes with a reset, or a drag from another tab). The drag line,
// grabbed point to cursor, is drawn while this tab drags, whether the box is ticked or not.
const jointColour = 0x66ddff, dragColour = 0xff8844;
function overlay(colour) {
  const lines = new THREE.LineSegments(new THREE.BufferGeometry(),
    new THREE.LineBasicMaterial({ color: colour, depthTest: false }));
  const points = new THREE.Points(new THREE.BufferGeometry(),
    new THREE.PointsMaterial({ color: colour, size: 7, sizeAttenuation: false, depthTest: false }));
  lines.renderOrder = points.renderOrder = 2;
  world.add(lines, points);
  return { lines, points };
}
const jointOverlay = overlay(jointColour), dragOverlay = overlay(dragColour);
let jointData = { joints: [], drag: null }, jointsBusy = false;
async function refreshJoints() {
  if (!$('d-joints').checked || jointsBusy) { return; }
  jointsBusy = true;
  try {
    jointData = await (await fetch('/api/joints')).json();
  } catch (e) {
    $('error').textContent = 'joints: ' + e.message;
  } finally { jointsBusy = false; }
}
setInterval(refreshJoints, 250);
$('d-joints').addEventListener('change', refreshJoints);

const scratch = new THREE.Vector3();
function onBody(i, local, out) {
  const r = bodies[i].root;
  return out.copy(local).applyQuaternion(r.quaternion).add(r.position);
}
function setLines(o, segments) {
  const p = [];
  for (const [a, b] of segments) { p.push(a.x, a.y, a.z, b.x, b.y, b.z); }
  for (const g of [o.lines.geometry, o.points.geometry]) {
    g.setAttribute('position', new THREE.Float32BufferAttribute(p, 3));
    g.computeBoundingSphere();
  }
  o.lines.visible = o.points.visible = segments.length > 0;
}
function drawJoints() {
  const on = $('d-joints').checked;
  const segments = [];
  if (on) {
    for (const j of jointData.joints) {
      const a = onBody(j.bodyA, scratch.fromArray(j.localA), new THREE.Vector3());
      const local = new THREE.Vector3().fromArray(j.localB);
      segments.push([a, j.bodyB === null ? local : onBody(j.bodyB, local, new THREE.Vector3())]);
    }
  }
  setLines(jointOverlay, segments);
  const drags = [];
  if (drag && drag.local) {
    drags.push([onBody(drag.body, drag.local, new THREE.Vector3()), drag.target]);
  } else if (!drag && on && jointData.drag) {
    const d = jointData.drag;
    drags.push([onBody(d.bodyIndex, scratch.fromArray(d.local), new THREE.Vector3()),
                new THREE.Vector3().fromArray(d.target)]);
  }
  setLines(dragOverlay, drags);
  stats.jointsDrawn = segments.length + drags.length;
}

// ------------------------------------------------------------------ draw loop
let fpsFrames = 0, fpsStart = performance.now();
function draw(now) {
  applyFrame();
  vehicles.draw(frame, now);
  drawJoints();
  steerWhileWalking(now);
  if (stats.onDraw) { stats.onDraw(now); }
  controls.update();
  renderer.render(world, camera);
  stats.framesDrawn++;
  fpsFrames++;
  if (now - fpsStart >= 1000) {
    stats.fps = fpsFrames * 1000 / (now - fpsStart);
    $('s-fps').textContent = stats.fps.toFixed(0);
    fpsFrames = 0; fpsStart = now;
  }
  if (now - lastPlotted > 100) {
    kineticPlot.setData([energy.t, energy.ke]);
    energyPlot.setData([energy.t, energy.pe, energy.total]);
    heightPlot.setData([height.t, height.y]);
    lastPlotted = now;
  }
  requestAnimationFrame(draw);
}
resize();
await new Promise((done) => { if (frame) { done(); } else { socket.addEventListener('message', () => done(), { once: true }); } });
applyFrame();
startView();
await (await import('/panels.js')).install({ scene, stats, camera, controls, renderer, bodies, startView, post, world });
stats.ready = true;
requestAnimationFrame(draw);
