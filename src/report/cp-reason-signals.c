/* cp-reason-signals.c: the reasons of rules R7 to R9: the signals
 * for a cluster, migration and the trial run. */
#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

static gboolean
is_bare_metal (const CpProject *project,
               int              quote_index)
{
  const CpQuote *quote;

  if (quote_index < 0 || (guint) quote_index >= project->quotes->len)
    return FALSE;
  quote = g_ptr_array_index (project->quotes, quote_index);
  return quote->offering == CP_OFFERING_BARE_METAL || quote->offering == CP_OFFERING_BARE_METAL_CLUSTER;
}

/* R8's "prefer hosted" fired: the plan recommends bare metal to a team
 * without an operations engineer. */
static gboolean
prefer_hosted_fired (const CpPlan *plan)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    if (g_array_index (plan->reasons, CpReason, i).outcome == CP_OUTCOME_PREFER_HOSTED)
      return TRUE;
  return FALSE;
}

/* R8 fires when the option ranked first is bare metal and the team has no
 * operations engineer. The source article prefers hosted machines or
 * container platforms then; the ranking weighs cost and deadline only, so
 * the sentence says why bare metal still came first (the best hosted or
 * container option costs more, or none is feasible) and what to arrange,
 * rather than advising against the verdict it sits under. */
static char *
prefer_hosted_text (const CpReason  *reason,
                    const CpProject *project,
                    const CpPlan    *plan,
                    const char      *lang)
{
  g_autofree char *chosen = cp_words_quote_name (project, reason->quote_index);
  const CpOption *subject = NULL, *hosted = NULL;
  guint n_hosted = 0;
  const CpQuote *quote = reason->quote_index >= 0 && (guint) reason->quote_index < project->quotes->len
                         ? g_ptr_array_index (project->quotes, reason->quote_index) : NULL;

  /* A quote that gives operations support has answered R8: "arrange
   * operations support" beside a quote that includes it read as if
   * nobody had read the quote (walk35 R8). */
  if (quote != NULL && cp_quote_ops_support_terms (quote) == CP_FEE_INCLUDED)
    /* TRANSLATORS: R8; the recommended quote, bare metal, whose price includes operations support */
    return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, and its quote includes operations support: the vendor runs the machines."), chosen);
  if (quote != NULL && cp_quote_ops_support_terms (quote) == CP_FEE_STATED)
    {
      g_autofree char *fee = cp_i18n_format_money_whole (quote->ops_support_fee_per_month, quote->currency, lang);

      /* TRANSLATORS: R8; the recommended quote, bare metal, then the operations support it states, a month */
      return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, and its vendor runs the machines for %s a month, counted in its cost."), chosen, fee);
    }

  for (guint i = 0; plan != NULL && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (!is_bare_metal (project, option->quote_index))
        n_hosted++;
      if (option->quote_index == reason->quote_index)
        subject = option;
      else if (option->feasible && !option->ruled_out && !is_bare_metal (project, option->quote_index) &&
               (hosted == NULL || option->rank < hosted->rank))
        hosted = option;
    }

  if (n_hosted == 0)
    /* TRANSLATORS: R8; the recommended quote, bare metal */
    return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, and no quote offers hosted machines or a container platform. Before renting it, arrange who will run the machines: ask the vendor for operations support, or ask other vendors for a hosted quote."), chosen);
  if (hosted == NULL || subject == NULL)
    /* TRANSLATORS: R8; the recommended quote, bare metal */
    return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, yet none of the hosted or container quotes can do this job within its memory and deadline. Before renting it, arrange who will run the machines: ask the vendor for operations support, or hire it."), chosen);

  {
    const char *currency = cp_reason_currency (project, reason->quote_index);
    g_autofree char *other = cp_words_quote_name (project, hosted->quote_index);
    g_autofree char *other_cost = cp_i18n_format_money_whole (hosted->estimate.total_cost, currency, lang);
    /* The difference of the two totals as printed, so that it adds up. */
    g_autofree char *more = cp_i18n_format_money_whole (round (hosted->estimate.total_cost) - round (subject->estimate.total_cost),
                                                  currency, lang);

    if (plan->cost_unknown)
      /* TRANSLATORS: R8; the recommended quote (bare metal), the best hosted or container quote, ranked lower; no quote has a price */
      return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, recommended over the best hosted or container option, %s, which ranks lower. Take %s instead if no one can run the machines, or ask the vendor for operations support."), chosen, other, other);
    /* TRANSLATORS: R8; the recommended quote (bare metal), the best hosted or container quote, its total cost, how much more that is */
    return g_strdup_printf (_("The team has no operations engineer, and planning rule R8 prefers hosted machines or container platforms over bare metal; %s is bare metal, recommended because the best hosted or container option, %s, costs %s, %s more. Take it instead if no one can run the machines, or ask the vendor for operations support."), chosen, other, other_cost, more);
  }
}

