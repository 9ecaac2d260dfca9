#!/usr/bin/env bash
# The whole test suite: lint, typecheck, unit, integration on PostgreSQL, the same on embedded PGlite
# (smoke), the web build, then the browser journeys in Chromium. `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-services.sh

echo "== lint (biome)"
npx biome check .
echo "== typecheck"
npm run typecheck --silent
echo "== unit"
npx vitest run --project unit
echo "== integration (PostgreSQL)"
npx vitest run --project integration
echo "== smoke (embedded PGlite)"
SAPA_TEST_DB=pglite npx vitest run --project integration
echo "== web build"
npm run build -w @sapa/web --silent
echo "== browser journeys (Chromium)"
npx vitest run --project e2e
