#!/usr/bin/env bash
# No three in line (issue 40): every board of 2n points on n x n, no three
# on a line, counted and sorted into classes under the square's 8
# symmetries (A000769 classes, A000755 boards), by
#   * qspec's row search (`qspec count --up-to-symmetry`, auto's pick);
#   * qspec with CaDiCaL (`--engine cadical`: one board a class, under
#     lex-leader constraints);
#   * the checker of docs/results.md (`results/check`, `check lines N`:
#     its own search, the row with the fewest open cells next, no
#     symmetry);
#   * OR-tools CP-SAT enumerating every board of the model `sum <= 2` on
#     every line of three cells or more, `sum == 2n`, one worker (CP-SAT
#     enumerates on one), the classes counted from the boards;
#   * OR-tools CP-SAT with its own symmetry handling ("CP-SAT, lex-leader"):
#     the same model plus the implied `sum == 2` on every row and every
#     column, and lex-leader constraints for the square's 7 other
#     symmetries: for each g, the board read row by row (cell (r, c) is a
#     0/1 variable) is lexicographically <= its image under g, by the chain
#     encoding (an "equal so far" literal e_k for each compared place,
#     e_k <-> e_{k-1} and x_k == x_g(k), e_{k-1} -> x_k <= x_g(k); places
#     that g fixes, and for an involution the second place of each pair,
#     are skipped, so boards fixed by g stay in). Every solution,
#     enumerated with one worker, is one class's lex-least member; the
#     boards are the sum of the class sizes (each solution's distinct
#     images). It runs with `linearization_level=0` (no LP relaxation):
#     measured at n <= 8, against CP-SAT's
#     default settings (5.7 s at n=8) and against PySAT's CaDiCaL 1.9.5 /
#     1.5.3 on a CNF of the same model (pysat.card, rows and columns too),
#     every found board's 8 images blocked until UNSAT (0.63-0.65 s), this
#     was the stronger peer (0.54-0.59 s at n=8). Without the row and
#     column constraints it is far slower, with or without the LP (6.7 s at
#     n=8 with it, > 10 min without), so they stay in. Like the other
#     CP-SAT route, the time is the solve alone, not building the model.
# Every cell is checked against the OEIS value before it is printed.
#
# Usage: bench/lines.sh
#   N_FROM=6 N_TO=11  the board sizes
#   TIMEOUT=600       seconds per run, any route
#   QSPEC=path        the qspec to measure (default: this tree's release build)
# A cell is "classes/boards in seconds", or ">T" when not done in time.
# Needs `pip install ortools`.
set -euo pipefail
cd "$(dirname "$0")/.."
from=${N_FROM:-6}
to=${N_TO:-11}
timeout=${TIMEOUT:-600}
. bench/common.sh
cargo build --release --quiet --manifest-path results/check/Cargo.toml
check=results/check/target/release/qspec-results-check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `cpsat.py N` enumerates every board; `cpsat.py N lex` one a class, under
# its own lex-leader constraints (the header above).
cat > "$work/cpsat.py" <<'PY'
import math, sys, time
from ortools.sat.python import cp_model
n, lex = int(sys.argv[1]), sys.argv[2:] == ["lex"]
cells = [(r, c) for r in range(n) for c in range(n)]
lines = set()
for i, (r1, c1) in enumerate(cells):
    for (r2, c2) in cells[i + 1:]:
        g = math.gcd(r2 - r1, c2 - c1)
        dr, dc = (r2 - r1) // g, (c2 - c1) // g
        r, c = r1, c1
        while 0 <= r - dr < n and 0 <= c - dc < n:
            r, c = r - dr, c - dc
        line = []
        while 0 <= r < n and 0 <= c < n:
            line.append((r, c))
            r, c = r + dr, c + dc
        if len(line) >= 3:
            lines.add(tuple(line))
m = cp_model.CpModel()
x = {p: m.NewBoolVar(f"x{p}") for p in cells}
for line in lines:
    m.Add(sum(x[p] for p in line) <= 2)
m.Add(sum(x.values()) == 2 * n)
t = n - 1
maps = [lambda r, c: (r, c), lambda r, c: (c, t - r), lambda r, c: (t - r, t - c),
        lambda r, c: (t - c, r), lambda r, c: (r, t - c), lambda r, c: (t - r, c),
        lambda r, c: (c, r), lambda r, c: (t - c, t - r)]
def images(board):
    return {tuple(sorted(g(r, c) for r, c in board)) for g in maps}
