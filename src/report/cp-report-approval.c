/* cp-report-approval.c: page 1's amount to approve, under the
 * project's total (cp_report_section_budget()): the amount and its
 * contingency, what it leaves out, its VAT by rate, the figures the app
 * assumed, the day to approve by (cp-report-approve-by.c), what signing
 * commits to while answers are open, and the amount as the sign-off
 * block repeats it. */

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

/* The storage the jobs recommended on quote @q keep, @tb_months, which
 * that quote does not price, estimated at the dearest storage price
 * another quote of the project states, with that quote's VAT: "storage
 * (Vendor A), not priced in its quote: about 2,682 CNY at 南山智算 C's
 * 800 CNY per TB-month, more than the contingency". A name alone hid a
 * cost larger than the contingency (approver, 4 December: 20 TB for 5.1
 * days, about 2,700 CNY against 1,536). NULL when no other quote states
 * a price. */
static char *
storage_estimate_text (const CpProject *project,
                       double           tb_months,
                       int              q,
                       double           contingency,
                       const char      *lang)
{
  const CpQuote *rate_quote = NULL;
  int rate_index = -1;
  double cost;
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
  cost = tb_months * rate_quote->storage_price_per_tb_month * cp_quote_vat_factor (rate_quote, &project->settings);
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

/* The best option of @plan, in the table's order, that runs @job
 * without porting it: on a quote whose GPUs take the job's CUDA tools
 * as they are (cp_words_porting_gpus()). NULL when every option needs
 * porting. */
static const CpOption *
best_without_porting (const CpProject *project,
                      const CpPlan    *plan,
                      const CpJob     *job)
{
  const CpOption *best = NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

      if (option->feasible && !option->ruled_out && option->estimate.fits &&
          cp_words_porting_gpus (job, cp_gpu_maker (&quote->gpu)) == NULL &&
          (best == NULL || option->rank < best->rank))
        best = option;
    }
  return best;
}

/* How much porting job @job to @gpus may cost before the recommended
 * option (@plan's) stops being the cheaper choice: the best option
 * that needs no porting less the recommended one, with the engineer-days
 * it buys at the job's day rate: "41,294 CNY for LoRA (20.6
 * engineer-days at 2,000 CNY a day)" (walk41 F10: "porting to Ascend,
 * not costed" beside a costed migration, Ascend winning by 41–47k). NULL
 * when no option runs the job without porting. */
static char *
porting_break_even (const CpProject *project,
                    const CpPlan    *plan,
                    const CpJob     *job,
                    const char      *lang)
{
  const char *currency = project->settings.currency;
  const CpOption *recommended = &g_array_index (plan->options, CpOption, plan->recommended);
  const CpOption *other = best_without_porting (project, plan, job);
  g_autofree char *margin = NULL, *days = NULL, *rate = NULL;
  double margin_cny;

  if (other == NULL)
    return NULL;
  margin_cny = round (other->estimate.total_cost) - round (recommended->estimate.total_cost);
  /* Dearer only by missing what the job asks (its deadline): porting's
   * cost does not decide it. */
  if (!(margin_cny > 0))
    return NULL;
  margin = cp_i18n_format_money_whole (margin_cny, currency, lang);
  if (!(job->engineer_day_cost > 0))
    /* TRANSLATORS: what porting a job may cost before another GPU's option costs less: the money, the job */
    return g_strdup_printf (C_("porting break-even", "%s for %s"), margin, job->name);
  days = cp_i18n_format_value (margin_cny / job->engineer_day_cost, lang);
  rate = cp_i18n_format_money_whole (job->engineer_day_cost, currency, lang);
  /* TRANSLATORS: what porting a job may cost before another GPU's option costs less: the money, the job, the
   * engineer-days it buys, the job's cost of one engineer-day */
  return g_strdup_printf (_("%s for %s (%s engineer-days at %s a day)"), margin, job->name, days, rate);
}

/* The storage the jobs recommended on the quotes @unpriced marks keep, as
 * a size and how long: "1 TB for 5.8 h"; "1 TB (assumed) for 25.3 h in
 * all" for several jobs of one size, else each with its job. "0.0079
 * TB-months" was a unit no approver reads (read37 F6); the size and the
 * time are the jobs' own figures (cp_estimate_storage_tb_months()
 * multiplies them), and a size nobody typed, the job form's default, is
 * said assumed in place, where a line of its own took page 1 a line
 * more. */
static char *
storage_kept_text (Doc            *doc,
                   JobResult      *results,
                   const gboolean *unpriced)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) each = g_ptr_array_new_with_free_func (g_free);
  double size_tb = -1, days = 0;
  guint n_jobs = 0;
  gboolean one_size = TRUE, assumed = FALSE;
  g_autofree char *size = NULL, *length = NULL;
  char *text;

  for (guint pass = 0; pass < 2; pass++)
    for (guint j = 0; j < project->jobs->len; j++)
      {
        const CpPlan *plan = results[j].plan;
        const CpJob *job = g_ptr_array_index (project->jobs, j);
        const CpOption *option;
        gboolean job_assumed;
        g_autofree char *job_size = NULL, *job_length = NULL, *job_text = NULL;

        if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
          continue;
        option = &g_array_index (plan->options, CpOption, plan->recommended);
        if (option->quote_index < 0 || !unpriced[option->quote_index] ||
            !(cp_estimate_storage_tb_months (job, &project->settings, &option->estimate) > 0))
          continue;
        job_assumed = cp_job_figure_assumed (job, CP_JOB_STATED_STORAGE);
        if (pass == 0)
          {
            one_size &= (size_tb < 0 || (size_tb == job->storage_tb && assumed == job_assumed));
            size_tb = job->storage_tb;
            assumed = job_assumed;
            days += option->estimate.calendar_days;
            n_jobs++;
            continue;
          }
        if (one_size)
          break;
        job_size = cp_i18n_format_value (job->storage_tb, doc->lang);
        job_length = cp_words_calendar_length (option->estimate.calendar_days, doc->lang);
        job_text = job_assumed
                   /* TRANSLATORS: storage a job keeps: its size in TB, the job form's default, how long ("1 TB (assumed) for 5.8 h") */
                   ? g_strdup_printf (_("%s TB (assumed) for %s"), job_size, job_length)
                   /* TRANSLATORS: storage a job keeps: its size in TB, how long ("1 TB for 5.8 h") */
                   : g_strdup_printf (_("%s TB for %s"), job_size, job_length);
        /* TRANSLATORS: a figure, then the job it is of */
        g_ptr_array_add (each, g_strdup_printf (_("%s (%s)"), job_text, cp_job_title (job)));
      }
  /* The first pass sizes the jobs, the second names each when they
   * differ. */
  if (!one_size)
    return cp_words_join_names (each);
  size = cp_i18n_format_value (size_tb, doc->lang);
  length = cp_words_calendar_length (days, doc->lang);
  if (n_jobs > 1)
    text = assumed
           /* TRANSLATORS: storage several jobs keep, each the same size: the size in TB, the job form's default, their times added up ("1 TB (assumed) for 25.3 h in all") */
           ? g_strdup_printf (_("%s TB (assumed) for %s in all"), size, length)
           /* TRANSLATORS: storage several jobs keep, each the same size: the size in TB, their times added up ("1 TB for 25.3 h in all") */
           : g_strdup_printf (_("%s TB for %s in all"), size, length);
  else
    text = assumed ? g_strdup_printf (_("%s TB (assumed) for %s"), size, length)
                   : g_strdup_printf (_("%s TB for %s"), size, length);
  return text;
}

