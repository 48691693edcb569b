/*
 * log_words.h - an engine's log wording as a table row: the words a line
 * holds, the figure or setting they give and how it is read, and the
 * releases or builds that print it with a public source. log_parse.c keeps
 * one table of these per engine (llama_words[], llama_ctx_words[],
 * sglang_words[], trtllm_words[], aph_words[]); adding a wording kvplan
 * does not read yet is a row there plus a line of a real log, with its
 * source, in tests/data/logs/wordings.tsv.
 */
#ifndef KVPLAN_IO_LOG_WORDS_H
#define KVPLAN_IO_LOG_WORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "io/logs/log_parse.h"

/* How a row's figure is read, from the end of its words. */
enum log_read {
	LR_BYTES,       /* a figure and its unit: bytes ("GB" = 10^9) */
	LR_BYTES_GIB,   /* the same, "GB" meaning GiB (vLLM, SGLang print
	                   bytes / 2^30 as "GB"; llama.cpp 2023's "MB") */
	LR_COUNT,       /* a count, no unit */
	LR_BUFFER,      /* llama.cpp "NAME <what> buffer size = N MiB": the
	                   words are " <what> buffer size", the device the
	                   name before them */
	LR_SETTING,     /* an integer setting (`what` is an enum kvp_log_key) */
	LR_FLAG,        /* the words alone set setting `what` to 1 */
	LR_SEEN,        /* read, no figure to compare */
	LR_FN,          /* read by `fn` (more than one figure, or state) */
};

/* `scope` for the cache the log is describing (llama.cpp's "creating
 * non-SWA / SWA KV cache" line before the figures of that cache). */
#define LOG_SCOPE_CUR (-1)

/*
 * A reader for LR_FN: `at` is where the row's words start in `line`,
 * `dev` the device the engine's prefix names (SGLang's "TP0") or NULL.
 * Returns 1 when it took a figure, 0 for the row's line whose figure
 * could not be read, -1 for a line that is not the row's after all (the
 * next rows are tried).
 */
typedef int log_word_fn(struct kvp_log *log, const char *line,
                        const char *at, const char *dev, uint32_t ln);

struct log_word {
	enum kvp_engine_kind engine;
	const char *words;        /* the figure follows these words */
	const char *with;         /* NULL, or words the line must also hold */
	enum log_read read;
	int what;                 /* enum kvp_obs_kind, or enum kvp_log_key
	                             for LR_SETTING and LR_FLAG */
	int scope;                /* enum kvp_obs_scope, or LOG_SCOPE_CUR */
	bool also;                /* the next row may read the same line
	                             too ("mem usage=..., avail mem=...") */
	log_word_fn *fn;          /* LR_FN */
	const char *seen;         /* releases / builds that print it, and a
	                             public source */
};

#endif
