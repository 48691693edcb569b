/*
 * vllm_profile.c - what vLLM's memory profiling subtracts from a GPU
 * before its KV pool (vllm/v1/worker/gpu_worker.py
 * determine_available_memory, vllm/utils/mem_utils.py memory_profiling):
 *
 *   available = total x gpu_memory_utilization
 *               - (weights + torch peak increase + non-torch increase
 *                  [+ estimated CUDA graph memory, 0.21.0 on])
 *
 * total: torch.cuda.mem_get_info()[1] (79.19 GiB on an H100 80GB HBM3,
 * not nvidia-smi's 79.65); the card's runtime_total_bytes, else an
 * ESTIMATE capacity - capacity / 32 (CUDA reports 0.58 % less than
 * nvidia-smi on an H100 80GB HBM3, 0.94 % on an A100 80GB PCIe, 1.75 %
 * on an RTX 3090: 1/32 = 3.1 % stays below all three).
 *
 * torch peak increase (gpu_model_runner.py profile_run: a dummy forward
 * of max_num_batched_tokens tokens, then _dummy_sampler_run over
 * min(max_num_seqs, max_num_batched_tokens) sequences): an ESTIMATE,
 * calibrated on the measured start-ups in tests/data/vllm_startups
 * (docs/vllm-accuracy.md gives its error per run):
 *   V1: max(forward, retained + sampler + MoE workspace) + pixels
 *       (pixels: a multimodal model's dummy images, vl_mm_pixels)
 *   V0 (before 0.8.0): max(forward + S x vocab x (e + 4) + MoE
 *       workspace, retained + sampler)
 *       (the logits of each sequence's last position and their fp32
 *       copy, inside the profiled forward; vLLM issue #10517: 2.07 GiB
 *       for Llama-3.1-8B at 20,000 tokens and 256 sequences, this
 *       gives 2.10; then V0's profile_run samples with top_p 0.99 and
 *       top_k vocab - 1, the sorting sampler: Phi-4 GPTQ at 2,048
 *       tokens and 256 sequences, 0.94 GiB measured on 0.6.5 (search
 *       index file id 5773335890), 256 x 100,352 x 39 B + 2,048 x
 *       5,120 x 2 = 0.95 GiB)
 *        forward  kvplan's generic per-layer peak (activations.c) for
 *                 max_num_batched_tokens tokens, no logits
 *        retained T x hidden x e (the forward's hidden states, held
 *                 while the sampler runs; e = 2, 4 under --dtype
 *                 float32: 0.07 GiB between Llama-3.1-8B's and 70B's
 *                 peaks, hidden 4,096 and 8,192)
 *        sampler  S x vocab x (e + 13) B (0.17.0 on, or the FlashInfer
 *                 top-p/top-k sampler: engine.vllm.flashinfer_sampler,
 *                 0.45 GiB measured for Llama-3.2-1B at 256 sequences,
 *                 0.10.0 dev; e + 37 before with the PyTorch-native
 *                 one, KVP_ERA_VLLM_SAMPLER_SLIM: 1.40 GiB for Qwen3-8B
 *                 and Qwen3-235B at 256 sequences, 0.10.2), last stage only: the
 *                 logits and the sampler's fp32 copies, sort values
 *                 and indices; the measured peak does not shrink with
 *                 TP (Llama-3.1-8B: 1.89 GiB at TP 1, 2 and 4): the
 *                 logits are gathered over the whole vocabulary on
 *                 every rank. S = min(max_num_seqs, T) in V1,
 *                 max_num_seqs in V0
 *        MoE      T x top-k x (3 x moe_intermediate / tp + hidden) x 2
 *                 (fused-MoE intermediate caches; Qwen3-30B-A3B's peak
 *                 is 0.48 GiB above its sampler's, this gives 0.53);
 *                 0 before 0.11.0 (KVP_ERA_VLLM_MOE_HELD: 0.10.2's
 *                 Qwen3-235B-A22B peak is its sampler's alone)
 *
 * non-torch increase: an ESTIMATE per parallel layout, the largest the
 * 0.19.0 corpus prints (V1 measures the increase during profiling, so
 * the CUDA context of the init snapshot is not in it):
 *   TP 1, PP 1:  288 MiB (0.24-0.27 GiB measured; Granite 0.46)
 *   PP > 1 at TP 1: 128 MiB (0.07 GiB measured at PP 2 and 4)
 *   TP 2:  2,170 MiB (NCCL and custom all-reduce: 2.06-2.11 GiB)
 *   TP 3-4: 2,273 MiB (2.13-2.21 GiB); TP > 4: 2,529 MiB (not measured:
 *           the TP 4 figure + 256 MiB)
 *   V0: the non-torch memory gained since the worker's init snapshot
 *       (worker.py determine_num_available_blocks, 0.6.4 on:
 *       memory_profiling(baseline_memory_in_bytes = total -
 *       init_gpu_memory), init_gpu_memory read in init_device after
 *       set_device and empty_cache, once the CUDA context exists: the
 *       context is in the baseline, not in this; as copied in search
 *       index files 1418536268 and 1271025205): the distributed start,
 *       library handles and kernels loaded while the model loads and
 *       profiles. By release (vl_v0_base[]): 360 MiB at TP 1 before
 *       0.7.0 (0.35 GiB on an RTX 3090, vLLM issue #10517; a 0.6.5 log
 *       on an unnamed 79.25 GiB card prints 0.26), when torch's bytes
 *       were memory_stats()'s allocated ones and its cached segments
 *       counted here; 100 MiB from 0.7.0 (PR #11809 takes
 *       memory_reserved(); 0.01-0.09 GiB measured), 548 MiB on ROCm
 *       cards (0.46-0.53 GiB measured in V0 fallback starts); the TP figures
 *       above beside it otherwise. Not a per-card CUDA
 *       context, so SGLang's context rows (sg_rules.c: the context and
 *       torch before its start) do not carry it.
 *   A card with no NVSwitch (card.no_nvswitch: PCIe, NVLink bridges),
 *   every release: 256 MiB at TP > 2 (0.21 GiB at TP 8 on L40S), 288 MiB
 *   at TP 2 (custom all-reduce's 24 MiB beside it); the TP rows above
 *   were measured on NVSwitch boards (NVLS, symmetric-memory all-reduce).
 *   V1 before 0.11.0 (KVP_ERA_VLLM_NONTORCH_LARGE, measured on 0.10.x
 *   start-ups, search index file ids in era.c): TP 1: 64 MiB (0.02 GiB
 *   measured twice); TP 2: 1,450 MiB (1.38 GiB, Qwen3-Next-80B on two
 *   H200s with custom all-reduce, id 7292846353); TP > 1 with custom
 *   all-reduce off (--disable-custom-all-reduce, or vLLM's own rule on
 *   more than two PCIe-only GPUs, custom_all_reduce.py): 256 MiB
 *   (0.21 GiB at TP 8 on L40S); TP 3 and more otherwise: the rows
 *   above (not measured).
 * CUDA graphs (0.21.0 on, KVP_ERA_VLLM_GRAPH_BUDGET): an ESTIMATE, the
 * largest total the 0.19.0 H100 corpus measures per TP class
 * (vl_graph_estimate below; no rule gives it), or with fewer graphs
 * vLLM's formula with the corpus's largest parts (graph_bound below).
 * vLLM measures its figure
 * (gpu_model_runner.py profile_cudagraph_memory, 0.19.0 to main
 * @000fc94): per graph mode it captures the two largest of the mode's N
 * capture sizes into a throwaway pool, reading mem_get_info before and
 * after each, and totals the largest first capture + per mode (N - 1) x
 * max(second capture, 1 MiB). N is vLLM's (sizes 1, 2, 4, 8..248 by 8,
 * 256.. by 16 up to min(2 x max_num_seqs x (1 + speculative tokens),
 * 512, max_num_batched_tokens); FULL for the sizes up to max_num_seqs x
 * (1 + speculative tokens)), but both measured parts vary beyond any
 * shape kvplan holds (tests/data/vllm_startups/graphs.tsv, the logs'
 * DEBUG parts; docs/vllm-accuracy.md "Why the CUDA graph term is a
 * constant"): the second capture moves in 2 MiB pages and takes a
 * fresh 20 MiB allocator segment when one 1-10 MiB tensor of the
 * second-largest batch does not fit the first capture's blocks, x 50
 * (Llama-3.1-8B 0.84, 1.69, 0.57 GiB at TP 1, 2, 4; Granite-3.1 2B
 * 1.60, 8B 0.74); the first capture holds the attention backend's
 * workspace (FlashAttention 3's split-KV buffers on an H100: 32 splits
 * x 512 x query heads / TP x head dim x 4 B) beside the largest batch's
 * activations, and other cards run other kernels. The L40S, L4 and RTX
 * 5090 runs of 0.24.0 and 0.28.0, whose logs do not print vLLM's
 * figure, stay estimates below vLLM's pool. Beyond the corpus vLLM's
 * figure is larger (vl_graph_beyond[] below): a model with recurrent
 * layers from 0.26.0 adds 128 KiB per batched token (vLLM issue #50780,
 * an ESTIMATE); a MoE model under data parallelism is refused (62.0 GiB
 * a GPU on a B200, #45178). Still optimistic where vLLM's extrapolation
 * of other large graph sets runs away (PR #51590: 4.7-16.9 GiB a GPU
 * for Kimi-K3 at TP 8 on MI355X with its fix; local-inference-lab
 * vllm PR #511: 9.47 GiB at TP 4 with DFlash drafts).
 * Load slack at TP > 1 (V1): an ESTIMATE of what "Model loading took"
 * holds beyond the parameters and rotary tables (vl_load_slack below),
 * held with the overheads so that the KV pool and every device's free
 * memory give it up alike (the weights' term is the parameters', which
 * the speed bound reads): 64 MiB at TP 2 and above.
 */
