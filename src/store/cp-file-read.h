/* cp-file-read.h: reading a file the user named, whole, with a limit.
 *
 * The CSV price list, the workbook and the trial log are each read into
 * memory at once; each refuses what cannot be one (a pipe or a device could
 * stream for ever, a huge file would fill the memory) before a byte of it is
 * read, and says so in its own error domain.
 *
 * Private to src/store/.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets @error to the reader's own "too large" message. */
typedef void (*CpFileTooLargeFunc) (GError **error);

/* The contents of the regular file at @path (NUL-terminated, its length in
 * @len) when it holds at most @max_bytes. Otherwise NULL, with @error set by
 * @too_large for a larger file, or in @domain with @io_code ("could not read
 * the file: …") when it cannot be read or is not a regular file. */
char *cp_file_read_at_most (const char          *path,
                            goffset              max_bytes,
                            GQuark               domain,
                            int                  io_code,
                            CpFileTooLargeFunc   too_large,
                            gsize               *len,
                            GError             **error);

G_END_DECLS
