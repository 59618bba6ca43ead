/* test-report-listed.c: a job's chapter lists its best-ranked options,
 * not all of them (issue 25: 20 jobs × 50 quotes ran to 252 pages, a
 * dozen a job). A project made as a team lead makes it (compute-planner-cli)
 * with twelve quotes of the same machine at rising prices, so that their
 * ranks are known beforehand: the cheapest first. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

/* The chapter's limit, CP_REPORT_LISTED_OPTIONS, and two quotes past it. */
#define LISTED 10
#define QUOTES 12

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The job's chapter of @pdf's text (squeezed): from its heading to the
 * appendix's (the last mention of its title: the chapter refers to it). */
static char *
job_chapter (const char *all,
             const char *heading,
             const char *appendix)
{
  const char *start = strstr (all, heading);
  const char *end = start != NULL ? g_strrstr (start, appendix) : NULL;

  g_assert_nonnull (start);
  g_assert_nonnull (end);
  return g_strndup (start, end - start);
}

static void
test_chapter_lists_best_ranked (void)
{
  g_autofree char *all = NULL;
  g_autofree char *chapter = NULL;

  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext not found");
      return;
    }
  RUN_OK ("new", "many.cplan");
  RUN_OK ("add-job", "many.cplan", "--name", "Tune", "--task", "lora", "--model", "llama-2-7b",
          "--tokens", "200M", "--deadline-days", "10");
  /* Vendor 01 at 10.0 CNY per GPU-hour, Vendor 02 at 10.5 … Vendor 12 at
   * 15.5: the same machine, so the cheaper ranks first. */
  for (guint q = 1; q <= QUOTES; q++)
    {
      g_autofree char *vendor = g_strdup_printf ("Vendor %02u", q);
      g_autofree char *price = g_strdup_printf ("%.1f/GPU/h", 10.0 + 0.5 * (q - 1));

      RUN_OK ("add-quote", "many.cplan", "--vendor", vendor, "--gpu", "a100-80g",
              "--gpus-per-node", "8", "--price", price);
    }
  RUN_OK ("report", "many.cplan", "--lang", "en", "--pdf", "many.pdf");
  all = cp_test_pdf_text (tmp_dir, "many.pdf", 0, FALSE);
  chapter = job_chapter (all, "Job:Tune", "Assumptionsandconventions");

  for (guint q = 1; q <= QUOTES; q++)
    {
      g_autofree char *vendor = g_strdup_printf ("Vendor %02u", q);

      if (q <= LISTED)
        cp_test_assert_has (chapter, vendor);
      else
        cp_test_assert_lacks (chapter, vendor);
    }
  cp_test_assert_has (chapter, "This chapter lists the 10 best-ranked of the 12 quotes; the XML report lists all 12.");
  /* The project's list of quotes, before the chapters, still names all. */
  cp_test_assert_has (all, "Vendor 12");
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-report-listed-XXXXXX");
  g_test_add_func ("/report-listed/chapter-lists-best-ranked", test_chapter_lists_best_ranked);
  return cp_test_run_then_remove (tmp_dir);
}
