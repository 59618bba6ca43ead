/* test-range.c: the band over the assumptions' spread and whether the
 * verdict holds across it, against hand calculations.
 *
 * The job: a 1B dense model pretrained on one A100 (PUBLISHED G2: 312
 * TFLOPS dense BF16), no recompute, so that nothing but compute takes
 * time. Per token it costs 6·N for the parameters plus 3 × 4·L·s·h for
 * attention (forward 4·L·s·h, backward twice that):
 *   6 × 1e9 + 12 × 24 × 2048 × 2048 = 6e9 + 1.2080e9 = 7.2080e9 FLOPs,
 * and the token count is chosen so that the run takes 48 h at the default
 * utilisation 0.55: D = 48 × 3600 × 312e12 × 0.55 / 7.2080e9.
 * On one GPU billed by the exact hour at P per GPU-hour, with no storage
 * or fees, the rental is the run plus its debugging (R4: debugging is a
 * share s of the calendar, so calendar = run / (1 − s)): cost = P × run_h /
 * (1 − s).
 *
 * The runs are failure-free (failure rate 0): the arithmetic of the
 * spreads alone, goodput is tested in test-goodput.
 *
 * The spreads (cp-range.c): utilisation × 0.415/0.489 to × 0.563/0.489
 * (PUBLISHED T22's 41.5% and 56.3% around their middle, 48.9%),
 * debugging 30% to 40% (R4).
 */
#include <math.h>

#include "planner/cp-estimate.h"
#include "planner/cp-plan.h"
#include "planner/cp-range.h"

#include "model-fixture.h"

#define FLOPS_PER_TOKEN (6e9 + 12.0 * 24 * 2048 * 2048)
#define PEAK 312e12
#define RUN_H 48.0

static void
assert_close (double expected,
              double actual,
              double relative)
{
  if (fabs (actual - expected) > relative * fabs (expected))
    g_error ("expected %.6g, got %.6g (relative tolerance %.3g)", expected, actual, relative);
}

static void
settings_init_failure_free (CpSettings *settings)
{
  cp_settings_init (settings);
  settings->gpu_failure_rate_per_hour = 0;
}

static void
job_init_1b (CpJob *job)
{
  CpModelSpec *m = &job->model;

  cp_job_init (job, CP_TASK_PRETRAIN);
  cp_model_spec_clear (m);
  *m = (CpModelSpec) { 0 };
  m->id = g_strdup ("custom");
  cp_test_job_set_1b (job);
  job->tokens = RUN_H * 3600 * PEAK * 0.55 / FLOPS_PER_TOKEN;
  job->deadline_days = 0;
}

/* One A100 80GB per node, @price per GPU-hour, billed by the exact hour. */
static void
quote_init_one_a100 (CpQuote    *q,
                     const char *id,
                     double      price,
                     double      setup_fee)
{
  cp_quote_init (q);
  q->id = g_strdup (id);
  q->vendor = g_strdup (id);
  q->gpu.memory_nominal_gb = 80;
  q->gpu.dense_bf16_flops = PEAK;
  q->gpu.memory_bandwidth_gbytes_per_s = 2039;
  q->intra_link.per_direction_gbytes_per_s = 300;
  q->gpus_per_node = 1;
  q->nodes_available = 1;
  q->price_unit = CP_PRICE_PER_GPU_HOUR;
  q->price = price;
  q->billing_granularity_h = 1.0 / 3600;  /* billed to the second */
  q->minimum_term_h = 0;
  q->setup_fee = setup_fee;
}

static const CpReason *
find_reason (const CpPlan *plan,
             CpOutcome     outcome)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      if (reason->outcome == outcome)
        return reason;
    }
  return NULL;
}

/* Expected: 48 h, 10 × 48 / 0.65 = 738.46. Pessimistic: utilisation
 * 0.55 × 0.415/0.489 = 0.46677, so 48 × 0.489/0.415 = 56.559 h, and
 * debugging 40%: 10 × 56.559 / 0.60 = 942.65; calendar 56.559 / 0.6 / 24
 * = 3.928 days. Optimistic: 48 × 0.489/0.563 = 41.691 h, debugging 30%:
 * 10 × 41.691 / 0.70 = 595.59; calendar 41.691 / 0.7 / 24 = 2.4816 days. */
