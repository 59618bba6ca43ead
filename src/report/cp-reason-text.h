/* cp-reason-text.h: words for the model's reasons, verdicts and risks.
 *
 * The planner keeps reasons as data (rule, outcome, numbers); this module
 * turns them into sentences in the language asked for, with their numbers
 * formatted for that language.
 *
 * The cp_words_* functions answer in the language this thread pushed
 * (see cp_i18n_push_language()), else the UI's; their strings belong to
 * the catalogues, which last as long as the process.
 */
#pragma once

#include "planner/cp-project.h"
#include "planner/cp-sweep.h"
#include "planner/cp-what-if.h"

G_BEGIN_DECLS

/* One sentence for @reason. @plan is the plan the reason belongs to; it
 * and @project give the names of the quotes the reason speaks of. */
char       *cp_reason_text (const CpReason  *reason,
                            const CpProject *project,
                            const CpPlan    *plan,
                            const char      *lang);

const char *cp_words_verdict        (CpVerdict verdict);
/* The verdict of @plan, saying why when nothing is feasible: "cannot
 * run" (nothing fits in memory) apart from "none finishes in time". */
const char *cp_words_plan_verdict   (const CpPlan *plan);
gboolean    cp_words_first_price_implausible (const CpPlan *plan);
/* A cost of one of @plan's options, or, when no quote has a price to
 * compare (plan->cost_unknown), words saying it is unknown in its place:
 * never the price-less figure. _whole() rounds to whole units, as totals are
 * printed; cp_words_plan_money() keeps a unit price's cents below 100
 * (cp_i18n_format_money()). */
char       *cp_words_plan_money_whole (const CpPlan *plan, double value, const char *currency, const char *lang);
char       *cp_words_plan_money     (const CpPlan *plan, double value, const char *currency, const char *lang);
/* With nothing feasible, one sentence for the answer: why, and the best
 * available option with its vendor, cost and finish, when there is one. */
char       *cp_words_not_feasible   (const CpProject *project,
                                     const CpPlan    *plan,
                                     const char      *lang);
const char *cp_words_technique      (CpTechnique technique);
const char *cp_words_risk           (CpRisk risk);
/* Who makes a GPU, which decides its software stack: the words for
 * setting up a machine and for porting a job's tools follow it. */
typedef enum {
  CP_GPU_MAKER_UNKNOWN,   /* a custom GPU whose name says nothing: generic words */
  CP_GPU_MAKER_NVIDIA,    /* CUDA, NCCL */
  CP_GPU_MAKER_AMD,       /* ROCm, RCCL */
  CP_GPU_MAKER_HUAWEI,    /* Ascend: CANN, HCCL, torch_npu */
} CpGpuMaker;
/* The maker of @gpu: from the built-in catalogue's entry of its id, whose
 * names all lead with their maker ("Huawei Ascend 910B2 64GB"; test-catalog
 * holds every entry to that), else from the words of its own name. */
CpGpuMaker  cp_gpu_maker            (const CpGpuSpec *gpu);
/* What @risk means, in the words of @maker's software stack. */
const char *cp_words_risk_detail    (CpRisk risk, CpGpuMaker maker);
const char *cp_words_task_kind      (CpTaskKind kind);
const char *cp_words_offering       (CpOfferingKind kind);
const char *cp_words_network        (CpNetworkKind kind);
/* A word from these functions as a label on its own (a choice in the
 * window, a table cell, a chart's line), capitalised as its neighbours
 * "InfiniBand" and "CPU offload" are: "None", "As configured". Interned:
 * the words are few and live as long as the translation. */
const char *cp_words_capitalised    (const char *word);
/* A yes-or-no value as a label on its own (a table's Fits column, a
 * "Fits: Yes" row): "Yes", "No", the same in the window, the CLI and the
 * report. */
const char *cp_words_yes_no         (gboolean value);
/* "None" as a value on its own ("Recommended: None"), capitalised as
 * cp_words_capitalised() does. */
const char *cp_words_none           (void);
const char *cp_words_sharing        (CpSharing sharing);
const char *cp_words_storage        (CpStorageKind kind);
/* The quote's sharing as the estimate takes it: "dedicated", "shared",
 * or, not stated, that it is estimated as shared at the settings' share
 * of line rate, and why, with the range running to dedicated. */
