/* cp-report-budget.c: the memo's project-wide part, after each job's
 * answer: the budget and calendar of all jobs together (cp-schedule.h),
 * the condition when a vendor is short of machines and its fallback, the
 * month tables and each job's cost inputs; the amount to approve under
 * the total is cp-report-approval.c's, the questions and risks that
 * follow are cp-report-questions.c's. */

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

  /* Spaced as the memo's paragraph is: "示例供应商 A (Example vendor A) 的 5 台". */
  return cp_i18n_space_names (project, text, lang);
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
                                  cp_job_title (job), due);
        }
    }
  cp_schedule_span_dates (schedule, 0, last_end, NULL, &day);
  last = format_day (&day, lang);
  cp_schedule_span_dates (schedule, 0, planned_end, NULL, &day);
  planned = format_day (&day, lang);
  /* Hours more in a day already counted end on the same date: "ends on
   * 24 December 2026, not 24 December 2026" compared a day with itself
   * (walk39 F1). */
  if (strcmp (last, planned) == 0)
    {
      if (missed != NULL)
        /* TRANSLATORS: the jobs run one after another: the jobs that miss their deadlines, the day the last ends, the same day as planned */
        return g_strdup_printf (_("%s, and the last still ends on %s"), missed->str, last);
      /* TRANSLATORS: the jobs run one after another: the day the last ends, the same day as planned */
      return g_strdup_printf (_("every deadline holds, and the last still ends on %s"), last);
    }
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
cp_report_machines_needed_parts (const CpProject     *project,
                                 const CpSchedule    *schedule,
                                 const CpOverbooking *o,
                                 const char          *lang)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *needed = NULL, *list = NULL;
  gboolean debugging = FALSE;
  char *text;

  cp_i18n_push_language (lang);
  for (guint j = 0; j < o->jobs->len; j++)
    {
      guint index = g_array_index (o->jobs, guint, j);
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, index);
      guint held = cp_schedule_job_nodes_on (schedule, index, o->day);
      g_autofree char *count = cp_i18n_format_number (held, 0, lang);
      const char *title = cp_job_title (g_ptr_array_index (project->jobs, index));

      debugging |= held < entry->nodes;
      g_ptr_array_add (parts, held < entry->nodes
                       /* TRANSLATORS: machines of a vendor a job holds while it debugs on one machine: the count, the job */
                       ? g_strdup_printf (_("%s for %s’s debugging on one machine"), count, title)
                       /* TRANSLATORS: machines of a vendor a job holds: the count, the job */
                       : g_strdup_printf (_("%s for %s"), count, title));
    }
  if (!debugging)
    {
      cp_i18n_pop_language ();
      return NULL;
    }
  needed = cp_i18n_format_number (o->nodes_needed, 0, lang);
  list = cp_words_join_names (parts);
  /* TRANSLATORS: after "… need 5 of V's machines at once": the machines needed, then each job's share ("1 for A's debugging on one machine and 4 for B") */
  text = g_strdup_printf (_("The %s are %s."), needed, list);
  cp_i18n_pop_language ();
  return text;
}

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
  g_autofree char *parts = cp_report_machines_needed_parts (project, schedule, o, lang);
  char *text;

  cp_i18n_push_language (lang);
  /* "A, B and C": with ", " alone a name holding a comma ran into the
   * next (issue #22), as the vendor lists learnt (cp_words_join_names()).
   * More than two are counted: each job's answer above says it "holds
   * only if the vendor rents enough machines", and the demo's five names
   * took three of page 1's lines (approver 36, D1). */
  for (guint j = 0; j < o->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, g_array_index (o->jobs, guint, j));

      g_ptr_array_add (names, (gpointer) cp_job_title (job));
    }
  if (names->len > 2)
    {
      g_autofree char *count = cp_i18n_format_number (names->len, 0, lang);

      /* TRANSLATORS: page 1, "Not approvable as planned: %s need …": the jobs that share a vendor's machines, counted */
      jobs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s job", "%s jobs", names->len), count);
    }
  else
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
  /* Where the count comes from when a job debugs on one machine then:
   * "5 of 华东云's machines" beside two jobs of 4 machines each read as a
   * wrong sum (walk40 F3). */
  if (parts != NULL)
    {
      g_autofree char *sentence = text;

      text = g_strdup_printf (C_("two sentences", "%s %s"), sentence, parts);
    }
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
    /* TRANSLATORS: page 1, after "Not approvable as planned: … or run the jobs one after another …": the total, the same as planned; the month table's last column gives the months. The amount to approve, below, covers both ways of running them */
    return g_strdup_printf (_("Same cost: %s; the amount to approve covers either way."), total);
  /* Which plan the amount is of, said plainly (approver 36, D4). */
  /* TRANSLATORS: page 1, after "Not approvable as planned: … or run the jobs one after another …": the total then; the month table's last column gives the months. The amount to approve, below, is of the plan with the machines confirmed */
  return g_strdup_printf (_("Cost then: %s; the amount to approve is of the plan with the machines confirmed."), total);
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

