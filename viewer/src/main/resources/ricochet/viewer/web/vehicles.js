// The scene's vehicles on the page: each wheel a cylinder at its pose (spinning and steering), the
// arrow keys driving the first vehicle through POST /api/vehicle/input, a camera that follows it and
// plots of its speed, engine rpm and each wheel's slip. Wheels and plots read the vehicle block at
// the end of each WebSocket frame (layout: ViewerVehicles.frame); the page's viewer.js calls
// onFrame for every frame received and draw for every frame drawn.
import * as THREE from 'three';

const PER_VEHICLE = 6, PER_WHEEL = 10;
const PLOT_POINTS = 900;
const WHEEL_COLOURS = ['#e05252', '#e8a33d', '#5b9bd5', '#70ad47', '#c55a9e', '#46bdc6', '#8e7cc3', '#ddd'];

/** Nothing to draw or drive: the page of a scene without vehicles. */
const NONE = { onFrame() {}, draw() {} };

/**
 * Builds the vehicles' wheels, panel and keys. `page` holds what viewer.js shares: world (the
 * THREE.Scene), camera, controls (OrbitControls), post(path, body), $ (by id), stats
 * (window.ricochet), plotWidth (px), header and perBody (the frame's header and per-body sizes) and
 * bodies (viewer.js's drawn bodies, each with its material).
 */
