/*
 * internal.h - the stages kvp_compute (compute.c) runs, in this order,
 * each owned by its own folder of src/core. Not public: front ends call
 * kvp_compute only.
 *
 *   1. kvp_layers_resolve   (model/layers.c)   model -> per-layer table
 *   2. kvp_weights_compute  (weights/weights.c) parameter count and
 *                                        weight bytes
 *   2b. kvp_parts_compute   (weights/parts.c)  encoders and LoRA beside
 *                                        the decoder (issue 14)
 *   2c. kvp_draft_prepare  (weights/draft.c)  the draft model's checks,
 *                                        and for vLLM its weights and KV
 *                                        bytes per token (issue 14)
 *   3. kvp_kv_compute       (cache/kv.c)       the generic strategies:
 *                                        layers, classes and kv of the
 *                                        result
 *   4. kvp_engine_compute   (engines/)   a named engine's own allocation;
 *                                        replaces kv/layers figures and
 *                                        fills res->engine (generic: no-op)
 *   4b. kvp_draft_finish   (weights/draft.c)  the draft's KV (llama.cpp:
 *                                        its contexts; vLLM: its pool
 *                                        share)
 *   5. kvp_devices_compute  (device/budget.c)  per-device budget and fit
 *   5b. kvp_host_compute    (device/host.c)    host memory and llama.cpp's
 *                                        weight placement (-ngl)
 *   5c. kvp_verdict_compute (verdict/verdict.c) the three-state verdict
 *                                        (kvplan/verdict.h)
 *   6. kvp_speed_compute    (speed/speed.c)    the roofline speed bound
 *                                        (never fails; unknown card
 *                                        figures leave it unknown)
 *   7. kvp_warnings_compute (verdict/warning.c) the pitfall warnings
 *
 * Each fills only its part of *res and reports errors in res->error.
 * Calls go down this list, never back up: the stages that compute a plan
 * of their own (2c/4b's draft, 5's DP replicas) are handed kvp_compute
 * (kvp_compute_fn below).
 */
#ifndef KVPLAN_CORE_INTERNAL_H
#define KVPLAN_CORE_INTERNAL_H

#include <string.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* kvp_compute as a value. The stages that compute a plan of their own
 * (the DP replicas in device/replicas.c, the draft model in
 * weights/draft.c) are handed it by compute.c, so no stage calls back up
 * into the pipeline that runs it. */
typedef enum kvp_status (*kvp_compute_fn)(const struct kvp_plan *p,
                                          struct kvp_result *res);

/* vLLM's tensor and pipeline sizes: its own setting, else the devices'
 * (engine.vllm.*_size 0 or 1 means "as devices.tp / devices.pp"). */
static inline uint32_t kvp_plan_tp(const struct kvp_plan *p)
{
	uint32_t tp = p->engine.vllm.tensor_parallel_size;

	return tp > 1 ? tp : p->devices.tp > 1 ? p->devices.tp : 1;
}

static inline uint32_t kvp_plan_pp(const struct kvp_plan *p)
{
	uint32_t pp = p->engine.vllm.pipeline_parallel_size;

	return pp > 1 ? pp : p->devices.pp > 1 ? p->devices.pp : 1;
}

/* Layer i's spec as stage 1 left it, for stages 2 and 3: the spec of
 * its type's first layer, as stage 1 writes only those
 * (kvp_layers_resolve_typed; the records stay one per type after the
 * cache stage, kv.c, unless a layer's own is written), or its own when
 * the types are unknown. */
static inline const struct kvp_layer_spec *
kvp_resolved_spec(const struct kvp_result *res, uint32_t i)
{
	const struct kvp_layer_types *t = &res->layer_types;

	return &res->layer_recs[t->n ? t->first[t->of[i]] : i].spec;
}

/* Every layer its own record (layer_recs.c): each layer after the
 * first of its type copies that one's record; layers_by_type false. */
void kvp_layers_unshare(struct kvp_result *res);

/* The layer records as every layer's own (layer i's is [i]), given
 * theirs first if they are still by type: for a named engine's walks
 * over the records it wrote (kvp_layer_rec_w), a plain array again. */
