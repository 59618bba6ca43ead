/* test-what-if.c: "what would change it" names what the planner would
 * then recommend, not merely an option that would do.
 */
#include <math.h>

#include "planner/cp-plan.h"
#include "planner/cp-what-if.h"
#include "store/cp-demo.h"
#include "common/cp-test-demo.h"

/* Approver 21's project: a 70B full fine-tune that one rented H800
 * machine finishes with CPU offload in about 5 days, beside a 2-node H800
 * cluster on a monthly minimum and a 4-node A800 cluster by the hour. */
static const char approver_project[] =
  "[project]\n"
  "name=What-if\n"
  "currency=CNY\n"
  "[quote single]\n"
  "vendor=Shenzhen Cloud A\n"
  "gpu=h800\n"
  "gpus-per-node=8\n"
  "nodes-available=1\n"
  "network=none\n"
  "price-unit=gpu-hour\n"
  "price=11.5\n"
  "[quote two]\n"
  "vendor=Pengcheng B\n"
  "gpu=h800\n"
  "gpus-per-node=8\n"
  "nodes-available=2\n"
  "network=infiniband\n"
  "nics-per-node=8\n"
  "nic-gbps=400\n"
  "sharing=dedicated\n"
  "price-unit=node-month\n"
  "price=62000\n"
  "billing-granularity-h=730\n"
  "minimum-term-h=730\n"
  "setup-fee=5000\n"
  "[quote four]\n"
  "vendor=Nanshan C\n"
  "gpu=a800\n"
  "gpus-per-node=8\n"
  "nodes-available=4\n"
  "network=roce\n"
  "nics-per-node=4\n"
  "nic-gbps=200\n"
  "sharing=shared\n"
  "price-unit=gpu-hour\n"
  "price=7.2\n"
  "storage-price-per-tb-month=800\n"
  "[job ft70b]\n"
  "name=70B full fine-tune\n"
  "kind=full-finetune\n"
  "model=llama-3.1-70b\n"
  "tokens=2B\n"
  "deadline-days=30\n"
  "storage-tb=20\n"
  "team-stated=true\n"
  "team-has-distributed-experience=true\n";

/* walk41b's 14B continued pre-training (30B tokens, 14 days): one
 * rented H800 machine by the hour, and Shenzhen's H800 InfiniBand
 * cluster of 4 nodes at 78,000 CNY a node-month, one month at least. The
 * job does not describe the team (the form's default). */
static const char walker_project[] =
  "[project]\n"
  "name=Walker 41b\n"
  "currency=CNY\n"
  "[quote cloud]\n"
  "vendor=Cloud H800\n"
  "offer-name=8xH800 per hour\n"
  "offering=container-cluster\n"
  "gpu=h800\n"
  "gpus-per-node=8\n"
  "nodes-available=1\n"
  "network=none\n"
  "price-unit=gpu-hour\n"
  "price=16\n"
  "[quote shenzhen]\n"
  "vendor=Shenzhen\n"
  "offering=bare-metal-cluster\n"
  "gpu=h800\n"
  "gpus-per-node=8\n"
  "nodes-available=4\n"
  "network=infiniband\n"
  "nics-per-node=8\n"
  "nic-gbps=400\n"
  "price-unit=node-month\n"
  "price=78000\n"
  "minimum-term-h=730\n"
  "[job cpt]\n"
  "name=CPT 14B 30B tokens\n"
  "kind=pretrain\n"
  "model=qwen2.5-14b\n"
  "tokens=30B\n"
  "deadline-days=14\n"
  "storage-tb=20\n";

static const CpWhatIf *
find_item (GArray       *items,
           CpWhatIfKind  kind)
{
  for (guint i = 0; i < items->len; i++)
    if (g_array_index (items, CpWhatIf, i).kind == kind)
      return &g_array_index (items, CpWhatIf, i);
  return NULL;
}

/* The cluster named for a shorter deadline is the cheapest of the plan's
 * clusters that finish before the single machine does, each at its
 * planned size or its whole offer: the one a user who shortened the
 * deadline would be told to rent. */
static void
assert_shorter_deadline_names_cheapest_cluster (const CpProject *project,
                                                guint            job_index,
                                                gboolean         must_have_item)
{
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index);
  g_autoptr(GArray) items = cp_what_if_new (project, job_index, plan);
  const CpWhatIf *item = find_item (items, CP_WHAT_IF_SHORTER_DEADLINE);
  double cheapest_cny = INFINITY;
  int cheapest_quote = -1;

  if (item == NULL)
    {
      g_assert_false (must_have_item);
      return;
    }
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *layouts[] = { &option->estimate, option->has_full_offer ? &option->full_offer : NULL };

      for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
        if (layouts[l] != NULL && layouts[l]->nodes > 1 && layouts[l]->fits &&
            layouts[l]->calendar_days < item->value && layouts[l]->total_cost < cheapest_cny)
          {
            cheapest_cny = layouts[l]->total_cost;
            cheapest_quote = option->quote_index;
          }
    }
  g_assert_cmpint (item->quote_index, ==, cheapest_quote);
  g_assert_cmpfloat (item->estimate.calendar_days, <, item->value);
  g_assert_cmpuint (item->estimate.nodes, >, 1);
}

