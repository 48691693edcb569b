/*
 * form_view.c - libform forms built from the field table (see
 * form_view.h). One row per item: a heading, a label + value pair for a
 * field of the table, or a layer rule. Rows are split into form pages that
 * fit the window; libform moves between pages as the cursor does.
 */
#include <form.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kvplan/format.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"
#include "kvplan/validate.h"
#include "io/gguf/gguf.h"
#include "io/gguf/mmproj.h"
#include "io/gguf/override_tensor.h"
#include "tui/views/form_view.h"
#include "tui/views/plan_page.h"
#include "tui/views/draft_edit.h"
#include "tui/text.h"

#define TEXT_MAX   1024
#define MAX_CHOICE 64

enum item_kind { ITEM_HEADING, ITEM_FIELD, ITEM_RULE };

struct item {
	enum item_kind kind;
	char heading[48];
	const struct kvp_field *f;
	size_t index;
	const char *label;              /* page's own label, NULL: the table's */
	enum tui_plan_special special;  /* Plan page: picker or KV format */
};

/* What a value field edits; the field's userptr points here. */
struct binding {
	const struct kvp_field *f;  /* NULL: layer rule `index` */
	size_t index;
	struct tui_app *app;
	struct tui_form *form;
	enum tui_plan_special special;
	const char *label;          /* the label on screen */
};

/* The parts of a plan that decide which rows a form has. */
struct shape {
	int engine;
	size_t used[KVP_ARR_COUNT];
	uint32_t n_rules;
};

struct tui_form {
	enum tui_section sec;
	struct tui_rect r;
	WINDOW *win, *sub;
	FORM *form;
	FIELD **fields;            /* NULL-terminated, owned */
	size_t n_fields;
	struct binding *binds;     /* owned */
	size_t n_binds;
	struct item *items;        /* owned */
	size_t n_items;
	int label_w;
	bool invalid;
	/* The cursor just arrived (or the value was just applied or
	 * restored): the first character typed replaces the whole value. */
	bool fresh;
	/* Type-ahead in a choice field: the letters typed since the cursor
	 * arrived select the first choice they begin ("f" -> fp8 after f16,
	 * "q8" -> q8_0); text that begins none is typed as text instead. */
	char ahead[32];
	bool ahead_text;
	/* Text typed into the current field and not applied yet: the
	 * verdict shown is the old value's, so the panel says PENDING
	 * (issue 31) until Enter applies or Esc drops it. */
	bool typed;
	struct shape shape;
	struct kvp_plan scratch;   /* validation copy of the plan */
};

static FIELDTYPE *kvp_type;    /* the table-driven field type */

/* ---- text helpers ---------------------------------------------------- */

static void field_text(FIELD *fld, char *out, size_t n)
{
	const char *s = field_buffer(fld, 0);
	size_t len, start = 0;

	if (!s) {
		out[0] = '\0';
		return;
	}
	len = strlen(s);
	while (start < len && s[start] == ' ')
		start++;
	while (len > start && (s[len - 1] == ' ' || s[len - 1] == '\0'))
		len--;
	if (len - start >= n)
		len = start + n - 1;
	memcpy(out, s + start, len - start);
	out[len - start] = '\0';
}

static void shape_of(const struct kvp_plan *p, struct shape *s)
{
	int i;

	memset(s, 0, sizeof *s);
	s->engine = (int)p->engine.kind;
	for (i = 0; i < KVP_ARR_COUNT; i++)
		s->used[i] = kvp_field_array_used(p, (enum kvp_field_array)i);
	s->n_rules = p->model.n_rules;
}

/* Member by member: a struct copy need not copy padding, so memcmp
 * could compare uninitialised bytes. */
static bool shape_equal(const struct shape *a, const struct shape *b)
{
	int i;

	if (a->engine != b->engine || a->n_rules != b->n_rules)
		return false;
	for (i = 0; i < KVP_ARR_COUNT; i++)
		if (a->used[i] != b->used[i])
			return false;
	return true;
}

/* ---- a binding's value: the field, or the Plan page's KV format ------ */

/* llama.cpp -ot as one comma list (what --override-tensor builds),
 * matched at once against the plan's model so a bad pattern is refused
 * at the entry, in the CLI's words. */
static enum kvp_status set_override_tensor(struct kvp_plan *p, const char *text,
                                           struct kvp_error *err)
{
	char *dst = p->engine.llamacpp.override_tensor;

	if (strlen(text) >= sizeof p->engine.llamacpp.override_tensor)
		return kvp_error_set(err, KVP_ERANGE,
			"--override-tensor: the overrides exceed %zu characters",
			sizeof p->engine.llamacpp.override_tensor - 1);
	snprintf(dst, sizeof p->engine.llamacpp.override_tensor, "%s", text);
	return kvp_ot_resolve(p, err);
}

/* llama.cpp --mmproj FILE, as the CLI reads it; empty removes the
 * encoder (every mmproj field 0). */
static enum kvp_status set_mmproj_file(struct kvp_plan *p, const char *text,
                                       struct kvp_error *err)
{
	struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_gguf g;
	enum kvp_status st;

	if (!text[0]) {
		kvp_mmproj_clear(o);
		return KVP_OK;
	}
	memset(&g, 0, sizeof g);
	st = kvp_gguf_read_path(text, &g, NULL, NULL, err);
	if (st == KVP_OK)
		st = kvp_mmproj_apply(&g, text, o, err);
	kvp_gguf_free(&g);
	return st;
}

static enum kvp_status bind_set(struct kvp_plan *p, const struct binding *b,
                                const char *text, struct kvp_error *err)
{
	if (b->special == TUI_PLAN_KV_FORMAT)
		return tui_kv_format_set(p, text, err);
	if (b->special == TUI_PLAN_OVERRIDE_TENSOR)
		return set_override_tensor(p, text, err);
	if (b->special == TUI_PLAN_MMPROJ_FILE)
		return set_mmproj_file(p, text, err);
	return kvp_field_set(p, b->f, b->index, text, err);
}

