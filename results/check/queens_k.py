#!/usr/bin/env python3
"""The second route of docs/results.md for queens that each attack exactly
k others: a separate program written only for the check, sharing no code
with qspec. Its own CNF (PySAT's cardinality encodings, not qspec's), a SAT
solver that is not qspec's engine (Glucose 4 through PySAT), every solution
listed with a blocking clause over the board's cells only, and the classes
under the square's eight symmetries computed here.

    python3 results/check/queens_k.py N K M [--list [--up-to-symmetry] | --count] [--cubes P [--log FILE]] [--cube-cells W]

prints the number of placements of exactly M queens on N x N with each
attacking exactly K others (a queen attacks the first queen in each of its
eight directions), and the number of classes; --list prints each class's
canonical board (rows of . and Q, separated by " / "); --count counts
without listing, with the model counter d4 on this program's CNF, and the
classes by Burnside's lemma (pip install d4solver). --list
--up-to-symmetry lists with the CNF cut to each class's least image
(`least_image_only`): every solution is then a class, which the count
line shows (solutions = classes, the class sizes summing to the boards).

--cubes P cuts the work into the 2^W cubes of W cells (8 unless
--cube-cells W says otherwise: each cube one setting of the W cells), on P
processes. The cells are chosen to share out a sample of placements most
evenly (`balanced_split`); any W cells partition the placements, so the
choice spreads the work and changes no answer. Listing, each cube has a
Glucose of its own, holding that cube's blocking clauses only (the same
boards, faster where one solver slows under its blocking clauses);
counting, d4 counts every placement as the sum of the cubes' counts, each
a smaller formula (less memory), and --log FILE keeps the split and each
cube's count there as it is found (a line `cube C COUNT SECONDS`): a run
given a FILE that holds some cubes counts only the others, so a long count
can be stopped and resumed.

    python3 results/check/queens_k.py N K M --exclude LIST [--up-to-symmetry] [--cubes P [--log FILE]] [--cube-cells W]

checks that a list of boards is complete: LIST is qspec's `--jsonl`
listing (one class a line, `"cells":[[r,c],...]`, summary lines without
cells ignored; gzip-compressed when it ends in .gz); every board of every
class (its images under the square's eight symmetries, computed here) is
excluded from this program's CNF by a clause, and Glucose is asked for one
more placement. "none" (unsatisfiable) means no placement lies outside the
list, whatever produced it; one found is printed and the exit code is 1.
That the listed boards are valid is checked apart (results/check's
`boards`). With --cubes P, each cube is asked on its own, with the clauses
of its own boards only (more cubes, fewer clauses each: a cube's call grows
faster than its boards); the split shares out some 4000 listed boards.
--log FILE keeps the split, the list's board count and SHA-256 (`list B
DIGEST`) and each cube found unsatisfiable (`cube C none SECONDS`); a run
given a FILE that holds some cubes asks only the others, on the log's
split, and refuses a log of another list: a check of hours survives a
stop.

--exclude --up-to-symmetry excludes one board a class, its least image
(computed here), from the CNF cut to least images (`least_image_only`):
"none" means every class's least image is listed, so every placement is
in a listed class (a placement's least image is a placement, the rules
being the same in every symmetry of the square, and the cut keeps it).
Some eight times fewer clauses and solutions, and calls 5 to 50 times
faster; the log says `classes C DIGEST` (the count and SHA-256 of the
least images).

Needs: pip install python-sat
"""
import functools
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Glucose4

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def clauses(n, k, m, least=False):
    """The CNF: x(r, c) a queen; a(r, c, d) "some queen on the ray from
    (r, c) in direction d" (so the queen on (r, c), if any, attacks the
    first of them); every queen has exactly k such directions; m queens;
    with `least`, only each class's least image (`least_image_only`)."""
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
    if least:
        out.extend(least_image_only(n, x, pool))
    return x, out


@functools.lru_cache(maxsize=4)
def cached_clauses(n, k, m, least=False):
    """clauses(n, k, m, least), built once a process (the cubes of one run
    share it; callers extend a copy, never the list itself)."""
    return clauses(n, k, m, least)