char       *cp_words_sharing_as_estimated (const CpQuote    *quote,
                                           const CpSettings *settings,
                                           const char       *lang);
const char *cp_words_price_unit     (CpPriceUnit unit);
/* The technique an estimate runs with, for a table cell: the one the plan
 * added ("CPU offload"), or the job's own method and its layout's memory
 * savings ("LoRA, full activation recompute"), or "None needed". */
char       *cp_words_estimate_technique (const CpJob *job, const CpEstimate *e);
/* A quote's price with its unit: "15.00 CNY per GPU-hour", "15.00 元/卡·时". */
char       *cp_words_unit_price     (double price, const char *currency, CpPriceUnit unit, const char *lang);
const char *cp_words_time_source    (CpTimeSource source);
/* Where an inference option's KV-cache budget came from when a serving
 * trial gave it ("KV cache measured in a trial run"); NULL when modelled. */
const char *cp_words_kv_source      (const CpEstimate *estimate);
/* What an inference option serves, for a table cell: the requests it runs
 * at once and completes a second, then what a user waits for an answer
 * and the output tokens a second he receives ("200 at once, 2.0/s; 100 s
 * an answer, 5.1 output tokens/s a user"), and where its KV cache figure
 * came from when a trial gave it. */
char       *cp_words_served         (const CpEstimate *estimate,
                                     gboolean          two_lines,
                                     const char       *lang);
const char *cp_words_rule           (CpRule rule);
/* The name of an assumption (cp_settings_get_assumptions()); the key
 * itself when it has no words yet. */
const char *cp_words_assumption     (const char *key);
/* A readable citation of the source of assumption @key, in the current
 * language; @fallback (the planner's note) for keys it does not know. */
const char *cp_words_assumption_source (const char *key, const char *fallback);
/* The main risk of an option that fits using more than 90% of each GPU's
 * memory, saying why that limit; NULL below it. The window's table warns
 * in its Fits and Memory columns by the same test and words, so the two
 * never disagree on whether 79.6 of 80 GiB is close. */
char       *cp_words_memory_near_limit (const CpEstimate *e, const char *lang);
/* What the verdict adds for an option that fits using more than 90% of
 * each GPU's memory (cp_estimate_is_tight(), the table's Tight): the
 * share used and a trial run to ask for before renting, in @lang; NULL
 * below it. The window's verdict, the CLI's and page 1 say it beside
 * "holds across the range", which alone read as firm. */
char       *cp_words_memory_tight_caution (const CpProject *project, const CpEstimate *e, const char *lang);
/* Whether @risk, in the plan of @job, applies to it: learning the
 * cluster's scheduler does not for a team with distributed-training
 * experience. */
gboolean    cp_words_risk_applies   (const CpJob *job, CpRisk risk);
/* The risks of one option, chosen from its own numbers: each sentence
 * names the threshold it crossed and why that threshold. An empty array
 * when none stands out. */
GPtrArray  *cp_option_risks         (const CpProject *project,
                                     const CpJob     *job,
                                     const CpOption  *option,
                                     const char      *lang);
/* Risks page 1 says in its own way, left out of cp_option_risks_except(). */
typedef enum
{
  /* One training machine as a single point of failure: page 1 names
   * every such job in one line with its chance (cp_report_section_risks()). */
  CP_OPTION_RISK_ONE_MACHINE_FAILURE = 1 << 0,
  /* Host memory for CPU offload the quote does not state: the job's
   * answer on page 1 already says the verdict rests on it and asks. */
  CP_OPTION_RISK_HOST_MEMORY_UNSTATED = 1 << 1,
  /* A network between nodes not stated dedicated or shared: page 1's
   * question to the vendor asks it, and the risk of a slow network has
   * its own line there. */
  CP_OPTION_RISK_SHARING_UNSTATED = 1 << 2,
} CpOptionRiskFlags;
GPtrArray  *cp_option_risks_except  (const CpProject   *project,
                                     const CpJob       *job,
                                     const CpOption    *option,
                                     const char        *lang,
                                     CpOptionRiskFlags  left_out);
/* At most this many options get their own risks, in the report and the
 * window: the recommended one and the runners-up an approver might pick
 * instead. */
