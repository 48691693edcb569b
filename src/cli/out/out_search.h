/*
 * out_search.h - printing the deployment search (cmd_search.c): text,
 * JSON and CSV of the same answers. Every figure is read from the
 * search's configurations and answers (kvplan/search.h); this file only
 * formats them.
 */
#ifndef KVPLAN_CLI_OUT_SEARCH_H
#define KVPLAN_CLI_OUT_SEARCH_H

#include <stdbool.h>
#include <stdio.h>

#include "io/prices.h"
#include "kvplan/search.h"

/* The command's state: the space and options its flags build. */
struct kvp_search_cli {
	struct kvp_search_space space;
	struct kvp_search_opts opts;
	const char *card_spec[KVP_SEARCH_MAX_CARDS]; /* as given / preset */
	char preset_names[KVP_SEARCH_MAX_CARDS][64];
	char card_text[1024];
	struct kvp_prices prices;
	bool have_prices;
	bool weights_own;     /* "model" is among --weight-formats */
	bool all;
};

/* Print in `format` ("text", "json", "csv"); returns 0 or 2. */
int kvp_out_search(FILE *f, const char *format, const struct kvp_plan *p,
                   const struct kvp_search_cli *c,
                   const struct kvp_search_buf *b,
                   const struct kvp_search_out *out);

#endif
