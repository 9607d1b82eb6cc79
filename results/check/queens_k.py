#!/usr/bin/env python3
"""The second route of docs/results.md for queens that each attack exactly
k others: a separate program written only for the check, sharing no code
with qspec. Its own CNF (PySAT's cardinality encodings, not qspec's), a SAT
solver that is not qspec's engine (Glucose 4 through PySAT), every solution
listed with a blocking clause over the board's cells only, and the classes
under the square's eight symmetries computed here.

    python3 results/check/queens_k.py N K M [--list | --count] [--cubes P [--log FILE]]

prints the number of placements of exactly M queens on N x N with each
attacking exactly K others (a queen attacks the first queen in each of its
eight directions), and the number of classes; --list prints each class's
canonical board (rows of . and Q, separated by " / "); --count counts
without listing, with the model counter d4 on this program's CNF, and the
classes by Burnside's lemma (pip install d4solver). --cubes P lists in 256
cubes (the settings of 8 cells, each cube solved by a Glucose of its own,
holding that cube's blocking clauses only) on P processes: the same boards,
faster where one solver slows under its blocking clauses (the 8 cells are
the ones that share out this program's first 2000 placements most evenly:
`balanced_split`); with --count, d4
counts every placement as the sum of the 256 cubes' counts, each a smaller
formula (less memory); --log FILE keeps each cube's count there as it is
found (a line `cube C COUNT SECONDS`), and a run given a FILE that holds
some cubes already counts only the others, so a long count can be stopped
and resumed.

Needs: pip install python-sat
"""
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Glucose4

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def clauses(n, k, m):
    """The CNF: x(r, c) a queen; a(r, c, d) "some queen on the ray from
    (r, c) in direction d" (so the queen on (r, c), if any, attacks the
    first of them); every queen has exactly k such directions; m queens."""
    pool = IDPool()
    x = {(r, c): pool.id(("x", r, c)) for r in range(n) for c in range(n)}
    out = []
    for (r, c), queen in x.items():
        seen = []
        for dr, dc in DIRECTIONS:
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < n and 0 <= cc < n:
                ray.append(x[(rr, cc)])
                rr, cc = rr + dr, cc + dc
            if not ray:
                continue
            a = pool.id(("a", r, c, dr, dc))
            out.append([-a] + ray)
            out.extend([[-v, a] for v in ray])
            seen.append(a)
        if k > len(seen):
            out.append([-queen])
            continue
        exactly = CardEnc.equals(lits=seen, bound=k, vpool=pool, encoding=EncType.totalizer)
        out.extend([[-queen] + cl for cl in exactly.clauses])
    total = CardEnc.equals(lits=list(x.values()), bound=m, vpool=pool, encoding=EncType.seqcounter)
    out.extend(total.clauses)
    out.extend(line_identity(n, k, m, x, pool))
    return x, out


