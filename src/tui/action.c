/*
 * action.c - the action table (what users can do, with help text) and the
 * per-context key bindings (key -> action). Handlers live with the views;
 * app.c dispatches: context binding first, then the global one.
 */
#include <curses.h>

#include "tui/action.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CTRL_KEY(c) ((c) & 0x1f)

/* Index = enum tui_act - 1; the help overlay and man page use this order. */
static const struct kvp_action actions[TUI_ACT_COUNT - 1] = {
	[TUI_ACT_HELP - 1]         = { "help", "F1, ?", "show this help: the message line and the warnings of the result whole, the keys, the words on screen (any key closes it)", "Help", 1 },
	[TUI_ACT_SAVE - 1]         = { "save", "F2, Ctrl-S", "save the plan as JSON (atomic; asks before overwriting a file changed on disk; refused while the plan is INVALID, with the reason)", "Save", 3 },
	[TUI_ACT_OPEN - 1]         = { "open", "F3, Ctrl-O", "open a plan or record file, or an engine's launch command (typed, as vllm serve MODEL --tensor-parallel-size 4, or a file holding one) read on the current cards as kvplan calc -- reads it (one that kvplan calc refuses is not opened: the current plan stays)", "Open", 3 },
	[TUI_ACT_EXPORT - 1]       = { "export", "F4, Ctrl-E", "export the Markdown report of the current result (plan, arithmetic, budget, warnings, validation plan)", "Export", 3 },
	[TUI_ACT_SEC_PLAN - 1]     = { "section-plan", "Ctrl-G", "Plan page, the first: model, card and count, workload, KV format, engine, TP/PP and the draft model of speculative decoding (typing opens the model picker, Delete removes it; under vLLM it sets the draft_model method, as --speculative-model does) beside the verdict (Enter applies and moves on)", "Plan", 4 },
	[TUI_ACT_SEC_MODEL - 1]    = { "section-model", "F5", "Model section: layers, heads, dims, formats, weights", "Model", 4 },
	[TUI_ACT_SEC_WORKLOAD - 1] = { "section-workload", "F6", "Work(load) section: requests, prompt parts, strategy, engine (under llama.cpp also its -ot patterns, matched against the model's tensor names again after every edit)", "Work", 5 },
	[TUI_ACT_SEC_LAYERS - 1]   = { "section-layers", "F7", "Layers section: override rules and the resolved per-layer table", "Layers", 6 },
	[TUI_ACT_SEC_DEVICES - 1]  = { "section-devices", "F8", "Devices section: card, count, TP/PP/DP, reserve, overheads", "Cards", 7 },
	[TUI_ACT_SEC_TEACH - 1]    = { "section-gqa", "F9", "GQA/MQA view: the plan at every KV-head grouping; Up/Down choose a row and Enter gives the plan its KV heads, PgUp/PgDn jump to MHA/MQA, Left/Right step the plan's KV heads in place", "GQA", 8 },
	[TUI_ACT_SEC_ENGINES - 1]  = { "section-engines", "F12", "Engine view: the plan under every engine profile", "Engines", 9 },
	[TUI_ACT_SEC_SWEEP - 1]    = { "section-sweep", "F11", "Sweep view: fits or not over two axes as a heat map (x, y cycle the axes; Enter plans with a cell)", "Sweep", 10 },
	[TUI_ACT_QUIT - 1]         = { "quit", "F10, Ctrl-Q, Ctrl-C", "quit (asks first when there are unsaved changes; a second Ctrl-C quits without saving)", "Quit", 2 },
	[TUI_ACT_NEXT_SECTION - 1] = { "next-section", "Ctrl-N", "go to the next section", "Next", 11 },
	[TUI_ACT_PREV_SECTION - 1] = { "prev-section", "Ctrl-P", "go to the previous section", NULL, 0 },
	[TUI_ACT_NEXT_FIELD - 1]   = { "next-field", "Tab", "apply the field and go to the next one", NULL, 0 },
	[TUI_ACT_PREV_FIELD - 1]   = { "prev-field", "Shift-Tab", "apply the field and go to the previous one", NULL, 0 },
	[TUI_ACT_UP - 1]           = { "up", "Up", "previous field, or scroll a table up one line", NULL, 0 },
	[TUI_ACT_DOWN - 1]         = { "down", "Down", "next field, or scroll a table down one line", NULL, 0 },
	[TUI_ACT_CHOICE_NEXT - 1]  = { "choice-next", "Right, Space", "next value of a choice field (cursor right in text)", NULL, 0 },
	[TUI_ACT_CHOICE_PREV - 1]  = { "choice-prev", "Left", "previous value of a choice field (cursor left in text)", NULL, 0 },
	[TUI_ACT_APPLY - 1]        = { "apply", "Enter", "apply the typed value, recompute and move to the next field (Engines view: plan with the selected engine)", NULL, 0 },
	[TUI_ACT_CANCEL - 1]       = { "cancel", "Esc", "drop the typed text and restore the last valid value (the whole last valid plan after an entry the engine refused)", NULL, 0 },
	[TUI_ACT_PAGE_UP - 1]      = { "page-up", "PgUp", "previous page of fields or table rows", NULL, 0 },
	[TUI_ACT_PAGE_DOWN - 1]    = { "page-down", "PgDn", "next page of fields or table rows", NULL, 0 },
	[TUI_ACT_CLASS_ADD - 1]    = { "entry-add", "Ctrl-A", "add an entry to the list under the cursor (sequence class, card group, overhead): a copy of the last", NULL, 0 },
	[TUI_ACT_CLASS_DEL - 1]    = { "entry-delete", "Ctrl-X", "delete the list entry under the cursor (sequence class, card group, overhead)", NULL, 0 },
	[TUI_ACT_PICK_PRESET - 1]  = { "pick-preset", "Ctrl-R", "Model/Devices: pick a model or card preset, or a model of the local Hugging Face cache, from the list (Ctrl-F in the model list: only the models that fit these cards, each computed as kvplan calc would with the plan's workload and engine; Tab: type a path or id; in the model prompt Tab completes folders, GGUF and config files, cached ids and preset names)", "Preset", 13 },
	[TUI_ACT_REDRAW - 1]       = { "redraw", "Ctrl-L", "redraw the whole screen", NULL, 0 },
	[TUI_ACT_COPY_COMMAND - 1] = { "copy-command", "Ctrl-Y", "copy the command that runs the plan under its engine (vllm serve, llama-server, python -m sglang.launch_server, trtllm-serve; as kvplan calc --emit writes it) to the terminal's clipboard (OSC 52); the message line shows its start", NULL, 0 },
	[TUI_ACT_SEC_DEPLOY - 1]   = { "section-deploy", "Ctrl-D", "Deploy view: every card, count, layout, engine and format that fits, ranked, updated as the plan is edited (Enter plans with a row)", "Deploy", 3 },
};

