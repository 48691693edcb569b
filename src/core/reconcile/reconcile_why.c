/*
 * reconcile_why.c - the plan's predictions against the log (issue 31).
 *
 * A prediction is a row of the OBSERVED class (computed from kvplan's own
 * budget, not from an input the log printed) of a figure an engine gives
 * the cache: its KV budget, pool blocks or tokens, maximum concurrency.
 * Past print rounding it is a finding, like an arithmetic mismatch: the
 * plan would have sized the pool otherwise than the engine did.
 *
 * Which input explains it: the engine sized its pool from memory it
 * measured on its card; the plan took each of those inputs from its card
 * preset and estimates. vLLM's budget is
 *     ceil(total x gpu_memory_utilization) - weights - activation peak
 *     - non-torch memory [- CUDA graph estimate, 0.21.0 on]
 * (gpu_worker.py determine_available_memory), so each input's difference
 * (log - plan) moves the budget by util x d(total), -d(weights),
 * -d(activation peak) or -d(non-torch [+ graphs]). The log's lines for
 * each term are io/logs/log_parse.c's vl_words[] rows (by release). The inputs the log states are
 * listed by the size of that effect, largest first, each with the flag
 * that sets it. Other engines: the same inputs, each effect the input's
 * own difference (their budgets are fractions of free memory).
 */
#include <stdio.h>
#include <string.h>

#include "core/device/runtime_total.h"
#include "core/reconcile/reconcile_why.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

void kvp_rec_mark_prediction(struct kvp_rec_row *r, enum kvp_obs_kind k,
                             struct kvp_reconcile *out)
{
	if (r->cls != KVP_REC_OBSERVED)
		return;
	if (k != KVP_OBS_KV_BUDGET && k != KVP_OBS_BLOCKS &&
	    k != KVP_OBS_TOKENS && k != KVP_OBS_CONCURRENCY_X100)
		return;
	r->prediction = true;
	if (r->has_computed && r->has_observed && !r->match) {
		r->plan_error = true;
		out->n_plan_error++;
	}
}

/* One input: the plan's figure, the log's, and the effect on the budget. */
struct input {
	const char *name;
	uint64_t tolerance;           /* of the log's figure */
	const char *flag;             /* how to give the measured figure */
	uint64_t planned, measured;
	int64_t effect;               /* bytes of KV budget, log - plan */
};

const struct kvp_observation *kvp_rec_obs_find(const struct kvp_observation *obs,
                                               size_t n, enum kvp_engine_kind e,
                                               enum kvp_obs_kind k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (obs[i].engine == e && obs[i].kind == k)
			return &obs[i];
	return NULL;
}

/* d = measured - planned, times num / den, negated when `minus`. */
static int64_t effect(uint64_t planned, uint64_t measured, uint64_t num,
                      uint64_t den, bool minus)
{
	__int128 d = ((__int128)measured - (__int128)planned) * num / den;

	if (minus)
		d = -d;
	return d > INT64_MAX ? INT64_MAX : d < -INT64_MAX ? -INT64_MAX : (int64_t)d;
}

/* Append an input unless the plan already has the log's figure (within
 * its print rounding `tol`): only the inputs taken otherwise explain. */
static void add(struct input *in, uint32_t *n, const char *name,
                const char *flag, uint64_t planned, uint64_t measured,
                int64_t eff, uint64_t tol)
{
	if ((planned > measured ? planned - measured : measured - planned) <= tol)
		return;
	in[*n].tolerance = tol;
	in[*n].name = name;
	in[*n].flag = flag;
	in[*n].planned = planned;
	in[*n].measured = measured;
	in[*n].effect = eff;
	(*n)++;
}

/* The inputs the log states, from the plan's device 0. */
static uint32_t inputs(const struct kvp_plan *p, const struct kvp_result *res,
                       const struct kvp_observation *obs, size_t n,
                       enum kvp_engine_kind e, struct input *in)
{
	const struct kvp_device_result *d = &res->devices[0];
	const struct kvp_observation *tot = kvp_rec_obs_find(obs, n, e, KVP_OBS_TOTAL_MEMORY),
		*w = kvp_rec_obs_find(obs, n, e, KVP_OBS_WEIGHTS_BYTES),
		*act = kvp_rec_obs_find(obs, n, e, KVP_OBS_ACTIVATION_PEAK),
		*peak = kvp_rec_obs_find(obs, n, e, KVP_OBS_TORCH_PEAK),
		*nt = kvp_rec_obs_find(obs, n, e, KVP_OBS_NON_TORCH),
		*cg = kvp_rec_obs_find(obs, n, e, KVP_OBS_CUDA_GRAPH);
	uint64_t util = e == KVP_ENGINE_VLLM ? p->engine.vllm.gpu_memory_utilization
	                                     : 1000000u;
	struct kvp_observation a;   /* V0: the activation peak alone */
	uint32_t k = 0;

