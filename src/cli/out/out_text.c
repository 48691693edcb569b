/*
 * out_text.c - human text output of a result (out_text.h). Figures come
 * from struct kvp_result only; units via kvplan/units.h (bytes with
 * separators, GiB and GB both, labelled).
 *
 * The folder src/cli/out/ is the command line's text output: this file
 * the result's sections, out_bar.c the budget bars, out_range.c the named
 * engines' range, out_search.c the deployment search, out_name.c the
 * format an --output name asks for; JSON, Markdown, CSV and SVG are
 * src/io/report/.
 */
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <strings.h>

#include "cli/out/out_range.h"
#include "cli/out/out_text.h"
#include "cli/out/out_bar.h"
#include "kvplan/format.h"
#include "kvplan/speed.h"
#include "kvplan/strategy.h"
#include "kvplan/units.h"
#include "kvplan/warning.h"

bool kvp_out_utf8(void)
{
	static int utf8 = -1;   /* cached: the locale does not change */

	if (utf8 < 0) {
		const char *cs;

		setlocale(LC_CTYPE, "");
		cs = nl_langinfo(CODESET);
		utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
	}
	return utf8 == 1;
}

const char *kvp_out_times(void)
{
	return kvp_out_utf8() ? "\xc3\x97" : "x";
}

/* "2 B" or "34/32 B": bytes per value of a plain or block format. */
static void per_value(const struct kvp_format *f, char *buf, size_t n)
{
	uint32_t vals = kvp_format_block_values(f);
	uint64_t bytes = kvp_format_block_bytes(f);

	if (vals == 1)
		snprintf(buf, n, "%llu B", (unsigned long long)bytes);
	else
		snprintf(buf, n, "%llu/%u B", (unsigned long long)bytes, vals);
}

/* Whether a layer is compressed (DeepSeek V4): its bytes do not go by
 * position alone. */
static bool has_compressed(const struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_layers && i < KVP_MAX_LAYERS; i++)
		if (kvp_layer_rec(res, i)->spec.kind == KVP_LAYER_COMPRESSED)
			return true;
	return false;
}

void kvp_out_formula(const struct kvp_result *res, char *buf, size_t n)
{
	const struct kvp_kv_result *kv = &res->kv;
	const char *x = kvp_out_times();
	char total[40], qk[32], qv[32], rk[32];

	kvp_fmt_int(kv->bytes_per_position, total, sizeof total);
	if (res->n_layers && has_compressed(res)) {
		/* DeepSeek V4: only the raw window rows go by position */
		snprintf(buf, n, "%s B per position in the raw windows (%u "
		         "compressed layers; their compressed rows, indexer keys "
		         "and compressor states come on top; --per-layer shows "
		         "each)", total, kv->layers_with_kv);
		return;
	}
	if (kv->index_bytes) {
		/* the letters would leave out the DSA indexer's keys */
		snprintf(buf, n, "%s B per position (%u layers' latent or K and V "
		         "rows and DSA indexer keys; --per-layer shows each)", total,
		         kv->layers_with_kv);
		return;
	}
	if (!kv->uniform || kv->k_fmt.dtype == KVP_DT_GROUPQ || kv->v_fmt.dtype == KVP_DT_GROUPQ) {
		snprintf(buf, n, "%s B per position (sum over %u layers with KV; --per-layer shows each)",
		         total, kv->layers_with_kv);
		return;
	}
	per_value(&kv->k_fmt, qk, sizeof qk);
	per_value(&kv->v_fmt, qv, sizeof qv);
	/* under TP the letters are one rank's: "x 8 ranks" makes the product */
	rk[0] = '\0';
	if (kv->ranks > 1)
		snprintf(rk, sizeof rk, " %s %u ranks", x, kv->ranks);
	if (kv->k_dim == kv->v_dim && kvp_format_equal(&kv->k_fmt, &kv->v_fmt))
		snprintf(buf, n, "2 %s %u layers %s %u KV heads %s %u %s %s%s = %s B per position",
		         x, kv->layers_with_kv, x, kv->kv_heads, x, kv->k_dim, x, qk, rk, total);
	else if (kv->v_dim == 0)
		snprintf(buf, n, "%u layers %s %u KV heads %s %u %s %s%s = %s B per position (K only)",
		         kv->layers_with_kv, x, kv->kv_heads, x, kv->k_dim, x, qk, rk, total);
	else
		snprintf(buf, n, "%u layers %s %u KV heads %s (%u %s %s + %u %s %s)%s = %s B per position",
		         kv->layers_with_kv, x, kv->kv_heads, x, kv->k_dim, x, qk, kv->v_dim, x,
		         qv, rk, total);
}

