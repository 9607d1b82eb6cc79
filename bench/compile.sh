#!/usr/bin/env bash
# Compile benchmarks for issue 2: wall time and peak memory (max RSS) of
# `qspec compile` on the two benchmark models, at full and half size, to CNF
# (ladder AMO, cardinality networks) and to LP; and, when python-sat is
# installed and the anchor script is beside the clone (../shared/anchors),
# the PySAT anchor on the same model for comparison (skipped otherwise).
#
# Usage: bench/compile.sh            (prints a table; needs /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/qspec
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

measure() { # label, output file, qspec args...
  local label=$1 file=$2; shift 2
  local best_t=999 rss=0
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$out/time" "$bin" compile "$@" -o "$file" 2>/dev/null
    read -r t m < "$out/time"
    best_t=$(python3 -c "print(min($best_t, $t))"); rss=$m
  done
  local size; size=$(stat -c %s "$file")
  python3 - "$label" "$best_t" "$rss" "$size" <<'PY'
import sys
label, t, rss_kb, size = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rss = rss_kb * 1024
print(f"{label:<44} {t:6.2f} s  {rss/1e6:8.1f} MB peak  {size/1e6:8.1f} MB out  peak/out {rss/size:4.2f}")
PY
}

printf '%-44s %8s  %13s  %12s\n' "case" "time" "memory" "output"
for spec in "bench/models/queens-30-cube.qspec -D n=30 -D m=500" "bench/models/queens-30-cube.qspec -D n=24 -D m=256" \
            "bench/models/queens-200.qspec -D n=200" "bench/models/queens-200.qspec -D n=141"; do
  set -- $spec
  model=$1; shift
  label="$(basename "$model" .qspec) $*"
  measure "$label cnf" "$out/a.cnf" "$model" "$@" --amo ladder --card cardnet
  measure "$label lp" "$out/a.lp" "$model" "$@"
done

anchor=../shared/anchors/pysat_kunt_cnf.py
if [ ! -f "$anchor" ]; then
  echo "(the PySAT anchor $anchor is not beside this clone: comparison skipped)"
elif python3 -c 'import pysat' 2>/dev/null; then
  echo "PySAT anchor (same model, ladder + cardnetwrk):"
  /usr/bin/time -f 'anchor 30^3 m=500: %e s, %M KB peak' python3 "$anchor" 30 3 500 -o "$out/ref.cnf"
  ls -l "$out/ref.cnf" | awk '{printf "anchor output %.1f MB\n", $5/1e6}'
else
  echo "(pip install python-sat to run the PySAT anchor beside qspec)"
fi
