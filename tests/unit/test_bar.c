/*
 * test_bar.c - bar geometry (src/core/text/bar.c): exact sums, at least one
 * cell per non-zero segment, overflow past the capacity mark. Every
 * expected figure is worked out by hand in the comment beside it.
 */
#include <check.h>

#include "kvplan/bar.h"

static uint32_t sum_cells(const struct kvp_bar *b)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i < b->n; i++)
		s += b->cells[i];
	return s;
}

static uint32_t sum_eighths(const struct kvp_bar *b)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i < b->n; i++)
		s += b->eighths[i];
	return s;
}

START_TEST(exact_proportions)
{
	/* 50/30/20 of 100 on 10 cells: 5, 3, 2 cells; 40, 24, 16 eighths */
	uint64_t v[] = { 50, 30, 20 };
	struct kvp_bar b;

	kvp_bar_layout(v, 3, 100, 10, &b);
	ck_assert_uint_eq(b.n, 3);
	ck_assert_uint_eq(b.cells[0], 5);
	ck_assert_uint_eq(b.cells[1], 3);
	ck_assert_uint_eq(b.cells[2], 2);
	ck_assert_uint_eq(b.eighths[0], 40);
	ck_assert_uint_eq(b.eighths[1], 24);
	ck_assert_uint_eq(b.eighths[2], 16);
	ck_assert_uint_eq(b.used_cells, 10);
	ck_assert_uint_eq(b.cap_cell, 10);
	ck_assert_uint_eq(b.overflow_cells, 0);
	ck_assert_uint_eq(b.total_cells, 10);
}
END_TEST

START_TEST(largest_remainder_sums_exactly)
{
	/* 1/1/1 of 3 on 10 cells: 3.33 each, floors 3+3+3 = 9, target
	 * round(3 * 10 / 3) = 10; equal remainders -> the first gets the
	 * extra cell: 4, 3, 3 (a naive round would give 3+3+3 = 9). */
	uint64_t v[] = { 1, 1, 1 };
	struct kvp_bar b;

	kvp_bar_layout(v, 3, 3, 10, &b);
	ck_assert_uint_eq(b.cells[0], 4);
	ck_assert_uint_eq(b.cells[1], 3);
	ck_assert_uint_eq(b.cells[2], 3);
	ck_assert_uint_eq(sum_cells(&b), 10);
	/* eighths: 80 / 3 = 26.67 each, floors 78, two extra by remainder:
	 * 27, 27, 26 */
	ck_assert_uint_eq(b.eighths[0], 27);
	ck_assert_uint_eq(b.eighths[1], 27);
	ck_assert_uint_eq(b.eighths[2], 26);
}
END_TEST

START_TEST(partly_filled)
{
	/* 25 + 12 of 100 on 20 cells: 5 + 2.4 = 7.4 -> target 7 cells;
	 * floors 5, 2; used 7, capacity mark still at 20. */
	uint64_t v[] = { 25, 12 };
	struct kvp_bar b;

	kvp_bar_layout(v, 2, 100, 20, &b);
	ck_assert_uint_eq(b.cells[0], 5);
	ck_assert_uint_eq(b.cells[1], 2);
	ck_assert_uint_eq(b.used_cells, 7);
	ck_assert_uint_eq(b.cap_cell, 20);
	ck_assert_uint_eq(b.total_cells, 20);
	/* eighths: 160 * 37 / 100 = 59.2 -> 59; 40 + 19.2 -> 40, 19 */
	ck_assert_uint_eq(b.eighths[0], 40);
	ck_assert_uint_eq(b.eighths[1], 19);
}
END_TEST

START_TEST(min_one_cell)
{
	/* 1000 and 1 of 1001 on 10 cells: 9.99 and 0.00999; target 10;
	 * floors 9, 0; remainders 991/1001 and 10/1001 -> 10, 0; the tiny
	 * non-zero segment takes one cell from the widest: 9, 1. */
	uint64_t v[] = { 1000, 1, 0 };
	struct kvp_bar b;

	kvp_bar_layout(v, 3, 1001, 10, &b);
	ck_assert_uint_eq(b.cells[0], 9);
	ck_assert_uint_eq(b.cells[1], 1);
	ck_assert_uint_eq(b.cells[2], 0);   /* zero stays zero */
	ck_assert_uint_eq(sum_cells(&b), 10);
	ck_assert_uint_ge(b.eighths[1], 8);
	ck_assert_uint_eq(b.eighths[2], 0);
	ck_assert_uint_eq(sum_eighths(&b), 80);
}
END_TEST

