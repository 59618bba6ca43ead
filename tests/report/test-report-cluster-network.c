/* test-report-cluster-network.c: a quote of several nodes whose network
 * nobody stated is a cluster on its GPU's common fabric, said assumed, not
 * as many unconnected machines (walk41b TOP 1, F1, F13, F19); a None the
 * user gives keeps them apart and says so; an offer's "A800 80G" is the
 * GPUs' memory, not a NIC rate (walk41b F4, F17). Projects made as a user
 * makes them (compute-planner-cli), read back from the file, the plan's
 * text and the PDF. */

#include "config.h"

#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "planner/cp-catalog.h"
#include "planner/cp-project.h"
#include "store/cp-quote-offer.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The walker's 14B continued pre-training: 30B tokens, 14 days. */
static void
make_cpt_project (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "14B CPT", "--model", "qwen2.5-14b", "--task", "pretrain", "--tokens", "30B",
          "--deadline-days", "14");
}

static CpQuote *
load_first_quote (const char *file)
{
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_project_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (project->quotes->len, >=, 1);
  return cp_quote_dup (g_ptr_array_index (project->quotes, 0));
}

/* Walk41b TOP 1: Cloud H800, "Container cluster", 4 nodes, 16 CNY a
 * GPU-hour, no network given. It is a cluster on the H800's common
 * fabric (the DGX H100's 8 × 400 Gb/s NDR InfiniBand, one NIC per GPU),
 * its sharing unknown, marked assumed; the plan weighs its 4 nodes and
 * the report shows them, says the network is assumed and asks the vendor. */
static void
test_unstated_network_assumed (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) plan = { 0 };
  g_autoptr(CpQuote) quote = NULL;
  g_autofree char *all = NULL;
  g_autofree char *laid_out = NULL;

  make_cpt_project ("cloud.cplan");
  CP_TEST_RUN_CLI (&run, tmp_dir, "add-quote", "cloud.cplan", "--vendor", "Cloud H800", "--offer", "8xH800 per hour",
                   "--gpu", "h800", "--nodes", "4", "--price-per-gpu-hour", "16", "--offering", "container-cluster");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Network not stated: assumed 8 × 400 Gb/s InfiniBand, common on NVIDIA H800 SXM "
                                     "80GB nodes; ask the vendor"));

  quote = load_first_quote ("cloud.cplan");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);
  g_assert_cmpint (quote->sharing, ==, CP_SHARING_UNKNOWN);
  g_assert_true (quote->fabric_assumed);

  /* R5 weighs the 4 nodes; R7 compares a cluster that was in the plan. */
  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", "cloud.cplan", "--job", "1");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "On 4 nodes of Cloud H800"));
  g_assert_null (strstr (plan.out, "with no network between them"));
  g_assert_nonnull (strstr (plan.out, "and no cluster costs less."));

  if (cp_test_skip_without_poppler ())
    return;
  RUN_OK ("report", "cloud.cplan", "--lang", "en", "--pdf", "cloud.pdf");
  all = cp_test_pdf_text (tmp_dir, "cloud.pdf", 0, FALSE);
  /* The whole offer, by hand: its 50.0 h run billed as 51 whole hours
   * on 4 × 8 GPUs is 1,632 GPU-hours, × 16 CNY = 26,112 CNY; debugging on
   * one machine, 108 h × 8 GPUs × 16 = 13,824; migration 7.5 working
   * days × 2 engineers × 2,000 = 30,000; 26,112 + 13,824 + 30,000 =
   * 69,936 CNY. */
  cp_test_assert_has (all, "Whole offer, 4 nodes:");
  cp_test_assert_has (all, "Its cost: 26,112 CNY for 1,632 GPU-hours of GPU time + 13,824 CNY for a debugging machine, "
                           "108 h + 30,000 CNY of migration engineering = 69,936 CNY.");
  /* The Quotes table, page 1's assumptions and the vendor's question. */
  cp_test_assert_has (all, "InfiniBand 8 × 400 Gb/s (assumed: common for NVIDIA H800 SXM 80GB servers)");
  cp_test_assert_has (all, "Assumed, not given: 8 × 400 Gb/s InfiniBand, common for NVIDIA H800 SXM 80GB servers "
                           "(Cloud H800).");
  /* Laid out: in reading order a bullet of the list breaks the line. */
  laid_out = cp_test_pdf_text (tmp_dir, "cloud.pdf", 1, TRUE);
  cp_test_assert_has (laid_out, "How many network cards does each node have, and at what rate? Assumed: 8 × 400 Gb/s "
                                "InfiniBand, common for NVIDIA H800 SXM 80GB servers. Ask: Cloud H800.");
  cp_test_assert_lacks (all, "with no network between them");
}

