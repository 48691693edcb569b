/*
 * escape.c - kvp_escape (escape.h): control characters as visible text.
 */
#include <stdio.h>   /* snprintf into caller buffers only */
#include <string.h>

#include "kvplan/escape.h"

/* Bytes of input at in[i] that form one control character (0: none). */
static size_t control_at(const unsigned char *in, size_t i, size_t len,
                         bool keep_lines)
{
	unsigned char c = in[i];

	if (c == '\n' || c == '\t')
		return keep_lines ? 0 : 1;
	if (c < 0x20 || c == 0x7f)
		return 1;
	if (c == 0xc2 && i + 1 < len && in[i + 1] >= 0x80 && in[i + 1] <= 0x9f)
		return 2;   /* a C1 control, UTF-8 encoded */
	return 0;
}

size_t kvp_escape(const char *in, size_t len, char *out, size_t n,
                  bool keep_lines)
{
	const unsigned char *u = (const unsigned char *)in;
	size_t i = 0, need = 0, wrote = 0;
	bool full = false;

	while (i < len) {
		size_t k = control_at(u, i, len, keep_lines);
		char esc[8];
		size_t el;

		if (k == 0) {
			esc[0] = (char)u[i];
			el = 1;
		} else if (k == 1) {
			el = (size_t)snprintf(esc, sizeof esc, "\\x%02x", u[i]);
		} else {
			el = (size_t)snprintf(esc, sizeof esc, "\\u%04x", u[i + 1]);
		}
		i += k ? k : 1;
		need += el;
		/* whole pieces only: once one does not fit, nothing more */
		if (!full && wrote + el < n) {
			memcpy(out + wrote, esc, el);
			wrote += el;
		} else {
			full = true;
		}
	}
	if (n)
		out[wrote] = '\0';
	return need;
}

bool kvp_needs_escape(const char *s)
{
	size_t i, len = strlen(s);

	for (i = 0; i < len; i++)
		if (control_at((const unsigned char *)s, i, len, false))
			return true;
	return false;
}
