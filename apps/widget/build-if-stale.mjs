#!/usr/bin/env node
// Builds apps/widget/dist/sapa-widget.js when its sources are newer than the build (used by `npm start`
// and the test run), then with `--check-size` fails when the gzipped bundle is over 60 KB (issue 3 point 4).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const widget = new URL('.', import.meta.url).pathname;
const root = join(widget, '../..');
const bundle = join(widget, 'dist/sapa-widget.js');
export const MAX_GZIP_BYTES = 60 * 1024;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(join(widget, 'src')), statSync(join(widget, 'vite.config.ts')).mtimeMs);
if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
  console.log('Building the live-chat widget…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sapa/widget', '--silent'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv.includes('--check-size')) {
  const gz = gzipSync(readFileSync(bundle), { level: 9 }).length;
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  if (gz > MAX_GZIP_BYTES) {
    console.error(`widget bundle is ${kb(gz)} gzipped: over the ${kb(MAX_GZIP_BYTES)} budget`);
    process.exit(1);
  }
  console.log(`widget bundle: ${kb(gz)} gzipped (budget ${kb(MAX_GZIP_BYTES)})`);
}
