/* test-reason-nodes.c: why a cheaper node count was passed over is read
 * from the plan's sweep, the one the cost chart draws (brief 33): the
 * sentence names a point of the chart with its figures, and writing it
 * estimates nothing. The planner's entry points are wrapped to count
 * their calls (-Wl,--wrap in meson.build). */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "planner/cp-plan.h"
#include "planner/cp-range.h"
#include "planner/cp-sweep.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "store/cp-store.h"
#include "common/cp-test-cli.h"
#include "report-cli-projects.h"
#include "common/cp-test-dir.h"

static guint planner_calls;

CpEstimateSeries *__real_cp_estimate_series_new (const CpJob *job, const CpQuote *quote, const CpSettings *settings);
CpEstimateSeries *__wrap_cp_estimate_series_new (const CpJob *job, const CpQuote *quote, const CpSettings *settings);
gboolean __real_cp_estimate (const CpJob *job, const CpQuote *quote, guint nodes, const CpSettings *settings,
                             CpEstimate *out, GError **error);
gboolean __wrap_cp_estimate (const CpJob *job, const CpQuote *quote, guint nodes, const CpSettings *settings,
                             CpEstimate *out, GError **error);
void __real_cp_range_estimate (const CpJob *job, const CpQuote *quote, const CpSettings *settings,
                               const CpEstimate *expected, CpRange *out, CpEstimate *optimistic,
                               CpEstimate *pessimistic);
void __wrap_cp_range_estimate (const CpJob *job, const CpQuote *quote, const CpSettings *settings,
                               const CpEstimate *expected, CpRange *out, CpEstimate *optimistic,
                               CpEstimate *pessimistic);

CpEstimateSeries *
__wrap_cp_estimate_series_new (const CpJob *job, const CpQuote *quote, const CpSettings *settings)
{
  planner_calls++;
  return __real_cp_estimate_series_new (job, quote, settings);
}

gboolean
__wrap_cp_estimate (const CpJob *job, const CpQuote *quote, guint nodes, const CpSettings *settings,
                    CpEstimate *out, GError **error)
{
  planner_calls++;
  return __real_cp_estimate (job, quote, nodes, settings, out, error);
}

void
__wrap_cp_range_estimate (const CpJob *job, const CpQuote *quote, const CpSettings *settings,
                          const CpEstimate *expected, CpRange *out, CpEstimate *optimistic,
                          CpEstimate *pessimistic)
{
  planner_calls++;
  __real_cp_range_estimate (job, quote, settings, expected, out, optimistic, pessimistic);
}

/* Walkthrough 31's project: a 72B LoRA with a 10-day deadline, an H800
 * machine and 4 Ascend nodes at 32,000 CNY per node-month. The plan
 * takes 2 Ascend nodes (64,000 CNY, 2 node-months: its debugging runs
 * on one of them in their month, walk36b Z7): 1 node costs one node-month, 32,000
 * CNY, and meets the deadline at the expected figures, but its range's
 * slow end, 11.0 days, misses it. */
static void
test_fewer_nodes_from_sweep (void)
{
  static const char *const langs[] = { "en", "zh_CN" };
  g_autofree char *dir = g_dir_make_tmp ("cp-reason-nodes-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "walk.cplan", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = NULL;
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpSweep) sweep = NULL;
  const CpJob *job;
  const CpQuote *ascend;
  const CpOption *option = NULL;
  const CpSweepPoint *one_node = NULL;
  GArray *quotes;

  report_cli_make_qwen72b_walk (dir, "walk.cplan");
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  job = g_ptr_array_index (project->jobs, 0);
  ascend = g_ptr_array_index (project->quotes, 1);
  quotes = g_array_new (FALSE, FALSE, sizeof (CpQuote));
  for (guint i = 0; i < project->quotes->len; i++)
    g_array_append_vals (quotes, g_ptr_array_index (project->quotes, i), 1);
  plan = cp_plan_new (job, (const CpQuote *) quotes->data, quotes->len, &project->settings);
  sweep = cp_project_sweep_job (project, 0, 64);
  g_array_unref (quotes);

  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).quote_index == 1)
      option = &g_array_index (plan->options, CpOption, i);
  g_assert_nonnull (option);
  g_assert_cmpuint (option->estimate.nodes, ==, 2);
  /* The chart's point of 1 node: one node-month at 32,000 CNY. */
  {
    const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, 1);

    g_assert_cmpint (curve->quote_index, ==, 1);
    for (guint i = 0; i < curve->points->len; i++)
      if (g_array_index (curve->points, CpSweepPoint, i).nodes == 1)
        one_node = &g_array_index (curve->points, CpSweepPoint, i);
  }
  g_assert_nonnull (one_node);
  g_assert_cmpfloat_with_epsilon (one_node->total_cost, ascend->price, 0.5);
  g_assert_cmpfloat (one_node->calendar_days, <=, 10.0);
  g_assert_cmpfloat (one_node->range.calendar_days_high, >, 10.0);

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autofree char *text = NULL;
      g_autofree char *slow = NULL;
      g_autofree char *cost = NULL;

      cp_i18n_push_language (langs[l]);
      slow = cp_i18n_format_days (one_node->range.calendar_days_high, langs[l]);
      cost = cp_i18n_format_money_whole (one_node->total_cost, ascend->currency, langs[l]);
      cp_i18n_pop_language ();
      planner_calls = 0;
      text = cp_words_fewer_nodes (project, job, plan, sweep, option, langs[l]);
      g_assert_cmpuint (planner_calls, ==, 0);
      g_assert_nonnull (text);
      /* The chart's figures for 1 node, as the chart rounds them. */
      g_assert_nonnull (strstr (text, cost));
      g_assert_nonnull (strstr (text, slow));
      if (l == 0)
        g_assert_cmpstr (text, ==, "2 nodes, 64,000 CNY: 1 node would cost 32,000 CNY but miss the 10-day deadline "
                                   "at the slow end of the range (11.0 days); a count that still meets it there comes "
                                   "before a cheaper one.");
    }
  /* A window whose sweep has not come says nothing rather than estimate. */
  planner_calls = 0;
  g_assert_null (cp_words_fewer_nodes (project, job, plan, NULL, option, "en"));
  g_assert_cmpuint (planner_calls, ==, 0);
  cp_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/reason/fewer-nodes-from-sweep", test_fewer_nodes_from_sweep);
  return g_test_run ();
}
