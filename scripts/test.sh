#!/usr/bin/env bash
# npm test: installs what the tests need, then runs every test: types, lint and formatting, vitest on
# SQLite and on PostgreSQL, Playwright in Debian's Chromium. Ends with one line "tests: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
mkdir -p test-results

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Installing what the tests need"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
  fi
fi
if [ -n "$CI" ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# PostgreSQL on 127.0.0.1:5432 (trust auth, database "test"): start it if it is installed but stopped.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_up() { node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL"; }
if ! pg_up && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  sleep 2
fi

step "Type check"
npx tsc --noEmit

step "Lint (ESLint) and formatting (Prettier)"
npm run --silent lint
npm run --silent format:check

step "Unit, service, loader and action tests on SQLite"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest-sqlite.json

if pg_up; then
  step "The same tests on PostgreSQL ($PG_URL)"
  TEST_DATABASE_URL="$PG_URL" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres.json
elif [ -n "$CI" ]; then
  echo "PostgreSQL is not reachable at $PG_URL: CI must test both databases." >&2
  exit 1
else
  echo "PostgreSQL is not reachable at $PG_URL: skipping the PostgreSQL run."
fi

step "Browser journeys (Playwright, Chromium, with and without JavaScript)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json

step "Production install (npm ci --omit=dev, npm start, /healthz?ready=1)"
# With the build Playwright's snapshot made of the same sources (tests/support/e2e/serve-app.ts).
e2e_app="${TMPDIR:-/tmp}/groups-e2e-app-${E2E_PORT:-3210}"
if [ -f "$e2e_app/build/server.js" ]; then
  bash scripts/test-production-install.sh --build-from "$e2e_app"
else
  bash scripts/test-production-install.sh
fi

node scripts/test-summary.mjs test-results/vitest-sqlite.json test-results/vitest-postgres.json test-results/playwright.json
