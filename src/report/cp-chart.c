/* cp-chart.c: the memory, cost and serving charts drawn with cairo and
 * pango at any size, written to files and read out for screen readers.
 *
 * Made for a projector as much as for paper: lines are named at their
 * ends rather than in a legend, the recommended option is drawn in one
 * highlight colour over muted others, the cost chart is two small charts
 * on one GPU axis (cost above, days below) instead of two y axes, and
 * every axis title is horizontal, so Chinese is never turned on its side.
 * The data of each kind is made in cp-chart-memory.c, cp-chart-cost.c and
 * cp-chart-serving.c; axes and geometry are cp-chart-axis.c's, label
 * placement cp-chart-labels.c's.
 */
#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

/* ---------------------------------------------------------------------- */
/* Drawing                                                                */

static double
snap (const Painter *painter,
      double         v)
{
  return painter->snap ? floor (v) + 0.5 : v;
}

void
cp_chart_show_text (Painter        *painter,
                    Geometry       *geometry,
                    const PangoFontDescription *font,
                    const char     *text,
                    double          x,
                    double          y,
                    double          x_align,   /* 0 left, 0.5 centre, 1 right */
                    double          y_align,
                    double          wrap_width,
                    gboolean        ellipsize)
{
  PangoLayout *layout = cp_chart_set_text (geometry, font, text, wrap_width, ellipsize);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (painter->cr, x - x_align * w, y - y_align * h);
  pango_cairo_show_layout (painter->cr, layout);
}

static void
draw_grid_and_axes (Painter           *painter,
                    Geometry          *geometry,
                    const CpChartData *data)
{
  cairo_t *cr = painter->cr;
  double tick_len = geometry->tick_len;
  const Panel *lowest = &geometry->panels[geometry->n_panels - 1];

  cairo_set_line_width (cr, 1);

  for (guint p = 0; p < geometry->n_panels; p++)
    {
      const Panel *panel = &geometry->panels[p];

      /* Minor grid */
      cp_chart_set_rgb (cr, &painter->theme.minor_grid);
      for (guint i = 0; i < geometry->x.minor->len; i++)
        {
          double x = snap (painter, cp_chart_to_px_x (geometry, g_array_index (geometry->x.minor, double, i)));
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
        }
      for (guint i = 0; i < panel->y.minor->len; i++)
        {
          double y = snap (painter, cp_chart_to_px_y (panel, g_array_index (panel->y.minor, double, i)));
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
        }
      cairo_stroke (cr);

      /* Major grid; x tick labels only under the lowest panel, which the
       * others share. */
      for (guint i = 0; i < geometry->x.ticks->len; i++)
        {
          double value = g_array_index (geometry->x.ticks, double, i);
          double x = snap (painter, cp_chart_to_px_x (geometry, value));

          cp_chart_set_rgb (cr, &painter->theme.grid);
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
          cairo_stroke (cr);
          cp_chart_set_rgb (cr, &painter->theme.axis);
          cairo_move_to (cr, x, panel->bottom);
          cairo_line_to (cr, x, panel->bottom + tick_len);
          cairo_stroke (cr);
          if (panel == lowest)
            {
              g_autofree char *label = cp_chart_tick_label (data, &geometry->x, TRUE, value);

              cp_chart_set_rgb (cr, &painter->theme.text);
              cp_chart_show_text (painter, geometry, geometry->font, label, x, panel->bottom + tick_len + 1, 0.5, 0, 0, FALSE);
            }
        }
      for (guint i = 0; i < panel->y.ticks->len; i++)
        {
          double value = g_array_index (panel->y.ticks, double, i);
          double y = snap (painter, cp_chart_to_px_y (panel, value));
          g_autofree char *label = cp_chart_tick_label (data, &panel->y, FALSE, value);

          cp_chart_set_rgb (cr, &painter->theme.grid);
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
          cairo_stroke (cr);
          cp_chart_set_rgb (cr, &painter->theme.text);
          cp_chart_show_text (painter, geometry, geometry->font, label, geometry->left - tick_len - 2, y, 1, 0.5, 0, FALSE);
        }

      /* Frame */
      cp_chart_set_rgb (cr, &painter->theme.axis);
      cairo_rectangle (cr, snap (painter, geometry->left), snap (painter, panel->top),
                       floor (geometry->right) - floor (geometry->left),
                       floor (panel->bottom) - floor (panel->top));
      cairo_stroke (cr);

      /* The panel's title, horizontal above its top-left corner. */
      cp_chart_set_rgb (cr, &painter->theme.text);
      cp_chart_show_text (painter, geometry, geometry->font, panel->title, geometry->pad,
                          panel->top - geometry->line_h / 2 - geometry->pad * 0.3, 0, 1,
                          geometry->width - 2 * geometry->pad, TRUE);
    }

  cp_chart_set_rgb (cr, &painter->theme.text);
  cp_chart_show_text (painter, geometry, geometry->font, data->x_label, (geometry->left + geometry->right) / 2,
                      lowest->bottom + tick_len + geometry->line_h + geometry->pad * 0.3, 0.5, 0, 0, FALSE);
}

