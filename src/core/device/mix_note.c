/*
 * mix_note.c - the engine note's sentence on the workload's mix ("N
 * requests of your mix fit ..."), rewritten once the devices are
 * known: none of it fits when a device is over capacity (kvp_mix_unfit,
 * after budget.c and again after host.c), and under DP the count covers
 * every replica (kvp_mix_replicas, replicas.c).
 */
#include <stdio.h>   /* snprintf into the result only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/units.h"

/* Replace the note's "; N requests of your mix fit ..." by
 * the sentence in `add` (which starts "; " when the note is not empty). */
static void mix_sentence(struct kvp_engine_result *e, const char *add)
{
	char *cut = strstr(e->note, " of your mix fit");

	if (cut) {
		while (cut > e->note && !(cut[0] == ';' && cut[1] == ' '))
			cut--;
		*cut = '\0';
	}
	if (strlen(e->note) + strlen(add) < sizeof e->note)
		strcat(e->note, e->note[0] ? add : add + 2);
}

static uint64_t all_requests(const struct kvp_plan *p)
{
	uint64_t all = 0;
	uint32_t c;

	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		all += p->workload.classes[c].requests;
	if (p->workload.ragged)
		all += p->workload.n_ragged;
	return all;
}

/* A device over capacity: none of the mix fits (result.h, mix_fit).
 * Called again once host.c has placed llama.cpp's compute and encoder
 * buffers and the host's share, each of which can turn fits false. */
void kvp_mix_unfit(struct kvp_result *res, const struct kvp_plan *p)
{
	char add[128], b[32];

	if (!res->engine.mix_computed || res->fits)
		return;
	res->engine.mix_fit = 0;
	snprintf(add, sizeof add, "; 0 requests of your mix fit: a device is "
	         "over capacity (you have %s)",
	         kvp_fmt_int(all_requests(p), b, sizeof b));
	mix_sentence(&res->engine, add);
}

void kvp_mix_replicas(struct kvp_engine_result *e, const struct kvp_plan *p)
{
	char add[128], a[32], b[32];

	snprintf(add, sizeof add, "; %s request%s of your mix fit on the %u "
	         "replicas (you have %s)", kvp_fmt_int(e->mix_fit, a, sizeof a),
	         e->mix_fit == 1 ? "" : "s", p->devices.dp,
	         kvp_fmt_int(all_requests(p), b, sizeof b));
	mix_sentence(e, add);
}
