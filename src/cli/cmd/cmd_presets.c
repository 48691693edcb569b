/*
 * cmd_presets.c - `kvplan presets [models|cards|workloads]`: one line per
 * preset (name, description), user presets marked; with no argument all
 * three kinds under a heading each. The listing itself is preset.c's.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cmd/cmd_presets.h"
#include "kvplan/devices.h"
#include "kvplan/model.h"
#include "kvplan/escape.h"
#include "kvplan/preset.h"
#include "kvplan/units.h"

static const char *const kind_names[KVP_PRESET_KIND_COUNT] = {
	"models", "cards", "workloads"
};

struct listing {
	enum kvp_preset_kind kind;
	unsigned count;
	int width;            /* the name column: the longest name, 28 to 44 */
};

/* First pass: the name column as wide as the longest (escaped) name. */
static void widest(const char *name, const char *path, const char *desc,
                   int user, void *ctx)
{
	struct listing *l = ctx;
	char sname[4 * 256];
	int n;

	(void)path;
	(void)desc;
	(void)user;
	n = (int)kvp_escape(name, strlen(name), sname, sizeof sname, false);
	if (n > l->width)
		l->width = n > 44 ? 44 : n;
}

/* A user's model or card file is described from its own figures as well
 * as its "description" (often copied from the shipped file and stale:
 * a 16-layer override listed as "32 layers"). Workloads keep theirs. */
static bool user_desc(enum kvp_preset_kind kind, const char *path,
                      char *buf, size_t n)
{
	static struct kvp_model m;   /* large: not on the stack */
	struct kvp_card c;
	struct kvp_error err;
	char num[32];

	kvp_error_clear(&err);
	if (kind == KVP_PRESET_MODEL) {
		if (kvp_model_load_spec(path, &m, NULL, &err) != KVP_OK)
			return snprintf(buf, n, "unreadable: %s", err.msg) >= 0;
		snprintf(buf, n, "file: %s, %u layers, %u query heads, %u KV heads", m.id[0] ? m.id : "(no id)",
		         (unsigned)m.n_layers, (unsigned)m.q_heads,
		         (unsigned)m.base.kv_heads);
		return true;
	}
	if (kind == KVP_PRESET_CARD) {
		if (kvp_card_load_spec(path, &c, &err) != KVP_OK)
			return snprintf(buf, n, "unreadable: %s", err.msg) >= 0;
		snprintf(buf, n, "file: %s, %s bytes", c.name,
		         kvp_fmt_int(c.capacity_bytes, num, sizeof num));
		return true;
	}
	return false;
}

static void print_one(const char *name, const char *path, const char *desc,
                      int user, void *ctx)
{
	struct listing *l = ctx;
	char own[KVP_ERRMSG_MAX + 128];
	char sname[4 * 256], sdesc[4 * (KVP_ERRMSG_MAX + 300)];

	/* a file name or description in the user's folder may hold any
	 * byte: control characters shown escaped (escape.h) */
	kvp_escape(name, strlen(name), sname, sizeof sname, false);
	if (user && path && user_desc(l->kind, path, own, sizeof own)) {
		/* the user's own words first, then what the file holds */
		if (desc && *desc) {
			char both[sizeof own + 160];

			snprintf(both, sizeof both, "%.150s - %s", desc, own);
			kvp_escape(both, strlen(both), sdesc, sizeof sdesc, false);
			printf("  %-*s %s  [user]\n", l->width, sname, sdesc);
			l->count++;
			return;
		}
		desc = own;
	}
	desc = desc && *desc ? desc : "-";
	kvp_escape(desc, strlen(desc), sdesc, sizeof sdesc, false);
	printf("  %-*s %s%s\n", l->width, sname, sdesc, user ? "  [user]" : "");
	l->count++;
}

/* The card alias table (preset_names.c): a short name and its preset. */
static void print_alias(const char *alias, const char *preset,
                        const char *note, void *ctx)
{
	(void)ctx;
	printf("  %-28s = %s%s%s\n", alias, preset, note ? "; " : "",
	       note ? note : "");
}

static int list_kind(enum kvp_preset_kind k, bool heading)
{
	struct listing l = { k, 0, 28 };
	struct kvp_error err;

	if (heading)
		printf("%s:\n", kind_names[k]);
	if (kvp_presets_list(k, widest, &l, &err) != KVP_OK ||
	    kvp_presets_list(k, print_one, &l, &err) != KVP_OK) {
		fprintf(stderr, "kvplan: presets: %s\n", err.msg);
		return 2;
	}
	if (l.count == 0)
		printf("  (none found)\n");
	if (k == KVP_PRESET_CARD) {
		printf("\ncard aliases (any case; NAMExN for N cards, e.g. "
		       "h100x4):\n");
		kvp_card_aliases(print_alias, NULL);
	}
	return 0;
}

int kvp_cmd_presets(int argc, char **argv)
{
	int k, rc;

	if (argc > 2) {
		fprintf(stderr, "kvplan: presets: %s: one kind at most "
		        "(models, cards or workloads)\n", argv[2]);
		return 2;
	}
	if (argc == 2) {
		if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
			printf("usage: kvplan presets [models|cards|workloads]\n"
			       "Lists shipped presets and user presets from "
			       "$XDG_CONFIG_HOME/kvplan/<kind>/\n"
			       "(default ~/.config/kvplan/<kind>/), which override "
			       "shipped ones of the same name.\n");
			return 0;
		}
		for (k = 0; k < KVP_PRESET_KIND_COUNT; k++)
			if (!strcmp(argv[1], kind_names[k]) ||
			    (!strncmp(argv[1], kind_names[k], strlen(argv[1])) &&
			     strlen(argv[1]) == strlen(kind_names[k]) - 1))
				return list_kind((enum kvp_preset_kind)k, false);
		fprintf(stderr, "kvplan: presets: '%s' - expected models, cards "
		        "or workloads\n", argv[1]);
		return 2;
	}
	for (k = 0; k < KVP_PRESET_KIND_COUNT; k++) {
		if (k)
			printf("\n");
		rc = list_kind((enum kvp_preset_kind)k, true);
		if (rc)
			return rc;
	}
	return 0;
}