/* What the amount to approve does not hold, said under it rather than
 * in the risks or the small print (lead and approver, 3 December: "I
 * would not sign 1,509 CNY for a CUDA team going to Ascend"):
 * - porting a job's CUDA tools to the recommended GPUs of another maker
 *   (cp_words_porting_gpus()), which no figure costs: said with what it
 *   may cost before the best option needing no porting is the cheaper
 *   one (porting_break_even());
 * - the costs R6 names beside compute that a recommended quote does not
 *   state, taken as 0: its storage price when a job on it keeps data
 *   (estimated at another quote's price, or said left out with the
 *   TB-months kept when none states one), its network fee when one runs
 *   on several nodes ("network fee (Vendor D)"). Fees a quote leaves out
 *   (management, setup) are most often none at all: the job chapter's
 *   Fees column says what was counted;
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
  /* The costs left out (“storage price, network fee”), each once, and
   * the vendors whose quotes leave them out, one list per entry. */
  g_autoptr(GPtrArray) cost_lists = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) cost_vendors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  gboolean team_days = FALSE;
  /* The team's cost of a working day, when every job states the same
   * team: its engineers times their day cost; else 0. */
  double team_day_cost = -1;
  /* Whether a job's engineers or their day cost is the form's example,
   * nobody's figure (cp_job_figure_assumed()): the day's cost says so. */
  gboolean team_day_assumed = FALSE;
  /* The TB-months of storage each quote's recommended jobs keep, as
   * cp_estimate_storage_cost() bills them. */
  g_autofree double *tb_months = g_new0 (double, MAX (project->quotes->len, 1));
  /* The vendors whose storage no quote prices, and the TB-months their
   * recommended jobs keep. */
  g_autoptr(GPtrArray) unpriced_storage_vendors = g_ptr_array_new_with_free_func (g_free);
  g_autofree gboolean *unpriced_storage = g_new0 (gboolean, MAX (project->quotes->len, 1));

  for (guint m = 0; m < G_N_ELEMENTS (porting_makers); m++)
    {
      g_autoptr(GString) jobs = NULL;
      /* Each job's break-even, where another GPU runs it unported. */
      g_autoptr(GPtrArray) break_evens = g_ptr_array_new_with_free_func (g_free);
      const char *gpus = NULL;

      for (guint j = 0; j < project->jobs->len; j++)
        {
          const CpPlan *plan = results[j].plan;
          const CpJob *job = g_ptr_array_index (project->jobs, j);
          const CpQuote *quote;
          char *break_even;

          if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
            continue;
          quote = g_ptr_array_index (project->quotes, g_array_index (plan->options, CpOption, plan->recommended).quote_index);
          if (cp_gpu_maker (&quote->gpu) != porting_makers[m] ||
              (gpus = cp_words_porting_gpus (job, porting_makers[m])) == NULL)
            continue;
          break_even = plan->cost_unknown ? NULL : porting_break_even (project, plan, job, doc->lang);
          if (break_even != NULL)
            g_ptr_array_add (break_evens, break_even);
          else if (jobs == NULL)
            jobs = g_string_new (job->name);
          else
            /* TRANSLATORS: between the names of the jobs a clause concerns */
            g_string_append_printf (jobs, "%s%s", _(", "), job->name);
        }
      if (jobs != NULL)
        /* TRANSLATORS: what the amount to approve leaves out: the GPUs the jobs' CUDA tools are ported to ("Ascend"), then the jobs */
        g_ptr_array_add (items, g_strdup_printf (_("porting to %s, not costed (%s)"), gpus, jobs->str));
      if (break_evens->len > 0)
        {
          g_autofree char *each = cp_words_join_names (break_evens);

          /* TRANSLATORS: what the amount to approve leaves out: the GPUs the jobs are ported to ("Ascend"), the GPUs again, then what porting each job may cost before another GPU's option costs less ("41,294 CNY for LoRA (20.6 engineer-days at 2,000 CNY a day) and …") */
          g_ptr_array_add (items, g_strdup_printf (_("porting to %s, not costed: %s stays the cheaper choice unless porting costs more than %s"),
                                                   gpus, gpus, each));
        }
    }

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpOption *option;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      if (job->engineers > 0 && job->engineer_day_cost > 0)
        {
          double day_cost = job->engineers * job->engineer_day_cost;

          team_day_cost = !team_days || team_day_cost == day_cost ? day_cost : 0;
          team_days = TRUE;
          team_day_assumed |= cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEERS) ||
                              cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEER_DAY_COST);
        }
      option = &g_array_index (plan->options, CpOption, plan->recommended);
      if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      recommended[option->quote_index] = TRUE;
      tb_months[option->quote_index] += cp_estimate_storage_tb_months (job, &project->settings, &option->estimate);
      unstated[option->quote_index] |= cp_option_unstated_costs (job, g_ptr_array_index (project->quotes, option->quote_index),
                                                                  option);
    }

  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      g_autoptr(GPtrArray) costs = g_ptr_array_new ();
      /* The vendor, as the questions for the vendors name it. */
      g_autofree char *vendor = NULL;
      guint same = 0;

      if (!recommended[q])
        continue;
      vendor = quote->vendor != NULL && *quote->vendor != '\0' ? g_strdup (quote->vendor)
                                                               : cp_words_quote_name (project, (int) q);
      if (unstated[q] & CP_UNSTATED_STORAGE_PRICE)
        {
          g_autofree char *estimate = storage_estimate_text (project, tb_months[q], (int) q, contingency, doc->lang);

          if (estimate != NULL)
            g_ptr_array_add (items, g_steal_pointer (&estimate));
          else
            {
              /* A vendor of two offers is named once (walk42 F23). */
              if (!g_ptr_array_find_with_equal_func (unpriced_storage_vendors, vendor, g_str_equal, NULL))
                g_ptr_array_add (unpriced_storage_vendors, g_strdup (vendor));
              unpriced_storage[q] = TRUE;
            }
        }
      if (unstated[q] & CP_UNSTATED_NETWORK_FEE)
        g_ptr_array_add (costs, (gpointer) _("network fee"));
      if (costs->len == 0)
        continue;
      list = g_string_new (g_ptr_array_index (costs, 0));
      for (guint i = 1; i < costs->len; i++)
        /* TRANSLATORS: between the costs a quote does not state ("storage price, setup fee"); Chinese lists take 、 */
        g_string_append_printf (list, "%s%s", C_("list of costs", ", "), (const char *) g_ptr_array_index (costs, i));
      /* Vendors leaving out the same costs are named in one clause: “storage
       * price (Yun B), storage price (华东智算)” said the cost twice (walk38 F4). */
      while (same < cost_lists->len && strcmp (g_ptr_array_index (cost_lists, same), list->str) != 0)
        same++;
      if (same == cost_lists->len)
        {
          g_ptr_array_add (cost_lists, g_string_free (g_steal_pointer (&list), FALSE));
          g_ptr_array_add (cost_vendors, g_ptr_array_new_with_free_func (g_free));
        }
      else
        g_string_free (g_steal_pointer (&list), TRUE);
      if (!g_ptr_array_find_with_equal_func (g_ptr_array_index (cost_vendors, same), vendor, g_str_equal, NULL))
        g_ptr_array_add (g_ptr_array_index (cost_vendors, same), g_steal_pointer (&vendor));
    }
  for (guint c = 0; c < cost_lists->len; c++)
    {
      g_autofree char *names = cp_words_join_names (g_ptr_array_index (cost_vendors, c));
      /* Whom to ask for the figure: "network fee (Huawei Cloud)" gave
       * the approver no order of magnitude nor who would (walk41 F17). */
      /* TRANSLATORS: the costs recommended quotes do not state (“storage price, network fee”), then the quotes' vendors to ask for them (“A and B”) */
      g_autofree char *line = g_strdup_printf (_("%s (ask %s)"), (const char *) g_ptr_array_index (cost_lists, c), names);

      if (clauses == NULL)
        clauses = g_string_new (line);
      else
        /* TRANSLATORS: between the costs of several vendors that their quotes do not state */
        g_string_append_printf (clauses, "%s%s", C_("list of costs", ", "), line);
    }
  /* Storage no quote prices, and the planner keeps no price of its own to
   * estimate it by: said plainly as left out, with what is kept, and
   * whom to ask ("storage price (Yun B), storage price (华东智算), not
   * stated in the quotes" gave no size and asked no one: walk38 F4). */
  if (unpriced_storage_vendors->len > 0)
    {
      g_autofree char *names = cp_words_join_names (unpriced_storage_vendors);
      g_autofree char *kept = storage_kept_text (doc, results, unpriced_storage);

      g_ptr_array_add (items,
                       /* TRANSLATORS: what the amount to approve leaves out: the vendors whose storage no quote prices, what their jobs keep ("1 TB for 5.8 h"), then the vendors again, to ask */
                       g_strdup_printf (_("storage (%s: %s), not counted: no quote prices storage (ask %s for one)"),
                                        names, kept, names));
    }
  if (clauses != NULL)
    /* TRANSLATORS: what the amount to approve leaves out: the costs recommended quotes do not state, “storage price (Vendor G), network fee (Vendor D)” */
    g_ptr_array_add (items, g_strdup_printf (_("%s, not stated in the quotes"), clauses->str));
  /* A job no quote can run as asked has no cost in the amount: said
   * first among the rest, where an amount for the other jobs alone read
   * as the whole project funded (appr36 D12). */
  {
    g_autoptr(GPtrArray) unplanned = g_ptr_array_new ();

    for (guint j = 0; j < project->jobs->len; j++)
      {
        const CpPlan *plan = results[j].plan;
        const CpJob *job = g_ptr_array_index (project->jobs, j);

        /* A job run late on its best available option is in the amount
         * (cp_schedule_new()): only what nothing runs is left out. */
        if (plan != NULL && !plan->cost_unknown && cp_plan_get_subject (plan) == NULL)
          g_ptr_array_add (unplanned, (gpointer) cp_job_title (job));
      }
    if (unplanned->len > 0)
      {
        g_autofree char *names = cp_words_join_names (unplanned);

        /* TRANSLATORS: what the amount to approve leaves out: the jobs no quote can run as asked (their chapters say why) */
        g_ptr_array_insert (items, 0, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, which no quote can run as asked",
                                                                    "%s, which no quote can run as asked", unplanned->len),
                                                       names));
      }
  }
  if (team_days && team_day_cost > 0)
    {
      /* With what a day of it costs, where the jobs state one team: the
       * days themselves depend on how the work goes (walk41 F17). */
      g_autofree char *day = cp_i18n_format_money_whole (team_day_cost, project->settings.currency, doc->lang);

      g_ptr_array_add (items, team_day_assumed
                       /* TRANSLATORS: what the amount to approve leaves out: the engineers' working days, which only a move to a cluster (rule R8) counts, then what one working day of the whole team costs, the job form's example team */
                       ? g_strdup_printf (_("the team's working days, except in moving to a cluster (R8): %s a working day (assumed)"),
                                          day)
                       /* TRANSLATORS: what the amount to approve leaves out: the engineers' working days, which only a move to a cluster (rule R8) counts, then what one working day of the whole team costs */
                       : g_strdup_printf (_("the team's working days, except in moving to a cluster (R8): %s a working day"),
                                          day));
    }
  else if (team_days)
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

