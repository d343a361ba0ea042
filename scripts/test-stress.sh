#!/usr/bin/env bash
# `npm run test:stress`: the long form of every stress test (those using test/helpers/stress.ts:
# more kills, pairs, processes and token lifetimes than CI runs), each printing its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/build-node.mjs --if-stale --quiet
mapfile -t files < <(grep -rl "helpers/stress'" test/integration)
MCP_PANEL_STRESS=1 MCP_PANEL_TEST_CLI=built exec bash scripts/with-keyring.sh npx vitest run --project integration "${files[@]}"
