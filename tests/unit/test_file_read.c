/*
 * test_file_read.c - kvp_file_read and kvp_file_open_regular (src/io/
 * file.c, issue 10): a FIFO or a device is refused at once in one line
 * (O_NONBLOCK + fstat, never a blocking open), a /proc file is read by
 * reading (it reports size 0), and a file is read to its end but never
 * past the limit.
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_main.h"
#include "io/file.h"

static char dir[64];

static void mkdir_tmp(void)
{
	snprintf(dir, sizeof dir, "/tmp/kvp_file_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

START_TEST(fifo_refused_at_once)
{
	char path[128], *text = NULL;
	size_t len;
	struct kvp_error err;

	mkdir_tmp();
	snprintf(path, sizeof path, "%s/f.json", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	/* no writer: a blocking open would never return (the test's timeout
	 * would fail it) */
	ck_assert_int_ne(kvp_file_read(path, 0, &text, &len, NULL, &err), KVP_OK);
	ck_assert_ptr_null(text);
	ck_assert_ptr_nonnull(strstr(err.msg, "is a FIFO, not a regular file"));
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(device_refused)
{
	char *text = NULL;
	size_t len;
	struct kvp_error err;

	ck_assert_int_ne(kvp_file_read("/dev/zero", 0, &text, &len, NULL, &err), KVP_OK);
	ck_assert_str_eq(err.msg, "/dev/zero: is a character device, not a regular file");
	ck_assert_int_lt(kvp_file_open_regular("/dev/null", NULL, &err), 0);
}
END_TEST

/* /proc/self/status reports st_size 0 yet holds text: read by reading. */
START_TEST(proc_read_by_reading)
{
	char *text = NULL;
	size_t len = 0;
	struct kvp_error err;
	struct stat st;

	if (stat("/proc/self/status", &st) != 0)
		return;   /* no /proc here */
	ck_assert_uint_eq(st.st_size, 0);
	ck_assert_msg(kvp_file_read("/proc/self/status", 0, &text, &len, NULL, &err) == KVP_OK,
	              "%s", err.msg);
	ck_assert_uint_gt(len, 0);
	ck_assert_ptr_nonnull(strstr(text, "Name:"));
	free(text);
}
END_TEST

/* 100 bytes under a 99-byte limit: refused; under 100: read whole. */
START_TEST(limit_bounds_the_read)
{
	char path[128], *text = NULL, data[100];
	size_t len = 0;
	struct kvp_error err;
	FILE *f;

	mkdir_tmp();
	snprintf(path, sizeof path, "%s/x.json", dir);
	memset(data, 'a', sizeof data);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fwrite(data, 1, sizeof data, f);
	fclose(f);
	ck_assert_int_ne(kvp_file_read(path, 99, &text, &len, NULL, &err), KVP_OK);
	ck_assert_ptr_nonnull(strstr(err.msg, "larger than the limit"));
	ck_assert_int_eq(kvp_file_read(path, 100, &text, &len, NULL, &err), KVP_OK);
	ck_assert_uint_eq(len, 100);
	free(text);
	unlink(path);
	rmdir(dir);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("file_read");
	TCase *tc = tcase_create("io");

	tcase_set_timeout(tc, 10);
	tcase_add_test(tc, fifo_refused_at_once);
	tcase_add_test(tc, device_refused);
	tcase_add_test(tc, proc_read_by_reading);
	tcase_add_test(tc, limit_bounds_the_read);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
