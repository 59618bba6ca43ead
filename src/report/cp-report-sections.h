/* cp-report-sections.h: the parts of the report the PDF lays out in order
 * (private to the report library). */
#pragma once

#include "planner/cp-plan.h"
#include "planner/cp-schedule.h"
#include "cp-chart.h"
#include "cp-report-doc.h"

G_BEGIN_DECLS

typedef struct {
  const CpPlan *plan;
  const CpSweep *sweep;         /* the cost chart's, which the words read too (cp_words_fewer_nodes()) */
  CpChartData *memory;
  CpChartData *cost;
  CpChartData *serving;         /* an inference job's cost per token, else NULL */
  GPtrArray *changes;           /* "What would change it", one sentence each (cp_words_what_if()) */
  const GArray *what_if;        /* the same list as data (cp-what-if.h), for page 1's open answers; may be NULL */
  /* cp_report_open_answers() of the job, by language, worded once for
   * the memo's trial lay-outs (up to 19 of a 20 × 50 report, each asking
   * again); NULL words them at each call. */
  GHashTable *open_answers;
} JobResult;

gboolean cp_report_job_has_layout (const CpJob *job);

/* A job's chapter lists at most this many options, the best ranked, in
 * each of its tables and paragraphs: with dozens of quotes an approver
 * compares the first few (issue 25: 20 jobs × 50 quotes ran to 252 pages,
 * a dozen a job, and took a second to write), and a page holds about 17
 * rows of the comparison with their ranges, so ten leave room for its
 * heading and notes. The XML report lists every option. */
#define CP_REPORT_LISTED_OPTIONS 10

/* How many of @plan's options a job's chapter lists. */
guint cp_report_listed_options (const CpPlan *plan);

/* How far the memo can be shortened (Doc.brief) to end with its sign-off
 * on its first page (on its second for many jobs), each level adding to
 * the ones before: first what changes the type and the sentences but
 * leaves every fact in place, then, last, what leaves something out. An
 * English memo needs more lines than a Chinese one for the same facts;
 * with the title's type changed only after the byline, the "next best"
 * lines and the question were gone, the demo's English page 1 lost all
 * three where the Chinese kept them (issue 22). */
#define CP_REPORT_MEMO_BRIEF_SMALL_QUESTIONS 1   /* the vendors' questions in the note's type, as the risks are */
#define CP_REPORT_MEMO_BRIEF_SHORT_QUESTION 2    /* the project's question in one line */
#define CP_REPORT_MEMO_BRIEF_TITLE_AS_HEADING 3  /* the title in the headings' type */
#define CP_REPORT_MEMO_BRIEF_RENT_FROM_JOINED 4  /* what to rent and from whom in one sentence */
#define CP_REPORT_MEMO_BRIEF_BYLINE_BESIDE_TITLE 5  /* the byline in the note's type beside the title */
#define CP_REPORT_MEMO_BRIEF_JOB_LEADS_ANSWER 6  /* each job's name and verdict begin its answer, no heading line */
#define CP_REPORT_MEMO_BRIEF_NO_NEXT 7           /* no line on what the next option costs */
#define CP_REPORT_MEMO_BRIEFEST 8                /* no question */

void cp_report_section_title (Doc *doc);

/* Each job's answer; with @schedule (NULL: none), when it runs. */
void cp_report_section_question (Doc *doc, JobResult *results, const CpSchedule *schedule);

/* The notes typed with each quote, under the quotes table. */
void cp_report_section_quote_notes (Doc *doc);

void cp_report_section_jobs_and_quotes (Doc *doc);
/* Which hardware figures of what the jobs rent (@results, one per job)
 * the team typed and which nobody verified. */
void cp_report_section_hardware_origins (Doc *doc, const JobResult *results);

void cp_report_section_job (Doc *doc, guint job_index, JobResult *result);

/* A later option's risk that differs from the first option's only in its
 * figures, said by those figures, each beside the first option's figure
 * of the same measure: "As listed for 1 (“Everything runs on one
 * machine”), with this option's figures: 2.3% (1: 0.8%), 99.95% (1:
 * 99.96%)." NULL when a figure has no single counterpart: the risk is
 * then said in full. */