static void
test_band_by_hand (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  CpRange range;
  double high_h = RUN_H * 0.489 / 0.415;
  double low_h = RUN_H * 0.489 / 0.563;

  settings_init_failure_free (&settings);
  job_init_1b (&job);
  quote_init_one_a100 (&quote, "a100", 10, 0);
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_true (est.fits);
  g_assert_cmpint (est.time_source, ==, CP_TIME_SOURCE_MODEL);
  assert_close (RUN_H * 3600, est.total_s, 1e-9);
  assert_close (10 * RUN_H / 0.65, est.total_cost, 1e-5);  /* billed to the second */

  cp_range_estimate (&job, &quote, &settings, &est, &range, NULL, NULL);
  g_assert_cmpuint (range.held, ==, 0);
  g_assert_true (range.fits_pessimistic);
  assert_close (high_h * 3600, range.total_s_high, 1e-9);
  assert_close (low_h * 3600, range.total_s_low, 1e-9);
  assert_close (942.65, range.total_cost_high, 1e-4);
  assert_close (595.59, range.total_cost_low, 1e-4);
  assert_close (3.928, range.calendar_days_high, 1e-3);
  assert_close (2.4816, range.calendar_days_low, 1e-4);

  /* The plan carries the same band on its one option. */
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, &quote, 1, &settings);
    const CpOption *option = &g_array_index (plan->options, CpOption, 0);

    assert_close (942.65, option->range.total_cost_high, 1e-4);
    g_assert_cmpfloat (option->range.total_cost_low, <=, option->estimate.total_cost);
    g_assert_cmpfloat (option->estimate.total_cost, <=, option->range.total_cost_high);
    g_assert_true (plan->verdict_robust);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Spreads follow the setting in force: utilisation set to 0.40 spreads
 * over 0.40 × 0.415/0.489 = 0.3395 to 0.40 × 0.563/0.489 = 0.4605;
 * debugging at its default 0.35 over 0.30 to 0.40; migration 10.5 days
 * over 7 to 14 (one to two weeks, R8); framework overhead 1 to 2 GiB. */
static void
test_spreads (void)
{
  CpSettings settings;
  CpSpread spreads[CP_N_SPREADS];

  cp_settings_init (&settings);
  settings.compute_utilisation = 0.40;
  g_assert_cmpuint (cp_range_get_spreads (&settings, spreads, CP_N_SPREADS), ==, CP_N_SPREADS);
  assert_close (0.3395, spreads[CP_SPREAD_COMPUTE_UTILISATION].low, 1e-3);
  assert_close (0.4605, spreads[CP_SPREAD_COMPUTE_UTILISATION].high, 1e-3);
  g_assert_true (spreads[CP_SPREAD_COMPUTE_UTILISATION].low_is_pessimistic);
  assert_close (0.30, spreads[CP_SPREAD_DEBUG_SHARE].low, 1e-12);
  assert_close (0.40, spreads[CP_SPREAD_DEBUG_SHARE].high, 1e-12);
  assert_close (7, spreads[CP_SPREAD_MIGRATION_DAYS].low, 1e-12);
  assert_close (14, spreads[CP_SPREAD_MIGRATION_DAYS].high, 1e-12);
  assert_close (1024.0 * 1024 * 1024, spreads[CP_SPREAD_FRAMEWORK_OVERHEAD].low, 1e-12);
  assert_close (2048.0 * 1024 * 1024, spreads[CP_SPREAD_FRAMEWORK_OVERHEAD].high, 1e-12);
  /* The GPU failure rate from Llama 3's 419 / (16,384 × 54 × 24 h) =
   * 1.973e-5 per GPU-hour, the default, to OPT-175B's one interruption
   * every 7.5 hours on 1,000 GPUs, 1 / 7,500 = 1.333e-4. */
  assert_close (419.0 / (16384.0 * 54 * 24), spreads[CP_SPREAD_FAILURE_RATE].low, 1e-12);
  assert_close (1.973e-5, spreads[CP_SPREAD_FAILURE_RATE].expected, 1e-3);
  assert_close (1.3333e-4, spreads[CP_SPREAD_FAILURE_RATE].high, 1e-4);
  g_assert_false (spreads[CP_SPREAD_FAILURE_RATE].low_is_pessimistic);
  /* N3's 58% at 134 MB and N1's 82%. */
  assert_close (0.581, spreads[CP_SPREAD_LINK_EFFICIENCY].low, 1e-9);
  assert_close (0.822, spreads[CP_SPREAD_LINK_EFFICIENCY].high, 1e-9);
  for (guint i = 0; i < CP_N_SPREADS; i++)
    {
      g_assert_cmpstr (spreads[i].key, ==, cp_spread_kind_to_string (i));
      g_assert_true (spreads[i].source != NULL && spreads[i].source[0] != '\0');
      g_assert_cmpfloat (spreads[i].low, <=, spreads[i].expected);
      g_assert_cmpfloat (spreads[i].expected, <=, spreads[i].high);
    }
}

