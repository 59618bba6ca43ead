/* test-report-memo-ask.c: the vendor question an approver relies on to
 * sign (walk42 F20, 6 December): "can part of the offer be rented
 * alone?" must name every offer rented in part whose answer page 1
 * depends on, a vendor's two offers each, and the report read back
 * from its XML in both languages.
 *
 * One vendor, 华南智算, offers two clusters priced per node-month (their
 * billing stated, so only the partial rental is open): 2 nodes of
 * 8 × A800 at 60,000 CNY and 4 nodes of 8 × H800 at 70,000 CNY. A 7B
 * LoRA on 100M tokens runs on one machine of either: 1 of 2 nodes for
 * 60,000 CNY, recommended, and 1 of 4 for 70,000, the next best. Both
 * rest on renting part of an offer; before, the vendor was asked once,
 * of its first offer, and the H800's 1 of 4 left out. A one-machine
 * offer, rented whole, is asked only how it bills. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "report-cli-projects.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

static void
make_one_vendor_two_offers (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "7B LoRA", "--model", "llama-2-7b", "--task", "lora",
          "--tokens", "100M", "--deadline-days", "14");
  RUN_OK ("add-quote", file, "--vendor", "华南智算", "--offer", "A800 cluster", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", "60000", "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "200");
  RUN_OK ("add-quote", file, "--vendor", "华南智算", "--offer", "H800 cluster", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "70000", "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "400");
}

/* The XML report of project @stem (“@stem.cplan”) in @lang, read back. */
static char *
report_xml (const char *stem,
            const char *lang)
{
  g_autofree char *cplan = g_strdup_printf ("%s.cplan", stem);
  g_autofree char *name = g_strdup_printf ("%s-%s.xml", stem, lang);
  char *xml = NULL;

  RUN_OK ("report", cplan, "--lang", lang, "--xml", name);
  xml = cp_test_read_in (tmp_dir, name);
  g_assert_nonnull (xml);
  return xml;
}

static void
test_both_offers_asked (void)
{
  static const struct {
    const char *lang, *ask;
  } words[] = {
    { "en", "Can part of the offer be rented alone, on the same terms? Ask: "
            "华南智算 about its offer “A800 cluster” (1 of 2 nodes) and 华南智算 about its offer “H800 cluster” (1 of 4 nodes)." },
    { "zh_CN", "能否按同样条件只租报价中的一部分节点？询问：华南智算，就其报价“A800 cluster”（共 2 个节点中的 1 个）和"
               "华南智算，就其报价“H800 cluster”（共 4 个节点中的 1 个）。" },
  };

  make_one_vendor_two_offers ("ask.cplan");
  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autofree char *xml = report_xml ("ask", words[l].lang);

      /* The recommendation at 1 node × 60,000 and the next best at
       * 1 node × 70,000, each billed its month as its price states. */
      g_assert_nonnull (strstr (xml, "rank=\"1\" feasible=\"true\">"));
      g_assert_cmpfloat (report_xml_number_after (xml, "rank=\"1\" feasible", "<total-cost"), ==, 1 * 60000);
      g_assert_cmpfloat (report_xml_number_after (xml, "rank=\"2\" feasible", "<total-cost"), ==, 1 * 70000);
      g_assert_nonnull (strstr (xml, words[l].ask));
    }
}

/* A one-machine offer cannot be rented in part: GPU cloud, 8 × A100 at
 * 9.8 CNY per GPU-hour with no term stated, is recommended (its few
 * hours cost far below a month of either cluster) and asked only how it
 * bills; the A800 cluster, next best at 1 of its 2 nodes, is asked
 * whether that part rents alone (walk42 F20: "… Local IDC (1 of 2
 * nodes) and GPU cloud" asked the one machine of a partial rental). */
static void
test_whole_offer_asked_billing_only (void)
{
  static const struct {
    const char *lang, *ask;
  } words[] = {
    { "en", "Can part of the offer be rented alone, on the same terms? Ask: 华南智算 about its offer “A800 cluster” (1 of 2 nodes). "
            "How is it billed, and is there a minimum term? Ask: GPU cloud." },
    { "zh_CN", "能否按同样条件只租报价中的一部分节点？询问：华南智算，就其报价“A800 cluster”（共 2 个节点中的 1 个）。"
               "如何计费？是否有最短租期？询问：GPU cloud。" },
  };

  make_one_vendor_two_offers ("mixed.cplan");
  RUN_OK ("add-quote", "mixed.cplan", "--vendor", "GPU cloud", "--offer", "8x A100", "--gpu", "a100-80g",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "9.8");
  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autofree char *xml = report_xml ("mixed", words[l].lang);

      g_assert_cmpfloat (report_xml_number_after (xml, "rank=\"1\" feasible", "<total-cost"), <, 60000);
      g_assert_cmpfloat (report_xml_number_after (xml, "rank=\"2\" feasible", "<total-cost"), ==, 1 * 60000);
      g_assert_nonnull (strstr (xml, words[l].ask));
      /* The one machine is never asked about part of its offer. */
      g_assert_null (strstr (xml, "nodes) and GPU cloud"));
      g_assert_null (strstr (xml, "个）和 GPU cloud"));
    }
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-memo-ask-XXXXXX");

  g_test_add_func ("/report-memo-ask/both-offers", test_both_offers_asked);
  g_test_add_func ("/report-memo-ask/whole-offer-billing-only", test_whole_offer_asked_billing_only);

  return cp_test_run_then_remove (tmp_dir);
}