	if (!res->n_devices)
		return 0;
	if (tot && e == KVP_ENGINE_VLLM) {
		/* vLLM's budget starts from the total the runtime reports,
		 * not the card's capacity (vllm_profile.c): compare that */
		bool est;
		uint64_t rt = kvp_card_runtime_total(&p->devices.groups[0].card, &est);

		add(in, &k, "device memory (the runtime's total)", "--card-runtime-total",
		    rt, tot->value, effect(rt, tot->value, util, 1000000u, false),
		    tot->tolerance);
	} else if (tot)
		add(in, &k, "device memory", "--card-capacity", d->capacity_bytes,
		    tot->value, effect(d->capacity_bytes, tot->value, util, 1000000u,
		                       false), tot->tolerance);
	if (w) {
		/* vLLM's "Model loading took" holds its rotary tables, the
		 * device's own term beside the weights (0 elsewhere) */
		uint64_t pw = d->weights_bytes + d->rotary_bytes;

		add(in, &k, "weights", "the model's own files give the bytes",
		    pw, w->value, effect(pw, w->value, 1, 1, true), w->tolerance);
	}
	if (!act && peak && w && peak->value >= w->value) {
		/* V0: the peak holds the weights */
		a = *peak;
		a.value = peak->value - w->value;
		a.tolerance = peak->tolerance + w->tolerance;
		act = &a;
	}
	if (act)
		add(in, &k, "activation peak", "--activations", d->activations_bytes,
		    act->value, effect(d->activations_bytes, act->value, 1, 1, true),
		    act->tolerance);
	if (nt && cg && e == KVP_ENGINE_VLLM &&
	    kvp_era_has(&p->engine, KVP_ERA_VLLM_GRAPH_BUDGET)) {
		/* from 0.21.0 the CUDA graph estimate comes out of the budget
		 * beside non-torch memory; the plan's overheads hold both */
		struct kvp_observation both = *nt;

		both.value += cg->value;
		both.tolerance += cg->tolerance;
		add(in, &k, "non-torch + CUDA graph memory (the plan's overheads)",
		    "devices.overheads in a plan file", d->overhead_bytes, both.value,
		    effect(d->overhead_bytes, both.value, 1, 1, true), both.tolerance);
	} else if (nt)
		add(in, &k, "non-torch memory (the plan's overheads)",
		    "devices.overheads in a plan file", d->overhead_bytes, nt->value,
		    effect(d->overhead_bytes, nt->value, 1, 1, true), nt->tolerance);
	return k;
}

/* "-1.19 GiB" / "+0.03 GiB". */
static char *gib_signed(int64_t v, char *buf, size_t n)
{
	char g[32];

	kvp_fmt_gib(v < 0 ? (uint64_t)-(v + 1) + 1 : (uint64_t)v, 2, g, sizeof g);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "+", g);
	return buf;
}

/* Largest effect first (at most four inputs: a selection sort). */
static void by_effect(struct input *in, uint32_t k)
{
	uint32_t i, j;

	for (i = 0; i < k; i++)
		for (j = i + 1; j < k; j++) {
			int64_t a = in[i].effect < 0 ? -in[i].effect : in[i].effect;
			int64_t b = in[j].effect < 0 ? -in[j].effect : in[j].effect;

			if (b > a) {
				struct input t = in[i];

				in[i] = in[j];
				in[j] = t;
			}
		}
}

void kvp_rec_explain(const struct kvp_plan *p, const struct kvp_result *res,
                     const struct kvp_observation *obs, size_t n,
                     enum kvp_engine_kind engine, struct kvp_reconcile *out)
{
	struct input in[4];
	uint32_t k = inputs(p, res, obs, n, engine, in), i;
	size_t used;
	char *b = out->plan_error_why;
	const size_t cap = sizeof out->plan_error_why;

	if (k == 0) {
		snprintf(b, cap, "the plan has every input the log states that %s "
		         "measured (device memory, weights, activation peak, "
		         "non-torch memory), or the log states none: what the log "
		         "does not state explains it", kvp_engine_name(engine));
		return;
	}
	by_effect(in, k);
	used = (size_t)snprintf(b, cap, "explained by what %s measured on its "
	                        "card, largest effect on the KV budget first:",
	                        kvp_engine_name(engine));
	for (i = 0; i < k && used < cap; i++) {
		char pl[32], me[32], ef[40], raw[32];

		if (in[i].flag[0] == '-')   /* a flag that takes the bytes */
			snprintf(raw, sizeof raw, " %llu",
			         (unsigned long long)in[i].measured);
		else
			raw[0] = '\0';
		used += (size_t)snprintf(b + used, cap - used, "%s %s %s planned, %s "
		        "measured (%s of budget; %s%s)", i ? ";" : "",
		        in[i].name, kvp_fmt_gib(in[i].planned, 2, pl, sizeof pl),
		        kvp_fmt_gib(in[i].measured, 2, me, sizeof me),
		        gib_signed(in[i].effect, ef, sizeof ef), in[i].flag, raw);
	}
}
