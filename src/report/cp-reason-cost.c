/* cp-reason-cost.c: the reasons of rules R4 to R6 and of the
 * verdict's robustness: single-machine work, the benefit of a split, total
 * cost, deadlines, questions for vendors and prices out of range. */
#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* The fixed fees (the setup fee, the network fee) rounded each to its
 * nearest unit, the same figure in every table they appear in (issue
 * #22: demo quote D's fee printed 11,150 in one job's table and 11,151
 * in another's); the variable lines share what is left of the total as
 * printed by their largest remainders (cp_i18n_apportion()). One rule for
 * every table and sentence, the report's, the window's and the command
 * line's: the extra unit went to the largest variable line alone, so a
 * compute line read 8,298 where the command line's apportionment gave
 * 8,299 (brief 32, item 8). */
void
cp_estimate_shown_cost_parts (const CpEstimate *e,
                              double            shown[CP_N_COST_PARTS])
{
  const double parts[CP_N_COST_PARTS] = {
    [CP_COST_PART_COMPUTE] = e->compute_cost, [CP_COST_PART_DEBUG] = e->debug_cost,
    [CP_COST_PART_NETWORK] = e->network_cost, [CP_COST_PART_STORAGE] = e->storage_cost,
    [CP_COST_PART_FEES] = e->fees_cost, [CP_COST_PART_ENGINEERING] = e->engineering_cost,
  };
  double variable[CP_N_COST_PARTS], variable_shown[CP_N_COST_PARTS];
  int variable_part[CP_N_COST_PARTS];
  double left = round (e->total_cost);
  guint n_variable = 0;

  for (int i = 0; i < CP_N_COST_PARTS; i++)
    if (i == CP_COST_PART_NETWORK || i == CP_COST_PART_FEES)
      {
        shown[i] = round (parts[i]);
        left -= shown[i];
      }
    else
      {
        variable_part[n_variable] = i;
        variable[n_variable++] = parts[i];
      }
  cp_i18n_apportion (variable, n_variable, left, variable_shown);
  for (guint k = 0; k < n_variable; k++)
    shown[variable_part[k]] = variable_shown[k];
}

/* @debug_cost, the debugging of quote @quote_index's option in @plan, as
 * its breakdown prints it. */
static double
shown_debug_cost (const CpPlan *plan,
                  int           quote_index,
                  double        debug_cost)
{
  for (guint i = 0; plan != NULL && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      double shown[CP_N_COST_PARTS];

      if (option->quote_index != quote_index || option->estimate.debug_cost != debug_cost)
        continue;
      cp_estimate_shown_cost_parts (&option->estimate, shown);
      return shown[CP_COST_PART_DEBUG];
    }
  return round (debug_cost);
}

/* The estimate of quote @quote_index's option in @plan whose debugging
 * takes @debug_days (R4's values), or NULL. */
static const CpEstimate *
option_estimate (const CpPlan *plan,
                 int           quote_index,
                 double        debug_days)
{
  for (guint i = 0; plan != NULL && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == quote_index && option->estimate.debug_days == debug_days)
        return &option->estimate;
    }
  return NULL;
}

static char *minimum_term_words (double term_h, double hours_per_month, const char *lang);
static double granular_hours (const CpQuote *quote, const CpSettings *settings, double used_h);

/* When a minimum term, not the days used, sets R4's debugging cost on the
 * plan's subject, the term ("the 7-day minimum") with the days the rental
 * is used in @used_days, else NULL: 4.0 days at 9.5 CNY per GPU-hour on 8
 * GPUs is 7,296 CNY, and the 12,768 CNY said is the 7 days the vendor
 * bills (approver 8, finding 7). The rule is cp-estimate-cost.c's: beside
 * a cluster run debugging is a rental of its own; on one machine it
 * shares the run's. */
const CpOption *
cp_words_cheapest_late_option (const CpPlan *plan,
                               double        total_cost)
{
  const CpOption *cheapest = NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *e = &option->estimate;

      /* Less as shown, to the whole unit: 0.4 CNY less is the same
       * figure, and "would cost less" beside two equal totals misled. */
      if (e->fits && !e->meets_deadline && isfinite (e->total_cost) && round (e->total_cost) < round (total_cost) &&
          (cheapest == NULL || e->total_cost < cheapest->estimate.total_cost))
        cheapest = option;
    }
  return cheapest;
}

/* The value past which the verdict flips, with as many decimals as it
 * takes not to read as the value assumed: "wins if utilisation is above
 * 0.55" beside an assumed 0.55 said that the assumption itself flips it
 * (walkthrough 18), where the flip was at 0.5513. */
static char *
spread_threshold_words (const CpProject *project,
                        CpSpreadKind     kind,
                        double           threshold,
                        double           assumed,
                        const char      *lang)
{
  char *words = cp_words_spread_value (project, kind, threshold, lang);
  g_autofree char *assumed_words = cp_words_spread_value (project, kind, assumed, lang);

  if (kind != CP_SPREAD_COMPUTE_UTILISATION && kind != CP_SPREAD_LINK_EFFICIENCY)
    return words;
  for (int digits = 3; digits <= 4 && g_strcmp0 (words, assumed_words) == 0; digits++)
    {
      g_free (words);
      words = cp_i18n_format_number (threshold, digits, lang);
    }
  return words;
}

static char *
debug_minimum_term (const CpProject *project,
                    const CpPlan    *plan,
                    int              quote_index,
                    const char      *lang,
                    char           **used_days)
{
  const CpOption *subject = plan != NULL ? cp_plan_get_subject (plan) : NULL;
  const CpQuote *quote;
  const CpEstimate *e;
  double term_h, used_h, granular_h;

  if (subject == NULL || subject->quote_index != quote_index || quote_index < 0 ||
      (guint) quote_index >= project->quotes->len)
    return NULL;
  quote = g_ptr_array_index (project->quotes, quote_index);
  e = &subject->estimate;
  term_h = cp_quote_minimum_term_h (quote, &project->settings);
  if (term_h <= 0 || quote->price <= 0)
    return NULL;
  used_h = e->debug_days * 24.0 + (e->nodes <= 1 ? e->run_days * 24.0 : 0);
  granular_h = granular_hours (quote, &project->settings, used_h);
  if (e->debug_days <= 0 || granular_h >= term_h)
    return NULL;
  *used_days = cp_i18n_format_days (used_h / 24.0, lang);
  return minimum_term_words (term_h, project->settings.hours_per_month, lang);
}


/* The name of a cost part inside a sentence, as the window's breakdown
 * names it. */
const char *
cp_reason_cost_part_words (CpCostPart part)
{
  switch (part)
    {
    case CP_COST_PART_COMPUTE: return _("GPU time");
    case CP_COST_PART_DEBUG: return _("debugging on one machine");
    case CP_COST_PART_NETWORK: return _("network fee");
    case CP_COST_PART_STORAGE: return _("storage");
    case CP_COST_PART_FEES: return _("management and setup fees");
    case CP_COST_PART_ENGINEERING: return _("migration engineering");
    case CP_N_COST_PARTS:
    default:
      break;
    }
  return "?";
}

/* Whether @part of @option is zero because its quote states no price for
 * it, not because it costs nothing. */
static gboolean
part_not_priced (const CpProject *project,
                 const CpOption  *option,
                 CpCostPart       part)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

  if (part == CP_COST_PART_STORAGE)
    return cp_quote_storage_price_terms (quote) == CP_FEE_NOT_STATED;
  if (part == CP_COST_PART_NETWORK)
    return option->estimate.nodes > 1 && cp_quote_network_fee_terms (quote) == CP_FEE_NOT_STATED;
  return FALSE;
}

/* Why @option, cheaper per GPU-hour than @chosen, still costs more in
 * total: its cost parts beside @chosen's, as the breakdown tables print
 * them, each that differs, the largest difference first, so that they add
 * up to the gap. "(its fees)" named 329 CNY of a 685 CNY gap that E's
 * storage, 1,508 CNY against G's unpriced storage, made (approver 31,
 * finding 3). A dearer GPU time says why, from the planner's figures. */
