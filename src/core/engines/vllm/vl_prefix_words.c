/*
 * vl_prefix_words.c - vLLM's prefix caching as the admission ran it, in
 * the one wording the note (vl_admit.c), compare's row and the planner
 * share (kvplan/result.h kvp_engine_prefix_words). The setting itself is
 * resolved once, in vllm_profile.c kvp_vllm_defaults.
 */
#include <stdio.h>  /* snprintf into the caller's buffer only */

#include "kvplan/result.h"

void kvp_engine_prefix_words(const struct kvp_engine_result *e, char *buf,
                             size_t n)
{
	if (e->prefix_caching_default)
		snprintf(buf, n, "prefix caching %s (vLLM %s's default)",
		         e->prefix_caching ? "on" : "off", e->release);
	else
		snprintf(buf, n, "prefix caching %s (--%senable-prefix-caching)",
		         e->prefix_caching ? "on" : "off",
		         e->prefix_caching ? "" : "no-");
}
