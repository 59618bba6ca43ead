/* test-text-limits.c: every text field has a length limit, checked in one
 * place (src/planner/cp-text-limit.c), at every front door (issue 24). A
 * 10,000-character vendor name took the window past 3 GB and a
 * 100,000-character one kept `report --pdf` busy for over 100 s of CPU.
 * Also: a stored figure out of range is named instead of the quote
 * silently leaving every plan. */

#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "planner/cp-text-limit.h"
#include "report/cp-report.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store.h"

#include "cp-check.h"
#include "common/cp-test-demo.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-workbook.h"

static char *tmp_dir;

static char *
repeated (const char *unit, guint times)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < times; i++)
    g_string_append (s, unit);
  return g_string_free (s, FALSE);
}

/* The limits count characters, not bytes: 200 Chinese characters are 600
 * bytes and fit; the 201st does not, whatever its width. */
static void
test_check (void)
{
  g_autofree char *ascii_200 = repeated ("v", 200);
  g_autofree char *ascii_201 = repeated ("v", 201);
  g_autofree char *han_200 = repeated ("供", 200);
  g_autofree char *han_201 = repeated ("供", 201);
  g_autofree char *cut = cp_text_cut ("一二三", 2);
  g_autofree char *label = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (cp_text_check_length (NULL, CP_TEXT_NAME_MAX_CHARS, "Vendor", NULL));
  g_assert_true (cp_text_check_length (ascii_200, CP_TEXT_NAME_MAX_CHARS, "Vendor", NULL));
  g_assert_true (cp_text_check_length (han_200, CP_TEXT_NAME_MAX_CHARS, "Vendor", NULL));
  g_assert_false (cp_text_check_length (han_201, CP_TEXT_NAME_MAX_CHARS, "Vendor", NULL));
  g_assert_false (cp_text_check_length (ascii_201, CP_TEXT_NAME_MAX_CHARS, "Vendor", &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "Vendor: must be at most 200 characters long");

  g_assert_cmpstr (cut, ==, "一二");
  g_assert_cmpuint (cp_text_cut_length ("一二三", 2), ==, 6);
  g_assert_cmpuint (cp_text_cut_length ("一二三", 5), ==, 9);
  label = cp_text_label (ascii_201, "q-1");
  g_assert_cmpuint (g_utf8_strlen (label, -1), ==, 41);
  g_assert_true (g_str_has_suffix (label, "…"));
  g_free (label);
  label = cp_text_label ("", "q-1");
  g_assert_cmpstr (label, ==, "q-1");
}

/* Each record kind names its own field. */
static void
test_records (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autofree char *long_name = repeated ("n", CP_TEXT_NAME_MAX_CHARS + 1);
  g_autofree char *long_note = repeated ("n", CP_TEXT_NOTE_MAX_CHARS + 1);
  CpQuote *quote = g_ptr_array_index (demo->quotes, 0);
  CpJob *job = g_ptr_array_index (demo->jobs, 0);
  g_autoptr(GError) error = NULL;

  g_assert_true (cp_quote_validate (quote, NULL));
  g_free (quote->notes);
  quote->notes = g_strdup (long_note);
  g_assert_false (cp_quote_validate (quote, &error));
  g_assert_nonnull (strstr (error->message, "Notes: must be at most 4000"));
  g_clear_error (&error);

  g_assert_true (cp_job_validate (job, NULL));
  g_free (job->name);
  job->name = g_strdup (long_name);
  g_assert_false (cp_job_validate (job, &error));
  g_assert_nonnull (strstr (error->message, "Name: must be at most 200"));
  g_clear_error (&error);

  g_assert_true (cp_project_validate_text (demo, NULL));
  g_free (demo->prepared_by);
  demo->prepared_by = g_strdup (long_name);
  g_assert_false (cp_project_validate_text (demo, &error));
  g_assert_nonnull (strstr (error->message, "Prepared by: must be at most 200"));
}

/* A vendor's sheet: the row is refused, the message names the column's
 * field; a name at the limit is imported. */
static void
test_csv_import (void)
{
  const guint lengths[] = { 10000, 100000 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *vendor = repeated ("V", lengths[i]);
      g_autofree char *csv = g_strdup_printf ("vendor,gpu,gpus per node,price,price unit\n"
                                              "%s,rtx4090,8,2.2,gpu-hour\n", vendor);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteCsvResult) result = cp_quote_csv_read (csv, strlen (csv), NULL, &error);
      const CpCsvLineError *line_error;

      g_assert_no_error (error);
      g_assert_cmpuint (result->quotes->len, ==, 0);
      g_assert_cmpuint (result->errors->len, ==, 1);
      line_error = g_ptr_array_index (result->errors, 0);
      g_assert_nonnull (strstr (line_error->message, "Vendor: must be at most 200 characters long"));
      /* The message does not carry the name back. */
      g_assert_cmpuint (strlen (line_error->message), <, 200);
    }
  {
    g_autofree char *vendor = repeated ("V", CP_TEXT_NAME_MAX_CHARS);
    g_autofree char *csv = g_strdup_printf ("vendor,gpu,gpus per node,price,price unit\n"
                                            "%s,rtx4090,8,2.2,gpu-hour\n", vendor);
    g_autoptr(CpQuoteCsvResult) result = cp_quote_csv_read (csv, strlen (csv), NULL, NULL);

    g_assert_cmpuint (result->quotes->len, ==, 1);
    g_assert_cmpstr (((CpQuote *) g_ptr_array_index (result->quotes, 0))->vendor, ==, vendor);
  }
}