def lex_leader():
    for i in range(n):  # implied by the lines and the total
        m.Add(sum(x[(i, c)] for c in range(n)) == 2)
        m.Add(sum(x[(r, i)] for r in range(n)) == 2)
    place = {p: k for k, p in enumerate(cells)}
    for g in maps[1:]:
        # The board x (row by row) <=lex its image y, y at p being x at g(p).
        involution = all(g(*g(*p)) == p for p in cells)
        e = m.NewConstant(1)  # x and y are equal before this place
        for k, p in enumerate(cells):
            q = g(*p)
            if q == p or (involution and place[q] < k):
                continue  # x_p against itself, or compared already at place q
            a, b = x[p], x[q]
            m.AddBoolOr([e.Not(), a.Not(), b])  # e -> a <= b
            f = m.NewBoolVar("")  # f <-> e and a == b: fixed by x, so no
            m.AddImplication(f, e)  # solution is enumerated twice
            m.AddBoolOr([f.Not(), a.Not(), b])
            m.AddBoolOr([f.Not(), a, b.Not()])
            m.AddBoolOr([e.Not(), a.Not(), b.Not(), f])
            m.AddBoolOr([e.Not(), a, b, f])
            e = f
if lex:
    lex_leader()
class Boards(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.classes, self.boards = set(), 0
    def on_solution_callback(self):
        seen = images([p for p in cells if self.Value(x[p])])
        self.classes.add(min(seen))
        self.boards += len(seen) if lex else 1
s = cp_model.CpSolver()
s.parameters.enumerate_all_solutions = True
s.parameters.num_workers = 1
if lex:
    s.parameters.linearization_level = 0
start = time.monotonic()
found = Boards()
s.Solve(m, found)
print(f"{len(found.classes)}/{found.boards} {time.monotonic() - start:.2f}")
PY
# A000769 and A000755 for n = 2..15.
classes=(0 0 1 1 4 5 11 22 57 51 156 158 566 499 1366 3978)
boards=(0 0 1 2 11 32 50 132 380 368 1135 1120 4348 3622 10568 30634)
qspec_cell() {
    local start out c b
    start=$(now)
    if out=$(timeout "$timeout" "$QSPEC" count models/no-three-in-line.qspec -D "n=$1" --up-to-symmetry --jsonl "${@:2}" 2>/dev/null); then
        c=$(echo "$out" | tail -1 | sed -n 's/.*"classes":\([0-9]*\).*/\1/p')
        b=$(echo "$out" | tail -1 | sed -n 's/.*"solutions":\([0-9]*\).*/\1/p')
        expect "qspec $* n=$1" "${classes[$1]}/${boards[$1]}" "$c/$b"
        echo "$c/$b in $(since "$start") s"
    else
        echo ">$timeout"
    fi
}
echo "| n | qspec, row search | qspec, CaDiCaL | checker | CP-SAT (1 worker) | CP-SAT, lex-leader (1 worker) |"
echo "|---|---|---|---|---|---|"
for n in $(seq "$from" "$to"); do
    rows=$(qspec_cell "$n")
    cadical=$(qspec_cell "$n" --engine cadical)
    if out=$(timeout "$timeout" "$check" lines "$n"); then
        c=$(echo "$out" | sed -n 's/.*solutions, \([0-9]*\) classes.*/\1/p')
        b=$(echo "$out" | sed -n 's/^lines n=[0-9]*: \([0-9]*\) solutions.*/\1/p')
        expect "checker n=$n" "${classes[$n]}/${boards[$n]}" "$c/$b"
        checker="$c/$b in $(echo "$out" | sed -n 's/.*nodes, \([0-9.]*\) s$/\1/p') s"
    else
        checker=">$timeout"
    fi
    if out=$(timeout "$timeout" python3 "$work/cpsat.py" "$n"); then
        expect "CP-SAT n=$n" "${classes[$n]}/${boards[$n]}" "${out% *}"
        cpsat="${out% *} in ${out#* } s"
    else
        cpsat=">$timeout"
    fi
    if out=$(timeout "$timeout" python3 "$work/cpsat.py" "$n" lex); then
        expect "CP-SAT lex-leader n=$n" "${classes[$n]}/${boards[$n]}" "${out% *}"
        lex="${out% *} in ${out#* } s"
    else
        lex=">$timeout"
    fi
    echo "| $n | $rows | $cadical | $checker | $cpsat | $lex |"
done