static void bind_format(const struct kvp_plan *p, const struct binding *b,
                        char *buf, size_t n)
{
	if (b->special == TUI_PLAN_KV_FORMAT)
		tui_kv_format_text(p, buf, n);
	else if (b->special == TUI_PLAN_OVERRIDE_TENSOR)
		snprintf(buf, n, "%s", p->engine.llamacpp.override_tensor);
	else if (b->special == TUI_PLAN_PICK_DRAFT)
		snprintf(buf, n, "%s", p->draft.n_layers == 0 ? "none"
		         : p->draft.id[0] ? p->draft.id : "(a draft without an id)");
	else if (b->special == TUI_PLAN_MMPROJ_FILE)
		buf[0] = '\0';   /* a path to type; the mmproj rows show what it gave */
	else if (b->f)
		kvp_field_format(p, b->f, b->index, buf, n);
	else if (b->index < p->model.n_rules)
		kvp_rule_format(&p->model.rules[b->index], buf, n);
	else
		buf[0] = '\0';
}

/* The field whose choices a binding offers (the engine's KV option for
 * the KV format entry). */
static const struct kvp_field *bind_field(const struct binding *b)
{
	if (b->special == TUI_PLAN_KV_FORMAT)
		return tui_kv_format_field(&b->app->plan);
	return b->f;
}

static bool is_pick(const struct binding *b)
{
	return b && (b->special == TUI_PLAN_PICK_MODEL ||
	             b->special == TUI_PLAN_PICK_CARD ||
	             b->special == TUI_PLAN_PICK_DRAFT);
}

/* ---- validation (the field type) ------------------------------------- */

/* Rule `idx` of m set to *rule (idx = n_rules adds one). */
static void put_rule(struct kvp_model *m, size_t idx, const struct kvp_layer_rule *rule)
{
	if (idx < m->n_rules)
		m->rules[idx] = *rule;
	else if (m->n_rules < KVP_MAX_RULES)
		m->rules[m->n_rules++] = *rule;
}

static bool validate(struct binding *b, const char *text, struct kvp_error *err)
{
	struct kvp_layer_rule rule;

	kvp_error_clear(err);
	if (is_pick(b))
		return true;    /* set by the picker, never typed */
	/* the entry applied to a copy of the plan, then the one validation
	 * `kvplan calc` runs (kvp_plan_validate): refused here, the plan
	 * keeps its last valid value */
	b->form->scratch = b->app->plan;
	if (!b->f && b->special == TUI_PLAN_FIELD) {
		if (text[0] == '\0')
			return true;
		if (kvp_rule_parse(text, &rule, err) != KVP_OK)
			return false;
		put_rule(&b->form->scratch.model, b->index, &rule);
	} else if (bind_set(&b->form->scratch, b, text, err) != KVP_OK) {
		return false;
	}
	return kvp_plan_validate(&b->form->scratch, err) == KVP_OK;
}

/* The entry is refused: INVALID on the panel, the message naming the
 * label the user sees beside the field path the core names. */
static void refuse(struct binding *b, const char *msg)
{
	char m[KVP_ERRMSG_MAX + 64];

	if (b->f || b->special != TUI_PLAN_FIELD)
		snprintf(m, sizeof m, "%s: %s", b->label, msg);
	else
		snprintf(m, sizeof m, "layer rule %zu: %s", b->index, msg);
	tui_app_invalid(b->app, m);
	b->form->invalid = true;
}

static bool fcheck(FIELD *fld, const void *arg)
{
	struct binding *b = field_userptr(fld);
	char text[TEXT_MAX];
	struct kvp_error err;

	(void)arg;
	if (!b)
		return true;
	field_text(fld, text, sizeof text);
	if (validate(b, text, &err))
		return true;
	refuse(b, err.msg);
	return false;
}

/* ---- choices --------------------------------------------------------- */

static bool is_choice(const struct kvp_field *f)
{
	if (!f)
		return false;
	switch (f->type) {
	case KVP_FT_ENUM: case KVP_FT_TRISTATE: case KVP_FT_BOOL:
	case KVP_FT_DTYPE: case KVP_FT_WDTYPE:
		return true;
	default:
		return false;
	}
}

static size_t choices_of(const struct kvp_field *f, const char **out)
{
	static const char *const bools[] = { "false", "true" };
	size_t n = 0;
	int i;

	switch (f->type) {
	case KVP_FT_ENUM:
	case KVP_FT_TRISTATE:
		for (i = 0; f->choices && f->choices[i] && n < MAX_CHOICE; i++)
			out[n++] = f->choices[i];
		break;
	case KVP_FT_BOOL:
		out[n++] = bools[0];
		out[n++] = bools[1];
		break;
	case KVP_FT_DTYPE:
		if (!strcmp(f->key, "engine.vllm.kv_cache_dtype"))
			out[n++] = "auto";
		for (i = 0; i < KVP_DT_COUNT; i++)
			out[n++] = kvp_dtype_name((enum kvp_dtype)i);
		break;
	case KVP_FT_WDTYPE:
		for (i = 0; i < KVP_W_COUNT; i++)
			out[n++] = kvp_wdtype_name((enum kvp_wdtype)i);
		break;
	default:
		break;
	}
	return n;
}

/* ---- building -------------------------------------------------------- */

/* A heading row: `title`, followed by " <idx>" when numbered. */
static void add_heading(struct item *it, size_t *n, const char *title,
                        bool numbered, size_t idx)
{
	it[*n].kind = ITEM_HEADING;
	if (numbered)
		snprintf(it[*n].heading, sizeof it[*n].heading, "%s %zu", title, idx);
	else
		snprintf(it[*n].heading, sizeof it[*n].heading, "%s", title);
	it[*n].f = NULL;
	(*n)++;
}

