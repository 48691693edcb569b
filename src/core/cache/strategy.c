/* strategy.c - names of the cache allocation strategies (strategy.h). */
#include "kvplan/strategy.h"

static const char *const strategy_names[KVP_STRAT_COUNT] = {
	[KVP_STRAT_DYNAMIC] = "dynamic",
	[KVP_STRAT_STATIC] = "static",
	[KVP_STRAT_PADDED] = "padded",
	[KVP_STRAT_PAGED] = "paged",
};

const char *kvp_strategy_name(enum kvp_strategy_kind k)
{
	return (unsigned)k < KVP_STRAT_COUNT ? strategy_names[k] : "?";
}
