#!/usr/bin/env python3
"""Every placement of m non-attacking queens on n^d, by Gurobi's solution
pool: a second route for the optimal placements qspec's clique search lists.

Written only for this check; shares nothing with qspec but the problem. The
integer program is the thesis's "clique" model: a 0/1 variable per cell and,
for each line of the board (the cells along one of the 3^d - 1 directions,
up to sign, of length two or more), at most one queen on it — two queens
attack exactly when they share such a line. The count is fixed at m, and
the pool (PoolSearchMode 2, no gap) keeps every feasible placement, up to
--max of them: the run says so when the pool is full. Classes are counted
under the 2^d d! signed permutations of the axes (each placement to its
least image).

Usage: cube_pool.py N D M [--max K] [--threads T]
Needs `pip install gurobipy` (its size-limited licence takes 7^3: 343
variables, 973 lines).
"""

import argparse
import itertools
import sys
import time


def cells(n, d):
    return list(itertools.product(range(n), repeat=d))


def directions(d):
    """One of each pair of opposite directions: the first non-zero is +1."""
    out = []
    for v in itertools.product((-1, 0, 1), repeat=d):
        nonzero = [x for x in v if x != 0]
        if nonzero and nonzero[0] == 1:
            out.append(v)
    return out


def lines(n, d):
    """Every line of two or more cells, as a list of cells."""
    inside = lambda c: all(0 <= x < n for x in c)
    found = []
    for v in directions(d):
        for start in cells(n, d):
            before = tuple(a - b for a, b in zip(start, v))
            if inside(before):
                continue
            line, c = [], start
            while inside(c):
                line.append(c)
                c = tuple(a + b for a, b in zip(c, v))
            if len(line) >= 2:
                found.append(line)
    return found


def symmetries(n, d):
    """The signed permutations of the axes, as maps of cells."""
    out = []
    for perm in itertools.permutations(range(d)):
        for flips in itertools.product((False, True), repeat=d):
            out.append(
                lambda c, perm=perm, flips=flips: tuple(
                    n - 1 - c[perm[i]] if flips[i] else c[perm[i]] for i in range(d)
                )
            )
    return out


def images(maps, placement):
    """The images of a placement (its cells) under `maps`: its class, each
    image as its sorted cells."""
    return {tuple(sorted(g(tuple(c)) for c in placement)) for g in maps}


def attack(a, b):
    diffs = [abs(x - y) for x, y in zip(a, b) if x != y]
    return bool(diffs) and all(x == diffs[0] for x in diffs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("d", type=int)
    ap.add_argument("m", type=int)
    ap.add_argument("--max", type=int, default=100000, help="pool size")
    ap.add_argument("--threads", type=int, default=0)
    args = ap.parse_args()
    import gurobipy as gp
    from gurobipy import GRB

    n, d, m = args.n, args.d, args.m
    start = time.time()
    board = cells(n, d)
    env = gp.Env(empty=True)
    env.setParam("OutputFlag", 0)
    env.start()
    model = gp.Model(env=env)
    x = {c: model.addVar(vtype=GRB.BINARY) for c in board}
    all_lines = lines(n, d)
    for line in all_lines:
        model.addConstr(gp.quicksum(x[c] for c in line) <= 1)
    model.addConstr(gp.quicksum(x.values()) == m)
    model.setObjective(0, GRB.MAXIMIZE)
    model.setParam("PoolSearchMode", 2)
    model.setParam("PoolSolutions", args.max)
    model.setParam("PoolGap", 0)
    if args.threads:
        model.setParam("Threads", args.threads)
    model.optimize()
    if model.Status == GRB.INFEASIBLE:
        print(f"cube n={n} d={d} m={m}: none (Gurobi: infeasible), {len(all_lines)} lines, {time.time() - start:.1f} s")
        return 0
    if model.Status != GRB.OPTIMAL:
        print(f"Gurobi ended with status {model.Status}", file=sys.stderr)
        return 1
    placements = set()
    for k in range(model.SolCount):
        model.setParam("SolutionNumber", k)
        queens = tuple(sorted(c for c in board if x[c].Xn > 0.5))
        assert len(queens) == m, "a pool solution with another count"
        assert not any(attack(a, b) for a, b in itertools.combinations(queens, 2)), "two queens attack"
        placements.add(queens)
    full = len(placements) >= args.max
    maps = symmetries(n, d)
    classes = {}
    for p in placements:
        classes.setdefault(min(images(maps, p)), set()).add(p)
    sizes = sum(len(images(maps, least)) for least in classes)
    print(
        f"cube n={n} d={d} m={m}: {len(placements)} placements{' (the pool is full: there may be more)' if full else ''}, "
        f"{len(classes)} classes under {len(maps)} symmetries (class sizes sum to {sizes}), "
        f"{len(all_lines)} lines, {time.time() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