static void add_field(struct item *it, size_t *n, const struct kvp_field *f,
                      size_t index)
{
	it[*n].kind = ITEM_FIELD;
	it[*n].heading[0] = '\0';
	it[*n].f = f;
	it[*n].index = index;
	it[*n].label = NULL;
	it[*n].special = TUI_PLAN_FIELD;
	(*n)++;
}

/* Fields of section s (non-indexed, or of array arr at index i). */
static void add_section(struct item *it, size_t *n, enum kvp_section s,
                        bool indexed, enum kvp_field_array arr, size_t i,
                        int engine)
{
	size_t k;

	for (k = 0; k < kvp_field_count(); k++) {
		const struct kvp_field *f = kvp_field_at(k);

		if (f->section != s || f->indexed != indexed)
			continue;
		if (indexed && f->array != arr)
			continue;
		if (f->engine != KVP_ENGINE_COUNT && f->engine != engine)
			continue;
		add_field(it, n, f, i);
	}
}

static size_t array_rows(const struct kvp_plan *p, enum kvp_field_array arr,
                         bool extra)
{
	size_t used = kvp_field_array_used(p, arr);
	size_t max = kvp_field_array_max(arr);

	if (used == 0 || (extra && used < max))
		used++;
	return used;
}

/* The Plan page: its rows in order (class 0, card group 0), with their
 * headings; the workload heading says when there are more classes. */
static size_t plan_page_items(const struct kvp_plan *p, struct item *it)
{
	const struct tui_plan_row *pr;
	size_t nr, r, n = 0;

	pr = tui_plan_rows(&nr);
	for (r = 0; r < nr; r++) {
		if (pr[r].heading) {
			add_heading(it, &n, pr[r].heading, false, 0);
			if (!strcmp(pr[r].heading, "Workload") && p->workload.n_classes > 1)
				snprintf(it[n - 1].heading, sizeof it[n - 1].heading,
				         "Workload: class 0 of %u (F6: all)",
				         (unsigned)p->workload.n_classes);
		}
		add_field(it, &n, kvp_field_by_key(pr[r].key), 0);
		it[n - 1].label = pr[r].label;
		it[n - 1].special = pr[r].special;
	}
	return n;
}

/* The rows of a section; returns the count (items has room for all). */
static size_t plan_items(const struct kvp_plan *p, enum tui_section sec,
                         struct item *it)
{
	size_t n = 0, i, rows;
	int eng = (int)p->engine.kind;

	switch (sec) {
	case TUI_SEC_PLAN:
		n = plan_page_items(p, it);
		break;
	case TUI_SEC_MODEL:
		add_section(it, &n, KVP_SEC_MODEL, false, 0, 0, eng);
		break;
	case TUI_SEC_WORKLOAD:
		rows = array_rows(p, KVP_ARR_CLASSES, false);
		for (i = 0; i < rows; i++) {
			add_heading(it, &n, "Sequence class", true, i);
			add_section(it, &n, KVP_SEC_WORKLOAD, true, KVP_ARR_CLASSES, i, eng);
		}
		add_heading(it, &n, "All requests", false, 0);
		add_section(it, &n, KVP_SEC_WORKLOAD, false, 0, 0, eng);
		add_heading(it, &n, "Strategy", false, 0);
		add_section(it, &n, KVP_SEC_STRATEGY, false, 0, 0, eng);
		add_heading(it, &n, "Engine", false, 0);
		add_section(it, &n, KVP_SEC_ENGINE, false, 0, 0, eng);
		if (p->engine.kind == KVP_ENGINE_LLAMACPP) {
			add_field(it, &n, NULL, 0);
			it[n - 1].label = "Override (-ot)";
			it[n - 1].special = TUI_PLAN_OVERRIDE_TENSOR;
			add_field(it, &n, NULL, 0);
			it[n - 1].label = "mmproj file";
			it[n - 1].special = TUI_PLAN_MMPROJ_FILE;
		}
		break;
	case TUI_SEC_DEVICES:
		rows = array_rows(p, KVP_ARR_GROUPS, false);
		for (i = 0; i < rows; i++) {
			add_heading(it, &n, "Card group", true, i);
			add_section(it, &n, KVP_SEC_DEVICES, true, KVP_ARR_GROUPS, i, eng);
		}
		add_heading(it, &n, "Placement and budget", false, 0);
		add_section(it, &n, KVP_SEC_DEVICES, false, 0, 0, eng);
		rows = array_rows(p, KVP_ARR_OVERHEADS, true);
		for (i = 0; i < rows; i++) {
			add_heading(it, &n, i < kvp_field_array_used(p, KVP_ARR_OVERHEADS)
			            ? "Overhead" : "New overhead", true, i);
			add_section(it, &n, KVP_SEC_DEVICES, true, KVP_ARR_OVERHEADS, i, eng);
		}
		break;
	case TUI_SEC_LAYERS:
		rows = p->model.n_rules < KVP_MAX_RULES ? p->model.n_rules + 1
		                                        : p->model.n_rules;
		for (i = 0; i < rows; i++) {
			it[n].kind = ITEM_RULE;
			it[n].f = NULL;
			it[n].index = i;
			snprintf(it[n].heading, sizeof it[n].heading,
			         i < p->model.n_rules ? "rule %zu" : "new", i);
			n++;
		}
		break;
	default:
		break;
	}
	return n;
}

static const char *item_label(const struct item *it)
{
	return it->label ? it->label : it->f ? it->f->label : it->heading;
}

static size_t max_items(void)
{
	/* every field once per array element, plus headings and rules */
	return kvp_field_count() * (KVP_MAX_CLASSES + KVP_MAX_CARD_GROUPS +
	                            KVP_MAX_OVERHEADS) + 64 + KVP_MAX_RULES + 1;
}

