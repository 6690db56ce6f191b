// SPDX-License-Identifier: GPL-2.0
/*
 * Single-core copy bandwidth: memcpy() and non-temporal (streaming) stores,
 * best of five. Without arguments the destination is RAM (on the host: the
 * physical limit the guest's copy path is set against); with a device-dax
 * character device (in the guest) it is that device's mapping of the
 * NVDIMM range, so the number is the bare copy every pmem write also does.
 * Prints "memcpy MB/s" and "ntstore MB/s".
 *
 * Usage: copybw [DEVDAX [SIZE_MIB]]
 */
#include <emmintrin.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void ntcopy(void *dst, const void *src, size_t n)
{
	__m128i *d = dst;
	const __m128i *s = src;
	size_t i;

	for (i = 0; i < n / sizeof(*d); i++)
		_mm_stream_si128(d + i, _mm_load_si128(s + i));
	_mm_sfence();
}

int main(int argc, char **argv)
{
	size_t size = (argc > 2 ? strtoul(argv[2], NULL, 0) : 256) << 20;
	char *src = aligned_alloc(64, size), *dst;
	double best_cp = 0, best_nt = 0, t, bw;
	int i, fd;

	if (!src)
		return 1;
	if (argc > 1) {
		fd = open(argv[1], O_RDWR);
		if (fd < 0) {
			perror(argv[1]);
			return 1;
		}
		/* device-dax maps only shared, in whole alignment units */
		dst = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (dst == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
	} else {
		dst = aligned_alloc(64, size);
		if (!dst)
			return 1;
	}
	memset(src, 0x5a, size);
	memset(dst, 0, size);
	for (i = 0; i < 5; i++) {
		t = now();
		memcpy(dst, src, size);
		bw = size / (now() - t) / 1e6;
		best_cp = bw > best_cp ? bw : best_cp;
		t = now();
		ntcopy(dst, src, size);
		bw = size / (now() - t) / 1e6;
		best_nt = bw > best_nt ? bw : best_nt;
	}
	printf("memcpy %.0f\nntstore %.0f\n", best_cp, best_nt);
	return dst[size - 1] != 0x5a;
}
