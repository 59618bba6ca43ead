/* cp-chart-joint.c: one label for quotes at one point.
 *
 * Owns naming, with one label, the quotes of a cost chart whose labelled
 * points are written alike (cp-chart-cost.c gives the first of them the
 * joint label): their label requests made one where their points are
 * drawn on one spot, and the series a label's words come from. Where the
 * label goes is cp-chart-labels.c's. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>

#include "cp-chart-private.h"

/* Points this close are one spot: a marker is several pixels across. */
#define JOINT_SPOT_PX 0.5

/* The index of series @series' request in @requests, or -1. */
static int
request_of (const GArray *requests,
            int           series)
{
  for (guint i = 0; i < requests->len; i++)
    if (g_array_index (requests, LabelRequest, i).series == series)
      return (int) i;
  return -1;
}

void
cp_chart_join_requests (const CpChartData *data,
                        GArray            *requests)
{
  for (guint i = 0; i < requests->len; i++)
    {
      LabelRequest *request = &g_array_index (requests, LabelRequest, i);
      const CpChartSeries *series = g_ptr_array_index (data->series, request->series);
      gboolean all_here = TRUE;
      guint members = 0;

      if (series->joint_label == NULL)
        continue;
      /* Every quote the joint label names must be labelled at this spot
       * on this panel: one whose point is off the panel's scale, or named
       * elsewhere, keeps its own label and the others theirs. */
      for (guint s = 0; s < data->series->len && all_here; s++)
        {
          const CpChartSeries *other = g_ptr_array_index (data->series, s);
          int at;

          if (other->joint_into != request->series)
            continue;
          members++;
          at = request_of (requests, (int) s);
          all_here = at >= 0 &&
                     fabs (g_array_index (requests, LabelRequest, at).anchor_x - request->anchor_x) < JOINT_SPOT_PX &&
                     fabs (g_array_index (requests, LabelRequest, at).anchor_y - request->anchor_y) < JOINT_SPOT_PX;
        }
      if (!all_here || members == 0)
        continue;
      request->joint = TRUE;
      for (guint s = 0; s < data->series->len; s++)
        if (((const CpChartSeries *) g_ptr_array_index (data->series, s))->joint_into == request->series)
          {
            int at = request_of (requests, (int) s);

            g_array_remove_index (requests, at);
            /* The array moved under the pointer's index. */
            if ((guint) at < i)
              i--;
            request = &g_array_index (requests, LabelRequest, i);
          }
    }
}

const CpChartSeries *
cp_chart_label_series (const CpChartData *data,
                       int                index,
                       gboolean           joint,
                       CpChartSeries     *view)
{
  const CpChartSeries *series = g_ptr_array_index (data->series, index);

  if (!joint || series->joint_label == NULL)
    return series;
  /* The joint label wraps, never cut: each name in it is a quote. */
  *view = *series;
  view->label = series->joint_label;
  view->shorten_from = -1;
  view->offer_tells_apart = FALSE;
  view->vendor_shared_bytes = 0;
  return view;
}
