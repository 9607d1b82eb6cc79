#!/usr/bin/env python3
"""Checks placements of non-attacking queens on n^d, written only for the
check (it shares no code with qspec):

    python3 results/check/cube_verify.py N D M LIST

LIST is qspec's `--jsonl` output (a line with `"cells":[[x,y,z],...]`; lines
without cells are ignored). Each placement must have exactly M distinct
cells of the n^d board, no two on one line: two queens attack each other on
n^d when the nonzero coordinates of their difference all have the same size
(a rook, bishop or higher-diagonal move). Prints one verdict per placement;
exit 0 when every one holds and there is at least one.
"""
import json
import sys


def attack(a, b):
    sizes = {abs(x - y) for x, y in zip(a, b)} - {0}
    return len(sizes) == 1


def check(n, d, m, cells):
    cells = [tuple(c) for c in cells]
    if len(cells) != m or len(set(cells)) != m:
        return f"{len(set(cells))} distinct cells, not {m}"
    if any(len(c) != d or not all(0 <= x < n for x in c) for c in cells):
        return "a cell off the board"
    pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:] if attack(a, b)]
    return f"{len(pairs)} attacking pairs, e.g. {pairs[0]}" if pairs else None


def main():
    n, d, m = (int(a) for a in sys.argv[1:4])
    bad = checked = 0
    with open(sys.argv[4]) as f:
        for line in f:
            o = json.loads(line)
            if "cells" not in o:
                continue
            checked += 1
            fault = check(n, d, m, o["cells"])
            print(f"placement {checked}: {fault or f'{m} queens on {n}^{d}, no two attacking'}")
            bad += fault is not None
    sys.exit(0 if checked and not bad else 1)


if __name__ == "__main__":
    main()