struct binding {
	int key;
	enum tui_act act;
};

/* Global keys work in every context. */
static const struct binding global_keys[] = {
	{ KEY_F(1), TUI_ACT_HELP },       { '?', TUI_ACT_HELP },
	{ KEY_F(2), TUI_ACT_SAVE },       { CTRL_KEY('s'), TUI_ACT_SAVE },
	{ KEY_F(3), TUI_ACT_OPEN },       { CTRL_KEY('o'), TUI_ACT_OPEN },
	{ KEY_F(4), TUI_ACT_EXPORT },     { CTRL_KEY('e'), TUI_ACT_EXPORT },
	{ CTRL_KEY('g'), TUI_ACT_SEC_PLAN },
	{ KEY_F(5), TUI_ACT_SEC_MODEL },  { KEY_F(6), TUI_ACT_SEC_WORKLOAD },
	{ KEY_F(7), TUI_ACT_SEC_LAYERS }, { KEY_F(8), TUI_ACT_SEC_DEVICES },
	{ KEY_F(9), TUI_ACT_SEC_TEACH },  { KEY_F(12), TUI_ACT_SEC_ENGINES },
	{ KEY_F(11), TUI_ACT_SEC_SWEEP },
	{ KEY_F(10), TUI_ACT_QUIT },      { CTRL_KEY('q'), TUI_ACT_QUIT },
	{ CTRL_KEY('c'), TUI_ACT_QUIT },
	{ CTRL_KEY('n'), TUI_ACT_NEXT_SECTION },
	{ CTRL_KEY('p'), TUI_ACT_PREV_SECTION },
	{ CTRL_KEY('a'), TUI_ACT_CLASS_ADD },
	{ CTRL_KEY('x'), TUI_ACT_CLASS_DEL },
	{ CTRL_KEY('r'), TUI_ACT_PICK_PRESET },
	{ CTRL_KEY('l'), TUI_ACT_REDRAW },
	{ CTRL_KEY('d'), TUI_ACT_SEC_DEPLOY },
	{ CTRL_KEY('y'), TUI_ACT_COPY_COMMAND },
	{ 'q', TUI_ACT_QUIT },
};

