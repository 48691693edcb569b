/*
 * suggest.h - "did you mean": the nearest of a list of names to what was
 * typed (a mistyped command or --flag), as preset names get theirs
 * (src/io/plan/preset_names.c).
 */
#ifndef KVPLAN_CLI_SUGGEST_H
#define KVPLAN_CLI_SUGGEST_H

#include <stddef.h>

/* Feeds candidate names to a struct kvp_suggest one at a time. */
struct kvp_suggest {
	const char *typed;
	const char *best;     /* the nearest so far, or NULL */
	unsigned best_d;      /* its edit distance */
};

void kvp_suggest_init(struct kvp_suggest *s, const char *typed);
void kvp_suggest_offer(struct kvp_suggest *s, const char *name);
/* The nearest name when it is close enough to be a typo (an edit
 * distance of at most 1 for names up to 4 characters, 2 up to 8, else a
 * third of the typed length), or NULL. */
const char *kvp_suggest_best(const struct kvp_suggest *s);

#endif
