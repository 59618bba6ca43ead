/* cp-plan.c: the verdict for one job over every quote, rules R1–R9 of
 * shared/DESIGN.md, as data: each quote's node count, the ranking and
 * the reasons. Whether the verdict holds across the assumptions' range
 * and the terms the quotes leave unstated is cp-plan-robustness.c's. */
#include "config.h"

#include "cp-plan.h"
#include "cp-plan-private.h"

#include <math.h>
#include <string.h>

static const char * const rule_names[] = { "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9" };
static const char * const outcome_names[] = {
  "fits", "fits-with-technique", "judgement-zone", "gap-needs-cluster", "techniques-fail",
  "full-finetune-cluster", "peft-single-gpu", "peft-needs-more",
  "concurrency-one-node", "concurrency-cluster", "model-does-not-fit",
  "single-machine-work", "debug-share",
  "compute-dominates", "communication-dominates", "communication-dominates-cluster-needed",
  "cheapest-total", "ask-bandwidth", "ask-storage",
  "signal-memory", "signal-deadline", "signal-concurrency", "signal-premium", "no-signal",
  "migration-counted", "migration-none", "prefer-hosted",
  "trial-used", "trial-missing",
  "signal-training-time",
  "nothing-fits", "best-available", "nodes-meet-deadline", "deadline-needed",
  "split-not-needed",
  "verdict-holds", "verdict-flips",
  "implausible-price",
  "host-memory-short", "ask-host-memory",
  "cost-needs-price",
  "separate-machines",
  "ask-unstated-costs",
  "answer-over-target",
};
static const char * const shortfall_names[] = {
  "none", "no-quote", "memory", "deadline", "longest-run", "concurrency", "layout", "answer-time",
};
static const char * const verdict_names[] = {
  "single-machine", "single-machine-with-technique", "cluster", "not-feasible",
};
static const char * const risk_names[] = {
  "setup-time", "gpu-mismatch", "communication-bottleneck", "scheduler-learning",
  "inflexible-scaling", "single-point-of-failure", "traffic-misjudged", "idle-capacity",
};

G_STATIC_ASSERT (G_N_ELEMENTS (rule_names) == CP_N_RULES);
G_STATIC_ASSERT (G_N_ELEMENTS (outcome_names) == CP_N_OUTCOMES);
G_STATIC_ASSERT (G_N_ELEMENTS (verdict_names) == CP_N_VERDICTS);
G_STATIC_ASSERT (G_N_ELEMENTS (risk_names) == CP_N_RISKS);
G_STATIC_ASSERT (G_N_ELEMENTS (shortfall_names) == CP_N_SHORTFALLS);

const char *
cp_shortfall_to_string (CpShortfall shortfall)
{
  return (guint) shortfall < CP_N_SHORTFALLS ? shortfall_names[shortfall] : NULL;
}

gboolean
cp_trial_gpu_differs (const CpJob   *job,
                      const CpQuote *trial_quote,
                      const CpQuote *quote)
{
  const CpTrialRun *trial = &job->trial;

  if (trial->peak_memory_bytes <= 0 && trial->tokens_per_s <= 0 && trial->step_s <= 0)
    return FALSE;
  if (trial_quote != NULL)
    return g_strcmp0 (trial_quote->gpu.id, quote->gpu.id) != 0 ||
           trial_quote->gpu.memory_nominal_gb != quote->gpu.memory_nominal_gb ||
           trial_quote->gpu.dense_bf16_flops != quote->gpu.dense_bf16_flops;
  return trial->gpu_dense_flops > 0 && trial->gpu_dense_flops != quote->gpu.dense_bf16_flops;
}

static const CpQuote *
trial_quote (const CpJob   *job,
             const CpQuote *quotes,
             guint          n_quotes)
{
  for (guint i = 0; job->trial.quote_id != NULL && i < n_quotes; i++)
    if (g_strcmp0 (quotes[i].id, job->trial.quote_id) == 0)
      return &quotes[i];
  return NULL;
}

const CpOption *
cp_plan_get_subject (const CpPlan *plan)
{
  int index = plan->recommended >= 0 ? plan->recommended : plan->best_available;

  if (index < 0 || (guint) index >= plan->options->len)
    return NULL;
  return &g_array_index (plan->options, CpOption, index);
}

const char *
cp_rule_to_string (CpRule rule)
{
  return (guint) rule < CP_N_RULES ? rule_names[rule] : NULL;
}

const char *
cp_outcome_to_string (CpOutcome outcome)
{
  return (guint) outcome < CP_N_OUTCOMES ? outcome_names[outcome] : NULL;
}

const char *
cp_verdict_to_string (CpVerdict verdict)
{
  return (guint) verdict < CP_N_VERDICTS ? verdict_names[verdict] : NULL;
}

const char *
cp_risk_to_string (CpRisk risk)
{
  return (guint) risk < CP_N_RISKS ? risk_names[risk] : NULL;
}

void
_cp_plan_add_reason (CpPlan    *plan,
                     CpRule     rule,
                     CpOutcome  outcome,
                     int        quote_index,
                     double     v0,
                     double     v1,
                     double     v2,
                     double     v3)
{
  CpReason reason = { rule, outcome, quote_index, { v0, v1, v2, v3 } };

  g_array_append_val (plan->reasons, reason);
}

static void
add_risk (CpPlan *plan,
          CpRisk  risk)
{
  g_array_append_val (plan->risks, risk);
}

gboolean
_cp_plan_option_is_feasible (const CpJob      *job,
                             const CpEstimate *est)
{
  if (!est->fits || !est->meets_deadline)
    return FALSE;
  /* A cost the model could not compute is no offer to recommend. */
  if (!isfinite (est->total_cost) || !isfinite (est->calendar_days))
    return FALSE;
  /* A service answering slower than its target fails the job as a
   * missed deadline does. */
  if (!cp_job_answer_target_met (job, est->answer_s))
    return FALSE;
  if (job->kind == CP_TASK_INFERENCE)
    return est->requests_per_replica * est->layout.data_parallel >= job->concurrency;
  return TRUE;
}

/* Concurrent requests an estimate serves: 0 for training. */
static double
served_requests (const CpEstimate *est)
{
  return (double) est->requests_per_replica * est->layout.data_parallel;
}

/* Every count up to 64 nodes, then steps of an eighth (72, 81, 91, …) and
 * the most offered: a quote of 10^5 nodes costs about 130 estimates, not
 * 10^5 (seconds per keystroke), and past 64 nodes the count chosen is
 * within an eighth of the one a full sweep would find. */
static guint
next_node_count (guint nodes,
                 guint max_nodes)
{
  guint next = nodes < 64 ? nodes + 1 : nodes + nodes / 8;

  return nodes < max_nodes && next > max_nodes ? max_nodes : next;
}

