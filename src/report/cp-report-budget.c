/* cp-report-budget.c: the memo's project-wide part, after each job's
 * answer: the budget and calendar of all jobs together (cp-schedule.h),
 * the questions to put to vendors and the main risks, each said once for
 * the whole project. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-schedule.h"
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
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  cp_schedule_span_dates (schedule, start_day, end_day, &first, &last);
  from = format_day (&first, lang);
  if (g_date_compare (&first, &last) == 0)
    return g_steal_pointer (&from);
  to = format_day (&last, lang);
  /* TRANSLATORS: a span of days, first to last */
  return g_strdup_printf (_("%s – %s"), from, to);
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

static double
job_cost (const CpScheduleJob *entry)
{
  double cost = 0;

  for (int phase = 0; phase < CP_N_PHASES; phase++)
    cost += entry->phase_cost[phase];
  return cost;
}

void
cp_report_section_budget (Doc              *doc,
                          const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autofree char *total = cp_i18n_format_money (cp_report_schedule_shown_total (schedule), currency, doc->lang);
  g_autofree char *low = cp_i18n_format_money (schedule->total_cost_low, currency, doc->lang);
  g_autofree char *high = cp_i18n_format_money (schedule->total_cost_high, currency, doc->lang);
  g_autofree char *span = span_text (schedule, 0, schedule->end_day, doc->lang);
  g_autofree char *end_low = NULL;
  g_autofree char *end_high = NULL;
  g_autofree char *summary = NULL;
  GDate last;

  cp_schedule_span_dates (schedule, 0, schedule->end_day_low, NULL, &last);
  end_low = format_day (&last, doc->lang);
  cp_schedule_span_dates (schedule, 0, schedule->end_day_high, NULL, &last);
  end_high = format_day (&last, doc->lang);
  if (g_strcmp0 (end_low, end_high) == 0)
    /* TRANSLATORS: the project's budget: total, its range, the calendar */
    summary = g_strdup_printf (_("All jobs at their recommended options: %s (%s to %s), %s."),
                               total, low, high, span);
  else
    /* TRANSLATORS: the project's budget: total, its range, the calendar and the range of its end */
    summary = g_strdup_printf (_("All jobs at their recommended options: %s (%s to %s), %s; the last job ends between %s and %s."),
                               total, low, high, span, end_low, end_high);

  /* The heading keeps the total's two lines with it. */
  cp_doc_heading (doc, doc->h1, _("Budget and calendar"), 30);
  cp_doc_paragraph_full (doc, doc->bold, summary, 0, 2, NULL);
  cp_doc_paragraph_full (doc, doc->small,
                         schedule->start_is_report_day
                         ? _("The project sets no start date: the calendar starts on the day of this report. Each job starts with the project or after the job named in its form.")
                         : _("Each job starts with the project or after the job named in its form."),
                         0, 4, NULL);
}