/* "one more billed hour of 1 machine": the step the vendor bills past
 * the top that set the contingency (CpApprovalAmount's overrun). */
static char *
overrun_text (const CpOverrun  *overrun,
              const CpSettings *settings,
              const char       *lang)
{
  g_autofree char *hours = NULL;

  if (fabs (overrun->hours - 1) < 1e-6)
    /* TRANSLATORS: the amount to approve's contingency when one more billed hour is more than its rate: the machines billed */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "one more billed hour of %u machine", "one more billed hour of %u machines",
                                      overrun->nodes), overrun->nodes);
  if (fabs (overrun->hours - 24) < 1e-6)
    /* TRANSLATORS: the amount to approve's contingency when one more billed day is more than its rate: the machines billed */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "one more billed day of %u machine", "one more billed day of %u machines",
                                      overrun->nodes), overrun->nodes);
  if (fabs (overrun->hours - settings->hours_per_month) < 1e-6)
    /* TRANSLATORS: the amount to approve's contingency when one more billed month is more than its rate: the machines billed */
    return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "one more billed month of %u machine", "one more billed month of %u machines",
                                      overrun->nodes), overrun->nodes);
  hours = cp_i18n_format_value (overrun->hours, lang);
  /* TRANSLATORS: the amount to approve's contingency when the hours one more billing step adds are more than its rate: the hours ("2.5"), the machines billed */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s more billed hours of %u machine", "%s more billed hours of %u machines",
                                    overrun->nodes), hours, overrun->nodes);
}

