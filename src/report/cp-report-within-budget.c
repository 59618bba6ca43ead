/* cp-report-within-budget.c: the project's budget, as the team states it
 * ("we have 200,000 CNY", walk40 F6), against what page 1 asks the
 * approver to sign: within it by how much, or over it by how much and
 * the cheapest way under it that the jobs' plans already know. Page 1,
 * the XML and the window's calendar tab say it in these words. */

#include "cp-report-private.h"

#include <math.h>

#include "planner/cp-what-if.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-memo.h"
#include "cp-report-schedule.h"

/* Of every job's "What would change it" (cp-what-if.h), the option a
 * longer deadline or a team experienced in distributed training would
 * have recommended that costs less than the job's recommended option:
 * the one that saves most, with its job and the saving. The plans know
 * no cheaper option meeting the jobs as stated (R6 picks the cheapest
 * feasible one): only a job stated otherwise costs less. NULL when no
 * such option is known. */
static const CpWhatIf *
cheapest_alternative (const CpProject *project,
                      const JobResult *results,
                      guint           *job_out,
                      double          *saving_out)
{
  const CpWhatIf *best = NULL;

  *saving_out = 0;
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;
      const GArray *what_if = results[j].what_if;
      double recommended_cost;

      if (plan == NULL || plan->recommended < 0 || what_if == NULL)
        continue;
      recommended_cost = g_array_index (plan->options, CpOption, plan->recommended).estimate.total_cost;
      for (guint i = 0; i < what_if->len; i++)
        {
          const CpWhatIf *item = &g_array_index (what_if, CpWhatIf, i);
          double saving = recommended_cost - item->estimate.total_cost;

          if ((item->kind == CP_WHAT_IF_LONGER_DEADLINE || item->kind == CP_WHAT_IF_TEAM_EXPERIENCE) &&
              saving > *saving_out)
            {
              best = item;
              *job_out = j;
              *saving_out = saving;
            }
        }
    }
  return best;
}

/* "For 32B fine-tune: With a deadline of 20.0 days, … would be
 * recommended instead: …, 140,000 CNY, 18.0 days. That saves 13,450 CNY,
 * enough to cover the 2,682 CNY over.", or that no cheaper option is
 * known; in the current language. */
static char *
way_under_text (const CpProject *project,
                const JobResult *results,
                double           over,
                const char      *lang)
{
  const char *currency = project->settings.currency;
  guint job_index = 0;
  double saving;
  const CpWhatIf *item = cheapest_alternative (project, results, &job_index, &saving);
  g_autoptr(GArray) one = NULL;
  g_autoptr(GPtrArray) words = NULL;
  g_autofree char *saved = NULL, *over_text = NULL;
  const CpJob *job;

  if (item == NULL)
    /* TRANSLATORS: after "over the budget by …": R6 already picks each job's cheapest option that meets it */
    return g_strdup (_("No cheaper option the plans know meets the jobs as stated: each job is at its cheapest option "
                       "already."));
  one = g_array_new (FALSE, FALSE, sizeof (CpWhatIf));
  g_array_append_vals (one, item, 1);
  words = cp_words_what_if (project, results[job_index].plan, one, lang);
  if (words->len == 0)
    return NULL;
  job = g_ptr_array_index (project->jobs, job_index);
  saved = cp_i18n_format_money_whole (round (saving), currency, lang);
  over_text = cp_i18n_format_money_whole (over, currency, lang);
  if (round (saving) >= over)
    /* TRANSLATORS: the cheapest way under the budget: the job, what would change its answer (a sentence),
     * what that saves, and how far over the budget the project is */
    return g_strdup_printf (_("Cheapest way under it the plans know, for %s: %s That saves %s, enough to cover the %s "
                              "over."), job->name, (const char *) g_ptr_array_index (words, 0), saved, over_text);
  /* TRANSLATORS: as "Cheapest way under it the plans know…", when the saving is less than the amount over the budget */
  return g_strdup_printf (_("Cheapest saving the plans know, for %s: %s That saves %s, short of the %s over."),
                          job->name, (const char *) g_ptr_array_index (words, 0), saved, over_text);
}

/* The amount covering the open answers that pass @approval's amount,
 * with its condition, against @budget (whole units): "If Cloud H800
 * bills at least a month: 118,580 CNY to approve, over the budget by
 * 58,580 CNY."; without a budget (@budget < 0), the
 * amount alone. NULL when no open answer passes the amount. */
