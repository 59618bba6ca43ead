/* cp-plan-robustness.c: whether a plan's verdict holds, the second pass
 * over a plan (cp_plan_add_robustness()): each assumption moved across
 * its range until the winner changes, an hourly price with no minimum
 * term billed a month, the costs the quotes leave unstated read the
 * other way, and the questions to
 * their vendors when the answer rests on them. The first pass, the
 * options and rules R1–R9, is cp-plan.c's. */
#include "config.h"

#include "cp-plan.h"
#include "cp-plan-private.h"

#include <math.h>
#include <string.h>

/* The quote of the cheapest feasible option among @estimates (one per
 * option, in rank order; without a price, the first feasible), or -1: the
 * recommendation the plan would make at those estimates' assumptions. */
static int
winner_of (const CpPlan     *plan,
           const CpJob      *job,
           const CpEstimate *estimates)
{
  int winner = -1;
  double cheapest = INFINITY;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->ruled_out || !_cp_plan_option_is_feasible (job, &estimates[i]))
        continue;
      /* Without a price the options keep their order (fewest nodes
       * first): the first still feasible is the answer. */
      if (plan->cost_unknown)
        return option->quote_index;
      if (estimates[i].total_cost < cheapest)
        {
          cheapest = estimates[i].total_cost;
          winner = option->quote_index;
        }
    }
  return winner;
}

/* The winner with one assumption at @value and the rest as set; an option
 * whose measurement fixes the assumption keeps its expected estimate. */
static int
winner_with (const CpPlan     *plan,
             const CpJob      *job,
             const CpQuote    *quotes,
             const CpSettings *settings,
             CpSpreadKind      kind,
             double            value,
             CpEstimate       *scratch)
{
  CpSettings moved;

  cp_range_settings_with (settings, kind, value, &moved);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if ((option->range.held & (1u << kind)) != 0 ||
          !cp_estimate (job, &quotes[option->quote_index], option->estimate.nodes, &moved, &scratch[i], NULL))
        scratch[i] = option->estimate;
      else if (!_cp_plan_option_is_feasible (job, &scratch[i]) && option->has_full_offer)
        {
          /* The quote's whole offer is an option too: more nodes may
           * still meet the deadline where the count chosen no longer does. */
          CpEstimate whole;

          if (cp_estimate (job, &quotes[option->quote_index], option->full_offer.nodes, &moved, &whole, NULL) &&
              _cp_plan_option_is_feasible (job, &whole))
            scratch[i] = whole;
        }
    }
  return winner_of (plan, job, scratch);
}

/* A spread every option's measurement fixes, debugging outside training
 * and migration where no option migrates change nothing, so they cost no
 * estimates. */
gboolean
cp_plan_spread_matters (const CpPlan *plan,
                        const CpJob  *job,
                        CpSpreadKind  kind)
{
  if (kind == CP_SPREAD_DEBUG_SHARE && !cp_task_kind_is_training (job->kind))
    return FALSE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if ((option->range.held & (1u << kind)) != 0)
        continue;
      if (kind != CP_SPREAD_MIGRATION_DAYS || option->estimate.migration_days > 0)
        return TRUE;
    }
  return FALSE;
}

/* Bisection steps on a spread: 2^-14 of its width, far finer than the
 * two decimals the threshold is shown with. */
#define THRESHOLD_STEPS 14

typedef struct {
  int    kind;        /* CpSpreadKind, -1: all together */
  double threshold;
  gboolean above;
  CpRangeEnd end;
  int    winner;
  double fragility;   /* share of the spread's half moved before the flip */
} Flip;

/* One assumption alone from its setting to @end: if the winner changes
 * there, the value where it does, by bisection. */
