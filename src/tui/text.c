/*
 * text.c - clipped text output (see text.h). Text is converted to wide
 * characters so clipping counts columns, not bytes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/text.h"

#define TEXT_MAX 1024

static int put_wide(WINDOW *w, int y, int x, int maxw, attr_t attr,
                    const char *s, bool right)
{
	wchar_t ws[TEXT_MAX];
	size_t n = mbstowcs(ws, s, TEXT_MAX - 1);
	int cols, len;

	if (maxw <= 0)
		return 0;
	if (n == (size_t)-1) {          /* not valid in this locale */
		for (n = 0; s[n] && n < TEXT_MAX - 1; n++)
			ws[n] = (unsigned char)s[n] < 0x80 ? (wchar_t)s[n] : L'?';
	}
	ws[n] = L'\0';
	len = (int)n;
	cols = len < maxw ? len : maxw;
	if (right && len > maxw) {      /* keep the end: figures are right */
		wattrset(w, attr);
		mvwaddnwstr(w, y, x, ws + (len - maxw), maxw);
		return maxw;
	}
	wattrset(w, attr);
	mvwaddnwstr(w, y, right ? x + maxw - cols : x, ws, cols);
	return cols;
}

int tui_put(WINDOW *w, int y, int x, int maxw, attr_t attr, const char *fmt, ...)
{
	char buf[TEXT_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return put_wide(w, y, x, maxw, attr, buf, false);
}

int tui_put_right(WINDOW *w, int y, int x, int maxw, attr_t attr,
                  const char *fmt, ...)
{
	char buf[TEXT_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return put_wide(w, y, x, maxw, attr, buf, true);
}

void tui_put_cut(WINDOW *w, int y, int x, int width, attr_t attr, const char *text)
{
	int len = (int)mbstowcs(NULL, text, 0), cut;

	if (width <= 0)
		return;
	if (len < 0)
		len = (int)strlen(text);
	if (len <= width) {
		tui_put(w, y, x, width, attr, "%s", text);
		return;
	}
	/* byte offsets equal columns for the ASCII messages cut here; a
	 * multibyte text is only clipped shorter, never past the width */
	cut = width - 3;
	while (cut > 0 && text[cut] != ' ')
		cut--;
	if (cut <= 0)
		cut = width > 3 ? width - 3 : 0;
	tui_put(w, y, x, width, attr, "%.*s...", cut, text);
}

void tui_blank(WINDOW *w, int y, int x, int n, attr_t attr)
{
	int i;

	wattrset(w, attr);
	for (i = 0; i < n; i++)
		mvwaddch(w, y, x + i, ' ');
}

/* Bytes of the next line of at most `width` columns of s (ASCII-counted:
 * messages are ASCII; a multibyte text only wraps early), breaking at the
 * last blank; *skip receives the blanks after it. */
static int wrap_line(const char *s, int width, int *skip)
{
	int len = (int)strlen(s), n;

	*skip = 0;
	if (len <= width)
		return len;
	n = width;
	while (n > 0 && s[n] != ' ')
		n--;
	if (n == 0)
		n = width;
	while (s[n + *skip] == ' ')
		(*skip)++;
	return n;
}

int tui_wrap_rows(const char *text, int width)
{
	int rows = 0, skip, n;

	if (width <= 0)
		return 0;
	while (*text) {
		n = wrap_line(text, width, &skip);
		text += n + skip;
		rows++;
	}
	return rows;
}

int tui_put_wrap(WINDOW *w, int y, int x, int width, int rows, attr_t attr,
                 const char *text)
{
	int used = 0, skip, n;

	if (width <= 0)
		return 0;
	while (*text && used < rows) {
		n = wrap_line(text, width, &skip);
		if (used == rows - 1 && text[n + skip]) {
			tui_put_cut(w, y + used, x, width, attr, text);
			return used + 1;
		}
		tui_put(w, y + used, x, width, attr, "%.*s", n, text);
		text += n + skip;
		used++;
	}
	return used;
}

const char *tui_times(bool utf8)
{
	return utf8 ? "\u00d7" : "x";
}

void tui_box(WINDOW *w, bool utf8)
{
	if (utf8) {
		cchar_t v, h, tl, tr, bl, br;

		setcchar(&v, L"\u2502", A_NORMAL, 0, NULL);
		setcchar(&h, L"\u2500", A_NORMAL, 0, NULL);
		setcchar(&tl, L"\u250c", A_NORMAL, 0, NULL);
		setcchar(&tr, L"\u2510", A_NORMAL, 0, NULL);
		setcchar(&bl, L"\u2514", A_NORMAL, 0, NULL);
		setcchar(&br, L"\u2518", A_NORMAL, 0, NULL);
		wborder_set(w, &v, &v, &h, &h, &tl, &tr, &bl, &br);
	} else {
		wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	}
}