const Rgb *
cp_chart_series_rgb (const Painter       *painter,
                     const CpChartSeries *series,
                     guint                index,
                     Rgb                 *storage,
                     gboolean             for_text)
{
  const Rgb *base = &painter->theme.palette[index % painter->theme.n_palette];

  if (series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
    return &painter->theme.highlight;
  if (series->emphasis == CP_CHART_EMPHASIS_NORMAL)
    return base;
  /* Muted lines fade toward the background; their names fade less, so
   * they stay readable. */
  *storage = for_text ? cp_chart_mix (base, &painter->theme.text, 0.25) : cp_chart_mix (base, &painter->theme.background, 0.45);
  return storage;
}

static void
set_series_style (Painter             *painter,
                  const CpChartSeries *series,
                  guint                index,
                  double               font_px)
{
  cairo_t *cr = painter->cr;
  Rgb storage;
  double unit = font_px / 12.0;
  double width;

  cp_chart_set_rgb (cr, cp_chart_series_rgb (painter, series, index, &storage, FALSE));
  if (series->capacity)
    width = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? 2.0 : 1.25;
  else if (series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
    width = 3.5;
  else if (series->emphasis == CP_CHART_EMPHASIS_MUTED)
    width = 1.75;
  else
    width = 2.25;
  cairo_set_line_width (cr, MAX (1.0, width * unit));

  if (series->capacity)
    {
      double dashes[] = { 3 * unit, 3 * unit };
      cairo_set_dash (cr, dashes, 2, 0);
    }
  else
    {
      /* Long dash, dash-dot, dots, dash-dot-dot: told apart even where
       * two curves coincide. */
      static const double patterns[][6] = {
        { 0 }, { 7, 3 }, { 7, 2.5, 1.5, 2.5 }, { 1.5, 2.5 }, { 4, 2, 1.5, 2, 1.5, 2 },
      };
      static const int lengths[] = { 0, 2, 4, 2, 6 };
      guint pattern = series->dash % G_N_ELEMENTS (lengths);
      double dashes[6];

      for (int i = 0; i < lengths[pattern]; i++)
        dashes[i] = patterns[pattern][i] * unit * 1.3;
      cairo_set_dash (cr, dashes, lengths[pattern], 0);
    }
}

static void
draw_marker (cairo_t *cr,
             double   x,
             double   y,
             double   size,
             guint    shape)
{
  switch (shape % 5)
    {
    case 1:
      cairo_rectangle (cr, x - size * 0.85, y - size * 0.85, 1.7 * size, 1.7 * size);
      break;
    case 2:
      cairo_move_to (cr, x, y - size * 1.1);
      cairo_line_to (cr, x + size, y + size * 0.7);
      cairo_line_to (cr, x - size, y + size * 0.7);
      cairo_close_path (cr);
      break;
    case 3:
      cairo_move_to (cr, x, y - size * 1.15);
      cairo_line_to (cr, x + size * 1.15, y);
      cairo_line_to (cr, x, y + size * 1.15);
      cairo_line_to (cr, x - size * 1.15, y);
      cairo_close_path (cr);
      break;
    case 4:
      cairo_move_to (cr, x, y + size * 1.1);
      cairo_line_to (cr, x + size, y - size * 0.7);
      cairo_line_to (cr, x - size, y - size * 0.7);
      cairo_close_path (cr);
      break;
    default:
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, size, 0, 2 * G_PI);
    }
}

double
cp_chart_marker_size (const Geometry      *geometry,
                      const CpChartSeries *series)
{
  return geometry->font_px * (series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? 0.55 : 0.42);
}

/* One series' band on one panel: a shaded area between its low and high
 * figures along a line, a whisker at each single-machine marker. */
static void
draw_band (Painter             *painter,
           Geometry            *geometry,
           const CpChartData   *data,
           const Panel         *panel,
           const CpChartSeries *series,
           guint                index)
{
  cairo_t *cr = painter->cr;
  GArray *lows = panel->second ? series->y2_low : series->y_low;
  GArray *highs = panel->second ? series->y2_high : series->y_high;
  double alpha = series->emphasis == CP_CHART_EMPHASIS_MUTED ? 0.10 : 0.22;
  Rgb storage;
  const Rgb *rgb;
  guint n;

  if (lows == NULL || highs == NULL || series->x->len == 0)
    return;
  n = MIN (series->x->len, MIN (lows->len, highs->len));
  rgb = cp_chart_series_rgb (painter, series, index, &storage, FALSE);

  cairo_save (cr);
  cairo_rectangle (cr, geometry->left, panel->top, geometry->right - geometry->left, panel->bottom - panel->top);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, rgb->r, rgb->g, rgb->b, series->points_only ? MIN (1.0, alpha * 3) : alpha);
  if (series->points_only)
    {
      cairo_set_line_width (cr, MAX (1.0, geometry->font_px / 8.0));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint p = 0; p < n; p++)
        {
          double xv = g_array_index (series->x, double, p);
          double low = g_array_index (lows, double, p);
          double high = g_array_index (highs, double, p);
          double x, cap = geometry->font_px * 0.3;

          if (!cp_chart_usable (xv, data->x_log) || !cp_chart_usable (low, panel->log) || !cp_chart_usable (high, panel->log))
            continue;
          x = cp_chart_to_px_x (geometry, xv);
          cairo_move_to (cr, x, cp_chart_to_px_y (panel, low));
          cairo_line_to (cr, x, cp_chart_to_px_y (panel, high));
          cairo_move_to (cr, x - cap, cp_chart_to_px_y (panel, low));
          cairo_line_to (cr, x + cap, cp_chart_to_px_y (panel, low));
          cairo_move_to (cr, x - cap, cp_chart_to_px_y (panel, high));
          cairo_line_to (cr, x + cap, cp_chart_to_px_y (panel, high));
          cp_chart_add_band_piece (panel, TRUE, x - cap, x + cap, cp_chart_to_px_y (panel, high),
                                   cp_chart_to_px_y (panel, low), cp_chart_to_px_y (panel, high),
                                   cp_chart_to_px_y (panel, low));
        }
      cairo_stroke (cr);
    }
  else
    {
      /* Along the low figures, back along the high ones; an unusable point
       * closes the piece so far, as it breaks the line. */
      guint start = 0;

      while (start < n)
        {
          guint end = start;

          while (end < n && cp_chart_usable (g_array_index (series->x, double, end), data->x_log) &&
                 cp_chart_usable (g_array_index (lows, double, end), panel->log) &&
                 cp_chart_usable (g_array_index (highs, double, end), panel->log))
            end++;
          if (end > start)
            {
              for (guint p = start; p < end; p++)
                {
                  double x = cp_chart_to_px_x (geometry, g_array_index (series->x, double, p));
                  double y = cp_chart_to_px_y (panel, g_array_index (lows, double, p));

                  if (p == start)
                    cairo_move_to (cr, x, y);
                  else
                    cairo_line_to (cr, x, y);
                }
              for (guint p = end; p-- > start;)
                cairo_line_to (cr, cp_chart_to_px_x (geometry, g_array_index (series->x, double, p)),
                               cp_chart_to_px_y (panel, g_array_index (highs, double, p)));
              for (guint p = start; p + 1 < end; p++)
                cp_chart_add_band_piece (panel, series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT,
                                         cp_chart_to_px_x (geometry, g_array_index (series->x, double, p)),
                                         cp_chart_to_px_x (geometry, g_array_index (series->x, double, p + 1)),
                                         cp_chart_to_px_y (panel, g_array_index (highs, double, p)),
                                         cp_chart_to_px_y (panel, g_array_index (lows, double, p)),
                                         cp_chart_to_px_y (panel, g_array_index (highs, double, p + 1)),
                                         cp_chart_to_px_y (panel, g_array_index (lows, double, p + 1)));
              cairo_close_path (cr);
              cairo_fill (cr);
            }
          start = end + 1;
        }
    }
  cairo_restore (cr);
}

/* Draws the marker of point @point of series @s at (@x, @y), filled or
 * @open (an outline), and records it for the labels and in
 * painter->markers. */
static void
put_marker (Painter             *painter,
            const Geometry      *geometry,
            const Panel         *panel,
            const CpChartSeries *series,
            guint                s,
            guint                point,
            double               x,
            double               y,
            double               size,
            gboolean             open)
{
  cairo_t *cr = painter->cr;
  CpChartLabelBox mark = { x - size * 1.2, y - size * 1.2, 2.4 * size, 2.4 * size, (int) s, 0 };
  Rgb storage;

  g_array_append_val (panel->marks, mark);
  draw_marker (cr, x, y, size, s);
  cp_chart_set_rgb (cr, cp_chart_series_rgb (painter, series, s, &storage, FALSE));
  if (open)
    {
      /* An outline over the marker it rings, which shows inside. */
      cairo_set_line_width (cr, MAX (1.0, geometry->font_px / 8.0));
      cairo_stroke (cr);
    }
  else
    {
      cairo_fill_preserve (cr);
      cp_chart_set_rgb (cr, &painter->theme.background);
      cairo_set_line_width (cr, MAX (1.0, geometry->font_px / 12.0));
      cairo_stroke (cr);
    }
  if (painter->markers != NULL)
    g_array_append_val (painter->markers, ((CpChartMarker) { (int) s, point, panel != &geometry->panels[0],
                                                             x, y, size, open }));
}