static void line(FILE *out, const char *label, const char *text)
{
	fprintf(out, "%-14s%s\n", label, text);
}

void kvp_out_kv(FILE *out, const struct kvp_plan *p, const struct kvp_result *res)
{
	const struct kvp_kv_result *kv = &res->kv;
	char buf[400], a[80], b[40], c[40];

	if (p->name[0])
		line(out, "plan", p->name);
	snprintf(buf, sizeof buf, "%s: %u layers, %u query heads",
	         p->model.id[0] ? p->model.id : "(unnamed model)", p->model.n_layers,
	         p->model.q_heads);
	line(out, "model", buf);
	if (p->engine.kind != KVP_ENGINE_GENERIC) {
		snprintf(buf, sizeof buf, "%s %s (%sits own allocation rules)",
		         kvp_engine_name(p->engine.kind), res->engine.release,
		         res->engine.release_named ? "" : "current release; ");
		line(out, "engine", buf);
	} else {
		size_t o = (size_t)snprintf(buf, sizeof buf, "%s",
		                            kvp_strategy_name(p->strategy.kind));
		if (p->strategy.kind == KVP_STRAT_PAGED)
			snprintf(buf + o, sizeof buf - o, ", %u positions per block",
			         p->strategy.block_size);
		else if (p->strategy.kind == KVP_STRAT_STATIC && p->strategy.max_cache_len)
			snprintf(buf + o, sizeof buf - o, ", max_cache_len %s",
			         kvp_fmt_int(p->strategy.max_cache_len, a, sizeof a));
		else if (p->strategy.kind == KVP_STRAT_STATIC)
			snprintf(buf + o, sizeof buf - o, ", max_cache_len = longest sequence");
		line(out, "strategy", buf);
	}

	kvp_out_formula(res, buf, sizeof buf);
	line(out, "per position", buf);
	if (res->n_classes > 0 || kv->bytes_per_sequence) {
		kvp_fmt_bytes_all(kv->bytes_per_sequence, a, sizeof a);
		if (res->n_classes > 0)
			snprintf(buf, sizeof buf, "%s for one sequence of %s tokens", a,
			         kvp_fmt_int(res->classes[0].length, b, sizeof b));
		else
			snprintf(buf, sizeof buf, "%s", a);
		line(out, "per sequence", buf);
	}
	snprintf(buf, sizeof buf, "%s resident: %s active requests, %s queued",
	         kvp_fmt_int(kv->sequences, a, sizeof a), kvp_fmt_int(kv->requests, b, sizeof b),
	         kvp_fmt_int(kv->queued, c, sizeof c));
	line(out, "sequences", buf);
	snprintf(buf, sizeof buf, "%s stored, %s slots allocated",
	         kvp_fmt_int(kv->positions_stored, a, sizeof a),
	         kvp_fmt_int(kv->slots_allocated, b, sizeof b));
	line(out, "positions", buf);
	line(out, "needed", kvp_fmt_bytes_all(kv->bytes_needed, buf, sizeof buf));
	line(out, "waste", kvp_fmt_bytes_all(kv->waste_bytes, buf, sizeof buf));
	if (kv->shortfall_bytes)
		line(out, "short by", kvp_fmt_bytes_all(kv->shortfall_bytes, buf, sizeof buf));
	if (kv->state_bytes) {
		kvp_fmt_bytes_all(kv->state_bytes, a, sizeof a);
		snprintf(buf, sizeof buf, "%s recurrent state (included in the total)", a);
		line(out, "states", buf);
	}
	if (kv->conv_bytes || kv->ssm_bytes) {
		snprintf(buf, sizeof buf, "%s conv + %s SSM",
		         kvp_fmt_int(kv->conv_bytes, a, sizeof a),
		         kvp_fmt_int(kv->ssm_bytes, b, sizeof b));
		line(out, "state split", buf);
	}
	if (kv->index_bytes) {
		kvp_fmt_bytes_all(kv->index_bytes, a, sizeof a);
		snprintf(buf, sizeof buf, "%s DSA indexer keys (included in K)", a);
		line(out, "indexer", buf);
	}
	line(out, "KV cache", kvp_fmt_bytes_all(kv->bytes, buf, sizeof buf));
	if (kv->host_bytes) {
		line(out, "on device", kvp_fmt_bytes_all(kv->device_bytes, buf, sizeof buf));
		line(out, "in host RAM", kvp_fmt_bytes_all(kv->host_bytes, buf, sizeof buf));
	}
}

