/* cp-file-read.c: reading a file the user named, whole, with a limit. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "cp-file-read.h"

char *
cp_file_read_at_most (const char          *path,
                      goffset              max_bytes,
                      GQuark               domain,
                      int                  io_code,
                      CpFileTooLargeFunc   too_large,
                      gsize               *len,
                      GError             **error)
{
  g_autoptr(GError) local = NULL;
  char *data = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL && too_large != NULL && len != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, domain, io_code, _("could not read the file: %s"), g_strerror (saved));
      return NULL;
    }
  /* Checked apart: st holds nothing when g_stat() failed. Only a regular
   * file has a size worth trusting. */
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, domain, io_code, _("could not read the file: it is not a regular file"));
      return NULL;
    }
  if (st.st_size > max_bytes)
    {
      too_large (error);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, len, &local))
    {
      g_set_error (error, domain, io_code, _("could not read the file: %s"), local->message);
      return NULL;
    }
  return data;
}