static void hook_init(FORM *form)
{
	struct tui_form *fm = form_userptr(form);
	struct binding *b = field_userptr(current_field(form));

	if (fm && b) {
		set_field_back(current_field(form), b->app->theme.attr[TUI_R_FIELD_ACTIVE]);
		form_driver(form, REQ_BEG_FIELD);
		fm->fresh = true;
		fm->typed = false;
		fm->ahead[0] = '\0';
		fm->ahead_text = false;
	}
}

static void hook_term(FORM *form)
{
	struct tui_form *fm = form_userptr(form);
	struct binding *b = field_userptr(current_field(form));

	if (fm && b)
		set_field_back(current_field(form), b->app->theme.attr[TUI_R_FIELD]);
}

static void teardown(struct tui_form *fm)
{
	size_t i;

	if (fm->form) {
		unpost_form(fm->form);
		free_form(fm->form);
		fm->form = NULL;
	}
	for (i = 0; i < fm->n_fields; i++)
		free_field(fm->fields[i]);
	free(fm->fields);
	free(fm->binds);
	free(fm->items);
	fm->fields = NULL;
	fm->binds = NULL;
	fm->items = NULL;
	fm->n_fields = fm->n_binds = fm->n_items = 0;
	if (fm->sub)
		delwin(fm->sub);
	if (fm->win)
		delwin(fm->win);
	fm->sub = fm->win = NULL;
}

/* Labels as wide as the longest one (up to 20 columns), so none is cut
 * mid-word, leaving values at least 13 columns of the form's w. */
static void set_label_width(struct tui_form *fm, int w)
{
	size_t i;

	fm->label_w = 8;
	for (i = 0; fm->sec != TUI_SEC_LAYERS && i < fm->n_items; i++)
		if (fm->items[i].kind != ITEM_HEADING && fm->items[i].kind != ITEM_RULE &&
		    (int)strlen(item_label(&fm->items[i])) > fm->label_w)
			fm->label_w = (int)strlen(item_label(&fm->items[i]));
	if (fm->label_w > 20)
		fm->label_w = 20;
	if (fm->label_w > w - 14)
		fm->label_w = w - 14;
}

/* The label field of item `it` on row y (a heading, or the model's own
 * row, as wide as the form); `page`: it starts a new form page. */
static FIELD *new_label(const struct tui_form *fm, const struct item *it,
                        int y, int w, bool own_row, bool page,
                        const struct tui_theme *t)
{
	FIELD *lab = new_field(1, it->kind == ITEM_HEADING || own_row ? w : fm->label_w,
	                       y, 0, 0, 0);

	if (!lab)
		return NULL;
	field_opts_off(lab, O_ACTIVE | O_EDIT);
	set_field_back(lab, t->attr[it->kind == ITEM_HEADING ? TUI_R_HEADING
	                                                     : TUI_R_LABEL]);
	set_field_buffer(lab, 0, it->kind == ITEM_HEADING ? it->heading
	                 : it->kind == ITEM_RULE ? it->heading
	                 : own_row ? "Model (type to search the presets)"
	                 : item_label(it));
	if (page)
		set_new_page(lab, TRUE);
	return lab;
}

/* The value field of item `it` (vh rows of vwid columns at y, vx), bound
 * to its field through fm->binds[fm->n_binds]. */
static FIELD *new_value(struct tui_form *fm, struct tui_app *a,
                        const struct item *it, int vh, int vwid, int y, int vx)
{
	FIELD *val = new_field(vh, vwid, y, vx, 0, 0);

	if (!val)
		return NULL;
	field_opts_off(val, O_AUTOSKIP | O_STATIC);
	set_max_field(val, it->f && it->f->type == KVP_FT_STRING
	              ? (int)it->f->size - 1
	              : it->special == TUI_PLAN_OVERRIDE_TENSOR
	              ? (int)sizeof a->plan.engine.llamacpp.override_tensor - 1
	              : 400);
	set_field_back(val, a->theme.attr[TUI_R_FIELD]);
	set_field_type(val, kvp_type);
	fm->binds[fm->n_binds] = (struct binding){ it->f, it->index, a, fm,
	                                           it->special, item_label(it) };
	set_field_userptr(val, &fm->binds[fm->n_binds]);
	fm->n_binds++;
	return val;
}

/* The form's window and subwindow, the form posted on them with the
 * field hooks (rows x w: the fields' area). */
static bool post(struct tui_form *fm, struct tui_app *a, int rows, int w)
{
	fm->win = newwin(fm->r.h, fm->r.w, fm->r.y, fm->r.x);
	if (!fm->win)
		return false;
	fm->sub = derwin(fm->win, rows, w, 0, 0);
	fm->form = new_form(fm->fields);
	if (!fm->sub || !fm->form)
		return false;
	keypad(fm->win, TRUE);
	set_form_userptr(fm->form, fm);
	set_form_win(fm->form, fm->win);
	set_form_sub(fm->form, fm->sub);
	set_field_init(fm->form, hook_init);
	set_field_term(fm->form, hook_term);
	if (post_form(fm->form) != E_OK)
		return false;
	hook_init(fm->form);
	fm->invalid = false;
	shape_of(&a->plan, &fm->shape);
	return true;
}

