/*
 * speed.h - the speed envelope of a computed result as text: one wording
 * for calc, the planner and the reports. The figures are the fields of
 * res->speed (result.h states their formulas); these functions only
 * format them. Each writes a caller buffer and never fails.
 */
#ifndef KVPLAN_SPEED_H
#define KVPLAN_SPEED_H

#include <stdbool.h>
#include <stddef.h>

#include "kvplan/result.h"

/* What the bound is: "roofline bound from the cards' data sheets, not a
 * measurement". */
extern const char kvp_speed_label[];

/* "<= 183.76 tokens/s per sequence, <= 1,102.52 tokens/s for all 6
 * (15.01 GB weights + 3.22 GB KV read per step at 3,350 GB/s,
 * memory-bound)", or why there is none. */
void kvp_speed_decode_text(const struct kvp_result *res, char *buf, size_t n);

/* With speculative decoding, what the rates assume: "; up to 4 tokens a
 * step, every draft accepted"; "" otherwise. */
void kvp_speed_step_text(const struct kvp_result *res, char *buf, size_t n);

/* ">= 47.16 ms for a 3,072-token prompt (46.67 TFLOP at 989.50 TFLOP/s
 * 16-bit peak)", or why there is none. */
void kvp_speed_prefill_text(const struct kvp_result *res, char *buf, size_t n);

/* The short form under a verdict: "bound <= 183.76 tok/s/seq, <= 1,102.51
 * in all; prefill >= 49.10 ms" (the prefill part when `prefill`); ""
 * when there is no decode bound. */
void kvp_speed_short_text(const struct kvp_result *res, bool prefill,
                          char *buf, size_t n);

/* "183.76": thousandths as a decimal with two places (rounded half up). */
char *kvp_fmt_milli(uint64_t milli, char *buf, size_t n);

#endif
