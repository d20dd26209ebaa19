#!/usr/bin/env bash
# Every test: typecheck, lint, unit + integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), production build, browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's minutes, printed at the end (and after a failure): where CI's time goes.
current="" began=$SECONDS timings=()
finish_step() { [ -z "$current" ] || timings+=("$(printf '%5d s  %s' $((SECONDS - began)) "$current")"); }
step() {
  finish_step
  current="$*" began=$SECONDS
  printf '\n\033[1m== %s ==\033[0m\n' "$*"
}
summary() {
  finish_step
  printf '\n\033[1m== Time per step ==\033[0m\n'
  printf '%s\n' "${timings[@]}"
  printf '%5d s  in all\n' "$SECONDS"
}
trap summary EXIT

step "Browser"
bash scripts/ensure-chromium.sh

step "Typecheck"
npx react-router typegen
npx tsc

step "Lint"
npx biome check .

step "Database: the schema and the migrations agree"
bash scripts/db-check.sh

step "Unit and integration tests (PGlite)"
env -u TEST_DATABASE_URL bash scripts/vitest-run.sh

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests (PostgreSQL: ${TEST_DATABASE_URL})"
  bash scripts/vitest-run.sh app/server app/routes
fi

step "Build"
npm run build

step "Process tests on the build (shutdown, crash recovery; two instances when PostgreSQL is set)"
npx vitest run --config vitest.scale.config.ts

step "Browser journeys (Playwright + Chromium)"
npx playwright test

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Browser journeys through two instances on PostgreSQL behind a round-robin proxy"
  # Sign-in, files, invitations (each mail once), live updates across instances (issue 36).
  E2E_SCALE=1 E2E_PORT=$(( ${E2E_PORT:-3123} + 10 )) npx playwright test
fi
