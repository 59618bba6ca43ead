/* cp-report-budget.c: the memo's project-wide part, after each job's
 * answer: the budget and calendar of all jobs together (cp-schedule.h);
 * the questions and risks that follow are cp-report-questions.c's. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-schedule.h"
#include "cp-report-memo.h"
#include "cp-report-sections.h"

static char *
format_day (const GDate *day,
            const char  *lang)
{
  g_autoptr(GDateTime) date = g_date_time_new_utc (g_date_get_year (day), g_date_get_month (day),
                                                   g_date_get_day (day), 0, 0, 0);

  return cp_i18n_format_date (date, lang);
}

static char *
span_text (const CpSchedule *schedule,
           double            start_day,
           double            end_day,
           const char       *lang)
{
  GDate first, last;

  cp_schedule_span_dates (schedule, start_day, end_day, &first, &last);
  return cp_i18n_format_date_span (&first, &last, lang);
}

/* The days the calendar's end falls between, their month and year said
 * once as the jobs' spans say them: "between 13 and 15 January 2027",
 * "2027年1月13日至15日", where page 1 read "between 13 January 2027 and
 * 15 January 2027" beside "11–14 January 2027" (appr31 finding 13). */
static char *
ends_between_text (const GDate *first,
                   const GDate *last,
                   const char  *lang)
{
  g_autofree char *span = cp_i18n_format_date_span (first, last, lang);
  g_auto(GStrv) days = NULL;

  if (cp_i18n_is_chinese (lang))
    return g_steal_pointer (&span);
  /* English joins the span's two ends with "and" after "between": the
   * span's dash is the date format's, as its month names are. */
  days = g_regex_split_simple (" ?– ?", span, 0, 0);
  return g_strjoinv (" and ", days);
}

char *
cp_report_job_span (const CpSchedule *schedule,
                    guint             job_index,
                    const char       *lang)
{
  const CpScheduleJob *entry;

  if (schedule == NULL || job_index >= schedule->jobs->len)
    return NULL;
  entry = &g_array_index (schedule->jobs, CpScheduleJob, job_index);
  if (!entry->planned)
    return NULL;
  return span_text (schedule, entry->start_day, entry->end_day, lang);
}

/* "6%", "6.5%": a rate as it was set. */
char *
cp_report_rate_text (double      fraction,
                     const char *lang)
{
  double percent = round (fraction * 1000) / 10;
  g_autofree char *number = cp_i18n_format_number (percent, percent == floor (percent) ? 0 : 1, lang);

  return g_strdup_printf ("%s%%", number);
}

static char *nothing_to_approve (Doc *doc, JobResult *results);

/* The plans of @results, one per job, as the schedule took them. */
static GPtrArray *
result_plans (const CpProject *project,
              JobResult       *results)
{
  GPtrArray *plans = g_ptr_array_new ();

  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) results[j].plan);
  return plans;
}

/* The storage the jobs recommended on quote @q keep, which that quote
 * does not price, estimated at the dearest storage price another quote
 * of the project states, with that quote's VAT: "storage (Vendor A), not
 * priced in its quote: about 2,682 CNY at 南山智算 C's 800 CNY per
 * TB-month, more than the contingency". A name alone hid a cost larger
 * than the contingency (approver, 4 December: 20 TB for 5.1 days, about
 * 2,700 CNY against 1,536). NULL when no other quote states a price. */
static char *
storage_estimate_text (const CpProject *project,
                       JobResult       *results,
                       int              q,
                       double           contingency,
                       const char      *lang)
{
  const CpQuote *rate_quote = NULL;
  int rate_index = -1;
  double cost = 0;
  g_autofree char *money = NULL, *rate = NULL, *rate_name = NULL, *name = NULL;

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index (project->quotes, i);

      if (other->storage_price_per_tb_month > 0 &&
          (rate_quote == NULL || other->storage_price_per_tb_month * cp_quote_vat_factor (other, &project->settings) >
                                 rate_quote->storage_price_per_tb_month * cp_quote_vat_factor (rate_quote, &project->settings)))
        {
          rate_quote = other;
          rate_index = (int) i;
        }
    }
  if (rate_quote == NULL)
    return NULL;
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpOption *option;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      option = &g_array_index (plan->options, CpOption, plan->recommended);
      if (option->quote_index != q)
        continue;
      cost += cp_estimate_storage_cost (g_ptr_array_index (project->jobs, j), rate_quote, &project->settings,
                                        &option->estimate, rate_quote->storage_price_per_tb_month);
    }
  if (!(cost > 0))
    return NULL;
  money = cp_i18n_format_money_whole (cost, project->settings.currency, lang);
  rate = cp_i18n_format_money (rate_quote->storage_price_per_tb_month, rate_quote->currency, lang);
  rate_name = g_strdup (cp_report_vendor_name (project, rate_index));
  name = g_strdup (cp_report_vendor_name (project, q));
  if (cost > contingency)
    /* TRANSLATORS: what the amount to approve leaves out: the vendor whose quote does not price storage, the storage's
     * cost estimated at another quote's price, that quote's vendor and its price per TB a month; the estimate exceeds the contingency */
    return g_strdup_printf (_("storage (%s), not priced in its quote: about %s at %s’s %s per TB-month, more than the contingency"),
                            name, money, rate_name, rate);
  /* TRANSLATORS: as “storage (%s), not priced in its quote: about %s at %s’s %s per TB-month, more than the contingency”, the estimate within the contingency */
  return g_strdup_printf (_("storage (%s), not priced in its quote: about %s at %s’s %s per TB-month, within the contingency"),
                          name, money, rate_name, rate);
}

/* What the amount to approve does not hold, said under it rather than
 * in the risks or the small print (lead and approver, 3 December: "I
 * would not sign 1,509 CNY for a CUDA team going to Ascend"):
 * - porting a job's CUDA tools to the recommended GPUs of another maker
 *   (cp_words_porting_gpus()), which no figure costs;
 * - the costs R6 names beside compute that a recommended quote does not
 *   state, taken as 0: its storage price when a job on it keeps data, its
 *   network fee when one runs on several nodes ("storage price (Vendor
 *   G)"). Fees a quote leaves out (management, setup) are most often none
 *   at all: the job chapter's Fees column says what was counted;
 * - the team's own working days: the plan counts engineers' days only in
 *   moving to a cluster (R8, cp-estimate-cost.c), never in debugging or
 *   the run.
 * NULL when none applies. */
static char *
not_in_amount_text (Doc       *doc,
                    JobResult *results,
                    double     contingency)
{
  static const CpGpuMaker porting_makers[] = { CP_GPU_MAKER_HUAWEI, CP_GPU_MAKER_AMD };
  const CpProject *project = doc->project;
  g_autofree gboolean *recommended = g_new0 (gboolean, MAX (project->quotes->len, 1));
  g_autofree CpUnstatedCost *unstated = g_new0 (CpUnstatedCost, MAX (project->quotes->len, 1));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) clauses = NULL;
  g_autoptr(GString) list = NULL;
  gboolean team_days = FALSE;

  for (guint m = 0; m < G_N_ELEMENTS (porting_makers); m++)
    {
      g_autoptr(GString) jobs = NULL;
      const char *gpus = NULL;

      for (guint j = 0; j < project->jobs->len; j++)
        {
          const CpPlan *plan = results[j].plan;
          const CpJob *job = g_ptr_array_index (project->jobs, j);
          const CpQuote *quote;

          if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
            continue;
          quote = g_ptr_array_index (project->quotes, g_array_index (plan->options, CpOption, plan->recommended).quote_index);
          if (cp_gpu_maker (&quote->gpu) != porting_makers[m] ||
              (gpus = cp_words_porting_gpus (job, porting_makers[m])) == NULL)
            continue;
          if (jobs == NULL)
            jobs = g_string_new (job->name);
          else
            /* TRANSLATORS: between the names of the jobs a clause concerns */
            g_string_append_printf (jobs, "%s%s", _(", "), job->name);
        }
      if (jobs != NULL)
        /* TRANSLATORS: what the amount to approve leaves out: the GPUs the jobs' CUDA tools are ported to ("Ascend"), then the jobs */
        g_ptr_array_add (items, g_strdup_printf (_("porting to %s, not costed (%s)"), gpus, jobs->str));
    }

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpOption *option;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      team_days |= job->engineers > 0 && job->engineer_day_cost > 0;
      option = &g_array_index (plan->options, CpOption, plan->recommended);
      if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      recommended[option->quote_index] = TRUE;
      unstated[option->quote_index] |= cp_option_unstated_costs (job, g_ptr_array_index (project->quotes, option->quote_index),
                                                                  option);
    }

  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      g_autoptr(GPtrArray) costs = g_ptr_array_new ();
      g_autofree char *name = NULL, *line = NULL;

      if (!recommended[q])
        continue;
      if (unstated[q] & CP_UNSTATED_STORAGE_PRICE)
        {
          g_autofree char *estimate = storage_estimate_text (project, results, (int) q, contingency, doc->lang);

          if (estimate != NULL)
            g_ptr_array_add (items, g_steal_pointer (&estimate));
          else
            g_ptr_array_add (costs, (gpointer) _("storage price"));
        }
      if (unstated[q] & CP_UNSTATED_NETWORK_FEE)
        g_ptr_array_add (costs, (gpointer) _("network fee"));
      if (costs->len == 0)
        continue;
      list = g_string_new (g_ptr_array_index (costs, 0));
      for (guint i = 1; i < costs->len; i++)
        /* TRANSLATORS: between the costs a quote does not state ("storage price, setup fee"); Chinese lists take 、 */
        g_string_append_printf (list, "%s%s", C_("list of costs", ", "), (const char *) g_ptr_array_index (costs, i));
      /* The vendor, as the questions for the vendors name it. */
      name = quote->vendor != NULL && *quote->vendor != '\0' ? g_strdup (quote->vendor)
                                                              : cp_words_quote_name (project, (int) q);
      /* TRANSLATORS: the costs a recommended quote does not state (“storage price, network fee”), then the quote's vendor */
      line = g_strdup_printf (_("%s (%s)"), list->str, name);
      g_string_free (g_steal_pointer (&list), TRUE);
      if (clauses == NULL)
        clauses = g_string_new (line);
      else
        /* TRANSLATORS: between the costs of several vendors that their quotes do not state */
        g_string_append_printf (clauses, "%s%s", C_("list of costs", ", "), line);
    }
  if (clauses != NULL)
    /* TRANSLATORS: what the amount to approve leaves out: the costs recommended quotes do not state, “storage price (Vendor G), network fee (Vendor D)” */
    g_ptr_array_add (items, g_strdup_printf (_("%s, not stated in the quotes"), clauses->str));
  if (team_days)
    /* TRANSLATORS: what the amount to approve leaves out: the engineers' working days, which only a move to a cluster (rule R8) counts */
    g_ptr_array_add (items, g_strdup (_("the team's working days, except in moving to a cluster (R8)")));
  if (items->len == 0)
    return NULL;
  list = g_string_new (g_ptr_array_index (items, 0));
  for (guint i = 1; i < items->len; i++)
    /* TRANSLATORS: between the things the amount to approve leaves out */
    g_string_append_printf (list, "%s%s", _("; "), (const char *) g_ptr_array_index (items, i));
  /* TRANSLATORS: under the amount to approve: what it does not hold, “porting to Ascend, not costed (job); storage price (Vendor G), which the quotes do not state; …” */
  return g_strdup_printf (_("Not in the amount: %s."), list->str);
}

