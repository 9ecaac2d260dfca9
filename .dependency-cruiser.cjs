/**
 * The layer rules of docs/architecture.md, checked by dependency-cruiser inside `npm test`
 * (`npm run check:deps`). Tests (`*.test.ts`) may reach inside the module they test; product code may not.
 */
const MODULES = '^apps/server/src/modules/';
const TESTS = '\\.test\\.ts$|^apps/server/test/|^e2e/|^bench/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles: one of the two sides subscribes to the other instead.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-through-public-entry',
      severity: 'error',
      comment:
        'A module reaches another module only through its public entry (index.ts). Its tables (`*.schema.ts`) are ' +
        'the second, data-layer entry: schema files name them for foreign keys and repositories for joins ' +
        '(foreign-schema-only-from-data-layer keeps everyone else out).',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TESTS },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/[^/]+\\.schema\\.ts$`],
      },
    },
    {
      name: 'foreign-schema-only-from-data-layer',
      severity: 'error',
      comment: "Only schema and repository files name another module's tables.",
      from: { path: `${MODULES}([^/]+)/`, pathNot: [TESTS, '\\.(schema|repository)\\.ts$'] },
      to: { path: `${MODULES}[^/]+/[^/]+\\.schema\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'routes-never-import-a-repository',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'repository-never-imports-a-service',
      severity: 'error',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(service|routes|jobs)\\.ts$' },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: MODULES },
    },
    {
      name: 'product-never-imports-simulators',
      severity: 'error',
      comment: 'Only the demo entry (modules/demo) starts simulators.',
      from: {
        path: '^apps/(server|web|widget)/src/|^packages/contracts/',
        pathNot: [TESTS, `${MODULES}demo/`],
      },
      to: { path: '^packages/simulators/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/(web|widget)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/|^packages/simulators/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/|\\.d\\.ts$' },
    includeOnly: '^(apps|packages|e2e|bench)/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
