/*
 * search.c - the deployment search's space (include/kvplan/search.h):
 * which layouts, cache formats and weight formats each engine can run,
 * the list of every configuration, sorted by the ranking keys known
 * before computing, and the plan of one configuration. Judging and
 * ranking are in search_rank.c.
 *
 * A layout is tp x pp x dp = the cards (per node x nodes), with tp
 * dividing the cards of one node (tensor parallelism stays inside a
 * node: vLLM docs, "Distributed inference and serving", v0.6+: "tensor
 * parallel size = GPUs per node, pipeline parallel size = nodes"), the
 * query and KV heads divisible as kvp_tp_check demands (the same check
 * the computation makes) and at most one stage per layer (kvp_pp_split).
 */
#include <string.h>

#include "core/device/placement.h"
#include "core/search/search_priv.h"
#include "core/search/solve_priv.h"
#include "kvplan/layers.h"

/*
 * What each engine runs. One row per engine, with its source:
 *   tp      tensor parallelism across the cards of a node
 *   pp      pipeline (layer) split across cards
 *   kv16    cache formats: only the model's own 16-bit format
 *   gguf    loads GGUF weight types (and only those, with f32/f16/bf16)
 * Data parallelism (dp > 1) is replicas of one server behind a router,
 * open to every engine; the computation gives each replica its share of
 * the requests (budget.c).
 */
struct engine_rule {
	enum kvp_engine_kind kind;
	bool tp, pp, kv16, gguf;
	const char *source;
};

static const struct engine_rule rules[] = {
	{ KVP_ENGINE_GENERIC, true, true, false, false,
	  "the core's strategies: any layout (budget.c)" },
	{ KVP_ENGINE_LLAMACPP, true, true, false, true,
	  "llama.cpp docs/multi-gpu.md (master 2025): --split-mode layer "
	  "(default) is a pipeline split, each layer's KV on its GPU; "
	  "--split-mode row splits the weights' rows (tp), the cache on the "
	  "main GPU (common/arg.cpp --main-gpu; engine_llamacpp.c); weights "
	  "are GGUF types" },
	{ KVP_ENGINE_VLLM, true, true, false, false,
	  "vLLM v0.6+ --tensor-parallel-size, --pipeline-parallel-size; "
	  "--kv-cache-dtype auto|fp8" },
	{ KVP_ENGINE_TRANSFORMERS, true, true, true, false,
	  "transformers >= 4.50 tp_plan=\"auto\" (docs perf_infer_gpu_multi) "
	  "shards heads over GPUs; accelerate device_map=\"auto\" splits "
	  "layers; the cache is in the compute dtype (QuantizedCache is an "
	  "engine option, not searched)" },
	{ KVP_ENGINE_SGLANG, true, true, false, false,
	  "SGLang docs/backend/server_arguments.md: --tp, --dp, --pp-size; "
	  "--kv-cache-dtype auto|fp8_e5m2|fp8_e4m3" },
	{ KVP_ENGINE_TRTLLM, true, true, false, false,
	  "TensorRT-LLM LLM API tensor_parallel_size, "
	  "pipeline_parallel_size; KvCacheConfig dtype fp8" },
};