#define CP_OPTION_RISKS_LISTED 3
/* Of @risks, one option's (cp_option_risks()), those of a kind @said,
 * another option's, does not name: compared without their figures
 * ("0.003", "99.61%"), in which two options' risks of one kind differ.
 * The strings are @risks' own; how many were left out in *@n_shared.
 * The report's risks of each option and the window's Main Risks list a
 * later option's risks so (issue 26: an Ascend option's porting risk was
 * only in the report). */
GPtrArray  *cp_option_risks_beyond  (const GPtrArray *risks,
                                     const GPtrArray *said,
                                     guint           *n_shared);
/* Whether @risk is of a kind one of @said names (compared without their
 * figures, as above), and which: the report says a later option's shared
 * risk by its figures beside the first option's. */
gboolean    cp_option_risk_kind_index (const char      *risk,
                                       const GPtrArray *said,
                                       guint           *index);
/* The GPUs a job's CUDA tools must be ported to when it runs on @maker's
 * ("Ascend"), as the porting risk names them; NULL on NVIDIA's GPUs, on
 * those whose maker is not known, and for data processing, which runs no
 * model. */
const char *cp_words_porting_gpus   (const CpJob *job, CpGpuMaker maker);
/* The chance that a one-machine training option is interrupted over its
 * run, "0.1%"; NULL when the option is not one machine training. */
char       *cp_words_one_machine_interruptions (const CpJob *job, const CpEstimate *e, const char *lang);
/* The chance of at least one interruption over a run where @expected are
 * expected, "0.8%": a probability, said with its name beside the count
 * (the report's Interruptions column), never in its place. */
char       *cp_words_interruption_chance (double expected, const char *lang);
/* The interruptions a run expects, as the count and the chance of at
 * least one, each named: "0.057 interruptions are expected (a 5.6% chance
 * of at least one)". The report's risks and the window's table say it
 * with these words (brief 33: the table had its own). */
char       *cp_words_interruptions       (double expected, const char *lang);
/* An assumption that has a spread (cp-range.h), named inside a
 * sentence: "utilisation". */
const char *cp_words_spread         (CpSpreadKind kind);
/* The same as a title: "Compute utilisation". */
const char *cp_words_spread_title   (CpSpreadKind kind);
/* A readable citation of the spread's source. */
const char *cp_words_spread_source  (CpSpreadKind kind);
/* One of the assumption's values in its unit: "0.47", "2 GiB", "38%",
 * "14.0 days". */
char       *cp_words_spread_value   (const CpProject *project, CpSpreadKind kind, double value,
                                     const char *lang);
/* The spread low to high: "0.47–0.63". */
char       *cp_words_spread_range   (const CpProject *project, const CpSpread *spread, const char *lang);
/* "vendor — offer" of quote @index, or a placeholder for a bad index. */
char       *cp_words_quote_name     (const CpProject *project, int index);
/* The machines of an option of @quote on @nodes nodes, as the chart's
 * readout, the results table and the report name them: "8 × H800" for
 * one machine, "10 × 8 × H800 (80 GPUs)" for several. */
char       *cp_words_machines       (const CpQuote *quote, guint nodes, const char *lang);
/* The vendor alone when no other quote of @project is the same vendor's
 * (a line of page 1), else cp_words_quote_name(). */
char       *cp_words_quote_short_name (const CpProject *project, int index);
/* @names as one list, "A, B and C" ("A、B和C"): a comma alone cannot
 * tell where a name that holds one ends (walkthrough 20). */
char       *cp_words_join_names     (GPtrArray *names);
/* A mark for the figure of the recommended option, or with none
 * feasible the best available one, when the plan's R6 finds its quote's
 * price implausible (CP_OUTCOME_IMPLAUSIBLE_PRICE): "⚠ check the price
 * unit of <quote>: 0.003 CNY per GPU-hour"; NULL otherwise. */
char       *cp_words_price_check    (const CpProject *project, const CpPlan *plan, const char *lang);
/* When the quote's minimum term, not the hours the job uses, sets what
 * @option's rental costs, the sentence that names it as the cost's
 * driver: "Billed for the 1-month minimum: 45,000 CNY of 45,000 CNY, for
 * 3.1 days of use."; NULL when the hours used are billed. */
