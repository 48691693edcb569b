/*
 * test_format.c - cache and weight formats (src/core/model/format.c): names,
 * aliases, block sizes and the exact bytes of a row. Every expected figure
 * is worked out by hand in the comment beside it.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "kvplan/format.h"

START_TEST(names_round_trip)
{
	struct kvp_error err;
	enum kvp_dtype dt;
	int i;

	for (i = 0; i < KVP_DT_COUNT; i++) {
		ck_assert_int_eq(kvp_dtype_parse(kvp_dtype_name((enum kvp_dtype)i),
		                                 &dt, &err), KVP_OK);
		ck_assert_int_eq(dt, i);
	}
	ck_assert_str_eq(kvp_dtype_name(KVP_DT_F16), "f16");
	ck_assert_str_eq(kvp_dtype_name(KVP_DT_Q8_0), "q8_0");
	ck_assert_str_eq(kvp_dtype_name(KVP_DT_IQ4_NL), "iq4_nl");
	ck_assert_str_eq(kvp_dtype_name(KVP_DT_GROUPQ), "groupq");
}
END_TEST

START_TEST(aliases)
{
	static const struct { const char *s; enum kvp_dtype dt; } cases[] = {
		{ "fp16", KVP_DT_F16 }, { "float16", KVP_DT_F16 },
		{ "half", KVP_DT_F16 }, { "F16", KVP_DT_F16 },
		{ "bfloat16", KVP_DT_BF16 }, { "fp32", KVP_DT_F32 },
		{ "float32", KVP_DT_F32 }, { "float", KVP_DT_F32 },
		{ "fp8_e4m3", KVP_DT_FP8 }, { "fp8_e5m2", KVP_DT_FP8 },
		{ "i8", KVP_DT_INT8 }, { "Q4_0", KVP_DT_Q4_0 },
	};
	struct kvp_error err;
	enum kvp_dtype dt;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(kvp_dtype_parse(cases[i].s, &dt, &err), KVP_OK);
		ck_assert_int_eq(dt, cases[i].dt);
	}
}
END_TEST

START_TEST(bad_name_names_the_text)
{
	struct kvp_error err;
	enum kvp_dtype dt;

	ck_assert_int_eq(kvp_dtype_parse("q3_k", &dt, &err), KVP_EINVAL);
	ck_assert_int_eq(err.status, KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "'q3_k'"));
	ck_assert_int_eq(kvp_dtype_parse("", &dt, &err), KVP_EINVAL);
}
END_TEST

/* Row of 1,024 values (8 KV heads x 128 dims) in every plain format. */
START_TEST(row_bytes_every_format)
{
	static const struct { enum kvp_dtype dt; uint64_t bytes; } cases[] = {
		{ KVP_DT_F32, 4096 },    /* 1024 x 4 */
		{ KVP_DT_F16, 2048 },    /* 1024 x 2 */
		{ KVP_DT_BF16, 2048 },   /* 1024 x 2 */
		{ KVP_DT_FP8, 1024 },    /* 1024 x 1 */
		{ KVP_DT_INT8, 1024 },   /* 1024 x 1 */
		{ KVP_DT_Q8_0, 1088 },   /* 1024 / 32 = 32 blocks x 34 */
		{ KVP_DT_Q4_0, 576 },    /* 32 x 18 */
		{ KVP_DT_Q4_1, 640 },    /* 32 x 20 */
		{ KVP_DT_Q5_0, 704 },    /* 32 x 22 */
		{ KVP_DT_Q5_1, 768 },    /* 32 x 24 */
		{ KVP_DT_IQ4_NL, 576 },  /* 32 x 18 */
	};
	struct kvp_error err;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct kvp_format f = kvp_format_plain(cases[i].dt);
		uint64_t b = 0;

		ck_assert_int_eq(kvp_format_row_bytes(&f, 1024, &b, "model.k_dtype",
		                                      &err), KVP_OK);
		ck_assert_msg(b == cases[i].bytes, "%s: %llu != %llu",
		              kvp_dtype_name(cases[i].dt), (unsigned long long)b,
		              (unsigned long long)cases[i].bytes);
	}
}
END_TEST