void
cp_report_section_budget_tables (Doc              *doc,
                                 const CpSchedule *schedule)
{
  static const double job_widths[] = { 0.46, 0.36, 0.18 };
  static const gboolean job_numeric[] = { FALSE, FALSE, TRUE };
  static const double month_widths[] = { 0.30, 0.35, 0.35 };
  static const gboolean month_numeric[] = { FALSE, TRUE, TRUE };
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  char *job_header[] = { _("Job"), _("Calendar"), _("Cost") };
  char *month_header[] = { _("Month"), _("Spent in the month"), _("Spent by its end") };
  /* The figures under the chart, in the detail tables' small type. */
  Table jobs = { 3, job_widths, job_numeric, job_header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0,
                 doc->small };
  Table months = { 3, month_widths, month_numeric, month_header,
                   g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0, doc->small };
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
                            cp_i18n_format_money (job_cost (entry), currency, doc->lang));
    }
  /* Each job's answer above already gives its dates and its cost: the
   * table says more only when a job waits for another ("after …"). With
   * one job it would repeat the total, word for word. */
  if (schedule->jobs->len > 1 && any_after)
    cp_doc_table (doc, &jobs);

  /* The months' lines add up, month by month, to the total above. */
  {
    g_autofree double *costs = g_new0 (double, MAX (schedule->months->len, 1));
    g_autofree double *shown = g_new0 (double, MAX (schedule->months->len, 1));
    double cumulative = 0;

    for (guint i = 0; i < schedule->months->len; i++)
      costs[i] = g_array_index (schedule->months, CpScheduleMonth, i).cost;
    cp_i18n_apportion (costs, schedule->months->len, cp_report_schedule_shown_total (schedule), shown);
    for (guint i = 0; i < schedule->months->len; i++)
      {
        const CpScheduleMonth *month = &g_array_index (schedule->months, CpScheduleMonth, i);

        cumulative += shown[i];
        cp_doc_table_add_row (&months, g_strdup_printf ("%04d-%02d", month->year, month->month),
                              cp_i18n_format_money (shown[i], currency, doc->lang),
                              cp_i18n_format_money (cumulative, currency, doc->lang));
      }
  }
  /* Nor does a single month say more than the total. */
  if (schedule->months->len > 1)
    cp_doc_table (doc, &months);

  g_ptr_array_unref (jobs.rows);
  g_ptr_array_unref (months.rows);
}

/* The question each kind of "ask the vendor" reason puts. */
static const struct {
  CpOutcome   outcome;
  const char *question;
} vendor_questions[] = {
  { CP_OUTCOME_ASK_BANDWIDTH, N_("Is the network between nodes dedicated or shared, and at what rate?") },
  { CP_OUTCOME_ASK_STORAGE, N_("What storage comes with the machines: a parallel file system or a network disk, and at what price?") },
  { CP_OUTCOME_ASK_HOST_MEMORY, N_("How much host memory does each node have? CPU offload keeps the optimizer there.") },
};

gboolean
cp_report_is_vendor_question (CpOutcome outcome)
{
  for (guint q = 0; q < G_N_ELEMENTS (vendor_questions); q++)
    if (vendor_questions[q].outcome == outcome)
      return TRUE;
  return FALSE;
}

char *
cp_report_vendor_question (const CpProject *project,
                           JobResult       *results,
                           guint            n_results,
                           CpOutcome        outcome)
{
  g_autoptr(GString) line = NULL;
  g_autoptr(GHashTable) named = g_hash_table_new (g_str_hash, g_str_equal);
  const char *question = NULL;

  for (guint q = 0; q < G_N_ELEMENTS (vendor_questions); q++)
    if (vendor_questions[q].outcome == outcome)
      question = vendor_questions[q].question;
  g_return_val_if_fail (question != NULL, NULL);

  for (guint j = 0; j < n_results; j++)
    {
      const CpPlan *plan = results[j].plan;

      for (guint r = 0; plan != NULL && r < plan->reasons->len; r++)
        {
          const CpReason *reason = &g_array_index (plan->reasons, CpReason, r);
          int quote = reason->quote_index >= 0 ? reason->quote_index : (int) reason->values[0];
          const CpQuote *asked;
          const char *name;

          if (reason->outcome != outcome || quote < 0 || (guint) quote >= project->quotes->len)
            continue;
          /* A quote left out of the comparison (it cannot run) is not asked. */
          if (!cp_report_quote_compared (plan, quote))
            continue;
          /* The vendor is asked once, whatever number of its offers
           * leave the question open. */
          asked = g_ptr_array_index (project->quotes, quote);
          name = asked->vendor != NULL && *asked->vendor != '\0' ? asked->vendor : asked->id;
          if (name == NULL || !g_hash_table_add (named, (gpointer) name))
            continue;
          if (line == NULL)
            line = g_string_new (NULL);
          else
            /* TRANSLATORS: between the names of the vendors a question is put to */
            g_string_append (line, _(", "));
          g_string_append (line, name);
        }
    }
  if (line == NULL)
    return NULL;
  /* TRANSLATORS: a question, then the vendors to put it to */
  return g_strdup_printf (_("%s Ask: %s."), _(question), line->str);
}

