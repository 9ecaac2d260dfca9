#!/usr/bin/env bash
# The whole test suite: lint, layer rules, typecheck, unit, integration on PostgreSQL, the same on embedded PGlite
# (smoke), the web build, then the browser journeys in Chromium. `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh

reports=$(mktemp -d)
vitest() {
  local name=$1
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/$name.json" "$@"
}

echo "== lint (biome)"
npx biome check .
echo "== layer rules (dependency-cruiser)"
node scripts/check-deps.mjs
echo "== typecheck"
npm run typecheck --silent
echo "== unit"
vitest unit --project unit
echo "== integration (PostgreSQL)"
vitest integration --project integration
echo "== smoke (embedded PGlite)"
SAPA_TEST_DB=pglite vitest smoke --project integration
echo "== web build"
npm run build -w @sapa/web --silent
echo "== widget build and size budget (60 KB gzipped)"
node apps/widget/build-if-stale.mjs --check-size
echo "== browser journeys (Chromium)"
vitest e2e --project e2e
echo "== all tests"
node scripts/test-summary.mjs "$reports"