static void
find_flip (const CpPlan     *plan,
           const CpJob      *job,
           const CpQuote    *quotes,
           const CpSettings *settings,
           CpSpreadKind      kind,
           CpRangeEnd        end,
           int               expected_winner,
           CpEstimate       *scratch,
           Flip             *best)
{
  CpSpread spreads[CP_N_SPREADS];
  double expected, end_value, unchanged, changed;
  int winner;

  cp_range_get_spreads (settings, spreads, CP_N_SPREADS);
  expected = spreads[kind].expected;
  end_value = cp_range_spread_value (settings, kind, end);
  if (end_value == expected)
    return;
  winner = winner_with (plan, job, quotes, settings, kind, end_value, scratch);
  if (winner == expected_winner)
    return;
  unchanged = expected;
  changed = end_value;
  for (guint step = 0; step < THRESHOLD_STEPS; step++)
    {
      double middle = (unchanged + changed) / 2.0;
      int at_middle = winner_with (plan, job, quotes, settings, kind, middle, scratch);

      if (at_middle == expected_winner)
        unchanged = middle;
      else
        {
          changed = middle;
          winner = at_middle;
        }
    }
  {
    double fragility = fabs (changed - expected) / fabs (end_value - expected);

    if (fragility < best->fragility)
      *best = (Flip) { kind, changed, end_value > expected, end, winner, fragility };
  }
}

/* Whether the recommendation (or, with none, that none is feasible) holds
 * across the band; with the option ranges filled first. */
static void
reason_robustness (CpPlan           *plan,
                   const CpJob      *job,
                   const CpQuote    *quotes,
                   const CpSettings *settings,
                   const CpEstimate *optimistic,
                   const CpEstimate *pessimistic)
{
  const CpOption *subject = plan->recommended >= 0 ? &g_array_index (plan->options, CpOption, plan->recommended)
                                                   : NULL;
  int expected_winner = subject != NULL ? subject->quote_index : -1;
  int at_optimistic = winner_of (plan, job, optimistic);
  int at_pessimistic = winner_of (plan, job, pessimistic);
  g_autofree CpEstimate *scratch = g_new (CpEstimate, MAX (plan->options->len, 1));
  Flip flip = { .kind = -1, .fragility = INFINITY };

  for (guint kind = 0; kind < CP_N_SPREADS; kind++)
    {
      if (!cp_plan_spread_matters (plan, job, kind))
        continue;
      find_flip (plan, job, quotes, settings, kind, CP_RANGE_PESSIMISTIC, expected_winner, scratch, &flip);
      find_flip (plan, job, quotes, settings, kind, CP_RANGE_OPTIMISTIC, expected_winner, scratch, &flip);
    }
  if (flip.kind < 0 && at_pessimistic != expected_winner)
    flip = (Flip) { -1, 0, TRUE, CP_RANGE_PESSIMISTIC, at_pessimistic, 1 };
  else if (flip.kind < 0 && at_optimistic != expected_winner)
    flip = (Flip) { -1, 0, FALSE, CP_RANGE_OPTIMISTIC, at_optimistic, 1 };

  plan->verdict_robust = isinf (flip.fragility);
  if (!plan->verdict_robust)
    _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_VERDICT_FLIPS, flip.winner,
                         flip.kind, flip.threshold, flip.above ? 1 : 0, flip.end);
  else if (subject != NULL)
    _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_VERDICT_HOLDS, subject->quote_index,
                         subject->range.total_cost_low, subject->range.total_cost_high,
                         subject->range.calendar_days_low, subject->range.calendar_days_high);
  else
    _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_VERDICT_HOLDS, -1, 0, 0, 0, 0);
}

/* The quote that wins with the options read as @scratch says (one
 * estimate per option) when it is not the recommendation's, and its total
 * cost then in @cost; else -1: what rests on a reading of the costs the
 * quotes leave unstated (check_unstated_costs()). */
static int
reading_winner (const CpPlan     *plan,
                const CpJob      *job,
                const CpEstimate *scratch,
                double           *cost)
{
  const CpOption *subject = plan->recommended >= 0 ? &g_array_index (plan->options, CpOption, plan->recommended)
                                                   : NULL;
  int winner = winner_of (plan, job, scratch);

  if (winner < 0 || (subject != NULL && winner == subject->quote_index))
    return -1;
  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).quote_index == winner)
      *cost = scratch[i].total_cost;
  return winner;
}

