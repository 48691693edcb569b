/*
 * picker_fits.c - the model picker's "fits on these cards" filter
 * (picker_fits.h): each model put in the current plan in place of its
 * model and computed by the core, as kvplan calc would; a model fits when
 * the plan computes and every device fits.
 */
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/preset.h"
#include "tui/views/picker_fits.h"

bool tui_model_fits(const struct tui_app *a, const char *spec)
{
	struct kvp_plan *p = malloc(sizeof *p);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_error err;
	bool fits = false;
	size_t i;

	if (p && res) {
		*p = a->plan;   /* the ragged list stays borrowed, read only */
		if (kvp_model_load_spec(spec, &p->model, NULL, &err) == KVP_OK &&
		    kvp_compute(p, res) == KVP_OK) {
			fits = res->n_devices > 0;
			for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++)
				fits = fits && res->devices[i].fits;
		}
	}
	free(p);
	free(res);
	return fits;
}
