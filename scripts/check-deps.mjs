#!/usr/bin/env node
/**
 * The layer rules (docs/architecture.md), run by `npm test`:
 * 1. dependency-cruiser with `.dependency-cruiser.cjs` over every workspace (file-level rules and import circles);
 * 2. module-level circles: dependency-cruiser's graph of the server collapsed to one node per module, where any
 *    two modules that reach each other form a circle;
 * 3. table ownership: only `modules/conversations` writes `tickets` and `messages`;
 * 4. one vocabulary: every folder of `packages/contracts/src/api/` and `apps/web/src/features/` is named after a
 *    server module (`apps/server/src/modules/<name>`), the web's `dashboard` (the home page over every domain)
 *    excepted.
 * Violations listed in `config/layer-baseline.json` are the renovation's remaining debt: they are reported as a
 * count and never fail the run, new ones do, and a listed one that has been fixed must leave the list
 * (`--update-baseline` rewrites it, and only ever shrinks it unless `--allow-growth` is given).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = resolve(import.meta.dirname, '..');
process.chdir(root);
const require = createRequire(import.meta.url);
const config = require(join(root, '.dependency-cruiser.cjs'));
const baselinePath = join(root, 'config/layer-baseline.json');
const update = process.argv.includes('--update-baseline');
const allowGrowth = process.argv.includes('--allow-growth');

const SERVER_MODULES = '^apps/server/src/modules/[^/]+';
const OWNED_TABLES = { tickets: 'conversations', messages: 'conversations' };
const WEB_FEATURES_WITHOUT_MODULE = ['dashboard'];

/** Every file-level rule violation as a stable line of text. */
async function fileRuleViolations() {
  const result = await cruise(['apps', 'packages', 'e2e', 'bench'], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return result.output.summary.violations.map((v) =>
    v.cycle?.length
      ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(' → ')}`
      : `${v.rule.name}: ${v.from} → ${v.to}`,
  );
}

/** Strongly connected components of more than one module (Tarjan). */
function circlesOf(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const circles = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) {
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
      }
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return circles;
}

/**
 * Module imports that lie on a circle of the server's modules (product code only), one line per import, so the
 * baseline shrinks import by import; `(pair)` marks two modules importing each other.
 */
async function moduleCircles() {
  const result = await cruise(['apps/server/src'], {
    ...config.options,
    includeOnly: '^apps/server/src/modules/',
    exclude: { path: `${config.options.exclude.path}|\\.test\\.ts$` },
    collapse: SERVER_MODULES,
  });
  const name = (path) => path.replace('apps/server/src/modules/', '');
  const graph = new Map(
    result.output.modules.map((m) => [name(m.source), m.dependencies.map((d) => name(d.resolved))]),
  );
  const circleOf = new Map(circlesOf(graph).flatMap((members, i) => members.map((m) => [m, i])));
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => circleOf.has(from) && circleOf.get(from) === circleOf.get(to))
      .map((to) => `module-circle: ${from} → ${to}${graph.get(to)?.includes(from) ? ' (pair)' : ''}`),
  );
}

/** Writes to a table outside the module that owns it: Drizzle calls and SQL text in product code. */
function ownershipViolations() {
  const files = serverModuleFiles().filter((f) => !f.endsWith('.test.ts'));
  const found = [];
  for (const file of files) {
    const owner = file.split('/')[4];
    const text = readFileSync(file, 'utf8');
    for (const [table, module] of Object.entries(OWNED_TABLES)) {
      if (owner === module) continue;
      const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${table}\\b`);
      const sqlText = new RegExp(
        `\\b(insert\\s+into|update|delete\\s+from)\\s+(${table}\\b(\\s+as\\s+\\w+)?\\s+(set|values|where|\\()|\\$\\{${table}\\})`,
        'i',
      );
      if (drizzle.test(text) || sqlText.test(text)) found.push(`writes-${table}: ${file}`);
    }
  }
  return found;
}

/** Contract and web feature folders whose name is no server module's. */
function vocabularyViolations() {
  const folders = (base) =>
    readdirSync(base, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  const modules = new Set(folders('apps/server/src/modules'));
  const named = (base, exceptions = []) =>
    folders(base)
      .filter((name) => !modules.has(name) && !exceptions.includes(name))
      .map((name) => `vocabulary: ${base}/${name} is named after no server module`);
  return [
    ...named('packages/contracts/src/api'),
    ...named('apps/web/src/features', WEB_FEATURES_WITHOUT_MODULE),
  ];
}

function serverModuleFiles() {
  const base = 'apps/server/src/modules';
  return readdirSync(base, { recursive: true })
    .map((f) => join(base, f))
    .filter((f) => f.endsWith('.ts'));
}

const found = [
  ...(await fileRuleViolations()),
  ...(await moduleCircles()),
  ...ownershipViolations(),
  ...vocabularyViolations(),
].sort();
const baseline = new Set(JSON.parse(readFileSync(baselinePath, 'utf8')).known);
const fresh = found.filter((v) => !baseline.has(v));
const fixed = [...baseline].filter((v) => !found.includes(v));

if (update) {
  if (fresh.length && !allowGrowth) {
    console.error(`refusing to add ${fresh.length} new violations to the baseline:\n  ${fresh.join('\n  ')}`);
    process.exit(1);
  }
  writeFileSync(baselinePath, `${JSON.stringify({ known: found }, null, 2)}\n`);
  console.log(`layer baseline: ${found.length} known violations (was ${baseline.size})`);
  process.exit(0);
}

console.log(
  `layer rules: ${found.length - fresh.length} known violations left in config/layer-baseline.json`,
);
if (fixed.length) {
  console.error(
    `fixed, remove from the baseline (node scripts/check-deps.mjs --update-baseline):\n  ${fixed.join('\n  ')}`,
  );
}
if (fresh.length) console.error(`new layer violations:\n  ${fresh.join('\n  ')}`);
process.exit(fresh.length || fixed.length ? 1 : 0);
