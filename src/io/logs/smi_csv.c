/*
 * smi_csv.c - a card group from nvidia-smi's csv output (smi_csv.h).
 *
 * nvidia-smi --query-gpu=...,--format=csv writes a header of the query's
 * fields ("name, memory.total [MiB]", with nounits the unit still in the
 * header) and one row per GPU, fields separated by ", " (seen in
 * akash-network/provider-configs#99: "name, driver_version, memory.total
 * [MiB], ..." / "NVIDIA L40S, 595.71.05, 46068 MiB, ..."). memory.total
 * is the driver's total, what the card presets hold (presets/cards).
 *
 * A unified-memory board has no such total: on a DGX Spark nvidia-smi
 * prints "NVIDIA GB10, [N/A]" (docs.nvidia.com/dgx/dgx-spark/
 * known-issues.html; unslothai/unsloth#10703 quotes the csv). Such a row
 * takes the capacity of the preset its name leads to (dgx-spark: the
 * CUDA total, with its source); a board without a preset is refused
 * naming the field, since no figure would be exact.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/smi_csv.h"
#include "kvplan/preset.h"

#define SMI_FIELDS 32
#define SMI_LINE   512

/* Split a line at ',' into trimmed fields; returns how many. */
static size_t split(char *line, char **f, size_t max)
{
	size_t n = 0;
	char *p = line, *e;

	while (n < max) {
		char *comma = strchr(p, ',');

		if (comma)
			*comma = '\0';
		while (*p == ' ' || *p == '\t')
			p++;
		e = p + strlen(p);
		while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			*--e = '\0';
		f[n++] = p;
		if (!comma)
			break;
		p = comma + 1;
	}
	return n;
}

/* The header's name and memory.total columns. */
static bool columns(char *header, size_t *name, size_t *mem)
{
	char *f[SMI_FIELDS];
	size_t n = split(header, f, SMI_FIELDS), i;

	*name = *mem = SMI_FIELDS;
	for (i = 0; i < n; i++) {
		if (!strcmp(f[i], "name"))
			*name = i;
		else if (!strcmp(f[i], "memory.total [MiB]"))
			*mem = i;
	}
	return *name < SMI_FIELDS && *mem < SMI_FIELDS;
}

/* A header that starts "name," or holds the name and memory.total
 * columns elsewhere ("index, name, memory.total [MiB], ...", the query
 * most public outputs show: unslothai/unsloth#10703). */
bool kvp_smi_csv_is(const char *text, size_t len)
{
	char line[SMI_LINE];
	size_t n = strcspn(text, "\n"), a, b;

	if (len >= 5 && !strncmp(text, "name", 4) &&
	    (text[4] == ',' || text[4] == ' '))
		return true;
	if (n >= sizeof line || n > len)
		return false;
	memcpy(line, text, n);
	line[n] = '\0';
	return columns(line, &a, &b);
}

/* "81559 MiB" or "81559" (nounits) as MiB into *m; "[N/A]" or
 * "[Not Supported]" (no total for the board) as 0. False when neither. */
static bool mib(const char *s, uint64_t *m)
{
	char *end;
	unsigned long long v;

	*m = 0;
	if (!strcmp(s, "[N/A]") || !strcmp(s, "[Not Supported]"))
		return true;
	v = strtoull(s, &end, 10);
	if (end == s || v == 0 || v > (1ull << 32))
		return false;
	while (*end == ' ')
		end++;
	if (*end != '\0' && strcmp(end, "MiB"))
		return false;
	*m = (uint64_t)v;
	return true;
}

/* Fill *c from the board's name: the preset it leads to, else bare.
 * m = 0 (nvidia-smi printed no total): the preset's capacity, or
 * refused when there is no preset. */
static enum kvp_status board(const char *name, uint64_t m, struct kvp_card *c,
                             char *note, size_t note_n, uint32_t count,
                             const char *what, struct kvp_error *err)
{
	struct kvp_error e;
	char pnote[256] = "";

	memset(c, 0, sizeof *c);
	if (kvp_card_load_named(name, c, pnote, sizeof pnote, &e) != KVP_OK) {
		if (!m)
			return kvp_error_set(err, KVP_EINVAL, "%s: memory.total "
			       "[N/A] for %s and no card preset for it: give "
			       "--card-capacity", what, name);
		memset(c, 0, sizeof *c);
		snprintf(c->name, sizeof c->name, "%.*s",
		         (int)sizeof c->name - 1, name);
		snprintf(note, note_n, "%u x %s, %llu MiB each (nvidia-smi): no "
		         "card preset for it, so no speed figures", count, name,
		         (unsigned long long)m);
	} else if (!m) {
		snprintf(note, note_n, "%u x %s (nvidia-smi): memory.total "
		         "[N/A], unified memory: the %s preset's capacity and "
		         "figures", count, name, c->name);
		return KVP_OK;
	} else {
		snprintf(note, note_n, "%u x %s, %llu MiB each (nvidia-smi): "
		         "the %s preset's speed figures, nvidia-smi's total",
		         count, name, (unsigned long long)m, c->name);
	}
	c->capacity_bytes = m << 20;
	c->allocatable = false;
	return KVP_OK;
}

enum kvp_status kvp_smi_csv_card(const char *text, const char *what,
                                 struct kvp_card *c, uint32_t *count,
                                 char *note, size_t note_n,
                                 struct kvp_error *err)
{
	char line[SMI_LINE], name0[SMI_LINE] = "", *f[SMI_FIELDS];
	size_t ci_name = SMI_FIELDS, ci_mem = SMI_FIELDS, n, lineno = 0, len;
	uint64_t m0 = 0, m;
	uint32_t rows = 0;
	const char *p = text, *nl;

	for (; *p; p = nl ? nl + 1 : p + len) {
		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		lineno++;
		if (len >= sizeof line)
			return kvp_error_set(err, KVP_EINVAL, "%s:%zu: line longer "
			                     "than %d characters", what, lineno,
			                     SMI_LINE - 1);
		memcpy(line, p, len);
		line[len] = '\0';
		if (lineno == 1) {
			if (!columns(line, &ci_name, &ci_mem))
				return kvp_error_set(err, KVP_EINVAL, "%s:1: not "
				       "nvidia-smi --query-gpu=name,memory.total "
				       "--format=csv output (no name and "
				       "memory.total [MiB] columns)", what);
			continue;
		}
		if (strspn(line, " \t\r") == len)
			continue;
		n = split(line, f, SMI_FIELDS);
		if (ci_name >= n || ci_mem >= n || !mib(f[ci_mem], &m))
			return kvp_error_set(err, KVP_EINVAL, "%s:%zu: '%.80s' - "
			                     "no name and memory.total in MiB", what,
			                     lineno, line);
		if (!rows) {
			snprintf(name0, sizeof name0, "%s", f[ci_name]);
			m0 = m;
		} else if (strcmp(name0, f[ci_name]) || m != m0) {
			return kvp_error_set(err, KVP_EINVAL, "%s:%zu: %s, %llu MiB "
			       "- another board than line 2 (%s, %llu MiB): one "
			       "--card is one group of the same card", what, lineno,
			       f[ci_name], (unsigned long long)m, name0,
			       (unsigned long long)m0);
		}
		if (++rows > 4096)
			return kvp_error_set(err, KVP_EINVAL, "%s: more than 4096 "
			                     "GPUs", what);
	}
	if (!rows)
		return kvp_error_set(err, KVP_EINVAL, "%s: no GPU rows after the "
		                     "header", what);
	*count = rows;
	return board(name0, m0, c, note, note_n, rows, what, err);
}