char       *cp_words_minimum_term   (const CpProject *project, const CpOption *option, const char *lang);
/* When @option is billed by whole months and its use is within 10% over a
 * whole number of them, the use that would bill a month less, for page 1
 * beside the months billed (read38 F1): "60.8 days or fewer would be
 * billed 2 months."; NULL otherwise. */
char       *cp_words_month_threshold (const CpProject *project, const CpOption *option, const char *lang);
/* When @option's quote states a network fee per node-month and @option
 * runs on one node, which pays none (cp-estimate-cost.c), the sentence
 * that says why its Network figure is 0; NULL otherwise. */
char       *cp_words_network_fee_waived (const CpProject *project, const CpOption *option, const char *lang);
/* The recommended cluster's network fee its quote does not state, as
 * the plan estimates it (CpPlan.network_fee_estimate_*): "about 3,000
 * CNY at 示例供应商 E’s 1,500 CNY per node-month"; NULL without one. */
char       *cp_words_network_fee_estimate (const CpProject *project, const CpPlan *plan, const char *lang);
/* Whether @plan's recommendation could change with the job's team (R8)
 * described otherwise while nobody described it (CpPlan.team_assumed):
 * bare metal recommended to a team assumed to have no operations
 * engineer while a hosted or container option is feasible, or a cluster
 * that would cost less than the choice without the migration of a team
 * assumed new to distributed training. */
gboolean    cp_words_rests_on_team  (const CpProject *project, const CpPlan *plan);
/* The sentence that says an option's migration days are the app's
 * assumption about a team the job does not describe, where
 * the option's calendar is given: "the 4-node cluster misses the
 * deadline" rested on 10.5 days an approver never saw assumed (walk36
 * F1); the migration's cost follows in the option's cost. NULL when the
 * team is stated or the option migrates nothing. */
char       *cp_words_migration_assumed (const CpJob *job, const CpEstimate *est, const char *lang);
/* Which of the team's unstated answers cp_words_rests_on_team() rests
 * on: a single machine has no move to a cluster to ask about, so a
 * one-machine service asked whether the team had run distributed
 * training sent the lead after the wrong question (walk36 F3). */
typedef enum {
  CP_TEAM_QUESTION_NONE       = 0,
  CP_TEAM_QUESTION_OPERATIONS = 1 << 0,  /* bare metal while hosted is feasible */
  CP_TEAM_QUESTION_EXPERIENCE = 1 << 1,  /* a cluster cheaper without the migration */
} CpTeamQuestions;
CpTeamQuestions cp_words_team_questions (const CpProject *project, const CpPlan *plan);
/* What an R8 sentence about a team nobody described starts with,
 * "Assumed (the job does not describe the team): ", in the current
 * language: a paragraph of several such sentences says it once. */
char       *cp_words_team_assumed_prefix (void);
/* When the recommended option rests on a field its quote does not state
 * and the assumptions' range never varies (the host memory CPU offload
 * fills: without it the option does not run at all), the sentence that
 * says the choice is not firm and what to ask, with @field set to the
 * field's key ("host-memory"); or on storage and network prices
 * ("unstated-costs") the quotes leave out; or
 * on renting part of an offer alone, the next option winning against the
 * offer rented whole ("part-of-offer"); or on the team nobody described (cp_words_rests_on_team(), "team"); NULL
 * when the choice is firm. */
char       *cp_words_unconfirmed    (const CpProject *project, const CpPlan *plan, const char *lang,
                                     const char **field);
/* Whether the verdict holds across the assumptions' range, in words: the
 * text of @plan's CP_OUTCOME_VERDICT_HOLDS or _FLIPS reason, the one
 * judgement the window, page 1 and the XML give; NULL when the plan has
 * none (no robustness yet, or dropped beside an unconfirmed choice). */
char       *cp_words_robustness     (const CpProject *project, const CpPlan *plan, const char *lang);
/* "The recommended total, 2,856 CNY, takes Beijing Yunsuan’s hourly
 * price as billed by the hour with no minimum term; a one-month minimum
 * term would make it 98,146 CNY, and Shanghai Suanli would be
 * recommended at 45,000 CNY.": what the recommended quote's unstated
 * minimum term would do (CpPlan.month_minimum_*); NULL when its quote
 * states how it bills. */
char       *cp_words_month_minimum  (const CpProject *project, const CpPlan *plan, const char *lang);
/* The costs @plan's reasons say the quote @quote_index leaves unstated
 * (CP_OUTCOME_ASK_UNSTATED_COSTS, its CpUnstatedCost in values[1]): the
 * not-firm line and the memo's open answers read the same. */
