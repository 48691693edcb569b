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

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m) ? "is a folder" : S_ISFIFO(m) ? "is a FIFO" :
	       S_ISCHR(m) ? "is a character device" :
	       S_ISBLK(m) ? "is a block device" : S_ISSOCK(m) ? "is a socket" :
	       "is not a regular file";
}

int kvp_file_open_regular(const char *path, struct stat *out,
                          struct kvp_error *err)
{
	struct stat st;
	int fd, fl;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		kvp_error_set(err, errno == ENOENT ? KVP_ENOTFOUND : KVP_EIO,
		              "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		int e = errno;

		close(fd);
		kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		kvp_error_set(err, KVP_EIO, "%s: %s, not a regular file", path,
		              file_kind(st.st_mode));
		return -1;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	if (out)
		*out = st;
	return fd;
}

/* Read fd to the end, whatever the size says (a /proc file says 0), and
 * never more than max_bytes + 1 (then the caller refuses it). The
 * buffer has one byte more than *got for the NUL; freed on error. */
static enum kvp_status read_all(int fd, const char *path, size_t max_bytes,
                                size_t hint, char **out, size_t *got,
                                struct kvp_error *err)
{
	char *buf = NULL;
	size_t cap = 0;

	*got = 0;
	for (;;) {
		ssize_t r;

		if (*got == cap) {
			size_t ncap = cap ? cap * 2 : hint + 4096;
			char *nb;

			if (ncap > max_bytes + 1)
				ncap = max_bytes + 1;
			if (ncap <= *got)
				break;
			nb = realloc(buf, ncap + 1);
			if (!nb) {
				free(buf);
				return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
			}
			buf = nb;
			cap = ncap;
		}
		r = read(fd, buf + *got, cap - *got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(buf);
			return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
		}
		if (r == 0)
			break;
		*got += (size_t)r;
	}
	*out = buf;
	return KVP_OK;
}

/* What was read is within the limit, not empty and text (no NUL). */
static enum kvp_status check_text(const char *path, const char *buf,
                                  size_t got, size_t max_bytes,
                                  struct kvp_error *err)
{
	if (got > max_bytes)
		return kvp_error_set(err, KVP_EIO,
			"%s: more than %zu bytes - larger than the limit", path,
			max_bytes);
	if (got == 0)
		return kvp_error_set(err, KVP_EPARSE, "%s: empty file", path);
	if (strlen(buf) != got)
		return kvp_error_set(err, KVP_EPARSE,
			"%s: contains a NUL byte at offset %zu - not a text file", path,
			strlen(buf));
	return KVP_OK;
}

enum kvp_status kvp_file_read(const char *path, size_t max_bytes, char **text,
                              size_t *len, struct kvp_file_stamp *stamp,
                              struct kvp_error *err)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	enum kvp_status rs;
	int fd;

	*text = NULL;
	*len = 0;
	if (!max_bytes)
		max_bytes = KVP_FILE_MAX_BYTES;
	fd = kvp_file_open_regular(path, &st, err);
	if (fd < 0)
		return err->status;
	if ((uint64_t)st.st_size > max_bytes) {
		close(fd);
		return kvp_error_set(err, KVP_EIO,
			"%s: %llu bytes - larger than the limit of %zu bytes", path,
			(unsigned long long)st.st_size, max_bytes);
	}
	rs = read_all(fd, path, max_bytes, (size_t)st.st_size, &buf, &got, err);
	close(fd);
	if (rs != KVP_OK)
		return rs;
	if (buf)
		buf[got] = '\0';
	rs = check_text(path, buf, got, max_bytes, err);
	if (rs != KVP_OK) {
		free(buf);
		return rs;
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

/* The file to write: path itself, or through a symlink the file it
 * points to (written atomically next to it, so the link stays a link). */
static enum kvp_status write_target(const char *path, char *real,
                                    const char **target, struct kvp_error *err)
{
	struct stat st;

	*target = path;
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!realpath(path, real))
			return kvp_error_set(err, KVP_EIO, "%s: a symbolic link to "
				"nothing saveable (%s) - not saved", path, strerror(errno));
		*target = real;
	}
	return KVP_OK;
}

