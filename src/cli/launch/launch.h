/*
 * launch.h - an engine's own launch command, read into kvplan's flags and
 * written back from a plan.
 *
 * Reading: `kvplan calc [FLAGS] -- vllm serve MODEL --tensor-parallel-size
 * 4 ...` (also llama-server, llama-cli, python -m
 * vllm.entrypoints.openai.api_server, python -m sglang.launch_server,
 * sglang serve, trtllm-serve with its --extra_llm_api_options YAML), or `--launch FILE` holding the same words as a JSON list
 * of strings or a shell-quoted line. Each engine flag becomes the kvplan
 * flag of the same meaning (launch_tab.h), placed before the user's own
 * flags, which therefore win; opts.c then parses them all, so every value
 * goes through the field's one parser. Leading NAME=VALUE words and
 * `--env NAME=VALUE` give environment variables:
 * CUDA_VISIBLE_DEVICES (and HIP_/ROCR_) sets the card count. Flags kvplan
 * does not model are named in notes; one that changes memory in a way
 * kvplan does not model, or that the engine does not have, is refused.
 *
 * Writing: `--emit ENGINE` (vllm, vllm-api-server, llama-server,
 * llama-cli, sglang, trtllm-serve) prints the command that runs the plan, the flags that
 * differ from the engine's defaults only, after a comment with kvplan's
 * verdict. Under a named vLLM release the defaults are that release's and
 * card's, the budget's own (kvp_vllm_release_defaults); reading a command
 * at that release takes a flag's absence as the same default (prefix
 * caching's as auto, which the budget resolves to the release's).
 */
#ifndef KVPLAN_CLI_LAUNCH_H
#define KVPLAN_CLI_LAUNCH_H

#include <stdio.h>

#include "cli/launch/launch_tab.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/result.h"
#include "kvplan/search.h"
#include "kvplan/status.h"

/* A list of owned strings. */
struct kvp_strv {
	char **v;
	size_t n, cap;
};
bool kvp_strv_push(struct kvp_strv *s, const char *w, size_t len);
void kvp_strv_free(struct kvp_strv *s);

struct kvp_launch {
	struct kvp_strv argv;          /* the command line opts.c parses */
	char emit[24];                 /* --emit ENGINE, or "" */
	struct kvp_notes notes;        /* what the command's reading noted */
	bool command_model;            /* --model comes from the command (the
	                                  user gave none): an error on it says
	                                  how to put another in its place */
};

/*
 * Rewrite argv[0..argc) when it holds a launch command, --launch, --env or
 * --emit: *out gets the new command line (argv[0] kept) and the notes;
 * NULL when there is none of these (argv is then used as it is).
 */
enum kvp_status kvp_launch_prepare(int argc, char **argv,
                                   struct kvp_launch **out,
                                   struct kvp_error *err);
void kvp_launch_free(struct kvp_launch *l);

/* An error on the command's model (--model: ...) with how to replace it. */
void kvp_launch_model_hint(struct kvp_error *err);

/* The reading's notes after `notes` (the model's, from opts.c). */
void kvp_launch_notes(const struct kvp_launch *l, struct kvp_notes *notes);

/*
 * The words of a launch command (program first, NAME=VALUE words before
 * it) into kvplan flags appended to `out`. user_model: the user gave
 * kvplan's --model, which replaces the command's model.
 */
enum kvp_status kvp_launch_translate(char *const *w, size_t n,
                                     bool user_model, struct kvp_strv *out,
                                     struct kvp_notes *notes,
                                     const struct kvp_launch_engine **eng,
                                     struct kvp_error *err);

/* The same, read at a named release: for llama.cpp, "v0.4.0" or
 * "v0.5.0" (kvp_launch_llama_release) takes the flags that release has
 * and refuses the others as it does; NULL or another release: the flag
 * table's release (kvp_launch_engine.release). */
enum kvp_status kvp_launch_translate_at(char *const *w, size_t n,
                                        const char *release, bool user_model,
                                        struct kvp_strv *out,
                                        struct kvp_notes *notes,
                                        const struct kvp_launch_engine **eng,
                                        struct kvp_error *err);

/* Do the words start (after NAME=VALUE words) with a program kvplan
 * reads? (The planner's Open prompt tells a command from a file name.) */
bool kvp_launch_is_command(char *const *w, size_t n);

/* The words of a --launch file: a JSON list of strings, or a shell-quoted
 * command (quotes, backslashes and line continuations; no expansions). */
enum kvp_status kvp_launch_words(const char *text, size_t len,
                                 struct kvp_strv *out, struct kvp_error *err);

/* Does the engine's program take this spelling (llama-cli has no -kvu)? */
bool kvp_launch_in_program(const struct kvp_launch_engine *e, const char *name);

/* Each scalar of a YAML mapping (the subset launch_yaml.c reads): its
 * dotted path and text ("[list]" for a block list, "" for null). */
typedef enum kvp_status (*kvp_yaml_fn)(const char *path, const char *value,
                                       void *ctx, struct kvp_error *err);
enum kvp_status kvp_launch_yaml(const char *text, size_t len,
                                kvp_yaml_fn fn, void *ctx,
                                struct kvp_error *err);

/* trtllm-serve's --extra_llm_api_options file into kvplan flags; keys
 * kvplan does not model are listed in unmodelled (launch_trtllm.c). */
enum kvp_status kvp_launch_trtllm_yaml(const char *path, struct kvp_strv *out,
                                       char *unmodelled, size_t cap,
                                       struct kvp_error *err);

/* The engine table --emit NAME names, or NULL. */
const struct kvp_launch_engine *kvp_launch_engine_by_name(const char *name);

/*
 * The command that runs plan p under engine `name`, computed as res:
 * comment lines (the verdict, settings with no flag) and the command.
 */
enum kvp_status kvp_launch_emit(FILE *out, const struct kvp_plan *p,
                                const struct kvp_result *res,
                                const char *name, struct kvp_error *err);

/* solve --emit: under one answer (plan p computed as res), or one per
 * ranked deployment of that engine (launch_solve.c). */
enum kvp_status kvp_launch_emit_answer(FILE *out, const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       const char *engine,
                                       struct kvp_error *err);
enum kvp_status kvp_launch_emit_ranked(FILE *out, const struct kvp_plan *base,
                                       const struct kvp_search_space *s,
                                       const struct kvp_search_buf *b,
                                       size_t n_answers, const char *engine,
                                       struct kvp_error *err);

/* The launch options' lines for --help. */
void kvp_launch_help(FILE *out, bool emit);

#endif