START_TEST(block_sizes)
{
	struct kvp_format f = kvp_format_plain(KVP_DT_Q8_0);

	ck_assert_uint_eq(kvp_format_block_values(&f), 32);
	ck_assert_uint_eq(kvp_format_block_bytes(&f), 34);
	f = kvp_format_plain(KVP_DT_Q5_1);
	ck_assert_uint_eq(kvp_format_block_bytes(&f), 24);
	f = kvp_format_plain(KVP_DT_BF16);
	ck_assert_uint_eq(kvp_format_block_values(&f), 1);
	ck_assert_uint_eq(kvp_format_block_bytes(&f), 2);
}
END_TEST

START_TEST(block_format_needs_whole_blocks)
{
	struct kvp_format f = kvp_format_plain(KVP_DT_Q4_0);
	struct kvp_error err;
	uint64_t b;

	/* 80 values = 2.5 blocks of 32: refused, naming field and count */
	ck_assert_int_eq(kvp_format_row_bytes(&f, 80, &b, "model.base.k_dtype",
	                                      &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.base.k_dtype"));
	ck_assert_ptr_nonnull(strstr(err.msg, "80"));
	/* 96 values = 3 blocks: 3 x 18 = 54 */
	ck_assert_int_eq(kvp_format_row_bytes(&f, 96, &b, "k", &err), KVP_OK);
	ck_assert_uint_eq(b, 54);
}
END_TEST

static struct kvp_format groupq(uint32_t bits, uint32_t gs, uint32_t sb,
                                uint32_t zb)
{
	struct kvp_format f = kvp_format_plain(KVP_DT_GROUPQ);

	f.bits = bits;
	f.group_size = gs;
	f.scale_bytes = sb;
	f.zero_bytes = zb;
	f.residual = 128;
	f.residual_dtype = KVP_DT_F16;
	return f;
}

START_TEST(groupq_row_bytes)
{
	struct kvp_format f = groupq(4, 64, 2, 2);
	struct kvp_error err;
	uint64_t b;

	/* 1024 values, 4 bits: 512 data bytes; 1024/64 = 16 groups x (2+2)
	 * = 64 bytes; total 576 */
	ck_assert_int_eq(kvp_format_row_bytes(&f, 1024, &b, "k", &err), KVP_OK);
	ck_assert_uint_eq(b, 576);
	/* one group: 64 x 4 / 8 = 32 data + 4 = 36 bytes */
	ck_assert_uint_eq(kvp_format_block_values(&f), 64);
	ck_assert_uint_eq(kvp_format_block_bytes(&f), 36);

	/* 100 values, 3 bits, groups of 64, scale 2, no zero: data
	 * ceil(300 / 8) = 38; groups ceil(100 / 64) = 2 x 2 = 4; total 42 */
	f = groupq(3, 64, 2, 0);
	ck_assert_int_eq(kvp_format_row_bytes(&f, 100, &b, "k", &err), KVP_OK);
	ck_assert_uint_eq(b, 42);

	/* 2 bits, group 32, 2+2: 128 values -> 32 data + 4 groups x 4 = 48 */
	f = groupq(2, 32, 2, 2);
	ck_assert_int_eq(kvp_format_row_bytes(&f, 128, &b, "k", &err), KVP_OK);
	ck_assert_uint_eq(b, 48);
}
END_TEST

START_TEST(groupq_checks)
{
	struct kvp_format f = groupq(0, 64, 2, 2);
	struct kvp_error err;
	uint64_t b;

	ck_assert_int_eq(kvp_format_check(&f, "model.base.k_dtype", &err), KVP_ERANGE);
	ck_assert_str_eq(err.msg, "model.base.k_dtype.bits: 0 - must be 1..16");
	f = groupq(17, 64, 2, 2);
	ck_assert_int_eq(kvp_format_row_bytes(&f, 64, &b, "k", &err), KVP_ERANGE);
	f = groupq(4, 0, 2, 2);
	ck_assert_int_eq(kvp_format_check(&f, "v", &err), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(err.msg, "v.group_size: 0"));
	f = groupq(4, 64, 2, 2);
	f.residual_dtype = KVP_DT_GROUPQ;
	ck_assert_int_eq(kvp_format_check(&f, "v", &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "v.residual_dtype"));
}
END_TEST

START_TEST(row_overflow)
{
	struct kvp_format f = kvp_format_plain(KVP_DT_F32);
	struct kvp_error err;
	uint64_t b;

	/* 2^62 values x 4 bytes = 2^64: one past the largest uint64 */
	ck_assert_int_eq(kvp_format_row_bytes(&f, 1ull << 62, &b, "model.k_dtype",
	                                      &err), KVP_EOVERFLOW);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.k_dtype"));
	/* 2^62 - 1 values x 4 = 2^64 - 4: fits */
	ck_assert_int_eq(kvp_format_row_bytes(&f, (1ull << 62) - 1, &b, "k",
	                                      &err), KVP_OK);
	ck_assert(b == UINT64_MAX - 3);
	/* group-quantized: UINT64_MAX values at 16 bits overflow too */
	f = groupq(16, 64, 2, 2);
	ck_assert_int_eq(kvp_format_row_bytes(&f, UINT64_MAX, &b, "k", &err),
	                 KVP_EOVERFLOW);
}
END_TEST

START_TEST(zero_values)
{
	struct kvp_format f = kvp_format_plain(KVP_DT_Q8_0);
	struct kvp_error err;
	uint64_t b = 99;

	ck_assert_int_eq(kvp_format_row_bytes(&f, 0, &b, "k", &err), KVP_OK);
	ck_assert_uint_eq(b, 0);
}
END_TEST

START_TEST(equality)
{
	struct kvp_format a = kvp_format_plain(KVP_DT_F16);
	struct kvp_format b = kvp_format_plain(KVP_DT_F16);
	struct kvp_format g1 = groupq(4, 64, 2, 2), g2 = groupq(4, 64, 2, 2);

	ck_assert(kvp_format_equal(&a, &b));
	b.dtype = KVP_DT_BF16;
	ck_assert(!kvp_format_equal(&a, &b));
	ck_assert(kvp_format_equal(&g1, &g2));
	g2.bits = 2;
	ck_assert(!kvp_format_equal(&g1, &g2));
	g2 = g1;
	g2.residual = 64;
	ck_assert(!kvp_format_equal(&g1, &g2));
}
END_TEST

START_TEST(weight_formats)
{
	struct kvp_error err;
	enum kvp_wdtype w;
	int i;

	for (i = 0; i < KVP_W_COUNT; i++) {
		ck_assert_int_eq(kvp_wdtype_parse(kvp_wdtype_name((enum kvp_wdtype)i),
		                                  &w, &err), KVP_OK);
		ck_assert_int_eq(w, i);
	}
	ck_assert_int_eq(kvp_wdtype_parse("awq", &w, &err), KVP_OK);
	ck_assert_int_eq(w, KVP_W_INT4);
	ck_assert_int_eq(kvp_wdtype_parse("Q4_K_M", &w, &err), KVP_OK);
	ck_assert_int_eq(w, KVP_W_GGUF_Q4_K_M);
	ck_assert_int_eq(kvp_wdtype_parse("int3", &w, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "'int3'"));
}
END_TEST

/* Element formats (one value per element) vs block/group formats. */
START_TEST(element_formats)
{
	ck_assert(kvp_dtype_is_element(KVP_DT_F32));
	ck_assert(kvp_dtype_is_element(KVP_DT_F16));
	ck_assert(kvp_dtype_is_element(KVP_DT_BF16));
	ck_assert(kvp_dtype_is_element(KVP_DT_FP8));
	ck_assert(kvp_dtype_is_element(KVP_DT_INT8));
	ck_assert(!kvp_dtype_is_element(KVP_DT_Q8_0));
	ck_assert(!kvp_dtype_is_element(KVP_DT_Q4_0));
	ck_assert(!kvp_dtype_is_element(KVP_DT_IQ4_NL));
	ck_assert(!kvp_dtype_is_element(KVP_DT_GROUPQ));
}
END_TEST

static Suite *format_suite(void)
{
	Suite *s = suite_create("format");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, names_round_trip);
	tcase_add_test(tc, aliases);
	tcase_add_test(tc, bad_name_names_the_text);
	tcase_add_test(tc, row_bytes_every_format);
	tcase_add_test(tc, block_sizes);
	tcase_add_test(tc, block_format_needs_whole_blocks);
	tcase_add_test(tc, groupq_row_bytes);
	tcase_add_test(tc, groupq_checks);
	tcase_add_test(tc, row_overflow);
	tcase_add_test(tc, zero_values);
	tcase_add_test(tc, equality);
	tcase_add_test(tc, weight_formats);
	tcase_add_test(tc, element_formats);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(format_suite)
