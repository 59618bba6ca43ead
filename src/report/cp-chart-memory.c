/* cp-chart-memory.c: the memory chart, memory needed against model size.
 *
 * Owns the need curves per training technique and the capacity lines of
 * the quoted machines and clusters it is read against. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

/* A model @factor times the size of @src with the same shape: hidden size
 * and layer count each grow by the cube root of the factor (parameters of
 * a transformer grow as layers × hidden²), head size stays, the number of
 * heads follows the hidden size with the same query/KV head ratio, and the
 * MLP keeps its width relative to hidden. The parameter count is then set
 * to exactly @factor × the original so the curve's x is the size asked for. */
static void
scale_model (CpModelSpec       *dest,
             const CpModelSpec *src,
             double             factor)
{
  double side = cbrt (factor);
  guint head_dim = cp_model_spec_head_dim (src);
  double kv_ratio = src->heads > 0 && src->kv_heads > 0 ? (double) src->kv_heads / src->heads : 1.0;
  double hidden = MAX (1.0, src->hidden * side);
  guint heads;

  memset (dest, 0, sizeof *dest);
  cp_model_spec_copy (dest, src);

  if (head_dim == 0)
    head_dim = 128;
  heads = MAX (1, (guint) lround (hidden / head_dim));
  dest->hidden = heads * head_dim;
  dest->heads = heads;
  dest->head_dim = head_dim;
  dest->kv_heads = MAX (1, (guint) lround (heads * kv_ratio));
  dest->layers = MAX (1, (guint) lround (src->layers * side));
  if (src->hidden > 0)
    {
      double width = (double) dest->hidden / src->hidden;
      dest->ffn = MAX (1, (guint) lround (src->ffn * width));
      if (src->kv_latent_dim > 0)
        dest->kv_latent_dim = MAX (1, (guint) lround (src->kv_latent_dim * width));
    }
  dest->params = src->params * factor;
  dest->active_params = src->active_params > 0 ? src->active_params * factor : dest->params;
}

static guint
largest_cluster_gpus (const CpProject *project,
                      const CpPlan    *plan)
{
  guint best = 1;

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      guint gpus = MAX (1, quote->gpus_per_node) * MAX (1, quote->nodes_available);

      if (cp_chart_quote_compared (plan, i))
        best = MAX (best, gpus);
    }
  return best;
}

typedef struct {
  CpTechnique technique;
  guint       weight_bits;   /* inference lines; 0 for training */
} MemoryLine;

static double
memory_need_bytes (const CpJob      *job,
                   const MemoryLine *line,
                   guint             gpus,
                   const CpSettings *settings)
{
  CpJob copy = { 0 };
  double per_gpu;

  cp_job_copy (&copy, job);
  if (line->weight_bits > 0)
    copy.weight_bits = line->weight_bits;
  /* The whole need is what every GPU holds: the sharded states plus each
   * GPU's own activations and overhead. */
  per_gpu = cp_estimate_memory_per_gpu_bytes (&copy, line->technique, gpus, settings);
  cp_job_clear (&copy);

  return per_gpu * gpus;
}

char *
cp_chart_format_memory (double      bytes,
                        double      scale,
                        const char *lang)
{
  g_autofree char *number = cp_i18n_format_value (bytes / scale, lang);

  return g_strdup_printf ("%s %s", number, scale == 1e9 ? "GB" : "GiB");
}

/* Memory to a tenth, as R1 and the results table give it ("262.8 GiB",
 * "66.1/80.0 GiB"): the chart's "263 GiB" for the one copy R1 calls
 * 262.8 GiB read as another figure. */
static char *
format_memory_as_r1 (double      bytes,
                     double      scale,
                     const char *lang)
{
  g_autofree char *number = cp_i18n_format_number (bytes / scale, 1, lang);

  return g_strdup_printf ("%s %s", number, scale == 1e9 ? "GB" : "GiB");
}

static CpChartSeries *
capacity_line (CpChartData     *data,
               const CpQuote   *quote,
               guint            gpus,
               double           bytes,
               CpChartEmphasis  emphasis)
{
  const char *gpu = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;
  g_autofree char *memory = cp_chart_format_memory (bytes, data->y_scale, data->lang);
  g_autofree char *label = NULL;
  CpChartSeries *series;

  /* TRANSLATORS: a capacity line of the memory chart: the memory, then
   * GPU count × GPU model; the memory comes first so that a shortened
   * label still shows it */
  label = g_strdup_printf (_("%s: %u × %s"), memory, gpus, gpu);
  series = cp_chart_series_new (label, FALSE);
  series->capacity = TRUE;
  series->emphasis = emphasis;
  cp_chart_series_add (series, MEMORY_MIN_PARAMS, bytes, NAN);
  cp_chart_series_add (series, MEMORY_MAX_PARAMS, bytes, NAN);
  g_ptr_array_add (data->series, series);
  return series;
}

