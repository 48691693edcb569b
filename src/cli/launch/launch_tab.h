/*
 * launch_tab.h - the tables behind reading and writing an engine's own
 * launch command (launch.h): one table per engine of its flags, each row
 * a spelling list, whether it takes a value, the kvplan flag it becomes
 * (or why it is not modelled), and the source it was read from.
 *
 * A row's kvplan flag is applied by kvplan's own option parser (opts.c),
 * so every value goes through the parser of that field: nothing here
 * converts a number. Conversions are word maps only (vLLM's "half" is
 * kvplan's "f16").
 */
#ifndef KVPLAN_CLI_LAUNCH_TAB_H
#define KVPLAN_CLI_LAUNCH_TAB_H

#include <stdbool.h>
#include <stddef.h>

#include "kvplan/engine.h"

/* How a row's value becomes kvplan's. */
enum kvp_lf_conv {
	LF_SAME = 0,     /* the value as written */
	LF_MODEL,        /* the model: kvplan --model (unless the user gave one) */
	LF_VLLM_KVDT,    /* vLLM --kv-cache-dtype words */
	LF_VLLM_DTYPE,   /* vLLM/SGLang --dtype: auto = not given */
	LF_QUANT,        /* --quantization: the checkpoint's own method is
	                    read from its config; an online method is refused */
	LF_NGL,          /* llama.cpp -ngl: all = -1, auto refused */
	LF_NP,           /* llama-server -np: -1 = auto (4 slots, unified) */
	LF_HF,           /* llama.cpp -hf ORG/NAME[:QUANT] */
	LF_SGL_KVDT,     /* SGLang --kv-cache-dtype words */
	LF_CTXCP,        /* llama.cpp -ctxcp: -1 = none (kvplan 0) */
	LF_YAML,         /* trtllm-serve --extra_llm_api_options FILE */
	LF_TRT_BACKEND,  /* trtllm-serve --backend: pytorch only */
	LF_FA,           /* llama.cpp -fa: is_truthy/falsey/autoy words */
	LF_SGL_CHUNK,    /* SGLang --chunked-prefill-size: 0 or less = off
	                    (kvplan -1; kvplan's 0 is SGLang's default) */
	LF_VLLM_COMPILE  /* vLLM --compilation-config / -O: not modelled,
	                    refused where it sets the CUDA graph capture
	                    sizes kvplan counts (vllm_profile.c) */
};

struct kvp_launch_flag {
	const char *names[4];   /* spellings; names[0] is the one written */
	bool value;             /* takes a value */
	bool negatable;         /* argparse BooleanOptionalAction: --no-X too */
	const char *to;         /* kvplan flag without "--" (a switch's
	                           whole word, "no-kv-unified"); NULL: not
	                           modelled */
	enum kvp_lf_conv conv;
	const char *refuse;     /* not modelled and it changes memory: why
	                           the command is refused; NULL: listed in a
	                           note as not modelled */
	const char *source;     /* where the row was read */
	bool many;              /* argparse nargs "+", "*" or "?": takes the
	                           words up to the next flag (value: one or
	                           more, or, with "?", none) */
};

/* A flag (or one word of its value, or the program itself) whose
 * releases are known (launch_range.c): a release named outside [first,
 * last] refuses it as the engine's parser does, and --emit does not
 * write it for that release. Where the sources give no earlier release,
 * `first` is the first one seen to have it (the source says "unknown
 * before"): kvplan is conservative and takes it as the first. */
struct kvp_launch_range {
	enum kvp_engine_kind kind;
	const char *flag;       /* a spelling ("--no-X" for the negation),
	                           or the program ("vllm serve") */
	const char *value;      /* a word of the flag's value; NULL: the flag */
	const char *first;      /* first release that has it; NULL: not known */
	const char *last;       /* last release that has it; NULL: not known */
	const char *source;     /* where first/last were read */
};

/* The range of the engine's flag that `release` lies outside; NULL when
 * the flag has no known range, the release is inside it, or release is
 * NULL or of no form kvplan orders. */
const struct kvp_launch_range *kvp_launch_outside(enum kvp_engine_kind kind,
                                                  const char *flag,
                                                  const char *release);

/* The same for one word of the flag's value (--kv-cache-dtype fp8). */
const struct kvp_launch_range *kvp_launch_word_outside(enum kvp_engine_kind kind,
                                                       const char *flag,
                                                       const char *word,
                                                       const char *release);

/* The known ranges, for the tests that walk them. */
extern const struct kvp_launch_range kvp_launch_ranges[];
extern const size_t kvp_launch_n_ranges;

/* The llama.cpp releases whose flag lists kvplan holds (bits of
 * kvp_launch_known.rel). */
#define KVP_LC_V040 1u   /* node-llama-cpp 3.21.1's common/arg.cpp */
#define KVP_LC_V050 2u   /* node-llama-cpp 3.22.1's; the table's release */

/* llama.cpp's full flag list (launch_llama_known.c). */
struct kvp_launch_known {
	const char *name;
	bool value, server, cli;
	unsigned rel;           /* KVP_LC_* bits: the releases that have it */
};
extern const struct kvp_launch_known kvp_launch_llama_known[];
extern const size_t kvp_launch_llama_n_known;

/* The KVP_LC_* bit of a release name ("v0.4.0"), its label in *label;
 * 0 when kvplan holds no flag list of that release. */
unsigned kvp_launch_llama_release(const char *release, const char **label);

struct kvp_launch_engine {
	const char *emit_name;      /* --emit NAME */
	const char *program;        /* how the command starts when written */
	enum kvp_engine_kind kind;
	const char *release;        /* the release the table was read at */
	const char *source;         /* file@commit */
	const struct kvp_launch_flag *flags;
	size_t n_flags;
	const char *model_flag;     /* the model's flag when written; NULL:
	                               the positional after the program */
	bool positional_model;      /* a bare word is the model (vllm serve) */
	bool llama;                 /* flags also from kvp_launch_llama_known */
	bool llama_cli;             /* ... the llama-cli column of it */
};

extern const struct kvp_launch_engine kvp_launch_vllm;
extern const struct kvp_launch_engine kvp_launch_vllm_api;
extern const struct kvp_launch_engine kvp_launch_llama_server;
extern const struct kvp_launch_engine kvp_launch_llama_cli;
extern const struct kvp_launch_engine kvp_launch_sglang;
extern const struct kvp_launch_engine kvp_launch_trtllm;

#endif