char *
cp_report_late_jobs_text (const CpProject  *project,
                          CpPlan * const   *plans,
                          const CpSchedule *schedule,
                          const char       *lang)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  guint n_late;
  char *text;

  cp_i18n_push_language (lang);
  for (guint j = 0; j < schedule->jobs->len && j < project->jobs->len; j++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, j);
      const CpOption *option = cp_schedule_job_option (entry, plans[j]);
      const char *title = cp_job_title (g_ptr_array_index (project->jobs, j));
      const char *vendor;

      if (option == NULL || !entry->short_of_target)
        continue;
      vendor = cp_report_vendor_name (project, option->quote_index);
      if (cp_report_job_days_late (entry) > 0)
        {
          g_autofree char *days = cp_words_late_by (entry->end_day - entry->start_day, entry->deadline_days, lang);

          /* TRANSLATORS: a job costed late in the amount: its name, the vendor of its best available option, how long after its deadline it ends ("2.7 days") */
          g_ptr_array_add (items, g_strdup_printf (_("%1$s on %2$s, ending %3$s after its deadline"), title, vendor, days));
        }
      else
        /* TRANSLATORS: a job costed in the amount on an option that serves fewer requests, answers slower or runs longer than the job asks: its name, the vendor of its best available option */
        g_ptr_array_add (items, g_strdup_printf (_("%1$s on %2$s, short of what the job asks (its chapter says how)"),
                                                 title, vendor));
    }
  if (items->len == 0)
    {
      cp_i18n_pop_language ();
      return NULL;
    }
  n_late = items->len;
  g_ptr_array_add (items, NULL);
  /* TRANSLATORS: between the late jobs the amount includes */
  list = g_strjoinv (_("; "), (char **) items->pdata);
  /* TRANSLATORS: after the amount to approve: the jobs it costs on their best available option, though none meets what they ask ("CPT … on Huawei Cloud, ending 2.7 days after its deadline") */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The amount includes a job no quote runs as asked, at its best available option: %s.",
                                       "The amount includes jobs no quote runs as asked, at their best available options: %s.",
                                       n_late), list);
  cp_i18n_pop_language ();
  return text;
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
  if (approval->contingency_rule == CP_CONTINGENCY_BILLING_STEP)
    {
      /* The vendor bills whole steps: a rate smaller than one is used up
       * by the first hour over, so the line says which rule set it
       * (read37 F5). */
      g_autofree char *step = overrun_text (&approval->overrun, settings, lang);

      /* TRANSLATORS: the memo's budget, after the range: the amount to approve, the contingency's amount, the billing step it pays for ("one more billed hour of 1 machine"), the contingency's rate it is more than ("10%") */
      line = g_strdup_printf (_("Amount to approve: %s (the top of the range + %s contingency: %s, more than %s)."),
                              amount, reserve, step, reserve_rate);
    }
  else
    /* TRANSLATORS: the memo's budget, after the range: the amount to approve, the contingency's rate and amount */
    line = g_strdup_printf (_("Amount to approve: %s (the top of the range + %s contingency, %s)."),
                            amount, reserve_rate, reserve);
  cp_i18n_pop_language ();
  return line;
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

/* Whether @plan's recommended option (or, with none, the best available
 * one the schedule costs: cp_schedule_new()) rents quote @quote_index
 * with a cost, so that its charges are in the amount to approve. */
static gboolean
recommends_quote (const CpPlan *plan,
                  int           quote_index)
{
  return plan != NULL && !plan->cost_unknown && cp_plan_get_subject (plan) != NULL &&
         cp_plan_get_subject (plan)->quote_index == quote_index;
}

/* Whether some job's memo names an option on several nodes of quote
 * @quote_index (cp_report_rents_nodes()). */
static gboolean
rents_nodes_of (JobResult       *results,
                const CpProject *project,
                int              quote_index)
{
  for (guint j = 0; j < project->jobs->len; j++)
    if (results[j].plan != NULL && cp_report_rents_nodes (results[j].plan, results[j].what_if, quote_index))
      return TRUE;
  return FALSE;
}

