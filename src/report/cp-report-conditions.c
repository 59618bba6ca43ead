/* cp-report-conditions.c: the open answers of a project's jobs gathered
 * by the vendor or team question each answers (cp_report_answer_conditions()):
 * one question, one amount, the jobs it moves named. Page 1's sentence
 * under the amount to approve, the signature's condition and the XML's
 * project-level conditions read them. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-memo.h"
#include "cp-report-sections.h"

/* The XML's id of each question an answer may answer. */
static const char *const answer_question_kinds[] = {
  [CP_ANSWER_QUESTION_BILLING] = "billing",
  [CP_ANSWER_QUESTION_UNSTATED_COSTS] = "unstated-costs",
  [CP_ANSWER_QUESTION_HOST_MEMORY] = "host-memory",
  [CP_ANSWER_QUESTION_WHOLE_OFFER] = "whole-offer",
  [CP_ANSWER_QUESTION_TEAM] = "team",
};

void
cp_report_answer_condition_free (CpReportAnswerCondition *condition)
{
  g_free (condition->condition);
  g_array_unref (condition->jobs);
  g_ptr_array_unref (condition->outcomes);
  g_array_unref (condition->extra_costs);
  g_ptr_array_unref (condition->provisos);
  g_free (condition);
}

/* Whether the memo's @question is put to the vendor of quote @quote_index
 * (-1: to any). */
static gboolean
question_asks_vendor (const CpProject        *project,
                      const CpReportQuestion *question,
                      int                     quote_index)
{
  if (quote_index < 0)
    return TRUE;
  for (guint q = 0; q < question->quotes->len; q++)
    if (g_strcmp0 (cp_report_vendor_name (project, g_array_index (question->quotes, int, q)),
                   cp_report_vendor_name (project, quote_index)) == 0)
      return TRUE;
  return FALSE;
}

/* The place, from 1, of the question of @questions (cp_report_questions())
 * that @asked answers; 0 when the list does not ask it. The billing and
 * the part of an offer rented alone are one line of it, the rental's
 * terms (its kinds "billing-unstated" and "part-of-offer"). */
static guint
question_number (const CpProject     *project,
                 GPtrArray           *questions,
                 const CpAnswerAsked *asked)
{
  for (guint i = 0; i < questions->len; i++)
    {
      const CpReportQuestion *question = g_ptr_array_index (questions, i);
      gboolean kind_matches;

      switch (asked->question)
        {
        case CP_ANSWER_QUESTION_BILLING:
        case CP_ANSWER_QUESTION_WHOLE_OFFER:
          kind_matches = g_strcmp0 (question->kind, "billing-unstated") == 0 ||
                         g_strcmp0 (question->kind, "part-of-offer") == 0;
          break;
        case CP_ANSWER_QUESTION_UNSTATED_COSTS:
          kind_matches = g_str_has_prefix (question->kind, "unstated-");
          break;
        case CP_ANSWER_QUESTION_HOST_MEMORY:
          kind_matches = g_strcmp0 (question->kind, "host-memory") == 0;
          break;
        case CP_ANSWER_QUESTION_TEAM:
          kind_matches = g_strcmp0 (question->kind, "team") == 0;
          break;
        default:
          kind_matches = FALSE;
          break;
        }
      if (kind_matches && question_asks_vendor (project, question, asked->quote_index))
        return i + 1;
    }
  return 0;
}

/* The condition of @conditions for @asked: the same line of the memo's
 * list about the same quote (the rental's line asks several vendors, each
 * answering for its own offer: the demo's two vendors were summed as
 * one), or when the list does not ask it, the same question about the
 * same quote; NULL when none is yet. */
static CpReportAnswerCondition *
find_condition (GPtrArray           *conditions,
                guint                number,
                const CpAnswerAsked *asked)
{
  for (guint i = 0; i < conditions->len; i++)
    {
      CpReportAnswerCondition *condition = g_ptr_array_index (conditions, i);

      if (condition->asked.quote_index == asked->quote_index &&
          (number > 0 ? condition->number == number
                      : condition->number == 0 && condition->asked.question == asked->question))
        return condition;
    }
  return NULL;
}

/* The top of job @job_index's band as its answer shows it
 * (cp_report_schedule_shown_range()). */
static double
shown_job_top (const CpSchedule *schedule,
               guint             job_index)
{
  return round (cp_schedule_job_cost_high (&g_array_index (schedule->jobs, CpScheduleJob, job_index)));
}

/* Adds job @job_index to @condition, with the option it then takes
 * (@outcome) and @extra_cost over its own top, once per job: a job two of
 * whose answers are one question keeps the dearer. */
static void
condition_add_job (CpReportAnswerCondition *condition,
                   guint                    job_index,
                   const char              *outcome,
                   double                   extra_cost)
{
  for (guint i = 0; i < condition->jobs->len; i++)
    if (g_array_index (condition->jobs, guint, i) == job_index)
      {
        double *extra = &g_array_index (condition->extra_costs, double, i);

        if (extra_cost > *extra)
          {
            *extra = extra_cost;
            g_free (g_ptr_array_index (condition->outcomes, i));
            g_ptr_array_index (condition->outcomes, i) = g_strdup (outcome);
          }
        return;
      }
  g_array_append_val (condition->jobs, job_index);
  g_array_append_val (condition->extra_costs, extra_cost);
  g_ptr_array_add (condition->outcomes, g_strdup (outcome));
}

