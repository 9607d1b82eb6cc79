#!/usr/bin/env bash
# Certification benchmarks (issue 11): what a checked "impossible" or
# "optimal" costs, at both levels of `solve --certify`.
#
# For each instance, one row:
#   solve        `qspec solve` without --certify (the default engine; the
#                search and, for an optimum, its proof)
#   cnf refute   --certify: a fresh embedded CaDiCaL refuting the claim's CNF
#                while writing a binary DRAT proof
#   cadical      the same CNF (kept with --proof-dir) by the `cadical`
#                binary, without and with a DRAT proof file: the cost of
#                proof logging alone
#   rate         checking the DRAT proof
#   model refute --certify=model: certified encodings of the claim's OPB
#                file, then CaDiCaL's steps, all written as a VeriPB proof
#   veripb       checking the VeriPB proof against the OPB file
#   proof sizes  DRAT (binary) and VeriPB (text)
#
# Usage: bench/certify.sh [quick|all|armies|rows]
#   quick: the first four instances; armies: the armies search's own proofs
#   (peaceable queens, OEIS A250000 n = 6..11): the plain search of the
#   claim "one more than a(n)" on one thread, the proof search that writes
#   the VeriPB proof, veripb's check, the proof's size; rows: the row
#   search's own proofs of its listings (no three in line, OEIS A000769
#   n = 6..11), the same columns, beside CaDiCaL's proof of the same claim
#   QSPEC=path    the qspec to measure (default: this tree's release build)
# Needs rate and veripb (cargo install --locked rate veripb) and cadical.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
. bench/common.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# "<seconds> s" from the line of `text` that holds `key` ("X in <seconds> s"),
# or "none" when there is no such time (a CNF with the empty clause is
# certified on its face).
took_in() {
  local t
  t=$(grep -F "$2" <<<"$1" | sed -n 's/.* in \([0-9.]*\) s.*/\1/p' | head -1)
  if [ -n "$t" ]; then echo "$t s"; else echo "none"; fi
}

