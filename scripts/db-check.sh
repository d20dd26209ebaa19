#!/usr/bin/env bash
# npm run db:check — the schema (app/server/db/schema.server.ts) and the committed migrations
# agree: drizzle-kit's own consistency check, then a migration generated into a scratch copy of
# drizzle/ must come out empty. Fails with the SQL a missing migration would hold.
set -euo pipefail
cd "$(dirname "$0")/.."
npx drizzle-kit check --dialect postgresql --out drizzle >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r drizzle "$scratch/drizzle"
# drizzle-kit reads --out relative to here (it prefixes "./").
out=$(realpath --relative-to=. "$scratch/drizzle")
before=$(ls "$scratch/drizzle" | wc -l)
npx drizzle-kit generate --dialect postgresql --schema ./app/server/db/schema.server.ts \
  --out "$out" >"$scratch/log" 2>&1 || { cat "$scratch/log"; exit 1; }
if grep -qiE "error|ENOENT" "$scratch/log"; then cat "$scratch/log" >&2; exit 1; fi
after=$(ls "$scratch/drizzle" | wc -l)
if [ "$after" != "$before" ]; then
  echo "The schema has changes no migration holds. Run: npm run db:generate -- --name <name>" >&2
  for f in "$scratch"/drizzle/*.sql; do [ -e "drizzle/$(basename "$f")" ] || cat "$f" >&2; done
  exit 1
fi
echo "Schema and migrations agree."
