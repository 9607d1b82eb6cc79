#!/usr/bin/env bash
# Issue 4 benchmark: --rays direct vs --rays chain on the blog's Q_3(30) >= 70
# (each queen attacks exactly 3 others; first piece on each ray).
# Prints clauses, compile time (to CNF) and embedded CaDiCaL solve time.
# Usage: bench/rays.sh [timeout-seconds]   (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-600}
. bench/common.sh
bin=$QSPEC
model=models/queens-attacking-exactly-k.qspec
args=(-D n=30 -D k=3 -D m=70)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for rays in direct chain; do
  /usr/bin/time -f '%e' -o "$out/t" "$bin" compile "$model" "${args[@]}" --rays "$rays" -o "$out/q.cnf" 2>"$out/log"
  clauses=$(grep -m1 '^p cnf' "$out/q.cnf" | awk '{print $4}')
  vars=$(grep -m1 '^p cnf' "$out/q.cnf" | awk '{print $3}')
  start=$(date +%s.%N)
  set +e
  timeout "$limit" "$bin" solve "$model" "${args[@]}" --rays "$rays" > "$out/solve" 2>&1
  code=$?
  set -e
  took=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
  verdict=$(grep -m1 '^s ' "$out/solve" || echo "timeout after ${limit} s")
  # 70 queens each attacking exactly 3 others on 30x30 exist (the blog).
  [ "$code" = 124 ] || expect "Q_3(30) >= 70, --rays $rays" "s SATISFIABLE" "$verdict"
  printf '%-7s %9s vars %10s clauses  compile %5s s  solve %7s s  %s (exit %s)\n' \
    "$rays" "$vars" "$clauses" "$(cat "$out/t")" "$took" "$verdict" "$code"
done
