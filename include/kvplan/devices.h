/*
 * devices.h - the cards a plan runs on and how the model is placed on them.
 * Memory is never pooled across cards: each device gets its own budget.
 */
#ifndef KVPLAN_DEVICES_H
#define KVPLAN_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/format.h"

#define KVP_MAX_CARD_GROUPS 4
#define KVP_MAX_OVERHEADS   8
#define KVP_MAX_STAGES      64

/* The runtime a card's engine runs on: what decides, in some releases,
 * which engine code vLLM picks (its V0 or V1 engine, src/core/engines/
 * vllm/vl_engine.c). The card's `source` names the tool that reported its
 * memory (nvidia-smi: CUDA; rocm-smi: ROCm; Metal's working set: Metal).
 * UNKNOWN (the default, a card that does not say): vLLM's releases that
 * choose by platform are refused naming card.platform. */
enum kvp_platform {
	KVP_PLATFORM_UNKNOWN = 0,
	KVP_PLATFORM_CUDA,        /* NVIDIA, CUDA */
	KVP_PLATFORM_ROCM,        /* AMD Instinct and Radeon, ROCm/HIP */
	KVP_PLATFORM_METAL        /* Apple silicon, Metal */
};

struct kvp_card {
	char name[48];            /* "H100-80GB-SXM" */
	uint64_t capacity_bytes;  /* as the driver reports it */
	bool allocatable;         /* capacity is what CUDA can allocate, not
	                             the nvidia-smi total */
	bool shared_with_system;  /* unified memory (Apple) */
	/* The speed envelope (src/core/speed/speed.c), from the data sheet named
	 * in speed_source; 0 = not known (no bound is then given). */
	uint64_t bandwidth;       /* memory bandwidth, bytes per second */
	uint64_t flops_16bit;     /* dense 16-bit tensor peak, FLOP/s */
	uint64_t flops_8bit;      /* dense 8-bit (FP8, else INT8) peak, FLOP/s */
	char speed_source[320];   /* data sheet of the three figures */
	/* The total the runtime reports to an engine (torch.cuda.
	 * mem_get_info()[1], what vLLM multiplies by gpu_memory_utilization),
	 * bytes, with the log or document it comes from; 0 = not known (vLLM
	 * then takes an estimate, src/core/engines/vllm/vllm_profile.c). */
	uint64_t runtime_total_bytes;
	char runtime_source[256];
	/* The card sits on no NVSwitch (PCIe slots, or NVLink bridges in
	 * pairs: L4, L40S, A10G, RTX, H100 PCIe/NVL): NCCL has no NVLS and
	 * vLLM no symmetric-memory all-reduce, so vLLM's non-torch memory at
	 * TP > 1 is the PCIe row (src/core/engines/vllm/vllm_profile.c).
	 * false (the default, for a card that does not say) takes the larger
	 * NVSwitch rows, measured on HGX H100s. */
	bool no_nvswitch;
	enum kvp_platform platform; /* the runtime, above */
	/* A CUDA card's compute capability, major x 10 + minor (75 for a
	 * T4's 7.5, 90 for an H100, 120 for an RTX 5090), as nvidia-smi
	 * --query-gpu=compute_cap and NVIDIA's CUDA GPUs page give it; 0 =
	 * not known (or not CUDA). vLLM 0.8.0-0.10.1 run V0 below 8.0
	 * (src/core/engines/vllm/vl_engine.c). */
	uint32_t compute_capability;
};

struct kvp_card_group {
	struct kvp_card card;
	uint32_t count;           /* cards of this type, >= 1 */
};

struct kvp_overhead {
	char name[32];            /* "cuda_context", "cuda_graphs", ... */
	uint64_t bytes;           /* per device */
};

struct kvp_devices {
	uint32_t n_groups;        /* 0 = no card chosen: KV only */
	struct kvp_card_group groups[KVP_MAX_CARD_GROUPS];
	uint32_t tp, pp, dp;      /* parallel sizes, >= 1 each */
	/* Layers per pipeline stage; all zero = split as vLLM does. */
	uint32_t pp_layers[KVP_MAX_STAGES];
	bool weights_override;    /* use `weights` instead of the model's */
	struct kvp_wformat weights;
	uint32_t reserve_ppm;     /* headroom as a fraction of capacity */
	uint64_t reserve_bytes;   /* headroom in bytes (added to the above) */
	uint64_t activations_bytes; /* measured peak per device; 0 = estimate */
	uint64_t max_batched_tokens; /* tokens per step for the estimate */
	bool flash_attention;     /* attention workspace of the estimate */
	uint64_t retained_logits; /* positions whose fp32 logits are kept per
	                             sequence (log-probs), 0 = none */
	uint32_t n_overheads;
	struct kvp_overhead overheads[KVP_MAX_OVERHEADS];
	uint64_t host_capacity_bytes; /* host (CPU) memory for what the plan
	                             keeps there (offloaded weights and KV,
	                             llama.cpp's output buffer); 0 = not
	                             budgeted (figures shown, no verdict) */
	uint64_t kv_offload_bytes; /* a second KV tier in host memory (vLLM
	                             --kv-offloading-size, LMCache): bytes;
	                             0 = none */
};

/*
 * Add the documented default overhead entries (cuda_context, cuda_graphs,
 * tp_comm when tp or pp > 1, allocator_reserve) to d->overheads, each
 * with its source in src/core/device/overhead.c. Entries already present by
 * name are kept as they are; nothing is added past KVP_MAX_OVERHEADS.
 */
void kvp_overheads_default(struct kvp_devices *d);

/* Whether `o` is one of kvp_overheads_default's entries at its default
 * bytes (an engine with its own rule for that term replaces it). */
bool kvp_overhead_is_default(const struct kvp_overhead *o);

#endif
