/*
 * man_sections.c - print the generated parts of man/kvplan.1 in mdoc:
 *   man_sections fields   every flag of the field table (kvplan/field.h)
 *   man_sections keys     every action of the TUI table (src/tui/action.h)
 *   man_sections warnings every warning code of the table in
 *                         src/core/verdict/warning.c: id, slug and advice
 * tools/man_update.sh pastes them between the `.\" BEGIN x` and
 * `.\" END x` markers of the page; tests/cli/man_sections.sh rebuilds this
 * program in `make check` and fails when the page has drifted.
 * Not part of the kvplan binary.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/field.h"
#include "kvplan/warning.h"
#include "tui/action.h"

/* Placeholder shown after a flag, by type. */
static const char *arg_of(const struct kvp_field *f, char *buf, size_t n)
{
	size_t i, o = 0;

	switch (f->type) {
	case KVP_FT_U32: case KVP_FT_U64: case KVP_FT_I32:
		return "N";
	case KVP_FT_BOOL:
		return "BOOL";
	case KVP_FT_PPM:
		return "FRACTION";
	case KVP_FT_BYTES:
		return "BYTES";
	case KVP_FT_DTYPE: case KVP_FT_WDTYPE:
		return "FORMAT";
	case KVP_FT_STRING:
		return "TEXT";
	case KVP_FT_TRISTATE:
		return "auto|on|off";
	case KVP_FT_ENUM:
		buf[0] = '\0';
		for (i = 0; f->choices && f->choices[i]; i++)
			o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "%s%s",
			                      i ? "|" : "", f->choices[i]);
		return buf;
	}
	return "VALUE";
}

/* mdoc text: a line must not start with a dot or apostrophe, and a
 * backslash must be doubled. */
static void text(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '\\')
			putchar('\\');
		putchar(*s);
	}
	putchar('\n');
}

/* text() with `end` appended (the help strings carry no punctuation). */
static void text_end(const char *s, const char *end)
{
	char buf[512];

	snprintf(buf, sizeof buf, "%s%s", s, end);
	text(buf);
}

static void fields(void)
{
	int sec;
	size_t i;
	char buf[256];

	for (sec = 0; sec < KVP_SEC_COUNT; sec++) {
		const char *name = kvp_section_name((enum kvp_section)sec);

		printf(".Ss %c%s\n", name[0] >= 'a' && name[0] <= 'z' ?
		       name[0] - 'a' + 'A' : name[0], name + 1);
		printf(".Bl -tag -width Ds\n");
		for (i = 0; i < kvp_field_count(); i++) {
			const struct kvp_field *f = kvp_field_at(i);

			if ((int)f->section != sec || !f->flag)
				continue;
			printf(".It Fl \\-%s Ar %s\n", f->flag, arg_of(f, buf, sizeof buf));
			text_end(f->help, ";");
			printf("JSON key\n.Cm %s .\n", f->key);
		}
		printf(".El\n");
	}
}

static void keys(void)
{
	size_t n, i;
	const struct kvp_action *a = kvp_tui_actions(&n);

	printf(".Bl -tag -width Ds\n");
	for (i = 0; i < n; i++) {
		printf(".It Sy \"%s\"\n", a[i].keys);
		text_end(a[i].help, ";");
		printf("action\n.Cm %s .\n", a[i].name);
	}
	printf(".El\n");
}

/* Every code from the first to KVP_W_CODE_END, in order: id and slug as
 * the tag, the advice as the body (it is one or two sentences, already
 * punctuated). */
static void warnings(void)
{
	int c;

	printf(".Bl -tag -width Ds\n");
	for (c = KVP_W_QHEADS_AS_KV; c < KVP_W_CODE_END; c++) {
		enum kvp_warn_code w = (enum kvp_warn_code)c;

		printf(".It Sy %s Cm %s\n", kvp_warn_id(w), kvp_warn_slug(w));
		printf("Fires when\n");
		text(kvp_warn_fires(w));
		text(kvp_warn_advice(w));
	}
	printf(".El\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "fields"))
		fields();
	else if (argc == 2 && !strcmp(argv[1], "keys"))
		keys();
	else if (argc == 2 && !strcmp(argv[1], "warnings"))
		warnings();
	else {
		fprintf(stderr, "usage: man_sections fields|keys|warnings\n");
		return 2;
	}
	return 0;
}
