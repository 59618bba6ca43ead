/* cp-chart.c: the memory and cost charts, computed from the model and
 * drawn with cairo and pango at any size.
 *
 * Made for a projector as much as for paper: lines are named at their
 * ends rather than in a legend, the recommended option is drawn in one
 * highlight colour over muted others, the cost chart is two small charts
 * on one GPU axis (cost above, days below) instead of two y axes, and
 * every axis title is horizontal, so Chinese is never turned on its side.
 */
#include "cp-report-private.h"
#include "cp-chart.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

#define MEMORY_MIN_PARAMS 1e9
#define MEMORY_MAX_PARAMS 1e12
/* Eight points a decade keep the curves smooth on a log axis. */
#define MEMORY_POINTS_PER_DECADE 8

static CpChartSeries *
series_new (const char *label,
            gboolean    with_y2)
{
  CpChartSeries *series = g_new0 (CpChartSeries, 1);

  series->label = g_strdup (label);
  series->shorten_from = -1;
  series->chosen_x = NAN;
  series->x = g_array_new (FALSE, FALSE, sizeof (double));
  series->y = g_array_new (FALSE, FALSE, sizeof (double));
  if (with_y2)
    series->y2 = g_array_new (FALSE, FALSE, sizeof (double));
  return series;
}

static void
series_free (gpointer data)
{
  CpChartSeries *series = data;

  g_free (series->label);
  g_array_unref (series->x);
  g_array_unref (series->y);
  g_clear_pointer (&series->y2, g_array_unref);
  g_clear_pointer (&series->y_low, g_array_unref);
  g_clear_pointer (&series->y_high, g_array_unref);
  g_clear_pointer (&series->y2_low, g_array_unref);
  g_clear_pointer (&series->y2_high, g_array_unref);
  g_free (series);
}

static GArray *
array_copy (GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, sizeof (double), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

static gpointer
series_copy (gconstpointer src,
             gpointer      user_data)
{
  const CpChartSeries *series = src;
  CpChartSeries *copy = g_new0 (CpChartSeries, 1);

  *copy = *series;
  copy->label = g_strdup (series->label);
  copy->x = array_copy (series->x);
  copy->y = array_copy (series->y);
  copy->y2 = array_copy (series->y2);
  copy->y_low = array_copy (series->y_low);
  copy->y_high = array_copy (series->y_high);
  copy->y2_low = array_copy (series->y2_low);
  copy->y2_high = array_copy (series->y2_high);
  return copy;
}

static void
series_add (CpChartSeries *series,
            double         x,
            double         y,
            double         y2)
{
  g_array_append_val (series->x, x);
  g_array_append_val (series->y, y);
  if (series->y2 != NULL)
    g_array_append_val (series->y2, y2);
}

static void
series_add_band (CpChartSeries *series,
                 const CpRange *range)
{
  GArray **arrays[] = { &series->y_low, &series->y_high, &series->y2_low, &series->y2_high };
  const double values[] = { range->total_cost_low, range->total_cost_high,
                            range->calendar_days_low, range->calendar_days_high };

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    {
      if (*arrays[i] == NULL)
        *arrays[i] = g_array_new (FALSE, FALSE, sizeof (double));
      g_array_append_val (*arrays[i], values[i]);
    }
}

static CpChartData *
chart_data_new (CpChartKind  kind,
                const char  *lang)
{
  CpChartData *data = g_new0 (CpChartData, 1);

  data->kind = kind;
  data->lang = g_strdup (cp_i18n_is_chinese (lang) ? "zh_CN" : "en");
  data->series = g_ptr_array_new_with_free_func (series_free);
  data->marker_x = NAN;
  data->marker_y = NAN;
  data->deadline_days = NAN;
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    data->break_even[p].x = data->break_even[p].y = NAN;
  data->x_scale = 1;
  data->y_scale = 1;
  data->y2_scale = 1;
  return data;
}

CpChartData *
cp_chart_data_copy (const CpChartData *data)
{
  CpChartData *copy;

  g_return_val_if_fail (data != NULL, NULL);

  copy = g_new0 (CpChartData, 1);
  *copy = *data;
  copy->title = g_strdup (data->title);
  copy->x_label = g_strdup (data->x_label);
  copy->y_label = g_strdup (data->y_label);
  copy->y2_label = g_strdup (data->y2_label);
  copy->marker_label = g_strdup (data->marker_label);
  copy->deadline_label = g_strdup (data->deadline_label);
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    {
      copy->break_even[p].label = g_strdup (data->break_even[p].label);
      copy->break_even[p].sentence = g_strdup (data->break_even[p].sentence);
    }
  copy->lang = g_strdup (data->lang);
  copy->note = g_strdup (data->note);
  copy->currency = g_strdup (data->currency);
  copy->series = g_ptr_array_copy (data->series, series_copy, NULL);
  g_ptr_array_set_free_func (copy->series, series_free);
  return copy;
}

void
cp_chart_data_free (CpChartData *data)
{
  if (data == NULL)
    return;
  g_free (data->title);
  g_free (data->x_label);
  g_free (data->y_label);
  g_free (data->y2_label);
  g_free (data->marker_label);
  g_free (data->deadline_label);
  for (guint p = 0; p < G_N_ELEMENTS (data->break_even); p++)
    {
      g_free (data->break_even[p].label);
      g_free (data->break_even[p].sentence);
    }
  g_free (data->lang);
  g_free (data->note);
  g_free (data->currency);
  g_ptr_array_unref (data->series);
  g_free (data);
}

static gboolean
usable (double value,
        gboolean log_axis)
{
  return isfinite (value) && value >= 0 && (!log_axis || value > 0);
}

static int
recommended_quote (const CpPlan *plan)
{
  if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
    return -1;
  return g_array_index (plan->options, CpOption, plan->recommended).quote_index;
}

/* Whether a quote is drawn: one of the plan's best-ranked options. */
static gboolean
quote_compared (const CpPlan *plan,
                guint         quote_index)
{
  if (plan == NULL)
    return TRUE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);

      if (option->quote_index == (int) quote_index)
        return option->rank <= CP_CHART_MAX_QUOTES || (int) i == plan->recommended;
    }
  return FALSE;
}

/* The note's sentence saying how many of the quotes are drawn, or NULL
 * when all are. */
static char *
shown_quotes_note (const CpPlan *plan)
{
  guint n = plan != NULL ? plan->options->len : 0;

  if (n <= CP_CHART_MAX_QUOTES)
    return NULL;
  /* TRANSLATORS: on a chart; the first %u is the number drawn, the second all quotes */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, "The %u best-ranked of %u quote are drawn.",
                                    "The %u best-ranked of %u quotes are drawn.", n),
                          CP_CHART_MAX_QUOTES, n);
}

static char *
note_with (const char *note,
           const CpPlan *plan)
{
  g_autofree char *shown = shown_quotes_note (plan);

  return shown != NULL ? g_strdup_printf ("%s %s", note, shown) : g_strdup (note);
}

static CpChartEmphasis
emphasis_for (gboolean has_recommendation,
              gboolean is_recommended)
{
  if (!has_recommendation)
    return CP_CHART_EMPHASIS_NORMAL;
  return is_recommended ? CP_CHART_EMPHASIS_HIGHLIGHT : CP_CHART_EMPHASIS_MUTED;
}

static char *
recommended_label (const char *name)
{
  /* First, so an ellipsis never hides it. */
  /* TRANSLATORS: %s is the recommended option's summary */
  return g_strdup_printf (_("Recommended: %s"), name);
}

/* ---------------------------------------------------------------------- */
/* Memory against model size                                              */

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

      if (quote_compared (plan, i))
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

static char *
format_memory (double bytes,
               double scale,
               const char *lang)
{
  g_autofree char *number = cp_i18n_format_value (bytes / scale, lang);

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
  g_autofree char *memory = format_memory (bytes, data->y_scale, data->lang);
  g_autofree char *label = NULL;
  CpChartSeries *series;

  /* TRANSLATORS: a capacity line of the memory chart: the memory, then
   * GPU count × GPU model; the memory comes first so that a shortened
   * label still shows it */
  label = g_strdup_printf (_("%s: %u × %s"), memory, gpus, gpu);
  series = series_new (label, FALSE);
  series->capacity = TRUE;
  series->emphasis = emphasis;
  series_add (series, MEMORY_MIN_PARAMS, bytes, NAN);
  series_add (series, MEMORY_MAX_PARAMS, bytes, NAN);
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
  int recommended = recommended_quote (plan);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));

  if (recommended >= 0 && (guint) recommended < project->quotes->len)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, recommended);
      const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
      guint gpus = MAX (1, quote->gpus_per_node) * MAX (1, option->estimate.nodes);
      double bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * gpus;

      if (usable (bytes, TRUE))
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

      if (!quote_compared (plan, i) || !usable (bytes, TRUE))
        continue;
      for (guint s = 0; s < seen->len; s++)
        if (fabs (g_array_index (seen, double, s) - bytes) <= bytes * 1e-3)
          shared = TRUE;
      if (shared)
        continue;
      capacity_line (data, quote, gpus, bytes, emphasis_for (recommended >= 0, FALSE));
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

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  job = g_ptr_array_index (project->jobs, job_index);
  if (recommended >= 0)
    chosen_gpus = MAX (1, g_array_index (plan->options, CpOption, recommended).estimate.gpus);

  data = chart_data_new (CP_CHART_MEMORY, lang);
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
      lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_AS_CONFIGURED, 0 };
      lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_FULL_RECOMPUTE, 0 };
      lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_ZERO3, 0 };
      /* The recommendation's own technique when it moves the optimizer
       * to the host: without it the chart showed the job far above what
       * the machine recommended holds. */
      if (chosen == CP_TECHNIQUE_CPU_OFFLOAD)
        lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_CPU_OFFLOAD, 0 };
      /* Adapters only make sense for fine-tuning an existing model. */
      if (job->kind != CP_TASK_PRETRAIN)
        {
          lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_LORA, 0 };
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

      if (lines[l].weight_bits > 0)
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
      else
        label = g_strdup (cp_words_technique (lines[l].technique));

      series = series_new (label, FALSE);
      /* Each curve has its own dash as well as its colour, so one lying on
       * another (full recompute on the job as configured) still shows. */
      series->dash = l;
      series->emphasis = emphasis_for (chosen_drawn, is_chosen);
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

          if (usable (need, TRUE))
            series_add (series, params, need, NAN);
        }
      g_ptr_array_add (data->series, series);
    }

  /* The job itself, as configured. */
  if (job->model.params > 0)
    {
      data->marker_x = job->model.params;
      data->marker_y = memory_need_bytes (job, &lines[0], 1, settings);
      data->marker_label = g_strdup (_("This job"));
      if (!usable (data->marker_y, TRUE))
        data->marker_x = data->marker_y = NAN;
    }

  add_capacity_lines (data, project, plan);
  data->note = note_with (_("Solid and dashed curves: memory the job needs; thin dashed lines: what the quotes' GPUs offer."), plan);

  cp_i18n_pop_language ();
  return data;
}

