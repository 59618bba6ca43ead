/* test-report-five-minutes.c: page 1 as an approver with five minutes
 * read it (read37, issue 22), on the tester's one-job project: a 13B LoRA
 * on 300M tokens within 3 days, Cloud A's 2 nodes of 8 × A800 at 18 CNY a
 * GPU-hour (no network, offering kind or terms given) beside Provider
 * B's one Ascend 910B2 machine at 30,000 CNY a month. Made as a user
 * makes it (compute-planner-cli); read from the PDF, the XML and the
 * CLI's summary. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

static void
make_read37_lora (const char *file)
{
  RUN_OK ("new", file, "--name", "13B LoRA 微调预算");
  RUN_OK ("add-job", file, "--model", "llama-2-13b", "--task", "lora", "--tokens", "300M", "--deadline-days", "3",
          "--name", "13B LoRA fine-tune");
  RUN_OK ("add-quote", file, "--vendor", "Cloud A", "--offer", "8×A800 80GB", "--gpu", "a800", "--gpus-per-node", "8",
          "--nodes", "2", "--price", "18元/卡/时");
  RUN_OK ("add-quote", file, "--vendor", "Provider B", "--offer", "8×Ascend 910B2 server", "--gpu", "ascend-910b",
          "--gpus-per-node", "8", "--nodes", "1", "--price", "30,000元/台/月");
}

/* Page 1 of @file's report in @lang, spaces squeezed out
 * (cp_test_pdf_text()). */
static char *
page_one (const char *file,
          const char *lang)
{
  g_autofree char *pdf = g_strdup_printf ("%s-%s.pdf", file, lang);

  RUN_OK ("report", file, "--lang", lang, "--pdf", pdf);
  return cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
}

/* F3/F15: the plan rents one of Cloud A's machines; its whole offer of 2
 * nodes is only compared (10.7 days with migration, past the deadline).
 * The network between Cloud A's nodes bears on nothing signed: page 1,
 * the XML and the CLI's summary ask nothing about it and assume nothing
 * of it, in both languages. */
static void
test_one_machine_asks_no_network (void)
{
  g_auto(CpTestRun) summary = { 0 };
  g_autofree char *en = NULL, *zh = NULL, *xml = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_read37_lora ("network.cplan");
  en = page_one ("network.cplan", "en");
  cp_test_assert_has (en, "Rent:1machineof8×NVIDIAA80080GBSXM(1ofthe2offered).");
  cp_test_assert_lacks (en, "dedicatedorshared");
  cp_test_assert_lacks (en, "Howmanynetworkcards");
  cp_test_assert_lacks (en, "200Gb/sInfiniBand");
  zh = page_one ("network.cplan", "zh_CN");
  cp_test_assert_lacks (zh, "独享还是共享");
  cp_test_assert_lacks (zh, "几块网卡");
  cp_test_assert_lacks (zh, "200Gb/sInfiniBand");

  RUN_OK ("report", "network.cplan", "--lang", "en", "--xml", "network.xml");
  xml = cp_test_read_in (tmp_dir, "network.xml");
  cp_test_assert_lacks (xml, "kind=\"network-sharing\"");
  cp_test_assert_lacks (xml, "kind=\"fabric\"");

  CP_TEST_RUN_CLI (&summary, tmp_dir, "report", "network.cplan");
  g_assert_cmpint (summary.status, ==, 0);
  cp_test_assert_lacks (summary.out, "inter-node bandwidth");
}

/* F4, F6, F7 on page 1 and in the quotes table, in both languages:
 * - the storage left out, in the job's own figures: the default 1 TB
 *   (said assumed) for its calendar, 3.8 h of run + 2.0 h of
 *   debugging = 5.8 h (1 × 5.8 / 730 = 0.0079 TB-months, which it
 *   said before);
 * - neither quote dates its price and no start is set: Cloud A, whose
 *   price the amount holds, is asked how long it holds; with a start
 *   page 1 says "approve before the work starts" instead, and does not
 *   ask;
 * - Cloud A states neither billing step nor minimum term: both are the
 *   app's, "1 h · none (both assumed)", as Provider B's month. */
