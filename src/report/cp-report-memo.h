/* cp-report-memo.h: what page 1's answers and budget share (private to
 * the report library). */
#pragma once

#include "planner/cp-project.h"
#include "cp-report-schedule.h"
#include "cp-report-sections.h"

G_BEGIN_DECLS

/* One answer still to come from a vendor or the team that would change a
 * job's choice: "if Beijing Yunsuan bills by the hour with no minimum
 * term", then "Beijing Yunsuan at 989 CNY", the job's total then. */
/* The question of the memo's list an open answer is the answer to
 * (cp_report_questions()): the billing and minimum term, the costs a
 * quote leaves unstated, a machine's host memory, renting part of an
 * offer alone, the team's experience. */
typedef enum {
  CP_ANSWER_QUESTION_BILLING,
  CP_ANSWER_QUESTION_UNSTATED_COSTS,
  CP_ANSWER_QUESTION_HOST_MEMORY,
  CP_ANSWER_QUESTION_WHOLE_OFFER,
  CP_ANSWER_QUESTION_TEAM,
} CpAnswerQuestion;

/* One question an open answer answers, and the quote it is put about
 * (-1 for the team's). */
typedef struct {
  CpAnswerQuestion question;
  int              quote_index;
} CpAnswerAsked;

typedef struct {
  char   *condition;
  char   *outcome;
  double  cost;
  double  cost_high;   /* the top of the option's band, as the amount takes each job's (cp_report_top_with_answer()) */
  int     month_minimum_quote; /* the quote billed a month at least by the answer, its other jobs too; or -1 */
  gboolean offered_by_r8;   /* leads to the option page 1's R8 line offers, with what to approve for it */
  char   *subject;     /* whom the condition is of: "Beijing Yunsuan", "the team" */
  char   *predicate;   /* what it says of them: "bills by the hour with no minimum term" */
  gboolean of_firm_choice;  /* the answer of a choice otherwise firm: said in its range's sentence */
  gboolean answers_doubt;   /* answers what makes the choice not firm (cp_words_unconfirmed()) */
  GPtrArray *provisos; /* what a signature within the amount rests on, each answer's contrary ("Beijing Yunsuan bills
                        * by the hour with no minimum term", "CloudA rents 1 of its 4 machines alone"): one per
                        * answer joined into this one, none dropped */
  GArray *asked;       /* CpAnswerAsked: the questions it answers, one per answer joined into this one */
} CpReportOpenAnswer;

/* The GPU a quote's servers are built around, as the report names it:
 * "NVIDIA H800 SXM 80GB". */
char      *cp_report_gpu_servers      (const CpQuote *quote);
/* "8 × 400 Gb/s InfiniBand, common for NVIDIA H800 SXM 80GB servers":
 * the network a quote was given when its offer named the fabric alone
 * (CpQuote.fabric_assumed), in @lang. */
char      *cp_report_fabric_assumed_text (const CpQuote *quote,
                                          const char    *lang);

void       cp_report_open_answer_free (CpReportOpenAnswer *answer);

/* Whether quote @quote_index's kind of offer is assumed (not
 * CpQuote.offering_stated) where it decides something the report
 * signs: a job of @results recommends the quote, and the kind sets the
 * VAT added to its prices (none stated, prices without VAT: 13% for bare
 * metal against 6% for a service) or R8's operations condition (its
 * "prefer hosted" fired on the quote: a team with no operations engineer
 * on bare metal). */
gboolean   cp_report_offering_decides (const CpProject *project,
                                       JobResult       *results,
                                       guint            n_results,
                                       int              quote_index);

/* "Beijing Yunsuan at 989 CNY": the option an open answer leads to, the
 * quote @quote_index at @cost, in @lang. */
char      *cp_report_option_at        (const CpProject *project,
                                       int              quote_index,
                                       double           cost,
                                       const char      *lang);

/* The option page 1's R8 line (cp_words_operations()) offers to take
 * instead of the bare metal recommended of @plan, "or take X (28,416 CNY
 * more)"; NULL when it offers none. */
const CpOption *cp_report_operations_switch (const CpProject *project,
                                             const CpPlan    *plan);

/* The project's top of range were job @job_index to take @hosted (its
 * top in place of the job's, each rounded as the answers show them), so
 * that the amount to approve for the switch is the settings' rule on
 * it; FALSE when the job is not on @schedule. */
gboolean   cp_report_operations_switch_top (const CpProject  *project,
                                            JobResult        *results,
                                            const CpSchedule *schedule,
                                            guint             job_index,
                                            const CpOption   *hosted,
                                            double           *top);

/* "someone runs 裸金属乙's bare metal (R8; its support is not in the
 * amount; with 云厂商甲 instead, approve 390,456 CNY)" in @lang, one per
 * quote whose bare metal a job is recommended on that R8 says no one is
 * assumed to run, whose quote does not state operations support
 * (cp_option_ops_support_unstated()), and whose hosted alternative on
 * page 1's R8 line needs more than the amount to approve: that line's
 * condition and amount, for the signature (read38 F2). Empty when none. */
GPtrArray *cp_report_operations_provisos (const CpProject  *project,
                                          JobResult        *results,
                                          const CpSchedule *schedule,
                                          const char       *lang);

/* The open answers of @result's job (cp_report_open_answers()) whatever
 * the amount to approve, in @lang: each answer that would change its
 * choice, or its cost billed a month at least, with the option it leads
 * to. */
