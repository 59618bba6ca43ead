/* cp-chart-bands.c: the range bands as areas the labels keep off.
 *
 * Owns the shaded low-to-high bands and whiskers drawn under a chart's
 * lines (cp-chart.c's draw_band()) kept as pieces, and whether a label's
 * box covers one: a label laid on a band hides the range it shows (the
 * H20's name on G's orange band of the demo's 70B job, read37 F10).
 * Where labels go is cp-chart-labels.c's. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include "cp-chart-private.h"

void
cp_chart_add_band_piece (const Panel *panel,
                         gboolean     strong,
                         double       x0,
                         double       x1,
                         double       top0,
                         double       bottom0,
                         double       top1,
                         double       bottom1)
{
  BandPiece piece = { MIN (x0, x1), MAX (x0, x1), top0, bottom0, top1, bottom1, strong };

  if (x1 < x0)
    {
      piece.top0 = top1;
      piece.bottom0 = bottom1;
      piece.top1 = top0;
      piece.bottom1 = bottom0;
    }
  g_array_append_val (panel->bands, piece);
}

/* A band's edge this far inside a label counts as covered: a label
 * whose edge only touches the band's hides none of it. */
#define BAND_OVERLAP_PX 0.5

/* Whether @piece reaches into [x0, x1] × [y0, y1] by more than
 * BAND_OVERLAP_PX up or down. Its edges are straight between its ends,
 * so where it does is one run of x, whose ends are the rectangle's
 * sides or where an edge meets its top or bottom: it does when one of
 * those does. */
static gboolean
band_piece_covers (const BandPiece *piece,
                   double           x0,
                   double           y0,
                   double           x1,
                   double           y1)
{
  double width = piece->x1 - piece->x0;
  double t0, t1, candidates[4];
  double top_limit = y1 - BAND_OVERLAP_PX, bottom_limit = y0 + BAND_OVERLAP_PX;

  if (MAX (x0, piece->x0) > MIN (x1, piece->x1))
    return FALSE;
  t0 = width > 0 ? (MAX (x0, piece->x0) - piece->x0) / width : 0;
  t1 = width > 0 ? (MIN (x1, piece->x1) - piece->x0) / width : 0;
  candidates[0] = t0;
  candidates[1] = t1;
  candidates[2] = piece->top1 != piece->top0 ? (top_limit - piece->top0) / (piece->top1 - piece->top0) : t0;
  candidates[3] = piece->bottom1 != piece->bottom0
                  ? (bottom_limit - piece->bottom0) / (piece->bottom1 - piece->bottom0) : t0;
  for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
    {
      double t = candidates[c];

      if (!(t >= t0 - 1e-9 && t <= t1 + 1e-9))
        continue;
      if (piece->top0 + (piece->top1 - piece->top0) * t <= top_limit + 1e-9 &&
          piece->bottom0 + (piece->bottom1 - piece->bottom0) * t >= bottom_limit - 1e-9)
        return TRUE;
    }
  return FALSE;
}

gboolean
cp_chart_box_covers_bands (const Geometry        *geometry,
                           const Panel           *panel,
                           const CpChartLabelBox *box,
                           BandAvoidance          avoid)
{
  double x0 = MAX (box->x - 1, geometry->left), x1 = MIN (box->x + box->width + 1, geometry->right);
  double y0 = MAX (box->y, panel->top), y1 = MIN (box->y + box->height, panel->bottom);

  if (avoid == BANDS_IGNORED || x0 >= x1 || y0 >= y1)
    return FALSE;
  for (guint i = 0; i < panel->bands->len; i++)
    {
      const BandPiece *piece = &g_array_index (panel->bands, BandPiece, i);

      if ((piece->strong || avoid == BANDS_ALL) && band_piece_covers (piece, x0, y0, x1, y1))
        return TRUE;
    }
  return FALSE;
}

/* Narrows [*@from, *@to], a run of x across a band piece from @x0 to
 * @x1, to where the edge running from @y0 to @y1 is above @limit
 * (@above) or below it. */
static void
clip_edge (double    x0,
           double    x1,
           double    y0,
           double    y1,
           double    limit,
           gboolean  above,
           double   *from,
           double   *to)
{
  double at;

  if (y0 == y1 || x1 <= x0)
    {
      if ((above && !(y0 < limit)) || (!above && !(y0 > limit)))
        *to = *from - 1;
      return;
    }
  at = x0 + (x1 - x0) * (limit - y0) / (y1 - y0);
  /* Above the limit (a smaller y) on the side where the edge is. */
  if ((y1 < y0) == above)
    *from = MAX (*from, at);
  else
    *to = MIN (*to, at);
}

double
cp_chart_right_of_strong_bands (const Panel *panel,
                                double       x,
                                double       low_y)
{
  gboolean moved = TRUE;

  while (moved)
    {
      moved = FALSE;
      for (guint i = 0; i < panel->bands->len; i++)
        {
          const BandPiece *piece = &g_array_index (panel->bands, BandPiece, i);
          double from = piece->x0, to = piece->x1;

          if (!piece->strong)
            continue;
          /* Its top edge over @low_y, its bottom edge under the panel's top. */
          clip_edge (piece->x0, piece->x1, piece->top0, piece->top1, low_y, TRUE, &from, &to);
          clip_edge (piece->x0, piece->x1, piece->bottom0, piece->bottom1, panel->top, FALSE, &from, &to);
          if (from <= x && x < to)
            {
              x = to + 1;
              moved = TRUE;
            }
        }
    }
  return x;
}
