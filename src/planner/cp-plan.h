/* cp-plan.h: the verdict for one job over every quote (rules R1–R9).
 *
 * Reasons are data: a rule id, an outcome and the numbers behind it.
 * Words are chosen where they are shown (see src/report/cp-reason-text.h).
 */
#pragma once

#include "cp-estimate.h"
#include "cp-range.h"

G_BEGIN_DECLS

typedef enum {
  CP_RULE_R1_MEMORY_GAP,
  CP_RULE_R2_FINETUNE_KIND,
  CP_RULE_R3_INFERENCE_CONCURRENCY,
  CP_RULE_R4_SINGLE_MACHINE_WORK,
  CP_RULE_R5_SPLIT_BENEFIT,
  CP_RULE_R6_TOTAL_COST,
  CP_RULE_R7_CLUSTER_SIGNALS,
  CP_RULE_R8_MIGRATION,
  CP_RULE_R9_TRIAL_RUN,
  CP_N_RULES
} CpRule;

typedef enum {
  /* R1 */
  CP_OUTCOME_FITS,                 /* v0 gap, v1 need bytes, v2 node bytes */
  CP_OUTCOME_FITS_WITH_TECHNIQUE,  /* v0 gap, v1 technique, v2 memory/GPU after, v3 available/GPU */
  CP_OUTCOME_JUDGEMENT_ZONE,       /* v0 gap, v1 best technique or -1, v2 memory/GPU after, v3 available/GPU */
  CP_OUTCOME_GAP_NEEDS_CLUSTER,    /* v0 gap, v1 need bytes, v2 node bytes */
  CP_OUTCOME_TECHNIQUES_FAIL,      /* v0 gap, v1 need bytes, v2 node bytes */
  /* R2 */
  CP_OUTCOME_FULL_FINETUNE_CLUSTER,   /* v0 params */
  CP_OUTCOME_PEFT_SINGLE_GPU,         /* v0 params, v1 memory/GPU, v2 available/GPU */
  CP_OUTCOME_PEFT_NEEDS_MORE,         /* v0 params, v1 memory/GPU, v2 available/GPU */
  /* R3 */
  CP_OUTCOME_CONCURRENCY_ONE_NODE,    /* v0 target, v1 whole requests per replica, v2 replicas, v3 per node */
  CP_OUTCOME_CONCURRENCY_CLUSTER,     /* v0 target, v1 whole requests per replica, v2 replicas, v3 nodes */
  CP_OUTCOME_MODEL_DOES_NOT_FIT,      /* v0 weights bytes, v1 node bytes */
  /* R4 */
  CP_OUTCOME_SINGLE_MACHINE_WORK,     /* v0 task kind */
  CP_OUTCOME_DEBUG_SHARE,             /* v0 share, v1 debug days, v2 debug cost */
  /* R5 */
  CP_OUTCOME_COMPUTE_DOMINATES,       /* v0 ratio, v1 compute s, v2 communication s, v3 nodes */
  CP_OUTCOME_COMMUNICATION_DOMINATES, /* v0 ratio, v1 compute s, v2 communication s, v3 nodes */
  /* Communication dominates the split, yet the verdict is a cluster (one
   * machine cannot do the job: R1, R7); the same values. */
  CP_OUTCOME_COMMUNICATION_DOMINATES_CLUSTER_NEEDED,
  /* R6 */
  CP_OUTCOME_CHEAPEST_TOTAL,          /* v0 total cost, v1 runner-up cost (0: none), v2 unit-price rank, v3 total rank */
  CP_OUTCOME_ASK_BANDWIDTH,           /* v0 quote index */
  CP_OUTCOME_ASK_STORAGE,             /* v0 quote index */
  /* R7 */
  CP_OUTCOME_SIGNAL_MEMORY,           /* v0 gap */
  CP_OUTCOME_SIGNAL_DEADLINE,         /* v0 single-machine days, v1 deadline days */
  CP_OUTCOME_SIGNAL_CONCURRENCY,      /* v0 target, v1 one-node capacity */
  CP_OUTCOME_SIGNAL_PREMIUM,          /* v0 best single machine cost, v1 cluster cost, v2 the machine's quote index */
  CP_OUTCOME_NO_SIGNAL,
  /* R8 */
  CP_OUTCOME_MIGRATION_COUNTED,       /* v0 migration days, v1 its cost, v2 run days, v3 debugging days of
                                       * the cluster quote_index names: the one recommended, else the
                                       * one R5 speaks of (its whole offer); calendar = v0 + v2 + v3 */
  CP_OUTCOME_MIGRATION_NONE,
  CP_OUTCOME_PREFER_HOSTED,           /* no ops engineer */
  /* R9 */
  CP_OUTCOME_TRIAL_USED,              /* v0 peak bytes, v1 tokens/s, v2 comm share, v3 measured max concurrency (serving) */
  CP_OUTCOME_TRIAL_MISSING,
  /* R7, with no deadline */
  CP_OUTCOME_SIGNAL_TRAINING_TIME,    /* v0 single-machine run days, v1 longest acceptable run days */
  /* R6, when no option is feasible */
  CP_OUTCOME_NOTHING_FITS,            /* v0 options evaluated */
  CP_OUTCOME_BEST_AVAILABLE,          /* v0 calendar days (a service: requests served; short of its answer time: answer s), v1 total cost, v2 nodes, v3 deadline (or longest run) days */
  CP_OUTCOME_NODES_MEET_DEADLINE,     /* v0 nodes, v1 calendar (no deadline: run) days, v2 total cost, v3 deadline (or longest run) days */
  CP_OUTCOME_DEADLINE_NEEDED,         /* v0 deadline days needed, v1 nodes, v2 total cost, v3 deadline (or longest run) days */
  /* R5, under a single-machine recommendation */
  CP_OUTCOME_SPLIT_NOT_NEEDED,        /* as compute-dominates; the recommended option is one machine */
  /* R6, across the spread of the assumptions (cp-range.h) */
  CP_OUTCOME_VERDICT_HOLDS,           /* quote_index the winner (-1: none feasible anywhere);
                                       * v0 its total cost low, v1 high, v2 calendar days low, v3 high */
  CP_OUTCOME_VERDICT_FLIPS,           /* quote_index the new winner (-1: none feasible); v0 the CpSpreadKind
                                       * (-1: all together), v1 its threshold, v2 1 if the flip lies above
                                       * the threshold, 0 below; v3 the CpRangeEnd the flip lies towards */
  /* R6, a price most likely typed in the wrong unit (cp_quote_price_is_plausible()) */
  CP_OUTCOME_IMPLAUSIBLE_PRICE,       /* v0 quote index, v1 its price per GPU-hour, v2 band low, v3 band high */
  /* R1, CPU offload fitting the GPUs but not the host memory the quote states */
  CP_OUTCOME_HOST_MEMORY_SHORT,       /* v0 gap, v1 host bytes offload needs per node, v2 host bytes stated */
  /* R6, an option offloading to host memory the quote does not state */
  CP_OUTCOME_ASK_HOST_MEMORY,         /* v0 quote index, v1 host bytes offload needs per node */
  /* R6, when no quote states a price (CpPlan.cost_unknown) */
  CP_OUTCOME_COST_NEEDS_PRICE,        /* v0 quotes evaluated without a price */
  /* R5, a quote of several machines with no network between them
   * (cp_quote_is_separate_machines()): evaluated as one machine alone */
  CP_OUTCOME_SEPARATE_MACHINES,       /* v0 machines offered */
  /* R6, a storage price or network fee a quote leaves unstated decides
   * the verdict (CpPlan.unstated_costs_winner) */
  CP_OUTCOME_ASK_UNSTATED_COSTS,      /* v0 quote index, v1 CpUnstatedCost flags */
  /* R3, a quote whose option serves the concurrency but answers slower
   * than the job's target (CpJob.answer_within_s) */
  CP_OUTCOME_ANSWER_OVER_TARGET,      /* v0 quote index, v1 answer s, v2 target s */
  CP_N_OUTCOMES
} CpOutcome;

