/*
 * launch_solve.c - `solve --emit ENGINE`: the command that runs each
 * answer (launch.h). solve --for WHAT prints it under the answer; solve
 * --for deployment prints one per ranked deployment of that engine, each
 * recomputed from its configuration so the verdict comment is the plan's.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"
#include "kvplan/compute.h"
#include "kvplan/engine.h"

enum kvp_status kvp_launch_emit_answer(FILE *out, const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       const char *engine,
                                       struct kvp_error *err)
{
	fprintf(out, "\ncommand (--emit %s):\n", engine);
	return kvp_launch_emit(out, p, res, engine, err);
}

/* The --emit name of an engine's first table ("sglang", "llama-server"). */
static const char *emit_name_of(enum kvp_engine_kind k)
{
	static const char *const names[] = { "vllm", "llama-server", "sglang",
		"trtllm-serve" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (kvp_launch_engine_by_name(names[i])->kind == k)
			return names[i];
	return "(no command kvplan writes)";
}

enum kvp_status kvp_launch_emit_ranked(FILE *out, const struct kvp_plan *base,
                                       const struct kvp_search_space *s,
                                       const struct kvp_search_buf *b,
                                       size_t n_answers, const char *engine,
                                       struct kvp_error *err)
{
	const struct kvp_launch_engine *e = kvp_launch_engine_by_name(engine);
	struct kvp_plan *p = malloc(sizeof *p);
	struct kvp_result *res = malloc(sizeof *res);
	enum kvp_status st = KVP_OK;
	size_t i;

	if (!p || !res) {
		free(p);
		free(res);
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	}
	if (!e)
		st = kvp_launch_emit(out, base, NULL, engine, err);   /* the name's error */
	fprintf(out, "\ncommands (--emit %s):\n", engine);
	for (i = 0; st == KVP_OK && i < n_answers; i++) {
		const struct kvp_search_cfg *c = &b->cfgs[b->answers[i].cfg];

		kvp_search_plan(base, s, c, p);
		fprintf(out, "%3zu. ", i + 1);
		if (p->engine.kind != e->kind) {
			fprintf(out, "engine %s, not %s's (--emit %s writes it)\n",
			        kvp_engine_name(p->engine.kind), e->program,
			        emit_name_of(p->engine.kind));
			continue;
		}
		if (kvp_compute(p, res) != KVP_OK) {
			st = kvp_error_set(err, res->error.status, "%s", res->error.msg);
			break;
		}
		fprintf(out, "%u x %s\n", c->cards, s->cards[c->card].name);
		st = kvp_launch_emit(out, p, res, engine, err);
	}
	free(p);
	free(res);
	return st;
}