/* Where the calendar starts, and how jobs follow each other when one
 * waits for another; NULL when there is nothing to say. */
static const char *
budget_start_note (const CpProject  *project,
                   const CpSchedule *schedule)
{
  gboolean any_after = FALSE;

  for (guint i = 0; i < schedule->jobs->len; i++)
    any_after |= g_array_index (schedule->jobs, CpScheduleJob, i).after >= 0;
  if (!any_after && !schedule->start_is_report_day)
    return NULL;
  /* The dates then move with the start: "Approve by 31 March 2027" under
   * a calendar of jobs due from 11 December read as already late
   * (approver 33, A5). */
  return !any_after ? _("No start date is set: the dates move with the start, shown here from today.")
         : schedule->start_is_report_day
         ? _("The project sets no start date: the calendar starts on the day of this report. Each job starts with the project or after the job named in its form.")
         : _("Each job starts with the project or after the job named in its form.");
}

char *
cp_report_approval_text (const CpProject        *project,
                         const CpApprovalAmount *approval,
                         const char             *lang)
{
  const CpSettings *settings = &project->settings;
  const char *currency = settings->currency;
  g_autofree char *amount = NULL, *reserve = NULL, *reserve_rate = NULL;
  char *line;

  cp_i18n_push_language (lang);
  /* The figure signed for is exact in every language, as the tables
   * write money: Chinese prose rounds to 0.1 万元, and "28.8 万元" beside
   * an English "288,080 CNY" were two amounts to sign (approver, 3
   * December). Every quote is compared with VAT (cp_quote_vat_factor()):
   * none is added here. */
  /* Whole units, as every sum of the memo: "660 CNY (… contingency,
   * 60.00 CNY)" put cents beside whole amounts. The contingency shown is
   * the amount shown less the range's top shown, so the two add up. */
  amount = cp_i18n_format_money_whole (approval->amount, currency, lang);
  reserve = cp_i18n_format_money_whole (round (approval->amount) - round (approval->top_of_range), currency, lang);
  reserve_rate = cp_report_rate_text (settings->contingency_fraction, lang);
  /* TRANSLATORS: the memo's budget, after the range: the amount to approve, the contingency's rate and amount */
  line = g_strdup_printf (_("Amount to approve: %s (the top of the range + %s contingency, %s)."),
                          amount, reserve_rate, reserve);
  cp_i18n_pop_language ();
  return line;
}

const char *
cp_report_vendor_name (const CpProject *project,
                       int              index)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, index);

  return quote->vendor != NULL && *quote->vendor != '\0' ? quote->vendor : cp_quote_display_name (quote, project->quotes);
}

/* "Not approvable as planned: …", the memo's condition, is the window's
 * calendar tab's sentence too: its older "A, B run at the same time on
 * V's offer …" said the same overbooking two ways (issue #22). */
char *
cp_report_overbooking_text (const CpProject  *project,
                            const CpSchedule *schedule,
                            const char       *lang)
{
  g_autofree char *text = cp_report_overbooking_block_text (project, schedule, lang);
  g_auto(GStrv) kept = cp_i18n_typed_names (project);

  /* Spaced as the memo's paragraph is: "示例供应商 A (Example vendor A) 的 5 台". */
  return text != NULL ? cp_i18n_space_chinese_keeping (text, lang, (const char * const *) kept) : NULL;
}

/* What running the jobs of @overbooking one after another, earliest due
 * day first, does to the calendar (cp_schedule_place() with each job
 * after the one before): "every deadline still holds; the last of them
 * ends on 13 February 2027 instead of 2 January 2027", or the jobs that
 * then miss the day their deadline falls on as planned. NULL when a job
 * of them already waits for another (the order would override it). */
static char *
one_after_another_text (const CpProject     *project,
                        const CpSchedule    *schedule,
                        const CpOverbooking *overbooking,
                        const char          *lang)
{
  g_autoptr(GArray) order = NULL;
  g_autoptr(CpSchedule) serial = cp_schedule_one_after_another (schedule, overbooking, &order);
  g_autoptr(GString) missed = NULL;
  double last_end = 0, planned_end = 0;
  g_autofree char *last = NULL, *planned = NULL;
  GDate day;

  if (serial == NULL)
    return NULL;
  for (guint k = 0; k < order->len; k++)
    {
      guint j = g_array_index (order, guint, k);
      const CpScheduleJob *before = &g_array_index (schedule->jobs, CpScheduleJob, j);
      const CpScheduleJob *after = &g_array_index (serial->jobs, CpScheduleJob, j);
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      last_end = MAX (last_end, after->end_day);
      planned_end = MAX (planned_end, before->end_day);
      if (after->end_day > cp_schedule_job_due_day (before) + 1e-9)
        {
          g_autofree char *due = NULL;
          GDate due_date;

          cp_schedule_span_dates (schedule, 0, cp_schedule_job_due_day (before), NULL, &due_date);
          due = format_day (&due_date, lang);
          if (missed == NULL)
            missed = g_string_new (NULL);
          else
            g_string_append (missed, _("; "));
          /* TRANSLATORS: a job run after the others that misses its deadline: the job, the day its deadline falls on */
          g_string_append_printf (missed, _("%s misses its deadline (%s)"),
                                  job->name != NULL && *job->name != '\0' ? job->name : job->id, due);
        }
    }
  cp_schedule_span_dates (schedule, 0, last_end, NULL, &day);
  last = format_day (&day, lang);
  cp_schedule_span_dates (schedule, 0, planned_end, NULL, &day);
  planned = format_day (&day, lang);
  if (missed != NULL)
    /* TRANSLATORS: the jobs run one after another: the jobs that miss their deadlines, the day the last ends, the day it ends as planned */
    return g_strdup_printf (_("%s, and the last ends on %s, not %s"), missed->str, last, planned);
  /* TRANSLATORS: the jobs run one after another: the day the last ends, the day it ends as planned */
  return g_strdup_printf (_("every deadline holds, and the last ends on %s, not %s"), last, planned);
}

/* "Not approvable as planned: A, B run at the same time on V's offer, 5
 * machines from 4 December 2026, where it offers 1. Before approving,
 * have V confirm 5 machines, or run the jobs one after another, earliest
 * deadline first: …": the amount rests on machines the vendor does not
 * offer, a condition on the signature, not a recommendation (appr22
 * finding 3: the demo's 287,922 CNY assumed 5 machines of a vendor
 * quoting 1, said as the recommendations' last line). */
