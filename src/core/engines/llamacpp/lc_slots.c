/*
 * lc_slots.c - what llama-server's -np auto (engine.llamacpp.parallel
 * KVP_LC_NP_AUTO: -np -1, or no -np on a llama-server command line)
 * becomes at the plan's build, read from tools/server/server.cpp main
 * (era.c KVP_ERA_LLAMACPP_SLOTS_4 and KVP_ERA_LLAMACPP_NP_AUTO):
 *
 *   PR #17997 on (b7698): 4 slots, kv_unified forced on;
 *   PR #16736 on (b7079): n_parallel was 1 then, so 4 slots on a unified
 *                         cache unless --kv-unified or a draft model was
 *                         given (then one slot);
 *   before:               one slot, --kv-unified as given.
 *
 * An explicit -np 1 is one slot, but at the builds of PR #16736 alone
 * (b7079 to b7347) the server made it 4 unified slots as well.
 *
 * kvp_compute runs the stages on the plan with these numbers in it; the
 * result says what auto became (res->engine.parallel_auto and its note). A build
 * between a rule's known bounds is refused only where the two sides
 * differ for this plan.
 */
#include <stdio.h>   /* snprintf into the result's note only */
#include <string.h>

#include "core/engines/llamacpp/lc_slots.h"
#include "kvplan/era.h"

/* *n slots and *unified for -np auto at the plan's build. */
static enum kvp_status auto_slots(const struct kvp_plan *p, uint32_t *n,
                                  bool *unified, struct kvp_error *err)
{
	const struct kvp_engine_opts *o = &p->engine;
	bool kvu = o->llamacpp.kv_unified, draft = p->draft.n_layers > 0;
	bool has = true;
	enum kvp_status st;

	*n = 4;
	*unified = true;
	/* PR #16736 and #17997 agree unless -kvu or a draft model is given */
	if (kvu || draft) {
		if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_NP_AUTO, &has,
		                          err)) != KVP_OK)
			return st;
		if (has)
			return KVP_OK;
		*n = 1;
		*unified = kvu;
		return KVP_OK;
	}
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_SLOTS_4, &has, err)) != KVP_OK)
		return st;
	if (!has) {
		*n = 1;
		*unified = kvu;
	}
	return KVP_OK;
}

/* An explicit -np 1: one slot, except at the builds of PR #16736's rule
 * alone (b7079 to b7347), whose server turned any n_parallel 1 without
 * -kvu or a draft model into 4 unified slots (issue #17300: "-np 1" at
 * b7079, "n_slots = 4"). Asked only then, so a build between a rule's
 * bounds is refused only then. */
static enum kvp_status one_slot(const struct kvp_plan *p, uint32_t *n,
                                bool *unified, struct kvp_error *err)
{
	const struct kvp_engine_opts *o = &p->engine;
	bool four = false, after = true;
	enum kvp_status st;

	*n = 1;
	*unified = o->llamacpp.kv_unified;
	if (*unified || p->draft.n_layers > 0 || !o->version[0])
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_SLOTS_4, &four, err)) != KVP_OK)
		return st;
	if (four && (st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_NP_AUTO, &after,
	                                  err)) != KVP_OK)
		return st;
	if (four && !after) {
		*n = 4;
		*unified = true;
	}
	return KVP_OK;
}

enum kvp_status kvp_llamacpp_slots(const struct kvp_plan *p, struct kvp_plan *work,
                                   const struct kvp_plan **use,
                                   struct kvp_result *res)
{
	uint32_t n = p->engine.llamacpp.parallel;
	bool unified = p->engine.llamacpp.kv_unified;
	enum kvp_status st;

	*use = p;
	if (p->engine.kind != KVP_ENGINE_LLAMACPP)
		return KVP_OK;
	if (p->engine.llamacpp.parallel == 1 &&
	    (st = one_slot(p, &n, &unified, &res->error)) != KVP_OK)
		return st;
	if (p->engine.llamacpp.parallel == KVP_LC_NP_AUTO &&
	    (st = auto_slots(p, &n, &unified, &res->error)) != KVP_OK)
		return st;
	if (n == p->engine.llamacpp.parallel &&
	    unified == p->engine.llamacpp.kv_unified)
		return KVP_OK;
	memcpy(work, p, sizeof *work);
	work->engine.llamacpp.parallel = n;
	work->engine.llamacpp.kv_unified = unified;
	*use = work;
	return KVP_OK;
}

void kvp_llamacpp_slots_said(const struct kvp_plan *p, const struct kvp_plan *use,
                             struct kvp_result *res)
{
	struct kvp_engine_result *e = &res->engine;
	const struct kvp_llamacpp_opts *o = &use->engine.llamacpp;
	size_t used = strlen(e->note);

	if (p == use)
		return;
	e->parallel_auto = o->parallel;
	if (p->engine.llamacpp.parallel == 1) {
		snprintf(e->note + used, sizeof e->note - used,
		         "%s-np 1 at %s: llama-server runs 4 slots on one unified "
		         "cache (PR #16736's default; -kvu keeps one slot)",
		         used ? "; " : "", kvp_engine_release(&use->engine));
		return;
	}
	snprintf(e->note + used, sizeof e->note - used,
	         "%s-np auto at %s: %u slot%s%s (llama-server's default, %s)",
	         used ? "; " : "", kvp_engine_release(&use->engine),
	         (unsigned)o->parallel, o->parallel == 1 ? "" : "s",
	         o->kv_unified ? " on one unified cache" : "",
	         o->parallel == 1 ? "before PR #16736 or with -kvu or a draft "
	         "model before PR #17997" : "PR #16736, PR #17997");
}
