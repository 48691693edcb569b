/* name_set.c - a set of names by open addressing (name_set.h). */
#include <stdlib.h>
#include <string.h>

#include "io/name_set.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;   /* FNV-1a */

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ull;
	}
	return h;
}

/* The slot holding NAME, or the empty slot where it goes. */
static size_t find(const struct kvp_name_set *s, const char *name)
{
	size_t i = (size_t)hash(name) & (s->n_slot - 1);

	while (s->slot[i] &&
	       strcmp(s->arena + s->ent[s->slot[i] - 1].off, name) != 0)
		i = (i + 1) & (s->n_slot - 1);
	return i;
}

/* Double the table (or make its first 64 slots), keeping it at most
 * half full. */
static int grow_slots(struct kvp_name_set *s)
{
	size_t n = s->n_slot ? s->n_slot * 2 : 64, k;
	size_t *old = s->slot;

	if (n < s->n_slot || n > SIZE_MAX / sizeof *s->slot)
		return -1;
	s->slot = calloc(n, sizeof *s->slot);
	if (!s->slot) {
		s->slot = old;
		return -1;
	}
	s->n_slot = n;
	for (k = 0; k < s->n; k++)
		s->slot[find(s, s->arena + s->ent[k].off)] = k + 1;
	free(old);
	return 0;
}

/* Room for one more entry and LEN more arena bytes. */
static int make_room(struct kvp_name_set *s, size_t len)
{
	if (s->n == s->ent_room) {
		size_t n = s->ent_room ? s->ent_room * 2 : 64;
		struct kvp_name_ent *e = n > SIZE_MAX / sizeof *e ? NULL
		                         : realloc(s->ent, n * sizeof *e);

		if (!e)
			return -1;
		s->ent = e;
		s->ent_room = n;
	}
	if (len > SIZE_MAX - s->used)
		return -1;
	if (s->used + len > s->room) {
		size_t n = s->room ? s->room : 4096;
		char *a;

		while (n < s->used + len)
			if ((n *= 2) < s->room)
				return -1;
		if (!(a = realloc(s->arena, n)))
			return -1;
		s->arena = a;
		s->room = n;
	}
	return 0;
}

int kvp_name_set_add(struct kvp_name_set *s, const char *name, uint64_t idx,
                     uint64_t *first)
{
	size_t len = strlen(name) + 1, i;

	if ((s->n + 1) * 2 > s->n_slot && grow_slots(s) != 0)
		return -1;
	i = find(s, name);
	if (s->slot[i]) {
		*first = s->ent[s->slot[i] - 1].idx;
		return 1;
	}
	if (make_room(s, len) != 0)
		return -1;
	memcpy(s->arena + s->used, name, len);
	s->ent[s->n].off = s->used;
	s->ent[s->n].idx = idx;
	s->used += len;
	s->slot[i] = ++s->n;
	return 0;
}

const char *kvp_name_set_at(const struct kvp_name_set *s, size_t k)
{
	return s->arena + s->ent[k].off;
}

void kvp_name_set_free(struct kvp_name_set *s)
{
	free(s->arena);
	free(s->ent);
	free(s->slot);
	memset(s, 0, sizeof *s);
}