/* Whether @est stays feasible with every assumption at its pessimistic
 * end (cp-range.h): a count whose own range breaks the deadline or the
 * longest acceptable run is a recommendation its own figures contradict. */
static gboolean
holds_at_pessimistic_end (const CpJob      *job,
                          const CpQuote    *quote,
                          const CpSettings *settings,
                          const CpEstimate *est,
                          CpRange          *range)
{
  CpRange unused;
  CpEstimate pessimistic;

  cp_range_estimate (job, quote, settings, est, range != NULL ? range : &unused, NULL, &pessimistic);
  return _cp_plan_option_is_feasible (job, &pessimistic);
}

/* A count's test against the range, made once: the fastest count is
 * often the cheapest too, and the range of the count offered is the
 * option's (cp_plan_new_without_robustness() asked for it a third time). */
typedef struct {
  gboolean tested;
  gboolean holds;
  CpRange  range;
} RangeTest;

static gboolean
holds_once (const CpJob      *job,
            const CpQuote    *quote,
            const CpSettings *settings,
            const CpEstimate *est,
            RangeTest        *test)
{
  if (!test->tested)
    {
      test->holds = holds_at_pessimistic_end (job, quote, settings, est, &test->range);
      test->tested = TRUE;
    }
  return test->holds;
}

/* The node count offered for one quote. Of the counts that fit, meet the
 * deadline and (for a service) carry the target concurrency, those that
 * still do with every assumption at its pessimistic end come first; among
 * them (or, with none, among all feasible counts) the one with the lowest
 * total cost, since that is what the plan ranks by (more nodes can cost
 * less in all when the run shrinks faster than they grow, or a minimum
 * term is billed anyway), the fewest nodes at equal cost. A count with
 * fewer nodes that costs more is never offered: it also finishes later,
 * losing on both figures shown (issue 20: 204 nodes at 98 days offered
 * over 256 nodes at 78 days and less money). Without a price
 * (@cost_unknown) there is no cost to weigh: the fewest nodes that do it
 * across the range (else the fewest that do it at all), each further node
 * being one more machine to fail, wire and debug (R7). With none
 * feasible, the count with the shortest run that fits; otherwise the most
 * nodes. */
static void
choose_nodes (const CpJob      *job,
              const CpQuote    *quote,
              const CpSettings *settings,
              gboolean          cost_unknown,
              CpOption         *option,
              gboolean         *has_range)
{
  /* Machines with no network between them run the job each alone. */
  guint max_nodes = cp_quote_largest_run_nodes (quote);
  gboolean have_fitting = FALSE;
  g_autoptr(GArray) feasible = g_array_new (FALSE, FALSE, sizeof (CpEstimate));
  /* The caller checked the inputs (cp_plan_new_without_robustness()):
   * the job's constants are worked out once for every node count. */
  g_autoptr(CpEstimateSeries) series = cp_estimate_series_new (job, quote, settings);
  CpEstimate best = { 0 };

  if (job->kind == CP_TASK_DEBUG || job->kind == CP_TASK_DATA_PROCESSING)
    max_nodes = 1;  /* R4: one machine */

  for (guint nodes = 1; nodes <= max_nodes; nodes = next_node_count (nodes, max_nodes))
    {
      CpEstimate est;

      if (!cp_estimate_series_at (series, nodes, &est, NULL))
        break;
      if (_cp_plan_option_is_feasible (job, &est))
        {
          g_array_append_val (feasible, est);
          if (cost_unknown && holds_at_pessimistic_end (job, quote, settings, &est, NULL))
            break;
          continue;
        }
      if (feasible->len > 0)
        continue;
      /* A service short of its answer-time target gets nearer it with
       * more replicas, each running fewer requests at once. */
      if (est.fits && (!have_fitting || est.calendar_days < best.calendar_days ||
                       served_requests (&est) > served_requests (&best) ||
                       (served_requests (&est) == served_requests (&best) &&
                        !cp_job_answer_target_met (job, best.answer_s) && est.answer_s < best.answer_s)))
        {
          best = est;
          have_fitting = TRUE;
        }
      else if (!have_fitting)
        best = est;
    }

  if (feasible->len > 0)
    {
      option->estimate = g_array_index (feasible, CpEstimate, cost_unknown ? feasible->len - 1 : 0);
      option->feasible = TRUE;
      if (cost_unknown)
        {
          /* The last is the first that holds across the range; if none
           * does, the fewest nodes that do it at the expected figures. */
          if (!holds_at_pessimistic_end (job, quote, settings, &option->estimate, NULL))
            option->estimate = g_array_index (feasible, CpEstimate, 0);
          return;
        }
      /* Cheapest first, the fewest nodes at equal cost (the array is by
       * node count), each tested against the range until one holds. The
       * fastest count is tested first: when even it fails at the
       * pessimistic end, none is likely to hold, and the cheapest is
       * offered without a range estimate for every count. */
      {
        guint fastest = 0;
        int offered = -1;
        gboolean any_holds;
        g_autofree gboolean *tried = g_new0 (gboolean, feasible->len);
        g_autofree RangeTest *tests = g_new0 (RangeTest, feasible->len);

        for (guint i = 1; i < feasible->len; i++)
          if (g_array_index (feasible, CpEstimate, i).calendar_days <
              g_array_index (feasible, CpEstimate, fastest).calendar_days)
            fastest = i;
        any_holds = holds_once (job, quote, settings, &g_array_index (feasible, CpEstimate, fastest), &tests[fastest]);
        for (guint tries = 0; tries < feasible->len; tries++)
          {
            int cheapest = -1;

            for (guint i = 0; i < feasible->len; i++)
              if (!tried[i] && (cheapest < 0 || g_array_index (feasible, CpEstimate, i).total_cost <
                                                g_array_index (feasible, CpEstimate, cheapest).total_cost))
                cheapest = (int) i;
            tried[cheapest] = TRUE;
            if (tries == 0)
              offered = cheapest;
            if (!any_holds)
              break;
            if (holds_once (job, quote, settings, &g_array_index (feasible, CpEstimate, cheapest), &tests[cheapest]))
              {
                offered = cheapest;
                break;
              }
          }
        option->estimate = g_array_index (feasible, CpEstimate, offered);
        if (tests[offered].tested)
          {
            option->range = tests[offered].range;
            *has_range = TRUE;
          }
      }
      return;
    }
  option->estimate = best;
  option->feasible = FALSE;
}

/* A total order: a NaN (a figure the model could not compute) ranks after
 * every number, so it can never be the recommendation. */
static int
compare_nan_last (double x,
                  double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) - isnan (y);
  return (x > y) - (x < y);
}

/* R1 says: over 3× go to a cluster directly, so a single machine that
 * only fits by a technique beyond that gap is not offered. */
static gboolean
ruled_out_by_memory_gap (const CpOption   *option,
                         const CpSettings *settings)
{
  return option->estimate.nodes == 1 && option->estimate.technique != CP_TECHNIQUE_AS_CONFIGURED &&
         option->estimate.memory_gap > settings->judgement_gap_high;
}

