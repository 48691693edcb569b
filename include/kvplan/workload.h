/*
 * workload.h - what is resident in the cache: sequence classes, an optional
 * list of ragged lengths, samples per request and prefix sharing.
 *
 * All lengths are tokens after the tokenizer and chat template, never
 * characters. Queued requests hold no cache; only active requests do.
 * Resident sequences = active requests x samples per request.
 */
#ifndef KVPLAN_WORKLOAD_H
#define KVPLAN_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KVP_MAX_CLASSES 16

/* Prompt parts, tokens each; their sum is the prompt. */
enum kvp_prompt_part {
	KVP_PP_SYSTEM = 0,
	KVP_PP_TEMPLATE,
	KVP_PP_HISTORY,
	KVP_PP_DOCUMENTS,
	KVP_PP_INPUT,
	/* Issue 14: a request's images and audio, in the tokens the model's
	 * processor expands them to (placeholder tokens in the prompt: they
	 * take KV like text). The count is the processor's, per image size
	 * and model, so it is given, not derived from vision_config. */
	KVP_PP_MEDIA,
	KVP_PP_COUNT
};

struct kvp_seq_class {
	char name[32];
	uint64_t requests;         /* active requests of this class */
	uint64_t prompt[KVP_PP_COUNT]; /* tokens per part; INPUT holds an
	                                  undivided prompt */
	uint64_t gen;              /* generation reserve, tokens */
	uint32_t samples;          /* resident sequences per request (n or
	                              beam width), >= 1 */
};

struct kvp_workload {
	uint32_t n_classes;
	struct kvp_seq_class classes[KVP_MAX_CLASSES];
	uint64_t queued;           /* waiting requests: no cache */
	/* A request's samples share its prompt (stored once). */
	bool share_prompt_in_request;
	/* The system part of the prompt is one prefix shared by every
	 * request (stored once across all requests). When active classes
	 * give different system lengths, their common first min(system)
	 * tokens are shared. Full-attention/MLA layers, DYNAMIC and PAGED
	 * (full blocks) only; see src/core/cache/kv.c. */
	bool share_system_prefix;
	/*
	 * Optional ragged lengths: total positions (prompt + generation) of
	 * each resident sequence, in addition to the classes. Not owned by
	 * the workload: the caller keeps the array alive while the plan is
	 * used and frees it. NULL with n_ragged 0 when unused.
	 */
	const uint64_t *ragged;
	size_t n_ragged;
	/* Set by a front end when a length was entered in characters; the
	 * value is refused or warned about, never used as tokens. */
	bool chars_given;
};

#endif
