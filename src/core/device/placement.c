/*
 * placement.c - pipeline stages (layers per stage), tensor-parallel KV
 * heads per rank, data-parallel shares. See placement.h.
 *
 * Sources: vLLM vllm/distributed/utils.py get_pp_indices (uneven split,
 * VLLM_PP_LAYER_PARTITION checks); vllm/config ModelConfig
 * verify_with_parallel_config ("Total number of attention heads (N) must
 * be divisible by tensor parallel size (T)."); QKVParallelLinear, which
 * gives each rank max(1, Hkv // tp) KV heads, replicating them when
 * tp >= Hkv, and asserts divisibility with "A is not divisible by B".
 */
#include "core/device/placement.h"

enum kvp_status kvp_pp_split(uint32_t n_layers, uint32_t pp,
                             const uint32_t *given, uint32_t *first,
                             uint32_t *count, struct kvp_error *err)
{
	uint32_t s, at = 0;
	uint64_t sum = 0;
	int any = 0;

	if (pp == 0 || pp > KVP_MAX_STAGES)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.pp: %u - must be 1 to %u", pp, KVP_MAX_STAGES);
	if (pp > n_layers)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.pp: %u - more pipeline stages than the model's "
			"%u layers", pp, n_layers);
	for (s = 0; s < pp; s++)
		any |= given != NULL && given[s] != 0;
	if (any) {
		for (s = 0; s < pp; s++) {
			if (given[s] == 0)
				return kvp_error_set(err, KVP_EINVAL,
					"devices.pp_layers[%u]: 0 - every stage "
					"needs at least one layer", s);
			sum += given[s];
		}
		for (s = pp; s < KVP_MAX_STAGES; s++)
			if (given[s] != 0)
				return kvp_error_set(err, KVP_EINVAL,
					"devices.pp_layers: %u entries given - "
					"does not match pp=%u", s + 1, pp);
		if (sum != n_layers)
			return kvp_error_set(err, KVP_EINVAL,
				"devices.pp_layers: sum(partitions)=%llu does "
				"not match num_hidden_layers=%u",
				(unsigned long long)sum, n_layers);
		for (s = 0; s < pp; s++)
			count[s] = given[s];
	} else {
		uint32_t rem = n_layers % pp;

		for (s = 0; s < pp; s++)
			count[s] = n_layers / pp;
		/* vLLM: for i in range(2, rem + 2): partitions[-i] += 1 */
		for (s = 2; s < rem + 2; s++)
			count[pp - s]++;
	}
	for (s = 0; s < pp; s++) {
		first[s] = at;
		at += count[s];
	}
	return KVP_OK;
}

uint32_t kvp_kv_heads_per_rank(uint32_t hkv, uint32_t tp)
{
	uint32_t h = tp ? hkv / tp : hkv;

	return h ? h : 1;
}

enum kvp_status kvp_tp_check(uint32_t q_heads,
                             const struct kvp_result *res,
                             uint32_t n_layers, uint32_t tp,
                             struct kvp_error *err)
{
	uint32_t i;

	if (tp == 0 || tp > KVP_MAX_DEVICES)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.tp: %u - must be 1 to %u", tp, KVP_MAX_DEVICES);
	if (tp == 1)
		return KVP_OK;
	if (q_heads % tp != 0)
		return kvp_error_set(err, KVP_EINVAL,
			"devices.tp: %u - Total number of attention heads (%u) "
			"must be divisible by tensor parallel size (%u).",
			tp, q_heads, tp);
	for (i = 0; i < n_layers; i++) {
		const struct kvp_layer_spec *s = &kvp_layer_rec(res, i)->spec;
		uint32_t h = s->kv_heads;

		if (s->kind == KVP_LAYER_NONE || s->kind == KVP_LAYER_SHARED ||
		    s->kind == KVP_LAYER_MLA || h == 0)
			continue;
		if (tp >= h && tp % h != 0)
			return kvp_error_set(err, KVP_EINVAL,
				"devices.tp: %u - model.layers[%u].kv_heads %u: "
				"%u is not divisible by %u (vLLM replicates KV "
				"heads only when tp is a multiple of them)",
				tp, i, h, tp, h);
		if (tp < h && h % tp != 0)
			return kvp_error_set(err, KVP_EINVAL,
				"devices.tp: %u - model.layers[%u].kv_heads %u: "
				"%u is not divisible by %u", tp, i, h, h, tp);
	}
	return KVP_OK;
}

uint64_t kvp_dp_share(uint64_t total, uint32_t dp, uint32_t r)
{
	if (dp <= 1)
		return total;
	return total / dp + (r < total % dp);
}

uint64_t kvp_dp_offset(uint64_t total, uint32_t dp, uint32_t r)
{
	uint64_t rem, base;

	if (dp <= 1)
		return 0;
	base = total / dp;
	rem = total % dp;
	return base * r + (r < rem ? r : rem);
}