char *
cp_report_overbooking_block_sentence (const CpProject     *project,
                                      const CpSchedule    *schedule,
                                      const CpOverbooking *o,
                                      const char          *lang)
{
  const char *vendor = cp_report_vendor_name (project, o->quote_index);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *jobs = NULL;
  g_autofree char *day = span_text (schedule, o->day, o->day, lang);
  g_autofree char *serial = one_after_another_text (project, schedule, o, lang);
  g_autofree char *needed = cp_i18n_format_number (o->nodes_needed, 0, lang);
  g_autofree char *offered = cp_i18n_format_number (o->nodes_offered, 0, lang);
  char *text;

  cp_i18n_push_language (lang);
  /* "A, B and C": with ", " alone a name holding a comma ran into the
   * next (issue #22), as the vendor lists learnt (cp_words_join_names()). */
  for (guint j = 0; j < o->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, g_array_index (o->jobs, guint, j));

      g_ptr_array_add (names, (gpointer) (job->name != NULL && *job->name != '\0' ? job->name : job->id));
    }
  jobs = cp_words_join_names (names);
  if (serial != NULL)
    /* TRANSLATORS: page 1, before the amount to approve: the jobs, machines needed, the vendor, the day, machines offered, machines needed, what running them one after another does */
    text = g_strdup_printf (_("Not approvable as planned: %s need %s of %s’s machines at once from %s; it offers %s. Have it confirm %s machines before approving, or run the jobs one after another, earliest deadline first: %s."),
                            jobs, needed, vendor, day, offered, needed, serial);
  else
    /* TRANSLATORS: page 1, before the amount to approve: the jobs, machines needed, the vendor, the day, machines offered, machines needed */
    text = g_strdup_printf (_("Not approvable as planned: %s need %s of %s’s machines at once from %s; it offers %s. Have it confirm %s machines before approving, or run the jobs one after another."),
                            jobs, needed, vendor, day, offered, needed);
  cp_i18n_pop_language ();
  return text;
}

/* The schedule page 1 offers when one quote is short of machines, the
 * planner's (cp_schedule_fallback_new()), which the window's calendar
 * draws; NULL without one. */
static CpSchedule *
fallback_schedule (const CpProject  *project,
                   const CpSchedule *schedule)
{
  g_autoptr(CpScheduleFallback) fallback = cp_schedule_fallback_new (schedule, project);

  return fallback != NULL ? g_steal_pointer (&fallback->schedule) : NULL;
}

/* What the fallback (fallback_schedule()) costs, as the approver signs for
 * it: "Same cost: 225,595 CNY.", its months in the month table's
 * "Run one after another" column (approver 33, A6: the fallback had no cost, no months and no
 * end, so nothing could be signed for it; its end is in the condition,
 * its months in the month table's last column). NULL without one. */
static char *
fallback_cost_text (const CpProject  *project,
                    const CpSchedule *schedule,
                    const char       *lang)
{
  g_autoptr(CpSchedule) serial = fallback_schedule (project, schedule);
  g_autofree char *total = NULL;

  if (serial == NULL)
    return NULL;
  total = cp_i18n_format_money_whole (cp_report_schedule_shown_total (serial), project->settings.currency, lang);
  if (fabs (cp_report_schedule_shown_total (serial) - cp_report_schedule_shown_total (schedule)) < 0.5)
    /* TRANSLATORS: page 1, after "Not approvable as planned: … or run the jobs one after another …": the total, the same as planned; the month table's last column gives the months */
    return g_strdup_printf (_("Same cost: %s."), total);
  /* TRANSLATORS: page 1, after "Not approvable as planned: … or run the jobs one after another …": the total then; the month table's last column gives the months */
  return g_strdup_printf (_("Cost then: %s."), total);
}

