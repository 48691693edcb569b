/*
 * host.c - stage 6 of kvp_compute: host (CPU) memory as a budget of its
 * own (result.h, struct kvp_host_result), and llama.cpp's placement of
 * weights between the card and the host.
 *
 * llama.cpp (llama-model.cpp, load_tensors; measured at upstream
 * 84f71294 as the engine file): the input layer (token embeddings) is
 * always on the CPU; repeating layer i is on the GPU when i >= i_gpu_start
 * and the output layer by -ngl's rule of the build (lc_offload.c: since
 * PR #18148 -ngl k is the output and the last k - 1 layers, before it
 * the last k layers and the output only above n_layer); a tied output
 * duplicates the embedding table there. Bytes follow parameters as in budget.c: embeddings and head at
 * 2 B per parameter when kept 16-bit, else in proportion; the body by the
 * share of layers, rounded up. Placement is modelled on one device
 * (tp = pp = dp = 1); partial offload under TP/PP is refused by name.
 * The output buffer (llama-context.cpp output_reserve, called with
 * n_seq_max at start; read at upstream 4c7103b9): max(1, n_seq_max) x
 * (n_vocab + n_embd when --embeddings) x 4 B, exact; allocated in the
 * host buffer type of the output layer's device ("CUDA_Host" in a CUDA
 * build when the output layer is offloaded, else "CPU").
 * The compute buffers: compute_buf.c (an estimate).
 *
 * -ot / --override-tensor (engine.llamacpp.ot_layer[], ot_global, which
 * the front end resolves from the patterns, src/io/gguf/override_tensor.c):
 * a layer's weights go where its override says, else where -ngl puts
 * the layer; its KV stays with -ngl's placement (llama-kv-cache.cpp
 * takes model.dev_layer(il), which the overrides do not change). A MoE
 * layer's routed experts go where their override says, else to the host
 * for layers below --n-cpu-moe (the same override common/arg.cpp builds
 * for it, applied after the -ot items: kvplan reads -ot first, as when
 * -ot is given before --n-cpu-moe), else with the layer's weights.
 * token_embd and output follow their overrides.
 *
 * The device's weights_bytes and free_bytes are rewritten with the
 * placement, and res->fits follows the host verdict when a host capacity
 * is given. Pure: no allocation, no I/O.
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/llamacpp/lc_offload.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/checked.h"

typedef unsigned __int128 u128;

static uint64_t up(u128 a, u128 b)
{
	u128 q = a / b + (a % b != 0);

	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

/* Whether layer i's weights are on the card: its -ot override, else
 * -ngl's placement (the layer's on_device, engine_llamacpp.c). */
static bool lc_weights_dev(const struct kvp_plan *p, const struct kvp_result *res,
                           uint32_t i)
{
	uint8_t b;

	if (i >= KVP_MAX_LAYERS)
		return false;
	b = p->engine.llamacpp.ot_layer[i] & 3;
	return b ? b == KVP_OT_DEV : kvp_layer_rec(res, i)->on_device;
}

/* Whether the output layer is on the card: its override, else -ngl's
 * placement by build (lc_offload.c) with a card. */
static bool llamacpp_out_on_device(const struct kvp_plan *p,
                                   const struct kvp_result *res)
{
	uint8_t b = (p->engine.llamacpp.ot_global >> 2) & 3;
	struct kvp_error err;
	uint64_t first;
	bool out;

	if (res->n_devices == 0)
		return false;
	if (b)
		return b == KVP_OT_DEV;
	/* the engine stage refused the builds lc_ngl_split refuses */
	return lc_ngl_split(p, res->n_layers, &first, &out, &err) == KVP_OK &&
	       out;
}

static bool lc_any_override(const struct kvp_plan *p)
{
	uint32_t i;

	for (i = 0; i < KVP_MAX_LAYERS; i++)
		if (p->engine.llamacpp.ot_layer[i])
			return true;
	return p->engine.llamacpp.ot_global != 0;
}

