/* cmd_version.c - `kvplan version`. */
#include <stdio.h>

#include "cli/commands.h"

int kvp_cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("kvplan %s\n", KVP_VERSION);
	return 0;
}