#include <string.h>

#include "core/device/activations.h"
#include "core/internal.h"
#include "core/engines/vllm/vl_engine.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

/* Bytes per sequence and vocabulary entry over the dummy sampler run
 * beside the logits' own element (2 B, 4 B under --dtype float32):
 * calibrated, 13 from 0.17.0 on (Llama-3.1-8B 14.94 B in all at bf16,
 * Qwen2.5-7B 14.86, Gemma-2 14.70, Llama-3.1-8B at f32 17.0), 37 before
 * (Qwen3-14B 38.38 B in all at bf16). */
#define SAMPLER_BYTES      13u
#define SAMPLER_BYTES_OLD  37u

/* T x top-k x (3 x moe_intermediate / tp + hidden) x 2, 0 for a dense
 * model. */
static bool moe_workspace(const struct kvp_arch *a, uint64_t T, uint32_t tp,
                          uint64_t *out)
{
	uint64_t w = 0;

	*out = 0;
	if (!a->n_experts || !a->n_experts_active)
		return true;
	if (!kvp_mul(3, kvp_ceil_div(a->moe_intermediate, tp), &w) ||
	    !kvp_add(w, a->hidden, &w) || !kvp_mul(w, T, &w) ||
	    !kvp_mul(w, a->n_experts_active, &w) || !kvp_mul(w, 2, &w))
		return false;
	*out = w;
	return true;
}

/* The model's activation element under vLLM's --dtype, bytes. */
static uint64_t act_elt(const struct kvp_plan *p)
{
	return p->engine.vllm.dtype == KVP_DT_F32 ? 4 : 2;
}

/* S x vocab x per-entry bytes for the release. */
static bool sampler_bytes(const struct kvp_plan *p, uint64_t S, uint64_t *out)
{
	uint64_t per = act_elt(p) +
		(kvp_era_has(&p->engine, KVP_ERA_VLLM_SAMPLER_SLIM) ||
		 p->engine.vllm.flashinfer_sampler
		 ? SAMPLER_BYTES : SAMPLER_BYTES_OLD);

	return kvp_mul(S, p->model.arch.vocab, out) && kvp_mul(*out, per, out);
}