def least_image_only(n, x, pool):
    """Clauses that keep, of each class of boards under the square's eight
    symmetries, its least image only: the image whose sorted cell indices
    r * n + c are least, which is the image whose 0/1 vector over the cells
    in that order is greatest (at the first cell where two images differ,
    the least one holds a queen). For each symmetry s other than the
    identity, the board's vector v is kept >= (lexicographically) the
    vector w of its image under s, where w(i) = v(s^-1(i)): e(i) is "v and
    w agree on every cell before i" (e(0) true); e(i) and not v(i) imply
    not w(i); e(i) and v(i) = w(i) imply e(i + 1).

    Sound for --exclude: the least image v of any class is >= each of its
    images, so with e(i) set to "agree before i" every clause holds, and v
    is a solution. So no board is lost but those that are not the least of
    their class (the clauses need not remove all of them, though they do:
    tested against --list, classes = solutions)."""
    out = []
    for s in range(1, 8):
        source = {to: cell for cell, to in cell_images(n, s).items()}  # s maps source[i] to i
        agree = None  # e(i); None while it is "true"
        for i in range(n * n):
            v, w = x[(i // n, i % n)], x[source[(i // n, i % n)]]
            if v == w:
                continue  # a fixed cell: v(i) = w(i) always
            so_far = [] if agree is None else [-agree]
            nxt = pool.id(("agree", s, i))
            out.append(so_far + [v, -w])
            out.append(so_far + [-v, -w, nxt])
            out.append(so_far + [v, w, nxt])
            agree = nxt
    return out


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


def cell_images(n, s):
    """{(r, c): its image under symmetry s of the square}."""
    return {(r, c): image(n, s, [(r, c)])[0] for r in range(n) for c in range(n)}


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
    x, cnf = cached_clauses(n, k, m)
    n_vars = max(abs(l) for cl in cnf for l in cl)
    units = [[x[p] if cube >> j & 1 else -x[p]] for j, p in enumerate(cells)]
    return cube, d4_count(n_vars, x.values(), cnf + units), time.time() - started


def cube_counts(n, k, m, processes, log, width):
    """{cube: placements} for the cubes on `width` cells, on `processes`
    processes; the split and the cubes `log` (a file name, or None) already
    holds are read from it, the others counted and appended to it as they
    finish."""
    cells, logged, _ = read_log(log)
    counts = {cube: int(word) for cube, word in logged.items()}
    if cells is None:
        cells = balanced_split(n, k, m, width)
        start_log(log, cells)
    print(f"cubes on the cells {cells}", file=sys.stderr, flush=True)
    todo = [(n, k, m, cells, c) for c in range(2 ** len(cells)) if c not in counts]
    from multiprocessing import Pool
    with Pool(processes) as pool:
        for cube, count, seconds in pool.imap_unordered(star_counted_cube, todo):
            counts[cube] = count
            log_cube(log, cube, count, seconds)
            print(f"cube {cube}: {count} ({seconds:.1f} s; {len(counts)} of {2 ** len(cells)} done)",
                  file=sys.stderr, flush=True)
    return counts


def read_log(log):
    """What a --log FILE holds: the split (a list of (r, c), or None when
    there is no such file yet), {cube: its result, a word}, and the words of
    its `list` or `classes` line (--exclude: the list's board count and
    digest, or with --up-to-symmetry its class count and the digest of the
    least images), if any."""
    import os
    cells, cubes, listed = None, {}, None
    if not (log and os.path.exists(log) and os.path.getsize(log) > 0):
        return cells, cubes, listed
    with open(log) as f:
        for line in f:
            words = line.split()
            if words[0] == "split":
                cells = [tuple(int(v) for v in w.split(",")) for w in words[1:]]
            elif words[0] in ("list", "classes"):
                listed = words
            else:
                assert words[0] == "cube" and len(words) == 4, f"{log}: {line!r}"
                cubes[int(words[1])] = words[2]
    assert cells, f"{log} does not say its split"
    return cells, cubes, listed


def start_log(log, cells, *lines):
    """A new --log FILE (when `log` is a name): the split, then `lines`."""
    if log:
        with open(log, "w") as f:
            f.write("split " + " ".join(f"{r},{c}" for r, c in cells) + "\n")
            f.writelines(line + "\n" for line in lines)


def log_cube(log, cube, result, seconds):
    """One cube's result appended to the --log FILE (when `log` is a name)."""
    if log:
        with open(log, "a") as f:
            f.write(f"cube {cube} {result} {seconds:.1f}\n")


def star_counted_cube(args):
    return counted_cube(*args)


def burnside(n, k, m, processes=None, log=None, width=8):
    """The count without listing: for each symmetry g of the square, the
    placements g fixes (the CNF with x(p) = x(g p) added), counted by the
    model counter d4 projected on the cells (pip install d4solver); the
    classes are the average over the eight (Burnside's lemma). With
    `processes`, the identity's count (every placement) is the sum of the
    cubes' counts, on that many processes (less memory each)."""
    x, cnf = cached_clauses(n, k, m)
    n_vars = max(abs(l) for cl in cnf for l in cl)
    fixed = []
    for s in range(8):
        if s == 0 and processes:
            fixed.append(sum(cube_counts(n, k, m, processes, log, width).values()))
            continue
        extra = []
        for cell, to in cell_images(n, s).items():
            if to != cell:
                extra += [[-x[cell], x[to]], [x[cell], -x[to]]]
        fixed.append(d4_count(n_vars, x.values(), cnf + extra))
    return fixed


def listed_boards(n, path, least=False):
    """Every board of the classes in qspec's --jsonl list at `path`: each
    class's images under the square's symmetries (with `least`, its least
    image only, computed here), as sorted tuples of cell indices r * n + c."""
    import gzip
    import json
    boards = set()
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        for line in f:
            o = json.loads(line)
            if "cells" in o:
                cells = [tuple(c) for c in o["cells"]]
                images = [tuple(r * n + c for r, c in image(n, s, cells)) for s in range(8)]
                boards.update([min(images)] if least else images)
    return boards


def cube_of(board, cells):
    """The cube number of a board (a set of cell indices): bit j set when
    it holds `cells[j]`."""
    return sum(1 << j for j, p in enumerate(cells) if p in board)


def one_more(n, k, m, boards, cells, cube, least=False):
    """(cube, a placement not among `boards`, or None), asked of Glucose on
    this program's CNF (with `least`, on least images only) with a clause
    excluding each board (boards as tuples of cell indices; with `cube`,
    the cube's units on the split `cells` are added too)."""
    started = time.time()
    x, cnf = cached_clauses(n, k, m, least)
    at = [x[(i // n, i % n)] for i in range(n * n)]
    if cube is not None:
        cnf = cnf + [[at[p] if cube >> j & 1 else -at[p]] for j, p in enumerate(cells)]
    cnf = cnf + [[-at[p] for p in b] for b in boards]
    with Glucose4(bootstrap_with=cnf) as solver:
        if not solver.solve():
            return cube, None, time.time() - started
        model = set(l for l in solver.get_model() if l > 0)
        return cube, sorted(p for p, v in x.items() if v in model), time.time() - started


def star_one_more(args):
    return one_more(*args)


def digest(boards):
    """The SHA-256 of a set of boards (each a sorted tuple of cell indices),
    one board a line, the lines sorted: what a --log of --exclude is tied to."""
    import hashlib
    text = "".join(" ".join(map(str, b)) + "\n" for b in sorted(boards))
    return hashlib.sha256(text.encode()).hexdigest()


def exclude(n, k, m, path, processes, width, log=None, least=False):
    """The --exclude check (see the module's doc); the exit code."""
    boards = listed_boards(n, path, least)
    what = "classes (their least images)" if least else "boards"
    print(f"queens_k n={n} k={k} m={m}: {len(boards)} {what} in {path}", flush=True)
    if processes:
        the_list = f"{'classes' if least else 'list'} {len(boards)} {digest(boards)}"
        logged_cells, logged, listed = read_log(log)
        if logged_cells is None:
            # The split shares out some 4000 of the listed boards (any split
            # is sound: it only spreads the work; a log keeps its own).
            step = max(1, len(boards) // 4000)
            sample = [frozenset((p // n, p % n) for p in b) for b in sorted(boards)[::step]]
            logged_cells = balanced_split(n, k, m, width, sample)
            start_log(log, logged_cells, the_list)
        elif listed != the_list.split():
            print(f"error: {log} is the log of another list: it says `{' '.join(listed or ['nothing'])}`; "
                  f"this one is `{the_list}`", file=sys.stderr)
            return 2
        cells = [r * n + c for r, c in logged_cells]
        total = 2 ** len(cells)
        print(f"cubes on the cells {logged_cells}", file=sys.stderr, flush=True)
        buckets = [[] for _ in range(total)]
        for b in boards:
            buckets[cube_of(set(b), cells)].append(b)
        del boards
        jobs = [(n, k, m, buckets[c], cells, c, least) for c in range(total) if c not in logged]
        from multiprocessing import Pool
        found = []
        with Pool(processes) as pool:
            for done, (cube, board, seconds) in enumerate(pool.imap_unordered(star_one_more, jobs), 1):
                print(f"cube {cube}: {'one more' if board else 'none'} among {len(buckets[cube])} "
                      f"boards ({seconds:.1f} s; {done + len(logged)} of {total} done)",
                      file=sys.stderr, flush=True)
                if board:
                    found.append(board)
                else:
                    log_cube(log, cube, "none", seconds)
    else:
        _, board, _ = one_more(n, k, m, sorted(boards), None, None, least)
        found = [board] if board else []
    if found:
        board = found[0]
        print("one more placement, not in the list: " + " / ".join(
            "".join("Q" if (r, c) in board else "." for c in range(n)) for r in range(n)))
        return 1
    print("none: every placement is in the list")
    return 0


def main():
    n, k, m = (int(a) for a in sys.argv[1:4])
    width = int(sys.argv[sys.argv.index("--cube-cells") + 1]) if "--cube-cells" in sys.argv else 8
    processes = int(sys.argv[sys.argv.index("--cubes") + 1]) if "--cubes" in sys.argv else None
    log = sys.argv[sys.argv.index("--log") + 1] if "--log" in sys.argv else None
    if log and not processes:
        print("error: --log keeps each cube's result: it needs --cubes P", file=sys.stderr)
        sys.exit(2)
    least = "--up-to-symmetry" in sys.argv
    if least and "--count" in sys.argv:
        print("error: --count finds the classes by Burnside's lemma from all placements: "
              "--up-to-symmetry goes with --list or --exclude", file=sys.stderr)
        sys.exit(2)
    if "--exclude" in sys.argv:
        sys.exit(exclude(n, k, m, sys.argv[sys.argv.index("--exclude") + 1], processes, width, log, least))
    listing = "--list" in sys.argv
    started = time.time()
    if "--count" in sys.argv:
        fixed = burnside(n, k, m, processes, log, width)
        print(f"queens_k n={n} k={k} m={m}: {fixed[0]} solutions, {sum(fixed) / 8:g} classes "
              f"(Burnside: fixed by each symmetry {fixed}), counted by d4, {time.time() - started:.2f} s")
        return
    if processes:
        from multiprocessing import Pool
        cells = balanced_split(n, k, m, width)
        with Pool(processes) as pool:
            parts = pool.starmap(listed, [(n, k, m, cells, cube, least) for cube in range(2 ** width)])
    else:
        parts = [listed(n, k, m, None, None, least)]
    solutions = sum(p[0] for p in parts)
    boards = sorted(b for p in parts for b in p[1])
    class_sizes = sum(p[2] for p in parts)
    print(f"queens_k n={n} k={k} m={m}: {solutions} solutions, {len(boards)} classes "
          f"(class sizes sum to {class_sizes}), {time.time() - started:.2f} s")
    if listing:
        for cells in boards:
            print(" / ".join("".join("Q" if (r, c) in cells else "." for c in range(n)) for r in range(n)))


SAMPLE = 2000


def balanced_split(n, k, m, width=8, sample=None):
    """The `width` cells the cubes set, chosen to share out a sample of
    placements most evenly (this program's own first SAMPLE placements,
    listed by Glucose, unless `sample` is given: sets of (r, c)): greedily,
    each cell the one that most lowers the sum of the squared sizes of the
    parts so far. Any distinct cells partition the placements, so the
    choice changes only how the work is spread, never a count or a
    verdict."""
    x, cnf = clauses(n, k, m)
    if sample is None:
        sample = []
        with Glucose4(bootstrap_with=cnf) as solver:
            while len(sample) < SAMPLE and solver.solve():
                model = set(l for l in solver.get_model() if l > 0)
                sample.append(frozenset(p for p, v in x.items() if v in model))
                solver.add_clause([-x[p] for p in sample[-1]])
    chosen, parts = [], [list(sample)]
    for _ in range(width):
        def cost(p):
            return sum(len(q) ** 2 + (len(part) - len(q)) ** 2
                       for part in parts for q in [[b for b in part if p in b]])
        best = min((p for p in sorted(x) if p not in chosen), key=cost)
        chosen.append(best)
        parts = [q for part in parts
                 for q in ([b for b in part if best in b], [b for b in part if best not in b])]
    return chosen


def listed(n, k, m, cells, cube, least=False):
    """Every placement (of cube number `cube`, bit j setting `cells[j]`,
    when given; with `least`, least images only): (solutions, the
    canonical boards, their class sizes' sum)."""
    x, cnf = cached_clauses(n, k, m, least)
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