/* Where @series first leaves the top of @panel, its x in px: a line
 * where it crosses the top edge, a single machine at its marker; NAN
 * when it stays under. Only a cost panel scaled to the options the
 * verdict weighs (data->y_top) cuts a line. */
static double
off_scale_exit_x (const Geometry      *geometry,
                  const CpChartData   *data,
                  const Panel         *panel,
                  const CpChartSeries *series)
{
  GArray *ys = cp_chart_panel_values (panel, series);
  double last_x = NAN, last_y = NAN;

  if (panel->second || series->off_scale_label == NULL || ys == NULL)
    return NAN;
  for (guint p = 0; p < series->x->len; p++)
    {
      double xv = g_array_index (series->x, double, p);
      double yv = g_array_index (ys, double, p);
      double x, y;

      if (!cp_chart_usable (xv, data->x_log) || !cp_chart_usable (yv, panel->log))
        {
          last_x = last_y = NAN;
          continue;
        }
      x = cp_chart_to_px_x (geometry, xv);
      y = cp_chart_to_px_y (panel, yv);
      if (cp_chart_above_panel (panel, yv))
        return series->points_only || !isfinite (last_y) ? x
               : last_x + (x - last_x) * (panel->top - last_y) / (y - last_y);
      last_x = x;
      last_y = y;
    }
  return NAN;
}

/* The arrow that marks series @s leaving the top of @panel at @x: its
 * box under the panel's top, which the labels keep clear of. */
static CpChartLabelBox
off_scale_arrow (const Geometry *geometry,
                 const Panel    *panel,
                 guint           s,
                 double          x)
{
  double a = geometry->font_px * 0.5;

  return (CpChartLabelBox) { x - a * 0.6, panel->top, a * 1.2, a + 1, (int) s, 0 };
}

/* @arrow (off_scale_arrow()) drawn in @rgb, pointing up, and kept among
 * @panel's marks. */
static void
draw_off_scale_arrow (Painter               *painter,
                      const Rgb             *rgb,
                      const Panel           *panel,
                      const CpChartLabelBox *arrow)
{
  cairo_t *cr = painter->cr;

  cairo_save (cr);
  cp_chart_set_rgb (cr, rgb);
  cairo_move_to (cr, arrow->x + arrow->width / 2, arrow->y + 1);
  cairo_line_to (cr, arrow->x + arrow->width, arrow->y + arrow->height);
  cairo_line_to (cr, arrow->x, arrow->y + arrow->height);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
  g_array_append_val (panel->marks, *arrow);
}

/* Beside each arrow of the upper panel, its line's highest cost
 * (series->off_scale_label) in the line's colour: after the lines'
 * names, the recommended option's first, which a 511-pt page's cost
 * panel had no room left for under four such values; off the lines
 * where a shift of two lines finds room. */
static void
draw_off_scale_values (Painter           *painter,
                       Geometry          *geometry,
                       const CpChartData *data)
{
  const Panel *panel = &geometry->panels[0];
  double wrap_w = MAX (geometry->right - geometry->left - 4, geometry->font_px * 6);

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      double x = off_scale_exit_x (geometry, data, panel, series);
      CpChartLabelBox arrow = off_scale_arrow (geometry, panel, s, x);
      /* From the arrow's centre, its width: clear of it either side. */
      double beside = arrow.width;
      /* Down to where it may go: two lines under the top, two lines high. */
      double right_x = cp_chart_right_of_strong_bands (panel, x + beside, panel->top + 4 * geometry->line_h);
      gboolean placed = FALSE;
      Rgb storage;

      if (!isfinite (x))
        continue;
      cairo_save (painter->cr);
      cp_chart_set_rgb (painter->cr, cp_chart_series_rgb (painter, series, s, &storage, TRUE));
      /* Beside its arrow, off the lines; else in the arrow's column,
       * then at either side of the plot, in the line's colour, without
       * a leader: leaders from the arrows down to their values crossed
       * the names placed before them (the MoE pretrain at 1920 px). */
      for (guint side = 0; side < 2 && !placed; side++)
        {
          /* Wrapped to the room on its side: at the plot's width it was
           * pushed left across its arrow's column, over the whisker
           * there (the demo's 70B job, read37 F10). */
          double room_w = side == 0 ? geometry->right - 2 - right_x : x - beside - (geometry->left + 2);

          placed = room_w >= geometry->font_px * 6 &&
                   cp_chart_draw_label_off_lines (painter, geometry, geometry->small, series->off_scale_label,
                                                  side == 0 ? right_x : x - beside, panel->top + 2, side,
                                                  MIN (wrap_w, room_w), 2 * geometry->line_h, panel, &arrow);
        }
      if (!placed && !cp_chart_draw_fixed_label (painter, geometry, geometry->small, series->off_scale_label,
                                                 x + beside, panel->top + 2, 0, panel, &arrow) &&
          !cp_chart_draw_fixed_label (painter, geometry, geometry->small, series->off_scale_label,
                                      geometry->right, panel->top + 2, 1, panel, &arrow))
        cp_chart_draw_fixed_label (painter, geometry, geometry->small, series->off_scale_label, geometry->left,
                                   panel->top + 2, 0, panel, &arrow);
      cairo_restore (painter->cr);
    }
}