/* The fallback as page 1 costs it, for the sign-off block and the XML
 * to say what page 1 says (fallback_schedule()). */
CpSchedule *
cp_report_fallback_schedule (const CpProject  *project,
                             const CpSchedule *schedule)
{
  return fallback_schedule (project, schedule);
}

GArray *
cp_report_vendor_totals (const CpProject  *project,
                         const CpSchedule *schedule)
{
  GArray *totals = g_array_new (FALSE, TRUE, sizeof (CpReportVendorTotal));

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
      /* Each job's cost as its answer shows it, whole: the shown total is
       * their sum (cp_report_schedule_shown_total()), so the vendors add
       * up to it and to the jobs they rent. Apportioned from the unrounded
       * costs, the demo's vendor G read 9,985 CNY beside its one job's
       * 9,984 (appr35 Y5). */
      g_array_index (totals, CpReportVendorTotal, v).cost += round (cp_schedule_job_cost (entry));
    }
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
char *
cp_report_nothing_to_approve (Doc       *doc,
                              JobResult *results)
{
  const CpProject *project = doc->project;
  gboolean unpriced = FALSE, unfit = FALSE;
  g_autoptr(GPtrArray) why = g_ptr_array_new ();
  g_autoptr(GString) because = g_string_new (NULL);

  /* A plan without prices recommends on its hardware alone, at no cost
   * to approve. A job no quote finishes in time is costed late on its
   * best available option (cp_schedule_new()): an amount to approve. */
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    if (results[j].plan != NULL && !results[j].plan->cost_unknown && cp_plan_get_subject (results[j].plan) != NULL)
      return NULL;
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;

      if (plan == NULL)
        continue;
      if (plan->cost_unknown)
        unpriced = TRUE;
      else
        unfit = TRUE;
    }
  if (unpriced)
    /* TRANSLATORS: why no job has a recommended option */
    g_ptr_array_add (why, _("no quote states a price to compare"));
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
  g_autofree char *nothing = cp_report_nothing_to_approve (doc, results);
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
    cp_report_section_amount_to_approve (doc);
  {
    g_autofree char *by_vendor = vendor_subtotals (doc, schedule);

    if (by_vendor != NULL)
      cp_doc_paragraph_full (doc, doc->small, by_vendor, 0, 2, NULL);
  }
}

/* "Invoiced on set days, in the months above: 示例供应商 D, 10,000 CNY on
 * 8 December 2026 (13B pretraining).": the invoices of rentals billed by the month, each on
 * the day it is due, as the XML gives them to the approval system
 * (approver 36, D25: the demo's 10,000 CNY setup fee on 8 December was in
 * the XML only), each naming its job: two jobs' months of one machine read
 * as one invoice counted twice (walk37b V7). NULL without one. */