void
cp_report_section_vendor_questions (Doc       *doc,
                                    JobResult *results)
{
  gboolean any = FALSE;

  for (guint q = 0; q < G_N_ELEMENTS (vendor_questions); q++)
    {
      g_autofree char *text = cp_report_vendor_question (doc->project, results, doc->project->jobs->len,
                                                         vendor_questions[q].outcome);

      if (text == NULL)
        continue;
      if (!any)
        cp_doc_heading (doc, doc->h1, _("Questions for the vendors"), 40);
      any = TRUE;
      cp_doc_paragraph_full (doc, doc->body, text, 10, 2, "•");
    }
}

/* Whether page 1 lists the risks of @plan's recommended option. */
static gboolean
plan_lists_option_risks (const CpPlan *plan)
{
  return plan->recommended >= 0 && (guint) plan->recommended < plan->options->len;
}

void
cp_report_section_risks (Doc       *doc,
                         JobResult *results)
{
  const CpProject *project = doc->project;
  gboolean any = FALSE;

  for (int risk = 0; risk < CP_N_RISKS; risk++)
    {
      g_autoptr(GString) jobs = NULL;

      for (guint j = 0; j < project->jobs->len; j++)
        {
          const CpPlan *plan = results[j].plan;
          const CpJob *job = g_ptr_array_index (project->jobs, j);

          /* A single point of failure and a trial on other GPUs are
           * said below with the recommended option's own figures
           * (cp_option_risks()); said twice they push the sign-off off
           * the memo's pages. */
          if (plan != NULL && plan_lists_option_risks (plan) &&
              (risk == CP_RISK_SINGLE_POINT_OF_FAILURE || risk == CP_RISK_GPU_MISMATCH))
            continue;
          for (guint r = 0; plan != NULL && r < plan->risks->len; r++)
            if (g_array_index (plan->risks, CpRisk, r) == (CpRisk) risk)
              {
                if (jobs == NULL)
                  jobs = g_string_new (job->name);
                else
                  g_string_append_printf (jobs, "%s%s", _(", "), job->name);
                break;
              }
        }
      if (jobs == NULL)
        continue;
      if (!any)
        cp_doc_heading (doc, doc->h1, _("Main risks"), 40);
      any = TRUE;
      {
        /* TRANSLATORS: a risk, what it means, then the jobs it concerns */
        g_autofree char *text = g_strdup_printf (_("%s: %s (%s)"), cp_words_risk ((CpRisk) risk),
                                                 cp_words_risk_detail ((CpRisk) risk), jobs->str);

        cp_doc_paragraph_full (doc, doc->body, text, 10, 2, "•");
      }
    }

  /* Then what the job chapter lists for each recommended option, from
   * the same list: page 1 left out "uses 96% of each GPU's memory …
   * confirm with a trial run", which an approver only found on page 4
   * (approver 8, finding 5). */
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      g_autoptr(GPtrArray) risks = NULL;

      if (plan == NULL || !plan_lists_option_risks (plan))
        continue;
      risks = cp_option_risks (project, job, &g_array_index (plan->options, CpOption, plan->recommended), doc->lang);
      for (guint r = 0; r < risks->len; r++)
        {
          /* TRANSLATORS: a risk of the recommended option, then the job it concerns */
          g_autofree char *text = g_strdup_printf (_("%s (%s)"), (const char *) g_ptr_array_index (risks, r), job->name);

          if (!any)
            cp_doc_heading (doc, doc->h1, _("Main risks"), 40);
          any = TRUE;
          /* In a note's type: with five jobs' lists the memo must still
           * end with its sign-off by page 2 (test-cli-pages). */
          cp_doc_paragraph_full (doc, doc->small, text, 10, 1, "•");
        }
    }
}