static void
draw_panel_series (Painter           *painter,
                   Geometry          *geometry,
                   const CpChartData *data,
                   const Panel       *panel,
                   GArray            *requests)
{
  cairo_t *cr = painter->cr;
  gboolean log_y = panel->log;
  g_autoptr(GArray) rings = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  /* double by series: where its line leaves the top, or NAN */
  g_autoptr(GArray) exits = g_array_new (FALSE, FALSE, sizeof (double));

  cp_chart_ring_markers (geometry, data, panel, rings);
  for (guint s = 0; s < data->series->len; s++)
    g_array_append_val (exits, ((double) { NAN }));

  /* Capacity lines under the curves. The recommended quote's solid line
   * goes over the muted ones on the cost chart; on the memory chart the
   * chosen technique's curve goes under the others, whose dashes then
   * still show where two curves coincide. A single machine's marker goes
   * over the other quotes' lines: a cluster's point at one node covered
   * the A800 machine's marker at 8 GPUs (walkthrough 13). */
  for (int pass = 0; pass < 5; pass++)
    for (guint s = 0; s < data->series->len; s++)
      {
        const CpChartSeries *series = g_ptr_array_index (data->series, s);
        gboolean highlight = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
        int rank;

        if (series->capacity)
          rank = 0;
        else if (highlight)
          rank = data->kind == CP_CHART_MEMORY ? 1 : 4;
        else
          rank = series->points_only ? 3 : 2;
        if (rank == pass)
          g_array_append_val (order, s);
      }

  cairo_save (cr);
  cairo_rectangle (cr, geometry->left, panel->top - geometry->font_px, geometry->right - geometry->left + geometry->font_px,
                   panel->bottom - panel->top + 2 * geometry->font_px);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* The bands first, under every line: muted ones fainter, so the
   * recommended option's band reads over the others'. */
  for (guint o = 0; o < order->len; o++)
    {
      guint s = g_array_index (order, guint, o);

      draw_band (painter, geometry, data, panel, g_ptr_array_index (data->series, s), s);
    }

  for (guint o = 0; o < order->len; o++)
    {
      guint s = g_array_index (order, guint, o);
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = cp_chart_panel_values (panel, series);
      gboolean pen_down = FALSE;
      double end_x = NAN, end_y = NAN;
      double last_x = NAN, last_y = NAN;
      double r = cp_chart_marker_size (geometry, series);
      gboolean chosen_found = FALSE;
      guint drawn = 0;

      if (ys == NULL || series->x->len == 0)
        continue;

      set_series_style (painter, series, s, geometry->font_px);
      if (!series->points_only)
        {
          cairo_save (cr);
          cairo_rectangle (cr, geometry->left, panel->top, geometry->right - geometry->left, panel->bottom - panel->top);
          cairo_clip (cr);
          for (guint p = 0; p < series->x->len; p++)
            {
              double xv = g_array_index (series->x, double, p);
              double yv = g_array_index (ys, double, p);
              double x, y;

              /* Unusable points break the line rather than bend it. */
              if (!cp_chart_usable (xv, data->x_log) || !cp_chart_usable (yv, log_y))
                {
                  pen_down = FALSE;
                  continue;
                }
              x = cp_chart_to_px_x (geometry, xv);
              y = cp_chart_to_px_y (panel, yv);
              if (series->capacity)
                y = snap (painter, y);
              if (pen_down)
                {
                  Segment segment = { last_x, last_y, x, y, (int) s };

                  cairo_line_to (cr, x, y);
                  g_array_append_val (panel->segments, segment);
                }
              else
                cairo_move_to (cr, x, y);
              last_x = x;
              last_y = y;
              pen_down = TRUE;
              if (y >= panel->top - 0.5 && y <= panel->bottom + 0.5)
                {
                  end_x = x;
                  end_y = y;
                }
              drawn++;
            }
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      cairo_set_dash (cr, NULL, 0, 0);

      /* Markers on the cost and serving charts show where an estimate was made. */
      if (data->kind != CP_CHART_MEMORY)
        {
          for (guint p = 0; p < series->x->len; p++)
            {
              double xv = g_array_index (series->x, double, p);
              double yv = g_array_index (ys, double, p);
              double x, y, size;
              gboolean open;

              if (!cp_chart_usable (xv, data->x_log) || !cp_chart_usable (yv, log_y))
                continue;
              if (!cp_chart_point_marked (series, p))
                continue;
              x = cp_chart_to_px_x (geometry, xv);
              y = cp_chart_to_px_y (panel, yv);
              /* Above the panel's scale: its arrow says so (draw_off_scale()). */
              if (cp_chart_above_panel (panel, yv))
                continue;
              size = series->points_only ? r : r * 0.6;
              open = series->points_only && g_array_index (rings, double, s) > 0;
              if (open)
                size = g_array_index (rings, double, s);
              put_marker (painter, geometry, panel, series, s, p, x, y, size, open);
              if (!chosen_found)
                {
                  end_x = x;
                  end_y = y;
                }
              /* The option recommended may be fewer nodes than the quote
               * offers: its point gets a larger marker and the label,
               * rather than the line's end. */
              if (xv == series->chosen_x && y >= panel->top - 0.5 && y <= panel->bottom + 0.5)
                {
                  put_marker (painter, geometry, panel, series, s, p, x, y, r, FALSE);
                  end_x = x;
                  end_y = y;
                  chosen_found = TRUE;
                }
            }
        }

      /* A single machine above the scale is named by its value beside its
       * arrow (draw_off_scale_values()), which says its name. */
      g_array_index (exits, double, s) = off_scale_exit_x (geometry, data, panel, series);
      /* A line named by its whole offer ("4 × 8 × H800") whose end is
       * above the cost panel's scale is not named at its last point on
       * it: at 8 GPUs that name read as the 4-node cluster (walk36 F8).
       * The days panel names it at its end, its arrow here says "↑ 4 ×
       * 8 × H800: up to …". */
      if (!series->points_only && !chosen_found && !panel->second &&
          cp_chart_above_panel (panel, g_array_index (ys, double, series->x->len - 1)))
        end_x = NAN;
      if (isfinite (end_x) && isfinite (end_y) && end_y >= panel->top - 0.5 && end_y <= panel->bottom + 0.5)
        {
          double reach = series->points_only ? MAX (r, g_array_index (rings, double, s)) : chosen_found ? r : geometry->font_px * 0.25;
          LabelRequest request = { (int) s, end_x, end_y, reach + geometry->pad * 0.4 };
          g_array_append_val (requests, request);
        }
    }
  cairo_restore (cr);
  cp_chart_join_requests (data, requests);

  for (guint s = 0; s < exits->len; s++)
    if (isfinite (g_array_index (exits, double, s)))
      {
        CpChartLabelBox arrow = off_scale_arrow (geometry, panel, s, g_array_index (exits, double, s));
        Rgb storage;

        draw_off_scale_arrow (painter, cp_chart_series_rgb (painter, g_ptr_array_index (data->series, s), s, &storage,
                                                            FALSE), panel, &arrow);
      }
}

/* The chart's own marks: deadline, break-even and the job itself. Drawn
 * in two passes: @labels FALSE before the series, the lines and markers;
 * @labels TRUE after them, the labels, which the series then cannot
 * cross and the lines' labels move around. */
static void
draw_chart_marks (Painter           *painter,
                  Geometry          *geometry,
                  const CpChartData *data,
                  gboolean           labels)
{
  cairo_t *cr = painter->cr;
  const Panel *upper = &geometry->panels[0];

  /* Deadline on the time panel */
  if (geometry->n_panels == 2 && isfinite (data->deadline_days) && data->deadline_days >= 0)
    {
      const Panel *lower = &geometry->panels[1];
      double y = snap (painter, cp_chart_to_px_y (lower, data->deadline_days));
      double unit = MAX (1.0, geometry->font_px / 6.0);
      double dashes[] = { 8 * unit, 3 * unit, 2 * unit, 3 * unit };

      cp_chart_set_rgb (cr, &painter->theme.deadline);
      if (!labels)
        {
          cairo_set_line_width (cr, MAX (1.0, unit));
          cairo_set_dash (cr, dashes, 4, 0);
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_array_append_val (lower->segments, ((Segment) { geometry->left, y, geometry->right, y, -1 }));
        }
      else
        cp_chart_draw_deadline_label (painter, geometry, geometry->small, data->deadline_label, y, lower);
    }

  /* Break-even, each on the panel it is about */
  for (guint p = 0; p < geometry->n_panels && data->kind == CP_CHART_COST; p++)
    {
      const CpChartBreakEven *break_even = &data->break_even[p];
      const Panel *panel = &geometry->panels[p];
      double x = snap (painter, cp_chart_to_px_x (geometry, break_even->x));
      double dashes[] = { 2, 3 };
      gboolean right_side = x < (geometry->left + geometry->right) / 2;

      cp_chart_set_rgb (cr, &painter->theme.break_even);
      /* No line: the cluster wins from its smallest size, as the note says. */
      if (!isfinite (break_even->x))
        continue;
      if (!labels)
        {
          double y = cp_chart_to_px_y (panel, break_even->y);

          cairo_set_line_width (cr, 1);
          cairo_set_dash (cr, dashes, 2, 0);
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_array_append_val (panel->segments, ((Segment) { x, panel->top, x, panel->bottom, -1 }));
          if (isfinite (y))
            {
              draw_marker (cr, x, y, geometry->font_px * 0.45, 1);
              cairo_stroke (cr);
            }
        }
      else
        /* On the side with more room. */
        cp_chart_draw_fixed_label (painter, geometry, geometry->small, break_even->label,
                                   right_side ? x + 4 : x - 4, panel->top + 3, right_side ? 0 : 1, panel, NULL);
    }

  /* The job itself, as configured and as recommended: the recommended
   * one in its colour, under its marker when it is the lower of the two. */
  for (int mark = 0; mark < 2 && labels; mark++)
    {
      double mx = mark == 0 ? data->marker_x : data->recommended_x;
      double my = mark == 0 ? data->marker_y : data->recommended_y;
      const char *text = mark == 0 ? data->marker_label : data->recommended_label;
      gboolean below = mark == 1 && cp_chart_usable (data->marker_y, data->y_log) && my < data->marker_y;
      double x, y, r = geometry->font_px * 0.55, w, h;

      /* Its marker is drawn by draw_job_marker(), over the curves. */
      if (!cp_chart_usable (mx, data->x_log) || !cp_chart_usable (my, data->y_log) || text == NULL)
        continue;
      x = cp_chart_to_px_x (geometry, mx);
      y = cp_chart_to_px_y (upper, my);
      cp_chart_set_rgb (cr, mark == 0 && !data->marker_recommended ? &painter->theme.text : &painter->theme.highlight);
      cp_chart_text_size (geometry, geometry->small, text, 0, &w, &h);
      {
        /* Off its own marker: a label's backdrop hid the recommended one. */
        double size = r * 1.15 + 1;
        CpChartLabelBox own = { x - size, y - size, 2 * size, 2 * size, -1, 0 };
        double full_w = MAX (geometry->right - geometry->left - 4, geometry->font_px * 6);
        /* Off every line too (issue 26: "This job as recommended" lay on
         * a capacity line): over or under its marker, centred or to
         * either side, whole or on two lines, a few lines' height away
         * at most, before the fixed label's way, which may cover one. */
        const double wraps[] = { full_w, MIN (full_w, geometry->font_px * 14), MIN (full_w, geometry->font_px * 7) };
        const struct { double dx, align; } sides[] = { { 0, 0.5 }, { size + 2, 0 }, { -size - 2, 1 } };
        const char *texts[2] = { text, NULL };
        gboolean placed = FALSE;

        /* The recommended mark's words without its technique, which the
         * curve it sits on names in the same colour. */
        if (mark == 1 && data->recommended_short != NULL)
          texts[1] = data->recommended_short;
        else if (mark == 1)
          {
            cp_i18n_push_language (data->lang);
            /* TRANSLATORS: the memory chart's mark of the job as the recommended option runs it, where its technique does not fit */
            texts[1] = _("This job as recommended");
            cp_i18n_pop_language ();
          }
        /* The whole words on one or two lines, then the short ones, then
         * the whole words narrow: five lines read worse than the short. */
        const struct { guint text, wrap; } tries[] = { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 2 } };

        for (guint t = 0; t < G_N_ELEMENTS (tries) && !placed; t++)
          for (guint s = 0; s < G_N_ELEMENTS (sides) && texts[tries[t].text] != NULL && !placed; s++)
            {
              const char *words = texts[tries[t].text];
              double wrap_w = wraps[tries[t].wrap];
              double wrapped_w, wrapped_h;

              cp_chart_text_size (geometry, geometry->small, words, wrap_w, &wrapped_w, &wrapped_h);
              placed = cp_chart_draw_label_off_lines (painter, geometry, geometry->small, words, x + sides[s].dx,
                                                      below ? y + r + 2 : y - r - wrapped_h - 2, sides[s].align,
                                                      wrap_w, 3 * geometry->line_h, upper, &own);
            }
        /* Among curves close together, the short words farther off, on
         * either side of the marker. */
        for (guint k = 0; k < G_N_ELEMENTS (wraps) && !placed; k++)
          for (guint s = 0; s < G_N_ELEMENTS (sides) && !placed; s++)
            for (int side = 0; side < 2 && !placed; side++)
              {
                const char *words = texts[1] != NULL ? texts[1] : texts[0];
                gboolean under = side == 0 ? below : !below;
                double wrapped_w, wrapped_h;

                cp_chart_text_size (geometry, geometry->small, words, wraps[k], &wrapped_w, &wrapped_h);
                placed = cp_chart_draw_label_off_lines (painter, geometry, geometry->small, words, x + sides[s].dx,
                                                        under ? y + r + 2 : y - r - wrapped_h - 2, sides[s].align,
                                                        wraps[k], 8 * geometry->line_h, upper, &own);
              }
        if (!placed)
          cp_chart_draw_fixed_label (painter, geometry, geometry->small, text, x - w / 2,
                                     below ? y + r + 2 : y - r - h - 2, 0, upper, &own);
      }
    }
}