void
cp_option_overrun (const CpOption   *option,
                   const CpJob      *job,
                   const CpQuote    *quote,
                   const CpSettings *settings,
                   CpOverrun        *out)
{
  const CpEstimate *e = &option->estimate;
  double step_h = cp_quote_billing_granularity_h (quote, settings);
  /* Debugging shares the rental on one machine, and beside a cluster run
   * on one of its nodes (debug_on_cluster_node): that rental holds the
   * job's calendar, else the run alone. */
  gboolean rental_holds_calendar = e->nodes <= 1 || e->debug_on_cluster_node;
  double top_h = rental_holds_calendar ? MAX (option->range.calendar_days_high, e->calendar_days) * 24.0
                                       : MAX (option->range.total_s_high, e->total_s) / 3600.0;
  double overrun_h, per_billed_h;

  memset (out, 0, sizeof *out);
  if (!(e->billed_hours > 0) || !(top_h > 0))
    return;
  /* What a billed hour of the run costs, as the estimate bills it: the
   * nodes (every node of an offer rented only whole), their network fee
   * and the fees by the month; the setup fee is paid once. */
  per_billed_h = (e->compute_cost + e->network_cost + e->fees_cost -
                  quote->setup_fee * cp_quote_vat_factor (quote, settings)) / e->billed_hours;
  /* A step shorter than a month is shorter than the run's band: whether
   * the run ends just before or just after a step's end cannot be told,
   * so one more step is counted. A month is longer: the overrun the
   * contingency's share stands for, in time, either fits in the months
   * billed or bills the next. A service's 30 days are the term set for
   * it: a month's rental holds them (no second month of 68,000 CNY for a
   * 30-day service). */
  if (step_h < settings->hours_per_month)
    overrun_h = step_h;
  else
    overrun_h = job->kind == CP_TASK_INFERENCE ? 0 : top_h * settings->contingency_fraction;
  out->hours = cp_quote_billed_hours (quote, settings, top_h + overrun_h) - cp_quote_billed_hours (quote, settings, top_h);
  out->nodes = cp_quote_billed_nodes (quote, MAX (e->nodes, 1));
  out->cost = out->hours * MAX (per_billed_h, 0);
}

double
cp_option_cost_with_month_minimum (const CpOption   *option,
                                   const CpQuote    *quote,
                                   const CpSettings *settings)
{
  const CpEstimate *e = &option->estimate;
  double run_h = e->total_s / 3600.0, debug_h = e->debug_days * 24.0;
  guint nodes = MAX (e->nodes, 1), billed_nodes = cp_quote_billed_nodes (quote, nodes);
  double billed_h, count;

  if (quote->price_unit == CP_PRICE_PER_NODE_MONTH || quote->minimum_term_h > 0 || !(quote->price > 0))
    return 0;
  /* What a month bills: every node of an offer its vendor rents only
   * whole (cp_quote_billed_nodes()), not the nodes the job runs on. With
   * the job's 8 GPUs of a 4-node offer at 32 CNY, a month read 212,224
   * CNY where the whole offer's is 32 × 32 × 730 = 747,520 (walk37b). */
  count = quote->price_unit == CP_PRICE_PER_GPU_HOUR ? (double) e->gpus / nodes * billed_nodes : billed_nodes;
  /* A cluster billed a month holds its debugging on one of its nodes,
   * the migration and the run (the estimate's debug_on_cluster_node):
   * its machines cost a month each, debugging nothing more. Left at 0, a
   * cluster's approval read as unconditional where a month of 2 nodes of
   * 8 GPUs at 15 CNY is 2 × 8 × 15 × 730 = 175,200 CNY (issue 22). */
  if (e->nodes > 1 && debug_h > 0)
    {
      if (debug_h + e->migration_days * 24.0 + run_h > settings->hours_per_month)
        return 0;
      return e->total_cost - e->compute_cost - e->debug_cost +
             quote->price * count * settings->hours_per_month * cp_quote_vat_factor (quote, settings);
    }
  billed_h = e->nodes <= 1 && debug_h > 0 ? cp_quote_billed_hours (quote, settings, run_h + debug_h) : e->billed_hours;
  if (!(billed_h > 0) || billed_h >= settings->hours_per_month)
    return 0;
  return e->total_cost + quote->price * count * (settings->hours_per_month - billed_h) * cp_quote_vat_factor (quote, settings);
}

/* The dear reading of the recommended quote's unstated minimum term
 * (CpPlan.month_minimum_cost): an hourly price billed a month at least,
 * and the option on another quote that is then cheaper, by rank, if any.
 * The answer is one vendor's: the other quotes keep their own reading,
 * as every other answer changes one thing at a time. Read a month too,
 * another open hourly price made a 10-hour job's answer 70,080 CNY
 * against 1,152 by the hour, an amount to cover no single answer leads
 * to, and passed the approver's page. A price per node-month states its
 * billing (cp_quote_billing_terms_open()), so no answer reads it by the
 * hour (approver 36, D31). The hourly price's dear reading leaves the
 * verdict as it is (any minimum would be invented): its figure is the
 * question put to the recommended vendor and the condition an approver
 * signs under. */
