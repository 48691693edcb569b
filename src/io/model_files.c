/*
 * model_files.c - which reader a model path needs (model_files.h): a
 * GGUF file (by its magic "GGUF" or its .gguf name), a folder with
 * safetensors weights, or a Hugging Face config.json (file or folder).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kvplan/import.h"
#include "kvplan/model_files.h"

bool kvp_is_gguf_file(const char *path)
{
	char magic[4];
	int fd;
	bool yes = false;

	if (kvp_is_gguf_name(path))
		return true;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	{
		struct stat sb;
		if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    read(fd, magic, 4) == 4 && !memcmp(magic, "GGUF", 4))
			yes = true;
	}
	close(fd);
	return yes;
}

enum kvp_status kvp_model_path_import(const char *path, struct kvp_model *m,
                                      struct kvp_notes *notes,
                                      struct kvp_error *err)
{
	struct stat sb;

	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (kvp_dir_has_safetensors(path))
			return kvp_safetensors_import_dir(path, m, notes, err);
		return kvp_hf_import_path(path, m, notes, err);
	}
	if (kvp_is_gguf_file(path))
		return kvp_gguf_import_path(path, m, notes, err);
	return kvp_hf_import_path(path, m, notes, err);
}
