/*
 * name_set.h - a set of names, to find the first repeat among a file's
 * tensor names or keys (GGUF: gguf.cpp refuses a duplicate tensor name
 * or key; llama-model-loader.cpp a tensor found in two split files).
 * Names are copied into the set, compared whole (exact, no hash
 * trusted), found through an open-addressing table: time linear in the
 * names' bytes, memory their bytes plus 24 bytes a name. The caller owns
 * the set: zero it, add, then kvp_name_set_free.
 */
#ifndef KVPLAN_IO_NAME_SET_H
#define KVPLAN_IO_NAME_SET_H

#include <stddef.h>
#include <stdint.h>

struct kvp_name_ent {
	size_t off;       /* into arena */
	uint64_t idx;     /* the caller's index given with the name */
};

struct kvp_name_set {
	char *arena;
	size_t used, room;
	struct kvp_name_ent *ent;
	size_t n, ent_room;
	size_t *slot;     /* entry + 1, 0 = empty; n_slot a power of two */
	size_t n_slot;
};

/* Add NAME with the caller's index IDX. Returns 1 when an equal name
 * was added before (its index in *first; NAME is not added again), 0
 * when added, -1 when out of memory. */
int kvp_name_set_add(struct kvp_name_set *s, const char *name, uint64_t idx,
                     uint64_t *first);

/* The K-th name added (0-based, K < s->n). */
const char *kvp_name_set_at(const struct kvp_name_set *s, size_t k);

void kvp_name_set_free(struct kvp_name_set *s);

#endif