char *
cp_report_overbooking_block_text (const CpProject  *project,
                                  const CpSchedule *schedule,
                                  const char       *lang)
{
  g_autoptr(GPtrArray) short_of = cp_schedule_overbookings (schedule, project);
  GString *text = NULL;

  for (guint i = 0; i < short_of->len; i++)
    {
      g_autofree char *sentence = cp_report_overbooking_block_sentence (project, schedule,
                                                                        g_ptr_array_index (short_of, i), lang);

      if (text == NULL)
        text = g_string_new (NULL);
      else
        g_string_append_c (text, ' ');
      g_string_append (text, sentence);
    }
  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

static void
free_string (gpointer string)
{
  g_string_free (string, TRUE);
}

/* Adds @whom (a job or a vendor) to @figure's list in @figures, @whoms
 * and @counts, adding the figure the first time. */
static void
add_assumed (GPtrArray  *figures,
             GPtrArray  *whoms,
             GArray     *counts,
             const char *figure,
             const char *whom)
{
  guint i;

  for (i = 0; i < figures->len && g_strcmp0 (g_ptr_array_index (figures, i), figure) != 0; i++)
    ;
  if (i == figures->len)
    {
      guint none = 0;

      g_ptr_array_add (figures, g_strdup (figure));
      g_ptr_array_add (whoms, g_string_new (NULL));
      g_array_append_val (counts, none);
    }
  {
    GString *named = g_ptr_array_index (whoms, i);

    /* One vendor's two quotes are named once. */
    if (strstr (named->str, whom) != NULL)
      return;
    if (named->len > 0)
      g_string_append (named, _(", "));
    g_string_append (named, whom);
    g_array_index (counts, guint, i)++;
  }
}

/* Whether @plan's recommended option rents quote @quote_index with a
 * cost, so that its charges are in the amount to approve. */
static gboolean
recommends_quote (const CpPlan *plan,
                  int           quote_index)
{
  return plan != NULL && !plan->cost_unknown && plan->recommended >= 0 &&
         (guint) plan->recommended < plan->options->len &&
         g_array_index (plan->options, CpOption, plan->recommended).quote_index == quote_index;
}

/* "Assumed, not given: 100M tokens (Qwen2.5 72B LoRA); 2 engineers at
 * 2,000 CNY a day (every job); VAT 13%, included (every quote); 910B
 * taken as the 910B2 (华为云).": the figures the plans used that the user
 * did not enter, the job form's defaults and the quotes' unstated VAT,
 * so that an approver can tell the app's assumptions from the team's
 * figures (issue 22). A job's field is taken as not given when it holds
 * its kind's default (cp_job_init()): the project keeps no mark of a
 * field typed at the default's value. NULL when nothing is assumed. */
static char *
assumed_list (Doc       *doc,
              JobResult *results,
              gboolean   vat)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autoptr(GPtrArray) figures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) whoms = g_ptr_array_new_with_free_func (free_string);
  g_autoptr(GArray) counts = g_array_new (FALSE, TRUE, sizeof (guint));
  g_autoptr(GString) text = NULL;
  guint n_jobs = 0, n_quotes = 0, n_job_figures;
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const char *name = job->name != NULL && *job->name != '\0' ? job->name : job->id;
      const CpPlan *plan = results[j].plan;
      double engineering_cost = 0, storage_cost = 0;
      CpJob defaults;

      if (plan == NULL)
        continue;
      n_jobs++;
      if (vat)
        continue;
      if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
        {
          const CpEstimate *e = &g_array_index (plan->options, CpOption, plan->recommended).estimate;

          engineering_cost = e->engineering_cost;
          storage_cost = e->storage_cost;
        }
      cp_job_init (&defaults, job->kind);
      if (cp_task_kind_is_training (job->kind) && job->tokens == defaults.tokens)
        {
          g_autofree char *tokens = cp_words_tokens (job->tokens, doc->lang);

          add_assumed (figures, whoms, counts, tokens, name);
        }
      if (job->kind == CP_TASK_INFERENCE && job->prompt_tokens == defaults.prompt_tokens &&
          job->output_tokens == defaults.output_tokens)
        {
          g_autofree char *prompt = cp_i18n_format_number (job->prompt_tokens, 0, doc->lang);
          g_autofree char *output = cp_i18n_format_number (job->output_tokens, 0, doc->lang);
          /* TRANSLATORS: an inference job's default request: mean prompt and output tokens */
          g_autofree char *request = g_strdup_printf (_("%s-token prompts, %s-token outputs"), prompt, output);

          add_assumed (figures, whoms, counts, request, name);
        }
      /* The team's days and storage count only where the recommended
       * option pays for them (migration, a storage price). */
      if (engineering_cost > 0 && job->engineers == defaults.engineers &&
          job->engineer_day_cost == defaults.engineer_day_cost)
        {
          g_autofree char *count = cp_i18n_format_number (job->engineers, 0, doc->lang);
          g_autofree char *day = cp_i18n_format_money (job->engineer_day_cost, currency, doc->lang);
          /* TRANSLATORS: the job form's default team: engineers, the cost of one engineer-day */
          g_autofree char *team = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s engineer at %s a day", "%s engineers at %s a day",
                                                              job->engineers), count, day);

          add_assumed (figures, whoms, counts, team, name);
        }
      if (storage_cost > 0 && job->storage_tb == defaults.storage_tb)
        {
          g_autofree char *tb = cp_i18n_format_value (job->storage_tb, doc->lang);
          /* TRANSLATORS: the job form's default storage, in TB */
          g_autofree char *storage = g_strdup_printf (_("%s TB of storage"), tb);

          add_assumed (figures, whoms, counts, storage, name);
        }
      cp_job_clear (&defaults);
    }
  n_job_figures = figures->len;

  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      const char *vendor = cp_report_vendor_name (project, (int) q);
      g_autofree char *family = NULL, *variant = NULL;
      gboolean in_amount = FALSE;

      /* The note speaks of the amount: only the quotes a job's
       * recommended option rents count there. The demo's note named "4
       * vendors" at 6% and "3 vendors" at 13%, and a GPU taken as a
       * variant at 示例供应商 F, where the amount holds three vendors and
       * not F (approver 22). */
      for (guint j = 0; j < project->jobs->len && !in_amount; j++)
        in_amount = recommends_quote (results[j].plan, (int) q);
      if (!in_amount)
        continue;
      n_quotes++;
      if (vat && quote->vat_rate <= 0)
        {
          g_autofree char *rate = cp_report_rate_text (cp_quote_vat_rate (quote, &project->settings), doc->lang);
          g_autofree char *taken = NULL;

          if (quote->vat_basis != CP_VAT_BASIS_UNSTATED)
            taken = g_strdup (rate);
          else if (cp_quote_prices_include_vat (quote, &project->settings))
            /* TRANSLATORS: a quote's VAT it does not state: the rate, included in its prices */
            taken = g_strdup_printf (_("%s, included"), rate);
          else
            /* TRANSLATORS: a quote's VAT it does not state: the rate, added to its prices */
            taken = g_strdup_printf (_("%s, added"), rate);
          add_assumed (figures, whoms, counts, taken, vendor);
        }
      if (!vat && cp_gpu_spec_variant (&quote->gpu, &family, &variant))
        {
          /* TRANSLATORS: a GPU family a quote names, read as the catalogue's variant: "910B taken as the 910B2" */
          g_autofree char *taken = g_strdup_printf (_("%s taken as the %s"), family, variant);

          add_assumed (figures, whoms, counts, taken, vendor);
        }
    }

  if (figures->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < figures->len; i++)
    {
      GString *named = g_ptr_array_index (whoms, i);
      guint count = g_array_index (counts, guint, i);
      gboolean of_jobs = i < n_job_figures;
      const char *whom = named->str;
      g_autofree char *several = NULL;

      /* A figure of several jobs (vendors) that is all of them; of some,
       * how many: the line stays short in the demo's memo, whose sign-off
       * keeps to page 2 (each job's inputs are in its chapter). */
      if (count > 1 && count == (of_jobs ? n_jobs : n_quotes))
        whom = of_jobs
               /* TRANSLATORS: whom an assumed figure applies to */
               ? _("every job")
               /* TRANSLATORS: whom an assumed figure (a VAT rate, a GPU variant) applies to: all the vendors whose charges the amount to approve holds */
               : _("every vendor in the amount");
      /* The vendors of the amount are named: a count did not say which
       * of the quotes table's vendors were meant. */
      else if (count > 1 && of_jobs)
        {
          g_autofree char *number = cp_i18n_format_number (count, 0, doc->lang);

          g_free (several);
          several = g_strdup_printf (of_jobs
                                     /* TRANSLATORS: how many jobs an assumed figure applies to */
                                     ? g_dngettext (GETTEXT_PACKAGE, "%s job", "%s jobs", count)
                                     /* TRANSLATORS: how many vendors an assumed figure applies to */
                                     : g_dngettext (GETTEXT_PACKAGE, "%s vendor", "%s vendors", count), number);
          whom = several;
        }
      if (i > 0)
        g_string_append (text, _("; "));
      g_string_append_printf (text, _("%s (%s)"), (const char *) g_ptr_array_index (figures, i), whom);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The figures of assumed_list() but VAT, as a sentence, or NULL. */
static char *
assumed_text (Doc       *doc,
              JobResult *results)
{
  g_autofree char *list = assumed_list (doc, results, FALSE);

  if (list == NULL)
    return NULL;
  /* TRANSLATORS: the memo's figures that are the app's assumptions, not the user's: "100M tokens (job); 910B taken as the 910B2 (vendor)" */
  return g_strdup_printf (_("Assumed, not given: %s."), list);
}

GArray *
cp_report_vat_parts (const CpProject        *project,
                     CpPlan * const         *plans,
                     const CpSchedule       *schedule,
                     const CpApprovalAmount *approval)
{
  GArray *parts = g_array_new (FALSE, TRUE, sizeof (CpReportVatPart));
  g_autofree double *taxes = NULL, *shown = NULL;
  double sum = 0;

  for (guint i = 0; i < schedule->jobs->len && i < project->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpPlan *plan = plans[i];
      const CpOption *option;
      CpReportVatPart part = { 0, 0 };
      guint r;

      if (!entry->planned || plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      option = &g_array_index (plan->options, CpOption, plan->recommended);
      if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      part.rate = cp_quote_vat_rate (g_ptr_array_index (project->quotes, option->quote_index), &project->settings);
      for (r = 0; r < parts->len && fabs (g_array_index (parts, CpReportVatPart, r).rate - part.rate) > 1e-9; r++)
        ;
      if (r == parts->len)
        g_array_append_val (parts, part);
      /* As cp_report_approval_amount() weighs each vendor's charges. */
      g_array_index (parts, CpReportVatPart, r).vat +=
        (option->estimate.total_cost - option->estimate.engineering_cost) * part.rate / (1 + part.rate);
    }
  if (parts->len == 0)
    return parts;
  /* The amount's VAT holds the contingency's too: each rate's part grows
   * with its share of the jobs' VAT before the whole units are handed
   * out. Unscaled, the gap went out one unit at a time in turn, and the
   * demo's 6% part read 5,189 CNY where its share is 2,388 (approver 22). */
  taxes = g_new0 (double, parts->len);
  shown = g_new0 (double, parts->len);
  for (guint r = 0; r < parts->len; r++)
    sum += g_array_index (parts, CpReportVatPart, r).vat;
  for (guint r = 0; r < parts->len; r++)
    taxes[r] = sum > 0 ? g_array_index (parts, CpReportVatPart, r).vat * approval->vat / sum : 0;
  cp_i18n_apportion (taxes, parts->len, approval->vat, shown);
  for (guint r = 0; r < parts->len; r++)
    g_array_index (parts, CpReportVatPart, r).vat = shown[r];
  return parts;
}

/* "13%: 29,000 CNY; 6%: 1,658 CNY": the VAT of @approval split by the
 * rates of the recommended quotes (cp_report_vat_parts()). NULL when one
 * rate applies. The approver could not rebuild "VAT: 30,658 CNY" from
 * two rates (approver 21). */
static char *
vat_by_rate (const CpProject        *project,
             JobResult              *results,
             const CpSchedule       *schedule,
             const CpApprovalAmount *approval,
             const char             *lang)
{
  g_autoptr(GPtrArray) plans = result_plans (project, results);
  g_autoptr(GArray) parts = cp_report_vat_parts (project, (CpPlan * const *) plans->pdata, schedule, approval);
  g_autoptr(GString) line = g_string_new (NULL);

  if (parts->len < 2)
    return NULL;
  for (guint r = 0; r < parts->len; r++)
    {
      const CpReportVatPart *part = &g_array_index (parts, CpReportVatPart, r);
      g_autofree char *rate = cp_report_rate_text (part->rate, lang);
      g_autofree char *money = cp_i18n_format_money_whole (part->vat, project->settings.currency, lang);

      if (r > 0)
        g_string_append (line, _("; "));
      /* TRANSLATORS: one VAT rate's part of the amount's VAT: the rate, the money */
      g_string_append_printf (line, _("%s: %s"), rate, money);
    }
  return g_string_free (g_steal_pointer (&line), FALSE);
}

/* VAT said once (approver 20: it was said in the amount, and again
 * among the figures assumed): what the amount holds, by rate when the
 * quotes' rates differ, and the rate taken where a quote states none. */
static char *
vat_text (Doc        *doc,
          JobResult  *results,
          const char *vat_total,
          const char *split)
{
  g_autofree char *unstated = assumed_list (doc, results, TRUE);
  /* TRANSLATORS: the amount's VAT, then its split by rate ("30,658 CNY (13%: 29,000 CNY; 6%: 1,658 CNY)") */
  g_autofree char *vat = split != NULL ? g_strdup_printf (_("%s (%s)"), vat_total, split) : g_strdup (vat_total);

  if (unstated == NULL)
    /* TRANSLATORS: the memo's budget; the VAT the amount holds */
    return g_strdup_printf (_("VAT: %s in the amount, at the rates the quotes state (the quotes table)."), vat);
  /* TRANSLATORS: the memo's budget; the VAT the amount holds, the rate taken where a quote states none, for whom ("13%, included (every quote)") */
  return g_strdup_printf (_("VAT: %s in the amount; not stated in the quotes, taken as %s."), vat, unstated);
}

/* The day the first rented job starts on @schedule, if the project sets
 * its start (a calendar counted from the report's day has no such day). */
static gboolean
work_start_day (const CpSchedule *schedule,
                GDate            *work_day)
{
  double first_start_day = -1;

  for (guint j = 0; schedule != NULL && !schedule->start_is_report_day && j < schedule->jobs->len; j++)
    {
      const CpScheduleJob *job = &g_array_index (schedule->jobs, CpScheduleJob, j);

      if (job->planned && job->quote_index >= 0 && (first_start_day < 0 || job->start_day < first_start_day))
        first_start_day = job->start_day;
    }
  if (first_start_day < 0)
    return FALSE;
  *work_day = schedule->start;
  g_date_add_days (work_day, (guint) floor (first_start_day));
  return TRUE;
}

void
cp_report_approve_by (const CpProject  *project,
                      CpPlan * const   *plans,
                      const CpSchedule *schedule,
                      CpReportApproveBy *out)
{
  GDate day, today, work_day;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean work_day_known = work_start_day (schedule, &work_day);

  memset (out, 0, sizeof *out);
  out->rule = CP_REPORT_APPROVE_BY_NONE;
  out->quote_index = -1;
  g_date_clear (&today, 1);
  g_date_set_dmy (&today, g_date_time_get_day_of_month (now), g_date_time_get_month (now), g_date_time_get_year (now));
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = plans[j];
      int q;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      q = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
      if (q < 0 || (guint) q >= project->quotes->len ||
          !cp_schedule_parse_date (((const CpQuote *) g_ptr_array_index (project->quotes, q))->valid_until, &day))
        continue;
      if (out->quote_index < 0 || g_date_compare (&day, &out->price_until) < 0)
        {
          out->quote_index = q;
          out->price_until = day;
        }
    }
  /* No price says how long it holds, but the work has a day to start:
   * the money is needed by then (approver 33, A4: a project starting on
   * 11 January said no "by when" at all). */
  if (out->quote_index < 0)
    {
      if (work_day_known)
        {
          out->day = work_day;
          out->rule = g_date_compare (&work_day, &today) <= 0 ? CP_REPORT_APPROVE_BY_NOW : CP_REPORT_APPROVE_BY_WORK_START;
        }
      return;
    }
  out->day = out->price_until;
  if (g_date_compare (&out->price_until, &today) < 0)
    {
      out->rule = CP_REPORT_APPROVE_BY_PRICE_PAST;
      return;
    }
  /* The money is needed when the first rented job starts, which can come
   * before the price stops holding: "approve by 31 January" for work
   * starting on 11 January came too late (approver 31). */
  if (work_day_known && g_date_compare (&work_day, &out->price_until) < 0)
    {
      out->day = work_day;
      out->rule = g_date_compare (&work_day, &today) <= 0 ? CP_REPORT_APPROVE_BY_NOW : CP_REPORT_APPROVE_BY_WORK_START;
      return;
    }
  out->rule = CP_REPORT_APPROVE_BY_PRICE_END;
}

/* The quote every job's recommendation rents from, or -1 when they rent
 * from several, or none is recommended. */
static int
sole_recommended_quote (const CpProject *project,
                        JobResult       *results)
{
  int sole = -1;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      int q;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      q = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
      if (sole >= 0 && q != sole)
        return -1;
      sole = q;
    }
  return sole >= 0 && (guint) sole < project->quotes->len ? sole : -1;
}

