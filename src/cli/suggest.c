/*
 * suggest.c - "did you mean" for mistyped commands and flags: the
 * Levenshtein distance of the typed name to each candidate, the nearest
 * kept when it is within a typo's reach (suggest.h).
 */
#include <string.h>

#include "io/edit_distance.h"
#include "cli/suggest.h"

void kvp_suggest_init(struct kvp_suggest *s, const char *typed)
{
	s->typed = typed;
	s->best = NULL;
	s->best_d = ~0u;
}

void kvp_suggest_offer(struct kvp_suggest *s, const char *name)
{
	unsigned d;

	if (!name || !name[0])
		return;
	d = kvp_edit_distance(s->typed, name);
	if (d < s->best_d) {
		s->best = name;
		s->best_d = d;
	}
}

const char *kvp_suggest_best(const struct kvp_suggest *s)
{
	size_t n = strlen(s->typed);
	unsigned reach = n <= 4 ? 1 : n <= 8 ? 2 : (unsigned)(n / 3);

	return s->best && s->best_d > 0 && s->best_d <= reach ? s->best : NULL;
}