static bool build(struct tui_form *fm, struct tui_app *a)
{
	int rows = fm->r.h - 1, w = fm->r.w, row = 0;
	size_t i, nf = 0;

	if (rows < 1 || w < 20)
		return false;
	if (!kvp_type)
		kvp_type = new_fieldtype(fcheck, NULL);
	fm->items = calloc(max_items(), sizeof *fm->items);
	if (!fm->items)
		return false;
	fm->n_items = plan_items(&a->plan, fm->sec, fm->items);
	fm->fields = calloc(fm->n_items * 2 + 1, sizeof *fm->fields);
	fm->binds = calloc(fm->n_items + 1, sizeof *fm->binds);
	if (!fm->fields || !fm->binds)
		return false;
	set_label_width(fm, w);
	fm->n_binds = 0;
	for (i = 0; i < fm->n_items; i++, row++) {
		const struct item *it = &fm->items[i];
		int y = row % rows, vh = 1, vx = fm->label_w + 1;
		int vwid = w - fm->label_w - 1;
		bool own_row = it->special == TUI_PLAN_PICK_MODEL;

		fm->fields[nf] = new_label(fm, it, y, w, own_row,
		                           row > 0 && row % rows == 0, &a->theme);
		if (!fm->fields[nf++])
			return false;
		if (it->kind == ITEM_HEADING)
			continue;
		if (own_row && (row + 1) % rows != 0) {
			/* the whole model id on the rows below, as wide as the form
			 * (at 80x24 "meta-llama/Llama-3.1-8B" is never cut) */
			size_t len = strlen(a->plan.model.id);

			row++;
			y = row % rows;
			vx = 0;
			vwid = w;
			vh = len > (size_t)w ? (int)((len + (size_t)w - 1) / (size_t)w) : 1;
			if (vh > 3)
				vh = 3;
			if (y + vh > rows)
				vh = rows - y;
			row += vh - 1;
		}
		fm->fields[nf] = new_value(fm, a, it, vh, vwid, y, vx);
		if (!fm->fields[nf++])
			return false;
	}
	fm->fields[nf] = NULL;
	fm->n_fields = nf;
	tui_form_reload(fm, a);
	return post(fm, a, rows, w);
}

struct tui_form *tui_form_new(struct tui_app *a, enum tui_section sec,
                              const struct tui_rect *r)
{
	struct tui_form *fm;

	if (sec != TUI_SEC_PLAN && sec != TUI_SEC_MODEL && sec != TUI_SEC_WORKLOAD &&
	    sec != TUI_SEC_DEVICES && sec != TUI_SEC_LAYERS)
		return NULL;
	fm = calloc(1, sizeof *fm);
	if (!fm)
		return NULL;
	fm->sec = sec;
	fm->r = *r;
	if (!build(fm, a)) {
		tui_form_free(fm);
		return NULL;
	}
	return fm;
}

void tui_form_free(struct tui_form *fm)
{
	if (!fm)
		return;
	teardown(fm);
	free(fm);
}

/* ---- reading and applying -------------------------------------------- */

void tui_form_reload(struct tui_form *fm, const struct tui_app *a)
{
	char buf[TEXT_MAX];
	size_t i;

	for (i = 0; i < fm->n_fields; i++) {
		struct binding *b = field_userptr(fm->fields[i]);

		if (!b)
			continue;
		bind_format(&a->plan, b, buf, sizeof buf);
		set_field_buffer(fm->fields[i], 0, buf);
		set_field_status(fm->fields[i], FALSE);
	}
	fm->invalid = false;
	fm->typed = false;
}

/* Rebuild when the plan's shape changed (engine, array sizes, rules),
 * keeping the cursor on the same field when it still exists. */
static void reshape(struct tui_form *fm, struct tui_app *a)
{
	struct shape now;
	const struct kvp_field *f;
	size_t index = 0, rule = 0;
	struct binding *b;

	shape_of(&a->plan, &now);
	if (shape_equal(&now, &fm->shape))
		return;
	b = fm->form ? field_userptr(current_field(fm->form)) : NULL;
	f = b ? b->f : NULL;
	if (b) {
		index = b->index;
		rule = b->index;
	}
	teardown(fm);
	if (!build(fm, a))
		return;
	if (f)
		tui_form_goto(fm, f->key, index);
	else if (fm->sec == TUI_SEC_LAYERS) {
		size_t i;

		for (i = 0; i < fm->n_fields; i++) {
			struct binding *c = field_userptr(fm->fields[i]);

			if (c && !c->f && c->index == rule) {
				set_current_field(fm->form, fm->fields[i]);
				break;
			}
		}
	}
}

static void apply_rule(struct tui_app *a, size_t idx, const char *text)
{
	struct kvp_model *m = &a->plan.model;
	struct kvp_layer_rule rule;
	struct kvp_error err;

	if (text[0] == '\0') {
		if (idx < m->n_rules) {
			memmove(&m->rules[idx], &m->rules[idx + 1],
			        (m->n_rules - idx - 1) * sizeof m->rules[0]);
			m->n_rules--;
		}
		return;
	}
	if (kvp_rule_parse(text, &rule, &err) != KVP_OK)
		return;   /* validated before; defensive */
	put_rule(m, idx, &rule);
}

bool tui_form_commit(struct tui_form *fm, struct tui_app *a)
{
	FIELD *cur;
	struct binding *b;
	char text[TEXT_MAX], now[TEXT_MAX];
	struct kvp_error err;

	if (!fm || !fm->form)
		return true;
	cur = current_field(fm->form);
	b = field_userptr(cur);
	if (form_driver(fm->form, REQ_VALIDATION) != E_OK) {
		fm->invalid = true;
		return false;
	}
	if (!b)
		return true;
	field_text(cur, text, sizeof text);
	bind_format(&a->plan, b, now, sizeof now);
	if (!strcmp(text, now) || is_pick(b)) {     /* unchanged: nothing to apply */
		fm->typed = false;
		if (fm->invalid) {    /* typed back to the valid value */
			fm->invalid = false;
			tui_app_message(a, TUI_MSG_NONE, "%s", "");
			tui_app_recompute(a);
		}
		return true;
	}
	if (b->f || b->special != TUI_PLAN_FIELD) {
		if (bind_set(&a->plan, b, text, &err) != KVP_OK) {
			refuse(b, err.msg);
			return false;
		}
	} else {
		apply_rule(a, b->index, text);
	}
	set_field_status(cur, FALSE);
	fm->invalid = false;
	tui_app_edited(a);
	reshape(fm, a);
	tui_form_reload(fm, a);
	return true;
}

