// SPDX-License-Identifier: GPL-2.0
/*
 * uring-write DEV OFFSET COUNT BYTE [dsync] [iopoll]: COUNT 4 KiB O_DIRECT
 * writes of BYTE to DEV from OFFSET on (with "dsync" O_DSYNC too: on a block
 * device each is then a FUA write; with "iopoll" on a polled ring, where
 * an io-wq worker retries a request that returned -EAGAIN until it gets
 * something else), one at a time through io_uring, then how many io-wq
 * workers the process has: "iou-wrk N". io_uring starts a worker only for
 * a request it could not issue inline (a device without QUEUE_FLAG_NOWAIT,
 * or a bio the driver ended with BLK_STS_AGAIN), and a worker lives on for
 * seconds after its last request, so N says which path the writes took.
 * Raw system calls: the guest has the host's headers, not liburing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BLOCK 4096

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* io-wq workers are threads of this process named iou-wrk-<pid>. */
static int count_workers(void)
{
	char path[300], comm[32];
	struct dirent *e;
	int n = 0;
	DIR *d = opendir("/proc/self/task");

	if (!d)
		die("/proc/self/task");
	while ((e = readdir(d))) {
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "iou-wrk", 7))
			n++;
		fclose(f);
	}
	closedir(d);
	return n;
}

int main(int argc, char **argv)
{
	struct io_uring_params p = { 0 };
	unsigned int *sq_tail, *sq_mask, *sq_array, *cq_head, *cq_tail, *cq_mask;
	struct io_uring_cqe *cqes;
	struct io_uring_sqe *sqes;
	unsigned long long off;
	unsigned long count, i;
	size_t ring_sz;
	void *buf;
	char *ring;
	int fd, rfd, a, flags = O_RDWR | O_DIRECT;

	for (a = 5; a < argc; a++) {
		if (!strcmp(argv[a], "dsync"))
			flags |= O_DSYNC;
		else if (!strcmp(argv[a], "iopoll"))
			p.flags |= IORING_SETUP_IOPOLL;
		else
			break;
	}
	if (argc < 5 || a < argc) {
		fprintf(stderr, "usage: %s DEV OFFSET COUNT BYTE [dsync] [iopoll]\n", argv[0]);
		return 2;
	}
	off = strtoull(argv[2], NULL, 0);
	count = strtoul(argv[3], NULL, 0);
	if (posix_memalign(&buf, BLOCK, BLOCK))
		die("posix_memalign");
	memset(buf, (int)strtol(argv[4], NULL, 0), BLOCK);

	fd = open(argv[1], flags);
	if (fd < 0)
		die(argv[1]);
	rfd = syscall(__NR_io_uring_setup, 1, &p);
	if (rfd < 0)
		die("io_uring_setup");
	if (!(p.features & IORING_FEAT_SINGLE_MMAP)) {
		fprintf(stderr, "io_uring without IORING_FEAT_SINGLE_MMAP\n");
		return 1;
	}
	ring_sz = p.sq_off.array + p.sq_entries * sizeof(unsigned int);
	if (p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe) > ring_sz)
		ring_sz = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	ring = mmap(NULL, ring_sz, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		    rfd, IORING_OFF_SQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_POPULATE, rfd, IORING_OFF_SQES);
	if (ring == MAP_FAILED || sqes == MAP_FAILED)
		die("mmap io_uring");
	sq_tail = (unsigned int *)(ring + p.sq_off.tail);
	sq_mask = (unsigned int *)(ring + p.sq_off.ring_mask);
	sq_array = (unsigned int *)(ring + p.sq_off.array);
	cq_head = (unsigned int *)(ring + p.cq_off.head);
	cq_tail = (unsigned int *)(ring + p.cq_off.tail);
	cq_mask = (unsigned int *)(ring + p.cq_off.ring_mask);
	cqes = (struct io_uring_cqe *)(ring + p.cq_off.cqes);

	for (i = 0; i < count; i++) {
		unsigned int tail = *sq_tail, idx = tail & *sq_mask, head;
		struct io_uring_sqe *sqe = &sqes[idx];
		struct io_uring_cqe *cqe;

		memset(sqe, 0, sizeof(*sqe));
		sqe->opcode = IORING_OP_WRITE;
		sqe->fd = fd;
		sqe->addr = (unsigned long)buf;
		sqe->len = BLOCK;
		sqe->off = off + i * BLOCK;
		sq_array[idx] = idx;
		__atomic_store_n(sq_tail, tail + 1, __ATOMIC_RELEASE);
		if (syscall(__NR_io_uring_enter, rfd, 1, 1, IORING_ENTER_GETEVENTS,
			    NULL, 0) < 0)
			die("io_uring_enter");
		/* A polled ring may return before its completion is reaped. */
		head = *cq_head;
		while (head == __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE))
			if (syscall(__NR_io_uring_enter, rfd, 0, 1,
				    IORING_ENTER_GETEVENTS, NULL, 0) < 0)
				die("io_uring_enter");
		cqe = &cqes[head & *cq_mask];
		if (cqe->res != BLOCK) {
			fprintf(stderr, "write %lu at %llu: %s\n", i, off + i * BLOCK,
				cqe->res < 0 ? strerror(-cqe->res) : "short write");
			return 1;
		}
		__atomic_store_n(cq_head, head + 1, __ATOMIC_RELEASE);
	}
	printf("iou-wrk %d\n", count_workers());
	return 0;
}