static void
check_month_minimum (CpPlan           *plan,
                     const CpQuote    *quotes,
                     const CpSettings *settings)
{
  const CpOption *subject, *next = NULL;

  if (plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return;
  subject = &g_array_index (plan->options, CpOption, plan->recommended);
  plan->month_minimum_cost = cp_option_cost_with_month_minimum (subject, &quotes[subject->quote_index], settings);
  if (!(plan->month_minimum_cost > 0))
    return;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index != subject->quote_index && option->feasible && !option->ruled_out &&
          option->estimate.fits && (next == NULL || option->rank < next->rank))
        next = option;
    }
  if (next != NULL && next->estimate.total_cost < plan->month_minimum_cost)
    {
      plan->month_minimum_winner = next->quote_index;
      plan->month_minimum_winner_cost = next->estimate.total_cost;
    }
}

/* The range's "the recommendation holds" reason, said before the
 * unstated costs' check, goes once it finds the verdict not robust:
 * every front end said it beside "Not firm" unless it filtered it out,
 * and the XML had "holds" beside verdict-robust false (approver 33, A15). */
static void
drop_holds_if_not_robust (CpPlan *plan)
{
  const CpReason *reason;

  if (plan->verdict_robust || plan->robustness_reason_at < 0 ||
      (guint) plan->robustness_reason_at >= plan->reasons->len)
    return;
  reason = &g_array_index (plan->reasons, CpReason, plan->robustness_reason_at);
  if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS)
    g_array_remove_index (plan->reasons, plan->robustness_reason_at);
}

CpUnstatedCost
cp_option_unstated_costs (const CpJob    *job,
                          const CpQuote  *quote,
                          const CpOption *option)
{
  CpUnstatedCost costs = 0;

  if (job->storage_tb > 0 && cp_quote_storage_price_terms (quote) == CP_FEE_NOT_STATED)
    costs |= CP_UNSTATED_STORAGE_PRICE;
  if (option->estimate.nodes > 1 && cp_quote_network_fee_terms (quote) == CP_FEE_NOT_STATED)
    costs |= CP_UNSTATED_NETWORK_FEE;
  return costs;
}

/* As R8 reads the team and the offering (reason_migration()'s
 * CP_OUTCOME_PREFER_HOSTED). */
gboolean
cp_option_ops_support_unstated (const CpJob   *job,
                                const CpQuote *quote)
{
  return !job->team_has_ops_engineer && cp_quote_team_runs_machines (quote) &&
         cp_quote_ops_support_terms (quote) == CP_FEE_NOT_STATED;
}

/* A storage price or network fee a quote leaves out is counted as none
 * (the report says so beside the total), and that reading favours the
 * quote that says least: a cluster quote "bandwidth and storage not
 * stated" beat one that priced its storage by less than that storage
 * cost (approver, 3 December). So the check reads each unstated price
 * the cautious way too, as the dearest one another compared quote states
 * (the only prices for the same service this comparison knows; none
 * stated, nothing to read): if another quote wins then, the verdict rests
 * on the unstated costs, and their vendors are to be asked. */
