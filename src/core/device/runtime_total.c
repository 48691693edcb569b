/*
 * runtime_total.c - the memory a card's runtime reports to the engine
 * (runtime_total.h): torch.cuda.mem_get_info()'s total, which vLLM's
 * budget and SGLang's both start from, and reconcile compares with a
 * log's total. A property of the card, not of one engine.
 */
#include "core/device/runtime_total.h"

uint64_t kvp_card_runtime_total(const struct kvp_card *card, bool *estimated)
{
	uint64_t cap = card->capacity_bytes, floor = cap - cap / 32;

	*estimated = false;
	/* a runtime total outside [estimate, capacity] belongs to another
	 * capacity (one given by hand, --card-capacity): not used */
	if (card->runtime_total_bytes >= floor &&
	    card->runtime_total_bytes <= cap)
		return card->runtime_total_bytes;
	if (card->allocatable)
		return cap;
	*estimated = true;
	return floor;
}
