/*
 * ggml_types.c - values and bytes per block of each ggml type.
 *
 * Source: llama.cpp ggml/include/ggml.h (enum ggml_type) at commit
 * 004eaba804a34aa1a397b61d6d5274171c5e4cba (types 0..39), and the block
 * structs with their static_asserts in ggml/src/ggml-common.h at commit
 * 01243c587feceaa5d6a6c2305535ef2f549c48b8, which adds NVFP4 = 40 and
 * Q1_0 = 41 (ggml.c's type_traits take blck_size = QK_x and type_size =
 * sizeof(block_x) from there). Ids 4, 5 (Q4_2/Q4_3), 31-33 (Q4_0_4_4 ...)
 * and 36-38 (IQ4_NL_4_4 ...) were removed from GGUF files: refused.
 * QK_K = 256. Bytes per block, as ggml-common.h adds them up:
 */
#include <stddef.h>

#include "io/gguf/ggml_types.h"
#include "kvplan/checked.h"

static const struct kvp_ggml_type types[] = {
	{ 0, "f32", 1, 4 },
	{ 1, "f16", 1, 2 },
	{ 2, "q4_0", 32, 18 },       /* d f16 + 16 nibble bytes */
	{ 3, "q4_1", 32, 20 },       /* d, m f16 + 16 */
	{ 6, "q5_0", 32, 22 },       /* d + qh[4] + 16 */
	{ 7, "q5_1", 32, 24 },       /* d, m + qh[4] + 16 */
	{ 8, "q8_0", 32, 34 },       /* d + 32 */
	{ 9, "q8_1", 32, 36 },       /* d, s + 32 */
	{ 10, "q2_K", 256, 84 },     /* scales 16 + qs 64 + d, dmin 4 */
	{ 11, "q3_K", 256, 110 },    /* hmask 32 + qs 64 + scales 12 + d 2 */
	{ 12, "q4_K", 256, 144 },    /* d, dmin 4 + scales 12 + qs 128 */
	{ 13, "q5_K", 256, 176 },    /* 4 + 12 + qh 32 + qs 128 */
	{ 14, "q6_K", 256, 210 },    /* ql 128 + qh 64 + scales 16 + d 2 */
	{ 15, "q8_K", 256, 292 },    /* d f32 4 + qs 256 + bsums 32 */
	{ 16, "iq2_xxs", 256, 66 },  /* d 2 + qs 32 x u16 */
	{ 17, "iq2_xs", 256, 74 },   /* d 2 + qs 64 + scales 8 */
	{ 18, "iq3_xxs", 256, 98 },  /* d 2 + qs 96 */
	{ 19, "iq1_s", 256, 50 },    /* d 2 + qs 32 + qh 8 x u16 */
	{ 20, "iq4_nl", 32, 18 },    /* d 2 + qs 16 */
	{ 21, "iq3_s", 256, 110 },   /* d 2 + qs 64 + qh 8 + signs 32 + scales 4 */
	{ 22, "iq2_s", 256, 82 },    /* d 2 + qs 64 + qh 8 + scales 8 */
	{ 23, "iq4_xs", 256, 136 },  /* d 2 + scales_h 2 + scales_l 4 + qs 128 */
	{ 24, "i8", 1, 1 },
	{ 25, "i16", 1, 2 },
	{ 26, "i32", 1, 4 },
	{ 27, "i64", 1, 8 },
	{ 28, "f64", 1, 8 },
	{ 29, "iq1_m", 256, 56 },    /* qs 32 + qh 16 + scales 8 */
	{ 30, "bf16", 1, 2 },
	{ 34, "tq1_0", 256, 54 },    /* qs 48 + qh 4 + d 2 */
	{ 35, "tq2_0", 256, 66 },    /* qs 64 + d 2 */
	{ 39, "mxfp4", 32, 17 },     /* e 1 (E8M0) + qs 16 */
	{ 40, "nvfp4", 64, 36 },     /* d[4] (UE4M3) + qs 32 */
	{ 41, "q1_0", 128, 18 },     /* d 2 + qs 16 */
};

const struct kvp_ggml_type *kvp_ggml_type_of(uint32_t id)
{
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (types[i].id == id)
			return &types[i];
	return NULL;
}

bool kvp_ggml_tensor_bytes(const struct kvp_ggml_type *t, uint32_t n_dims,
                           const uint64_t *ne, uint64_t *bytes,
                           uint64_t *elements)
{
	uint64_t b, n;
	uint32_t i;

	if (!t || n_dims == 0 || ne[0] % t->blck != 0)
		return false;
	if (!kvp_mul(ne[0] / t->blck, t->size, &b))
		return false;
	n = ne[0];
	for (i = 1; i < n_dims; i++)
		if (!kvp_mul(b, ne[i], &b) || !kvp_mul(n, ne[i], &n))
			return false;
	*bytes = b;
	if (elements)
		*elements = n;
	return true;
}
