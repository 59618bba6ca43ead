/* test-report-signing.c: what an approver about to sign still found
 * wrong (issue 22, 2 December), on reports made as a user makes them
 * (compute-planner-cli, read back with pdftotext): the Chinese XML
 * said its language was English, the reasons list skipped R3, and a
 * rental that is the whole cost read "¥30,000 of ¥30,000". */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The file @name of the test's folder, whole. */
static char *
read_back (const char *name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The one-job project of the approver's walk: a 13B LoRA on 300M tokens
 * within 14 days; an 8 × RTX 4090 container at 2.2 CNY per GPU-hour and
 * one 8 × A800 machine at 30,000 CNY per node-month, a month at least. */
static void
make_lora_project (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "13B LoRA", "--model", "llama-2-13b", "--task", "lora",
          "--tokens", "300M", "--seq-len", "2048", "--lora-rank", "16", "--deadline-days", "14");
  RUN_OK ("add-quote", file, "--vendor", "Vendor A", "--offer", "8 × 4090 container", "--gpu", "rtx4090",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "2.2");
  RUN_OK ("add-quote", file, "--vendor", "Vendor B", "--offer", "8 × A800 machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "30000");
}

/* The XML report names the language it is written in: a Chinese report
 * of a project whose own language is English said "en". */
static void
test_report_language (void)
{
  static const struct { const char *lang, *says; } cases[] = {
    { "zh_CN", "<report-language>zh_CN</report-language>" },
    { "en", "<report-language>en</report-language>" },
  };

  make_lora_project ("lang.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("lang-%s.xml", cases[i].lang);
      g_autofree char *xml = NULL;

      RUN_OK ("report", "lang.cplan", "--lang", cases[i].lang, "--xml", name);
      xml = read_back (name);
      cp_test_assert_has (xml, cases[i].says);
    }
}

/* The rule labels of the reasons list, in the order printed: "R1 R2 …". */
static char *
printed_rules (const char *pdf)
{
  g_autofree char *text = cp_test_run_tool (tmp_dir, (const char *const[]) { "pdftotext", "-layout", "-enc", "UTF-8",
                                                                           pdf, "-", NULL });
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *rules = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];

      while (*l == ' ' || *l == '\f')
        l++;
      if (l[0] == 'R' && l[1] >= '1' && l[1] <= '9' && (l[2] == ' ' || l[2] == '\t'))
        g_string_append_printf (rules, "%sR%c", rules->len > 0 ? " " : "", l[1]);
    }
  return g_string_free (rules, FALSE);
}

/* The reasons list is numbered as printed: a training job's list read R1,
 * R2, R4…, its R3 (inference concurrency) left out; every rule up to the
 * last has its line. */
static void
test_rules_consecutive (void)
{
  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext or pdfinfo is not installed");
      return;
    }
  make_lora_project ("rules.cplan");
  for (guint l = 0; l < 2; l++)
    {
      const char *lang = l == 0 ? "en" : "zh_CN";
      g_autofree char *pdf = g_strdup_printf ("rules-%s.pdf", lang);
      g_autofree char *rules = NULL;
      g_autofree char *all = NULL;

      RUN_OK ("report", "rules.cplan", "--lang", lang, "--pdf", pdf);
      rules = printed_rules (pdf);
      g_test_message ("%s: %s", lang, rules);
      g_assert_cmpstr (rules, ==, "R1 R2 R3 R4 R5 R6 R7 R8 R9");
      all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (all, l == 0 ? "Inference concurrency — Applies to inference services only"
                                       : "推理并发 — 仅适用于推理服务");
    }
}

/* A rental that is the option's whole cost is said once: one A800 machine
 * at 30,000 CNY a month, a month at least, for a run of under a day, costs
 * the month's 30,000 and nothing else (no fees, no storage price); "the
 * 1-month minimum: 30,000 CNY of 30,000 CNY" and "总计 ¥30,000 中占
 * ¥30,000" read wrong. */
static void
test_whole_cost (void)
{
  static const struct { const char *lang, *says, *not; } cases[] = {
    { "en", "Billed for the 1-month minimum: 30,000 CNY, the option’s whole cost,", "30,000 CNY of 30,000 CNY" },
    { "zh_CN", "按最短租期 1 个月计费：租金 ¥30,000，即该方案的全部费用，", "中占" },
  };

  if (!cp_test_have_poppler ())
    {
      g_test_skip ("pdftotext or pdfinfo is not installed");
      return;
    }
  make_lora_project ("whole.cplan");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *pdf = g_strdup_printf ("whole-%s.pdf", cases[i].lang);
      g_autofree char *all = NULL;

      RUN_OK ("report", "whole.cplan", "--lang", cases[i].lang, "--pdf", pdf);
      all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);
      cp_test_assert_has (all, cases[i].says);
      cp_test_assert_lacks (all, cases[i].not);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-signing-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/report-signing/report-language", test_report_language);
  g_test_add_func ("/report-signing/rules-consecutive", test_rules_consecutive);
  g_test_add_func ("/report-signing/whole-cost", test_whole_cost);

  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