/* An option that runs the job, feasible or not: it fits, R1 does not rule
 * it out and its figures are numbers. Only these can be the best
 * available. */
/* Whether no option runs for a part of the layout the job pins (none
 * for its memory). */
static gboolean
every_layout_refused (const CpPlan *plan)
{
  for (guint i = 0; i < plan->options->len; i++)
    if (!cp_estimate_layout_refused (&g_array_index (plan->options, CpOption, i).estimate))
      return FALSE;
  return plan->options->len > 0;
}

static gboolean
option_runs (const CpOption *option)
{
  return option->estimate.fits && !option->ruled_out &&
         isfinite (option->estimate.total_cost) && isfinite (option->estimate.calendar_days);
}

/* @days as the tables and sentences show them (cp_days_decimals()). */
static double
days_as_shown (double days)
{
  double scale = pow (10.0, cp_days_decimals (days));

  return isfinite (days) ? round (days * scale) / scale : days;
}

typedef struct {
  gboolean cost_unknown;     /* the plan's */
  double   answer_within_s;  /* the job's answer-time target, 0: none */
} RankContext;

/* Feasible options without a price (@context's cost_unknown) rank by the
 * fewest nodes, then the soonest finish. */
static int
compare_options (gconstpointer a,
                 gconstpointer b,
                 gpointer      context)
{
  const CpOption *x = a;
  const CpOption *y = b;
  const RankContext *rank = context;

  if (x->feasible != y->feasible)
    return x->feasible ? -1 : 1;
  if (option_runs (x) != option_runs (y))
    return option_runs (x) ? -1 : 1;
  if (x->estimate.fits != y->estimate.fits)
    return x->estimate.fits ? -1 : 1;
  if (x->feasible && rank->cost_unknown)
    {
      int by_days = compare_nan_last (x->estimate.calendar_days, y->estimate.calendar_days);

      if (x->estimate.nodes != y->estimate.nodes)
        return x->estimate.nodes < y->estimate.nodes ? -1 : 1;
      if (by_days != 0)
        return by_days;
    }
  else if (x->feasible)
    {
      /* By the totals as shown, to the whole unit: two options 0.4 CNY
       * apart read as equal in the table and the chart, and one ranked
       * first as "cheaper" (issue 22). Equal so, the sooner finish as
       * shown ranks first, then the fewer nodes, as R6 says. */
      int by_cost = compare_nan_last (round (x->estimate.total_cost), round (y->estimate.total_cost));
      int by_days = compare_nan_last (days_as_shown (x->estimate.calendar_days),
                                      days_as_shown (y->estimate.calendar_days));

      if (by_cost != 0)
        return by_cost;
      if (by_days != 0)
        return by_days;
      if (x->estimate.nodes != y->estimate.nodes)
        return x->estimate.nodes < y->estimate.nodes ? -1 : 1;
      by_cost = compare_nan_last (x->estimate.total_cost, y->estimate.total_cost);
      if (by_cost != 0)
        return by_cost;
    }
  else
    {
      /* A service that carries more of its target is nearer feasible; for
       * training both serve none and the soonest finish ranks first, by
       * the days as shown: a difference they cannot show is none, and the
       * cheaper ranks first. Two H800 machines both "9.7 days" put the
       * one 17,000 CNY dearer first on a quarter of an hour (walk42 F18). */
      int by_served = compare_nan_last (served_requests (&y->estimate), served_requests (&x->estimate));
      int by_days = compare_nan_last (days_as_shown (x->estimate.calendar_days),
                                      days_as_shown (y->estimate.calendar_days));
      int by_cost = compare_nan_last (x->estimate.total_cost, y->estimate.total_cost);

      if (by_served != 0)
        return by_served;
      /* Serving alike, the one that answers sooner is nearer a target
       * neither meets. */
      if (rank->answer_within_s > 0 && x->estimate.answer_s != y->estimate.answer_s)
        return compare_nan_last (x->estimate.answer_s, y->estimate.answer_s);
      if (by_days != 0)
        return by_days;
      if (by_cost != 0)
        return by_cost;
    }
  return x->quote_index - y->quote_index;
}

static const CpOption *
best_option (const CpPlan *plan,
             gboolean      cluster,
             gboolean      feasible_only)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      if ((option->estimate.nodes > 1) == cluster && (!feasible_only || option->feasible))
        return option;
    }
  return NULL;
}

/* One machine of @quote running @job, for R1 and R7, which ask what one
 * machine can hold and how fast, not whether the layout pinned for a
 * cluster fits on one: a pinned split one node cannot take (TP 8 × PP 8 on
 * eight GPUs) is dropped and the search fills it, so a pinned job keeps
 * its memory reason and signals (issue 20: a 4.41× gap printed, no R1). */
static gboolean
estimate_one_machine (const CpJob      *job,
                      const CpQuote    *quote,
                      const CpSettings *settings,
                      CpEstimate       *est)
{
  CpJob unpinned;

  if (!cp_estimate (job, quote, 1, settings, est, NULL))
    return FALSE;
  if (!cp_estimate_layout_refused (est))
    return TRUE;
  /* A shallow copy, only read. */
  unpinned = *job;
  unpinned.tensor_parallel = 0;
  unpinned.pipeline_parallel = 0;
  unpinned.expert_parallel = 0;
  unpinned.virtual_stages = 0;
  return cp_estimate (&unpinned, quote, 1, settings, est, NULL);
}

static void
reason_memory (CpPlan           *plan,
               const CpJob      *job,
               const CpQuote    *quotes,
               const CpSettings *settings,
               const CpOption   *subject)
{
  const CpEstimate *est = &subject->estimate;
  const CpQuote *quote = &quotes[subject->quote_index];
  double node_bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * quote->gpus_per_node;
  CpEstimate one_node;
  gboolean one_node_ok = estimate_one_machine (job, quote, settings, &one_node);
  int q = subject->quote_index;

  /* A layout one machine cannot take even unpinned says nothing of memory. */
  if (one_node_ok && cp_estimate_layout_refused (&one_node))
    return;
  if (one_node_ok && one_node.fits && one_node.technique == CP_TECHNIQUE_AS_CONFIGURED)
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_FITS, q, est->memory_gap, est->total_memory_bytes, node_bytes, 0);
  /* Within R1's reach of techniques, offload would have closed the gap
   * but for the machine's RAM: that, not the GPUs, sends the job on. */
  else if (one_node_ok && !one_node.fits && one_node.offload_refused_host_bytes > 0 &&
           est->memory_gap <= settings->judgement_gap_high)
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_HOST_MEMORY_SHORT, q, est->memory_gap,
                         one_node.offload_refused_host_bytes, quote->host_memory_per_node_bytes, 0);
  else if (est->memory_gap > settings->judgement_gap_high)
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_GAP_NEEDS_CLUSTER, q, est->memory_gap, est->total_memory_bytes, node_bytes, 0);
  else if (est->memory_gap > settings->judgement_gap_low)
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_JUDGEMENT_ZONE, q, est->memory_gap,
                         one_node_ok && one_node.fits ? (double) one_node.technique : -1.0,
                         one_node.memory_per_gpu_bytes, one_node.available_per_gpu_bytes);
  else if (one_node_ok && one_node.fits)
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_FITS_WITH_TECHNIQUE, q, est->memory_gap,
                         (double) one_node.technique, one_node.memory_per_gpu_bytes, one_node.available_per_gpu_bytes);
  else
    _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_TECHNIQUES_FAIL, q, est->memory_gap, est->total_memory_bytes, node_bytes, 0);
}