/* Where llama.cpp keeps the weights on a single device. */
static enum kvp_status llamacpp_weights(const struct kvp_plan *p,
                                        struct kvp_result *res)
{
	const struct kvp_weights_result *w = &res->weights;
	const struct kvp_wformat *wf = p->devices.weights_override
		? &p->devices.weights : &p->model.weights;
	int32_t ngl = p->engine.llamacpp.n_gpu_layers;
	uint64_t L = res->n_layers, gpu_layers = 0, emb, head, body, dev, host;
	bool tied = p->model.arch.tie_embeddings && w->lm_head_params == 0;
	bool out_gpu, emb_gpu = (p->engine.llamacpp.ot_global & 3) == KVP_OT_DEV;
	struct kvp_device_result *d;
	uint32_t i;

	if (lc_any_override(p) && res->n_devices != 1)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.override_tensor: '%s' - tensor overrides are "
			"modelled on one card (give one card, no --tp/--pp/--dp)",
			p->engine.llamacpp.override_tensor);
	if (res->n_devices == 0 || w->params == 0 || L == 0)
		return KVP_OK;
	if (res->n_devices > 1 && ngl >= 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.n_gpu_layers: %d - partial offload is "
			"modelled on one device; with --tp/--pp/--dp give -1 (all)",
			(int)ngl);
	if (res->n_devices > 1)
		return KVP_OK;
	for (i = 0; i < L; i++)
		gpu_layers += lc_weights_dev(p, res, i);
	out_gpu = llamacpp_out_on_device(p, res);
	if (wf->keep_embeddings_16bit) {
		emb = w->embed_params * 2;
		head = w->lm_head_params * 2;
	} else {
		emb = up((u128)w->bytes * w->embed_params, w->params);
		head = up((u128)w->bytes * w->lm_head_params, w->params);
	}
	if (emb + head > w->bytes)
		return KVP_OK;   /* inconsistent hand-set weights: leave as is */
	body = w->bytes - emb - head;
	dev = up((u128)body * gpu_layers, L);
	host = body - (dev < body ? dev : body);
	/* what the CPU runs on: the host layers and the output layer (a
	 * tied one is the table itself), not the table it looks rows up in */
	res->host.cpu_weights_bytes = host + (out_gpu ? 0 : tied ? emb : head);
	if (emb_gpu)
		dev += emb;     /* -ot token_embd.weight=CUDA0 */
	else
		host += emb;
	/* tied: the output is a second copy of the table (TENSOR_DUPLICATED) */
	if (out_gpu)
		dev += tied ? emb : head;
	else
		host += head;    /* tied: the output is the host's table */
	d = &res->devices[0];
	d->free_bytes += (int64_t)d->weights_bytes - (int64_t)dev;
	d->weights_bytes = dev;
	d->fits = d->free_bytes >= 0;
	res->fits = d->fits;
	res->host.weights_bytes = host;
	return KVP_OK;
}

/* Whether layer i's routed experts are on the card: their -ot override,
 * else on the host below --n-cpu-moe, else with the layer's weights. */
static bool lc_experts_dev(const struct kvp_plan *p, uint32_t i, bool wdev)
{
	uint8_t x = i < KVP_MAX_LAYERS ? (p->engine.llamacpp.ot_layer[i] >> 2) & 3 : 0;

	return x ? x == KVP_OT_DEV : (i < p->engine.llamacpp.n_cpu_moe ? false : wdev);
}

bool kvp_lc_experts_on_card(const struct kvp_plan *p,
                            const struct kvp_result *res, uint32_t i)
{
	return lc_experts_dev(p, i, lc_weights_dev(p, res, i));
}

/* Whether the card runs layers while some layer weights, experts or the
 * output layer stay on the host: llama.cpp's op offload then computes
 * the host tensors' products on the card too (compute_buf.c). */
