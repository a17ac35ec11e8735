// The panels beside the basic controls: scene picker, inspector of the selected body, timing by stage,
// world settings, the timeline (record and rewind) and the camera. Each talks to its own endpoints
// (ViewerServer) and draws nothing in the 3D view but through the camera.
import * as THREE from 'three';

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
const f3 = (a, d = 3) => a.map((x) => x.toFixed(d)).join(', ');

// Requests of one kind go one at a time; while one is out, a newer wish replaces the waiting one.
function latestOnly(run) {
  let busy = false, next = null;
  const go = async (arg) => {
    if (busy) { next = { arg }; return; }
    busy = true;
    try { await run(arg); } finally {
      busy = false;
      if (next) { const n = next; next = null; go(n.arg); }
    }
  };
  return go;
}

// ------------------------------------------------------------------ loading indicator
// Shown from the page's first byte (index.html) until the scene is drawn, and again while another
// scene loads: the switch ends with a reload of the page.
export function showLoading(text) {
  const l = $('loading');
  l.textContent = text;
  l.hidden = false;
}
function hideLoading() { $('loading').hidden = true; }

export async function install(ctx) {
  const { scene, stats, camera, controls, renderer, bodies, startView, post, world } = ctx;
  const root = $('panels');
  const errorOf = async (r) => { try { return (await r.json()).error; } catch (e) { return 'HTTP ' + r.status; } };

  // ---------------------------------------------------------------- scene picker
  const picker = el('select', { id: 'scene-picker', title: 'switch to a built-in scene' });
  const file = el('input', { id: 'scene-file', type: 'file', accept: '.json,application/json' });
  const sceneError = el('div', { id: 'scene-error', className: 'error' });
  $('scene-panel').append(el('fieldset', { id: 'scenes' }, el('legend', {}, 'scene'),
    el('label', {}, 'built-in ', picker), el('label', {}, 'open file ', file), sceneError));
  const list = await (await fetch('/api/scenes')).json();
  const generation = list.generation;
  for (const s of list.scenes) { picker.append(el('option', { value: s.name, title: s.description }, s.name)); }
  if (!list.scenes.some((s) => s.name === list.current)) {
    picker.prepend(el('option', { value: '', disabled: true }, list.current));
  }
  picker.value = list.scenes.some((s) => s.name === list.current) ? list.current : '';
  async function load(body, label) {
    sceneError.textContent = '';
    showLoading('loading ' + label + ' …');
    stats.sceneLoading = true;
    const r = await post('/api/scenes/load', body);
    if (r.ok) { location.reload(); return; }
    stats.sceneLoading = false;
    hideLoading();
    sceneError.textContent = await errorOf(r);
    picker.value = list.scenes.some((s) => s.name === list.current) ? list.current : '';
  }
  picker.addEventListener('change', () => { if (picker.value) { load({ builtin: picker.value }, picker.value); } });
  file.addEventListener('change', async () => {
    const f = file.files[0];
    if (!f) { return; }
    load({ file: f.name, scene: await f.text() }, f.name);
    file.value = '';
  });
  // Another tab switched the scene: this page draws the old one, so it reloads.
  setInterval(async () => {
    try {
      const now = await (await fetch('/api/scenes')).json();
      if (now.generation !== generation && !stats.sceneLoading) { showLoading('loading ' + now.current + ' …'); location.reload(); }
    } catch (e) { /* the server is gone: the page says so already */ }
  }, 1500);

  // ---------------------------------------------------------------- camera
  let selected = null, follow = false;
  const followBox = el('input', { type: 'checkbox', id: 'follow' });
  const shot = el('button', { id: 'screenshot', type: 'button', title: 'download the view as a PNG' }, 'screenshot');
  const resetView = el('button', { id: 'reset-view', type: 'button', title: 'the start view again' }, 'reset view');
  root.append(el('fieldset', { id: 'camera' }, el('legend', {}, 'camera'),
    el('div', { className: 'buttons' }, resetView, shot),
    el('label', {}, el('span', {}, 'follow the selected body'), followBox)));
  resetView.onclick = () => { followBox.checked = follow = false; startView(); };
  followBox.onchange = () => { follow = followBox.checked; };
  // The camera keeps its offset from the target while the target rides on the body's origin.
  const offset = new THREE.Vector3();
  stats.onDraw = () => {
    if (!follow || selected === null) { return; }
    offset.copy(camera.position).sub(controls.target);
    controls.target.copy(bodies[selected].root.position);
    camera.position.copy(controls.target).add(offset);
  };
  shot.onclick = () => {
    // Drawn again just before reading, so the image is the frame on screen now.
    renderer.render(world, camera);
    const url = renderer.domElement.toDataURL('image/png');
    const name = `ricochet-${scene.name.replace(/[^A-Za-z0-9._-]/g, '_')}-step${stats.timeline?.step ?? 0}.png`;
    const a = el('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    stats.screenshot = { name, url };
  };

  // ---------------------------------------------------------------- inspector
  const rows = {};
  const table = el('table', { id: 'inspector-table' });
  for (const [k, label] of [['name', 'body'], ['mass', 'mass'], ['position', 'position (m)'],
    ['orientation', 'orientation (x y z w)'], ['velocity', 'velocity (m/s)'],
    ['angularVelocity', 'angular v. (rad/s)'], ['sleeping', 'sleeping'], ['contacts', 'contacts']]) {
    rows[k] = el('td', { id: 'i-' + k }, '-');
    table.append(el('tr', {}, el('td', {}, label), rows[k]));
  }
  root.append(el('fieldset', { id: 'inspector' }, el('legend', {}, 'selected body'), table));
  const inspect = latestOnly(async () => {
    if (selected === null) { return; }
    const r = await fetch('/api/inspect?body=' + encodeURIComponent(scene.bodies[selected].name));
    if (!r.ok) { rows.name.textContent = await errorOf(r); return; }
    const b = await r.json();
    rows.name.textContent = `${b.name} (${b.type})`;
    rows.mass.textContent = b.type === 'static' ? '-' : b.mass.toPrecision(4) + ' kg';
    rows.position.textContent = f3(b.position);
    rows.orientation.textContent = f3(b.orientation);
    rows.velocity.textContent = f3(b.velocity);
    rows.angularVelocity.textContent = f3(b.angularVelocity);
    rows.sleeping.textContent = b.sleeping ? 'yes' : 'no';
    rows.contacts.textContent = b.contacts === null ? '- (lab world)'
      : `${b.contacts} touching, ${b.speculative} near; ${b.normalImpulse.toPrecision(3)} N s`;
    stats.inspected = b;
  });
  window.addEventListener('ricochet:select', (e) => {
    selected = e.detail;
    if (selected === null) {
      for (const td of Object.values(rows)) { td.textContent = '-'; }
      stats.inspected = null;
    }
    inspect();
  });
  setInterval(inspect, 200);
  stats.select = (name) => {
    const i = scene.bodies.findIndex((b) => b.name === name);
    window.dispatchEvent(new CustomEvent('ricochet:select', { detail: i < 0 ? null : i }));
  };

  // ---------------------------------------------------------------- timing
  const timing = el('details', { id: 'timing' }, el('summary', {}, 'timing by stage'));
  const timingTable = el('table', { id: 'timing-table' });
  timing.append(timingTable);
  root.append(timing);
  const profile = latestOnly(async () => {
    if (!timing.open) { return; }
    const p = await (await fetch('/api/profile')).json();
    timingTable.replaceChildren(el('tr', {}, el('th', {}, 'stage'), el('th', {}, 'last ms'), el('th', {}, 'mean ms')));
    if (p.unavailable) { timingTable.append(el('tr', {}, el('td', { colSpan: 3 }, p.unavailable))); return; }
    for (const s of p.stages) {
      timingTable.append(el('tr', {}, el('td', {}, s.name), el('td', {}, s.lastMs.toFixed(3)), el('td', {}, s.meanMs.toFixed(3))));
    }
    timingTable.append(el('tr', { className: 'total' }, el('td', {}, `total (${p.steps} steps, ${p.threads} thr.)`),
      el('td', {}, p.lastMs.toFixed(3)), el('td', {}, p.meanMs.toFixed(3))));
    stats.profile = p;
  });
  timing.addEventListener('toggle', profile);
  setInterval(profile, 500);

  // ---------------------------------------------------------------- world settings
  const w = await (await fetch('/api/world')).json();
  const num = (name, props) => el('input', { name, type: 'number', ...props });
  const gravity = [0, 1, 2].map((i) => num('g' + i, { step: 0.1, placeholder: w.lab ? '' : w.gravity[i] }));
  const settings = el('form', { id: 'world' });
  const sleeping = el('input', { type: 'checkbox', name: 'sleeping', checked: !!w.sleeping });
  const worldError = el('div', { id: 'world-error', className: 'error' });
  settings.append(
    el('label', {}, 'gravity (m/s²) ', el('span', { className: 'triple' }, ...gravity)),
    el('label', {}, 'substeps ', num('substeps', { min: 1, max: 64, step: 1, placeholder: w.substeps })),
    el('label', {}, 'iterations ', num('iterations', { min: 1, step: 1, placeholder: w.iterations ?? '' })),
    el('label', {}, 'threads ', num('threads', { min: 1, max: 64, step: 1, placeholder: w.threads ?? '' })),
    el('label', {}, el('span', {}, 'sleeping'), sleeping),
    el('button', { type: 'submit' }, 'apply'), worldError);
  root.append(el('fieldset', { id: 'world-settings' }, el('legend', {}, 'world'), settings));
  if (w.lab) {
    for (const e of [...gravity, settings.elements.iterations, settings.elements.threads, sleeping]) { e.disabled = true; }
  }
  settings.addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = settings.elements, body = {};
    if (gravity.some((g) => g.value !== '')) {
      body.gravity = gravity.map((g) => Number(g.value === '' ? g.placeholder : g.value));
    }
    for (const k of ['substeps', 'iterations', 'threads']) { if (f[k].value !== '') { body[k] = Number(f[k].value); } }
    if (!w.lab) { body.sleeping = sleeping.checked; }
    const r = await post('/api/world', body);
    worldError.textContent = r.ok ? '' : await errorOf(r);
    if (r.ok) { stats.world = await (await fetch('/api/world')).json(); }
  });

  // ---------------------------------------------------------------- timeline
  // The slider spans the steps recorded since the launch; moving it rewinds (and pauses) there, and
  // a resume goes on from that step. The engine's snapshots are exact: the run from a rewound step
  // is the run that was recorded.
  const slider = el('input', { id: 'timeline', type: 'range', min: 0, max: 0, step: 1, value: 0, disabled: true });
  const where = el('span', { id: 'timeline-step' }, '-');
  const kept = el('div', { id: 'timeline-info', className: 'note' }, 'launch to record');
  const back = el('button', { id: 'rewind-start', type: 'button', title: 'back to the first step recorded' }, 'first');
  root.append(el('fieldset', { id: 'timeline-panel' }, el('legend', {}, 'timeline'),
    el('div', { className: 'timeline-row' }, back, slider), where, kept));
  let scrubbing = false, dt = 0;
  const rewind = latestOnly(async (step) => {
    const r = await post('/api/timeline/rewind', { step });
    if (!r.ok) { kept.textContent = await errorOf(r); }
    stats.rewound = step;
  });
  slider.addEventListener('input', () => { scrubbing = true; where.textContent = label(+slider.value); rewind(+slider.value); });
  slider.addEventListener('change', () => { scrubbing = false; });
  back.onclick = () => { if (!slider.disabled) { rewind(+slider.min); } };
  const label = (step) => `step ${step} (${(step * dt).toFixed(3)} s)`;
  const timeline = latestOnly(async () => {
    const t = await (await fetch('/api/timeline')).json();
    dt = t.dt;
    stats.timeline = t;
    if (t.unavailable) {
      slider.disabled = true;
      kept.textContent = 'not recorded: ' + t.unavailable;
      return;
    }
    slider.disabled = t.first === null;
    if (t.first === null) { kept.textContent = 'launch to record'; where.textContent = '-'; return; }
    slider.min = t.first;
    slider.max = t.last;
    if (!scrubbing) { slider.value = t.step; where.textContent = label(t.step); }
    kept.textContent = `${t.snapshots} snapshots, every ${t.every} steps, ${(t.bytes / 1048576).toFixed(1)}`
      + ` of ${(t.capBytes / 1048576).toFixed(0)} MiB`;
  });
  setInterval(timeline, 250);
  await timeline();

  // The timeline and the inspector first, the settings after them.
  for (const id of ['timeline-panel', 'inspector', 'camera', 'world-settings', 'timing']) { root.append($(id)); }
  stats.panels = true;
  hideLoading();
}
