/*
 * out_name.c - the format an --output name asks for (out_name.h): one
 * table of extensions, the command's own --format list deciding what it
 * can write.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli/emit.h"
#include "cli/out/out_name.h"

static const struct {
	const char *ext;       /* with its dot */
	const char *format;    /* the --format value it asks for */
	const char *what;
} names[] = {
	{ ".md",   "md",   "Markdown" },
	{ ".json", "json", "JSON" },
	{ ".svg",  "svg",  "SVG" },
	{ ".txt",  "text", "text" },
	{ ".csv",  "csv",  "CSV" },
};

/* The command writes format f (its --format list). */
static bool writes(const struct kvp_opts *o, const char *f)
{
	size_t i;

	for (i = 0; o->formats && o->formats[i]; i++)
		if (!strcmp(o->formats[i], f))
			return true;
	return !o->formats && (!strcmp(f, "text") || !strcmp(f, "json"));
}

int kvp_output_format(const char *cmd, const char *output, struct kvp_opts *o)
{
	const char *dot = output ? strrchr(output, '.') : NULL;
	char msg[4200];
	size_t i;

	if (!dot || strchr(dot, '/'))
		return 0;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (strcasecmp(dot, names[i].ext))
			continue;
		if (!writes(o, names[i].format)) {
			snprintf(msg, sizeof msg, "--output: '%s' - a %s name, but %s "
			         "writes no %s (it writes text, json, md or svg; "
			         "`kvplan sweep --format csv` writes a grid as CSV)",
			         output, names[i].what, cmd, names[i].what);
			return kvp_emit_fail(cmd, msg);
		}
		if (o->format_given && strcmp(o->format, names[i].format)) {
			snprintf(msg, sizeof msg, "--output: '%s' - a %s name, but "
			         "--format %s; give --format %s or a name that fits",
			         output, names[i].what, o->format, names[i].format);
			return kvp_emit_fail(cmd, msg);
		}
		snprintf(o->format, sizeof o->format, "%s", names[i].format);
		return 0;
	}
	return 0;
}