static CpReportAnswerCondition *
condition_new (const CpAnswerAsked *asked,
               guint                number,
               const char          *words)
{
  CpReportAnswerCondition *condition = g_new0 (CpReportAnswerCondition, 1);

  condition->asked = *asked;
  condition->kind = answer_question_kinds[asked->question];
  condition->number = number;
  condition->condition = g_strdup (words);
  condition->jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  condition->outcomes = g_ptr_array_new_with_free_func (g_free);
  condition->extra_costs = g_array_new (FALSE, FALSE, sizeof (double));
  condition->provisos = g_ptr_array_new_with_free_func (g_free);
  return condition;
}

/* A vendor that bills a month at least bills every job rented from it
 * so, though a firm job's own month, within the amount alone, is not
 * listed among its answers (cp_report_open_answers()): each such job
 * of quote @quote_index not yet in @condition joins it at its month's
 * cost, where dearer than its top. */
static void
add_month_billed_jobs (CpReportAnswerCondition *condition,
                       const CpProject         *project,
                       JobResult               *results,
                       const CpSchedule        *schedule,
                       int                      quote_index,
                       const char              *lang)
{
  for (guint k = 0; k < project->jobs->len && k < schedule->jobs->len; k++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, k);
      const CpPlan *plan = results[k].plan;
      gboolean switches;
      double then_cost, extra;
      g_autofree char *outcome = NULL;

      if (!entry->planned || entry->quote_index != quote_index || plan == NULL || !(plan->month_minimum_cost > 0))
        continue;
      switches = plan->month_minimum_winner >= 0 && (guint) plan->month_minimum_winner < project->quotes->len;
      then_cost = switches ? plan->month_minimum_winner_cost : plan->month_minimum_cost;
      extra = round (then_cost) - shown_job_top (schedule, k);
      if (!(extra > 0))
        continue;
      if (switches)
        outcome = cp_report_option_at (project, plan->month_minimum_winner, then_cost, lang);
      else
        {
          g_autofree char *name = cp_words_quote_short_name (project, quote_index);
          g_autofree char *money = cp_i18n_format_money_whole (then_cost, project->settings.currency, lang);

          /* TRANSLATORS: page 1, an open answer's outcome when the choice stays: the recommended quote, its total cost then */
          outcome = g_strdup_printf (_("%s then costs %s"), name, money);
        }
      condition_add_job (condition, k, outcome, extra);
    }
}

/* Whether @condition comes before @other: in the order of the memo's
 * list, those it does not ask after. */
static int
compare_by_number (gconstpointer a,
                   gconstpointer b)
{
  const CpReportAnswerCondition *condition = *(CpReportAnswerCondition *const *) a;
  const CpReportAnswerCondition *other = *(CpReportAnswerCondition *const *) b;
  guint first = condition->number > 0 ? condition->number : G_MAXUINT;
  guint second = other->number > 0 ? other->number : G_MAXUINT;

  return first < second ? -1 : first > second;
}

GPtrArray *
cp_report_answer_conditions (const CpProject        *project,
                             JobResult              *results,
                             const CpSchedule       *schedule,
                             const CpApprovalAmount *approval,
                             const char             *lang)
{
  GPtrArray *conditions = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_report_answer_condition_free);
  g_autoptr(GPtrArray) questions = cp_report_questions (project, results, project->jobs->len, schedule, lang);

  for (guint j = 0; j < project->jobs->len && j < schedule->jobs->len; j++)
    {
      g_autoptr(GPtrArray) answers = NULL;

      if (!g_array_index (schedule->jobs, CpScheduleJob, j).planned)
        continue;
      answers = cp_report_open_answers (project, results, schedule, j, lang);
      for (guint a = 0; a < answers->len; a++)
        {
          const CpReportOpenAnswer *open = g_ptr_array_index (answers, a);
          /* The job at the top of the band of the option the answer leads
           * to, over its own top, as the amount takes each job at its top
           * (prices with VAT, as every quote is compared). An answer that
           * would make a job cheaper is not counted against another
           * job's: either may come alone. */
          double extra = MAX (round (MAX (open->cost_high, open->cost)) - shown_job_top (schedule, j), 0);

          /* R8's line says what to approve for its option (switch_amount_text()). */
          if (open->offered_by_r8)
            continue;
          for (guint q = 0; q < open->asked->len; q++)
            {
              const CpAnswerAsked *asked = &g_array_index (open->asked, CpAnswerAsked, q);
              guint number = question_number (project, questions, asked);
              CpReportAnswerCondition *condition = find_condition (conditions, number, asked);

              if (condition == NULL)
                {
                  condition = condition_new (asked, number, open->condition);
                  g_ptr_array_add (conditions, condition);
                }
              condition_add_job (condition, j, open->outcome, extra);
              for (guint p = 0; p < open->provisos->len; p++)
                if (!g_ptr_array_find_with_equal_func (condition->provisos, g_ptr_array_index (open->provisos, p),
                                                       g_str_equal, NULL))
                  g_ptr_array_add (condition->provisos, g_strdup (g_ptr_array_index (open->provisos, p)));
              if (asked->question == CP_ANSWER_QUESTION_BILLING && asked->quote_index >= 0)
                {
                  cp_i18n_push_language (lang);
                  add_month_billed_jobs (condition, project, results, schedule, asked->quote_index, lang);
                  cp_i18n_pop_language ();
                }
            }
        }
    }
  for (guint i = 0; i < conditions->len; i++)
    {
      CpReportAnswerCondition *condition = g_ptr_array_index (conditions, i);

      condition->top = approval->top_of_range;
      for (guint k = 0; k < condition->extra_costs->len; k++)
        condition->top += g_array_index (condition->extra_costs, double, k);
      condition->passes = condition->top > round (approval->amount);
    }
  g_ptr_array_sort (conditions, compare_by_number);
  return conditions;
}
