"""1,000 n-queens completions (n = 20) through one `Model.session()`
against 1,000 fresh loads of the same model with the queens written as
`fix` statements (issue 41's measure of a session's overhead).

    python3 bench/python_session.py [--n 20] [--puzzles 1000] [--fixed 3] [--seed 41]

Each puzzle fixes `--fixed` queens at random cells, non-attacking or not;
both routes must give the same verdict on every puzzle (the script fails
otherwise). Prints the two times and the ratio."""

import argparse
import random
import time

import qspec

QUEENS = "board {n} x {n}\npiece queen\nrule no_attack\ncount == {n}\n"


def puzzles(n, count, fixed, seed):
    rng = random.Random(seed)
    return [sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(fixed)}) for _ in range(count)]


def through_a_session(n, all_cells):
    s = qspec.loads(QUEENS.format(n=n)).session()
    verdicts = []
    for cells in all_cells:
        with s.fixed(cells):
            verdicts.append(s.solve().status)
    return verdicts


def fresh_loads(n, all_cells):
    verdicts = []
    for cells in all_cells:
        fix = "fix " + " ".join(f"({r},{c})" for r, c in cells) + "\n"
        verdicts.append(qspec.loads(QUEENS.format(n=n) + fix).solve(engine="cadical").status)
    return verdicts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--puzzles", type=int, default=1000)
    ap.add_argument("--fixed", type=int, default=3)
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args()
    all_cells = puzzles(args.n, args.puzzles, args.fixed, args.seed)
    t0 = time.perf_counter()
    by_session = through_a_session(args.n, all_cells)
    t1 = time.perf_counter()
    by_loads = fresh_loads(args.n, all_cells)
    t2 = time.perf_counter()
    if by_session != by_loads:
        raise SystemExit("the two routes disagree")
    possible = by_session.count("satisfiable")
    print(f"n = {args.n}, {args.puzzles} completions of {args.fixed} queens ({possible} possible)")
    print(f"one session:  {t1 - t0:.2f} s ({(t1 - t0) / args.puzzles * 1e3:.2f} ms each)")
    print(f"fresh loads:  {t2 - t1:.2f} s ({(t2 - t1) / args.puzzles * 1e3:.2f} ms each)")
    print(f"the session is {(t2 - t1) / (t1 - t0):.1f}x faster")


if __name__ == "__main__":
    main()
