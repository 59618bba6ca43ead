/* cli-recommended.c: the configuration the verdict recommends, with its
 * own figures, when it is not the one `estimate` was asked about (a user
 * reading 4 nodes' cost beside a verdict for 1 node would believe the
 * verdict costs that). */
#include "config.h"

#include <glib/gi18n.h>

#include "cli-recommended.h"
#include "report/cp-reason-text.h"
#include "planner/cp-units.h"

const CpOption *
cp_cli_recommended_other (const CpPlan     *plan,
                          const CpJob      *job,
                          const CpEstimate *asked)
{
  const CpOption *option = cp_plan_get_subject (plan);

  if (option == NULL)
    return NULL;
  if (option->estimate.nodes != asked->nodes || option->estimate.technique != asked->technique ||
      (job->kind == CP_TASK_INFERENCE && option->estimate.layout.data_parallel != asked->layout.data_parallel))
    return option;
  return NULL;
}

char *
cp_cli_describe_configuration (const CpJob      *job,
                               const CpQuote    *quote,
                               const CpEstimate *est)
{
  g_autofree char *nodes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", est->nodes),
                                            est->nodes);
  g_autofree char *gpus = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU", "%u GPUs", quote->gpus_per_node),
                                           quote->gpus_per_node);
  /* TRANSLATORS: nodes × GPUs per node, e.g. "4 nodes × 8 GPUs", "1 node × 1 GPU" */
  g_autofree char *size = g_strdup_printf (_("%s × %s"), nodes, gpus);

  if (job->kind == CP_TASK_INFERENCE)
    /* TRANSLATORS: a configuration, then the replicas of the model it serves */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u replica", "%s, %u replicas", est->layout.data_parallel),
                            size, est->layout.data_parallel);
  /* TRANSLATORS: a configuration, then the memory technique it runs with ("as configured", "CPU offload") */
  return g_strdup_printf (_("%s, %s"), size, cp_words_technique (est->technique));
}

static const CpQuote *
option_quote (const CpProject *project,
              const CpOption  *option)
{
  return g_ptr_array_index (project->quotes, option->quote_index);
}

void
cp_cli_table_add_recommended (CpCliTable      *table,
                              const CpProject *project,
                              const CpJob     *job,
                              const CpPlan    *plan,
                              const CpOption  *option)
{
  const CpEstimate *est = &option->estimate;
  const CpRange *range = &option->range;
  const CpQuote *quote = option_quote (project, option);
  CpMemoryUnit unit = project->settings.memory_unit;
  g_autofree char *need = cp_format_bytes (est->memory_per_gpu_bytes, unit);
  g_autofree char *available = cp_format_bytes (est->available_per_gpu_bytes, unit);
  g_autofree char *run = cp_cli_format_duration (est->total_s);
  g_autofree char *run_low = cp_cli_format_duration (range->total_s_low);
  g_autofree char *run_high = cp_cli_format_duration (range->total_s_high);
  int decimals = cp_days_decimals (MIN (est->calendar_days, range->calendar_days_low));
  g_autofree char *calendar = cp_cli_format_number (est->calendar_days, decimals);
  g_autofree char *calendar_low = cp_cli_format_number (range->calendar_days_low, decimals);
  g_autofree char *calendar_high = cp_cli_format_number (range->calendar_days_high, decimals);

  cp_cli_table_add_heading (table, plan->recommended >= 0 ? _("Recommended configuration")
                                                          : _("Best available configuration (not recommended)"));
  {
    g_autofree char *configuration = cp_cli_describe_configuration (job, quote, est);

    /* estimate's --nodes are the quote's: the verdict may use fewer, and
     * "1 node × 8 GPUs" alone read as if the 4 asked for were ignored. */
    if (est->nodes != quote->nodes_available)
      cp_cli_table_add_label_value (table, _("Configuration"),
                                    /* TRANSLATORS: the configuration the figures are of, then the nodes --nodes asked for */
                                    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (of the %u node asked for)",
                                                                  "%s (of the %u nodes asked for)", quote->nodes_available),
                                                     configuration, quote->nodes_available));
    else
      cp_cli_table_add_label_value (table, _("Configuration"), g_steal_pointer (&configuration));
  }
  if (cp_task_kind_is_training (job->kind))
    cp_cli_table_add_label_value (table, _("Layout"), cp_words_estimate_layout (project, est, C_("language code", "en")));
  /* TRANSLATORS: memory per GPU the configuration needs, of the memory available */
  cp_cli_table_add_label_value (table, _("Memory per GPU"), g_strdup_printf (_("%s of %s available"), need, available));
  if (job->kind == CP_TASK_INFERENCE)
    {
      g_autofree char *served = cp_cli_format_number (est->concurrency_served, 0);
      g_autofree char *target = cp_cli_format_number (job->concurrency, 0);

      cp_cli_table_add_label_value (table, _("Concurrency served"), g_strdup_printf (_("%s of the %s requested"), served, target));
    }
  cp_cli_table_add_label_value (table, _("Run time"), g_strdup (run));
  /* TRANSLATORS: a figure's range, low to high */
  cp_cli_table_add_label_value (table, _("Run time range"), g_strdup_printf (_("%s – %s"), run_low, run_high));
  /* TRANSLATORS: calendar days, then their range low to high */
  cp_cli_table_add_label_value (table, _("Project calendar"), g_strdup_printf (_("%s days (%s–%s)"), calendar, calendar_low, calendar_high));
  if (plan->cost_unknown)
    cp_cli_table_add_label_value (table, _("Total cost"), g_strdup (_("needs a price (--price-per-gpu-hour, --price-per-node-hour or --price-per-node-month)")));
  else
    {
      cp_cli_table_add_label_value (table, _("Total cost"), cp_cli_format_money (est->total_cost, quote->currency));
      cp_cli_table_add_label_value (table, _("Total cost range"),
                                    cp_cli_format_money_range (range->total_cost_low, range->total_cost_high, quote->currency));
    }
}

