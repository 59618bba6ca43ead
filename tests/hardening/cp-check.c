/* cp-check.c: every figure a person sees is finite and not negative. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "cp-check.h"

#define FIGURE(field) { #field, G_STRUCT_OFFSET (CpEstimate, field) }

/* Every double of CpEstimate: a figure the window, the charts or a report
 * shows or computes from. */
static const struct {
  const char *name;
  glong       offset;
} figures[] = {
  FIGURE (weights_bytes), FIGURE (gradients_bytes), FIGURE (optimizer_bytes),
  FIGURE (activations_bytes), FIGURE (kv_cache_bytes), FIGURE (overhead_bytes),
  FIGURE (fragmentation_bytes), FIGURE (gathered_layers_bytes),
  FIGURE (memory_per_gpu_bytes), FIGURE (available_per_gpu_bytes),
  FIGURE (total_memory_bytes), FIGURE (memory_gap),
  FIGURE (kv_bytes_per_token), FIGURE (max_concurrency), FIGURE (decode_tokens_per_s),
  FIGURE (decode_batch), FIGURE (decode_memory_s), FIGURE (decode_compute_s),
  FIGURE (decode_tp_communication_s), FIGURE (decode_moe_floor_s), FIGURE (decode_step_s),
  FIGURE (prefill_tokens_per_s),
  FIGURE (concurrency_served), FIGURE (requests_per_s), FIGURE (output_tokens_per_s),
  FIGURE (hourly_cost), FIGURE (cost_per_million_output_tokens),
  FIGURE (flops), FIGURE (compute_s), FIGURE (communication_s), FIGURE (dp_communication_s),
  FIGURE (tp_communication_s), FIGURE (pp_communication_s),
  FIGURE (inter_node_communication_s), FIGURE (exposed_communication_s), FIGURE (bubble_s),
  FIGURE (total_s), FIGURE (gpu_hours), FIGURE (comm_compute_ratio),
  FIGURE (scaling_efficiency), FIGURE (achieved_mfu), FIGURE (steps),
  FIGURE (debug_days), FIGURE (migration_days), FIGURE (calendar_days),
  FIGURE (billed_hours), FIGURE (compute_cost), FIGURE (debug_cost), FIGURE (network_cost),
  FIGURE (storage_cost), FIGURE (fees_cost), FIGURE (engineering_cost), FIGURE (total_cost),
};

static int
first_bad_figure (const CpEstimate *estimate)
{
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      double v = G_STRUCT_MEMBER (double, estimate, figures[i].offset);

      /* "!(v >= 0)" is also true for NaN. */
      if (!isfinite (v) || !(v >= 0))
        return (int) i;
    }
  return -1;
}

const char *
cp_check_estimate_figures (const CpEstimate *estimate)
{
  int i = first_bad_figure (estimate);

  return i < 0 ? NULL : figures[i].name;
}

char *
cp_check_plan_figures (const CpPlan *plan)
{
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      int bad = first_bad_figure (&option->estimate);

      if (bad >= 0)
        return g_strdup_printf ("option %u (quote %d, %u nodes): %s = %g", i, option->quote_index,
                                option->estimate.nodes, figures[bad].name,
                                G_STRUCT_MEMBER (double, &option->estimate, figures[bad].offset));
    }
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);

      for (guint v = 0; v < G_N_ELEMENTS (reason->values); v++)
        if (!isfinite (reason->values[v]))
          return g_strdup_printf ("reason %s/%s value %u = %g", cp_rule_to_string (reason->rule),
                                  cp_outcome_to_string (reason->outcome), v, reason->values[v]);
    }
  return NULL;
}

void
cp_check_project_figures (const CpProject *project)
{
  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);
      g_autofree char *bad = cp_check_plan_figures (plan);

      if (bad != NULL)
        g_error ("job %u (%s): %s", j,
                 ((const CpJob *) g_ptr_array_index (project->jobs, j))->id, bad);
    }
}

void
cp_check_estimate_refused (const CpJob      *job,
                           const CpQuote    *quote,
                           const CpSettings *settings,
                           const char       *field)
{
  g_autoptr(GError) error = NULL;
  CpEstimate estimate;

  g_assert_false (cp_estimate (job, quote, 1, settings, &estimate, &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  if (strstr (error->message, field) == NULL)
    g_error ("refused with “%s”, which does not name %s", error->message, field);
}

double
cp_check_thread_cpu_s (void)
{
  struct timespec used;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &used), ==, 0);
  return (double) used.tv_sec + used.tv_nsec / 1e9;
}

double
cp_check_time_factor (void)
{
  const char *factor = g_getenv ("CP_TIME_FACTOR");

  return factor != NULL && g_ascii_strtod (factor, NULL) >= 1 ? g_ascii_strtod (factor, NULL) : 1;
}
