/* status.c - error values: messages that name the field and the value. */
#include <stdarg.h>
#include <stdio.h>  /* vsnprintf only: formatting, no I/O */
#include <string.h>

#include "kvplan/status.h"

static const char *const status_names[KVP_STATUS_COUNT] = {
	[KVP_OK] = "ok",
	[KVP_EINVAL] = "invalid value",
	[KVP_ERANGE] = "out of range",
	[KVP_EOVERFLOW] = "overflow",
	[KVP_EREFUSED] = "refused by the engine",
	[KVP_EIO] = "input/output error",
	[KVP_EPARSE] = "parse error",
	[KVP_ENOMEM] = "out of memory",
	[KVP_ENOTFOUND] = "not found",
};

const char *kvp_status_str(enum kvp_status st)
{
	if ((unsigned)st >= KVP_STATUS_COUNT)
		return "unknown status";
	return status_names[st];
}

/* Messages are one line: control characters that came in with a bad value
 * (a key holding a newline, say) are shown as '?'. */
static void one_line(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f)
			*s = '?';
}

void kvp_error_clear(struct kvp_error *err)
{
	if (!err)
		return;
	err->status = KVP_OK;
	err->msg[0] = '\0';
}

enum kvp_status kvp_error_set(struct kvp_error *err, enum kvp_status st,
                              const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return st;
	err->status = st;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	one_line(err->msg);
	return st;
}

void kvp_error_prefix(struct kvp_error *err, const char *prefix)
{
	char tmp[KVP_ERRMSG_MAX];
	size_t plen, mlen;

	if (!err || !prefix || !*prefix)
		return;
	/* Build "prefix: msg" by hand so truncation is explicit. */
	plen = strlen(prefix);
	if (plen > sizeof tmp - 3)
		plen = sizeof tmp - 3;
	memcpy(tmp, prefix, plen);
	tmp[plen] = ':';
	tmp[plen + 1] = ' ';
	mlen = strlen(err->msg);
	if (mlen > sizeof tmp - plen - 3)
		mlen = sizeof tmp - plen - 3;
	memcpy(tmp + plen + 2, err->msg, mlen);
	tmp[plen + 2 + mlen] = '\0';
	memcpy(err->msg, tmp, sizeof tmp);
	one_line(err->msg);
}