static void
test_shorter_deadline_names_planners_cluster (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_from_data (approver_project, sizeof approver_project - 1, &error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(GArray) items = NULL;
  const CpWhatIf *item;
  const CpQuote *named;

  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  items = cp_what_if_new (project, 0, plan);
  g_assert_cmpint (plan->recommended, >=, 0);
  g_assert_cmpuint (g_array_index (plan->options, CpOption, plan->recommended).estimate.nodes, ==, 1);

  /* The cluster named is the cheapest that finishes before the single
   * H800 machine (3.3 days of run + 35/65 of it debugging, 5.1 days),
   * not merely the fastest. Debugging is taken of the run on one machine
   * (cp-estimate-cost.c), so the 4-node A800 cluster, whose run is 4 ×
   * 2.2 = 8.9 A800 node-days, debugs 35/65 × 8.9 = 4.8 days on one A800
   * machine and finishes in 7.0 days, after the single machine; while
   * debugging shrank with the split run it finished first and was named.
   * Pengcheng B's 2 H800 nodes, 2 × 2.0 node-days, debug 2.2 days and
   * finish in 4.2: the one cluster a shorter deadline gets. */
  item = find_item (items, CP_WHAT_IF_SHORTER_DEADLINE);
  g_assert_nonnull (item);
  named = g_ptr_array_index (project->quotes, item->quote_index);
  g_assert_cmpstr (named->vendor, ==, "Pengcheng B");
  g_assert_cmpuint (item->estimate.nodes, ==, 2);
  g_assert_cmpfloat (fabs (item->estimate.debug_days - item->estimate.run_days * 2 * 0.35 / 0.65), <, 1e-9);
  assert_shorter_deadline_names_cheapest_cluster (project, 0, TRUE);
}

static void
test_shorter_deadline_over_demo (void)
{
  g_autoptr(CpProject) demo = cp_test_demo_project ();

  for (guint j = 0; j < demo->jobs->len; j++)
    assert_shorter_deadline_names_cheapest_cluster (demo, j, FALSE);
}

/* walk41b TOP 3: the assumed team (no distributed training, R8) adds
 * 10.5 days of moving to every cluster, so every cluster misses the
 * 14-day deadline, while the single machine recommended misses it at the
 * slow end of its range. What would change it says so, with the
 * assumption's weight, and names the cluster an experienced team would
 * finish in time on, as the planner plans it for that team. */
static void
test_assumed_team_meets_deadline (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_from_data (walker_project, sizeof walker_project - 1, &error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(GArray) items = NULL;
  const CpOption *best, *shenzhen = NULL;
  const CpWhatIf *item;
  const CpQuote *named;
  double run_days, debug_days;

  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  items = cp_what_if_new (project, 0, plan);
  g_assert_cmpint (plan->recommended, >=, 0);
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  /* The walker's verdict: one Cloud H800 machine, 12.6 days of 14,
   * 16.2 at the slow end. */
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (project->quotes, best->quote_index))->vendor, ==, "Cloud H800");
  g_assert_cmpuint (best->estimate.nodes, ==, 1);
  g_assert_true (best->estimate.meets_deadline);
  g_assert_cmpfloat (best->range.calendar_days_high, >, 14.0);

  item = find_item (items, CP_WHAT_IF_TEAM_MEETS_DEADLINE);
  g_assert_nonnull (item);
  g_assert_null (find_item (items, CP_WHAT_IF_TEAM_EXPERIENCE));
  named = g_ptr_array_index (project->quotes, item->quote_index);
  g_assert_cmpstr (named->vendor, ==, "Shenzhen");
  g_assert_true (item->team_assumed);
  g_assert_cmpfloat (item->value, ==, 14.0);
  /* The assumption's weight: R8's 10.5 days, and their engineering, 2
   * engineers at 2,000 CNY a working day for 10.5 × 5/7 = 7.5 working
   * days: 7.5 × 2 × 2,000 = 30,000 CNY. */
  g_assert_cmpfloat (item->migration_days, ==, 10.5);
  g_assert_cmpfloat (fabs (item->migration_cost - 30000), <, 1e-6);
  /* The cheapest count of Shenzhen's that holds at the slow end for a
   * team with experience: 2 of its 4 nodes, billed a month each (the
   * minimum term): 2 × 78,000 = 156,000 CNY. */
  g_assert_cmpuint (item->estimate.nodes, ==, 2);
  g_assert_cmpuint (item->estimate.gpus, ==, 16);
  g_assert_cmpfloat (item->estimate.total_cost, ==, 2 * 78000.0);
  /* No migration counted for that team: the calendar is the run and
   * debugging on one machine of it, 35/65 of the run's 2 node-runs. */
  run_days = item->estimate.run_days;
  debug_days = run_days * 2 * 0.35 / 0.65;
  g_assert_cmpfloat (item->estimate.migration_days, ==, 0);
  g_assert_cmpfloat (fabs (item->estimate.debug_days - debug_days), <, 1e-9);
  g_assert_cmpfloat (fabs (item->estimate.calendar_days - (run_days + debug_days)), <, 1e-9);
  g_assert_cmpfloat (item->estimate_slow_days, <=, 14.0);
  g_assert_cmpfloat (item->estimate_slow_days, >=, item->estimate.calendar_days);

  /* And it is the assumption alone that keeps every cluster out: the
   * same 2 nodes for a team new to it take those 10.5 days more, past
   * the deadline; so does Shenzhen's whole offer, which the plan shows
   * beside its one machine, and which would meet it without them. */
  g_assert_cmpfloat (item->estimate.calendar_days + 10.5, >, 14.0);
  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).quote_index == item->quote_index)
      shenzhen = &g_array_index (plan->options, CpOption, i);
  g_assert_nonnull (shenzhen);
  g_assert_cmpuint (shenzhen->estimate.nodes, ==, 1);
  g_assert_true (shenzhen->has_full_offer);
  g_assert_cmpuint (shenzhen->full_offer.nodes, ==, 4);
  g_assert_cmpfloat (shenzhen->full_offer.migration_days, ==, 10.5);
  g_assert_false (shenzhen->full_offer.meets_deadline);
  g_assert_cmpfloat (shenzhen->full_offer.calendar_days - 10.5, <=, 14.0);

  /* A team the job says is new to distributed training has answered:
   * nothing is said of what it would be. */
  {
    CpJob *job = g_ptr_array_index (project->jobs, 0);
    g_autoptr(CpPlan) stated_plan = NULL;
    g_autoptr(GArray) stated_items = NULL;

    job->team_stated = TRUE;
    stated_plan = cp_project_plan_job (project, 0);
    stated_items = cp_what_if_new (project, 0, stated_plan);
    g_assert_null (find_item (stated_items, CP_WHAT_IF_TEAM_MEETS_DEADLINE));
  }
}

