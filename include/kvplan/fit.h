/*
 * fit.h - what llama-server's default launch picks: since PR #16653 (on
 * by default since #18175) llama.cpp fits the parameters the user left
 * unset to each device's free memory (common/fit.cpp,
 * common_params_fit_impl, read at llama.cpp v0.4.0): it shrinks an unset
 * context, then moves layers to the host, until each device keeps its
 * margin (--fit-target, 1024 MiB by default). kvplan runs the same steps
 * with its own figures as the measurements llama.cpp makes with
 * no_alloc. Pure: no allocation; the caller passes the result storage
 * the steps compute into.
 */
#ifndef KVPLAN_FIT_H
#define KVPLAN_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/* fit.cpp's defaults (common.h: fit_params_target, fit_params_min_ctx) */
#define KVP_FIT_TARGET_BYTES (1024ull * 1024 * 1024)
#define KVP_FIT_MIN_CTX 4096u

enum kvp_fit_outcome {
	KVP_FIT_NOT_RUN = 0,    /* not a one-card llama.cpp plan (note) */
	KVP_FIT_NO_CHANGE,      /* the launch keeps its margin as it is */
	KVP_FIT_CONTEXT,        /* the unset context was reduced */
	KVP_FIT_LAYERS,         /* layers moved to the host (and the context
	                           at its minimum if it was unset) */
	KVP_FIT_FAILED          /* fit.cpp gives up (note says why); what it
	                           changed before stays */
};

struct kvp_fit_result {
	enum kvp_fit_outcome outcome;
	uint64_t n_ctx;          /* the context the launch ends with */
	int32_t n_gpu_layers;    /* -ngl it ends with (-1: all, unchanged) */
	uint64_t free_bytes;     /* the card's free memory: capacity less
	                            the runtime overheads */
	uint64_t used_bytes;     /* projected use on the card at the end */
	uint64_t target_bytes;   /* the margin it keeps */
	int64_t kept_bytes;      /* free_bytes - used_bytes */
	char note[200];
};

/* Run fit.cpp's steps on plan p (llama.cpp, one card, no TP/PP/DP): the
 * launch's context when engine.llamacpp.ctx_size is 0, then -ngl when
 * n_gpu_layers is -1 and no -ot / --n-cpu-moe is given. *scratch holds
 * every recompute. MoE models are not fitted (note): fit.cpp moves their
 * experts tensor by tensor, which kvplan does not model yet. */
enum kvp_status kvp_llamacpp_fit(const struct kvp_plan *p,
                                 struct kvp_result *scratch,
                                 struct kvp_fit_result *out,
                                 struct kvp_error *err);

/* The pick in words, for the front ends (calc, solve, the planner): true
 * and buf filled when fit changes the launch or gives up (nothing to say
 * when it did not run or keeps the launch). Long form (calc, solve):
 * "default launch llama-server's --fit (on unless --no-fit) would pick -c
 * N -ngl M: U of F GiB free used, K GiB kept (fit-target T MiB; ...)",
 * then, when fit gives up, a second line "--fit gives up: WHY". Short
 * form (the planner's panel): "default launch (--fit): -c N -ngl M, K GiB
 * kept". Every figure is a field of *f. */
bool kvp_fit_text(const struct kvp_fit_result *f, bool long_form,
                  char *buf, size_t n);

#endif
