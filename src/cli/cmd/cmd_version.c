/* cmd_version.c - `kvplan version` (also `kvplan --version`, `-V`). */
#include <stdio.h>
#include <string.h>

#include "cli/cmd/cmd_version.h"

int kvp_cmd_version(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: kvplan version (or kvplan --version, kvplan -V)\n"
		       "Prints \"kvplan VERSION\".\n");
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "kvplan: version: '%s': takes no argument\n", argv[1]);
		return 2;
	}
	printf("kvplan %s\n", KVP_VERSION);
	return 0;
}
