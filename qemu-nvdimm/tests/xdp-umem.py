#!/usr/bin/env python3
"""Register a shared mapping of FILE as an AF_XDP umem, the way an AF_XDP
application hands the kernel its packet buffers: the kernel pins the pages
long-term (FOLL_LONGTERM) and maps them itself with vmap(), PAGE_KERNEL.

  xdp-umem.py FILE SIZE
      exit 0: registered; prints the page-table entries of the kernel's
              vmap() of the umem while it is registered, one line each:
              "vmap VSTART-VEND SIZE LEVEL TYPE" (pagetable.py's format)
      exit 2: refused with EOPNOTSUPP (the reason on stdout)
      exit 1: anything else
"""
import ctypes
import errno
import mmap
import os
import socket
import struct
import sys

import pagetable

AF_XDP = 44
SOL_XDP = 283
XDP_UMEM_REG = 4
CHUNK = 4096


def vmap_areas(caller):
    """Virtual ranges of the vmap() areas whose caller names CALLER."""
    for line in pagetable.vmallocinfo():
        fields = line.split()
        if "vmap" in fields and caller in line:
            vs, ve = (int(x, 16) for x in fields[0].split("-"))
            # vmap() areas end with a guard page, counted in their size.
            yield vs, ve - mmap.PAGESIZE


def main(argv):
    if len(argv) != 3:
        pagetable.fail("usage: xdp-umem.py FILE SIZE")
    size = int(argv[2], 0)
    fd = os.open(argv[1], os.O_RDWR)
    m = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(m))
    sock = socket.socket(AF_XDP, socket.SOCK_RAW, 0)
    # struct xdp_umem_reg: addr, len, chunk_size, headroom, flags
    reg = struct.pack("=QQIII4x", addr, size, CHUNK, 0, 0)
    try:
        sock.setsockopt(SOL_XDP, XDP_UMEM_REG, reg)
    except OSError as e:
        if e.errno == errno.EOPNOTSUPP:
            print(f"refused: {os.strerror(e.errno)}")
            return 2
        pagetable.fail(f"XDP_UMEM_REG: {e}")
    areas = list(vmap_areas("xdp_umem"))
    if not areas:
        pagetable.fail("umem registered, but no xdp_umem vmap area in /proc/vmallocinfo")
    pat = pagetable.pat_table()
    lines = list(pagetable.dump("kernel"))
    pagetable.report(lines, [("vmap", lo, hi) for lo, hi in areas], pat)
    sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
