/* cp-chart-labels.c: where a chart's labels go.
 *
 * Owns naming lines at their ends instead of in a legend: placing each
 * label where it covers no line, no marker and no other label, with a leader
 * where it sits away from its point. What a label says in its room is
 * cp-chart-label-text.c's, the markers cp-chart-markers.c's, the chart's own
 * labels (deadline, break-even, the job) cp-chart-fixed-labels.c's. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-chart-label-text.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

static gboolean
boxes_overlap (const CpChartLabelBox *a,
               const CpChartLabelBox *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Whether segment @s crosses the rectangle [x0, x1] × [y0, y1]
 * (Liang–Barsky clipping). */
static gboolean
segment_crosses (const Segment *s,
                 double         x0,
                 double         y0,
                 double         x1,
                 double         y1)
{
  double dx, dy, p[4], q[4];
  double t0 = 0, t1 = 1;

  /* Wholly aside of the rectangle, as most segments a label or a leader
   * is tested against lie (a 20-job × 50-quote report asks a million
   * times): no need to clip it. */
  if (MAX (s->x0, s->x1) < x0 || MIN (s->x0, s->x1) > x1 || MAX (s->y0, s->y1) < y0 || MIN (s->y0, s->y1) > y1)
    return FALSE;
  dx = s->x1 - s->x0;
  dy = s->y1 - s->y0;
  p[0] = -dx;
  p[1] = dx;
  p[2] = -dy;
  p[3] = dy;
  q[0] = s->x0 - x0;
  q[1] = x1 - s->x0;
  q[2] = s->y0 - y0;
  q[3] = y1 - s->y0;
  for (int i = 0; i < 4; i++)
    {
      double t;

      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      t = q[i] / p[i];
      if (p[i] < 0)
        {
          if (t > t1)
            return FALSE;
          t0 = MAX (t0, t);
        }
      else
        {
          if (t < t0)
            return FALSE;
          t1 = MIN (t1, t);
        }
    }
  return TRUE;
}

/* Whether @box covers a line or marker of @panel, or a range band that
 * @bands keeps it off: only where they show, inside the plot. */
static gboolean
box_covers_lines (const Geometry        *geometry,
                  const Panel           *panel,
                  const CpChartLabelBox *box,
                  BandAvoidance          bands)
{
  double x0 = MAX (box->x - 1, geometry->left), x1 = MIN (box->x + box->width + 1, geometry->right);
  double y0 = MAX (box->y, panel->top), y1 = MIN (box->y + box->height, panel->bottom);

  if (x0 >= x1 || y0 >= y1)
    return FALSE;
  if (cp_chart_box_covers_bands (geometry, panel, box, bands))
    return TRUE;
  for (guint i = 0; i < panel->segments->len; i++)
    if (segment_crosses (&g_array_index (panel->segments, Segment, i), x0, y0, x1, y1))
      return TRUE;
  for (guint i = 0; i < panel->marks->len; i++)
    if (boxes_overlap (box, &g_array_index (panel->marks, CpChartLabelBox, i)))
      return TRUE;
  return FALSE;
}

static gboolean
box_is_free (const Painter         *painter,
             const CpChartLabelBox *box)
{
  for (guint i = 0; i < painter->boxes->len; i++)
    if (boxes_overlap (box, &g_array_index (painter->boxes, CpChartLabelBox, i)))
      return FALSE;
  return TRUE;
}

/* A line's label may run on from the plot into the column right of it
 * only when it starts in the plot's last tenth, beside a line that ends
 * there. */
#define FRAME_CROSSING_SHARE 0.1

/* Whether @box, a line's label starting at @x, would run across the
 * plot's right edge from further in than the plot's last tenth: its
 * backdrop then cut the plot's frame and the gridlines far into the
 * plot (issue 26: "Recommended: …" and the days panel's labels from 8
 * and 64 GPUs over the frame at 1,600 and 1,920 px in present mode). */
static gboolean
crosses_frame_at (const Geometry *geometry,
                  double          x,
                  double          width)
{
  return x + width > geometry->right + 0.5 &&
         x < geometry->right - FRAME_CROSSING_SHARE * (geometry->right - geometry->left);
}

static gboolean
crosses_frame (const Geometry        *geometry,
               const CpChartLabelBox *box)
{
  return crosses_frame_at (geometry, box->x, box->width);
}

/* The leftmost a line's label may start: clear of the plot's left edge,
 * since a label's background set on it hid the value axis behind it (the
 * demo service's "Recommended: 8 × GeForce RTX 4090 24GB · …" at 1024
 * px). The background reaches a pixel past the box
 * (show_label_on_background()), the axis half a pixel past its line. */
static double
leftmost_label_x (const Geometry *geometry,
                  double          margin)
{
  return geometry->left + MAX (margin, 2);
}

/* Where a line's label @w wide that wants its left at @x goes: there,
 * unless it would cross the plot's frame (crosses_frame_at()); then
 * ending at the plot's right edge, or in the column right of the plot
 * when the plot has not its width. Never past the chart's right edge
 * nor left of leftmost_label_x(). */
static double
label_left (const Geometry *geometry,
            double          x,
            double          w,
            double          margin)
{
  double least = leftmost_label_x (geometry, margin);

  x = MAX (least, MIN (x, geometry->width - margin - w));
  if (crosses_frame_at (geometry, x, w))
    x = geometry->right - w >= least ? geometry->right - w : geometry->right + margin;
  return MAX (least, MIN (x, geometry->width - margin - w));
}

/* How a line's label is joined to its point when it cannot sit beside
 * it, and what its leader must keep clear of. */
struct _Leader {
  int     series;               /* the label's */
  double  anchor_x, anchor_y;   /* the point */
  double  gap;                  /* from the point to a label beside it */
  double  reach;                /* half the square around the point that is its own */
  double  max_length;           /* the longest leader allowed */
  double  step;                 /* leader_of()'s step along a label's edge */
  gboolean checked;             /* FALSE: any leader will do */
  GArray *leaders;              /* Segment: the leaders of the labels placed so far */
  /* What a leader may meet (leader_set_reach()): the lines (Segment),
   * the markers and the labels placed (CpChartLabelBox). */
  const GArray *segments;
  const GArray *marks;
  const GArray *boxes;
};

/* Whether @box, away from its point, needs a leader, and where it runs:
 * from the point to the label's near side, or straight up or down to
 * it when the label is above or below the point. A label above or below
 * the point and to one side may take its leader @step steps further
 * along its facing edge, away from the point: a leader to the near
 * corner passes the markers stacked at the point's GPU count. */
static gboolean
leader_of (const CpChartLabelBox *box,
           const Leader          *leader,
           guint                  step,
           Segment               *path)
{
  double ax = leader->anchor_x, ay = leader->anchor_y;
  gboolean beside = fabs (box->y + box->height / 2 - ay) <= box->height * 0.5;

  if (beside && box->x <= ax + leader->gap + 1 && box->x + box->width >= ax - leader->gap - 1)
    return FALSE;
  path->x0 = ax;
  path->y0 = ay;
  path->series = leader->series;
  if (box->x <= ax && box->x + box->width >= ax)
    {
      path->x1 = ax;
      path->y1 = box->y > ay ? box->y - 1 : box->y + box->height + 1;
    }
  else if (beside || step == 0)
    {
      path->x1 = box->x > ax ? box->x - 1 : box->x + box->width + 1;
      path->y1 = CLAMP (ay, box->y + 2, box->y + box->height - 2);
    }
  else
    {
      double along = MIN (step * leader->step, box->width / 2);

      path->x1 = box->x > ax ? box->x + along : box->x + box->width - along;
      path->y1 = box->y > ay ? box->y - 1 : box->y + box->height + 1;
    }
  return TRUE;
}

