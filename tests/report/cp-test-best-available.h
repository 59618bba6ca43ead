/* cp-test-best-available.h: the verdict's sentence when no quote meets
 * the deadline, for one quote's one option (test-report-trust.c and
 * test-report-words.c check its wording). */
#pragma once

#include "planner/cp-plan.h"
#include "planner/cp-project.h"
#include "report/cp-reason-text.h"

/* What cp_words_not_feasible() says in @lang of a plan whose best
 * available option, and only one, is "Vendor 1" quoting @price CNY per
 * GPU-hour, on 1 node at @total_cost_cny finishing in @calendar_days,
 * past @deadline_days; none recommended. */
static inline char *
cp_test_best_available_words (double      price,
                              double      total_cost_cny,
                              double      calendar_days,
                              double      deadline_days,
                              const char *lang)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  g_autoptr(GArray) options = g_array_new (FALSE, TRUE, sizeof (CpOption));
  CpPlan plan = { 0 };
  CpOption option = { 0 };

  quote->vendor = g_strdup ("Vendor 1");
  quote->price = price;
  cp_project_add_quote (project, quote);
  option.quote_index = 0;
  option.estimate.nodes = 1;
  option.estimate.total_cost = total_cost_cny;
  option.estimate.calendar_days = calendar_days;
  g_array_append_val (options, option);
  plan.options = options;
  plan.recommended = -1;
  plan.best_available = 0;
  plan.shortfall = CP_SHORTFALL_DEADLINE;
  plan.deadline_days = deadline_days;
  return cp_words_not_feasible (project, &plan, lang);
}