/* ---------------------------------------------------------------------- */
/* Cost and time against GPU count                                        */

/* A scale that keeps tick labels short: thousands or millions in
 * English, 万 (10^4) or 亿 (10^8) in Chinese. */
static double
money_scale (double max_value,
             const char *lang,
             const char *currency,
             char **label)
{
  if (cp_i18n_is_chinese (lang))
    {
      if (max_value >= 1e9)
        {
          /* TRANSLATORS: cost axis in units of 10^8; %s is a currency code */
          *label = g_strdup_printf (_("Total cost (100 million %s)"), currency);
          return 1e8;
        }
      if (max_value >= 1e5)
        {
          /* TRANSLATORS: cost axis in units of 10^4; %s is a currency code */
          *label = g_strdup_printf (_("Total cost (10 thousand %s)"), currency);
          return 1e4;
        }
    }
  else
    {
      if (max_value >= 1e7)
        {
          *label = g_strdup_printf (_("Total cost (million %s)"), currency);
          return 1e6;
        }
      if (max_value >= 1e5)
        {
          *label = g_strdup_printf (_("Total cost (thousand %s)"), currency);
          return 1e3;
        }
    }
  /* TRANSLATORS: cost axis; %s is a currency code */
  *label = g_strdup_printf (_("Total cost (%s)"), currency);
  return 1;
}

/* The break-even of one panel (@second: days, else cost), read from the
 * series as drawn, so the note says what the chart shows: the fewest GPUs
 * at which a cluster quote's line goes below the best single machine's
 * marker. A cluster quote already below it at its smallest size has no
 * break-even: the label then names that quote (@names, by series; the
 * recommended one first) and the GPU counts, from its smallest, at which
 * it stays below, without a line. It speaks of that quote against the
 * single-machine quotes, not of "a cluster" against the verdict. */
static void
find_break_even (CpChartData *data,
                 GPtrArray   *names,
                 gboolean     second)
{
  CpChartBreakEven *result = &data->break_even[second ? 1 : 0];
  double best_single = INFINITY;
  double first_x = INFINITY, first_y = NAN;
  int from_smallest = -1;
  gboolean every_size = FALSE;
  double run_from_x = NAN, run_to_x = NAN;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = second ? series->y2 : series->y;

      if (!series->points_only || ys == NULL)
        continue;
      for (guint p = 0; p < ys->len; p++)
        if (usable (g_array_index (ys, double, p), FALSE))
          best_single = MIN (best_single, g_array_index (ys, double, p));
    }
  if (!isfinite (best_single))
    return;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = second ? series->y2 : series->y;
      double smallest_x = INFINITY, below_x = INFINITY, below_y = NAN;
      double run_end_x = NAN;
      gboolean run_open = TRUE;
      guint n_usable = 0, n_below = 0;

      if (series->points_only || ys == NULL)
        continue;
      /* The sweep's points come by rising node count. */
      for (guint p = 0; p < series->x->len; p++)
        {
          double x = g_array_index (series->x, double, p);
          double y = g_array_index (ys, double, p);

          if (!usable (x, FALSE) || !usable (y, FALSE))
            continue;
          n_usable++;
          smallest_x = MIN (smallest_x, x);
          if (y < best_single)
            {
              n_below++;
              if (run_open)
                run_end_x = x;
              if (x < below_x)
                {
                  below_x = x;
                  below_y = y;
                }
            }
          else
            run_open = FALSE;
        }
      if (n_below == 0)
        continue;
      if (below_x <= smallest_x)
        {
          if (from_smallest < 0 || series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
            {
              from_smallest = (int) s;
              every_size = n_below == n_usable;
              run_from_x = smallest_x;
              run_to_x = run_end_x;
            }
        }
      else if (below_x < first_x)
        {
          first_x = below_x;
          first_y = below_y;
        }
    }

  if (from_smallest >= 0)
    {
      const char *name = g_ptr_array_index (names, from_smallest);
      g_autofree char *from = cp_i18n_format_number (run_from_x, 0, data->lang);
      g_autofree char *to = cp_i18n_format_number (run_to_x, 0, data->lang);
      /* TRANSLATORS: a range of GPU counts on the cost chart, e.g. 8–16 */
      g_autofree char *gpus = run_to_x > run_from_x ? g_strdup_printf (_("%s–%s"), from, to) : g_strdup (from);

      if (every_size && second)
        {
          /* TRANSLATORS: on the cost chart; %s is a cluster quote */
          result->label = g_strdup_printf (_("%s faster than every single-machine quote at every size"), name);
          result->sentence = g_strdup_printf (_("Time: %s is faster than every single-machine quote at every size."), name);
        }
      else if (every_size)
        {
          /* TRANSLATORS: on the cost chart; %s is a cluster quote */
          result->label = g_strdup_printf (_("%s cheaper than every single-machine quote at every size"), name);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every single-machine quote at every size."), name);
        }
      else if (second)
        {
          /* TRANSLATORS: on the cost chart; the first %s is a cluster quote, the second GPU counts */
          result->label = g_strdup_printf (_("%s faster than every single-machine quote at %s GPUs"), name, gpus);
          result->sentence = g_strdup_printf (_("Time: %s is faster than every single-machine quote at %s GPUs."), name, gpus);
        }
      else
        {
          /* TRANSLATORS: on the cost chart; the first %s is a cluster quote, the second GPU counts */
          result->label = g_strdup_printf (_("%s cheaper than every single-machine quote at %s GPUs"), name, gpus);
          result->sentence = g_strdup_printf (_("Cost: %s is cheaper than every single-machine quote at %s GPUs."), name, gpus);
        }
    }
  else if (isfinite (first_x))
    {
      g_autofree char *gpus = cp_i18n_format_number (first_x, 0, data->lang);

      result->x = first_x;
      result->y = first_y;
      /* TRANSLATORS: on the cost chart; %s is a number of GPUs */
      result->label = g_strdup_printf (second ? _("Cluster faster from %s GPUs") : _("Cluster cheaper from %s GPUs"), gpus);
    }
}

/* Where the vendor's name ends in @label, which shows @name: a shortened
 * label keeps at least that much. */
static int
vendor_end (const char    *label,
            const char    *name,
            const CpQuote *quote)
{
  const char *start = strstr (label, name);
  gsize offset = start != NULL ? (gsize) (start - label) : 0;

  if (quote->vendor != NULL && *quote->vendor != '\0' && g_str_has_prefix (name, quote->vendor))
    return offset + strlen (quote->vendor);
  return offset;
}

/* Whether @quote's vendor alone names it, being its only quote: the
 * corner note then stays short enough for a slide. */
static gboolean
vendor_alone (const CpProject *project,
              const CpQuote   *quote)
{
  guint n_same = 0;

  if (quote->vendor == NULL || *quote->vendor == '\0')
    return FALSE;
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index (project->quotes, i);

      if (g_strcmp0 (other->vendor, quote->vendor) == 0)
        n_same++;
    }
  return n_same == 1;
}

CpChartData *
cp_chart_data_new_cost (const CpProject *project,
                        guint            job_index,
                        const CpPlan    *plan,
                        const CpSweep   *sweep,
                        const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  const char *currency = settings->currency[0] != '\0' ? settings->currency : "CNY";
  int recommended = recommended_quote (plan);
  double max_cost = 0;
  g_autofree char *note = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n_incomplete = 0;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  g_return_val_if_fail (sweep != NULL, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

  data = chart_data_new (CP_CHART_COST, lang);
  cp_i18n_push_language (data->lang);

  data->title = g_strdup_printf (_("Total cost and time against GPU count: %s"), job->name);
  data->x_label = g_strdup (_("GPUs"));
  data->y2_label = g_strdup (_("Calendar time (days)"));
  if (job->deadline_days > 0 && isfinite (job->deadline_days))
    {
      g_autofree char *days = cp_i18n_format_number (job->deadline_days, 0, data->lang);

      data->deadline_days = job->deadline_days;
      /* TRANSLATORS: label of the deadline line; %s is a number of days */
      data->deadline_label = g_strdup_printf (_("Deadline: %s days"), days);
    }

  for (guint c = 0; c < sweep->curves->len; c++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);
      const CpQuote *quote;
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;
      CpChartSeries *series;

      if (curve->quote_index < 0 || (guint) curve->quote_index >= project->quotes->len)
        continue;
      quote = g_ptr_array_index (project->quotes, curve->quote_index);
      /* Without its price it would lie on the zero-cost axis. */
      if (cp_quote_get_missing_in (quote, &project->settings) != CP_QUOTE_MISSING_NONE)
        {
          n_incomplete++;
          continue;
        }
      if (!quote_compared (plan, curve->quote_index))
        continue;
      name = cp_words_quote_name (project, curve->quote_index);
      label = curve->quote_index == recommended ? recommended_label (name) : g_strdup (name);
      series = series_new (label, TRUE);
      series->shorten_from = vendor_end (label, name, quote);
      series->points_only = !cp_quote_is_cluster (quote);
      series->emphasis = emphasis_for (recommended >= 0, curve->quote_index == recommended);
      if (curve->quote_index == recommended)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);

          series->chosen_x = (double) MAX (1, quote->gpus_per_node) * MAX (1, option->estimate.nodes);
        }

      for (guint p = 0; p < curve->points->len; p++)
        {
          const CpSweepPoint *point = &g_array_index (curve->points, CpSweepPoint, p);

          series_add (series, point->gpus, point->total_cost, point->calendar_days);
          series_add_band (series, &point->range);
          max_cost = MAX (max_cost, point->range.total_cost_high);
        }
      g_ptr_array_add (data->series, series);
      g_ptr_array_add (names, g_strdup (vendor_alone (project, quote) ? quote->vendor : name));
    }

  find_break_even (data, names, FALSE);
  find_break_even (data, names, TRUE);

  data->currency = g_strdup (currency);
  data->y_scale = money_scale (max_cost, data->lang, cp_i18n_currency_name (currency, data->lang), &data->y_label);
  note = note_with (_("Lines: a cluster quote at each node count; markers: single machines. The same quote is at the same GPU count in both panels. Shaded bands and whiskers: low to high, with every assumption at its optimistic or its pessimistic end."), plan);
  if (n_incomplete > 0)
    /* TRANSLATORS: appended to the cost chart's note; %u quotes lack a price or a network */
    data->note = g_strdup_printf (dngettext (GETTEXT_PACKAGE, "%s %u incomplete quote is not drawn.",
                                             "%s %u incomplete quotes are not drawn.", n_incomplete),
                                  note, n_incomplete);
  else
    data->note = g_steal_pointer (&note);

  cp_i18n_pop_language ();
  return data;
}