/* Quote A: 10 per GPU-hour and a setup fee F; quote B: 12, no fee. With
 * H = run_h / (1 − s) rental hours, A costs F + 10·H and B 12·H: A wins
 * once 2·H > F. F is set so that it happens at utilisation 0.50: run_h =
 * 48 × 0.55/0.50 = 52.8 h, H = 52.8 / 0.65 = 81.23, F = 162.46. At the
 * default B wins (886.15 against 900.92); at the pessimistic end of
 * utilisation (0.467) A does, so the verdict flips at 0.50. Debugging
 * alone at 40% gives H = 48 / 0.6 = 80, 2·H = 160 < F: no flip there. */
static void
init_flip_at_half_utilisation (CpSettings *settings,
                               CpJob      *job,
                               CpQuote     quotes[2])
{
  settings_init_failure_free (settings);
  job_init_1b (job);
  quote_init_one_a100 (&quotes[0], "a", 10, 2 * RUN_H * 0.55 / 0.50 / 0.65);
  quote_init_one_a100 (&quotes[1], "b", 12, 0);
}

static void
test_verdict_flips (void)
{
  CpSettings settings;
  CpQuote quotes[2];
  CpJob job;
  const CpReason *flip;

  init_flip_at_half_utilisation (&settings, &job, quotes);
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, quotes, 2, &settings);
    const CpOption *first = &g_array_index (plan->options, CpOption, 0);

    g_assert_cmpint (plan->recommended, ==, 0);
    g_assert_cmpint (first->quote_index, ==, 1);
    assert_close (12 * RUN_H / 0.65, first->estimate.total_cost, 1e-5);  /* billed to the second */
    g_assert_false (plan->verdict_robust);
    g_assert_null (find_reason (plan, CP_OUTCOME_VERDICT_HOLDS));
    flip = find_reason (plan, CP_OUTCOME_VERDICT_FLIPS);
    g_assert_nonnull (flip);
    g_assert_cmpint (flip->quote_index, ==, 0);
    g_assert_cmpint ((int) flip->values[0], ==, CP_SPREAD_COMPUTE_UTILISATION);
    assert_close (0.50, flip->values[1], 1e-3);
    g_assert_cmpfloat (flip->values[2], ==, 0);   /* below the threshold */
    g_assert_cmpfloat (flip->values[3], ==, CP_RANGE_PESSIMISTIC);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quotes[0]);
  cp_quote_clear (&quotes[1]);
}

/* The window plans in two steps, whether the verdict holds a frame after
 * the rest (cp_plan_new_without_robustness()): the first step has no
 * robustness reason, the second ends with the plan cp_plan_new() makes,
 * reason for reason in the same order, the flip right after R6's
 * cheapest total. Set up as /range/verdict-flips, where the robustness
 * search bisects. */
