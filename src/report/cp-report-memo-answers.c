/* cp-report-memo-answers.c: the answers still to come from a vendor or
 * the team that would change a job's choice on page 1
 * (cp_report_open_answers_all()): each with the option it leads to, its
 * cost and the top of its band, answers leading to the same option said
 * once, and which of them answers what makes the choice not firm. Split
 * from cp-report-memo.c, which lists them under each job's answer. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-what-if.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-reason-text-private.h"
#include "cp-report-memo.h"
#include "cp-report-sections.h"

void
cp_report_open_answer_free (CpReportOpenAnswer *answer)
{
  g_free (answer->condition);
  g_free (answer->outcome);
  g_free (answer->subject);
  g_free (answer->predicate);
  g_ptr_array_unref (answer->provisos);
  g_array_unref (answer->asked);
  g_free (answer);
}

static void
add_open_answer (GPtrArray        *answers,
                 CpAnswerQuestion  question,
                 int               quote_index,
                 const char       *subject,
                 char             *predicate,
                 char             *outcome,
                 double            cost)
{
  CpReportOpenAnswer *answer = g_new0 (CpReportOpenAnswer, 1);
  CpAnswerAsked asked = { question, quote_index };

  answer->subject = g_strdup (subject);
  answer->predicate = predicate;
  answer->outcome = outcome;
  answer->cost = cost;
  answer->cost_high = cost;
  answer->month_minimum_quote = -1;
  answer->provisos = g_ptr_array_new_with_free_func (g_free);
  answer->asked = g_array_new (FALSE, FALSE, sizeof (CpAnswerAsked));
  g_array_append_val (answer->asked, asked);
  g_ptr_array_add (answers, answer);
}

/* Marks the last of @answers as answering what makes the choice not
 * firm when that is @field (cp_words_unconfirmed()'s, @doubt). */
static void
mark_doubt (GPtrArray  *answers,
            const char *doubt,
            const char *field)
{
  CpReportOpenAnswer *answer = g_ptr_array_index (answers, answers->len - 1);

  answer->answers_doubt = g_strcmp0 (doubt, field) == 0;
}

/* The top of the band of the option the last of @answers leads to, on
 * @quote_index: its cost at the spread of @plan's best option on that
 * quote, as the amount to approve takes each job at the top of its band
 * (walk36 X11: "or approve 99,035 CNY" added 18,032 CNY where that
 * option's band reached 22,736). */
static void
set_band_top (GPtrArray    *answers,
              const CpPlan *plan,
              int           quote_index)
{
  CpReportOpenAnswer *answer = g_ptr_array_index (answers, answers->len - 1);
  const CpOption *best = NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == quote_index && option->feasible && !option->ruled_out &&
          (best == NULL || option->rank < best->rank))
        best = option;
    }
  if (best != NULL && best->estimate.total_cost > 0)
    answer->cost_high = MAX (answer->cost, answer->cost * best->range.total_cost_high / best->estimate.total_cost);
}

char *
cp_report_option_at (const CpProject *project,
                     int              quote_index,
                     double           cost,
                     const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, quote_index);
  g_autofree char *name = cp_words_quote_short_name (project, quote_index);
  g_autofree char *money = cp_i18n_format_money_whole (cost, quote->currency, lang);

  /* TRANSLATORS: page 1, an open answer's outcome: the quote then chosen, its total cost */
  return g_strdup_printf (_("%s at %s"), name, money);
}

/* The best ranked option that runs the job on another quote than
 * @quote_index: what the job takes if that quote's answer rules it out. */
static const CpOption *
best_elsewhere (const CpPlan *plan,
                int           quote_index)
{
  const CpOption *best = NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index != quote_index && option->feasible && !option->ruled_out && option->estimate.fits &&
          (best == NULL || option->rank < best->rank))
        best = option;
    }
  return best;
}

/* The vendors whose @plan reasons of @outcome ask them, "A and B". */
static char *
vendors_of_outcome (const CpProject *project,
                    const CpPlan    *plan,
                    CpOutcome        outcome)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      const char *vendor;

      if (reason->outcome != outcome || reason->quote_index < 0 || (guint) reason->quote_index >= project->quotes->len)
        continue;
      vendor = cp_report_vendor_name (project, reason->quote_index);
      /* A vendor with two quotes is asked once. */
      if (!g_ptr_array_find_with_equal_func (names, vendor, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer) vendor);
    }
  return cp_words_join_names (names);
}

