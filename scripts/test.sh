#!/usr/bin/env bash
# Every test: the type check, the import-direction lint, jest twice, then the front-end budget.
# The unit, component and server tests run on two workers (each server test file has its own database, so they may run
# side by side); the browser tests run one file at a time, because they share one real server
# and one sandbox whose clock some of them move. Arguments are passed to both jest runs. With
# TEST_REPORT_DIR set, each run also writes its JSON report there (units.json, e2e.json).
# The component tests run on the renderer the production bundle ships (client-preact, see the
# README's "The renderer in production"); `npm run test:react` runs them on React, as `npm run dev` renders.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS=--experimental-vm-modules

npm run typecheck || exit 1
npm run lint || exit 1

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