static void
test_two_steps (void)
{
  CpSettings settings;
  CpQuote quotes[2];
  CpJob job;

  init_flip_at_half_utilisation (&settings, &job, quotes);
  {
    g_autoptr(CpPlan) whole = cp_plan_new (&job, quotes, 2, &settings);
    g_autoptr(CpPlan) stepped = cp_plan_new_without_robustness (&job, quotes, 2, &settings);
    int at;

    g_assert_true (whole->has_robustness);
    g_assert_false (stepped->has_robustness);
    g_assert_null (find_reason (stepped, CP_OUTCOME_VERDICT_FLIPS));
    g_assert_null (find_reason (stepped, CP_OUTCOME_VERDICT_HOLDS));
    g_assert_cmpuint (stepped->reasons->len + 1, ==, whole->reasons->len);
    /* The ranges are in from the first step: the table shows them. */
    for (guint i = 0; i < whole->options->len; i++)
      {
        const CpRange *a = &g_array_index (whole->options, CpOption, i).range;
        const CpRange *b = &g_array_index (stepped->options, CpOption, i).range;

        g_assert_cmpfloat (a->total_cost_low, ==, b->total_cost_low);
        g_assert_cmpfloat (a->total_cost_high, ==, b->total_cost_high);
        g_assert_cmpfloat (a->calendar_days_low, ==, b->calendar_days_low);
        g_assert_cmpfloat (a->calendar_days_high, ==, b->calendar_days_high);
        g_assert_cmpfloat (a->total_cost_low, <, a->total_cost_high);
      }

    cp_plan_add_robustness (stepped, &job, quotes, &settings);
    g_assert_true (stepped->has_robustness);
    g_assert_cmpint (stepped->verdict_robust, ==, whole->verdict_robust);
    g_assert_false (stepped->verdict_robust);
    g_assert_cmpuint (stepped->reasons->len, ==, whole->reasons->len);
    for (guint i = 0; i < whole->reasons->len; i++)
      {
        const CpReason *a = &g_array_index (whole->reasons, CpReason, i);
        const CpReason *b = &g_array_index (stepped->reasons, CpReason, i);

        g_assert_cmpint (a->rule, ==, b->rule);
        g_assert_cmpint (a->outcome, ==, b->outcome);
        g_assert_cmpint (a->quote_index, ==, b->quote_index);
        for (guint v = 0; v < G_N_ELEMENTS (a->values); v++)
          g_assert_cmpfloat (a->values[v], ==, b->values[v]);
      }
    at = stepped->robustness_reason_at;
    g_assert_cmpint (at, >, 0);
    g_assert_cmpint (g_array_index (stepped->reasons, CpReason, at).outcome, ==, CP_OUTCOME_VERDICT_FLIPS);
    g_assert_cmpint (g_array_index (stepped->reasons, CpReason, at - 1).outcome, ==, CP_OUTCOME_CHEAPEST_TOTAL);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quotes[0]);
  cp_quote_clear (&quotes[1]);
}

/* The same with F = 1,000: even with every assumption pessimistic,
 * 2·H = 2 × 56.559 / 0.60 = 188.5 < 1,000, so B stays the winner. */
static void
test_verdict_holds (void)
{
  CpSettings settings;
  CpQuote quotes[2];
  CpJob job;

  settings_init_failure_free (&settings);
  job_init_1b (&job);
  quote_init_one_a100 (&quotes[0], "a", 10, 1000);
  quote_init_one_a100 (&quotes[1], "b", 12, 0);
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, quotes, 2, &settings);
    const CpReason *holds = find_reason (plan, CP_OUTCOME_VERDICT_HOLDS);

    g_assert_true (plan->verdict_robust);
    g_assert_null (find_reason (plan, CP_OUTCOME_VERDICT_FLIPS));
    g_assert_nonnull (holds);
    g_assert_cmpint (holds->quote_index, ==, 1);
    /* B's band: 12 × 41.691 / 0.70 = 714.70 to 12 × 56.559 / 0.60 = 1,131.18. */
    assert_close (714.70, holds->values[0], 1e-4);
    assert_close (1131.18, holds->values[1], 1e-4);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quotes[0]);
  cp_quote_clear (&quotes[1]);
}

