/* cp-reason-unconfirmed.c: what a recommendation rests on that its quote
 * does not state (billing terms, storage or network prices, host memory),
 * said beside the answer with the vendors to ask, and a price whose unit
 * looks wrong. */

#include "cp-report-private.h"
#include "cp-reason-text.h"

#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* The vendors of the quotes @plan's @outcome reasons ask, each once:
 * "Vendor G and Vendor C". Call with the language pushed. */
static char *
vendors_asked (const CpProject *project,
               const CpPlan    *plan,
               CpOutcome        outcome)
{
  g_autoptr(GPtrArray) vendors = g_ptr_array_new ();
  g_autoptr(GHashTable) named = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      const CpQuote *quote;
      const char *vendor;

      if (reason->outcome != outcome || reason->quote_index < 0 ||
          (guint) reason->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, reason->quote_index);
      vendor = quote->vendor != NULL && *quote->vendor != '\0' ? quote->vendor : quote->offer_name;
      if (vendor == NULL || !g_hash_table_add (named, (gpointer) vendor))
        continue;
      g_ptr_array_add (vendors, (char *) vendor);
    }
  return cp_words_join_names (vendors);
}

/* Whether @plan's recommended option reads its quote's hourly price as
 * billed by the hour with no minimum term because the quote states
 * neither its billing step nor its minimum (cp_quote_billed_hours()). */
