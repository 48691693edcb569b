/*
 * engine_ref.h - test helpers for the engine profiles: load the reference
 * files (tests/reference, the repository's copy of the public reference
 * cases; see tests/reference/README.md) with cJSON at run
 * time, and read typed members. The tests take expected figures from
 * these files, never copies of them. Include once per test program.
 */
#ifndef KVPLAN_TEST_ENGINE_REF_H
#define KVPLAN_TEST_ENGINE_REF_H

#include <cJSON.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Path of a reference file; the buffer is static (tests are serial). */
static __attribute__((unused)) const char *ref_path(const char *name)
{
	static char buf[1024];

	snprintf(buf, sizeof buf, "%s/tests/reference/%s", KVP_SRCDIR, name);
	return buf;
}

/* Parse a reference file; the caller frees with cJSON_Delete. */
static __attribute__((unused)) cJSON *ref_load(const char *name)
{
	const char *path = ref_path(name);
	FILE *f = fopen(path, "rb");
	char *text;
	long len;
	cJSON *root;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	ck_assert(len > 0);
	rewind(f);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	text[len] = '\0';
	fclose(f);
	root = cJSON_Parse(text);
	free(text);
	ck_assert_msg(root != NULL, "%s: not valid JSON", path);
	return root;
}

/* A member that must exist and be a number / string. */
static __attribute__((unused)) double ref_num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	ck_assert_msg(cJSON_IsNumber(v), "reference: %s is not a number", key);
	return v->valuedouble;
}

static __attribute__((unused)) unsigned long long ref_u64(const cJSON *o, const char *key)
{
	double d = ref_num(o, key);

	ck_assert_msg(d >= 0, "reference: %s is negative", key);
	return (unsigned long long)d;
}

static __attribute__((unused)) const char *ref_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	ck_assert_msg(cJSON_IsString(v), "reference: %s is not a string", key);
	return v->valuestring;
}

/* The entry of a JSON array of objects whose `key` equals `val`. */
static __attribute__((unused)) const cJSON *ref_find(const cJSON *arr, const char *key, const char *val)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, arr) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(it, key);

		if (cJSON_IsString(v) && strcmp(v->valuestring, val) == 0)
			return it;
	}
	ck_abort_msg("reference: no entry with %s = %s", key, val);
	return NULL;
}

/* The first string of an array that contains `needle`, or NULL. */
static __attribute__((unused)) const char *ref_line(const cJSON *arr, const char *needle)
{
	const cJSON *it;

	cJSON_ArrayForEach(it, arr)
		if (cJSON_IsString(it) && strstr(it->valuestring, needle))
			return it->valuestring;
	return NULL;
}

/* A number printed after `key` in a log line ("#tokens: 46611"); the
 * line must contain the key. */
static __attribute__((unused)) double ref_after(const char *line, const char *key)
{
	const char *at = strstr(line, key);

	ck_assert_msg(at != NULL, "reference line lacks '%s': %s", key, line);
	return strtod(at + strlen(key), NULL);
}

#endif
