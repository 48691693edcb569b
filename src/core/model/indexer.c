/*
 * indexer.c - which MLA layers keep a DSA indexer key (IndexCache).
 *
 * GLM-5.2's config (index_topk_freq 4, index_skip_topk_offset 3) runs the
 * indexer on some layers only; the others reuse the last one's top-k and
 * build no indexer, so keep no indexer keys. The rule, the same in
 * transformers configuration_glm_moe_dsa.py (GlmMoeDsaConfig.__post_init__
 * deriving indexer_types; modeling: shared layers have indexer None) and
 * vLLM deepseek_v2.py @002d6073 (DeepseekV2MLAAttention _skip_topk):
 * layer i has its indexer where max(i - offset + 1, 0) % freq == 0.
 */
#include "kvplan/layers.h"

bool kvp_indexer_on_layer(const struct kvp_indexer *ix, uint32_t i)
{
	uint32_t k;

	if (i < ix->first)
		return false;
	if (ix->topk_freq <= 1)
		return true;
	k = i + 1 > ix->skip_offset ? i + 1 - ix->skip_offset : 0;
	return k % ix->topk_freq == 0;
}
