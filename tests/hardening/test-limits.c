/* test-limits.c: absurd and hostile values give a clear error or a bounded
 * result, quickly (issue 7).
 *
 * Each case feeds one kind of value through every door it can come in by
 * (typed text, a CSV cell, a project file, an XML report) and checks the
 * error names what is wrong, or that what is accepted stays finite.
 */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "planner/cp-units.h"
#include "report/cp-report.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store.h"

#include "cp-check.h"
#include "common/cp-test-demo.h"
#include "common/cp-test-dir.h"

static char *tmp_dir;

/* The demo's first job of @kind and its first quote with @nodes_min nodes. */
static const CpJob *
demo_job (const CpProject *demo, CpTaskKind kind)
{
  for (guint i = 0; i < demo->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (demo->jobs, i);
      if (job->kind == kind)
        return job;
    }
  g_assert_not_reached ();
}

static const CpQuote *
demo_quote (const CpProject *demo, gboolean cluster)
{
  for (guint i = 0; i < demo->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (demo->quotes, i);
      if (cp_quote_is_cluster (quote) == cluster)
        return quote;
    }
  g_assert_not_reached ();
}

/* The plan leaves the quote out rather than showing a made-up figure. */
static void
assert_plan_empty (const CpJob *job, const CpQuote *quote, const CpSettings *settings)
{
  g_autoptr(CpPlan) plan = cp_plan_new (job, quote, 1, settings);

  g_assert_cmpuint (plan->options->len, ==, 0);
  g_assert_cmpint (plan->recommended, ==, -1);
  g_assert_cmpint (plan->verdict, ==, CP_VERDICT_NOT_FEASIBLE);
  g_assert_null (cp_check_plan_figures (plan));
}

static CpQuoteCsvResult *
read_csv (const char *csv)
{
  g_autoptr(GError) error = NULL;
  CpQuoteCsvResult *result = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

/* Every data line of @csv is refused, each with its own line number. */
static void
assert_csv_lines_refused (const char *csv, guint n_lines)
{
  g_autoptr(CpQuoteCsvResult) result = read_csv (csv);

  g_assert_cmpuint (result->quotes->len, ==, 0);
  g_assert_cmpuint (result->n_records, ==, n_lines);
  g_assert_cmpuint (result->errors->len, >=, n_lines);
  for (guint line = 2; line < n_lines + 2; line++)
    {
      g_autofree char *prefix = g_strdup_printf ("line %u: ", line);
      gboolean found = FALSE;

      for (guint i = 0; i < result->errors->len; i++)
        {
          const CpCsvLineError *e = g_ptr_array_index (result->errors, i);
          if (e->line == line && g_str_has_prefix (e->message, prefix))
            found = TRUE;
        }
      g_assert_true (found);
    }
}

static void
test_huge_parameters (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpJob) job = cp_job_dup (demo_job (demo, CP_TASK_FULL_FINETUNE));
  g_autoptr(GError) error = NULL;
  double value = 0;

  /* Typed: 1e30 is the parser's ceiling, anything above is "too large". */
  g_assert_true (cp_parse_count ("1e30", &value, &error));
  g_assert_cmpfloat (value, ==, 1e30);
  g_assert_false (cp_parse_count ("1e31", &value, &error));
  g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE);
  g_clear_error (&error);
  g_assert_false (cp_parse_count ("1e999999999999", &value, &error));
  g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE);
  g_clear_error (&error);

  /* What the parser lets through, the model refuses by name: 1e15
   * parameters is its limit, a thousand times the largest model. */
  double params = job->model.params;

  job->model.params = 1e30;
  cp_check_estimate_refused (job, demo_quote (demo, TRUE), &demo->settings, "Parameters");
  assert_plan_empty (job, demo_quote (demo, TRUE), &demo->settings);
  job->model.params = params;
  job->tokens = 1e30;
  cp_check_estimate_refused (job, demo_quote (demo, TRUE), &demo->settings, "Tokens");
}

static void
test_zero_gpus (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpQuote) quote = cp_quote_dup (demo_quote (demo, FALSE));

  quote->gpus_per_node = 0;
  for (guint i = 0; i < demo->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (demo->jobs, i);
      cp_check_estimate_refused (job, quote, &demo->settings, "GPUs per node");
      assert_plan_empty (job, quote, &demo->settings);
    }

  assert_csv_lines_refused ("vendor,gpu,gpus per node,price\n"
                            "A,A800,0,6.5/GPU/h\n"
                            "B,A800,-8,6.5/GPU/h\n"
                            "C,A800,99999999999999999999,6.5/GPU/h\n", 3);
}