static gboolean
recommended_reads_hourly (const CpProject *project,
                          const CpPlan    *plan)
{
  const CpQuote *quote;

  if (plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return FALSE;
  quote = g_ptr_array_index (project->quotes, g_array_index (plan->options, CpOption, plan->recommended).quote_index);
  return cp_quote_billing_terms_open (quote);
}

/* The recommended total reads its quote's hourly price as billed by the
 * hour with no minimum term: what a one-month minimum would make it, and
 * the quote then recommended (CpPlan.month_minimum_*). Said after the
 * not-firm sentence on billing terms and, the choice firm otherwise,
 * after the window's verdict, as page 1 lists it among the answers to
 * come (room36: the window's firm verdict left it out). NULL when the
 * recommended quote states its billing. */
char *
cp_words_month_minimum (const CpProject *project,
                        const CpPlan    *plan,
                        const char      *lang)
{
  const CpOption *option;
  const CpQuote *quote;
  g_autofree char *recommended = NULL;
  g_autofree char *total = NULL;
  g_autofree char *own = NULL;

  if (!recommended_reads_hourly (project, plan))
    return NULL;
  option = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  cp_i18n_push_language (lang);
  recommended = cp_words_quote_short_name (project, option->quote_index);
  total = cp_i18n_format_money_whole (option->estimate.total_cost, quote->currency, lang);
  /* Whose total, and how much: "Its own total" after the winner's name
   * read as the winner's (approver 34, B3). With the figure where the
   * planner has one (approver 34, B3: "would raise it" left the approver
   * to guess 60,598 CNY). */
  if (plan->month_minimum_cost > 0 && plan->month_minimum_winner >= 0 &&
      (guint) plan->month_minimum_winner < project->quotes->len)
    {
      g_autofree char *month = cp_i18n_format_money_whole (plan->month_minimum_cost, quote->currency, lang);
      g_autofree char *then = cp_words_quote_short_name (project, plan->month_minimum_winner);
      g_autofree char *then_cost = cp_i18n_format_money_whole (plan->month_minimum_winner_cost, quote->currency, lang);

      /* The window says the case page 1 lists (walkthrough 35, U7:
       * "a minimum term would raise it" in the room, Vendor B at
       * 52,000 CNY in the report).
       * TRANSLATORS: after the not-firm sentence on billing terms: the recommended total cost, the
       * recommended quote, whose hourly price is read as billed by the hour, its total with a one-month
       * minimum term, then the quote recommended then and its total */
      own = g_strdup_printf (_("The recommended total, %s, takes %s’s hourly price as billed by the hour with no minimum term; a one-month minimum term would make it %s, and %s would be recommended at %s."),
                             total, recommended, month, then, then_cost);
    }
  else if (plan->month_minimum_cost > 0)
    {
      g_autofree char *month = cp_i18n_format_money_whole (plan->month_minimum_cost, quote->currency, lang);

      /* TRANSLATORS: after the not-firm sentence on billing terms: the recommended total cost, the
       * recommended quote, whose hourly price is read as billed by the hour, and its total with a one-month minimum term */
      own = g_strdup_printf (_("The recommended total, %s, takes %s’s hourly price as billed by the hour with no minimum term; a one-month minimum term would make it %s."),
                             total, recommended, month);
    }
  else
    /* TRANSLATORS: after the not-firm sentence on billing terms: the recommended total cost, then the
     * recommended quote, whose hourly price is read as billed by the hour */
    own = g_strdup_printf (_("The recommended total, %s, takes %s’s hourly price as billed by the hour with no minimum term; a minimum term would raise it."),
                           total, recommended);
  cp_i18n_pop_language ();
  return cp_i18n_space_names (project, own, lang);
}

/* The verdict rests on the storage or network prices the quotes leave
 * unstated, counted as none: the quote @winner_index that wins when each
 * is priced as the dearest other quote prices it
 * (CpPlan.unstated_costs_winner), at @winner_cost, and the vendors its
 * reasons ask, on one line. */
static char *
unstated_unconfirmed (const CpProject *project,
                      const CpPlan    *plan,
                      int              winner_index,
                      double           winner_cost,
                      const char      *lang)
{
  const CpQuote *winner = g_ptr_array_index (project->quotes, winner_index);
  g_autofree char *name = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *vendors = NULL;
  char *text;

  cp_i18n_push_language (lang);
  name = cp_words_quote_short_name (project, winner_index);
  cost = cp_i18n_format_money_whole (winner_cost, winner->currency, lang);
  vendors = vendors_asked (project, plan, CP_OUTCOME_ASK_UNSTATED_COSTS);
  /* TRANSLATORS: the recommendation rests on storage or network prices a quote leaves out, counted as none;
   * the quote that would win with each priced as the dearest other quote prices it, its total cost then, and the vendors to ask */
  text = g_strdup_printf (_("Not firm: it rests on storage or network prices the quote does not state, counted as nothing. Priced as the dearest other quote prices them, %s would be recommended at %s. Ask %s what they charge."),
                          name, cost, vendors);
  cp_i18n_pop_language ();
  return text;
}

/* The verdict rests on renting @option, part of its quote's offer, alone:
 * with every offer rented whole, @next would win at @next_cost. */
static char *
part_unconfirmed (const CpProject *project,
                  const CpOption  *option,
                  const CpOption  *next,
                  double           next_cost,
                  const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpQuote *other = g_ptr_array_index (project->quotes, next->quote_index);
  g_autofree char *rented = NULL, *offered = NULL, *whole = NULL, *name = NULL, *cost = NULL, *vendor = NULL;
  char *text;

  cp_i18n_push_language (lang);
  rented = cp_i18n_format_number (option->estimate.nodes, 0, lang);
  offered = cp_i18n_format_number (quote->nodes_available, 0, lang);
  whole = cp_i18n_format_money_whole (cp_option_whole_offer_cost (project, option), quote->currency, lang);
  name = cp_words_quote_short_name (project, next->quote_index);
  cost = cp_i18n_format_money_whole (next_cost, other->currency, lang);
  /* The vendor is asked, not its offer, which the sentence is about
   * already: "Ask 华东智算 — 8×H800 80G SXM 整机 whether …" (walk39 F6). */
  vendor = quote->vendor != NULL && *quote->vendor != '\0' ? g_strdup (quote->vendor)
           : cp_words_quote_short_name (project, option->quote_index);
  /* The winner is counted at its whole offer too (cp_plan_whole_offer_winner()):
   * its figure said bare sat two lines above the same quote's part of its
   * offer, 115,200 CNY for Huawei's 8 nodes beside 112,680 for 3 (walk38 F7). */
  if (next->estimate.nodes < other->nodes_available)
    {
      g_autofree char *other_offered = cp_i18n_format_number (other->nodes_available, 0, lang);

      /* TRANSLATORS: the recommendation rests on renting part of an offer alone: the nodes rented, the
       * nodes offered, the cost with the whole offer rented for the same time, the quote that would then
       * win, its cost and the nodes of its own whole offer that cost is for, and the vendor to ask */
      text = g_strdup_printf (_("Not firm: it rests on renting %s of the %s nodes offered; with the whole offer it costs %s, and %s wins at %s for its whole offer of %s nodes. Ask %s whether part can be rented alone."),
                              rented, offered, whole, name, cost, other_offered, vendor);
    }
  else
    /* TRANSLATORS: the recommendation rests on renting part of an offer alone: the nodes rented, the nodes
     * offered, the cost with the whole offer rented for the same time, the quote that would then win and
     * its cost, and the vendor to ask */
    text = g_strdup_printf (_("Not firm: it rests on renting %s of the %s nodes offered; with the whole offer it costs %s, and %s wins at %s. Ask %s whether part can be rented alone."),
                            rented, offered, whole, name, cost, vendor);
  cp_i18n_pop_language ();
  return text;
}

static const char *
quote_vendor (const CpQuote *quote)
{
  if (quote->vendor != NULL && *quote->vendor != '\0')
    return quote->vendor;
  return quote->offer_name != NULL ? quote->offer_name : "";
}

CpUnstatedCost
cp_words_unstated_of_quote (const CpPlan *plan,
                            int           quote_index)
{
  CpUnstatedCost costs = 0;

  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == CP_OUTCOME_ASK_UNSTATED_COSTS && reason->quote_index == quote_index)
        costs |= (CpUnstatedCost) reason->values[1];
    }
  return costs;
}