static char *
dearer_in_total_words (const CpProject *project,
                       const CpOption  *option,
                       const CpOption  *chosen,
                       const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpQuote *chosen_quote = g_ptr_array_index (project->quotes, chosen->quote_index);
  const CpEstimate *e = &option->estimate, *c = &chosen->estimate;
  double shown[CP_N_COST_PARTS], chosen_shown[CP_N_COST_PARTS];
  gboolean listed[CP_N_COST_PARTS] = { FALSE, };
  GString *text = g_string_new (NULL);

  cp_estimate_shown_cost_parts (e, shown);
  cp_estimate_shown_cost_parts (c, chosen_shown);
  for (;;)
    {
      int largest = -1;

      for (int i = 0; i < CP_N_COST_PARTS; i++)
        if (!listed[i] && shown[i] != chosen_shown[i] &&
            (largest < 0 || fabs (shown[i] - chosen_shown[i]) > fabs (shown[largest] - chosen_shown[largest])))
          largest = i;
      if (largest < 0)
        break;
      listed[largest] = TRUE;
      if (text->len > 0)
        /* TRANSLATORS: between the cost parts of a quote compared with the recommended one */
        g_string_append (text, C_("cost parts", ", "));
      if (shown[largest] < chosen_shown[largest])
        {
          g_autofree char *less = cp_i18n_format_money_whole (chosen_shown[largest] - shown[largest], quote->currency, lang);

          /* TRANSLATORS: R6, a cost part of a quote cheaper per GPU-hour that is lower than the recommended one's: the part ("GPU time"), then by how much */
          g_string_append_printf (text, _("%s %s less"), cp_reason_cost_part_words ((CpCostPart) largest), less);
        }
      else
        {
          g_autofree char *own = cp_i18n_format_money_whole (shown[largest], quote->currency, lang);
          g_autofree char *against = cp_i18n_format_money_whole (chosen_shown[largest], chosen_quote->currency, lang);

          if (chosen_shown[largest] == 0 && part_not_priced (project, chosen, (CpCostPart) largest))
            /* TRANSLATORS: R6, a cost part of a quote cheaper per GPU-hour against the recommended quote's, which states no price for it and counts it as 0: the part ("storage"), its cost, then 0 */
            g_string_append_printf (text, _("%s %s against %s (not priced)"), cp_reason_cost_part_words ((CpCostPart) largest), own, against);
          else
            /* TRANSLATORS: R6, a cost part of a quote cheaper per GPU-hour against the recommended quote's: the part ("storage"), its cost, the recommended quote's */
            g_string_append_printf (text, _("%s %s against %s"), cp_reason_cost_part_words ((CpCostPart) largest), own, against);
          if (largest == CP_COST_PART_COMPUTE)
            {
              double used_h = (e->run_days + (e->nodes <= 1 ? e->debug_days : 0)) * 24.0;
              double chosen_used_h = (c->run_days + (c->nodes <= 1 ? c->debug_days : 0)) * 24.0;
              double chosen_billed = chosen_used_h > 0 ? cp_quote_billed_hours (chosen_quote, &project->settings, chosen_used_h) / chosen_used_h : 1;
              g_autoptr(GPtrArray) why = g_ptr_array_new_with_free_func (g_free);

              /* Rounding up that the recommended quote shares (an hour's
               * step on a short run) is no reason. */
              if (used_h > 0 && cp_quote_billed_hours (quote, &project->settings, used_h) > MAX (1.05, 1.05 * chosen_billed) * used_h)
                /* TRANSLATORS: R6, why a quote cheaper per GPU-hour pays more for its GPU time */
                g_ptr_array_add (why, g_strdup (_("billed for more time than it uses")));
              if (e->run_days > 1.05 * c->run_days)
                {
                  g_autofree char *days = cp_words_duration (e->run_days * 86400.0, lang);
                  g_autofree char *chosen_days = cp_words_duration (c->run_days * 86400.0, lang);

                  /* TRANSLATORS: R6, why a quote cheaper per GPU-hour costs more in total; its run, the recommended one's */
                  g_ptr_array_add (why, g_strdup_printf (_("a longer run, %s against %s"), days, chosen_days));
                }
              if (why->len > 0)
                {
                  g_ptr_array_add (why, NULL);
                  {
                    g_autofree char *joined = g_strjoinv (cp_i18n_is_chinese (lang) ? "；" : "; ", (char **) why->pdata);

                    /* In Chinese, inside the bracket the part's figures
                     * close: "（推荐方案为 ¥6,490）（计费…）" read as two
                     * notes stuck together (brief 33). */
                    if (cp_i18n_is_chinese (lang) && g_str_has_suffix (text->str, "）"))
                      {
                        g_string_truncate (text, text->len - strlen ("）"));
                        g_string_append_printf (text, "；%s）", joined);
                      }
                    else
                      g_string_append_printf (text, cp_i18n_is_chinese (lang) ? "（%s）" : " (%s)", joined);
                  }
                }
            }
        }
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

/* R5's communication time, all of it, hidden behind computing or not:
 * "communication takes 21 min" beside the run's "0.3 h waiting on
 * communication" (the part left exposed) gave two figures for one thing
 * (walkthrough 34, V8). */
static char *
all_communication (double      seconds,
                   const char *lang)
{
  g_autofree char *duration = cp_words_duration (seconds, lang);

  /* TRANSLATORS: R5, "communication takes %s against 60 min of computing": all of the communication time */
  return g_strdup_printf (_("%s in all, overlapped or not,"), duration);
}

/* R5's computing time (@compute_s, of @nodes of quote @quote_index) as
 * the run's parts give it for the same option ("106 h computing",
 * cp_run_shown_parts(): apportioned so the parts add up to the run), in
 * their unit: R5 said 12.4 h where the same option's run said 12.3 h
 * (walk35 U6). The duration's own words where the plan has no such run. */
static char *
r5_computing (const CpPlan *plan,
              int           quote_index,
              double        nodes,
              double        compute_s,
              const char   *lang)
{
  for (guint i = 0; plan != NULL && i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpEstimate *candidates[2] = { &option->estimate, option->has_full_offer ? &option->full_offer : NULL };

      if (option->quote_index != quote_index)
        continue;
      for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
        {
          char *computing = candidates[c] != NULL && candidates[c]->nodes == nodes &&
                            candidates[c]->compute_s == compute_s
                            ? cp_words_run_part (candidates[c], CP_RUN_PART_COMPUTING, lang) : NULL;

          if (computing != NULL)
            return computing;
        }
    }
  return cp_words_duration (compute_s, lang);
}

/* The vendor a question about quote @index goes to by name: its vendor,
 * with the offer where it gave several quotes (cp_words_quote_short_name());
 * NULL for a quote naming no vendor, asked of "the vendor of" its offer.
 * "Ask the vendor of Vendor B — 4 nodes x 8 H800, …" named the vendor
 * as the offer's (walkthrough 34, V9). */
static char *
vendor_to_ask (const CpProject *project,
               int              index)
{
  const CpQuote *quote;

  if (project == NULL || index < 0 || (guint) index >= project->quotes->len)
    return NULL;
  quote = g_ptr_array_index (project->quotes, index);
  if (quote->vendor == NULL || *quote->vendor == '\0')
    return NULL;
  return cp_words_quote_short_name (project, index);
}

/* Where an option's unit price ranks among the quotes compared, in
 * words: "its rank is 1 by unit price" read as ambiguous (approver 20),
 * first by total or by price, and which end is 1. "1 quote is cheaper per
 * GPU-hour" left the reader to find which and why it is not the answer
 * (approver 22, finding 8): up to three are named with their price and
 * what makes them dearer in total, the rest counted. The count is the
 * planner's (cp-plan.c), over the options, with VAT. */
static char *
unit_price_rank (const CpProject *project,
                 const CpPlan    *plan,
                 int              quote_index,
                 double           rank,
                 const char      *name,
                 const char      *lang)
{
  enum { NAMED = 3 };
  guint r = isfinite (rank) && rank >= 1 ? (guint) rank : 0;
  const CpOption *chosen = NULL;
  GString *text;

  cp_i18n_push_language (lang);
  /* Counted from the cheapest: "the third cheapest" of three quotes was
   * the dearest, and read as a bargain (approver 21). */
  /* The quote named, not "It": after the cheaper quote that misses the
   * deadline, "It" read as that one (walk 22, T). */
  if (r == 1)
    {
      /* TRANSLATORS: R6; the recommended quote's name */
      char *one = g_strdup_printf (_("%s is also the cheapest per GPU-hour."), name);
      cp_i18n_pop_language ();
      return one;
    }
  if (r == 0 || plan == NULL)
    {
      cp_i18n_pop_language ();
      return g_strdup ("");
    }
  for (guint i = 0; i < plan->options->len && chosen == NULL; i++)
    if (g_array_index (plan->options, CpOption, i).quote_index == quote_index)
      chosen = &g_array_index (plan->options, CpOption, i);
  if (chosen == NULL)
    {
      cp_i18n_pop_language ();
      return g_strdup ("");
    }
  text = g_string_new (NULL);
  {
    const CpQuote *chosen_quote = g_ptr_array_index (project->quotes, quote_index);
    double chosen_price = cp_quote_price_per_gpu_hour (chosen_quote, &project->settings) *
                          cp_quote_vat_factor (chosen_quote, &project->settings);
    double chosen_total = round (chosen->estimate.total_cost);
    /* R6 names it already: "… would cost less, …, but misses the deadline." */
    const CpOption *named_late = cp_words_cheapest_late_option (plan, chosen->estimate.total_cost);
    g_autoptr(GPtrArray) dearer = g_ptr_array_new ();
    g_autoptr(GPtrArray) cannot_run = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GPtrArray) short_of_need = g_ptr_array_new_with_free_func (g_free);

    /* Only what is true of each: a quote that cannot run the job is not
     * "dearer in total" (approver 31, finding 3: 示例供应商 A, "No layout
     * fits", was counted among them), nor is one that costs less but
     * misses the job's need. */
    for (guint i = 0; i < plan->options->len; i++)
      {
        const CpOption *option = &g_array_index (plan->options, CpOption, i);
        const CpEstimate *e = &option->estimate;
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
        double price = cp_quote_price_per_gpu_hour (quote, &project->settings) *
                       cp_quote_vat_factor (quote, &project->settings);

        if (!(price < chosen_price) || option == chosen || option == named_late)
          continue;
        if (!e->fits || cp_estimate_layout_refused (e) || !isfinite (e->total_cost))
          g_ptr_array_add (cannot_run, cp_words_quote_name (project, option->quote_index));
        /* Equal as shown is a tie, which R6 says with how it was
         * broken (tie_words()), not "dearer in total". */
        else if (round (e->total_cost) == chosen_total)
          continue;
        else if (round (e->total_cost) > chosen_total)
          g_ptr_array_add (dearer, (gpointer) option);
        else
          g_ptr_array_add (short_of_need, cp_words_quote_name (project, option->quote_index));
      }
    if (dearer->len > 0)
      {
        guint named = MIN (dearer->len, NAMED);

        /* TRANSLATORS: R6; the number of quotes cheaper per GPU-hour than the one recommended, before
         * the list of them ("A at 5.48 CNY per GPU-hour, 37,000 CNY in total, 27,720 CNY more: GPU time …") */
        g_string_append_printf (text, dngettext (GETTEXT_PACKAGE, "%u quote is cheaper per GPU-hour but dearer in total: ",
                                                 "%u quotes are cheaper per GPU-hour but dearer in total: ", dearer->len), dearer->len);
        for (guint i = 0; i < named; i++)
          {
            const CpOption *option = g_ptr_array_index (dearer, i);
            const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
            double price = cp_quote_price_per_gpu_hour (quote, &project->settings) *
                           cp_quote_vat_factor (quote, &project->settings);
            g_autofree char *other = cp_words_quote_name (project, option->quote_index);
            g_autofree char *price_words = cp_words_unit_price (price, quote->currency, CP_PRICE_PER_GPU_HOUR, lang);
            g_autofree char *total = cp_words_plan_money_whole (plan, option->estimate.total_cost, quote->currency, lang);
            g_autofree char *gap = cp_i18n_format_money_whole (round (option->estimate.total_cost) - chosen_total, quote->currency, lang);
            g_autofree char *why = dearer_in_total_words (project, option, chosen, lang);

            if (i > 0)
              g_string_append (text, cp_i18n_is_chinese (lang) ? "；" : "; ");
            if (why != NULL)
              /* TRANSLATORS: R6, a quote cheaper per GPU-hour: its name, its price, its total cost, how much more that is than the recommended one's, then the cost parts that make the difference */
              g_string_append_printf (text, _("%s at %s, %s in total, %s more: %s"), other, price_words, total, gap, why);
            else
              /* TRANSLATORS: R6, a quote cheaper per GPU-hour: its name, its price, its total cost */
              g_string_append_printf (text, _("%s at %s, %s in total"), other, price_words, total);
          }
        if (dearer->len > named)
          /* TRANSLATORS: R6, after the quotes named: how many more are cheaper per GPU-hour */
          g_string_append_printf (text, dngettext (GETTEXT_PACKAGE, "; and %u more", "; and %u more", dearer->len - named),
                                  dearer->len - named);
        g_string_append (text, cp_i18n_is_chinese (lang) ? "。" : ".");
      }
    if (short_of_need->len > 0)
      {
        g_autofree char *names = cp_words_join_names (short_of_need);

        if (text->len > 0 && !cp_i18n_is_chinese (lang))
          g_string_append_c (text, ' ');
        g_string_append_printf (text, plan->deadline_days > 0
                                /* TRANSLATORS: R6; the number of quotes cheaper per GPU-hour and in total that miss the deadline, then their names */
                                ? dngettext (GETTEXT_PACKAGE, "%u quote cheaper per GPU-hour and in total misses the deadline: %s.",
                                             "%u quotes cheaper per GPU-hour and in total miss the deadline: %s.", short_of_need->len)
                                /* TRANSLATORS: R6; the number of quotes cheaper per GPU-hour and in total that do not do what the job needs (no deadline: its longest acceptable run, or a service's target), then their names */
                                : dngettext (GETTEXT_PACKAGE, "%u quote cheaper per GPU-hour and in total does not do what the job needs: %s.",
                                             "%u quotes cheaper per GPU-hour and in total do not do what the job needs: %s.", short_of_need->len),
                                short_of_need->len, names);
      }
    if (cannot_run->len > 0)
      {
        g_autofree char *names = cp_words_join_names (cannot_run);

        if (text->len > 0 && !cp_i18n_is_chinese (lang))
          g_string_append_c (text, ' ');
        /* TRANSLATORS: R6; the number of quotes cheaper per GPU-hour that cannot run the job (it does not fit), then their names */
        g_string_append_printf (text, dngettext (GETTEXT_PACKAGE, "%u quote cheaper per GPU-hour cannot run the job: %s.",
                                                 "%u quotes cheaper per GPU-hour cannot run the job: %s.", cannot_run->len),
                                cannot_run->len, names);
      }
  }
  cp_i18n_pop_language ();
  return g_string_free (text, FALSE);
}

/* The decimals a limit (a deadline, the longest acceptable run) is said
 * in: as days are shown (cp_days_decimals()), or as many more as the
 * figure typed has (7.25 days), up to a thousandth. */
static int
limit_decimals (double limit_days)
{
  int decimals = cp_days_decimals (limit_days);

  while (decimals < 3 && fabs (limit_days * pow (10.0, decimals) - round (limit_days * pow (10.0, decimals))) > 1e-6)
    decimals++;
  return decimals;
}

/* The deadline (or longest acceptable run) an option of @days meets, and
 * the one @limit_days it has now, as words at one precision, the limit's
 * own: @days rounded up there, as a limit said is one the option meets.
 * "Would meet a deadline of 19.342 days instead of 14.0 days" set a
 * figure of three decimals against one of one, and read as machine output
 * (walk41b F3); the 19.4 days said is what the user would type. */
static void
deadline_needed_days (double      days,
                      double      limit_days,
                      const char *lang,
                      char      **needed_out,
                      char      **limit_out)
{
  int decimals = limit_decimals (limit_days);
  double scale = pow (10.0, decimals);
  g_autofree char *needed = cp_i18n_format_number (ceil (days * scale - 1e-9) / scale, decimals, lang);
  g_autofree char *limit = cp_i18n_format_number (limit_days, decimals, lang);

  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  *needed_out = g_strdup_printf (_("%s days"), needed);
  /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
  *limit_out = g_strdup_printf (_("%s days"), limit);
}

/* When the recommended option is billed by whole months and its use
 * runs a little into a month it pays in full (more than half of that
 * month unused), how much shorter a use would bill a month less: "the
 * 61.0 days of use are 3 node-months; 60.8 days or fewer would be 2", at
 * the planner's month (hours_per_month, 730 h). The use is what the
 * rental bills (cp-estimate-cost.c): on one machine debugging and run,
 * on a cluster each node's run. The use is shown rounded up and the
 * threshold down, so the one never reads as within the other. NULL when
 * a month less is not that close. */
static char *
month_boundary_words (const CpProject *project,
                      const CpPlan    *plan,
                      const char      *lang)
{
  const CpOption *option;
  const CpEstimate *e;
  const CpQuote *quote;
  double month_h = project->settings.hours_per_month;
  double step_h, used_h, billed_h, fewer_h, node_months, fewer_node_months;
  g_autofree char *used = NULL, *fewer = NULL, *months = NULL, *fewer_months = NULL;
  char *text;

  if (plan == NULL || plan->recommended < 0 || plan->cost_unknown)
    return NULL;
  option = &g_array_index (plan->options, CpOption, plan->recommended);
  e = &option->estimate;
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  step_h = cp_quote_billing_granularity_h (quote, &project->settings);
  if (!e->fits || e->nodes < 1 || !(step_h >= month_h - 1e-6) || !(quote->price > 0))
    return NULL;
  used_h = e->total_s / 3600.0 + (e->nodes == 1 ? e->debug_days * 24.0 : 0);
  billed_h = cp_quote_billed_hours (quote, &project->settings, used_h);
  fewer_h = billed_h - step_h;
  /* A month less must still be a term the quote bills (its minimum),
   * and the month paid must be mostly idle: 45 days of a 2-month rental
   * are not "a little over". */
  if (fewer_h < cp_quote_minimum_term_h (quote, &project->settings) - 1e-6 || !(billed_h - used_h > step_h / 2))
    return NULL;
  node_months = round (billed_h / month_h) * e->nodes;
  fewer_node_months = round (fewer_h / month_h) * e->nodes;
  {
    double used_days = used_h / 24.0, fewer_days = fewer_h / 24.0;
    int decimals = cp_days_decimals (fewer_days);
    double scale = pow (10, decimals);
    g_autofree char *used_number = cp_i18n_format_number (ceil (used_days * scale - 1e-9) / scale, decimals, lang);
    g_autofree char *fewer_number = cp_i18n_format_number (floor (fewer_days * scale + 1e-9) / scale, decimals, lang);

    cp_i18n_push_language (lang);
    /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
    used = g_strdup_printf (_("%s days"), used_number);
    /* TRANSLATORS: a duration in days; %s is a number such as "12.5" */
    fewer = g_strdup_printf (_("%s days"), fewer_number);
  }
  months = cp_i18n_format_number (node_months, 0, lang);
  fewer_months = cp_i18n_format_number (fewer_node_months, 0, lang);
  if (e->nodes == 1)
    /* TRANSLATORS: R6, a quote billed by whole months whose use runs a little into its last month: the days used, the node-months billed, the days that would bill fewer, those node-months */
    text = g_strdup_printf (_("Billed by whole months: the %s of use are %s node-months; %s or fewer would be %s."),
                            used, months, fewer, fewer_months);
  else
    /* TRANSLATORS: R6, as "Billed by whole months: the 61.0 days of use are 3 node-months; …" for a cluster: the days each node is used, the node count, the node-months billed, the days that would bill fewer, those node-months */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Billed by whole months: the %s of use on each of %u node are %s node-months; %s or fewer would be %s.",
                                         "Billed by whole months: the %s of use on each of %u nodes are %s node-months; %s or fewer would be %s.",
                                         e->nodes),
                            used, e->nodes, months, fewer, fewer_months);
  cp_i18n_pop_language ();
  return text;
}

