#!/usr/bin/env bash
# `qspec stats` on the corners the fuzzer found slow (issue 60): a torus of
# a million by six with kings, and hint cliques on 2^d queens for d = 8..10
# (the clique hint once grew much faster than the model: every pair of a
# cube's 2^d corners tried against every one of the queen's (3^d - 1)/2
# lines). Wall time and peak memory, best of three; `stats` is to answer
# within seconds for anything the size guard lets through.
#
# Usage: bench/stats.sh [QSPEC]   (default target/release/qspec, built first;
#                                   needs /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  cargo build --release --quiet
  bin=target/release/qspec
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

measure() { # label, model text
  local label=$1 best=999 rss=0
  printf '%s' "$2" > "$dir/m.qspec"
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$dir/time" "$bin" stats "$dir/m.qspec" > /dev/null 2>&1
    read -r t m < "$dir/time"
    best=$(python3 -c "print(min($best, $t))"); rss=$m
  done
  printf '%-46s %7.2f s %8.0f MB\n' "$label" "$best" "$(python3 -c "print($rss / 1024)")"
}

printf '%-46s %9s %11s\n' "stats of" "time" "peak"
measure "1000000 x 6 torus, kings, maximize count" $'board 1000000 x 6\ntorus\npiece king\nrule no_attack\nmaximize count\n'
for d in 8 9 10; do
  measure "2^$d queens, maximize count" "board 2^$d"$'\npiece queen\nrule no_attack\nmaximize count\n'
  measure "2^$d queens, maximize count, hint cliques" "board 2^$d"$'\npiece queen\nrule no_attack\nmaximize count\nhint cliques cube star\n'
done
measure "3^8 kings, maximize count, hint cliques" $'board 3^8\npiece king\nrule no_attack\nmaximize count\nhint cliques cube star\n'