/* ---------------------------------------------------------------------- */
/* Serving: cost per million output tokens against replicas               */

CpChartData *
cp_chart_data_new_serving (const CpProject *project,
                           guint            job_index,
                           const CpPlan    *plan,
                           const CpSweep   *sweep,
                           const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  const char *currency = settings->currency[0] != '\0' ? settings->currency : "CNY";
  int recommended = recommended_quote (plan);
  g_autofree char *concurrency = NULL;
  g_autofree char *note = NULL;

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  g_return_val_if_fail (sweep != NULL, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

  data = chart_data_new (CP_CHART_SERVING, lang);
  cp_i18n_push_language (data->lang);

  data->title = g_strdup_printf (_("Cost per million output tokens against replicas: %s"), job->name);
  data->x_label = g_strdup (_("Replicas"));
  /* TRANSLATORS: axis of the serving chart; %s is a currency */
  data->y_label = g_strdup_printf (_("Cost per million output tokens (%s)"),
                                   cp_i18n_currency_name (currency, data->lang));
  data->currency = g_strdup (currency);

  for (guint c = 0; c < sweep->curves->len; c++)
    {
      const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);
      const CpQuote *quote;
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;
      CpChartSeries *series;

      if (curve->quote_index < 0 || (guint) curve->quote_index >= project->quotes->len ||
          !quote_compared (plan, curve->quote_index))
        continue;
      quote = g_ptr_array_index (project->quotes, curve->quote_index);
      name = cp_words_quote_name (project, curve->quote_index);
      label = curve->quote_index == recommended ? recommended_label (name) : g_strdup (name);
      series = series_new (label, FALSE);
      series->shorten_from = vendor_end (label, name, quote);
      series->points_only = !cp_quote_is_cluster (quote);
      series->emphasis = emphasis_for (recommended >= 0, curve->quote_index == recommended);
      for (guint p = 0; p < curve->points->len; p++)
        {
          const CpSweepPoint *point = &g_array_index (curve->points, CpSweepPoint, p);

          /* A size that serves nothing has no price per token. */
          if (point->replicas > 0 && usable (point->cost_per_million_output_tokens, TRUE))
            series_add (series, point->replicas, point->cost_per_million_output_tokens, NAN);
        }
      if (series->x->len > 0)
        g_ptr_array_add (data->series, series);
      else
        series_free (series);
    }

  concurrency = cp_i18n_format_number (job->concurrency, 0, data->lang);
  /* TRANSLATORS: the serving chart's note; %s is the target number of concurrent requests */
  note = g_strdup_printf (_("Lines: a cluster quote at each node count; markers: single machines. The %s concurrent requests are shared by the replicas: more replicas decode smaller batches, and each token costs more."),
                          concurrency);
  data->note = note_with (note, plan);

  cp_i18n_pop_language ();
  return data;
}

/* ---------------------------------------------------------------------- */
/* Axes                                                                   */

typedef struct {
  double min, max;      /* data units */
  gboolean log;
  double scale;         /* labels show value ÷ scale */
  GArray *ticks;        /* double, data units: labelled */
  GArray *minor;        /* double, data units: grid only */
} Axis;

static double
nice_step (double raw)
{
  double power = pow (10.0, floor (log10 (raw)));
  double fraction = raw / power;

  if (fraction <= 1)
    return power;
  if (fraction <= 2)
    return 2 * power;
  if (fraction <= 5)
    return 5 * power;
  return 10 * power;
}

static void
axis_init (Axis    *axis,
           double   min,
           double   max,
           gboolean log_axis,
           double   scale,
           guint    target_ticks)
{
  axis->log = log_axis;
  axis->scale = scale > 0 ? scale : 1;
  axis->ticks = g_array_new (FALSE, FALSE, sizeof (double));
  axis->minor = g_array_new (FALSE, FALSE, sizeof (double));

  if (log_axis)
    {
      /* Decades of the displayed unit, so "1, 10, 100 GiB" fall on lines. */
      double lo, hi;

      if (!(min > 0) || !isfinite (min))
        min = axis->scale;
      if (!(max > min) || !isfinite (max))
        max = min * 10;
      lo = floor (log10 (min / axis->scale) + 1e-9);
      hi = ceil (log10 (max / axis->scale) - 1e-9);
      if (hi <= lo)
        hi = lo + 1;
      axis->min = pow (10, lo) * axis->scale;
      axis->max = pow (10, hi) * axis->scale;
      for (double d = lo; d <= hi + 1e-9; d++)
        {
          double decade = pow (10, d) * axis->scale;
          g_array_append_val (axis->ticks, decade);
          if (d + 0.5 > hi)
            break;
          for (int m = 2; m <= 9; m++)
            {
              double value = decade * m;
              /* Few decades leave room for labelled 2s and 5s. */
              if (hi - lo <= 2 && (m == 2 || m == 5))
                g_array_append_val (axis->ticks, value);
              else
                g_array_append_val (axis->minor, value);
            }
        }
    }
  else
    {
      double step;
      double lo, hi;

      if (!isfinite (min))
        min = 0;
      if (!isfinite (max) || max <= min)
        max = min + axis->scale;
      /* A little headroom keeps the highest point off the frame. */
      max += (max - min) * 0.04;
      step = nice_step ((max - min) / axis->scale / MAX (2, target_ticks)) * axis->scale;
      lo = floor (min / step + 1e-9) * step;
      hi = ceil (max / step - 1e-9) * step;
      if (hi <= lo)
        hi = lo + step;
      axis->min = lo;
      axis->max = hi;
      for (double v = lo; v <= hi + step * 1e-6; v += step)
        {
          double rounded = fabs (v) < step * 1e-6 ? 0 : v;
          g_array_append_val (axis->ticks, rounded);
        }
    }
}

static void
axis_clear (Axis *axis)
{
  g_clear_pointer (&axis->ticks, g_array_unref);
  g_clear_pointer (&axis->minor, g_array_unref);
}

/* 0..1 along the axis; NAN outside the drawable domain. */
static double
axis_fraction (const Axis *axis,
               double      value)
{
  if (!isfinite (value))
    return NAN;
  if (axis->log)
    {
      if (value <= 0)
        return NAN;
      return (log10 (value) - log10 (axis->min)) / (log10 (axis->max) - log10 (axis->min));
    }
  return (value - axis->min) / (axis->max - axis->min);
}

static double
axis_value (const Axis *axis,
            double      fraction)
{
  if (axis->log)
    return pow (10, log10 (axis->min) + fraction * (log10 (axis->max) - log10 (axis->min)));
  return axis->min + fraction * (axis->max - axis->min);
}

static char *
tick_label (const CpChartData *data,
            const Axis        *axis,
            gboolean           is_x,
            double             value)
{
  double shown = value / axis->scale;

  if (data->kind == CP_CHART_MEMORY && is_x)
    return cp_format_count (value);
  if (fabs (shown) >= 1 || shown == 0)
    return cp_i18n_format_number (shown, fabs (shown - round (shown)) < 1e-6 ? 0 : 1, data->lang);
  return cp_i18n_format_number (shown, fabs (shown) >= 0.1 ? 1 : 2, data->lang);
}

/* ---------------------------------------------------------------------- */
/* Layout                                                                 */

typedef struct {
  double r, g, b;
} Rgb;

typedef struct {
  Rgb background;
  Rgb text;
  Rgb axis;
  Rgb grid;
  Rgb minor_grid;
  Rgb deadline;
  Rgb break_even;
  Rgb highlight;
  const Rgb *palette;
  guint n_palette;
} Theme;

/* Okabe–Ito hues, told apart by people with colour-vision deficiencies;
 * vermillion is kept back as the highlight of the recommended option, so
 * no other line can be taken for it. Dashes and markers keep lines apart
 * in greyscale print. */
static const Rgb light_palette[] = {
  { 0.00, 0.45, 0.70 }, { 0.00, 0.62, 0.45 }, { 0.80, 0.47, 0.65 },
  { 0.55, 0.42, 0.10 }, { 0.34, 0.71, 0.91 }, { 0.40, 0.40, 0.40 },
  { 0.60, 0.20, 0.60 }, { 0.90, 0.62, 0.00 },
};
static const Rgb dark_palette[] = {
  { 0.35, 0.68, 0.95 }, { 0.30, 0.85, 0.65 }, { 0.95, 0.65, 0.85 },
  { 0.95, 0.85, 0.35 }, { 0.60, 0.85, 1.00 }, { 0.75, 0.75, 0.75 },
  { 0.80, 0.55, 0.95 }, { 0.95, 0.75, 0.30 },
};
static const Rgb light_highlight = { 0.84, 0.37, 0.00 };
static const Rgb dark_highlight = { 1.00, 0.50, 0.20 };

static void
theme_for_style (Theme        *theme,
                 CpChartStyle  style)
{
  if (style == CP_CHART_STYLE_DARK)
    {
      *theme = (Theme) {
        { 0.14, 0.14, 0.14 }, { 0.92, 0.92, 0.92 }, { 0.70, 0.70, 0.70 },
        { 0.30, 0.30, 0.30 }, { 0.21, 0.21, 0.21 }, { 1.00, 0.42, 0.42 },
        { 0.95, 0.85, 0.35 }, dark_highlight, dark_palette, G_N_ELEMENTS (dark_palette),
      };
      return;
    }
  *theme = (Theme) {
    { 1, 1, 1 }, { 0.10, 0.10, 0.10 }, { 0.25, 0.25, 0.25 },
    { 0.85, 0.85, 0.85 }, { 0.93, 0.93, 0.93 }, { 0.80, 0.10, 0.10 },
    { 0.45, 0.30, 0.00 }, light_highlight, light_palette, G_N_ELEMENTS (light_palette),
  };
  if (style == CP_CHART_STYLE_PRINT)
    {
      /* Print keeps a white page and slightly darker grid lines, which
       * otherwise vanish on paper. */
      theme->grid = (Rgb) { 0.78, 0.78, 0.78 };
      theme->minor_grid = (Rgb) { 0.90, 0.90, 0.90 };
    }
}