static void
test_page_one_assumptions (void)
{
  static const struct {
    const char *lang, *storage, *validity, *billing;
  } words[] = {
    { "en", "Not in the amount: storage (Cloud A: 1 TB (assumed) for 5.8 h), not counted: no quote prices storage (ask "
            "Cloud A for one)",
      "How long does the quoted price hold? No quote gives a date, and the amount to approve rests on it. Ask: Cloud A.",
      "1 h · none (both assumed)" },
    { "zh_CN", "存储（Cloud A：1 TB（假设），保留 5.8 小时），未计入：没有报价写明存储价格（请向 Cloud A 询价）",
      "报价的价格有效期到何时？报价均未写明日期，而申请金额以此价格为依据。询问：Cloud A。",
      "1 小时 · 无（均为假设）" },
  };

  if (cp_test_skip_without_poppler ())
    return;
  make_read37_lora ("assumed.cplan");
  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autofree char *first = page_one ("assumed.cplan", words[l].lang);
      g_autofree char *pdf = g_strdup_printf ("assumed.cplan-%s.pdf", words[l].lang);
      g_autofree char *all = cp_test_pdf_text (tmp_dir, pdf, 0, FALSE);

      cp_test_assert_has (first, words[l].storage);
      cp_test_assert_lacks (first, "TB-months");
      cp_test_assert_lacks (first, "TB·月");
      cp_test_assert_has (first, words[l].validity);
      cp_test_assert_has (all, words[l].billing);
      /* The 1-job memo stays on page 1, the report within 5 pages. */
      cp_test_assert_has (first, strcmp (words[l].lang, "en") == 0 ? "Prepared by" : "编制");
      g_assert_cmpuint (cp_test_pdf_page_count (tmp_dir, pdf), <=, 5);
    }

  RUN_OK ("report", "assumed.cplan", "--lang", "en", "--start", "2027-01-04", "--pdf", "assumed-start.pdf");
  {
    g_autofree char *first = cp_test_pdf_text (tmp_dir, "assumed-start.pdf", 1, FALSE);

    cp_test_assert_has (first, "Approve before the work starts on 4 January 2027; Cloud A’s quote does not say how long "
                               "its price holds.");
    cp_test_assert_lacks (first, "How long does the quoted price hold?");
  }
}

/* F2: the demo's conditions under the amount: one that stays within it
 * (G renting only its whole offer: the tops' 290,785 + C's 12,532 more
 * = 303,317 CNY, under the 290,785 × 1.1 = 319,864 to approve) names
 * that amount, not its own top + 10% (333,649); one past it (D's whole
 * offer: 290,785 − 243,989 + 307,930 = 354,726, + 10% = 390,199) names
 * the amount it needs. The XML validates. */
static void
test_within_amount_carries_the_amount (void)
{
  g_autofree char *raw = NULL, *xml = NULL;
  g_autoptr(GRegex) condition = g_regex_new ("<conditionkind=\"[a-z-]+\"(?:question=\"[0-9]+\")?(?:quote=\"[^\"]*\")?"
                                             "within-amount=\"(true|false)\">.*?<amount-to-approvecurrency=\"CNY\">"
                                             "([0-9]+)</amount-to-approve></condition>", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n_within = 0, n_past = 0;

  RUN_OK ("demo", "demo.cplan");
  RUN_OK ("report", "demo.cplan", "--lang", "en", "--xml", "demo.xml");
  cp_test_validate_report_xml (tmp_dir, "demo.xml");
  raw = cp_test_read_in (tmp_dir, "demo.xml");
  xml = cp_test_squeeze (raw);
  cp_test_assert_has (xml, "<amount-to-approvecurrency=\"CNY\">319864</amount-to-approve>");
  for (g_regex_match (condition, xml, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *within = g_match_info_fetch (match, 1);
      g_autofree char *amount = g_match_info_fetch (match, 2);

      if (strcmp (within, "true") == 0)
        {
          g_assert_cmpstr (amount, ==, "319864");
          n_within++;
        }
      else
        {
          g_assert_cmpint (atoi (amount), >, 319864);
          n_past++;
        }
    }
  g_assert_cmpuint (n_within, >=, 1);
  g_assert_cmpuint (n_past, >=, 1);
  cp_test_assert_has (xml, "<amount-to-approvecurrency=\"CNY\">390199</amount-to-approve>");
  cp_test_assert_lacks (xml, "333649");
}

/* read37 F15: the demo's CLI summary asked "Ask 示例供应商 G what
 * storage is offered" under the 70B fine-tune G wins and again under six
 * jobs it does not. A quote's storage kind is the quote's, not a job's:
 * asked once, under the first job that runs on G, the 70B fine-tune
 * (job 1 of 7). */
static void
test_storage_asked_once (void)
{
  g_auto(CpTestRun) summary = { 0 };
  const char *question = "Ask 示例供应商 G (Example vendor G) what storage is offered";
  const char *first, *second_job;

  RUN_OK ("demo", "storage.cplan");
  CP_TEST_RUN_CLI (&summary, tmp_dir, "report", "storage.cplan", "--lang", "en");
  g_assert_cmpint (summary.status, ==, 0);
  first = strstr (summary.out, question);
  g_assert_nonnull (first);
  g_assert_null (strstr (first + strlen (question), question));
  g_assert_true (g_str_has_prefix (summary.out, "70B 全参数微调 (70B full fine-tune): "));
  /* Under the first job: before the second job's line. */
  second_job = strstr (summary.out, "\n7B QLoRA 微调 (7B QLoRA fine-tune): ");
  g_assert_nonnull (second_job);
  g_assert_true (first < second_job);
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-five-minutes-XXXXXX");

  g_test_add_func ("/five-minutes/one-machine-no-network", test_one_machine_asks_no_network);
  g_test_add_func ("/five-minutes/page-one-assumptions", test_page_one_assumptions);
  g_test_add_func ("/five-minutes/within-amount", test_within_amount_carries_the_amount);
  g_test_add_func ("/five-minutes/storage-asked-once", test_storage_asked_once);

  return cp_test_run_then_remove (tmp_dir);
}
