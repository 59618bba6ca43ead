/* cp-chart-fixed-labels.c: where a chart's own labels go.
 *
 * Owns the labels of the chart itself, the deadline, the break-even and
 * the job's marks, placed before the lines' labels so that those move
 * around them: over the chart's background, off the lines where a short
 * move does it, led to a mark they stand away from. Where the lines'
 * labels go is cp-chart-labels.c's. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "cp-chart-private.h"

/* @text in @box over the chart's background, which hides the grid and
 * any line behind it. */
static void
show_label_on_background (Painter                    *painter,
                          Geometry                   *geometry,
                          const PangoFontDescription *font,
                          const char                 *text,
                          const CpChartLabelBox      *box,
                          double                      wrap_w)
{
  cairo_save (painter->cr);
  cp_chart_set_rgb (painter->cr, &painter->theme.background);
  cairo_rectangle (painter->cr, box->x - 1, box->y, box->width + 2, box->height);
  cairo_fill (painter->cr);
  cairo_restore (painter->cr);
  cp_chart_show_text (painter, geometry, font, text, box->x, box->y, 0, 0, wrap_w, FALSE);
}

/* The box of the chart's own label @text wrapped at @wrap_w, at @y and
 * aligned on @x by @x_align (0 left, 1 right). */
static CpChartLabelBox
chart_label_box (Geometry                   *geometry,
                 const PangoFontDescription *font,
                 const char                 *text,
                 double                      x,
                 double                      y,
                 double                      x_align,
                 double                      wrap_w)
{
  CpChartLabelBox box = { 0 };

  cp_chart_text_size (geometry, font, text, wrap_w, &box.width, &box.height);
  box.series = -1;
  box.shown_bytes = strlen (text);
  box.x = x - x_align * box.width;
  box.y = y;
  return box;
}

/* A label of the chart itself (deadline, break-even, the job), placed
 * before the lines' labels so they move around it; off the lines when a
 * line's height of moving does it. FALSE, nothing drawn, where the
 * other labels leave it no place. */
gboolean
cp_chart_draw_fixed_label (Painter                    *painter,
                           Geometry                   *geometry,
                           const PangoFontDescription *font,
                           const char                 *text,
                           double                      x,
                           double                      y,
                           double                      x_align,
                           const Panel                *panel,
                           const CpChartLabelBox      *keep_clear)
{
  CpChartLabelBox box;
  double wrap_w;

  if (text == NULL)
    return FALSE;
  wrap_w = MAX (geometry->right - geometry->left - 4, geometry->font_px * 6);
  box = chart_label_box (geometry, font, text, x, y, x_align, wrap_w);
  box.x = CLAMP (box.x, geometry->left + 2, MAX (geometry->left + 2, geometry->right - box.width - 2));
  if (!cp_chart_place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, geometry->line_h, keep_clear, NULL) &&
      !cp_chart_place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, -1, keep_clear, NULL))
    return FALSE;
  show_label_on_background (painter, geometry, font, text, &box, wrap_w);
  return TRUE;
}

/* Whether @box covers a marker of @panel. */
static gboolean
covers_marker (const Panel           *panel,
               const CpChartLabelBox *box)
{
  for (guint i = 0; i < panel->marks->len; i++)
    {
      const CpChartLabelBox *mark = &g_array_index (panel->marks, CpChartLabelBox, i);

      if (box->x < mark->x + mark->width && mark->x < box->x + box->width &&
          box->y < mark->y + mark->height && mark->y < box->y + box->height)
        return TRUE;
    }
  return FALSE;
}