/* A None the user gives keeps the 4 machines apart: said when the quote
 * is added, in R5, and R7 claims no cluster comparison (walk41b F1: "no
 * cluster costs less" where none was tried). */
static void
test_stated_none_keeps_machines_apart (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_auto(CpTestRun) plan = { 0 };
  g_autoptr(CpQuote) quote = NULL;

  make_cpt_project ("apart.cplan");
  CP_TEST_RUN_CLI (&run, tmp_dir, "add-quote", "apart.cplan", "--vendor", "Cloud H800", "--gpu", "h800", "--nodes", "4",
                   "--price-per-gpu-hour", "16", "--network", "none");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "4 machines with no network between them: each is evaluated alone"));
  quote = load_first_quote ("apart.cplan");
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);
  g_assert_false (quote->fabric_assumed);
  /* No network, no cluster: the kind stays what was given. */
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);

  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", "apart.cplan", "--job", "1");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "offers 4 machines with no network between them"));
  g_assert_null (strstr (plan.out, "no cluster costs less"));
  g_assert_nonnull (strstr (plan.out, "No cluster was compared: no quote offers nodes with a network between them "
                                      "whose cards and rate are known."));
}

/* Development work beside a cluster whose network is stated: R4 keeps
 * the job on one machine, and R7 says so; "no quote offers nodes with a
 * network" contradicted the Quotes table of 4 InfiniBand nodes (read37
 * F8). */
static void
test_single_machine_work_beside_cluster (void)
{
  g_auto(CpTestRun) plan = { 0 };

  RUN_OK ("new", "dev.cplan");
  RUN_OK ("add-job", "dev.cplan", "--name", "14B debugging", "--model", "qwen2.5-14b", "--task", "debug");
  RUN_OK ("add-quote", "dev.cplan", "--vendor", "Cloud H800", "--gpu", "h800", "--nodes", "4",
          "--price-per-gpu-hour", "16", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");

  CP_TEST_RUN_CLI (&plan, tmp_dir, "plan", "dev.cplan", "--job", "1");
  g_assert_cmpint (plan.status, ==, 0);
  g_assert_nonnull (strstr (plan.out, "No cluster was compared: development and data processing run on one machine (R4)."));
  g_assert_null (strstr (plan.out, "no quote offers nodes with a network"));
}

/* An H20's builds vary too much to call one common: its 2 nodes stay
 * apart, said, and no cluster kind is given to machines without a
 * network. */
static void
test_no_common_build (void)
{
  g_auto(CpTestRun) run = { 0 };
  g_autoptr(CpQuote) quote = NULL;

  make_cpt_project ("h20.cplan");
  CP_TEST_RUN_CLI (&run, tmp_dir, "add-quote", "h20.cplan", "--vendor", "H20 box", "--gpu", "h20", "--nodes", "2",
                   "--price-per-gpu-hour", "8");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "2 machines with no network between them: each is evaluated alone"));
  quote = load_first_quote ("h20.cplan");
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);
  g_assert_cmpuint (quote->nics_per_node, ==, 0);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);
}

static void
set_gpu (CpQuote    *quote,
         const char *id)
{
  const CpGpuSpec *gpu = cp_catalog_find_gpu (cp_catalog_get_builtin (), id);

  g_assert_nonnull (gpu);
  cp_quote_set_gpu (quote, gpu);
}

/* The fabric assumed whole follows the GPU: an A800's build is 8 × 200
 * Gb/s InfiniBand (DGX A100), a 910B's 8 × 200GE RoCE (Atlas 800T A2);
 * an RTX 4090 has no common build, so the network is not stated again.
 * A quote of one node is given none. */
