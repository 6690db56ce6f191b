// SPDX-License-Identifier: GPL-2.0
/*
 * Single-core memory bandwidth of the host: memcpy() and non-temporal
 * (streaming) stores, the physical limits the guest's copy path is set
 * against. Prints "memcpy MB/s" and "ntstore MB/s", best of five.
 */
#include <emmintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIZE (256UL << 20)

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

int main(void)
{
	char *src = aligned_alloc(64, SIZE), *dst = aligned_alloc(64, SIZE);
	double best_cp = 0, best_nt = 0, t, bw;
	int i;

	if (!src || !dst)
		return 1;
	memset(src, 0x5a, SIZE);
	memset(dst, 0, SIZE);
	for (i = 0; i < 5; i++) {
		t = now();
		memcpy(dst, src, SIZE);
		bw = SIZE / (now() - t) / 1e6;
		best_cp = bw > best_cp ? bw : best_cp;
		t = now();
		ntcopy(dst, src, SIZE);
		bw = SIZE / (now() - t) / 1e6;
		best_nt = bw > best_nt ? bw : best_nt;
	}
	printf("memcpy %.0f\nntstore %.0f\n", best_cp, best_nt);
	return dst[SIZE - 1] != 0x5a;
}
