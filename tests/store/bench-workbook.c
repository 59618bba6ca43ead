/* bench-workbook.c: a 10,000-row price list read as CSV, .xlsx and .ods:
 * the time to the rows' outcome (file read, sheet made, every row read)
 * and the peak memory of doing it.
 *
 * The three files hold the same rows (the demo's quotes, repeated, with
 * vendor and price varied), the workbooks written as spreadsheet
 * programs write them (numbers as numbers, texts as shared strings or
 * paragraphs, deflated). Each reading runs in a child process, so that
 * its peak resident size (getrusage) is its own; the median of N_RUNS.
 * Not a test: figures vary by machine. Run it by hand.
 */

#define _DEFAULT_SOURCE
#include "config.h"

#include <glib/gstdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/cp-test-bench.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-workbook.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"

#define N_ROWS 10000
#define N_RUNS 5

/* Reads @path as the import preview does; exits 0 when every row read. */
static void
read_in_child (const char *path, const CpProject *project)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_from_file (path, project, &error);
  g_autoptr(CpQuoteCsvResult) result = sheet ? cp_quote_sheet_read (sheet, &error) : NULL;

  if (result == NULL)
    {
      g_printerr ("%s: %s\n", path, error->message);
      _exit (1);
    }
  _exit (result->quotes->len == N_ROWS ? 0 : 2);
}

/* Runs @path's reading (or nothing, with NULL) in a child: its CPU time
 * (user + system: the wall time of a shared machine says more about the
 * other jobs), wall time in ms, and its peak resident size in MiB. */
static gboolean
measure (const char *path, const CpProject *project, double *cpu_ms, double *ms, double *peak_mib)
{
  gint64 start = g_get_monotonic_time ();
  struct rusage usage;
  int status = 0;
  pid_t pid = fork ();

  if (pid == 0)
    {
      if (path != NULL)
        read_in_child (path, project);
      _exit (0);
    }
  if (pid < 0 || wait4 (pid, &status, 0, &usage) != pid)
    return FALSE;
  *ms = (double) (g_get_monotonic_time () - start) / 1000.0;
  *cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
  *peak_mib = (double) usage.ru_maxrss / 1024.0;
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

static GBytes *
write_file (const char *dir, const char *name, GBytes *bytes, char **path)
{
  g_autoptr(GError) error = NULL;

  *path = g_build_filename (dir, name, NULL);
  if (!g_file_set_contents (*path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), &error))
    g_error ("%s", error->message);
  return bytes;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autoptr(GPtrArray) quotes = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bench-workbook-XXXXXX", NULL);
  g_autofree char *csv = NULL;
  const char *names[] = { "csv", "xlsx", "ods" };
  char *paths[3] = { NULL };
  double base_cpu, base_ms, base_mib;
  gsize len = 0;

  if (demo == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; i < N_ROWS; i++)
    {
      CpQuote *quote = cp_quote_new ();
      cp_quote_copy (quote, g_ptr_array_index (demo->quotes, i % demo->quotes->len));
      g_free (quote->vendor);
      quote->vendor = g_strdup_printf ("Vendor %u", i);
      quote->price *= 1.0 + (double) (i % 50) / 100.0;
      g_ptr_array_add (quotes, quote);
    }
  csv = cp_quote_csv_write (quotes, &len);
  rows = cp_test_rows_from_csv (csv, len);
  {
    g_autoptr(GBytes) csv_bytes = g_bytes_new (csv, len);
    g_autoptr(GBytes) xlsx = cp_test_xlsx_from_rows (rows, CP_TEST_ZIP_DEFLATED);
    g_autoptr(GBytes) ods = cp_test_ods_from_rows (rows, CP_TEST_ZIP_DEFLATED);

    write_file (dir, "quotes.csv", csv_bytes, &paths[0]);
    write_file (dir, "quotes.xlsx", xlsx, &paths[1]);
    write_file (dir, "quotes.ods", ods, &paths[2]);
    printf ("%u rows of %u columns: CSV %zu kB, xlsx %zu kB, ods %zu kB\n", N_ROWS,
            g_strv_length (g_ptr_array_index (rows, 0)),
            len / 1024, g_bytes_get_size (xlsx) / 1024, g_bytes_get_size (ods) / 1024);
  }
  for (guint i = 0; i < quotes->len; i++)
    cp_quote_free (g_ptr_array_index (quotes, i));

  /* A child that reads nothing: what every child costs before it reads. */
  if (!measure (NULL, demo, &base_cpu, &base_ms, &base_mib))
    g_error ("the empty child failed");
  printf ("empty child: %.1f MiB peak\n", base_mib);
  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    {
      double cpu[N_RUNS], ms[N_RUNS], mib[N_RUNS];

      for (guint run = 0; run < N_RUNS; run++)
        if (!measure (paths[f], demo, &cpu[run], &ms[run], &mib[run]))
          g_error ("%s: not every row was read", paths[f]);
      /* cp_test_median() sorts: cpu[0] and cpu[N_RUNS - 1] are then the extremes. */
      double cpu_median = cp_test_median (cpu, N_RUNS);
      double mib_median = cp_test_median (mib, N_RUNS);

      printf ("%-4s  CPU %5.0f ms (median of %d; %.0f–%.0f), wall %5.0f ms, peak %6.1f MiB "
              "(%.1f MiB over the empty child)\n",
              names[f], cpu_median, N_RUNS, cpu[0], cpu[N_RUNS - 1], cp_test_median (ms, N_RUNS), mib_median,
              mib_median - base_mib);
      g_remove (paths[f]);
      g_free (paths[f]);
    }
  g_rmdir (dir);
  return 0;
}