void
cp_chart_highlight_rgb (CpChartStyle style,
                        double       rgb[3])
{
  const Rgb *h = style == CP_CHART_STYLE_DARK ? &dark_highlight : &light_highlight;

  rgb[0] = h->r;
  rgb[1] = h->g;
  rgb[2] = h->b;
}

static Rgb
mix (const Rgb *a,
     const Rgb *b,
     double     t)
{
  return (Rgb) { a->r + (b->r - a->r) * t, a->g + (b->g - a->g) * t, a->b + (b->b - a->b) * t };
}

static void
set_rgb (cairo_t   *cr,
         const Rgb *rgb)
{
  cairo_set_source_rgb (cr, rgb->r, rgb->g, rgb->b);
}

typedef struct {
  double x0, y0, x1, y1;
} Segment;

typedef struct {
  Axis     y;
  GArray  *segments;     /* Segment: the lines drawn, which labels avoid */
  GArray  *marks;        /* CpChartLabelBox: the markers drawn */
  gboolean second;       /* reads series->y2 */
  gboolean log;
  const char *title;
  double   top, bottom;
} Panel;

typedef struct {
  PangoContext *context;
  PangoLayout *layout;   /* one layout, re-used for every text */
  PangoFontDescription *font;
  PangoFontDescription *bold;
  PangoFontDescription *small;
  double font_px;
  double pad;
  double tick_len;
  double line_h;         /* one line of font */

  double width, height;
  Axis x;
  Panel panels[2];
  guint n_panels;

  /* Plot rectangle's sides, shared by the panels */
  double left, right;
  double label_width;    /* room for the line labels right of the plot */
  double title_width;    /* wraps the title, clear of data->title_inset */
  char  *note;           /* data->note, and any break-even without room on its panel */
  double title_height;
  double note_top;
  /* Text sizes laid out so far, by font, wrap width and text: placing
   * the line labels asks for the same ones in each panel and at each
   * candidate cut, and laying out is most of a chart's drawing time. */
  GHashTable *measured;
} Geometry;

typedef struct {
  int width, height, lines;
} TextMeasure;

/* Sets @geometry's layout to @text in @font, wrapped at @wrap_width when
 * positive, and returns it. */
