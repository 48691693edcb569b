/*
 * share.h - a share of a card given on the command line ("0.1", "10%",
 * "0") as parts per million: solve's --margin and the deployment
 * search's --min-headroom read it the same way.
 */
#ifndef KVPLAN_CLI_SHARE_H
#define KVPLAN_CLI_SHARE_H

#include <stdint.h>

#include "kvplan/status.h"

/* v: a fraction 0..1 (six decimals kept) or a percent 0..100%. Errors
 * name `flag` (e.g. "--margin") and the value. */
enum kvp_status kvp_cli_share_parse(const char *flag, const char *v,
                                    uint32_t *ppm, struct kvp_error *err);

#endif