static double
turn (double ax, double ay, double bx, double by, double cx, double cy)
{
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/* Whether segments @a and @b cross (touching ends do not count). */
static gboolean
segments_cross (const Segment *a,
                const Segment *b)
{
  double d1, d2, d3, d4;

  /* Apart across or up and down: they cannot cross. */
  if (MAX (a->x0, a->x1) < MIN (b->x0, b->x1) || MAX (b->x0, b->x1) < MIN (a->x0, a->x1) ||
      MAX (a->y0, a->y1) < MIN (b->y0, b->y1) || MAX (b->y0, b->y1) < MIN (a->y0, a->y1))
    return FALSE;
  d1 = turn (b->x0, b->y0, b->x1, b->y1, a->x0, a->y0);
  d2 = turn (b->x0, b->y0, b->x1, b->y1, a->x1, a->y1);
  d3 = turn (a->x0, a->y0, a->x1, a->y1, b->x0, b->y0);
  d4 = turn (a->x0, a->y0, a->x1, a->y1, b->x1, b->y1);

  return d1 * d2 < 0 && d3 * d4 < 0;
}

/* The distance from (@x, @y) to @path. */
static double
distance_to_path (const Segment *path,
                  double         x,
                  double         y)
{
  double dx = path->x1 - path->x0, dy = path->y1 - path->y0, length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? CLAMP (((x - path->x0) * dx + (y - path->y0) * dy) / length2, 0, 1) : 0;

  return hypot (path->x0 + t * dx - x, path->y0 + t * dy - y);
}

/* Whether @path, from a label's point, is short and crosses no other
 * quote's line or marker, no label and no other leader once past the
 * point's own square. */
static gboolean
path_is_clear (const Leader *leader,
               Segment       path)
{
  double dx = path.x1 - path.x0, dy = path.y1 - path.y0, t = 1;
  double length = hypot (dx, dy);
  double px0, px1, py0, py1;

  if (length > leader->max_length)
    return FALSE;
  /* Past the point's own marker: a circle of the reach, not its square,
   * whose corners let a leader cross a line a marker's width away. */
  if (length > 0)
    t = MIN (t, leader->reach / length);
  if (t >= 1)
    return TRUE;
  path.x0 += dx * t;
  path.y0 += dy * t;
  /* Its own line it may cross: the colour says which is which. Another
   * line it may neither cross nor run along (a leader leaving a flat
   * line's end slants away over the flat lines beside it). A line whose
   * box lies more than 1.5 pt from the leader's can do neither: the test
   * skips the distances to the thousands of segments of a 50-quote
   * chart that lie elsewhere. */
  px0 = MIN (path.x0, path.x1) - 1.5;
  px1 = MAX (path.x0, path.x1) + 1.5;
  py0 = MIN (path.y0, path.y1) - 1.5;
  py1 = MAX (path.y0, path.y1) + 1.5;
  for (guint i = 0; i < leader->segments->len; i++)
    {
      const Segment *line = &g_array_index (leader->segments, Segment, i);

      if (MAX (line->x0, line->x1) < px0 || MIN (line->x0, line->x1) > px1 ||
          MAX (line->y0, line->y1) < py0 || MIN (line->y0, line->y1) > py1)
        continue;
      if (line->series != leader->series &&
          (segments_cross (&path, line) || distance_to_path (&path, line->x0, line->y0) < 1.5 ||
           distance_to_path (&path, line->x1, line->y1) < 1.5))
        return FALSE;
    }
  for (guint i = 0; i < leader->leaders->len; i++)
    if (segments_cross (&path, &g_array_index (leader->leaders, Segment, i)))
      return FALSE;
  for (guint i = 0; i < leader->marks->len; i++)
    {
      const CpChartLabelBox *mark = &g_array_index (leader->marks, CpChartLabelBox, i);
      double cx = mark->x + mark->width / 2, cy = mark->y + mark->height / 2;
      /* The marker itself, not the margin labels keep from it
       * (cp-chart.c records 1.2 times its size): a thin line past its
       * corner touches nothing. */
      double half = mark->width / 2 / 1.2;

      if (mark->series != leader->series &&
          segment_crosses (&path, cx - half, cy - half, cx + half, cy + half))
        return FALSE;
    }
  for (guint i = 0; i < leader->boxes->len; i++)
    {
      const CpChartLabelBox *other = &g_array_index (leader->boxes, CpChartLabelBox, i);

      if (segment_crosses (&path, other->x, other->y, other->x + other->width, other->y + other->height))
        return FALSE;
    }
  return TRUE;
}

/* Records in @box the leader it needs (leader_of()), if any. */
static void
set_leader (CpChartLabelBox *box,
            const Segment   *path)
{
  box->leader = path != NULL;
  box->leader_x0 = path != NULL ? path->x0 : 0;
  box->leader_y0 = path != NULL ? path->y0 : 0;
  box->leader_x1 = path != NULL ? path->x1 : 0;
  box->leader_y1 = path != NULL ? path->y1 : 0;
}

/* Whether @path runs further across than the longest leader a label
 * beside its point may have (six lines of text) and less
 * steeply than one in two: a leader like that reads as a line of the
 * chart, a constant cost at every replica count or a curve's flat run
 * (approver 33 A16: the recommended option's name parked right of the
 * serving chart, joined to its marker at 8 replicas by a leader across
 * the whole plot). */
static gboolean
leader_reads_as_line (const Leader  *leader,
                      const Segment *path)
{
  double across = fabs (path->x1 - path->x0), up = fabs (path->y1 - path->y0);

  return across > 6 * leader->step && up < 0.5 * across;
}

/* Whether @box covers no leader placed so far and its own leader, if it
 * needs one, is clear (path_is_clear()) along one of the ways
 * leader_of() offers, which it records in @box (walkthrough 14: the
 * recommended A800's label in the column right of the days panel was
 * joined to its marker by a leader across every other quote's line). */
static gboolean
leader_is_clear (const Leader    *leader,
                 CpChartLabelBox *box)
{
  Segment path;
  gboolean needs_leader;

  set_leader (box, NULL);
  needs_leader = leader_of (box, leader, 0, &path);
  /* Every leader leader_of() offers ends within a pixel or two of the
   * label's edge: a label further than the longest leader allowed has
   * none short enough, and most places a label is offered are. */
  if (needs_leader && leader->checked)
    {
      double ex = MAX (0, MAX (box->x - 3 - leader->anchor_x, leader->anchor_x - (box->x + box->width + 3)));
      double ey = MAX (0, MAX (box->y - 3 - leader->anchor_y, leader->anchor_y - (box->y + box->height + 3)));

      if (ex * ex + ey * ey > (leader->max_length + 1) * (leader->max_length + 1))
        return FALSE;
    }
  for (guint i = 0; i < leader->leaders->len; i++)
    if (segment_crosses (&g_array_index (leader->leaders, Segment, i), box->x - 1, box->y, box->x + box->width + 1,
                         box->y + box->height))
      return FALSE;
  if (!needs_leader)
    return TRUE;
  if (!leader->checked)
    {
      set_leader (box, &path);
      return hypot (path.x1 - path.x0, path.y1 - path.y0) <= leader->max_length &&
             !leader_reads_as_line (leader, &path);
    }
  for (guint step = 0; step < 4 && leader_of (box, leader, step, &path); step++)
    if (!leader_reads_as_line (leader, &path) && path_is_clear (leader, path))
      {
        set_leader (box, &path);
        return TRUE;
      }
  return FALSE;
}

/* Whether @box comes within @reach of (@x, @y) along both axes. */
static gboolean
box_within (const CpChartLabelBox *box,
            double                 x,
            double                 y,
            double                 reach)
{
  return box->x + box->width >= x - reach && box->x <= x + reach && box->y + box->height >= y - reach &&
         box->y <= y + reach;
}

/* Sets the longest leader @leader allows, and with it what it may meet:
 * path_is_clear() looks only at lines within 1.5 pt of a leader's box,
 * and a leader no longer than @max_length stays that near its point; of
 * a 50-quote chart's thousands of segments and a hundred markers and
 * labels, a few dozen are. @near keeps the lines, @near_boxes the
 * markers and labels, until the labels placed change. */
static void
leader_set_reach (Leader        *leader,
                  const Painter *painter,
                  const Panel   *panel,
                  double         max_length,
                  GArray        *near,
                  GArray        *near_marks,
                  GArray        *near_boxes)
{
  double reach = max_length + 2;
  double ax = leader->anchor_x, ay = leader->anchor_y;

  leader->max_length = max_length;
  if (!isfinite (max_length))
    {
      leader->segments = panel->segments;
      leader->marks = panel->marks;
      leader->boxes = painter->boxes;
      return;
    }
  g_array_set_size (near, 0);
  for (guint i = 0; i < panel->segments->len; i++)
    {
      const Segment *line = &g_array_index (panel->segments, Segment, i);

      if (line->series != leader->series && MAX (line->x0, line->x1) >= ax - reach &&
          MIN (line->x0, line->x1) <= ax + reach && MAX (line->y0, line->y1) >= ay - reach &&
          MIN (line->y0, line->y1) <= ay + reach)
        g_array_append_val (near, *line);
    }
  g_array_set_size (near_marks, 0);
  for (guint i = 0; i < panel->marks->len; i++)
    {
      const CpChartLabelBox *mark = &g_array_index (panel->marks, CpChartLabelBox, i);
      /* The marker's square, as path_is_clear() tests it. */
      double half = mark->width / 2 / 1.2;
      CpChartLabelBox square = { mark->x + mark->width / 2 - half, mark->y + mark->height / 2 - half, 2 * half, 2 * half };

      if (mark->series != leader->series && box_within (&square, ax, ay, reach))
        g_array_append_val (near_marks, *mark);
    }
  g_array_set_size (near_boxes, 0);
  for (guint i = 0; i < painter->boxes->len; i++)
    {
      const CpChartLabelBox *other = &g_array_index (painter->boxes, CpChartLabelBox, i);

      if (box_within (other, ax, ay, reach))
        g_array_append_val (near_boxes, *other);
    }
  leader->segments = near;
  leader->marks = near_marks;
  leader->boxes = near_boxes;
}

/* Moves @box up or down from where it wants to be, nearest first (down
 * first at equal distance: labels placed from the top keep their lines'
 * order), to the first place within [@min_y, @max_y] that no placed
 * label covers, nor @keep_clear (may be NULL), and records it. With
 * @clear_shift ≥ 0 only places at most that far that cover no line of
 * @panel either will do; with @leader (may be NULL) only places whose
 * leader is clear (leader_is_clear()). FALSE when there is none. */
gboolean
cp_chart_place_box (Painter               *painter,
                    const Geometry        *geometry,
                    const Panel           *panel,
                    CpChartLabelBox       *box,
                    double                 min_y,
                    double                 max_y,
                    double                 clear_shift,
                    const CpChartLabelBox *keep_clear,
                    const Leader          *leader)
{
  double wanted = CLAMP (box->y, min_y, MAX (min_y, max_y - box->height));
  double range = MAX (max_y - min_y, 0);

  if (clear_shift >= 0)
    range = MIN (range, clear_shift);
  /* Off the range bands too where that range has room, else off the
   * darker ones, else over them rather than over a line. */
  for (int bands = clear_shift >= 0 ? BANDS_ALL : BANDS_IGNORED; bands >= BANDS_IGNORED; bands--)
    for (double shift = 0; shift <= range; shift += 1)
      for (int sign = 1; sign >= -1; sign -= 2)
        {
          double y = wanted + sign * shift;

          if (y < min_y - 0.01 || y + box->height > max_y + 0.01 || (shift == 0 && sign < 0))
            continue;
          box->y = y;
          if (box_is_free (painter, box) && (keep_clear == NULL || !boxes_overlap (box, keep_clear)) &&
              (clear_shift < 0 || !box_covers_lines (geometry, panel, box, bands)) &&
              (leader == NULL || leader_is_clear (leader, box)))
            {
              g_array_append_val (painter->boxes, *box);
              return TRUE;
            }
        }
  return FALSE;
}

static int
compare_requests (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const LabelRequest *ra = a, *rb = b;
  const CpChartData *data = user_data;
  gboolean ha = ((CpChartSeries *) g_ptr_array_index (data->series, ra->series))->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
  gboolean hb = ((CpChartSeries *) g_ptr_array_index (data->series, rb->series))->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;

  /* The recommended option first: where there is no room for every
   * label, its name is the one that must show. Then from the top down,
   * so each label stays in its line's order. */
  if (ha != hb)
    return hb - ha;
  if (ra->anchor_y != rb->anchor_y)
    return (ra->anchor_y > rb->anchor_y) - (ra->anchor_y < rb->anchor_y);
  return ra->series - rb->series;
}

/* The places place_clear() tries at its lefts, cheapest first, as
 * sorting them all by cost would order them (equal costs in the order of
 * the lefts, then top down) but one at a time: a label of a 20-job ×
 * 50-quote report found its place among the first of hundreds, and
 * sorting every place took a third of placing the labels. At each left
 * the cost falls towards the anchor's height and rises past it, so the
 * places of a left come in order from two runs, up and down from its
 * cheapest. */
typedef struct {
  const double *ys;             /* the tops, from place_clear() */
  guint         n_ys;
  double        half_height;    /* the label's */
  double        anchor_y;
  guint         n_sides;
  double        across[6];      /* per left, how far it is from the anchor */
  guint         pivot[6];       /* per left, its cheapest top */
  int           down[6];        /* per left, the next top of the run upwards
                                 * on the page (falling index), or -1 */
  guint         up[6];          /* per left, the next top of the run down
                                 * the page, or n_ys */
  double        down_cost[6];   /* their costs; INFINITY past a run's end */
  double        up_cost[6];
} SpotOrder;

static double
spot_cost (const SpotOrder *order,
           guint            side,
           guint            k)
{
  return fabs (order->ys[k] + order->half_height - order->anchor_y) + 0.25 * order->across[side];
}

static void
spot_order_init (SpotOrder    *order,
                 const double *ys,
                 guint         n_ys,
                 double        height,
                 double        anchor_y,
                 const double *across,
                 guint         n_sides)
{
  order->ys = ys;
  order->n_ys = n_ys;
  order->half_height = height / 2;
  order->anchor_y = anchor_y;
  order->n_sides = n_sides;
  for (guint i = 0; i < n_sides; i++)
    {
      guint pivot = 0;

      order->across[i] = across[i];
      /* The first cheapest: a tie with a later top is taken first. */
      for (guint k = 1; k < n_ys; k++)
        if (spot_cost (order, i, k) < spot_cost (order, i, pivot))
          pivot = k;
      order->pivot[i] = pivot;
      order->down[i] = (int) pivot - 1;
      order->up[i] = pivot;
      order->down_cost[i] = order->down[i] >= 0 ? spot_cost (order, i, order->down[i]) : INFINITY;
      order->up_cost[i] = order->up[i] < n_ys ? spot_cost (order, i, order->up[i]) : INFINITY;
    }
}

/* The next place in cost order: its left in *side and top's index in *k.
 * FALSE when every place was given. */
static gboolean
spot_order_next (SpotOrder *order,
                 guint     *side,
                 guint     *k)
{
  int best = -1;
  gboolean best_down = FALSE;

  /* The cheapest head of the runs; at equal cost the earlier left, then
   * the higher top (the lower index, the run upwards), as the stable sort
   * had them. */
  for (guint i = 0; i < order->n_sides; i++)
    {
      if (order->down[i] >= 0 &&
          (best < 0 || order->down_cost[i] < (best_down ? order->down_cost[best] : order->up_cost[best])))
        {
          best = i;
          best_down = TRUE;
        }
      if (order->up[i] < order->n_ys &&
          (best < 0 || order->up_cost[i] < (best_down ? order->down_cost[best] : order->up_cost[best])))
        {
          best = i;
          best_down = FALSE;
        }
    }
  if (best < 0)
    return FALSE;
  *side = best;
  if (best_down)
    {
      *k = order->down[best]--;
      order->down_cost[best] = order->down[best] >= 0 ? spot_cost (order, best, order->down[best]) : INFINITY;
    }
  else
    {
      *k = order->up[best]++;
      order->up_cost[best] = order->up[best] < order->n_ys ? spot_cost (order, best, order->up[best]) : INFINITY;
    }
  return TRUE;
}

/* Places @box where it covers no line, no marker, no other label and not
 * @anchor, and comes no nearer than @capacity_clearance to a capacity
 * line (a curve's name just over the memory chart's dotted 10,240 GiB
 * line read as naming it, approver 33 A10), with a clear leader
 * (leader_is_clear()): at each of the @n_xs
 * lefts @xs, anywhere from @min_y to @max_y, the nearest to @leader's
 * point first, a pixel across counting a quarter of a pixel up or down (a
 * label beside its point reads best, one in the column right of the plot
 * is joined to it by its leader). Off the range bands where it can be,
 * else off the darker ones, else, down to @least_bands, over them. FALSE
 * when no place is clear. */
static gboolean
place_clear (Painter               *painter,
             const Geometry        *geometry,
             const CpChartData     *data,
             const Panel           *panel,
             CpChartLabelBox       *box,
             const double          *xs,
             guint                  n_xs,
             const Leader          *leader,
             double                 min_y,
             double                 max_y,
             const CpChartLabelBox *anchor,
             double                 capacity_clearance,
             BandAvoidance          least_bands)
{
  double anchor_x = leader->anchor_x, anchor_y = leader->anchor_y;
  g_autoptr(GArray) ys = g_array_new (FALSE, FALSE, sizeof (double));
  double across[6];
  SpotOrder order;
  guint side, k;
  gboolean placed = FALSE;
  /* For each left, the lines within the label's width, found when a
   * place there is first tested: a 20-job × 50-quote report tries
   * hundreds of places per label against thousands of segments, most of
   * them elsewhere across the plot. */
  GArray *near[6] = { NULL };
  /* and the labels and markers across from it, in one list */
  GArray *near_boxes[6] = { NULL };

  g_return_val_if_fail (n_xs <= G_N_ELEMENTS (near), FALSE);
  for (double y = min_y; y + box->height <= max_y + 0.01; y += 1)
    g_array_append_val (ys, y);
  for (guint i = 0; i < n_xs; i++)
    across[i] = xs[i] > anchor_x ? xs[i] - anchor_x : MAX (0, anchor_x - (xs[i] + box->width));
  /* Off the range bands first; where no place off them is clear, off
   * the darker ones; else over them, nearest first: a band is lighter
   * than a line. */
  for (int bands = BANDS_ALL; bands >= (int) least_bands && !placed; bands--)
    {
      spot_order_init (&order, (const double *) ys->data, ys->len, box->height, anchor_y, across, n_xs);
      while (!placed && spot_order_next (&order, &side, &k))
        {
          GArray *lines;
          gboolean covers = FALSE;

          box->x = xs[side];
          box->y = g_array_index (ys, double, k);
          if (crosses_frame (geometry, box))
            continue;
          if (near[side] == NULL)
            {
              double x0 = MAX (xs[side] - 1, geometry->left), x1 = MIN (xs[side] + box->width + 1, geometry->right);

              near[side] = g_array_new (FALSE, FALSE, sizeof (Segment));
              for (guint s = 0; x0 < x1 && s < panel->segments->len; s++)
                {
                  const Segment *segment = &g_array_index (panel->segments, Segment, s);

                  if (MAX (segment->x0, segment->x1) >= x0 && MIN (segment->x0, segment->x1) <= x1)
                    g_array_append_val (near[side], *segment);
                }
              /* boxes_overlap()'s test across */
              near_boxes[side] = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
              for (guint b = 0; b < painter->boxes->len; b++)
                {
                  const CpChartLabelBox *other = &g_array_index (painter->boxes, CpChartLabelBox, b);

                  if (box->x < other->x + other->width && other->x < box->x + box->width)
                    g_array_append_val (near_boxes[side], *other);
                }
              g_array_append_val (near_boxes[side], *anchor);
              for (guint b = 0; b < panel->marks->len; b++)
                {
                  const CpChartLabelBox *mark = &g_array_index (panel->marks, CpChartLabelBox, b);

                  if (box->x < mark->x + mark->width && mark->x < box->x + box->width)
                    g_array_append_val (near_boxes[side], *mark);
                }
            }
          /* Off the labels, the anchor and the markers: whichever of them
           * covers it, it is refused. */
          for (guint b = 0; b < near_boxes[side]->len && !covers; b++)
            covers = boxes_overlap (box, &g_array_index (near_boxes[side], CpChartLabelBox, b));
          if (covers)
            continue;
          lines = near[side];
          {
            double x0 = MAX (box->x - 1, geometry->left), x1 = MIN (box->x + box->width + 1, geometry->right);
            double y0 = MAX (box->y, panel->top), y1 = MIN (box->y + box->height, panel->bottom);

            for (guint s = 0; x0 < x1 && y0 < y1 && s < lines->len && !covers; s++)
              {
                const Segment *segment = &g_array_index (lines, Segment, s);
                /* A capacity line is a pixel wide: a name whose edge lay a
                 * hundredth of a pixel off it was drawn touching it (the
                 * 4-bit service curve at 511 × 220, walk36b Z3's fix). */
                double clearance = segment->series >= 0 &&
                                   ((const CpChartSeries *) g_ptr_array_index (data->series, segment->series))->capacity
                                   ? MAX (capacity_clearance, 1.0) : 0;

                covers = MAX (segment->y0, segment->y1) >= y0 - clearance &&
                         MIN (segment->y0, segment->y1) <= y1 + clearance &&
                         segment_crosses (segment, x0, y0 - clearance, x1, y1 + clearance);
              }
          }
          if (!covers)
            covers = cp_chart_box_covers_bands (geometry, panel, box, bands);
          if (!covers && leader_is_clear (leader, box))
            {
              g_array_append_val (painter->boxes, *box);
              placed = TRUE;
            }
        }
    }
  for (guint i = 0; i < n_xs; i++)
    if (near[i] != NULL)
      {
        g_array_unref (near[i]);
        g_array_unref (near_boxes[i]);
      }
  return placed;
}

/* A line's label where cp_chart_draw_line_labels() placed it, drawn
 * once every label has its place. */
typedef struct {
  CpChartLabelBox             box;
  char                       *text;
  const PangoFontDescription *font;
  double                      max_w;
  int                         series;
  guint                       box_index;   /* in painter->boxes */
  const Panel                *panel;
  double                      max_y;       /* the lowest its bottom may go */
} ShownLabel;

static void draw_shown_labels (Painter *painter, Geometry *geometry, const CpChartData *data, GArray *shown,
                               GArray *leaders);

static void
shown_label_clear (gpointer data)
{
  g_free (((ShownLabel *) data)->text);
}

static int
compare_anchor_y (gconstpointer a,
                  gconstpointer b)
{
  const ShownLabel *la = a, *lb = b;

  return (la->box.leader_y0 > lb->box.leader_y0) - (la->box.leader_y0 < lb->box.leader_y0);
}

/* Whether @series of @data is a memory curve that @request puts at the
 * plot's right edge, where the curves of the memory chart end (at 1T). */
static gboolean
curve_ends_at_right (const Geometry     *geometry,
                     const CpChartData  *data,
                     const CpChartSeries *series,
                     const LabelRequest *request)
{
  return data->kind == CP_CHART_MEMORY && !series->capacity && request->anchor_x >= geometry->right - 1;
}

/* Names the capacity lines of the memory chart, which run the plot's
 * width, where they end: stacked in the column right of the plot in
 * their lines' order, each as near its line as the others let it, joined
 * to it by a leader when moved. Inside the plot a capacity line's name
 * lay along it among the other capacity lines, and names placed one by
 * one, each at the nearest free place, came out of their lines' order
 * with crossing leaders (issue 26: "2,560 GiB：32 × …" over the dashed
 * lines of the Chinese PDF). With @with_curves, the curves that end at
 * the plot's right edge too, in the same order among them: where the
 * plot has no room for their names in their order clear of the lines
 * (the 7B service's page chart, 511 × 220, walk36b Z3). The entries
 * keep up to a quarter line apart where the column has the room (walk36b
 * Z13: the page's names stacked edge to edge read as one block). Adds
 * them to @shown and their leaders to @leaders; FALSE, placing nothing,
 * when they do not fit the column's height. */
static gboolean
place_end_labels (Painter           *painter,
                  Geometry          *geometry,
                  const CpChartData *data,
                  GArray            *requests,
                  gboolean           with_curves,
                  double             min_y,
                  double             max_y,
                  GArray            *shown,
                  GArray            *leaders)
{
  double x = geometry->right + geometry->pad * 0.3;
  double max_w = MAX (geometry->label_width - geometry->pad * 0.4, geometry->font_px * 6);
  g_autoptr(GArray) column = g_array_new (FALSE, FALSE, sizeof (ShownLabel));
  double total_h = 0, apart;

  g_array_set_clear_func (column, shown_label_clear);
  for (guint i = 0; i < requests->len; i++)
    {
      const LabelRequest *request = &g_array_index (requests, LabelRequest, i);
      const CpChartSeries *series = g_ptr_array_index (data->series, request->series);
      ShownLabel label = { { 0 }, NULL, NULL, max_w, request->series, 0 };
      double w, h;

      if (!series->capacity && !(with_curves && curve_ends_at_right (geometry, data, series, request)))
        continue;
      label.font = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? geometry->bold : geometry->small;
      label.text = g_strdup (series->label);
      cp_chart_text_size (geometry, label.font, label.text, max_w, &w, &h);
      label.box = (CpChartLabelBox) { x, request->anchor_y - h / 2, w, h, request->series, strlen (series->label) };
      /* The anchor, kept in the leader's start until the leader is set. */
      label.box.leader_x0 = request->anchor_x;
      label.box.leader_y0 = request->anchor_y;
      total_h += h;
      g_array_append_val (column, label);
    }
  if (column->len == 0 || total_h > max_y - min_y)
    return column->len == 0;
  apart = column->len > 1 ? MIN (0.25 * geometry->line_h, (max_y - min_y - total_h) / (column->len - 1)) : 0;
  g_array_sort (column, compare_anchor_y);
  /* Down from the top, each below the one above; then up from the
   * bottom, each above the one below, back within the panel. */
  for (guint i = 0; i < column->len; i++)
    {
      CpChartLabelBox *box = &g_array_index (column, ShownLabel, i).box;
      double floor_y = i == 0 ? min_y : g_array_index (column, ShownLabel, i - 1).box.y
                                        + g_array_index (column, ShownLabel, i - 1).box.height + apart;

      box->y = MAX (box->y, floor_y);
    }
  for (guint i = column->len; i-- > 0;)
    {
      CpChartLabelBox *box = &g_array_index (column, ShownLabel, i).box;
      double ceiling_y = i + 1 == column->len ? max_y : g_array_index (column, ShownLabel, i + 1).box.y - apart;

      box->y = MIN (box->y, ceiling_y - box->height);
    }
  for (guint i = 0; i < column->len; i++)
    {
      ShownLabel *label = &g_array_index (column, ShownLabel, i);
      CpChartLabelBox *box = &label->box;
      double anchor_x = box->leader_x0, anchor_y = box->leader_y0;

      /* Level with its line: no leader. */
      if (anchor_y >= box->y + 1 && anchor_y <= box->y + box->height - 1)
        set_leader (box, NULL);
      else
        {
          Segment path = { anchor_x, anchor_y, box->x - 1, CLAMP (anchor_y, box->y + 2, box->y + box->height - 2),
                           label->series };

          set_leader (box, &path);
          g_array_append_val (leaders, path);
        }
      label->box_index = painter->boxes->len;
      g_array_append_val (painter->boxes, *box);
      g_array_append_val (shown, *label);
      label->text = NULL;
    }
  return TRUE;
}

/* Gives @label, a quote's name cut to the column's width, the room it
 * has where it was placed: its vendor whole, then the offer too, on no
 * more lines, as far as the chart's right edge, where that covers no
 * line, marker, label or leader. Placed first at the column's width, a
 * name inside the plot was cut with room to spare ("Pengche…Cloud",
 * "Shenzhen Nansh…Center", issue 26); widened after every label of the
 * panel has its place, it takes no room another needed. */
static void
widen_label (Painter           *painter,
             Geometry          *geometry,
             const CpChartData *data,
             const Panel       *panel,
             ShownLabel        *label,
             GArray            *leaders,
             double             max_y)
{
  CpChartSeries view;
  const CpChartSeries *series = cp_chart_label_series (data, label->series, label->box.joint, &view);
  gsize ends[2];
  /* A whole pad from the chart's edge, as its title keeps: widened to
   * within a third of one, the demo's "Recommended: 8 × A800 80GB SXM ·
   * 示例供应商 G (Example vendor G) — A800 集群…" ran to the window's edge
   * at 1024 × 700 (issue 26). */
  double room_w = geometry->width - geometry->pad - label->box.x;
  int lines;

  /* A label from further in than the plot's last tenth widens within it
   * (crosses_frame()). */
  if (crosses_frame_at (geometry, label->box.x, room_w))
    room_w = MIN (room_w, geometry->right - label->box.x);

  if (series->shorten_from < 0 || label->box.shown_bytes >= strlen (series->label) || room_w <= label->max_w ||
      (label->box.leader && label->box.leader_x0 > label->box.x))
    return;
  lines = cp_chart_measure_text (geometry, label->font, label->text, label->max_w)->lines;
  ends[0] = strlen (series->label);
  ends[1] = cp_chart_label_vendor_end (series);
  for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
    {
      g_autofree char *text = NULL;
      CpChartLabelBox box = label->box;
      double w, h;
      gboolean clear = TRUE;

      if (ends[e] <= label->box.shown_bytes)
        continue;
      text = ends[e] < strlen (series->label) ? cp_chart_quote_label_cut (series, ends[e]) : g_strdup (series->label);
      if (cp_chart_text_lines (geometry, label->font, text, room_w) > lines)
        continue;
      cp_chart_text_size (geometry, label->font, text, room_w, &w, &h);
      box.width = w;
      box.height = h;
      box.shown_bytes = ends[e];
      if (box.y + box.height > max_y + 0.01 || box_covers_lines (geometry, panel, &box, BANDS_IGNORED))
        continue;
      /* Widened over a band the label was placed off, it would hide it:
       * a darker one, or any where it covered none. */
      for (int bands = BANDS_STRONG; bands <= BANDS_ALL && clear; bands++)
        clear = !cp_chart_box_covers_bands (geometry, panel, &box, bands) ||
                cp_chart_box_covers_bands (geometry, panel, &label->box, bands);
      for (guint b = 0; b < painter->boxes->len && clear; b++)
        clear = b == label->box_index || !boxes_overlap (&box, &g_array_index (painter->boxes, CpChartLabelBox, b));
      for (guint k = 0; k < leaders->len && clear; k++)
        {
          const Segment *leader = &g_array_index (leaders, Segment, k);

          clear = leader->series == label->series ||
                  !segment_crosses (leader, box.x - 1, box.y, box.x + box.width + 1, box.y + box.height);
        }
      if (!clear)
        continue;
      /* A leader to the label's bottom edge follows it; one to its
       * side stays on it. */
      if (box.leader && box.leader_y1 > label->box.y + label->box.height)
        box.leader_y1 = box.y + box.height + 1;
      else if (box.leader && box.leader_y1 >= box.y)
        box.leader_y1 = CLAMP (box.leader_y1, box.y + 2, box.y + box.height - 2);
      g_free (label->text);
      label->text = g_steal_pointer (&text);
      label->max_w = room_w;
      label->box = box;
      g_array_index (painter->boxes, CpChartLabelBox, label->box_index) = box;
      return;
    }
}

/* A memory curve's label placed: its curve's end and its box's height. */
typedef struct {
  double anchor_y, top, bottom;
} CurveLabel;

/* Narrows [*@min_y, *@max_y] for the label of a memory curve ending at
 * @anchor_y to below the labels of the curves that end above it and
 * above those of the curves that end below it, @placed: labels moved
 * off their curves came out of the curves' order, "8-bit weights …"
 * over "16-bit weights …" with the 8-bit curve under the 16-bit one
 * (approver 33 A10). */
static void
keep_curve_order (const GArray   *placed,
                  double          anchor_y,
                  double         *min_y,
                  double         *max_y)
{
  /* Curves that end on the same pixel have no order to keep. */
  double apart = 0.5;

  for (guint i = 0; i < placed->len; i++)
    {
      const CurveLabel *other = &g_array_index (placed, CurveLabel, i);

      if (other->anchor_y < anchor_y - apart)
        *min_y = MAX (*min_y, other->bottom);
      else if (other->anchor_y > anchor_y + apart)
        *max_y = MIN (*max_y, other->top);
    }
}

/* Names each line at its end (a single machine's at its marker), right
 * of it where there is room, each label moved off the others and, where
 * it can, off the lines, and joined to its line by a thin leader when it
 * had to move. Labels stay right of the plot's left edge. */
void
cp_chart_draw_line_labels (Painter           *painter,
                           Geometry          *geometry,
                           const CpChartData *data,
                           const Panel       *panel,
                           GArray            *requests,
                           gboolean           clean_only,
                           GArray            *unplaced)
{
  double margin = geometry->pad * 0.3;
  /* Within the panel's frame, whose top and bottom a label's backdrop
   * hid (walkthrough 13 at 1024 px; the PDF's cost chart of the demo's
   * service, "16 × 8 × H800 SXM 80GB · 示例供应商 D…" over the top). */
  double min_y = panel->top + 1;
  double max_y = panel->bottom - 1;

  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (ShownLabel));
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr(GArray) near_marks = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(GArray) near_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(GArray) own_leaders = painter->leaders == NULL ? g_array_new (FALSE, FALSE, sizeof (Segment)) : NULL;
  GArray *leaders = painter->leaders != NULL ? painter->leaders : own_leaders;

  gboolean capacity_placed, curves_in_column = FALSE, column_tried = FALSE, again;
  /* CurveLabel: the memory curves named so far, whose order the others keep */
  g_autoptr(GArray) curves = g_array_new (FALSE, FALSE, sizeof (CurveLabel));
  /* What there was before this panel's labels, to go back to. */
  guint boxes_before = painter->boxes->len, leaders_before = leaders->len;
  guint unplaced_before = unplaced != NULL ? unplaced->len : 0;

  g_array_set_clear_func (shown, shown_label_clear);
  g_array_sort_with_data (requests, compare_requests, (gpointer) data);
  /* Once more, with the memory curves named in the column right of the
   * plot, when a curve's name finds no place in its curves' order clear
   * of the lines: in the column its order is kept and it covers no line,
   * where the last resort left its order ("4-bit weights" over "16-bit
   * weights" at 511 × 220, walk36b Z3). */
  do
    {
      again = FALSE;
      capacity_placed = place_end_labels (painter, geometry, data, requests, curves_in_column, min_y, max_y, shown,
                                          leaders);
      if (curves_in_column && !capacity_placed)
        {
          curves_in_column = FALSE;
          capacity_placed = place_end_labels (painter, geometry, data, requests, FALSE, min_y, max_y, shown, leaders);
        }
      for (guint i = 0; i < requests->len && !again; i++)
        {
          const LabelRequest *request = &g_array_index (requests, LabelRequest, i);
          CpChartSeries view;
          const CpChartSeries *series = cp_chart_label_series (data, request->series, request->joint, &view);
          gboolean highlight = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
          const PangoFontDescription *font = highlight ? geometry->bold : geometry->small;
          /* Beside its point, a label has the plot's room on the wider
           * side where the column is kept to what the labels at the
           * plot's right edge need (cp-chart-axis.c): inside the plot
           * where that is clear, in the column, cut, where not. */
          double max_w = MAX (MAX (geometry->label_room - geometry->pad * 0.4, geometry->font_px * 6),
                              geometry->label_to_edge
                              ? MAX (geometry->right - request->anchor_x, request->anchor_x - geometry->left) -
                                request->gap - geometry->pad
                              : 0);
          g_autofree char *text = NULL;
          CpChartLabelBox box = { 0 };
          double w, h;
          double sides[2];
          double reach = request->gap - geometry->pad * 0.2;
          CpChartLabelBox anchor = { request->anchor_x - reach, request->anchor_y - reach, 2 * reach, 2 * reach,
                                     -1, 0 };
          /* A leader longer than a few lines of text reads as pointing at
           * whatever it passes on its way. */
          Leader leader = { request->series, request->anchor_x, request->anchor_y, request->gap, reach,
                            6 * geometry->line_h, geometry->line_h, TRUE, leaders, panel->segments,
                            panel->marks, painter->boxes };
          Segment path;
          gboolean placed = FALSE;
          gboolean lower = geometry->n_panels > 1 && panel != &geometry->panels[0];
          /* The recommended option's name on the upper panel is never left
           * to another call: placed first, it always finds room there, and
           * after every other label it found none on a chart 400 px wide. */
          gboolean may_leave = clean_only && (lower || !highlight);
          /* A name the other panel may give is left to it rather than laid
           * on the recommended option's band or a whisker: the H20's on
           * the demo 70B job's days panel lay on G's orange band (read37
           * F10). */
          BandAvoidance least_bands = may_leave ? BANDS_STRONG : BANDS_IGNORED;
          gboolean curve = data->kind == CP_CHART_MEMORY && !series->capacity;
          gboolean vendor_lost;
          double label_min_y = min_y, label_max_y = max_y;
          const CpChartPlacement *kept;
          g_autofree char *kept_text = NULL;
          double kept_wrap = 0;

          if ((series->capacity || (curves_in_column && curve_ends_at_right (geometry, data, series, request))) &&
              capacity_placed)
            continue;
          if (curve)
            keep_curve_order (curves, request->anchor_y, &label_min_y, &label_max_y);

          /* The recommended option gets a second line rather than lose its
           * vendor too, and on a narrow chart may reach into the plot. */
          if (highlight)
            max_w = MAX (max_w, MIN (geometry->width * 0.45, geometry->font_px * 18));
          /* Its first line holds its GPUs whole where the plot has that
           * width, the vendor on the second (cp_chart_fit_quote_label()):
           * "Recommended: 10 × 8 × H800 SXM" over "80GB (80 GPUs) · …"
           * broke inside the GPU's name at 1,024 px (issue 22). */
          if (highlight && series->shorten_from > 0 && (gsize) series->shorten_from < strlen (series->label))
            {
              g_autofree char *gpus = g_strndup (series->label, series->shorten_from);
              double gpus_w;

              cp_chart_text_size (geometry, font, gpus, 0, &gpus_w, NULL);
              max_w = MAX (max_w, MIN (gpus_w + 1, (geometry->right - geometry->left) * 0.6));
            }
          text = cp_chart_fit_quote_label (geometry, font, series, max_w, highlight ? 2 : 1, &box.shown_bytes);
          /* Cut to its GPUs alone in the label's room, a quote's name
           * tries its GPUs and its vendor on one line first, where the
           * chart has the room: "2 × 8 × H800 SXM 80GB…" named no
           * vendor beside an empty plot (walk37 W16, appr36 D26). */
          vendor_lost = series->shorten_from >= 0 && (gsize) series->shorten_from < strlen (series->label) &&
                        g_str_has_prefix (series->label + series->shorten_from, " · ") &&
                        box.shown_bytes <= (guint) series->shorten_from + strlen (" · ");
          cp_chart_text_size (geometry, font, text, max_w, &w, &h);
          box.width = w;
          box.height = h;
          box.series = request->series;
          box.names_point = TRUE;
          box.joint = request->joint;
          box.anchor_x = request->anchor_x;
          box.anchor_y = request->anchor_y;
          box.panel = lower ? 1 : 0;
          kept = cp_chart_kept_placement (data, series->label, box.panel);
          kept_text = kept != NULL ? cp_chart_kept_label_text (geometry, font, series, kept, &kept_wrap) : NULL;
          /* Right of the anchor, pulled in from the chart's edge; else left
           * of it, never left of the plot. */
          sides[0] = label_left (geometry, request->anchor_x + request->gap, w, margin);
          sides[1] = label_left (geometry, request->anchor_x - request->gap - w, w, margin);

          /* Off every line, marker and label: beside its anchor, or anywhere
           * up or down its panel, or in the column right of the plot (issue
           * 22: the recommended option's large label covered other quotes'
           * lines and markers); on one line if two find no room, then as its
           * GPUs and its vendor's tail ("8 × H800 · …B"), before covering a
           * line. A place whose
           * leader is short and crosses nothing first; a long leader, or one
           * across other quotes' lines, only on the upper panel, where every
           * quote is named. */
          /* A memory curve's name first clear of the capacity lines by a
           * third of a line, then touching them, then out of the curves'
           * order, each rather than over a line. */
          for (int stage = 0; stage < (curve ? 6 : 2) && !placed; stage++)
            {
              int pass = stage % 2;
              double clearance = curve && stage < 2 ? 0.3 * geometry->line_h : 0;

              if (pass == 1 && may_leave)
                continue;
              if (stage == 4 && !column_tried)
                {
                  again = TRUE;
                  break;
                }
              if (stage == 4)
                {
                  label_min_y = min_y;
                  label_max_y = max_y;
                }
              leader.checked = pass == 0;
              /* On the lower panel every label, the recommended option's too,
               * stays within two lines of its point: labels stacked at the
               * days panel's right edge, joined to points near 10–20 GPUs
               * by leaders across other quotes' lines, read as naming the
               * lines they passed (walkthrough 14, issue 26). */
              leader_set_reach (&leader, painter, panel,
                                lower ? 2 * geometry->line_h : pass == 0 ? 6 * geometry->line_h : INFINITY, near,
                                near_marks, near_boxes);
              /* Where it was in the chart of this job drawn before, first,
               * when nothing but values changed and it is still clear
               * there: placed anew, labels moved between two renders and
               * the eye could not compare (walk41b F12). */
              if (stage == 0 && kept_text != NULL)
                {
                  CpChartLabelBox trial = box;
                  double kept_x = request->anchor_x + kept->dx, kept_y = request->anchor_y + kept->dy;

                  trial.width = kept->width;
                  trial.height = kept->height;
                  trial.shown_bytes = kept->shown_bytes;
                  if (kept_y >= label_min_y && kept_y + trial.height <= label_max_y &&
                      place_clear (painter, geometry, data, panel, &trial, &kept_x, 1, &leader, kept_y,
                                   kept_y + trial.height, &anchor, clearance, least_bands))
                    {
                      placed = TRUE;
                      box = trial;
                      max_w = kept_wrap;
                      g_free (text);
                      text = g_steal_pointer (&kept_text);
                      break;
                    }
                }
              for (int step = 0; step < 4 && !placed; step++)
                {
                  /* The GPUs and the vendor first when the label's room
                   * cut the vendor off; the column's width before the
                   * shortest name otherwise. */
                  static const int attempts[2][4] = { { 0, 1, 3, 2 }, { 2, 0, 1, 3 } };
                  int attempt = attempts[vendor_lost][step];
                  g_autofree char *shorter = NULL;
                  CpChartLabelBox trial = box;
                  double tw = w, th = h;
                  double trial_w = max_w;
                  double xs[6];
                  guint n_xs;

                  if (attempt == 1)
                    {
                      if (!highlight)
                        continue;
                      /* One line as wide as the plot: the band between a
                       * deadline and the lines under it is often a line high. */
                      trial_w = MAX (max_w, geometry->right - geometry->left - 2 * margin);
                      shorter = cp_chart_fit_quote_label (geometry, font, series, trial_w, 1, &trial.shown_bytes);
                    }
                  else if (attempt == 3)
                    {
                      /* Fitted to the column, on two lines, where the
                       * plot's room it was given found no clear place
                       * (label_to_edge): the column is kept narrow for the
                       * plot, a name wraps there before it is cut. */
                      trial_w = MAX (geometry->label_width - geometry->pad * 0.4, geometry->font_px * 6);
                      if (!geometry->label_to_edge || trial_w >= max_w)
                        continue;
                      shorter = cp_chart_fit_quote_label (geometry, font, series, trial_w, 2, &trial.shown_bytes);
                      /* Its GPUs alone: the shortest name, next, keeps the
                       * vendor. */
                      if (series->shorten_from >= 0 && trial.shown_bytes <= (guint) series->shorten_from + strlen (" · "))
                        continue;
                    }
                  else if (attempt == 2)
                    {
                      if (series->shorten_from < 0 || (gsize) series->shorten_from >= strlen (series->label))
                        continue;
                      shorter = cp_chart_shortest_quote_label (series);
                      trial.shown_bytes = series->shorten_from;
                      /* On one line, as wide as the plot. */
                      if (vendor_lost)
                        trial_w = MAX (max_w, geometry->right - geometry->left - 2 * margin);
                    }
                  if (shorter != NULL)
                    {
                      cp_chart_text_size (geometry, font, shorter, trial_w, &tw, &th);
                      trial.width = tw;
                      trial.height = th;
                    }
                  xs[0] = label_left (geometry, request->anchor_x + request->gap, tw, margin);
                  xs[1] = label_left (geometry, request->anchor_x - request->gap - tw, tw, margin);
                  /* The plot's left edge: the corner above a falling cost curve
                   * is often empty. */
                  xs[2] = leftmost_label_x (geometry, margin);
                  /* Two lines' height further aside: a leader to a label straight
                   * above or below its point passes the markers stacked at the
                   * same GPU count, one slanting away misses them. */
                  xs[3] = label_left (geometry, xs[0] + 2 * geometry->line_h, tw, margin);
                  xs[4] = label_left (geometry, xs[1] - 2 * geometry->line_h, tw, margin);
                  xs[5] = geometry->right + margin;
                  n_xs = geometry->right + margin + tw <= geometry->width - margin + 0.5 ? 6 : 5;
                  placed = place_clear (painter, geometry, data, panel, &trial, xs, n_xs, &leader, label_min_y,
                                        label_max_y, &anchor, clearance, least_bands);
                  if (placed)
                    {
                      box = trial;
                      max_w = trial_w;
                      if (shorter != NULL)
                        {
                          g_free (text);
                          text = g_steal_pointer (&shorter);
                        }
                    }
                }
            }
          if (again)
            break;
          /* A quote's name is given on each panel, at the same GPU count (the
           * note says so): a name with no clear place near its point on one
           * panel is left to the other rather than laid over other quotes'
           * lines or joined to its point across them (cp-chart.c); the
           * recommended option's too, whose marker has its name's colour. */
          if (!placed && may_leave)
            {
              if (unplaced != NULL)
                g_array_append_val (unplaced, *request);
              continue;
            }
          /* Else off the lines if that keeps it within three lines of its
           * anchor; else off the end of its own line, with a leader that
           * crosses nothing, then with any; else only off the other labels.
           * A cost chart's quote other than the recommended one stays off
           * the lines at every step, or is left out with its leader: laid
           * over another quote's line it reads as that line's name (the
           * demo's 13B pretraining at 700 × 420: vendor A's name, with no
           * clear place on either panel, lay on D's and F's lines). */
          double past_lines = highlight || data->kind != CP_CHART_COST ? -1 : INFINITY;

          leader_set_reach (&leader, painter, panel, INFINITY, near, near_marks, near_boxes);
          leader.checked = TRUE;
          for (int tier = 0; tier < 4 && !placed; tier++)
            for (guint side = 0; side < G_N_ELEMENTS (sides) && !placed; side++)
              {
                box.x = sides[side];
                box.y = request->anchor_y - h / 2;
                placed = cp_chart_place_box (painter, geometry, panel, &box, label_min_y, label_max_y,
                                    tier == 0 ? 3 * geometry->line_h : past_lines, tier < 3 ? &anchor : NULL,
                                    tier < 2 ? &leader : NULL);
              }
          if (!placed)
            continue;
          if (curve)
            g_array_append_val (curves, ((CurveLabel) { request->anchor_y, box.y, box.y + box.height }));

          /* Placed without looking at its leader: the plain one. */
          if (!box.leader && leader_of (&box, &leader, 0, &path))
            {
              set_leader (&box, &path);
              g_array_index (painter->boxes, CpChartLabelBox, painter->boxes->len - 1) = box;
            }
          if (box.leader)
            g_array_append_val (leaders, ((Segment) { box.leader_x0, box.leader_y0, box.leader_x1, box.leader_y1,
                                                      request->series }));
          {
            ShownLabel label = { box, g_steal_pointer (&text), font, max_w, request->series, painter->boxes->len - 1 };

            g_array_append_val (shown, label);
          }
        }
      if (again)
        {
          /* Back to before this panel's labels. */
          g_array_set_size (shown, 0);
          g_array_set_size (curves, 0);
          g_array_set_size (painter->boxes, boxes_before);
          g_array_set_size (leaders, leaders_before);
          if (unplaced != NULL)
            g_array_set_size (unplaced, unplaced_before);
          curves_in_column = TRUE;
          column_tried = TRUE;
        }
    }
  while (again);

  for (guint i = 0; i < shown->len; i++)
    {
      g_array_index (shown, ShownLabel, i).panel = panel;
      g_array_index (shown, ShownLabel, i).max_y = max_y;
    }
  if (painter->deferred != NULL)
    {
      /* The labels' texts now belong to painter->deferred. */
      g_array_set_clear_func (shown, NULL);
      g_array_append_vals (painter->deferred, shown->data, shown->len);
      return;
    }
  draw_shown_labels (painter, geometry, data, shown, leaders);
}