/* "Approve by 31 January 2027, the last day Shenzhen Yunsuan's price holds.",
 * or before the work starts, or now (cp_report_approve_by()): the day by
 * which the approval must be given (appr22 finding 6: only the quotes
 * table said it). A day already past asks the vendor to confirm. NULL
 * when no quote of the amount states one. */
static char *
approve_by_text (const CpProject  *project,
                 JobResult        *results,
                 const CpSchedule *schedule,
                 const char       *lang)
{
  g_autoptr(GPtrArray) plans = result_plans (project, results);
  CpReportApproveBy by;
  g_autofree char *date = NULL, *work_date = NULL;
  const char *vendor;
  int sole;

  cp_report_approve_by (project, (CpPlan * const *) plans->pdata, schedule, &by);
  if (by.rule == CP_REPORT_APPROVE_BY_NONE)
    return NULL;
  work_date = format_day (&by.day, lang);
  /* One quote recommended: its vendor named, where "no recommended quote"
   * read as several (approver 35, C4). */
  if (by.quote_index < 0 && (sole = sole_recommended_quote (project, results)) >= 0)
    return g_strdup_printf (by.rule == CP_REPORT_APPROVE_BY_NOW
                            /* TRANSLATORS: under the amount to approve: the work's planned start is today or past, the day it starts; the one recommended quote's vendor, whose quote states no validity */
                            ? _("Approve now: the work is planned to start on %s; %s’s quote does not say how long its price holds.")
                            /* TRANSLATORS: under the amount to approve: the day the first job starts; the one recommended quote's vendor, whose quote states no validity */
                            : _("Approve before the work starts on %s; %s’s quote does not say how long its price holds."),
                            work_date, cp_report_vendor_name (project, sole));
  if (by.quote_index < 0 && by.rule == CP_REPORT_APPROVE_BY_NOW)
    /* TRANSLATORS: under the amount to approve: the work's planned start is today or past, the day it starts; no recommended quote states how long its price holds */
    return g_strdup_printf (_("Approve now: the work is planned to start on %s; no recommended quote says how long its price holds."), work_date);
  if (by.quote_index < 0)
    /* TRANSLATORS: under the amount to approve: the day the first job starts; no recommended quote states how long its price holds (approver 34, B2: "no quote" beside another quote's validity read as false) */
    return g_strdup_printf (_("Approve before the work starts on %s; no recommended quote says how long its price holds."), work_date);
  vendor = cp_report_vendor_name (project, by.quote_index);
  date = format_day (&by.price_until, lang);
  switch (by.rule)
    {
    case CP_REPORT_APPROVE_BY_PRICE_PAST:
      /* TRANSLATORS: under the amount to approve: a quote's price whose last day is past; the vendor, the day */
      return g_strdup_printf (_("%s’s price held to %s only: have the vendor confirm it before approving."), vendor, date);
    case CP_REPORT_APPROVE_BY_NOW:
      /* TRANSLATORS: under the amount to approve: the work's planned start is today or past; the day it starts, the vendor, the last day its price holds */
      return g_strdup_printf (_("Approve now: the work is planned to start on %s; %s’s price holds to %s."),
                              work_date, vendor, date);
    case CP_REPORT_APPROVE_BY_WORK_START:
      /* TRANSLATORS: under the amount to approve: the day the first job starts, the vendor, the last day its price holds */
      return g_strdup_printf (_("Approve before the work starts on %s; %s’s price holds to %s."),
                              work_date, vendor, date);
    case CP_REPORT_APPROVE_BY_PRICE_END:
    case CP_REPORT_APPROVE_BY_NONE:
    default:
      break;
    }
  /* TRANSLATORS: under the amount to approve: the day to approve by, the vendor whose price stops holding after it */
  return g_strdup_printf (_("Approve by %s, the last day %s’s price holds."), date, vendor);
}

double
cp_report_top_with_job_cost (const CpSchedule       *schedule,
                             const CpApprovalAmount *approval,
                             guint                   job_index,
                             double                  cost)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, job_index);

  /* The job's top as its answer shows it (cp_report_schedule_shown_range()). */
  return approval->top_of_range - round (MAX (entry->cost_high, cp_schedule_job_cost (entry))) + round (cost);
}

/* The open answers of @results that would pass @approval's amount (each
 * one's outcome into @passing, its proviso, when it has one, into
 * @provisos), the top of the project's range the dearest of them would
 * make in @cover_top; returns how many answers there are in all. */
static guint
answers_passing (const CpProject        *project,
                 JobResult              *results,
                 const CpSchedule       *schedule,
                 const CpApprovalAmount *approval,
                 const char             *lang,
                 GPtrArray              *passing,
                 GPtrArray              *provisos,
                 double                 *cover_top)
{
  guint n_answers = 0;

  *cover_top = 0;
  for (guint j = 0; j < project->jobs->len && j < schedule->jobs->len; j++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);
      g_autoptr(GPtrArray) answers = NULL;

      if (!entry->planned)
        continue;
      answers = cp_report_open_answers (project, results, schedule, j, lang);
      for (guint a = 0; a < answers->len; a++)
        {
          const CpReportOpenAnswer *open = g_ptr_array_index (answers, a);
          double top = cp_report_top_with_job_cost (schedule, approval, j, open->cost);

          n_answers++;
          /* Within the amount, or R8's line says what to approve for it. */
          if (top <= round (approval->amount) || open->offered_by_r8)
            continue;
          /* The option it leads to: the answer is in the list above. */
          g_ptr_array_add (passing, g_strdup (open->outcome));
          if (open->proviso != NULL)
            g_ptr_array_add (provisos, g_strdup (open->proviso));
          *cover_top = MAX (*cover_top, top);
        }
    }
  return n_answers;
}

/* What signing commits to when a job's choice waits on answers still to
 * come (cp_report_open_answers()): the amount, and whether every answer
 * keeps the project within it or which would pass it, with what to
 * approve to cover them (approver 33, A1: "the approver cannot tell
 * whether the signature approves Shanghai Suanli now, or an envelope of
 * 11,520 CNY with the vendor chosen after the answer"). NULL when no
 * answer would pass it. */
static char *
commitment_text (Doc                    *doc,
                 JobResult              *results,
                 const CpSchedule       *schedule,
                 const CpApprovalAmount *approval)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autoptr(GPtrArray) passing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) provisos = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *cover = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  double cover_top;
  guint n_answers = answers_passing (project, results, schedule, approval, doc->lang, passing, provisos, &cover_top);

  /* Answers that all stay within it are said so where they are listed
   * (cp_report_section_question()). */
  if (n_answers == 0 || passing->len == 0)
    return NULL;
  for (guint i = 0; i < passing->len; i++)
    {
      if (i > 0)
        g_string_append (list, _("; "));
      g_string_append (list, g_ptr_array_index (passing, i));
    }
  cover = cp_i18n_format_money_whole (cp_settings_amount_to_approve (&project->settings, cover_top, 0, 0, NULL, NULL),
                                      currency, doc->lang);
  return g_strdup_printf (passing->len == 1
                          /* TRANSLATORS: page 1, after "Amount to approve: …": the option an open answer listed above would lead to, past that amount ("Beijing Yunsuan at 38,000 CNY"); the amount that would cover it */
                          ? _("One answer above would exceed it (%s): have it answered before signing, or approve %s.")
                          /* TRANSLATORS: page 1, after "Amount to approve: …": the options open answers listed above would lead to, past that amount; the amount that would cover them */
                          : _("Answers above would exceed it (%s): have them answered before signing, or approve %s."),
                          list->str, cover);
}

/* The amount to approve and how VAT was taken (cp_report_approval_amount()):
 * the one figure the approver signs, said as its parts add up. */
