/*
 * report_csv.c - sweep rows as CSV (see report_csv.h). Writes only to the
 * caller's stream; every figure is a field of struct kvp_result.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "io/report_csv.h"

void kvp_sweep_verdict(const struct kvp_result *res,
                       struct kvp_sweep_verdict *v)
{
	uint32_t i;

	v->fits = res->fits;
	v->device = -1;
	v->free_bytes = 0;
	v->kv_bytes = res->kv.bytes;
	for (i = 0; i < res->n_devices; i++)
		if (v->device < 0 || res->devices[i].free_bytes < v->free_bytes) {
			v->device = (int)i;
			v->free_bytes = res->devices[i].free_bytes;
		}
}

void kvp_csv_cell(FILE *f, const char *s, bool last)
{
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

void kvp_report_csv_header(FILE *f)
{
	fputs("x_axis,x,y_axis,y,status,kv_bytes,bytes_per_sequence,sequences,"
	      "binding_device,binding_free_bytes,capacity_bytes,message\n", f);
}

void kvp_report_csv_row(FILE *f, const char *x_axis, const char *x,
                        const char *y_axis, const char *y,
                        const struct kvp_result *res, const char *error)
{
	struct kvp_sweep_verdict v;
	char n[32];

	kvp_csv_cell(f, x_axis, false);
	kvp_csv_cell(f, x, false);
	kvp_csv_cell(f, y_axis, false);
	kvp_csv_cell(f, y, false);
	if (!res) {
		fputs("error,,,,,,,", f);
		kvp_csv_cell(f, error ? error : "", true);
		return;
	}
	kvp_sweep_verdict(res, &v);
	kvp_csv_cell(f, v.fits ? "fits" : "does_not_fit", false);
	fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",", res->kv.bytes,
	        res->kv.bytes_per_sequence, res->kv.sequences);
	if (v.device >= 0) {
		snprintf(n, sizeof n, "%d", v.device);
		fprintf(f, "%s,%" PRId64 ",%" PRIu64 ",", n, v.free_bytes,
		        res->devices[v.device].capacity_bytes);
	} else {
		fputs(",,,", f);
	}
	kvp_csv_cell(f, "", true);
}