/* A use within this share of a month-step over a whole number of months
 * is close enough to that number that a few hours less, or a duration
 * typed as days for "2 months" (61 days, 1,464 h, over 2 × 730), would
 * bill a month less: the lead's 10% (read38 F1), a tenth of the month
 * an approver signs for. */
#define MONTH_THRESHOLD_SHARE 0.10

char *
cp_words_month_threshold (const CpProject *project,
                          const CpOption  *option,
                          const char      *lang)
{
  const CpEstimate *e = &option->estimate;
  const CpQuote *quote;
  double step_h, used_h, fewer_h, fewer_days, scale;
  gulong fewer_months;
  int decimals;
  g_autofree char *fewer_number = NULL, *months = NULL;
  char *text;

  if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len || !e->fits || e->nodes < 1)
    return NULL;
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  step_h = cp_quote_billing_granularity_h (quote, &project->settings);
  if (!(step_h >= project->settings.hours_per_month - 1e-6) || !(quote->price > 0))
    return NULL;
  /* The use the rental bills, as month_boundary_words() counts it. */
  used_h = e->total_s / 3600.0 + (e->nodes == 1 ? e->debug_days * 24.0 : 0);
  fewer_h = cp_quote_billed_hours (quote, &project->settings, used_h) - step_h;
  if (fewer_h < cp_quote_minimum_term_h (quote, &project->settings) - 1e-6 || fewer_h <= 0 ||
      used_h <= fewer_h + 1e-6 || used_h > fewer_h + MONTH_THRESHOLD_SHARE * step_h)
    return NULL;
  /* Rounded down, so that the use (rounded up beside it) never reads as
   * within it. */
  fewer_days = fewer_h / 24.0;
  decimals = cp_days_decimals (fewer_days);
  scale = pow (10, decimals);
  fewer_number = cp_i18n_format_number (floor (fewer_days * scale + 1e-9) / scale, decimals, lang);
  fewer_months = (gulong) round (fewer_h / project->settings.hours_per_month);
  months = cp_i18n_format_number (fewer_months, 0, lang);
  cp_i18n_push_language (lang);
  /* TRANSLATORS: page 1, after "Billed by whole months …: 3 months, … for 61.0 days of use.": the days (a number such as "60.8") that would bill a month less, and those months */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s days or fewer would be billed %s month.",
                                       "%s days or fewer would be billed %s months.", fewer_months),
                          fewer_number, months);
  cp_i18n_pop_language ();
  return text;
}

