/*
 * test_margin.c - over / tight / roomy (src/core/device/margin.c) at the exact
 * boundary: tight means 10 x free < capacity.
 */
#include <check.h>
#include <string.h>

#include "kvplan/margin.h"
#include "kvplan/result.h"

static struct kvp_device_result dev(uint64_t cap, int64_t free_bytes)
{
	struct kvp_device_result d;

	memset(&d, 0, sizeof d);
	d.capacity_bytes = cap;
	d.free_bytes = free_bytes;
	d.fits = free_bytes >= 0;
	return d;
}

START_TEST(device_boundary)
{
	struct kvp_device_result d;

	/* 100 B card: 10 B free is exactly a tenth (10 x 10 = 100, not
	 * < 100): roomy; 9 B free (90 < 100): tight */
	d = dev(100, 10);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_ROOMY);
	d = dev(100, 9);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_TIGHT);
	/* 101 B card: 10 B free is under a tenth (100 < 101): tight;
	 * 11 B (110 >= 101): roomy */
	d = dev(101, 10);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_TIGHT);
	d = dev(101, 11);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_ROOMY);
	/* full (0 free) is tight, one byte over is over */
	d = dev(100, 0);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_TIGHT);
	d = dev(100, -1);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_OVER);
	/* a device the budget says does not fit is over whatever its free */
	d = dev(100, 50);
	d.fits = false;
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_OVER);
	/* near 2^64: (2^64 - 1) card, free 2^63 - 1 (> a tenth): roomy,
	 * no overflow in the test */
	d = dev(UINT64_MAX, INT64_MAX);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_ROOMY);
	/* free 1,844,674,407,370,955,161 = floor((2^64 - 2) / 10): tight */
	d = dev(UINT64_MAX, 1844674407370955161ll);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_TIGHT);
	d = dev(UINT64_MAX, 1844674407370955162ll);
	ck_assert_int_eq(kvp_device_margin(&d), KVP_MARGIN_ROOMY);
	ck_assert_str_eq(kvp_margin_name(KVP_MARGIN_TIGHT), "tight");
}
END_TEST

START_TEST(result_worst)
{
	static struct kvp_result r;

	memset(&r, 0, sizeof r);
	ck_assert_int_eq(kvp_result_margin(&r), KVP_MARGIN_NONE);
	r.n_devices = 2;
	r.devices[0] = dev(100, 50);
	r.devices[1] = dev(100, 20);
	ck_assert_int_eq(kvp_result_margin(&r), KVP_MARGIN_ROOMY);
	/* the tighter card decides, even with more bytes free than the
	 * other: 1,000 B card with 90 B free (900 < 1,000) vs 100 B card
	 * with 50 B free */
	r.devices[1] = dev(1000, 90);
	ck_assert_int_eq(kvp_result_margin(&r), KVP_MARGIN_TIGHT);
	r.devices[0] = dev(100, -5);
	ck_assert_int_eq(kvp_result_margin(&r), KVP_MARGIN_OVER);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("margin");
	TCase *tc = tcase_create("margin");

	tcase_add_test(tc, device_boundary);
	tcase_add_test(tc, result_worst);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
