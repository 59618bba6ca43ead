/* test-report-approver.c: what stopped an approver's signature when one
 * who had never seen the report read the demo's and a one-job project's
 * (2 December): each finding, asserted on the PDF's text (pdftotext) and
 * the XML, with the figures worked out here from the plan. */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "planner/cp-catalog.h"
#include "planner/cp-project.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-demo.h"
#include "common/cp-test-dir.h"

static char *tmp_dir;

static gboolean
have_poppler (void)
{
  g_autofree char *text = g_find_program_in_path ("pdftotext");

  return text != NULL;
}

/* The PDF's text, whitespace squeezed out (pdftotext breaks lines where
 * the PDF does), in reading order (a table's cell whole). */
static char *
pdf_squeezed (const char *pdf)
{
  g_autofree char *out = NULL;
  int status = 0;
  const char *argv[] = { "pdftotext", "-raw", "-enc", "UTF-8", pdf, "-", NULL };

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return cp_test_squeeze (out);
}

static char *
write_pdf (const CpProject *project,
           const char      *name,
           const char      *lang)
{
  g_autofree char *file = g_strdup_printf ("%s-%s.pdf", name, lang);
  char *path = g_build_filename (tmp_dir, file, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (cp_report_pdf_write (project, lang, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
assert_has (const char *squeezed,
            const char *needle)
{
  g_autofree char *n = cp_test_squeeze (needle);

  if (strstr (squeezed, n) == NULL)
    g_error ("“%s” is not in the report", needle);
}

static void
assert_lacks (const char *squeezed,
              const char *needle)
{
  g_autofree char *n = cp_test_squeeze (needle);

  if (strstr (squeezed, n) != NULL)
    g_error ("“%s” is in the report", needle);
}

/* The demo's job named @name. */
static guint
demo_job (const CpProject *project,
          const char      *name)
{
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if (strstr (job->name, name) != NULL)
        return j;
    }
  g_error ("the demo has no job “%s”", name);
}

/* The option of @plan that does not fit, asserting there is one. */
static const CpOption *
refused_option (const CpPlan *plan)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (!option->estimate.fits)
        return option;
    }
  g_error ("no option is refused");
}

/* The demo's 70B full fine-tune does not fit on 8 × RTX 4090 24GB (its
 * full fine-tune needs 1.2 TB unsharded, over 6× the machine's 192 GB):
 * the PDF says "Does not fit" with the reason cp_words_refusal() gives,
 * and shows no deadline verdict or cost for it; the XML carries the
 * reason in <refusal>. */
static void
check_refusal (const char *lang)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  guint job_index = demo_job (project, "70B");
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index);
  const CpOption *refused = refused_option (plan);
  const CpQuote *quote = g_ptr_array_index (project->quotes, refused->quote_index);
  g_autofree char *reason = cp_words_refusal (project, job, quote, &refused->estimate, lang);
  g_autofree char *path = write_pdf (project, "refusal", lang);
  g_autofree char *text = pdf_squeezed (path);
  g_autofree char *cost = cp_i18n_format_number (refused->estimate.total_cost, 0, lang);
  g_autofree char *xml = NULL;
  g_autofree char *element = NULL;

  g_assert_nonnull (reason);
  g_assert_cmpint (refused->estimate.refusal, ==, CP_REFUSAL_GPU_MEMORY);
  g_assert_cmpfloat (refused->estimate.total_cost, >, 1000);
  cp_i18n_push_language (lang);
  assert_has (text, cp_i18n_is_chinese (lang) ? "放不下" : "Does not fit");
  cp_i18n_pop_language ();
  assert_has (text, reason);
  /* Its cost, worked out for a run that cannot happen, is nowhere. */
  assert_lacks (text, cost);

  xml = cp_report_xml_to_data (project, lang, NULL);
  g_assert_nonnull (xml);
  element = g_markup_printf_escaped ("<refusal id=\"gpu-memory\">%s</refusal>", reason);
  g_assert_nonnull (strstr (xml, element));
}

static void
test_refusal (void)
{
  if (!have_poppler ())
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  check_refusal ("en");
  check_refusal ("zh_CN");
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  cp_i18n_bind_textdomain ();
  tmp_dir = g_dir_make_tmp ("cp-approver-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/approver/refusal", test_refusal);

  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
