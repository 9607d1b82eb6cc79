#!/usr/bin/env bash
# Sweep benchmarks (issue 10): the blocked article's wall families on 8x8
# (models/blocked-8x8.qspec), one placement per symmetry class.
#
#   loop     the baseline: one `qspec solve` per two-wall board (2016 boards)
#   small    2 and 3 walls, --jobs 1 and 2, with the value tables
#   four     4 walls (79920 classes), --jobs 1 and 2 (target: under 2 minutes)
#   puzzles  the puzzle set with 2 and 3 walls (both minimality rules)
#   five     4 and 5 walls with optimal counts, planned into tasks and run by
#            GNU parallel on both cores (one thread a task), merged, with the
#            5-wall puzzles (target: under 30 minutes)
#
# Usage: bench/sweep.sh [loop|small|four|puzzles|five|all]
#   QSPEC=path   the qspec to measure (default: this tree's release build)
#   KEEP=dir     keep the five-wall tasks and results in dir (resumable)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
. bench/common.sh
model=models/blocked-8x8.qspec
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT


# `qspec sweep ...` timed: prints "seconds", keeps the lines in
# $work/$name; there must be EXPECTED lines (instances), and a sweep run
# before under the same name (other --jobs) must have written the same.
timed_sweep() { # name expected args...
  local name=$1 expected=$2 start took
  shift 2
  start=$(now)
  "$QSPEC" sweep "$model" "$@" > "$work/$name.new" 2>/dev/null
  took=$(since "$start")
  expect "sweep $*: instances" "$expected" "$(wc -l < "$work/$name.new")"
  if [ -f "$work/$name.jsonl" ]; then
    cmp -s "$work/$name.jsonl" "$work/$name.new" || expect "sweep $*: the same lines as before" same different
  fi
  mv "$work/$name.new" "$work/$name.jsonl"
  echo "$took"
}

loop() {
  echo "== baseline: one qspec solve per two-wall board"
  local start n=0 cells=()
  for r in 0 1 2 3 4 5 6 7; do for c in 0 1 2 3 4 5 6 7; do cells+=("($r,$c)"); done; done
  start=$(now)
  for ((a = 0; a < 64; a++)); do
    for ((b = a + 1; b < 64; b++)); do
      printf 'board 8 x 8\nwall %s %s\npiece queen\nrule no_attack\nmaximize count\n' \
        "${cells[a]}" "${cells[b]}" > "$work/one.qspec"
      "$QSPEC" solve "$work/one.qspec" > /dev/null 2>&1 || true
      n=$((n + 1))
    done
  done
  expect "two-wall boards" 2016 "$n"
  echo "$n boards in $(since "$start") s"
}

small() {
  echo "== 2 walls, every board (--no-symmetry)"
  echo "--jobs 1: $(timed_sweep w2all 2016 --walls 2 --no-symmetry --jobs 1) s"
  echo "--jobs 2: $(timed_sweep w2all 2016 --walls 2 --no-symmetry --jobs 2) s"
  local classes=([2]=278 [3]=5278)
  for k in 2 3; do
    echo "== $k walls"
    echo "--jobs 1: $(timed_sweep "w$k" "${classes[$k]}" --walls "$k" --jobs 1) s"
    echo "--jobs 2: $(timed_sweep "w$k" "${classes[$k]}" --walls "$k" --jobs 2) s"
    "$QSPEC" sweep merge "$work/w$k.jsonl"
  done
}

four() {
  echo "== 4 walls"
  echo "--jobs 1: $(timed_sweep w4 79920 --walls 4 --jobs 1) s"
  echo "--jobs 2: $(timed_sweep w4 79920 --walls 4 --jobs 2) s"
  local table
  table=$("$QSPEC" sweep merge "$work/w4.jsonl")
  echo "$table"
  # The classes of value 8 and 10 (the blocked article's table says 1386
  # and 29571; the disputed placement is in docs/results.md).
  expect "4 walls: classes of value 8" 1385 "$(awk '$1 == 8 {print $2}' <<< "$table")"
  expect "4 walls: classes of value 10" 29572 "$(awk '$1 == 10 {print $2}' <<< "$table")"
}

puzzles() {
  echo "== puzzles with 2 and 3 walls"
  for rule in one-wall subsets; do
    local start
    start=$(now)
    "$QSPEC" puzzles "$model" --walls 2..3 --minimal "$rule" > "$work/puzzles-$rule.jsonl" 2>/dev/null
    expect "puzzles with 2..3 walls, --minimal $rule" 280 "$(wc -l < "$work/puzzles-$rule.jsonl")"
    echo "$rule: $(wc -l < "$work/puzzles-$rule.jsonl") puzzles in $(since "$start") s"
  done
}

five() {
  echo "== 4 and 5 walls with optimal counts: plan, GNU parallel on 2 cores, merge"
  command -v parallel > /dev/null || { echo "GNU parallel is not installed (apt-get install parallel)"; exit 1; }
  local start n
  start=$(now)
  "$QSPEC" sweep plan "$model" --walls 4..5 --optimal-count-limit 2 --chunk 4096 > "$work/tasks.jsonl"
  n=$(wc -l < "$work/tasks.jsonl")
  seq 0 $((n - 1)) | parallel --jobs 2 --joblog "$work/joblog" --resume \
    "$QSPEC" sweep run "$work/tasks.jsonl" --task {} --out "$work/results" --jobs 1 2> /dev/null
  "$QSPEC" sweep merge "$work"/results/task-*.jsonl --model "$model" --puzzles "$work/puzzles5.jsonl"
  echo "$n tasks: $(since "$start") s in all"
}

case $what in
  loop) loop ;;
  small) small ;;
  four) four ;;
  puzzles) puzzles ;;
  five) five ;;
  all) small; four; puzzles; loop; five ;;
  *) echo "usage: bench/sweep.sh [loop|small|four|puzzles|five|all]" >&2; exit 2 ;;
esac