static const struct engine_rule *rule_of(uint32_t kind)
{
	size_t i;

	for (i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if ((uint32_t)rules[i].kind == kind)
			return &rules[i];
	return NULL;
}

static const char *const rank_names[KVP_RANK_COUNT] = {
	"cards", "price", "throughput",
};

const char *kvp_search_rank_name(enum kvp_search_rank r)
{
	return (unsigned)r < KVP_RANK_COUNT ? rank_names[r] : "?";
}

enum kvp_status kvp_search_rank_parse(const char *s, enum kvp_search_rank *out,
                                      struct kvp_error *err)
{
	unsigned i;

	for (i = 0; i < KVP_RANK_COUNT; i++)
		if (s && !strcmp(s, rank_names[i])) {
			*out = (enum kvp_search_rank)i;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"--rank: '%s' - expected cards, price or throughput", s ? s : "");
}

void kvp_search_space_init(struct kvp_search_space *s)
{
	memset(s, 0, sizeof *s);
	s->max_per_node = 8;
	s->max_nodes = 1;
}

void kvp_search_opts_init(struct kvp_search_opts *o)
{
	memset(o, 0, sizeof *o);
	o->rank = KVP_RANK_CARDS;
	o->top = 20;
	o->prune = KVP_PRUNE_ALL;
}

static uint32_t engines_of(const struct kvp_search_space *s)
{
	if (s->engines)
		return s->engines;
	return (1u << KVP_ENGINE_LLAMACPP) | (1u << KVP_ENGINE_VLLM) |
	       (1u << KVP_ENGINE_TRANSFORMERS) | (1u << KVP_ENGINE_SGLANG) |
	       (1u << KVP_ENGINE_TRTLLM);
}

struct kvp_wformat kvp_search_w_of(const struct kvp_plan *base,
                                   const struct kvp_search_space *s,
                                   const struct kvp_search_cfg *c)
{
	if (c->w != KVP_SEARCH_W_OWN && c->w < s->n_w)
		return s->w[c->w];
	return base->devices.weights_override ? base->devices.weights
	                                      : base->model.weights;
}

static bool is_gguf(enum kvp_wdtype w)
{
	uint32_t per, bb;

	return w == KVP_W_GGUF_Q4_K_M || kvp_wdtype_block(w, &per, &bb);
}

/* Can the engine load weights of this format? GGUF block types only in
 * llama.cpp; llama.cpp only GGUF types and plain floats (no AWQ, GPTQ,
 * bitsandbytes or fp8 checkpoints). */
static bool w_ok(const struct engine_rule *e, enum kvp_wdtype w)
{
	bool plain = w == KVP_W_F32 || w == KVP_W_F16 || w == KVP_W_BF16;

	if (e->kind == KVP_ENGINE_GENERIC)
		return true;
	return e->gguf ? plain || is_gguf(w) : !is_gguf(w);
}

/* The cache formats configuration of engine e may take: the engine's
 * own list (solve's, most precise first), cut to its 16-bit format for
 * kv16 engines, and to the user's list when one is given. */
static size_t kv_list(const struct kvp_plan *base,
                      const struct kvp_search_space *s,
                      const struct engine_rule *e, struct kvp_plan *work,
                      enum kvp_dtype *out)
{
	enum kvp_dtype all[16];
	size_t n, i, k = 0;
	uint32_t j;

	*work = *base;
	work->engine.kind = e->kind;
	n = kvp_solve_kv_formats(work, all);
	if (e->kv16 && n > 1)
		n = 1;
	for (i = 0; i < n; i++) {
		bool take = s->n_kv == 0;

		for (j = 0; j < s->n_kv && j < KVP_SEARCH_MAX_KV; j++)
			take |= s->kv[j] == all[i];
		if (take)
			out[k++] = all[i];
	}
	return k;
}

/* Walk the space in ranking-key order; emit(ctx, cfg) for each
 * configuration, *n counts them. */
typedef void (*emit_fn)(void *ctx, const struct kvp_search_cfg *c);

struct lists {
	enum kvp_dtype kv[KVP_ENGINE_COUNT][16];
	size_t n_kv[KVP_ENGINE_COUNT];
	bool tp_ok[KVP_MAX_DEVICES + 1];   /* kvp_tp_check passes */
};

/* One card type at one card count: the unit the ranking keys know. */
struct pair {
	uint64_t price, capacity;
	uint32_t cards, card;
};

static int pair_cmp(enum kvp_search_rank r, const struct pair *a,
                    const struct pair *b)
{
	if (r == KVP_RANK_PRICE && a->price != b->price)
		return a->price < b->price ? -1 : 1;
	if (a->cards != b->cards)
		return a->cards < b->cards ? -1 : 1;
	if (a->capacity != b->capacity)
		return a->capacity < b->capacity ? -1 : 1;
	return a->card < b->card ? -1 : a->card > b->card;
}

static void sort_pairs(enum kvp_search_rank r, struct pair *p, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {   /* insertion sort: at most 32 x 64 */
		struct pair v = p[i];

		for (j = i; j > 0 && pair_cmp(r, &v, &p[j - 1]) < 0; j--)
			p[j] = p[j - 1];
		p[j] = v;
	}
}

/* Every node arrangement of c->cards cards (per node g dividing it, g a
 * multiple of tp, at most `nodes` nodes): innermost, so configurations
 * with one plan come out side by side. */
static void emit_nodes(const struct kvp_search_space *s,
                       struct kvp_search_cfg *c, uint64_t *n, emit_fn emit,
                       void *ctx)
{
	uint32_t per = s->max_per_node ? s->max_per_node : 8;
	uint32_t nodes = s->max_nodes ? s->max_nodes : 1, g;

	for (g = c->tp; g <= per && g <= c->cards; g += c->tp) {
		if (c->cards % g || c->cards / g > nodes)
			continue;
		c->per_node = (uint8_t)g;
		c->nodes = (uint8_t)(c->cards / g);
		if (emit)
			emit(ctx, c);
		(*n)++;
	}
}

/* tp dividing the cards of some node arrangement of c->cards */
static bool tp_fits_a_node(const struct kvp_search_space *s, uint32_t cards,
                           uint32_t tp)
{
	uint32_t per = s->max_per_node ? s->max_per_node : 8;
	uint32_t nodes = s->max_nodes ? s->max_nodes : 1, g;

	for (g = tp; g <= per && g <= cards; g += tp)
		if (cards % g == 0 && cards / g <= nodes)
			return true;
	return false;
}

static void emit_layouts(const struct kvp_plan *base,
                         const struct kvp_search_space *s,
                         const struct lists *L, const struct engine_rule *e,
                         struct kvp_search_cfg *c, uint64_t *n,
                         emit_fn emit, void *ctx)
{
	uint32_t tp, pp, k, w, nw = s->n_w ? s->n_w : 1;
	uint32_t cards = c->cards;

	for (w = 0; w < nw; w++) {
		c->w = s->n_w ? (uint8_t)w : KVP_SEARCH_W_OWN;
		if (!w_ok(e, kvp_search_w_of(base, s, c).dtype))
			continue;
		for (k = 0; k < L->n_kv[e->kind]; k++) {
			c->kv = (uint8_t)L->kv[e->kind][k];
			for (tp = 1; tp <= cards; tp++) {
				if (cards % tp || (tp > 1 && !e->tp) ||
				    (s->max_tp && tp > s->max_tp) ||
				    !L->tp_ok[tp] || !tp_fits_a_node(s, cards, tp))
					continue;
				for (pp = 1; pp <= cards / tp; pp++) {
					if ((cards / tp) % pp || (pp > 1 && !e->pp) ||
					    (s->max_pp && pp > s->max_pp) ||
					    pp > base->model.n_layers ||
					    (pp > 1 && base->model.loops > 1) ||
					    pp > KVP_MAX_STAGES)
						continue;
					c->tp = (uint8_t)tp;
					c->pp = (uint8_t)pp;
					c->dp = (uint8_t)(cards / tp / pp);
					emit_nodes(s, c, n, emit, ctx);
				}
			}
		}
	}
}

static enum kvp_status check_space(const struct kvp_plan *base,
                                   const struct kvp_search_space *s,
                                   struct kvp_error *err)
{
	uint32_t per = s->max_per_node ? s->max_per_node : 8;
	uint32_t nodes = s->max_nodes ? s->max_nodes : 1;

	if (s->n_cards == 0 || s->n_cards > KVP_SEARCH_MAX_CARDS)
		return kvp_error_set(err, KVP_EINVAL,
			"cards: %u - give 1 to %u cards to search", s->n_cards,
			KVP_SEARCH_MAX_CARDS);
	if (per > KVP_MAX_DEVICES || nodes > KVP_MAX_DEVICES)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: %u - at most %u", per > KVP_MAX_DEVICES ?
			"per-node" : "nodes", per > KVP_MAX_DEVICES ? per : nodes,
			KVP_MAX_DEVICES);
	if (s->n_w > KVP_SEARCH_MAX_W || s->n_kv > KVP_SEARCH_MAX_KV)
		return kvp_error_set(err, KVP_ERANGE,
			"formats: at most %u cache and %u weight formats",
			KVP_SEARCH_MAX_KV, KVP_SEARCH_MAX_W);
	if (base->model.n_layers < 1 || base->model.n_layers > KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_ERANGE,
			"model.n_layers: %u - must be 1..%u",
			base->model.n_layers, KVP_MAX_LAYERS);
	return KVP_OK;
}