/* One dashed line per distinct capacity: first what the recommended
 * option uses (its GPUs at the node count chosen, highlighted), then the
 * most each compared quote offers (all its nodes). Quotes of the same
 * capacity share a line. */
static void
add_capacity_lines (CpChartData     *data,
                    const CpProject *project,
                    const CpPlan    *plan)
{
  const CpSettings *settings = &project->settings;
  int recommended = cp_chart_recommended_quote (plan);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));

  if (recommended >= 0 && (guint) recommended < project->quotes->len)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, recommended);
      const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
      guint gpus = MAX (1, quote->gpus_per_node) * MAX (1, option->estimate.nodes);
      double bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * gpus;

      if (cp_chart_usable (bytes, TRUE))
        {
          capacity_line (data, quote, gpus, bytes, CP_CHART_EMPHASIS_HIGHLIGHT);
          g_array_append_val (seen, bytes);
        }
    }

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      guint gpus = MAX (1, quote->gpus_per_node) * (cp_quote_is_cluster (quote) ? MAX (1, quote->nodes_available) : 1);
      double bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * gpus;
      gboolean shared = FALSE;

      if (!cp_chart_quote_compared (plan, i) || !cp_chart_usable (bytes, TRUE))
        continue;
      for (guint s = 0; s < seen->len; s++)
        if (fabs (g_array_index (seen, double, s) - bytes) <= bytes * 1e-3)
          shared = TRUE;
      if (shared)
        continue;
      capacity_line (data, quote, gpus, bytes, cp_chart_emphasis_for (recommended >= 0, FALSE));
      g_array_append_val (seen, bytes);
    }
}