static inline struct kvp_layer_result *
kvp_layer_recs_own(struct kvp_result *res)
{
	if (res->layers_by_type)
		kvp_layers_unshare(res);
	return res->layer_recs;
}

/* Layer i's record, to write: a stage that writes one layer's record
 * after the cache stage (an engine, a device stage) takes it here, so
 * that the other layers of its type keep theirs (issue 34: the records
 * are shared by type until a layer's own is written). */
static inline struct kvp_layer_result *
kvp_layer_rec_w(struct kvp_result *res, uint32_t i)
{
	return &kvp_layer_recs_own(res)[i];
}

enum kvp_status kvp_weights_compute(const struct kvp_plan *p,
                                    struct kvp_result *res);
/* The MTP layers' bytes a device holds (model.tensors): none where the
 * engine does not load them (vLLM's model skips them: "skip spec decode
 * layers for main model", deepseek_v2.py load_weights; only its MTP
 * drafter loads them; the other engines are taken to load every tensor
 * of the files); under vLLM's drafter, without the MTP layers' own
 * embedding and head copies (model.tensors.mtp_shared), which it frees
 * for the target's at pipeline size 1 (llm_base_proposer.py, PR #34385:
 * "Shared target model lm_head with MTP shared_head.head"). */
uint64_t kvp_mtp_resident(const struct kvp_plan *p);
/* Whether layer i has routed experts (weights.c's count): the FFN-kind
 * layers of a model whose MLP blocks sit on those alone (Nemotron-H's
 * 'E' blocks, arch.ffn_layers_only), else every moe_layer_step-th layer
 * from first_dense_layers on. */
bool kvp_moe_layer(const struct kvp_plan *p, const struct kvp_result *res,
                   uint32_t i);
/* True when model.tensors (exact bytes from the model files) give this
 * plan's weights (weights.c). */
bool kvp_tensors_apply(const struct kvp_plan *p);
/* One pipeline stage's weight bytes on one TP rank from model.tensors
 * (weights_stage.c); only when kvp_tensors_apply. */
enum kvp_status kvp_tensor_stage_bytes(const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       uint32_t stage, uint32_t first,
                                       uint32_t count, uint64_t *out,
                                       struct kvp_error *err);
/* Parameters of the K/V heads layers first .. first + count - 1 replicate
 * on a TP rank beyond its 1/tp share (QKVParallelLinear: max(1, Hkv / tp)
 * heads per rank, hidden x (Dk + Dv) each), times tp (weights_stage.c). */
unsigned __int128 kvp_kv_replicated_x_tp(const struct kvp_plan *p,
                                         const struct kvp_result *res,
                                         uint32_t first, uint32_t count,
                                         uint32_t tp);
enum kvp_status kvp_parts_compute(const struct kvp_plan *p,
                                  struct kvp_result *res);
enum kvp_status kvp_draft_prepare(const struct kvp_plan *p,
                                  struct kvp_result *res,
                                  kvp_compute_fn recompute);
enum kvp_status kvp_draft_finish(const struct kvp_plan *p,
                                 struct kvp_result *res,
                                 kvp_compute_fn recompute);
enum kvp_status kvp_kv_compute(const struct kvp_plan *p,
                               struct kvp_result *res);
enum kvp_status kvp_engine_compute(const struct kvp_plan *p,
                                   struct kvp_result *res);
/* Stage 5 with kvp_compute for the DP replicas (compute.c); the stage
 * itself, handed the recompute, is kvp_devices_stage (budget.c). */
enum kvp_status kvp_devices_compute(const struct kvp_plan *p,
                                    struct kvp_result *res);
enum kvp_status kvp_devices_stage(const struct kvp_plan *p,
                                  struct kvp_result *res,
                                  kvp_compute_fn recompute);
/* Activation peak per device, bytes: devices.activations_bytes when
 * measured, else the estimate (budget.c). Engines use it for budgets. */
uint64_t kvp_activations_estimate(const struct kvp_plan *p,
                                  const struct kvp_result *res);