def line_identity(n, k, m, x, pool):
    """An implied constraint: exactly (8 - k) m / 2 of the 6n - 2 lines hold
    a queen. Proof: on a line with j >= 1 queens, consecutive queens attack
    each other, 2 (j - 1) attacks in all; a queen lies on 4 lines, so the
    attacks sum to sum over lines (2 j - 2) = 2 (4 m) - 2 N = k m, with N
    the number of lines that hold a queen. No solution is lost; the solver
    is spared rediscovering this pigeonhole argument."""
    doubled = (8 - k) * m
    if doubled % 2:
        return [[]]  # no solution: an empty clause
    lines = [[(r, c) for c in range(n)] for r in range(n)]
    lines += [[(r, c) for r in range(n)] for c in range(n)]
    lines += [[(r, r - s) for r in range(n) if 0 <= r - s < n] for s in range(-(n - 1), n)]
    lines += [[(r, s - r) for r in range(n) if 0 <= s - r < n] for s in range(2 * n - 1)]
    out, busy = [], []
    for i, line in enumerate(lines):
        b = pool.id(("line", i))
        out.append([-b] + [x[p] for p in line])
        out.extend([[-x[p], b] for p in line])
        busy.append(b)
    out.extend(CardEnc.equals(lits=busy, bound=doubled // 2, vpool=pool, encoding=EncType.seqcounter).clauses)
    return out


def image(n, s, cells):
    """The image of a set of (r, c) under symmetry s of the square, sorted."""
    t = n - 1
    maps = [
        lambda r, c: (r, c), lambda r, c: (c, t - r), lambda r, c: (t - r, t - c),
        lambda r, c: (t - c, r), lambda r, c: (r, t - c), lambda r, c: (t - r, c),
        lambda r, c: (c, r), lambda r, c: (t - c, t - r),
    ]
    return sorted(maps[s](r, c) for r, c in cells)


def quietly(f):
    """f(), with the standard output of the C++ library it calls (d4
    prints its statistics there) sent to /dev/null."""
    import os
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        return f()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)


def d4_count(n_vars, shown, cnf):
    """The models of `cnf` projected on the variables `shown`, counted by d4
    (pip install d4solver)."""
    import os
    import tempfile
    import py_d4
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
        f.write(f"p cnf {n_vars} {len(cnf)}\n")
        f.write("c p show " + " ".join(str(v) for v in shown) + " 0\n")
        for cl in cnf:
            f.write(" ".join(map(str, cl)) + " 0\n")
    try:
        return quietly(lambda: int(py_d4.Solver(f.name).count().getIntResult()))
    finally:
        os.unlink(f.name)


def counted_cube(n, k, m, cells, cube):
    """(cube, the placements of cube number `cube` (bit j setting
    `cells[j]`) by d4, seconds)."""
    started = time.time()
    x, cnf = clauses(n, k, m)
    n_vars = max(abs(l) for cl in cnf for l in cl)
    units = [[x[p] if cube >> j & 1 else -x[p]] for j, p in enumerate(cells)]
    return cube, d4_count(n_vars, x.values(), cnf + units), time.time() - started


def cube_counts(n, k, m, processes, log):
    """{cube: placements} for the 256 cubes, on `processes` processes; the
    split and the cubes `log` (a file name, or None) already holds are read
    from it, the others counted and appended to it as they finish."""
    import os
    counts, cells = {}, None
    if log and os.path.exists(log) and os.path.getsize(log) > 0:
        with open(log) as f:
            for line in f:
                words = line.split()
                if words[0] == "split":
                    cells = [tuple(int(v) for v in w.split(",")) for w in words[1:]]
                else:
                    assert words[0] == "cube" and len(words) == 4, f"{log}: {line!r}"
                    counts[int(words[1])] = int(words[2])
        assert cells, f"{log} does not say its split"
    else:
        cells = balanced_split(n, k, m)
        if log:
            with open(log, "w") as f:
                f.write("split " + " ".join(f"{r},{c}" for r, c in cells) + "\n")
    print(f"cubes on the cells {cells}", file=sys.stderr, flush=True)
    todo = [(n, k, m, cells, c) for c in range(256) if c not in counts]
    from multiprocessing import Pool
    with Pool(processes) as pool:
        for cube, count, seconds in pool.imap_unordered(star_counted_cube, todo):
            counts[cube] = count
            if log:
                with open(log, "a") as f:
                    f.write(f"cube {cube} {count} {seconds:.1f}\n")
            print(f"cube {cube}: {count} ({seconds:.1f} s; {len(counts)} of 256 done)",
                  file=sys.stderr, flush=True)
    return counts


def star_counted_cube(args):
    return counted_cube(*args)


def burnside(n, k, m, processes=None, log=None):
    """The count without listing: for each symmetry g of the square, the
    placements g fixes (the CNF with x(p) = x(g p) added), counted by the
    model counter d4 projected on the cells (pip install d4solver); the
    classes are the average over the eight (Burnside's lemma). With
    `processes`, the identity's count (every placement) is the sum of the
    256 cubes' counts, on that many processes (less memory each)."""
    x, cnf = clauses(n, k, m)
    n_vars = max(abs(l) for cl in cnf for l in cl)
    fixed = []
    for s in range(8):
        if s == 0 and processes:
            fixed.append(sum(cube_counts(n, k, m, processes, log).values()))
            continue
        extra = []
        for (r, c), v in x.items():
            (rr, cc), = image(n, s, [(r, c)])
            if (rr, cc) != (r, c):
                extra += [[-v, x[(rr, cc)]], [v, -x[(rr, cc)]]]
        fixed.append(d4_count(n_vars, x.values(), cnf + extra))
    return fixed


def main():
    n, k, m = (int(a) for a in sys.argv[1:4])
    listing = "--list" in sys.argv
    started = time.time()
    processes = int(sys.argv[sys.argv.index("--cubes") + 1]) if "--cubes" in sys.argv else None
    log = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None
    if log and not processes:
        raise SystemExit("--log keeps the cubes' counts: it needs --cubes P")
    if "--count" in sys.argv:
        fixed = burnside(n, k, m, processes, log)
        print(f"queens_k n={n} k={k} m={m}: {fixed[0]} solutions, {sum(fixed) / 8:g} classes "
              f"(Burnside: fixed by each symmetry {fixed}), counted by d4, {time.time() - started:.2f} s")
        return
    if processes:
        from multiprocessing import Pool
        cells = balanced_split(n, k, m)
        with Pool(processes) as pool:
            parts = pool.starmap(listed, [(n, k, m, cells, cube) for cube in range(256)])
    else:
        parts = [listed(n, k, m, None, None)]
    solutions = sum(p[0] for p in parts)
    boards = sorted(b for p in parts for b in p[1])
    class_sizes = sum(p[2] for p in parts)
    print(f"queens_k n={n} k={k} m={m}: {solutions} solutions, {len(boards)} classes "
          f"(class sizes sum to {class_sizes}), {time.time() - started:.2f} s")
    if listing:
        for cells in boards:
            print(" / ".join("".join("Q" if (r, c) in cells else "." for c in range(n)) for r in range(n)))


SAMPLE = 2000


def balanced_split(n, k, m):
    """The 8 cells the cubes set, chosen to share out this program's own
    first SAMPLE placements (listed by Glucose) most evenly: greedily, each
    cell the one that most lowers the sum of the squared sizes of the parts
    so far. Any 8 distinct cells partition the placements, so the choice
    changes only how the work is spread, never a count."""
    x, cnf = clauses(n, k, m)
    sample = []
    with Glucose4(bootstrap_with=cnf) as solver:
        while len(sample) < SAMPLE and solver.solve():
            model = set(l for l in solver.get_model() if l > 0)
            sample.append(frozenset(p for p, v in x.items() if v in model))
            solver.add_clause([-x[p] for p in sample[-1]])
    chosen, parts = [], [sample]
    for _ in range(8):
        def cost(p):
            return sum(len(q) ** 2 + (len(part) - len(q)) ** 2
                       for part in parts for q in [[b for b in part if p in b]])
        best = min((p for p in sorted(x) if p not in chosen), key=cost)
        chosen.append(best)
        parts = [q for part in parts
                 for q in ([b for b in part if best in b], [b for b in part if best not in b])]
    return chosen


def listed(n, k, m, cells, cube):
    """Every placement (of cube number `cube`, bit j setting `cells[j]`,
    when given): (solutions, the canonical boards, their class sizes'
    sum)."""
    x, cnf = clauses(n, k, m)
    if cube is not None:
        cnf = cnf + [[x[p] if cube >> j & 1 else -x[p]] for j, p in enumerate(cells)]
    solutions = class_sizes = 0
    canonical = []
    with Glucose4(bootstrap_with=cnf) as solver:
        while solver.solve():
            model = set(l for l in solver.get_model() if l > 0)
            cells = sorted(p for p, v in x.items() if v in model)
            solutions += 1
            images = [image(n, s, cells) for s in range(8)]
            if cells == min(images):
                class_sizes += 8 // images.count(cells)
                canonical.append(cells)
            # Exactly m queens: no other solution holds all of these cells.
            solver.add_clause([-x[p] for p in cells])
    return solutions, canonical, class_sizes


if __name__ == "__main__":
    main()