static void fmt_format(const struct kvp_format *f, char *buf, size_t n)
{
	if (f->dtype == KVP_DT_GROUPQ)
		snprintf(buf, n, "g%ub%u", f->bits, f->group_size);
	else
		snprintf(buf, n, "%s", kvp_dtype_name(f->dtype));
}

void kvp_out_layers(FILE *out, const struct kvp_result *res)
{
	uint32_t i;
	char kf[16], vf[16], bpp[32], sl[32], stv[32], by[32];

	fprintf(out, "\n%5s %-8s %5s %5s %5s %-7s %-7s %7s %12s %14s %14s %18s %s\n",
	        "layer", "kind", "KVh", "Kdim", "Vdim", "K fmt", "V fmt", "window",
	        "B/position", "slots", "stored", "bytes", "where");
	for (i = 0; i < res->n_layers && i < KVP_MAX_LAYERS; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);

		fmt_format(&l->spec.k_fmt, kf, sizeof kf);
		fmt_format(&l->spec.v_fmt, vf, sizeof vf);
		fprintf(out, "%5u %-8s %5u %5u %5u %-7s %-7s %7u %12s %14s %14s %18s %s\n",
		        i, kvp_layer_kind_name(l->spec.kind), l->spec.kv_heads, l->spec.k_dim,
		        l->spec.v_dim, kf, vf, l->spec.window,
		        kvp_fmt_int(l->bytes_per_position, bpp, sizeof bpp),
		        kvp_fmt_int(l->slots, sl, sizeof sl), kvp_fmt_int(l->stored, stv, sizeof stv),
		        kvp_fmt_int(l->bytes, by, sizeof by), l->on_device ? "device" : "host");
	}
}

void kvp_out_engine(FILE *out, const struct kvp_result *res)
{
	uint32_t i;

	if (res->engine.n_lines == 0 && !res->engine.note[0])
		return;
	if (kvp_engine_lines_reworded(&res->engine))
		fprintf(out, "\n%s would report (in the words of %s; %s may word "
		        "some lines otherwise, and reconcile reads the older "
		        "wordings):\n",
		        kvp_engine_name(res->engine.kind), res->engine.lines_wording,
		        res->engine.release);
	else
		fprintf(out, "\n%s would report:\n", kvp_engine_name(res->engine.kind));
	for (i = 0; i < res->engine.n_lines && i < KVP_MAX_LINES; i++)
		fprintf(out, "  %s\n", res->engine.lines[i]);
	if (res->engine.note[0])
		fprintf(out, "  note: %s\n", res->engine.note);
}

static const char *gib_signed(int64_t v, char *buf, size_t n)
{
	char t[24];
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

	kvp_fmt_gib(mag, 2, t, sizeof t);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "", t);
	return buf;
}

/* llama.cpp's compute buffers: an estimate, said so with its source and
 * tolerance (res->host.compute_*). */
void kvp_out_compute_buf(FILE *out, const struct kvp_result *res)
{
	const struct kvp_host_result *h = &res->host;
	char a[32], b[32];
	uint32_t d;

	if (h->compute_kind == KVP_FIG_NONE && h->compute_source[0]) {
		fprintf(out, "%-14s%s\n", "compute buf", h->compute_source);
		return;
	}
	if (h->compute_kind != KVP_FIG_ESTIMATE)
		return;
	fprintf(out, "%-14s", "compute buf");
	for (d = 0; d < res->n_devices; d++)
		if (res->devices[d].compute_bytes)
			fprintf(out, "device %u %s, ", d,
			        kvp_fmt_mib(res->devices[d].compute_bytes, 2, a, sizeof a));
	fprintf(out, "host %s (+-%u %%, %s)\n",
	        kvp_fmt_mib(h->compute_bytes, 2, b, sizeof b),
	        h->compute_tol_ppm / 10000u, h->compute_source);
}

