#!/usr/bin/env node
// `npm start`: builds the web app when its sources changed, then runs Sapa (API, jobs and web in one
// process) on the embedded PGlite database in ./data, or on PostgreSQL when DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const dist = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(join(web, 'src')), newestMtime(join(root, 'packages/contracts/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the web app…');
  // Several Sapa processes may start at once from one checkout (tests, developers): one build at a time.
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  const buildCommand = ['npm', 'run', 'build', '-w', '@sapa/web'];
  const [command, ...args] = hasFlock
    ? ['flock', join(tmpdir(), 'sapa-web-build.lock'), ...buildCommand]
    : buildCommand;
  const build = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The live-chat widget script (served at /widget/sapa-widget.js), built when its sources changed.
const widgetBuild = spawnSync(process.execPath, [join(root, 'apps/widget/build-if-stale.mjs')], {
  stdio: 'inherit',
  cwd: root,
});
if (widgetBuild.status !== 0) process.exit(widgetBuild.status ?? 1);

const server = spawn(
  join(root, 'node_modules/.bin/tsx'),
  [join(root, 'apps/server/src/main.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
