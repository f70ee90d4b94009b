#!/usr/bin/env bash
# Every test: the type check, the import-direction lint (the production build beside them), jest
# twice, then the front-end budget.
# The unit, component and server tests run on two workers (each server test file has its own database, so they may run
# side by side); the browser tests run one file at a time, because they share one real server
# and one sandbox whose clock some of them move. Arguments are passed to both jest runs. With
# TEST_REPORT_DIR set, each run also writes its JSON report there (units.json, e2e.json).
# The component tests run on the renderer the production bundle ships (client-preact, see
# docs/testing.md, "Preact in production, React in development"); `npm run test:react` runs them on React, as `npm run dev` renders.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS=--experimental-vm-modules

# The production build the browser tests and the size budget read runs beside the type check and
# the lint (each of those keeps one core busy; the build takes the other), so the e2e run below
# need not build it again: the SPA, and the compiled server the browser tests run against (what
# `npm run serve` runs in production).
build_log=$(mktemp)
{ node scripts/buildServer.mjs && npx webpack --mode production; } >"$build_log" 2>&1 &
build_pid=$!
checks=0
npm run typecheck || checks=1
[ $checks = 0 ] && { npm run lint || checks=1; }
wait $build_pid
build_status=$?
[ $checks = 0 ] || exit 1
if [ $build_status != 0 ]; then cat "$build_log"; echo "the production build failed"; exit 1; fi
rm -f "$build_log"
export E2E_SKIP_BUILD=1

report() {
  if [ -n "${TEST_REPORT_DIR:-}" ]; then echo "--json --outputFile=$TEST_REPORT_DIR/$1.json"; fi
}

status=0
# shellcheck disable=SC2046 # report's words are separate arguments
npx jest --selectProjects shared client-preact server --maxWorkers="${JEST_WORKERS:-2}" $(report units) "$@" || status=1
# shellcheck disable=SC2046
npx jest --selectProjects e2e --runInBand $(report e2e) "$@" || status=1
# The front-end budget, over the production build the browser tests just made (issue 18).
npm run size || status=1
exit $status
