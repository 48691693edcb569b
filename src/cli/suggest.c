/*
 * suggest.c - "did you mean" for mistyped commands and flags: the
 * Levenshtein distance of the typed name to each candidate, the nearest
 * kept when it is within a typo's reach (suggest.h).
 */
#include <string.h>

#include "cli/suggest.h"

#define SUGGEST_MAX 64   /* longer names are compared on their first 64 */

static unsigned distance(const char *a, const char *b)
{
	unsigned row[SUGGEST_MAX + 1];
	size_t i, j, la = strlen(a), lb = strlen(b);

	if (la > SUGGEST_MAX)
		la = SUGGEST_MAX;
	if (lb > SUGGEST_MAX)
		lb = SUGGEST_MAX;
	for (j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		unsigned diag = row[0];

		row[0] = (unsigned)i;
		for (j = 1; j <= lb; j++) {
			unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

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
	d = distance(s->typed, name);
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
