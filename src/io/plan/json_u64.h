/*
 * json_u64.h - an exact integer as a JSON value for the cJSON writers
 * (plan_json.c, tensors_json.c, record_json.c). Its own file so that
 * every writer calls down to it and none calls another writer back.
 */
#ifndef KVPLAN_IO_JSON_U64_H
#define KVPLAN_IO_JSON_U64_H

/* A raw number below 2^53, a decimal string from there on (a double
 * holds integers exactly only below 2^53). The caller owns the value.
 * NULL on no memory. */
struct cJSON;
struct cJSON *kvp_json_u64(unsigned long long v);

#endif
