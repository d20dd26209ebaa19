#!/usr/bin/env bash
# `vitest run "$@"`, and once more for a test file whose worker process was killed by a signal
# (decision 149). A failed test is never run again here: only a file that never finished because
# the process running it died (once in CI: glibc's "corrupted size vs. prev_size", SIGABRT, in a
# file that passes alone and in every local run since). The rerun is announced, and it must pass.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT

npx vitest run "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] && exit 0

plain=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log")
crashed=$(grep -oE 'Worker exited unexpectedly with signal [A-Z0-9]+ .*while running test file [^ ]+' <<<"$plain" |
  sed -E 's/.*while running test file //' | sort -u)
crashes=$(grep -cE 'Worker exited unexpectedly with signal' <<<"$plain")
errors=$(grep -oE '^ *Errors +[0-9]+ error' <<<"$plain" | grep -oE '[0-9]+' | head -1)
if [ -z "$crashed" ] || grep -qE '^ *(Test Files|Tests) .*failed' <<<"$plain" || [ "${errors:-0}" -ne "$crashes" ]; then
  exit "$rc"
fi

printf '\n\033[1;33m== A test worker was killed by a signal; its file(s) run once more, alone: ==\033[0m\n%s\n' "$crashed"
# shellcheck disable=SC2086
npx vitest run $crashed