/* Joins into each answer of @answers the later ones that lead to the same
 * option (and, with @same_subject, are of the same vendor), their text
 * (CpReportOpenAnswer.predicate, or .condition) after its own, and drops
 * them. */
static void
join_same_outcomes (GPtrArray *answers,
                    gboolean   same_subject)
{
  for (guint i = 0; i < answers->len; i++)
    {
      CpReportOpenAnswer *first = g_ptr_array_index (answers, i);
      char **text = same_subject ? &first->predicate : &first->condition;

      for (guint k = i + 1; k < answers->len;)
        {
          CpReportOpenAnswer *other = g_ptr_array_index (answers, k);
          char *both;

          if (g_strcmp0 (first->outcome, other->outcome) != 0 ||
              (same_subject && g_strcmp0 (first->subject, other->subject) != 0))
            {
              k++;
              continue;
            }
          /* TRANSLATORS: page 1, two open answers that lead to the same option: "bills a month at least, or has less than …" */
          both = g_strdup_printf (C_("open answers", "%s, or %s"), *text,
                                  same_subject ? other->predicate : other->condition);
          g_free (*text);
          *text = both;
          /* Either answer may come: the dearer reading stays. */
          first->cost_high = MAX (first->cost_high, other->cost_high);
          first->answers_doubt |= other->answers_doubt;
          if (first->month_minimum_quote < 0)
            first->month_minimum_quote = other->month_minimum_quote;
          /* Either answer may come, so a signature rests on the
           * contrary of both: the part of an offer rented alone was lost
           * beside the hourly billing it was joined to (issue 22). */
          for (guint p = 0; p < other->provisos->len; p++)
            if (!g_ptr_array_find_with_equal_func (first->provisos, g_ptr_array_index (other->provisos, p),
                                                   g_str_equal, NULL))
              g_ptr_array_add (first->provisos, g_strdup (g_ptr_array_index (other->provisos, p)));
          /* And it answers the questions of both. */
          g_array_append_vals (first->asked, other->asked->data, other->asked->len);
          g_ptr_array_remove_index (answers, k);
        }
    }
}

/* @answers that lead to the same option said once, their answers joined,
 * one vendor's under its name once: "If G bills at least a month, or has
 * less than 1,043 GiB of host memory a machine: E at 10,669 CNY." (the demo's 70B
 * job had four lines ending in the same option, and its memo passed its
 * second page). */
static void
merge_same_outcomes (GPtrArray *answers)
{
  /* One vendor's answers under its name once. */
  join_same_outcomes (answers, TRUE);
  /* Each answer's words: whom it is of, then what. */
  for (guint i = 0; i < answers->len; i++)
    {
      CpReportOpenAnswer *answer = g_ptr_array_index (answers, i);

      /* TRANSLATORS: page 1, an open answer: whom it is of ("Beijing Yunsuan", "the team"), what it says of them ("bills by the hour with no minimum term") */
      answer->condition = g_strdup_printf (C_("open answer", "%s %s"), answer->subject, answer->predicate);
    }
  /* Then those of others that lead to the same option, said once too. */
  join_same_outcomes (answers, FALSE);
}