static enum kvp_status make_lists(const struct kvp_plan *base,
                                  const struct kvp_search_space *s,
                                  struct kvp_result *lay,
                                  struct kvp_plan *work, struct lists *L,
                                  struct kvp_error *err)
{
	uint32_t mask = engines_of(s), ek, tp;
	struct kvp_error e;
	enum kvp_status st;

	st = kvp_layers_resolve_strided(&base->model, &lay->layer_recs[0].spec,
	                                sizeof lay->layer_recs[0], err);
	if (st != KVP_OK)
		return st;
	lay->n_layers = base->model.n_layers;
	lay->layers_by_type = false;   /* every layer's spec resolved */
	memset(L, 0, sizeof *L);
	for (tp = 1; tp <= KVP_MAX_DEVICES; tp++)
		L->tp_ok[tp] = kvp_tp_check(base->model.q_heads, lay,
		                            lay->n_layers, tp, &e) == KVP_OK;
	for (ek = 0; ek < KVP_ENGINE_COUNT; ek++)
		if (mask & (1u << ek) && rule_of(ek))
			L->n_kv[ek] = kv_list(base, s, rule_of(ek), work, L->kv[ek]);
	return KVP_OK;
}

static enum kvp_status walk(const struct kvp_plan *base,
                            const struct kvp_search_space *s,
                            enum kvp_search_rank rank,
                            struct kvp_result *lay, struct kvp_plan *work,
                            uint64_t *n, emit_fn emit, void *ctx,
                            struct kvp_error *err)
{
	static const size_t max_pairs = KVP_SEARCH_MAX_CARDS * KVP_MAX_DEVICES;
	uint32_t per = s->max_per_node ? s->max_per_node : 8;
	uint32_t nodes = s->max_nodes ? s->max_nodes : 1, mask = engines_of(s);
	uint32_t c, cards, ek, g;
	struct pair pairs[KVP_SEARCH_MAX_CARDS * KVP_MAX_DEVICES];
	struct kvp_search_cfg cfg;
	struct lists L;
	enum kvp_status st;
	size_t np = 0, i;

