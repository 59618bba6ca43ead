/* fuzz-replay.c: a fuzz target's entry run over files, without libFuzzer
 * or sanitizers, so that what the parsers cost can be profiled as users
 * pay for it (perf, callgrind; --times gives each file's CPU time, which
 * the machine's load does not change as it changes the wall time), and,
 * with --dump-csv or --dump-workbook, what the importers make of each
 * file printed, so that a change made for speed can be shown to leave
 * the result unchanged (diff the dumps of the corpus before and after).
 *
 *   fuzz-replay [--deep] [--times] TARGET PATH...
 *                                           run the entry; PATH a file or a directory
 *   fuzz-replay --dump-csv PATH...          print the importer's reading of each file
 *   fuzz-replay --dump-workbook PATH...     print each sheet's rows, or why it is refused
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-workbook.h"

#include "fuzz-targets.h"


static CpProject *demo;
static gboolean print_times;

/* Milliseconds of CPU time: on a shared machine the wall time of one
 * input says more about the load than about the parser. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
print_strings (const char *what, GPtrArray *strings)
{
  for (guint i = 0; strings && i < strings->len; i++)
    printf ("  %s: %s\n", what, (const char *) g_ptr_array_index (strings, i));
}

static void
print_line_errors (const char *what, GPtrArray *errors)
{
  for (guint i = 0; errors && i < errors->len; i++)
    {
      const CpCsvLineError *e = g_ptr_array_index (errors, i);
      printf ("  %s %u: %s\n", what, e->line, e->message);
    }
}

/* Everything the import window shows of a file: the mapping and why, the
 * quotes (as the exporter writes them), each row's problems, assumptions
 * and what it lacks, the notes and the ignored columns. */
static void
dump_csv (const char *path, const char *data, gsize len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  g_autofree char *csv = NULL;
  gsize csv_len = 0;

  printf ("== %s\n", path);
  sheet = cp_quote_sheet_new (data, len, demo, &error);
  if (sheet == NULL)
    {
      printf ("  refused: %s\n", error->message);
      return;
    }
  printf ("  vendor: %s (%s)\n", cp_quote_sheet_get_vendor (sheet) ?: "-",
          cp_quote_sheet_get_vendor_source (sheet) ?: "-");
  for (guint c = 0; c < cp_quote_sheet_get_n_columns (sheet); c++)
    printf ("  column %u “%s”: %d (%s)\n", c, cp_quote_sheet_get_header (sheet, c) ?: "",
            cp_quote_sheet_get_field (sheet, c), cp_quote_sheet_get_evidence (sheet, c) ?: "-");
  printf ("  duplicates: %d\n", cp_quote_sheet_has_duplicates (sheet));
  result = cp_quote_sheet_read (sheet, &error);
  if (result == NULL)
    {
      printf ("  not read: %s\n", error->message);
      return;
    }
  printf ("  records: %u, quotes: %u\n", result->n_records, result->quotes->len);
  print_line_errors ("error", result->errors);
  print_line_errors ("note", result->notes);
  print_strings ("ignored", result->ignored_columns);
  for (guint r = 0; r < result->rows->len; r++)
    {
      const CpQuoteCsvRow *row = g_ptr_array_index (result->rows, r);

      printf ("  row line %u → quote %d\n", row->line, row->quote_index);
      print_strings ("  problem", row->problems);
      print_strings ("  assumed", row->assumptions);
      print_strings ("  lacks", row->incomplete);
    }
  csv = cp_quote_csv_write (result->quotes, &csv_len);
  fwrite (csv, 1, csv_len, stdout);
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Every sheet of a workbook as the importer reads it, or why not. */
static void
dump_workbook (const char *path, const char *data, gsize len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) wb = cp_workbook_new (data, len, &error);

  printf ("== %s\n", path);
  if (wb == NULL)
    {
      printf ("  refused: %s\n", error->message);
      return;
    }
  for (guint s = 0; s < cp_workbook_get_n_sheets (wb); s++)
    {
      g_autoptr(GError) sheet_error = NULL;
      g_autoptr(GPtrArray) rows = cp_workbook_read_sheet (wb, s, &sheet_error);

      printf ("  sheet %s\n", cp_workbook_get_sheet_name (wb, s));
      if (rows == NULL)
        {
          printf ("    refused: %s\n", sheet_error->message);
          continue;
        }
      for (guint r = 0; r < rows->len; r++)
        {
          const CpWorkbookRow *row = g_ptr_array_index (rows, r);

          printf ("    %u:", row->row);
          for (guint c = 0; c < row->cells->len; c++)
            printf (" [%s]", (const char *) g_ptr_array_index (row->cells, c));
          printf ("\n");
        }
    }
}

static guint
run_path (const char *path, CpFuzzEntry entry, int dump)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;
  guint n = 0;

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (dir == NULL)
        g_error ("%s", error->message);
      while ((name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, compare_paths);
      for (guint i = 0; i < names->len; i++)
        n += run_path (g_ptr_array_index (names, i), entry, dump);
      return n;
    }
  if (!g_file_get_contents (path, &data, &len, &error))
    g_error ("%s", error->message);
  if (dump == 1)
    dump_csv (path, data, len);
  else if (dump == 2)
    dump_workbook (path, data, len);
  else if (print_times)
    {
      double before = cpu_ms ();

      entry ((const guint8 *) data, len);
      printf ("%.3f\t%" G_GSIZE_FORMAT "\t%s\n", cpu_ms () - before, len, path);
    }
  else
    entry ((const guint8 *) data, len);
  return 1;
}

int
main (int argc, char **argv)
{
  gboolean deep = FALSE;
  int dump = 0;
  CpFuzzEntry entry = NULL;
  guint n = 0;
  int a = 1;
  gint64 start;

  if (a < argc && strcmp (argv[a], "--deep") == 0)
    deep = TRUE, a++;
  if (a < argc && strcmp (argv[a], "--times") == 0)
    print_times = TRUE, a++;
  if (a < argc && strcmp (argv[a], "--dump-csv") == 0)
    dump = 1, a++;
  else if (a < argc && strcmp (argv[a], "--dump-workbook") == 0)
    dump = 2, a++;
  if (!dump)
    {
      for (guint t = 0; a < argc && t < CP_FUZZ_N_TARGETS; t++)
        if (strcmp (argv[a], cp_fuzz_targets[t].name) == 0)
          entry = cp_fuzz_targets[t].entry;
      if (entry == NULL)
        {
          fprintf (stderr, "usage: %s [--deep] [--times] TARGET PATH... | --dump-csv PATH... | --dump-workbook PATH...\n", argv[0]);
          return 2;
        }
      a++;
    }
  cp_fuzz_init (deep);
  if (dump)
    {
      g_autoptr(GError) error = NULL;

      demo = cp_demo_project_new (&error);
      if (demo == NULL)
        g_error ("demo project: %s", error->message);
    }
  start = g_get_monotonic_time ();
  for (; a < argc; a++)
    n += run_path (argv[a], entry, dump);
  if (!dump)
    fprintf (stderr, "%u inputs in %.2f s\n", n, (g_get_monotonic_time () - start) / 1e6);
  return 0;
}