/* The best the job can do on one machine of any quote: the cheapest that
 * is feasible (without a price, the soonest), else the one that fits and
 * finishes first, else any. */
static gboolean
best_single_machine (const CpPlan     *plan,
                     const CpJob      *job,
                     const CpQuote    *quotes,
                     guint             n_quotes,
                     const CpSettings *settings,
                     int              *quote_index,
                     CpEstimate       *best,
                     gboolean         *feasible)
{
  gboolean found = FALSE;

  *feasible = FALSE;
  for (guint i = 0; i < n_quotes; i++)
    {
      CpEstimate est;
      gboolean ok;

      if (!estimate_one_machine (job, &quotes[i], settings, &est))
        continue;
      ok = _cp_plan_option_is_feasible (job, &est);
      if (!found ||
          (ok && (!*feasible || (plan->cost_unknown ? est.calendar_days < best->calendar_days
                                                    : est.total_cost < best->total_cost))) ||
          (!ok && !*feasible && est.fits && (!best->fits || est.calendar_days < best->calendar_days)))
        {
          *best = est;
          *quote_index = (int) i;
          *feasible = ok;
          found = TRUE;
        }
    }
  return found;
}

/* R7: the four signals that a single machine has reached its limit,
 * judged on the best single machine among all quotes (one node of a
 * cluster offer counts). */
static void
reason_signals (CpPlan           *plan,
                const CpJob      *job,
                const CpQuote    *quotes,
                guint             n_quotes,
                const CpSettings *settings)
{
  const CpOption *cluster_ok = best_option (plan, TRUE, TRUE);
  CpEstimate single = { 0 };
  gboolean single_ok = FALSE;
  int q = -1;
  guint fired = 0;

  if (best_single_machine (plan, job, quotes, n_quotes, settings, &q, &single, &single_ok))
    {
      if (cp_task_kind_is_training (job->kind) && !single.fits && !cp_estimate_layout_refused (&single))
        {
          _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_MEMORY, q, single.memory_gap, 0, 0, 0);
          fired++;
        }
      if (single.fits && !single.meets_deadline && cp_job_deadline_days (job) > 0)
        {
          _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_DEADLINE, q,
                               single.calendar_days, cp_job_deadline_days (job), 0, 0);
          fired++;
        }
      /* With no deadline, the longest acceptable run stands in for one. */
      else if (single.fits && !single.meets_deadline)
        {
          _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_TRAINING_TIME, q,
                               single.run_days, single.longest_run_days, 0, 0);
          fired++;
        }
      if (job->kind == CP_TASK_INFERENCE && single.fits && !single_ok)
        {
          _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_CONCURRENCY, q,
                               job->concurrency, single.requests_per_replica * single.layout.data_parallel, 0, 0);
          fired++;
        }
      if (single_ok && cluster_ok != NULL && !plan->cost_unknown &&
          single.total_cost > cluster_ok->estimate.total_cost)
        {
          _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_SIGNAL_PREMIUM, cluster_ok->quote_index,
                               single.total_cost, cluster_ok->estimate.total_cost, q, 0);
          fired++;
        }
    }
  if (fired == 0)
    _cp_plan_add_reason (plan, CP_RULE_R7_CLUSTER_SIGNALS, CP_OUTCOME_NO_SIGNAL, -1, 0, 0, 0, 0);
}

/* The cluster R5 and R8 speak of: the best-ranked option on several
 * nodes, else (no cluster was chosen) the whole offer of the best-ranked
 * cluster quote, the one the results show beside it. FALSE with neither. */
static gboolean
cluster_beside (const CpPlan      *plan,
                int               *quote_index,
                const CpEstimate **estimate)
{
  const CpOption *split = best_option (plan, TRUE, FALSE);

  if (split != NULL)
    {
      *quote_index = split->quote_index;
      *estimate = &split->estimate;
      return TRUE;
    }
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      if (option->has_full_offer && option->full_offer.nodes > 1)
        {
          *quote_index = option->quote_index;
          *estimate = &option->full_offer;
          return TRUE;
        }
    }
  return FALSE;
}

/* R8 on one cluster estimate: its migration and the rest of its calendar;
 * none counted: the earlier job the team's experience comes from, or -1. */
static void
reason_migration (CpPlan           *plan,
                  const CpJob      *job,
                  int               quote_index,
                  const CpEstimate *est)
{
  if (est->migration_days > 0)
    _cp_plan_add_reason (plan, CP_RULE_R8_MIGRATION, CP_OUTCOME_MIGRATION_COUNTED, quote_index,
                         est->migration_days, est->engineering_cost, est->run_days, est->debug_days);
  else
    _cp_plan_add_reason (plan, CP_RULE_R8_MIGRATION, CP_OUTCOME_MIGRATION_NONE, quote_index,
                         job->team_experience_from_job, 0, 0, 0);
}

static void
reason_split (CpPlan           *plan,
              const CpJob      *job,
              const CpQuote    *quotes,
              const CpSettings *settings)
{
  const CpEstimate *est;
  CpOutcome outcome;
  int quote_index;

  /* A cluster that cannot run the job has no split to weigh. */
  if (!cluster_beside (plan, &quote_index, &est) || !est->fits)
    return;

  /* At equal times the split waits as long as it computes: that is no
   * longer compute dominating, so 1.0 counts as communication. A split
   * that would pay under a single-machine recommendation is said to be
   * not needed, and one that does not pay under a cluster recommendation
   * (one machine cannot do the job) is said to be needed all the same,
   * so R5 never argues against the verdict. */
  if (est->comm_compute_ratio >= 1.0 && plan->recommended >= 0 &&
      g_array_index (plan->options, CpOption, plan->recommended).estimate.nodes > 1)
    outcome = CP_OUTCOME_COMMUNICATION_DOMINATES_CLUSTER_NEEDED;
  else if (est->comm_compute_ratio >= 1.0)
    outcome = CP_OUTCOME_COMMUNICATION_DOMINATES;
  else if (plan->recommended >= 0 &&
           g_array_index (plan->options, CpOption, plan->recommended).estimate.nodes <= 1)
    outcome = CP_OUTCOME_SPLIT_NOT_NEEDED;
  else
    outcome = CP_OUTCOME_COMPUTE_DOMINATES;
  _cp_plan_add_reason (plan, CP_RULE_R5_SPLIT_BENEFIT, outcome,
                       quote_index, est->comm_compute_ratio, est->compute_s, est->communication_s, est->nodes);
}

