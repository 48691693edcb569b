/*
 * file.c - size-limited whole-file reads and atomic writes (file.h).
 * POSIX only: open/read/fstat, mkstemp, fsync, rename.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/file.h"

static void stamp_from(const struct stat *st, struct kvp_file_stamp *s)
{
	s->exists = true;
	s->dev = (uint64_t)st->st_dev;
	s->ino = (uint64_t)st->st_ino;
	s->size = (uint64_t)st->st_size;
	s->mtime_sec = (int64_t)st->st_mtim.tv_sec;
	s->mtime_nsec = (int64_t)st->st_mtim.tv_nsec;
}

enum kvp_status kvp_file_read(const char *path, size_t max_bytes, char **text,
                              size_t *len, struct kvp_file_stamp *stamp,
                              struct kvp_error *err)
{
	struct stat st;
	char *buf;
	size_t got = 0;
	int fd;

	*text = NULL;
	*len = 0;
	if (!max_bytes)
		max_bytes = KVP_FILE_MAX_BYTES;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return kvp_error_set(err, errno == ENOENT ? KVP_ENOTFOUND : KVP_EIO,
		                     "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: is a folder, not a file", path);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file", path);
	}
	if ((uint64_t)st.st_size > max_bytes) {
		close(fd);
		return kvp_error_set(err, KVP_EIO,
			"%s: %llu bytes - larger than the limit of %zu bytes", path,
			(unsigned long long)st.st_size, max_bytes);
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
	}
	/* Read up to the size seen; a file growing meanwhile is cut there. */
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			free(buf);
			close(fd);
			return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (got == 0) {
		free(buf);
		return kvp_error_set(err, KVP_EPARSE, "%s: empty file", path);
	}
	buf[got] = '\0';
	if (strlen(buf) != got) {
		size_t at = strlen(buf);

		free(buf);
		return kvp_error_set(err, KVP_EPARSE,
			"%s: contains a NUL byte at offset %zu - not a text file", path, at);
	}
	if (stamp)
		stamp_from(&st, stamp);
	*text = buf;
	*len = got;
	return KVP_OK;
}

enum kvp_status kvp_file_stamp_get(const char *path, struct kvp_file_stamp *stamp,
                                   struct kvp_error *err)
{
	struct stat st;

	memset(stamp, 0, sizeof *stamp);
	if (stat(path, &st) != 0) {
		if (errno == ENOENT)
			return KVP_OK;
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(errno));
	}
	stamp_from(&st, stamp);
	return KVP_OK;
}

bool kvp_file_changed(const char *path, const struct kvp_file_stamp *stamp)
{
	struct kvp_file_stamp now;

	if (kvp_file_stamp_get(path, &now, NULL) != KVP_OK)
		return true;
	if (now.exists != stamp->exists)
		return true;
	if (!now.exists)
		return false;
	return now.dev != stamp->dev || now.ino != stamp->ino ||
	       now.size != stamp->size || now.mtime_sec != stamp->mtime_sec ||
	       now.mtime_nsec != stamp->mtime_nsec;
}

/* fsync the folder holding path so the rename itself is durable. */
static void sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
}

enum kvp_status kvp_file_write_atomic(const char *path, const char *data,
                                      size_t len,
                                      const struct kvp_file_stamp *expect,
                                      struct kvp_file_stamp *after,
                                      struct kvp_error *err)
{
	char dir_buf[4096], base_buf[4096], tmp[8192];
	const char *dir, *base;
	struct stat st;
	mode_t mode, mask;
	size_t off = 0;
	int fd;

	if (strlen(path) >= sizeof dir_buf)
		return kvp_error_set(err, KVP_EIO, "%.100s...: path too long", path);
	strcpy(dir_buf, path);
	strcpy(base_buf, path);
	dir = dirname(dir_buf);
	base = basename(base_buf);
	snprintf(tmp, sizeof tmp, "%s/.%s.tmp-XXXXXX", dir, base);

	if (expect && kvp_file_changed(path, expect))
		return kvp_error_set(err, KVP_EIO,
			"%s: changed on disk since it was loaded - not overwritten "
			"(save under another name or reload)", path);

	if (stat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return kvp_error_set(err, KVP_EIO, "%s: not a regular file - not overwritten", path);
		mode = st.st_mode & 07777;
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}

	fd = mkstemp(tmp);
	if (fd < 0)
		return kvp_error_set(err, KVP_EIO, "%s: cannot create a temporary file in %s: %s",
		                     path, dir, strerror(errno));
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int e = errno;
			close(fd);
			unlink(tmp);
			return kvp_error_set(err, KVP_EIO, "%s: write failed: %s", path, strerror(e));
		}
		off += (size_t)w;
	}
	if (fchmod(fd, mode) != 0 || fsync(fd) != 0) {
		int e = errno;
		close(fd);
		unlink(tmp);
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
	}
	if (close(fd) != 0) {
		int e = errno;
		unlink(tmp);
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
	}
	if (rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		return kvp_error_set(err, KVP_EIO, "%s: cannot replace: %s", path, strerror(e));
	}
	sync_dir(dir);
	if (after)
		kvp_file_stamp_get(path, after, NULL);
	return KVP_OK;
}
