/* notes.c - one line added to an importer's notes (notes.h). */
#include <stdio.h>

#include "io/notes.h"

void kvp_notes_vadd(struct kvp_notes *notes, const char *fmt, va_list ap)
{
	if (!notes || notes->n >= KVP_MAX_NOTES)
		return;
	vsnprintf(notes->line[notes->n], sizeof notes->line[0], fmt, ap);
	notes->n++;
}

void kvp_notes_add(struct kvp_notes *notes, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kvp_notes_vadd(notes, fmt, ap);
	va_end(ap);
}
