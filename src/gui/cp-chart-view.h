/* cp-chart-view.h: a chart of the report drawn in the window. */
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
const CpChartData *cp_chart_view_get_data    (CpChartView *self);
/* What the pointer is over, or NULL ("readout" property). */
const char        *cp_chart_view_get_readout (CpChartView *self);

G_END_DECLS
