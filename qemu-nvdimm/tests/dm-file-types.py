#!/usr/bin/env python3
"""Check a file's user mapping on a dm-linear of two namespaces, page by page.

  dm-file-types.py SPLIT LOW HIGH < (filefrag -e -b4096 FILE; pagetable.py user FILE SIZE)

SPLIT is the byte offset of the dm device where the second namespace
starts; LOW and HIGH are the memory types (WT, WB) the parts below and
above it must be mapped with. Every user entry must carry the type of
the namespace under the file bytes it maps, and both parts must be
mapped. Prints "N KiB TYPE, ..." and exits 1 at the first mismatch.
"""
import re
import sys

EXTENT = re.compile(r"^\s*\d+:\s+(\d+)\.\.\s*(\d+):\s+(\d+)\.\.\s*(\d+):")
USER = re.compile(r"^user 0x([0-9a-f]+)-0x([0-9a-f]+) (\d+) (\S+) (\S+)$")
BLOCK = 4096


def fail(msg):
    print(msg)
    sys.exit(1)


def main():
    split, low, high = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    pieces = []  # (file start, file end, type) in bytes
    entries = []  # (virtual start, virtual end, type)
    for line in sys.stdin:
        m = EXTENT.match(line)
        if m:
            lstart, lend, pstart = (int(m.group(i)) * BLOCK for i in (1, 2, 3))
            length = lend - lstart + BLOCK
            cut = min(max(split - pstart, 0), length)
            if cut:
                pieces.append((lstart, lstart + cut, low))
            if cut < length:
                pieces.append((lstart + cut, lstart + length, high))
            continue
        m = USER.match(line.strip())
        if m:
            entries.append((int(m.group(1), 16), int(m.group(2), 16), m.group(5)))
    if not pieces or not entries:
        fail(f"no extents ({len(pieces)}) or no user entries ({len(entries)}) to compare")
    base = min(e[0] for e in entries)
    seen = {}
    for vstart, vend, got in entries:
        fstart, fend = vstart - base, vend - base
        want = {t for s, e, t in pieces if s < fend and e > fstart}
        if want != {got}:
            fail(f"file bytes {fstart:#x}-{fend:#x} mapped {got}, namespaces under them: "
                 f"{','.join(sorted(want)) or 'none'}")
        seen[got] = seen.get(got, 0) + (vend - vstart)
    if set(seen) != {low, high}:
        fail(f"the file is mapped only {','.join(seen)}: it does not span both namespaces")
    print(", ".join(f"{seen[t] >> 10} KiB {t}" for t in (low, high)))


main()
