// SPDX-License-Identifier: GPL-2.0
/*
 * pmem_copy_probe: the 2x2 copy-path experiment of `make bench`.
 *
 * The block path of a pmem namespace changes two things with its memory
 * type: the mapping (write-back or write-through) and the copy routine
 * (memcpy_flushcache() for WB, memcpy() + pmem_wmb() for WT). This module
 * maps one physical range of an NVDIMM region twice, with the memremap()
 * call memremap_pmem() makes, once WB and once WT, and times both routines
 * on both mappings, plus a read pass, so the effect of the type and the
 * effect of the routine can be told apart.
 *
 * It also asks whether the platform honours the type at all: plain stores
 * repeated over a small buffer hit the cache on WB and go to memory every
 * time on WT, so on a platform that honours WT they cost far more there.
 * Under emulation (QEMU TCG) they cost the same.
 *
 * Every timed section runs with interrupts off and is read with
 * ktime_get_ns(): under QEMU's -icount shift=0 that is the guest's
 * instruction count, exact and repeatable; under KVM, wall-clock time.
 *
 * Results: /sys/kernel/debug/pmem_copy_probe/results, one line per round:
 *   pte   TYPE NAME             cache mode the kernel's page table gives
 *   copy  TYPE ROUTINE SIZE COUNT NS
 *   read  TYPE mc SIZE COUNT NS
 *   stores TYPE BYTES PASSES NS
 *
 * A benchmark tool: loaded only inside a pmem-stack guest, never on a host.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <linux/vmalloc.h>
#include <asm/msr.h>
#include <asm/pgtable.h>

static unsigned long phys;
module_param(phys, ulong, 0444);
MODULE_PARM_DESC(phys, "physical address of an unmapped NVDIMM range (required)");

static unsigned long span = 16UL << 20;
module_param(span, ulong, 0444);
MODULE_PARM_DESC(span, "bytes of the range to map (default 16 MiB)");

static unsigned int rounds = 3;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "timed rounds per point (default 3)");

/* The copy sizes of the block path: a 4k page, a 128k bio, a 1M bio. */
static const size_t copy_sizes[] = { SZ_4K, SZ_128K, SZ_1M };
/* Bytes copied per timed section: long enough to dwarf the timer read. */
#define SECTION_BYTES	SZ_4M
/* The store probe: a buffer far smaller than any cache, stored over often. */
#define STORE_BYTES	SZ_4K
#define STORE_PASSES	256

static const struct {
	const char *name;
	unsigned long flags;
} types[] = {
	{ "wb", MEMREMAP_WB },
	{ "wt", MEMREMAP_WT },
};

static char *out;
static size_t out_len;
#define OUT_SIZE	SZ_64K

static __printf(1, 2) void emit(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	out_len += vscnprintf(out + out_len, OUT_SIZE - out_len, fmt, args);
	va_end(args);
}

/*
 * The cache mode the page table really gives @addr: the PWT, PCD and PAT
 * bits of its entry select one of the eight entries of the PAT MSR.
 */
static const char *pte_cache_mode(void *addr)
{
	static const char * const names[8] = {
		"uncached", "write-combining", "reserved-2", "reserved-3",
		"write-through", "write-protected", "write-back", "uncached-minus",
	};
	unsigned int level, idx;
	unsigned long val;
	u64 pat;
	pte_t *pte;

	pte = lookup_address((unsigned long)addr, &level);
	if (!pte)
		return "unmapped";
	val = pte_val(*pte);
	idx = (val & _PAGE_PWT ? 1 : 0) | (val & _PAGE_PCD ? 2 : 0);
	if (level == PG_LEVEL_4K)
		idx |= val & _PAGE_PAT ? 4 : 0;
	else
		idx |= val & _PAGE_PAT_LARGE ? 4 : 0;
	rdmsrl(MSR_IA32_CR_PAT, pat);
	return names[(pat >> (8 * idx)) & 7];
}

static void copy_flushcache(void *dst, const void *src, size_t n)
{
	memcpy_flushcache(dst, src, n);
}

/* What the series' write path does on WT: a plain copy, then the fence. */
static void copy_plain_wmb(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	pmem_wmb();
}

static const struct {
	const char *name;
	void (*copy)(void *dst, const void *src, size_t n);
} routines[] = {
	{ "flushcache", copy_flushcache },
	{ "plain+wmb", copy_plain_wmb },
};