/* The costs a quote leaves unstated that its option counts as none. */
typedef enum {
  CP_UNSTATED_STORAGE_PRICE = 1 << 0,   /* the job keeps data */
  CP_UNSTATED_NETWORK_FEE   = 1 << 1,   /* the option runs on several nodes */
} CpUnstatedCost;

typedef struct {
  CpRule    rule;
  CpOutcome outcome;
  int       quote_index;   /* index of the quote it speaks of, or -1 */
  double    values[4];
} CpReason;

typedef enum {
  CP_VERDICT_SINGLE_MACHINE,
  CP_VERDICT_SINGLE_MACHINE_WITH_TECHNIQUE,
  CP_VERDICT_CLUSTER,
  CP_VERDICT_NOT_FEASIBLE,
  CP_N_VERDICTS
} CpVerdict;

typedef struct {
  int         quote_index;    /* into the quotes given to cp_plan_new() */
  CpEstimate  estimate;       /* at the chosen node count */
  gboolean    feasible;       /* fits and, if there is one, meets the deadline */
  gboolean    ruled_out;      /* a single machine fitting only by a technique beyond R1's gap */
  guint       rank;           /* 1 = recommended */
  /* A cluster quote offered at fewer nodes than it has: the whole offer,
   * so that the user sees what the extra nodes would bring. */
  gboolean    has_full_offer;
  CpEstimate  full_offer;     /* at the quote's nodes_available */
  CpRange     range;          /* estimate's band over the assumptions' spread */
} CpOption;

