/* cp-results-view-private.h: what the files of CpResultsView share
 * (cp-results-view.c, -words.c). */
#pragma once

#include "planner/cp-project-analysis.h"

G_BEGIN_DECLS

/* Each returns a new string in @lang, "" when it has nothing to say. */
char *_cp_results_view_describe_recommendation   (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
/* The plan of job @job_index in @analysis; one node of a cluster quote is
 * estimated there, when the words need to say why it was not enough. */
char *_cp_results_view_describe_cluster_question (CpProjectAnalysis *analysis,
                                                  guint              job_index,
                                                  const CpPlan      *plan,
                                                  const char        *lang);
char *_cp_results_view_describe_changes          (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_layout           (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_incomplete       (const CpProject *project);
/* Sets *@warning when the sentence is a doubt: another quote wins within
 * the band, or the choice is not firm. */
char *_cp_results_view_describe_robustness       (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *lang,
                                                  gboolean        *warning);
/* The plan's reasons as the window lists them, one string each, with
 * their rules in @rules (CpRule): a question for vendors (R6, "Ask the
 * vendor of …") is asked once, naming every quote it concerns. */
GPtrArray *_cp_results_view_reason_lines         (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *lang,
                                                  GArray          *rules);

G_END_DECLS
