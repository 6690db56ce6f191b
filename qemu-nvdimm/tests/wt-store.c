// SPDX-License-Identifier: GPL-2.0
/*
 * Fill a shared mapping of a DAX file or device with plain 8-byte stores
 * and one SFENCE, no cache-line flush; or check what such a fill left.
 * This is how an application would use a write-through DAX mapping.
 *
 *   wt-store write|check FILE SIZE SEED [sync]
 *
 * sync maps with MAP_SYNC, so that a write fault commits the file
 * system's metadata before the store goes on. Exits 0 when the fill is
 * done or every word matches, 1 otherwise.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_SHARED_VALIDATE
#define MAP_SHARED_VALIDATE 0x03
#endif
#ifndef MAP_SYNC
#define MAP_SYNC 0x80000
#endif

/* splitmix64: a different word at every offset, the same for a seed */
static uint64_t word(uint64_t seed, uint64_t i)
{
	uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
	volatile uint64_t *p;
	uint64_t seed, n, i, bad = 0;
	size_t size;
	int fd, write, flags = MAP_SHARED;

	if (argc < 5 || argc > 6 ||
	    (strcmp(argv[1], "write") && strcmp(argv[1], "check")) ||
	    (argc == 6 && strcmp(argv[5], "sync"))) {
		fprintf(stderr, "usage: wt-store write|check FILE SIZE SEED [sync]\n");
		return 2;
	}
	if (argc == 6)
		flags = MAP_SHARED_VALIDATE | MAP_SYNC;
	write = !strcmp(argv[1], "write");
	size = strtoull(argv[3], NULL, 0);
	seed = strtoull(argv[4], NULL, 0);
	fd = open(argv[2], O_RDWR);
	if (fd < 0) {
		perror(argv[2]);
		return 1;
	}
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, flags, fd, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	n = size / sizeof(uint64_t);
	if (write) {
		for (i = 0; i < n; i++)
			p[i] = word(seed, i);
		__asm__ volatile("sfence" ::: "memory");
		return 0;
	}
	for (i = 0; i < n; i++)
		if (p[i] != word(seed, i) && bad++ < 4)
			fprintf(stderr, "word %llu: %#llx, want %#llx\n",
				(unsigned long long)i, (unsigned long long)p[i],
				(unsigned long long)word(seed, i));
	if (bad)
		fprintf(stderr, "%llu of %llu words differ\n",
			(unsigned long long)bad, (unsigned long long)n);
	return bad != 0;
}