/* Index of the binding's current value among the choices (0 if none). */
static size_t current_choice(const struct binding *b, const char **list, size_t n)
{
	char cur[TEXT_MAX];
	size_t i, idx = 0;

	bind_format(&b->app->plan, b, cur, sizeof cur);
	for (i = 0; i < n; i++)
		if (!strncasecmp(cur, list[i], strlen(list[i])) &&
		    (cur[strlen(list[i])] == '\0' || cur[strlen(list[i])] == ':'))
			idx = i;
	return idx;
}

static void cycle(struct tui_form *fm, struct tui_app *a, int dir)
{
	struct binding *b = field_userptr(current_field(fm->form));
	const char *list[MAX_CHOICE];
	struct kvp_error err;
	size_t n, idx = 0, k;

	if (!b || !b->f)
		return;
	n = choices_of(bind_field(b), list);
	if (n == 0)
		return;
	kvp_error_clear(&err);
	idx = current_choice(b, list, n);
	for (k = 1; k < n; k++) {
		size_t j = (idx + (dir > 0 ? k : n * k - k)) % n;

		if (bind_set(&a->plan, b, list[j], &err) == KVP_OK) {
			tui_app_edited(a);
			reshape(fm, a);
			tui_form_reload(fm, a);
			return;
		}
	}
	refuse(b, err.msg);
}

static bool current_is_choice(const struct tui_form *fm)
{
	struct binding *b = field_userptr(current_field(fm->form));

	return b && is_choice(bind_field(b));
}

/* Type-ahead in a choice field (see struct tui_form): true when the key
 * selected a choice; false when the letters begin none, and the caller
 * types them as text. */
static bool type_ahead(struct tui_form *fm, struct tui_app *a, int key)
{
	struct binding *b = field_userptr(current_field(fm->form));
	const char *list[MAX_CHOICE];
	char want[sizeof fm->ahead];
	struct kvp_error err;
	size_t n, i, k, len, from;

	if (fm->ahead_text || !b || !b->f)
		return false;
	len = strlen(fm->ahead);
	if (len + 1 >= sizeof want)
		return false;
	memcpy(want, fm->ahead, len);
	want[len] = (char)key;
	want[len + 1] = '\0';
	n = choices_of(bind_field(b), list);
	/* one letter: the next choice it begins after the current one, so
	 * "f" steps f32 -> f16 -> fp8; more letters: the first they begin */
	from = len == 0 ? current_choice(b, list, n) + 1 : 0;
	for (k = 0; k < n; k++) {
		i = (from + k) % n;
		if (strncasecmp(list[i], want, len + 1) != 0)
			continue;
		if (bind_set(&a->plan, b, list[i], &err) != KVP_OK) {
			refuse(b, err.msg);
			return true;
		}
		memcpy(fm->ahead, want, len + 2);
		tui_app_edited(a);
		reshape(fm, a);
		tui_form_reload(fm, a);
		return true;
	}
	/* not a choice's beginning: typed as text from here on */
	fm->ahead_text = true;
	form_driver(fm->form, REQ_CLR_FIELD);
	for (i = 0; i < len; i++)
		form_driver(fm->form, fm->ahead[i]);
	return false;
}

static void cancel(struct tui_form *fm, struct tui_app *a)
{
	/* an applied entry the engine refused: back to the last valid plan */
	if (tui_app_restore_valid(a))
		reshape(fm, a);
	tui_form_reload(fm, a);
	form_driver(fm->form, REQ_BEG_FIELD);
	fm->fresh = true;
	fm->ahead[0] = '\0';
	fm->ahead_text = false;
	tui_app_message(a, TUI_MSG_NONE, "%s", "");
	tui_app_recompute(a);
}

/* The current field is the form's first active (editable) field, and
 * the form has pages after it (Up would wrap out of sight). */
static bool at_first_of_pages(const struct tui_form *fm)
{
	FIELD *cur = current_field(fm->form);
	size_t i, pages = 1;
	bool first = false, seen = false;

	for (i = 0; i < fm->n_fields; i++) {
		if (i > 0 && new_page(fm->fields[i]))
			pages++;
		if (!seen && (field_opts(fm->fields[i]) & O_ACTIVE)) {
			seen = true;
			first = fm->fields[i] == cur;
		}
	}
	return first && pages > 1;
}

/* Next/previous field across pages: libform's REQ_NEXT_FIELD wraps
 * within the page, so a wrap turns into a page change. Up from the
 * first field of a form of several pages stays there: libform would
 * wrap to the last page's last field, out of sight (issue 31); a form
 * of one page wraps within it, in sight. */
static void step(struct tui_form *fm, int dir)
{
	int before = field_index(current_field(fm->form)), after;

	if (dir < 0 && at_first_of_pages(fm))
		return;
	form_driver(fm->form, dir > 0 ? REQ_NEXT_FIELD : REQ_PREV_FIELD);
	after = field_index(current_field(fm->form));
	if (dir > 0 && after <= before)
		form_driver(fm->form, REQ_NEXT_PAGE);
	else if (dir < 0 && after >= before) {
		form_driver(fm->form, REQ_PREV_PAGE);
		form_driver(fm->form, REQ_LAST_FIELD);
	}
}

/* Delete, Backspace or Ctrl-U on the Draft model row: no draft. */
static bool is_draft_clear(const struct binding *b, int key)
{
	return b && b->special == TUI_PLAN_PICK_DRAFT &&
	       (key == KEY_DC || key == KEY_BACKSPACE || key == 127 ||
	        key == 8 || key == 21);
}

/* A picker field: ask the loop for the preset picker, with the key typed
 * (0: none) as the start of its filter. */
