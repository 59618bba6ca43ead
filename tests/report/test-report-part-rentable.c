/* test-report-part-rentable.c: the vendor's answer to "can part of the
 * offer be rented alone?" recorded on the quote closes its question
 * (issue 22). Projects made and reported as a user makes them
 * (compute-planner-cli), page 1 read back with pdftotext, the XML
 * validated against its schema, in both languages.
 *
 * The project: Qwen2.5-7B served to 4 concurrent requests for 0.5 day
 * (12 h), which one machine of 8 GPUs serves (no debugging: a service
 * has none; no migration: its replicas stay within a node); quotes:
 *   CloudA H800: 4 nodes × 8 GPUs at 15 CNY per GPU-hour, billed by the
 *                hour, network, storage and support included;
 *   VMC A100:    1 node × 8 GPUs at 30 CNY per GPU-hour, the same terms.
 * By hand, prices with VAT and nothing else charged:
 *   CloudA, 1 of its nodes: 1 × 8 × 15 × 12 = 1,440 CNY;
 *   CloudA, the whole offer: 4 × 8 × 15 × 12 = 5,760 CNY;
 *   VMC:                     1 × 8 × 30 × 12 = 2,880 CNY.
 */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The project above in @file, CloudA's answer @answer (NULL: as added,
 * not asked) given with edit-quote. */
static void
make_project (const char *file,
              const char *answer)
{
  RUN_OK ("new", file, "--name", "Part rental", "--start", "2027-03-01");
  RUN_OK ("add-job", file, "--name", "Serve", "--model", "qwen2.5-7b", "--task", "inference", "--duration-days", "0.5",
          "--concurrency", "4", "--team-stated", "--ops-engineer");
  RUN_OK ("add-quote", file, "--vendor", "CloudA", "--offer", "H800", "--gpu", "h800", "--nodes", "4",
          "--price-per-gpu-hour", "15", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400", "--dedicated",
          "--billing-granularity-hours", "1", "--network-fee-per-node-month", "included",
          "--storage-price-per-tb-month", "included", "--storage", "parallel-fs", "--ops-support-per-month", "included");
  RUN_OK ("add-quote", file, "--vendor", "VMC", "--offer", "A100", "--gpu", "a100-80g", "--nodes", "1",
          "--price-per-gpu-hour", "30", "--billing-granularity-hours", "1", "--network-fee-per-node-month", "included",
          "--storage-price-per-tb-month", "included", "--storage", "parallel-fs", "--ops-support-per-month", "included");
  if (answer != NULL)
    RUN_OK ("edit-quote", file, "quote-1", "--part-rentable", answer);
}

/* The plan's table row of @vendor, squeezed: "1CloudA—H8001Yes…1,440CNY". */
static void
assert_plan_row (const char *file,
                 const char *recommended,
                 const char *cloud_a_row)
{
  CpTestRun plan = { 0 };
  g_autofree char *out = NULL;

  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", file);
  g_assert_cmpint (plan.status, ==, 0);
  out = cp_test_squeeze (plan.out);
  cp_test_assert_has (out, recommended);
  cp_test_assert_has (out, cloud_a_row);
  cp_test_run_clear (&plan);
}

/* make_project() with an @answer that lets CloudA rent 1 of its 4
 * machines alone (not asked, or yes): its one machine is recommended at
 * 1,440 CNY, checked in the plan. */
static void
make_cloud_a_cheapest (const char *file,
                       const char *answer)
{
  make_project (file, answer);
  assert_plan_row (file, "Recommended: CloudA — H800", "1 CloudA — H800 1 Yes Serves 4 of 4 None needed 0.5 0.5 1,440 CNY");
}