/* The mode the new file gets: the old file's (which must be a regular
 * file with one link), else 0666 less the umask. */
static enum kvp_status target_mode(const char *path, const char *target,
                                   struct stat *st, mode_t *mode,
                                   bool *exists, struct kvp_error *err)
{
	mode_t mask;

	*exists = false;
	if (stat(target, st) != 0) {
		mask = umask(0);
		umask(mask);
		*mode = 0666 & ~mask;
		return KVP_OK;
	}
	if (!S_ISREG(st->st_mode))
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file - not overwritten", path);
	/* a rename gives the name a new file: the other hard links
	 * would keep the old content without a word */
	if (st->st_nlink > 1)
		return kvp_error_set(err, KVP_EIO, "%s: has %lu hard links - an "
			"atomic save would leave the others with the old content; "
			"not saved (save under another name)", path,
			(unsigned long)st->st_nlink);
	*mode = st->st_mode & 07777;
	*exists = true;
	return KVP_OK;
}

/* The temporary file's content, owner (the old file's: the new file is
 * ours until chown'ed back), mode, synced. The caller closes and unlinks
 * it on error. */
static enum kvp_status fill_tmp(int fd, const char *data, size_t len,
                                const struct stat *old, bool exists,
                                mode_t mode, const char *path,
                                struct kvp_error *err)
{
	struct stat ts;
	size_t off = 0;

	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return kvp_error_set(err, KVP_EIO, "%s: write failed: %s", path,
			                     strerror(errno));
		off += (size_t)w;
	}
	if (exists && fstat(fd, &ts) == 0 &&
	    (ts.st_uid != old->st_uid || ts.st_gid != old->st_gid) &&
	    fchown(fd, old->st_uid, old->st_gid) != 0)
		return kvp_error_set(err, KVP_EIO, "%s: owned by user %lu group "
			"%lu; the saved file could not keep that owner (%s) - not "
			"saved (save under another name)", path,
			(unsigned long)old->st_uid, (unsigned long)old->st_gid,
			strerror(errno));
	if (fchmod(fd, mode) != 0 || fsync(fd) != 0)
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(errno));
	return KVP_OK;
}

enum kvp_status kvp_file_write_atomic(const char *path, const char *data,
                                      size_t len,
                                      const struct kvp_file_stamp *expect,
                                      struct kvp_file_stamp *after,
                                      struct kvp_error *err)
{
	char dir_buf[4096], base_buf[4096], tmp[8192], real[4096];
	const char *dir, *base, *target;
	struct stat st;
	mode_t mode = 0;
	bool exists = false;
	enum kvp_status rs;
	int fd;

	if (strlen(path) >= sizeof dir_buf)
		return kvp_error_set(err, KVP_EIO, "%.100s...: path too long", path);
	if ((rs = write_target(path, real, &target, err)) != KVP_OK)
		return rs;
	strcpy(dir_buf, target);
	strcpy(base_buf, target);
	dir = dirname(dir_buf);
	base = basename(base_buf);
	snprintf(tmp, sizeof tmp, "%s/.%s.tmp-XXXXXX", dir, base);
	if (expect && kvp_file_changed(path, expect))
		return kvp_error_set(err, KVP_EIO,
			"%s: changed on disk since it was loaded - not overwritten "
			"(save under another name or reload)", path);
	if ((rs = target_mode(path, target, &st, &mode, &exists, err)) != KVP_OK)
		return rs;
	fd = mkstemp(tmp);
	if (fd < 0)
		return kvp_error_set(err, KVP_EIO, "%s: cannot create a temporary file in %s: %s",
		                     path, dir, strerror(errno));
	rs = fill_tmp(fd, data, len, &st, exists, mode, path, err);
	if (rs != KVP_OK) {
		close(fd);
		unlink(tmp);
		return rs;
	}
	if (close(fd) != 0) {
		int e = errno;
		unlink(tmp);
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(e));
	}
	if (rename(tmp, target) != 0) {
		int e = errno;
		unlink(tmp);
		return kvp_error_set(err, KVP_EIO, "%s: cannot replace: %s", path, strerror(e));
	}
	sync_dir(dir);
	if (after)
		kvp_file_stamp_get(path, after, NULL);
	return KVP_OK;
}