CpUnstatedCost cp_words_unstated_of_quote (const CpPlan *plan, int quote_index);
/* Whether @reason is said, given @unconfirmed, what cp_words_unconfirmed()
 * said of its plan: a recommendation that rests on what a quote leaves
 * unstated is not said to hold (the reasons list, the job chapter and the
 * XML say the same). One the billing or cost check found not robust has
 * no such reason: the plan drops it (cp_plan_add_robustness()). */
gboolean    cp_words_reason_said    (const CpReason *reason, const char *unconfirmed);
/* Whether an option meets the job's requirement, as the comparison tables
 * say it: "Met", "Missed by 3.2 days", "No deadline", "—" (it does not run), for a
 * service "Serves 200 of 200" or "Serves 73 of 100 ✗". */
char       *cp_words_deadline_status (const CpJob *job, const CpEstimate *est, const char *lang);
/* Whether a service option carries its target: "Serves 73 of 100". */
char       *cp_words_serves_target  (const CpEstimate *est, guint target, const char *lang);
/* The seconds a user waits for an answer, @answer_s, as a sentence
 * beside the job's target @target_s puts them: a tenth under 10 s, or
 * within a second of the target, where whole seconds would blur the two
 * ("10.3" over 10, or under 11). */
char       *cp_words_answer_seconds (double answer_s, double target_s, const char *lang);
/* The decimals cp_words_answer_seconds() prints @answer_s with, for a
 * table cell that must read as the sentence beside it does. */
int         cp_words_answer_decimals (double answer_s, double target_s);
/* An answer-time target in seconds: whole unless typed with a fraction. */
char       *cp_words_target_seconds (double target_s, const char *lang);
/* What a user of the service @job waits on option @est against the job's
 * answer-time target, for the verdict: "Each user waits 6.9 s for an
 * answer, within the 10 s target."; with no target, the wait and,
 * past cp_words_answer_limit_s(), that limit. NULL where the job is no
 * service or the option serves nothing. */
char       *cp_words_answer_wait    (const CpJob *job, const CpEstimate *est, const char *lang);
/* The longest a user waits for a whole answer of a service @job with no
 * target of its own before the plan names it a risk: MLPerf Inference's
 * serving limits for an answer of the job's output tokens (2 s to the
 * first, 0.2 s each next one; cp-reason-risks.c). 0 for other jobs. */
double      cp_words_answer_limit_s (const CpJob *job);
/* The runner-up layout and why the chosen one beat it: "TP 8 × PP 8 ×
 * DP 1, ZeRO-1, micro-batch 1: 3% slower, though 12 GiB more memory
 * headroom". */
char       *cp_words_runner_up      (const CpEstimate *est, const char *lang);
/* Why @est cannot run, in one sentence naming its figures: "TP 16 is
 * more than the 8 GPUs of one node: …"; NULL when it can
 * (CP_REFUSAL_NONE). */
char       *cp_words_refusal        (const CpProject  *project,
                                     const CpJob      *job,
                                     const CpQuote    *quote,
                                     const CpEstimate *est,
                                     const char       *lang);
/* The line that lists an option that cannot run, in @lang: "Does not
 * fit: 示例供应商 A — 8 × RTX 4090. <cp_words_refusal()>."; NULL when it
 * fits. The report's job chapter and `plan` print it under the table. */
char       *cp_words_refusal_line   (const CpProject  *project,
                                     const CpJob      *job,
                                     const CpOption   *option,
                                     const char       *lang);
/* A training layout in words: "TP 2 × PP 4 × DP 8, no interleaving,
 * ZeRO-1, micro-batch 2, selective recompute" (EP when above 1). */
char       *cp_words_layout         (const CpLayout *layout, const char *lang);
/* The layout @est ran in words, with the CPU offload the technique ladder
 * may add and the host memory it fills: "TP 1 × PP 1 × DP 8, ZeRO-3, …,
 * CPU offload (1,043 GiB of each machine's host memory)". */
