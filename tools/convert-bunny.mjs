#!/usr/bin/env node
// Converts the Stanford bunny from the public-domain npm package `bunny@1.0.1` (1,839 vertices,
// 3,674 triangles) into the OBJ that the lab scenes use: centred on the vertex mean and scaled by
// 0.0372, which gives the GAMES103 lab's 0.367 x 0.361 x 0.280 m bunny.
//
// Usage (once, from the repository root; needs npm and network access to the npm registry):
//   node tools/convert-bunny.mjs > app/src/main/resources/ricochet/scenes/bunny.obj
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const SCALE = 0.0372;
const dir = mkdtempSync(join(tmpdir(), 'bunny-'));
execFileSync('npm', ['pack', 'bunny@1.0.1', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync('tar', ['xzf', 'bunny-1.0.1.tgz'], { cwd: dir });
const bunny = createRequire(import.meta.url)(join(dir, 'package', 'index.js'));

const mean = [0, 0, 0];
for (const p of bunny.positions) for (let k = 0; k < 3; k++) mean[k] += p[k];
for (let k = 0; k < 3; k++) mean[k] /= bunny.positions.length;

const out = [];
out.push('# Stanford bunny (Stanford 3D Scanning Repository), from the public-domain npm package bunny@1.0.1.');
out.push(`# Centred on its vertex mean and scaled by ${SCALE} by tools/convert-bunny.mjs.`);
out.push(`# ${bunny.positions.length} vertices, ${bunny.cells.length} triangles.`);
for (const p of bunny.positions) {
  out.push('v ' + p.map((c, k) => String((c - mean[k]) * SCALE)).join(' '));
}
for (const c of bunny.cells) out.push('f ' + c.map(i => i + 1).join(' '));
process.stdout.write(out.join('\n') + '\n');