/*
 * The dummy images a V1 profile run keeps on the GPU through the
 * decoder's dummy run and the sampler's (gpu_model_runner.py
 * profile_run, 0.19.0: batched_dummy_mm_inputs = _get_mm_dummy_batch(),
 * a local that lives until the function returns), pixel values in the
 * model's dtype (inputs/registry.py call_hf_processor: maybe_cast_dtype),
 * for encoder_profile_items_max items. A row per model whose processor's
 * dummy image is known (the model_type and its mm_item_tokens, both
 * matched); a model without a row holds none (KVP-W17 still warns of the
 * encoder's own forward). Gemma 3 27B: 32 x 3 x 896 x 896 x 2 B = 0.14
 * GiB, which with the encoder cache's outputs closes its profile peak
 * to +0.06 GiB (the sampler's 15 B an entry is Gemma 2's 14.70 + 2 %).
 */
static const struct { const char *model_type; uint64_t item_tokens, values;
                      const char *src; }
vl_mm_pixels[] = {
	{ "gemma3_text", 256, 3ull * 896 * 896,
	  "Gemma3ImageProcessor 896 x 896 without pan-and-scan (gemma3_mm.py)" },
	{ "gemma3", 256, 3ull * 896 * 896,
	  "Gemma3ImageProcessor 896 x 896 without pan-and-scan (gemma3_mm.py)" },
	{ "mistral", 3025, 3ull * 1540 * 1540,
	  "Mistral Small 3.1: a 1,540 x 1,540 dummy image (mistral3.py)" },
	{ "llama4_text", 2448, 17ull * 3 * 336 * 336,
	  "Llama 4: 16 tiles + the global one, 336 x 336 each (mllama4.py)" },
};

/* The profile run's dummy pixel values, bytes (the table above). */
static bool mm_pixel_bytes(const struct kvp_plan *p,
                           const struct kvp_result *res, uint64_t *out)
{
	const struct kvp_model *m = &p->model;
	size_t i;

	*out = 0;
	for (i = 0; i < sizeof vl_mm_pixels / sizeof vl_mm_pixels[0]; i++)
		if (!strcmp(m->model_type, vl_mm_pixels[i].model_type) &&
		    m->arch.mm_item_tokens == vl_mm_pixels[i].item_tokens)
			return kvp_mul(vl_mm_pixels[i].values,
			               res->parts.encoder_profile_items_max, out) &&
			       kvp_mul(*out, act_elt(p), out);
	return true;
}

enum kvp_status kvp_vllm_profile_peak(const struct kvp_plan *p,
                                      const struct kvp_result *res,
                                      uint32_t tp, bool last_stage,
                                      uint64_t *out, struct kvp_error *err)
{
	const struct kvp_arch *a = &p->model.arch;
	bool v1 = kvp_vllm_v1(p), est;
	struct kvp_vllm_sched d;
	uint64_t T = kvp_step_tokens(p), S, fwd, samp = 0, kept = 0, moe, pix;
	enum kvp_status st;

	kvp_vllm_defaults(p, &d);
	S = d.max_num_seqs;

	st = kvp_activations_forward(p, res, tp ? tp : 1, false, 1, &fwd,
	                             &est, err);
	if (st != KVP_OK)
		return st;
	if (v1 && S > T)
		S = T;
	if (last_stage && (!sampler_bytes(p, S, &samp) ||
	                   !kvp_mul(T, a->hidden, &kept) ||
	                   !kvp_mul(kept, act_elt(p), &kept) ||
	                   !kvp_add(samp, kept, &samp)))
		goto overflow;
	if (!moe_workspace(a, T, tp ? tp : 1, &moe))
		goto overflow;
	if (v1 && !kvp_era_has(&p->engine, KVP_ERA_VLLM_MOE_HELD))
		moe = 0;
	if (!v1) {
		/* V0: the logits of each sequence's last position and their
		 * fp32 copy, inside the profiled forward; then the sampler's
		 * own peak beside the retained hidden states (samp above:
		 * profile_run samples with top_p 0.99 and top_k vocab - 1,
		 * the sorting path) */
		uint64_t lg = 0;

		if (last_stage && (!kvp_mul(S, a->vocab, &lg) ||
		                   !kvp_mul(lg, act_elt(p) + 4, &lg)))
			goto overflow;
		if (!kvp_add(fwd, lg, out) || !kvp_add(*out, moe, out))
			goto overflow;
		if (samp > *out)
			*out = samp;
		return KVP_OK;
	}
	if (!kvp_add(samp, moe, &samp) || !mm_pixel_bytes(p, res, &pix))
		goto overflow;
	*out = fwd > samp ? fwd : samp;
	if (!kvp_add(*out, pix, out))
		goto overflow;
	return KVP_OK;
overflow:
	return kvp_error_set(err, KVP_EOVERFLOW,
		"engine.vllm.max_num_seqs: %u - the profile peak estimate "
		"overflows 64 bits", d.max_num_seqs);
}

/*
 * What "Model loading took" holds at TP > 1 beyond the rank's share of
 * the parameters and its rotary tables: an ESTIMATE (no rule found),
 * calibrated on the 0.19.0 corpus (tests/data/vllm_startups), V1 only.
 * vLLM measures the load as torch's allocated bytes after minus before
 * (gpu_model_runner.py load_model under DeviceMemoryProfiler; platforms/
 * cuda.py get_current_memory_usage: empty_cache, then
 * max_memory_allocated), so the caching allocator's segments are not in
 * it; what the gap is was not found in vLLM's code. Measured gaps (log
 * minus parameters / tp minus rotary tables, GiB, +-0.005): Qwen2.5-72B
 * and Kimi-Dev-72B 0.08 at TP 2, Kimi-Dev-72B 0.12 at TP 4, Llama-3.3-70B
 * 0.01-0.02, Mistral-Small w8a8 0.07, Llama-4-Scout 0.03, Mixtral 0.01,
 * Llama-3.1-8B and Qwen2.5-7B 0.00 at TP 2 and 4. Each row is below the
 * largest gap of its TP: that gap taken whole (81 MiB at TP 2) would
 * put the two 72B runs' 3 GiB pools at about -1.02 and -1.13 % (outside
 * the corpus test's -1 %); these keep every run within it
 * (docs/vllm-accuracy.md).
 */