/* R6 when the recommended option and the runner-up cost the same to
 * the whole unit shown: how the planner's rank chose between them
 * (compare_options() in cp-plan.c), the days as shown, then the nodes,
 * then the order the quotes were entered. */
static char *
tie_words (const CpProject *project,
           const CpPlan    *plan,
           const char      *name,
           const char      *total,
           const char      *unit_price_rank_words,
           const char      *lang)
{
  const CpOption *first = NULL, *second = NULL;
  g_autofree char *other = NULL;
  char *text;

  for (guint i = 0; i < plan->options->len && second == NULL; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (!option->feasible)
        continue;
      if (first == NULL)
        first = option;
      else
        second = option;
    }
  if (second == NULL)
    return NULL;
  other = cp_words_quote_name (project, second->quote_index);
  {
    /* In days as the planner compares them (days_as_shown()): hours
     * under a day could differ where the days it ranked by do not. */
    g_autofree char *days = cp_i18n_format_days (first->estimate.calendar_days, lang);
    g_autofree char *other_days = cp_i18n_format_days (second->estimate.calendar_days, lang);

    cp_i18n_push_language (lang);
    if (strcmp (days, other_days) != 0)
      /* TRANSLATORS: R6, two quotes whose totals are equal as shown: the recommended quote, the runner-up, the total, the recommended quote again, its time, the runner-up's, where its unit price ranks */
      text = g_strdup_printf (_("%s and %s tie at the lowest total cost, %s; %s ranks first as it finishes sooner, %s against %s. %s"),
                              name, other, total, name, days, other_days, unit_price_rank_words);
    else if (first->estimate.nodes != second->estimate.nodes)
      /* TRANSLATORS: R6, two quotes whose totals and times are equal as shown: the recommended quote, the runner-up, the total, the recommended quote again, its nodes, the runner-up's, where its unit price ranks */
      text = g_strdup_printf (_("%s and %s tie at the lowest total cost, %s, and finish together; %s ranks first as it needs fewer nodes, %u against %u. %s"),
                              name, other, total, name, first->estimate.nodes, second->estimate.nodes,
                              unit_price_rank_words);
    else
      /* TRANSLATORS: R6, two quotes equal in total, time and nodes as shown: the recommended quote, the runner-up, the total, the recommended quote again, where its unit price ranks */
      text = g_strdup_printf (_("%s and %s tie at the lowest total cost, %s, in time and in nodes; %s ranks first as it was entered first. %s"),
                              name, other, total, name, unit_price_rank_words);
    cp_i18n_pop_language ();
  }
  return text;
}

static char *cost_reason_words (const CpReason *reason, const CpProject *project, const CpPlan *plan, const char *lang);

char *
cp_reason_text_cost (const CpReason  *reason,
                     const CpProject *project,
                     const CpPlan    *plan,
                     const char      *lang)
{
  char *text = cost_reason_words (reason, project, plan, lang);
  g_autofree char *month = NULL;
  char *joined;

  /* R6 says when a month boundary costs the recommended option a month
   * (issue 22): the total it names holds that month. */
  if (text == NULL || reason->outcome != CP_OUTCOME_CHEAPEST_TOTAL ||
      (month = month_boundary_words (project, plan, lang)) == NULL)
    return text;
  /* The rank by unit price may be empty, leaving a space at the end. */
  g_strchomp (text);
  cp_i18n_push_language (lang);
  joined = g_strdup_printf (C_("two sentences", "%s %s"), text, month);
  cp_i18n_pop_language ();
  g_free (text);
  return joined;
}

