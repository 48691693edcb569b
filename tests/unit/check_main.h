/*
 * check_main.h - the main() of one Check test program: include it after
 * defining the suite function, then write KVP_CHECK_MAIN(make_suite).
 * Exit status 0 only when every test passed.
 */
#ifndef KVPLAN_TEST_CHECK_MAIN_H
#define KVPLAN_TEST_CHECK_MAIN_H

#include <check.h>
#include <stdlib.h>

#define KVP_CHECK_MAIN(suite_fn)                                   \
	int main(void)                                             \
	{                                                          \
		SRunner *sr = srunner_create(suite_fn());          \
		int failed;                                        \
		srunner_run_all(sr, CK_NORMAL);                    \
		failed = srunner_ntests_failed(sr);                \
		srunner_free(sr);                                  \
		return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;  \
	}

#endif
