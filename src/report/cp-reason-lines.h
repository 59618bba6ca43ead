/* cp-reason-lines.h: a plan's reasons as lines to read, shared by the
 * window's Reasons list and the command line's `plan`. */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* One string per line, with each line's rule appended to @rules
 * (CpRule). A question for vendors (R6, "Ask the vendor of …") is asked
 * once, naming every quote it concerns; "the recommendation holds across
 * the range" gives way to why it is not firm when it rests on what a
 * quote leaves unstated (cp_words_unconfirmed()). */
GPtrArray *cp_reason_lines (const CpProject *project,
                            const CpPlan    *plan,
                            const char      *lang,
                            GArray          *rules);

G_END_DECLS