static void
section_amount_to_approve (Doc              *doc,
                           JobResult        *results,
                           const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  const CpSettings *settings = &project->settings;
  const char *currency = settings->currency;
  g_autoptr(GPtrArray) plans = result_plans (project, results);
  CpApprovalAmount approval;
  g_autofree char *vat = NULL, *line = NULL, *tax = NULL;

  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  vat = cp_i18n_format_money_whole (approval.vat, currency, doc->lang);
  line = cp_report_approval_text (project, &approval, doc->lang);

  /* One basis for every figure: with VAT, at each quote's rate (the
   * quotes table says which rate applied to which quote, and why). */
  {
    g_autofree char *split = vat_by_rate (project, results, schedule, &approval, doc->lang);

    tax = vat_text (doc, results, vat, split);
  }
  {
    /* What the amount leaves out first, under it, then its VAT and which
     * figures are the app's, not the team's: each on a line of its own in
     * the note's type, where one paragraph of eight clauses buried the
     * money outside the amount (approver 33, A25). The calendar's start
     * is said beside the calendar (cp_report_section_budget()). */
    g_autofree char *left_out = not_in_amount_text (doc, results, round (approval.amount) - round (approval.top_of_range));
    g_autofree char *assumed = assumed_text (doc, results);
    const char *notes[] = { left_out, tax, assumed };
    /* The amount and what it leaves out are kept together, on one page;
     * the VAT's and the assumed figures' lines may follow on the next. */
    double left_out_height = left_out != NULL && *left_out != '\0'
                             ? cp_doc_paragraph_height (doc, doc->small, left_out, 0) + 1 : 0;

    /* The amount and what it leaves out are read together, on one page:
     * the demo's note ran from page 1's foot onto page 2 (approver 21). */
    g_autofree char *approve_by = approve_by_text (project, results, schedule, doc->lang);

    if (approve_by != NULL)
      {
        /* With the amount, in its type: the day matters as much. */
        char *with_day = g_strdup_printf (C_("two sentences", "%s %s"), line, approve_by);

        g_free (line);
        line = with_day;
      }
    /* What signing commits to when a choice waits on answers, with the
     * amount it is about. */
    g_autofree char *commitment = commitment_text (doc, results, schedule, &approval);

    if (commitment != NULL)
      {
        g_autofree char *with = g_strdup_printf (C_("two sentences", "%s %s"), line, commitment);

        g_free (line);
        line = cp_doc_spaced (doc, with);
      }
    cp_doc_ensure (doc, cp_doc_paragraph_height (doc, doc->bold, line, 0) + 1 + left_out_height);
    cp_doc_paragraph_full (doc, doc->bold, line, 0, 1, NULL);
    /* The page the amount is on, whichever its notes end on. */
    doc->amount_page = doc->pages->len;
    for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
      if (notes[i] != NULL && *notes[i] != '\0')
        cp_doc_paragraph_full (doc, doc->small, notes[i], 0, 1, NULL);
  }
}

char *
cp_report_signed_proviso_text (Doc              *doc,
                               JobResult        *results,
                               const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) plans = NULL;
  g_autoptr(GPtrArray) passing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) provisos = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *amount = NULL, *conditions = NULL;
  CpApprovalAmount approval;
  double cover_top;

  if (results == NULL || schedule == NULL || project->quotes->len == 0)
    return NULL;
  plans = result_plans (project, results);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  answers_passing (project, results, schedule, &approval, doc->lang, passing, provisos, &cover_top);
  if (provisos->len == 0)
    return NULL;
  amount = cp_i18n_format_money_whole (round (approval.amount), project->settings.currency, doc->lang);
  conditions = cp_words_join_names (provisos);
  /* TRANSLATORS: the sign-off block: the amount to approve, then what the signature rests on ("Beijing Yunsuan bills by the hour with no minimum term") */
  return g_strdup_printf (_("The signature approves up to %s provided %s."), amount, conditions);
}

char *
cp_report_signed_amount_text (Doc              *doc,
                              JobResult        *results,
                              const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) plans = NULL;
  g_autofree char *line = NULL, *vat = NULL, *split = NULL, *with_split = NULL, *blocked = NULL, *nothing = NULL;
  g_autofree char *proviso = NULL;
  g_autoptr(GString) text = NULL;
  CpApprovalAmount approval;

  if (results == NULL || schedule == NULL || project->quotes->len == 0)
    return NULL;
  nothing = nothing_to_approve (doc, results);
  if (nothing != NULL)
    return NULL;
  plans = result_plans (project, results);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  line = cp_report_approval_text (project, &approval, doc->lang);
  vat = cp_i18n_format_money_whole (approval.vat, project->settings.currency, doc->lang);
  split = vat_by_rate (project, results, schedule, &approval, doc->lang);
  /* TRANSLATORS: the amount's VAT, then its split by rate ("30,658 CNY (13%: 29,000 CNY; 6%: 1,658 CNY)") */
  with_split = split != NULL ? g_strdup_printf (_("%s (%s)"), vat, split) : g_strdup (vat);
  text = g_string_new (line);
  g_string_append_c (text, ' ');
  /* TRANSLATORS: the sign-off block, after the amount to approve: the VAT it holds */
  g_string_append_printf (text, _("VAT in it: %s."), with_split);
  proviso = cp_report_signed_proviso_text (doc, results, schedule);
  if (proviso != NULL)
    g_string_append_printf (text, " %s", proviso);
  blocked = cp_report_overbooking_block_text (project, schedule, doc->lang);
  if (blocked != NULL)
    {
      g_string_append_c (text, ' ');
      /* TRANSLATORS: the sign-off block, when page 1 says the amount is not approvable as planned */
      g_string_append (text, _("Not approvable until the condition on page 1 is met."));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GArray *
cp_report_vendor_totals (const CpProject  *project,
                         const CpSchedule *schedule)
{
  GArray *totals = g_array_new (FALSE, TRUE, sizeof (CpReportVendorTotal));
  g_autofree double *costs = NULL;
  g_autofree double *shown = NULL;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const char *vendor;
      guint v;

      if (!entry->planned || entry->quote_index < 0 || (guint) entry->quote_index >= project->quotes->len)
        continue;
      vendor = cp_report_vendor_name (project, entry->quote_index);
      for (v = 0; v < totals->len && g_strcmp0 (g_array_index (totals, CpReportVendorTotal, v).vendor, vendor) != 0; v++)
        ;
      if (v == totals->len)
        {
          CpReportVendorTotal first = { vendor, entry->quote_index, 0, 0 };

          g_array_append_val (totals, first);
        }
      g_array_index (totals, CpReportVendorTotal, v).n_jobs++;
      g_array_index (totals, CpReportVendorTotal, v).cost += cp_schedule_job_cost (entry);
    }
  costs = g_new0 (double, MAX (totals->len, 1));
  shown = g_new0 (double, MAX (totals->len, 1));
  for (guint v = 0; v < totals->len; v++)
    costs[v] = g_array_index (totals, CpReportVendorTotal, v).cost;
  cp_i18n_apportion (costs, totals->len, cp_report_schedule_shown_total (schedule), shown);
  for (guint v = 0; v < totals->len; v++)
    g_array_index (totals, CpReportVendorTotal, v).cost = shown[v];
  return totals;
}

/* "By vendor: A, 4 jobs, 33,790 CNY; G, 2 jobs, 182,940 CNY.": the jobs'
 * costs added up by the vendor each rents from, when one vendor has
 * several jobs (approver, 3 December: the order to place with each
 * vendor). They add up to the total above, as the months do. NULL when
 * each vendor has one job at most. */
static char *
vendor_subtotals (Doc              *doc,
                  const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  g_autoptr(GArray) totals = cp_report_vendor_totals (project, schedule);
  g_autoptr(GString) line = NULL;
  gboolean shared = FALSE;

  for (guint v = 0; v < totals->len; v++)
    shared |= g_array_index (totals, CpReportVendorTotal, v).n_jobs > 1;
  if (!shared)
    return NULL;
  line = g_string_new (NULL);
  for (guint v = 0; v < totals->len; v++)
    {
      const CpReportVendorTotal *total = &g_array_index (totals, CpReportVendorTotal, v);
      g_autofree char *money = cp_i18n_format_money_whole (total->cost, project->settings.currency, doc->lang);
      g_autofree char *count = cp_i18n_format_number (total->n_jobs, 0, doc->lang);
      g_autofree char *jobs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s job", "%s jobs", total->n_jobs), count);

      if (v > 0)
        /* TRANSLATORS: between the vendors of the budget's subtotals */
        g_string_append (line, _("; "));
      /* TRANSLATORS: one vendor's subtotal in the budget: the vendor, its number of jobs, their cost */
      g_string_append_printf (line, _("%s, %s, %s"), total->vendor, jobs, money);
    }
  /* TRANSLATORS: the budget's subtotals by vendor, "A, 4 jobs, 33,790 CNY; G, 2 jobs, 182,940 CNY" */
  return g_strdup_printf (_("By vendor, each job's cost where it rents: %s."), line->str);
}

/* When no job has a recommended option: that there is no amount to
 * approve yet, and why, from what the jobs' plans lack (approver 20:
 * "All jobs at their recommended options: 0 CNY" and "Amount to
 * approve: 0 CNY" where none had one). NULL when a job has one. */