static const struct { uint32_t tp_max; uint64_t mib; const char *src; }
vl_load_slack[] = {
	{ 1, 0, "TP 1: no slack (gaps 0.00-0.07 GiB, pools of 20 GiB and more)" },
	{ 2, 64, "TP 2: 0.08 GiB measured (Qwen2.5-72B, Kimi-Dev-72B)" },
	{ 4, 64, "TP 3-4: 0.12 GiB measured (Kimi-Dev-72B TP 4); 96 MiB would "
	  "put Llama-4-Scout's 12 GiB pool at -1.07 % beside its dummy images" },
	{ UINT32_MAX, 64, "TP > 4: 0.06 GiB measured (Qwen3-235B-A22B FP8 at "
	  "TP 8 on L40S, vLLM 0.10.2, search index file id 38962983769)" },
};

/*
 * On ROCm vLLM measures the load device-wide (vllm/platforms/rocm.py
 * get_current_memory_usage: mem_get_info's total - free, where CUDA takes
 * torch.cuda.max_memory_allocated), so "Model loading took" holds what the
 * runtime and the caching allocator took while loading, V0 and V1 alike.
 * No rule sizes it: an ESTIMATE, the largest gap measured, so that the
 * pool is not overstated. Measured (log minus parameters and rotary
 * tables): 0.218 GiB, Qwen3-0.6B on a Radeon Pro VII, vLLM 0.8.5 (search
 * index file id 54382809113); 0.006 GiB, opt-125m on a rocm/vllm-dev
 * image of 2025-05 (file id 6727521558). 224 MiB covers both.
 */
#define VL_ROCM_LOAD_SLACK_MIB 224

static bool rocm_card(const struct kvp_card *c);

uint64_t kvp_vllm_load_slack(const struct kvp_plan *p, uint32_t tp)
{
	uint64_t mib = 0;
	size_t i;

	if (kvp_vllm_v1(p))
		for (i = 0; i < sizeof vl_load_slack / sizeof vl_load_slack[0]; i++)
			if (tp <= vl_load_slack[i].tp_max) {
				mib = vl_load_slack[i].mib;
				break;
			}
	if (rocm_card(&p->devices.groups[0].card) &&
	    mib < VL_ROCM_LOAD_SLACK_MIB)
		mib = VL_ROCM_LOAD_SLACK_MIB;
	return mib * KVP_MIB;
}

/*
 * vLLM's non-torch increase for a tp x pp replica, MiB (the comment at the
 * top): the first row that matches. `era`: NT_ANY every release, NT_OLD
 * only V1 releases before KVP_ERA_VLLM_NONTORCH_LARGE; `pp`: NT_ANY, or
 * NT_PP1 / NT_PPN for pp == 1 / pp > 1; `car_off`: the row needs
 * engine.vllm.disable_custom_all_reduce; `pcie`: the row needs a card
 * with card.no_nvswitch (PCIe slots or NVLink bridges: no NVSwitch, so
 * no NCCL NVLS buffers and no symmetric-memory all-reduce, which vLLM
 * turns on for NVSwitch Hopper and Blackwell boards: the 0.19.0 logs
 * print VLLM_ALLREDUCE_USE_SYMM_MEM True; NCCL's NVLS needs NVSwitch
 * multicast, NCCL_NVLS_ENABLE default 2 = when supported); every other
 * row was measured on NVSwitch boards (HGX H100, H200), and a card that
 * does not say takes them (the larger). V1 takes the row; V0 adds 360
 * MiB (its non-torch memory since init) to the rows of every release, and at
 * TP 1 without PP no row of them (V1's 288 MiB is its increase alone).
 */
enum { NT_ANY, NT_OLD, NT_PP1, NT_PPN };

static const struct { int era; uint32_t tp_lo, tp_hi; int pp; bool car_off;
                      bool pcie; uint32_t mib; const char *src; }
vl_non_torch[] = {
	{ NT_ANY, 3, UINT32_MAX, NT_ANY, false, true, 256,
	  "PCIe: 0.21 GiB at TP 8 on L40S, 0.10.2 (id 38962983769); custom "
	  "all-reduce is off on more than two PCIe-only GPUs (vLLM "
	  "custom_all_reduce.py: 'not supported on more than two PCIe-only "
	  "GPUs'), and NCCL's ring buffers do not grow with more ranks" },
	{ NT_ANY, 2, 2, NT_ANY, false, true, 288,
	  "PCIe TP 2: the row above + custom all-reduce's own buffers, 24 "
	  "MiB (custom_all_reduce.py CustomAllreduce.__init__: meta_size() + "
	  "max_size 8 MiB, the registered 8 MiB buffer, 8 MiB rank_data), "
	  "rounded up to 32; peers' buffers are mapped by IPC, not held" },
	{ NT_OLD, 2, UINT32_MAX, NT_ANY, true, false, 256,
	  "0.21 GiB at TP 8 on L40S without custom all-reduce, 0.10.2 "
	  "(search index file id 38962983769)" },
	{ NT_OLD, 1, 1, NT_PP1, false, false, 64,
	  "0.02 GiB at TP 1, a 0.10.0 build and 0.10.2 (ids 21240355802, "
	  "34681159919)" },
	{ NT_OLD, 2, 2, NT_ANY, false, false, 1450,
	  "1.38 GiB at TP 2 on H200s with custom all-reduce, 0.10.2 (id "
	  "7292846353)" },
	{ NT_ANY, 5, UINT32_MAX, NT_ANY, false, false, 2529,
	  "TP > 4: not measured, the TP 3-4 row + 256 MiB" },
	{ NT_ANY, 3, 4, NT_ANY, false, false, 2273,
	  "2.13-2.21 GiB at TP 3-4, 0.19.0 H100 corpus" },
	{ NT_ANY, 2, 2, NT_ANY, false, false, 2170,
	  "2.06-2.11 GiB at TP 2 (NCCL and all-reduce), 0.19.0 H100 corpus" },
	{ NT_ANY, 1, 1, NT_PPN, false, false, 128,
	  "0.07 GiB at PP 2 and 4, 0.19.0 H100 corpus" },
	{ NT_ANY, 1, 1, NT_PP1, false, false, 288,
	  "0.24-0.27 GiB at TP 1 (Granite 0.46), 0.19.0 H100 corpus; V1 only" },
};

