/* edit_distance.c - the optimal string alignment distance (Levenshtein
 * plus the swap of two neighbouring bytes as one edit, the commonest
 * typo: "fti" for "fit"), three rows of KVP_EDIT_MAX + 1 cells on the
 * stack. */
#include <string.h>

#include "io/edit_distance.h"

static unsigned min3(unsigned a, unsigned b, unsigned c)
{
	unsigned m = a < b ? a : b;

	return m < c ? m : c;
}

unsigned kvp_edit_distance(const char *a, const char *b)
{
	unsigned rows[3][KVP_EDIT_MAX + 1];
	unsigned *two = rows[0], *prev = rows[1], *cur = rows[2], *t;
	size_t i, j, la = strlen(a), lb = strlen(b);

	if (la > KVP_EDIT_MAX)
		la = KVP_EDIT_MAX;
	if (lb > KVP_EDIT_MAX)
		lb = KVP_EDIT_MAX;
	for (j = 0; j <= lb; j++)
		prev[j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		cur[0] = (unsigned)i;
		for (j = 1; j <= lb; j++) {
			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
			              prev[j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && two[j - 2] + 1 < cur[j])
				cur[j] = two[j - 2] + 1;
		}
		t = two;
		two = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}
