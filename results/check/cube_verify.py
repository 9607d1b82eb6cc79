#!/usr/bin/env python3
"""Checks placements of non-attacking queens on n^d, written only for the
check (it shares no code with qspec):

    python3 results/check/cube_verify.py N D M LIST [--classes]

LIST is qspec's `--jsonl` output (a line with `"cells":[[x,y,z],...]`; lines
without cells are ignored). Each placement must have exactly M distinct
cells of the n^d board, no two on one line: two queens attack each other on
n^d when the nonzero coordinates of their difference all have the same size
(a rook, bishop or higher-diagonal move). Prints one verdict per placement;
exit 0 when every one holds and there is at least one.

With --classes, LIST is a list of classes (`qspec solve --all
--up-to-symmetry --jsonl`: one placement a class, with its `class_size`):
each placement is also spread into its images under the 2^d d! signed
permutations of the axes (the checker's own, cube_pool.symmetries); their
number must be the stated class size, and no two listed placements may
share an image (each class listed once). The last line gives the classes,
the sum of their sizes and how many classes have each size.
"""
import json
import sys
from collections import Counter

from cube_pool import images, symmetries  # the signed permutations of the axes


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


def class_fault(maps, seen, o):
    """Why the listed class `o` is not a class of its own of its stated
    size (None when it is); adds its images to `seen`."""
    orbit = images(maps, o["cells"])
    if orbit & seen:
        return "shares an image with a class listed before it"
    seen |= orbit
    if len(orbit) != o.get("class_size"):
        return f"{len(orbit)} images, the list says class_size {o.get('class_size')}"
    return None


def main():
    args = [a for a in sys.argv[1:] if a != "--classes"]
    if len(args) != 4:
        sys.exit(__doc__)
    classes = "--classes" in sys.argv[1:]
    n, d, m = (int(a) for a in args[:3])
    maps, seen, sizes = list(symmetries(n, d)), set(), Counter()
    bad = checked = 0
    with open(args[3]) as f:
        for line in f:
            o = json.loads(line)
            if "cells" not in o:
                continue
            checked += 1
            fault = check(n, d, m, o["cells"])
            if fault is None and classes:
                fault = class_fault(maps, seen, o)
                sizes[o["class_size"]] += 1
            print(f"placement {checked}: {fault or f'{m} queens on {n}^{d}, no two attacking'}")
            bad += fault is not None
    if classes and not bad:
        total = sum(size * count for size, count in sizes.items())
        by_size = ", ".join(f"{c} of {s}" for s, c in sorted(sizes.items(), reverse=True))
        print(f"{checked} class{'' if checked == 1 else 'es'}, each of its stated size and no two sharing a placement; "
              f"class sizes sum to {total} ({by_size})")
    if bad:
        print(f"{bad} of the {checked} placements at fault")
    sys.exit(0 if checked and not bad else 1)


if __name__ == "__main__":
    main()