/* Beyond a cluster quote's offer, the fewest nodes (up to eight times
 * those offered: further is no longer a question for this vendor) that
 * would finish by the deadline. Within the offer
 * choose_nodes has already tried every count. */
static gboolean
nodes_beyond_offer (const CpJob      *job,
                    const CpQuote    *quote,
                    const CpSettings *settings,
                    CpEstimate       *out)
{
  guint offered = MAX (quote->nodes_available, 1);
  guint most = offered * 8;
  /* The same offer as if the vendor had the nodes: a shallow copy, only
   * read. */
  CpQuote larger = *quote;

  larger.nodes_available = most;
  for (guint nodes = offered + 1; nodes <= most; nodes = next_node_count (nodes, most))
    {
      CpEstimate est;

      if (!cp_estimate (job, &larger, nodes, settings, &est, NULL))
        return FALSE;
      if (_cp_plan_option_is_feasible (job, &est))
        {
          *out = est;
          return TRUE;
        }
    }
  return FALSE;
}

/* At most this many options say what would change the answer: the best
 * available and the next cluster quotes; further lines only repeat that
 * slower options need still longer. */
#define MAX_CHANGED_OPTIONS 3

/* R6 when nothing is feasible: cannot run at all, or the best available
 * with what would change the answer. For the best available and the
 * cluster quotes after it, the deadline each would need (its soonest
 * finish, already the fastest node count of its offer) and, for a cluster
 * quote, the node count beyond the offer that would meet it, if one does. */
static void
reason_best_available (CpPlan           *plan,
                       const CpJob      *job,
                       const CpQuote    *quotes,
                       const CpSettings *settings)
{
  const CpOption *best = cp_plan_get_subject (plan);
  double limit_days;

  if (plan->shortfall == CP_SHORTFALL_MEMORY)
    {
      _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_NOTHING_FITS, -1, plan->options->len, 0, 0, 0);
      return;
    }
  /* The verdict and each option's refusal say why the layout cannot run. */
  if (plan->shortfall == CP_SHORTFALL_LAYOUT)
    return;
  if (best == NULL)
    return;

  limit_days = cp_job_deadline_days (job) > 0 ? cp_job_deadline_days (job) : best->estimate.longest_run_days;
  _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_BEST_AVAILABLE, best->quote_index,
                       plan->shortfall == CP_SHORTFALL_CONCURRENCY ? served_requests (&best->estimate)
                       : plan->shortfall == CP_SHORTFALL_ANSWER_TIME ? best->estimate.answer_s
                                                          : best->estimate.calendar_days,
              best->estimate.total_cost, best->estimate.nodes, limit_days);
  if (plan->shortfall != CP_SHORTFALL_DEADLINE && plan->shortfall != CP_SHORTFALL_LONGEST_RUN)
    return;

  for (guint i = 0, shown = 0; i < plan->options->len && shown < MAX_CHANGED_OPTIONS; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = &quotes[option->quote_index];
      CpEstimate more;
      /* With no deadline the longest acceptable run bounds the run, not the
       * calendar. */
      double needed_days = cp_job_deadline_days (job) > 0 ? option->estimate.calendar_days : option->estimate.run_days;

      if (!option_runs (option) || (option != best && !cp_quote_is_cluster (quote)))
        continue;
      shown++;
      if (cp_quote_is_cluster (quote) && nodes_beyond_offer (job, quote, settings, &more))
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_NODES_MEET_DEADLINE, option->quote_index,
                             more.nodes, cp_job_deadline_days (job) > 0 ? more.calendar_days : more.run_days,
                             more.total_cost, limit_days);
      /* The days as the estimate has them: the words round them up for the
       * limit they say (cp_words_limit_days), not for the run itself. */
      _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_DEADLINE_NEEDED, option->quote_index,
                           needed_days, option->estimate.nodes, option->estimate.total_cost, limit_days);
    }
}

static void
add_risks (CpPlan        *plan,
           const CpJob   *job,
           const CpQuote *quotes,
           guint          n_quotes,
           const CpQuote *subject_quote,
           gboolean       cluster)
{
  if (job->kind == CP_TASK_INFERENCE)
    {
      add_risk (plan, cluster ? CP_RISK_TRAFFIC_MISJUDGED : CP_RISK_INFLEXIBLE_SCALING);
      add_risk (plan, cluster ? CP_RISK_IDLE_CAPACITY : CP_RISK_SINGLE_POINT_OF_FAILURE);
    }
  else if (cluster)
    {
      /* The article's table names setup for the single machine, but every
       * node of a cluster is set up too, NCCL across them as well: the
       * demo's 80-GPU pretraining, the job with the most of it, was the
       * one training job left out of the setup risk (approver 36, D7). */
      add_risk (plan, CP_RISK_SETUP_TIME);
      add_risk (plan, CP_RISK_COMMUNICATION_BOTTLENECK);
      add_risk (plan, CP_RISK_SCHEDULER_LEARNING);
    }
  else
    {
      add_risk (plan, CP_RISK_SETUP_TIME);
      if (cp_trial_gpu_differs (job, trial_quote (job, quotes, n_quotes), subject_quote))
        add_risk (plan, CP_RISK_GPU_MISMATCH);
      /* One machine fails at the same rate per GPU as a cluster, with
       * nothing to take over (cp-goodput.h). */
      if (cp_task_kind_is_training (job->kind))
        add_risk (plan, CP_RISK_SINGLE_POINT_OF_FAILURE);
    }
}

/* @earlier's option for quote @quote_index, if @unchanged says the quote
 * is as it was planned then and @earlier ranked in the same way (with or
 * without prices), else NULL: the option is worked out again. */
static const CpOption *
earlier_option (const CpPlan   *earlier,
                const gboolean *unchanged,
                guint           quote_index,
                gboolean        cost_unknown)
{
  if (earlier == NULL || !unchanged[quote_index] || earlier->cost_unknown != cost_unknown)
    return NULL;
  for (guint i = 0; i < earlier->options->len; i++)
    if (g_array_index (earlier->options, CpOption, i).quote_index == (int) quote_index)
      return &g_array_index (earlier->options, CpOption, i);
  return NULL;
}

/* Every quote's option, in the quotes' order, each with its range: taken
 * from @earlier where its quote is unchanged, else worked out, @stop
 * asked first. FALSE when @stop said to stop: @plan then has the options
 * made by then and every one @earlier gives. A quote the model cannot use is left out, not guessed at,
 * and so is one still lacking its price (shown as incomplete); a cluster
 * still lacking its network's NICs or rate is planned on one machine,
 * which needs none (walkthrough 34: the demo's runner-up vanished with
 * its NIC count). With no complete quote, those lacking only a price
 * still tell what their hardware can run (cost_unknown). */