GArray *
cp_chart_deferred_labels_new (void)
{
  GArray *deferred = g_array_new (FALSE, FALSE, sizeof (ShownLabel));

  g_array_set_clear_func (deferred, shown_label_clear);
  return deferred;
}

void
cp_chart_draw_deferred_labels (Painter           *painter,
                               Geometry          *geometry,
                               const CpChartData *data)
{
  g_autoptr(GArray) deferred = g_steal_pointer (&painter->deferred);

  draw_shown_labels (painter, geometry, data, deferred, painter->leaders);
}

/* Widens each of @shown's labels into the room it has (widen_label()),
 * then draws them: every leader first, then the labels over them. */
static void
draw_shown_labels (Painter           *painter,
                   Geometry          *geometry,
                   const CpChartData *data,
                   GArray            *shown,
                   GArray            *leaders)
{
  cairo_t *cr = painter->cr;

  for (guint i = 0; i < shown->len; i++)
    {
      ShownLabel *label = &g_array_index (shown, ShownLabel, i);

      widen_label (painter, geometry, data, label->panel, label, leaders, label->max_y);
    }

  /* Every leader first, then the labels over them: a leader drawn after
   * a label crossed its words (the recommended option's, placed first). */
  for (guint i = 0; i < shown->len; i++)
    {
      const ShownLabel *label = &g_array_index (shown, ShownLabel, i);
      const CpChartSeries *series = g_ptr_array_index (data->series, label->series);
      Rgb storage;

      if (!label->box.leader)
        continue;
      cp_chart_set_rgb (cr, cp_chart_series_rgb (painter, series, label->series, &storage, FALSE));
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, MAX (0.75, geometry->font_px / 16.0));
      cairo_move_to (cr, label->box.leader_x0, label->box.leader_y0);
      cairo_line_to (cr, label->box.leader_x1, label->box.leader_y1);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < shown->len; i++)
    {
      const ShownLabel *label = &g_array_index (shown, ShownLabel, i);
      const CpChartSeries *series = g_ptr_array_index (data->series, label->series);
      Rgb storage;

      /* The background behind the text: no line shows through a label. */
      cp_chart_set_rgb (cr, &painter->theme.background);
      cairo_rectangle (cr, label->box.x - 1, label->box.y, label->box.width + 2, label->box.height);
      cairo_fill (cr);
      cp_chart_set_rgb (cr, cp_chart_series_rgb (painter, series, label->series, &storage, TRUE));
      cp_chart_show_text (painter, geometry, label->font, label->text, label->box.x, label->box.y, 0, 0,
                          label->max_w, FALSE);
    }
}
