/*
 * smi_csv.h - one card group from what nvidia-smi prints for
 * `nvidia-smi --query-gpu=name,memory.total --format=csv` (more columns
 * allowed, nounits too): every GPU row the same board, the count the
 * number of rows, the capacity each row's memory.total in MiB x 2^20,
 * the board's other figures (speed) from the card preset its name leads
 * to (src/io/plan/preset_names.c aliases), when there is one.
 */
#ifndef KVPLAN_IO_SMI_CSV_H
#define KVPLAN_IO_SMI_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "kvplan/devices.h"
#include "kvplan/status.h"

/* True when text starts as nvidia-smi's csv does ("name," header). */
bool kvp_smi_csv_is(const char *text, size_t len);

/* The card and count from the text (`what` names it in messages). A
 * row of another board or capacity, or none at all, is refused naming
 * the line. *note gets one line saying what was read. */
enum kvp_status kvp_smi_csv_card(const char *text, const char *what,
                                 struct kvp_card *c, uint32_t *count,
                                 char *note, size_t note_n,
                                 struct kvp_error *err);

#endif
