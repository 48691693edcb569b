/*
 * warning.h - stable warning codes for the mistakes that distort sizing.
 * Codes never change meaning once shipped; text, JSON and the TUI show the
 * code ("KVP-W03"), a message with this plan's figures and one line of
 * advice from the table in warning.c.
 */
#ifndef KVPLAN_WARNING_H
#define KVPLAN_WARNING_H

enum kvp_warn_code {
	KVP_W_QHEADS_AS_KV = 1,    /* Hkv == Hq on a GQA model / assumed MHA */
	KVP_W_PROMPT_ONLY,         /* no generation reserve */
	KVP_W_WEIGHTS_NOT_CACHE,   /* quantized weights, cache format unset */
	KVP_W_QUEUE_NOT_ACTIVE,    /* one active sequence while requests queue */
	KVP_W_SAMPLES_UNCOUNTED,   /* n/beams > 1 given but not resident */
	KVP_W_POOLED_MEMORY,       /* capacity summed across cards */
	KVP_W_STATIC_FROM_SHORT,   /* static reservation sized from short runs */
	KVP_W_WINDOW_ALL_LAYERS,   /* sliding window on every layer of a model
	                              that has full-attention layers */
	KVP_W_KV_HEADS_EDITED,     /* Hkv differs from the trained model */
	KVP_W_CHARS_NOT_TOKENS,    /* a length given in characters */
	KVP_W_UNEVEN_RESERVATION,  /* short and long mixed under one maximum */
	KVP_W_ASSUMPTION,          /* an importer assumption (detail in msg) */
	KVP_W_OFFLOAD,             /* layers kept in host memory */
	KVP_W_CAPACITY_TOTAL,      /* a device nearly full of a capacity that
	                              is the driver total, not allocatable */
	KVP_W_SHARED_MEMORY,       /* a card whose memory the system shares */
	KVP_W_LAYOUT_ASSUMED,      /* imported with --assume-layout past a
	                              layout key kvplan does not read */
	KVP_W_ENCODER_PEAK,        /* vLLM profiles the vision encoder; the
	                              activation estimate leaves it out */
	KVP_W_SERVER_SLOTS,        /* llama-server's default is 4 slots on a
	                              unified cache; the plan has 1 and a
	                              model whose cache grows with slots */
	KVP_W_CODE_END
};

/* "KVP-W01" etc. */
const char *kvp_warn_id(enum kvp_warn_code c);
/* Short slug ("qheads-as-kv") and the one line of advice. */
const char *kvp_warn_slug(enum kvp_warn_code c);
const char *kvp_warn_advice(enum kvp_warn_code c);
/* When the code's detector speaks (one or two sentences, punctuated). */
const char *kvp_warn_fires(enum kvp_warn_code c);

#endif