void kvp_out_devices(FILE *out, const struct kvp_plan *p,
                     const struct kvp_result *res)
{
	uint32_t i;
	char c[7][32], wb[96], vt[KVP_VERDICT_TEXT_MAX];

	if (res->n_devices == 0)
		return;
	/* where the weights column comes from (one meaning: the JSON's
	 * result.weights.source); an estimate says what it leaves out, as
	 * core/weights/weights.c counts it */
	if (res->weights.source != KVP_WSRC_ESTIMATE) {
		char mtp[64];

		fprintf(out, "%-14s%s, %s\n", "weights",
		        kvp_fmt_bytes_all(res->weights.bytes, wb, sizeof wb),
		        kvp_wsource_name(res->weights.source));
		if (res->weights.mtp_unloaded_bytes)
			fprintf(out, "%-14sof which the MTP layers' %s B are on no "
			        "device: %s\n", "",
			        kvp_fmt_int(res->weights.mtp_unloaded_bytes, mtp,
			                    sizeof mtp),
			        res->weights.mtp_drafter
			        ? "their own embedding and head, which vLLM's MTP "
			          "drafter frees for the target's"
			        : "vLLM loads them for --speculative-method mtp only");
	} else {
		fprintf(out, "%-14s%s, %s from the model's shapes%s (not "
		        "counted: %sMTP modules, expert biases%s)\n", "weights",
		        kvp_fmt_bytes_all(res->weights.bytes, wb, sizeof wb),
		        kvp_wsource_name(res->weights.source),
		        p->model.arch.tower_params ?
		        ", with the encoder towers kvplan has a rule for" : "",
		        p->model.arch.tower_params ? "other towers, " :
		        "vision and audio towers, ",
		        res->weights.mixers_uncounted ?
		        ", recurrent layers' mixers" : "");
	}
	fprintf(out, "\n%-24s %12s %12s %12s %12s %12s %12s %13s %s\n", "device",
	        "capacity", "weights", "KV", "activations", "overhead", "your reserve", "left free", "fits");
	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++) {
		const struct kvp_device_result *d = &res->devices[i];
		char name[96];

		snprintf(name, sizeof name, "%.40s tp%u pp%u", d->name, d->tp_rank, d->pp_stage);
		fprintf(out, "%-24s %12s %12s %12s %12s %12s %12s %13s %s\n", name,
		        kvp_fmt_gib(d->capacity_bytes, 2, c[0], sizeof c[0]),
		        kvp_fmt_gib(d->weights_bytes, 2, c[1], sizeof c[1]),
		        kvp_fmt_gib(d->kv_bytes, 2, c[2], sizeof c[2]),
		        kvp_fmt_gib(d->activations_bytes, 2, c[3], sizeof c[3]),
		        kvp_fmt_gib(d->overhead_bytes, 2, c[4], sizeof c[4]),
		        kvp_fmt_gib(d->headroom_bytes, 2, c[5], sizeof c[5]),
		        gib_signed(d->free_bytes, c[6], sizeof c[6]), d->fits ? "yes" : "NO");
	}
	kvp_out_compute_buf(out, res);
	if (res->devices[0].rotary_bytes)
		/* one figure on every device (result.h rotary_bytes) */
		fprintf(out, "%-14s%s on each device: vLLM's rotary tables, "
		        "loaded with the weights (its 'Model loading took' counts "
		        "them), in neither the weights nor the overhead column\n",
		        "rotary tables", kvp_fmt_gib(res->devices[0].rotary_bytes, 2,
		                                     wb, sizeof wb));
	kvp_out_bars_compact(out, res, KVP_OUT_BAR_WIDTH, kvp_out_utf8());
	/* the one verdict (kvplan/verdict.h), whole */
	fprintf(out, "%-14s%s\n", "verdict",
	        kvp_verdict_line(res, vt, sizeof vt));
	kvp_out_engine_range(out, "engines       ", p, res);
	kvp_out_parts(out, res);
	kvp_out_host(out, res);
	kvp_out_speed(out, res);
}

/* llama.cpp's --mmproj compute buffer: an estimate, said so with its
 * source and tolerance, or why there is none (res->parts.encoder_compute_*). */
