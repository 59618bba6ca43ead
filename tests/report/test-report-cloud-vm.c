/* test-report-cloud-vm.c: a public cloud's VMs rented by the hour
 * (云主机（按量）) are a kind of offer of their own, not a "Container
 * cluster" (walk40 F4): in the file, on the command line, from a quote
 * sheet's kind column and an offer's name, and in the report's words in
 * both languages; taxed as a service (6%), run by the cloud. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "planner/cp-project.h"
#include "store/cp-quote-offer.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

static CpProject *
load (const char *file)
{
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  g_autoptr(GError) error = NULL;
  CpProject *project = cp_project_load_file (path, &error);

  g_assert_no_error (error);
  return project;
}

/* add-quote --offering cloud-vm: kept as given on 2 VMs (they were made a
 * "Container cluster"), read back from the file, worded in the report's
 * Quotes table in English and Chinese. A service's VAT: 6% (cloud
 * computing is a modern service under 财税〔2016〕36号), not a lease's
 * 13%; the cloud runs the machines, so R8 asks no operations engineer
 * of the team for them. */
static void
test_cloud_vm_quote (void)
{
  g_autoptr(CpProject) project = NULL;
  const CpQuote *quote;
  g_autofree char *en = NULL, *zh = NULL, *bare = NULL;

  RUN_OK ("new", "vm.cplan");
  RUN_OK ("add-job", "vm.cplan", "--name", "7B LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--tokens", "200M");
  RUN_OK ("add-quote", "vm.cplan", "--vendor", "Cloud H800", "--gpu", "h800", "--nodes", "2", "--price-per-gpu-hour",
          "16", "--offering", "cloud-vm");
  project = load ("vm.cplan");
  quote = g_ptr_array_index (project->quotes, 0);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
  g_assert_cmpstr (cp_offering_kind_to_string (quote->offering), ==, "cloud-vm");
  g_assert_cmpfloat_with_epsilon (cp_quote_vat_rate (quote, &project->settings), 0.06, 1e-12);
  g_assert_false (cp_quote_team_runs_machines (quote));

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("report", "vm.cplan", "--lang", "en", "--pdf", "vm-en.pdf");
  RUN_OK ("report", "vm.cplan", "--lang", "zh_CN", "--pdf", "vm-zh.pdf");
  en = cp_test_pdf_text (tmp_dir, "vm-en.pdf", 0, FALSE);
  zh = cp_test_pdf_text (tmp_dir, "vm-zh.pdf", 0, FALSE);
  cp_test_assert_has (en, "Cloud VM, per hour");
  cp_test_assert_lacks (en, "Container cluster");
  cp_test_assert_has (zh, "云主机（按量）");
  cp_test_assert_lacks (zh, "容器集群");

  /* Walk42 F30: the same offer filed as a bare-metal cluster, for want of
   * its own kind, was taxed as a lease, 13%, and asked the team for an
   * operations engineer to run bare metal. */
  cp_test_assert_has (en, "taken as 6%, included (Cloud H800)");
  cp_test_assert_lacks (en, "to run the bare metal recommended");
  RUN_OK ("edit-quote", "vm.cplan", "quote-1", "--offering", "bare-metal-cluster");
  RUN_OK ("report", "vm.cplan", "--lang", "en", "--pdf", "vm-bare.pdf");
  bare = cp_test_pdf_text (tmp_dir, "vm-bare.pdf", 0, FALSE);
  cp_test_assert_has (bare, "taken as 13%, included (Cloud H800)");
  cp_test_assert_has (bare, "to run the bare metal recommended");
}

/* A vendor sheet's kind column as a Chinese cloud writes it, and an offer
 * name that says VMs. */
static void
test_cloud_vm_read (void)
{
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpProject) empty = cp_project_new ();
  g_autoptr(CpQuote) quote = cp_quote_new ();
  g_autofree char *csv = g_build_filename (tmp_dir, "vm.csv", NULL);
  const char *sheet = "供应商,GPU型号,配置,节点数量,产品形态,价格（含税）,计费方式\n"
                      "示例云 C,NVIDIA H800 SXM5,8卡,1,云主机（按量）,16元,卡时\n";

  g_assert_true (g_file_set_contents (csv, sheet, -1, NULL));
  RUN_OK ("new", "sheet.cplan");
  RUN_OK ("import-quotes", "sheet.cplan", "vm.csv");
  project = load ("sheet.cplan");
  g_assert_cmpuint (project->quotes->len, ==, 1);
  g_assert_cmpint (((CpQuote *) g_ptr_array_index (project->quotes, 0))->offering, ==, CP_OFFERING_CLOUD_VM);

  quote->offer_name = g_strdup ("GPU云主机 8卡H800 按量");
  g_assert_cmpint (cp_quote_offer_fill (empty, quote, CP_QUOTE_OFFER_OFFERING), ==, CP_QUOTE_OFFER_OFFERING);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
  g_free (quote->offer_name);
  quote->offer_name = g_strdup ("H800 VMs, per hour");
  quote->offering = CP_OFFERING_BARE_METAL;
  cp_quote_offer_fill (empty, quote, CP_QUOTE_OFFER_OFFERING);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cloud-vm-XXXXXX");

  g_test_add_func ("/cloud-vm/quote", test_cloud_vm_quote);
  g_test_add_func ("/cloud-vm/read", test_cloud_vm_read);

  return cp_test_run_then_remove (tmp_dir);
}
