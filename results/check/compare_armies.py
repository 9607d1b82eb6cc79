#!/usr/bin/env python3
"""Class by class: the peaceable-queens boards qspec lists against the checker's.

    qspec solve --all MODEL -D n=N --optimal --up-to-symmetry --jsonl > q.jsonl
    python3 results/check/peaceable.py N M --list > c.txt
    python3 results/check/compare_armies.py N q.jsonl c.txt

Every board of both lists is taken to its least image under the group of
order 16 (the square's eight symmetries times swapping the colours; see
peaceable.py), so the two programs' choices of a class's representative do
not matter. The two sets of classes must be equal, no class may be listed
twice, and every class size stated (by qspec or by the checker) must be
the orbit size computed here.
Exit 0 when they agree. Either file may be gzip-compressed (.gz).
"""
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peaceable import canonical  # noqa: E402


def lines(path):
    """The lines of a text file, gzip-compressed when its name ends in .gz."""
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def add(classes, n, whites, blacks, stated, where):
    """Record the class of a board, checking a stated class size against its
    orbit; return False when the class was listed already."""
    form, size = canonical(n, whites, blacks)
    if stated not in (None, size):
        sys.exit(f"{where} states class size {stated} for white {whites} black {blacks}, its orbit has {size}")
    if form in classes:
        print(f"{where} lists the class of white {whites} black {blacks} twice", file=sys.stderr)
        return False
    classes[form] = size
    return True


def qspec_classes(n, path):
    """{canonical form: orbit size} of qspec's boards, and whether no class came twice."""
    classes, ok = {}, True
    for line in lines(path):
        if line.startswith("#") or not line.strip():
            continue
        o = json.loads(line)
        if "cells" not in o:
            continue  # the summary
        kinds = o.get("kinds") or []
        if len(o["cells"]) != len(kinds):
            sys.exit(f"qspec: cells and kinds differ in length: {line.strip()}")
        whites, blacks = [], []
        for cell, kind in zip(o["cells"], kinds):
            if kind == "white":
                whites.append(tuple(cell))
            elif kind == "black":
                blacks.append(tuple(cell))
            else:
                sys.exit(f"qspec: unknown kind {kind!r} in {line.strip()}")
        ok &= add(classes, n, whites, blacks, o.get("class_size"), "qspec")
    return classes, ok


def checker_classes(n, path):
    """{canonical form: orbit size} of the checker's boards, and whether no class came twice."""
    classes, ok = {}, True
    for line in lines(path):
        if line.startswith("#") or not line.strip():
            continue
        o = json.loads(line)
        ok &= add(classes, n, [tuple(p) for p in o["white"]], [tuple(p) for p in o["black"]],
                  o.get("class_size"), "the checker")
    return classes, ok


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    (a, a_ok), (b, b_ok) = qspec_classes(n, sys.argv[2]), checker_classes(n, sys.argv[3])
    print(f"classes: qspec {len(a)} ({sum(a.values())} boards), checker {len(b)} ({sum(b.values())} boards); "
          f"only in qspec {len(set(a) - set(b))}, only in the checker {len(set(b) - set(a))}")
    sys.exit(0 if a == b and a_ok and b_ok else 1)


if __name__ == "__main__":
    main()