/* A month's minimum of an offer its vendor rents only whole bills every
 * node of it, not the nodes the job runs on (walk37b: a job on 1 of a
 * 4-node offer of 8 GPUs at 32 CNY read 212,224 CNY for a month, a month
 * of one node). Here 12 h on 1 node at 15 CNY a GPU-hour, VAT included:
 * the whole offer runs 4 × 8 × 15 × 12 = 5,760 CNY, and a month of it
 * 5,760 + 15 × 32 × (730 − 12) = 350,400 = 15 × 32 × 730. Asked (Not
 * asked), the month is one node's: 1,440 + 15 × 8 × 718 = 87,600. */
static void
test_month_minimum_whole_offer (void)
{
  CpSettings settings;
  CpQuote quote;
  CpOption option = { 0 };

  cp_settings_init (&settings);
  cp_quote_init (&quote);
  quote.nodes_available = 4;
  quote.gpus_per_node = 8;
  quote.price_unit = CP_PRICE_PER_GPU_HOUR;
  quote.price = 15;
  quote.vat_basis = CP_VAT_BASIS_INCLUDED;
  option.estimate.nodes = 1;
  option.estimate.gpus = 8;
  option.estimate.total_s = 12 * 3600.0;
  option.estimate.billed_hours = 12;

  quote.part_rentable = CP_PART_RENTABLE_NO;
  option.estimate.total_cost = 5760;
  g_assert_cmpfloat_with_epsilon (cp_option_cost_with_month_minimum (&option, &quote, &settings), 350400, 0.01);
  quote.part_rentable = CP_PART_RENTABLE_NOT_ASKED;
  option.estimate.total_cost = 1440;
  g_assert_cmpfloat_with_epsilon (cp_option_cost_with_month_minimum (&option, &quote, &settings), 87600, 0.01);
  cp_quote_clear (&quote);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/what-if/shorter-deadline-names-planners-cluster", test_shorter_deadline_names_planners_cluster);
  g_test_add_func ("/what-if/shorter-deadline-over-demo", test_shorter_deadline_over_demo);
  g_test_add_func ("/what-if/assumed-team-meets-deadline", test_assumed_team_meets_deadline);
  g_test_add_func ("/what-if/month-minimum-whole-offer", test_month_minimum_whole_offer);
  return g_test_run ();
}
