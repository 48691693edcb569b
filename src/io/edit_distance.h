/* edit_distance.h - the edit distance of two names, for "did you
 * mean" (mistyped commands and flags, src/cli/suggest.c) and preset names
 * (src/io/plan/preset_names.c). */
#ifndef KVPLAN_IO_EDIT_DISTANCE_H
#define KVPLAN_IO_EDIT_DISTANCE_H

#define KVP_EDIT_MAX 128   /* longer names are compared on their first 128 bytes */

/* Insertions, deletions, substitutions and swaps of two neighbouring
 * bytes turning a into b (optimal string alignment), bytes. */
unsigned kvp_edit_distance(const char *a, const char *b);

#endif