/* "Assumed, not given: 100M tokens (Qwen2.5 72B LoRA); 2 engineers at
 * 2,000 CNY a day (every job); VAT 13%, included (every quote); 910B
 * taken as the 910B2 (华为云).": the figures the plans used that the user
 * did not enter, the job form's defaults and the quotes' unstated VAT,
 * so that an approver can tell the app's assumptions from the team's
 * figures (issue 22). A job's figure is assumed when nobody typed it and
 * it holds its kind's default (cp_job_figure_assumed()): one typed at the
 * default's value is the team's (D15). NULL when nothing is assumed. */
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
      const char *name = cp_job_title (job);
      const CpPlan *plan = results[j].plan;
      double engineering_cost = 0, storage_cost = 0;

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
      if (cp_task_kind_is_training (job->kind) && cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS))
        {
          g_autofree char *tokens = cp_words_tokens (job->tokens, doc->lang);

          add_assumed (figures, whoms, counts, tokens, name);
        }
      if (job->kind == CP_TASK_INFERENCE && cp_job_figure_assumed (job, CP_JOB_STATED_PROMPT_TOKENS) &&
          cp_job_figure_assumed (job, CP_JOB_STATED_OUTPUT_TOKENS))
        {
          g_autofree char *prompt = cp_i18n_format_number (job->prompt_tokens, 0, doc->lang);
          g_autofree char *output = cp_i18n_format_number (job->output_tokens, 0, doc->lang);
          /* TRANSLATORS: an inference job's default request: mean prompt and output tokens */
          g_autofree char *request = g_strdup_printf (_("%s-token prompts, %s-token outputs"), prompt, output);

          add_assumed (figures, whoms, counts, request, name);
        }
      /* The load a service is sized for decides its machines (R3): its
       * default was never said (walk41 F20). */
      if (job->kind == CP_TASK_INFERENCE && cp_job_figure_assumed (job, CP_JOB_STATED_CONCURRENCY))
        {
          g_autofree char *count = cp_i18n_format_number (job->concurrency, 0, doc->lang);
          /* TRANSLATORS: an inference job's default load: concurrent requests */
          g_autofree char *load = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s concurrent request",
                                                              "%s concurrent requests", job->concurrency), count);

          add_assumed (figures, whoms, counts, load, name);
        }
      /* The team's days and storage count only where the recommended
       * option pays for them (migration, a storage price); storage left
       * out says its size is assumed in place (add_storage_kept()). */
      /* Either figure alone where the other was typed: a typed count
       * beside the example day cost is still an assumed amount. */
      if (engineering_cost > 0)
        {
          gboolean count_assumed = cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEERS);
          gboolean day_assumed = cp_job_figure_assumed (job, CP_JOB_STATED_ENGINEER_DAY_COST);
          g_autofree char *count = cp_i18n_format_number (job->engineers, 0, doc->lang);
          g_autofree char *day = cp_i18n_format_money (job->engineer_day_cost, currency, doc->lang);
          g_autofree char *team = NULL;

          if (count_assumed && day_assumed)
            /* TRANSLATORS: the job form's default team: engineers, the cost of one engineer-day */
            team = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s engineer at %s a day", "%s engineers at %s a day",
                                               job->engineers), count, day);
          else if (day_assumed)
            /* TRANSLATORS: the job form's default cost of one engineer-day, the team's size typed */
            team = g_strdup_printf (_("%s an engineer-day"), day);
          else if (count_assumed)
            /* TRANSLATORS: the job form's default number of engineers, their day cost typed */
            team = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s engineer", "%s engineers", job->engineers), count);
          if (team != NULL)
            add_assumed (figures, whoms, counts, team, name);
        }
      if (storage_cost > 0 && cp_job_figure_assumed (job, CP_JOB_STATED_STORAGE))
        {
          g_autofree char *tb = cp_i18n_format_value (job->storage_tb, doc->lang);
          /* TRANSLATORS: the job form's default storage, in TB */
          g_autofree char *storage = g_strdup_printf (_("%s TB of storage"), tb);

          add_assumed (figures, whoms, counts, storage, name);
        }
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
          /* By quote where its vendor has more than one: "13%, included
           * (CloudA)" beside CloudA's two quotes did not say which
           * (issue 22). */
          {
            g_autofree char *quote_named = cp_words_quote_short_name (project, (int) q);

            add_assumed (figures, whoms, counts, taken, quote_named);
          }
        }
      /* The kind of offer nobody gave, where it sets the amount's VAT or
       * R8's operations condition (read37 F4). Its rate is the VAT
       * line's, said once (approver 20). */
      if (!vat && cp_report_offering_decides (project, results, project->jobs->len, (int) q))
        {
          /* Short: page 1's line has no room for more. A kind left unstated
           * is one of the two a quote falls back to, both bare metal. */
          g_autofree char *kind = cp_quote_team_runs_machines (quote)
                                  /* TRANSLATORS: a quote's kind of offer the quote does not state, taken by the app as bare metal (a machine or a cluster) */
                                  ? g_strdup (_("bare metal"))
                                  /* TRANSLATORS: a quote's kind of offer the quote does not state, taken by the app: "Container cluster as the kind of offer" */
                                  : g_strdup_printf (_("%s as the kind of offer"), cp_words_offering (quote->offering));

          add_assumed (figures, whoms, counts, kind, vendor);
        }
      if (!vat && cp_gpu_spec_variant (&quote->gpu, &family, &variant))
        {
          /* TRANSLATORS: a GPU family a quote names, read as the catalogue's variant: "910B taken as the 910B2" */
          g_autofree char *taken = g_strdup_printf (_("%s taken as the %s"), family, variant);

          add_assumed (figures, whoms, counts, taken, vendor);
        }
      /* The network an offer's bare "IB" was given, not the vendor's,
       * where a job rents several of its nodes: a one-machine plan uses
       * none (read37 F3). */
      if (!vat && quote->fabric_assumed && quote->nodes_available > 1 && rents_nodes_of (results, project, (int) q))
        {
          g_autofree char *fabric = cp_report_fabric_assumed_text (quote, doc->lang);

          add_assumed (figures, whoms, counts, fabric, vendor);
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

      option = cp_schedule_job_option (entry, plan);
      if (option == NULL)
        continue;
      if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      part.rate = cp_quote_vat_rate (g_ptr_array_index (project->quotes, option->quote_index), &project->settings);
      for (r = 0; r < parts->len && fabs (g_array_index (parts, CpReportVatPart, r).rate - part.rate) > 1e-9; r++)
        ;
      if (r == parts->len)
        g_array_append_val (parts, part);
      /* As cp_report_approval_amount() weighs each vendor's charges. */
      g_array_index (parts, CpReportVatPart, r).vat += cp_report_job_top_charges (entry, option) * part.rate / (1 + part.rate);
      g_array_index (parts, CpReportVatPart, r).charges += cp_report_job_top_charges (entry, option);
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

/* Each rate of @parts with its figure of @amounts (whole, in @currency),
 * "; " between: its VAT, "13%: 29,000 CNY; 6%: 1,658 CNY", or, with
 * @on_base, the charges its VAT is on, "13% on 282,917 CNY; 6% on 36,661
 * CNY". */
static char *
rates_text (const GArray *parts,
            const double *amounts,
            gboolean      on_base,
            const char   *currency,
            const char   *lang)
{
  GString *line = g_string_new (NULL);

  for (guint r = 0; r < parts->len; r++)
    {
      g_autofree char *rate = cp_report_rate_text (g_array_index (parts, CpReportVatPart, r).rate, lang);
      g_autofree char *money = cp_i18n_format_money_whole (amounts[r], currency, lang);

      if (r > 0)
        g_string_append (line, _("; "));
      g_string_append_printf (line, on_base
                              /* TRANSLATORS: one VAT rate's part of what the amount's VAT is computed on: the rate, the vendors' charges it is on ("13% on 282,917 CNY") */
                              ? _("%s on %s")
                              /* TRANSLATORS: one VAT rate's part of the amount's VAT: the rate, the money */
                              : _("%s: %s"), rate, money);
    }
  return g_string_free (line, FALSE);
}

/* "13%: 29,000 CNY; 6%: 1,658 CNY": the VAT of @approval split by the
 * rates of the recommended quotes (cp_report_vat_parts()). NULL when one
 * rate applies. The approver could not rebuild "VAT: 30,658 CNY" from
 * two rates (approver 21). */
static char *
vat_by_rate (const CpProject *project,
             const GArray    *parts,
             const char      *lang)
{
  g_autofree double *vats = NULL;

  if (parts->len < 2)
    return NULL;
  vats = g_new0 (double, parts->len);
  for (guint r = 0; r < parts->len; r++)
    vats[r] = g_array_index (parts, CpReportVatPart, r).vat;
  return rates_text (parts, vats, FALSE, project->settings.currency, lang);
}

/* "6/106": the share of a price with VAT at @rate that is the VAT. */
static char *
vat_fraction_text (double      rate,
                   const char *lang)
{
  g_autofree char *tax = cp_i18n_format_value (rate * 100, lang);
  g_autofree char *whole = cp_i18n_format_value (100 + rate * 100, lang);

  /* TRANSLATORS: the share of a price with VAT that is the VAT: the rate in percent over 100 plus it ("6/106") */
  return g_strdup_printf (_("%s/%s"), tax, whole);
}

/* The VAT of @approval with what it is computed on, checkable from the
 * page (walk41 F18: "VAT: 31,746 CNY in the amount" beside no base and
 * no engineering share): the vendors' part of the amount, the amount less
 * the team's own days (which carry no VAT) with their contingency, times
 * each rate's share, "3,132 CNY (55,334 CNY × 6/106)"; by rate when the
 * quotes' rates differ, each on its part of the vendors' charges,
 * "34,623 CNY (13% on 282,917 CNY; 6% on 36,661 CNY)"; then the team's
 * part, which carries none. */
static char *
vat_with_basis (const CpProject        *project,
                const GArray           *parts,
                const CpApprovalAmount *approval,
                const char             *lang)
{
  const char *currency = project->settings.currency;
  g_autofree char *vat = cp_i18n_format_money_whole (approval->vat, currency, lang);
  g_autofree char *vendors_text = NULL;
  g_autoptr(GString) basis = g_string_new (NULL);
  double amount = round (approval->amount);
  double vendors = approval->top_of_range > 0
                   ? round (amount * CLAMP ((approval->top_of_range - approval->engineering) / approval->top_of_range, 0, 1))
                   : 0;

  if (parts->len == 0 || !(approval->vat > 0))
    return g_steal_pointer (&vat);
  vendors_text = cp_i18n_format_money_whole (vendors, currency, lang);
  if (parts->len == 1)
    {
      g_autofree char *fraction = vat_fraction_text (g_array_index (parts, CpReportVatPart, 0).rate, lang);

      /* TRANSLATORS: what the amount's VAT is computed on: the vendors' part of the amount, times the VAT's share of a price with it ("55,334 CNY × 6/106") */
      g_string_append_printf (basis, _("%s × %s"), vendors_text, fraction);
    }
  else
    {
      /* The vendors' part shared out by each rate's charges, whole units
       * adding up to it; each rate's VAT is its base × rate / (1 + rate),
       * which the sign-off block gives. */
      g_autofree double *charges = g_new0 (double, parts->len);
      g_autofree double *shown = g_new0 (double, parts->len);

      double sum = 0;

      for (guint r = 0; r < parts->len; r++)
        sum += g_array_index (parts, CpReportVatPart, r).charges;
      for (guint r = 0; r < parts->len; r++)
        charges[r] = sum > 0 ? vendors * g_array_index (parts, CpReportVatPart, r).charges / sum : 0;
      cp_i18n_apportion (charges, parts->len, vendors, shown);
      {
        g_autofree char *bases = rates_text (parts, shown, TRUE, currency, lang);

        g_string_append (basis, bases);
      }
    }
  if (amount - vendors > 0)
    {
      g_autofree char *team = cp_i18n_format_money_whole (amount - vendors, currency, lang);

      g_string_append (basis, _("; "));
      /* TRANSLATORS: after what the amount's VAT is computed on: the team's own days in the amount (their cost with its contingency), which carry no VAT */
      g_string_append_printf (basis, _("the team's %s carries none"), team);
    }
  /* TRANSLATORS: the amount's VAT, then what it is computed on ("3,132 CNY (55,334 CNY × 6/106)") */
  return g_strdup_printf (_("%s (%s)"), vat, basis->str);
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

  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) stating = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *stated = NULL;

  if (unstated == NULL)
    /* TRANSLATORS: the memo's budget; the VAT the amount holds */
    return g_strdup_printf (_("VAT: %s in the amount, at the rates the quotes state (the quotes table)."), vat);
  /* The vendors in the amount whose quotes state their VAT, named: "not
   * stated in the quotes" read as if none did, beside a sheet that said
   * 含税 6% (walk42 F24). */
  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      /* By quote where its vendor has more than one, as the rate taken. */
      g_autofree char *quote_named = cp_words_quote_short_name (project, (int) q);
      gboolean in_amount = FALSE;

      for (guint j = 0; j < project->jobs->len && !in_amount; j++)
        in_amount = recommends_quote (results[j].plan, (int) q);
      if (in_amount && quote->vat_rate > 0 && !g_ptr_array_find_with_equal_func (stating, quote_named, g_str_equal, NULL))
        g_ptr_array_add (stating, g_steal_pointer (&quote_named));
    }
  if (stating->len == 0)
    /* TRANSLATORS: the memo's budget; the VAT the amount holds, the rate taken where a quote states none, for whom ("13%, included (every quote)") */
    return g_strdup_printf (_("VAT: %s in the amount; not stated in the quotes, taken as %s."), vat, unstated);
  stated = cp_words_join_names (stating);
  /* TRANSLATORS: the memo's budget; the VAT the amount holds, the vendors whose quotes state their rate, then the rate taken where a quote states none, for whom ("13%, included (GPU cloud)") */
  return g_strdup_printf (_("VAT: %s in the amount; as %s’s quotes state it, and where a quote does not, taken as %s."),
                          vat, stated, unstated);
}

