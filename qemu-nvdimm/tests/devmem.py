#!/usr/bin/env python3
"""Whether /dev/mem lets this process map a physical page.

  devmem.py PHYS   map PHYS's page shared and read a byte

Prints "ok", or the errno's name (EPERM, ...) when /dev/mem refuses.
"""
import errno
import mmap
import os
import sys


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: devmem.py PHYS")
    try:
        # No O_SYNC: that would ask /dev/mem for an uncached mapping.
        fd = os.open("/dev/mem", os.O_RDWR)
        m = mmap.mmap(fd, mmap.PAGESIZE, mmap.MAP_SHARED, mmap.PROT_READ,
                      offset=int(argv[1], 0))
        m[0]
    except OSError as e:
        print(errno.errorcode.get(e.errno, str(e.errno)))
        return
    print("ok")


if __name__ == "__main__":
    main(sys.argv)
