/*
 * launch_range.c - the release ranges known for an engine's flags (the
 * flag tables hold one release each, launch_tab.h): a release named on
 * kvplan's line outside a flag's range refuses the flag, as that
 * release's own parser does. A row needs a source for each bound it
 * gives; flags with no row are read as the table's release has them.
 */
#include <stddef.h>
#include <string.h>

#include "cli/launch/launch_tab.h"
#include "kvplan/era.h"

static const struct kvp_launch_range rows[] = {
	/* vLLM PR #36216 "[V0 Deprecation] Remove unused swap_space
	 * parameter" (merged 2026-03-06) removed --swap-space from
	 * EngineArgs; unslothai/unsloth-zoo issue #1210 installed every
	 * release 0.15.0-0.29.0: EngineArgs.swap_space is in 0.15.0, 0.15.1,
	 * 0.16.0, 0.17.0, 0.17.1 and in none from 0.18.0 on */
	{ KVP_ENGINE_VLLM, "--swap-space", NULL, "0.17.1",
	  "removed by vLLM PR #36216; last in 0.17.1 (unslothai/unsloth-zoo#1210)" },
};

const struct kvp_launch_range *kvp_launch_outside(enum kvp_engine_kind kind,
                                                  const char *flag,
                                                  const char *release)
{
	size_t i;

	for (i = 0; release && i < sizeof rows / sizeof rows[0]; i++) {
		const struct kvp_launch_range *g = &rows[i];

		if (g->kind != kind || strcmp(g->flag, flag))
			continue;
		if ((g->first && !kvp_release_at_least(release, g->first)) ||
		    (g->last && !kvp_release_at_least(g->last, release)))
			return g;
	}
	return NULL;
}
