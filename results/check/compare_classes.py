#!/usr/bin/env python3
"""Class by class: the boards qspec lists against the checker's list.

    qspec solve --all MODEL -D ... --optimal --up-to-symmetry --jsonl > qspec.jsonl
    python3 results/check/queens_k.py N K M --list > check.txt
    python3 results/check/compare_classes.py N qspec.jsonl check.txt

Every board of both lists is taken to its least image under the square's
eight symmetries (sorted cells), so the two programs' different choices of
a class's representative do not matter; the two sets of classes must be
equal, and the class sizes qspec states must be the orbit sizes computed
here. Exit 0 when they agree. Either file may be gzip-compressed (.gz).
"""
import gzip
import json
import sys


def lines(path):
    """The lines of a text file, gzip-compressed when its name ends in .gz."""
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def images(n, cells):
    t = n - 1
    maps = [
        lambda r, c: (r, c), lambda r, c: (c, t - r), lambda r, c: (t - r, t - c),
        lambda r, c: (t - c, r), lambda r, c: (r, t - c), lambda r, c: (t - r, c),
        lambda r, c: (c, r), lambda r, c: (t - c, t - r),
    ]
    return [tuple(sorted(f(r, c) for r, c in cells)) for f in maps]


def qspec_classes(n, path):
    classes = {}
    for line in lines(path):
        o = json.loads(line)
        if "cells" not in o:
            continue  # the summary
        imgs = images(n, [tuple(c) for c in o["cells"]])
        size = len(set(imgs))
        if o.get("class_size") not in (None, size):
            sys.exit(f"qspec states class size {o['class_size']} for {o['cells']}, its orbit has {size}")
        classes[min(imgs)] = size
    return classes


def checker_classes(n, path):
    classes = {}
    for line in lines(path):
        if "/" not in line or line.startswith("lines"):
            continue  # a part's counts (`lines n=14 part 3/64: ...`)
        rows = [r.strip() for r in line.split("/")]
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "Q"]
        imgs = images(n, cells)
        classes[min(imgs)] = len(set(imgs))
    return classes


def main():
    n = int(sys.argv[1])
    a, b = qspec_classes(n, sys.argv[2]), checker_classes(n, sys.argv[3])
    print(f"classes: qspec {len(a)} ({sum(a.values())} boards), checker {len(b)} ({sum(b.values())} boards); "
          f"only in qspec {len(set(a) - set(b))}, only in the checker {len(set(b) - set(a))}")
    sys.exit(0 if a == b else 1)


if __name__ == "__main__":
    main()