/* The top of job @job_index's band as its answer shows it
 * (cp_report_schedule_shown_range()). */
static double
shown_job_top (const CpSchedule *schedule,
               guint             job_index)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, job_index);

  return round (cp_schedule_job_cost_high (entry));
}

double
cp_report_top_with_answer (const CpProject          *project,
                           JobResult                *results,
                           const CpSchedule         *schedule,
                           const CpApprovalAmount   *approval,
                           guint                     job_index,
                           const CpReportOpenAnswer *open)
{
  double top = approval->top_of_range - shown_job_top (schedule, job_index) + round (MAX (open->cost_high, open->cost));

  /* A vendor that bills a month at least bills every job rented from it
   * so: walk36b's service on the same quote for 720 h was left at 37,440
   * CNY where its own month makes 37,960 (approver 36, Z4: 82,940 where
   * 83,512). Each as its own answer costs it, and only where dearer. */
  for (guint k = 0; open->month_minimum_quote >= 0 && k < project->jobs->len && k < schedule->jobs->len; k++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, k);
      const CpPlan *plan = results[k].plan;
      double then_cost;

      if (k == job_index || !entry->planned || entry->quote_index != open->month_minimum_quote || plan == NULL ||
          !(plan->month_minimum_cost > 0))
        continue;
      then_cost = plan->month_minimum_winner >= 0 ? plan->month_minimum_winner_cost : plan->month_minimum_cost;
      top += MAX (round (then_cost) - shown_job_top (schedule, k), 0);
    }
  return top;
}

/* The open answers of @results gathered by question
 * (cp_report_answer_conditions()) whose answers would pass @approval's
 * amount, summed over every job each moves, into @passing (borrowed from
 * the returned array, which owns them); each one's provisos, when it has
 * any, into @provisos, the top of the project's range the dearest of
 * them would make in @cover_top and, with @dearest_condition, that
 * question's condition ("Cloud H800 bills at least a month"). Returns
 * every question with an open answer (NULL when none). */
static GPtrArray *
answers_passing (const CpProject        *project,
                 JobResult              *results,
                 const CpSchedule       *schedule,
                 const CpApprovalAmount *approval,
                 const char             *lang,
                 GPtrArray              *passing,
                 GPtrArray              *provisos,
                 double                 *cover_top,
                 char                  **dearest_condition)
{
  GPtrArray *conditions = cp_report_answer_conditions (project, results, schedule, approval, lang);

  *cover_top = 0;
  if (dearest_condition != NULL)
    *dearest_condition = NULL;
  for (guint i = 0; i < conditions->len; i++)
    {
      CpReportAnswerCondition *condition = g_ptr_array_index (conditions, i);

      if (!condition->passes)
        continue;
      g_ptr_array_add (passing, condition);
      for (guint p = 0; p < condition->provisos->len; p++)
        if (!g_ptr_array_find_with_equal_func (provisos, g_ptr_array_index (condition->provisos, p), g_str_equal, NULL))
          g_ptr_array_add (provisos, g_strdup (g_ptr_array_index (condition->provisos, p)));
      if (condition->top > *cover_top && dearest_condition != NULL)
        {
          g_free (*dearest_condition);
          *dearest_condition = g_strdup (condition->condition);
        }
      *cover_top = MAX (*cover_top, condition->top);
    }
  if (conditions->len == 0)
    g_clear_pointer (&conditions, g_ptr_array_unref);
  return conditions;
}

double
cp_report_amount_covering_answers (const CpProject        *project,
                                   JobResult              *results,
                                   const CpSchedule       *schedule,
                                   const CpApprovalAmount *approval,
                                   const char             *lang,
                                   char                  **condition)
{
  g_autoptr(GPtrArray) passing = g_ptr_array_new ();
  g_autoptr(GPtrArray) provisos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) conditions = NULL;
  double cover_top;

  conditions = answers_passing (project, results, schedule, approval, lang, passing, provisos, &cover_top, condition);
  if (passing->len == 0)
    return 0;
  return round (cp_settings_amount_to_approve (&project->settings, cover_top, approval->overrun.cost, 0, 0, NULL, NULL,
                                               NULL));
}

/* Job names that together take no more than this many characters are
 * named where an answer moves several jobs: half of page 1's line (about
 * 95 Latin characters at the body's size), so that the sentence grows by
 * a line at most and the demo's memo keeps to its two pages. Longer, the
 * jobs are counted. */
