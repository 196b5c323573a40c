#!/usr/bin/env bash
# The production install of docs/operations.md ("Deployment"), on a copy of this checkout:
#   1. npm run build          (with the development dependencies: this checkout's node_modules)
#   2. npm ci --omit=dev      (a fresh node_modules without them; the patches must still apply)
#   3. npm run db:migrate     (the tsx scripts run without the development dependencies)
#   4. npm start              → GET /healthz?ready=1 answers 200, a page renders, an asset is served
#   5. npm run db:backup      → a checked backup while it runs; npm run db:restore is refused
#   6. SIGTERM                → the server exits 0
# Prints the time of each step and the size of the install. Exit 0 when all of it works.
#
# Usage: bash scripts/test-production-install.sh [--build-from DIR] [--compile]
#   --build-from DIR  take build/ from DIR (a checkout of the same sources, already built: CI's
#                     Playwright snapshot) instead of building again (~1 min saved)
#   --compile         let better-sqlite3 download or compile its binary (see below) instead of
#                     taking this checkout's
# Environment: PROD_INSTALL_PORT (default 3390), PROD_INSTALL_DIR (default $TMPDIR/groups-prod-install).
# npm ci uses npm's cache (--prefer-offline).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
build_from=""
compile=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-from) build_from="$(cd "$2" && pwd)"; shift 2 ;;
    --compile) compile=1; shift ;;
    *) echo "Unknown argument: $1" >&2; exit 2 ;;
  esac
done
port="${PROD_INSTALL_PORT:-3390}"
target="${PROD_INSTALL_DIR:-${TMPDIR:-/tmp}/groups-prod-install}"
log="$target.log"

step() { printf '[prod-install] %-34s %3d s\n' "$1" $((SECONDS - step_start)); step_start=$SECONDS; }
fail() {
  echo "[prod-install] FAILED: $*" >&2
  [ -f "$log" ] && tail -n 40 "$log" >&2
  exit 1
}

rm -rf "$target" && mkdir -p "$target"
started=$SECONDS
step_start=$SECONDS
# A copy of the sources as a release would have them (no node_modules, build, data, tests, git).
for entry in "$root"/* "$root"/.npmrc; do
  [ -e "$entry" ] || continue
  case "$(basename "$entry")" in
    node_modules|build|data|test-results|playwright-report|tests|bench|*.log) continue ;;
  esac
  cp -R "$entry" "$target/"
done
: > "$log"
step "copied the sources"

if [ -n "$build_from" ]; then
  [ -f "$build_from/build/server.js" ] || fail "no build in $build_from"
  cp -R "$build_from/build" "$target/build"
  step "took the build from $build_from"
else
  ln -s "$root/node_modules" "$target/node_modules"
  (cd "$target" && npm run build >>"$log" 2>&1) || fail "npm run build"
  rm "$target/node_modules"
  step "npm run build"
fi

# better-sqlite3's install script downloads its binary from GitHub, or compiles SQLite when it
# cannot (minutes on a busy machine). Unless --compile, it finds this checkout's binary as a local
# prebuild instead, as an offline production machine would (docs/operations.md).
if [ -z "$compile" ] && [ -f "$root/node_modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
  prebuilds="$target.prebuilds" && rm -rf "$prebuilds" && mkdir -p "$prebuilds"
  tar -czf "$prebuilds/$(node -p "const v=require('$root/node_modules/better-sqlite3/package.json').version; \`better-sqlite3-v\${v}-node-v\${process.versions.modules}-\${process.platform}-\${process.arch}.tar.gz\`")" \
    -C "$root/node_modules/better-sqlite3" build/Release/better_sqlite3.node
  export npm_config_better_sqlite3_local_prebuilds="$prebuilds"
fi
(cd "$target" && npm ci --omit=dev --no-audit --no-fund --prefer-offline >>"$log" 2>&1) || fail "npm ci --omit=dev"
step "npm ci --omit=dev"
# Every patch in patches/ was applied by the postinstall step.
for patch in "$target"/patches/*.patch; do
  name="$(basename "$patch" .patch)"
  name="${name%+*}"
  grep -q "${name//+//}@.* ✔" "$log" || fail "patch $(basename "$patch") was not applied"
done
[ ! -e "$target/node_modules/vite" ] || fail "development dependencies were installed (vite)"

export NODE_ENV=production PORT="$port" HOST=127.0.0.1 APP_URL="http://localhost:$port" \
  DATABASE_URL="file:$target/data/production.db" SESSION_SECRET="production-install-test-secret-0123456789" \
  SMTP_URL="smtp://127.0.0.1:9" LOG_REQUESTS=0
mkdir -p "$target/data"
(cd "$target" && npm run db:migrate >>"$log" 2>&1) || fail "npm run db:migrate"
step "npm run db:migrate"

# npm start in its own process group, so the signal reaches node through npm and cross-env.
(cd "$target" && exec setsid npm start >>"$log" 2>&1) &
server=$!
stop_server() { kill -TERM -- "-$server" 2>/dev/null || true; }
trap stop_server EXIT
ready=""
for _ in $(seq 1 150); do
  if ready="$(curl -fsS --max-time 2 "http://127.0.0.1:$port/healthz?ready=1" 2>/dev/null)"; then break; fi
  kill -0 "$server" 2>/dev/null || fail "npm start exited"
  sleep 0.2
done
[ "$ready" = '{"status":"ok","database":"up"}' ] || fail "/healthz?ready=1 answered '$ready'"
step "npm start, /healthz?ready=1"

page="$(curl -fsS --max-time 5 -H 'Accept-Language: en' "http://127.0.0.1:$port/signin")" || fail "GET /signin"
asset="$(grep -o '/assets/[^"]*\.js' <<<"$page" | head -n1)"
[ -n "$asset" ] || fail "the sign-in page names no script"
curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$port$asset" || fail "GET $asset"
step "a page and its script"

# A backup while it runs, as docs/operations.md#backups schedules it; a restore is refused meanwhile.
(cd "$target" && npm run db:backup -- "$target/backups" >>"$log" 2>&1) || fail "npm run db:backup"
backup="$(ls "$target"/backups/production-*.db 2>/dev/null | head -n1)"
[ -n "$backup" ] || fail "npm run db:backup wrote no file"
if (cd "$target" && npm run db:restore -- "$backup" >>"$log" 2>&1); then fail "npm run db:restore replaced the database of a running server"; fi
step "npm run db:backup, restore refused"

trap - EXIT
# The signal goes to node, the newest process of the group (npm → cross-env → node), as a
# process manager that runs `npm start` would send it to the main process.
kill -TERM "$(pgrep -n -g "$server")"
code=0
wait "$server" || code=$?
[ "$code" = 0 ] || fail "npm start exited with $code after SIGTERM"
step "SIGTERM, exit 0"

printf '[prod-install] node_modules %s (%s packages), build %s; %d s in all\n' \
  "$(du -sh "$target/node_modules" | cut -f1)" "$(find "$target/node_modules" -name package.json -path '*/node_modules/*/package.json' -not -path '*/node_modules/*/node_modules/*/*' | wc -l)" \
  "$(du -sh "$target/build" | cut -f1)" $((SECONDS - started))
echo "[prod-install] ok"