static char *
nothing_to_approve (Doc       *doc,
                    JobResult *results)
{
  const CpProject *project = doc->project;
  gboolean unpriced = FALSE, late = FALSE, unfit = FALSE;
  g_autoptr(GPtrArray) why = g_ptr_array_new ();
  g_autoptr(GString) because = g_string_new (NULL);

  /* A plan without prices recommends on its hardware alone, at no cost
   * to approve. */
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    if (results[j].plan != NULL && !results[j].plan->cost_unknown && results[j].plan->recommended >= 0)
      return NULL;
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;

      if (plan == NULL)
        continue;
      if (plan->cost_unknown)
        unpriced = TRUE;
      else if (plan->best_available >= 0)
        late = TRUE;
      else
        unfit = TRUE;
    }
  if (unpriced)
    /* TRANSLATORS: why no job has a recommended option */
    g_ptr_array_add (why, _("no quote states a price to compare"));
  if (late)
    /* TRANSLATORS: why no job has a recommended option */
    g_ptr_array_add (why, _("no quote finishes a job by its deadline"));
  if (unfit)
    /* TRANSLATORS: why no job has a recommended option */
    g_ptr_array_add (why, _("no quote's machines can run a job"));
  for (guint i = 0; i < why->len; i++)
    {
      if (i > 0)
        g_string_append (because, _("; "));
      g_string_append (because, g_ptr_array_index (why, i));
    }
  if (because->len == 0)
    return g_strdup (_("No amount to approve yet: no job has a costed recommendation (see each job above)."));
  /* TRANSLATORS: the memo's budget when no job has a recommended option; why (one or more clauses) */
  return g_strdup_printf (_("No amount to approve yet: no job has a costed recommendation, as %s (see each job above)."),
                          because->str);
}

void
cp_report_section_budget (Doc              *doc,
                          JobResult        *results,
                          const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autofree char *total = cp_i18n_format_money_whole (cp_report_schedule_shown_total (schedule), currency, doc->lang);
  /* The band with its currency once, as each job's answer gives it. */
  g_autofree char *band = NULL;
  g_autofree char *span = span_text (schedule, 0, schedule->end_day, doc->lang);
  g_autofree char *summary = NULL;
  g_autofree char *nothing = nothing_to_approve (doc, results);
  g_autofree char *low_text = NULL, *high_text = NULL;
  GDate last_low, last_high;
  gboolean fixed;
  double low, high;

  cp_report_schedule_shown_range (schedule, &low, &high);
  band = cp_i18n_format_money_whole_range (low, high, currency, doc->lang);
  if (nothing != NULL)
    {
      cp_doc_heading (doc, doc->h1, _("Budget and calendar"), 30);
      cp_doc_paragraph_full (doc, doc->bold, nothing, 0, 2, NULL);
      return;
    }
  cp_schedule_span_dates (schedule, 0, schedule->end_day_low, NULL, &last_low);
  cp_schedule_span_dates (schedule, 0, schedule->end_day_high, NULL, &last_high);
  fixed = g_strcmp0 (low_text = cp_i18n_format_money_whole (low, currency, doc->lang),
                     high_text = cp_i18n_format_money_whole (high, currency, doc->lang)) == 0;
  /* A project of one job says "the job": "all jobs" and "the last job"
   * had an approver look for the others (approver 33, A13). A total with
   * no spread says so, where "45,000 CNY (45,000 CNY)" read as a
   * misprint (approver 34, B11). */
  if (g_date_compare (&last_low, &last_high) >= 0 && project->jobs->len == 1)
    summary = fixed
              /* TRANSLATORS: the budget of a project of one job whose total does not vary: total, the calendar */
              ? g_strdup_printf (_("The job at its recommended option: %s, a fixed price, %s."), total, span)
              /* TRANSLATORS: the budget of a project of one job: total, its range ("8,440–10,473 CNY"), the calendar */
              : g_strdup_printf (_("The job at its recommended option: %s (%s), %s."), total, band, span);
  else if (g_date_compare (&last_low, &last_high) >= 0)
    summary = fixed
              /* TRANSLATORS: the project's budget when its total does not vary: total, the calendar */
              ? g_strdup_printf (_("All jobs at their recommended options: %s, a fixed price, %s."), total, span)
              /* TRANSLATORS: the project's budget: total, its range ("210,977–261,745 CNY"), the calendar */
              : g_strdup_printf (_("All jobs at their recommended options: %s (%s), %s."), total, band, span);
  else
    {
      g_autofree char *ends = ends_between_text (&last_low, &last_high, doc->lang);

      if (project->jobs->len == 1)
        summary = fixed
                  /* TRANSLATORS: the budget of a project of one job whose total does not vary: total, the calendar, the first and last day its end may fall on */
                  ? g_strdup_printf (_("The job at its recommended option: %s, a fixed price, %s; it ends between %s."),
                                     total, span, ends)
                  /* TRANSLATORS: the budget of a project of one job: total, its range ("8,440–10,473 CNY"), the calendar, the first and last day its end may fall on ("12 and 13 January 2027", "2027年1月12日至13日") */
                  : g_strdup_printf (_("The job at its recommended option: %s (%s), %s; it ends between %s."),
                                     total, band, span, ends);
      else
        summary = fixed
                  /* TRANSLATORS: the project's budget when its total does not vary: total, the calendar, the first and last day its end may fall on */
                  ? g_strdup_printf (_("All jobs at their recommended options: %s, a fixed price, %s; the last job ends between %s."),
                                     total, span, ends)
                  /* TRANSLATORS: the project's budget: total, its range ("210,977–261,745 CNY"), the calendar, the first and last day its end may fall on ("13 and 15 January 2027", "2027年1月13日至15日") */
                  : g_strdup_printf (_("All jobs at their recommended options: %s (%s), %s; the last job ends between %s."),
                                     total, band, span, ends);
    }

  {
    /* The condition the amount rests on comes first, in red, and the
     * total after it reads as resting on it (appr22 finding 3). */
    g_autofree char *blocked = results != NULL ? cp_report_overbooking_block_text (project, schedule, doc->lang) : NULL;

    /* The heading keeps the total's two lines with it. */
    cp_doc_heading (doc, doc->h1, _("Budget and calendar"), blocked != NULL ? cp_doc_paragraph_height (doc, doc->bold, blocked, 0) : 30);
    if (blocked != NULL)
      {
        /* The fallback as one signs for it, with the condition that
         * offers it: running the jobs so meets the condition. */
        g_autofree char *serial = fallback_cost_text (project, schedule, doc->lang);
        g_autofree char *both = serial != NULL ? g_strdup_printf (C_("two sentences", "%s %s"), blocked, serial) : NULL;

        cairo_set_source_rgb (doc->cr, 0.65, 0.10, 0.05);
        cp_doc_paragraph_full (doc, doc->bold, both != NULL ? both : blocked, 0, 2, NULL);
        cairo_set_source_rgb (doc->cr, 0, 0, 0);
      }
  }
  {
    /* Where the dates count from, beside them (approver 33, A25: in the
     * note's small type under the VAT it went unread). */
    const char *start = budget_start_note (project, schedule);
    g_autofree char *with_start = start != NULL ? g_strdup_printf (C_("two sentences", "%s %s"), summary, start) : NULL;

    cp_doc_paragraph_full (doc, doc->bold, with_start != NULL ? with_start : summary, 0, 2, NULL);
  }
  /* The amount straight under the total it is made of, the subtotals by
   * vendor after it: the Chinese demo's amount fell onto page 2 below
   * them (approver 21). */
  if (results != NULL)
    section_amount_to_approve (doc, results, schedule);
  {
    g_autofree char *by_vendor = vendor_subtotals (doc, schedule);

    if (by_vendor != NULL)
      cp_doc_paragraph_full (doc, doc->small, by_vendor, 0, 2, NULL);
  }
}

