/*
 * escape.h - control characters made visible (issue 10: plans shared by
 * others are untrusted). A name, id or class name with an ESC, a carriage
 * return or a C1 control in it could rewrite the user's terminal or hide
 * text in a report; every such byte becomes "\xNN" (a C1 control, UTF-8
 * C2 80..C2 9F, becomes "\u0080".."\u009f"). Pure: no allocation.
 */
#ifndef KVPLAN_ESCAPE_H
#define KVPLAN_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Escape in[0..len) into out (n bytes, always NUL-terminated when n > 0),
 * never splitting an escape. Newlines and tabs are kept when keep_lines
 * (multi-line output), escaped otherwise. Returns the length the whole
 * escaped text needs (without the NUL), like snprintf: >= n means cut.
 */
size_t kvp_escape(const char *in, size_t len, char *out, size_t n,
                  bool keep_lines);

/* True when s holds a byte kvp_escape would change (keep_lines false). */
bool kvp_needs_escape(const char *s);

#endif