/* The compared quote that states the dearest storage price (@storage) or
 * network fee, whose price the planner reads an unstated one at
 * (check_unstated_costs()); NULL if none states it. */
static const CpQuote *
dearest_pricer (const CpProject *project,
                const CpPlan    *plan,
                gboolean         storage)
{
  const CpQuote *dearest = NULL;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      double price = storage ? quote->storage_price_per_tb_month : quote->network_fee_per_node_month;

      if (price > 0 && (dearest == NULL || price > (storage ? dearest->storage_price_per_tb_month
                                                             : dearest->network_fee_per_node_month)))
        dearest = quote;
    }
  return dearest;
}

/* Host memory and storage or network prices the recommended quote does
 * not state, with another quote winning once the prices are read as the
 * dearest another quote states: what the recommended option then costs,
 * the winner and its cost, at whose price, and what to ask its vendor
 * (named beside it, as the recommendation's) for both, with @need, the
 * host memory a machine. Call with the language pushed. */
static char *
host_memory_and_prices_unconfirmed (const CpProject *project,
                                    const CpPlan    *plan,
                                    const CpOption  *option,
                                    const char      *need,
                                    const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  const CpQuote *winner = g_ptr_array_index (project->quotes, plan->unstated_costs_winner);
  CpUnstatedCost costs = cp_words_unstated_of_quote (plan, option->quote_index);
  const CpQuote *storage_pricer = (costs & CP_UNSTATED_STORAGE_PRICE) ? dearest_pricer (project, plan, TRUE) : NULL;
  const CpQuote *network_pricer = (costs & CP_UNSTATED_NETWORK_FEE) ? dearest_pricer (project, plan, FALSE) : NULL;
  const CpQuote *pricer = storage_pricer != NULL ? storage_pricer : network_pricer;
  g_autofree char *winner_name = cp_words_quote_short_name (project, plan->unstated_costs_winner);
  g_autofree char *winner_cost = cp_i18n_format_money_whole (plan->unstated_costs_winner_cost, winner->currency, lang);
  g_autofree char *own_cost = cp_i18n_format_money_whole (plan->unstated_costs_recommended_cost, quote->currency, lang);
  const char *what;

  if (storage_pricer != NULL && network_pricer != NULL)
    /* TRANSLATORS: the prices a quote leaves unstated, in "it rests on host memory and a %s the quote does not state" */
    what = _("storage price and network fee");
  else if (storage_pricer != NULL)
    /* TRANSLATORS: as "storage price and network fee" */
    what = _("storage price");
  else
    /* TRANSLATORS: as "storage price and network fee" */
    what = _("network fee");
  if (pricer != NULL && (storage_pricer == NULL || network_pricer == NULL || storage_pricer == network_pricer))
    /* TRANSLATORS: the recommendation rests on host memory and prices its quote does not state: what is unstated
     * ("storage price"), the vendor whose price is taken, the recommended option's total cost then, the quote that
     * wins and its cost, the recommended quote's vendor to ask, then the host memory a machine needs (approver 33,
     * A19: "Ask the vendor" after two other vendors' names sent the question to the wrong one) */
    return g_strdup_printf (_("Not firm: it rests on host memory and a %s the quote does not state; at %s’s price it costs %s and %s wins at %s. Ask %s for both (%s of host memory a machine)."),
                            what, quote_vendor (pricer), own_cost, winner_name, winner_cost, quote_vendor (quote), need);
  /* TRANSLATORS: as "Not firm: it rests on host memory and a %s the quote does not state; at %s’s price …", with
   * the prices taken from two quotes: what is unstated, the recommended option's cost, the quote that wins and its
   * cost, the recommended quote's vendor to ask, then the host memory a machine needs */
  return g_strdup_printf (_("Not firm: it rests on host memory and a %s the quote does not state; at the dearest prices other quotes state it costs %s and %s wins at %s. Ask %s for both (%s of host memory a machine)."),
                          what, own_cost, winner_name, winner_cost, quote_vendor (quote), need);
}

