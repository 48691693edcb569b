/*
 * plan_page.c - the Plan page's rows and its one KV format entry (see
 * plan_page.h). Which fields hold the cache format under each engine is a
 * table, one row per engine that has its own option.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/engine.h"
#include "tui/views/plan_page.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Ordered for the what-if: the model and the card first, then the
 * workload and the cache format, then the rest of the deployment. */
static const struct tui_plan_row rows[] = {
	{ "What runs where", "Model", "model.id", TUI_PLAN_PICK_MODEL },
	{ NULL, "Card", "devices.groups[i].card.name", TUI_PLAN_PICK_CARD },
	{ "Workload", "Concurrency", "workload.classes[i].requests", TUI_PLAN_FIELD },
	{ NULL, "Prompt", "workload.classes[i].prompt.input", TUI_PLAN_FIELD },
	{ NULL, "Generation", "workload.classes[i].gen", TUI_PLAN_FIELD },
	{ NULL, "KV format", "model.base.k_dtype", TUI_PLAN_KV_FORMAT },
	{ "Deployment", "Cards", "devices.groups[i].count", TUI_PLAN_FIELD },
	{ NULL, "Engine", "engine.kind", TUI_PLAN_FIELD },
	{ NULL, "TP", "devices.tp", TUI_PLAN_FIELD },
	{ NULL, "PP", "devices.pp", TUI_PLAN_FIELD },
	/* plan.draft is a whole model, not a field: the row is bound to the
	 * model id field's type and shows the draft's id (form_view.c) */
	{ NULL, "Draft model", "model.id", TUI_PLAN_PICK_DRAFT },
};

/* Where each engine reads the cache format (K first). Engines not listed
 * read the model's K and V formats. */
static const struct {
	enum kvp_engine_kind engine;
	const char *keys[2];
} kv_keys[] = {
	/* vLLM --kv-cache-dtype: one option for K and V */
	{ KVP_ENGINE_VLLM, { "engine.vllm.kv_cache_dtype", NULL } },
	/* llama.cpp -ctk / -ctv */
	{ KVP_ENGINE_LLAMACPP, { "engine.llamacpp.cache_type_k",
	                         "engine.llamacpp.cache_type_v" } },
};

static const char *const model_keys[2] = { "model.base.k_dtype", "model.base.v_dtype" };

const struct tui_plan_row *tui_plan_rows(size_t *n)
{
	*n = ARRAY_SIZE(rows);
	return rows;
}

static const char *const *keys_of(const struct kvp_plan *p)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kv_keys); i++)
		if (kv_keys[i].engine == p->engine.kind)
			return kv_keys[i].keys;
	return model_keys;
}

const struct kvp_field *tui_kv_format_field(const struct kvp_plan *p)
{
	return kvp_field_by_key(keys_of(p)[0]);
}

enum kvp_status tui_kv_format_set(struct kvp_plan *p, const char *text,
                                  struct kvp_error *err)
{
	const char *const *k = keys_of(p);
	struct kvp_plan t = *p;   /* all or nothing */
	size_t i;

	for (i = 0; i < 2 && k[i]; i++)
		if (kvp_field_set(&t, kvp_field_by_key(k[i]), 0, text, err) != KVP_OK)
			return err->status;
	*p = t;
	return KVP_OK;
}

void tui_kv_format_text(const struct kvp_plan *p, char *buf, size_t n)
{
	const char *const *k = keys_of(p);
	char v[64];

	kvp_field_format(p, kvp_field_by_key(k[0]), 0, buf, n);
	if (!k[1])
		return;
	kvp_field_format(p, kvp_field_by_key(k[1]), 0, v, sizeof v);
	if (strcmp(buf, v) != 0) {
		char kb[64];

		snprintf(kb, sizeof kb, "%s", buf);
		snprintf(buf, n, "K %s / V %s", kb, v);
	}
}
