/*
 * out_text.h - the human text output of a result (`kvplan calc` and the
 * other computing subcommands). Every figure printed is a field of
 * struct kvp_result, formatted with kvplan/units.h; the plan is read only
 * for names and the inputs it echoes. '×' and '…' when the locale's
 * character set is UTF-8, ASCII 'x' otherwise.
 */
#ifndef KVPLAN_CLI_OUT_TEXT_H
#define KVPLAN_CLI_OUT_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/result.h"

/* True when LC_CTYPE (from the environment) is UTF-8. */
bool kvp_out_utf8(void);

/* "×" or "x" per kvp_out_utf8(). */
const char *kvp_out_times(void);

/* The bytes-per-position line: the formula with the numbers substituted
 * when res->kv.uniform, else the sum and the layer count. */
void kvp_out_formula(const struct kvp_result *res, char *buf, size_t n);

/* The whole report. notes (importer assumptions) may be NULL. */
void kvp_out_text(FILE *out, const struct kvp_plan *p, const struct kvp_result *res,
                  const struct kvp_notes *notes, bool per_layer);

/* Parts, for subcommands that print less: */
void kvp_out_kv(FILE *out, const struct kvp_plan *p, const struct kvp_result *res);
void kvp_out_layers(FILE *out, const struct kvp_result *res);
void kvp_out_engine(FILE *out, const struct kvp_result *res);
void kvp_out_devices(FILE *out, const struct kvp_plan *p,
                     const struct kvp_result *res);
/* The speed envelope (res->speed) below the verdict: what the bound is,
 * then the decode and prefill lines; nothing without a card. */
void kvp_out_speed(FILE *out, const struct kvp_result *res);
/* Host memory (res->host) below the verdict: what the plan keeps there,
 * and with a host capacity its budget and its own bar. */
void kvp_out_host(FILE *out, const struct kvp_result *res);
/* Encoders and LoRA (res->parts), each labelled exact / engine formula /
 * estimate with its source; nothing when the plan has none. */
void kvp_out_parts(FILE *out, const struct kvp_result *res);
void kvp_out_draft(FILE *out, const struct kvp_result *res);
/* llama.cpp's compute buffers (an estimate, with source and tolerance). */
void kvp_out_compute_buf(FILE *out, const struct kvp_result *res);
void kvp_out_warnings(FILE *out, const struct kvp_result *res,
                      const struct kvp_notes *notes);

#endif