#define NAMED_JOBS_MAX_CHARS 48

/* What the answer to @condition's question would make of the jobs it
 * moves: the option the one job then takes, "Local Provider at 38,000
 * CNY"; with several, the jobs above it moves, "LoRA A, LoRA B and LoRA C
 * above", each of which names its option in its answer (the demo's two
 * jobs named with their options took page 1's sign-off to page 3), or how
 * many when their names would not keep to half a line ("3 jobs above" did
 * not say which, issue 22). */
static char *
condition_outcomes_text (const CpProject               *project,
                         const CpReportAnswerCondition *condition,
                         const char                    *lang)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *count = NULL;
  glong name_chars = 0;

  if (condition->jobs->len == 1)
    return g_strdup (g_ptr_array_index (condition->outcomes, 0));
  for (guint k = 0; k < condition->jobs->len; k++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, g_array_index (condition->jobs, guint, k));
      const char *name = job->name != NULL && *job->name != '\0' ? job->name : job->id;

      g_ptr_array_add (names, (gpointer) name);
      name_chars += g_utf8_strlen (name, -1);
    }
  if (name_chars <= NAMED_JOBS_MAX_CHARS)
    {
      g_autofree char *list = cp_words_join_names (names);

      /* TRANSLATORS: page 1, the jobs an open answer moves past the amount, named ("LoRA A, LoRA B and LoRA C"), each of which names its option in its answers above */
      return g_strdup_printf (_("%s above"), list);
    }
  count = cp_i18n_format_number (condition->jobs->len, 0, lang);
  /* TRANSLATORS: page 1, the jobs an open answer moves past the amount, each of which names its option in its answers above */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s job above", "%s jobs above", condition->jobs->len), count);
}

/* What signing commits to when a job's choice waits on answers still to
 * come (cp_report_open_answers()): the amount, and for each vendor or
 * team question whose answer would pass it, summed over every job it
 * moves (cp_report_answer_conditions()), which question of the list
 * below it is, whom it is of, and what to approve to cover it (approver
 * 33, A1: "the approver cannot tell whether the signature approves
 * Shanghai Suanli now, or an envelope of 11,520 CNY with the vendor
 * chosen after the answer"; walk36 F5: "one answer above would exceed
 * it" did not say which question). NULL when no answer would pass it. */
static char *
commitment_text (Doc                    *doc,
                 JobResult              *results,
                 const CpSchedule       *schedule,
                 const CpApprovalAmount *approval)
{
  const CpProject *project = doc->project;
  const char *currency = project->settings.currency;
  g_autoptr(GPtrArray) passing = g_ptr_array_new ();
  g_autoptr(GPtrArray) provisos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) conditions = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  double cover_top;

  conditions = answers_passing (project, results, schedule, approval, doc->lang, passing, provisos, &cover_top, NULL);
  /* Answers that all stay within it are said so where they are listed
   * (cp_report_section_question()). */
  if (passing->len == 0)
    return NULL;
  for (guint i = 0; i < passing->len; i++)
    {
      const CpReportAnswerCondition *condition = g_ptr_array_index (passing, i);
      g_autofree char *outcomes = NULL;
      g_autofree char *number = cp_i18n_format_number (condition->number, 0, doc->lang);
      g_autofree char *cover = NULL;

      if (i > 0)
        g_string_append_c (text, ' ');
      /* With a budget, the line under this one names the dearest
       * question's amount against the budget (cp_report_budget_text()):
       * said once, where it is judged, and the options are left to the
       * answers above (the 1-job budget project's memo stays within 5
       * pages). */
      if (cp_project_has_budget (project))
        {
          g_string_append_printf (text, condition->number > 0
                                  /* TRANSLATORS: page 1, after "Amount to approve: …", when a budget is set: an open answer's condition ("GPU Cloud SZ bills at least a month"), the number of its question in the list below; the next line gives the amount that covers it against the budget */
                                  ? _("If %1$s (question %2$s below), this is exceeded: ask first.")
                                  /* TRANSLATORS: as “If %1$s (question %2$s below), this is exceeded: ask first.”, for an answer the list of questions does not ask; %2$s is empty */
                                  : _("If %1$s%2$s, this is exceeded: ask first."),
                                  condition->condition, condition->number > 0 ? number : "");
          continue;
        }
      outcomes = condition_outcomes_text (project, condition, doc->lang);
      cover = cp_i18n_format_money_whole (cp_settings_amount_to_approve (&project->settings, condition->top,
                                                                         approval->overrun.cost, 0, 0, NULL, NULL,
                                                                         NULL),
                                          currency, doc->lang);
      g_string_append_printf (text, condition->number > 0
                              /* TRANSLATORS: page 1, after "Amount to approve: …": an open answer's condition ("GPU Cloud SZ bills at least a month"), the number of its question in the list below, the option it would lead to past the amount ("Local Provider at 38,000 CNY"), or the jobs it would move ("3 jobs above"), the amount that would cover it */
                              ? _("If %1$s (question %2$s below): %3$s, past this amount; ask first or approve %4$s.")
                              /* TRANSLATORS: as “If %1$s (question %2$s below): %3$s, past this amount; ask first or approve %4$s.”, for an answer the list of questions does not ask; %2$s is empty */
                              : _("If %1$s%2$s: %3$s, past this amount; ask first or approve %4$s."),
                              condition->condition, condition->number > 0 ? number : "", outcomes, cover);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The amount to approve and how VAT was taken (cp_report_approval_amount()):
 * the one figure the approver signs, said as its parts add up. */
void
cp_report_amount_texts_init (CpReportAmountTexts *texts,
                             Doc                 *doc,
                             JobResult           *results,
                             const CpSchedule    *schedule)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) plans = result_plans (project, results);
  CpApprovalAmount approval;

  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  texts->line = cp_report_approval_text (project, &approval, doc->lang);

  /* One basis for every figure: with VAT, at each quote's rate (the
   * quotes table says which rate applied to which quote, and why). The
   * parts by rate are worked out once for the approval and read by each
   * sentence that gives them. */
  {
    g_autoptr(GArray) parts = cp_report_vat_parts (project, (CpPlan * const *) plans->pdata, schedule, &approval);
    g_autofree char *with_basis = vat_with_basis (project, parts, &approval, doc->lang);

    texts->tax = vat_text (doc, results, with_basis, NULL);
  }
  {
    /* What the amount leaves out first, under it, then its VAT and which
     * figures are the app's, not the team's: each on a line of its own in
     * the note's type, where one paragraph of eight clauses buried the
     * money outside the amount (approver 33, A25). The calendar's start
     * is said beside the calendar (cp_report_section_budget()). */
    texts->left_out = not_in_amount_text (doc, results, round (approval.amount) - round (approval.top_of_range));
    texts->assumed = assumed_text (doc, results);
    /* A job costed late first: the amount holds it, and its lateness is
     * what the approver signs for (walk38 F1). */
    texts->late = cp_report_late_jobs_text (project, (CpPlan * const *) plans->pdata, schedule, doc->lang);

    /* The amount and what it leaves out are read together, on one page:
     * the demo's note ran from page 1's foot onto page 2 (approver 21). */
    g_autofree char *approve_by = cp_report_approve_by_text (project, (CpPlan * const *) plans->pdata, schedule, doc->lang);

    if (approve_by != NULL)
      {
        /* With the amount, in its type: the day matters as much. */
        char *with_day = g_strdup_printf (C_("two sentences", "%s %s"), texts->line, approve_by);

        g_free (texts->line);
        texts->line = with_day;
      }
    /* What signing commits to when a choice waits on answers, with the
     * amount it is about. */
    g_autofree char *commitment = commitment_text (doc, results, schedule, &approval);

    if (commitment != NULL)
      {
        g_autofree char *with = g_strdup_printf (C_("two sentences", "%s %s"), texts->line, commitment);

        g_free (texts->line);
        texts->line = cp_doc_spaced (doc, with);
      }
    /* The budget the team has, against the amount, straight under it
     * (walk40 F6: a lead could not enter "we have 200,000 CNY"). */
    texts->within = cp_report_budget_text (project, results, schedule, &approval, doc->lang);
  }
}