/* The costs @option counts as none as its quote leaves them unstated: a
 * storage price while the job keeps data, a network fee on a cluster
 * (the plan's check of that reading, and the report's "Not in the
 * amount" and assumptions, alike). */
CpUnstatedCost cp_option_unstated_costs (const CpJob *job, const CpQuote *quote, const CpOption *option);
/* TRUE when the team runs @quote's machines itself (a bare machine or
 * bare-metal cluster) and has no operations engineer (R8), and the quote
 * does not say whether its vendor offers operations support: the vendor
 * is asked, and the support is not in the amount (approver 34, B8). */
gboolean       cp_option_ops_support_unstated (const CpJob *job, const CpQuote *quote);

/* What @option costs if @quote, priced by the hour with no minimum term
 * stated, bills a month (CpSettings.hours_per_month) at least, for one
 * rental as its estimate bills it; 0 when the quote states its minimum,
 * bills by the month, has no price, rents twice (a cluster and a
 * debugging machine), or bills a month already. */
double cp_option_cost_with_month_minimum (const CpOption *option, const CpQuote *quote, const CpSettings *settings);

/* The smallest overrun the vendor of @option's @quote can bill past the
 * top of the option's band (CpOption.range), which the amount to
 * approve's contingency holds at least (cp_settings_amount_to_approve()):
 * a rental billed in steps shorter than a month (an hour, a day) bills one
 * more step for the first minute over, however the run ends, so one step;
 * one billed by the month holds the rest of its month already and bills
 * another only when the run at the top, longer by the contingency's share
 * of its time, passes the months billed. A service's time is the term
 * the team sets (@job), not an estimate: no share of it is added. */
typedef struct {
  double cost;     /* with VAT, in the quote's currency: the nodes, their network and monthly fees;
                    * 0: the overrun is within what is billed already (a minimum term) */
  double hours;    /* billed hours it adds to each node */
  guint  nodes;    /* the nodes billed */
} CpOverrun;

void cp_option_overrun (const CpOption *option, const CpJob *job, const CpQuote *quote, const CpSettings *settings,
                        CpOverrun *out);

/* Why no option is feasible. */
typedef enum {
  CP_SHORTFALL_NONE,          /* an option is feasible */
  CP_SHORTFALL_NO_QUOTE,      /* no complete quote to evaluate */
  CP_SHORTFALL_MEMORY,        /* cannot run: the job fits in memory on none */
  CP_SHORTFALL_DEADLINE,      /* runs, but none finishes by the deadline */
  CP_SHORTFALL_LONGEST_RUN,   /* runs, but none within the longest acceptable run (no deadline) */
  CP_SHORTFALL_CONCURRENCY,   /* serves, but none carries the target concurrency */
  CP_SHORTFALL_LAYOUT,        /* cannot run: no quote takes the layout the job pins */
  CP_SHORTFALL_ANSWER_TIME,   /* serves the concurrency, but none answers within the target */
  CP_N_SHORTFALLS
} CpShortfall;