char       *cp_words_estimate_layout (const CpProject *project, const CpEstimate *est, const char *lang);
/* "none", "selective", "full": a layout's recompute in a table cell. */
/* The estimate's activation recompute for a table cell; free with g_free(). */
char       *cp_words_recompute      (const CpEstimate *est);
/* How the layout of @est was chosen: the search and the count it timed
 * with the runner-up, the job's own pins, or, when no layout fits the
 * memory model, what kept this one (a trial run's measured peak). */
char       *cp_words_layout_choice  (const CpProject *project, const CpEstimate *est, const char *lang);
/* The tokens of one optimizer step and how they are split: "Each
 * optimizer step takes 4,096 tokens: 1 micro-batch of 1 sequence per
 * data-parallel rank." */
char       *cp_words_step_batch     (const CpEstimate *est, const char *lang);
/* The achieved MFU of @est beside the compute utilisation assumed, and
 * what brings the run below it (walk37 F5: "compute utilisation 55%" in
 * the appendix read as absurd beside a 128-expert MoE run at 18.4%);
 * NULL where the time is not modelled from the utilisation. */
char       *cp_words_achieved_mfu   (const CpEstimate *est, const char *lang);
/* A count of tokens in words: "4,096 tokens", "2B tokens"; "20 亿个 token". */
char       *cp_words_tokens         (double tokens, const char *lang);
/* A quote at @estimate's node count: "4 nodes: 1.2 days, ¥15,000,
 * communication 3.2 h against 9.1 h of computing", or why the job cannot
 * run there. */
char       *cp_words_offer          (const CpProject  *project,
                                     const CpJob      *job,
                                     const CpQuote    *quote,
                                     const CpPlan     *plan,
                                     const CpEstimate *estimate,
                                     const char       *lang);
/* What the calendar of @est is made of, which is what the deadline is
 * checked against: "17.6 days = 21.6 h of run + 6.2 days of debugging
 * + 10.5 days of moving to the cluster (migration, R8)", each figure in
 * hours under a day. The window and the report print this one sentence. */
char       *cp_words_calendar       (const CpEstimate *est, const char *lang);
/* Two durations compared in one sentence, in one unit: hours while
 * either is under a day, else days ("15.6 h against 29.7 h", never
 * "15.6 h against 1.2 days": walk37 F10). */
void        cp_words_durations_alike (double a_s, double b_s, const char *lang, char **a, char **b);
/* One figure of @est's calendar as cp_words_calendar() prints it, in the
 * unit its size reads in, "4.7 days" or "1.4 h". Every sentence naming
 * these figures takes them from here, so R4, the cost's parts and the
 * calendar never differ by a rounding or a unit (approver, 3 December:
 * 4.6 against 4.7 days; walk37b V4: "0.1 days of run" in the report
 * against "0.06 days" in the window). */
typedef enum {
  CP_CALENDAR_RUN,
  CP_CALENDAR_DEBUGGING,
  CP_CALENDAR_MIGRATION,
  CP_CALENDAR_TOTAL,
  CP_N_CALENDAR_FIGURES
} CpCalendarFigure;
char       *cp_words_calendar_figure (const CpEstimate *est, CpCalendarFigure figure, const char *lang);
/* What a training run is made of, as cp_goodput_apply() and the step
 * time make it: the run = computing + communication left after overlap +
 * computing slowed by the communication overlapped with it + pipeline
 * bubbles + checkpoint writes + work redone and restarts after
 * interruptions. */
typedef enum {
  CP_RUN_PART_COMPUTING,
  CP_RUN_PART_EXPOSED_COMMUNICATION,
  CP_RUN_PART_OVERLAP_SLOWDOWN,
  CP_RUN_PART_BUBBLES,
  CP_RUN_PART_CHECKPOINTS,
  CP_RUN_PART_INTERRUPTIONS,
  CP_N_RUN_PARTS
} CpRunPart;
/* The parts of @est's run in seconds as printed, multiples of @step_s
 * (whole minutes under an hour and a half, tenths of an hour under 100 h,
 * whole hours from there), apportioned so that they add up to the run
 * as printed; returns that run, or a negative number when @est is no
 * training run (a period rented whole) or its parts do not make up its
 * run. */
double      cp_run_shown_parts      (const CpEstimate *est, double parts_s[CP_N_RUN_PARTS], double *step_s);
/* One of those parts in words, "62 min"; NULL where there are none. A
 * sentence naming a part of the run takes it from here (R5 said 12.4 h
 * of computing where the run said 12.3 h, walk35 U6). */