static void
test_negative_prices (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpQuote) quote = cp_quote_dup (demo_quote (demo, TRUE));
  g_autoptr(GError) error = NULL;
  CpPriceText price;

  g_assert_false (cp_parse_price_text ("-12.5 元/小时", &price, &error));
  g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE);

  quote->price = -1;
  cp_check_estimate_refused (demo_job (demo, CP_TASK_PRETRAIN), quote, &demo->settings, "Price");
  quote->price = 10;
  quote->setup_fee = -5000;
  cp_check_estimate_refused (demo_job (demo, CP_TASK_PRETRAIN), quote, &demo->settings, "Setup fee");

  assert_csv_lines_refused ("vendor,gpu,gpus per node,price,setup fee,storage price\n"
                            "A,A800,8,-6.5/GPU/h,,\n"
                            "B,A800,8,－6.5/GPU/h,,\n"     /* full-width minus */
                            "C,A800,8,6.5/GPU/h,-100,\n"
                            "D,A800,8,6.5/GPU/h,,-3\n", 4);
}

static void
test_nan_inf_csv (void)
{
  /* strtod would take every one of these; the importer must not. */
  assert_csv_lines_refused ("vendor,gpu,gpus per node,price,nodes,bandwidth\n"
                            "A,A800,8,nan/GPU/h,,\n"
                            "B,A800,8,inf/GPU/h,,\n"
                            "C,A800,8,1e400/GPU/h,,\n"
                            "D,A800,8,1e308/GPU/h,,\n"
                            "E,A800,8,6/GPU/h,NaN,\n"
                            "F,A800,8,6/GPU/h,4,Infinity\n"
                            "G,A800,8,0x1p99/GPU/h,,\n"
                            "H,A800,8,6/GPU/h,2,1e31\n", 8);
}

/* A saved demo whose @sql (run with ?1 bound to @value) was applied
 * behind the application's back. */
static char *
tampered_project (const char *name, const char *sql, double value)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_true (cp_project_save_file (demo, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_bind_parameter_count (stmt) > 0)
    g_assert_cmpint (sqlite3_bind_double (stmt, 1, value), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  g_assert_cmpint (sqlite3_changes (db), >=, 1);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  return path;
}

static void
assert_project_refused (const char *name, const char *sql, double value, const char *column)
{
  g_autofree char *path = tampered_project (name, sql, value);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_project_load_file (path, &error);

  g_assert_null (project);
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, column));
  g_clear_error (&error);
  {
    g_autoptr(CpStore) store = cp_store_open (path, FALSE, &error);
    g_autoptr(CpProject) loaded = NULL;

    g_assert_no_error (error);
    loaded = cp_store_load (store, &error);
    g_assert_null (loaded);
    g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_CORRUPT);
  }
}

static void
assert_project_reported (const char *name, const char *sql, double value, const char *field)
{
  g_autofree char *path = tampered_project (name, sql, value);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_project_load_file (path, &error);
  g_autoptr(GPtrArray) problems = NULL;

  g_assert_no_error (error);
  problems = cp_project_find_problems (project);
  /* Every quote (or job) of the demo got the value. */
  g_assert_cmpuint (problems->len, >=, 1);
  for (guint i = 0; i < problems->len; i++)
    g_assert_nonnull (strstr (g_ptr_array_index (problems, i), field));
}

