/*
 * plan.c - the default scenario and a blank plan.
 *
 * Both start with devices.flash_attention true: every engine kvplan models
 * runs flash-style attention by default (vLLM, SGLang, TensorRT-LLM always;
 * llama.cpp -fa auto; transformers' sdpa), so the activation estimate
 * keeps no T x S score matrix unless a plan says so. The default scenario
 * also carries the documented runtime overheads of its card
 * (kvp_overheads_default: CUDA context and CUDA graphs at tp 1).
 */
#include <stdio.h>  /* snprintf only */
#include <string.h>

#include "kvplan/plan.h"

void kvp_plan_blank(struct kvp_plan *p)
{
	memset(p, 0, sizeof *p);
	p->model.base.kind = KVP_LAYER_FULL;
	p->model.base.k_fmt = kvp_format_plain(KVP_DT_F16);
	p->model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	p->model.weights.dtype = KVP_W_BF16;
	p->strategy.kind = KVP_STRAT_DYNAMIC;
	p->strategy.block_size = 16;
	p->strategy.resident_layers = -1;
	p->devices.tp = p->devices.pp = p->devices.dp = 1;
	p->devices.flash_attention = true;
	kvp_engine_defaults(&p->engine);
}

void kvp_plan_default(struct kvp_plan *p)
{
	struct kvp_model *m = &p->model;
	struct kvp_seq_class *c;

	kvp_plan_blank(p);
	strcpy(p->name, "worked example (docs/DESIGN.md)");

	strcpy(m->id, "example-40L-gqa8");
	strcpy(m->source, "docs/DESIGN.md worked example");
	m->n_layers = 40;
	m->q_heads = 40;
	m->base.kv_heads = 8;
	m->base.k_dim = 128;
	m->base.v_dim = 128;
	m->trained_kv_heads = 8;
	m->arch.hidden = 5120;           /* 40 heads x 128 */
	m->arch.intermediate = 13824;
	m->arch.vocab = 32000;
	m->arch.gated_mlp = true;
	m->arch.max_positions = 4096;
	m->weights.dtype = KVP_W_F16;

	p->workload.n_classes = 1;
	c = &p->workload.classes[0];
	strcpy(c->name, "default");
	c->requests = 6;
	c->prompt[KVP_PP_INPUT] = 3072;
	c->gen = 1024;
	c->samples = 1;

	p->strategy.kind = KVP_STRAT_STATIC;
	p->strategy.max_cache_len = 4096;

	p->devices.n_groups = 1;
	strcpy(p->devices.groups[0].card.name, "H100-80GB-SXM");
	p->devices.groups[0].card.platform = KVP_PLATFORM_CUDA;  /* nvidia-smi */
	p->devices.groups[0].card.compute_capability = 90;       /* Hopper 9.0 */
	/* 80 GB card as the driver reports it: 81,559 MiB. */
	p->devices.groups[0].card.capacity_bytes = 81559ull * 1048576ull;
	/* its speed figures, as presets/cards/h100-80gb-sxm.json: the
	 * NVIDIA H100 datasheet, SXM column (dense = half the sparse) */
	p->devices.groups[0].card.bandwidth = 3350000000000ull;
	p->devices.groups[0].card.flops_16bit = 989500000000000ull;
	p->devices.groups[0].card.flops_8bit = 1979000000000000ull;
	/* what CUDA reports to vLLM, as the preset: 81,089 MiB */
	p->devices.groups[0].card.runtime_total_bytes = 81089ull * 1048576ull;
	snprintf(p->devices.groups[0].card.runtime_source,
	         sizeof p->devices.groups[0].card.runtime_source, "%s",
	         "torch total_memory=81089MB for 'NVIDIA H100 80GB HBM3' (as "
	         "presets/cards/h100-80gb-sxm.json)");
	snprintf(p->devices.groups[0].card.speed_source,
	         sizeof p->devices.groups[0].card.speed_source, "%s",
	         "NVIDIA H100 datasheet, H100 SXM column: GPU memory bandwidth "
	         "3.35 TB/s; BF16 Tensor Core 1,979 and FP8 3,958 teraFLOPS "
	         "with sparsity, half without (dense 989.5 and 1,979)");
	p->devices.groups[0].count = 1;
	/* tp 1: cuda_context 360 MiB + cuda_graphs 384 MiB +
	 * allocator_reserve 0 = 744 MiB per device */
	kvp_overheads_default(&p->devices);
}