static void
check_unstated_costs (CpPlan           *plan,
                      const CpJob      *job,
                      const CpQuote    *quotes,
                      const CpSettings *settings)
{
  const CpOption *subject = plan->recommended >= 0 ? &g_array_index (plan->options, CpOption, plan->recommended)
                                                   : NULL;
  double dearest_storage = 0, dearest_network = 0;
  int dearest_network_quote = -1;
  g_autofree CpEstimate *scratch = NULL;
  gboolean any = FALSE;

  if (plan->cost_unknown || subject == NULL)
    return;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = &quotes[option->quote_index];

      dearest_storage = MAX (dearest_storage, quote->storage_price_per_tb_month);
      if (quote->network_fee_per_node_month > dearest_network)
        {
          dearest_network = quote->network_fee_per_node_month;
          dearest_network_quote = option->quote_index;
        }
      any |= option->estimate.fits && cp_option_unstated_costs (job, quote, option) != 0;
    }
  /* The recommended option's own fee at that reading, which the report
   * gives as an estimate beside the amount, as it does storage's. */
  if (dearest_network_quote >= 0 &&
      (cp_option_unstated_costs (job, &quotes[subject->quote_index], subject) & CP_UNSTATED_NETWORK_FEE) != 0)
    {
      plan->network_fee_estimate_quote = dearest_network_quote;
      plan->network_fee_estimate_cost = cp_estimate_network_cost (&quotes[subject->quote_index], settings,
                                                                  &subject->estimate, dearest_network);
    }
  if (!any || (dearest_storage <= 0 && dearest_network <= 0))
    return;

  scratch = g_new (CpEstimate, plan->options->len);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = &quotes[option->quote_index];
      CpUnstatedCost costs = cp_option_unstated_costs (job, quote, option);
      CpEstimate *cautious = &scratch[i];

      *cautious = option->estimate;
      if (costs & CP_UNSTATED_STORAGE_PRICE)
        {
          cautious->storage_cost = cp_estimate_storage_cost (job, quote, settings, cautious, dearest_storage);
          cautious->total_cost += cautious->storage_cost - option->estimate.storage_cost;
        }
      if (costs & CP_UNSTATED_NETWORK_FEE)
        {
          cautious->network_cost = cp_estimate_network_cost (quote, settings, cautious, dearest_network);
          cautious->total_cost += cautious->network_cost - option->estimate.network_cost;
        }
    }
  plan->unstated_costs_winner = reading_winner (plan, job, scratch, &plan->unstated_costs_winner_cost);
  if (plan->unstated_costs_winner < 0)
    return;
  plan->unstated_costs_recommended_cost = scratch[plan->recommended].total_cost;
  plan->verdict_robust = FALSE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      CpUnstatedCost costs = cp_option_unstated_costs (job, &quotes[option->quote_index], option);

      if (option->estimate.fits && !option->ruled_out && costs != 0)
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_ASK_UNSTATED_COSTS, option->quote_index,
                             option->quote_index, costs, 0, 0);
    }
}

void
cp_plan_add_robustness (CpPlan           *plan,
                        const CpJob      *job,
                        const CpQuote    *quotes,
                        const CpSettings *settings)
{
  guint n_options = plan->options->len;
  g_autofree CpEstimate *optimistic = NULL;
  g_autofree CpEstimate *pessimistic = NULL;

  g_return_if_fail (!plan->has_robustness);

  plan->has_robustness = TRUE;
  if (plan->robustness_reason_at < 0)
    return;

  /* Each option's ends again (their ranges are the same): keeping them in
   * the plan would cost more than the few estimates. */
  optimistic = g_new (CpEstimate, MAX (n_options, 1));
  pessimistic = g_new (CpEstimate, MAX (n_options, 1));
  for (guint i = 0; i < n_options; i++)
    {
      CpOption *option = &g_array_index (plan->options, CpOption, i);

      cp_range_estimate (job, &quotes[option->quote_index], settings, &option->estimate, &option->range,
                         &optimistic[i], &pessimistic[i]);
      /* At the pessimistic end, the quote's whole offer is an option too
       * (as in winner_with()): "no quote is feasible" only when neither
       * the count chosen nor every node offered meets the limits. */
      if (!_cp_plan_option_is_feasible (job, &pessimistic[i]) && option->has_full_offer)
        {
          CpRange whole_range;
          CpEstimate whole;

          cp_range_estimate (job, &quotes[option->quote_index], settings, &option->full_offer, &whole_range,
                             NULL, &whole);
          if (_cp_plan_option_is_feasible (job, &whole))
            pessimistic[i] = whole;
        }
    }
  /* Its reason goes where cp_plan_new_without_robustness() left its
   * place, after R6's verdict, as if the plan had been made in one go. */
  reason_robustness (plan, job, quotes, settings, optimistic, pessimistic);
  {
    CpReason reason = g_array_index (plan->reasons, CpReason, plan->reasons->len - 1);

    g_array_set_size (plan->reasons, plan->reasons->len - 1);
    g_array_insert_val (plan->reasons, plan->robustness_reason_at, reason);
  }
  check_month_minimum (plan, quotes, settings);
  check_unstated_costs (plan, job, quotes, settings);
  drop_holds_if_not_robust (plan);
}
