#!/usr/bin/env bash
# The production build: React Router (client, server, prerendered pages; class lists checked,
# see app/lib/class-check.ts), prerendered pages set to hydrate after their first paint
# (app/server/defer-hydration.server.ts), the dark theme for pages without scripts
# (app/lib/dark-css.ts), then precompression.
# React Router gives each prerender request 10 s (not configurable in 8.4); on a machine busy
# with other work the first one can take longer. Its exit code does not say why a build failed,
# so any failed `react-router build` is tried again, three attempts in all: a real error (a type
# error, a class conflict) fails three times before the script gives up.
set -uo pipefail
cd "$(dirname "$0")/.."
for attempt in 1 2 3; do
  if CLASS_CHECK=throw npx react-router build; then
    node scripts/defer-hydration.ts || exit 1
    node scripts/dark-css.ts || exit 1
    exec node scripts/compress-build.ts
  fi
  echo "Build attempt $attempt failed; trying again…" >&2
  sleep 5
done
exit 1
