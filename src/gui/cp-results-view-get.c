/* cp-results-view-get.c: what the view shows, read by the window and
 * its tests (the page, the plan, the paragraphs' words, the notice,
 * whether an update is pending), split from cp-results-view.c. */
#include "config.h"

#include "cp-results-view.h"
#include "cp-results-view-private.h"

gboolean
cp_results_view_get_update_pending (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), FALSE);

  return self->update_id != 0 || self->details_id != 0 || self->after_paint_id != 0 ||
         self->fit_columns_id != 0 || self->table_refit_pending ||
         self->table_project != NULL ||
         self->first_frame_id != 0 || self->first_frame_timeout_id != 0 ||
         self->details_cancellable != NULL || self->plan_cancellable != NULL ||
         self->sweep_cancellable != NULL || self->calendar_cancellable != NULL ||
         cp_chart_view_get_drawing (self->cost_chart) || cp_chart_view_get_drawing (self->memory_chart) ||
         cp_chart_view_get_drawing (self->serving_chart) || cp_chart_view_get_drawing (self->timeline_chart);
}

guint
cp_results_view_get_n_updates (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), 0);

  return self->n_updates;
}

void
cp_results_view_set_notice (CpResultsView *self,
                            const char    *notice)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  _cp_results_view_set_label (self->notice_label, notice != NULL ? notice : "");
  _cp_results_view_set_visible (GTK_WIDGET (self->notice_label), notice != NULL && *notice != '\0');
}

const char *
cp_results_view_get_notice (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->notice_label)) ? gtk_label_get_label (self->notice_label) : NULL;
}

const char *
cp_results_view_get_cluster_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  /* "Calculating…" until worded. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->cluster_label)) || self->cluster_text == NULL)
    return gtk_label_get_label (self->cluster_label);
  return self->cluster_text;
}

const char *
cp_results_view_get_layout_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->layout_label)) ? gtk_label_get_label (self->layout_label) : "";
}

const char *
cp_results_view_get_changes_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->changes_label);
}

const char *
cp_results_view_get_incomplete_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->incomplete_label);
}

const char *
cp_results_view_get_page (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

const CpPlan *
cp_results_view_get_plan (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return self->plan;
}

CpProjectAnalysis *
cp_results_view_get_analysis (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return self->analysis;
}

GListModel *
cp_results_view_get_options (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  /* Rows waiting for the frame to be painted are the plan's already. */
  if (self->table_project != NULL)
    _cp_results_view_fill_table (self);
  return G_LIST_MODEL (self->sorted_options);
}

CpChartView *
cp_results_view_get_chart (CpResultsView *self,
                           CpChartKind    kind)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return kind == CP_CHART_MEMORY ? self->memory_chart : kind == CP_CHART_SERVING ? self->serving_chart
         : kind == CP_CHART_TIMELINE ? self->timeline_chart : self->cost_chart;
}

const char *
cp_results_view_get_verdict_text (CpResultsView *self)
{
  g_return_val_if_fail (CP_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_label (self->verdict_label);
}
