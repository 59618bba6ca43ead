/* test-report-words.c: sentences of the report written from parts, in
 * English and Chinese: "What would change it" when a single machine
 * lacks memory, lists of vendors, and which quote notes speak of billing
 * terms (issue 22). */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "planner/cp-what-if.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report-sections.h"

/* The sentence for a single machine that lacks memory: 90 GB needed per
 * GPU against 80 GB, the job as configured (no memory technique), as
 * estimated and as a trial run measured it. "Even with as configured"
 * read as broken English. */
static void
test_single_memory (void)
{
  static const struct {
    const char *lang;
    gboolean measured;
    const char *says;
  } cases[] = {
    { "en", FALSE, "A single machine would need 90.0 GB per GPU for the job as configured; Nanshan Compute offers 80.0 GB." },
    { "en", TRUE, "A single machine would need 90.0 GB per GPU, as the trial run measured; Nanshan Compute offers 80.0 GB." },
    { "zh_CN", FALSE, "按任务当前的配置，单机每块 GPU 需要 90.0 GB；Nanshan Compute 只提供 80.0 GB。" },
    { "zh_CN", TRUE, "按试运行实测，单机每块 GPU 需要 90.0 GB；Nanshan Compute 只提供 80.0 GB。" },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  CpPlan plan = { 0 };

  quote->vendor = g_strdup ("Nanshan Compute");
  cp_project_add_quote (project, quote);
  project->settings.memory_unit = CP_MEMORY_UNIT_GB;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GArray) items = g_array_new (FALSE, TRUE, sizeof (CpWhatIf));
      g_autoptr(GPtrArray) lines = NULL;
      CpWhatIf item = { 0 };

      item.kind = CP_WHAT_IF_SINGLE_MEMORY;
      item.option_index = 0;
      item.quote_index = 0;
      item.estimate.technique = CP_TECHNIQUE_AS_CONFIGURED;
      item.estimate.memory_per_gpu_bytes = 90e9;
      item.estimate.available_per_gpu_bytes = 80e9;
      item.estimate.memory_measured = cases[i].measured;
      g_array_append_val (items, item);
      lines = cp_words_what_if (project, &plan, items, cases[i].lang);
      g_assert_cmpuint (lines->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (lines, 0), ==, cases[i].says);
    }
}

/* Names joined as the language writes a list: in Chinese, a Latin name
 * beside 和 is spaced from it as Latin text beside Chinese words is,
 * and a Chinese name is not; 、 takes no space. */
static void
test_join_names (void)
{
  static const struct {
    const char *lang;
    const char *names[3];
    const char *joined;
  } cases[] = {
    { "en", { "Nanshan Compute", "Pengcheng Cloud", NULL }, "Nanshan Compute and Pengcheng Cloud" },
    { "zh_CN", { "Nanshan Compute", "Pengcheng Cloud", NULL }, "Nanshan Compute 和 Pengcheng Cloud" },
    { "zh_CN", { "云厂商甲", "智算中心乙", NULL }, "云厂商甲和智算中心乙" },
    { "zh_CN", { "云厂商甲", "Pengcheng Cloud", NULL }, "云厂商甲和 Pengcheng Cloud" },
    { "zh_CN", { "示例供应商 G (Example vendor G)", "示例供应商 E", NULL }, "示例供应商 G (Example vendor G) 和示例供应商 E" },
    /* A name ending in a full-width bracket takes no space. */
    { "zh_CN", { "Nanshan Compute（共 4 个节点中的 1 个）", "Pengcheng Cloud", NULL },
      "Nanshan Compute（共 4 个节点中的 1 个）和 Pengcheng Cloud" },
    { "zh_CN", { "Nanshan Compute", "云厂商甲", "Pengcheng Cloud" }, "Nanshan Compute、云厂商甲和 Pengcheng Cloud" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autofree char *joined = NULL;

      for (guint n = 0; n < G_N_ELEMENTS (cases[i].names) && cases[i].names[n] != NULL; n++)
        g_ptr_array_add (names, (gpointer) cases[i].names[n]);
      cp_i18n_push_language (cases[i].lang);
      joined = cp_words_join_names (names);
      cp_i18n_pop_language ();
      g_assert_cmpstr (joined, ==, cases[i].joined);
    }
}

/* Notes that state billing terms, in either language and whether they
 * state a minimum or its absence, are quoted with the billing question;
 * notes on anything else are not, although "term" is in "determined"
 * and "min." in "admin.". */
static void
test_note_terms (void)
{
  static const char *const terms[] = {
    "20,000 CNY monthly minimum",
    "No minimum term; billed by the hour.",
    "Minimum commitment of 3 months",
    "Prepaid only",
    "月租，最短一个月",
    "最低消费每月 2 万元",
    "保底 5 万",
    "按天计费",
    "包年优惠 8 折",
  };
  static const char *const others[] = {
    "Invented example price for the demo; not a real offer.",
    "Price determined by the spot market",
    "External storage on request",
    "admin. console included",
    "5 min setup",
    "示例报价，价格为虚构，仅作演示。",
    "网络与其他租户共享。",
  };

  for (guint i = 0; i < G_N_ELEMENTS (terms); i++)
    if (!cp_report_note_speaks_of_terms (terms[i]))
      g_error ("“%s” speaks of billing terms", terms[i]);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    if (cp_report_note_speaks_of_terms (others[i]))
      g_error ("“%s” does not speak of billing terms", others[i]);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/words/single-memory", test_single_memory);
  g_test_add_func ("/report/words/join-names", test_join_names);
  g_test_add_func ("/report/words/note-terms", test_note_terms);
  return g_test_run ();
}