static void
test_assumed_network_follows_gpu (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuote) quote = cp_quote_new ();
  g_autoptr(CpQuote) before = NULL;
  gboolean nics_assumed, rate_assumed;

  set_gpu (quote, "h800");
  quote->gpus_per_node = 8;
  g_assert_false (cp_quote_offer_assume_network (quote));
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);

  quote->nodes_available = 4;
  g_assert_true (cp_quote_offer_assume_network (quote));
  g_assert_true (cp_quote_offer_network_assumed (project, quote));
  g_assert_true (cp_quote_offer_fabric_assumed (project, quote, &nics_assumed, &rate_assumed));
  g_assert_true (nics_assumed && rate_assumed);

  before = cp_quote_dup (quote);
  set_gpu (quote, "a800");
  cp_quote_offer_refit_fabric (project, quote, before);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);

  g_clear_pointer (&before, cp_quote_free);
  before = cp_quote_dup (quote);
  set_gpu (quote, "ascend-910b");
  cp_quote_offer_refit_fabric (project, quote, before);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_true (quote->fabric_assumed);

  g_clear_pointer (&before, cp_quote_free);
  before = cp_quote_dup (quote);
  set_gpu (quote, "rtx4090");
  cp_quote_offer_refit_fabric (project, quote, before);
  g_assert_true (cp_quote_network_unstated (quote));
  g_assert_false (quote->fabric_assumed);
  g_assert_true (cp_quote_is_separate_machines (quote));

  /* A None given over NICs already filled is stated: nothing assumed. */
  set_gpu (quote, "h800");
  quote->nics_per_node = 8;
  g_assert_false (cp_quote_offer_assume_network (quote));
}

/* Walk41b F4, F17: "4-node A800 80G RoCE" gave the RoCE cards 80 Gb/s, the
 * A800's 80 GB read as their rate, shown as the vendor's. The offer
 * names RoCE alone: the rate is the A800's common build, 200 Gb/s, and
 * said assumed. A rate that is one ("8 × H800 200G IB", "RoCE 8x400G")
 * stays read. */
static void
test_gpu_memory_is_no_nic_rate (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpQuote) quote = cp_quote_new ();
  g_autofree char *written = NULL;
  CpNetworkKind kind;
  guint nics = 0;
  double nic_gbps = -1;
  gboolean nics_assumed, rate_assumed;

  g_assert_true (cp_quote_offer_states_network (project, "4-node A800 80G RoCE", &kind, &nics, &nic_gbps, &written));
  /* Said back as written, where the form names a disagreement. */
  g_assert_cmpstr (written, ==, "4-node A800 80G RoCE");
  g_assert_cmpint (kind, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (nics, ==, 0);
  g_assert_cmpfloat (nic_gbps, ==, 0);
  g_clear_pointer (&written, g_free);

  g_assert_true (cp_quote_offer_states_network (project, "A800 80G, 8 × 200G RoCE", &kind, &nics, &nic_gbps, &written));
  g_assert_cmpuint (nics, ==, 8);
  g_assert_cmpfloat (nic_gbps, ==, 200);
  g_clear_pointer (&written, g_free);

  quote->offer_name = g_strdup ("4-node A800 80G RoCE");
  set_gpu (quote, "a800");
  quote->gpus_per_node = 8;
  quote->nodes_available = 4;
  g_assert_cmpint (cp_quote_offer_fill (project, quote, CP_QUOTE_OFFER_NETWORK | CP_QUOTE_OFFER_COMMON_FABRIC), ==,
                   CP_QUOTE_OFFER_NETWORK);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_true (cp_quote_offer_fabric_assumed (project, quote, &nics_assumed, &rate_assumed));
  g_assert_true (nics_assumed);
  g_assert_true (rate_assumed);
  /* The offer named RoCE: the kind is the vendor's, not assumed. */
  g_assert_false (cp_quote_offer_network_assumed (project, quote));
}

int
main (int    argc,
      char **argv)
{
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-cluster-network-XXXXXX");

  g_test_add_func ("/cluster-network/unstated-assumed", test_unstated_network_assumed);
  g_test_add_func ("/cluster-network/stated-none-apart", test_stated_none_keeps_machines_apart);
  g_test_add_func ("/cluster-network/no-common-build", test_no_common_build);
  g_test_add_func ("/cluster-network/single-machine-work", test_single_machine_work_beside_cluster);
  g_test_add_func ("/cluster-network/follows-gpu", test_assumed_network_follows_gpu);
  g_test_add_func ("/cluster-network/gpu-memory-no-rate", test_gpu_memory_is_no_nic_rate);

  return cp_test_run_then_remove (tmp_dir);
}
