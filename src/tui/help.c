/*
 * help.c - the help overlay (see help.h), drawn in its own window over the
 * screen so closing it needs only a redraw.
 */
#include <curses.h>
#include <string.h>

#include "tui/help.h"
#include "tui/text.h"

static int inner_rows(const struct tui_app *a)
{
	return a->lay.rows - 6;
}

/* What the abbreviations on screen mean, and the bar's glyphs: shown in
 * the help after the keys, one row each (term, meaning). A heading row
 * has an empty meaning. */
static const struct { const char *term, *text; } glossary[] = {
	{ "Words on screen", "" },
	{ "L", "layers that hold a KV cache" },
	{ "Hq", "query heads per layer" },
	{ "Hkv", "KV heads per layer: each stores one K and one V vector per position; with GQA, Hq/Hkv query heads share one" },
	{ "D", "head dimension: values in one K (or V) vector" },
	{ "B", "bytes; GiB = 2^30 bytes, GB = 10^9 bytes, never mixed" },
	{ "pos, slots", "positions (tokens) stored in the cache, and positions the allocator reserved for them" },
	{ "waste", "reserved slots that hold no token (block rounding, a static reservation longer than the sequence)" },
	{ "pool", "the KV pool a named engine preallocates (vLLM, SGLang, TensorRT-LLM): its size, not the bytes your requests fill" },
	{ "weights", "the model's parameters on the card, as loaded" },
	{ "activ.~", "activations: working memory of a forward pass; ~ = an estimate, with its source in the report" },
	{ "comput~", "compute buffer: llama.cpp's, an estimate of what ggml-alloc packs (man kvplan, COMPUTE BUFFERS)" },
	{ "retain", "retained outputs: fp32 logits kept per sequence on the last stage (devices.retained_logits)" },
	{ "encodr", "encoder: a multimodal projector file (--mmproj) or vLLM's encoder cache; encodr~ holds the --mmproj compute buffer, an estimate (man kvplan, COMPUTE BUFFERS)" },
	{ "LoRA", "LoRA adapter slots (vLLM) or adapter files (llama.cpp --lora)" },
	{ "draft", "the draft model of speculative decoding: its weights and its KV (llama.cpp -md, vLLM --speculative-model)" },
	{ "overhd", "overhead: CUDA context, CUDA graphs, allocator reserve, TP communication buffers" },
	{ "reserv", "your reserve: memory you asked to keep free on purpose (--reserve, a fraction or bytes), counted as used; 0 means you asked for none, not that nothing is left" },
	{ "free", "what is left after every part and your reserve; OVER (or -) when the parts pass the capacity" },
	{ "cap.", "the card's memory as the driver reports it" },
	{ "TP, PP, DP", "tensor parallel (heads split across cards), pipeline stages (layers split), data parallel (replicas)" },
	{ "INVALID", "the latest entry is refused (message beside it); the figures shown are the last valid ones, dimmed, without a verdict" },
	{ "KVP-Wnn", "a warning code; man kvplan lists every one" },
	{ "Bar key", "" },
	{ "colour or | # * = + % ~ & @ :", "parts of the card, in legend order: weights, KV, activations, compute buffer, retained, encoder, LoRA, draft, overhead, your reserve (the CLI's glyphs)" },
	{ "partial block", "the last eighths of a cell (the bar is to scale in eighths of a cell)" },
	{ "thin mark or .", "a part under one cell, drawn after the parts: no other part gives up a cell" },
	{ "]", "the card's capacity; parts past it are drawn after the mark, as ! without colour" },
};

#define N_GLOSSARY (sizeof glossary / sizeof glossary[0])

/* Entry i of the overlay: the message line's whole text when there is
 * one (a long message never stays cut), the warnings of the shown
 * result whole, the actions (keys, help), then the glossary (term,
 * meaning). False past the end. */