static PangoLayout *
set_text (Geometry                   *geometry,
          const PangoFontDescription *font,
          const char                 *text,
          double                      wrap_width,
          gboolean                    ellipsize)
{
  PangoLayout *layout = geometry->layout;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  pango_layout_set_width (layout, wrap_width > 0 ? (int) (wrap_width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (layout, ellipsize ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  return layout;
}

/* Width, height and line count of @text as set_text() lays it out. */
static const TextMeasure *
measure_text (Geometry                   *geometry,
              const PangoFontDescription *font,
              const char                 *text,
              double                      wrap_width)
{
  g_autofree char *key = g_strdup_printf ("%p %.3f %s", (const void *) font, wrap_width, text != NULL ? text : "");
  TextMeasure *measure = g_hash_table_lookup (geometry->measured, key);

  if (measure == NULL)
    {
      PangoLayout *layout = set_text (geometry, font, text, wrap_width, FALSE);

      measure = g_new (TextMeasure, 1);
      pango_layout_get_pixel_size (layout, &measure->width, &measure->height);
      measure->lines = pango_layout_get_line_count (layout);
      g_hash_table_insert (geometry->measured, g_steal_pointer (&key), measure);
    }
  return measure;
}

static void
text_size (Geometry                   *geometry,
           const PangoFontDescription *font,
           const char                 *text,
           double                      wrap_width,
           double                     *width,
           double                     *height)
{
  const TextMeasure *measure = measure_text (geometry, font, text, wrap_width);

  if (width != NULL)
    *width = measure->width;
  if (height != NULL)
    *height = measure->height;
}

static void
data_extent (const CpChartData *data,
             gboolean           second,
             double            *x_min,
             double            *x_max,
             double            *y_min,
             double            *y_max)
{
  *x_min = *y_min = INFINITY;
  *x_max = *y_max = -INFINITY;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = second ? series->y2 : series->y;
      GArray *lows = second ? series->y2_low : series->y_low;
      GArray *highs = second ? series->y2_high : series->y_high;

      if (ys == NULL)
        continue;
      for (guint p = 0; p < series->x->len; p++)
        {
          double x = g_array_index (series->x, double, p);
          double y = g_array_index (ys, double, p);

          if (!usable (x, data->x_log) || !usable (y, second ? FALSE : data->y_log))
            continue;
          *x_min = MIN (*x_min, x);
          *x_max = MAX (*x_max, x);
          *y_min = MIN (*y_min, y);
          *y_max = MAX (*y_max, y);
          /* The band is inside the plot too. */
          if (lows != NULL && highs != NULL && p < lows->len && p < highs->len)
            {
              double low = g_array_index (lows, double, p);
              double high = g_array_index (highs, double, p);

              if (usable (low, second ? FALSE : data->y_log))
                *y_min = MIN (*y_min, low);
              if (usable (high, second ? FALSE : data->y_log))
                *y_max = MAX (*y_max, high);
            }
        }
    }
}

/* Values over more than a factor of 30 (one machine taking years where a
 * cluster takes weeks) get a log axis, where the small ones stay apart
 * instead of lying on the floor of the panel. */
static gboolean
wide_range (double min,
            double max)
{
  return isfinite (min) && isfinite (max) && min > 0 && max / min > 30;
}

static double
widest_tick (Geometry          *geometry,
             const CpChartData *data,
             const Axis        *axis)
{
  double widest = 0;

  for (guint i = 0; i < axis->ticks->len; i++)
    {
      g_autofree char *label = tick_label (data, axis, FALSE, g_array_index (axis->ticks, double, i));
      double w;

      text_size (geometry, geometry->font, label, 0, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

/* Where a label right-aligned on @panel's title row ends: at the pad,
 * or left of the window's buttons when the row is as high as they reach
 * (the upper panel's row, just under the chart's title). */
static double
title_row_right (const Geometry    *geometry,
                 const CpChartData *data,
                 const Panel       *panel)
{
  double row_top = geometry->pad + geometry->title_height + geometry->pad * 0.6;

  if (panel == &geometry->panels[0] && data->title_inset > 0 && row_top < data->title_inset_height)
    return geometry->width - MAX (geometry->pad, data->title_inset);
  return geometry->width - geometry->pad;
}

/* Whether @text fits right of @panel's title, on the row above the panel. */
static gboolean
title_row_fits (Geometry          *geometry,
                const CpChartData *data,
                const Panel       *panel,
                const char        *text)
{
  double title_w, w;

  text_size (geometry, geometry->font, panel->title, 0, &title_w, NULL);
  text_size (geometry, geometry->small, text, 0, &w, NULL);
  return title_row_right (geometry, data, panel) - w >= geometry->pad * 2 + title_w;
}

static void
geometry_init (Geometry          *geometry,
               PangoContext      *context,
               const CpChartData *data,
               CpChartStyle       style,
               double             width,
               double             height)
{
  double x_min, x_max, y_min, y_max, unused_min, unused_max;
  double tick_w = 0, note_h = 0, widest_label = 0;
  double plot_top, plot_bottom, panel_gap;
  double pad;

  memset (geometry, 0, sizeof *geometry);
  geometry->measured = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  geometry->context = g_object_ref (context);
  geometry->width = width;
  geometry->height = height;
  pango_context_set_language (context, pango_language_from_string (cp_i18n_pango_language (data->lang)));
  geometry->layout = pango_layout_new (context);

  /* Text follows the chart's size. On a screen it never goes below 13 px
   * (12 px for the smaller labels), what a projected 1080p picture needs
   * to be read from the back of a meeting room; on paper, where the chart
   * is a column of an A4 page, 8 pt stays legible at arm's length. */
  if (style == CP_CHART_STYLE_PRINT)
    geometry->font_px = CLAMP (MIN (width / 62.0, height / 34.0), 8.0, 13.0);
  else
    geometry->font_px = CLAMP (MIN (width / 64.0, height / 36.0), 13.0, 22.0);
  geometry->font = pango_font_description_from_string (cp_i18n_font_family (data->lang));
  pango_font_description_set_absolute_size (geometry->font, geometry->font_px * PANGO_SCALE);
  geometry->bold = pango_font_description_copy (geometry->font);
  pango_font_description_set_weight (geometry->bold, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (geometry->bold, geometry->font_px * 1.15 * PANGO_SCALE);
  geometry->small = pango_font_description_copy (geometry->font);
  pango_font_description_set_absolute_size (geometry->small, geometry->font_px * 0.93 * PANGO_SCALE);
  geometry->pad = pad = geometry->font_px * 0.6;
  geometry->tick_len = geometry->font_px * 0.35;
  text_size (geometry, geometry->font, "0", 0, NULL, &geometry->line_h);

  /* Ranges */
  data_extent (data, FALSE, &x_min, &x_max, &y_min, &y_max);
  if (data->kind == CP_CHART_MEMORY)
    {
      x_min = MIN (isfinite (x_min) ? x_min : MEMORY_MIN_PARAMS, MEMORY_MIN_PARAMS);
      x_max = MAX (isfinite (x_max) ? x_max : MEMORY_MAX_PARAMS, MEMORY_MAX_PARAMS);
      if (usable (data->marker_y, TRUE))
        {
          y_min = MIN (y_min, data->marker_y);
          y_max = MAX (y_max, data->marker_y);
        }
    }
  else
    {
      x_min = 0;
      if (!isfinite (x_max))
        x_max = 8;
      if (!isfinite (y_max))
        y_max = data->y_scale;
    }
  axis_init (&geometry->x, x_min, x_max, data->x_log, data->x_scale, width > 900 ? 10 : 6);

  geometry->n_panels = data->y2_label != NULL ? 2 : 1;
  geometry->panels[0].title = data->y_label;
  geometry->panels[0].log = data->y_log || (data->kind != CP_CHART_MEMORY && wide_range (y_min, y_max));
  if (data->kind != CP_CHART_MEMORY && !geometry->panels[0].log)
    y_min = 0;
  axis_init (&geometry->panels[0].y, y_min, y_max, geometry->panels[0].log, data->y_scale, 5);
  if (geometry->n_panels == 2)
    {
      double y2_min, y2_max;

      data_extent (data, TRUE, &unused_min, &unused_max, &y2_min, &y2_max);
      if (!isfinite (y2_max))
        y2_max = 1;
      if (isfinite (data->deadline_days) && data->deadline_days > 0)
        {
          y2_min = MIN (y2_min, data->deadline_days);
          y2_max = MAX (y2_max, data->deadline_days * 1.05);
        }
      geometry->panels[1].title = data->y2_label;
      geometry->panels[1].second = TRUE;
      geometry->panels[1].log = wide_range (y2_min, y2_max);
      if (!geometry->panels[1].log)
        y2_min = 0;
      axis_init (&geometry->panels[1].y, y2_min, y2_max, geometry->panels[1].log, data->y2_scale, 4);
    }

  for (guint p = 0; p < geometry->n_panels; p++)
    {
      tick_w = MAX (tick_w, widest_tick (geometry, data, &geometry->panels[p].y));
      geometry->panels[p].segments = g_array_new (FALSE, FALSE, sizeof (Segment));
      geometry->panels[p].marks = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
    }

  /* Line labels sit right of the plot; long names give way to the plot
   * beyond a third of the width (they wrap, or a quote's name ends in an
   * ellipsis after its vendor). */
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      double w;

      text_size (geometry, series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? geometry->bold : geometry->small,
                 series->label, 0, &w, NULL);
      widest_label = MAX (widest_label, w);
    }
  geometry->label_width = MIN (widest_label + pad, width * 0.33);

  geometry->title_width = MAX (width - 2 * pad - MAX (0, data->title_inset), width / 3);
  text_size (geometry, geometry->bold, data->title, geometry->title_width, NULL, &geometry->title_height);
  geometry->note = g_strdup (data->note);
  for (guint p = 0; p < geometry->n_panels && data->kind == CP_CHART_COST; p++)
    {
      const CpChartBreakEven *break_even = &data->break_even[p];

      /* A break-even without a line goes on its panel's title row; where
       * that is too narrow, into the note rather than over the lines,
       * unless the note would then take more than a quarter of the chart:
       * on a thumbnail the plot and the recommended label come first. */
      if (break_even->label != NULL && !isfinite (break_even->x) &&
          !title_row_fits (geometry, data, &geometry->panels[p], break_even->label))
        {
          char *note = geometry->note != NULL ? g_strdup_printf ("%s %s", geometry->note, break_even->sentence)
                                              : g_strdup (break_even->sentence);
          double longer_note_h = 0;

          text_size (geometry, geometry->small, note, width - 2 * pad, NULL, &longer_note_h);
          if (longer_note_h > height / 4)
            {
              g_free (note);
              continue;
            }
          g_free (geometry->note);
          geometry->note = note;
        }
    }
  if (geometry->note != NULL)
    text_size (geometry, geometry->small, geometry->note, width - 2 * pad, NULL, &note_h);

  geometry->left = pad + tick_w + geometry->tick_len + 3;
  geometry->right = width - pad - geometry->label_width;

  /* Top to bottom: title, then each panel under its horizontal title,
   * then the GPU or parameter ticks and the x title, then the note. */
  plot_top = pad + geometry->title_height + pad * 0.6 + geometry->line_h + pad * 0.3 + geometry->line_h / 2;
  plot_bottom = height - pad - (note_h > 0 ? note_h + pad * 0.5 : 0)
                - geometry->line_h - pad * 0.3 - geometry->line_h - geometry->tick_len;
  geometry->note_top = height - pad - note_h;
  panel_gap = geometry->line_h / 2 + pad + geometry->line_h + pad * 0.3 + geometry->line_h / 2;

  if (geometry->right < geometry->left + 10)
    geometry->right = geometry->left + 10;
  if (plot_bottom < plot_top + 10 + (geometry->n_panels - 1) * panel_gap)
    plot_bottom = plot_top + 10 + (geometry->n_panels - 1) * panel_gap;

  if (geometry->n_panels == 1)
    {
      geometry->panels[0].top = plot_top;
      geometry->panels[0].bottom = plot_bottom;
    }
  else
    {
      /* Cost, what is decided on, gets the larger share. */
      double room = plot_bottom - plot_top - panel_gap;

      geometry->panels[0].top = plot_top;
      geometry->panels[0].bottom = plot_top + room * 0.56;
      geometry->panels[1].top = geometry->panels[0].bottom + panel_gap;
      geometry->panels[1].bottom = plot_bottom;
    }
}

static void
geometry_clear (Geometry *geometry)
{
  axis_clear (&geometry->x);
  for (guint p = 0; p < geometry->n_panels; p++)
    {
      axis_clear (&geometry->panels[p].y);
      g_clear_pointer (&geometry->panels[p].segments, g_array_unref);
      g_clear_pointer (&geometry->panels[p].marks, g_array_unref);
    }
  g_clear_pointer (&geometry->font, pango_font_description_free);
  g_clear_pointer (&geometry->bold, pango_font_description_free);
  g_clear_pointer (&geometry->small, pango_font_description_free);
  g_clear_pointer (&geometry->note, g_free);
  g_clear_pointer (&geometry->measured, g_hash_table_unref);
  g_clear_object (&geometry->layout);
  g_clear_object (&geometry->context);
}

/* Geometry measured without drawing: sizes are absolute, so any surface
 * gives the same plot rectangle as cp_chart_draw(). */
static void
geometry_init_detached (Geometry          *geometry,
                        const CpChartData *data,
                        CpChartStyle       style,
                        double             width,
                        double             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = pango_cairo_create_context (cr);

  geometry_init (geometry, context, data, style, width, height);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static char *format_y (const CpChartData *data, const Axis *axis, double value);

static double
to_px_x (const Geometry *geometry,
         double          value)
{
  return geometry->left + axis_fraction (&geometry->x, value) * (geometry->right - geometry->left);
}

static double
to_px_y (const Panel *panel,
         double       value)
{
  return panel->bottom - axis_fraction (&panel->y, value) * (panel->bottom - panel->top);
}

static GArray *
panel_values (const Panel         *panel,
              const CpChartSeries *series)
{
  return panel->second ? series->y2 : series->y;
}

/* ---------------------------------------------------------------------- */
/* Drawing                                                                */

typedef struct {
  cairo_t *cr;
  gboolean snap;   /* screen: put 1-px lines on pixel centres */
  Theme theme;
  GArray *boxes;   /* CpChartLabelBox placed so far */
} Painter;

static double
snap (const Painter *painter,
      double         v)
{
  return painter->snap ? floor (v) + 0.5 : v;
}

static void
show_text (Painter        *painter,
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
  PangoLayout *layout = set_text (geometry, font, text, wrap_width, ellipsize);
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
      set_rgb (cr, &painter->theme.minor_grid);
      for (guint i = 0; i < geometry->x.minor->len; i++)
        {
          double x = snap (painter, to_px_x (geometry, g_array_index (geometry->x.minor, double, i)));
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
        }
      for (guint i = 0; i < panel->y.minor->len; i++)
        {
          double y = snap (painter, to_px_y (panel, g_array_index (panel->y.minor, double, i)));
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
        }
      cairo_stroke (cr);

      /* Major grid; x tick labels only under the lowest panel, which the
       * others share. */
      for (guint i = 0; i < geometry->x.ticks->len; i++)
        {
          double value = g_array_index (geometry->x.ticks, double, i);
          double x = snap (painter, to_px_x (geometry, value));

          set_rgb (cr, &painter->theme.grid);
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
          cairo_stroke (cr);
          set_rgb (cr, &painter->theme.axis);
          cairo_move_to (cr, x, panel->bottom);
          cairo_line_to (cr, x, panel->bottom + tick_len);
          cairo_stroke (cr);
          if (panel == lowest)
            {
              g_autofree char *label = tick_label (data, &geometry->x, TRUE, value);

              set_rgb (cr, &painter->theme.text);
              show_text (painter, geometry, geometry->font, label, x, panel->bottom + tick_len + 1, 0.5, 0, 0, FALSE);
            }
        }
      for (guint i = 0; i < panel->y.ticks->len; i++)
        {
          double value = g_array_index (panel->y.ticks, double, i);
          double y = snap (painter, to_px_y (panel, value));
          g_autofree char *label = tick_label (data, &panel->y, FALSE, value);

          set_rgb (cr, &painter->theme.grid);
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
          cairo_stroke (cr);
          set_rgb (cr, &painter->theme.text);
          show_text (painter, geometry, geometry->font, label, geometry->left - tick_len - 2, y, 1, 0.5, 0, FALSE);
        }

      /* Frame */
      set_rgb (cr, &painter->theme.axis);
      cairo_rectangle (cr, snap (painter, geometry->left), snap (painter, panel->top),
                       floor (geometry->right) - floor (geometry->left),
                       floor (panel->bottom) - floor (panel->top));
      cairo_stroke (cr);

      /* The panel's title, horizontal above its top-left corner. */
      set_rgb (cr, &painter->theme.text);
      show_text (painter, geometry, geometry->font, panel->title, geometry->pad,
                 panel->top - geometry->line_h / 2 - geometry->pad * 0.3, 0, 1,
                 geometry->width - 2 * geometry->pad, TRUE);
    }

  set_rgb (cr, &painter->theme.text);
  show_text (painter, geometry, geometry->font, data->x_label, (geometry->left + geometry->right) / 2,
             lowest->bottom + tick_len + geometry->line_h + geometry->pad * 0.3, 0.5, 0, 0, FALSE);
}

static const Rgb *
series_rgb (const Painter       *painter,
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
  *storage = for_text ? mix (base, &painter->theme.text, 0.25) : mix (base, &painter->theme.background, 0.45);
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

  set_rgb (cr, series_rgb (painter, series, index, &storage, FALSE));
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

static double
marker_size (const Geometry      *geometry,
             const CpChartSeries *series)
{
  return geometry->font_px * (series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? 0.55 : 0.42);
}

/* Where the markers of single-machine quotes go: quotes at the same GPU
 * count and a similar cost would cover each other, so each one that
 * would is moved sideways by a marker's width until it stands free. */
static void
dodge_markers (const Geometry    *geometry,
               const CpChartData *data,
               const Panel       *panel,
               GArray            *offsets)     /* double per series */
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (double) * 3);

  g_array_set_size (offsets, data->series->len);
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = panel_values (panel, series);
      double x, y, r, offset = 0;
      double entry[3];

      g_array_index (offsets, double, s) = 0;
      if (!series->points_only || ys == NULL || series->x->len == 0)
        continue;
      x = to_px_x (geometry, g_array_index (series->x, double, 0));
      y = to_px_y (panel, g_array_index (ys, double, 0));
      r = marker_size (geometry, series);
      if (!isfinite (x) || !isfinite (y))
        continue;
      for (guint attempt = 0; attempt < 2 * data->series->len + 1; attempt++)
        {
          gboolean clear = TRUE;

          /* 0, +1, −1, +2, −2… widths */
          offset = (attempt % 2 == 1 ? 1.0 : -1.0) * (double) ((attempt + 1) / 2) * 2.3 * r;
          for (guint q = 0; q < placed->len && clear; q++)
            {
              const double *other = (const double *) (placed->data + q * sizeof entry);
              if (fabs (other[0] - (x + offset)) < other[2] + r && fabs (other[1] - y) < other[2] + r)
                clear = FALSE;
            }
          if (clear)
            break;
        }
      entry[0] = x + offset;
      entry[1] = y;
      entry[2] = r;
      g_array_append_vals (placed, entry, 1);
      g_array_index (offsets, double, s) = offset;
    }
}

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
  double dx = s->x1 - s->x0, dy = s->y1 - s->y0;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { s->x0 - x0, x1 - s->x0, s->y0 - y0, y1 - s->y0 };
  double t0 = 0, t1 = 1;

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

/* Whether @box covers a line or marker of @panel: only where they show,
 * inside the plot. */
static gboolean
box_covers_lines (const Geometry        *geometry,
                  const Panel           *panel,
                  const CpChartLabelBox *box)
{
  double x0 = MAX (box->x - 1, geometry->left), x1 = MIN (box->x + box->width + 1, geometry->right);
  double y0 = MAX (box->y, panel->top), y1 = MIN (box->y + box->height, panel->bottom);

  if (x0 >= x1 || y0 >= y1)
    return FALSE;
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

/* Moves @box up or down from where it wants to be, nearest first (down
 * first at equal distance: labels placed from the top keep their lines'
 * order), to the first place within [@min_y, @max_y] that no placed
 * label covers, nor @keep_clear (may be NULL), and records it. With
 * @clear_shift ≥ 0 only places at most that far that cover no line of
 * @panel either will do. FALSE when there is none. */
static gboolean
place_box (Painter               *painter,
           const Geometry        *geometry,
           const Panel           *panel,
           CpChartLabelBox       *box,
           double                 min_y,
           double                 max_y,
           double                 clear_shift,
           const CpChartLabelBox *keep_clear)
{
  double wanted = CLAMP (box->y, min_y, MAX (min_y, max_y - box->height));
  double range = MAX (max_y - min_y, 0);

  if (clear_shift >= 0)
    range = MIN (range, clear_shift);
  for (double shift = 0; shift <= range; shift += 1)
    for (int sign = 1; sign >= -1; sign -= 2)
      {
        double y = wanted + sign * shift;

        if (y < min_y - 0.01 || y + box->height > max_y + 0.01 || (shift == 0 && sign < 0))
          continue;
        box->y = y;
        if (box_is_free (painter, box) && (keep_clear == NULL || !boxes_overlap (box, keep_clear)) &&
            (clear_shift < 0 || !box_covers_lines (geometry, panel, box)))
          {
            g_array_append_val (painter->boxes, *box);
            return TRUE;
          }
      }
  return FALSE;
}

typedef struct {
  int    series;
  double anchor_x, anchor_y;
  double gap;          /* from the anchor to the text */
} LabelRequest;

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

static int
text_lines (Geometry                   *geometry,
            const PangoFontDescription *font,
            const char                 *text,
            double                      wrap_width)
{
  const TextMeasure *measure = measure_text (geometry, font, text, wrap_width);

  /* A word wider than the wrap width sticks out: as bad as a line more. */
  return measure->lines + (measure->width > wrap_width + 0.5 ? 1 : 0);
}

/* A quote's name cut after @bytes, with an ellipsis. */
static char *
shortened (const char *label,
           gsize       bytes)
{
  g_autofree char *head = g_strndup (label, bytes);

  g_strchomp (head);
  /* "Vendor —…" reads better as "Vendor…". */
  if (g_str_has_suffix (head, "—"))
    {
      head[strlen (head) - strlen ("—")] = '\0';
      g_strchomp (head);
    }
  return g_strconcat (head, "…", NULL);
}

/* What a line's label shows in @max_w: all of it, wrapped, when that takes
 * at most @max_lines lines or when the label is not a quote's name; a
 * quote's name otherwise ends in an ellipsis, never before the end of its
 * vendor's name (taking more lines if the vendor's name needs them).
 * *shown_bytes: how much of the label is shown. */
static char *
fit_label (Geometry                   *geometry,
           const PangoFontDescription *font,
           const CpChartSeries        *series,
           double                      max_w,
           int                         max_lines,
           guint                      *shown_bytes)
{
  const char *label = series->label;
  gsize length = strlen (label);
  g_autoptr(GArray) cuts = NULL;
  guint lo, hi;

  *shown_bytes = length;
  if (series->shorten_from < 0 || (gsize) series->shorten_from >= length ||
      text_lines (geometry, font, label, max_w) <= max_lines)
    return g_strdup (label);

  /* Character boundaries from the end of the vendor's name on. */
  cuts = g_array_new (FALSE, FALSE, sizeof (guint));
  for (const char *c = label + series->shorten_from; *c != '\0'; c = g_utf8_next_char (c))
    {
      guint cut = c - label;
      g_array_append_val (cuts, cut);
    }
  /* The vendor's name whole, on as many lines as it needs. */
  for (;;)
    {
      g_autofree char *least = shortened (label, g_array_index (cuts, guint, 0));
      if (text_lines (geometry, font, least, max_w) <= max_lines || max_lines >= 4)
        break;
      max_lines++;
    }
  /* The longest cut that fits. */
  lo = 0;
  hi = cuts->len - 1;
  while (lo < hi)
    {
      guint mid = (lo + hi + 1) / 2;
      g_autofree char *text = shortened (label, g_array_index (cuts, guint, mid));

      if (text_lines (geometry, font, text, max_w) <= max_lines)
        lo = mid;
      else
        hi = mid - 1;
    }
  *shown_bytes = g_array_index (cuts, guint, lo);
  return shortened (label, *shown_bytes);
}

/* Names each line at its end (a single machine's at its marker), right
 * of it where there is room, each label moved off the others and, where
 * it can, off the lines, and joined to its line by a thin leader when it
 * had to move. Labels stay right of the plot's left edge. */
static void
draw_line_labels (Painter           *painter,
                  Geometry          *geometry,
                  const CpChartData *data,
                  const Panel       *panel,
                  GArray            *requests)
{
  cairo_t *cr = painter->cr;
  double margin = geometry->pad * 0.3;
  double min_y = panel->top - geometry->line_h * 0.4;
  double max_y = panel->bottom + geometry->line_h * 0.4;

  g_array_sort_with_data (requests, compare_requests, (gpointer) data);
  for (guint i = 0; i < requests->len; i++)
    {
      const LabelRequest *request = &g_array_index (requests, LabelRequest, i);
      const CpChartSeries *series = g_ptr_array_index (data->series, request->series);
      gboolean highlight = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
      const PangoFontDescription *font = highlight ? geometry->bold : geometry->small;
      double max_w = MAX (geometry->label_width - geometry->pad * 0.4, geometry->font_px * 6);
      g_autofree char *text = NULL;
      CpChartLabelBox box = { 0 };
      double w, h;
      double sides[2];
      double reach = request->gap - geometry->pad * 0.2;
      CpChartLabelBox anchor = { request->anchor_x - reach, request->anchor_y - reach, 2 * reach, 2 * reach, -1, 0 };
      gboolean placed = FALSE;
      Rgb storage;

      /* The recommended option gets a second line rather than lose its
       * vendor, and on a narrow chart may reach into the plot. */
      if (highlight)
        max_w = MAX (max_w, MIN (geometry->width * 0.45, geometry->font_px * 18));
      text = fit_label (geometry, font, series, max_w, highlight ? 2 : 1, &box.shown_bytes);
      text_size (geometry, font, text, max_w, &w, &h);
      box.width = w;
      box.height = h;
      box.series = request->series;
      /* Right of the anchor, pulled in from the chart's edge; else left
       * of it, never left of the plot. */
      sides[0] = MAX (geometry->left, MIN (request->anchor_x + request->gap, geometry->width - margin - w));
      sides[1] = MAX (geometry->left, request->anchor_x - request->gap - w);

      /* Off the lines if that keeps it within three lines of its anchor;
       * else off the end of its own line; else only off the other labels. */
      for (int tier = 0; tier < 3 && !placed; tier++)
        for (guint side = 0; side < G_N_ELEMENTS (sides) && !placed; side++)
          {
            box.x = sides[side];
            box.y = request->anchor_y - h / 2;
            placed = place_box (painter, geometry, panel, &box, min_y, max_y,
                                tier == 0 ? 3 * geometry->line_h : -1, tier < 2 ? &anchor : NULL);
          }
      if (!placed)
        continue;

      if (fabs (box.y + box.height / 2 - request->anchor_y) > box.height * 0.5 ||
          box.x > request->anchor_x + request->gap + 1 || box.x + box.width < request->anchor_x - request->gap - 1)
        {
          double edge_x = box.x > request->anchor_x ? box.x - 1 : box.x + box.width + 1;
          double edge_y = CLAMP (request->anchor_y, box.y + 2, box.y + box.height - 2);

          set_rgb (cr, series_rgb (painter, series, request->series, &storage, FALSE));
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_set_line_width (cr, MAX (0.75, geometry->font_px / 16.0));
          cairo_move_to (cr, request->anchor_x, request->anchor_y);
          cairo_line_to (cr, edge_x, edge_y);
          cairo_stroke (cr);
        }
      /* The background behind the text: no line shows through a label. */
      set_rgb (cr, &painter->theme.background);
      cairo_rectangle (cr, box.x - 1, box.y, box.width + 2, box.height);
      cairo_fill (cr);
      set_rgb (cr, series_rgb (painter, series, request->series, &storage, TRUE));
      show_text (painter, geometry, font, text, box.x, box.y, 0, 0, max_w, FALSE);
    }
}

/* A label of the chart itself (deadline, break-even, the job), placed
 * before the lines' labels so they move around it; off the lines when a
 * line's height of moving does it. */
static void
draw_fixed_label (Painter                    *painter,
                  Geometry                   *geometry,
                  const PangoFontDescription *font,
                  const char                 *text,
                  double                      x,
                  double                      y,
                  double                      x_align,
                  const Panel                *panel)
{
  CpChartLabelBox box = { 0 };
  double w, h, wrap_w;

  if (text == NULL)
    return;
  wrap_w = MAX (geometry->right - geometry->left - 4, geometry->font_px * 6);
  text_size (geometry, font, text, wrap_w, &w, &h);
  box.width = w;
  box.height = h;
  box.series = -1;
  box.shown_bytes = strlen (text);
  box.x = CLAMP (x - x_align * w, geometry->left + 2, MAX (geometry->left + 2, geometry->right - w - 2));
  box.y = y;
  if (!place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, geometry->line_h, NULL) &&
      !place_box (painter, geometry, panel, &box, panel->top + 1, panel->bottom - 1, -1, NULL))
    return;
  cairo_save (painter->cr);
  set_rgb (painter->cr, &painter->theme.background);
  cairo_rectangle (painter->cr, box.x - 1, box.y, box.width + 2, box.height);
  cairo_fill (painter->cr);
  cairo_restore (painter->cr);
  show_text (painter, geometry, font, text, box.x, box.y, 0, 0, wrap_w, FALSE);
}

/* @text right-aligned on @panel's title row, if it fits beside the title
 * (else geometry_init() put it in the note). */
static void
draw_title_row_label (Painter           *painter,
                      Geometry          *geometry,
                      const CpChartData *data,
                      const char        *text,
                      const Panel       *panel)
{
  CpChartLabelBox box = { 0 };
  double w, h;

  if (!title_row_fits (geometry, data, panel, text))
    return;
  text_size (geometry, geometry->small, text, 0, &w, &h);
  box.width = w;
  box.height = h;
  box.series = -1;
  box.shown_bytes = strlen (text);
  box.x = title_row_right (geometry, data, panel) - w;
  box.y = panel->top - geometry->line_h / 2 - geometry->pad * 0.3 - h;
  g_array_append_val (painter->boxes, box);
  show_text (painter, geometry, geometry->small, text, box.x, box.y, 0, 0, 0, FALSE);
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
  rgb = series_rgb (painter, series, index, &storage, FALSE);

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

          if (!usable (xv, data->x_log) || !usable (low, panel->log) || !usable (high, panel->log))
            continue;
          x = to_px_x (geometry, xv);
          cairo_move_to (cr, x, to_px_y (panel, low));
          cairo_line_to (cr, x, to_px_y (panel, high));
          cairo_move_to (cr, x - cap, to_px_y (panel, low));
          cairo_line_to (cr, x + cap, to_px_y (panel, low));
          cairo_move_to (cr, x - cap, to_px_y (panel, high));
          cairo_line_to (cr, x + cap, to_px_y (panel, high));
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

          while (end < n && usable (g_array_index (series->x, double, end), data->x_log) &&
                 usable (g_array_index (lows, double, end), panel->log) &&
                 usable (g_array_index (highs, double, end), panel->log))
            end++;
          if (end > start)
            {
              for (guint p = start; p < end; p++)
                {
                  double x = to_px_x (geometry, g_array_index (series->x, double, p));
                  double y = to_px_y (panel, g_array_index (lows, double, p));

                  if (p == start)
                    cairo_move_to (cr, x, y);
                  else
                    cairo_line_to (cr, x, y);
                }
              for (guint p = end; p-- > start;)
                cairo_line_to (cr, to_px_x (geometry, g_array_index (series->x, double, p)),
                               to_px_y (panel, g_array_index (highs, double, p)));
              cairo_close_path (cr);
              cairo_fill (cr);
            }
          start = end + 1;
        }
    }
  cairo_restore (cr);
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
  g_autoptr(GArray) offsets = g_array_new (FALSE, TRUE, sizeof (double));
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

  dodge_markers (geometry, data, panel, offsets);

  /* Capacity lines under the curves. The recommended quote's solid line
   * goes over the muted ones on the cost chart; on the memory chart the
   * chosen technique's curve goes under the others, whose dashes then
   * still show where two curves coincide. */
  for (int pass = 0; pass < 4; pass++)
    for (guint s = 0; s < data->series->len; s++)
      {
        const CpChartSeries *series = g_ptr_array_index (data->series, s);
        gboolean highlight = series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT;
        int rank;

        if (series->capacity)
          rank = 0;
        else if (highlight)
          rank = data->kind == CP_CHART_MEMORY ? 1 : 3;
        else
          rank = 2;
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
      GArray *ys = panel_values (panel, series);
      gboolean pen_down = FALSE;
      double end_x = NAN, end_y = NAN;
      double last_x = NAN, last_y = NAN;
      double r = marker_size (geometry, series);
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
              if (!usable (xv, data->x_log) || !usable (yv, log_y))
                {
                  pen_down = FALSE;
                  continue;
                }
              x = to_px_x (geometry, xv);
              y = to_px_y (panel, yv);
              if (series->capacity)
                y = snap (painter, y);
              if (pen_down)
                {
                  Segment segment = { last_x, last_y, x, y };

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
          Rgb storage;

          for (guint p = 0; p < series->x->len; p++)
            {
              double xv = g_array_index (series->x, double, p);
              double yv = g_array_index (ys, double, p);
              double x, y;

              if (!usable (xv, data->x_log) || !usable (yv, log_y))
                continue;
              /* Curves with many points get markers only at their ends. */
              if (!series->points_only && series->x->len > 12 && p != 0 && p + 1 != series->x->len && xv != series->chosen_x)
                continue;
              x = to_px_x (geometry, xv) + g_array_index (offsets, double, s);
              y = to_px_y (panel, yv);
              {
                double size = (series->points_only ? r : r * 0.6) * 1.2;
                CpChartLabelBox mark = { x - size, y - size, 2 * size, 2 * size, (int) s, 0 };

                g_array_append_val (panel->marks, mark);
              }
              draw_marker (cr, x, y, series->points_only ? r : r * 0.6, s);
              set_rgb (cr, series_rgb (painter, series, s, &storage, FALSE));
              cairo_fill_preserve (cr);
              set_rgb (cr, &painter->theme.background);
              cairo_set_line_width (cr, MAX (1.0, geometry->font_px / 12.0));
              cairo_stroke (cr);
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
                  double size = r * 1.2;
                  CpChartLabelBox mark = { x - size, y - size, 2 * size, 2 * size, (int) s, 0 };

                  g_array_append_val (panel->marks, mark);
                  draw_marker (cr, x, y, r, s);
                  set_rgb (cr, series_rgb (painter, series, s, &storage, FALSE));
                  cairo_fill_preserve (cr);
                  set_rgb (cr, &painter->theme.background);
                  cairo_stroke (cr);
                  end_x = x;
                  end_y = y;
                  chosen_found = TRUE;
                }
            }
        }

      if (isfinite (end_x) && isfinite (end_y) && end_y >= panel->top - 0.5 && end_y <= panel->bottom + 0.5)
        {
          LabelRequest request = { (int) s, end_x, end_y,
                                   (series->points_only || chosen_found ? r : geometry->font_px * 0.25) + geometry->pad * 0.4 };
          g_array_append_val (requests, request);
        }
    }
  cairo_restore (cr);
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
      double y = snap (painter, to_px_y (lower, data->deadline_days));
      double unit = MAX (1.0, geometry->font_px / 6.0);
      double dashes[] = { 8 * unit, 3 * unit, 2 * unit, 3 * unit };
      double w, h;

      set_rgb (cr, &painter->theme.deadline);
      if (!labels)
        {
          cairo_set_line_width (cr, MAX (1.0, unit));
          cairo_set_dash (cr, dashes, 4, 0);
          cairo_move_to (cr, geometry->left, y);
          cairo_line_to (cr, geometry->right, y);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_array_append_val (lower->segments, ((Segment) { geometry->left, y, geometry->right, y }));
        }
      else
        {
          text_size (geometry, geometry->small, data->deadline_label, 0, &w, &h);
          draw_fixed_label (painter, geometry, geometry->small, data->deadline_label,
                            geometry->left + 4, MAX (lower->top + 1, y - h - 1), 0, lower);
        }
    }

  /* Break-even, each on the panel it is about */
  for (guint p = 0; p < geometry->n_panels && data->kind == CP_CHART_COST; p++)
    {
      const CpChartBreakEven *break_even = &data->break_even[p];
      const Panel *panel = &geometry->panels[p];
      double x = snap (painter, to_px_x (geometry, break_even->x));
      double dashes[] = { 2, 3 };
      gboolean right_side = x < (geometry->left + geometry->right) / 2;

      set_rgb (cr, &painter->theme.break_even);
      if (!isfinite (break_even->x))
        {
          /* No line: the cluster wins from its smallest size. */
          if (labels && break_even->label != NULL)
            draw_title_row_label (painter, geometry, data, break_even->label, panel);
          continue;
        }
      if (!labels)
        {
          double y = to_px_y (panel, break_even->y);

          cairo_set_line_width (cr, 1);
          cairo_set_dash (cr, dashes, 2, 0);
          cairo_move_to (cr, x, panel->top);
          cairo_line_to (cr, x, panel->bottom);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_array_append_val (panel->segments, ((Segment) { x, panel->top, x, panel->bottom }));
          if (isfinite (y))
            {
              draw_marker (cr, x, y, geometry->font_px * 0.45, 1);
              cairo_stroke (cr);
            }
        }
      else
        /* On the side with more room. */
        draw_fixed_label (painter, geometry, geometry->small, break_even->label,
                          right_side ? x + 4 : x - 4, panel->top + 3, right_side ? 0 : 1, panel);
    }

  /* The job itself */
  if (usable (data->marker_x, data->x_log) && usable (data->marker_y, data->y_log))
    {
      double x = to_px_x (geometry, data->marker_x);
      double y = to_px_y (upper, data->marker_y);
      double r = geometry->font_px * 0.55;
      double w, h;

      /* Its marker is drawn by draw_job_marker(), over the curves. */
      if (labels)
        {
          set_rgb (cr, &painter->theme.text);
          text_size (geometry, geometry->small, data->marker_label, 0, &w, &h);
          draw_fixed_label (painter, geometry, geometry->small, data->marker_label,
                            x - w / 2, y - r - h - 2, 0, upper);
        }
    }
}

