/* cp-report-vendor-fees.h: what a report says of a recommended quote's
 * network fee and operations support when the quote does not state them:
 * an estimate beside the amount, a line of "Not in the amount" and the
 * question to its vendor (approver 34, B8 and B10). The memo places
 * them; the words and figures are here. */
#pragma once

#include "planner/cp-plan.h"
#include "planner/cp-project.h"

G_BEGIN_DECLS

/* The XML report's kinds of the two questions below. */
#define CP_REPORT_QUESTION_NETWORK_FEE "network-fee"
#define CP_REPORT_QUESTION_OPS_SUPPORT "ops-support"

/* The network fee that quote @q, recommended by some of @plans (one per
 * job of @project, NULL for a job not planned), does not state, as the
 * plans estimate it (CpPlan.network_fee_estimate_cost): "network fee
 * (示例供应商 D), not stated in its quote: about 15,000 CNY at 示例供应商
 * E’s 1,500 CNY per node-month, within the contingency", or "more than
 * the contingency". NULL when no plan recommends @q with such an
 * estimate. @total_cost, if not NULL, receives the estimate (0 with
 * NULL). In @lang. */
char   *cp_report_network_fee_estimate_text (const CpProject     *project,
                                             const CpPlan * const *plans,
                                             guint                n_plans,
                                             int                  q,
                                             double               contingency,
                                             const char          *lang,
                                             double              *total_cost);

/* The question to the vendor of a recommended cluster quote that does not
 * say whether its price includes the network between nodes, in @lang. */
char   *cp_report_network_fee_question (const char *lang);

/* TRUE when a job of @plans is recommended on quote @q and its team, with
 * no operations engineer, runs machines whose quote does not say whether
 * the vendor offers operations support (cp_option_ops_support_unstated()). */
gboolean cp_report_ops_support_unstated (const CpProject      *project,
                                         const CpPlan * const *plans,
                                         guint                 n_plans,
                                         int                   q);

/* The line of "Not in the amount" for quote @q when
 * cp_report_ops_support_unstated(): "operations support (Beijing
 * Yunsuan), not stated in its quote: the team has no operations engineer
 * (R8)"; NULL otherwise. In @lang. */
char   *cp_report_ops_support_not_in_amount (const CpProject      *project,
                                             const CpPlan * const *plans,
                                             guint                 n_plans,
                                             int                   q,
                                             const char           *lang);

/* The question to that vendor, in @lang. */
char   *cp_report_ops_support_question (const char *lang);

G_END_DECLS