/* Whether the plan is a service's: only a service's has R3's reasons. */
static gboolean
plan_serves (const CpPlan *plan)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    if (g_array_index (plan->reasons, CpReason, i).rule == CP_RULE_R3_INFERENCE_CONCURRENCY)
      return TRUE;
  return FALSE;
}

/* Whether R4 keeps the job on one machine (development or data work):
 * the plan then tries no cluster, whatever the quotes offer. */
static gboolean
plan_is_single_machine_work (const CpPlan *plan)
{
  for (guint i = 0; i < plan->reasons->len; i++)
    if (g_array_index (plan->reasons, CpReason, i).outcome == CP_OUTCOME_SINGLE_MACHINE_WORK)
      return TRUE;
  return FALSE;
}

/* Whether the plan weighed a cluster: an option on several nodes, or a
 * cluster quote's whole offer beside its fewer nodes. "No cluster costs
 * less" was said where every multi-node quote had no network between its
 * machines and no cluster was tried (walk41b F1). */
static gboolean
plan_weighs_a_cluster (const CpPlan *plan)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->estimate.nodes > 1 || option->has_full_offer)
        return TRUE;
    }
  return FALSE;
}

/* An R8 sentence about a team nobody described (CpPlan.team_assumed):
 * said as the assumption it is (page 1 asks the team), so that "the team has no
 * operations engineer" is never read as something the user said. Takes
 * @text. */
static char *
team_assumed_text (const CpPlan *plan,
                   char         *text)
{
  char *said;

  if (plan == NULL || !plan->team_assumed)
    return text;
  /* TRANSLATORS: an R8 reason (a sentence) about the team, when the job does not say what the team knows: the figures use the planner's assumption */
  said = g_strdup_printf (_("Assumed (the job does not describe the team): %s"), text);
  g_free (text);
  return said;
}

/* @text of R8's "prefer hosted", followed, where the quote does not state
 * its kind of offer, by the assumption it rests on: the bare metal is the
 * app's, not the vendor's word (read37 F4). Takes @text. */
static char *
offering_assumed_text (const CpReason  *reason,
                       const CpProject *project,
                       char            *text)
{
  const CpQuote *quote;
  char *said;

  if (reason->quote_index < 0 || (guint) reason->quote_index >= project->quotes->len)
    return text;
  quote = g_ptr_array_index (project->quotes, reason->quote_index);
  if (quote->offering_stated)
    return text;
  /* TRANSLATORS: after R8's sentence on bare metal, when the quote does not say it is bare metal */
  said = g_strdup_printf (_("%s That it is bare metal is assumed: its quote does not state its kind of offer."), text);
  g_free (text);
  return said;
}

char *
cp_words_team_assumed_prefix (void)
{
  return g_strdup_printf (_("Assumed (the job does not describe the team): %s"), "");
}

