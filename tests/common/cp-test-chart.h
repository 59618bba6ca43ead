/* cp-test-chart.h: geometry the chart tests check drawn charts with
 * (label boxes against the lines and curves under them). */
#pragma once

#include <math.h>
#include <glib.h>

#include "report/cp-chart-private.h"

/* A size a chart test draws a chart at, in the style it is drawn in
 * there (window, dark window or printed page). */
typedef struct {
  double       width;
  double       height;
  CpChartStyle style;
} CpTestChartSize;

/* Whether the segment from (x0, y0) to (x1, y1) passes inside @box (half
 * a pixel in from its edges), sampled every half pixel. */
static inline gboolean
cp_test_segment_in_box (double                 x0,
                        double                 y0,
                        double                 x1,
                        double                 y1,
                        const CpChartLabelBox *box)
{
  guint steps = (guint) ceil (hypot (x1 - x0, y1 - y0) * 2) + 1;

  for (guint i = 0; i <= steps; i++)
    {
      double t = (double) i / steps, x = x0 + (x1 - x0) * t, y = y0 + (y1 - y0) * t;

      if (x > box->x + 0.5 && x < box->x + box->width - 0.5 && y > box->y + 0.5 && y < box->y + box->height - 0.5)
        return TRUE;
    }
  return FALSE;
}

/* Whether label boxes @a and @b cover each other by more than half a
 * pixel. */
static inline gboolean
cp_test_boxes_overlap (const CpChartLabelBox *a,
                       const CpChartLabelBox *b)
{
  return a->width > 0 && b->width > 0 && a->x < b->x + b->width - 0.5 && b->x < a->x + a->width - 0.5 &&
         a->y < b->y + b->height - 0.5 && b->y < a->y + a->height - 0.5;
}