/* Nothing feasible, and the answer flips the other way: with a deadline
 * of 2.9 days the 48 h run's calendar, 48 / 0.65 / 24 = 3.077 days,
 * misses it; at utilisation u it is 48 × 0.55/u / 0.65 / 24 days, within
 * 2.9 from u = 26.4 / (0.65 × 24 × 2.9) = 0.58355, inside the optimistic
 * end 0.633. Debugging alone at 30% would do too (48 / 0.7 / 24 = 2.857
 * days, from s = 1 − 48/(24 × 2.9) = 0.3103), but needs a larger share of
 * its spread: (0.35 − 0.3103)/0.05 = 79% against (0.58355 − 0.55)/0.0832
 * = 40%, so utilisation is named. */
static void
test_nothing_feasible_flips (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;

  settings_init_failure_free (&settings);
  job_init_1b (&job);
  job.deadline_days = 2.9;
  quote_init_one_a100 (&quote, "a", 10, 0);
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, &quote, 1, &settings);
    const CpReason *flip = find_reason (plan, CP_OUTCOME_VERDICT_FLIPS);

    g_assert_cmpint (plan->recommended, ==, -1);
    g_assert_cmpint (plan->shortfall, ==, CP_SHORTFALL_DEADLINE);
    g_assert_false (plan->verdict_robust);
    g_assert_nonnull (flip);
    g_assert_cmpint (flip->quote_index, ==, 0);
    g_assert_cmpint ((int) flip->values[0], ==, CP_SPREAD_COMPUTE_UTILISATION);
    assert_close (0.58355, flip->values[1], 1e-3);
    g_assert_cmpfloat (flip->values[2], ==, 1);   /* above the threshold */
    g_assert_cmpfloat (flip->values[3], ==, CP_RANGE_OPTIMISTIC);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A trial run on the quote's own single machine measured 5,000 tokens/s:
 * the run takes D / 5,000 s whatever the utilisation setting, so its
 * time does not vary; only debugging (30–40%) still moves the calendar and
 * cost: cost = 10 × run_h / (1 − s) from s = 0.30 to 0.40. */
static void
test_trial_narrows_band (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate modelled, measured;
  CpRange modelled_range, measured_range;
  double run_h;

  settings_init_failure_free (&settings);
  job_init_1b (&job);
  quote_init_one_a100 (&quote, "a100", 10, 0);
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &modelled, NULL));
  cp_range_estimate (&job, &quote, &settings, &modelled, &modelled_range, NULL, NULL);

  job.trial.quote_id = g_strdup ("a100");
  job.trial.gpus = 1;
  job.trial.gpu_dense_flops = PEAK;
  job.trial.tokens_per_s = 5000;
  run_h = job.tokens / 5000 / 3600;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &measured, NULL));
  g_assert_cmpint (measured.time_source, ==, CP_TIME_SOURCE_TRIAL);
  assert_close (run_h * 3600, measured.total_s, 1e-9);
  cp_range_estimate (&job, &quote, &settings, &measured, &measured_range, NULL, NULL);
  g_assert_true (measured_range.held & (1u << CP_SPREAD_COMPUTE_UTILISATION));
  assert_close (run_h * 3600, measured_range.total_s_low, 1e-9);
  assert_close (run_h * 3600, measured_range.total_s_high, 1e-9);
  assert_close (10 * run_h / 0.70, measured_range.total_cost_low, 1e-5);  /* billed to the second */
  assert_close (10 * run_h / 0.60, measured_range.total_cost_high, 1e-5);  /* billed to the second */

  /* Narrower than the modelled band, relative to each expected cost. */
  g_assert_cmpfloat ((measured_range.total_cost_high - measured_range.total_cost_low) / measured.total_cost, <,
                     (modelled_range.total_cost_high - modelled_range.total_cost_low) / modelled.total_cost);
  g_assert_cmpfloat (modelled_range.total_s_high - modelled_range.total_s_low, >, 0);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A storage price a quote leaves out is counted as none, and the check
 * reads it as the dearest another compared quote states. Quotes A (10 per
 * GPU-hour, storage unstated), B (10.5, storage 50 per TB-month) and C
 * (12, 500 per TB-month); the job keeps 100 TB. Each rents the run and
 * its debugging, 48 / 0.65 = 73.846 h, and keeps the storage as long:
 * 73.846 / 730 = 0.101159 of a month. A: 738.46; B: 775.38 + 100 × 50 ×
 * 0.101159 = 775.38 + 505.80 = 1,281.18; C: 886.15 + 5,057.97 = 5,944.12.
 * A wins, but at C's storage price A would cost 738.46 + 5,057.97 =
 * 5,796.43: B wins then, at its own 1,281.18. Without C, A at B's price
 * costs 738.46 + 505.80 = 1,244.26, still below B: the verdict holds. */