/* The same row in a workbook (.xlsx and .ods): the same check. */
static void
test_workbook_import (void)
{
  g_autofree char *vendor = repeated ("V", 10000);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  g_ptr_array_add (rows, g_strsplit ("vendor,gpu,gpus per node,price,price unit", ",", -1));
  g_ptr_array_add (rows, g_strsplit ("-,rtx4090,8,2.2,gpu-hour", ",", -1));
  g_free (((char **) g_ptr_array_index (rows, 1))[0]);
  ((char **) g_ptr_array_index (rows, 1))[0] = g_strdup (vendor);
  for (guint format = 0; format < 2; format++)
    {
      g_autoptr(GBytes) bytes = format == 0 ? cp_test_xlsx_from_rows (rows, CP_TEST_ZIP_DEFLATED)
                                            : cp_test_ods_from_rows (rows, CP_TEST_ZIP_DEFLATED);
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_full (data, len, NULL, -1, &error);
      g_autoptr(CpQuoteCsvResult) result = NULL;

      g_assert_no_error (error);
      result = cp_quote_sheet_read (sheet, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (result->quotes->len, ==, 0);
      g_assert_cmpuint (result->errors->len, ==, 1);
      g_assert_nonnull (strstr (((CpCsvLineError *) g_ptr_array_index (result->errors, 0))->message,
                                "Vendor: must be at most 200 characters long"));
    }
}

/* An XML report whose first quote's vendor is @vendor. */
static char *
report_with_vendor (const char *vendor)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autofree char *xml = NULL;
  const char *open_tag, *close_tag;
  gsize length;

  xml = cp_report_xml_to_data (demo, "en", &length);
  open_tag = strstr (xml, "<vendor>");
  g_assert_nonnull (open_tag);
  close_tag = strstr (open_tag, "</vendor>");
  g_assert_nonnull (close_tag);
  return g_strdup_printf ("%.*s<vendor>%s%s", (int) (open_tag - xml), xml, vendor, close_tag);
}

static void
test_xml_import (void)
{
  const guint lengths[] = { 10000, 100000 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autofree char *vendor = repeated ("V", lengths[i]);
      g_autofree char *xml = report_with_vendor (vendor);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpProject) project = cp_report_xml_parse (xml, strlen (xml), &error);

      g_assert_null (project);
      g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "Vendor: must be at most 200 characters long"));
      /* The vendor is named by its first 40 characters. */
      g_assert_cmpuint (strlen (error->message), <, 300);
    }
  {
    g_autofree char *vendor = repeated ("V", CP_TEXT_NAME_MAX_CHARS);
    g_autofree char *xml = report_with_vendor (vendor);
    g_autoptr(GError) error = NULL;
    g_autoptr(CpProject) project = cp_report_xml_parse (xml, strlen (xml), &error);

    g_assert_no_error (error);
    g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->vendor, ==, vendor);
  }
}