/* One timed section: @count copies of @n bytes, interrupts off. */
static u64 time_copies(void (*copy)(void *, const void *, size_t),
		       void *map, void *buf, size_t n, unsigned int count,
		       bool to_map)
{
	unsigned long irqflags;
	unsigned int i;
	u64 t0, t1;

	local_irq_save(irqflags);
	t0 = ktime_get_ns();
	for (i = 0; i < count; i++) {
		void *m = map + (size_t)i * n % span;

		if (to_map)
			copy(m, buf, n);
		else
			copy(buf, m, n);
	}
	t1 = ktime_get_ns();
	local_irq_restore(irqflags);
	return t1 - t0;
}

static void copy_mc(void *dst, const void *src, size_t n)
{
	/* the pmem read path's copy; a poisoned line would end the probe */
	if (copy_mc_to_kernel(dst, src, n))
		pr_warn_once("copy_mc_to_kernel() hit a poisoned line\n");
}

static u64 time_stores(void *map)
{
	unsigned long irqflags;
	unsigned int pass, i;
	u64 t0, t1;

	local_irq_save(irqflags);
	t0 = ktime_get_ns();
	for (pass = 0; pass < STORE_PASSES; pass++)
		for (i = 0; i < STORE_BYTES / sizeof(u64); i++)
			WRITE_ONCE(((u64 *)map)[i], pass);
	pmem_wmb();
	t1 = ktime_get_ns();
	local_irq_restore(irqflags);
	return t1 - t0;
}

static int probe_type(unsigned int t, void *buf)
{
	unsigned int r, k, s;
	void *map;

	map = memremap(phys, span, types[t].flags);
	if (!map) {
		pr_err("%#lx+%#lx: %s mapping failed\n", phys, span,
		       types[t].name);
		return -ENXIO;
	}
	emit("pte %s %s\n", types[t].name, pte_cache_mode(map));

	for (s = 0; s < ARRAY_SIZE(copy_sizes); s++) {
		size_t n = copy_sizes[s];
		unsigned int count = SECTION_BYTES / n;

		for (k = 0; k < ARRAY_SIZE(routines); k++)
			for (r = 0; r < rounds; r++)
				emit("copy %s %s %zu %u %llu\n", types[t].name,
				     routines[k].name, n, count,
				     time_copies(routines[k].copy, map, buf, n,
						 count, true));
		for (r = 0; r < rounds; r++)
			emit("read %s mc %zu %u %llu\n", types[t].name, n,
			     count, time_copies(copy_mc, map, buf, n, count,
						false));
	}
	for (r = 0; r < rounds; r++)
		emit("stores %s %u %u %llu\n", types[t].name, STORE_BYTES,
		     STORE_PASSES, time_stores(map));
	memunmap(map);
	return 0;
}

static ssize_t results_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, count, ppos, out, out_len);
}

static const struct file_operations results_fops = {
	.owner = THIS_MODULE,
	.read = results_read,
	.llseek = default_llseek,
};

static struct dentry *dir;

static int __init pmem_copy_probe_init(void)
{
	unsigned int t;
	void *buf;
	int rc = 0;

	if (!phys || span < SZ_1M || !IS_ALIGNED(phys | span, PAGE_SIZE)) {
		pr_err("phys=%#lx span=%#lx: want a page-aligned NVDIMM range of at least 1 MiB\n",
		       phys, span);
		return -EINVAL;
	}
	out = kvzalloc(OUT_SIZE, GFP_KERNEL);
	buf = vmalloc(SZ_1M);
	if (!out || !buf) {
		rc = -ENOMEM;
		goto err;
	}
	memset(buf, 0x5a, SZ_1M);
	for (t = 0; t < ARRAY_SIZE(types) && !rc; t++)
		rc = probe_type(t, buf);
	vfree(buf);
	buf = NULL;
	if (rc)
		goto err;

	dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	debugfs_create_file("results", 0444, dir, NULL, &results_fops);
	return 0;
err:
	vfree(buf);
	kvfree(out);
	return rc;
}

static void __exit pmem_copy_probe_exit(void)
{
	debugfs_remove_recursive(dir);
	kvfree(out);
}

module_init(pmem_copy_probe_init);
module_exit(pmem_copy_probe_exit);
MODULE_DESCRIPTION("pmem-stack benchmark: memory type x copy routine on an NVDIMM range");
MODULE_LICENSE("GPL");