	*n = 0;
	st = check_space(base, s, err);
	if (st == KVP_OK)
		st = make_lists(base, s, lay, work, &L, err);
	if (st != KVP_OK)
		return st;
	for (c = 0; c < s->n_cards; c++)
		for (cards = 1; cards <= KVP_MAX_DEVICES; cards++)
			for (g = 1; g <= per && g <= cards; g++)
				if (cards % g == 0 && cards / g <= nodes &&
				    np < max_pairs) {
					pairs[np].card = c;
					pairs[np].cards = cards;
					pairs[np].capacity =
						s->cards[c].capacity_bytes * cards;
					pairs[np++].price = s->price_micro[c] * cards;
					break;
				}
	sort_pairs(rank, pairs, np);
	memset(&cfg, 0, sizeof cfg);
	for (i = 0; i < np; i++) {
		cfg.card = (uint8_t)pairs[i].card;
		cfg.cards = (uint16_t)pairs[i].cards;
		cfg.capacity = pairs[i].capacity;
		cfg.price_micro = pairs[i].price;
		for (ek = 0; ek < KVP_ENGINE_COUNT; ek++) {
			if (!(mask & (1u << ek)) || !rule_of(ek))
				continue;
			cfg.engine = (uint8_t)ek;
			emit_layouts(base, s, &L, rule_of(ek), &cfg, n, emit, ctx);
		}
	}
	return KVP_OK;
}

struct fill {
	struct kvp_search_cfg *out;
	size_t cap, n;
};

static void fill_one(void *ctx, const struct kvp_search_cfg *c)
{
	struct fill *f = ctx;

	if (f->n < f->cap)
		f->out[f->n] = *c;
	f->n++;
}