/* A job's marker (a diamond reaching 1.15 times its size) among the
 * marks the labels keep off: a label's backdrop hid the recommended one. */
static void
add_job_mark (Geometry *geometry,
              double    x,
              double    y)
{
  double size = geometry->font_px * 0.55 * 1.15 + 1;
  CpChartLabelBox mark = { x - size, y - size, 2 * size, 2 * size, -1, 0 };

  g_array_append_val (geometry->panels[0].marks, mark);
}

static void
draw_job_marker (Painter           *painter,
                 Geometry          *geometry,
                 const CpChartData *data)
{
  cairo_t *cr = painter->cr;
  double x, y;

  /* As recommended: filled in the recommended option's colour. */
  if (cp_chart_usable (data->recommended_x, data->x_log) && cp_chart_usable (data->recommended_y, data->y_log))
    {
      x = cp_chart_to_px_x (geometry, data->recommended_x);
      y = cp_chart_to_px_y (&geometry->panels[0], data->recommended_y);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, 1.5);
      draw_marker (cr, x, y, geometry->font_px * 0.55, 3);
      cp_chart_set_rgb (cr, &painter->theme.highlight);
      cairo_fill_preserve (cr);
      cp_chart_set_rgb (cr, &painter->theme.text);
      cairo_stroke (cr);
      add_job_mark (geometry, x, y);
    }
  /* As configured: open, in the text's colour; filled as the recommended
   * one when it is also that. */
  if (!cp_chart_usable (data->marker_x, data->x_log) || !cp_chart_usable (data->marker_y, data->y_log))
    return;
  x = cp_chart_to_px_x (geometry, data->marker_x);
  y = cp_chart_to_px_y (&geometry->panels[0], data->marker_y);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1.5);
  draw_marker (cr, x, y, geometry->font_px * 0.55, 3);
  cp_chart_set_rgb (cr, data->marker_recommended ? &painter->theme.highlight : &painter->theme.background);
  cairo_fill_preserve (cr);
  cp_chart_set_rgb (cr, &painter->theme.text);
  cairo_stroke (cr);
  add_job_mark (geometry, x, y);
}

