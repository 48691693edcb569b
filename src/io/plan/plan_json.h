/*
 * plan_json.h - plan files, preset fragments and records as JSON, read
 * and written through the one field table (kvplan/field.h).
 *
 * Documents (HACKING.md "JSON formats"), told apart by their "kvplan" key:
 *   plan      {"kvplan":"plan","version":1,"name",model,workload,strategy,
 *              engine,devices}
 *   record    a plan plus "kvplan_version", "kv", "result" and "notes"
 *             (all ignored when a record is loaded as a plan)
 *   model     {"kvplan":"model","model":{...}}
 *   card      {"kvplan":"card","card":{"name","capacity_bytes",
 *              "allocatable","shared_with_system","source"}}
 *   workload  {"kvplan":"workload","workload":{...}}
 * Every document may carry "description" and "source" strings at the top
 * (provenance shown by `kvplan presets`; they change no figure).
 * In a plan or record, "model" may be a model spec string and a card
 * group's "card" a card spec string instead of an object (preset name,
 * preset file, config.json; kvplan/preset.h). A relative path is taken
 * from the plan file's folder (the `name` given to the parser); a bare
 * word is a preset name unless a file of that name sits next to the plan.
 *
 * Loading checks the type of every value at every level, rejects unknown
 * keys and kinds, and reports malformed JSON with line and column; every
 * message names the file, the field path and the value. Integers above
 * 2^53 cannot be held exactly by a JSON number reader and must be written
 * as strings ("18446744073709551615"); the writer does so itself. Byte
 * fields also accept strings with units ("80GiB").
 *
 * Reading is plan_read.c (the field-table walk, the fragments), writing
 * and the plan entry points plan_json.c (above preset.c, which it calls
 * for spec strings; preset.c reads its files through plan_read.c).
 *
 * No cJSON escapes this module except through kvp_plan_json_tree for
 * record_json.c; a cJSON tree never outlives the call that parsed it.
 */
#ifndef KVPLAN_IO_PLAN_JSON_H
#define KVPLAN_IO_PLAN_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "io/file.h"
#include "io/plan/json_u64.h"
#include "io/plan/plan_read.h"
#include "kvplan/devices.h"
#include "kvplan/model.h"
#include "kvplan/plan.h"
#include "kvplan/status.h"
#include "kvplan/workload.h"

/*
 * Plans and records. Fields absent from the document keep the values *p
 * holds on entry (callers start from kvp_plan_blank or kvp_plan_default).
 * A "workload.ragged" list is allocated here: p->workload.ragged then
 * belongs to the caller, to be released with kvp_plan_json_free_ragged.
 * `name` (the file name) starts every message. On error *p is unchanged.
 * A "model", "draft" or card spec string is resolved as --model and
 * --card are (kvplan/preset.h). The fragment readers and the document
 * kinds are plan_read.h's.
 */
enum kvp_status kvp_plan_json_parse(const char *text, size_t len,
                                    const char *name, struct kvp_plan *p,
                                    struct kvp_error *err);
enum kvp_status kvp_plan_json_load(const char *path, struct kvp_plan *p,
                                   struct kvp_file_stamp *stamp,
                                   struct kvp_error *err);

/*
 * Writers: a new NUL-terminated, indented JSON text the caller frees with
 * free(); NULL (err set, KVP_ENOMEM or KVP_EINVAL) on failure. Every
 * settable field is written, so a load of the text gives back the same
 * plan (round trip).
 */
char *kvp_plan_json_dump(const struct kvp_plan *p, struct kvp_error *err);
char *kvp_model_json_dump(const struct kvp_model *m, struct kvp_error *err);
char *kvp_card_json_dump(const struct kvp_card *c, struct kvp_error *err);
char *kvp_workload_json_dump(const struct kvp_workload *w,
                             struct kvp_error *err);

/* Save a plan atomically; with `expect` non-NULL refuse when the file
 * changed on disk since it was loaded (file.h). */
enum kvp_status kvp_plan_json_save(const char *path, const struct kvp_plan *p,
                                   const struct kvp_file_stamp *expect,
                                   struct kvp_error *err);

/* For record_json.c: the plan as a new cJSON object tagged `kind`
 * ("plan" or "record"); the caller deletes it. NULL on no memory. */
struct cJSON;
struct cJSON *kvp_plan_json_tree(const struct kvp_plan *p, const char *kind);

#endif
