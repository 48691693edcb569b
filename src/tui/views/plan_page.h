/*
 * plan_page.h - the Plan page, the planner's first screen: the rows that
 * answer the ops question (model, card and count, workload, one KV cache
 * format, engine, TP/PP) as a table the form is built from, and the one
 * "KV format" entry that sets the cache format wherever the chosen engine
 * reads it (K and V together; apart only on the Model page).
 */
#ifndef KVPLAN_TUI_PLAN_PAGE_H
#define KVPLAN_TUI_PLAN_PAGE_H

#include <stddef.h>

#include "kvplan/field.h"
#include "kvplan/plan.h"
#include "kvplan/status.h"

enum tui_plan_special {
	TUI_PLAN_FIELD = 0,     /* a plain field of the table */
	TUI_PLAN_PICK_MODEL,    /* model id; typing opens the model picker */
	TUI_PLAN_PICK_CARD,     /* card name; typing opens the card picker */
	TUI_PLAN_KV_FORMAT,     /* the one KV cache format (see above) */
	TUI_PLAN_OVERRIDE_TENSOR, /* the Work page's llama.cpp -ot row:
	                         * engine.llamacpp.override_tensor, a string
	                         * the front end matches (io/gguf/override_tensor.h),
	                         * no field of the table */
	TUI_PLAN_PICK_DRAFT,    /* the draft model of speculative decoding
	                         * (plan.draft, no field of its own: the row
	                         * shows its id); typing opens the model
	                         * picker, Delete removes the draft */
	TUI_PLAN_MMPROJ_FILE    /* the Work page's llama.cpp --mmproj row: a
	                         * GGUF path, read at the entry into the
	                         * engine.llamacpp.mmproj_* fields (io/gguf/mmproj.h);
	                         * the row shows the projector and its bytes */
};

struct tui_plan_row {
	const char *heading;    /* a heading row before this one, or NULL */
	const char *label;      /* the label on this page (<= 11 columns) */
	const char *key;        /* field table key (index 0 when indexed) */
	enum tui_plan_special special;
};

/* The rows, in cursor order; *n receives the count. Static data. */
const struct tui_plan_row *tui_plan_rows(size_t *n);

/* The field whose choices and help the KV format entry shows under the
 * plan's engine (vLLM: --kv-cache-dtype, llama.cpp: -ctk, else the
 * model's K format). */
const struct kvp_field *tui_kv_format_field(const struct kvp_plan *p);

/* Set the KV format (K and V alike) wherever the plan's engine reads it;
 * nothing is written on error, and the message names the field. */
enum kvp_status tui_kv_format_set(struct kvp_plan *p, const char *text,
                                  struct kvp_error *err);

/* The KV format as text: "fp8", or "K f16 / V q8_0" when they differ. */
void tui_kv_format_text(const struct kvp_plan *p, char *buf, size_t n);

#endif