GPtrArray *
cp_report_open_answers_all (const CpProject *project,
                            const JobResult *result,
                            const char      *lang)
{
  GPtrArray *answers = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_report_open_answer_free);
  const CpPlan *plan = result->plan;
  const CpOption *option;
  const CpQuote *quote;
  g_autofree char *unconfirmed = NULL;
  /* What makes the choice not firm, which the answer to it is marked as
   * answering (cp_words_unconfirmed()'s field). */
  const char *doubt = NULL;
  const char *vendor;
  /* A signature's condition names the quote where its vendor has more
   * than one: "Cloud bills by the hour" would bind both. */
  g_autofree char *quote_named = NULL;

  if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return answers;
  option = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  vendor = cp_report_vendor_name (project, option->quote_index);
  quote_named = cp_words_quote_short_name (project, option->quote_index);
  unconfirmed = cp_words_unconfirmed (project, plan, lang, &doubt);
  /* A firm verdict has one answer that may change it: its own hourly
   * price billed a month at least, when another quote then wins (approver
   * 34, B1: "the choice holds" at 2,585 CNY, Shanghai Suanli's 45,000 CNY
   * with a month's minimum at Beijing Yunsuan, which page 1 asked), or
   * when the month takes the project past the amount, with the vendor's
   * other jobs billed so too (walk36b Z4: a 720-h service on the quote
   * whose 4-h job's month passed the amount said "the choice holds").
   * cp_report_open_answers() keeps it only then. */
  if (unconfirmed == NULL && plan->month_minimum_winner < 0 && !(plan->month_minimum_cost > 0))
    return answers;
  cp_i18n_push_language (lang);
  /* The other way too: the recommended total reads its own hourly price
   * as billed by the hour (approver 33, A27). The next option if it is
   * then cheaper, else the same one dearer: either may pass the amount to
   * approve (the planner's figures, as the window's and the CLI's). */
  if (plan->month_minimum_cost > 0)
    {
      gboolean switches = plan->month_minimum_winner >= 0 && (guint) plan->month_minimum_winner < project->quotes->len;
      int then_quote = switches ? plan->month_minimum_winner : option->quote_index;
      double then_cost = switches ? plan->month_minimum_winner_cost : plan->month_minimum_cost;
      g_autofree char *name = cp_words_quote_short_name (project, then_quote);
      g_autofree char *money = cp_i18n_format_money_whole (then_cost, quote->currency, lang);
      CpReportOpenAnswer *answer;

      add_open_answer (answers, CP_ANSWER_QUESTION_BILLING, option->quote_index,
                       /* TRANSLATORS: page 1, an open answer that changes the choice: the recommended quote's vendor */
                       vendor, g_strdup (_("bills at least a month")),
                       switches ? cp_report_option_at (project, then_quote, then_cost, lang)
                       /* TRANSLATORS: page 1, an open answer's outcome when the choice stays: the recommended quote, its total cost then */
                       : g_strdup_printf (_("%s then costs %s"), name, money),
                       then_cost);
      /* Billed a month, the recommended option's cost is the month's
       * whatever its run takes; another quote's keeps its band. */
      if (switches)
        set_band_top (answers, plan, then_quote);
      answer = g_ptr_array_index (answers, answers->len - 1);
      answer->month_minimum_quote = option->quote_index;
      /* TRANSLATORS: the condition a signature carries when an answer to come would pass the amount: the recommended vendor, then "bills by the hour with no minimum term" */
      g_ptr_array_add (answer->provisos,
                       g_strdup_printf (C_("open answer", "%s %s"), quote_named, _("bills by the hour with no minimum term")));
    }
  if (unconfirmed == NULL)
    {
      merge_same_outcomes (answers);
      for (guint a = 0; a < answers->len; a++)
        ((CpReportOpenAnswer *) g_ptr_array_index (answers, a))->of_firm_choice = TRUE;
      cp_i18n_pop_language ();
      return answers;
    }
  if (plan->unstated_costs_winner >= 0 && (guint) plan->unstated_costs_winner < project->quotes->len)
    {
      CpUnstatedCost costs = cp_words_unstated_of_quote (plan, option->quote_index);
      g_autofree char *asked = costs != 0 ? g_strdup (vendor)
                               : vendors_of_outcome (project, plan, CP_OUTCOME_ASK_UNSTATED_COSTS);
      const char *what = (costs & CP_UNSTATED_STORAGE_PRICE) && !(costs & CP_UNSTATED_NETWORK_FEE)
                         /* TRANSLATORS: page 1, an open answer that changes the choice: the vendor whose quote leaves its storage price out */
                         ? _("prices storage as dearly as another quote")
                         : (costs & CP_UNSTATED_NETWORK_FEE) && !(costs & CP_UNSTATED_STORAGE_PRICE)
                         /* TRANSLATORS: page 1, an open answer that changes the choice: the vendor whose quote leaves its network fee out */
                         ? _("prices the network as dearly as another quote")
                         /* TRANSLATORS: page 1, an open answer that changes the choice: the vendors whose quotes leave storage or network prices out */
                         : _("price storage and the network as dearly as another quote");

      add_open_answer (answers, CP_ANSWER_QUESTION_UNSTATED_COSTS, option->quote_index,
                       *asked != '\0' ? asked : vendor, g_strdup (what),
                       cp_report_option_at (project, plan->unstated_costs_winner, plan->unstated_costs_winner_cost, lang),
                       plan->unstated_costs_winner_cost);
      set_band_top (answers, plan, plan->unstated_costs_winner);
      mark_doubt (answers, doubt, "unstated-costs");
    }
  /* Host memory the quote does not state: without it, the job goes to
   * another quote. */
  if (option->estimate.host_memory_per_node_bytes > 0 && !(quote->host_memory_per_node_bytes > 0))
    {
      const CpOption *other = best_elsewhere (plan, option->quote_index);
      g_autofree char *need = cp_reason_host_memory_text (project, option->estimate.host_memory_per_node_bytes, lang);

      if (other != NULL)
        {
          add_open_answer (answers, CP_ANSWER_QUESTION_HOST_MEMORY, option->quote_index,
                           /* TRANSLATORS: page 1, an open answer that changes the choice: the vendor, the host memory a machine needs */
                           vendor, g_strdup_printf (_("has under %s of host memory a machine"), need),
                           cp_report_option_at (project, other->quote_index, other->estimate.total_cost, lang),
                           other->estimate.total_cost);
          set_band_top (answers, plan, other->quote_index);
          mark_doubt (answers, doubt, "host-memory");
        }
    }
  /* Part of an offer rented alone, every quote then counted whole
   * (cp_plan_whole_offer_winner()). */
  {
    double whole_cost = 0;
    const CpOption *whole_winner = cp_plan_whole_offer_winner (project, plan, &whole_cost);

    if (whole_winner != NULL)
      {
        g_autofree char *offered = cp_i18n_format_number (quote->nodes_available, 0, lang);
        g_autofree char *rented = cp_i18n_format_number (MAX (option->estimate.nodes, 1), 0, lang);
        CpReportOpenAnswer *answer;

        add_open_answer (answers, CP_ANSWER_QUESTION_WHOLE_OFFER, option->quote_index,
                         /* TRANSLATORS: page 1, an open answer that changes the choice: the vendor, the machines it offers */
                         vendor, g_strdup_printf (_("rents only the whole offer of %s machines"), offered),
                         cp_report_option_at (project, whole_winner->quote_index, whole_cost, lang), whole_cost);
        set_band_top (answers, plan, whole_winner->quote_index);
        /* The signature rests on it as on the billing: "provided CloudA
         * bills by the hour with no minimum term" alone signed a part of
         * an offer the vendor may not rent (issue 22). */
        answer = g_ptr_array_index (answers, answers->len - 1);
        g_ptr_array_add (answer->provisos,
                         /* TRANSLATORS: the condition a signature carries when an answer to come would pass the amount: the recommended vendor, the machines the choice rents, the machines it offers ("CloudA rents 1 of its 4 machines alone") */
                         g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s rents %s of its %s machine alone",
                                                     "%s rents %s of its %s machines alone", quote->nodes_available),
                                          quote_named, rented, offered));
        mark_doubt (answers, doubt, "part-of-offer");
      }
  }
  /* The team assumed without an operations engineer, for whom R8 offers a
   * hosted option instead of the bare metal recommended, is page 1's R8
   * line, with what to approve for it (switch_amount_text()). */
  for (guint i = 0; result->what_if != NULL && i < result->what_if->len; i++)
    {
      const CpWhatIf *item = &g_array_index (result->what_if, CpWhatIf, i);
      g_autofree char *at = NULL, *machines = NULL;

      if (item->kind != CP_WHAT_IF_TEAM_EXPERIENCE || item->quote_index < 0 ||
          (guint) item->quote_index >= project->quotes->len)
        continue;
      at = cp_report_option_at (project, item->quote_index, item->estimate.total_cost, lang);
      machines = cp_i18n_format_number (MAX (item->estimate.nodes, 1), 0, lang);
      add_open_answer (answers, CP_ANSWER_QUESTION_TEAM, -1,
                       /* TRANSLATORS: page 1, an open answer that changes the choice (rule R8) */
                       /* TRANSLATORS: page 1, whom an open answer is of, as "the team has run distributed training before" */
                       _("the team"), g_strdup (_("has run distributed training before")),
                       /* TRANSLATORS: page 1, an open answer's outcome: the quote then chosen and its cost ("Shanghai Suanli at 8,146 CNY"), the machines it rents */
                       g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s, on %s machine", "%s, on %s machines",
                                                   MAX (item->estimate.nodes, 1)), at, machines),
                       item->estimate.total_cost);
      mark_doubt (answers, doubt, "team");
    }
  merge_same_outcomes (answers);
  {
    /* R8's line says what to approve for its option (switch_amount_text()). */
    const CpOption *hosted = cp_report_operations_switch (project, plan);
    g_autofree char *hosted_at = hosted != NULL ? cp_report_option_at (project, hosted->quote_index, hosted->estimate.total_cost, lang)
                                 : NULL;

    for (guint a = 0; a < answers->len; a++)
      {
        CpReportOpenAnswer *open = g_ptr_array_index (answers, a);

        open->offered_by_r8 = g_strcmp0 (open->outcome, hosted_at) == 0;
      }
  }
  cp_i18n_pop_language ();
  return answers;
}
