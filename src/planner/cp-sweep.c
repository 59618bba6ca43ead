/* cp-sweep.c: one job estimated across the node counts of every quote. */
#include "cp-sweep.h"

#include <math.h>

static void
curve_free (gpointer data)
{
  CpSweepCurve *curve = data;

  g_array_unref (curve->points);
  g_free (curve);
}

CpSweep *
cp_project_sweep_job (const CpProject *project,
                      guint            job_index,
                      guint            max_points)
{
  const CpJob *job;
  CpSweep *sweep;

  g_return_val_if_fail (project != NULL && job_index < project->jobs->len, NULL);

  job = g_ptr_array_index (project->jobs, job_index);
  sweep = g_new0 (CpSweep, 1);
  sweep->curves = g_ptr_array_new_with_free_func (curve_free);
  max_points = MAX (2, max_points);

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      guint max_nodes = cp_quote_largest_run_nodes (quote);
      guint step = MAX (1, (max_nodes + max_points - 1) / max_points);
      CpSweepCurve *curve = g_new0 (CpSweepCurve, 1);
      g_autoptr(CpEstimateSeries) series = NULL;

      curve->quote_index = (int) i;
      curve->points = g_array_new (FALSE, FALSE, sizeof (CpSweepPoint));
      /* A quote still lacking its price would be drawn at no cost: like
       * the plan, the sweep leaves it out (a cluster lacking its network
       * is drawn on one machine, as planned). Inputs cp_estimate() would
       * refuse at one node count it refuses at every count (its check
       * does not read the count): none is drawn. */
      if ((cp_quote_get_missing_in (quote, &project->settings) & ~CP_QUOTE_MISSING_NETWORK) != 0 ||
          !cp_estimate_check_inputs (job, quote, &project->settings, NULL))
        max_nodes = 0;
      else
        /* cp_estimate() at each count, bit for bit, with the inputs
         * checked and the job's constants worked out once, as the plan
         * does, not again at every count. */
        series = cp_estimate_series_new (job, quote, &project->settings);
      for (guint nodes = 1; nodes <= max_nodes;
           nodes = nodes == max_nodes ? nodes + 1 : MIN (nodes + step, max_nodes))
        {
          CpEstimate estimate;
          CpSweepPoint point;

          if (!cp_estimate_series_at (series, nodes, &estimate, NULL) || !estimate.fits)
            continue;
          if (!(isfinite (estimate.total_cost) && estimate.total_cost >= 0 &&
                isfinite (estimate.calendar_days) && estimate.calendar_days >= 0))
            continue;
          point.nodes = nodes;
          point.gpus = nodes * quote->gpus_per_node;
          point.total_cost = estimate.total_cost;
          point.calendar_days = estimate.calendar_days;
          point.replicas = job->kind == CP_TASK_INFERENCE ? estimate.layout.data_parallel : 0;
          point.cost_per_million_output_tokens = estimate.cost_per_million_output_tokens;
          cp_range_estimate (job, quote, &project->settings, &estimate, &point.range, NULL, NULL);
          g_array_append_val (curve->points, point);
        }
      g_ptr_array_add (sweep->curves, curve);
    }
  return sweep;
}

CpSweep *
cp_sweep_copy (const CpSweep *sweep)
{
  CpSweep *copy;

  g_return_val_if_fail (sweep != NULL, NULL);

  copy = g_new0 (CpSweep, 1);
  copy->curves = g_ptr_array_new_full (sweep->curves->len, curve_free);
  for (guint i = 0; i < sweep->curves->len; i++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, i);
      CpSweepCurve *curve_copy = g_new0 (CpSweepCurve, 1);

      curve_copy->quote_index = curve->quote_index;
      curve_copy->points = g_array_copy (curve->points);
      g_ptr_array_add (copy->curves, curve_copy);
    }
  return copy;
}

void
cp_sweep_free (CpSweep *sweep)
{
  if (sweep == NULL)
    return;
  g_ptr_array_unref (sweep->curves);
  g_free (sweep);
}
