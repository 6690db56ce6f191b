#!/usr/bin/env python3
"""The memory type x86 page-table entries give a range, read from the entries.

pat_memtype_list says what was reserved; this reads what the entries carry.
It parses the kernel's own page-table dump (CONFIG_PTDUMP_DEBUGFS) and
decodes each entry's PWT/PCD/PAT bits through the PAT MSR of CPU 0
(CONFIG_X86_MSR), so it holds on a nopat boot too, where Linux leaves the
MSR at its power-on value.

  pagetable.py phys START SIZE
      every kernel mapping of [START, START+SIZE): the direct map and each
      ioremap/memremap alias in the vmalloc area (from /proc/vmallocinfo)
  pagetable.py user FILE SIZE [nohuge]
      map FILE shared, write every page of it (the same byte back), then the
      entries this process has for the mapping; nohuge: madvise the mapping
      MADV_NOHUGEPAGE first, so that a DAX mapping faults in 4k entries

One line per dump line, clipped to the range:
  AREA VSTART-VEND SIZE LEVEL TYPE
AREA is direct, vmalloc or user; LEVEL is pte, pmd or pud; TYPE is WB, WT,
WC, WP, UC, UC- or "none" for a range with no present entry. A line starting
with '#' is a note: the PAT MSR as decoded, and in user mode the
mapping's KernelPageSize from /proc/self/smaps.
"""
import ctypes
import mmap
import os
import re
import sys

PTDUMP = "/sys/kernel/debug/page_tables"
PAT_MSR = 0x277
PAT_TYPES = {0: "UC", 1: "WC", 4: "WT", 5: "WP", 6: "WB", 7: "UC-"}
LINE = re.compile(r"^0x([0-9a-f]+)-0x([0-9a-f]+)\s+\d+[KMGT]?\s+(.*?)\s*(pgd|p4d|pud|pmd|pte)$")
MARKER = re.compile(r"^---\[ (.*) \]---$")


def fail(msg):
    print(f"pagetable.py: {msg}", file=sys.stderr)
    sys.exit(1)


def pat_table():
    try:
        fd = os.open("/dev/cpu/0/msr", os.O_RDONLY)
    except OSError as e:
        fail(f"cannot read the PAT MSR: {e} (CONFIG_X86_MSR?)")
    try:
        raw = int.from_bytes(os.pread(fd, 8, PAT_MSR), "little")
    finally:
        os.close(fd)
    table = [PAT_TYPES.get((raw >> (8 * i)) & 7, "reserved") for i in range(8)]
    print(f"# PAT MSR {raw:#018x}: {' '.join(table)}")
    return table


def dump(name):
    """(area marker, start, end, flag set, level) of every dump line."""
    path = f"{PTDUMP}/{name}"
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        fail(f"cannot read {path}: {e} (CONFIG_PTDUMP_DEBUGFS?)")
    area = None
    for line in text.splitlines():
        m = MARKER.match(line)
        if m:
            area = m.group(1)
            continue
        m = LINE.match(line)
        if m:
            yield area, int(m.group(1), 16), int(m.group(2), 16), set(m.group(3).split()), m.group(4)


def entry_type(flags, pat):
    # A non-present entry prints no flags at all; a present one RW or ro.
    if not flags & {"RW", "ro"}:
        return "none"
    index = ("PAT" in flags) << 2 | ("PCD" in flags) << 1 | ("PWT" in flags)
    return pat[index]


def report(lines, wanted, pat):
    """Print the dump lines overlapping each (area, vstart, vend) wanted."""
    for label, lo, hi in wanted:
        covered = lo
        for _, s, e, flags, level in lines:
            if e <= lo or s >= hi:
                continue
            s, e = max(s, lo), min(e, hi)
            print(f"{label} {s:#x}-{e:#x} {e - s} {level} {entry_type(flags, pat)}")
            covered = max(covered, e)
        if covered < hi:
            # Beyond the last line the dump printed nothing: not mapped.
            print(f"{label} {covered:#x}-{hi:#x} {hi - covered} - none")


def vmallocinfo():
    """/proc/vmallocinfo with real addresses: kptr_restrict=1 shows them to
    root (CAP_SYSLOG), 0 hashes them."""
    knob = "/proc/sys/kernel/kptr_restrict"
    with open(knob) as f:
        saved = f.read()
    with open(knob, "w") as f:
        f.write("1")
    try:
        with open("/proc/vmallocinfo") as f:
            return f.read().splitlines()
    finally:
        with open(knob, "w") as f:
            f.write(saved)


def vmalloc_aliases(start, end):
    """Virtual ranges of vmalloc-area mappings of physical [start, end)."""
    for line in vmallocinfo():
        fields = line.split()
        phys = [x for x in fields if x.startswith("phys=")]
        if not phys:
            continue
        vs, ve = (int(x, 16) for x in fields[0].split("-"))
        p = int(phys[0][5:], 16)
        # ioremap areas end with a guard page, counted in their size.
        size = ve - vs - mmap.PAGESIZE
        lo, hi = max(p, start), min(p + size, end)
        if lo < hi:
            yield vs + (lo - p), vs + (hi - p)


def phys(start, size):
    pat = pat_table()
    lines = list(dump("kernel"))
    low = [s for area, s, _, _, _ in lines if area == "Low Kernel Mapping"]
    if not low:
        fail("no 'Low Kernel Mapping' in the dump: cannot place the direct map")
    page_offset = min(low)
    end = start + size
    wanted = [("direct", page_offset + start, page_offset + end)]
    wanted += [("vmalloc", lo, hi) for lo, hi in vmalloc_aliases(start, end)]
    report(lines, wanted, pat)


def user(path, size, advice=None):
    pat = pat_table()
    fd = os.open(path, os.O_RDWR)
    m = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    if advice == "nohuge":
        # Before the first touch: the faults then map no entry above 4k.
        m.madvise(mmap.MADV_NOHUGEPAGE)
    for off in range(0, size, mmap.PAGESIZE):
        m[off] = m[off]
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
    print(f"# smaps KernelPageSize {smaps_page_size(addr)} kB")
    lines = [x for x in dump("current_kernel") if x[0] == "User Space"]
    report(lines, [("user", addr, addr + size)], pat)


def smaps_page_size(addr):
    """KernelPageSize of this process' mapping that starts at addr."""
    inside = False
    with open("/proc/self/smaps") as f:
        for line in f:
            head = line.split()[0]
            if not head.endswith(":"):
                inside = int(head.split("-")[0], 16) == addr
            elif inside and head == "KernelPageSize:":
                return int(line.split()[1])
    fail(f"no smaps entry at {addr:#x}")


def main(argv):
    if len(argv) == 4 and argv[1] == "phys":
        phys(int(argv[2], 0), int(argv[3], 0))
    elif len(argv) == 4 and argv[1] == "user":
        user(argv[2], int(argv[3], 0))
    elif len(argv) == 5 and argv[1] == "user" and argv[4] == "nohuge":
        user(argv[2], int(argv[3], 0), argv[4])
    else:
        fail("usage: pagetable.py phys START SIZE | user FILE SIZE [nohuge]")


if __name__ == "__main__":
    main(sys.argv)