static char *
invoices_text (Doc              *doc,
               const CpSchedule *schedule,
               gboolean          months_shown)
{
  const CpProject *project = doc->project;
  g_autoptr(GString) list = NULL;

  for (guint i = 0; schedule->invoices != NULL && i < schedule->invoices->len; i++)
    {
      const CpScheduleInvoice *invoice = &g_array_index (schedule->invoices, CpScheduleInvoice, i);
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, invoice->job);
      g_autofree char *money = cp_i18n_format_money_whole (invoice->cost, project->settings.currency, doc->lang);
      g_autofree char *day = span_text (schedule, invoice->day, invoice->day, doc->lang);

      if (entry->quote_index < 0 || (guint) entry->quote_index >= project->quotes->len)
        continue;
      if (list == NULL)
        list = g_string_new (NULL);
      else
        g_string_append (list, _("; "));
      /* TRANSLATORS: one invoice under the month table: the vendor, the money, the day it is due, the job it is for */
      g_string_append_printf (list, _("%s, %s on %s (%s)"), cp_report_vendor_name (project, entry->quote_index), money, day,
                              cp_job_title (g_ptr_array_index (project->jobs, invoice->job)));
    }
  if (list == NULL)
    return NULL;
  /* A plan of one month has no month table to point to (two jobs sharing
   * one rented month read "in the months above" under none). */
  if (!months_shown)
    /* TRANSLATORS: under the budget's jobs, in a plan of one month (no month table): the invoices of rentals billed by the month, each due on its day ("Vendor D, 10,000 CNY on 8 December 2026") */
    return g_strdup_printf (_("Invoiced on set days: %s."), list->str);
  /* TRANSLATORS: under the month table: the invoices of rentals billed by the month, each due on its day ("Vendor D, 10,000 CNY on 8 December 2026") */
  return g_strdup_printf (_("Invoiced on set days, in the months above: %s."), list->str);
}