/* A chart with nothing to draw says so in its middle, in place of axes
 * without a line, which read as a chart of nothing (meeting walkthrough,
 * issue 26): "Add a price to a quote to see the total cost". */
static void
draw_empty_text (Painter           *painter,
                 Geometry          *geometry,
                 const CpChartData *data,
                 double             width,
                 double             height)
{
  double wrap = MIN (width - 2 * geometry->pad, geometry->font_px * 32);
  double top = geometry->pad + geometry->title_height;
  PangoLayout *layout;
  int w, h;

  if (wrap <= 0)
    return;
  layout = cp_chart_set_text (geometry, geometry->font, data->empty_text, wrap, FALSE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  cp_chart_set_rgb (painter->cr, &painter->theme.text);
  cairo_move_to (painter->cr, (width - wrap) / 2, MAX (top, top + (height - top - h) / 2));
  pango_cairo_show_layout (painter->cr, layout);
  pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
}


/* The cost chart's labels, each quote named on both panels at its GPU
 * count, beside its point or joined to it by a short leader across no
 * other quote's line, marker, label or leader. A name with no such place
 * on one panel is left to the other, the note saying both panels show
 * the same quotes at the same GPU counts; only a name with no clean
 * place on either goes on the cost panel where it covers least, off the
 * lines or left out (cp_chart_draw_line_labels()) (the H20 of the demo's
 * 70B job was joined to its 8-GPU marker across three other quotes' lines
 * on the cost panel, while the days panel named it beside its point). */
static void
draw_two_panel_labels (Painter           *painter,
                       Geometry          *geometry,
                       const CpChartData *data,
                       GArray            *requests[2])
{
  g_autoptr(GArray) unplaced_upper = g_array_new (FALSE, FALSE, sizeof (LabelRequest));
  g_autoptr(GArray) unplaced_lower = g_array_new (FALSE, FALSE, sizeof (LabelRequest));
  g_autoptr(GArray) anywhere = g_array_new (FALSE, FALSE, sizeof (LabelRequest));
  g_autoptr(GArray) named_lower = g_array_new (FALSE, FALSE, sizeof (int));

  painter->deferred = cp_chart_deferred_labels_new ();
  cp_chart_draw_line_labels (painter, geometry, data, &geometry->panels[0], requests[0], TRUE, unplaced_upper);
  cp_chart_draw_line_labels (painter, geometry, data, &geometry->panels[1], requests[1], TRUE, unplaced_lower);
  for (guint i = 0; i < requests[1]->len; i++)
    {
      int series = g_array_index (requests[1], LabelRequest, i).series;
      gboolean named = TRUE;

      for (guint k = 0; k < unplaced_lower->len && named; k++)
        named = g_array_index (unplaced_lower, LabelRequest, k).series != series;
      if (named)
        g_array_append_val (named_lower, series);
    }
  for (guint i = 0; i < unplaced_upper->len; i++)
    {
      const LabelRequest *request = &g_array_index (unplaced_upper, LabelRequest, i);
      gboolean named = FALSE;

      for (guint k = 0; k < named_lower->len && !named; k++)
        named = g_array_index (named_lower, int, k) == request->series;
      if (!named)
        g_array_append_val (anywhere, *request);
    }
  cp_chart_draw_line_labels (painter, geometry, data, &geometry->panels[0], anywhere, FALSE, NULL);
  cp_chart_draw_deferred_labels (painter, geometry, data);
}

static void
draw_chart (cairo_t           *cr,
            double             width,
            double             height,
            CpChartStyle       style,
            const CpChartData *data,
            GArray            *label_boxes,
            GArray            *markers)
{
  PangoContext *context;
  Geometry geometry;
  g_autoptr(GArray) leaders = g_array_new (FALSE, FALSE, sizeof (Segment));
  Painter painter = { cr, style != CP_CHART_STYLE_PRINT, { { 0 } }, NULL, markers, leaders, NULL };
  GArray *requests[2];
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));

  g_return_if_fail (cr != NULL && data != NULL);

  if (!(width > 0 && height > 0 && isfinite (width) && isfinite (height)))
    return;
  if (data->kind == CP_CHART_TIMELINE)
    {
      cp_chart_draw_timeline (cr, width, height, style, data, boxes, NULL);
      if (label_boxes != NULL)
        g_array_append_vals (label_boxes, boxes->data, boxes->len);
      return;
    }

  painter.boxes = boxes;
  cp_chart_theme_for_style (&painter.theme, style);
  context = cp_chart_context_new (cr, style);
  cp_chart_geometry_init (&geometry, context, data, style, width, height);

  cairo_save (cr);
  cp_chart_set_rgb (cr, &painter.theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  cp_chart_set_rgb (cr, &painter.theme.text);
  cp_chart_show_text (&painter, &geometry, geometry.bold, data->title, geometry.pad, geometry.pad, 0, 0,
                      geometry.title_width, FALSE);
  {
    double title_w;
    CpChartLabelBox title = { geometry.pad, geometry.pad, 0, geometry.title_height, CP_CHART_BOX_TITLE,
                              data->title != NULL ? strlen (data->title) : 0 };

    cp_chart_text_size (&geometry, geometry.bold, data->title, geometry.title_width, &title_w, NULL);
    title.width = title_w;
    g_array_append_val (painter.boxes, title);
  }

  if (data->empty_text != NULL)
    {
      draw_empty_text (&painter, &geometry, data, width, height);
      cairo_restore (cr);
      if (label_boxes != NULL)
        g_array_append_vals (label_boxes, boxes->data, boxes->len);
      cp_chart_geometry_clear (&geometry);
      g_object_unref (context);
      return;
    }

  draw_grid_and_axes (&painter, &geometry, data);
  draw_chart_marks (&painter, &geometry, data, FALSE);
  requests[0] = g_array_new (FALSE, FALSE, sizeof (LabelRequest));
  requests[1] = g_array_new (FALSE, FALSE, sizeof (LabelRequest));
  for (guint p = 0; p < geometry.n_panels; p++)
    draw_panel_series (&painter, &geometry, data, &geometry.panels[p], requests[p]);
  /* The job's marker goes over the curves that pass through it. */
  draw_job_marker (&painter, &geometry, data);
  draw_chart_marks (&painter, &geometry, data, TRUE);
  if (geometry.n_panels > 1)
    draw_two_panel_labels (&painter, &geometry, data, requests);
  else
    cp_chart_draw_line_labels (&painter, &geometry, data, &geometry.panels[0], requests[0], FALSE, NULL);
  draw_off_scale_values (&painter, &geometry, data);
  g_array_unref (requests[0]);
  g_array_unref (requests[1]);

  if (geometry.note != NULL)
    {
      cp_chart_set_rgb (cr, &painter.theme.text);
      cp_chart_show_text (&painter, &geometry, geometry.small, geometry.note, geometry.pad, geometry.note_top, 0, 0,
                          width - 2 * geometry.pad, FALSE);
    }
  cairo_restore (cr);

  if (label_boxes != NULL)
    g_array_append_vals (label_boxes, boxes->data, boxes->len);
  cp_chart_geometry_clear (&geometry);
  g_object_unref (context);
}