static void
test_nan_inf_project_file (void)
{
  g_autofree char *nan_path = NULL;
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;

  /* SQLite keeps infinities as REAL values; 9e999 is how SQL spells one. */
  assert_project_refused ("inf-price.cplan", "UPDATE quotes SET price = 9e999", 0, "price");
  assert_project_refused ("minus-inf-fee.cplan", "UPDATE quotes SET setup_fee = ?1", -INFINITY,
                          "setup_fee");
  assert_project_refused ("inf-tokens.cplan", "UPDATE jobs SET tokens = ?1", INFINITY, "tokens");
  assert_project_refused ("inf-hours.cplan", "UPDATE project SET hours_per_month = ?1", INFINITY,
                          "hours_per_month");
  /* A finite figure out of range opens, and is named (test-text-limits.c
   * checks the words): refusing the file would lock every other record
   * out of it (issue 24). */
  assert_project_reported ("negative-price.cplan", "UPDATE quotes SET price = ?1", -12.5, "Price");
  assert_project_reported ("negative-params.cplan", "UPDATE jobs SET model_params = ?1", -7e9, "Parameters");

  /* A NaN cannot be stored: SQLite binds it as NULL, which reads as 0, a
   * price the model takes (free capacity) with finite figures. */
  nan_path = tampered_project ("nan-price.cplan", "UPDATE quotes SET price = ?1", NAN);
  loaded = cp_project_load_file (nan_path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < loaded->quotes->len; i++)
    g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (loaded->quotes, i))->price, ==, 0);
  cp_check_project_figures (loaded);
}

/* @n_rows copies of @row after a header, as one buffer. */
static char *
repeated_csv (const char *header, const char *row, guint n_rows, gsize *len)
{
  gsize row_len = strlen (row), header_len = strlen (header);
  char *data = g_malloc (header_len + row_len * n_rows + 1);
  char *p = data;

  memcpy (p, header, header_len);
  p += header_len;
  for (guint i = 0; i < n_rows; i++, p += row_len)
    memcpy (p, row, row_len);
  *p = '\0';
  *len = (gsize) (p - data);
  return data;
}

static void
assert_csv_too_large (const char *data, gsize len, double max_s)
{
  g_autoptr(GError) error = NULL;
  double start_s = cp_check_thread_cpu_s ();
  g_autoptr(CpQuoteCsvResult) result = cp_quote_csv_read (data, len, NULL, &error);
  double used_s = cp_check_thread_cpu_s () - start_s;

  g_assert_null (result);
  g_assert_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_TOO_LARGE);
  g_test_message ("%" G_GSIZE_FORMAT " bytes refused in %.3f s of CPU: %s", len, used_s, error->message);
  g_assert_cmpfloat (used_s, <, max_s * cp_check_time_factor ());
}

static void
test_million_row_csv (void)
{
  static const char header[] = "vendor,gpu,gpus per node,price\n";
  g_autofree char *long_rows = NULL, *short_rows = NULL, *wide = NULL, *path = NULL;
  g_autofree char *limit_rows = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  double start_s;
  gsize len;

  /* 10^6 real quotes: 18 MB, refused by size before a line is read. */
  long_rows = repeated_csv (header, "A,A800,8,6.5/GPU/h\n", 1000000, &len);
  g_assert_cmpuint (len, >, CP_QUOTE_CSV_MAX_BYTES);
  assert_csv_too_large (long_rows, len, 1.0);

  /* The same file on disk is refused before it is read. */
  path = g_build_filename (tmp_dir, "million.csv", NULL);
  g_assert_true (g_file_set_contents (path, long_rows, (gssize) len, &error));
  start_s = cp_check_thread_cpu_s ();
  result = cp_quote_csv_read_file (path, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_TOO_LARGE);
  g_assert_cmpfloat (cp_check_thread_cpu_s () - start_s, <, 0.5 * cp_check_time_factor ());
  g_clear_error (&error);

  /* 10^6 tiny lines fit in the size limit (8 bytes each: 8 MB < 8 MiB);
   * the record limit stops them after 10,001. */
  short_rows = repeated_csv (header, "A,B,8,1\n", 1000000, &len);
  g_assert_cmpuint (len, <=, CP_QUOTE_CSV_MAX_BYTES);
  assert_csv_too_large (short_rows, len, 5.0);

  /* One line of 10^6 empty fields. */
  wide = g_malloc (1000002);
  memset (wide, ',', 1000000);
  wide[1000000] = '\n';
  wide[1000001] = '\0';
  assert_csv_too_large (wide, 1000001, 5.0);

  /* At the limit every line is read: 10,000 quotes in bounded time. */
  limit_rows = repeated_csv (header, "A,A800,8,6.5/GPU/h\n", CP_QUOTE_CSV_MAX_RECORDS, &len);
  start_s = cp_check_thread_cpu_s ();
  g_clear_pointer (&result, cp_quote_csv_result_free);
  result = cp_quote_csv_read (limit_rows, len, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%d quotes read in %.2f s of CPU", CP_QUOTE_CSV_MAX_RECORDS, cp_check_thread_cpu_s () - start_s);
  g_assert_cmpuint (result->quotes->len, ==, CP_QUOTE_CSV_MAX_RECORDS);
  g_assert_cmpuint (result->errors->len, ==, 0);
}

static void
test_huge_xml (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "huge.xml", NULL);
  g_autoptr(GError) error = NULL;
  double start_s = cp_check_thread_cpu_s ();
  g_autofree char *buffer = NULL;
  CpProject *project;
  int fd;

  /* 100 MB on disk without writing 100 MB: a sparse file after a real
   * start. Refused by its size, before a byte is parsed. */
  g_assert_true (g_file_set_contents (path, "<?xml version=\"1.0\"?>\n<compute-planner", -1, &error));
  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1000 * 1000), ==, 0);
  close (fd);
  project = cp_report_xml_read (path, &error);
  g_assert_null (project);
  g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE);
  g_assert_cmpfloat (cp_check_thread_cpu_s () - start_s, <, 0.5 * cp_check_time_factor ());
  g_clear_error (&error);

  /* The same from memory (a pasted or downloaded document). */
  buffer = g_malloc (100 * 1000 * 1000);
  memset (buffer, ' ', 100 * 1000 * 1000);
  start_s = cp_check_thread_cpu_s ();
  project = cp_report_xml_parse (buffer, 100 * 1000 * 1000, &error);
  g_assert_null (project);
  g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE);
  g_assert_cmpfloat (cp_check_thread_cpu_s () - start_s, <, 0.5 * cp_check_time_factor ());
}

