/* json_u64.c - an exact integer as a JSON value (json_u64.h). */
#include <stdio.h>

#include <cjson/cJSON.h>

#include "io/plan/json_u64.h"

cJSON *kvp_json_u64(unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%llu", v);
	if (v < 9007199254740992ull)
		return cJSON_CreateRaw(buf);
	return cJSON_CreateString(buf);
}