static char *
cost_reason_words (const CpReason  *reason,
                   const CpProject *project,
                   const CpPlan    *plan,
                   const char      *lang)
{
  const double *v = reason->values;
  const char *currency = cp_reason_currency (project, reason->quote_index);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;

  switch (reason->outcome)
    {
    case CP_OUTCOME_SINGLE_MACHINE_WORK:
      {
        int kind = (int) v[0];
        const char *kind_words = kind >= 0 && kind < CP_N_TASKS ? cp_words_task_kind ((CpTaskKind) kind) : "?";
        /* TRANSLATORS: R4; %s is a kind of work such as "Data processing" */
        return g_strdup_printf (_("%s runs on a single machine: a cluster's scheduler and shared storage bring nothing here, and one machine is cheapest."), kind_words);
      }

    case CP_OUTCOME_DEBUG_SHARE:
      {
        /* The quote is named: its own figures, not another quote's. */
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        g_autofree char *job_days = NULL, *term = NULL, *used = NULL, *cap = NULL, *rule = NULL;
        const char *calendar_parts;

        const CpEstimate *shown_estimate = option_estimate (plan, reason->quote_index, v[1]);

        a = cp_i18n_format_percent (v[0], lang);
        cap = cp_i18n_format_value (CP_DEBUG_MAX_WORKING_DAYS, lang);
        /* The rule, said once for every ending below (cp-estimate-cost.c):
         * of the job's run counted on one machine, its days × its nodes,
         * whatever nodes the run is split over, and at most two weeks
         * (walk38b G5). The source article has debugging on one machine
         * (开发调试阶段只谈单机), so it is charged as one machine's rental,
         * never the cluster's N. */
        /* TRANSLATORS: R4; the debugging share used ("35%"), the most working days debugging takes ("10"); the sentence goes on ": on <quote>, debugging …" */
        rule = g_strdup_printf (_("Debugging is taken as %s of a development cycle, debugging plus the job’s run counted on one machine (its days × its nodes), and at most %s working days"), a, cap);
        /* The share is of a cycle of debugging and the run on one machine,
         * bounded, so of the job's calendar (which
         * also holds migration) it is less: both are said (issue 20).
         * The calendar is named by its days, as the job's own, since
         * "35% of this project's calendar" read as a share of the
         * project's 30-day window, where 0.4 days is 1.3% (approver 8,
         * finding 6); a second percentage rounded beside small days
         * ("0.4 days, 35% of 1.0 days") would not check by hand either.
         * The plan keeps the share, debug days / calendar days, so the
         * calendar is their quotient. */
        if (shown_estimate != NULL)
          {
            b = cp_words_calendar_figure (shown_estimate, CP_CALENDAR_DEBUGGING, lang);
            job_days = cp_words_calendar_figure (shown_estimate, CP_CALENDAR_TOTAL, lang);
          }
        else
          {
            b = cp_i18n_format_days (v[1], lang);
            job_days = cp_i18n_format_days (v[3] > 0 ? v[1] / v[3] : 0, lang);
          }
        /* Only the parts the option has: "(run, debugging and migration)"
         * of a machine that migrates nothing read as a migration hidden in
         * its days (approver 31, finding 12). */
        calendar_parts = shown_estimate != NULL && shown_estimate->migration_days <= 0
                         /* TRANSLATORS: R4, what the job's calendar holds on one machine */
                         ? _("run and debugging")
                         /* TRANSLATORS: R4, what the job's calendar holds on a cluster */
                         : _("run, debugging and migration");
        if (plan != NULL && plan->cost_unknown)
          /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run and debugging"); no quote has a price */
          return g_strdup_printf (_("%s: on %s, debugging on one rented machine takes %s of the %s this job takes in all (%s), at a cost unknown without a price to compare."), rule, name, b, job_days, calendar_parts);
        if (shown_estimate != NULL && shown_estimate->debug_on_cluster_node)
          /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run, debugging and migration"); the cluster's nodes are billed for longer than debugging, migration and the run take together */
          return g_strdup_printf (_("%s: on %s, debugging takes %s of the %s this job takes in all (%s), on one of the cluster’s nodes within the time they are billed for: it costs nothing beyond their rental."), rule, name, b, job_days, calendar_parts);
        c = cp_i18n_format_money_whole (shown_debug_cost (plan, reason->quote_index, v[2]), currency, lang);
        term = debug_minimum_term (project, plan, reason->quote_index, lang, &used);
        /* On one machine debugging costs what it adds to the run's
         * rental (cp-estimate-cost.c): nothing when the month, the term
         * or the run's last billed hour holds it (walk37b V6). */
        if (shown_estimate != NULL && shown_estimate->nodes <= 1 && round (v[2]) == 0 && term != NULL)
          /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run and debugging"), the minimum term the machine is billed for ("the 1-month minimum") */
          return g_strdup_printf (_("%s: on %s, debugging on one rented machine takes %s of the %s this job takes in all (%s), within %s the machine is billed for anyway: it costs nothing beyond that rental."), rule, name, b, job_days, calendar_parts, term);
        if (shown_estimate != NULL && shown_estimate->nodes <= 1 && round (v[2]) == 0)
          /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run and debugging"); the run's billed time, rounded up, holds the debugging too */
          return g_strdup_printf (_("%s: on %s, debugging on one rented machine takes %s of the %s this job takes in all (%s), within the time the run’s rental is rounded up to: it costs nothing beyond that rental."), rule, name, b, job_days, calendar_parts);
        if (term != NULL)
          /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run and debugging"), their cost, the minimum term (e.g. "the 7-day minimum"), the days the rental is used */
          return g_strdup_printf (_("%s: on %s, debugging on one rented machine takes %s of the %s this job takes in all (%s); the debugging costs %s: the rental is billed for %s, more than the %s it is used."), rule, name, b, job_days, calendar_parts, c, term, used);
        /* TRANSLATORS: R4; the rule (“Debugging is taken as 35% …”), the quote, debugging days, the job's calendar days, what they hold ("run and debugging"), their cost */
        return g_strdup_printf (_("%s: on %s, debugging on one rented machine takes %s of the %s this job takes in all (%s); the debugging costs %s."), rule, name, b, job_days, calendar_parts, c);
      }

    case CP_OUTCOME_COMPUTE_DOMINATES:
      {
        /* The quote is named: its own figures, not another quote's. */
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        a = cp_i18n_format_number (v[3], 0, lang);
        b = all_communication (v[2], lang);
        c = r5_computing (plan, reason->quote_index, v[3], v[1], lang);
        d = cp_i18n_format_number (v[0], 2, lang);
        /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio */
        return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): computing dominates, so splitting the job across a cluster pays."), a, name, b, c, d);
      }

    case CP_OUTCOME_SPLIT_NOT_NEEDED:
      /* "Would also pay off on communication, but is not needed" left an
       * approver unsure what paid off (walkthrough 13): what the ratio
       * says, then why one machine is still the answer. */
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);
        g_autofree char *chosen = NULL;

        chosen = plan != NULL && plan->recommended >= 0 && (guint) plan->recommended < plan->options->len
                 ? cp_words_quote_name (project, g_array_index (plan->options, CpOption, plan->recommended).quote_index)
                 : g_strdup ("?");
        a = cp_i18n_format_number (v[3], 0, lang);
        b = all_communication (v[2], lang);
        c = r5_computing (plan, reason->quote_index, v[3], v[1], lang);
        d = cp_i18n_format_number (v[0], 2, lang);
        /* A whole offer that splits well yet misses the deadline (its
         * migration) read as merely "not needed" (approver 22, 17): its
         * calendar is said. */
        for (guint i = 0; plan != NULL && plan->deadline_days > 0 && i < plan->options->len; i++)
          {
            const CpOption *option = &g_array_index (plan->options, CpOption, i);
            const CpEstimate *whole = &option->full_offer;

            if (option->quote_index == reason->quote_index && option->has_full_offer && whole->fits &&
                whole->nodes == (guint) v[3] && !whole->meets_deadline && isfinite (whole->calendar_days))
              {
                g_autofree char *days = cp_i18n_format_days (whole->calendar_days, lang);
                g_autofree char *deadline = cp_words_deadline_length (plan->deadline_days, lang);

                /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio, its calendar days on those nodes, the deadline */
                return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): the job would split well across those nodes, but with the move to a cluster it would take %s in all, past the %s deadline."), a, name, b, c, d, days, deadline);
              }
          }
        if (plan != NULL && plan->cost_unknown)
          /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio, the quote of the verdict; no quote has a price */
          return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): the job would split well across those nodes, but it needs no cluster, since one machine of %s finishes it in time."), a, name, b, c, d, chosen);
        /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio, the recommended quote */
        return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): the job would split well across those nodes, but it needs no cluster, since one machine of %s finishes it in time at the lowest total cost."), a, name, b, c, d, chosen);
      }

    case CP_OUTCOME_VERDICT_HOLDS:
      if (reason->quote_index < 0)
        return g_strdup (_("The answer holds across the range of the assumptions: no quote becomes feasible at their optimistic ends."));
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        a = cp_i18n_format_money_whole (v[0], currency, lang);
        b = cp_i18n_format_money_whole (v[1], currency, lang);
        /* Under a day at the high end, both ends in hours as the
         * window's table says them: "0.09 days to 0.1 days" beside
         * 416 CNY, which only a run past 3 h (0.125 days) costs, hid the
         * range (walk37 W1). */
        c = v[3] < 1 ? cp_reason_hours_text (v[2] * 24, 1, lang) : cp_i18n_format_days (v[2], lang);
        d = v[3] < 1 ? cp_reason_hours_text (v[3] * 24, 1, lang) : cp_i18n_format_days (v[3], lang);
        if (plan != NULL && plan->cost_unknown)
          /* TRANSLATORS: R6, no quote has a price; quote name, calendar days low and high */
          return g_strdup_printf (_("The answer holds across the range of the assumptions: %s still runs the job in time at both ends, in %s to %s."), name, c, d);
        if (v[0] == v[1] && v[2] == v[3])
          /* TRANSLATORS: R6; %s is a quote name */
          return g_strdup_printf (_("The recommendation holds across the range of the assumptions: the time and cost of %s do not depend on them."), name);
        if (g_strcmp0 (a, b) == 0)
          /* A month's fixed rent does not move with the assumptions, the
           * days do: "for ¥38,000 to ¥38,000" read as a slip (lead15).
           * TRANSLATORS: R6; quote name, its total cost, calendar days low and high */
          return g_strdup_printf (_("The recommendation holds across the range of the assumptions: %s stays the cheapest feasible option at both ends, for %s in %s to %s."), name, a, c, d);
        /* TRANSLATORS: R6; quote name, total cost low and high, calendar days low and high */
        return g_strdup_printf (_("The recommendation holds across the range of the assumptions: %s stays the cheapest feasible option at both ends, for %s to %s in %s to %s."), name, a, b, c, d);
      }

    case CP_OUTCOME_VERDICT_FLIPS:
      {
        g_autofree char *name = reason->quote_index >= 0 ? cp_words_quote_name (project, reason->quote_index) : NULL;
        int kind = (int) v[0];
        CpSpread spreads[CP_N_SPREADS];

        if (kind < 0 || kind >= CP_N_SPREADS)
          {
            if (name != NULL && plan != NULL && plan->recommended < 0)
              /* TRANSLATORS: R6, nothing feasible; %s is a quote name */
              return g_strdup_printf (_("The answer does not hold across the range: with every assumption at its optimistic end, %s becomes feasible."), name);
            if (name == NULL)
              return g_strdup (v[3] == CP_RANGE_PESSIMISTIC
                               ? _("The recommendation does not hold across the range: with every assumption at its pessimistic end no quote is feasible.")
                               : _("The answer does not hold across the range: with every assumption at its optimistic end a quote becomes feasible."));
            return g_strdup_printf (v[3] == CP_RANGE_PESSIMISTIC
                                    /* TRANSLATORS: R6; %s is a quote name */
                                    ? _("The recommendation does not hold across the range: with every assumption at its pessimistic end, %s wins.")
                                    /* TRANSLATORS: R6; %s is a quote name */
                                    : _("The recommendation does not hold across the range: with every assumption at its optimistic end, %s wins."),
                                    name);
          }
        cp_range_get_spreads (&project->settings, spreads, G_N_ELEMENTS (spreads));
        a = spread_threshold_words (project, kind, v[1], spreads[kind].expected, lang);
        b = cp_words_spread_value (project, kind, spreads[kind].expected, lang);
        if (name == NULL)
          return g_strdup_printf (v[2] > 0
                                  /* TRANSLATORS: R6; an assumption ("utilisation") and its threshold */
                                  ? _("The answer does not hold across the range: no quote is feasible if %s is above %s.")
                                  /* TRANSLATORS: R6; an assumption ("utilisation") and its threshold */
                                  : _("The answer does not hold across the range: no quote is feasible if %s is below %s."),
                                  cp_words_spread (kind), a);
        if (plan != NULL && plan->recommended < 0)
          return g_strdup_printf (v[2] > 0
                                  /* TRANSLATORS: R6, nothing feasible; quote name, an assumption, its threshold */
                                  ? _("The answer does not hold across the range: %s becomes feasible if %s is above %s.")
                                  /* TRANSLATORS: R6, nothing feasible; quote name, an assumption, its threshold */
                                  : _("The answer does not hold across the range: %s becomes feasible if %s is below %s."),
                                  name, cp_words_spread (kind), a);
        return g_strdup_printf (v[2] > 0
                                /* TRANSLATORS: R6; quote name, an assumption ("utilisation"), its threshold, the value assumed */
                                ? _("The recommendation does not hold across the range: %s wins if %s is above %s (assumed: %s).")
                                /* TRANSLATORS: R6; quote name, an assumption ("utilisation"), its threshold, the value assumed */
                                : _("The recommendation does not hold across the range: %s wins if %s is below %s (assumed: %s)."),
                                name, cp_words_spread (kind), a, b);
      }

    case CP_OUTCOME_NOTHING_FITS:
      a = cp_i18n_format_number (v[0], 0, lang);
      /* TRANSLATORS: R6; %s is the number of quotes evaluated */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "No quote can run this job: it does not fit in the memory of the %s quote evaluated (the GPUs', or the host memory CPU offload fills), at any node count it offers.",
                                           "No quote can run this job: it fits in the memory of none of the %s quotes evaluated (the GPUs', or the host memory CPU offload fills), at any node count they offer.",
                                           (gulong) v[0]),
                              a);

    case CP_OUTCOME_BEST_AVAILABLE:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);
        const CpQuote *quote = reason->quote_index >= 0 && (guint) reason->quote_index < project->quotes->len
                               ? g_ptr_array_index (project->quotes, reason->quote_index) : NULL;

        /* A quote without a price costs nothing only on paper: "0 CNY"
         * read as a free option (approver 20). */
        if (quote != NULL && (cp_quote_get_missing_in (quote, &project->settings) & CP_QUOTE_MISSING_PRICE) != 0)
          /* TRANSLATORS: stands for a cost in a sentence, for a quote without a price */
          b = g_strdup (_("a cost unknown without its price"));
        else
          b = cp_words_plan_money_whole (plan, v[1], currency, lang);
        c = cp_i18n_format_days (v[3], lang);
        if (plan != NULL && plan->shortfall == CP_SHORTFALL_ANSWER_TIME)
          {
            a = cp_words_answer_seconds (v[0], 0, lang);
            /* TRANSLATORS: R6; quote name, node count, total cost, the seconds a user waits for an answer */
            return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "No quote answers within the target time. Best available, the one that answers soonest: %1$s on %2$u node, %3$s, answering in %4$s s. It is shown, not recommended.",
                                                 "No quote answers within the target time. Best available, the one that answers soonest: %1$s on %2$u nodes, %3$s, answering in %4$s s. It is shown, not recommended.",
                                                 (gulong) v[2]),
                                    name, (guint) v[2], b, a);
          }
        if (plan != NULL && plan->shortfall == CP_SHORTFALL_CONCURRENCY)
          {
            a = cp_i18n_format_number (v[0], 0, lang);
            /* TRANSLATORS: R6; quote name, node count, total cost, concurrent requests served */
            return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "No quote carries the target concurrency. Best available, the one that serves the most: %1$s on %2$u node, %3$s, serving %4$s concurrent requests. It is shown, not recommended.",
                                                 "No quote carries the target concurrency. Best available, the one that serves the most: %1$s on %2$u nodes, %3$s, serving %4$s concurrent requests. It is shown, not recommended.",
                                                 (gulong) v[2]),
                                    name, (guint) v[2], b, a);
          }
        a = cp_i18n_format_days (v[0], lang);
        if (plan != NULL && plan->shortfall == CP_SHORTFALL_LONGEST_RUN)
          /* TRANSLATORS: R6; quote name, node count, total cost, calendar days, the longest acceptable run */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "There is no deadline, and no quote's run fits within the longest acceptable run of %5$s. Best available, the one that finishes soonest: %1$s on %2$u node, %3$s, finishing in %4$s. It is shown, not recommended.",
                                               "There is no deadline, and no quote's run fits within the longest acceptable run of %5$s. Best available, the one that finishes soonest: %1$s on %2$u nodes, %3$s, finishing in %4$s. It is shown, not recommended.",
                                               (gulong) v[2]),
                                  name, (guint) v[2], b, a, c);
        /* The finish beside the deadline it misses, each shown so that
         * it reads as missed (walk36 F2: 0.35 days as "0.3 days"). */
        g_clear_pointer (&a, g_free);
        g_clear_pointer (&c, g_free);
        cp_words_finish_and_deadline (v[0], v[3], lang, &a, &c);
        /* TRANSLATORS: R6; quote name, node count, total cost, calendar days, the deadline */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "No quote finishes by the %5$s deadline. Best available, the one that finishes soonest: %1$s on %2$u node, %3$s, finishing in %4$s. It is shown, not recommended.",
                                             "No quote finishes by the %5$s deadline. Best available, the one that finishes soonest: %1$s on %2$u nodes, %3$s, finishing in %4$s. It is shown, not recommended.",
                                             (gulong) v[2]),
                                name, (guint) v[2], b, a, c);
      }

    case CP_OUTCOME_NODES_MEET_DEADLINE:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);
        const CpQuote *quote = reason->quote_index >= 0 && (guint) reason->quote_index < project->quotes->len
                               ? g_ptr_array_index (project->quotes, reason->quote_index) : NULL;

        a = cp_i18n_format_days (v[1], lang);
        b = cp_words_plan_money_whole (plan, v[2], currency, lang);
        c = cp_i18n_format_days (v[3], lang);
        if (plan != NULL && plan->shortfall == CP_SHORTFALL_LONGEST_RUN)
          /* TRANSLATORS: R6; quote name, node count, nodes the quote offers, run days, the longest acceptable run, total cost */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%1$s would run within the longest acceptable run of %5$s on %2$u nodes, in %4$s for %6$s, but it offers only %3$u node: ask the vendor for more.",
                                               "%1$s would run within the longest acceptable run of %5$s on %2$u nodes, in %4$s for %6$s, but it offers only %3$u nodes: ask the vendor for more.",
                                               quote != NULL ? quote->nodes_available : 0),
                                  name, (guint) v[0], quote != NULL ? quote->nodes_available : 0, a, c, b);
        /* TRANSLATORS: R6; quote name, node count, nodes the quote offers, calendar days, the deadline, total cost */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%1$s would meet the %5$s deadline on %2$u nodes, finishing in %4$s for %6$s, but it offers only %3$u node: ask the vendor for more.",
                                             "%1$s would meet the %5$s deadline on %2$u nodes, finishing in %4$s for %6$s, but it offers only %3$u nodes: ask the vendor for more.",
                                             quote != NULL ? quote->nodes_available : 0),
                                name, (guint) v[0], quote != NULL ? quote->nodes_available : 0, a, c, b);
      }

    case CP_OUTCOME_DEADLINE_NEEDED:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);
        g_autofree char *limit = NULL;

        deadline_needed_days (v[0], v[3], lang, &limit, &c);
        a = cp_i18n_format_days (v[0], lang);
        b = cp_words_plan_money_whole (plan, v[2], currency, lang);
        if (plan != NULL && plan->shortfall == CP_SHORTFALL_LONGEST_RUN)
          /* TRANSLATORS: R6; quote name, node count, total cost, its run, the longest acceptable run now, the run rounded up to a limit */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%1$s on %2$u node (its fastest) runs %4$s: a longest acceptable run of at least %6$s, instead of %5$s, would accept it, for %3$s.",
                                               "%1$s on %2$u nodes (its fastest) runs %4$s: a longest acceptable run of at least %6$s, instead of %5$s, would accept it, for %3$s.",
                                               (gulong) v[1]),
                                  name, (guint) v[1], b, a, c, limit);
        /* TRANSLATORS: R6; quote name, node count, total cost, the deadline it needs, the deadline now */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%1$s on %2$u node (its fastest) would meet a deadline of %4$s instead of %5$s, for %3$s.",
                                             "%1$s on %2$u nodes (its fastest) would meet a deadline of %4$s instead of %5$s, for %3$s.",
                                             (gulong) v[1]),
                                name, (guint) v[1], b, limit, c);
      }

    case CP_OUTCOME_COMMUNICATION_DOMINATES:
    case CP_OUTCOME_COMMUNICATION_DOMINATES_CLUSTER_NEEDED:
      {
        /* The quote is named: its own figures, not another quote's. */
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        a = cp_i18n_format_number (v[3], 0, lang);
        b = all_communication (v[2], lang);
        c = r5_computing (plan, reason->quote_index, v[3], v[1], lang);
        d = cp_i18n_format_number (v[0], 2, lang);
        if (reason->outcome == CP_OUTCOME_COMMUNICATION_DOMINATES_CLUSTER_NEEDED)
          /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio */
          return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): communication dominates, yet one machine cannot do the job (R1, R7), so the cluster stays; a faster network would shorten the run."), a, name, b, c, d);
        /* TRANSLATORS: R5; node count, quote name, communication time, computing time, ratio */
        return g_strdup_printf (_("On %s nodes of %s, communication takes %s against %s of computing (ratio %s): communication dominates, so one multi-GPU machine is better."), a, name, b, c, d);
      }

    case CP_OUTCOME_CHEAPEST_TOTAL:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);
        const CpOption *late;

        a = cp_i18n_format_money_whole (v[0], currency, lang);
        c = unit_price_rank (project, plan, reason->quote_index, v[2], name, lang);
        /* With one option there is nothing to rank it against. */
        if (plan != NULL && plan->options->len == 1)
          /* TRANSLATORS: R6, one quote evaluated; quote name, its total cost */
          return g_strdup_printf (_("%s finishes the job for a total cost of %s; it is the only quote evaluated, so nothing is ranked against it."), name, a);
        late = plan != NULL ? cp_words_cheapest_late_option (plan, v[0]) : NULL;
        if (late != NULL)
          {
            g_autofree char *late_name = cp_words_quote_name (project, late->quote_index);

            b = cp_i18n_format_money_whole (late->estimate.total_cost, currency, lang);
            if (plan->deadline_days <= 0)
              {
                g_autofree char *limit = cp_i18n_format_days (late->estimate.longest_run_days, lang);

                /* TRANSLATORS: R6 with no deadline; quote name, its total cost, a cheaper quote's name, its total cost, the longest acceptable run, where the recommended quote's unit price ranks */
                return g_strdup_printf (_("%s finishes the job at the lowest total cost of the quotes that run within the longest acceptable run, %s; %s would cost less, %s, but runs longer than %s. %s"),
                                        name, a, late_name, b, limit, c);
              }
            /* The rank by total cost is among the options that meet the
             * deadline: said as such, with the cheaper one that misses
             * it, since the table beside shows its lower figure.
             * TRANSLATORS: R6; quote name, its total cost, a cheaper quote's name, its total cost, where its unit price ranks */
            return g_strdup_printf (_("%s finishes the job at the lowest total cost of the quotes that meet the deadline, %s; %s would cost less, %s, but misses the deadline. %s"),
                                    name, a, late_name, b, c);
          }
        if (!isfinite (v[1]) || v[1] <= 0)
          /* TRANSLATORS: R6; quote name, its total cost, then where its unit price ranks ("Shenzhen Cloud is also the cheapest per GPU-hour.") */
          return g_strdup_printf (_("%s finishes the job at the lowest total cost, %s. %s"), name, a, c);
        /* Equal as shown, the planner ranks by the sooner finish, then
         * the fewer nodes (cp-plan.c): "the lowest total cost, 72,000
         * CNY, against 72,000 CNY" called one cheaper by 0.4 CNY. */
        if (round (v[0]) == round (v[1]) && plan != NULL)
          {
            char *tie = tie_words (project, plan, name, a, c, lang);

            if (tie != NULL)
              return tie;
          }
        b = cp_i18n_format_money_whole (v[1], currency, lang);
        /* TRANSLATORS: R6; quote name, its total cost, the runner-up's, then where its unit price ranks */
        return g_strdup_printf (_("%s finishes the job at the lowest total cost, %s, against %s for the runner-up. %s"), name, a, b, c);
      }

    case CP_OUTCOME_SEPARATE_MACHINES:
      a = cp_words_quote_name (project, reason->quote_index);
      b = cp_i18n_format_number (v[0], 0, lang);
      /* TRANSLATORS: R5; the quote's name, then how many machines it offers */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s offers %s machine with no network between them: each is evaluated alone, as a single machine, never as a cluster.",
                                           "%s offers %s machines with no network between them: each is evaluated alone, as a single machine, never as a cluster.",
                                           (gulong) v[0]),
                              a, b);

    case CP_OUTCOME_ASK_BANDWIDTH:
      if ((a = vendor_to_ask (project, (int) v[0])) != NULL)
        /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several) */
        return g_strdup_printf (C_("one vendor", "Ask %s whether inter-node bandwidth is dedicated or shared; until then it is evaluated as shared."), a);
      a = cp_words_quote_name (project, (int) v[0]);
      return g_strdup_printf (_("Ask the vendor of %s whether inter-node bandwidth is dedicated or shared; until then it is evaluated as shared."), a);

    case CP_OUTCOME_ASK_STORAGE:
      if ((a = vendor_to_ask (project, (int) v[0])) != NULL)
        /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several) */
        return g_strdup_printf (C_("one vendor", "Ask %s what storage is offered: a parallel file system or a network disk."), a);
      a = cp_words_quote_name (project, (int) v[0]);
      return g_strdup_printf (_("Ask the vendor of %s what storage is offered: a parallel file system or a network disk."), a);

    case CP_OUTCOME_ASK_UNSTATED_COSTS:
      if ((a = vendor_to_ask (project, (int) v[0])) != NULL)
        {
          if ((CpUnstatedCost) v[1] == CP_UNSTATED_STORAGE_PRICE)
            /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several) */
            return g_strdup_printf (_("Ask %s what its storage costs: the quote does not say, it is counted as nothing, and the recommendation depends on it."), a);
          if ((CpUnstatedCost) v[1] == CP_UNSTATED_NETWORK_FEE)
            /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several) */
            return g_strdup_printf (_("Ask %s what the network between nodes costs: the quote does not say, it is counted as nothing, and the recommendation depends on it."), a);
          /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several) */
          return g_strdup_printf (_("Ask %s what storage and the network between nodes cost: the quote does not say, they are counted as nothing, and the recommendation depends on it."), a);
        }
      a = cp_words_quote_name (project, (int) v[0]);
      if ((CpUnstatedCost) v[1] == CP_UNSTATED_STORAGE_PRICE)
        /* TRANSLATORS: R6; the quote's name */
        return g_strdup_printf (_("Ask the vendor of %s what its storage costs: the quote does not say, it is counted as nothing, and the recommendation depends on it."), a);
      if ((CpUnstatedCost) v[1] == CP_UNSTATED_NETWORK_FEE)
        /* TRANSLATORS: R6; the quote's name */
        return g_strdup_printf (_("Ask the vendor of %s what the network between nodes costs: the quote does not say, it is counted as nothing, and the recommendation depends on it."), a);
      /* TRANSLATORS: R6; the quote's name */
      return g_strdup_printf (_("Ask the vendor of %s what storage and the network between nodes cost: the quote does not say, they are counted as nothing, and the recommendation depends on it."), a);

    case CP_OUTCOME_ASK_HOST_MEMORY:
      b = cp_reason_host_memory_text (project, v[1], lang);
      if ((a = vendor_to_ask (project, (int) v[0])) != NULL)
        /* TRANSLATORS: R6; the vendor (with its quote's offer when it gave several), then a size */
        return g_strdup_printf (_("Ask %s how much host memory each machine has: CPU offload keeps %s of optimizer states, fp32 master weights and gradients there, which this plan assumes the machine has."), a, b);
      a = cp_words_quote_name (project, (int) v[0]);
      /* TRANSLATORS: R6; the quote's name, then a size */
      return g_strdup_printf (_("Ask the vendor of %s how much host memory each machine has: CPU offload keeps %s of optimizer states, fp32 master weights and gradients there, which this plan assumes the machine has."), a, b);

    case CP_OUTCOME_IMPLAUSIBLE_PRICE:
      {
        const char *unit = cp_i18n_currency_name (currency, lang);
        g_autofree char *price = cp_i18n_format_value (v[1], lang);
        g_autofree char *low = cp_i18n_format_value (v[2], lang);
        g_autofree char *high = cp_i18n_format_value (v[3], lang);

        a = cp_words_quote_name (project, (int) v[0]);
        /* TRANSLATORS: the price is that of one GPU-hour; the last %s is the currency */
        return g_strdup_printf (_("The price of %s works out to %s %s per GPU-hour, outside the %s–%s %s that GPUs rent for: check its unit (Billed per) before trusting its total."),
                                a, price, unit, low, high, unit);
      }

    case CP_OUTCOME_COST_NEEDS_PRICE:
      a = cp_i18n_format_number (v[0], 0, lang);
      /* TRANSLATORS: R6; %s is the number of quotes evaluated without a price */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "No quote has a price to compare, so the verdict says only what the hardware of the %s quote evaluated can run: the fewest machines that still run the job in time with every assumption at its pessimistic end (if none does, at the expected figures). The total cost, and a ranking by it, need a price.",
                                           "No quote has a price to compare, so the verdict says only what the hardware of the %s quotes evaluated can run: the fewest machines that still run the job in time with every assumption at its pessimistic end (if none does, at the expected figures). The total cost, and a ranking by it, need a price.",
                                           (gulong) v[0]),
                              a);

    default:
      break;
    }
  return NULL;
}