char *
cp_reason_text_signals (const CpReason  *reason,
                        const CpProject *project,
                        const CpPlan    *plan,
                        const char      *lang)
{
  const double *v = reason->values;
  const char *currency = cp_reason_currency (project, reason->quote_index);
  g_autofree char *a = NULL, *b = NULL;

  switch (reason->outcome)
    {
    case CP_OUTCOME_SIGNAL_MEMORY:
      a = cp_reason_ratio_text (v[0], lang);
      return g_strdup_printf (_("Memory is still short after every technique (%s the memory of one machine)."), a);

    case CP_OUTCOME_SIGNAL_DEADLINE:
      /* "takes 0.3 days, past the deadline of 0.3 days" for 0.33: the
       * figures shown so that they read as late (walk36 F2). */
      cp_words_finish_and_deadline (v[0], v[1], lang, &a, &b);
      {
        /* The machine named: the fastest single machine may be one node
         * of a cluster offer, in no table of single machines, and "a
         * single machine takes 110.5 days" matched none (approver 21). */
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        /* TRANSLATORS: R7; the quote whose one machine is the fastest single machine, its days, the deadline */
        return g_strdup_printf (_("On one machine of %s, the fastest single machine quoted, the job takes %s, past the deadline of %s."),
                                name, a, b);
      }

    case CP_OUTCOME_SIGNAL_CONCURRENCY:
      a = cp_i18n_format_number (v[0], 0, lang);
      b = cp_i18n_format_number (v[1], 0, lang);
      return g_strdup_printf (_("The target of %s concurrent requests exceeds the %s one machine can serve."), a, b);

    case CP_OUTCOME_SIGNAL_PREMIUM:
      {
        /* The machine is the best single one of any quote, a cluster's
         * own node included: named as what it is, not "a bigger single
         * machine" (walkthrough 20: it was the recommended cluster's
         * quote cut to one node). */
        int machine = (int) v[2];
        g_autofree char *name = cp_words_quote_short_name (project, machine);

        a = cp_i18n_format_money_whole (v[0], currency, lang);
        b = cp_i18n_format_money_whole (v[1], currency, lang);
        if (machine == reason->quote_index)
          /* TRANSLATORS: R7; the recommended cluster's quote, its cost on one machine, the cluster's cost */
          return g_strdup_printf (_("%s on one machine costs %s, more than the %s of its cluster."), name, a, b);
        /* TRANSLATORS: R7; the quote of the cheapest single machine, its cost, the cluster's cost */
        return g_strdup_printf (_("The cheapest single machine, %s, costs %s, more than the %s of a cluster."), name, a, b);
      }

    case CP_OUTCOME_NO_SIGNAL:
      /* What the rule found, said as facts of this job: the four signals
       * listed after "None … is present:" read as if they were present
       * (issue 22), and "the four signals" alone named none (approver,
       * 3 December). The rule judges the best single machine of all the
       * quotes: it fits, is done in time and, for a service, serves the
       * requests asked (cp-plan.c, reason_signals()). */
      if (plan == NULL || plan->options->len == 0)
        /* TRANSLATORS: R7 when no quote was compared */
        return g_strdup (_("Not weighed: no quote was compared."));
      /* R4 keeps development and data work on one machine whatever the
       * quotes offer: "no quote offers nodes with a network" was false
       * beside a Quotes table of InfiniBand clusters (read37 F8). */
      if (!plan_weighs_a_cluster (plan) && plan_is_single_machine_work (plan))
        /* TRANSLATORS: R7, for development or data-processing work, which rule R4 keeps on one machine */
        return g_strdup (_("None is present: one machine holds the job in memory and finishes it in time. No cluster was compared: development and data processing run on one machine (R4)."));
      if (!plan_weighs_a_cluster (plan))
        return g_strdup (plan_serves (plan)
                         /* TRANSLATORS: R7, a service, when no quote offers a cluster the plan could weigh */
                         ? _("None is present: one machine holds the model, serves the concurrent requests asked and is ready in time. No cluster was compared: no quote offers nodes with a network between them whose cards and rate are known.")
                         /* TRANSLATORS: R7, when no quote offers a cluster the plan could weigh */
                         : _("None is present: one machine holds the job in memory and finishes it in time. No cluster was compared: no quote offers nodes with a network between them whose cards and rate are known."));
      if (plan_serves (plan))
        return g_strdup (plan->cost_unknown
                         /* TRANSLATORS: R7, a service, no quote has a price */
                         ? _("None is present: one machine holds the model, serves the concurrent requests asked and is ready in time.")
                         /* TRANSLATORS: R7, a service */
                         : _("None is present: one machine holds the model, serves the concurrent requests asked and is ready in time, and no cluster costs less."));
      return g_strdup (plan->cost_unknown
                       /* TRANSLATORS: R7, no quote has a price */
                       ? _("None is present: one machine holds the job in memory and finishes it in time.")
                       /* TRANSLATORS: R7 */
                       : _("None is present: one machine holds the job in memory and finishes it in time, and no cluster costs less."));

    case CP_OUTCOME_SIGNAL_TRAINING_TIME:
      a = cp_i18n_format_days (v[0], lang);
      b = cp_i18n_format_days (v[1], lang);
      return g_strdup_printf (_("On the best single machine the run takes %s, longer than the longest acceptable run of %s (there is no deadline)."), a, b);

    case CP_OUTCOME_MIGRATION_COUNTED:
      {
        /* The money is the team's working days, not the calendar's: said
         * with the working week, so that days × engineers × day cost
         * checks by hand (10.5 days read as 42,000 where the report
         * counted 30,000; walkthrough 10). */
        double per_week = project->settings.working_days_per_week;
        double working_days = v[0] * per_week / 7.0;
        g_autofree char *working = cp_i18n_format_number (working_days, fabs (working_days - round (working_days)) < 0.05 ? 0 : 1, lang);
        g_autofree char *week = cp_i18n_format_value (per_week, lang);
        g_autofree char *team_day = cp_i18n_format_money (working_days > 0 ? v[1] / working_days : 0,
                                                                currency, lang);

        a = cp_i18n_format_days (v[0], lang);
        b = cp_i18n_format_money_whole (v[1], currency, lang);
        /* TRANSLATORS: R8; calendar days, their cost, the working days in them, working days a week, the team's cost a working day */
        return team_assumed_text (plan, g_strdup_printf (_("The team has no distributed-training experience: moving to a cluster costs about %s of migration and debugging, counted as %s: %s working days (%s a week) at %s a day for the team."),
                                a, b, working, week, team_day));
      }

    case CP_OUTCOME_MIGRATION_NONE:
      /* Experience the team gains on an earlier job's cluster is not
       * the user's word: said where it comes from (seq42: "the team has
       * distributed-training experience" for a team never said to). */
      if (v[0] >= 0 && v[0] < project->jobs->len)
        /* TRANSLATORS: R8; the earlier job in which the team first runs on a cluster */
        return g_strdup_printf (_("The team moves to a cluster in %s, before this one: no migration time is counted."),
                                ((const CpJob *) g_ptr_array_index (project->jobs, (guint) v[0]))->name);
      return team_assumed_text (plan, g_strdup (_("The team has distributed-training experience: no migration time is counted.")));

    case CP_OUTCOME_PREFER_HOSTED:
      return team_assumed_text (plan, offering_assumed_text (reason, project, prefer_hosted_text (reason, project, plan, lang)));

    case CP_OUTCOME_TRIAL_USED:
      return cp_reason_trial_text (reason, project, lang);

    case CP_OUTCOME_TRIAL_MISSING:
      return g_strdup (_("No trial run is entered: start with a short run on one machine and enter its peak memory, step time and communication share to replace the defaults."));

    default:
      break;
    }
  return NULL;
}