START_TEST(tiny_alone_gets_a_cell)
{
	/* 1 byte of 1 GiB on 40 cells: round(40 / 2^30) = 0, but a non-zero
	 * segment shows: 1 cell, used 1. */
	uint64_t v[] = { 1 };
	struct kvp_bar b;

	kvp_bar_layout(v, 1, 1073741824ull, 40, &b);
	ck_assert_uint_eq(b.cells[0], 1);
	ck_assert_uint_eq(b.used_cells, 1);
	ck_assert_uint_eq(b.eighths[0], 8);
}
END_TEST

START_TEST(overflow_past_mark)
{
	/* 60 + 60 = 120 on capacity 100, width 31: one cell is the mark,
	 * avail 30; capacity's share round(100 * 30 / 120) = 25 cells,
	 * overflow 30 - 25 = 5 (<= 31 / 3 = 10, no compression).
	 * Up to capacity: 60 and 40 -> 60*25/100 = 15, 40*25/100 = 10.
	 * Past it: 0 and 20 -> 0 and 5. Cells 15, 15; total 25 + 1 + 5. */
	uint64_t v[] = { 60, 60 };
	struct kvp_bar b;

	kvp_bar_layout(v, 2, 100, 31, &b);
	ck_assert_uint_eq(b.cap_cell, 25);
	ck_assert_uint_eq(b.used_cells, 25);
	ck_assert_uint_eq(b.overflow_cells, 5);
	ck_assert_uint_eq(b.total_cells, 31);
	ck_assert_uint_eq(b.cells[0], 15);
	ck_assert_uint_eq(b.cells[1], 15);
	ck_assert_uint_eq(sum_eighths(&b), 8 * 30);
}
END_TEST

START_TEST(overflow_compressed)
{
	/* 300 on capacity 100, width 31: one scale would give the capacity
	 * round(100 * 30 / 300) = 10 cells and the overflow 20 > 31/3 = 10,
	 * so the capacity keeps 30 - 10 = 20 cells and the overflow 10. */
	uint64_t v[] = { 300 };
	struct kvp_bar b;

	kvp_bar_layout(v, 1, 100, 31, &b);
	ck_assert_uint_eq(b.cap_cell, 20);
	ck_assert_uint_eq(b.overflow_cells, 10);
	ck_assert_uint_eq(b.cells[0], 30);
	ck_assert_uint_eq(b.total_cells, 31);
	ck_assert_uint_le(b.total_cells, 31);
}
END_TEST

START_TEST(overflow_small_segment_visible)
{
	/* 100 exactly fills capacity 100; 1 more byte is over. width 13:
	 * avail 12, capacity share round(100 * 12 / 101) = 12 >= avail, so
	 * capacity gets 11 and the overflow 1 cell (always at least one).
	 * Past the mark: only the second segment (1 byte) -> 1 cell. */
	uint64_t v[] = { 100, 1 };
	struct kvp_bar b;

	kvp_bar_layout(v, 2, 100, 13, &b);
	ck_assert_uint_eq(b.cap_cell, 11);
	ck_assert_uint_eq(b.overflow_cells, 1);
	ck_assert_uint_eq(b.cells[0], 11);
	ck_assert_uint_eq(b.cells[1], 1);
	ck_assert_uint_eq(b.total_cells, 13);
}
END_TEST

/* To scale (kvp_bar_layout_scaled): the 3.55 / 4.38 / 0.34 /
 * 0.73 GiB, here in hundredths, on a 24.00 capacity and 22 cells, were
 * four equal cells. 8 x 22 = 176 eighths for 2,400:
 *   355 -> 26.03, 438 -> 32.12, 34 -> 2.49, 73 -> 5.35 eighths; sum 900
 *   -> 66.0, target 66; floors 26 + 32 + 2 + 5 = 65, the largest
 *   remainder (0.49, activations) gets the last: 26, 32, 3, 5.
 * Whole cells, 22 for 2,400: 3.25, 4.02, 0.31, 0.67; target
 * round(8.25) = 8; floors 3 + 4 + 0 + 0 = 7, largest remainder 0.67
 * (overhead) -> 3, 4, 0, 1: the activations get no cell, flagged thin,
 * and nobody gives one up. */
