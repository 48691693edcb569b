/*
 * record_json.h - a sizing record: the whole plan (every input, as a plan
 * file writes it) plus "kvplan_version", the KV figures under "kv" and
 * every figure of struct kvp_result under "result" ("result.kv" repeats
 * "kv"), each byte and token figure a JSON integer, warnings with their
 * stable codes, and the importer's assumptions under "notes". Loading a record as a plan ignores "kv" and "result", so
 * `kvplan calc RECORD.json` recomputes the same figures.
 */
#ifndef KVPLAN_IO_RECORD_JSON_H
#define KVPLAN_IO_RECORD_JSON_H

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/* A new NUL-terminated JSON text (ends with a newline) the caller frees
 * with free(); NULL with err set when out of memory. */
char *kvp_record_json_dump(const struct kvp_plan *p, const struct kvp_result *res,
                           struct kvp_error *err);

/* The same with the importer's assumptions (kvp_notes from --model) as a
 * top-level "notes" array of strings; notes may be NULL. */
struct kvp_notes;
char *kvp_record_json_dump_notes(const struct kvp_plan *p, const struct kvp_result *res,
                                 const struct kvp_notes *notes, struct kvp_error *err);

/* Write the record to path atomically (file.h). */
enum kvp_status kvp_record_json_save(const char *path, const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     struct kvp_error *err);

#endif