static void request_pick(struct tui_form *fm, struct tui_app *a, int key)
{
	struct binding *b = field_userptr(current_field(fm->form));

	a->pick_kind = b->special == TUI_PLAN_PICK_CARD ? KVP_PRESET_CARD
	                                                : KVP_PRESET_MODEL;
	a->pick_draft = b->special == TUI_PLAN_PICK_DRAFT;
	a->pick_filter[0] = (char)key;
	a->pick_filter[1] = '\0';
}

/* An editing key in the current field: delete, move, clear or type. */
static bool edit_key(struct tui_form *fm, int key)
{
	switch (key) {
	case KEY_BACKSPACE: case 127: case 8:
		form_driver(fm->form, REQ_DEL_PREV);
		return true;
	case KEY_DC:
		form_driver(fm->form, REQ_DEL_CHAR);
		return true;
	case KEY_HOME:
		form_driver(fm->form, REQ_BEG_FIELD);
		return true;
	case KEY_END:
		form_driver(fm->form, REQ_END_FIELD);
		return true;
	case 21: /* Ctrl-U */
		form_driver(fm->form, REQ_CLR_FIELD);
		return true;
	default:
		if (key >= 32 && key < 256 && key != 127) {
			form_driver(fm->form, key);
			return true;
		}
	}
	return false;
}

/* A key no action took: a picker's type-ahead, the draft row's Del, a
 * choice's type-ahead, else an edit of the field's text. */
static bool form_key(struct tui_form *fm, struct tui_app *a, int key)
{
	if (key >= 32 && key < 127 && is_pick(field_userptr(current_field(fm->form)))) {
		request_pick(fm, a, key);
		return true;
	}
	if (is_draft_clear(field_userptr(current_field(fm->form)), key)) {
		tui_draft_clear(a);
		tui_form_reload(fm, a);
		return true;
	}
	if (key > 32 && key < 127 && current_is_choice(fm) && type_ahead(fm, a, key))
		return true;
	if (key >= 32 && key < 256 && key != 127 && fm->fresh && !fm->ahead_text)
		form_driver(fm->form, REQ_CLR_FIELD);
	fm->fresh = false;
	/* an editing key: the field holds text the plan does not have yet
	 * (Home and End move only) */
	fm->typed = fm->typed || (key != KEY_HOME && key != KEY_END &&
	                          (key == KEY_BACKSPACE || key == 127 || key == 8 ||
	                           key == KEY_DC || key == 21 ||
	                           (key >= 32 && key < 256)));
	return edit_key(fm, key);
}

bool tui_form_handle(struct tui_form *fm, struct tui_app *a, enum tui_act act,
                     int key)
{
	if (!fm || !fm->form)
		return false;
	switch (act) {
	case TUI_ACT_NEXT_FIELD:
	case TUI_ACT_DOWN:
		if (tui_form_commit(fm, a))
			step(fm, 1);
		return true;
	case TUI_ACT_PREV_FIELD:
	case TUI_ACT_UP:
		if (tui_form_commit(fm, a))
			step(fm, -1);
		return true;
	case TUI_ACT_PAGE_DOWN:
		if (fm->sec == TUI_SEC_LAYERS)
			return false;      /* the list scrolls */
		if (tui_form_commit(fm, a))
			form_driver(fm->form, REQ_NEXT_PAGE);
		return true;
	case TUI_ACT_PAGE_UP:
		if (fm->sec == TUI_SEC_LAYERS)
			return false;
		if (tui_form_commit(fm, a))
			form_driver(fm->form, REQ_PREV_PAGE);
		return true;
	case TUI_ACT_CHOICE_NEXT:
		if (key == ' ' && is_pick(field_userptr(current_field(fm->form))))
			request_pick(fm, a, 0);
		else if (current_is_choice(fm))
			cycle(fm, a, 1);
		else if (key == ' ')
			return form_key(fm, a, ' ');
		else
			form_driver(fm->form, REQ_NEXT_CHAR);
		fm->fresh = false;
		return true;
	case TUI_ACT_CHOICE_PREV:
		if (current_is_choice(fm))
			cycle(fm, a, -1);
		else
			form_driver(fm->form, REQ_PREV_CHAR);
		fm->fresh = false;
		return true;
	case TUI_ACT_APPLY:
		/* Enter applies and moves on, as in a spreadsheet */
		if (is_pick(field_userptr(current_field(fm->form))))
			request_pick(fm, a, 0);
		else if (tui_form_commit(fm, a))
			step(fm, 1);
		return true;
	case TUI_ACT_CANCEL:
		cancel(fm, a);
		return true;
	case TUI_ACT_NONE:
		break;
	default:
		return false;
	}
	return form_key(fm, a, key);
}

bool tui_form_click(struct tui_form *fm, struct tui_app *a, int y, int x)
{
	int page, i, fy, fx, rows, cols, ny, nb;

	if (!fm || !fm->form || !tui_rect_contains(&fm->r, y, x))
		return false;
	y -= fm->r.y;
	x -= fm->r.x;
	page = form_page(fm->form);
	for (i = 0; i < (int)fm->n_fields; i++) {
		FIELD *f = fm->fields[i];

		if (!field_userptr(f))
			continue;
		/* fields of other pages are not on screen */
		field_info(f, &rows, &cols, &fy, &fx, &ny, &nb);
		if (fy != y || x < fx || x >= fx + cols)
			continue;
		{
			int p = 0, k;

			for (k = 0; k <= i; k++)
				if (k > 0 && new_page(fm->fields[k]))
					p++;
			if (p != page)
				continue;
		}
		if (!tui_form_commit(fm, a))
			return true;
		set_current_field(fm->form, f);
		return true;
	}
	return true;
}

const struct kvp_field *tui_form_current(const struct tui_form *fm, size_t *index)
{
	struct binding *b;

	if (!fm || !fm->form)
		return NULL;
	b = field_userptr(current_field(fm->form));
	if (!b)
		return NULL;
	if (index)
		*index = b->index;
	return b->f;
}

