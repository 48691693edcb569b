/*
 * prices.c - the card price file (prices.h).
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/file.h"
#include "io/prices.h"

#define PRICES_MAX_BYTES (256u * 1024u)

static enum kvp_status one_price(const char *path, const cJSON *it,
                                 struct kvp_prices *out,
                                 struct kvp_error *err)
{
	double v, m;
	size_t i;

	if (!cJSON_IsNumber(it))
		return kvp_error_set(err, KVP_EPARSE,
			"%s: cards.%s: expected a number (price per card-hour)",
			path, it->string);
	v = it->valuedouble;
	m = v * 1e6;
	if (!isfinite(v) || v <= 0 || v > 1e6)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: cards.%s: %g - expected a price above 0 and at most "
			"1000000", path, it->string, v);
	if (fabs(m - floor(m + 0.5)) > 1e-3)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: cards.%s: %.10g - at most six decimals", path,
			it->string, v);
	if (strlen(it->string) >= sizeof out->key[0] || !it->string[0])
		return kvp_error_set(err, KVP_ERANGE,
			"%s: cards: '%s' - a card name of 1 to %zu characters",
			path, it->string, sizeof out->key[0] - 1);
	for (i = 0; i < out->n; i++)
		if (!strcasecmp(out->key[i], it->string))
			return kvp_error_set(err, KVP_EINVAL,
				"%s: cards.%s: given twice", path, it->string);
	if (out->n >= KVP_PRICES_MAX)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: cards: more than %d prices", path, KVP_PRICES_MAX);
	strcpy(out->key[out->n], it->string);
	out->micro[out->n++] = (uint64_t)floor(m + 0.5);
	return KVP_OK;
}

static enum kvp_status parse(const char *path, const cJSON *root,
                             struct kvp_prices *out, struct kvp_error *err)
{
	const cJSON *it, *kind = NULL, *cards = NULL;
	enum kvp_status st;

	if (!cJSON_IsObject(root))
		return kvp_error_set(err, KVP_EPARSE,
			"%s: expected a JSON object {\"kvplan\": \"prices\", "
			"\"cards\": {...}}", path);
	cJSON_ArrayForEach(it, root) {
		if (!strcmp(it->string, "kvplan")) {
			kind = it;
		} else if (!strcmp(it->string, "cards")) {
			cards = it;
		} else if (!strcmp(it->string, "currency")) {
			if (!cJSON_IsString(it) ||
			    strlen(it->valuestring) >= sizeof out->currency)
				return kvp_error_set(err, KVP_EPARSE,
					"%s: currency: expected a short string "
					"(\"USD\")", path);
			strcpy(out->currency, it->valuestring);
		} else if (strcmp(it->string, "description") &&
		           strcmp(it->string, "source")) {
			return kvp_error_set(err, KVP_EPARSE,
				"%s: %s: unknown key (expected kvplan, currency, "
				"cards, description, source)", path, it->string);
		}
	}
	if (!cJSON_IsString(kind) || strcmp(kind->valuestring, "prices"))
		return kvp_error_set(err, KVP_EPARSE,
			"%s: kvplan: expected \"prices\"", path);
	if (!cJSON_IsObject(cards) || !cards->child)
		return kvp_error_set(err, KVP_EPARSE,
			"%s: cards: expected an object of card name -> price "
			"per card-hour", path);
	cJSON_ArrayForEach(it, cards) {
		st = one_price(path, it, out, err);
		if (st != KVP_OK)
			return st;
	}
	return KVP_OK;
}

enum kvp_status kvp_prices_load(const char *path, struct kvp_prices *out,
                                struct kvp_error *err)
{
	char *text = NULL;
	size_t len = 0;
	cJSON *root;
	enum kvp_status st;

	memset(out, 0, sizeof *out);
	st = kvp_file_read(path, PRICES_MAX_BYTES, &text, &len, NULL, err);
	if (st != KVP_OK)
		return st;
	root = cJSON_ParseWithLength(text, len);
	free(text);
	if (!root)
		return kvp_error_set(err, KVP_EPARSE,
			"%s: not valid JSON", path);
	st = parse(path, root, out, err);
	cJSON_Delete(root);
	return st;
}

uint64_t kvp_prices_find(const struct kvp_prices *p, const char *preset,
                         const char *name)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if ((preset && !strcasecmp(p->key[i], preset)) ||
		    (name && !strcasecmp(p->key[i], name)))
			return p->micro[i];
	return 0;
}