char *cp_report_figures_beside (const char *risk, const char *first_risk, const char *first_rank);

/* The assumptions the jobs' plans in @results (one per job) used, with
 * their values, ranges and sources. */
void cp_report_section_assumptions (Doc *doc, JobResult *results);
/* Whether the appendix lists assumption @key: some job of @project depends
 * on it and an option of the plans in @results (one per job, only .plan
 * read) used it. The XML report lists the same set (issue 22). */
gboolean cp_report_appendix_lists (const CpProject *project, JobResult *results, const char *key);

/* The sign-off block; with @amount (NULL: none), the amount it approves,
 * under its heading, for a block on another page than the amount's. */
void cp_report_section_approval (Doc *doc, const char *amount, gboolean proviso);

/* cp-report-budget.c: the project's budget and calendar, the questions
 * for the vendors and the main risks, after the jobs' answers. The
 * budget's heading and total come first, then the timeline chart
 * (cp_doc_chart()), then the tables of the jobs' calendar and the months. */
void cp_report_section_budget (Doc *doc, JobResult *results, const CpSchedule *schedule);
/* cp-report-approval.c: the amount to approve under the budget's total,
 * with what it leaves out, its VAT, the figures assumed and the day to
 * approve by. */
typedef struct {
  char *line;                   /* the amount, the day to approve by and what signing commits to */
  char *within;                 /* against the team's budget, or NULL */
  char *left_out;               /* what the amount leaves out */
  char *late;                   /* the jobs it costs late (cp_report_late_jobs_text()), or NULL */
  char *tax;                    /* how VAT was taken */
  char *assumed;                /* which figures are the app's */
} CpReportAmountTexts;

/* The memo's texts that depend on the project, its plans and the
 * language alone: made once per language (cp-report-pdf.c) and read
 * through Doc.memo_texts by every trial of the memo, where making them
 * again in each was a tenth of a 20 × 50 report's instructions
 * (issue 25). */
struct _CpReportMemoTexts {
  CpReportAmountTexts amount;   /* when the budget is laid out: results, a schedule and quotes */
  GPtrArray *questions;         /* cp_report_questions() */
};

/* Under @doc's language, pushed by the caller. */
void cp_report_amount_texts_init (CpReportAmountTexts *texts, Doc *doc, JobResult *results, const CpSchedule *schedule);
void cp_report_amount_texts_clear (CpReportAmountTexts *texts);
void cp_report_section_amount_to_approve (Doc *doc);
/* Why there is no amount to approve yet, when no job has a costed
 * recommendation; NULL when one has. */
char *cp_report_nothing_to_approve (Doc *doc, JobResult *results);
/* "6%", "6.5%": a rate (the contingency, VAT) as it was set, as page 1
 * and the assumptions say it. */
char *cp_report_rate_text (double fraction, const char *lang);
/* Under a job's cost breakdown: the figures each total is made of (the
 * price and its unit, the time billed, storage, the team's days), so
 * that an approver can redo the sums by hand. */
void cp_report_section_cost_inputs (Doc *doc, const CpJob *job, const CpPlan *plan);
/* When job @job_index runs on @schedule: "4 January 2027 – 11 January
 * 2027"; NULL when it is not planned. */
char *cp_report_job_span (const CpSchedule *schedule, guint job_index, const char *lang);

void cp_report_section_budget_tables (Doc *doc, JobResult *results, const CpSchedule *schedule);

/* One vendor's share of the project's budget: the jobs whose recommended
 * options rent from it and the sum of their costs as each job's answer
 * shows it, whole, so that the vendors add up to the project's total as
 * printed (cp_report_schedule_shown_total()) and to their jobs. */
typedef struct {
  const char *vendor;  /* the quote's vendor, else its id */
  int quote_index;     /* the first of its quotes a job rents */
  guint n_jobs;
  double cost;
} CpReportVendorTotal;

/* The name a question or a subtotal gives the vendor of quote @index: its
 * vendor, else its id. */
const char *cp_report_vendor_name (const CpProject *project, int index);