/*
 * V0's own non-torch figure, MiB, the first row that matches: `mi` a ROCm
 * card (rocm_card(): AMD Instinct or Radeon by name), `era` NT_ANY or the
 * releases with KVP_ERA_VLLM_V0_RESERVED (NT_OLD here). Before 0.7.0 V0
 * took torch's bytes from memory_stats()'s allocated_bytes.all.current,
 * so the caching allocator's partly used segments counted as non-torch;
 * PR #11809 (0.7.0) takes torch.cuda.memory_reserved() (vllm/utils.py
 * memory_profiling). Each row is at or above every figure measured in
 * its era (vLLM prints GiB to two decimals: 0.09 may be 97 MiB). No
 * rule gives the figure: it is the CUDA memory outside torch's pool
 * gained since the init snapshot (kernel images loaded on first use,
 * the attention backend's among them, library handles, the driver's
 * own), which follows the card and the kernels a model runs, not its
 * shape. V0 logs of 0.7.x-0.9.x (search index file ids) print 0.01 GiB
 * on a T4 twice (XFormers: no FlashAttention on Turing; the corpus run
 * and 55765941562), 0.02 on an 8 GB RTX 4070 (3493652842), 0.03 on an
 * 8 GB card (53790697037), 0.05 on an A10 (14319663172), 0.06 on a 24
 * GB card (33404547317), 0.08 on 44-48 GB cards (60430572081,
 * 49136042149, 33122952765), 0.09 on an A100 80GB (6934259882): the
 * 100 MiB row leaves the T4 run's 2.36 GiB pool 4.5 % below vLLM's, and
 * the 360 MiB row the 0.6.5 Phi-4 run's 2.18 GiB pool 5.1 % below
 * (docs/vllm-accuracy.md). A row per card or attention backend would
 * rest on one setup's starts, so none is kept.
 */
static const struct { bool mi; int era; uint32_t mib; const char *src; }
vl_v0_base[] = {
	{ true, NT_ANY, 548,
	  "ROCm V0 after PR #11809: 0.46 GiB (Radeon Pro VII, gfx906 fork of "
	  "0.8.5 falling back to V0, search index file id 54382809113) and "
	  "0.53 GiB (a 24 GB ROCm card, rocm/vllm-dev of 2025-05 printing "
	  "v0.11.2, V0 fallback, id 6727521558); 0.535 GiB is 547.8 MiB. "
	  "It reaches V0 0.6.4-0.7.x and the releases that fall back to V0 "
	  "on ROCm (vl_engine.c: 0.8.0-0.9.1)" },
	{ false, NT_OLD, 100,
	  "CUDA V0 0.7.0 on: 0.01-0.09 GiB at TP 1 (T4 0.7.2 id 55594152188, "
	  "A10 0.7.1 id 14319663172, A100 80GB 0.8.2 id 6934259882)" },
	{ false, NT_ANY, 360,
	  "CUDA V0 0.6.4-0.6.x: 0.35 GiB (RTX 3090, vLLM issue #10517), 0.26 "
	  "GiB (0.6.5, id 5773335890)" },
};

/* A ROCm card: card.platform, or for a card that does not say, its name:
 * the presets' AMD Instinct names start "MI" (MI300X-192GB), and
 * torch.cuda.get_device_name() names ROCm cards "AMD Instinct MI250X",
 * "AMD Radeon (TM) Pro VII" (the gfx906 log of search index file id
 * 54382809113) */
static bool rocm_card(const struct kvp_card *c)
{
	if (c->platform != KVP_PLATFORM_UNKNOWN)
		return c->platform == KVP_PLATFORM_ROCM;
	return strncmp(c->name, "MI", 2) == 0 || strncmp(c->name, "mi", 2) == 0 ||
	       strstr(c->name, "AMD") != NULL || strstr(c->name, "Radeon") != NULL;
}

static uint64_t v0_base(const struct kvp_plan *p)
{
	bool mi = rocm_card(&p->devices.groups[0].card);
	bool reserved = kvp_era_has(&p->engine, KVP_ERA_VLLM_V0_RESERVED);
	size_t i;

	for (i = 0; i < sizeof vl_v0_base / sizeof vl_v0_base[0]; i++)
		if ((!vl_v0_base[i].mi || mi) &&
		    (vl_v0_base[i].era == NT_ANY || reserved))
			return vl_v0_base[i].mib;
	return 360;
}

static uint64_t non_torch(const struct kvp_plan *p, bool v1, uint32_t tp,
                          uint32_t pp)
{
	bool old = v1 && !kvp_era_has(&p->engine, KVP_ERA_VLLM_NONTORCH_LARGE);
	bool pcie = p->devices.groups[0].card.no_nvswitch;
	size_t i;

	for (i = 0; i < sizeof vl_non_torch / sizeof vl_non_torch[0]; i++) {
		if ((vl_non_torch[i].era == NT_OLD && !old) ||
		    tp < vl_non_torch[i].tp_lo || tp > vl_non_torch[i].tp_hi ||
		    (vl_non_torch[i].pp == NT_PP1 && pp > 1) ||
		    (vl_non_torch[i].pp == NT_PPN && pp == 1) ||
		    (vl_non_torch[i].car_off &&
		     !p->engine.vllm.disable_custom_all_reduce) ||
		    (vl_non_torch[i].pcie && !pcie))
			continue;
		if (v1)
			return vl_non_torch[i].mib * KVP_MIB;
		/* V0: its non-torch memory since init beside the layout's */
		return (v0_base(p) + (tp == 1 && pp == 1 ? 0 :
		        vl_non_torch[i].mib)) * KVP_MIB;
	}
	return (v1 ? 360 : v0_base(p)) * KVP_MIB;
}

/*
 * vLLM's CUDA graph estimate (0.21.0 on), MiB: the first row whose tp_max
 * holds the TP size. Each is the largest total the 0.19.0 H100 corpus
 * measures in its class, from the logs' DEBUG parts (first capture +
 * (N - 1) x per graph, per mode: tests/data/vllm_startups/graphs.tsv),
 * which tests/cli/vllm_startups.sh checks kvplan's term covers.
 */
