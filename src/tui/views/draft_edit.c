/*
 * draft_edit.c - the plan's draft model edits shared by the form (the
 * Draft model row's Del) and the preset loader (draft_edit.h). Below
 * both, so neither calls the other.
 */
#include <string.h>

#include "kvplan/engine.h"
#include "tui/views/draft_edit.h"

/* Speculative decoding's method where the engine asks for one: vLLM's
 * speculative_config names it ("draft_model" with a draft, "eagle3" with
 * an EAGLE-3 head, "eagle" kept where chosen, as the CLI's
 * --speculative-model sets it); llama.cpp takes -md alone. ngram and mtp
 * are the user's: a draft under them is refused by the computation. */
void tui_draft_method(struct tui_app *a)
{
	struct kvp_vllm_opts *v = &a->plan.engine.vllm;
	enum kvp_spec_method m = v->speculative_method;

	if (m != KVP_SPEC_NONE && m != KVP_SPEC_DRAFT_MODEL &&
	    m != KVP_SPEC_EAGLE3 && m != KVP_SPEC_EAGLE)
		return;
	if (a->plan.draft.n_layers > 0) {
		v->speculative_method = kvp_draft_method(&a->plan.draft, m);
	} else if (m != KVP_SPEC_NONE) {
		/* speculative decoding off: its tokens go with it */
		v->speculative_method = KVP_SPEC_NONE;
		v->num_speculative_tokens = 0;
	}
}

void tui_draft_clear(struct tui_app *a)
{
	if (a->plan.draft.n_layers == 0) {
		tui_app_message(a, TUI_MSG_INFO, "no draft model to remove");
		return;
	}
	memset(&a->plan.draft, 0, sizeof a->plan.draft);
	tui_draft_method(a);
	tui_app_edited(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "draft model removed");
}