/* The vendors of @schedule's jobs, in the order their first job comes. */
GArray *cp_report_vendor_totals (const CpProject *project, const CpSchedule *schedule);

/* Page 1's condition for one quote short of nodes, "Not approvable as
 * planned: …" (cp_report_overbooking_block_text() joins every quote's),
 * in @lang: the XML's words for it too. */
/* Each job's share of the machines @o needs at once, when one of them
 * debugs on one machine then: "The 5 are 1 for A’s debugging on one
 * machine and 4 for B."; NULL when each holds all its machines. */
char *cp_report_machines_needed_parts (const CpProject *project, const CpSchedule *schedule,
                                       const CpOverbooking *o, const char *lang);
char *cp_report_overbooking_block_sentence (const CpProject *project, const CpSchedule *schedule,
                                            const CpOverbooking *overbooking, const char *lang);

/* One question of the memo's list: what it asks and whom. */
typedef struct {
  const char *kind;    /* its id in the XML report: "storage", "part-of-offer", "team", … */
  char *text;          /* the memo's line: "What storage …? Ask: A, B." */
  GArray *quotes;      /* int: a quote of each vendor it is put to, in the order named */
  GArray *jobs;        /* guint: for the team's question, the jobs whose plans assumed its answer */
} CpReportQuestion;

void cp_report_question_free (CpReportQuestion *question);

/* The questions for the vendors and the team that the plans of @results
 * (one per job) and @schedule (NULL: none; its machines needed at once)
 * leave open, in @lang, each once, naming everyone it is put to: the
 * memo's list, and the XML report's. */
GPtrArray *cp_report_questions (const CpProject  *project,
                                JobResult        *results,
                                guint             n_results,
                                const CpSchedule *schedule,
                                const char       *lang);

/* Whether the note typed with a quote speaks of how it is billed or for
 * how long at least, in English or Chinese ("20,000 CNY monthly minimum",
 * "no minimum term", "最低消费每月两万"): the billing question then quotes
 * it. A note on anything else ("invented example price", "price
 * determined by the market") does not. */
gboolean cp_report_note_speaks_of_terms (const char *notes);

/* The memo's questions (Doc.memo_texts); the last keeps @keep_height
 * below it on its page (0: nothing to keep). */
void cp_report_section_vendor_questions (Doc *doc, double keep_height);
/* Whether quote @quote_index is compared in @plan: an option of it runs
 * the job (a quote that cannot run, or that lacks a price, an exchange
 * rate or its network and so has no option, is not). */
gboolean cp_report_quote_compared (const CpPlan *plan, int quote_index);
/* Whether @outcome is a question for the vendors (storage, host memory,
 * the network's share). */
gboolean cp_report_is_vendor_question (CpOutcome outcome);

/* The memo's main risks, one line each, for cp_report_section_risks(). */
GPtrArray *cp_report_risk_lines (Doc *doc, JobResult *results, const CpSchedule *schedule);

/* The main risks of @lines; the last keeps @keep_height below it on its
 * page (0: nothing to keep). */
void cp_report_section_risks (Doc *doc, GPtrArray *lines, double keep_height);

/* The height of the approval block under its heading: what the memo's
 * last lines keep below them, so that it never starts a page alone. */
double cp_report_approval_height (Doc *doc, const char *amount, gboolean proviso);

/* The amount to approve as the sign-off block repeats it on a page of
 * its own: "Approved by signing below: 287,922 CNY (…), VAT 30,659 CNY
 * in it (13%: …; 6%: …)."; NULL when no job has a costed option. */
char *cp_report_signed_amount_text (Doc *doc, JobResult *results, const CpSchedule *schedule);
/* What the signature rests on when an answer still to come would pass
 * the amount to approve (CpReportOpenAnswer.proviso): "The signature
 * approves up to 3,740 CNY provided Beijing Yunsuan bills by the hour
 * with no minimum term."; NULL when none does. The sign-off block says
 * it on the amount's page too (approver 34, B1). */
char *cp_report_signed_proviso_text (Doc *doc, JobResult *results, const CpSchedule *schedule);

G_END_DECLS