static void
draw_job_marker (Painter           *painter,
                 Geometry          *geometry,
                 const CpChartData *data)
{
  cairo_t *cr = painter->cr;
  double x, y;

  if (!usable (data->marker_x, data->x_log) || !usable (data->marker_y, data->y_log))
    return;
  x = to_px_x (geometry, data->marker_x);
  y = to_px_y (&geometry->panels[0], data->marker_y);
  set_rgb (cr, &painter->theme.text);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, 1.5);
  draw_marker (cr, x, y, geometry->font_px * 0.55, 3);
  cairo_save (cr);
  set_rgb (cr, &painter->theme.background);
  cairo_fill_preserve (cr);
  cairo_restore (cr);
  cairo_stroke (cr);
}

void
cp_chart_draw_full (cairo_t           *cr,
                    double             width,
                    double             height,
                    CpChartStyle       style,
                    const CpChartData *data,
                    GArray            *label_boxes)
{
  PangoContext *context;
  Geometry geometry;
  Painter painter = { cr, style != CP_CHART_STYLE_PRINT, { { 0 } }, NULL };
  GArray *requests[2];
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));

  g_return_if_fail (cr != NULL && data != NULL);

  if (!(width > 0 && height > 0 && isfinite (width) && isfinite (height)))
    return;

  painter.boxes = boxes;
  theme_for_style (&painter.theme, style);
  context = pango_cairo_create_context (cr);
  geometry_init (&geometry, context, data, style, width, height);

  cairo_save (cr);
  set_rgb (cr, &painter.theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  set_rgb (cr, &painter.theme.text);
  show_text (&painter, &geometry, geometry.bold, data->title, geometry.pad, geometry.pad, 0, 0,
             geometry.title_width, FALSE);
  {
    double title_w;
    CpChartLabelBox title = { geometry.pad, geometry.pad, 0, geometry.title_height, CP_CHART_BOX_TITLE,
                              data->title != NULL ? strlen (data->title) : 0 };

    text_size (&geometry, geometry.bold, data->title, geometry.title_width, &title_w, NULL);
    title.width = title_w;
    g_array_append_val (painter.boxes, title);
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
  for (guint p = 0; p < geometry.n_panels; p++)
    draw_line_labels (&painter, &geometry, data, &geometry.panels[p], requests[p]);
  g_array_unref (requests[0]);
  g_array_unref (requests[1]);

  if (geometry.note != NULL)
    {
      set_rgb (cr, &painter.theme.text);
      show_text (&painter, &geometry, geometry.small, geometry.note, geometry.pad, geometry.note_top, 0, 0,
                 width - 2 * geometry.pad, FALSE);
    }
  cairo_restore (cr);

  if (label_boxes != NULL)
    g_array_append_vals (label_boxes, boxes->data, boxes->len);
  geometry_clear (&geometry);
  g_object_unref (context);
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

  series = g_ptr_array_index (data->series, series_index);
  geometry_init_detached (&geometry, data, style, width, height);
  panel = &geometry.panels[lower && geometry.n_panels == 2 ? 1 : 0];
  ys = panel_values (panel, series);
  if (ys != NULL && point < series->x->len)
    {
      *x = to_px_x (&geometry, g_array_index (series->x, double, point));
      *y = to_px_y (panel, g_array_index (ys, double, point));
      inside = isfinite (*x) && isfinite (*y) && *x >= geometry.left && *x <= geometry.right &&
               *y >= panel->top && *y <= panel->bottom;
    }
  geometry_clear (&geometry);
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

  g_return_if_fail (data != NULL);

  geometry_init_detached (&geometry, data, style, width, height);
  *left = geometry.left;
  *right = geometry.right;
  *top = geometry.panels[0].top;
  *bottom = geometry.panels[geometry.n_panels - 1].bottom;
  geometry_clear (&geometry);
}

/* ---------------------------------------------------------------------- */
/* Files                                                                  */

gboolean
cp_chart_write_file (const CpChartData *data,
                     const char        *path,
                     gboolean           svg,
                     double             width,
                     double             height,
                     double             scale,
                     GError           **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  g_return_val_if_fail (data != NULL && path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, FALSE);

  if (svg)
    surface = cairo_svg_surface_create (path, width, height);
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
    {
      errno = 0;
      status = cairo_surface_write_to_png (surface, path);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          int saved = errno;

          cairo_surface_destroy (surface);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path,
                       saved != 0 ? g_strerror (saved) : cairo_status_to_string (status));
          return FALSE;
        }
    }
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path, cairo_status_to_string (status));
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

      if (!usable (xv, data->x_log) || !usable (yv, FALSE))
        continue;
      px = to_px_x (geometry, xv);

      if (!series->points_only && p + 1 < series->x->len)
        {
          double xn = g_array_index (series->x, double, p + 1);
          double yn = g_array_index (ys, double, p + 1);
          double pn;

          if (usable (xn, data->x_log) && usable (yn, FALSE))
            {
              pn = to_px_x (geometry, xn);
              if (x_px >= px && x_px <= pn && pn > px)
                {
                  double t = (x_px - px) / (pn - px);
                  *x_out = axis_value (&geometry->x, axis_fraction (&geometry->x, xv) + t * (axis_fraction (&geometry->x, xn) - axis_fraction (&geometry->x, xv)));
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
    return format_memory (value, axis->scale, data->lang);
  return cp_i18n_format_value (value / axis->scale, data->lang);
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

  if (!(width > 0 && height > 0))
    return NULL;

  geometry_init_detached (&geometry, data, CP_CHART_STYLE_LIGHT, width, height);
  for (guint p = 0; p < geometry.n_panels; p++)
    if (x >= geometry.left && x <= geometry.right && y >= geometry.panels[p].top && y <= geometry.panels[p].bottom)
      panel = &geometry.panels[p];
  if (panel == NULL)
    {
      geometry_clear (&geometry);
      return NULL;
    }

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      GArray *ys = panel_values (panel, series);
      double sx, sy, distance;

      if (ys == NULL || !series_value_at (series, data, &geometry, ys, x, &sx, &sy))
        continue;
      distance = fabs (to_px_y (panel, sy) - y);
      if (distance < best_distance)
        {
          best_distance = distance;
          best = series;
          best_x = sx;
          best_y = sy;
        }
    }

  cp_i18n_push_language (data->lang);
  if (best != NULL && data->kind == CP_CHART_COST)
    {
      /* Both figures of the point: cost and days belong together. */
      double gx = best_x;
      double cost = NAN;
      double nearest = INFINITY;
      g_autofree char *gpus = NULL;
      g_autofree char *cost_text = NULL;
      g_autofree char *days_text = NULL;

      /* Between two node counts: the nearest one estimated. */
      for (guint p = 0; p < best->x->len; p++)
        {
          double d = fabs (g_array_index (best->x, double, p) - best_x);
          if (d < nearest)
            {
              nearest = d;
              gx = g_array_index (best->x, double, p);
              cost = g_array_index (best->y, double, p);
              best_y2 = best->y2 != NULL ? g_array_index (best->y2, double, p) : NAN;
            }
        }
      gpus = cp_i18n_format_number (gx, 0, data->lang);
      cost_text = cp_i18n_format_money (cost, data->currency, data->lang);
      days_text = cp_i18n_format_days (best_y2, data->lang);
      /* TRANSLATORS: cost chart readout: quote name, GPU count, total cost, days */
      text = g_strdup_printf (_("%s: %s GPUs, %s, %s"), best->label, gpus, cost_text, days_text);
    }
  else if (best != NULL && data->kind == CP_CHART_SERVING)
    {
      g_autofree char *replicas = NULL;
      g_autofree char *cost_text = NULL;
      double nearest = INFINITY, rx = best_x, cost = best_y;

      /* Between two node counts: the nearest one estimated. */
      for (guint p = 0; p < best->x->len; p++)
        if (fabs (g_array_index (best->x, double, p) - best_x) < nearest)
          {
            nearest = fabs (g_array_index (best->x, double, p) - best_x);
            rx = g_array_index (best->x, double, p);
            cost = g_array_index (best->y, double, p);
          }
      replicas = cp_i18n_format_number (rx, 0, data->lang);
      cost_text = cp_i18n_format_money (cost, data->currency, data->lang);
      /* TRANSLATORS: serving chart readout: quote name, replicas, cost per million output tokens */
      text = g_strdup_printf (_("%s: %s replicas, %s per million output tokens"), best->label, replicas, cost_text);
    }
  else if (best != NULL)
    {
      g_autofree char *params = cp_format_count (best_x);
      g_autofree char *need = format_y (data, &panel->y, best_y);
      /* TRANSLATORS: memory chart readout: line name, model size, memory */
      text = g_strdup_printf (_("%s: %s parameters, %s"), best->label, params, need);
    }
  else
    {
      double xv = axis_value (&geometry.x, (x - geometry.left) / (geometry.right - geometry.left));
      double yv = axis_value (&panel->y, (panel->bottom - y) / (panel->bottom - panel->top));

      if (data->kind == CP_CHART_MEMORY)
        {
          g_autofree char *params = cp_format_count (xv);
          g_autofree char *need = format_y (data, &panel->y, yv);
          text = g_strdup_printf (_("%s parameters, %s"), params, need);
        }
      else if (data->kind == CP_CHART_SERVING)
        {
          g_autofree char *replicas = cp_i18n_format_number (xv, 0, data->lang);
          g_autofree char *cost_text = cp_i18n_format_value (yv, data->lang);
          /* TRANSLATORS: serving chart readout away from any line: replicas, cost per million output tokens */
          text = g_strdup_printf (_("%s replicas, %s per million output tokens"), replicas, cost_text);
        }
      else if (panel->second)
        {
          g_autofree char *gpus = cp_i18n_format_number (xv, 0, data->lang);
          g_autofree char *days = cp_i18n_format_days (yv, data->lang);
          /* TRANSLATORS: time panel readout away from any line: GPU count, days */
          text = g_strdup_printf (_("%s GPUs, %s"), gpus, days);
        }
      else
        {
          g_autofree char *gpus = cp_i18n_format_number (xv, 0, data->lang);
          g_autofree char *cost_text = cp_i18n_format_value (yv, data->lang);
          /* TRANSLATORS: cost chart readout away from any line: GPU count, cost */
          text = g_strdup_printf (_("%s GPUs, cost %s"), gpus, cost_text);
        }
    }
  cp_i18n_pop_language ();

  geometry_clear (&geometry);
  return text;
}