static void out_encoder_compute(FILE *out, const struct kvp_result *res)
{
	const struct kvp_parts_result *p = &res->parts;
	char a[32], b[32], n[32], d[48] = "";

	if (p->encoder_compute_kind == KVP_FIG_NONE) {
		if (p->encoder_compute_source[0])
			fprintf(out, "%-14scompute buffer %s\n", "",
			        p->encoder_compute_source);
		return;
	}
	if (p->encoder_compute_bytes)
		snprintf(d, sizeof d, "device 0 %s, ",
		         kvp_fmt_mib(p->encoder_compute_bytes, 2, a, sizeof a));
	fprintf(out, "%-14scompute buffer %shost %s, %s patches (+-%u %%, %s)\n",
	        "", d, kvp_fmt_mib(p->encoder_compute_host_bytes, 2, b, sizeof b),
	        kvp_fmt_int(p->encoder_positions, n, sizeof n),
	        p->encoder_compute_tol_ppm / 10000u, p->encoder_compute_source);
}

void kvp_out_parts(FILE *out, const struct kvp_result *res)
{
	const struct kvp_parts_result *p = &res->parts;
	char a[40], g[24], t[112], i[64];

	if (p->encoder_kind != KVP_FIG_NONE) {
		t[0] = '\0';
		if (p->encoder_profile_items_max > p->encoder_profile_items)
			snprintf(i, sizeof i, "%llu to %llu items",
			         (unsigned long long)p->encoder_profile_items,
			         (unsigned long long)p->encoder_profile_items_max);
		else
			snprintf(i, sizeof i, "%llu item%s",
			         (unsigned long long)p->encoder_profile_items,
			         p->encoder_profile_items == 1 ? "" : "s");
		if (p->encoder_tokens)
			snprintf(t, sizeof t, "%s tokens (profiled with %s), ",
			         kvp_fmt_int(p->encoder_tokens, a, sizeof a), i);
		fprintf(out, "%-14s%s%s B (%s) %s: %s, %s\n", "encoder", t,
		        kvp_fmt_int(p->encoder_bytes, a, sizeof a),
		        kvp_fmt_gib(p->encoder_bytes, 2, g, sizeof g),
		        p->encoder_on_host ? "in host memory (--no-mmproj-offload)"
		                           : "per device",
		        kvp_figure_name(p->encoder_kind), p->encoder_source);
	}
	out_encoder_compute(out, res);
	if (p->lora_kind != KVP_FIG_NONE) {
		fprintf(out, "%-14s%s B (%s) per device: %s, %s\n", "LoRA",
		        kvp_fmt_int(p->lora_bytes, a, sizeof a),
		        kvp_fmt_gib(p->lora_bytes, 2, g, sizeof g),
		        kvp_figure_name(p->lora_kind), p->lora_source);
		if (p->lora_slot_bytes)
			fprintf(out, "%-14sone slot %s B; host LRU (max_cpu_loras) "
			        "at most %s B (estimate, upper bound, not in the "
			        "host budget)\n", "",
			        kvp_fmt_int(p->lora_slot_bytes, a, sizeof a),
			        kvp_fmt_int(p->lora_host_bytes, t, sizeof t));
	}
	kvp_out_draft(out, res);
}

/* The draft model of speculative decoding (res->draft). */
void kvp_out_draft(FILE *out, const struct kvp_result *res)
{
	const struct kvp_draft_result *d = &res->draft;
	char a[40], b[40], g[24], h[24];

	if (!d->present)
		return;
	if (d->mtp)
		fprintf(out, "%-14s%s B (%s) per device: KV of %u MTP layer%s (%s, "
		        "%s); their weights are the model's (a model file's "
		        "tensors count them, a config's estimate does not)\n",
		        "MTP draft", kvp_fmt_int(d->device_bytes, a, sizeof a),
		        kvp_fmt_gib(d->device_bytes, 2, g, sizeof g), d->n_layers,
		        d->n_layers == 1 ? "" : "s", kvp_figure_name(d->kv_kind),
		        d->kv_source);
	else
		fprintf(out, "%-14s%s B (%s) per device%s: weights %s B (%s, %s) + "
		        "KV %s B (%s, %s)\n", "draft",
		        kvp_fmt_int(d->device_bytes, a, sizeof a),
		        kvp_fmt_gib(d->device_bytes, 2, g, sizeof g),
		        d->last_stage ? " of the last stage" : "",
		        kvp_fmt_int(d->weights_device, b, sizeof b),
		        kvp_figure_name(d->weights_kind), d->weights_source,
		        kvp_fmt_int(d->kv_device, h, sizeof h),
		        kvp_figure_name(d->kv_kind), d->kv_source);
	if (d->contexts)
		fprintf(out, "%-14s%s context%s of %s cells, %s B each; host "
		        "(input embeddings) %s B\n", "",
		        kvp_fmt_int(d->contexts, a, sizeof a),
		        d->contexts == 1 ? "" : "s",
		        kvp_fmt_int(d->cells, b, sizeof b),
		        kvp_fmt_int(d->context_bytes, g, sizeof g),
		        kvp_fmt_int(d->host_bytes, h, sizeof h));
	if (d->page_bytes)
		fprintf(out, "%-14s%s B of each block (%s B per token per rank) "
		        "in the shared pool; %u lookahead tokens per request not "
		        "in the workload fit\n", "",
		        kvp_fmt_int(d->page_bytes, a, sizeof a),
		        kvp_fmt_int(d->token_bytes, b, sizeof b), d->lookahead);
}

