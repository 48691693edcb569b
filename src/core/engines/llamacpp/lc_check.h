/*
 * lc_check.h - llama.cpp's refusals of a plan's options (lc_check.c).
 * Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_LLAMACPP_LC_CHECK_H
#define KVPLAN_CORE_ENGINES_LLAMACPP_LC_CHECK_H

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* engine.llamacpp's options against the model's layers `ls`: the first
 * thing llama.cpp refuses, in res->error, else KVP_OK. */
enum kvp_status lc_check_opts(const struct kvp_plan *p,
                              const struct kvp_layer_spec *ls,
                              struct kvp_result *res);

#endif