/* The demo saved, then @sql run on it with the sqlite3 library, as
 * another program would. */
static char *
tampered_demo (const char *name, const char *sql)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);
  sqlite3 *db = NULL;

  g_assert_true (cp_project_save_file (demo, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  return path;
}

/* A file holding a 100,000-character vendor and a negative price opens;
 * no text is held past the longest limit and one character; both quotes
 * are named with their field, and neither is in the plan. Before, the
 * name was held whole and the negative price refused the whole file. */
static void
test_project_file (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  const CpQuote *first = g_ptr_array_index (demo->quotes, 0);
  const CpQuote *second = g_ptr_array_index (demo->quotes, 1);
  g_autofree char *sql =
    g_strdup_printf ("UPDATE quotes SET vendor = printf('%%.*c', 100000, 'V') WHERE id = '%s';"
                     "UPDATE quotes SET price = -5 WHERE id = '%s';", first->id, second->id);
  g_autofree char *path = tampered_demo ("long-vendor.cplan", sql);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_project_load_file (path, &error);
  g_autoptr(GPtrArray) problems = NULL;
  const CpQuote *loaded;

  g_assert_no_error (error);
  g_assert_cmpuint (project->quotes->len, ==, demo->quotes->len);
  loaded = g_ptr_array_index (project->quotes, 0);
  g_assert_cmpuint (strlen (loaded->vendor), ==, CP_TEXT_STORED_MAX_CHARS);
  loaded = g_ptr_array_index (project->quotes, 1);
  g_assert_cmpfloat (loaded->price, ==, -5);

  problems = cp_project_find_problems (project);
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "Vendor: must be at most 200 characters long"));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "left out of every plan"));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 1), "Price: must not be negative"));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 1), second->vendor));

  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);

      for (guint o = 0; o < plan->options->len; o++)
        g_assert_cmpint (g_array_index (plan->options, CpOption, o).quote_index, >, 1);
    }
}

/* A project made by a program (no front door) with a 100,000-character
 * vendor and notes: the PDF measures at most CP_REPORT_LAYOUT_MAX_CHARS
 * of each text. It took 108 s of CPU before; the bound is a tenth of
 * that, and the demo alone takes about 0.3 s. */
static void
test_pdf_bounded (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autofree char *path = g_build_filename (tmp_dir, "long.pdf", NULL);
  g_autoptr(GError) error = NULL;
  CpQuote *quote = g_ptr_array_index (project->quotes, 0);
  double start_s;

  g_free (quote->vendor);
  quote->vendor = repeated ("V", 100000);
  g_free (quote->notes);
  quote->notes = repeated ("N", 100000);
  start_s = cp_check_thread_cpu_s ();
  g_assert_true (cp_report_pdf_write (project, "en", path, &error));
  g_assert_no_error (error);
  g_test_message ("PDF with a 100,000-character vendor: %.2f s of CPU", cp_check_thread_cpu_s () - start_s);
  g_assert_cmpfloat (cp_check_thread_cpu_s () - start_s, <, 10.0 * cp_check_time_factor ());
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-text-limits-XXXXXX");
  g_test_add_func ("/text-limits/check", test_check);
  g_test_add_func ("/text-limits/records", test_records);
  g_test_add_func ("/text-limits/csv-import", test_csv_import);
  g_test_add_func ("/text-limits/workbook-import", test_workbook_import);
  g_test_add_func ("/text-limits/xml-import", test_xml_import);
  g_test_add_func ("/text-limits/project-file", test_project_file);
  g_test_add_func ("/text-limits/pdf-bounded", test_pdf_bounded);
  return cp_test_run_then_remove (tmp_dir);
}