# One instance: "| name | solve | cnf refute | cadical | rate | model refute | veripb | sizes |".
row() {
  local name=$1; shift
  local start solve cnf_out model_out cnf_file plain logged
  start=$(now)
  "$QSPEC" solve "$@" >/dev/null 2>&1 || true
  solve=$(since "$start")
  rm -rf "$work/cnf" "$work/model"
  cnf_out=$("$QSPEC" solve "$@" --certify --proof-dir "$work/cnf" 2>/dev/null || true)
  model_out=$("$QSPEC" solve "$@" --certify=model --proof-dir "$work/model" 2>/dev/null || true)
  cnf_file=$(ls "$work"/cnf/*.cnf)
  local cadical_cell="-" drat_size="-"
  if ls "$work"/cnf/*.drat >/dev/null 2>&1; then
    start=$(now); cadical -q "$cnf_file" >/dev/null || true
    plain=$(since "$start")
    start=$(now); cadical -q "$cnf_file" "$work/cadical.drat" >/dev/null || true
    logged=$(since "$start")
    cadical_cell="$plain / $logged s"
    drat_size=$(du -h "$work"/cnf/*.drat | cut -f1)
  fi
  local pbp_size
  pbp_size=$(du -h "$work"/model/*.pbp | cut -f1)
  local verdicts
  verdicts=$(grep -c '^c certified' <<<"$cnf_out$model_out" || true)
  expect "certify $name" 2 "$verdicts"
  echo "| $name | $solve s | $(took_in "$cnf_out" "c certify:") | $cadical_cell | $(took_in "$cnf_out" "c certified:") | $(took_in "$model_out" "c certify:") | $(took_in "$model_out" "c certified:") | $drat_size / $pbp_size | $verdicts/2 |"
}

# One armies-search claim: "| n | a(n) | plain search | proof search | veripb | proof size |".
armies_row() {
  local n=$1 most=$2 start plain out
  start=$(now)
  "$QSPEC" solve models/peaceable-queens-at-least.qspec -D "n=$n" -D "m=$((most + 1))" \
    --engine armies --threads 1 >/dev/null 2>&1 || true
  plain=$(since "$start")
  rm -rf "$work/armies"
  out=$("$QSPEC" solve models/peaceable-queens.qspec -D "n=$n" --engine armies \
    --certify=model --proof-dir "$work/armies" 2>/dev/null || true)
  expect "certify armies n=$n" 1 "$(grep -c '^c certified' <<<"$out" || true)"
  echo "| $n | $most | $plain s | $(took_in "$out" "c certify:") | $(took_in "$out" "c certified:") | $(du -h "$work"/armies/*.pbp | cut -f1) |"
}

# One row-search listing: "| n | classes | plain listing | proof search |
# veripb | proof | CaDiCaL's proof and veripb |" (CaDiCaL's to n = 9).
rows_row() {
  local n=$1 classes=$2 start plain out cadical="-"
  start=$(now)
  "$QSPEC" count models/no-three-in-line.qspec -D "n=$n" --up-to-symmetry --threads 1 \
    >/dev/null 2>&1 || true
  plain=$(since "$start")
  rm -rf "$work/rows"
  out=$("$QSPEC" count models/no-three-in-line.qspec -D "n=$n" --up-to-symmetry \
    --certify=model --proof-dir "$work/rows" 2>/dev/null || true)
  expect "certify rows n=$n" 1 "$(grep -c "^c certified: .*row search's own proof" <<<"$out" || true)"
  expect "classes n=$n" 1 "$(grep -c "^$classes classes under" <<<"$out" || true)"
  local size
  size=$(du -h "$work"/rows/*.pbp | cut -f1)
  if [ "$n" -le 9 ]; then
    local sat
    sat=$("$QSPEC" count models/no-three-in-line.qspec -D "n=$n" --up-to-symmetry --engine cadical \
      --certify=model 2>/dev/null || true)
    expect "certify cadical n=$n" 1 "$(grep -c '^c certified' <<<"$sat" || true)"
    cadical="$(took_in "$sat" "c certify:") / $(took_in "$sat" "c certified:")"
  fi
  echo "| $n | $classes | $plain s | $(took_in "$out" "c certify:") | $(took_in "$out" "c certified:") | $size | $cadical |"
}

if [ "$what" = rows ]; then
  echo "| n | classes | plain listing | proof search | veripb | proof | CaDiCaL's proof / veripb |"
  echo "|---|---|---|---|---|---|---|"
  for pair in 6:11 7:22 8:57 9:51 10:156 11:158; do rows_row "${pair%%:*}" "${pair##*:}"; done
  exit 0
fi

if [ "$what" = armies ]; then
  echo "| n | a(n) | plain search of a(n) + 1 | proof search | veripb | proof |"
  echo "|---|---|---|---|---|---|"
  for pair in 6:5 7:7 8:9 9:12 10:14 11:17; do armies_row "${pair%%:*}" "${pair##*:}"; done
  exit 0
fi

echo "| instance | solve | cnf refute (DRAT) | cadical plain / with DRAT | rate | model refute (VeriPB) | veripb | DRAT / VeriPB size | certified |"
echo "|---|---|---|---|---|---|---|---|---|"
row "5^3 maximum 13" models/queens-3d-5.qspec
row "6x6 q_4 = 15 (each attacks exactly 4)" models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=4
row "8x8 queen domination m=4 impossible" models/queen-domination.qspec -D m=4
row "Q_3(8) >= 19, hint lines" models/queens-attacking-exactly-k.qspec -D n=8 -D k=3 -D m=19
[ "$what" = quick ] && exit 0
row "12x12 queen domination m=5 impossible" models/queen-domination.qspec -D n=12 -D m=5
row "(6,3) >= 22 impossible" models/queens-nd.qspec -D n=6 -D d=3 -D m=22
