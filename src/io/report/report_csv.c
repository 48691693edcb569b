/*
 * report_csv.c - sweep rows as CSV and cells as JSON (see report_csv.h). Writes only to the
 * caller's stream; every figure is a field of struct kvp_result.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "io/report/report_csv.h"

void kvp_sweep_verdict(const struct kvp_result *res,
                       struct kvp_sweep_verdict *v)
{
	uint32_t i;

	v->fits = res->fits;
	v->state = res->verdict.state;
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
	kvp_csv_cell(f, kvp_verdict_key(v.state), false);
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

/* An exact integer (cJSON numbers are doubles: 2^53 and above would
 * round), written as its digits. */
static bool add_int(cJSON *o, const char *k, bool neg, uint64_t mag)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%s%" PRIu64, neg ? "-" : "", mag);
	return cJSON_AddRawToObject(o, k, buf) != NULL;
}

cJSON *kvp_sweep_json_cell(const char *x, const char *y,
                           const struct kvp_result *res, const char *error)
{
	struct kvp_sweep_verdict v;
	cJSON *c = cJSON_CreateObject();
	bool good;

	if (!c)
		return NULL;
	good = cJSON_AddStringToObject(c, "x", x) && cJSON_AddStringToObject(c, "y", y);
	if (!res) {
		good = good && cJSON_AddStringToObject(c, "status", "error") &&
		       cJSON_AddNullToObject(c, "kv_bytes") &&
		       cJSON_AddNullToObject(c, "bytes_per_sequence") &&
		       cJSON_AddNullToObject(c, "sequences") &&
		       cJSON_AddNullToObject(c, "binding_device") &&
		       cJSON_AddNullToObject(c, "binding_free_bytes") &&
		       cJSON_AddNullToObject(c, "capacity_bytes") &&
		       cJSON_AddStringToObject(c, "message", error ? error : "");
	} else {
		kvp_sweep_verdict(res, &v);
		good = good &&
		       cJSON_AddStringToObject(c, "status", kvp_verdict_key(v.state)) &&
		       add_int(c, "kv_bytes", false, res->kv.bytes) &&
		       add_int(c, "bytes_per_sequence", false, res->kv.bytes_per_sequence) &&
		       add_int(c, "sequences", false, res->kv.sequences);
		if (good && v.device >= 0)
			/* -(x + 1) + 1: the magnitude of INT64_MIN without overflow */
			good = add_int(c, "binding_device", false, (uint64_t)v.device) &&
			       add_int(c, "binding_free_bytes", v.free_bytes < 0,
			               v.free_bytes < 0 ? (uint64_t)-(v.free_bytes + 1) + 1
			                                : (uint64_t)v.free_bytes) &&
			       add_int(c, "capacity_bytes", false,
			               res->devices[v.device].capacity_bytes);
		else if (good)
			good = cJSON_AddNullToObject(c, "binding_device") &&
			       cJSON_AddNullToObject(c, "binding_free_bytes") &&
			       cJSON_AddNullToObject(c, "capacity_bytes");
		good = good && cJSON_AddStringToObject(c, "message", "");
	}
	if (!good) {
		cJSON_Delete(c);
		return NULL;
	}
	return c;
}
