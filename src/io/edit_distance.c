/* edit_distance.c - Levenshtein distance, one row of KVP_EDIT_MAX + 1
 * cells on the stack. */
#include <string.h>

#include "io/edit_distance.h"

unsigned kvp_edit_distance(const char *a, const char *b)
{
	unsigned row[KVP_EDIT_MAX + 1];
	size_t i, j, la = strlen(a), lb = strlen(b);

	if (la > KVP_EDIT_MAX)
		la = KVP_EDIT_MAX;
	if (lb > KVP_EDIT_MAX)
		lb = KVP_EDIT_MAX;
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
