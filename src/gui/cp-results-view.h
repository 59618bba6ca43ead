/* cp-results-view.h: the verdict, the comparison of quotes and the charts
 * for one job. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project.h"

#include "cp-chart-view.h"

G_BEGIN_DECLS

#define CP_TYPE_RESULTS_VIEW (cp_results_view_get_type ())

G_DECLARE_FINAL_TYPE (CpResultsView, cp_results_view, CP, RESULTS_VIEW, AdwBin)

GtkWidget    *cp_results_view_new        (void);
/* Recomputes everything for job @job_index of @project (borrowed for the
 * duration of the call); a negative index clears the view. */
void          cp_results_view_update     (CpResultsView   *self,
                                          const CpProject *project,
                                          int              job_index);
/* The plan shown, or NULL. */
const CpPlan *cp_results_view_get_plan   (CpResultsView   *self);
/* CpOptionObject items in the table's current order. */
GListModel   *cp_results_view_get_options (CpResultsView  *self);
CpChartView  *cp_results_view_get_chart  (CpResultsView   *self,
                                          CpChartKind      kind);
const char   *cp_results_view_get_verdict_text (CpResultsView *self);

G_END_DECLS