static void
test_hostile_xml (void)
{
  /* The "billion laughs": refused for its entity declarations before any
   * is expanded. */
  static const char laughs[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE r [\n"
    " <!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
    " <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
    " <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
    " <!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n"
    " <!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">\n"
    " <!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">\n"
    "]>\n"
    "<compute-planner xmlns=\"" CP_REPORT_XML_NAMESPACE "\">&f;&f;&f;&f;</compute-planner>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) deep = g_string_new ("<?xml version=\"1.0\"?>\n");
  double start_s = cp_check_thread_cpu_s ();
  CpProject *project;

  project = cp_report_xml_parse (laughs, strlen (laughs), &error);
  g_assert_null (project);
  g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_FORBIDDEN);
  g_clear_error (&error);

  /* 10^5 nested elements: libxml2's depth limit, an error, no stack
   * overflow. */
  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "<a>");
  for (guint i = 0; i < 100000; i++)
    g_string_append (deep, "</a>");
  project = cp_report_xml_parse (deep->str, deep->len, &error);
  g_assert_null (project);
  g_assert_nonnull (error);
  g_assert_cmpfloat (cp_check_thread_cpu_s () - start_s, <, 5.0 * cp_check_time_factor ());
}

/* Numbers the physics cannot have (issue 10): a subnormal 1e-320 or a value
 * below a field's smallest meaningful one, through every door. Before,
 * a billing granularity of 1e-320 became INF then NaN hours, and the NaN
 * quote ranked first. */