void
cp_chart_draw_full (cairo_t           *cr,
                    double             width,
                    double             height,
                    CpChartStyle       style,
                    const CpChartData *data,
                    GArray            *label_boxes)
{
  draw_chart (cr, width, height, style, data, label_boxes, NULL);
}

void
cp_chart_draw_markers (cairo_t           *cr,
                       double             width,
                       double             height,
                       CpChartStyle       style,
                       const CpChartData *data,
                       GArray            *markers)
{
  g_return_if_fail (markers != NULL);

  draw_chart (cr, width, height, style, data, NULL, markers);
}

void
cp_chart_draw (cairo_t           *cr,
               double             width,
               double             height,
               CpChartStyle       style,
               const CpChartData *data)
{
  cp_chart_draw_full (cr, width, height, style, data, NULL);
}

gboolean
cp_chart_locate (const CpChartData *data,
                 double             width,
                 double             height,
                 CpChartStyle       style,
                 guint              series_index,
                 guint              point,
                 gboolean           lower,
                 double            *x,
                 double            *y)
{
  Geometry geometry;
  const CpChartSeries *series;
  const Panel *panel;
  GArray *ys;
  gboolean inside = FALSE;

  g_return_val_if_fail (data != NULL && series_index < data->series->len, FALSE);
  g_return_val_if_fail (data->kind != CP_CHART_TIMELINE, FALSE);

  series = g_ptr_array_index (data->series, series_index);
  cp_chart_geometry_init_detached (&geometry, data, style, width, height);
  panel = &geometry.panels[lower && geometry.n_panels == 2 ? 1 : 0];
  ys = cp_chart_panel_values (panel, series);
  if (ys != NULL && point < series->x->len)
    {
      double value = g_array_index (ys, double, point);

      *x = cp_chart_to_px_x (&geometry, g_array_index (series->x, double, point));
      *y = cp_chart_to_px_y (panel, value);
      inside = isfinite (*x) && isfinite (*y) && *x >= geometry.left && *x <= geometry.right &&
               !cp_chart_above_panel (panel, value) && *y <= panel->bottom;
    }
  cp_chart_geometry_clear (&geometry);
  return inside;
}

void
cp_chart_plot_area (const CpChartData *data,
                    double             width,
                    double             height,
                    CpChartStyle       style,
                    double            *left,
                    double            *top,
                    double            *right,
                    double            *bottom)
{
  Geometry geometry;

  g_return_if_fail (data != NULL && data->kind != CP_CHART_TIMELINE);

  cp_chart_geometry_init_detached (&geometry, data, style, width, height);
  *left = geometry.left;
  *right = geometry.right;
  *top = geometry.panels[0].top;
  *bottom = geometry.panels[geometry.n_panels - 1].bottom;
  cp_chart_geometry_clear (&geometry);
}

/* ---------------------------------------------------------------------- */
/* Files                                                                  */

