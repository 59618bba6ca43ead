/* test-file-read.c: the price list, the workbook and the trial log refuse,
 * each in its own words, what cannot be one of them before reading it: a
 * missing path, a directory, a file over their size limit. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "common/cp-test-dir.h"
#include "store/cp-quote-csv.h"
#include "store/cp-trial-log.h"
#include "store/cp-workbook.h"

static char *tmp_dir;

/* One reader of a file: what it returns is freed with @free_result. */
typedef struct {
  const char     *name;
  gpointer      (*read) (const char *path, GError **error);
  GDestroyNotify  free_result;
  GQuark        (*domain) (void);
  int             io_code;
  int             too_large_code;
  goffset         max_bytes;
  const char     *too_large_message;
} Reader;

static gpointer
read_price_list (const char *path, GError **error)
{
  return cp_quote_csv_read_file (path, NULL, error);
}

static gpointer
read_workbook (const char *path, GError **error)
{
  return cp_workbook_new_from_file (path, error);
}

static gpointer
read_trial_log (const char *path, GError **error)
{
  return cp_trial_log_read_file (path, error);
}

static const Reader readers[] = {
  { "price-list", read_price_list, (GDestroyNotify) cp_quote_csv_result_free, cp_quote_csv_error_quark,
    CP_QUOTE_CSV_ERROR_IO, CP_QUOTE_CSV_ERROR_TOO_LARGE, 8 * 1024 * 1024,
    "the file is larger than a price list can be (at most 8 MiB, 10000 quotes and 1000 columns); "
    "it was not read" },
  { "workbook", read_workbook, (GDestroyNotify) cp_workbook_free, cp_workbook_error_quark,
    CP_WORKBOOK_ERROR_IO, CP_WORKBOOK_ERROR_TOO_LARGE, 8 * 1024 * 1024,
    "the workbook is larger than a price list can be (more than 8 MiB); it was not read" },
  { "trial-log", read_trial_log, (GDestroyNotify) cp_trial_log_free, cp_trial_log_error_quark,
    CP_TRIAL_LOG_ERROR_IO, CP_TRIAL_LOG_ERROR_TOO_LARGE, 64 * 1024 * 1024,
    "the file is over 64 MiB, more than the log of a trial run; keep the lines of its last minutes" },
};

static void
assert_refused (const Reader *reader,
                const char   *path,
                int           code,
                const char   *message)
{
  g_autoptr(GError) error = NULL;
  gpointer result = reader->read (path, &error);

  if (result != NULL)
    reader->free_result (result);
  g_assert_null (result);
  g_assert_error (error, reader->domain (), code);
  g_assert_cmpstr (error->message, ==, message);
}

/* A file of @size bytes that takes no room: only its length is read. */
static char *
make_sparse_file (const char *name,
                  goffset     size)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, size), ==, 0);
  g_assert_true (g_close (fd, NULL));
  return path;
}

static void
test_refused (gconstpointer data)
{
  const Reader *reader = data;
  g_autofree char *missing = g_build_filename (tmp_dir, "no-such-file", NULL);
  g_autofree char *missing_words = g_strdup_printf ("could not read the file: %s", g_strerror (ENOENT));
  g_autofree char *over_name = g_strconcat (reader->name, "-over", NULL);
  g_autofree char *over = make_sparse_file (over_name, reader->max_bytes + 1);

  assert_refused (reader, missing, reader->io_code, missing_words);
  assert_refused (reader, tmp_dir, reader->io_code, "could not read the file: it is not a regular file");
  assert_refused (reader, over, reader->too_large_code, reader->too_large_message);
  g_remove (over);
}

/* The limit is the largest size read: a workbook of exactly 8 MiB is read,
 * and refused for what it holds (zeros), not for its size. */
static void
test_limit_is_read (void)
{
  g_autofree char *path = make_sparse_file ("limit.xlsx", 8 * 1024 * 1024);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) workbook = cp_workbook_new_from_file (path, &error);

  g_assert_null (workbook);
  g_assert_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_FORMAT);
  g_remove (path);
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-file-read-XXXXXX");
  for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/file-read/%s/refused", readers[i].name);
      g_test_add_data_func (test_path, &readers[i], test_refused);
    }
  g_test_add_func ("/file-read/limit-is-read", test_limit_is_read);
  return cp_test_run_then_remove (tmp_dir);
}
