/* cp-reason-lines.h: a plan's reasons as lines to read, shared by the
 * window's Reasons list, the report's and the command line's `plan`. */
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

/* cp_reason_lines()' questions for the vendors alone, each asked once
 * naming every vendor it concerns, in the order of their rules. */
GPtrArray *cp_reason_vendor_questions (const CpProject *project,
                                       const CpPlan    *plan,
                                       const char      *lang);

/* Where cp_reason_rule_lines() are read: what a rule whose findings
 * are all said elsewhere points to differs. */
typedef enum {
  CP_REASON_IN_REPORT,  /* the vendors' questions on page 1 */
  CP_REASON_IN_WINDOW,  /* the vendors' questions under the reasons */
} CpReasonPlace;

/* One line of the reasons list as the report prints it: @label "R1", or
 * "R2–3" for rules in a row the plan did not apply; @text "Memory gap —
 * …", the rule's name and its findings in one paragraph. */
typedef struct {
  CpRule  rule;   /* the line's first rule */
  char   *label;
  char   *text;
} CpReasonRuleLine;

void       cp_reason_rule_line_free (CpReasonRuleLine *line);

/* Rule by rule, R1 to the last rule the plan applied, each once (issue
 * 26: the window listed R6 four times and no R3): a rule with findings
 * says them in one paragraph; one that has none says why, and rules in a
 * row the plan did not apply share a line. The vendors' questions and
 * whether the choice holds are not among the findings: each front end
 * says them once elsewhere (cp_reason_lines() words the questions).
 * CpReasonRuleLine*, in order. */
GPtrArray *cp_reason_rule_lines (const CpProject *project,
                                 const CpPlan    *plan,
                                 const char      *lang,
                                 CpReasonPlace    place);

G_END_DECLS