static cairo_status_t
append_to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
cp_chart_write_file (const CpChartData *data,
                     const char        *path,
                     gboolean           svg,
                     double             width,
                     double             height,
                     double             scale,
                     GError           **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) local = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  g_return_val_if_fail (data != NULL && path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, FALSE);

  /* Drawn in memory (a chart is a few hundred KB at most), then written
   * to a temporary file in the same folder and renamed over @path: a full
   * disk leaves the old chart whole, and a symlink at @path is replaced,
   * never followed. */
  if (svg)
    surface = cairo_svg_surface_create_for_stream (append_to_bytes, bytes, width, height);
  else
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                            (int) ceil (height * scale));
      cairo_surface_set_device_scale (surface, scale, scale);
    }
  cr = cairo_create (surface);
  cp_chart_draw (cr, width, height, CP_CHART_STYLE_LIGHT, data);
  cairo_destroy (cr);

  if (svg)
    cairo_surface_finish (surface);
  else if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    cairo_surface_write_to_png_stream (surface, append_to_bytes, bytes);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path, cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_file_set_contents (path, (const char *) bytes->data, bytes->len, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Readout                                                                */

/* The series value at @x: interpolated between neighbours on lines, the
 * point itself for single-machine points. */
static gboolean
series_value_at (const CpChartSeries *series,
                 const CpChartData   *data,
                 const Geometry      *geometry,
                 GArray              *ys,
                 double               x_px,
                 double              *x_out,
                 double              *y_out)
{
  double best_distance = INFINITY;
  gboolean found = FALSE;

  for (guint p = 0; p < series->x->len; p++)
    {
      double xv = g_array_index (series->x, double, p);
      double yv = g_array_index (ys, double, p);
      double px;

      if (!cp_chart_usable (xv, data->x_log) || !cp_chart_usable (yv, FALSE))
        continue;
      px = cp_chart_to_px_x (geometry, xv);

      if (!series->points_only && p + 1 < series->x->len)
        {
          double xn = g_array_index (series->x, double, p + 1);
          double yn = g_array_index (ys, double, p + 1);
          double pn;

          if (cp_chart_usable (xn, data->x_log) && cp_chart_usable (yn, FALSE))
            {
              pn = cp_chart_to_px_x (geometry, xn);
              if (x_px >= px && x_px <= pn && pn > px)
                {
                  double t = (x_px - px) / (pn - px);
                  *x_out = cp_chart_axis_value (&geometry->x, cp_chart_axis_fraction (&geometry->x, xv) + t * (cp_chart_axis_fraction (&geometry->x, xn) - cp_chart_axis_fraction (&geometry->x, xv)));
                  *y_out = yv + t * (yn - yv);
                  return TRUE;
                }
            }
        }
      if (fabs (px - x_px) < best_distance)
        {
          best_distance = fabs (px - x_px);
          *x_out = xv;
          *y_out = yv;
          found = TRUE;
        }
    }

  return found && best_distance <= geometry->font_px;
}

static char *
format_y (const CpChartData *data,
          const Axis        *axis,
          double             value)
{
  if (data->kind == CP_CHART_MEMORY)
    return cp_chart_format_memory (value, axis->scale, data->lang);
  return cp_i18n_format_value (value / axis->scale, data->lang);
}

/* What a readout calls point @point of @series: the label where it is
 * the recommended option ("Recommended: …"), else the option there. Only
 * the option chosen is "Recommended": the same quote's line at 104 GPUs
 * read as the recommendation beside one of 8 (walkthrough 8). */
static const char *
point_name (const CpChartSeries *series,
            guint                point)
{
  if (series->point_names == NULL || point >= series->point_names->len ||
      g_array_index (series->x, double, point) == series->chosen_x)
    return series->label;
  return g_ptr_array_index (series->point_names, point);
}

char *
cp_chart_readout (const CpChartData *data,
                  double             width,
                  double             height,
                  double             x,
                  double             y)
{
  Geometry geometry;
  const Panel *panel = NULL;
  const CpChartSeries *best = NULL;
  double best_distance = INFINITY;
  double best_x = NAN, best_y = NAN, best_y2 = NAN;
  char *text = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  /* The timeline names its jobs, dates and amounts on the chart itself;
   * an empty chart says what to do in its middle. */
  if (!(width > 0 && height > 0) || data->kind == CP_CHART_TIMELINE || data->empty_text != NULL)
    return NULL;

  cp_chart_geometry_init_detached (&geometry, data, CP_CHART_STYLE_LIGHT, width, height);
  for (guint p = 0; p < geometry.n_panels; p++)
    if (x >= geometry.left && x <= geometry.right && y >= geometry.panels[p].top && y <= geometry.panels[p].bottom)
      panel = &geometry.panels[p];
  if (panel == NULL)
    {
      cp_chart_geometry_clear (&geometry);
      return NULL;
    }

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = cp_chart_panel_values (panel, series);
      double sx, sy, distance;

      if (ys == NULL || !series_value_at (series, data, &geometry, ys, x, &sx, &sy))
        continue;
      distance = fabs (cp_chart_to_px_y (panel, sy) - y);
      if (distance < best_distance)
        {
          best_distance = distance;
          best = series;
          best_x = sx;
          best_y = sy;
        }
    }

  /* No line in this panel: a quote without a price draws no cost, and a
   * figure read off the placeholder axes ("3 GPUs, cost 0.184") described
   * nothing (meeting walkthrough). A line is always found otherwise:
   * series_value_at() takes the nearest point. */
  if (best == NULL)
    {
      cp_chart_geometry_clear (&geometry);
      return NULL;
    }

  cp_i18n_push_language (data->lang);
  if (data->kind == CP_CHART_COST)
    {
      /* Both figures of the point: cost and days belong together. */
      double cost = NAN;
      double nearest = INFINITY;
      guint at = 0;
      g_autofree char *cost_text = NULL;
      g_autofree char *days_text = NULL;

      /* Between two node counts: the nearest one estimated. */
      for (guint p = 0; p < best->x->len; p++)
        {
          double d = fabs (g_array_index (best->x, double, p) - best_x);
          if (d < nearest)
            {
              nearest = d;
              at = p;
              cost = g_array_index (best->y, double, p);
              best_y2 = best->y2 != NULL ? g_array_index (best->y2, double, p) : NAN;
            }
        }
      /* An option's total, in whole units as the table and the memo give
       * it: "20.00 CNY" beside the text's "20 CNY" (appr36 D24). */
      cost_text = cp_i18n_format_money_whole (cost, data->currency, data->lang);
      days_text = cp_i18n_format_days (best_y2, data->lang);
      /* The point's machines and their GPUs are in its name ("10 × 8 ×
       * H800 (80 GPUs) · …"); other quotes at the same GPUs that read the
       * same cost and days are named with it, a tie: the readout named
       * whichever came first, as if the other were not there (issue 22). */
      {
        g_autofree char *names = g_strdup (point_name (best, at));
        double best_gpus = g_array_index (best->x, double, at);

        for (guint s = 0; s < data->series->len; s++)
          {
            const CpChartSeries *other = g_ptr_array_index (data->series, s);

            if (other == best || other->y2 == NULL)
              continue;
            for (guint p = 0; p < other->x->len; p++)
              {
                g_autofree char *other_cost = NULL;
                g_autofree char *other_days = NULL;

                if (g_array_index (other->x, double, p) != best_gpus)
                  continue;
                other_cost = cp_i18n_format_money_whole (g_array_index (other->y, double, p), data->currency,
                                                         data->lang);
                other_days = cp_i18n_format_days (g_array_index (other->y2, double, p), data->lang);
                if (g_strcmp0 (other_cost, cost_text) == 0 && g_strcmp0 (other_days, days_text) == 0)
                  {
                    /* TRANSLATORS: two options named together in the cost chart's readout, where they read the
                     * same */
                    char *joined = g_strdup_printf (_("%s; %s"), names, point_name (other, p));

                    g_free (names);
                    names = joined;
                  }
              }
          }
        /* TRANSLATORS: cost chart readout: the option (machines and quote), total cost, days */
        text = g_strdup_printf (_("%s: %s, %s"), names, cost_text, days_text);
      }
    }
  else if (data->kind == CP_CHART_SERVING)
    {
      g_autofree char *replicas = NULL;
      g_autofree char *cost_text = NULL;
      double nearest = INFINITY, cost = best_y;
      guint at = 0;

      /* Between two node counts: the nearest one estimated. */
      for (guint p = 0; p < best->x->len; p++)
        if (fabs (g_array_index (best->x, double, p) - best_x) < nearest)
          {
            nearest = fabs (g_array_index (best->x, double, p) - best_x);
            at = p;
            cost = g_array_index (best->y, double, p);
          }
      replicas = cp_i18n_format_number (g_array_index (best->x, double, at), 0, data->lang);
      cost_text = cp_i18n_format_money (cost, data->currency, data->lang);
      /* TRANSLATORS: serving chart readout: quote name, replicas, cost per million output tokens */
      text = g_strdup_printf (_("%s: %s replicas, %s per million output tokens"), point_name (best, at),
                              replicas, cost_text);
    }
  else
    {
      g_autofree char *params = cp_format_count (best_x);
      g_autofree char *need = format_y (data, &panel->y, best_y);

      /* A sentence: "QLoRA: 144.4B parameters, 94.9 GiB" floated over
       * the chart saying nothing of what the figures were (walkthrough
       * 14). A GPUs' line says what they hold at every size. */
      if (best->capacity)
        text = g_strdup (best->label);
      else
        /* TRANSLATORS: memory chart readout under the pointer: line name, model size, memory, e.g. "QLoRA: 144.4B parameters need 94.9 GiB of GPU memory" */
        text = g_strdup_printf (_("%s: %s parameters need %s of GPU memory"), best->label, params, need);
    }
  cp_i18n_pop_language ();

  cp_chart_geometry_clear (&geometry);
  return text;
}