/* @used_h rounded up to the quote's billing step; a step no shorter than
 * the minimum term (a monthly price's month, both assumed) leaves @used_h
 * as it is, so that a use shorter than the term is said as the term's. */
static double
granular_hours (const CpQuote    *quote,
                const CpSettings *settings,
                double            used_h)
{
  double step_h = cp_quote_billing_granularity_h (quote, settings);

  if (step_h <= 0 || step_h >= cp_quote_minimum_term_h (quote, settings))
    return used_h;
  return ceil (used_h / step_h - 1e-9) * step_h;
}

/* The term as a phrase: whole months, else whole days, else hours. */
static char *
minimum_term_words (double term_h, double hours_per_month, const char *lang)
{
  double months = term_h / hours_per_month, days = term_h / 24.0;
  g_autofree char *number = NULL;

  if (months >= 1 && fabs (months - round (months)) < 1e-6)
    {
      number = cp_i18n_format_number (round (months), 0, lang);
      /* TRANSLATORS: a minimum rental term; %s is a whole number of months */
      return g_strdup_printf (_("the %s-month minimum"), number);
    }
  if (days >= 1 && fabs (days - round (days)) < 1e-6)
    {
      number = cp_i18n_format_number (round (days), 0, lang);
      /* TRANSLATORS: a minimum rental term; %s is a whole number of days */
      return g_strdup_printf (_("the %s-day minimum"), number);
    }
  number = cp_i18n_format_value (term_h, lang);
  /* TRANSLATORS: a minimum rental term; %s is a number of hours */
  return g_strdup_printf (_("the %s-hour minimum"), number);
}

