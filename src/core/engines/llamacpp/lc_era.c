/*
 * lc_era.c - what a named llama.cpp build (--engine llama.cpp@bNNNN)
 * changes in its cache, as a table: one row per rule family, the layers
 * it concerns, the function that asks era.c which side of the rule the
 * build is on (kvp_era_rule_at: a build between the known bounds is
 * refused when the rule matters) and its source. The current build has
 * every rule. A new build rule is an era.c row, a field of struct
 * lc_build and a row here (or a line in the row's function).
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/llamacpp/lc_era.h"
#include "core/engines/llamacpp/lc_offload.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

/* Sliding layers: one full-size cache before PR #13194 (--swa-full did
 * not exist: refused rather than ignored); n_batch in the SWA size before
 * PR #13833 (not modelled: refused unless --swa-full). */
static enum kvp_status lc_era_swa(const struct kvp_plan *p, struct kvp_result *res,
                                  struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool ubatch;

	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_ISWA, &b->iswa, &res->error)) != KVP_OK)
		return st;
	if (!b->iswa && o->llamacpp.swa_full)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.swa_full: on - build %s predates --swa-full "
			"(PR #13194): its one cache is full size already", o->version);
	if (!b->iswa || o->llamacpp.swa_full)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_SWA_UBATCH, &ubatch, &res->error)) != KVP_OK)
		return st;
	return KVP_OK;
}

/* MLA: refused before PR #12801; V of kv_lora_rank values before #19067. */
static enum kvp_status lc_era_mla(const struct kvp_plan *p, struct kvp_result *res,
                                  struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool has;

	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_MLA, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.version: %s - llama.cpp before PR #12801 cached every "
			"head's K and V for deepseek2, which kvplan does not model; give "
			"b5331 or later", o->version);
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_MLA_K_ONLY, &has, &res->error)) != KVP_OK)
		return st;
	b->v_mla = !has;
	return KVP_OK;
}

/* Cells: one unified cache before PR #14363 (only matters for several
 * sequences without --kv-unified); n_ctx padded to 32 without flash
 * attention before PR #17046 (only matters when ctx is not a multiple of
 * 256, refused then). */
static enum kvp_status lc_era_cells(const struct kvp_plan *p, struct kvp_result *res,
                                    struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	uint64_t ctx = o->llamacpp.ctx_size ? o->llamacpp.ctx_size :
	               p->model.arch.max_positions;
	enum kvp_status st;
	bool has;

	if (o->llamacpp.parallel > 1 && !o->llamacpp.kv_unified) {
		if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_STREAMS, &has, &res->error)) != KVP_OK)
			return st;
		b->unified = !has;
	}
	if (ctx % LC_PAD == 0)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_PAD256, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.ctx_size: %llu - build %s padded the cache to 256 "
			"cells with flash attention and 32 without (before PR #17046); "
			"give a multiple of 256", (unsigned long long)ctx, o->version);
	return KVP_OK;
}

/* Recurrent-state snapshots (n_rs_seq) exist from PR #22673 on: a build
 * before it with rs_seq above 0 is refused rather than sized without them. */
static enum kvp_status lc_era_rs(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool has;

	if (!o->llamacpp.rs_seq)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_RS_SEQ, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.rs_seq: %u - build %s keeps no recurrent-state "
			"snapshots (n_rs_seq came with PR #22673, b9180); give 0",
			(unsigned)o->llamacpp.rs_seq, o->version);
	return KVP_OK;
}

/* More sequences than LLAMA_MAX_SEQ: 256 from PR #15916, 64 before
 * (era.c KVP_ERA_LLAMACPP_MAX_SEQ_256; the build is asked only above
 * 64, where it matters). llama_context checks it before the cache. */
static enum kvp_status lc_era_max_seq(const struct kvp_plan *p,
                                      struct kvp_result *res, struct lc_build *b)
{
	uint32_t n = p->engine.llamacpp.parallel, max = 256;
	enum kvp_status st;
	bool has;

	if (n <= 64)
		return KVP_OK;
	if ((st = kvp_era_rule_at(&p->engine, KVP_ERA_LLAMACPP_MAX_SEQ_256, &has,
	                          &res->error)) != KVP_OK)
		return st;
	if (!has)
		max = 64;
	if (n > max)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"llama.cpp: n_seq_max must be <= %u (engine.llamacpp.parallel %u)",
			max, n);
	return KVP_OK;
}

/* -ngl: the first repeating layer on the device, by build (PR #18148,
 * lc_offload.c). */
static enum kvp_status lc_era_ngl(const struct kvp_plan *p, struct kvp_result *res,
                                  struct lc_build *b)
{
	bool out;

	return lc_ngl_split(p, p->model.n_layers, &b->gpu_first, &out,
	                    &res->error);
}

/* lc_era_rs, with the table's signature. */
static enum kvp_status lc_era_rows_rs(const struct kvp_plan *p,
                                      struct kvp_result *res, struct lc_build *b)
{
	return lc_era_rs(p, res);
}

enum lc_needs { LC_ANY = 0, LC_SWA = 1, LC_MLA = 2 };

/* The rules a build is checked for, in this order (the first refusal
 * wins); `needs`: asked only when the model has such layers. */
static const struct lc_era_row {
	unsigned needs;
	enum kvp_status (*ask)(const struct kvp_plan *, struct kvp_result *,
	                       struct lc_build *);
	const char *source;
} era_rows[] = {
	{ LC_ANY, lc_era_max_seq,
	  "PR #15916 (b6845 known with it): at most 256 sequences, 64 before" },
	{ LC_ANY, lc_era_rows_rs,
	  "PR #22673 (b9180): n_rs_seq recurrent-state snapshots" },
	{ LC_SWA, lc_era_swa,
	  "PR #13194 (separate SWA cache, --swa-full), PR #13833 (n_ubatch in "
	  "its size)" },
	{ LC_MLA, lc_era_mla,
	  "PR #12801 (deepseek2's latent), PR #19067 (V-less cache)" },
	{ LC_ANY, lc_era_ngl,
	  "PR #18148 (output layer offloaded first, lc_offload.c)" },
	{ LC_ANY, lc_era_cells,
	  "PR #14363 (streams), PR #17046 (n_ctx padded to 256)" },
};

enum kvp_status lc_era(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                       struct kvp_result *res, struct lc_build *b)
{
	unsigned has = LC_ANY;
	enum kvp_status st;
	uint32_t i;
	size_t r;

	b->iswa = true;
	b->v_mla = b->unified = false;
	for (i = 0; i < p->model.n_layers; i++) {
		if (ls[i].kind == KVP_LAYER_MLA)
			has |= LC_MLA;
		if (kvp_kind_windowed(ls[i].kind))
			has |= LC_SWA;
	}
	for (r = 0; r < sizeof era_rows / sizeof era_rows[0]; r++)
		if ((era_rows[r].needs & has) == era_rows[r].needs &&
		    (st = era_rows[r].ask(p, res, b)) != KVP_OK)
			return st;
	return KVP_OK;
}