static bool llamacpp_split(const struct kvp_plan *p, const struct kvp_result *res,
                           bool out_dev)
{
	bool on_dev = false, on_host = !out_dev;
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		bool wdev = lc_weights_dev(p, res, i);

		on_dev |= wdev;
		on_host |= !wdev ||
		           (kvp_moe_layer(p, res, i) && !lc_experts_dev(p, i, wdev));
	}
	return on_dev && on_host;
}

/*
 * The routed experts (n_experts x (3 or 2) x hidden x moe_intermediate
 * parameters a MoE layer, at the model's bytes per parameter, rounded
 * up) of a layer whose weights are on the card move to the host when its
 * -ot override or --n-cpu-moe says so; those of a layer on the host move
 * to the card when its override says so. One device only.
 */
static void llamacpp_experts(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_arch *ar = &p->model.arch;
	const struct kvp_weights_result *w = &res->weights;
	uint32_t i;
	u128 to_host = 0, to_dev = 0, per = (u128)(ar->gated_mlp ? 3 : 2) *
	                       ar->hidden * ar->moe_intermediate * ar->n_experts;
	uint64_t out, in;
	struct kvp_device_result *d;

	if (res->n_devices != 1 || w->params == 0)
		return;
	for (i = 0; i < res->n_layers; i++) {
		bool wdev = lc_weights_dev(p, res, i);
		bool edev = lc_experts_dev(p, i, wdev);

		if (!kvp_moe_layer(p, res, i) || edev == wdev)
			continue;
		if (wdev)
			to_host += per;
		else
			to_dev += per;
	}
	out = up(to_host * w->bytes, w->params);
	in = up(to_dev * w->bytes, w->params);
	d = &res->devices[0];
	if (out > d->weights_bytes)
		out = d->weights_bytes;
	if (in > res->host.weights_bytes)
		in = res->host.weights_bytes;
	d->weights_bytes = d->weights_bytes - out + in;
	d->free_bytes += (int64_t)out - (int64_t)in;
	d->fits = d->free_bytes >= 0;
	res->fits = d->fits;
	res->host.expert_bytes = out;
	res->host.weights_bytes = res->host.weights_bytes + out - in;
	res->host.cpu_weights_bytes += out;
	res->host.cpu_weights_bytes -= in < res->host.cpu_weights_bytes ?
	                               in : res->host.cpu_weights_bytes;
}

/* vLLM --cpu-offload-gb: per GPU, that much of its weights in host
 * memory (at most all of them). */
static void vllm_cpu_offload(const struct kvp_plan *p, struct kvp_result *res)
{
	uint64_t lim = (uint64_t)p->engine.vllm.cpu_offload_gb << 30, off;
	uint32_t i;
	bool all = true;

	if (lim == 0)
		return;
	for (i = 0; i < res->n_devices; i++) {
		struct kvp_device_result *d = &res->devices[i];

		off = lim < d->weights_bytes ? lim : d->weights_bytes;
		d->weights_bytes -= off;
		d->offload_bytes = off;
		d->free_bytes += (int64_t)off;
		d->fits = d->free_bytes >= 0;
		all = all && d->fits;
		res->host.weights_bytes += off;
	}
	res->fits = all;
}

/* Where the output buffer's line goes: since the cache classes
 * (LC_SIZE_CELLS_STREAMS builds) llama_context reserves the output buffer
 * before it creates the memory, so the line follows its own n_ctx
 * warnings and comes before the cache's lines (llama-context.cpp, pinned
 * build 80fb11a; the public log of PR #23269 in tests/data/logs); the
 * builds before printed it after "KV self size". */
static uint32_t llamacpp_out_line_at(const struct kvp_result *res)
{
	const struct lc_words *w = lc_words_of(&res->engine);
	size_t n = strlen(w->ctx);
	uint32_t i;

	if (w->size != LC_SIZE_CELLS_STREAMS)
		return res->engine.n_lines;
	for (i = 0; i < res->engine.n_lines; i++)
		if (strncmp(res->engine.lines[i], w->ctx, n) ||
		    res->engine.lines[i][n] != ':')
			break;
	return i;
}