void
cp_cli_xml_recommended (xmlTextWriterPtr  w,
                        const CpProject  *project,
                        const CpJob      *job,
                        const CpPlan     *plan,
                        const CpOption   *option)
{
  const CpEstimate *est = &option->estimate;
  const CpQuote *quote = option_quote (project, option);

  xmlTextWriterStartElement (w, BAD_CAST "recommended-configuration");
  xmlTextWriterWriteAttribute (w, BAD_CAST "kind",
                               BAD_CAST (plan->recommended >= 0 ? "recommended" : "best-available"));
  cp_cli_xml_uint (w, "nodes", est->nodes);
  cp_cli_xml_uint (w, "gpus", est->gpus);
  cp_cli_xml_uint (w, "tensor-parallel", est->layout.tensor_parallel);
  cp_cli_xml_uint (w, "pipeline-parallel", est->layout.pipeline_parallel);
  cp_cli_xml_uint (w, "data-parallel", est->layout.data_parallel);
  cp_cli_xml_uint (w, "zero-stage", est->layout.zero_stage);
  cp_cli_xml_text (w, "recompute", cp_recompute_to_string (est->layout.recompute));
  cp_cli_xml_bool (w, "cpu-offload", est->cpu_offload);
  cp_cli_xml_text (w, "technique", cp_technique_to_string (est->technique));
  if (job->kind == CP_TASK_INFERENCE)
    {
      cp_cli_xml_uint (w, "replicas", est->layout.data_parallel);
      cp_cli_xml_double (w, "concurrency-served", est->concurrency_served);
    }
  cp_cli_xml_double (w, "memory-per-gpu-bytes", est->memory_per_gpu_bytes);
  cp_cli_xml_double (w, "available-per-gpu-bytes", est->available_per_gpu_bytes);
  cp_cli_xml_bool (w, "fits", est->fits);
  cp_cli_xml_double (w, "total-s", est->total_s);
  cp_cli_xml_double (w, "calendar-days", est->calendar_days);
  if (!plan->cost_unknown)
    cp_cli_xml_money (w, "total-cost", est->total_cost, quote->currency);
  cp_cli_xml_range (w, &option->range, plan->cost_unknown ? NULL : quote->currency);
  xmlTextWriterEndElement (w);
}
