/*
 * plan_read.h - the document reader below the plan entry points
 * (plan_read.c): document kinds, preset fragments, and a plan read with
 * the caller's loaders for spec strings. preset.c reads its files through
 * here; plan_json.h (which includes this header) adds the plan entry
 * points that resolve specs through the presets, and the writers. The
 * formats are described in plan_json.h.
 */
#ifndef KVPLAN_IO_PLAN_READ_H
#define KVPLAN_IO_PLAN_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "io/file.h"
#include "kvplan/devices.h"
#include "kvplan/model.h"
#include "kvplan/plan.h"
#include "kvplan/status.h"
#include "kvplan/workload.h"

/* Largest plan/preset/record file read, bytes. */
#define KVP_PLAN_MAX_BYTES KVP_FILE_MAX_BYTES
/* Longest workload.ragged list accepted. */
#define KVP_RAGGED_MAX 2000000u

enum kvp_doc_kind {
	KVP_DOC_PLAN = 0,
	KVP_DOC_RECORD,
	KVP_DOC_MODEL,
	KVP_DOC_CARD,
	KVP_DOC_WORKLOAD,
	KVP_DOC_COUNT
};

/* A blank plan on the heap (free it) to read or write one preset
 * fragment in: with *m as its model and *w as its workload (without its
 * ragged lengths: presets hold none) when given. NULL and *err set when
 * out of memory. */
struct kvp_plan *kvp_plan_fragment(const struct kvp_model *m,
                                   const struct kvp_workload *w,
                                   struct kvp_error *err);

/* "plan", "record", "model", "card", "workload". */
const char *kvp_doc_kind_name(enum kvp_doc_kind k);

/*
 * What kind of kvplan document text[len] is. KVP_ENOTFOUND (no message
 * needed) when it is JSON without a "kvplan" key - a Hugging Face
 * config.json, say - so preset.c can try the importer next.
 */
enum kvp_status kvp_doc_kind_of(const char *text, size_t len,
                                enum kvp_doc_kind *kind, struct kvp_error *err);

/* How a plan's spec strings become a model or a card: "model" and
 * "draft" through model, a devices group's "card" through card. Each
 * fills its out value or sets err (a message for the flag; the reader
 * prefixes file and path). */
struct kvp_spec_loaders {
	enum kvp_status (*model)(const char *spec, struct kvp_model *m,
	                         struct kvp_error *err);
	enum kvp_status (*card)(const char *spec, struct kvp_card *c,
	                        struct kvp_error *err);
};

/* kvp_plan_json_parse (plan_json.h) with the spec loaders given. */
enum kvp_status kvp_plan_read(const char *text, size_t len, const char *name,
                              const struct kvp_spec_loaders *specs,
                              struct kvp_plan *p, struct kvp_error *err);
void kvp_plan_json_free_ragged(struct kvp_plan *p);

/* Let paths a plan names (model, card files) leave the plan's folder:
 * off by default, a plan being untrusted (--allow-outside-paths). */
void kvp_plan_json_allow_outside(bool allow);

/* Preset fragments: overlay onto *m / *c / *w (start from blank ones).
 * A fragment holds no spec strings. */
enum kvp_status kvp_model_json_parse(const char *text, size_t len,
                                     const char *name, struct kvp_model *m,
                                     struct kvp_error *err);
enum kvp_status kvp_card_json_parse(const char *text, size_t len,
                                    const char *name, struct kvp_card *c,
                                    struct kvp_error *err);
enum kvp_status kvp_workload_json_parse(const char *text, size_t len,
                                        const char *name,
                                        struct kvp_workload *w,
                                        struct kvp_error *err);
enum kvp_status kvp_model_json_load(const char *path, struct kvp_model *m,
                                    struct kvp_error *err);
enum kvp_status kvp_card_json_load(const char *path, struct kvp_card *c,
                                   struct kvp_error *err);
enum kvp_status kvp_workload_json_load(const char *path, struct kvp_workload *w,
                                       struct kvp_error *err);

#endif