/* llama-server's context checkpoints (ckpt.c): what a slot can keep. */
static void out_ckpt(FILE *out, const struct kvp_host_result *h)
{
	char a[32], b[32], d[24];

	if (h->ckpt_kind == KVP_FIG_NONE) {
		if (h->ckpt_note[0])
			fprintf(out, "%-14snot sized: %s\n", "checkpoints",
			        h->ckpt_note);
		return;
	}
	if (!h->ckpt_count) {
		fprintf(out, "%-14s%s B%s each in host memory (%s); %s\n",
		        "checkpoints", kvp_fmt_int(h->ckpt_each, a, sizeof a),
		        h->ckpt_at_most ? " at most" : "",
		        kvp_figure_name(h->ckpt_kind), h->ckpt_note);
		return;
	}
	fprintf(out, "%-14sat most %u per slot x %u slot%s x %s B%s = %s B (%s) "
	        "in host memory (%s, %s)\n", "checkpoints", h->ckpt_count,
	        h->ckpt_slots, h->ckpt_slots == 1 ? "" : "s",
	        kvp_fmt_int(h->ckpt_each, a, sizeof a),
	        h->ckpt_at_most ? " at most" : "",
	        kvp_fmt_int(h->ckpt_bytes, b, sizeof b),
	        kvp_fmt_gib(h->ckpt_bytes, 2, d, sizeof d),
	        kvp_figure_name(h->ckpt_kind), h->ckpt_note);
}

/* " + NAME FIGURE[ SUFFIX]" after c's text. */
static void add_part(char *c, size_t n, const char *name, const char *fig,
                     const char *suffix)
{
	size_t l = strlen(c);

	snprintf(c + l, n - l, " + %s %s%s", name, fig, suffix);
}

/* The host's output buffer and what follows it in the text: the compute
 * buffer, the encoder and its compute, the checkpoints. */
static void host_parts(const struct kvp_result *res, char *c, size_t n)
{
	const struct kvp_host_result *h = &res->host;
	char cb[24];

	kvp_fmt_mib(h->logits_bytes, 2, c, n);
	if (h->compute_bytes)
		add_part(c, n, "compute buffer",
		         kvp_fmt_mib(h->compute_bytes, 2, cb, sizeof cb), " (estimate)");
	if (res->parts.encoder_on_host)
		add_part(c, n, "encoder",
		         kvp_fmt_mib(res->parts.encoder_bytes, 2, cb, sizeof cb), "");
	if (res->parts.encoder_compute_host_bytes)
		add_part(c, n, "encoder compute",
		         kvp_fmt_mib(res->parts.encoder_compute_host_bytes, 2, cb, sizeof cb),
		         " (estimate)");
	if (h->ckpt_bytes)
		add_part(c, n, "checkpoints",
		         kvp_fmt_gib(h->ckpt_bytes, 2, cb, sizeof cb), " (at most)");
}

/* The host's own bar: its figures in a device's slots (the output buffer
 * is a retained output), and its key. */