char *
cp_words_migration_assumed (const CpJob      *job,
                            const CpEstimate *est,
                            const char       *lang)
{
  g_autofree char *days = NULL;
  char *text;

  /* A team the user described carries its own migration: nothing here
   * rests on the app's word. */
  if (job == NULL || est == NULL || job->team_stated || !(est->migration_days > 0))
    return NULL;
  cp_i18n_push_language (lang);
  days = cp_i18n_format_days (est->migration_days, lang);
  /* Said as what to find out: the approver reading the report has no
   * app and no "Team rows" to fill in (read37 F11). */
  /* TRANSLATORS: R8; the migration's calendar days, counted for a team nobody described */
  text = g_strdup_printf (_("Its %s of migration assume a team new to distributed training (R8): ask the team lead whether it is."),
                          days);
  cp_i18n_pop_language ();
  return text;
}

gboolean
cp_words_rests_on_team (const CpProject *project,
                        const CpPlan    *plan)
{
  return cp_words_team_questions (project, plan) != CP_TEAM_QUESTION_NONE;
}

CpTeamQuestions
cp_words_team_questions (const CpProject *project,
                         const CpPlan    *plan)
{
  const CpOption *chosen;
  CpTeamQuestions questions = CP_TEAM_QUESTION_NONE;

  if (plan == NULL || !plan->team_assumed || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return CP_TEAM_QUESTION_NONE;
  chosen = &g_array_index (plan->options, CpOption, plan->recommended);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      if ((int) i == plan->recommended || !e->fits || option->ruled_out)
        continue;
      /* Bare metal with nobody to run it (R8): a feasible hosted or
       * container option is what the team would take instead. */
      if (is_bare_metal (project, chosen->quote_index) && !is_bare_metal (project, option->quote_index) &&
          option->feasible && prefer_hosted_fired (plan))
        questions |= CP_TEAM_QUESTION_OPERATIONS;
      /* A cluster charged the migration of a team new to distributed
       * training (cp-estimate-cost.c: its only money is engineering_cost,
       * its only days migration_days) that would cost less than the
       * choice without it. Whether it would then meet the deadline is
       * not known here, so one that misses it counts too: the doubt is
       * said, not hidden. */
      if (!plan->cost_unknown && e->migration_days > 0 &&
          e->total_cost - e->engineering_cost < chosen->estimate.total_cost)
        questions |= CP_TEAM_QUESTION_EXPERIENCE;
    }
  return questions;
}