static const struct { uint32_t tp_max; uint32_t mib; const char *src; }
vl_graph_estimate[] = {
	{ 1, 1634, "Granite-3.1 2B at TP 1: FULL 134 MiB first + 50 x 26 "
	  "MiB PIECEWISE + 50 x 4 MiB FULL (printed 1.60 GiB); PP runs 0.49-"
	  "0.54 GiB" },
	{ UINT32_MAX, 1968, "Llama-3.3-70B FP8 (RedHatAI) at TP 2: FULL 268 "
	  "MiB first + 50 x 20 MiB PIECEWISE + 50 x 14 MiB FULL (printed "
	  "1.92 GiB); TP 4 runs 0.57-1.70 GiB" },
};

/*
 * With fewer graphs than the corpus captured (51 a mode), vLLM's own
 * formula bounds its figure: the largest first capture + per mode (N -
 * 1) x the largest per-graph figure, each the largest of the 0.19.0
 * corpus at any TP (graphs.tsv): an ESTIMATE like the rows above, never
 * taken above them. Not for a model with recurrent or compressed layers
 * (from 0.26.0 their FULL first capture holds a transient that grows as
 * max_num_batched_tokens / max_num_seqs: vLLM issue #50780) or with LoRA
 * (graphs captured again per active-LoRA count): the rows hold there.
 * Public logs of later releases print less than it gives for their
 * graph counts: 0.36 GiB for 16 PIECEWISE graphs at TP 2 (0.27.1,
 * gpustack/runner PR #251; 912 MiB here), and, for models it is not
 * taken for, 0.30 GiB for 2 + 2 graphs (DeepSeek V4, search index file
 * id 61561276785; 562 MiB) and 0.61 GiB for 9 + 5 (a hybrid, id
 * 56681168668; 786 MiB); the 0.28.0 L40S run with 8 sequences (5 + 4
 * graphs, 668 MiB) lands within 0.1 % of vLLM's pool.
 */
#define GRAPH_FIRST_MIB     522u  /* DeepSeek-V2-Lite, Kimi-VL (MLA) */
#define GRAPH_PIECEWISE_MIB 26u   /* Granite-3.1 2B, Llama-3.1-8B TP 2 */
#define GRAPH_FULL_MIB      14u   /* Llama-3.3-70B FP8 at TP 2 and 4 */

/* Models whose vLLM config raises the largest capture size when the
 * user gives none (model_executor/models/config.py, main: a
 * VerifyAndUpdateConfig per architecture): a row per model_type. */
static const struct { const char *model_type; uint32_t max_size;
                      const char *src; }
vl_graph_max_rows[] = {
	{ "gpt_oss", 1024, "GptOssForCausalLMConfig: max_cudagraph_capture_size "
	  "1024 'for performance' unless the user sets sizes (83 graphs in "
	  "the 0.19.0 gpt-oss-20b logs)" },
};

/* vLLM's default capture sizes up to m (config/vllm.py
 * _set_cudagraph_sizes, 0.21.0 to main: 1, 2, 4, then 8..248 by 8, then
 * 256.. by 16) */
static uint64_t capture_sizes(uint64_t m)
{
	uint64_t n = (m >= 1) + (m >= 2) + (m >= 4);

	if (m >= 8)
		n += ((m < 255 ? m : 255) - 8) / 8 + 1;
	if (m >= 256)
		n += (m - 256) / 16 + 1;
	return n;
}

/* The model has a layer of kind k (the base layer or a rule's). */
static bool has_kind(const struct kvp_model *m, enum kvp_layer_kind k)
{
	uint32_t i;

	if (m->base.kind == k)
		return true;
	for (i = 0; i < m->n_rules && i < KVP_MAX_RULES; i++)
		if ((m->rules[i].set & 1u << KVP_LF_KIND) && m->rules[i].v.kind == k)
			return true;
	return false;
}

/* The model has a layer kvplan sizes as recurrent state or compressed. */
static bool stateful_layers(const struct kvp_model *m)
{
	return has_kind(m, KVP_LAYER_NONE) || has_kind(m, KVP_LAYER_COMPRESSED);
}

/* The bound above for the plan's capture sizes, MiB; UINT64_MAX where it
 * does not apply. The largest size: the plan's, else min(2 x
 * max_num_seqs x q, 512); then at most max_num_batched_tokens. FULL
 * graphs: the sizes up to max_num_seqs x q (cudagraph_dispatcher.py),
 * q = 1 + speculative tokens (sizes rounded to multiples of q are fewer:
 * counted unrounded). */
static uint64_t graph_bound(const struct kvp_plan *p)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_vllm_sched d;
	uint64_t q = 1, m, full;
	size_t i;

	if (o->enable_lora || stateful_layers(&p->model))
		return UINT64_MAX;
	kvp_vllm_defaults(p, &d);
	if (o->speculative_method != KVP_SPEC_NONE)
		q += o->num_speculative_tokens;
	m = o->max_cudagraph_capture_size ? o->max_cudagraph_capture_size
	                                  : 2 * d.max_num_seqs * q;
	if (!o->max_cudagraph_capture_size && m > 512)
		m = 512;
	for (i = 0; !o->max_cudagraph_capture_size &&
	     i < sizeof vl_graph_max_rows / sizeof vl_graph_max_rows[0]; i++)
		if (!strcmp(p->model.model_type, vl_graph_max_rows[i].model_type))
			m = vl_graph_max_rows[i].max_size;
	if (m > d.max_num_batched_tokens)
		m = d.max_num_batched_tokens;
	full = d.max_num_seqs * q < m ? d.max_num_seqs * q : m;
	return GRAPH_FIRST_MIB +
	       (capture_sizes(m) ? capture_sizes(m) - 1 : 0) * GRAPH_PIECEWISE_MIB +
	       (capture_sizes(full) ? capture_sizes(full) - 1 : 0) * GRAPH_FULL_MIB;
}

