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
echo "== browser journeys (Chromium, two shards side by side, each with its own Sapa)"
# Each shard is a vitest run of its own with its own demo server (e2e/support/global-setup.ts), so the
# journeys of one shard never see the other's changes to the demo business. Their output is printed whole,
# one shard after the other, once both have finished. The shards start their journeys together, once both
# servers are up (SAPA_E2E_BARRIER, e2e/support/global-setup.ts).
e2e_status=0
export SAPA_E2E_BARRIER="$reports/e2e-barrier" SAPA_E2E_SHARDS=2
vitest e2e-1 --project e2e --shard=1/2 >"$reports/e2e-1.log" 2>&1 &
shard1=$!
vitest e2e-2 --project e2e --shard=2/2 >"$reports/e2e-2.log" 2>&1 &
shard2=$!
wait "$shard1" || e2e_status=1
wait "$shard2" || e2e_status=1
cat "$reports/e2e-1.log" "$reports/e2e-2.log"
if [ "$e2e_status" -ne 0 ]; then
  echo "browser journeys failed"
  exit 1
fi
echo "== all tests"
node scripts/test-summary.mjs "$reports"