static gboolean
add_options (CpPlan           *plan,
             const CpJob      *job,
             const CpQuote    *quotes,
             guint             n_quotes,
             const CpSettings *settings,
             const CpPlan     *earlier,
             const gboolean   *unchanged,
             CpPlanStopFunc    stop,
             gpointer          stop_data)
{
  gboolean stopped = FALSE;

  for (guint pass = 0; pass < 2 && plan->options->len == 0 && !stopped; pass++)
    {
      /* A cluster lacking its network's figures is still one machine. */
      CpQuoteMissing allowed = pass == 0 ? CP_QUOTE_MISSING_NETWORK
                                         : CP_QUOTE_MISSING_NETWORK | CP_QUOTE_MISSING_PRICE |
                                           CP_QUOTE_MISSING_EXCHANGE_RATE;

      plan->cost_unknown = pass > 0;
      for (guint i = 0; i < n_quotes; i++)
        {
          CpOption option = { (int) i };
          const CpOption *kept;
          gboolean has_range = FALSE;

          if ((cp_quote_get_missing_in (&quotes[i], settings) & ~allowed) != 0 ||
              !cp_estimate_check_inputs (job, &quotes[i], settings, NULL))
            continue;
          /* An option depends on its own quote alone (with the job and the
           * settings): one quote's price edited, the other options are
           * those planned before, figure for figure. */
          if ((kept = earlier_option (earlier, unchanged, i, plan->cost_unknown)) != NULL)
            {
              g_array_append_vals (plan->options, kept, 1);
              continue;
            }
          if (stopped || (stop != NULL && (stopped = stop (stop_data))))
            continue;
          choose_nodes (job, &quotes[i], settings, plan->cost_unknown, &option, &has_range);
          if (cp_quote_largest_run_nodes (&quotes[i]) > 1 && option.estimate.nodes < quotes[i].nodes_available &&
              job->kind != CP_TASK_DEBUG && job->kind != CP_TASK_DATA_PROCESSING)
            option.has_full_offer = cp_estimate_checked (job, &quotes[i], quotes[i].nodes_available, settings,
                                                         &option.full_offer, NULL);
          if (!has_range)
            cp_range_estimate (job, &quotes[i], settings, &option.estimate, &option.range, NULL, NULL);
          g_array_append_val (plan->options, option);
        }
    }
  return !stopped;
}