typedef struct {
  CpVerdict   verdict;
  CpShortfall shortfall;
  int         recommended;    /* index into options, or -1 */
  /* With none feasible: the option that runs and finishes soonest (a
   * service: serves the most), first in the table's order then; shown as
   * the best available, never recommended; else -1. */
  int         best_available;
  GArray     *options;        /* CpOption, ranked */
  GArray     *reasons;        /* CpReason */
  GArray     *risks;          /* CpRisk */
  /* The winner (the cheapest feasible option, or none) stays the same at
   * both ends of the band and with each assumption alone at either end
   * of its spread; else a CP_OUTCOME_VERDICT_FLIPS reason says how.
   * Known once the plan has_robustness. */
  gboolean    verdict_robust;
  gboolean    has_robustness;
  int         robustness_reason_at; /* where cp_plan_add_robustness() puts that reason, or -1: none */
  /* The billing terms an hourly price leaves open
   * (cp_quote_billing_terms_open()): the recommended option's total
   * cost when its quote, priced by the hour with no minimum term stated,
   * bills a month at least (cp_option_cost_with_month_minimum()), 0 when
   * that reading does not apply; then the quote that wins against that
   * total (its own billing read as before: one answer at a time) and its
   * cost, -1 when the recommendation stays (approver 34, B1:
   * a firm 2,585 CNY became Shanghai Suanli's 45,000 CNY). Set with the
   * robustness check; the verdict stays as it is, the figures' reading
   * being the quote's own unit, and its vendor is asked. */
  double      month_minimum_cost;
  int         month_minimum_winner;
  double      month_minimum_winner_cost;
  /* The same for the costs R6 counts that a quote may leave unstated,
   * taken as none: the quote that wins when each unstated storage price
   * and network fee is the dearest another compared quote states, and
   * its total cost then; -1 when the winner stays. The verdict is then
   * not robust and CP_OUTCOME_ASK_UNSTATED_COSTS reasons name the quotes
   * to ask. */
  int         unstated_costs_winner;
  double      unstated_costs_winner_cost;
  /* The recommended option's total cost read that way, to say what it
   * would cost beside the winner's (set with unstated_costs_winner). */
  double      unstated_costs_recommended_cost;
  /* The recommended option's network fee, which its quote does not
   * state, read as the check of unstated costs reads it: at the dearest
   * fee another compared quote states (network_fee_estimate_quote, the
   * index of that quote), for the recommended nodes and the time billed
   * and the recommended quote's VAT. -1 and 0 when the fee
   * is stated (or included), the option runs on one node, or no compared
   * quote states a fee (approver 34, B10). Set whatever the verdict. */
  int         network_fee_estimate_quote;
  double      network_fee_estimate_cost;
  /* No complete quote, but some lack only their price (or its exchange
   * rate): those are evaluated for what their hardware runs, the verdict
   * is technical (the fewest nodes that run the job in time, soonest
   * finish next) and no cost is a figure to show or rank by. */
  gboolean    cost_unknown;
  /* The job's team (R8: distributed-training experience, an operations
   * engineer) is cp_job_init()'s assumption, never stated: the words say
   * "assumed" and the report asks the team (CpJob.team_stated). */
  gboolean    team_assumed;
  /* The job's deadline (cp_job_deadline_days()), 0 when it has none: an
   * option "late" then runs past the longest acceptable run, and the
   * words must not speak of a deadline the table says is absent
   * (walkthrough 22). */
  double      deadline_days;
} CpPlan;

/* Main risks of a recommendation, after the source article's table. */
typedef enum {
  CP_RISK_SETUP_TIME,
  CP_RISK_GPU_MISMATCH,
  CP_RISK_COMMUNICATION_BOTTLENECK,
  CP_RISK_SCHEDULER_LEARNING,
  CP_RISK_INFLEXIBLE_SCALING,
  CP_RISK_SINGLE_POINT_OF_FAILURE,
  CP_RISK_TRAFFIC_MISJUDGED,
  CP_RISK_IDLE_CAPACITY,
  CP_N_RISKS
} CpRisk;

/* Chooses, per quote, the node count to offer (of those that fit and meet
 * the deadline, the lowest total cost, the fewest nodes at equal cost;
 * else the fastest), ranks the options by total cost and states the
 * verdict with its reasons. */
