/* cp-results-view.h: the verdict, the comparison of quotes and the charts
 * for one job. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project-analysis.h"
#include "planner/cp-project.h"

#include "cp-chart-view.h"

G_BEGIN_DECLS

#define CP_TYPE_RESULTS_VIEW (cp_results_view_get_type ())

G_DECLARE_FINAL_TYPE (CpResultsView, cp_results_view, CP, RESULTS_VIEW, AdwBin)

GtkWidget    *cp_results_view_new        (void);
/* Plans job @job_index of @project now and shows the verdict, the table
 * and the charts; the paragraphs below the table (one machine or the
 * cluster, reasons, risks) follow after the next paint, so @project must
 * stay alive until then or be queued again. A negative index clears the
 * view. */
void          cp_results_view_update     (CpResultsView   *self,
                                          const CpProject *project,
                                          int              job_index);
/* Folds changes into one update run before the next frame; @project must
 * stay alive until then or be queued again. */
void          cp_results_view_queue_update (CpResultsView   *self,
                                            const CpProject *project,
                                            int              job_index);
gboolean      cp_results_view_get_update_pending (CpResultsView *self);
/* How many updates ran: tests check that changes were folded. */
guint         cp_results_view_get_n_updates (CpResultsView  *self);
/* A warning above the verdict (fields showing refused values), or NULL. */
void          cp_results_view_set_notice (CpResultsView   *self,
                                          const char      *notice);
const char   *cp_results_view_get_notice (CpResultsView   *self);
void          cp_results_view_show_chart (CpResultsView   *self,
                                          CpChartKind      kind);
/* The words shown: one machine or the cluster, what would change it and
 * the quotes left out as incomplete. */
const char   *cp_results_view_get_cluster_text (CpResultsView *self);
const char   *cp_results_view_get_changes_text (CpResultsView *self);
/* The recommended (else best-ranked) option's training layout, with the
 * runner-up when the search chose it; "" when not shown. */
const char   *cp_results_view_get_layout_text (CpResultsView *self);
const char   *cp_results_view_get_incomplete_text (CpResultsView *self);
/* @job_id was just added (Add Job): until its defining figure is typed
 * (a training job's tokens, a service's requests) the view asks for it
 * instead of planning the form's examples. */
void          cp_results_view_note_new_job (CpResultsView *self,
                                            const char    *job_id);
/* "empty" (no job), "no-quotes", "describe-job" or "results". */
const char   *cp_results_view_get_page   (CpResultsView   *self);
/* The plan shown, or NULL. */
const CpPlan *cp_results_view_get_plan   (CpResultsView   *self);
/* The plans, sweeps and checks made so far for the project shown, as of
 * its last update (a change queued since is not read yet), or NULL before
 * the first: what the window's reports start from. */
CpProjectAnalysis *cp_results_view_get_analysis (CpResultsView *self);
/* CpOptionObject items in the table's current order. */
GListModel   *cp_results_view_get_options (CpResultsView  *self);
CpChartView  *cp_results_view_get_chart  (CpResultsView   *self,
                                          CpChartKind      kind);
const char   *cp_results_view_get_verdict_text (CpResultsView *self);
/* Another job or quote, or present mode, is read from its verdict at the
 * top, the table from its first column. */
void          cp_results_view_scroll_to_top (CpResultsView *self);
/* The main-thread CPU time, in microseconds, that a change's plan of the
 * job shown may take in the frame after the change (4000 unless set); a
 * plan that takes longer is finished on a worker, the page kept in place
 * meanwhile. 0: every plan is made on a worker, as on a loaded machine;
 * at most G_MAXINT32. The GUI tests take either way on purpose, whatever
 * the machine's load. */
void          cp_results_view_set_frame_plan_budget_us (CpResultsView *self,
                                                        gint64         budget_us);
/* Present mode puts the chart and the table under the verdict, the words
 * after them. */
void          cp_results_view_set_presenting (CpResultsView *self,
                                              gboolean       presenting);

G_END_DECLS
