#!/usr/bin/env python3
"""Compare qspec's placements of queens on n^d with the checker's classes,
placement by placement.

Usage: compare_cube.py N D QSPEC.jsonl CHECKER.jsonl

QSPEC.jsonl is `qspec solve MODEL --all --optimal --jsonl` (every placement,
one JSON object with `cells` a line, then a summary line); CHECKER.jsonl is
`check cube N D M --list` (each class's least placement with its
`class_size`). Each checker class is spread into its images under the 2^d d!
signed permutations of the axes; its size must be the checker's, and the
union of the classes must be exactly qspec's placements. Exit 0 when they
are.
"""

import json
import sys

from cube_pool import images, symmetries  # the signed permutations of the axes


def placements(path):
    with open(path) as f:
        for line in f:
            if not line.startswith("{"):
                continue  # the checker's summary line
            obj = json.loads(line)
            if "cells" in obj:
                yield obj


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    n, d = int(sys.argv[1]), int(sys.argv[2])
    maps = list(symmetries(n, d))
    qspec = {tuple(sorted(map(tuple, p["cells"]))) for p in placements(sys.argv[3])}
    checker = set()
    bad = 0
    classes = 0
    for p in placements(sys.argv[4]):
        classes += 1
        least = [tuple(c) for c in p["cells"]]
        orbit = images(maps, least)
        if len(orbit) != p["class_size"]:
            print(f"class {least}: {len(orbit)} images, the checker says {p['class_size']}")
            bad += 1
        checker |= orbit
    only_q, only_c = len(qspec - checker), len(checker - qspec)
    print(
        f"placements: qspec {len(qspec)}, the checker's {classes} classes {len(checker)}; "
        f"only in qspec {only_q}, only in the checker {only_c}"
    )
    sys.exit(1 if bad or only_q or only_c else 0)


if __name__ == "__main__":
    main()
