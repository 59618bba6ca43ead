/* cp-what-if.h: what would change a job's answer.
 *
 * The window's "What would change it" and the reports' section of that
 * name read the same list, made here from the job's plan: the runner-up's
 * price that would make it win, the memory a single machine lacks, the
 * longer deadline at which another quote wins (found by planning the job
 * again at each candidate deadline), the cluster a shorter deadline calls
 * for (planned again there too), and, with nothing feasible, the plan's own answer (the node
 * count or the deadline that would do). Data only: the words are
 * cp_words_what_if() (report/cp-reason-text.h).
 */
#pragma once

#include "cp-project.h"

G_BEGIN_DECLS

typedef enum {
  /* With nothing feasible: the plan's reason at reason_index
   * (CP_OUTCOME_NODES_MEET_DEADLINE or CP_OUTCOME_DEADLINE_NEEDED). */
  CP_WHAT_IF_PLAN_REASON,
  /* The runner-up (option_index) would win below the recommended
   * option's total cost (value). */
  CP_WHAT_IF_RUNNER_UP_PRICE,
  /* The best single machine (option_index) does not fit even with its
   * technique: what it needs per GPU against what it offers. */
  CP_WHAT_IF_SINGLE_MEMORY,
  /* With a deadline of value days, quote_index at @estimate would be
   * recommended instead. */
  CP_WHAT_IF_LONGER_DEADLINE,
  /* A deadline shorter than the recommended single machine's calendar
   * (value) calls for a cluster: quote_index at @estimate is what the
   * planner recommends at that deadline (the job planned again there). */
  CP_WHAT_IF_SHORTER_DEADLINE,
  /* A team with experience of distributed training (the job says it has
   * none, or does not say): quote_index at @estimate would be recommended
   * instead, without the days of moving to a cluster (value) and their
   * engineering (migration_cost) counted now. */
  CP_WHAT_IF_TEAM_EXPERIENCE,
  /* The same team, when the job does not describe it and the verdict
   * misses the deadline (value: its days) at the slow end of the range:
   * quote_index at @estimate, a cluster the plan for an experienced team
   * makes, meets it even there (@estimate_slow_days, at most the
   * deadline), without the migration (migration_days, migration_cost)
   * the assumption adds to every cluster. */
  CP_WHAT_IF_TEAM_MEETS_DEADLINE,
  /* With a service's answer-time target of value seconds, the loosest
   * whole-second relaxation at which another option wins, quote_index at
   * @estimate would be recommended instead. */
  CP_WHAT_IF_LOOSER_ANSWER_TARGET,
} CpWhatIfKind;

typedef struct {
  CpWhatIfKind kind;
  int          option_index;    /* into the plan's options, or -1 */
  int          quote_index;     /* the quote spoken of, or -1 */
  guint        reason_index;    /* CP_WHAT_IF_PLAN_REASON */
  double       value;           /* a deadline in days, a total cost, migration days or an answer
                                 * target in seconds, as the kind says */
  CpEstimate   estimate;        /* the option as it would then run */
  /* The team's items: the days and the engineering of moving to a
   * cluster the plan counts for each cluster option (R8), and whether
   * the job leaves the team to R8's assumption. */
  double       migration_days;
  double       migration_cost;
  gboolean     team_assumed;
  double       estimate_slow_days; /* CP_WHAT_IF_TEAM_MEETS_DEADLINE: @estimate's calendar at the range's slow end */
} CpWhatIf;

/* Whether the team's experience of distributed training might change the
 * answer of job @job_index, planned as @plan: its team has none, and a
 * cluster option of the plan, less the migration it is charged (R8),
 * would cost less than the pick; or, the team assumed (the job does not
 * describe it), the verdict misses the job's deadline at the range's slow
 * end (or nothing meets it) and a cluster, less its migration, finishes
 * within it (walk41b TOP 3: the assumed 10.5 days made every cluster miss
 * a 14-day deadline and nothing said so). Only then does cp_what_if_new() plan the
 * job again for an experienced team: otherwise the answer stands, and
 * each edit of the job would cost a second plan (issue 25). */
gboolean cp_what_if_team_may_change (const CpProject *project,
                                     guint            job_index,
                                     const CpPlan    *plan);

/* What would change the answer of job @job_index of @project, planned as
 * @plan: a new array of CpWhatIf, in the order they are said, empty when
 * nothing would. Plans the job again at candidate deadlines (only those of
 * options cheaper than the pick) and for a team with experience of
 * distributed training, so it costs up to one plan per quote and one. */
GArray *cp_what_if_new (const CpProject *project,
                        guint            job_index,
                        const CpPlan    *plan);

/* What @option, which may rent part of its quote's offer, would cost with
 * the whole offer rented: its idle nodes billed for the same time as the
 * rented ones (and the offer beside debugging's one machine), or every
 * node put to work when the whole offer runs the job in time, whichever
 * is cheaper. */
double          cp_option_whole_offer_cost (const CpProject *project, const CpOption *option);
/* The option that wins when the recommended one's vendor rents only its
 * whole offer, every other quote counted whole as well (renting part of
 * an offer alone is the same open question of each vendor), and its
 * whole-offer cost in *@whole_cost_out; NULL if the choice holds. The
 * window's, the CLI's and the reports' "with the whole offer" read it. */
const CpOption *cp_plan_whole_offer_winner (const CpProject *project, const CpPlan *plan, double *whole_cost_out);

G_END_DECLS
