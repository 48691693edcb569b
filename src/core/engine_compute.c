/* engine_compute.c - SCAFFOLD until the engine profiles land (issue 4). */
#include <string.h>

#include "core/internal.h"

enum kvp_status kvp_engine_compute(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	memset(&res->engine, 0, sizeof res->engine);
	res->engine.kind = p->engine.kind;
	if (p->engine.kind != KVP_ENGINE_GENERIC)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.kind: %s - not available yet", kvp_engine_name(p->engine.kind));
	return KVP_OK;
}