static enum kvp_status llamacpp_logits(const struct kvp_plan *p,
                                       struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	uint64_t nseq = o->parallel ? o->parallel : 1, per = p->model.arch.vocab;

	if ((o->embeddings && !kvp_add(per, p->model.arch.hidden, &per)) ||
	    !kvp_mul(per, nseq, &res->host.logits_bytes) ||
	    !kvp_mul(res->host.logits_bytes, 4, &res->host.logits_bytes))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.arch.vocab: %llu - the output buffer overflows 64 bits",
			(unsigned long long)p->model.arch.vocab);
	if (res->host.logits_bytes)
		eng_line_at(res, llamacpp_out_line_at(res),
		         "%s: %10s  output buffer size = %8.2f MiB",
		         lc_words_of(&res->engine)->ctx,
		         llamacpp_out_on_device(p, res) ? "CUDA_Host" : "CPU",
		         (double)res->host.logits_bytes / 1024.0 / 1024.0);
	return KVP_OK;
}

enum kvp_status kvp_host_compute(const struct kvp_plan *p,
                                 struct kvp_result *res)
{
	struct kvp_host_result *h = &res->host;
	enum kvp_status st;
	bool out_dev;
	uint64_t used = 0;

	memset(h, 0, sizeof *h);
	h->kv_bytes = res->kv.host_bytes;
	if (p->engine.kind == KVP_ENGINE_LLAMACPP) {
		st = llamacpp_weights(p, res);
		if (st == KVP_OK)
			st = llamacpp_logits(p, res);
		if (st != KVP_OK)
			return st;
		llamacpp_experts(p, res);
		out_dev = llamacpp_out_on_device(p, res);
		st = kvp_llamacpp_compute_buf(p, res, out_dev,
		                              llamacpp_split(p, res, out_dev));
		if (st == KVP_OK)
			st = kvp_llamacpp_clip_buf(p, res);
		if (st == KVP_OK)
			st = kvp_llamacpp_checkpoints(p, res);
		if (st != KVP_OK)
			return st;
		kvp_llamacpp_server_lines(res);
	}
	if (p->engine.kind == KVP_ENGINE_VLLM)
		vllm_cpu_offload(p, res);
	/* issue 14: the draft model's share of host memory (draft.c) */
	if (!kvp_add(h->weights_bytes, res->draft.host_bytes, &h->weights_bytes))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"draft: host memory overflows 64 bits");
	h->tier_bytes = p->devices.kv_offload_bytes;
	if (res->kv.bytes_per_position)
		h->tier_tokens = h->tier_bytes / res->kv.bytes_per_position;
	if (!kvp_add(used, h->tier_bytes, &used) ||
	    !kvp_add(used, h->weights_bytes, &used) ||
	    !kvp_add(used, h->kv_bytes, &used) ||
	    !kvp_add(used, h->logits_bytes, &used) ||
	    !kvp_add(used, h->compute_bytes, &used) ||
	    !kvp_add(used, h->ckpt_bytes, &used) ||
	    !kvp_add(res->parts.encoder_compute_host_bytes,
	             res->parts.encoder_on_host ? res->parts.encoder_bytes : 0,
	             &h->encoder_bytes) ||
	    !kvp_add(used, h->encoder_bytes, &used) ||
	    used > INT64_MAX ||
	    p->devices.host_capacity_bytes > INT64_MAX)
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"devices.host_capacity_bytes: host memory overflows 64 bits");
	h->used_bytes = used;
	h->capacity_bytes = p->devices.host_capacity_bytes;
	h->budgeted = h->capacity_bytes > 0;
	h->free_bytes = (int64_t)h->capacity_bytes - (int64_t)used;
	h->fits = !h->budgeted || h->free_bytes >= 0;
	if (!h->fits)
		res->fits = false;
	/* llama.cpp's compute and encoder buffers above, or the host, may
	 * have turned the verdict: the mix then fits nowhere either */
	kvp_mix_unfit(res, p);
	return KVP_OK;
}
