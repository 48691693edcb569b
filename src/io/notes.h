/*
 * notes.h - adding one line to an importer's notes (struct kvp_notes,
 * kvplan/preset.h): the GGUF, safetensors and config.json importers all
 * note their assumptions the same way.
 */
#ifndef KVPLAN_IO_NOTES_H
#define KVPLAN_IO_NOTES_H

#include <stdarg.h>

#include "kvplan/preset.h"

/* Formats one note into notes (which may be NULL); a note past
 * KVP_MAX_NOTES is dropped, as the importers always did. */
void kvp_notes_vadd(struct kvp_notes *notes, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
void kvp_notes_add(struct kvp_notes *notes, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