CpChartData *
cp_chart_data_new_memory (const CpProject *project,
                          guint            job_index,
                          const CpPlan    *plan,
                          const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  MemoryLine lines[6];
  guint n_lines = 0;
  guint cluster_gpus = largest_cluster_gpus (project, plan);
  guint chosen_gpus = 1;
  guint n_points = 3 * MEMORY_POINTS_PER_DECADE + 1;
  int recommended = plan != NULL && plan->recommended >= 0 && (guint) plan->recommended < plan->options->len
                    ? plan->recommended : -1;
  CpTechnique chosen = recommended >= 0
                       ? g_array_index (plan->options, CpOption, recommended).estimate.technique
                       : CP_TECHNIQUE_AS_CONFIGURED;
  gboolean chosen_drawn = FALSE;
  CpJob running = { 0 };   /* a debugging job's model run */

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  job = g_ptr_array_index (project->jobs, job_index);
  /* A debugging job's memory is not modelled (it has one machine, R4):
   * every curve lay flat on the framework's overhead, on the 1 GiB floor,
   * as if an 8B model needed 1 GiB (approver 33 A9). Its chart shows what
   * running its model takes, one request at a time, at 16, 8 and 4 bits. */
  if (job->kind == CP_TASK_DEBUG)
    {
      cp_job_copy (&running, job);
      running.kind = CP_TASK_INFERENCE;
      running.concurrency = 1;
      if (running.weight_bits == 0)
        running.weight_bits = 16;
      job = &running;
    }
  if (recommended >= 0)
    chosen_gpus = MAX (1, g_array_index (plan->options, CpOption, recommended).estimate.gpus);

  data = cp_chart_data_new_empty (CP_CHART_MEMORY, lang);
  cp_i18n_push_language (data->lang);

  data->x_log = TRUE;
  data->y_log = TRUE;
  data->y_scale = settings->memory_unit == CP_MEMORY_UNIT_GIB ? 1024.0 * 1024.0 * 1024.0 : 1e9;
  data->title = g_strdup_printf (_("Memory needed against model size: %s"), job->name);
  data->x_label = g_strdup (_("Model parameters"));
  data->y_label = g_strdup (settings->memory_unit == CP_MEMORY_UNIT_GIB
                            ? _("GPU memory needed in all (GiB)")
                            : _("GPU memory needed in all (GB)"));

  if (job->kind == CP_TASK_INFERENCE)
    {
      static const guint bits[] = { 16, 8, 4 };
      for (guint i = 0; i < G_N_ELEMENTS (bits); i++)
        lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_AS_CONFIGURED, bits[i] };
    }
  else
    {
      gboolean adapters = job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA;

      lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_AS_CONFIGURED, 0 };
      lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_FULL_RECOMPUTE, 0 };
      /* ZeRO-3 trains the whole model: over an adapter job's curves it
       * lay ten times above them and above the cluster's capacity, as if
       * the cluster could not hold the job it runs (approver 34 B7). */
      if (!adapters || chosen == CP_TECHNIQUE_ZERO3)
        lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_ZERO3, 0 };
      /* The recommendation's own technique when it moves the optimizer
       * to the host: without it the chart showed the job far above what
       * the machine recommended holds. */
      if (chosen == CP_TECHNIQUE_CPU_OFFLOAD)
        lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_CPU_OFFLOAD, 0 };
      /* Adapters only make sense for fine-tuning an existing model. */
      /* Not the job's own adapters again: "LoRA" beside "LoRA
       * fine-tuning as configured" drew one curve twice (B7). */
      if (job->kind != CP_TASK_PRETRAIN)
        {
          if (job->kind != CP_TASK_LORA || chosen == CP_TECHNIQUE_LORA)
            lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_LORA, 0 };
          if (job->kind != CP_TASK_QLORA || chosen == CP_TECHNIQUE_QLORA)
            lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_QLORA, 0 };
        }
    }
  for (guint l = 0; l < n_lines; l++)
    if (lines[l].weight_bits > 0 ? lines[l].weight_bits == job->weight_bits : lines[l].technique == chosen)
      chosen_drawn = TRUE;

  for (guint l = 0; l < n_lines; l++)
    {
      g_autofree char *label = NULL;
      CpChartSeries *series;
      guint gpus = lines[l].technique == CP_TECHNIQUE_ZERO3 ? cluster_gpus
                   : lines[l].technique == CP_TECHNIQUE_CPU_OFFLOAD ? chosen_gpus : 1;
      gboolean is_chosen = lines[l].weight_bits > 0 ? lines[l].weight_bits == job->weight_bits
                                                    : lines[l].technique == chosen;

      if (lines[l].weight_bits > 0 && job == &running)
        /* TRANSLATORS: a line of a debugging job's memory chart: its model's
         * weights at 16, 8 or 4 bits and the KV cache of one request */
        label = g_strdup_printf (_("%u-bit weights + KV cache of one request"), lines[l].weight_bits);
      else if (lines[l].weight_bits > 0)
        {
          g_autofree char *concurrency = cp_i18n_format_number (job->concurrency, 0, data->lang);
          /* TRANSLATORS: a line of the memory chart: weights at 16, 8 or 4 bits
           * and the KV cache of the target number of concurrent requests */
          label = g_strdup_printf (_("%u-bit weights + KV cache of %s requests"),
                                   lines[l].weight_bits, concurrency);
        }
      else if (lines[l].technique == CP_TECHNIQUE_ZERO3)
        /* TRANSLATORS: a line of the memory chart; %u is a number of GPUs */
        label = g_strdup_printf (_("ZeRO-3 over %u GPUs"), gpus);
      else if (lines[l].technique == CP_TECHNIQUE_CPU_OFFLOAD)
        /* TRANSLATORS: a line of the memory chart: what stays in GPU memory
         * with the optimizer on the host; %u is a number of GPUs */
        label = g_strdup_printf (_("CPU offload over %u GPUs (GPU part)"), gpus);
      else if (lines[l].technique == CP_TECHNIQUE_AS_CONFIGURED)
        /* The job's own technique named: "As configured" beside "LoRA"
         * and "QLoRA" did not say which the job is (issue 26). */
        /* TRANSLATORS: a line of the memory chart: the job's kind, e.g. "QLoRA fine-tuning as configured" */
        label = g_strdup_printf (_("%s as configured"), cp_words_task_kind (job->kind));
      else
        label = g_strdup (cp_words_capitalised (cp_words_technique (lines[l].technique)));

      series = cp_chart_series_new (label, FALSE);
      /* Each curve has its own dash as well as its colour, so one lying on
       * another (full recompute on the job as configured) still shows. */
      series->dash = l;
      series->emphasis = cp_chart_emphasis_for (chosen_drawn, is_chosen);
      for (guint p = 0; p < n_points; p++)
        {
          double params = MEMORY_MIN_PARAMS * pow (10.0, (double) p / MEMORY_POINTS_PER_DECADE);
          CpJob scaled = { 0 };
          double need;

          if (job->model.params <= 0)
            break;
          cp_job_copy (&scaled, job);
          cp_model_spec_clear (&scaled.model);
          scale_model (&scaled.model, &job->model, params / job->model.params);
          need = memory_need_bytes (&scaled, &lines[l], gpus, settings);
          cp_job_clear (&scaled);

          if (cp_chart_usable (need, TRUE))
            cp_chart_series_add (series, params, need, NAN);
        }
      g_ptr_array_add (data->series, series);
    }

  /* The job itself, as configured; and as the recommended option runs
   * it: "This job" marked only the configuration the recommendation had
   * moved away from, and the recommended one, with CPU offload, was
   * unmarked (issue 26). The recommended mark is what its layout holds,
   * the table's memory per GPU times its GPUs: at the job's one copy it
   * read 262.8 GiB "as recommended" where the layout's 8 data-parallel
   * copies hold 51.2 GiB a GPU, 409.6 GiB (walk36 X22). The two are one
   * mark where they meet. */
  if (job->model.params > 0)
    {
      const CpEstimate *estimate = recommended >= 0 && job->kind != CP_TASK_INFERENCE
                                   ? &g_array_index (plan->options, CpOption, recommended).estimate : NULL;
      double held = estimate != NULL ? estimate->memory_per_gpu_bytes * MAX (1, estimate->gpus) : NAN;
      gboolean recommended_here;

      data->marker_x = job->model.params;
      data->marker_y = memory_need_bytes (job, &lines[0], 1, settings);
      recommended_here = estimate != NULL && chosen == CP_TECHNIQUE_AS_CONFIGURED &&
                         fabs (held - data->marker_y) <= 0.005 * data->marker_y;
      if (recommended_here)
        data->marker_label = g_strdup (_("This job as configured, as recommended"));
      else
        {
          g_autofree char *copy = format_memory_as_r1 (data->marker_y, data->y_scale, data->lang);

          /* Beside the recommended mark, "This job as configured" did
           * not say which of the two is the job's need (walk36 F7): this
           * is one copy of it, unsplit, as R1 counts it. */
          /* TRANSLATORS: the memory chart's mark of the job as configured, one copy unsplit: the memory it needs, e.g. "One copy of this job: 262.8 GiB" */
          data->marker_label = g_strdup_printf (_("One copy of this job: %s"), copy);
        }
      data->marker_recommended = recommended_here;
      if (!cp_chart_usable (data->marker_y, TRUE))
        data->marker_x = data->marker_y = NAN;
      if (estimate != NULL && !recommended_here && cp_chart_usable (held, TRUE))
        {
          g_autofree char *per_gpu = cp_chart_format_memory (estimate->memory_per_gpu_bytes, data->y_scale,
                                                             data->lang);
          const char *technique = NULL;

          for (guint l = 1; l < n_lines && chosen != CP_TECHNIQUE_AS_CONFIGURED; l++)
            if (lines[l].technique == chosen)
              technique = ((const CpChartSeries *) g_ptr_array_index (data->series, l))->label;
          data->recommended_x = job->model.params;
          data->recommended_y = held;
          if (chosen == CP_TECHNIQUE_ZERO3)
            /* TRANSLATORS: the memory chart's mark of the job as the recommended option runs it: its GPUs and what each holds, e.g. "This job as recommended: ZeRO-3 over 16 GPUs, 38.2 GiB each" */
            data->recommended_label = g_strdup_printf (_("This job as recommended: ZeRO-3 over %u GPUs, %s each"),
                                                       MAX (1, estimate->gpus), per_gpu);
          else if (technique != NULL)
            /* TRANSLATORS: the memory chart's mark of the job as the recommended option runs it; %s is its technique, e.g. "CPU offload over 8 GPUs (GPU part)", then what each GPU holds */
            data->recommended_label = g_strdup_printf (_("This job as recommended: %s, %s each"), technique, per_gpu);
          else
            {
              /* What the mark's height is, the GPUs' memory in all (the
               * axis' measure): "8 GPUs × 66.1 GiB" beside the one copy's
               * mark did not say why it stood twice as high (walk36 F7). */
              g_autofree char *each = format_memory_as_r1 (estimate->memory_per_gpu_bytes, data->y_scale,
                                                           data->lang);
              /* In all to a whole GiB: each GPU's tenth, rounded, times
               * 8 GPUs is off by up to 0.4, and "66.1 GiB each, 528.7
               * GiB in all" read as a sum gone wrong (8 × 66.1 = 528.8). */
              g_autofree char *in_all_number = cp_i18n_format_number (held / data->y_scale, 0, data->lang);
              g_autofree char *in_all = g_strdup_printf ("%s %s", in_all_number, data->y_scale == 1e9 ? "GB" : "GiB");

              /* TRANSLATORS: the memory chart's mark of the job as the recommended layout holds it: its GPUs, what each holds and what they hold in all, e.g. "This job as recommended: 8 GPUs, 66.1 GiB each, 529 GiB in all" */
              data->recommended_label = g_strdup_printf (_("This job as recommended: %u GPUs, %s each, %s in all"),
                                                         MAX (1, estimate->gpus), each, in_all);
              /* TRANSLATORS: the same mark's words where they do not fit: what its GPUs hold in all, e.g. "This job as recommended: 529 GiB in all" */
              data->recommended_short = g_strdup_printf (_("This job as recommended: %s in all"), in_all);
            }
        }
    }

  add_capacity_lines (data, project, plan);
  data->note = cp_chart_note_with (_("Solid and dashed curves: memory the job needs; thin dashed lines: what the quotes' GPUs offer."), plan);

  cp_i18n_pop_language ();
  cp_job_clear (&running);
  return data;
}