START_TEST(scaled_no_minimum)
{
	uint64_t v[] = { 355, 438, 34, 73 };
	struct kvp_bar b;

	kvp_bar_layout_scaled(v, 4, 2400, 22, &b);
	ck_assert_uint_eq(b.eighths[0], 26);
	ck_assert_uint_eq(b.eighths[1], 32);
	ck_assert_uint_eq(b.eighths[2], 3);
	ck_assert_uint_eq(b.eighths[3], 5);
	ck_assert_uint_eq(b.cells[0], 3);
	ck_assert_uint_eq(b.cells[1], 4);
	ck_assert_uint_eq(b.cells[2], 0);
	ck_assert_uint_eq(b.cells[3], 1);
	ck_assert_uint_eq(b.used_cells, 8);
	ck_assert_uint_eq(b.thin_cells, 1u << 2);
	ck_assert_uint_eq(b.thin_eighths, 0);
	/* the old layout gives every part a cell, taken from the widest */
	kvp_bar_layout(v, 4, 2400, 22, &b);
	ck_assert_uint_eq(b.cells[2], 1);
}
END_TEST

/* 1 byte of 1 GiB on 40 cells: no eighth, flagged thin; used 0. */
START_TEST(scaled_tiny_is_thin)
{
	uint64_t v[] = { 1073741823ull / 2, 1, 0 };
	struct kvp_bar b;

	kvp_bar_layout_scaled(v, 3, 1073741824ull, 40, &b);
	/* 536,870,911 of 2^30 x 320 = 159.99... eighths -> 160 (target
	 * round(160.0) = 160) */
	ck_assert_uint_eq(b.eighths[0], 160);
	ck_assert_uint_eq(b.eighths[1], 0);
	ck_assert_uint_eq(b.eighths[2], 0);
	ck_assert_uint_eq(b.thin_eighths, 1u << 1);
	ck_assert_uint_eq(b.thin_cells, 1u << 1);
}
END_TEST

START_TEST(all_zero)
{
	uint64_t v[] = { 0, 0, 0, 0, 0 };
	struct kvp_bar b;

	kvp_bar_layout(v, 5, 80, 40, &b);
	ck_assert_uint_eq(sum_cells(&b), 0);
	ck_assert_uint_eq(b.used_cells, 0);
	ck_assert_uint_eq(b.cap_cell, 40);
}
END_TEST

START_TEST(exactly_full)
{
	/* five segments summing to the capacity fill every cell:
	 * 10/20/30/25/15 of 100 on 40 cells = 4, 8, 12, 10, 6 */
	uint64_t v[] = { 10, 20, 30, 25, 15 };
	struct kvp_bar b;

	kvp_bar_layout(v, 5, 100, 40, &b);
	ck_assert_uint_eq(b.cells[0], 4);
	ck_assert_uint_eq(b.cells[1], 8);
	ck_assert_uint_eq(b.cells[2], 12);
	ck_assert_uint_eq(b.cells[3], 10);
	ck_assert_uint_eq(b.cells[4], 6);
	ck_assert_uint_eq(b.used_cells, 40);
	ck_assert_uint_eq(b.overflow_cells, 0);
}
END_TEST

static Suite *bar_suite(void)
{
	Suite *s = suite_create("bar");
	TCase *tc = tcase_create("layout");

	tcase_add_test(tc, exact_proportions);
	tcase_add_test(tc, largest_remainder_sums_exactly);
	tcase_add_test(tc, partly_filled);
	tcase_add_test(tc, min_one_cell);
	tcase_add_test(tc, tiny_alone_gets_a_cell);
	tcase_add_test(tc, overflow_past_mark);
	tcase_add_test(tc, overflow_compressed);
	tcase_add_test(tc, overflow_small_segment_visible);
	tcase_add_test(tc, all_zero);
	tcase_add_test(tc, scaled_no_minimum);
	tcase_add_test(tc, scaled_tiny_is_thin);
	tcase_add_test(tc, exactly_full);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(bar_suite)