CpPlan   *cp_plan_new   (const CpJob      *job,
                         const CpQuote    *quotes,
                         guint             n_quotes,
                         const CpSettings *settings);
/* cp_plan_new() in two steps, for a window that shows the verdict, the
 * table and the charts in the frame after a change and whether the
 * verdict holds in the next: the robustness search (each assumption
 * alone at each end, then a bisection where the winner changes) can take
 * several times the estimates of the rest. Both steps are given the same
 * arguments. */
CpPlan   *cp_plan_new_without_robustness (const CpJob      *job,
                                          const CpQuote    *quotes,
                                          guint             n_quotes,
                                          const CpSettings *settings);
/* cp_plan_new_without_robustness() after a change of some quotes alone:
 * @earlier is a plan of the same job with the same settings and as many
 * quotes, and @unchanged (one per quote) says which quotes are as they
 * were then. Their options are taken from @earlier rather than worked
 * out again (an option reads its own quote alone); the plan is the one
 * cp_plan_new_without_robustness() makes. A price edited on a project of
 * 50 quotes plans one of them. */
CpPlan   *cp_plan_new_reusing            (const CpJob      *job,
                                          const CpQuote    *quotes,
                                          guint             n_quotes,
                                          const CpSettings *settings,
                                          const CpPlan     *earlier,
                                          const gboolean   *unchanged);
/* Asked by cp_plan_new_until() before it works out each quote's option:
 * TRUE to stop there. */
typedef gboolean (*CpPlanStopFunc) (gpointer user_data);
/* cp_plan_new_reusing() (@earlier and @unchanged may be NULL: then
 * cp_plan_new_without_robustness()) that asks @stop before working out
 * each option it works out, for a window that plans on its main thread
 * only while a frame has room. Told to stop, it returns NULL, and
 * *@partial is a plan of options alone (each with its range; no reasons,
 * no verdict): those made by then and every one @earlier gives. Passed as
 * @earlier to the call that finishes the plan, their quotes marked
 * unchanged, none is worked out twice, and the plan is the one made in
 * one go. */
CpPlan   *cp_plan_new_until              (const CpJob      *job,
                                          const CpQuote    *quotes,
                                          guint             n_quotes,
                                          const CpSettings *settings,
                                          const CpPlan     *earlier,
                                          const gboolean   *unchanged,
                                          CpPlanStopFunc    stop,
                                          gpointer          stop_data,
                                          CpPlan          **partial);
void      cp_plan_add_robustness         (CpPlan           *plan,
                                          const CpJob      *job,
                                          const CpQuote    *quotes,
                                          const CpSettings *settings);
/* Whether moving @kind along its spread can change any of @plan's
 * estimates: the robustness check weighs these spreads only, and the
 * ranges listed beside a plan name these only. */
gboolean  cp_plan_spread_matters         (const CpPlan     *plan,
                                          const CpJob      *job,
                                          CpSpreadKind      kind);
/* A plan of its own, for another thread: its scalars and its arrays
 * (plain values) copied. */
CpPlan   *cp_plan_copy  (const CpPlan *plan);
void      cp_plan_free  (CpPlan *plan);

const char *cp_rule_to_string    (CpRule rule);      /* "R1".."R9" */
const char *cp_outcome_to_string (CpOutcome outcome);/* stable kebab-case id */
const char *cp_verdict_to_string (CpVerdict verdict);
const char *cp_risk_to_string    (CpRisk risk);
const char *cp_shortfall_to_string (CpShortfall shortfall);
/* TRUE when the job's trial run was measured on another GPU than @quote's:
 * @trial_quote is the quote named by job->trial.quote_id (NULL when it is
 * not among the quotes; the trial's dense peak then tells). FALSE with no
 * trial run, there being nothing measured to mismatch. */
gboolean    cp_trial_gpu_differs (const CpJob   *job,
                                  const CpQuote *trial_quote,
                                  const CpQuote *quote);
/* The option the plan speaks for: the recommended one, else the best
 * available, else NULL. */
const CpOption *cp_plan_get_subject (const CpPlan *plan);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpPlan, cp_plan_free)

G_END_DECLS