/* cp_plan_new_until(), which the others are. */
static CpPlan *
plan_new (const CpJob      *job,
          const CpQuote    *quotes,
          guint             n_quotes,
          const CpSettings *settings,
          const CpPlan     *earlier,
          const gboolean   *unchanged,
          CpPlanStopFunc    stop,
          gpointer          stop_data,
          CpPlan          **partial)
{
  CpPlan *plan = g_new0 (CpPlan, 1);
  const CpOption *first;
  const CpOption *subject;
  gboolean cluster;
  double measured_concurrency = 0;

  plan->options = g_array_sized_new (FALSE, TRUE, sizeof (CpOption), n_quotes);
  plan->reasons = g_array_new (FALSE, TRUE, sizeof (CpReason));
  plan->risks = g_array_new (FALSE, TRUE, sizeof (CpRisk));
  plan->recommended = -1;
  plan->best_available = -1;
  plan->shortfall = CP_SHORTFALL_NONE;
  plan->verdict = CP_VERDICT_NOT_FEASIBLE;
  plan->verdict_robust = TRUE;
  plan->robustness_reason_at = -1;
  plan->team_assumed = !job->team_stated;
  plan->deadline_days = cp_job_deadline_days (job);
  plan->month_minimum_winner = -1;
  plan->unstated_costs_winner = -1;
  plan->network_fee_estimate_quote = -1;

  if (!add_options (plan, job, quotes, n_quotes, settings, earlier, unchanged, stop, stop_data))
    {
      *partial = plan;
      return NULL;
    }
  if (plan->options->len == 0)
    plan->cost_unknown = FALSE;

  for (guint i = 0; i < plan->options->len; i++)
    {
      CpOption *option = &g_array_index (plan->options, CpOption, i);
      if (ruled_out_by_memory_gap (option, settings))
        {
          option->ruled_out = TRUE;
          option->feasible = FALSE;
        }
    }

  {
    RankContext rank = { plan->cost_unknown, job->kind == CP_TASK_INFERENCE ? job->answer_within_s : 0 };

    g_array_sort_with_data (plan->options, compare_options, &rank);
  }
  for (guint i = 0; i < plan->options->len; i++)
    g_array_index (plan->options, CpOption, i).rank = i + 1;

  if (plan->options->len == 0)
    {
      plan->shortfall = CP_SHORTFALL_NO_QUOTE;
      return plan;
    }

  first = &g_array_index (plan->options, CpOption, 0);
  /* With none feasible the ranking puts those that run first, soonest
   * finish first: the first of them is the best available. */
  if (!first->feasible)
    {
      if (!option_runs (first))
        plan->shortfall = every_layout_refused (plan) ? CP_SHORTFALL_LAYOUT : CP_SHORTFALL_MEMORY;
      else
        {
          plan->best_available = 0;
          /* Carrying the concurrency, it falls short of the answer time. */
          if (job->kind == CP_TASK_INFERENCE && served_requests (&first->estimate) >= job->concurrency &&
              !cp_job_answer_target_met (job, first->estimate.answer_s))
            plan->shortfall = CP_SHORTFALL_ANSWER_TIME;
          else if (job->kind == CP_TASK_INFERENCE)
            plan->shortfall = CP_SHORTFALL_CONCURRENCY;
          else if (cp_job_deadline_days (job) > 0)
            plan->shortfall = CP_SHORTFALL_DEADLINE;
          else
            plan->shortfall = CP_SHORTFALL_LONGEST_RUN;
        }
    }
  if (first->feasible)
    {
      plan->recommended = 0;
      if (first->estimate.nodes > 1)
        plan->verdict = CP_VERDICT_CLUSTER;
      else if (first->estimate.technique != CP_TECHNIQUE_AS_CONFIGURED)
        plan->verdict = CP_VERDICT_SINGLE_MACHINE_WITH_TECHNIQUE;
      else
        plan->verdict = CP_VERDICT_SINGLE_MACHINE;
    }
  subject = first;
  cluster = subject->estimate.nodes > 1;

  /* R1 and R2 */
  if (cp_task_kind_is_training (job->kind))
    {
      reason_memory (plan, job, quotes, settings, subject);
      /* A machine left out only by the host memory its quote states says
       * so too: an honest "1 TB" otherwise lost, without a word, to a
       * quote stating none (walkthrough 5, N1). */
      for (guint i = 0; i < plan->options->len; i++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, i);

          if (option != subject && option->estimate.offload_refused_host_bytes > 0)
            _cp_plan_add_reason (plan, CP_RULE_R1_MEMORY_GAP, CP_OUTCOME_HOST_MEMORY_SHORT, option->quote_index,
                                 option->estimate.memory_gap, option->estimate.offload_refused_host_bytes,
                                 quotes[option->quote_index].host_memory_per_node_bytes, 0);
        }
      /* R2 speaks when the full fine-tune is beyond what memory techniques
       * recover on one machine (R1's 2×), or a cluster was chosen anyway. */
      if (job->kind == CP_TASK_FULL_FINETUNE &&
          (subject->estimate.memory_gap > settings->judgement_gap_low || cluster))
        _cp_plan_add_reason (plan, CP_RULE_R2_FINETUNE_KIND, CP_OUTCOME_FULL_FINETUNE_CLUSTER, subject->quote_index,
                             job->model.params, 0, 0, 0);
      else if (job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA)
        {
          const CpQuote *quote = &quotes[subject->quote_index];
          double one_gpu = cp_estimate_memory_per_gpu_bytes (job, CP_TECHNIQUE_AS_CONFIGURED, 1, settings);
          double available = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
          _cp_plan_add_reason (plan, CP_RULE_R2_FINETUNE_KIND,
                               one_gpu <= available ? CP_OUTCOME_PEFT_SINGLE_GPU : CP_OUTCOME_PEFT_NEEDS_MORE,
                               subject->quote_index, job->model.params, one_gpu, available, 0);
        }
    }

  /* R3 */
  if (job->kind == CP_TASK_INFERENCE)
    {
      const CpEstimate *est = &subject->estimate;
      const CpQuote *quote = &quotes[subject->quote_index];
      double node_bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * quote->gpus_per_node;

      if (est->max_concurrency <= 0)
        _cp_plan_add_reason (plan, CP_RULE_R3_INFERENCE_CONCURRENCY, CP_OUTCOME_MODEL_DOES_NOT_FIT, subject->quote_index,
                             est->weights_bytes * est->gpus, node_bytes, 0, 0);
      else if (est->nodes_needed <= 1)
        _cp_plan_add_reason (plan, CP_RULE_R3_INFERENCE_CONCURRENCY, CP_OUTCOME_CONCURRENCY_ONE_NODE, subject->quote_index,
                             job->concurrency, est->requests_per_replica, est->replicas_needed, est->replicas_per_node);
      else
        _cp_plan_add_reason (plan, CP_RULE_R3_INFERENCE_CONCURRENCY, CP_OUTCOME_CONCURRENCY_CLUSTER, subject->quote_index,
                             job->concurrency, est->requests_per_replica, est->replicas_needed, est->nodes_needed);
      /* Each quote that carries the requests but makes its users wait
       * longer than the target, at its fastest node count when none
       * meets it (choose_nodes()). */
      for (guint i = 0; i < plan->options->len; i++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, i);

          if (option_runs (option) && served_requests (&option->estimate) >= job->concurrency &&
              !cp_job_answer_target_met (job, option->estimate.answer_s))
            _cp_plan_add_reason (plan, CP_RULE_R3_INFERENCE_CONCURRENCY, CP_OUTCOME_ANSWER_OVER_TARGET,
                                 option->quote_index, option->quote_index, option->estimate.answer_s,
                                 job->answer_within_s, 0);
        }
    }

  /* R4 */
  if (job->kind == CP_TASK_DEBUG || job->kind == CP_TASK_DATA_PROCESSING)
    _cp_plan_add_reason (plan, CP_RULE_R4_SINGLE_MACHINE_WORK, CP_OUTCOME_SINGLE_MACHINE_WORK, subject->quote_index,
                         job->kind, 0, 0, 0);
  /* Debugging of a run that cannot happen has no days or cost. */
  else if (cp_task_kind_is_training (job->kind) && subject->estimate.fits)
    _cp_plan_add_reason (plan, CP_RULE_R4_SINGLE_MACHINE_WORK, CP_OUTCOME_DEBUG_SHARE, subject->quote_index,
                         settings->debug_share, subject->estimate.debug_days, subject->estimate.debug_cost,
                         subject->estimate.calendar_days > 0 ? subject->estimate.debug_days / subject->estimate.calendar_days : 0);

  /* R5: the split's benefit, on the cluster chosen, else on the smallest
   * split (two nodes) of the best-ranked cluster quote. */
  if (cp_task_kind_is_training (job->kind))
    reason_split (plan, job, quotes, settings);

  /* R6: without a price, that the cost and the ranking need one; else
   * the cheapest total, or what would change the answer. */
  if (plan->cost_unknown)
    {
      _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_COST_NEEDS_PRICE, -1, plan->options->len, 0, 0, 0);
      if (!first->feasible)
        reason_best_available (plan, job, quotes, settings);
      /* Without a price the question is what the hardware needs: a job
       * that runs but needs more machines than offered (R3's replicas, or
       * the nodes R6 finds beyond the offer) needs a cluster. */
      for (guint i = 0; i < plan->reasons->len && !first->feasible; i++)
        {
          CpOutcome outcome = g_array_index (plan->reasons, CpReason, i).outcome;

          if (outcome == CP_OUTCOME_CONCURRENCY_CLUSTER || outcome == CP_OUTCOME_NODES_MEET_DEADLINE)
            plan->verdict = CP_VERDICT_CLUSTER;
        }
    }
  else if (first->feasible)
    {
      guint cheaper_by_unit_price = 0;
      double runner_up = 0;   /* 0: none; never NaN, reports print every value */

      for (guint i = 1; i < plan->options->len; i++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, i);
          if (option->feasible)
            {
              runner_up = option->estimate.total_cost;
              break;
            }
        }
      for (guint i = 0; i < plan->options->len; i++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, i);
          /* Unit prices on the one basis totals are compared on: with VAT. */
          if (cp_quote_price_per_gpu_hour (&quotes[option->quote_index], settings) *
              cp_quote_vat_factor (&quotes[option->quote_index], settings) <
              cp_quote_price_per_gpu_hour (&quotes[first->quote_index], settings) *
              cp_quote_vat_factor (&quotes[first->quote_index], settings))
            cheaper_by_unit_price++;
        }
      _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_CHEAPEST_TOTAL, first->quote_index,
                           first->estimate.total_cost, runner_up, cheaper_by_unit_price + 1, 1);
    }
  else
    reason_best_available (plan, job, quotes, settings);
  /* Nothing to move with no option, or none that fits: the larger
   * overhead only fits fewer. */
  if (plan->shortfall != CP_SHORTFALL_MEMORY && plan->shortfall != CP_SHORTFALL_LAYOUT)
    plan->robustness_reason_at = plan->reasons->len;
  for (guint i = 0; i < n_quotes; i++)
    {
      double low, high;

      if (!cp_quote_price_is_plausible (&quotes[i], settings) && cp_quote_plausible_price_band (&quotes[i], &low, &high))
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_IMPLAUSIBLE_PRICE, (int) i, i,
                             cp_quote_price_per_gpu_hour (&quotes[i], settings), low, high);
      if (cp_quote_is_cluster (&quotes[i]) && quotes[i].sharing == CP_SHARING_UNKNOWN)
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_ASK_BANDWIDTH, (int) i, i, 0, 0, 0);
      /* A training run also writes its checkpoints there, at a speed the
       * storage kind sets (cp-goodput.h). */
      if (quotes[i].storage == CP_STORAGE_UNKNOWN && (job->storage_tb > 0 || cp_task_kind_is_training (job->kind)))
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_ASK_STORAGE, (int) i, i, 0, 0, 0);
    }
  /* An option that offloads assumes the RAM its quote does not state;
   * one of machines with no network between them ran on one of them. */
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (cp_quote_is_separate_machines (&quotes[option->quote_index]))
        _cp_plan_add_reason (plan, CP_RULE_R5_SPLIT_BENEFIT, CP_OUTCOME_SEPARATE_MACHINES, option->quote_index,
                             quotes[option->quote_index].nodes_available, 0, 0, 0);

      if (option->estimate.host_memory_per_node_bytes > 0 &&
          quotes[option->quote_index].host_memory_per_node_bytes <= 0)
        _cp_plan_add_reason (plan, CP_RULE_R6_TOTAL_COST, CP_OUTCOME_ASK_HOST_MEMORY, option->quote_index,
                             option->quote_index, option->estimate.host_memory_per_node_bytes, 0, 0);
    }

  /* R7 */
  reason_signals (plan, job, quotes, n_quotes, settings);

  /* R8, on the cluster recommended, else for training on the cluster the
   * results set beside the recommendation (R5's): its calendar in full, so
   * that the words can say where a cluster's days go. */
  if (cluster)
    reason_migration (plan, job, subject->quote_index, &subject->estimate);
  else if (cp_task_kind_is_training (job->kind))
    {
      const CpEstimate *whole = NULL;
      int whole_quote = -1;

      if (cluster_beside (plan, &whole_quote, &whole) && whole->migration_days > 0)
        reason_migration (plan, job, whole_quote, whole);
    }
  /* Who runs a quote's machines matters only if the job can run on
   * them: the no-fit project's 70B job was told to arrange operations
   * support "before renting" an 8 × 4090 it fits on at no node count
   * (approver 36, D13). */
  if (!job->team_has_ops_engineer && subject->estimate.fits)
    {
      CpOfferingKind offering = quotes[subject->quote_index].offering;
      if (offering == CP_OFFERING_BARE_METAL || offering == CP_OFFERING_BARE_METAL_CLUSTER)
        _cp_plan_add_reason (plan, CP_RULE_R8_MIGRATION, CP_OUTCOME_PREFER_HOSTED, subject->quote_index, 0, 0, 0, 0);
    }

  /* R9: a serving trial's concurrency is named where an option used it,
   * as vLLM computes it, the cache's tokens over the request (I6). */
  for (guint i = 0; i < plan->options->len && job->kind == CP_TASK_INFERENCE; i++)
    {
      const CpEstimate *est = &g_array_index (plan->options, CpOption, i).estimate;
      if (est->kv_measured || est->kv_extrapolated)
        measured_concurrency = job->trial.kv_cache_tokens / job->context_len;
    }
  if (job->trial.peak_memory_bytes > 0 || job->trial.tokens_per_s > 0 || job->trial.step_s > 0 ||
      measured_concurrency > 0)
    _cp_plan_add_reason (plan, CP_RULE_R9_TRIAL_RUN, CP_OUTCOME_TRIAL_USED, -1, job->trial.peak_memory_bytes,
                         job->trial.tokens_per_s, job->trial.communication_share, measured_concurrency);
  else
    _cp_plan_add_reason (plan, CP_RULE_R9_TRIAL_RUN, CP_OUTCOME_TRIAL_MISSING, -1, 0, 0, 0, 0);

  /* A job no quote can run has no run to put at risk: its setup, single
   * point of failure and network were listed for options it fits on
   * none of (approver 36, D13). */
  if (subject->estimate.fits)
    add_risks (plan, job, quotes, n_quotes, &quotes[subject->quote_index], cluster);
  return plan;
}