static bool entry_at(const struct tui_app *a, size_t i, const char **keys,
                     const char **text)
{
	const struct kvp_action *acts;
	size_t n;

	if (a->msg_kind != TUI_MSG_NONE && a->msg[0]) {
		if (i == 0) {
			*keys = "Message";
			*text = a->msg;
			return true;
		}
		i--;
	}
	/* the shown result's warnings, whole (the panel wraps them into
	 * the rows it has) */
	if (a->have_result && i < a->res->n_warnings) {
		*keys = kvp_warn_id(a->res->warnings[i].code);
		*text = a->res->warnings[i].msg;
		return true;
	}
	if (a->have_result)
		i -= a->res->n_warnings;
	acts = kvp_tui_actions(&n);
	if (i < n) {
		*keys = acts[i].keys;
		*text = acts[i].help;
		return true;
	}
	i -= n;
	if (i >= N_GLOSSARY)
		return false;
	*keys = glossary[i].term;
	*text = glossary[i].text;
	return true;
}

/* Line `line` of the overlay text when the texts wrap at `width`
 * columns: an entry's keys on its first line only. Returns false past
 * the end. */
static bool help_line(const struct tui_app *a, size_t line, int width,
                      const char **keys, const char **text, int *len)
{
	const char *k, *p;
	size_t i, l = 0;

	for (i = 0; entry_at(a, i, &k, &p); i++) {
		bool first = true;

		while (*p || first) {
			int cut = (int)strlen(p);

			if (cut > width) {       /* break at the last blank */
				cut = width;
				while (cut > 0 && p[cut] != ' ')
					cut--;
				if (cut == 0)
					cut = width;
			}
			if (l == line) {
				*keys = first ? k : "";
				*text = p;
				*len = cut;
				return true;
			}
			l++;
			first = false;
			p += cut;
			while (*p == ' ')
				p++;
		}
	}
	return false;
}

static int total_lines(const struct tui_app *a, int width)
{
	const char *k, *t;
	int len, n = 0;

	while (help_line(a, (size_t)n, width, &k, &t, &len))
		n++;
	return n;
}

void tui_help_draw(struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	int h = a->lay.rows - 2, w = a->lay.cols - 4, rows = inner_rows(a), y;
	int tw = w - 25, n = total_lines(a, tw), len;
	const char *keys, *text;
	WINDOW *win;

	if (a->help_scroll > n - rows)
		a->help_scroll = n - rows;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	win = newwin(h, w, 1, 2);
	if (!win)
		return;
	wattrset(win, t->attr[TUI_R_NORMAL]);
	werase(win);
	tui_box(win, a->theme.utf8);
	tui_put(win, 0, 2, w - 4, t->attr[TUI_R_HEADING],
	        " kvplan keys, words and bar key (Up/Down scroll, any other key closes) ");
	for (y = 1; y <= rows && help_line(a, (size_t)(a->help_scroll + y - 1), tw,
	                                   &keys, &text, &len); y++) {
		tui_put(win, y, 2, 20, t->attr[TUI_R_FOOT_KEY], "%s", keys);
		tui_put(win, y, 23, tw, t->attr[TUI_R_NORMAL], "%.*s", len, text);
	}
	/* where the page is, on the bottom border: lines first-last of n */
	if (n > rows)
		tui_put_right(win, h - 1, 2, w - 4, t->attr[TUI_R_HEADING],
		              " %d-%d of %d, %s ", a->help_scroll + 1,
		              a->help_scroll + y - 1, n,
		              a->help_scroll + y - 1 < n ? "Down: more" : "Up: back");
	tui_put(win, h - 3, 2, w - 4, t->attr[TUI_R_DIM],
	        "In fields: type to replace, Backspace/Del/Home/End/Ctrl-U edit;");
	tui_put(win, h - 2, 2, w - 4, t->attr[TUI_R_DIM],
	        "click a tab or a field with the mouse. Every figure is kvp_compute's.");
	wnoutrefresh(win);
	delwin(win);
}

void tui_help_key(struct tui_app *a, int key)
{
	switch (key) {
	case KEY_UP:
		a->help_scroll--;
		break;
	case KEY_DOWN:
		a->help_scroll++;
		break;
	case KEY_PPAGE:
		a->help_scroll -= inner_rows(a);
		break;
	case KEY_NPAGE:
		a->help_scroll += inner_rows(a);
		break;
	case KEY_RESIZE:
	case ERR:
		break;
	default:
		a->help_open = false;
	}
}