void
cp_report_section_budget_tables (Doc              *doc,
                                 const CpSchedule *schedule)
{
  static const double job_widths[] = { 0.46, 0.36, 0.18 };
  static const gboolean job_numeric[] = { FALSE, FALSE, TRUE };
  static const double month_widths[] = { 0.30, 0.35, 0.35 };
  static const double fallback_month_widths[] = { 0.22, 0.26, 0.26, 0.26 };
  static const gboolean month_numeric[] = { FALSE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  char *job_header[] = { _("Job"), _("Calendar"), _("Cost") };
  /* Planned, not spent: the report is made before the money is. */
  /* With the fallback page 1 offers, its months beside the plan's. */
  g_autoptr(CpSchedule) serial = fallback_schedule (project, schedule);
  /* TRANSLATORS: the month table's last column: the money of each month with the jobs run one after another, as page 1 offers */
  char *month_header[] = { _("Month"), _("Planned in the month"), _("Planned by its end"), _("Run one after another") };
  /* The figures under the chart, in the detail tables' small type. */
  Table jobs = { 3, job_widths, job_numeric, job_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0,
                 doc->small };
  Table months = { serial != NULL ? 4 : 3, serial != NULL ? fallback_month_widths : month_widths, month_numeric,
                   month_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0, doc->small };
  gboolean any_after = FALSE;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      g_autofree char *when = NULL;

      if (!entry->planned)
        {
          cp_doc_table_add_row (&jobs, g_strdup (job->name), g_strdup (_("no feasible option")), g_strdup ("—"));
          continue;
        }
      when = span_text (schedule, entry->start_day, entry->end_day, doc->lang);
      if (entry->after >= 0)
        {
          const CpJob *before = g_ptr_array_index (project->jobs, entry->after);
          char *with_order;

          any_after = TRUE;

          /* TRANSLATORS: a job's calendar, then the job it starts after */
          with_order = g_strdup_printf (_("%s, after %s"), when, before->name);
          g_free (when);
          when = with_order;
        }
      cp_doc_table_add_row (&jobs, g_strdup (job->name), g_steal_pointer (&when),
                            cp_i18n_format_money_whole (cp_schedule_job_cost (entry), currency, doc->lang));
    }
  /* Each job's answer above already gives its dates and its cost: the
   * table says more only when a job waits for another ("after …"). With
   * one job it would repeat the total, word for word. */
  if (schedule->jobs->len > 1 && any_after)
    cp_doc_table (doc, &jobs);

  /* The months' lines add up, month by month, to the total above. */
  {
    g_autofree double *shown = cp_report_schedule_months_shown (schedule);
    g_autofree double *serial_shown = serial != NULL ? cp_report_schedule_months_shown (serial) : NULL;
    guint n_months = MAX (schedule->months->len, serial != NULL ? serial->months->len : 0);
    double cumulative = 0;

    /* Both count from the project's start: month i is the same month. */
    for (guint i = 0; i < n_months; i++)
      {
        const CpScheduleMonth *month = i < schedule->months->len ? &g_array_index (schedule->months, CpScheduleMonth, i)
                                       : &g_array_index (serial->months, CpScheduleMonth, i);
        char *planned = i < schedule->months->len ? cp_i18n_format_money_whole (shown[i], currency, doc->lang)
                        : g_strdup ("—");

        cumulative += i < schedule->months->len ? shown[i] : 0;
        if (serial != NULL)
          cp_doc_table_add_row (&months, g_strdup_printf ("%04d-%02d", month->year, month->month), planned,
                                cp_i18n_format_money_whole (cumulative, currency, doc->lang),
                                i < serial->months->len ? cp_i18n_format_money_whole (serial_shown[i], currency, doc->lang)
                                : g_strdup ("—"));
        else
          cp_doc_table_add_row (&months, g_strdup_printf ("%04d-%02d", month->year, month->month), planned,
                                cp_i18n_format_money_whole (cumulative, currency, doc->lang));
      }
    /* Nor does a single month say more than the total. */
    if (n_months > 1)
      cp_doc_table (doc, &months);
  }

  g_ptr_array_unref (jobs.rows);
  g_ptr_array_unref (months.rows);
}

/* "2 months" when @hours are whole billed months of a monthly step, else
 * "884 h". */
static char *
billed_amount_text (const CpQuote    *quote,
                    const CpSettings *settings,
                    double            hours,
                    const char       *lang)
{
  double months = hours / settings->hours_per_month;
  double step = cp_quote_billing_granularity_h (quote, settings);
  g_autofree char *number = NULL;

  if (step >= settings->hours_per_month - 1e-6 && months >= 1 && fabs (months - round (months)) < 1e-6)
    {
      number = cp_i18n_format_number (round (months), 0, lang);
      /* TRANSLATORS: months billed */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s month", "%s months", (gulong) round (months)), number);
    }
  number = cp_i18n_format_number (hours, hours == floor (hours) ? 0 : 1, lang);
  /* TRANSLATORS: hours billed; h is the symbol for hours */
  return g_strdup_printf (_("%s h"), number);
}

/* The time a rental is used, beside its billed hours: in hours up to two
 * days, where "4 h billed (0.2 days used)" read as more used than billed
 * (0.2 days is 4.8 h, the use 3.8 h rounded; walkthrough 17); in days
 * beyond. */
static char *
used_text (double      hours,
           const char *lang)
{
  g_autofree char *number = NULL;

  if (hours >= 48)
    return cp_i18n_format_days (hours / 24.0, lang);
  number = cp_i18n_format_number (hours, 1, lang);
  return g_strdup_printf (_("%s h"), number);
}

/* What one option's rental is billed for: hours or months, per node and
 * nodes, beside the time used (cp_quote_billed_hours()'s rule). */
static char *
billed_text (const CpProject  *project,
             const CpQuote    *quote,
             const CpEstimate *e,
             const char       *lang)
{
  const CpSettings *settings = &project->settings;
  double run_h = e->total_s / 3600.0;
  double debug_h = e->debug_days * 24.0;
  g_autofree char *billed = NULL, *used = NULL, *nodes = NULL;

  if (e->nodes <= 1 && debug_h > 0 && run_h > 0)
    {
      /* One machine: debugging and the run are one rental (cp-estimate-cost.c). */
      billed = billed_amount_text (quote, settings, cp_quote_billed_hours (quote, settings, run_h + debug_h), lang);
      used = used_text (run_h + debug_h, lang);
      /* The Debugging column holds the rest of this rental. */
      return g_strdup_printf (_("%s billed (%s used)"), billed, used);
    }
  billed = billed_amount_text (quote, settings, e->billed_hours, lang);
  used = used_text (run_h, lang);
  if (e->nodes <= 1)
    /* TRANSLATORS: the time billed for the run, then the time it is used */
    return g_strdup_printf (_("%s billed (%s used)"), billed, used);
  nodes = cp_i18n_format_number (e->nodes, 0, lang);
  if (debug_h > 0)
    {
      g_autofree char *debug_billed = billed_amount_text (quote, settings,
                                                          cp_quote_billed_hours (quote, settings, debug_h), lang);
      g_autofree char *debug_used = used_text (debug_h, lang);

      /* TRANSLATORS: the time billed per node, the nodes, the run's time used; then debugging's rental of one machine and its use */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s billed per node × %s node (%s used), debugging %s on one machine (%s used)",
                                           "%s billed per node × %s nodes (%s used), debugging %s on one machine (%s used)",
                                           e->nodes),
                              billed, nodes, used, debug_billed, debug_used);
    }
  /* TRANSLATORS: the time billed per node, the nodes, the run's time used */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s billed per node × %s node (%s used)", "%s billed per node × %s nodes (%s used)",
                                       e->nodes),
                          billed, nodes, used);
}

void
cp_report_section_cost_inputs (Doc          *doc,
                               const CpJob  *job,
                               const CpPlan *plan)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autofree char *day_cost = cp_i18n_format_money (job->engineer_day_cost, currency, doc->lang);
  g_autofree char *engineers = cp_i18n_format_number (job->engineers, 0, doc->lang);
  g_autofree char *tb = cp_i18n_format_value (job->storage_tb, doc->lang);
  g_autoptr(GString) text = NULL;

  if (plan->cost_unknown)
    return;
  /* One paragraph, under the breakdown: the report's page budget (a job
   * and two quotes in five pages) has room for two or three lines. */
  /* TRANSLATORS: under a job's cost breakdown; engineers, the cost of an engineer's day, storage in TB */
  text = g_string_new (NULL);
  g_string_printf (text, dngettext (GETTEXT_PACKAGE, "Inputs: %s engineer at %s a day; %s TB of storage.",
                                    "Inputs: %s engineers at %s a day; %s TB of storage.", job->engineers),
                   engineers, day_cost, tb);
  for (guint i = 0; i < cp_report_listed_options (plan); i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      const CpEstimate *e = &option->estimate;
      g_autofree char *name = NULL, *price = NULL, *billed = NULL, *fee = NULL;

      if (!e->fits)
        continue;
      name = cp_words_quote_name (project, option->quote_index);
      {
        /* An option whose minimum term or monthly step sets its rental
         * says so first, as the reasons name what they speak of ("quote —
         * sentence"): the Compute column alone does not say why a 3-day
         * job costs a month. */
        g_autofree char *term = cp_words_minimum_term (project, option, doc->lang);

        fee = cp_words_network_fee_waived (project, option, doc->lang);
        if (term != NULL)
          {
            /* Its price is in the quotes' table; the sentence gives the
             * money the term or the months come to. */
            /* TRANSLATORS: one option's inputs: the quote, then how its minimum term or whole months set its rental */
            g_string_append_printf (text, _(" %s — %s"), name, term);
            if (fee != NULL)
              g_string_append_printf (text, " %s", fee);
            continue;
          }
        billed = billed_text (project, quote, e, doc->lang);
      }
      price = cp_words_unit_price (quote->price, quote->currency, quote->price_unit, doc->lang);
      /* TRANSLATORS: one option's inputs: the quote, then its price with its unit */
      g_string_append_printf (text, _(" %s: %s"), name, price);
      if (!cp_quote_prices_include_vat (quote, &project->settings))
        {
          g_autofree char *rate = cp_report_rate_text (cp_quote_vat_rate (quote, &project->settings), doc->lang);

          /* TRANSLATORS: after a price quoted without VAT: the VAT rate added to compare it */
          g_string_append_printf (text, _(" + %s VAT"), rate);
        }
      if (billed != NULL)
        /* TRANSLATORS: after an option's price: what was billed */
        g_string_append_printf (text, _(", %s"), billed);
      if (job->storage_tb > 0 && quote->storage_price_per_tb_month > 0)
        {
          g_autofree char *per_tb = cp_i18n_format_money (quote->storage_price_per_tb_month, quote->currency, doc->lang);

          /* TRANSLATORS: after an option's price: the storage price per TB-month */
          g_string_append_printf (text, _("; storage %s per TB-month"), per_tb);
        }
      /* TRANSLATORS: the end of an option's inputs */
      g_string_append (text, _("."));
      if (fee != NULL)
        g_string_append_printf (text, " %s", fee);
    }
  cp_doc_paragraph_full (doc, doc->small, text->str, 0, 2, NULL);
}
