/*
 * file.h - whole-file reads with a size limit and clear errors, and
 * atomic writes (temp file in the same folder, fsync, rename, fsync of
 * the folder) that can refuse to overwrite a file changed on disk since
 * it was loaded.
 *
 * Every error message starts with the path and says what went wrong
 * ("plan.json: No such file or directory"). Nothing here knows JSON.
 */
#ifndef KVPLAN_IO_FILE_H
#define KVPLAN_IO_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/status.h"

struct stat;

/* Default cap on files kvplan reads (plans, presets, records), bytes. */
#define KVP_FILE_MAX_BYTES (8u * 1024u * 1024u)

/* What a file looked like when it was read: device, inode, size and
 * modification time. `exists` false when there was no file. */
struct kvp_file_stamp {
	bool exists;
	uint64_t dev, ino, size;
	int64_t mtime_sec, mtime_nsec;
};

/*
 * Open path for reading without ever blocking: O_NONBLOCK (a FIFO or a
 * terminal does not hang open()), then fstat, and only a regular file is
 * kept (O_NONBLOCK cleared again). Anything else is refused in one line
 * naming the path and what it is ("is a FIFO, not a regular file");
 * `st` is filled when non-NULL. Returns the descriptor, or -1 with *err set.
 */
int kvp_file_open_regular(const char *path, struct stat *st,
                          struct kvp_error *err);

/*
 * Read the regular file at path (at most max_bytes; 0 = KVP_FILE_MAX_BYTES)
 * into a new NUL-terminated buffer *text of *len bytes, read to its end
 * (not to the size fstat reports: /proc files say 0), refusing one past
 * the limit. The caller frees
 * *text with free(). stamp may be NULL. An empty file is an error
 * (KVP_EPARSE); a missing or unreadable one KVP_EIO or KVP_ENOTFOUND.
 */
enum kvp_status kvp_file_read(const char *path, size_t max_bytes, char **text,
                              size_t *len, struct kvp_file_stamp *stamp,
                              struct kvp_error *err);

/* Fill *stamp from the file now at path (exists false when absent). */
enum kvp_status kvp_file_stamp_get(const char *path, struct kvp_file_stamp *stamp,
                                   struct kvp_error *err);

/* True when the file at path differs from stamp (or appeared/vanished). */
bool kvp_file_changed(const char *path, const struct kvp_file_stamp *stamp);

/*
 * Write data[len] to path atomically: the old content or the new one, never
 * a mix or a partial file. With `expect` non-NULL the write is refused
 * (KVP_EIO, nothing changed) when the file on disk no longer matches it.
 * An existing file keeps its permission bits; a new one gets 0666 & ~umask.
 * When `after` is non-NULL it receives the new file's stamp.
 */
enum kvp_status kvp_file_write_atomic(const char *path, const char *data,
                                      size_t len,
                                      const struct kvp_file_stamp *expect,
                                      struct kvp_file_stamp *after,
                                      struct kvp_error *err);

#endif
