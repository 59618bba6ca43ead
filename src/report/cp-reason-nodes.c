/* cp-reason-nodes.c: the words of a cluster quote's node count: what its
 * cost is made of, in parts a reader can add by hand, and why a cheaper
 * count of the same quote was not the one chosen. */
#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>

#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* The decimals of a quantity billed, to a hundredth without the zeros
 * that end it ("4", "0.65", "1.5"): node-months split by the hours used
 * read "0.650". */
static int
quantity_decimals (double amount)
{
  double hundredths = round (fabs (amount) * 100);

  if (fabs (amount) >= 100 || fmod (hundredths, 100) == 0)
    return 0;
  return fmod (hundredths, 10) == 0 ? 1 : 2;
}

static char *
quantity_text (double      amount,
               const char *lang)
{
  return cp_i18n_format_number (amount, quantity_decimals (amount), lang);
}

/* @hours of @nodes machines in the unit @quote prices them by: "4
 * node-months", "104 node-hours", "832 GPU-hours". */
static char *
billed_quantity (const CpQuote *quote,
                 const CpSettings *settings,
                 double         nodes,
                 double         hours,
                 const char    *lang)
{
  g_autofree char *number = NULL;
  double amount;

  switch (quote->price_unit)
    {
    case CP_PRICE_PER_NODE_MONTH:
      amount = nodes * hours / settings->hours_per_month;
      number = quantity_text (amount, lang);
      /* TRANSLATORS: machines rented for a time, in the unit a monthly price bills: "4 node-months" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s node-month", "%s node-months",
                                           fabs (amount - 1) < 1e-9 ? 1 : 2), number);
    case CP_PRICE_PER_NODE_HOUR:
      amount = nodes * hours;
      number = quantity_text (amount, lang);
      /* TRANSLATORS: machines rented for a time, in the unit an hourly price per machine bills: "104 node-hours" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s node-hour", "%s node-hours",
                                           fabs (amount - 1) < 1e-9 ? 1 : 2), number);
    case CP_PRICE_PER_GPU_HOUR:
    case CP_N_PRICE_UNITS:
    default:
      amount = nodes * quote->gpus_per_node * hours;
      number = quantity_text (amount, lang);
      /* TRANSLATORS: GPUs rented for a time, in the unit an hourly price per GPU bills: "832 GPU-hours" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s GPU-hour", "%s GPU-hours",
                                           fabs (amount - 1) < 1e-9 ? 1 : 2), number);
    }
}

/* How long the debugging machine beside a cluster run is billed: "1
 * month" for a monthly price, else hours. */
static char *
debugging_rental (const CpQuote    *quote,
                  const CpSettings *settings,
                  double            hours,
                  const char       *lang)
{
  g_autofree char *number = NULL;

  if (quote->price_unit == CP_PRICE_PER_NODE_MONTH)
    {
      double months = hours / settings->hours_per_month;

      number = quantity_text (months, lang);
      /* TRANSLATORS: how long the debugging machine is rented: "1 month" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s month", "%s months",
                                           fabs (months - 1) < 1e-9 ? 1 : 2), number);
    }
  return cp_reason_hours_text (hours, quantity_decimals (hours), lang);
}

char *
cp_words_cost_sum (const CpProject  *project,
                   int               quote_index,
                   const CpEstimate *e,
                   const char       *lang)
{
  const CpQuote *quote;
  const CpSettings *settings = &project->settings;
  double shown[CP_N_COST_PARTS];
  g_autoptr(GPtrArray) parts = NULL;
  g_autofree char *total = NULL;
  g_autofree char *sum = NULL;
  char *text;

  g_return_val_if_fail (project != NULL && e != NULL, NULL);
  if (quote_index < 0 || (guint) quote_index >= project->quotes->len || !e->fits || !isfinite (e->total_cost))
    return NULL;
  quote = g_ptr_array_index (project->quotes, quote_index);
  cp_estimate_shown_cost_parts (e, shown);
  parts = g_ptr_array_new_with_free_func (g_free);
  cp_i18n_push_language (lang);
  /* One machine billed by a step or minimum longer than the hours it is
   * used (a month for a 7-hour job) pays for the rental, not for its run
   * and debugging apart: split pro rata, "0.65 node-months of GPU time"
   * read as weeks of use for a run of hours (walk33 W3). */
  if (e->nodes <= 1 && shown[CP_COST_PART_DEBUG] > 0)
    {
      double used_h = (e->run_days + e->debug_days) * 24.0;
      double rental_h = cp_quote_billed_hours (quote, settings, used_h);

      if (rental_h - used_h >= 1.0)
        {
          g_autofree char *money = cp_i18n_format_money_whole (shown[CP_COST_PART_COMPUTE] + shown[CP_COST_PART_DEBUG],
                                                               quote->currency, lang);
          g_autofree char *quantity = billed_quantity (quote, settings, 1, rental_h, lang);
          g_autofree char *run = cp_words_calendar_figure (e, CP_CALENDAR_RUN, lang);
          g_autofree char *debug = cp_words_calendar_figure (e, CP_CALENDAR_DEBUGGING, lang);

          /* TRANSLATORS: one machine's rental as billed, longer than it is used: its money, the rental ("1 node-month"), then the hours of the run and of debugging ("4.9 h") */
          g_ptr_array_add (parts, g_strdup_printf (_("%s for %s billed, of which the run uses %s and debugging %s"),
                                                   money, quantity, run, debug));
          shown[CP_COST_PART_COMPUTE] = shown[CP_COST_PART_DEBUG] = 0;
        }
    }
  for (int i = 0; i < CP_N_COST_PARTS; i++)
    {
      g_autofree char *money = NULL;

      if (shown[i] == 0)
        continue;
      money = cp_i18n_format_money_whole (shown[i], quote->currency, lang);
      if (i == CP_COST_PART_COMPUTE)
        {
          g_autofree char *quantity = billed_quantity (quote, settings, e->nodes, e->billed_hours, lang);

          if (e->debug_on_cluster_node)
            {
              g_autofree char *debug = cp_words_calendar_figure (e, CP_CALENDAR_DEBUGGING, lang);

              /* TRANSLATORS: a part of a cluster option's cost: its money, the rental it pays for ("2 node-months"), then the hours of debugging ("0.2 h") done on one of those nodes within that rental, so with no machine rented for it apart */
              g_ptr_array_add (parts, g_strdup_printf (_("%s for %s of GPU time (debugging, %s, on one of these nodes: no machine rented for it)"),
                                                       money, quantity, debug));
            }
          else
            /* TRANSLATORS: a part of an option's cost: its money, then the rental it pays for ("4 node-months") */
            g_ptr_array_add (parts, g_strdup_printf (_("%s for %s of GPU time"), money, quantity));
        }
      else if (i == CP_COST_PART_DEBUG && e->nodes <= 1)
        {
          /* One machine's debugging shares the run's rental
           * (cp-estimate-cost.c): its part of the hours billed. */
          double rental_h = cp_quote_billed_hours (quote, settings, (e->run_days + e->debug_days) * 24.0);
          g_autofree char *quantity = billed_quantity (quote, settings, 1, rental_h - e->billed_hours, lang);

          /* TRANSLATORS: a part of an option's cost: its money, then the rental it pays for ("0.35 node-months") */
          g_ptr_array_add (parts, g_strdup_printf (_("%s for %s of debugging"), money, quantity));
        }
      else if (i == CP_COST_PART_DEBUG)
        {
          g_autofree char *rental = debugging_rental (quote, settings,
                                                      cp_quote_billed_hours (quote, settings, e->debug_days * 24.0), lang);

          /* TRANSLATORS: a part of a cluster option's cost: its money, then how long a machine of the offer is rented apart for debugging ("1 month") */
          g_ptr_array_add (parts, g_strdup_printf (_("%s for a debugging machine, %s"), money, rental));
        }
      else
        /* TRANSLATORS: a part of an option's cost: its money, then the part ("storage") */
        g_ptr_array_add (parts, g_strdup_printf (C_("cost part", "%s of %s"), money, cp_reason_cost_part_words ((CpCostPart) i)));
    }
  total = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
  if (parts->len == 0)
    {
      cp_i18n_pop_language ();
      return g_steal_pointer (&total);
    }
  g_ptr_array_add (parts, NULL);
  sum = g_strjoinv (" + ", (char **) parts->pdata);
  /* TRANSLATORS: an option's cost parts added up, then its total: "128,000 CNY for 4 node-months of GPU time + … = 190,000 CNY" */
  text = g_strdup_printf (_("%s = %s"), sum, total);
  cp_i18n_pop_language ();
  return text;
}

/* The sweep's curve of quote @quote_index, or NULL. */
static const CpSweepCurve *
sweep_curve (const CpSweep *sweep,
             int            quote_index)
{
  for (guint i = 0; i < sweep->curves->len; i++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, i);

      if (curve->quote_index == quote_index)
        return curve;
    }
  return NULL;
}

char *
cp_words_fewer_nodes (const CpProject *project,
                      const CpJob     *job,
                      const CpPlan    *plan,
                      const CpSweep   *sweep,
                      const CpOption  *option,
                      const char      *lang)
{
  const CpEstimate *e = &option->estimate;
  const CpQuote *quote;
  const CpSweepCurve *curve;
  const CpSweepPoint *cheaper = NULL;
  g_autofree char *chosen_cost = NULL, *cheaper_cost = NULL;
  char *text;

  g_return_val_if_fail (project != NULL && job != NULL && plan != NULL && option != NULL, NULL);
  if (sweep == NULL || plan->cost_unknown || !option->feasible || e->nodes <= 1 || option->quote_index < 0 ||
      (guint) option->quote_index >= project->quotes->len)
    return NULL;
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  curve = sweep_curve (sweep, option->quote_index);
  /* A service's need is its concurrency, which the sweep does not carry
   * beside its replicas: nothing to read a passed-over count from. */
  if (!cp_quote_is_cluster (quote) || curve == NULL || job->kind == CP_TASK_INFERENCE)
    return NULL;
  /* Of the counts below the one chosen that the chart draws (the sweep
   * holds only those that fit), the cheapest that meets the deadline at
   * the expected figures (with none, whose whole calendar is within the
   * longest acceptable run: the run is within it then) but not at the
   * slow end of its range: the plan passed it over for that, which it
   * puts before cost (choose_nodes()). A count whose range does not say
   * why is left unexplained rather than guessed at. */
  for (guint i = 0; i < curve->points->len; i++)
    {
      const CpSweepPoint *point = &g_array_index (curve->points, CpSweepPoint, i);
      gboolean in_time = plan->deadline_days > 0
                         ? point->calendar_days <= plan->deadline_days
                         : point->calendar_days <= project->settings.longest_acceptable_run_days;
      gboolean slips = !point->range.fits_pessimistic ||
                       (plan->deadline_days > 0 && point->range.calendar_days_high > plan->deadline_days);

      if (point->nodes >= e->nodes || point->total_cost >= e->total_cost || !in_time || !slips)
        continue;
      if (cheaper == NULL || point->total_cost < cheaper->total_cost)
        cheaper = point;
    }
  if (cheaper == NULL)
    return NULL;
  cp_i18n_push_language (lang);
  chosen_cost = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
  cheaper_cost = cp_i18n_format_money_whole (cheaper->total_cost, quote->currency, lang);
  if (plan->deadline_days > 0 && cheaper->range.calendar_days_high > plan->deadline_days)
    {
      g_autofree char *deadline = cp_words_deadline_length (plan->deadline_days, lang);
      g_autofree char *slow = cp_i18n_format_days (cheaper->range.calendar_days_high, lang);

      /* TRANSLATORS: why a cluster quote's option takes more nodes than a cheaper count: the nodes chosen and their cost, then the cheaper count, its cost, the deadline and the cheaper count's calendar with every assumption at its pessimistic end:
       * "2 nodes, 96,000 CNY: 1 node would cost 32,000 CNY but miss the 10-day deadline at the slow end of the range (11.0 days)." */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u nodes, %s: %u node would cost %s but miss the %s deadline at the slow end of the range (%s); a count that still meets it there comes before a cheaper one.",
                                           "%u nodes, %s: %u nodes would cost %s but miss the %s deadline at the slow end of the range (%s); a count that still meets it there comes before a cheaper one.",
                                           cheaper->nodes),
                              e->nodes, chosen_cost, cheaper->nodes, cheaper_cost, deadline, slow);
    }
  else
    /* TRANSLATORS: why a cluster quote's option takes more nodes than a cheaper count: the nodes chosen and their cost, then the cheaper count and its cost */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u nodes, %s: %u node would cost %s but does not do what the job needs with every assumption at its pessimistic end; a count that still does comes before a cheaper one.",
                                         "%u nodes, %s: %u nodes would cost %s but do not do what the job needs with every assumption at its pessimistic end; a count that still does comes before a cheaper one.",
                                         cheaper->nodes),
                            e->nodes, chosen_cost, cheaper->nodes, cheaper_cost);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_cluster_costs (const CpProject *project,
                        const CpPlan    *plan,
                        const CpOption  *option,
                        const char      *lang)
{
  g_autofree char *chosen = NULL;
  g_autofree char *whole = NULL;
  char *text;

  g_return_val_if_fail (project != NULL && plan != NULL && option != NULL, NULL);
  if (plan->cost_unknown || !option->has_full_offer || !option->full_offer.fits)
    return NULL;
  chosen = cp_words_cost_sum (project, option->quote_index, &option->estimate, lang);
  whole = cp_words_cost_sum (project, option->quote_index, &option->full_offer, lang);
  if (chosen == NULL || whole == NULL)
    return NULL;
  cp_i18n_push_language (lang);
  /* TRANSLATORS: what a cluster quote's chosen node count and its whole offer cost, each in parts that add up */
  text = g_strdup_printf (_("Cost of the chosen size: %s.\nCost of the whole offer: %s."), chosen, whole);
  cp_i18n_pop_language ();
  return text;
}
