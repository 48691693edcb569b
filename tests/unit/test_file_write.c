/*
 * test_file_write.c - saves that respect the user's files (src/io/file.c
 * kvp_file_write_atomic, issue 10): through a symlink the target is
 * written (the link stays a link), a file with other hard links is not
 * split silently (refused, saying why), and the owner is kept (checked
 * when the test runs as root and can make a file someone else's).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_main.h"
#include "io/file.h"

static char dir[64], target[128], link_[128], other[128];

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/kvp_fw_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(target, sizeof target, "%s/real.json", dir);
	snprintf(link_, sizeof link_, "%s/link.json", dir);
	snprintf(other, sizeof other, "%s/other.json", dir);
}

static void teardown(void)
{
	unlink(target);
	unlink(link_);
	unlink(other);
	rmdir(dir);
}

static void put(const char *path, const char *text)
{
	struct kvp_error err;

	ck_assert_msg(kvp_file_write_atomic(path, text, strlen(text), NULL, NULL, &err) == KVP_OK,
	              "%s", err.msg);
}

static void expect_text(const char *path, const char *want)
{
	char *text = NULL;
	size_t len;
	struct kvp_error err;

	ck_assert_msg(kvp_file_read(path, 0, &text, &len, NULL, &err) == KVP_OK, "%s", err.msg);
	ck_assert_str_eq(text, want);
	free(text);
}

START_TEST(through_symlink)
{
	struct stat st;

	setup();
	put(target, "{\"old\": 1}\n");
	ck_assert_int_eq(symlink("real.json", link_), 0);
	put(link_, "{\"new\": 2}\n");
	ck_assert_int_eq(lstat(link_, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	expect_text(target, "{\"new\": 2}\n");
	teardown();
}
END_TEST

START_TEST(hard_links_not_split)
{
	struct kvp_error err;
	const char *t = "{\"new\": 2}\n";

	setup();
	put(target, "{\"old\": 1}\n");
	ck_assert_int_eq(link(target, other), 0);
	ck_assert_int_ne(kvp_file_write_atomic(target, t, strlen(t), NULL, NULL, &err), KVP_OK);
	ck_assert_ptr_nonnull(strstr(err.msg, "has 2 hard links"));
	ck_assert_ptr_nonnull(strstr(err.msg, "not saved"));
	expect_text(other, "{\"old\": 1}\n");
	teardown();
}
END_TEST

START_TEST(owner_kept)
{
	struct stat st;

	if (geteuid() != 0)
		return;   /* only root can hand a file to someone else */
	setup();
	put(target, "{\"old\": 1}\n");
	ck_assert_int_eq(chown(target, 4242, 4343), 0);
	ck_assert_int_eq(chmod(target, 0640), 0);
	put(target, "{\"new\": 2}\n");
	ck_assert_int_eq(stat(target, &st), 0);
	ck_assert_uint_eq(st.st_uid, 4242);
	ck_assert_uint_eq(st.st_gid, 4343);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	teardown();
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("file_write");
	TCase *tc = tcase_create("io");

	tcase_add_test(tc, through_symlink);
	tcase_add_test(tc, hard_links_not_split);
	tcase_add_test(tc, owner_kept);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