static void
test_unstated_costs (void)
{
  double months = RUN_H / 0.65 / 730.0;
  double b_cost = 10.5 * RUN_H / 0.65 + 100 * 50 * months;
  CpSettings settings;
  CpQuote quotes[3];
  CpJob job;

  settings_init_failure_free (&settings);
  job_init_1b (&job);
  job.storage_tb = 100;
  quote_init_one_a100 (&quotes[0], "a", 10, 0);
  quote_init_one_a100 (&quotes[1], "b", 10.5, 0);
  quotes[1].storage_price_per_tb_month = 50;
  quote_init_one_a100 (&quotes[2], "c", 12, 0);
  quotes[2].storage_price_per_tb_month = 500;
  assert_close (1281.18, b_cost, 1e-5);
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, quotes, 3, &settings);
    const CpOption *first = &g_array_index (plan->options, CpOption, 0);
    const CpReason *ask = find_reason (plan, CP_OUTCOME_ASK_UNSTATED_COSTS);

    g_assert_cmpint (first->quote_index, ==, 0);
    assert_close (10 * RUN_H / 0.65, first->estimate.total_cost, 1e-5);
    g_assert_cmpfloat (first->estimate.storage_cost, ==, 0);
    g_assert_cmpint (plan->unstated_costs_winner, ==, 1);
    assert_close (b_cost, plan->unstated_costs_winner_cost, 1e-5);
    g_assert_false (plan->verdict_robust);
    g_assert_nonnull (ask);
    g_assert_cmpint (ask->quote_index, ==, 0);
    g_assert_cmpfloat (ask->values[1], ==, CP_UNSTATED_STORAGE_PRICE);
  }
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, quotes, 2, &settings);

    g_assert_cmpint (g_array_index (plan->options, CpOption, 0).quote_index, ==, 0);
    g_assert_cmpint (plan->unstated_costs_winner, ==, -1);
    g_assert_null (find_reason (plan, CP_OUTCOME_ASK_UNSTATED_COSTS));
    g_assert_true (plan->verdict_robust);
  }
  for (guint i = 0; i < G_N_ELEMENTS (quotes); i++)
    cp_quote_clear (&quotes[i]);
  cp_job_clear (&job);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/range/band-by-hand", test_band_by_hand);
  g_test_add_func ("/range/spreads", test_spreads);
  g_test_add_func ("/range/verdict-flips", test_verdict_flips);
  g_test_add_func ("/range/two-steps", test_two_steps);
  g_test_add_func ("/range/verdict-holds", test_verdict_holds);
  g_test_add_func ("/range/nothing-feasible-flips", test_nothing_feasible_flips);
  g_test_add_func ("/range/trial-narrows-band", test_trial_narrows_band);
  g_test_add_func ("/range/unstated-costs", test_unstated_costs);
  return g_test_run ();
}