static void host_bar(FILE *out, const struct kvp_result *res)
{
	const struct kvp_host_result *h = &res->host;
	struct kvp_device_result bar;
	char line[4 * 256 + 16];

	memset(&bar, 0, sizeof bar);
	bar.capacity_bytes = h->capacity_bytes;
	bar.weights_bytes = h->weights_bytes;
	bar.kv_bytes = h->kv_bytes;
	bar.retained_bytes = h->logits_bytes;
	bar.compute_bytes = h->compute_bytes;
	bar.overhead_bytes = h->tier_bytes;   /* drawn as its own segment */
	bar.activations_bytes = h->ckpt_bytes;
	bar.encoder_bytes = h->encoder_bytes;
	bar.free_bytes = h->free_bytes;
	bar.fits = h->fits;
	kvp_out_bar_line(&bar, KVP_OUT_BAR_WIDTH, kvp_out_utf8(), line, sizeof line);
	fprintf(out, "  host       %s%s\n", line, h->fits ? "" : "  over");
	fprintf(out, "  host key: weights, KV, %s%s%soutput buffer (retained), "
	        "KV tier (overhead's glyph)\n",
	        h->ckpt_bytes ? "checkpoints (activations' glyph), " : "",
	        h->compute_bytes ? "compute buffer (estimate), " : "",
	        bar.encoder_bytes ? "encoder, " : "");
}

void kvp_out_host(FILE *out, const struct kvp_result *res)
{
	const struct kvp_host_result *h = &res->host;
	char a[24], b[24], c[200], d[24], e[24], f[40], tier[48];
	char line[64];

	if (h->used_bytes == 0 && !h->budgeted)
		return;
	out_ckpt(out, h);
	tier[0] = '\0';
	if (h->tier_bytes) {
		kvp_fmt_gib(h->tier_bytes, 2, a, sizeof a);
		fprintf(out, "%-14s%s holds %s positions of KV\n", "KV host tier", a,
		        kvp_fmt_int(h->tier_tokens, line, sizeof line));
		snprintf(tier, sizeof tier, " + KV tier %s", a);
	}
	kvp_fmt_gib(h->weights_bytes, 2, a, sizeof a);
	kvp_fmt_gib(h->kv_bytes, 2, b, sizeof b);
	host_parts(res, c, sizeof c);
	kvp_fmt_gib(h->used_bytes, 2, d, sizeof d);
	if (!h->budgeted) {
		fprintf(out, "%-14sweights %s + KV %s%s + output buffer %s = %s "
		        "(no host budget: --host-memory)\n", "host memory", a, b,
		        tier, c, d);
		return;
	}
	kvp_fmt_gib(h->capacity_bytes, 2, e, sizeof e);
	gib_signed(h->free_bytes, f, sizeof f);
	fprintf(out, "%-14sweights %s + KV %s%s + output buffer %s = %s of %s, "
	        "free %s: %s\n", "host memory", a, b, tier,
	        c, d, e, f,
	        h->fits ? "fits" : "does NOT fit");
	host_bar(out, res);
}

void kvp_out_speed(FILE *out, const struct kvp_result *res)
{
	char buf[400];

	if (res->n_devices == 0)
		return;
	kvp_speed_decode_text(res, buf, sizeof buf);
	fprintf(out, "%-14s%s\n", "speed bound", kvp_speed_label);
	fprintf(out, "%-14s%s\n", "  decode", buf);
	kvp_speed_prefill_text(res, buf, sizeof buf);
	fprintf(out, "%-14s%s\n", "  prefill", buf);
}

void kvp_out_warnings(FILE *out, const struct kvp_result *res,
                      const struct kvp_notes *notes)
{
	uint32_t i;

	if (res->n_warnings || (notes && notes->n))
		fprintf(out, "\n");
	for (i = 0; i < res->n_warnings && i < KVP_MAX_WARNINGS; i++) {
		const struct kvp_warning *w = &res->warnings[i];

		fprintf(out, "warning %s %s: %s\n", kvp_warn_id(w->code), kvp_warn_slug(w->code),
		        w->msg);
		if (kvp_warn_advice(w->code) && *kvp_warn_advice(w->code))
			fprintf(out, "  advice: %s\n", kvp_warn_advice(w->code));
	}
	for (i = 0; notes && i < notes->n && i < KVP_MAX_NOTES; i++)
		fprintf(out, "note: %s\n", notes->line[i]);
}

void kvp_out_text(FILE *out, const struct kvp_plan *p, const struct kvp_result *res,
                  const struct kvp_notes *notes, bool per_layer)
{
	kvp_out_kv(out, p, res);
	if (per_layer)
		kvp_out_layers(out, res);
	kvp_out_engine(out, res);
	kvp_out_devices(out, p, res);
	kvp_out_warnings(out, res, notes);
}
