#!/usr/bin/env python3
"""Board by board: qspec's wall sweep against the independent checker.

    qspec sweep models/blocked-8x8.qspec --walls 4 > qspec.jsonl
    results/check/target/release/qspec-results-check blocked 8 4 --list > check.txt
    python3 results/check/compare_blocked.py 8 qspec.jsonl check.txt

Each qspec line's walls (qspec's representative of its class) are taken to
the checker's representative (the least of the eight images, as sorted
cell lists) and the two values compared; every class must be in both, with
the same value. Prints the disagreements (none expected) and the table.
"""
import json
import sys
from collections import Counter


def least_image(n, cells):
    t = n - 1
    maps = [
        lambda r, c: (r, c), lambda r, c: (c, t - r), lambda r, c: (t - r, t - c),
        lambda r, c: (t - c, r), lambda r, c: (r, t - c), lambda r, c: (t - r, c),
        lambda r, c: (c, r), lambda r, c: (t - c, t - r),
    ]
    return min(tuple(sorted(f(r, c) for r, c in cells)) for f in maps)


def main():
    n = int(sys.argv[1])
    qspec = {}
    for line in open(sys.argv[2]):
        o = json.loads(line)
        key = least_image(n, [tuple(w) for w in o["walls"]])
        if key in qspec:
            sys.exit(f"qspec lists the class of {key} twice")
        qspec[key] = o.get("value")
    check = {}
    for line in open(sys.argv[3]):
        if not line.startswith("("):
            continue
        *cells, value = line.split()
        key = tuple(tuple(int(x) for x in c.strip("()").split(",")) for c in cells)
        check[key] = int(value)
    only_qspec = sorted(set(qspec) - set(check))
    only_check = sorted(set(check) - set(qspec))
    differ = sorted(k for k in set(qspec) & set(check) if qspec[k] != check[k])
    print(f"classes: qspec {len(qspec)}, checker {len(check)}; only in qspec {len(only_qspec)}, "
          f"only in the checker {len(only_check)}, values that differ {len(differ)}")
    for k in differ[:20]:
        print(f"  walls {k}: qspec {qspec[k]}, checker {check[k]}")
    for value, classes in sorted(Counter(qspec.values()).items()):
        print(f"  value {value}: {classes} classes")
    sys.exit(1 if only_qspec or only_check or differ else 0)


if __name__ == "__main__":
    main()