char       *cp_words_run_part       (const CpEstimate *est, CpRunPart part, const char *lang);
/* "its run, 124 h = 106 h computing + 12 h waiting on communication + 5 h
 * computing slowed by overlapped communication + 1 h lost to
 * interruptions": the run's parts
 * named each with its figure, adding up by hand (brief 33: "4.8 days of
 * computing" and "14.0 h of communication" beside a 5.5-day run did
 * not). NULL when cp_run_shown_parts() has none. */
char       *cp_words_run_parts      (const CpEstimate *est, const char *lang);
/* A duration in seconds in the most readable unit: "45 s", "12 min",
 * "3.5 h", "12.0 days". */
char       *cp_words_duration       (double seconds, const char *lang);
/* A job's calendar time in the unit its size reads in: "3.5 h" under a
 * day, "12.0 days" from one day (cp_i18n_format_days()). */
char       *cp_words_calendar_length (double days, const char *lang);
/* A finish time and the deadline it is checked against, in one unit
 * (hours while both are under a day, else days) and with decimals enough
 * that the figures shown compare as the true ones do: a late finish is
 * rounded up and never prints at or under the deadline ("8.4 h" against
 * "7.2 h", "10.04 days" against "10.00 days"). Both freed by the caller. */
void        cp_words_finish_and_deadline (double finish_days, double deadline_days, const char *lang,
                                          char **finish, char **deadline);
/* A finish time as a table prints it with @decimals, @finish and
 * @deadline in one unit (@deadline 0: none): rounded up when past the
 * deadline, so that it never reads as meeting one it misses, else
 * rounded as any figure. */
double      cp_words_finish_figure (double finish, double deadline, int decimals);
/* How late @finish_days is past @deadline_days, rounded up, so a miss
 * never reads smaller than it is: under a day in whole minutes ("58 min",
 * "1 h 20 min"); from a day in the unit and decimals
 * cp_words_finish_and_deadline() prints the two in, their difference as
 * shown ("12.4 days" against "10.0 days" is late by "2.4 days"). Only for
 * a finish past the deadline. Freed by the caller. */
char       *cp_words_late_by (double finish_days, double deadline_days, const char *lang);
/* A deadline's length as a modifier, "14-day" in "the 14-day deadline":
 * "the 14.0 days deadline" read as a slip (approver 21); a part day
 * keeps one decimal. */
char       *cp_words_deadline_length (double days, const char *lang);
/* The cheapest option that runs the job but misses its deadline, if it
 * costs less than @total_cost, the recommended option's; else NULL. */
const CpOption *cp_words_cheapest_late_option (const CpPlan *plan, double total_cost);
/* A machine's RAM in whole GiB (or GB, as @unit counts memory), never
 * rounded to TiB: "1,043 GiB" beside a stated "1,024 GiB" must show
 * which is larger. */
char       *cp_words_host_memory    (double bytes, CpMemoryUnit unit, const char *lang);
/* A goodput as a percentage with the decimals that keep it apart from
 * 100% ("99.98%" for one machine, "93.6%" for a large cluster). */
char       *cp_words_goodput        (double goodput, const char *lang);

/* "What would change it": one sentence per item of @what_if
 * (cp_what_if_new() of @plan), in order; the window lists them, the
 * PDF's job chapter and the XML report carry the same. */
GPtrArray  *cp_words_what_if        (const CpProject *project,
                                     const CpPlan    *plan,
                                     const GArray    *what_if,
                                     const char      *lang);
/* Page 1's weight of the team R8 assumed for job @job_index: what the
 * assumption adds to each cluster and what an experienced team would
 * take, from the job's team item of @what_if; NULL without one. */
char       *cp_words_team_weight    (const CpProject *project,
                                     guint            job_index,
                                     const GArray    *what_if,
                                     const char      *lang);
/* When nothing meets the job and the team R8 assumed new to distributed
 * training is what rules every cluster out: "The answer turns on the
 * team's distributed-training experience, assumed none …: with it, <quote>
 * on 3 nodes (24 GPUs) would be recommended, finishing in 7.3 days for
 * 70,112 CNY.", from the team item of @what_if; said in place of "holds
 * across the range" by the window, the CLI plan and the PDF. NULL
 * otherwise. */