bool tui_form_text_entry(const struct tui_form *fm)
{
	struct binding *b;

	if (!fm || !fm->form)
		return false;
	b = field_userptr(current_field(fm->form));
	return b && ((b->f && b->f->type == KVP_FT_STRING) ||
	             b->special == TUI_PLAN_OVERRIDE_TENSOR ||
	             b->special == TUI_PLAN_MMPROJ_FILE);
}

bool tui_form_invalid(const struct tui_form *fm)
{
	return fm && fm->invalid;
}

void tui_form_kept(const struct tui_form *fm, const struct tui_app *a,
                   char *buf, size_t n)
{
	struct binding *b = fm && fm->form ? field_userptr(current_field(fm->form))
	                                   : NULL;
	char now[TEXT_MAX];

	if (!b) {
		snprintf(buf, n, "the plan keeps its last valid values");
		return;
	}
	bind_format(&a->plan, b, now, sizeof now);
	if (b->f || b->special != TUI_PLAN_FIELD)
		snprintf(buf, n, "%s keeps %s", b->label, now[0] ? now : "''");
	else
		snprintf(buf, n, "layer rule %zu keeps %s", b->index,
		         now[0] ? now : "''");
}

bool tui_form_pending(const struct tui_form *fm)
{
	return fm && fm->typed && !fm->invalid;
}

bool tui_form_goto(struct tui_form *fm, const char *key, size_t index)
{
	size_t i;

	if (!fm || !fm->form)
		return false;
	for (i = 0; i < fm->n_fields; i++) {
		struct binding *b = field_userptr(fm->fields[i]);

		if (b && b->f && !strcmp(b->f->key, key) &&
		    (!b->f->indexed || b->index == index))
			return set_current_field(fm->form, fm->fields[i]) == E_OK;
	}
	return false;
}

const char *tui_form_help(const struct tui_form *fm)
{
	struct binding *b;

	if (!fm || !fm->form)
		return "";
	b = field_userptr(current_field(fm->form));
	if (b && b->special == TUI_PLAN_PICK_MODEL)
		return "type to search the model presets (Enter: the whole list; Tab in it: a file or config.json)";
	if (b && b->special == TUI_PLAN_PICK_CARD)
		return "type to search the card presets (Enter: the whole list)";
	if (b && b->special == TUI_PLAN_OVERRIDE_TENSOR)
		return "llama.cpp -ot PATTERN=BUFFER[,...]: tensors whose GGUF name the pattern finds go to BUFFER (CPU, CUDA0), first match wins; empty: none";
	if (b && b->special == TUI_PLAN_MMPROJ_FILE)
		return "llama.cpp --mmproj FILE: a GGUF path, read now; its tensor bytes and tower fill the mmproj rows above (empty: no encoder)";
	if (b && b->special == TUI_PLAN_PICK_DRAFT)
		return "speculative decoding's draft model (llama.cpp -md, vLLM --speculative-model): type to search the model presets (Tab in the list: a file), Delete: none";
	if (b && b->special == TUI_PLAN_KV_FORMAT)
		return "KV cache format, K and V alike, where the engine reads it (f16, bf16, fp8, q8_0...; K and V apart on the Model page, F5)";
	if (b && b->f)
		return b->f->help;
	if (b)
		return "RANGE:key=value,... e.g. 0-39/2:kind=sliding,window=4096 (empty deletes)";
	return "";
}

void tui_form_draw(struct tui_form *fm, struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	int y = fm->r.h - 1, pages = 1, right = 0;
	size_t i;

	if (!fm->form)
		return;
	for (i = 1; i < fm->n_fields; i++)
		if (new_page(fm->fields[i]))
			pages++;
	/* The field's help is on the message line (full width); here the
	 * page and, where presets apply, the key that picks one. */
	tui_blank(fm->win, y, 0, fm->r.w, t->attr[TUI_R_DIM]);
	if (pages > 1)
		right = tui_put_right(fm->win, y, 0, fm->r.w, t->attr[TUI_R_DIM],
		                      " page %d/%d, %s", form_page(fm->form) + 1, pages,
		                      form_page(fm->form) + 1 < pages ? "PgDn" : "PgUp");
	if (fm->sec == TUI_SEC_PLAN)
		tui_put(fm->win, y, 0, fm->r.w - right, t->attr[TUI_R_DIM],
		        "Enter: apply, next  Esc: undo");
	else if (fm->sec == TUI_SEC_MODEL || fm->sec == TUI_SEC_DEVICES)
		tui_put(fm->win, y, 0, fm->r.w - right, t->attr[TUI_R_DIM], "^R %s preset",
		        fm->sec == TUI_SEC_MODEL ? "model" : "card");
	else if (fm->sec == TUI_SEC_WORKLOAD)
		tui_put(fm->win, y, 0, fm->r.w - right, t->attr[TUI_R_DIM], "^A/^X class");
	pos_form_cursor(fm->form);
	touchwin(fm->win);
	wnoutrefresh(fm->win);
}

int tui_form_position(const struct tui_form *fm, enum tui_section sec)
{
	if (!fm || !fm->form || fm->sec != sec)
		return -1;
	return field_index(current_field(fm->form));
}

void tui_form_set_position(struct tui_form *fm, int pos)
{
	if (fm && fm->form && pos >= 0 && (size_t)pos < fm->n_fields)
		set_current_field(fm->form, fm->fields[pos]);
}

bool tui_form_goto_rule(struct tui_form *fm, size_t index)
{
	size_t i;

	if (!fm || !fm->form)
		return false;
	for (i = 0; i < fm->n_fields; i++) {
		struct binding *b = field_userptr(fm->fields[i]);

		if (b && !b->f && b->index == index)
			return set_current_field(fm->form, fm->fields[i]) == E_OK;
	}
	return false;
}