GPtrArray *cp_report_open_answers_all (const CpProject *project,
                                       const JobResult *result,
                                       const char      *lang);

/* The open answers that change the choice of job @job_index of @results
 * (planned in @schedule), or its cost (a month's minimum on its hourly
 * price), as CpReportOpenAnswer in the order page 1 lists them, in @lang:
 * empty when what it rests on has no other option to name, and when its
 * verdict is firm unless a month's minimum on its own price would move
 * the choice (CpPlan.month_minimum_winner) past the amount to approve.
 * Read only: it may be the one kept in JobResult.open_answers. */
GPtrArray *cp_report_open_answers     (const CpProject  *project,
                                       JobResult        *results,
                                       const CpSchedule *schedule,
                                       guint             job_index,
                                       const char       *lang);

/* The top of the project's range (@approval's, for @schedule) were job
 * @job_index's answer @open the case: the job at the top of the band of
 * the option it leads to, and, when it bills a quote a month at least,
 * every other job recommended on that quote at its own month's minimum,
 * as the amount takes each job at its top. An open answer passes the
 * amount to approve when this is above @approval's amount. */
double     cp_report_top_with_answer   (const CpProject          *project,
                                        JobResult                *results,
                                        const CpSchedule         *schedule,
                                        const CpApprovalAmount   *approval,
                                        guint                     job_index,
                                        const CpReportOpenAnswer *open);

/* One question of the memo's list (cp_report_questions()) with the open
 * answers of every job it answers, as one condition of the project: if
 * its answer comes, each job it moves goes to that answer's option, so
 * the project's top rises by every such job's extra cost (issue 22: the
 * dearest single job's answer was taken, and two jobs on one vendor's
 * question were covered as if one). */
typedef struct {
  CpAnswerAsked asked;      /* the first answer's question and quote */
  const char   *kind;       /* its id in the XML report: "billing", "unstated-costs", "host-memory", "whole-offer", "team" */
  guint         number;     /* its place in the memo's list of questions, from 1; 0 when the list does not ask it */
  char         *condition;  /* the answer's words: "GPU Cloud SZ bills at least a month" */
  GArray       *jobs;       /* guint: the jobs it moves, in the project's order */
  GPtrArray    *outcomes;   /* each job's option then, "Local Provider at 38,000 CNY" */
  GArray       *extra_costs; /* double: each job's cost then over the top of its band, whole */
  GPtrArray    *provisos;   /* what a signature within the amount rests on (CpReportOpenAnswer.provisos) */
  double        top;        /* the project's top of range were the answer the case, each job at its answer's top */
  gboolean      passes;     /* @top is above the amount to approve (R8's own switch line left aside) */
} CpReportAnswerCondition;

void       cp_report_answer_condition_free (CpReportAnswerCondition *condition);

/* The open answers of every planned job of @results (cp_report_open_answers())
 * gathered by the question of the memo's list each answers, as
 * CpReportAnswerCondition in the order of that list, in @lang: the
 * project's top with each question's answer, against @approval's
 * amount. */
GPtrArray *cp_report_answer_conditions (const CpProject        *project,
                                        JobResult              *results,
                                        const CpSchedule       *schedule,
                                        const CpApprovalAmount *approval,
                                        const char             *lang);

/* The amount to approve that covers the open answers of @results which
 * would pass @approval's amount, as page 1's "or approve …" gives it
 * (the dearest of them, with its contingency, whole), and with
 * @condition (may be NULL) that answer's condition, "Cloud H800 bills at
 * least a month", to free; 0 (and NULL) when no answer passes it. */
double     cp_report_amount_covering_answers (const CpProject        *project,
                                              JobResult              *results,
                                              const CpSchedule       *schedule,
                                              const CpApprovalAmount *approval,
                                              const char             *lang,
                                              char                  **condition);

/* The project's budget (CpProject.budget) against every amount page 1
 * may ask the approver for, in @lang: @approval's ("Within the budget of
 * 200,000 CNY by 47,318 CNY: …", or over it by how much at the total and
 * at the amount, with the cheapest option the jobs' what-if lists know
 * that costs less than a job's recommended one and what it saves), then
 * the amount that covers the open answers passing it
 * (cp_report_amount_covering_answers()), within the budget or over it by
 * how much (walk41b F18: "or approve 118,580 CNY" beside "Within the
 * budget of 60,000 CNY" said nothing of its 58,580 over). Page 1's line
 * under the amount, the window's calendar tab and the XML's budget-text.
 * NULL when no budget is set. */
char      *cp_report_budget_text      (const CpProject        *project,
                                       JobResult              *results,
                                       const CpSchedule       *schedule,
                                       const CpApprovalAmount *approval,
                                       const char             *lang);

/* "If Cloud H800 bills at least a month, the amount to approve becomes
 * 118,580 CNY." in @lang: the amount covering the open answers of
 * @results (cp_report_amount_covering_answers()) with its condition, for
 * the window's calendar tab of a project without a budget, where page 1
 * says it after the answers it lists; NULL when no answer passes. */
char      *cp_report_cover_text       (const CpProject        *project,
                                       JobResult              *results,
                                       const CpSchedule       *schedule,
                                       const CpApprovalAmount *approval,
                                       const char             *lang);

G_END_DECLS
