#!/usr/bin/env python3
"""An independent checker for peaceable queens (OEIS A250000 / A260680).

    python3 results/check/peaceable.py N M --list     # every class of boards
    python3 results/check/peaceable.py N M --count    # only the summary line
    python3 results/check/peaceable.py N --optimum    # the largest M with a board

m white and m black queens on an n x n board, at most one piece a cell, no
queen attacking a queen of the other colour. The attack is encoded the plain
pairwise way, not through lines: for every two distinct cells p, q on a
common row, column or diagonal, the clause (not w_p or not b_q). (Pieces in
between do not matter: a white and a black on one line with only pieces
between them always give an adjacent white-black pair on that line.)

The symmetry group has order 16: the square's eight symmetries times
swapping the colours. A board is (sorted white cells, sorted black cells);
its canonical form is the least of its 16 images as a Python tuple, its class
size the number of distinct images. Enumeration blocks every image of each
board found, so each class is found once; boards = sum of class sizes.

--list prints one JSON line per class, {"white": [[r,c],...], "black":
[[r,c],...], "class_size": k}, sorted by canonical form, then
"# N M: B boards, C classes". Timings go to stderr.
"""
import json
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver, SolverNames


def solver_name():
    """CaDiCaL if this PySAT has it, else Glucose 4."""
    for name in ("cadical195", "cadical153"):
        if hasattr(SolverNames, name):
            return name
    return "glucose4"


def symmetries(n):
    """The square's eight symmetries as maps of (r, c)."""
    t = n - 1
    return [
        lambda r, c: (r, c), lambda r, c: (c, t - r), lambda r, c: (t - r, t - c),
        lambda r, c: (t - c, r), lambda r, c: (r, t - c), lambda r, c: (t - r, c),
        lambda r, c: (c, r), lambda r, c: (t - c, t - r),
    ]


def images(n, whites, blacks):
    """The 16 images of a board (with repeats), each (whites, blacks) of sorted tuples."""
    out = []
    for f in symmetries(n):
        w = tuple(sorted(f(r, c) for r, c in whites))
        b = tuple(sorted(f(r, c) for r, c in blacks))
        out.append((w, b))
        out.append((b, w))
    return out


def canonical(n, whites, blacks):
    """The canonical form (least image) of a board and its class size."""
    imgs = images(n, whites, blacks)
    return min(imgs), len(set(imgs))


def cells(n):
    return [(r, c) for r in range(n) for c in range(n)]


def wvar(n, r, c):
    return 1 + r * n + c


def bvar(n, r, c):
    return 1 + n * n + r * n + c


def same_line(p, q):
    return p[0] == q[0] or p[1] == q[1] or p[0] - p[1] == q[0] - q[1] or p[0] + p[1] == q[0] + q[1]


def exactly(lits, m, pool):
    """Clauses for: exactly m of lits are true."""
    if m < 0 or m > len(lits):
        return [[]]
    if m == 0:
        return [[-x] for x in lits]
    if m == len(lits):
        return [[x] for x in lits]
    return CardEnc.equals(lits=lits, bound=m, vpool=pool, encoding=EncType.seqcounter).clauses


def build(n, m):
    """A solver holding the peaceable-queens formula for n, m."""
    s = Solver(name=solver_name())
    cs = cells(n)
    for p in cs:
        s.add_clause([-wvar(n, *p), -bvar(n, *p)])
        for q in cs:
            if p != q and same_line(p, q):
                s.add_clause([-wvar(n, *p), -bvar(n, *q)])
    pool = IDPool(start_from=2 * n * n + 1)
    for cl in exactly([wvar(n, *p) for p in cs], m, pool):
        s.add_clause(cl)
    for cl in exactly([bvar(n, *p) for p in cs], m, pool):
        s.add_clause(cl)
    return s


def blocking_clause(n, whites, blacks):
    """The clause excluding exactly this assignment of the 2*n*n cell variables."""
    ws, bs = set(whites), set(blacks)
    clause = []
    for p in cells(n):
        clause.append(-wvar(n, *p) if p in ws else wvar(n, *p))
        clause.append(-bvar(n, *p) if p in bs else bvar(n, *p))
    return clause


def enumerate_classes(n, m):
    """{canonical form: class size} of every board for n, m."""
    classes = {}
    with build(n, m) as s:
        while s.solve():
            model = set(x for x in s.get_model() if x > 0)
            whites = [p for p in cells(n) if wvar(n, *p) in model]
            blacks = [p for p in cells(n) if bvar(n, *p) in model]
            imgs = set(images(n, whites, blacks))
            classes[min(imgs)] = len(imgs)
            for w, b in imgs:
                s.add_clause(blocking_clause(n, w, b))
    return classes


def satisfiable(n, m):
    with build(n, m) as s:
        return s.solve()


def main():
    args = sys.argv[1:]
    t0 = time.time()
    if len(args) == 2 and args[1] == "--optimum":
        n = int(args[0])
        if not satisfiable(n, 0):
            sys.exit("m = 0 unsatisfiable?")
        m = 0
        while satisfiable(n, m + 1):
            m += 1
            print(f"n={n} m={m} satisfiable ({time.time() - t0:.2f}s)", file=sys.stderr)
        print(f"n={n} m={m + 1} unsatisfiable ({time.time() - t0:.2f}s, solver {solver_name()})", file=sys.stderr)
        print(f"# {n}: optimum {m} ({m + 1} unsatisfiable)")
        return
    if len(args) != 3 or args[2] not in ("--list", "--count"):
        sys.exit(__doc__)
    n, m = int(args[0]), int(args[1])
    classes = enumerate_classes(n, m)
    print(f"n={n} m={m}: enumerated in {time.time() - t0:.2f}s (solver {solver_name()})", file=sys.stderr)
    if args[2] == "--list":
        for (w, b), size in sorted(classes.items()):
            print(json.dumps({"white": [list(p) for p in w], "black": [list(p) for p in b], "class_size": size}))
    print(f"# {n} {m}: {sum(classes.values())} boards, {len(classes)} classes")


if __name__ == "__main__":
    main()
