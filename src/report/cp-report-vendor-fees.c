/* cp-report-vendor-fees.c: the estimate, "Not in the amount" line and
 * vendor question for a recommended quote's unstated network fee and
 * operations support (approver 34, B8 and B10). */
#include "cp-report-private.h"

#include "cp-report-sections.h"
#include "cp-report-vendor-fees.h"

/* The plan of @plans (one a job) whose recommended option is on quote @q. */
static const CpOption *
recommended_on (const CpPlan *plan,
                int           q)
{
  const CpOption *option;

  if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return NULL;
  option = &g_array_index (plan->options, CpOption, plan->recommended);
  return option->quote_index == q ? option : NULL;
}

char *
cp_report_network_fee_estimate_text (const CpProject      *project,
                                     const CpPlan * const *plans,
                                     guint                 n_plans,
                                     int                   q,
                                     double                contingency,
                                     const char           *lang,
                                     double               *total_cost)
{
  const CpQuote *rate_quote = NULL;
  int rate_index = -1;
  double cost = 0;
  g_autofree char *money = NULL, *rate = NULL;
  char *text;

  if (total_cost != NULL)
    *total_cost = 0;
  for (guint j = 0; j < n_plans; j++)
    {
      const CpPlan *plan = plans[j];
      const CpQuote *estimate_quote;

      if (recommended_on (plan, q) == NULL || plan->network_fee_estimate_quote < 0 ||
          (guint) plan->network_fee_estimate_quote >= project->quotes->len)
        continue;
      cost += plan->network_fee_estimate_cost;
      /* The dearest fee any of the plans read, the one the text names. */
      estimate_quote = g_ptr_array_index (project->quotes, plan->network_fee_estimate_quote);
      if (rate_quote == NULL || estimate_quote->network_fee_per_node_month > rate_quote->network_fee_per_node_month)
        {
          rate_quote = estimate_quote;
          rate_index = plan->network_fee_estimate_quote;
        }
    }
  if (rate_quote == NULL || !(cost > 0))
    return NULL;
  if (total_cost != NULL)
    *total_cost = cost;
  cp_i18n_push_language (lang);
  money = cp_i18n_format_money_whole (cost, project->settings.currency, lang);
  rate = cp_i18n_format_money (rate_quote->network_fee_per_node_month, rate_quote->currency, lang);
  if (cost > contingency)
    /* TRANSLATORS: what the amount to approve leaves out: the vendor whose cluster quote does not state its network fee,
     * the fee estimated at another quote's, that quote's vendor and its fee per node a month; above the contingency */
    text = g_strdup_printf (_("network fee (%s), not stated in its quote: about %s at %s’s %s per node-month, more than the contingency"),
                            cp_report_vendor_name (project, q), money, cp_report_vendor_name (project, rate_index), rate);
  else
    /* TRANSLATORS: as “network fee (%s), not stated in its quote: about %s at %s’s %s per node-month, more than the contingency”, the estimate within the contingency */
    text = g_strdup_printf (_("network fee (%s), not stated in its quote: about %s at %s’s %s per node-month, within the contingency"),
                            cp_report_vendor_name (project, q), money, cp_report_vendor_name (project, rate_index), rate);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_report_network_fee_question (const char *lang)
{
  char *text;

  cp_i18n_push_language (lang);
  /* TRANSLATORS: to the vendor of a recommended cluster whose quote does not state a network fee */
  text = g_strdup (_("Does your price include the network between the nodes? If not, what is its fee per node a month?"));
  cp_i18n_pop_language ();
  return text;
}

gboolean
cp_report_ops_support_unstated (const CpProject      *project,
                                const CpPlan * const *plans,
                                guint                 n_plans,
                                int                   q)
{
  if (q < 0 || (guint) q >= project->quotes->len)
    return FALSE;
  for (guint j = 0; j < n_plans && j < project->jobs->len; j++)
    if (recommended_on (plans[j], q) != NULL &&
        cp_option_ops_support_unstated (g_ptr_array_index (project->jobs, j), g_ptr_array_index (project->quotes, q)))
      return TRUE;
  return FALSE;
}

char *
cp_report_ops_support_not_in_amount (const CpProject      *project,
                                     const CpPlan * const *plans,
                                     guint                 n_plans,
                                     int                   q,
                                     const char           *lang)
{
  char *text;

  if (!cp_report_ops_support_unstated (project, plans, n_plans, q))
    return NULL;
  cp_i18n_push_language (lang);
  /* TRANSLATORS: what the amount to approve leaves out: the vendor whose quote for bare machines does not say whether
   * it offers operations support, which a team with no operations engineer needs (rule R8) */
  text = g_strdup_printf (_("operations support (%s), not stated in its quote: the team has no operations engineer (R8)"),
                          cp_report_vendor_name (project, q));
  cp_i18n_pop_language ();
  return text;
}

char *
cp_report_ops_support_question (const char *lang)
{
  char *text;

  cp_i18n_push_language (lang);
  /* TRANSLATORS: to the vendor of recommended bare machines, for a team with no operations engineer (rule R8) */
  text = g_strdup (_("Do you offer operations support for the machines, someone to run them for the team, and at what price a month?"));
  cp_i18n_pop_language ();
  return text;
}
