/*
 * overhead.c - documented defaults for the runtime overhead of a device
 * (kvp_overheads_default in devices.h). Each entry is per device, in
 * bytes, editable afterwards; each default cites where it comes from.
 * These are starting points, not measurements of your setup: replace
 * them with what your engine logs.
 */
#include <string.h>

#include "kvplan/devices.h"
#include "kvplan/units.h"

static void add(struct kvp_devices *d, const char *name, uint64_t bytes)
{
	struct kvp_overhead *o;
	uint32_t i;

	for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++)
		if (!strcmp(d->overheads[i].name, name))
			return;   /* an entry the user already has wins */
	if (d->n_overheads >= KVP_MAX_OVERHEADS)
		return;
	o = &d->overheads[d->n_overheads++];
	memset(o, 0, sizeof *o);
	strncpy(o->name, name, sizeof o->name - 1);
	o->bytes = bytes;
}

/* The defaults, one row each; multi: only with more than one device
 * per replica (tp or pp above 1). */
static const struct {
	const char *name;
	uint64_t bytes;
	bool multi;
} defaults[] = {
	/* CUDA context and other non-torch memory: vLLM issue #10517 log,
	 * "non_torch_memory=0.35GiB" (RTX 3090, TP 1); 0.35 GiB rounded up
	 * to 360 MiB. */
	{ "cuda_context", 360 * KVP_MIB, false },
	/* CUDA graphs: vLLM logs "Graph capturing finished in 14 secs, took
	 * 0.21 GiB" (PR #11349, Llama-3.2-1B) and "Estimated CUDA graph
	 * memory: 0.36 GiB total" (v0.21+, gpustack/runner PR #251);
	 * 0.36 GiB rounded up to 384 MiB. 0 with --enforce-eager. */
	{ "cuda_graphs", 384 * KVP_MIB, false },
	/* TP/PP communication buffers, only with more than one device per
	 * replica: NCCL's default NCCL_BUFFSIZE is 4 MiB per channel, up to
	 * 32 channels (128 MiB), plus vLLM's custom all-reduce buffers
	 * (8 MiB max_size, 2 buffers): 144 MiB. */
	{ "tp_comm", 144 * KVP_MIB, true },
	/* Allocator reserve (PyTorch caching allocator fragmentation): no
	 * general figure exists; 0 here, to be set from a measurement.
	 * Engines' memory fractions (gpu_memory_utilization) play this
	 * role. */
	{ "allocator_reserve", 0, false },
};

void kvp_overheads_default(struct kvp_devices *d)
{
	size_t i;

	for (i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
		if (!defaults[i].multi || d->tp > 1 || d->pp > 1)
			add(d, defaults[i].name, defaults[i].bytes);
}

bool kvp_overhead_is_default(const struct kvp_overhead *o)
{
	size_t i;

	for (i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
		if (!strcmp(o->name, defaults[i].name))
			return o->bytes == defaults[i].bytes;
	return false;
}
