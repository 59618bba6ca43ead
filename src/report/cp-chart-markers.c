/* cp-chart-markers.c: which points of a line get a marker, and how a
 * single machine's marker is drawn where it meets another (filled, or
 * open around the other), never moved off its own figure. */

#include "cp-report-private.h"

#include <math.h>

#include "cp-chart-private.h"

/* How far from its centre a marker of @shape (draw_marker() in
 * cp-chart.c) of size 1 reaches at most: a circle's radius, a square's
 * corner, a triangle's apex, a diamond's point. */
static double
marker_reach (guint shape)
{
  static const double reaches[5] = { 1.0, 1.2, 1.1, 1.15, 1.1 };

  return reaches[shape % 5];
}

gboolean
cp_chart_point_marked (const CpChartSeries *series,
                       guint                point)
{
  double x = g_array_index (series->x, double, point);

  return series->points_only || series->x->len <= 12 || point == 0 || point + 1 == series->x->len ||
         x == series->chosen_x;
}

/* How the markers of single-machine quotes are drawn where they meet
 * another: always at their own GPU count and figure (issue 26: a marker
 * moved aside by its width to clear another read as 13 GPUs on an 8-GPU
 * machine). One that would cover a marker drawn before it, or the
 * recommended option's, is drawn open, an outline of its own shape and
 * colour; where the other's middle is under it, reaching past the other,
 * whose shape and fill then show inside it (its sides may cut the other's
 * corners: the two shapes differ, and the outline never traces the other's).
 * @rings: per series, 0 for a filled marker, else the open marker's size. */
void
cp_chart_ring_markers (const Geometry    *geometry,
                       const CpChartData *data,
                       const Panel       *panel,
                       GArray            *rings)     /* double per series */
{
  /* x, y, how far it reaches */
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (double) * 3);
  /* Room between a ring and what it rings: the ring's own line width
   * (cp-chart.c draws open markers at font_px / 8) and as much again. */
  double gap = MAX (1.0, geometry->font_px / 8.0) * 2;

  g_array_set_size (rings, data->series->len);
  /* The lines' markers and the recommended option's are filled, drawn
   * before the single machines or over them (a single machine's under
   * the recommended one was hidden, walkthrough 13). */
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = cp_chart_panel_values (panel, series);
      gboolean highlight = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
      double outer = marker_reach (s);

      g_array_index (rings, double, s) = 0;
      if ((series->points_only && !highlight) || ys == NULL)
        continue;
      for (guint p = 0; p < series->x->len; p++)
        if (cp_chart_point_marked (series, p))
          {
            double xv = g_array_index (series->x, double, p);
            double size = cp_chart_marker_size (geometry, series);
            double entry[3] = { cp_chart_to_px_x (geometry, xv), cp_chart_to_px_y (panel, g_array_index (ys, double, p)),
                                outer * (series->points_only || xv == series->chosen_x ? size : size * 0.6) };

            if (isfinite (entry[0]) && isfinite (entry[1]))
              g_array_append_vals (placed, entry, 1);
          }
    }
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = cp_chart_panel_values (panel, series);
      double x, y, r, ring = 0, outer = marker_reach (s);
      double entry[3];

      if (!series->points_only || series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT || ys == NULL ||
          series->x->len == 0)
        continue;
      x = cp_chart_to_px_x (geometry, g_array_index (series->x, double, 0));
      y = cp_chart_to_px_y (panel, g_array_index (ys, double, 0));
      r = cp_chart_marker_size (geometry, series);
      if (!isfinite (x) || !isfinite (y))
        continue;
      for (guint q = 0; q < placed->len; q++)
        {
          const double *other = (const double *) (placed->data + q * sizeof entry);
          double distance = hypot (other[0] - x, other[1] - y);

          if (distance >= other[2] + outer * r)
            continue;
          /* Open at its own size over the other's edge; around the other
           * when its middle would be hidden. */
          ring = MAX (ring, r);
          if (distance < other[2])
            ring = MAX (ring, (distance + other[2] + gap) / outer);
        }
      entry[0] = x;
      entry[1] = y;
      entry[2] = outer * (ring > 0 ? ring : r);
      g_array_append_vals (placed, entry, 1);
      g_array_index (rings, double, s) = ring;
    }
}