enum kvp_status kvp_host_compute(const struct kvp_plan *p,
                                 struct kvp_result *res);
/* When the plan does not fit, none of the workload's mix does: mix_fit
 * 0 and the note says why (mix_note.c; budget.c runs it, and host.c
 * again after its stages). */
void kvp_mix_unfit(struct kvp_result *res, const struct kvp_plan *p);
/* Under DP: the note's mix sentence for e->mix_fit requests over every
 * replica (mix_note.c). */
void kvp_mix_replicas(struct kvp_engine_result *e, const struct kvp_plan *p);
/* Whether llama.cpp's one card holds layer i's routed experts, as -ngl,
 * --n-cpu-moe and -ot place them (host.c). */
bool kvp_lc_experts_on_card(const struct kvp_plan *p,
                            const struct kvp_result *res, uint32_t i);
/* llama.cpp's compute buffers, an estimate (compute_buf.c): device 0's
 * and the host's; out_on_device: the output layer is on the device;
 * split: the device runs layers while weights stay on the host too. */
enum kvp_status kvp_llamacpp_compute_buf(const struct kvp_plan *p,
                                         struct kvp_result *res,
                                         bool out_on_device, bool split);
/* llama.cpp's --mmproj encoder compute buffer, an estimate, into
 * res->parts and device 0 (clip_buf.c). */
enum kvp_status kvp_llamacpp_clip_buf(const struct kvp_plan *p,
                                      struct kvp_result *res);
/* llama-server's lines after the context's (engine_llamacpp.c). */
void kvp_llamacpp_server_lines(struct kvp_result *res);
/* llama-server's context checkpoints into res->host (ckpt.c). */
enum kvp_status kvp_llamacpp_checkpoints(const struct kvp_plan *p,
                                         struct kvp_result *res);
void kvp_verdict_compute(const struct kvp_plan *p, struct kvp_result *res);
/* The brief form of res->verdict (verdict_text.c; the whole line is
 * kvp_verdict_line, kvplan/verdict.h). */
void kvp_verdict_brief(const struct kvp_plan *p, const struct kvp_result *res,
                       char *buf, size_t n);
/* Sequences replica r decodes at once under the verdict: its share of
 * the requests the engine holds, each with the most samples of any
 * class (verdict.c); UINT64_MAX when the engine holds them all. */
uint64_t kvp_verdict_replica_cap(const struct kvp_plan *p,
                                 const struct kvp_result *res, uint32_t r);
void kvp_speed_compute(const struct kvp_plan *p, struct kvp_result *res);
void kvp_warnings_compute(const struct kvp_plan *p, struct kvp_result *res);

/* A line built piece by piece into buf of n bytes, cut and terminated
 * as snprintf would cut the whole (cat.c): for the text every recompute
 * writes. */
struct kvp_cat {
	char *buf;
	size_t n;
	size_t len;
};
void kvp_cat_init(struct kvp_cat *c, char *buf, size_t n);
/* the first l bytes of s */
void kvp_cat_n(struct kvp_cat *c, const char *s, size_t l);
/* inline so that a literal's strlen is folded where it is written */
static inline void kvp_cat_s(struct kvp_cat *c, const char *s)
{
	kvp_cat_n(c, s, strlen(s));
}
/* v in decimal, as "%u" / "%llu" print it */
void kvp_cat_u(struct kvp_cat *c, uint64_t v);
/* pre, i in decimal, post into buf of n bytes, as snprintf(buf, n,
 * "<pre>%u<post>", i) writes it: the field a per-layer error message
 * names, built on every layer of every compute (engines' row loops),
 * where snprintf's parsing was a third of the planner's Deploy refresh. */
void kvp_cat_what(char *buf, size_t n, const char *pre, uint64_t i,
                  const char *post);
/* v's decimal digits at out, unterminated; their count, at most 20
 * (units.c, for the formatters there and kvp_cat_u). */
int kvp_u64_digits(uint64_t v, char *out);

/* Append a warning (dropped silently past KVP_MAX_WARNINGS). */
void kvp_warn(struct kvp_result *res, enum kvp_warn_code code,
              const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