void
cp_report_section_budget_tables (Doc              *doc,
                                 JobResult        *results,
                                 const CpSchedule *schedule)
{
  static const double job_widths[] = { 0.46, 0.36, 0.18 };
  static const gboolean job_numeric[] = { FALSE, FALSE, TRUE };
  static const double month_widths[] = { 0.19, 0.27, 0.27, 0.27 };
  static const double fallback_month_widths[] = { 0.16, 0.21, 0.21, 0.21, 0.21 };
  static const gboolean month_numeric[] = { FALSE, TRUE, TRUE, TRUE, TRUE };
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  char *job_header[] = { _("Job"), _("Calendar"), _("Cost") };
  /* Planned, not spent: the report is made before the money is. */
  /* With the fallback page 1 offers, its months beside the plan's. */
  g_autoptr(CpSchedule) serial = fallback_schedule (project, schedule);
  gboolean months_shown;
  /* TRANSLATORS: the month table's last column: the money of each month with the jobs run one after another, as page 1 offers; the month's own amount, as "Planned in the month", not a total to date (walk38b G11: 依次进行时 beside two 累计 columns) */
  /* TRANSLATORS: the month table's column of the amount to approve (the top of the range and the contingency) by the end of each month */
  char *month_header[] = { _("Month"), _("Planned in the month"), _("Planned by its end"), _("Approved by its end"),
                           _("In the month, run one after another") };
  /* The figures under the chart, in the detail tables' small type. */
  Table jobs = { 3, job_widths, job_numeric, job_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0,
                 doc->small };
  Table months = { serial != NULL ? 5 : 4, serial != NULL ? fallback_month_widths : month_widths, month_numeric,
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
      if (entry->short_of_target && cp_report_job_days_late (entry) > 0)
        {
          /* Run late on its best available option (cp_schedule_new()):
           * its dates say so, as the amount's note does (walk38 F1). */
          g_autofree char *days = cp_words_late_by (entry->end_day - entry->start_day, entry->deadline_days,
                                                     doc->lang);
          char *late;

          /* TRANSLATORS: a job's calendar, then how long after its deadline it ends on its best available option ("2.7 days") */
          late = g_strdup_printf (_("%s, ending %s after its deadline"), when, days);
          g_free (when);
          when = late;
        }
      if (entry->after >= 0)
        {
          const CpJob *before = g_ptr_array_index (project->jobs, entry->after);
          char *with_order;

          any_after = TRUE;

          if (entry->paid_before_cost >= 0.5)
            {
              g_autofree char *paid = cp_i18n_format_money_whole (entry->paid_before_cost, currency, doc->lang);

              /* TRANSLATORS: a job's calendar, the job it starts after, and
               * what of its rent the months that job rented already pay
               * (walk42 F28) */
              with_order = g_strdup_printf (_("%1$s, after %2$s, within the months already rented for %2$s "
                                              "(%3$s not billed again)"), when, before->name, paid);
            }
          else
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
    g_autoptr(GPtrArray) plans = g_ptr_array_new ();
    g_autofree double *approved = NULL;
    CpApprovalAmount approval;
    guint n_months = MAX (schedule->months->len, serial != NULL ? serial->months->len : 0);
    double cumulative = 0;

    /* Each month's amount with the contingency's rule of page 1's. */
    for (guint j = 0; j < project->jobs->len; j++)
      g_ptr_array_add (plans, (gpointer) results[j].plan);
    cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
    approved = cp_report_schedule_months_approved (schedule, &project->settings, approval.overrun.cost);

    /* Both count from the project's start: month i is the same month. */
    for (guint i = 0; i < n_months; i++)
      {
        const CpScheduleMonth *month = i < schedule->months->len ? &g_array_index (schedule->months, CpScheduleMonth, i)
                                       : &g_array_index (serial->months, CpScheduleMonth, i);
        char *planned = i < schedule->months->len ? cp_i18n_format_money_whole (shown[i], currency, doc->lang)
                        : g_strdup ("—");

        /* Cumulative, as the plan's: after its last month, its whole. */
        char *approved_by = cp_i18n_format_money_whole (approved[MIN (i, schedule->months->len - 1)], currency,
                                                        doc->lang);

        cumulative += i < schedule->months->len ? shown[i] : 0;
        if (serial != NULL)
          cp_doc_table_add_row (&months, g_strdup_printf ("%04d-%02d", month->year, month->month), planned,
                                cp_i18n_format_money_whole (cumulative, currency, doc->lang), approved_by,
                                i < serial->months->len ? cp_i18n_format_money_whole (serial_shown[i], currency, doc->lang)
                                : g_strdup ("—"));
        else
          cp_doc_table_add_row (&months, g_strdup_printf ("%04d-%02d", month->year, month->month), planned,
                                cp_i18n_format_money_whole (cumulative, currency, doc->lang), approved_by);
      }
    /* Nor does a single month say more than the total. */
    months_shown = n_months > 1;
    if (months_shown)
      cp_doc_table (doc, &months);
  }
  {
    g_autofree char *invoices = invoices_text (doc, schedule, months_shown);

    if (invoices != NULL)
      cp_doc_paragraph_full (doc, doc->small, invoices, 0, 2, NULL);
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
  g_autofree char *team = NULL, *storage = NULL;
  gboolean count_assumed = cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEERS);
  gboolean day_assumed = cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEER_DAY_COST);

  if (plan->cost_unknown)
    return;
  /* The team and storage the form starts with are its examples, nobody's
   * figures: said so where they are used (walk37 F15, read37 F6). */
  /* TRANSLATORS: the job form's team: engineers, the cost of one engineer-day */
  team = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s engineer at %s a day", "%s engineers at %s a day",
                                     job->engineers), engineers, day_cost);
  if (count_assumed || day_assumed)
    {
      g_autofree char *figures = g_steal_pointer (&team);

      team = g_strdup_printf (count_assumed && day_assumed
                              /* TRANSLATORS: a figure nobody gave, taken by the app ("4,000 CNY (assumed)") */
                              ? _("%s (assumed)")
                              : day_assumed
                              /* TRANSLATORS: the team's size typed, the cost of its engineer-day the app's example */
                              ? _("%s (the day cost assumed)")
                              /* TRANSLATORS: the cost of an engineer-day typed, the number of engineers the app's example */
                              : _("%s (the engineers assumed)"), figures);
    }
  /* TRANSLATORS: the job form's storage, in TB */
  storage = g_strdup_printf (_("%s TB of storage"), tb);
  if (cp_job_figure_assumed (job, CP_JOB_STATED_STORAGE))
    {
      g_autofree char *figure = g_steal_pointer (&storage);

      storage = g_strdup_printf (_("%s (assumed)"), figure);
    }
  /* One paragraph, under the breakdown: the report's page budget (a job
   * and two quotes in five pages) has room for two or three lines. */
  text = g_string_new (NULL);
  /* TRANSLATORS: under a job's cost breakdown; the team ("2 engineers at 2,000 CNY a day"), then the storage ("1 TB of storage") */
  g_string_printf (text, _("Inputs: %s; %s."), team, storage);
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
