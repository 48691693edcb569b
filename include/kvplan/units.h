/*
 * units.h - byte and token figures as text, for display only.
 * GiB = 1,073,741,824 bytes and GB = 1,000,000,000 bytes; the two are
 * never mixed in one figure. All functions write into a caller buffer and
 * return it; they never fail (a too-small buffer truncates).
 */
#ifndef KVPLAN_UNITS_H
#define KVPLAN_UNITS_H

#include <stddef.h>
#include <stdint.h>

#define KVP_GIB 1073741824ull
#define KVP_GB  1000000000ull
#define KVP_MIB 1048576ull

/* "4,026,531,840" */
char *kvp_fmt_int(uint64_t v, char *buf, size_t n);
/* Signed: "-1,024" */
char *kvp_fmt_sint(int64_t v, char *buf, size_t n);
/* "3.75 GiB" with `decimals` places (rounded half up) */
char *kvp_fmt_gib(uint64_t bytes, int decimals, char *buf, size_t n);
/* "4.03 GB" */
char *kvp_fmt_gb(uint64_t bytes, int decimals, char *buf, size_t n);
/* "3840.00 MiB" (llama.cpp's style) */
char *kvp_fmt_mib(uint64_t bytes, int decimals, char *buf, size_t n);
/* "4,026,531,840 B (3.75 GiB, 4.03 GB)" */
char *kvp_fmt_bytes_all(uint64_t bytes, char *buf, size_t n);

#endif