static void
test_subnormal_values (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  const CpQuote *single = demo_quote (demo, FALSE);
  const CpQuote *cluster = demo_quote (demo, TRUE);
  const struct {
    const char *sql;
    double      value;
  } tampered[] = {
    { "UPDATE quotes SET billing_granularity_h = ?1", 1e-320 },
    /* Below a second, the finest step billed. */
    { "UPDATE quotes SET billing_granularity_h = ?1", 1e-4 },
    { "UPDATE quotes SET nic_gbps = ?1 WHERE nic_gbps > 0", 1e-320 },
    { "UPDATE project SET compute_utilisation = ?1", 1e-320 },
  };

  /* The model names the field. */
  {
    g_autoptr(CpQuote) quote = cp_quote_dup (single);
    g_autoptr(GError) error = NULL;

    quote->billing_granularity_h = 1e-320;
    g_assert_false (cp_quote_validate (quote, &error));
    g_assert_nonnull (strstr (error->message, "Billing granularity"));
    g_clear_error (&error);
    /* One second is the finest step a quote states; 0 states none
     * (cp_quote_billing_granularity_h()). */
    quote->billing_granularity_h = 1.0 / 3600;
    g_assert_true (cp_quote_validate (quote, NULL));
    quote->billing_granularity_h = 0;
    g_assert_true (cp_quote_validate (quote, NULL));
  }
  {
    g_autoptr(CpQuote) quote = cp_quote_dup (cluster);
    g_autoptr(GError) error = NULL;

    quote->nic_gbps = 1e-320;
    g_assert_false (cp_quote_validate (quote, &error));
    g_assert_nonnull (strstr (error->message, "NIC rate"));
  }
  {
    g_autoptr(CpJob) job = cp_job_dup (demo_job (demo, CP_TASK_PRETRAIN));
    g_autoptr(GError) error = NULL;

    job->mfu = 1e-320;
    g_assert_false (cp_job_validate (job, &error));
    g_assert_nonnull (strstr (error->message, "MFU"));
    g_clear_error (&error);
    job->mfu = 0.45;
    job->tokens = 1e-320;
    g_assert_false (cp_job_validate (job, &error));
    g_assert_nonnull (strstr (error->message, "Tokens"));
  }
  {
    CpSettings settings = demo->settings;
    g_autoptr(GError) error = NULL;

    settings.compute_utilisation = 1e-320;
    g_assert_false (cp_settings_validate (&settings, &error));
    g_assert_nonnull (strstr (error->message, "Compute utilisation"));
  }

  /* A CSV cell, each line refused with its number. */
  assert_csv_lines_refused ("vendor,gpu,gpus per node,price,billing granularity (h)\n"
                            "A,A800,8,6/GPU/h,1e-320\n"
                            "B,A800,8,6/GPU/h,0.0001\n", 2);

  /* A project file edited behind the application's back still opens (the
   * rest of the project is the user's work), but the planner leaves out
   * what the model refuses: no plan shows a non-finite figure or an option
   * built on a refused value. */
  for (guint i = 0; i < G_N_ELEMENTS (tampered); i++)
    {
      g_autofree char *name = g_strdup_printf ("tiny-%u.cplan", i);
      g_autofree char *path = tampered_project (name, tampered[i].sql, tampered[i].value);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpProject) project = cp_project_load_file (path, &error);

      g_assert_no_error (error);
      for (guint j = 0; j < project->jobs->len; j++)
        {
          g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);
          const CpJob *job = g_ptr_array_index (project->jobs, j);

          g_assert_null (cp_check_plan_figures (plan));
          for (guint k = 0; k < plan->options->len; k++)
            {
              const CpOption *option = &g_array_index (plan->options, CpOption, k);

              g_assert_true (cp_quote_validate (g_ptr_array_index (project->quotes, option->quote_index), NULL));
              g_assert_true (cp_job_validate (job, NULL));
            }
        }
    }

  /* An XML report carrying the same value. */
  {
    gsize length = 0;
    g_autofree char *xml = cp_report_xml_to_data (demo, "en", &length);
    g_autoptr(GRegex) granularity = g_regex_new ("<billing-granularity([^>]*)>[^<]*<", 0, 0, NULL);
    g_autofree char *doctored = g_regex_replace (granularity, xml, -1, 0,
                                                 "<billing-granularity\\1>1e-320<", 0, NULL);
    g_autoptr(GError) error = NULL;

    g_assert_cmpstr (doctored, !=, xml);
    g_assert_null (cp_report_xml_parse (doctored, strlen (doctored), &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "Billing granularity"));
  }
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-limits-XXXXXX");
  g_test_add_func ("/limits/huge-parameters", test_huge_parameters);
  g_test_add_func ("/limits/zero-gpus", test_zero_gpus);
  g_test_add_func ("/limits/negative-prices", test_negative_prices);
  g_test_add_func ("/limits/nan-inf-csv", test_nan_inf_csv);
  g_test_add_func ("/limits/nan-inf-project-file", test_nan_inf_project_file);
  g_test_add_func ("/limits/subnormal-values", test_subnormal_values);
  g_test_add_func ("/limits/million-row-csv", test_million_row_csv);
  g_test_add_func ("/limits/huge-xml", test_huge_xml);
  g_test_add_func ("/limits/hostile-xml", test_hostile_xml);
  return cp_test_run_then_remove (tmp_dir);
}
