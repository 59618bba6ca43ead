/* cp-chart-view.h: a chart of the report drawn in the window, with its
 * export and full-screen present buttons. */
#pragma once

#include <gtk/gtk.h>

#include "report/cp-chart.h"

G_BEGIN_DECLS

#define CP_TYPE_CHART_VIEW (cp_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (CpChartView, cp_chart_view, CP, CHART_VIEW, GtkWidget)

GtkWidget         *cp_chart_view_new         (void);
/* Takes ownership of @data (may be NULL: nothing to draw). */
void               cp_chart_view_set_data    (CpChartView *self,
                                              CpChartData *data);
/* Drops the data and says "Calculating…" where the chart goes, until
 * cp_chart_view_set_data() hands the chart of what is shown now: the
 * chart of another job or revision is not left beside it. */
void               cp_chart_view_set_calculating (CpChartView *self);
gboolean           cp_chart_view_get_calculating (CpChartView *self);
/* cp_chart_view_set_calculating() for the chart shown, about to change
 * with its job (a price edited): the chart as it was stays, dimmed,
 * under "Calculating…", where the page lost its chart and the room read
 * it as gone (walk40 F10). */
void               cp_chart_view_set_recalculating (CpChartView *self);
/* Whether the chart before the change shows, dimmed, meanwhile. */
gboolean           cp_chart_view_get_previous_shown (CpChartView *self);
/* Whether the chart's drawing is being made on a worker (the chart
 * before it, or "Calculating…", shown meanwhile). */
gboolean           cp_chart_view_get_drawing     (CpChartView *self);
const CpChartData *cp_chart_view_get_data    (CpChartView *self);
/* The height to keep under the chart on its scrolled pane's first screen
 * (present mode: the table's first rows); the chart then takes less than
 * its usual least height, down to a smaller one. 0: none. */
void               cp_chart_view_set_room_below (CpChartView *self,
                                                 int          room_px);
/* What the pointer is over, or NULL ("readout" property). */
const char        *cp_chart_view_get_readout (CpChartView *self);
/* The full-screen window of the "chart.present" action while it is
 * open, else NULL. */
GtkWindow         *cp_chart_view_get_presentation (CpChartView *self);

/* Writes the chart as shown (PNG at twice the pixels, or SVG) to @path on
 * a worker thread; the "chart.export" action asks for the file first. */
void               cp_chart_view_export_async  (CpChartView         *self,
                                                const char          *path,
                                                gboolean             svg,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean           cp_chart_view_export_finish (CpChartView         *self,
                                                GAsyncResult        *result,
                                                GError             **error);
/* TRUE from cp_chart_view_export_async() until its callback has run. */
gboolean           cp_chart_view_get_exporting (CpChartView *self);

G_END_DECLS