/* The time a billed rental is used: under a day in hours, as page 1 says
 * the job's length and its range ("for 0.2 days of use" beside "3.5–5.6
 * h", walk38b G2), days from a day. */
static char *
used_text (double      used_h,
           const char *lang)
{
  return used_h < 24 ? cp_reason_hours_text (used_h, 1, lang) : cp_i18n_format_days (used_h / 24.0, lang);
}

/* The billing rule of cp-estimate-cost.c seen from the words: the hours
 * used per node are rounded up to the granularity, and the minimum term
 * drives the rental when it is more than that. On one machine debugging
 * and the run share one rental; beside a cluster run the run's rental is
 * the one the term sets (debugging's own when it is short too). */
char *
cp_words_minimum_term (const CpProject *project,
                       const CpOption  *option,
                       const char      *lang)
{
  const CpQuote *quote;
  const CpEstimate *e = &option->estimate;
  double term_h, used_h, granular_h, rental;
  g_autofree char *term = NULL, *rental_text = NULL, *total = NULL, *used = NULL;

  if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len || !e->fits)
    return NULL;
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  term_h = cp_quote_minimum_term_h (quote, &project->settings);
  if (term_h <= 0 || quote->price <= 0)
    return NULL;

  used_h = e->run_days * 24.0;
  rental = e->compute_cost;
  if (e->nodes <= 1)
    {
      used_h += e->debug_days * 24.0;
      rental += e->debug_cost;
    }
  else if (e->debug_days > 0 && e->debug_days * 24.0 < term_h)
    rental += e->debug_cost;
  granular_h = granular_hours (quote, &project->settings, used_h);
  if (used_h <= 0)
    return NULL;
  /* A monthly price with no term stated is billed by whole months, not
   * for a minimum the vendor never named: "Billed for the 1-month
   * minimum" read as the quote's term while the appendix called it an
   * assumption and page 1 asked the vendor (approver 22). */
  if (granular_h >= term_h || (cp_quote_minimum_term_is_assumed (quote) && cp_quote_billing_granularity_is_assumed (quote)))
    {
      /* Past the term, a step of a month or more is said in months:
       * 36.8 days at 30,000 per node-month is billed as two months. */
      double step_h = cp_quote_billing_granularity_h (quote, &project->settings);
      double billed_h = cp_quote_billed_hours (quote, &project->settings, used_h);
      double months = MAX (billed_h, term_h) / project->settings.hours_per_month;
      g_autofree char *n_months = NULL;
      gulong n;

      if (step_h < project->settings.hours_per_month - 1e-6 || MAX (billed_h, term_h) <= used_h + 1e-6)
        return NULL;
      n_months = cp_i18n_format_value (months, lang);
      n = (gulong) round (months);
      rental_text = cp_i18n_format_money_whole (rental, quote->currency, lang);
      total = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
      used = used_text (used_h, lang);
      /* The rental may be the whole cost ("¥70,000 of ¥70,000" read
       * wrong, approver, 2 December): then it is said once. */
      if (strcmp (rental_text, total) == 0)
        {
          if (cp_quote_billing_granularity_is_assumed (quote))
            /* TRANSLATORS: a monthly price billed by whole months; the months billed, the rental (the option's whole cost), the time the job uses */
            return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Billed by whole months, as the price is per node-month: %s month, %s, the option’s whole cost, for %s of use.", "Billed by whole months, as the price is per node-month: %s months, %s, the option’s whole cost, for %s of use.", n),
                                    n_months, rental_text, used);
          /* TRANSLATORS: billed by whole months as the quote states; the months billed, the rental (the option's whole cost), the time the job uses */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Billed by whole months, as the quote states: %s month, %s, the option’s whole cost, for %s of use.", "Billed by whole months, as the quote states: %s months, %s, the option’s whole cost, for %s of use.", n),
                                  n_months, rental_text, used);
        }
      if (cp_quote_billing_granularity_is_assumed (quote))
        /* TRANSLATORS: a monthly price billed by whole months; the months billed, the rental, the option's total cost, the time the job uses */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Billed by whole months, as the price is per node-month: %s month, %s of %s, for %s of use.", "Billed by whole months, as the price is per node-month: %s months, %s of %s, for %s of use.", n),
                                n_months, rental_text, total, used);
      /* TRANSLATORS: billed by whole months as the quote states; the months billed, the rental, the option's total cost, the time the job uses */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Billed by whole months, as the quote states: %s month, %s of %s, for %s of use.", "Billed by whole months, as the quote states: %s months, %s of %s, for %s of use.", n),
                              n_months, rental_text, total, used);
    }

  term = minimum_term_words (term_h, project->settings.hours_per_month, lang);
  rental_text = cp_i18n_format_money_whole (rental, quote->currency, lang);
  total = cp_i18n_format_money_whole (e->total_cost, quote->currency, lang);
  used = used_text (used_h, lang);
  if (strcmp (rental_text, total) == 0)
    /* TRANSLATORS: the minimum term (e.g. "the 1-month minimum"), the rental it sets (the option's whole cost), the time the job uses */
    return g_strdup_printf (_("Billed for %s: %s, the option’s whole cost, for %s of use."), term, rental_text, used);
  /* TRANSLATORS: the minimum term (e.g. "the 1-month minimum"), the rental it sets, the option's total cost, the time the job uses */
  return g_strdup_printf (_("Billed for %s: %s of %s, for %s of use."), term, rental_text, total, used);
}

