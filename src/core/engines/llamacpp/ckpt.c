/*
 * ckpt.c - llama-server's context checkpoints in host memory (issue 14;
 * result.h, struct kvp_host_result ckpt_*).
 *
 * The rule, as read in the stored llama.cpp sources (tools/server/
 * server-context.cpp create_checkpoint and update_slots; common/common.h
 * as stored at 001d906a):
 *   - a slot keeps at most n_ctx_checkpoints checkpoints (--ctx-checkpoints,
 *     -ctxcp; default 32: also the help text "(default: 32)" quoted in
 *     unslothai/unsloth PR #11073, 2026-09-16, and mainline logs' "of 32",
 *     kyuz0/amd-strix-halo-toolboxes issue #89), erasing its oldest;
 *   - checkpoints are made for completion tasks only when the model is
 *     recurrent or hybrid, or has SWA layers and --swa-full is off;
 *   - each is the sequence's state with LLAMA_STATE_SEQ_FLAGS_PARTIAL_ONLY
 *     (llama_state_seq_get_size_ext), kept in a std::vector<uint8_t>: host
 *     memory. A draft context's part (update_dft) is the draft's whole KV
 *     for the sequence, as plain caches ignore PARTIAL_ONLY: not sized.
 * One checkpoint's bytes, by the writers of the state (checked against
 * public logs: tests/cli/llamacpp_ckpt.sh):
 *   recurrent (src/llama-memory-recurrent.cpp state_write, read at
 *   0054ee8c; the hybrid memory writes only its recurrent part under
 *   PARTIAL_ONLY): cell_count u32, one cell's pos i32 and n_seq_id u32
 *   (0), s_trans u32, n_layer u32, then per recurrent layer R's type i32,
 *   row size u64 and row, and likewise S:
 *     20 + L_rec x (24 + R + S), R and S one sequence's f32 state: exact.
 *   SWA (src/llama-kv-cache.cpp state_write; the iSWA cache writes only its
 *   SWA part): n_stream u32 (1), cell_count u32, per cell pos, n_seq_id and
 *   the sequence id (12 B), v_trans u32, n_layer u32, per SWA layer K's
 *   type and row size (12 B) and rows, and V's 12 B of header (type and
 *   row size, or type, element size and width when transposed) and rows:
 *     16 + c x 12 + L_swa x (24 + c x (k_row + v_row)),
 *   c the cells the sequence holds in the SWA cache, at most the cache's
 *   cells per stream: an upper bound (M-RoPE models' cells carry 8 B more,
 *   llama_kv_cell_ext: not counted).
 * Pure: no allocation, no I/O.
 */
#include <stdio.h>   /* snprintf only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"

typedef unsigned __int128 u128;

/* common/common.h n_ctx_checkpoints (above) */
#define LC_CKPT_DEFAULT 32u

static void not_sized(struct kvp_host_result *h, const char *why)
{
	h->ckpt_kind = KVP_FIG_NONE;
	snprintf(h->ckpt_note, sizeof h->ckpt_note, "%s", why);
}

/* One checkpoint of a recurrent or hybrid model: exact. */
static u128 recurrent_each(const struct kvp_plan *p, uint32_t n_rec)
{
	const struct kvp_recurrent *rc = &p->model.recur;

	return 20 + (u128)n_rec * (24 + 4 * (u128)rc->conv_values +
	                           4 * (u128)rc->ssm_values);
}

/* One checkpoint of a SWA model, at most: c = the SWA cells per stream. */
static u128 swa_each(const struct kvp_result *res, uint64_t c)
{
	u128 b = 16 + (u128)c * 12;
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *lr = kvp_layer_rec(res, i);

		if (kvp_kind_windowed(lr->spec.kind) && lr->slots)
			b += 24 + (u128)c * (lr->k_row_bytes + lr->v_row_bytes);
	}
	return b;
}

enum kvp_status kvp_llamacpp_checkpoints(const struct kvp_plan *p,
                                         struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_host_result *h = &res->host;
	uint32_t i, n_rec = 0, n_swa = 0;
	uint64_t slots = o->parallel ? o->parallel : 1;
	u128 each, all;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *lr = kvp_layer_rec(res, i);

		/* recurrent layers, and full ones with a state beside
		 * their KV (model.recur.beside_full, Falcon-H1) */
		n_rec += lr->spec.state_bytes != 0;
		n_swa += kvp_kind_windowed(lr->spec.kind) && lr->slots;
	}
	/* update_slots: recurrent or hybrid, or SWA without --swa-full */
	if (!n_rec && (!n_swa || o->swa_full))
		return KVP_OK;
	if (o->ctx_checkpoints == 0)
		return KVP_OK;
	if (p->draft.n_layers) {
		not_sized(h, "a draft context's share (its whole KV for the "
		          "sequence) is not modelled");
		return KVP_OK;
	}
	if (n_rec && n_swa) {
		not_sized(h, "a model with both recurrent and SWA layers is not "
		          "modelled");
		return KVP_OK;
	}
	/* before the SWA cache (PR #13194, May 2025; checkpoints came in
	 * August) a partial state would be the one cache's whole sequence */
	if (n_swa && !res->engine.cells_swa) {
		not_sized(h, "this build predates the SWA cache (PR #13194) and "
		          "its checkpoints (PR #15293)");
		return KVP_OK;
	}
	h->ckpt_at_most = n_rec == 0;
	h->ckpt_slots = (uint32_t)slots;
	each = n_rec ? recurrent_each(p, n_rec)
	             : swa_each(res, res->engine.cells_swa);
	/* a named build's default is not known (3 from PR #15293, 8 by
	 * February 2026, 32 by September 2026): one checkpoint is sized, how
	 * many a slot keeps is asked for */
	if (o->ctx_checkpoints >= 0)
		h->ckpt_count = (uint32_t)o->ctx_checkpoints;
	else if (!p->engine.version[0])
		h->ckpt_count = LC_CKPT_DEFAULT;
	all = each * slots * h->ckpt_count;
	if (each > UINT64_MAX || all > UINT64_MAX)
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"engine.llamacpp.ctx_checkpoints: %u - the checkpoints' "
			"bytes overflow 64 bits", h->ckpt_count);
	h->ckpt_each = (uint64_t)each;
	h->ckpt_bytes = (uint64_t)all;
	h->ckpt_kind = KVP_FIG_ENGINE;
	snprintf(h->ckpt_note, sizeof h->ckpt_note, "%s",
	         !h->ckpt_count ? "how many a slot keeps at a named build is "
	         "not known: give --ctx-checkpoints" :
	         n_rec ? "llama-memory-recurrent.cpp state_write: the "
	         "recurrent state of one sequence" : "llama-kv-cache.cpp "
	         "state_write: at most the SWA cache's cells of one sequence");
	return KVP_OK;
}