void
cp_report_amount_texts_clear (CpReportAmountTexts *texts)
{
  g_clear_pointer (&texts->line, g_free);
  g_clear_pointer (&texts->tax, g_free);
  g_clear_pointer (&texts->left_out, g_free);
  g_clear_pointer (&texts->late, g_free);
  g_clear_pointer (&texts->assumed, g_free);
  g_clear_pointer (&texts->within, g_free);
}

void
cp_report_section_amount_to_approve (Doc *doc)
{
  const CpReportAmountTexts *texts = &doc->memo_texts->amount;
  const char *line = texts->line, *within = texts->within, *left_out = texts->left_out;
  const char *notes[] = { texts->late, left_out, texts->tax, texts->assumed };
  /* The amount and what it leaves out are kept together, on one page;
   * the VAT's and the assumed figures' lines may follow on the next. */
  double left_out_height = left_out != NULL && *left_out != '\0'
                           ? cp_doc_paragraph_height (doc, doc->small, left_out, 0) + 1 : 0;
  double within_height = within != NULL ? cp_doc_paragraph_height (doc, doc->body, within, 0) + 1 : 0;

  cp_doc_ensure (doc, cp_doc_paragraph_height (doc, doc->bold, line, 0) + 1 + within_height + left_out_height);
  cp_doc_paragraph_full (doc, doc->bold, line, 0, 1, NULL);
  if (within != NULL)
    cp_doc_paragraph_full (doc, doc->body, within, 0, 1, NULL);
  /* The page the amount is on, whichever its notes end on. */
  doc->amount_page = doc->pages->len;
  for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
    if (notes[i] != NULL && *notes[i] != '\0')
      cp_doc_paragraph_full (doc, doc->small, notes[i], 0, 1, NULL);
}

char *
cp_report_signed_proviso_text (Doc              *doc,
                               JobResult        *results,
                               const CpSchedule *schedule)
{
  const CpProject *project = doc->project;
  g_autoptr(GPtrArray) plans = NULL;
  g_autoptr(GPtrArray) passing = g_ptr_array_new ();
  g_autoptr(GPtrArray) provisos = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) answer_conditions = NULL;
  g_autofree char *amount = NULL, *conditions = NULL;
  CpApprovalAmount approval;
  double cover_top;

  if (results == NULL || schedule == NULL || project->quotes->len == 0)
    return NULL;
  plans = result_plans (project, results);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  answer_conditions = answers_passing (project, results, schedule, &approval, doc->lang, passing, provisos, &cover_top,
                                       NULL);
  {
    /* Page 1's R8 line names who runs the bare metal, and the amount
     * with the hosted quote instead: the signature carries it, where it
     * carried the whole-offer condition alone (read38 F2). */
    g_autoptr(GPtrArray) operations = cp_report_operations_provisos (project, results, schedule, doc->lang);

    for (guint i = 0; i < operations->len; i++)
      g_ptr_array_add (provisos, g_strdup (g_ptr_array_index (operations, i)));
  }
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
  g_autoptr(GArray) parts = NULL;
  CpApprovalAmount approval;

  if (results == NULL || schedule == NULL || project->quotes->len == 0)
    return NULL;
  nothing = cp_report_nothing_to_approve (doc, results);
  if (nothing != NULL)
    return NULL;
  plans = result_plans (project, results);
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  line = cp_report_approval_text (project, &approval, doc->lang);
  vat = cp_i18n_format_money_whole (approval.vat, project->settings.currency, doc->lang);
  parts = cp_report_vat_parts (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  split = vat_by_rate (project, parts, doc->lang);
  /* TRANSLATORS: the amount's VAT, then its split by rate ("30,658 CNY (13%: 29,000 CNY; 6%: 1,658 CNY)") */
  with_split = split != NULL ? g_strdup_printf (_("%s (%s)"), vat, split) : g_strdup (vat);
  text = g_string_new (line);
  g_string_append_c (text, ' ');
  /* TRANSLATORS: the sign-off block, after the amount to approve: the VAT it holds */
  g_string_append_printf (text, _("VAT in it: %s."), with_split);
  {
    g_autofree char *late = cp_report_late_jobs_text (project, (CpPlan * const *) plans->pdata, schedule, doc->lang);

    if (late != NULL)
      g_string_append_printf (text, " %s", late);
  }
  proviso = cp_report_signed_proviso_text (doc, results, schedule);
  if (proviso != NULL)
    g_string_append_printf (text, " %s", proviso);
  blocked = cp_report_overbooking_block_text (project, schedule, doc->lang);
  if (blocked != NULL)
    {
      /* Page 1's condition gives two ways to meet it, the machines
       * confirmed or the jobs one after another, and costs the second:
       * the block says the same, where "Not approvable until the
       * condition on page 1 is met" read as a refusal beside a costed
       * fallback (appr35 C5). */
      g_autoptr(CpSchedule) serial = cp_report_fallback_schedule (project, schedule);

      g_string_append_c (text, ' ');
      if (serial == NULL)
        /* TRANSLATORS: the sign-off block, when page 1 says the amount is not approvable as planned and offers to run the jobs one after another */
        g_string_append (text, _("Approvable once the vendor confirms the machines page 1 names, or with the jobs run one after another."));
      else if (fabs (cp_report_schedule_shown_total (serial) - cp_report_schedule_shown_total (schedule)) < 0.5)
        /* TRANSLATORS: as “Approvable once the vendor confirms the machines page 1 names, or with the jobs run one after another.”, which costs the same */
        g_string_append (text, _("Approvable once the vendor confirms the machines page 1 names, or with the jobs run one after another at the same cost."));
      else
        {
          g_autofree char *total = cp_i18n_format_money_whole (cp_report_schedule_shown_total (serial),
                                                                project->settings.currency, doc->lang);

          /* TRANSLATORS: as “Approvable once the vendor confirms the machines page 1 names, or with the jobs run one after another.”, then what the jobs cost so */
          g_string_append_printf (text, _("Approvable once the vendor confirms the machines page 1 names, or with the jobs run one after another, at %s in all."),
                                  total);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