/*
 * Beyond the 0.19.0 corpus vLLM's estimate has come out larger than the
 * rows above (issue 32): a row per class of plan, matched in order (the
 * refusal first), each from the release its era row names.
 * kib_per_token > 0: an ESTIMATE added to the row above, that many KiB
 * per batched token (max_num_batched_tokens, the most the first FULL
 * sample's context totals); 0: no safe figure, refused naming the field.
 *
 * VG_RECURRENT, from 0.26.0 (KVP_ERA_VLLM_GRAPH_TRANSIENT): vLLM issue
 * #50780 measures about 128 KiB per batched context token of the first
 * FULL sample's forward (profile_seq_lens = min(max_model_len,
 * max_num_batched_tokens // num_tokens), no empty_cache() before the
 * next reading), all of it charged as graph memory: 4.2 GiB where 0.23.x
 * printed 0.56 for Qwen3.5-122B-A10B (PIECEWISE=7, FULL=5). Its slope is
 * the largest measured: issue #52872's 64-layer hybrid (16 attention +
 * 48 GDN layers) on an RTX 5090 prints 0.89 GiB at 8,192 batched tokens
 * and 0.52 at 4,096 (0.37 GiB per 4,096 tokens, 95 KiB a token), issue
 * #50722's Qwen3.5-35B-A3B at TP 4 2.22 GiB (this: 1,968 + 1,024 MiB at
 * 8,192 tokens). Not divided by TP (the TP 4 figure is above the TP
 * row plus a quarter of it). Mamba hybrids (Nemotron-H) are not
 * measured: taken with GDN's figure. Compressed layers (DeepSeek V4:
 * 0.30 GiB measured) keep the rows.
 * VG_MOE_DP, from 0.21.0 (KVP_ERA_VLLM_GRAPH_BUDGET): a MoE model under
 * data parallelism. vLLM issue #45178 (B200, MiniMax-M2.5 NVFP4, DP 2
 * with expert parallelism): the estimate took the pool from 769,888 to
 * 245,840 tokens; at MiniMax-M2.5's 62 layers x 8 KV heads x 128 x 2 x
 * 1 B (fp8 KV: at bf16, 2 B, the two would hold 182 GiB, more than a
 * B200) = 126,976 B a token, the 524,048 tokens are 62.0 GiB a GPU.
 * Issue #53013 (GB300, TP 2 x DP 4 with expert parallelism,
 * Qwen3.8-2.4T NVFP4) prints
 * "Estimated CUDA graph memory: 118.65 GiB total". The root cause
 * given (#45178, PR #45197) is vLLM's linear extrapolation, N - 1 x the
 * second capture, of graphs that share one pool; no figure short of
 * the card bounds it.
 */
enum vl_graph_class { VG_RECURRENT, VG_MOE_DP };

static const struct { enum vl_graph_class cls; enum kvp_era_rule era;
                      uint32_t kib_per_token; const char *src; }
vl_graph_beyond[] = {
	{ VG_MOE_DP, KVP_ERA_VLLM_GRAPH_BUDGET, 0, "62.0 GiB a GPU on a "
	  "B200, vLLM issue #45178; 118.65 GiB on a GB300, #53013" },
	{ VG_RECURRENT, KVP_ERA_VLLM_GRAPH_TRANSIENT, 128, "vLLM issue #50780 "
	  "(Qwen3.5-122B-A10B, 0.26.0: about 128 KiB per batched context "
	  "token of the first FULL sample); #52872 95 KiB" },
};

static bool graph_class(const struct kvp_plan *p, enum vl_graph_class c)
{
	switch (c) {
	case VG_RECURRENT:
		return has_kind(&p->model, KVP_LAYER_NONE);
	case VG_MOE_DP:
		return p->model.arch.n_experts > 0 && p->devices.dp > 1;
	}
	return false;
}

/* The first row of vl_graph_beyond[] the plan is in, or -1. */
static int graph_beyond(const struct kvp_plan *p)
{
	size_t i;

	for (i = 0; i < sizeof vl_graph_beyond / sizeof vl_graph_beyond[0]; i++)
		if (kvp_era_has(&p->engine, vl_graph_beyond[i].era) &&
		    graph_class(p, vl_graph_beyond[i].cls))
			return (int)i;
	return -1;
}

/* A plan vLLM's estimate has no safe figure for: refused, naming the
 * field (vl_graph_beyond[] rows of 0 KiB). */
static enum kvp_status graph_refused(const struct kvp_plan *p,
                                     struct kvp_error *err)
{
	int r = graph_beyond(p);

	if (r < 0 || vl_graph_beyond[r].kib_per_token)
		return KVP_OK;
	return kvp_error_set(err, KVP_EREFUSED,
		"devices.dp: %u - vLLM %s subtracts its CUDA graph estimate, "
		"which for a MoE model under data parallelism has measured "
		"%s; kvplan has no safe figure: plan one engine (dp 1), or give "
		"devices.overheads as measured",
		p->devices.dp, p->engine.version[0] ? p->engine.version : "(latest)",
		vl_graph_beyond[r].src);
}

static uint64_t graph_estimate(const struct kvp_plan *p, uint32_t tp)
{
	struct kvp_vllm_sched d;
	uint64_t b, t;
	size_t i;
	int r;

	if (!kvp_era_has(&p->engine, KVP_ERA_VLLM_GRAPH_BUDGET))
		return 0;
	b = graph_bound(p);
	for (i = 0; i < sizeof vl_graph_estimate / sizeof vl_graph_estimate[0]; i++)
		if (tp <= vl_graph_estimate[i].tp_max)
			break;
	if (i == sizeof vl_graph_estimate / sizeof vl_graph_estimate[0])
		return 0;
	b = (b < vl_graph_estimate[i].mib ? b : vl_graph_estimate[i].mib) * KVP_MIB;
	if ((r = graph_beyond(p)) < 0)
		return b;
	kvp_vllm_defaults(p, &d);
	if (!kvp_mul(d.max_num_batched_tokens,
	             (uint64_t)vl_graph_beyond[r].kib_per_token * 1024, &t) ||
	    !kvp_add(b, t, &b))
		return UINT64_MAX;
	return b;
}

enum kvp_status kvp_vllm_overheads(const struct kvp_plan *p, uint32_t tp,
                                   uint32_t pp, uint64_t *out,
                                   struct kvp_error *err)
{
	const struct kvp_devices *d = &p->devices;
	bool v1 = kvp_vllm_v1(p), own = false;
	uint64_t s = 0;
	uint32_t i;