static char *
unconfirmed_text (const CpProject *project,
                  const CpPlan    *plan,
                  const char      *lang,
                  const char     **field)
{
  const CpOption *option;
  const CpQuote *quote;
  g_autofree char *name = NULL;
  g_autofree char *need = NULL;
  char *text;
  CpTeamQuestions questions;

  if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return NULL;
  option = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, option->quote_index);
  if (!(option->estimate.host_memory_per_node_bytes > 0) || quote->host_memory_per_node_bytes > 0)
    {
      if (plan->unstated_costs_winner >= 0 && (guint) plan->unstated_costs_winner < project->quotes->len)
        {
          if (field != NULL)
            *field = "unstated-costs";
          return unstated_unconfirmed (project, plan, plan->unstated_costs_winner, plan->unstated_costs_winner_cost,
                                       lang);
        }
      /* A part of an offer rented alone is asked of the vendor (the
       * memo's questions); the choice holds on it only if the offer
       * rented whole still costs less than the next option (approver, 3
       * December: 1 of 华为云's 2 nodes, called firm). */
      {
        double next_cost = 0;
        const CpOption *next = cp_plan_whole_offer_winner (project, plan, &next_cost);

        if (next != NULL)
          {
            if (field != NULL)
              *field = "part-of-offer";
            return part_unconfirmed (project, option, next, next_cost, lang);
          }
      }
      questions = cp_words_team_questions (project, plan);
      if (questions == CP_TEAM_QUESTION_NONE)
        return NULL;
      if (field != NULL)
        *field = "team";
      cp_i18n_push_language (lang);
      /* Only the question the choice turns on: no cluster cheaper
       * without its migration, no distributed training to ask about. */
      if (questions == CP_TEAM_QUESTION_OPERATIONS)
        /* TRANSLATORS: the recommended bare metal would give way to a hosted option were there nobody to run it (rule R8) */
        text = g_strdup (_("Not firm: it rests on an assumed team, as the job does not say whether the team has an operations engineer to run bare-metal machines (R8). Ask the team, and state it in the job."));
      else if (questions == CP_TEAM_QUESTION_EXPERIENCE)
        /* TRANSLATORS: a cluster would win without the migration counted for a team new to distributed training (rule R8) */
        text = g_strdup (_("Not firm: it rests on an assumed team, as the job does not say whether the team has run distributed training before (R8). Ask the team, and state it in the job."));
      else
        /* TRANSLATORS: the recommendation would change with the team described otherwise (rule R8) */
        text = g_strdup (_("Not firm: it rests on an assumed team, as the job does not say whether the team has run distributed training before or has an operations engineer (R8). Ask the team, and state it in the job."));
      cp_i18n_pop_language ();
      return text;
    }
  if (field != NULL)
    *field = "host-memory";
  cp_i18n_push_language (lang);
  name = g_strdup (quote_vendor (quote));
  need = cp_reason_host_memory_text (project, option->estimate.host_memory_per_node_bytes, lang);
  /* The recommended quote's unstated storage or network prices may decide
   * it too: said with the host memory, or the memo hid that another quote
   * wins once they are priced (approver 21, finding 2: the demo's 70B job
   * on Vendor G, whose storage is unpriced, and Vendor E winning then). */
  if (plan->unstated_costs_winner >= 0 && (guint) plan->unstated_costs_winner < project->quotes->len)
    text = host_memory_and_prices_unconfirmed (project, plan, option, need, lang);
  else
    /* TRANSLATORS: the recommended option needs host memory its quote does not state; the vendor, then a size */
    text = g_strdup_printf (_("Not firm: it rests on host memory the quote does not state. Ask %s whether each machine has %s of host memory."),
                            name, need);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_unconfirmed (const CpProject *project,
                      const CpPlan    *plan,
                      const char      *lang,
                      const char     **field)
{
  g_autofree char *text = unconfirmed_text (project, plan, lang, field);

  /* Names and figures set into a Chinese sentence, spaced by one rule;
   * the names as typed (W8). */
  return cp_i18n_space_names (project, text, lang);
}

