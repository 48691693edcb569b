/*
 * emit.c - shared error, parsing and output steps of the computing
 * subcommands (emit.h). Output is either written once from a finished
 * buffer or printed to stdout and checked at the end, so a write error
 * is always reported as one line with exit status 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "io/file.h"
#include "kvplan/escape.h"

int kvp_emit_fail(const char *cmd, const char *msg)
{
	char safe[4 * KVP_ERRMSG_MAX];

	/* a message may quote a value from an untrusted plan */
	kvp_escape(msg, strlen(msg), safe, sizeof safe, false);
	fprintf(stderr, "kvplan %s: %s\n", cmd, safe);
	return 2;
}

/* kvp_opts_parse of the line kvp_launch_prepare left in o->launch (or
 * of argv when it left none); an error on the launch command's model
 * says how to replace it. */
static enum kvp_status parse_launched(struct kvp_opts *o, int argc, char **argv,
                                      struct kvp_error *err)
{
	enum kvp_status st;

	if (o->launch) {   /* a launch command or --emit (launch.h) */
		argc = (int)o->launch->argv.n;
		argv = o->launch->argv.v;
	}
	if ((st = kvp_opts_parse(o, argc, argv, stdout, err)) != KVP_OK &&
	    o->launch && o->launch->command_model &&
	    !strncmp(err->msg, "--model: ", 9))
		kvp_launch_model_hint(err);
	return st;
}

enum kvp_status kvp_emit_parse_launch(struct kvp_opts *o, int argc, char **argv,
                                      struct kvp_error *err)
{
	enum kvp_status st;

	if ((st = kvp_launch_prepare(argc, argv, &o->launch, err)) != KVP_OK)
		return st;
	if (o->launch && o->launch->emit[0])
		return kvp_error_set(err, KVP_EINVAL, "--emit: a calc and solve "
			"option (run calc on the plan to write its command)");
	return parse_launched(o, argc, argv, err);
}

int kvp_emit_parse(struct kvp_opts *o, int argc, char **argv)
{
	struct kvp_error err;

	kvp_error_clear(&err);
	if (kvp_launch_prepare(argc, argv, &o->launch, &err) != KVP_OK ||
	    parse_launched(o, argc, argv, &err) != KVP_OK)
		return kvp_emit_fail(o->cmd, err.msg);
	if (o->help) {
		kvp_launch_help(stdout, !strcmp(o->cmd, "calc") ||
		                !strcmp(o->cmd, "solve"));
		return 0;
	}
	if (o->launch && o->launch->emit[0] && strcmp(o->cmd, "calc") &&
	    strcmp(o->cmd, "solve"))
		return kvp_emit_fail(o->cmd, "--emit: a calc and solve option (run "
		                     "calc on the plan to write its command)");
	if (o->launch && o->launch->emit[0] && !strcmp(o->cmd, "solve") &&
	    strcmp(o->format, "text"))
		return kvp_emit_fail(o->cmd, "--emit: with the text output only");
	kvp_launch_notes(o->launch, &o->notes);
	if (o->n_args > 1) {
		char msg[KVP_ERRMSG_MAX];

		snprintf(msg, sizeof msg,
		         "'%.200s': unexpected argument (%s takes one plan file)",
		         o->args[1], o->cmd);
		return kvp_emit_fail(o->cmd, msg);
	}
	return KVP_EMIT_GO;
}

int kvp_emit_json(const char *cmd, char *s)
{
	size_t n;

	if (!s)
		return kvp_emit_fail(cmd, "out of memory");
	n = strlen(s);
	fputs(s, stdout);
	if (n == 0 || s[n - 1] != '\n')
		fputc('\n', stdout);
	free(s);
	return 0;
}

int kvp_emit_flush(const char *cmd)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		char msg[128];

		snprintf(msg, sizeof msg, "writing the output: %s", strerror(errno));
		return kvp_emit_fail(cmd, msg);
	}
	return 0;
}

int kvp_emit_write(const char *cmd, const char *output, const char *buf,
                   size_t len)
{
	struct kvp_error err;
	size_t need = kvp_escape(buf, len, NULL, 0, true);
	char *safe = NULL;

	/* text, Markdown and CSV with every control character but newlines
	 * and tabs made visible (escape.h); JSON escapes its own */
	if (need != len) {
		safe = malloc(need + 1);
		if (!safe)
			return kvp_emit_fail(cmd, "out of memory");
		kvp_escape(buf, len, safe, need + 1, true);
		buf = safe;
		len = need;
	}
	if (output) {
		int rc = 0;

		kvp_error_clear(&err);
		if (kvp_file_write_atomic(output, buf, len, NULL, NULL, &err) != KVP_OK)
			rc = kvp_emit_fail(cmd, err.msg);
		free(safe);
		return rc;
	}
	if (fwrite(buf, 1, len, stdout) != len) {
		free(safe);
		return kvp_emit_fail(cmd, "writing the output: short write");
	}
	free(safe);
	return kvp_emit_flush(cmd);
}