static const struct binding form_keys[] = {
	{ '\t', TUI_ACT_NEXT_FIELD },     { KEY_BTAB, TUI_ACT_PREV_FIELD },
	{ KEY_UP, TUI_ACT_UP },           { KEY_DOWN, TUI_ACT_DOWN },
	{ KEY_RIGHT, TUI_ACT_CHOICE_NEXT }, { ' ', TUI_ACT_CHOICE_NEXT },
	{ KEY_LEFT, TUI_ACT_CHOICE_PREV },
	{ '\n', TUI_ACT_APPLY },          { '\r', TUI_ACT_APPLY },
	{ KEY_ENTER, TUI_ACT_APPLY },     { 27, TUI_ACT_CANCEL },
	{ KEY_PPAGE, TUI_ACT_PAGE_UP },   { KEY_NPAGE, TUI_ACT_PAGE_DOWN },
};

static const struct binding list_keys[] = {
	{ KEY_UP, TUI_ACT_UP },           { KEY_DOWN, TUI_ACT_DOWN },
	{ 'k', TUI_ACT_UP },              { 'j', TUI_ACT_DOWN },
	{ KEY_PPAGE, TUI_ACT_PAGE_UP },   { KEY_NPAGE, TUI_ACT_PAGE_DOWN },
	{ '\t', TUI_ACT_NEXT_FIELD },     { KEY_BTAB, TUI_ACT_PREV_FIELD },
	{ KEY_RIGHT, TUI_ACT_CHOICE_NEXT }, { KEY_LEFT, TUI_ACT_CHOICE_PREV },
	{ '\n', TUI_ACT_APPLY },          { '\r', TUI_ACT_APPLY },
	{ KEY_ENTER, TUI_ACT_APPLY },     { 27, TUI_ACT_CANCEL },
};

const struct kvp_action *kvp_tui_actions(size_t *n)
{
	if (n)
		*n = ARRAY_SIZE(actions);
	return actions;
}

const struct kvp_action *tui_action_info(enum tui_act a)
{
	if (a <= TUI_ACT_NONE || a >= TUI_ACT_COUNT)
		return NULL;
	return &actions[a - 1];
}

static enum tui_act lookup(const struct binding *t, size_t n, int key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].key == key)
			return t[i].act;
	return TUI_ACT_NONE;
}

enum tui_act tui_action_for_key(enum tui_ctx ctx, int key)
{
	switch (ctx) {
	case TUI_CTX_FORM:
		return lookup(form_keys, ARRAY_SIZE(form_keys), key);
	case TUI_CTX_LIST:
		return lookup(list_keys, ARRAY_SIZE(list_keys), key);
	case TUI_CTX_GLOBAL:
	case TUI_CTX_COUNT:
		break;
	}
	return lookup(global_keys, ARRAY_SIZE(global_keys), key);
}