char       *cp_words_turns_on_team  (const CpProject *project,
                                     const CpPlan    *plan,
                                     const GArray    *what_if,
                                     const char      *lang);
/* The XML's id of an item's kind: "longer-deadline". */
const char *cp_what_if_kind_to_string (CpWhatIfKind kind);
/* The parts of an option's total cost, as the breakdown table prints
 * them: whole units that add up to the total as printed. A sentence that
 * names one of them uses the same figure (walkthrough 13: R4 said 220
 * where the table said 219). */
typedef enum {
  CP_COST_PART_COMPUTE,
  CP_COST_PART_DEBUG,
  CP_COST_PART_NETWORK,
  CP_COST_PART_STORAGE,
  CP_COST_PART_FEES,
  CP_COST_PART_ENGINEERING,
  CP_N_COST_PARTS
} CpCostPart;
void        cp_estimate_shown_cost_parts (const CpEstimate *e, double shown[CP_N_COST_PARTS]);
/* @e's cost, an option of quote @quote_index, as parts a reader can add
 * by hand, each with the rental it pays for, then the total, the parts as
 * the breakdown tables print them: "128,000 CNY for 4 node-months of GPU
 * time + 32,000 CNY for a debugging machine for 1 month + 30,000 CNY of
 * migration engineering = 190,000 CNY". The differences from another
 * count ("+107,200 GPU time") could not be rebuilt (walkthrough 31). NULL
 * when @e cannot run. */
char       *cp_words_cost_sum       (const CpProject  *project,
                                     int               quote_index,
                                     const CpEstimate *e,
                                     const char       *lang);
/* When the plan chose more nodes of @option's cluster quote than a
 * cheaper count that meets the job's need at the expected figures, why:
 * the cheaper count does not hold at the slow end of the range, which
 * cp-plan.c's choose_nodes() puts before cost. "2 nodes, 96,000 CNY: 1
 * node would cost 32,000 CNY but miss the 10-day deadline at the slow end
 * of the range (11.0 days); …" (walkthrough 31: a better team tripled a
 * vendor's best price, unexplained). The cheaper count and its figures
 * are read from @sweep, the job's sweep the cost chart draws
 * (cp_project_analysis_get_sweep()), so that the sentence names a point
 * of the chart and no words estimate anything again. NULL otherwise, or
 * when @sweep is NULL (a window whose sweep is still on its way). */
char       *cp_words_fewer_nodes    (const CpProject *project,
                                     const CpJob     *job,
                                     const CpPlan    *plan,
                                     const CpSweep   *sweep,
                                     const CpOption  *option,
                                     const char      *lang);
/* The cost of @option's node count and of its quote's whole offer, each
 * as cp_words_cost_sum() gives it, on two lines; NULL without a price or
 * a whole offer that runs. */
char       *cp_words_cluster_costs  (const CpProject *project,
                                     const CpPlan    *plan,
                                     const CpOption  *option,
                                     const char      *lang);
/* The option an approver could take instead of the recommended one: the
 * best-ranked other that runs and meets the job's need; NULL without a
 * recommendation or such an option. */
const CpOption *cp_plan_next_best   (const CpPlan *plan);
/* How much the next feasible option costs beside the recommended one:
 * "Next best: <quote> at 45,000 CNY, 42,000 CNY (1,400%) more."; NULL
 * without a recommendation, a second feasible option or a price. */
char       *cp_words_cost_difference (const CpProject *project,
                                      const CpPlan    *plan,
                                      const char      *lang);
/* R8's operations point for page 1 when it fires (the recommended option
 * is bare metal and the team has no operations engineer), in one short
 * line; NULL otherwise, when its quote gives operations support, and when the team was assumed, not asked, with no
 * hosted quote to name (the team's question on page 1 says it). */
char       *cp_words_operations     (const CpProject *project,
                                     const CpPlan    *plan,
                                     const char      *lang);
/* Whether @e fits using more than 90% of each GPU's memory: the window's
 * Fits column and the report's say "Tight" by this one test, and
 * cp_words_memory_near_limit() names it as a risk. */
gboolean    cp_estimate_is_tight    (const CpEstimate *e);
/* The Fits cell: "Yes", "Tight" or "No". */
const char *cp_words_fits           (const CpEstimate *e);

G_END_DECLS
