#!/usr/bin/env bash
# The whole test suite: lint, layer rules, typecheck, unit and the builds side by side, integration on PostgreSQL,
# a chosen set of it again on embedded PGlite (smoke), then the browser journeys in Chromium. `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh

reports=$(mktemp -d)
vitest() {
  local name=$1
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/$name.json" "$@"
}

# Steps that need no database run side by side; each one's output is printed whole when all have ended.
parallel_status=0
declare -A step_pids=()
step() {
  local name=$1
  shift
  "$@" >"$reports/step-$name.log" 2>&1 &
  step_pids[$name]=$!
}
step lint npx biome check .
step layers node scripts/check-deps.mjs
step typecheck npm run typecheck --silent
step unit vitest unit --project unit
step builds bash -c 'npm run build -w @sapa/web --silent && node apps/widget/build-if-stale.mjs --check-size'
for name in lint layers typecheck unit builds; do
  if wait "${step_pids[$name]}"; then result=passed; else result=FAILED parallel_status=1; fi
  echo "== $name ($result)"
  cat "$reports/step-$name.log"
done
if [ "$parallel_status" -ne 0 ]; then
  echo "a step failed: lint (biome), layer rules (dependency-cruiser), typecheck, unit, or the web and widget builds (widget budget 60 KB gzipped)"
  exit 1
fi

echo "== integration (PostgreSQL)"
vitest integration --project integration
echo "== smoke (embedded PGlite): the files config/pglite-smoke.txt names"
mapfile -t smoke_files < <(grep -v -e '^#' -e '^$' config/pglite-smoke.txt)
for file in "${smoke_files[@]}"; do
  [ -f "$file" ] || { echo "config/pglite-smoke.txt names $file, which does not exist"; exit 1; }
done
SAPA_TEST_DB=pglite vitest smoke --project integration "${smoke_files[@]}"
echo "== browser journeys (Chromium, two shards side by side, each with its own Sapa)"
# Each shard is a vitest run of its own with its own demo server (e2e/support/global-setup.ts), so the
# journeys of one shard never see the other's changes to the demo business. Their output is printed whole,
# one shard after the other, once both have finished. The shards start their journeys together, once both
# servers are up (SAPA_E2E_BARRIER, e2e/support/global-setup.ts).
e2e_status=0
# Journeys take no screenshots here (e2e/support/browser.ts): they are for a person running a journey by hand.
# Each shard's shared Sapa keeps its data in a PostgreSQL database of its own (SAPA_E2E_DB): on the embedded
# PGlite every query blocks the server's one thread, and a journey's bulk work stalled the next one's pages.
# The journeys that start their own Sapa (the fresh start walked as each demo account, the plan purchase) stay
# on PGlite, `npm start`'s default, and the smoke stage above runs the integration files on it.
export SAPA_E2E_BARRIER="$reports/e2e-barrier" SAPA_E2E_SHARDS=2 SAPA_E2E_SCREENSHOTS=0 SAPA_E2E_DB=postgres
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