static char *
cover_sentence (const CpProject        *project,
                JobResult              *results,
                const CpSchedule       *schedule,
                const CpApprovalAmount *approval,
                double                  budget,
                const char             *lang)
{
  const char *currency = project->settings.currency;
  g_autofree char *condition = NULL, *cover_text = NULL, *margin = NULL;
  double cover = cp_report_amount_covering_answers (project, results, schedule, approval, lang, &condition);

  if (!(cover > 0) || condition == NULL)
    return NULL;
  cover_text = cp_i18n_format_money_whole (cover, currency, lang);
  if (budget < 0)
    /* TRANSLATORS: the window's calendar tab, after the amount to approve: an open answer's condition ("Cloud H800 bills at least a month"), then the amount that would cover it */
    return g_strdup_printf (_("If %s: %s to approve."), condition, cover_text);
  margin = cp_i18n_format_money_whole (fabs (cover - budget), currency, lang);
  if (cover <= budget)
    /* TRANSLATORS: after the budget's sentence: an open answer's condition ("Cloud H800 bills at least a month"), the amount that would cover it, how much of the budget it leaves */
    return g_strdup_printf (_("If %s: %s to approve, still within the budget by %s."),
                            condition, cover_text, margin);
  /* TRANSLATORS: after the budget's sentence: an open answer's condition ("Cloud H800 bills at least a month"), the amount that would cover it, by how much it exceeds the budget */
  return g_strdup_printf (_("If %s: %s to approve, over the budget by %s."),
                          condition, cover_text, margin);
}

char *
cp_report_cover_text (const CpProject        *project,
                      JobResult              *results,
                      const CpSchedule       *schedule,
                      const CpApprovalAmount *approval,
                      const char             *lang)
{
  char *line;

  cp_i18n_push_language (lang);
  line = cover_sentence (project, results, schedule, approval, -1, lang);
  cp_i18n_pop_language ();
  return line;
}

char *
cp_report_budget_text (const CpProject        *project,
                       JobResult              *results,
                       const CpSchedule       *schedule,
                       const CpApprovalAmount *approval,
                       const char             *lang)
{
  const char *currency = project->settings.currency;
  /* Whole units, as page 1 prints the amount and the total: the figures
   * said here are the differences of the figures shown. */
  double budget = round (project->budget);
  double amount = round (approval->amount);
  double total = cp_report_schedule_shown_total (schedule);
  g_autofree char *budget_text = NULL, *amount_text = NULL, *total_text = NULL, *margin = NULL;
  g_autofree char *way = NULL, *line = NULL, *cover = NULL;

  if (!cp_project_has_budget (project))
    return NULL;
  cp_i18n_push_language (lang);
  budget_text = cp_i18n_format_money_whole (budget, currency, lang);
  amount_text = cp_i18n_format_money_whole (amount, currency, lang);
  total_text = cp_i18n_format_money_whole (total, currency, lang);
  if (amount <= budget)
    {
      margin = cp_i18n_format_money_whole (budget - amount, currency, lang);
      /* TRANSLATORS: the project's budget as the team stated it, by how much the amount to approve is under it,
       * and the amount */
      line = g_strdup_printf (_("Within the budget of %s by %s: the amount to approve, %s, fits in it."),
                              budget_text, margin, amount_text);
    }
  else if (total <= budget)
    {
      margin = cp_i18n_format_money_whole (amount - budget, currency, lang);
      way = way_under_text (project, results, amount - budget, lang);
      /* TRANSLATORS: the project's total, the budget as the team stated it, by how much the amount to approve
       * (the top of the range + contingency) exceeds the budget; then what would bring it under (a sentence) */
      line = g_strdup_printf (_("The total, %s, is within the budget of %s, but the amount to approve is over it by "
                                "%s. %s"), total_text, budget_text, margin, way != NULL ? way : "");
    }
  else
    {
      g_autofree char *amount_over = cp_i18n_format_money_whole (amount - budget, currency, lang);

      margin = cp_i18n_format_money_whole (total - budget, currency, lang);
      way = way_under_text (project, results, total - budget, lang);
      /* TRANSLATORS: the budget as the team stated it, by how much the project's total exceeds it, the total,
       * by how much the amount to approve exceeds it; then what would bring it under (a sentence) */
      line = g_strdup_printf (_("Over the budget of %s by %s at the total, %s (by %s at the amount to approve). %s"),
                              budget_text, margin, total_text, amount_over, way != NULL ? way : "");
    }
  g_strchomp (line);
  /* Every amount page 1 may ask for is judged: the one covering the
   * open answers too. */
  cover = cover_sentence (project, results, schedule, approval, budget, lang);
  if (cover != NULL)
    {
      char *both = g_strdup_printf (C_("two sentences", "%s %s"), line, cover);

      g_free (line);
      line = both;
    }
  cp_i18n_pop_language ();
  return g_steal_pointer (&line);
}
