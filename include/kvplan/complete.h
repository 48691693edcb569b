/*
 * complete.h - completing what a person types where a model is asked for
 * (the planner's model prompt, Tab): a path (folders, *.gguf and *.json
 * files), a model in the local Hugging Face cache ("Qwen/Qw" to
 * "Qwen/Qwen3-8B") or a model preset's name. Reads folder listings, the
 * cache's folder names and refs/main, and the preset folders; nothing
 * else, and never the network.
 */
#ifndef KVPLAN_COMPLETE_H
#define KVPLAN_COMPLETE_H

#include <stddef.h>

#define KVP_COMPLETE_MAX 48     /* candidates kept (more are counted) */
#define KVP_COMPLETE_LEN 512    /* bytes of one candidate, NUL included */

enum kvp_complete_src {
	KVP_COMPLETE_PATH = 0,     /* a file or folder ("dir/" ends in '/') */
	KVP_COMPLETE_CACHED,       /* a Hugging Face cache id */
	KVP_COMPLETE_PRESET        /* a model preset's name */
};

struct kvp_completions {
	size_t n;                  /* candidates found, may exceed stored */
	size_t stored;             /* those in item[] (sorted, no repeats) */
	char item[KVP_COMPLETE_MAX][KVP_COMPLETE_LEN];
	enum kvp_complete_src src[KVP_COMPLETE_MAX];
	/* the text every candidate starts with, at least as long as what was
	 * typed (the typed text itself when nothing matches); a single
	 * candidate is the whole of it. Letters typed in the other case take
	 * the candidates' case. */
	char common[KVP_COMPLETE_LEN];
};

/* The candidates for `text` (may be empty: every cached id and preset).
 * A text starting with '/', './', '../' or '~/', or holding a '/' after
 * which an existing folder is named, completes as a path; a text of the
 * form ORG/NAME prefix completes against the cache; any text also against
 * model preset names. Case is ignored for ids and presets, not paths. */
void kvp_model_complete(const char *text, struct kvp_completions *c);

#endif
