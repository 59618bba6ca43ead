/* cp-reason-text-private.h: what the reason texts of each rule group
 * (cp-reason-memory.c, cp-reason-cost.c, cp-reason-signals.c) share with
 * cp-reason-text.c (private to the report library). */
#pragma once

#include "cp-reason-text.h"

G_BEGIN_DECLS

/* Each returns the sentence for @reason when its outcome is of the group,
 * else NULL. */
char *cp_reason_text_memory  (const CpReason *reason, const CpProject *project, const CpPlan *plan,
                              const char *lang);
char *cp_reason_text_cost    (const CpReason *reason, const CpProject *project, const CpPlan *plan,
                              const char *lang);
char *cp_reason_text_signals (const CpReason *reason, const CpProject *project, const CpPlan *plan,
                              const char *lang);

const char *cp_reason_currency (const CpProject *project, int quote_index);
char *cp_reason_bytes_text (const CpProject *project, double bytes);
char *cp_reason_host_memory_text (const CpProject *project, double bytes, const char *lang);
char *cp_reason_ratio_text (double ratio, const char *lang);
/* "125 h", "4.9 h": @hours in @decimals. */
char *cp_reason_hours_text (double hours, int decimals, const char *lang);
char *cp_reason_technique_text (double value);
/* A cost part inside a sentence, as the window's breakdown names it:
 * "GPU time", "storage". */
const char *cp_reason_cost_part_words (CpCostPart part);
char *cp_reason_trial_text (const CpReason *reason, const CpProject *project, const char *lang);

G_END_DECLS