export async function createVehicles(page) {
  const { world, camera, controls, post, $, stats, plotWidth, header, perBody, bodies } = page;
  const answer = await (await fetch('/api/vehicles')).json();
  const names = Object.keys(answer.vehicles);
  stats.vehicles = [];
  if (!names.length) { return NONE; }
  const specs = names.map((name) => ({ name, ...answer.vehicles[name] }));
  const blockSize = specs.reduce((n, v) => n + PER_VEHICLE + PER_WHEEL * v.wheels.length, 0);

  // ---------------------------------------------------------------- wheels
  // A cylinder turned so that its axis is the wheel's axle (local x), with a bar across each face
  // so that its spin shows.
  const tyre = new THREE.MeshStandardMaterial({ color: 0x24272c, roughness: 0.85 });
  const hub = new THREE.MeshStandardMaterial({ color: 0xc8ccd2, roughness: 0.4, metalness: 0.3 });
  const wheels = specs.map((v) => v.wheels.map((w) => {
    const root = new THREE.Group();
    const body = new THREE.Mesh(new THREE.CylinderGeometry(w.radius, w.radius, w.width, 32).rotateZ(Math.PI / 2),
      tyre);
    const bar = new THREE.Mesh(new THREE.BoxGeometry(w.width * 1.04, 1.5 * w.radius, 0.2 * w.radius), hub);
    body.castShadow = body.receiveShadow = bar.castShadow = true;
    root.add(body, bar);
    root.position.fromArray(w.position);
    root.quaternion.fromArray(w.orientation);
    world.add(root);
    return root;
  }));

  // The wheels sit under the chassis box, inside its outline: a see-through chassis shows them turn.
  for (const v of specs) {
    const m = bodies[v.chassisBody].material;
    m.transparent = true;
    m.opacity = 0.45;
    m.depthWrite = false;
  }

  // ---------------------------------------------------------------- panel
  const panel = document.createElement('fieldset');
  panel.id = 'vehicle';
  panel.innerHTML = `<legend>vehicle <span id="v-name"></span></legend>
    <div id="vehicle-keys"><kbd>&uarr;</kbd> throttle, <kbd>&darr;</kbd> brake, then reverse once stopped,
      <kbd>&larr;</kbd><kbd>&rarr;</kbd> steer, <kbd>shift</kbd> or <kbd>ctrl</kbd> handbrake.
      The first key takes the vehicle over from the scene's input track until a launch or reset.</div>
    <label><input type="checkbox" id="v-follow" checked> camera follows it</label>
    <table id="vehicle-stats">
      <tr><td>speed</td><td id="v-speed">0</td></tr>
      <tr><td>engine</td><td id="v-rpm">0</td></tr>
      <tr><td>gear</td><td id="v-gear">1</td></tr>
      <tr><td>driven by</td><td id="v-driver">input track</td></tr>
    </table>
    <div id="plot-speed"></div><div id="plot-rpm"></div>
    <div id="plot-slip-ratio"></div><div id="plot-slip-angle"></div>`;
  const anchor = $('character');
  anchor.parentNode.insertBefore(panel, anchor.nextSibling);
  $('v-name').textContent = specs[0].name;

  // Time in seconds along x (uPlot reads x as dates unless told).
  const axes = (unit) => [{ stroke: '#aab', label: 's', labelSize: 14 }, { stroke: '#aab', size: 60, label: unit,
                                                                           labelSize: 14 }];
  // The fieldset's border and padding take about 24 px of the panel's plot width.
  const plot = (title, unit, series, el) => new uPlot({ width: plotWidth - 24, height: 140, title,
    scales: { x: { time: false } }, series: [{ label: 't (s)' }, ...series], axes: axes(unit) },
  [[], ...series.map(() => [])], $(el));
  const first = specs[0];
  const wheelSeries = first.wheels.map((w, i) => ({ label: 'wheel' + i, stroke: WHEEL_COLOURS[i % WHEEL_COLOURS.length] }));
  const speedPlot = plot('speed (m/s)', 'm/s', [{ label: 'forward', stroke: '#e8a33d' }], 'plot-speed');
  const rpmPlot = plot('engine (rpm)', 'rpm', [{ label: 'rpm', stroke: '#5b9bd5' }], 'plot-rpm');
  const ratioPlot = plot('slip ratio', '', wheelSeries, 'plot-slip-ratio');
  const anglePlot = plot('slip angle (deg)', 'deg', wheelSeries, 'plot-slip-angle');
  const series = { t: [], speed: [], rpm: [], ratio: first.wheels.map(() => []), angle: first.wheels.map(() => []) };
  const clear = () => { for (const a of [series.t, series.speed, series.rpm, ...series.ratio, ...series.angle]) { a.length = 0; } };
  const push = (a, x) => { a.push(x); if (a.length > PLOT_POINTS) { a.shift(); } };
  let lastStep = -1, lastPlotted = 0;

  // ---------------------------------------------------------------- keys
  // Each input says the whole of what the driver does; it goes out when it changes, one after another.
  // The down arrow brakes while the car rolls forward and, once it is nearly stopped (under
  // STOPPED m/s), drives it in reverse (a negative throttle); the up arrow is the same the other
  // way round. Both held: throttle and brake together.
  const STOPPED = 0.5;
  const held = new Set();
  let sent = null, inputs = Promise.resolve(), speedNow = 0;
  function pedals() {
    const up = held.has('ArrowUp'), down = held.has('ArrowDown');
    if (up && down) { return [1, 1]; }
    if (up) { return speedNow < -STOPPED ? [0, 1] : [1, 0]; }
    if (down) { return speedNow > STOPPED ? [0, 1] : [-1, 0]; }
    return [0, 0];
  }
  function send() {
    const [throttle, brake] = pedals();
    const body = {
      name: first.name,
      throttle,
      brake,
      handbrake: held.has('Shift') || held.has('Control') ? 1 : 0,
      steer: (held.has('ArrowLeft') ? 1 : 0) - (held.has('ArrowRight') ? 1 : 0),
    };
    const key = JSON.stringify(body);
    if (key === sent) { return; }
    sent = key;
    inputs = inputs.then(async () => {
      const r = await post('/api/vehicle/input', body);
      if (!r.ok) { $('error').textContent = 'vehicle: ' + (await r.json()).error; }
    }).catch((e) => { $('error').textContent = 'vehicle: ' + e.message; });
  }
  const driveKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Shift', 'Control']);
  const forget = () => { held.clear(); sent = null; };
  const typing = (e) => e.target.closest && e.target.closest('input, select, textarea, [contenteditable]');
  window.addEventListener('keydown', (e) => {
    if (typing(e)) { return; }
    if (driveKeys.has(e.key)) {
      if (e.key.startsWith('Arrow')) { e.preventDefault(); }
      if (!held.has(e.key)) { held.add(e.key); send(); }
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && (e.key === 'l' || e.key === 'r')) {
      forget();
    }
  });
  window.addEventListener('keyup', (e) => { if (held.delete(e.key)) { send(); } });
  window.addEventListener('blur', () => { if (held.size) { held.clear(); send(); } });
  $('launch').addEventListener('click', forget);
  $('reset').addEventListener('click', forget);

  // ---------------------------------------------------------------- frames
  const chase = new THREE.Vector3(), delta = new THREE.Vector3();
  let chased = false;

  function onFrame(frame) {
    const step = frame[1];
    if (step < lastStep) { clear(); }
    if (step === lastStep) { return; }
    lastStep = step;
    const o = frame.length - blockSize;
    push(series.t, frame[0]);
    push(series.speed, frame[o + 1]);
    speedNow = frame[o + 1];
    // A held pedal key changes meaning when the car stops.
    if (held.has('ArrowUp') || held.has('ArrowDown')) { send(); }
    push(series.rpm, frame[o + 2]);
    for (let i = 0; i < first.wheels.length; i++) {
      const w = o + PER_VEHICLE + PER_WHEEL * i;
      push(series.ratio[i], frame[w + 7]);
      push(series.angle[i], frame[w + 8] * 180 / Math.PI);
    }
  }

  function draw(frame, now) {
    if (!frame) { return; }
    let o = frame.length - blockSize;
    for (let k = 0; k < specs.length; k++) {
      const n = frame[o + 5];
      const v = { name: specs[k].name, chassisBody: frame[o], speed: frame[o + 1], rpm: frame[o + 2],
                  gear: frame[o + 3], driven: frame[o + 4] === 1, wheels: [] };
      const head = o;
      o += PER_VEHICLE;
      for (let i = 0; i < n; i++, o += PER_WHEEL) {
        wheels[k][i].position.set(frame[o], frame[o + 1], frame[o + 2]);
        wheels[k][i].quaternion.set(frame[o + 3], frame[o + 4], frame[o + 5], frame[o + 6]);
        v.wheels.push({ position: [frame[o], frame[o + 1], frame[o + 2]], slipRatio: frame[o + 7],
                        slipAngle: frame[o + 8], contact: frame[o + 9] === 1 });
      }
      stats.vehicles[k] = v;
      if (k === 0) {
        $('v-speed').textContent = v.speed.toFixed(2) + ' m/s (' + (3.6 * v.speed).toFixed(1) + ' km/h)';
        $('v-rpm').textContent = v.rpm.toFixed(0) + ' rpm';
        $('v-gear').textContent = v.gear < 0 ? 'R' : v.gear + 1;
        $('v-driver').textContent = v.driven ? 'keys / API' : 'input track';
        followChassis(frame, frame[head]);
      }
    }
    if (now - lastPlotted > 100) {
      speedPlot.setData([series.t, series.speed]);
      rpmPlot.setData([series.t, series.rpm]);
      ratioPlot.setData([series.t, ...series.ratio]);
      anglePlot.setData([series.t, ...series.angle]);
      lastPlotted = now;
    }
  }

  // The follow camera moves the orbit's target and the camera by what the chassis moved since the
  // last frame, so that the user's orbit and zoom around the car are kept.
  function followChassis(frame, body) {
    const b = header + perBody * body;
    const on = $('v-follow').checked;
    if (on && chased) {
      delta.set(frame[b], frame[b + 1], frame[b + 2]).sub(chase);
      controls.target.add(delta);
      camera.position.add(delta);
    } else if (on) {
      controls.target.set(frame[b], frame[b + 1], frame[b + 2]);
    }
    chased = on;
    chase.set(frame[b], frame[b + 1], frame[b + 2]);
  }

  stats.vehicleKeysHeld = () => [...held];
  return { onFrame, draw };
}
