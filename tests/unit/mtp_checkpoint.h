/*
 * mtp_checkpoint.h - a small checkpoint's tensor groups for the unit
 * tests (weights from the model files, model.tensors), on DESIGN.md's
 * default model: embeddings 1,000,000 B, head 2,000,000, an MTP layer
 * of 3,000,000 of which 1,000,000 are its own embedding and head copies,
 * 40 layers of 10,000 (the MLP group, 400,000); 6,400,000 B in all.
 * Included by the tests that use it; not a test itself.
 */
#ifndef KVPLAN_TESTS_MTP_CHECKPOINT_H
#define KVPLAN_TESTS_MTP_CHECKPOINT_H

#include "kvplan/plan.h"

static void mtp_checkpoint(struct kvp_plan *p)
{
	struct kvp_tensors *t = &p->model.tensors;
	uint32_t i;

	t->source = KVP_WSRC_SAFETENSORS;
	t->bytes[KVP_TG_EMBED] = 1000000;
	t->bytes[KVP_TG_LM_HEAD] = 2000000;
	t->bytes[KVP_TG_MTP] = 3000000;
	t->mtp_shared = 1000000;
	t->bytes[KVP_TG_MLP] = 400000;
	for (i = 0; i < p->model.n_layers; i++)
		t->layer[i] = 10000;
	p->model.arch.mtp_layers = 1;
}

#endif