char *
cp_words_network_fee_estimate (const CpProject *project,
                               const CpPlan    *plan,
                               const char      *lang)
{
  const CpQuote *rate_quote;
  g_autofree char *money = NULL;
  g_autofree char *rate = NULL;
  g_autofree char *vendor = NULL;
  char *text;

  if (plan->network_fee_estimate_quote < 0 || (guint) plan->network_fee_estimate_quote >= project->quotes->len ||
      !(plan->network_fee_estimate_cost > 0))
    return NULL;
  rate_quote = g_ptr_array_index (project->quotes, plan->network_fee_estimate_quote);
  cp_i18n_push_language (lang);
  money = cp_i18n_format_money_whole (plan->network_fee_estimate_cost, project->settings.currency, lang);
  rate = cp_i18n_format_money (rate_quote->network_fee_per_node_month, rate_quote->currency, lang);
  vendor = cp_words_quote_short_name (project, plan->network_fee_estimate_quote);
  /* TRANSLATORS: an unstated network fee as the plan estimates it: the amount, then the quote whose fee it is read at, and that fee */
  text = g_strdup_printf (_("about %s at %s’s %s per node-month"), money, vendor, rate);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_network_fee_waived (const CpProject *project,
                             const CpOption  *option,
                             const char      *lang)
{
  const CpQuote *quote;
  char *text;

  if (option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len || !option->estimate.fits)
    return NULL;
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  if (!(quote->network_fee_per_node_month > 0) || option->estimate.nodes > 1)
    return NULL;
  cp_i18n_push_language (lang);
  /* A quoted 2,000 CNY per node-month shown as 0 with no word read as a
   * fee that vanished (approver 22, finding 19). */
  text = g_strdup (_("No network fee: one node, no traffic between nodes."));
  cp_i18n_pop_language ();
  return text;
}