char *
cp_words_robustness (const CpProject *project,
                     const CpPlan    *plan,
                     const char      *lang)
{
  /* The plan's one reason on the range (cp_plan_add_robustness()): the
   * window's line, page 1's range and the XML's reason all read it, where
   * page 1 once said "the choice holds" beside the window's "does not
   * hold: with every assumption at its pessimistic end no quote is
   * feasible" (issue 22). */
  for (guint i = 0; plan != NULL && i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      if (reason->outcome == CP_OUTCOME_VERDICT_HOLDS || reason->outcome == CP_OUTCOME_VERDICT_FLIPS)
        return cp_reason_text (reason, project, plan, lang);
    }
  return NULL;
}

char *
cp_words_price_check (const CpProject *project,
                      const CpPlan    *plan,
                      const char      *lang)
{
  int shown = plan->recommended >= 0 ? plan->recommended : plan->best_available;
  int quote_index;

  if (project == NULL || shown < 0 || (guint) shown >= plan->options->len)
    return NULL;
  quote_index = g_array_index (plan->options, CpOption, shown).quote_index;
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      const CpQuote *quote;
      g_autofree char *name = NULL;
      g_autofree char *price = NULL;

      if (reason->outcome != CP_OUTCOME_IMPLAUSIBLE_PRICE || (int) reason->values[0] != quote_index ||
          (guint) quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, quote_index);
      name = cp_words_quote_name (project, quote_index);
      price = cp_i18n_format_value (reason->values[1], lang);
      /* TRANSLATORS: next to the recommended figure: the quote, its price
       * per GPU-hour, the currency */
      return g_strdup_printf (_("⚠ check the price unit of %s: %s %s per GPU-hour"),
                              name, price, cp_i18n_currency_name (quote->currency, lang));
    }
  return NULL;
}

gboolean
cp_words_reason_said (const CpReason *reason,
                      const char     *unconfirmed)
{
  return reason->outcome != CP_OUTCOME_VERDICT_HOLDS || unconfirmed == NULL;
}
