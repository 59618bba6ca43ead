/* cp-chart.h: the two charts, drawn by one cairo module.
 *
 * The window's chart widget, PNG export, the PDF report and printing all
 * call cp_chart_draw(): data is computed once from the model by
 * cp_chart_data_new_*, then drawn at any size and style.
 */
#pragma once

#include <cairo.h>
#include "planner/cp-project.h"

G_BEGIN_DECLS

typedef enum {
  CP_CHART_MEMORY,   /* memory requirement against model size */
  CP_CHART_COST,     /* total cost and time against GPU / node count */
} CpChartKind;

typedef enum {
  CP_CHART_STYLE_LIGHT,
  CP_CHART_STYLE_DARK,
  CP_CHART_STYLE_PRINT,
} CpChartStyle;

typedef struct {
  char   *label;        /* already in the chart's language */
  gboolean dashed;      /* capacity and deadline lines */
  gboolean points_only; /* single-machine quotes on the cost chart */
  GArray *x;            /* double */
  GArray *y;            /* double; a second axis series uses y2 */
  GArray *y2;           /* double or NULL: time (days) on the cost chart */
} CpChartSeries;

typedef struct {
  CpChartKind kind;
  char       *title;
  char       *x_label;
  char       *y_label;
  char       *y2_label;      /* NULL when there is no second axis */
  gboolean    x_log;
  gboolean    y_log;
  GPtrArray  *series;        /* CpChartSeries* */
  double      marker_x;      /* the job's model size, or NAN */
  double      marker_y;
  double      horizontal_line_y2; /* deadline on the time axis, or NAN */
  double      break_even_x;  /* or NAN */

  /* How the data is shown, set by cp_chart_data_new_*. */
  char       *lang;          /* language of the labels; also picks CJK glyph shapes */
  double      x_scale;       /* tick labels show value ÷ scale (1 when unscaled) */
  double      y_scale;       /* bytes per GiB/GB on the memory chart; 1, 10^3, 10^4… for money */
  double      y2_scale;
  double      break_even_y;  /* total cost at the break-even, or NAN */
  char       *break_even_label; /* what the break-even means, or NULL */
  char       *note;          /* how to read the lines (solid/dashed), or NULL */
  char       *currency;      /* cost chart: ISO code of the costs, else NULL */
} CpChartData;

/* @lang: "en" or "zh_CN", the language of labels. */
CpChartData *cp_chart_data_new_memory (const CpProject *project, guint job_index, const char *lang);
CpChartData *cp_chart_data_new_cost   (const CpProject *project, guint job_index, const char *lang);
void         cp_chart_data_free       (CpChartData *data);

void         cp_chart_draw            (cairo_t *cr, double width, double height,
                                       CpChartStyle style, const CpChartData *data);
/* Text describing the value under (x, y) in a chart drawn at width × height,
 * or NULL when the pointer is outside the plot area. */
char        *cp_chart_readout         (const CpChartData *data, double width, double height,
                                       double x, double y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpChartData, cp_chart_data_free)

G_END_DECLS