/* Page 1 of @file's report in @lang, and its XML, validated, squeezed. */
static void
report (const char  *file,
        const char  *lang,
        char       **page1,
        char       **xml)
{
  g_autofree char *pdf = g_strdup_printf ("%s-%s.pdf", file, lang);
  g_autofree char *xml_name = g_strdup_printf ("%s-%s.xml", file, lang);
  g_autofree char *raw = NULL;

  RUN_OK ("report", file, "--lang", lang, "--pdf", pdf, "--xml", xml_name);
  cp_test_validate_report_xml (tmp_dir, xml_name);
  *page1 = cp_test_pdf_text (tmp_dir, pdf, 1, FALSE);
  raw = cp_test_read_in (tmp_dir, xml_name);
  *xml = cp_test_squeeze (raw);
}

/* Not asked (as every quote was before it could be recorded): CloudA's
 * one machine wins at 1,440 CNY, and the approval rests on renting it
 * alone: the condition, the question and, with the whole offer at 5,760
 * CNY, VMC's 2,880 CNY as the amount if CloudA rents only whole. */
static void
test_not_asked (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  make_cloud_a_cheapest ("asked.cplan", NULL);
  for (guint l = 0; l < 2; l++)
    {
      g_autofree char *page1 = NULL, *xml = NULL;

      report ("asked.cplan", l == 0 ? "en" : "zh_CN", &page1, &xml);
      if (l == 0)
        {
          cp_test_assert_has (page1, "For: 1,440 CNY in total");
          cp_test_assert_has (page1, "or rents only the whole offer of 4 machines: VMC at 2,880 CNY.");
          cp_test_assert_has (page1, "CloudA rents 1 of its 4 machines alone.");
          cp_test_assert_has (page1, "can part of the offer be rented alone");
        }
      else
        {
          cp_test_assert_has (page1, "或只整体出租全部 4 台机器：改为 VMC，费用 ¥2,880。");
          cp_test_assert_has (page1, "CloudA 单独出租其 4 台机器中的 1 台");
        }
      cp_test_assert_has (xml, "<part-rentable>not-asked</part-rentable>");
      cp_test_assert_has (xml, "part-of-offer");
    }
}

/* Yes: the same 1,440 CNY, now firm on the part: no condition, no
 * question of renting part, no whole-offer amount, in the PDF or the
 * XML. */
static void
test_yes (void)
{
  if (cp_test_skip_without_poppler ())
    return;
  make_cloud_a_cheapest ("yes.cplan", "yes");
  for (guint l = 0; l < 2; l++)
    {
      g_autofree char *page1 = NULL, *xml = NULL;

      report ("yes.cplan", l == 0 ? "en" : "zh_CN", &page1, &xml);
      if (l == 0)
        {
          cp_test_assert_has (page1, "For: 1,440 CNY in total");
          cp_test_assert_lacks (page1, "whole offer");
          cp_test_assert_lacks (page1, "machines alone");
          cp_test_assert_lacks (page1, "rented alone");
        }
      else
        {
          cp_test_assert_lacks (page1, "只整体出租");
          cp_test_assert_lacks (page1, "单独出租");
        }
      cp_test_assert_has (xml, "<part-rentable>yes</part-rentable>");
      cp_test_assert_lacks (xml, "part-of-offer");
    }
  /* The answer goes through the XML: imported into a new project, its
   * report says yes again. */
  {
    g_autofree char *raw = NULL, *xml = NULL;

    RUN_OK ("new", "yes-imported.cplan");
    RUN_OK ("import-xml", "yes-imported.cplan", "yes.cplan-en.xml");
    RUN_OK ("report", "yes-imported.cplan", "--xml", "yes-imported.xml");
    raw = cp_test_read_in (tmp_dir, "yes-imported.xml");
    xml = cp_test_squeeze (raw);
    cp_test_assert_has (xml, "<part-rentable>yes</part-rentable>");
    cp_test_assert_lacks (xml, "part-of-offer");
  }
}

