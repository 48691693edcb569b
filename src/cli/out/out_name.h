/*
 * out_name.h - the output format an --output FILE name asks for (issue
 * 31: `--output sizing.md` wrote text into a .md file).
 */
#ifndef KVPLAN_CLI_OUT_NAME_H
#define KVPLAN_CLI_OUT_NAME_H

#include "cli/opts.h"

/* With --output FILE and no --format, set o->format from FILE's
 * extension (.md, .json, .svg, .txt; others leave the format alone).
 * Bad input (one line on stderr via kvp_emit_fail, returns 2): a name
 * whose format the command does not write (.csv for calc), or whose
 * extension contradicts --format. Returns 0 otherwise. */
int kvp_output_format(const char *cmd, const char *output, struct kvp_opts *o);

#endif
