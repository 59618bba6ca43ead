/* cp-results-view-private.h: what the files of CpResultsView share
 * (cp-results-view.c, -words.c). */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* Each returns a new string in @lang, "" when it has nothing to say. */
char *_cp_results_view_describe_recommendation   (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_cluster_question (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_changes          (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_layout           (const CpProject *project,
                                                  const CpJob     *job,
                                                  const CpPlan    *plan,
                                                  const char      *lang);
char *_cp_results_view_describe_incomplete       (const CpProject *project);
char *_cp_results_view_describe_robustness       (const CpProject *project,
                                                  const CpPlan    *plan,
                                                  const char      *lang);

G_END_DECLS
