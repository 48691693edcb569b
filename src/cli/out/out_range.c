/*
 * out_range.c - print the named engines' range beside the generic
 * engine's verdict (out_range.h). The figures are the core's
 * (kvp_engine_range); this file only finds it a work area and prints.
 */
#include <stdlib.h>

#include "cli/out/out_range.h"
#include "kvplan/engine_range.h"

void kvp_out_engine_range(FILE *out, const char *label,
                          const struct kvp_plan *p,
                          const struct kvp_result *res)
{
	struct kvp_result *scratch;
	struct kvp_engine_range range;

	if (p->engine.kind != KVP_ENGINE_GENERIC || res->n_devices == 0)
		return;
	scratch = malloc(sizeof *scratch);
	if (!scratch)
		return;
	kvp_engine_range(p, scratch, &range);
	free(scratch);
	fprintf(out, "%s%s\n", label, range.text);
}