/* R8's point for page 1, in one line: who runs the machines. The reasons
 * say it at length (prefer_hosted_text()); an approver signing page 1
 * must see that the bare metal recommended needs someone to run it. */
char *
cp_words_operations (const CpProject *project,
                     const CpPlan    *plan,
                     const char      *lang)
{
  const CpReason *fired = NULL;
  const CpOption *hosted = NULL, *subject = NULL;
  g_autofree char *chosen = NULL;
  char *text;

  for (guint i = 0; plan != NULL && i < plan->reasons->len && fired == NULL; i++)
    if (g_array_index (plan->reasons, CpReason, i).outcome == CP_OUTCOME_PREFER_HOSTED)
      fired = &g_array_index (plan->reasons, CpReason, i);
  /* Nothing to arrange when the quote gives operations support. */
  if (fired == NULL || cp_quote_ops_support_terms (g_ptr_array_index (project->quotes, fired->quote_index)) != CP_FEE_NOT_STATED)
    return NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == fired->quote_index)
        subject = option;
      else if (option->feasible && !option->ruled_out && !is_bare_metal (project, option->quote_index) &&
               (hosted == NULL || option->rank < hosted->rank))
        hosted = option;
    }

  cp_i18n_push_language (lang);
  chosen = cp_words_quote_name (project, fired->quote_index);
  if (hosted != NULL && subject != NULL && !plan->cost_unknown)
    {
      const char *currency = cp_reason_currency (project, fired->quote_index);
      g_autofree char *other = cp_words_quote_short_name (project, hosted->quote_index);
      g_autofree char *more = cp_i18n_format_money_whole (round (hosted->estimate.total_cost) - round (subject->estimate.total_cost),
                                                    currency, lang);

      text = plan->team_assumed
             /* TRANSLATORS: page 1, rule R8 in one line, the team not described; the best hosted or container quote, how much more it costs */
             ? g_strdup_printf (_("Who runs it (R8): no operations engineer for bare metal is assumed, as the job does not describe the team; ask the team, then the vendor for support, or take %s (%s more)."),
                                other, more)
             /* "This job's": page 1 lists every job, whose teams may
              * differ (the demo's 13B team has an operations engineer,
              * its 70B team none: approver 34, B9).
              * TRANSLATORS: page 1, rule R8 in one line; the best hosted or container quote, how much more it costs */
             : g_strdup_printf (_("Who runs it (R8): this job’s team has no operations engineer for bare metal; ask the vendor for support, or take %s (%s more)."),
                                other, more);
    }
  else if (plan->team_assumed)
    /* The team's question on page 1 says it, naming the job, in every
     * language: the English memo, short of room, used to leave this line
     * out where the Chinese kept it (issue 22). */
    text = NULL;
  else
    /* TRANSLATORS: page 1, rule R8 in one line */
    text = g_strdup (_("Who runs it (R8): this job’s team has no operations engineer for bare metal; ask the vendor for operations support before renting."));
  cp_i18n_pop_language ();
  return text;
}
