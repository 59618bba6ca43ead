/* test-report-five-minutes.c: page 1 as an approver with five minutes
 * read it (read37, issue 22), on the tester's one-job project: a 13B LoRA
 * on 300M tokens within 3 days, Cloud A's 2 nodes of 8 × A800 at 18 CNY a
 * GPU-hour (no network, offering kind or terms given) beside Provider
 * B's one Ascend 910B2 machine at 30,000 CNY a month. Made as a user
 * makes it (compute-planner-cli); read from the PDF, the XML and the
 * CLI's summary. */

#include "config.h"

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

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-five-minutes-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/five-minutes/one-machine-no-network", test_one_machine_asks_no_network);

  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
