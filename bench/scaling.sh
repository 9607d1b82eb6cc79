#!/usr/bin/env bash
# Lowering that scales (issue 42): each rule, a hint and `walls free`, built
# at a size n and 2n, timed; the ratio printed beside what linear would be
# (4 for a square board's side doubled, 2 for a column's length). Plus the
# issue's targets: Q_3(400) to OPB, `stats` of the 65536 x 9 fuzz case.
# tests/suite/scaling.rs checks the same growth without a clock (the cells
# the lowering walks).
#   bench/scaling.sh          (QSPEC=path measures another build)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The seconds `qspec ARGS` takes, the best of two runs.
seconds() {
  local best=999
  for _ in 1 2; do
    /usr/bin/time -f '%e' -o "$out/t" "$QSPEC" "$@" >/dev/null 2>"$out/err" || {
      cat "$out/err" >&2
      exit 1
    }
    best=$(awk -v a="$best" -v b="$(tail -1 "$out/t")" 'BEGIN { print (b < a) ? b : a }')
  done
  echo "$best"
}

# One row: LABEL, the linear ratio, the model text with `param n`, n, then
# the command (compile or stats) and its options.
row() {
  local label=$1 linear=$2 text=$3 n=$4 command=$5; shift 5
  printf '%s\n' "$text" > "$out/m.qspec"
  local small large
  small=$(seconds "$command" "$out/m.qspec" -D "n=$n" "$@")
  large=$(seconds "$command" "$out/m.qspec" -D "n=$((2 * n))" "$@")
  printf '%-56s %6s %8.2f s %8.2f s %7.1f   %s\n' "$label" "$n" "$small" "$large" \
    "$(awk -v a="$small" -v b="$large" 'BEGIN { print (a > 0) ? b / a : 0 }')" "$linear"
}

square="param n = 8
board n x n"
column="param n = 8
board n x 9"
printf '%-56s %6s %10s %10s %7s   %s\n' case n "at n" "at 2n" ratio linear
row "attacks == 3, n x n, maximize (OPB)" 4 "$square
piece queen
rule attacks == 3
maximize count" 200 compile -o "$out/x.opb"
row "dominate, n x n, minimize (OPB)" 4 "$square
piece queen
rule dominate
minimize count" 200 compile -o "$out/x.opb"
row "no_attack, n x n, maximize (OPB)" 4 "$square
piece queen
rule no_attack
maximize count" 200 compile -o "$out/x.opb"
row "attacks == 3, hint lines, n x n (OPB)" 4 "$square
piece queen
rule attacks == 3
count >= n
hint lines" 200 compile -o "$out/x.opb"
row "attacks == 3, n x 9 (stats)" 2 "$column
piece queen
rule attacks == 3" 16384 stats
row "walls free, walls == 2, rook, attacks == 1, 6 x n (stats)" 2 "param n = 8
board 6 x n
piece rook
walls free
walls == 2
rule attacks == 1" 10000 stats
echo
echo "targets: Q_3(400) to OPB $(seconds compile models/queens-attacking-exactly-k-max.qspec -D n=400 -D k=3 -o "$out/x.opb") s (under 3 s);" \
  "stats of 65536 x 9 $(printf '%s\n' "$column
piece queen
rule attacks == 3" > "$out/c.qspec"; seconds stats "$out/c.qspec" -D n=65536) s (under 5 s)"