int kvp_search_cmp_identity(const struct kvp_search_cfg *a,
                            const struct kvp_search_cfg *b)
{
	const uint8_t ka[] = { a->card, a->engine, a->kv, a->w, a->tp, a->pp,
	                       a->dp, a->per_node, a->nodes };
	const uint8_t kb[] = { b->card, b->engine, b->kv, b->w, b->tp, b->pp,
	                       b->dp, b->per_node, b->nodes };
	size_t i;

	for (i = 0; i < sizeof ka; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? -1 : 1;
	return 0;
}

bool kvp_search_same_plan(const struct kvp_search_cfg *a,
                          const struct kvp_search_cfg *b)
{
	return a->card == b->card && a->engine == b->engine &&
	       a->kv == b->kv && a->w == b->w && a->tp == b->tp &&
	       a->pp == b->pp && a->dp == b->dp;
}

#define CMP(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)

int kvp_search_cmp_keys(enum kvp_search_rank r, const struct kvp_search_cfg *a,
                        const struct kvp_search_cfg *b)
{
	if (r == KVP_RANK_PRICE)
		CMP(a->price_micro, b->price_micro);
	CMP(a->cards, b->cards);
	CMP(a->capacity, b->capacity);
	return 0;
}

enum kvp_status kvp_search_enumerate(const struct kvp_plan *base,
                                     const struct kvp_search_space *s,
                                     const struct kvp_search_opts *o,
                                     struct kvp_search_buf *buf,
                                     struct kvp_search_out *out,
                                     struct kvp_error *err)
{
	struct fill f = { buf->cfgs, buf->cap_cfgs, 0 };
	uint64_t n;
	enum kvp_status st;

	memset(out, 0, sizeof *out);
	st = walk(base, s, o->rank, buf->scratch, buf->work, &n, fill_one, &f,
	          err);
	if (st != KVP_OK)
		return st;
	out->stats.configurations = n;
	if (n > buf->cap_cfgs)
		return kvp_error_set(err, KVP_ERANGE,
			"search: %llu configurations - more than the %zu this "
			"buffer holds; narrow the space (--cards, --engines, "
			"--per-node, --nodes)", (unsigned long long)n,
			buf->cap_cfgs);
	out->n_cfgs = (size_t)n;
	out->stats.configurations = n;
	return KVP_OK;
}

/* Are base's overheads exactly the documented defaults for its layout?
 * Then a configuration gets the defaults for its own layout (tp_comm
 * when tp or pp > 1); a user's own list is kept as given. */
static bool default_overheads(const struct kvp_devices *d)
{
	struct kvp_devices t;
	uint32_t i;

	memset(&t, 0, sizeof t);
	t.tp = d->tp;
	t.pp = d->pp;
	kvp_overheads_default(&t);
	if (t.n_overheads != d->n_overheads)
		return false;
	for (i = 0; i < t.n_overheads; i++)
		if (strcmp(t.overheads[i].name, d->overheads[i].name) ||
		    t.overheads[i].bytes != d->overheads[i].bytes)
			return false;
	return true;
}

/* What a configuration sets on a plan that is base in every other
 * field: its card, count, layout, engine, formats and headroom. Only
 * out->devices, out->engine and the K/V formats
 * (kvp_solve_set_kv_format) change. */
static void apply_cfg(const struct kvp_plan *base,
                      const struct kvp_search_space *s,
                      const struct kvp_search_cfg *c, struct kvp_plan *out)
{
	struct kvp_devices *d = &out->devices;

	d->n_groups = 1;
	memset(&d->groups[0], 0, sizeof d->groups[0]);
	if (c->card < s->n_cards)
		d->groups[0].card = s->cards[c->card];
	d->groups[0].count = c->cards;
	d->tp = c->tp;
	d->pp = c->pp;
	d->dp = c->dp;
	memset(d->pp_layers, 0, sizeof d->pp_layers);
	if (default_overheads(&base->devices)) {
		d->n_overheads = 0;
		kvp_overheads_default(d);
	}
	if (d->reserve_ppm < s->min_headroom_ppm)
		d->reserve_ppm = s->min_headroom_ppm;
	out->engine.kind = (enum kvp_engine_kind)c->engine;
	/* vLLM's own sizes follow the layout (engine_vllm.c takes
	 * devices.tp/pp when they are 1, refuses a mismatch otherwise) */
	out->engine.vllm.tensor_parallel_size = c->tp;
	out->engine.vllm.pipeline_parallel_size = c->pp;
	kvp_solve_set_kv_format(out, (enum kvp_dtype)c->kv);
	if (c->w != KVP_SEARCH_W_OWN && c->w < s->n_w) {
		d->weights_override = true;
		d->weights = s->w[c->w];
	}
}

void kvp_search_plan(const struct kvp_plan *base,
                     const struct kvp_search_space *s,
                     const struct kvp_search_cfg *c, struct kvp_plan *out)
{
	*out = *base;
	apply_cfg(base, s, c, out);
}

/*
 * out holds kvp_search_plan(base, s, c') of another configuration c'
 * and nothing changed it since: base's devices and engine options again
 * (5 KiB), then c's. The K/V formats need no restoring: every field
 * kvp_solve_set_kv_format writes it writes whatever the configuration.
 * The same plan as kvp_search_plan(base, s, c) without copying the
 * other 37 KiB (two models) of it, once per configuration a search
 * computes (test_search checks the two agree byte for byte).
 */
void kvp_search_plan_again(const struct kvp_plan *base,
                           const struct kvp_search_space *s,
                           const struct kvp_search_cfg *c,
                           struct kvp_plan *out)
{
	out->devices = base->devices;
	out->engine = base->engine;
	apply_cfg(base, s, c, out);
}