CpPlan *
cp_plan_new_without_robustness (const CpJob      *job,
                                const CpQuote    *quotes,
                                guint             n_quotes,
                                const CpSettings *settings)
{
  return plan_new (job, quotes, n_quotes, settings, NULL, NULL, NULL, NULL, NULL);
}

CpPlan *
cp_plan_new_reusing (const CpJob      *job,
                     const CpQuote    *quotes,
                     guint             n_quotes,
                     const CpSettings *settings,
                     const CpPlan     *earlier,
                     const gboolean   *unchanged)
{
  g_return_val_if_fail (earlier != NULL && unchanged != NULL, NULL);

  return plan_new (job, quotes, n_quotes, settings, earlier, unchanged, NULL, NULL, NULL);
}

CpPlan *
cp_plan_new_until (const CpJob      *job,
                   const CpQuote    *quotes,
                   guint             n_quotes,
                   const CpSettings *settings,
                   const CpPlan     *earlier,
                   const gboolean   *unchanged,
                   CpPlanStopFunc    stop,
                   gpointer          stop_data,
                   CpPlan          **partial)
{
  g_return_val_if_fail ((earlier == NULL) == (unchanged == NULL) && partial != NULL, NULL);

  *partial = NULL;
  return plan_new (job, quotes, n_quotes, settings, earlier, unchanged, stop, stop_data, partial);
}

CpPlan *
cp_plan_new (const CpJob      *job,
             const CpQuote    *quotes,
             guint             n_quotes,
             const CpSettings *settings)
{
  CpPlan *plan = cp_plan_new_without_robustness (job, quotes, n_quotes, settings);

  cp_plan_add_robustness (plan, job, quotes, settings);
  return plan;
}

/* Next to cp_plan_free(): a plan is its scalars and the three arrays
 * freed there, so a new pointer field is copied and freed together. */
CpPlan *
cp_plan_copy (const CpPlan *plan)
{
  CpPlan *copy = g_memdup2 (plan, sizeof *plan);

  copy->options = g_array_copy (plan->options);
  copy->reasons = g_array_copy (plan->reasons);
  copy->risks = g_array_copy (plan->risks);
  return copy;
}

void
cp_plan_free (CpPlan *plan)
{
  if (plan == NULL)
    return;
  g_array_unref (plan->options);
  g_array_unref (plan->reasons);
  g_array_unref (plan->risks);
  g_free (plan);
}