gboolean
cp_chart_draw_deadline_label (Painter                    *painter,
                              Geometry                   *geometry,
                              const PangoFontDescription *font,
                              const char                 *text,
                              double                      line_y,
                              const Panel                *panel)
{
  double wrap_w = MAX (geometry->right - geometry->left - 4, geometry->font_px * 6);
  CpChartLabelBox sides[2];
  double wanted, range;

  if (text == NULL)
    return FALSE;
  sides[0] = chart_label_box (geometry, font, text, geometry->left + 4, 0, 0, wrap_w);
  sides[1] = chart_label_box (geometry, font, text, geometry->right - 4, 0, 1, wrap_w);
  wanted = MAX (panel->top + 1, line_y - sides[0].height - 1);
  /* Over the line at the plot's left end, else at its right end, off the
   * lines and markers within a line's height. */
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      CpChartLabelBox box = sides[s];

      box.y = wanted;
      if (cp_chart_place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, geometry->line_h, NULL,
                              NULL))
        {
          show_label_on_background (painter, geometry, font, text, &box, wrap_w);
          return TRUE;
        }
    }
  /* Else nearest the line off the markers, over a line rather than a
   * marker: at the plot's left end it hid the single machines at 8 GPUs,
   * which quote sat there unseen (the demo's days panels at 1,024 px). */
  range = panel->bottom - panel->top;
  for (double shift = 0; shift <= range; shift += 1)
    for (int sign = 1; sign >= -1; sign -= 2)
      for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
        {
          CpChartLabelBox box = sides[s];

          box.y = wanted + sign * shift;
          if ((shift == 0 && sign < 0) || box.y < panel->top + 1 || box.y + box.height > panel->bottom - 1 ||
              covers_marker (panel, &box) ||
              !cp_chart_place_box (painter, geometry, panel, &box, box.y, box.y + box.height, -1, NULL, NULL))
            continue;
          show_label_on_background (painter, geometry, font, text, &box, wrap_w);
          return TRUE;
        }
  return cp_chart_draw_fixed_label (painter, geometry, font, text, geometry->left + 4, wanted, 0, panel, NULL);
}

/* A label put more than a line's height above or below the mark @mark
 * is joined to it by a thin leader in the label's colour, from the
 * mark's edge to the label's, which the lines' labels then keep clear
 * of (issue 26: "This job as recommended" stood 134 px under its marker
 * on the demo's 70B fine-tune at 1920 × 1080, nearer another curve). */
static void
lead_to_mark (Painter               *painter,
              Geometry              *geometry,
              CpChartLabelBox       *box,
              const CpChartLabelBox *mark)
{
  gboolean under = box->y >= mark->y + mark->height;
  double x0 = mark->x + mark->width / 2;
  double y0 = under ? mark->y + mark->height : mark->y;
  double x1 = CLAMP (x0, box->x, box->x + box->width);
  double y1 = under ? box->y : box->y + box->height;

  /* Beside the mark, or near enough over or under it: no leader. */
  if ((box->y < mark->y + mark->height && box->y + box->height > mark->y) || fabs (y1 - y0) <= geometry->line_h)
    return;
  box->leader = TRUE;
  box->leader_x0 = x0;
  box->leader_y0 = y0;
  box->leader_x1 = x1;
  box->leader_y1 = y1;
  cairo_save (painter->cr);
  cairo_set_dash (painter->cr, NULL, 0, 0);
  cairo_set_line_width (painter->cr, MAX (0.75, geometry->font_px / 16.0));
  cairo_move_to (painter->cr, x0, y0);
  cairo_line_to (painter->cr, x1, y1);
  cairo_stroke (painter->cr);
  cairo_restore (painter->cr);
  if (painter->leaders != NULL)
    g_array_append_val (painter->leaders, ((Segment) { x0, y0, x1, y1, -1 }));
}

/* Like cp_chart_draw_fixed_label(), wrapped at @wrap_w, but only where
 * it covers no line of @panel, at most @max_shift from @y: FALSE, and
 * nothing drawn, when there is no such place. The job's labels on the
 * memory chart try several before the fixed label's way (issue 26: "This
 * job as recommended" sat on a capacity line); one put far from its
 * mark, @keep_clear, is led to it (lead_to_mark()). */
gboolean
cp_chart_draw_label_off_lines (Painter                    *painter,
                               Geometry                   *geometry,
                               const PangoFontDescription *font,
                               const char                 *text,
                               double                      x,
                               double                      y,
                               double                      x_align,
                               double                      wrap_w,
                               double                      max_shift,
                               const Panel                *panel,
                               const CpChartLabelBox      *keep_clear)
{
  CpChartLabelBox box = chart_label_box (geometry, font, text, x, y, x_align, wrap_w);

  if (box.x < geometry->left + 2 || box.x + box.width > geometry->right - 2 ||
      !cp_chart_place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, max_shift, keep_clear, NULL))
    return FALSE;
  if (keep_clear != NULL)
    {
      lead_to_mark (painter, geometry, &box, keep_clear);
      /* cp_chart_place_box() kept the box as placed, before its leader. */
      g_array_index (painter->boxes, CpChartLabelBox, painter->boxes->len - 1) = box;
    }
  show_label_on_background (painter, geometry, font, text, &box, wrap_w);
  return TRUE;
}