/* No: every option of CloudA pays for its whole offer, 5,760 CNY, and VMC
 * wins at 2,880 CNY; nothing is left to ask about the part. With VMC at
 * 100 CNY per GPU-hour (1 × 8 × 100 × 12 = 9,600 CNY) CloudA wins at its
 * whole offer, and page 1 rents and bills all four machines:
 * 15 × 32 GPUs × 12 h = 5,760 CNY. */
static void
test_no (void)
{
  g_autofree char *page1 = NULL, *xml = NULL, *page1_zh = NULL, *xml_zh = NULL;

  if (cp_test_skip_without_poppler ())
    return;
  make_project ("no.cplan", "no");
  assert_plan_row ("no.cplan", "Recommended: VMC — A100", "2 CloudA — H800 1 Yes Serves 4 of 4 None needed 0.5 0.5 5,760 CNY");
  report ("no.cplan", "en", &page1, &xml);
  cp_test_assert_has (page1, "For: 2,880 CNY in total");
  cp_test_assert_lacks (page1, "rented alone");
  cp_test_assert_lacks (page1, "machines alone");
  cp_test_assert_has (xml, "<part-rentable>no</part-rentable>");
  cp_test_assert_lacks (xml, "part-of-offer");
  g_clear_pointer (&page1, g_free);
  g_clear_pointer (&xml, g_free);

  RUN_OK ("edit-quote", "no.cplan", "quote-2", "--price-per-gpu-hour", "100");
  assert_plan_row ("no.cplan", "Recommended: CloudA — H800", "1 CloudA — H800 1 Yes Serves 4 of 4 None needed 0.5 0.5 5,760 CNY");
  /* The plan says the whole offer is rented, as page 1 does (walk37b N2). */
  assert_plan_row ("no.cplan", "Rents all 4 machines offered (32 GPUs), as its vendor rents only the whole offer; the job "
                   "runs on 1", "1 CloudA — H800 1 Yes Serves 4 of 4 None needed 0.5 0.5 5,760 CNY");
  report ("no.cplan", "en", &page1, &xml);
  cp_test_assert_has (page1, "Rent: all 4 machines offered, 8 × NVIDIA H800 SXM 80GB each (32 GPUs), as its vendor rents "
                      "only the whole offer; the job runs on 1.");
  cp_test_assert_has (page1, "Billed: 15.00 CNY per GPU-hour × 32 GPUs × 12 h = 5,760 CNY");
  cp_test_assert_lacks (page1, "machines alone");
  report ("no.cplan", "zh_CN", &page1_zh, &xml_zh);
  cp_test_assert_has (page1_zh, "报价的全部 4 台机器，每台 8 × NVIDIA H800 SXM 80GB（共 32 块 GPU），因供应商只整体出租");
  cp_test_assert_has (page1_zh, "× 32 块 GPU × 12 小时 = ¥5,760");
}

/* A wrong answer is refused, naming the option and its choices, and the
 * quote keeps what it had. */
static void
test_bad_answer (void)
{
  CpTestRun run = { 0 };
  g_autofree char *xml = NULL, *raw = NULL;

  make_project ("bad.cplan", "yes");
  CP_TEST_RUN_CLI (&run, tmp_dir, "edit-quote", "bad.cplan", "quote-1", "--part-rentable", "maybe");
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "--part-rentable"));
  g_assert_nonnull (strstr (run.err, "yes, no, not-asked"));
  cp_test_run_clear (&run);
  RUN_OK ("report", "bad.cplan", "--xml", "bad.xml");
  raw = cp_test_read_in (tmp_dir, "bad.xml");
  xml = cp_test_squeeze (raw);
  cp_test_assert_has (xml, "<part-rentable>yes</part-rentable>");
}

int
main (int argc, char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-part-rentable-XXXXXX");
  g_test_add_func ("/part-rentable/not-asked", test_not_asked);
  g_test_add_func ("/part-rentable/yes", test_yes);
  g_test_add_func ("/part-rentable/no", test_no);
  g_test_add_func ("/part-rentable/bad-answer", test_bad_answer);
  return cp_test_run_then_remove (tmp_dir);
}
