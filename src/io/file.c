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

enum kvp_status kvp_file_read(const char *path, size_t max_bytes, char **text,
                              size_t *len, struct kvp_file_stamp *stamp,
                              struct kvp_error *err)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0, cap = 0;
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
	/* Read to the end, whatever the size says (a /proc file says 0),
	 * and never more than max_bytes + 1 (then it is refused). */
	for (;;) {
		ssize_t r;

		if (got == cap) {
			size_t ncap = cap ? cap * 2 : (size_t)st.st_size + 4096;
			char *nb;

			if (ncap > max_bytes + 1)
				ncap = max_bytes + 1;
			if (ncap <= got)
				break;
			nb = realloc(buf, ncap + 1);
			if (!nb) {
				free(buf);
				close(fd);
				return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
			}
			buf = nb;
			cap = ncap;
		}
		r = read(fd, buf + got, cap - got);
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
	if (got > max_bytes) {
		free(buf);
		return kvp_error_set(err, KVP_EIO,
			"%s: more than %zu bytes - larger than the limit", path,
			max_bytes);
	}
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
	char dir_buf[4096], base_buf[4096], tmp[8192], real[4096];
	const char *dir, *base, *target = path;
	struct stat st;
	mode_t mode, mask;
	size_t off = 0;
	bool exists = false;
	int fd;

	if (strlen(path) >= sizeof dir_buf)
		return kvp_error_set(err, KVP_EIO, "%.100s...: path too long", path);
	/* Through a symlink: write the file it points to (atomically, next
	 * to it), so the link stays a link. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!realpath(path, real))
			return kvp_error_set(err, KVP_EIO, "%s: a symbolic link to "
				"nothing saveable (%s) - not saved", path, strerror(errno));
		target = real;
	}
	strcpy(dir_buf, target);
	strcpy(base_buf, target);
	dir = dirname(dir_buf);
	base = basename(base_buf);
	snprintf(tmp, sizeof tmp, "%s/.%s.tmp-XXXXXX", dir, base);

	if (expect && kvp_file_changed(path, expect))
		return kvp_error_set(err, KVP_EIO,
			"%s: changed on disk since it was loaded - not overwritten "
			"(save under another name or reload)", path);

	if (stat(target, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return kvp_error_set(err, KVP_EIO, "%s: not a regular file - not overwritten", path);
		/* a rename gives the name a new file: the other hard links
		 * would keep the old content without a word */
		if (st.st_nlink > 1)
			return kvp_error_set(err, KVP_EIO, "%s: has %lu hard links - an "
				"atomic save would leave the others with the old content; "
				"not saved (save under another name)", path,
				(unsigned long)st.st_nlink);
		mode = st.st_mode & 07777;
		exists = true;
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
	/* the owner stays: the new file is ours until chown'ed back */
	if (exists) {
		struct stat ts;

		if (fstat(fd, &ts) == 0 && (ts.st_uid != st.st_uid ||
		                            ts.st_gid != st.st_gid) &&
		    fchown(fd, st.st_uid, st.st_gid) != 0) {
			int e = errno;

			close(fd);
			unlink(tmp);
			return kvp_error_set(err, KVP_EIO, "%s: owned by user %lu group "
				"%lu; the saved file could not keep that owner (%s) - not "
				"saved (save under another name)", path,
				(unsigned long)st.st_uid, (unsigned long)st.st_gid,
				strerror(e));
		}
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
