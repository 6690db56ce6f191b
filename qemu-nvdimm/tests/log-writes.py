#!/usr/bin/env python3
"""Count the flushes dm-log-writes logged between pairs of marks.

  log-writes.py LOGDEV BEFORE1 AFTER1 [BEFORE2 AFTER2 ...]

Prints one number per pair: the entries with the FLUSH or FUA flag that the
log holds between mark BEFOREn and mark AFTERn. The log's format is the one
drivers/md/dm-log-writes.c writes: a super in the first sector, then each
entry in a sector of its own, followed by the data it wrote.
"""
import struct
import sys

MAGIC = 0x6A736677736872
FLUSH, FUA, DISCARD, MARK = 1 << 0, 1 << 1, 1 << 2, 1 << 3
SUPER = struct.Struct("<QQQI")
ENTRY = struct.Struct("<QQQQ")


def fail(msg):
    print(f"log-writes.py: {msg}", file=sys.stderr)
    sys.exit(1)


def entries(path):
    """(flags, mark name or None) of every logged entry, in order."""
    with open(path, "rb") as f:
        magic, version, nr, sectorsize = SUPER.unpack(f.read(SUPER.size))
        if magic != MAGIC or version != 1:
            fail(f"{path}: no dm-log-writes super (magic {magic:#x}, version {version})")
        off = sectorsize
        for _ in range(nr):
            f.seek(off)
            raw = f.read(sectorsize)
            if len(raw) < ENTRY.size:
                fail(f"{path}: log ends inside an entry at byte {off}")
            _, nr_sectors, flags, data_len = ENTRY.unpack_from(raw)
            name = None
            if flags & MARK:
                name = raw[ENTRY.size:ENTRY.size + data_len].decode(errors="replace")
            yield flags, name
            off += sectorsize * (1 + (0 if flags & DISCARD else nr_sectors))


def main():
    if len(sys.argv) < 4 or len(sys.argv) % 2:
        fail("usage: log-writes.py LOGDEV BEFORE AFTER [BEFORE AFTER ...]")
    pairs = list(zip(sys.argv[2::2], sys.argv[3::2]))
    counts = {}
    open_mark = None
    for flags, name in entries(sys.argv[1]):
        if name is not None:
            if any(name == b for b, _ in pairs):
                open_mark = name
                counts[name] = 0
            elif any(name == a for _, a in pairs):
                open_mark = None
            continue
        if open_mark is not None and flags & (FLUSH | FUA):
            counts[open_mark] += 1
    missing = [b for b, _ in pairs if b not in counts]
    if missing:
        fail(f"marks not in the log: {' '.join(missing)}")
    print(" ".join(str(counts[b]) for b, _ in pairs))


main()