	for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++) {
		if (kvp_overhead_is_default(&d->overheads[i])) {
			own = true;
			continue;
		}
		if (!kvp_add(s, d->overheads[i].bytes, &s))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"devices.overheads[%u].bytes: %llu - the sum "
				"overflows 64 bits", i,
				(unsigned long long)d->overheads[i].bytes);
	}
	if (own) {
		uint64_t g;
		enum kvp_status st = graph_refused(p, err);

		if (st != KVP_OK)
			return st;
		g = graph_estimate(p, tp ? tp : 1);

		if (!kvp_add(s, non_torch(p, v1, tp ? tp : 1, pp ? pp : 1), &s) ||
		    !kvp_add(s, g, &s) ||
		    !kvp_add(s, kvp_vllm_load_slack(p, tp ? tp : 1), &s))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"devices.overheads: the sum overflows 64 bits");
	}
	*out = s;
	return KVP_OK;
}

/* Models whose vLLM code builds more rotary tables than the config's
 * one (a row, the counts and the source); every other model builds the
 * config's alone. plain: unscaled tables over max_position_embeddings
 * of the base head dim; full_dim: a table over max_position_embeddings
 * of the full-attention layers' head dim (the k_dim a rule gives kind
 * full layers) when it differs from the base's. */
static const struct { const char *model_type; uint32_t plain; bool full_dim;
                      const char *src; }
vl_rope_tables[] = {
	/* vllm/model_executor/models/gemma3.py Gemma3Attention: sliding
	 * layers get_rope(base=rope_local_base_freq, rope_scaling
	 * {"rope_type": "default"}) over max_position_embeddings, full
	 * layers the config's rope_theta and rope_scaling: two cached
	 * get_rope objects */
	{ "gemma3_text", 1, false, "vLLM gemma3.py Gemma3Attention" },
	{ "gemma3", 1, false, "vLLM gemma3.py Gemma3Attention" },
	/* vllm/model_executor/models/gemma4.py Gemma4Attention (0.19.0-era
	 * copy, search index commit 001cabc1): get_rope(head_dim,
	 * max_position_embeddings, rope_parameters[layer_type]) with
	 * head_dim = global_head_dim on full layers; their "proportional"
	 * rope is Gemma4RotaryEmbedding (rotary_embedding/gemma4_rope.py),
	 * which passes rotary_dim = head_size to RotaryEmbedding whatever
	 * partial_rotary_factor says: a second cos_sin_cache of
	 * max_position_embeddings x global_head_dim (26B-A4B: 262,144 x
	 * 512 x 2 B = 256 MiB beside the sliding layers' 128 MiB) */
	{ "gemma4_text", 0, true, "vLLM gemma4.py, gemma4_rope.py" },
	{ "gemma4", 0, true, "vLLM gemma4.py, gemma4_rope.py" },
	/* issue 35v: vLLM gemma4_unified.py @029fe0a8 builds the text model
	 * as gemma4.py's Gemma4ForCausalLM on text_config */
	{ "gemma4_unified_text", 0, true, "vLLM gemma4_unified.py, gemma4.py" },
	{ "gemma4_unified", 0, true, "vLLM gemma4_unified.py, gemma4.py" },
};

/* The head dim a rule gives kind full layers when it differs from the
 * base's (the first such rule), else 0. */
static uint64_t full_layer_dim(const struct kvp_model *m)
{
	const uint32_t want = 1u << KVP_LF_KIND | 1u << KVP_LF_K_DIM;
	uint32_t i;

	for (i = 0; i < m->n_rules && i < KVP_MAX_RULES; i++)
		if ((m->rules[i].set & want) == want &&
		    m->rules[i].v.kind == KVP_LAYER_FULL &&
		    m->rules[i].v.k_dim != m->base.k_dim)
			return m->rules[i].v.k_dim;
	return 0;
}

/*
 * The rotary tables every rank holds beside its weights, bytes: vLLM's
 * RotaryEmbedding (model_executor/layers/rotary_embedding/base.py,
 * 0.19.0 and main @02677fd9) registers cos_sin_cache as a buffer of
 * max_position_embeddings x rotary_dim values in the model's dtype
 * (cache.to(dtype)), whole on every TP rank, allocated while the model
 * loads, so "Model loading took" counts it: Llama-4-Scout's 10,485,760
 * positions x 128 x 2 B = 2.50 GiB a rank (the run's 2.88 GiB weight
 * gap). A scaled rope's table spans arch.rope_positions instead
 * (linear_scaling_rope.py: max_position x factor; Gemma 3 27B's linear
 * factor 8: 1,048,576 positions, 256 MiB). rotary_dim is the head's (MLA: qk_rope_head_dim); a partial
 * rotary factor would make it smaller, so this errs large (pool small).
 * Models whose vLLM code builds more tables add them (vl_rope_tables).
 * 0 when the model's positions are unknown; UINT64_MAX on overflow.
 * engine_vllm.c takes it out of the budget, and each device's budget
 * holds it as its own term (budget.c: rotary_bytes), beside weights that
 * stay the parameters' (the speed bound reads those).
 */
uint64_t kvp_vllm_rope_bytes(const struct kvp_plan *p)
{
	const struct kvp_model *m = &p->model;
	uint64_t dim = m->base.kind == KVP_LAYER_MLA ? m->mla.qk_rope_head_dim
	                                             : m->base.k_dim;
	uint64_t vb = m->weights.dtype == KVP_W_F32 ? 4 : 2, plain = 0, pos, out;
	uint64_t full = 0;
	size_t i;

	for (i = 0; i < sizeof vl_rope_tables / sizeof vl_rope_tables[0]; i++)
		if (!strcmp(m->model_type, vl_rope_tables[i].model_type)) {
			plain = vl_rope_tables[i].plain;
			full = vl_rope_tables[i].full_dim ? full_layer_dim(m) : 0;
		}
	pos = m->arch.rope_positions ? m->arch.rope_positions
	                             : m->arch.max_positions;
	if (!kvp_muladd(&pos, plain, m->arch.max_positions) ||
	    !kvp_mul(pos, dim, &out) ||
	    !kvp_muladd(&out, full, m->arch.max_positions) ||
	    !kvp_mul(out, vb, &out))
		return UINT64_MAX;
	return out;
}
