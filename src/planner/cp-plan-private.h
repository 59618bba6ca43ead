/* cp-plan-private.h: what the two passes over a plan share.
 *
 * cp-plan.c makes the options and their reasons (rules R1–R9);
 * cp-plan-robustness.c then asks whether the verdict holds across the
 * assumptions' range and the terms the quotes leave unstated. Only these
 * two include this header.
 */
#pragma once

#include "cp-plan.h"

G_BEGIN_DECLS

/* Appends a reason with its values, in the order the words read them. */
void     _cp_plan_add_reason (CpPlan *plan, CpRule rule, CpOutcome outcome, int quote_index,
                              double v0, double v1, double v2, double v3);
/* Whether @est does the job: it fits, meets the deadline, has a cost and
 * (for a service) carries the target concurrency. */
gboolean _cp_plan_option_is_feasible (const CpJob *job, const CpEstimate *est);

G_END_DECLS
