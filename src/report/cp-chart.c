/* cp-chart.c: the memory and cost charts, computed from the model and
 * drawn with cairo and pango at any size.
 */
#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

#define MEMORY_MIN_PARAMS 1e9
#define MEMORY_MAX_PARAMS 1e12
/* Eight points a decade keep the curves smooth on a log axis. */
#define MEMORY_POINTS_PER_DECADE 8
/* A cluster quote's curve needs no more points than a chart has room for. */
#define COST_MAX_POINTS 64

static CpChartSeries *
series_new (const char *label,
            gboolean    with_y2)
{
  CpChartSeries *series = g_new0 (CpChartSeries, 1);

  series->label = g_strdup (label);
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
  if (series->y2 != NULL)
    g_array_unref (series->y2);
  g_free (series);
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
  data->horizontal_line_y2 = NAN;
  data->break_even_x = NAN;
  data->break_even_y = NAN;
  data->x_scale = 1;
  data->y_scale = 1;
  data->y2_scale = 1;
  return data;
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
  g_free (data->lang);
  g_free (data->break_even_label);
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
largest_cluster_gpus (const CpProject *project)
{
  guint best = 1;

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      guint gpus = MAX (1, quote->gpus_per_node) * MAX (1, quote->nodes_available);

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

static void
add_capacity_line (CpChartData *data,
                   GArray      *seen,
                   double       bytes,
                   const char  *label)
{
  CpChartSeries *series;

  if (!usable (bytes, TRUE))
    return;
  for (guint i = 0; i < seen->len; i++)
    if (fabs (g_array_index (seen, double, i) - bytes) <= bytes * 1e-3)
      return;
  g_array_append_val (seen, bytes);

  series = series_new (label, FALSE);
  series->dashed = TRUE;
  series_add (series, MEMORY_MIN_PARAMS, bytes, NAN);
  series_add (series, MEMORY_MAX_PARAMS, bytes, NAN);
  g_ptr_array_add (data->series, series);
}

CpChartData *
cp_chart_data_new_memory (const CpProject *project,
                          guint            job_index,
                          const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  MemoryLine lines[5];
  guint n_lines = 0;
  guint cluster_gpus = largest_cluster_gpus (project);
  guint n_points = 3 * MEMORY_POINTS_PER_DECADE + 1;
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

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
      /* Adapters only make sense for fine-tuning an existing model. */
      if (job->kind != CP_TASK_PRETRAIN)
        {
          lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_LORA, 0 };
          lines[n_lines++] = (MemoryLine) { CP_TECHNIQUE_QLORA, 0 };
        }
    }

  for (guint l = 0; l < n_lines; l++)
    {
      g_autofree char *label = NULL;
      CpChartSeries *series;
      guint gpus = lines[l].technique == CP_TECHNIQUE_ZERO3 ? cluster_gpus : 1;

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
      else
        label = g_strdup (cp_words_technique (lines[l].technique));

      series = series_new (label, FALSE);
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
      if (!usable (data->marker_y, TRUE))
        data->marker_x = data->marker_y = NAN;
    }

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      double gpu_bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
      const char *gpu = quote->gpu.name != NULL ? quote->gpu.name : quote->gpu.id;
      g_autofree char *one = NULL;
      g_autofree char *node = NULL;

      /* TRANSLATORS: a capacity line of the memory chart; %s is a GPU model */
      one = g_strdup_printf (_("One %s"), gpu);
      add_capacity_line (data, seen, gpu_bytes, one);
      /* TRANSLATORS: a capacity line; %u GPUs of model %s in one machine */
      node = g_strdup_printf (_("One machine: %u × %s"), quote->gpus_per_node, gpu);
      add_capacity_line (data, seen, gpu_bytes * quote->gpus_per_node, node);
      if (cp_quote_is_cluster (quote))
        {
          g_autofree char *name = cp_words_quote_name (project, (int) i);
          g_autofree char *cluster = NULL;

          /* TRANSLATORS: a capacity line; nodes × GPUs per node, then the quote's name */
          cluster = g_strdup_printf (_("Cluster %u × %u %s (%s)"), quote->nodes_available,
                                     quote->gpus_per_node, gpu, name);
          add_capacity_line (data, seen, gpu_bytes * quote->gpus_per_node * quote->nodes_available, cluster);
        }
    }

  data->note = g_strdup (_("Solid: memory the job needs; dashed: what the GPUs offer."));

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

CpChartData *
cp_chart_data_new_cost (const CpProject *project,
                        guint            job_index,
                        const char      *lang)
{
  const CpSettings *settings = &project->settings;
  const CpJob *job;
  CpChartData *data;
  const char *currency = settings->currency[0] != '\0' ? settings->currency : "CNY";
  double best_single_cost = INFINITY;
  double best_single_days = INFINITY;
  double max_cost = 0;
  double cheaper_x = INFINITY, cheaper_y = NAN;
  double faster_x = INFINITY, faster_y = NAN;
  g_autoptr(GArray) split_points = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_val_if_fail (job_index < project->jobs->len, NULL);
  job = g_ptr_array_index (project->jobs, job_index);

  data = chart_data_new (CP_CHART_COST, lang);
  cp_i18n_push_language (data->lang);

  data->title = g_strdup_printf (_("Total cost and time against GPU count: %s"), job->name);
  data->x_label = g_strdup (_("GPUs"));
  data->y2_label = g_strdup (_("Calendar time (days)"));
  if (job->deadline_days > 0 && isfinite (job->deadline_days))
    data->horizontal_line_y2 = job->deadline_days;

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      g_autofree char *name = cp_words_quote_name (project, (int) i);
      gboolean cluster = cp_quote_is_cluster (quote);
      guint max_nodes = cluster ? MAX (1, quote->nodes_available) : 1;
      guint step = MAX (1, (max_nodes + COST_MAX_POINTS - 1) / COST_MAX_POINTS);
      CpChartSeries *series = series_new (name, TRUE);

      series->points_only = !cluster;
      for (guint nodes = 1; nodes <= max_nodes; nodes = (nodes == max_nodes) ? nodes + 1 : MIN (nodes + step, max_nodes))
        {
          CpEstimate estimate;
          double gpus;

          if (!cp_estimate (job, quote, nodes, settings, &estimate, NULL) || !estimate.fits)
            continue;
          if (!usable (estimate.total_cost, FALSE) || !usable (estimate.calendar_days, FALSE))
            continue;
          gpus = (double) nodes * quote->gpus_per_node;
          series_add (series, gpus, estimate.total_cost, estimate.calendar_days);
          max_cost = MAX (max_cost, estimate.total_cost);
          /* One node of a cluster offer is a single machine too. */
          if (nodes == 1 && estimate.total_cost < best_single_cost)
            {
              best_single_cost = estimate.total_cost;
              best_single_days = estimate.calendar_days;
            }
          else if (nodes > 1)
            {
              double point[3] = { gpus, estimate.total_cost, estimate.calendar_days };
              g_array_append_vals (split_points, point, 3);
            }
        }
      g_ptr_array_add (data->series, series);
    }

  /* Break-even against the cheapest single machine: the fewest GPUs at
   * which a job split over two or more nodes costs less; failing that, the
   * fewest at which one finishes sooner. */
  if (isfinite (best_single_cost))
    for (guint p = 0; p + 2 < split_points->len; p += 3)
      {
        double x = g_array_index (split_points, double, p);
        double cost = g_array_index (split_points, double, p + 1);
        double days = g_array_index (split_points, double, p + 2);

        if (cost < best_single_cost && x < cheaper_x)
          {
            cheaper_x = x;
            cheaper_y = cost;
          }
        if (days < best_single_days && x < faster_x)
          {
            faster_x = x;
            faster_y = cost;
          }
      }
  if (isfinite (cheaper_x))
    {
      g_autofree char *gpus = cp_i18n_format_number (cheaper_x, 0, data->lang);
      data->break_even_x = cheaper_x;
      data->break_even_y = cheaper_y;
      /* TRANSLATORS: on the cost chart; %s is a number of GPUs */
      data->break_even_label = g_strdup_printf (_("Cluster cheaper from %s GPUs"), gpus);
    }
  else if (isfinite (faster_x))
    {
      g_autofree char *gpus = cp_i18n_format_number (faster_x, 0, data->lang);
      data->break_even_x = faster_x;
      data->break_even_y = faster_y;
      /* TRANSLATORS: on the cost chart; %s is a number of GPUs */
      data->break_even_label = g_strdup_printf (_("Cluster faster from %s GPUs"), gpus);
    }

  data->currency = g_strdup (currency);
  data->y_scale = money_scale (max_cost, data->lang, cp_i18n_currency_name (currency, data->lang), &data->y_label);
  data->note = g_strdup (_("Solid lines and dots: total cost (left axis); dashed lines and squares: calendar days (right axis)."));

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
  const Rgb *palette;
  guint n_palette;
} Theme;

/* Okabe–Ito-like hues: told apart by people with colour-vision
 * deficiencies, and still distinct in greyscale print thanks to the
 * dashes and markers. */
static const Rgb light_palette[] = {
  { 0.00, 0.45, 0.70 }, { 0.84, 0.37, 0.00 }, { 0.00, 0.62, 0.45 },
  { 0.80, 0.47, 0.65 }, { 0.55, 0.42, 0.10 }, { 0.34, 0.71, 0.91 },
  { 0.40, 0.40, 0.40 }, { 0.60, 0.20, 0.60 },
};
static const Rgb dark_palette[] = {
  { 0.35, 0.68, 0.95 }, { 1.00, 0.60, 0.25 }, { 0.30, 0.85, 0.65 },
  { 0.95, 0.65, 0.85 }, { 0.95, 0.85, 0.35 }, { 0.60, 0.85, 1.00 },
  { 0.75, 0.75, 0.75 }, { 0.80, 0.55, 0.95 },
};

static void
theme_for_style (Theme        *theme,
                 CpChartStyle  style)
{
  if (style == CP_CHART_STYLE_DARK)
    {
      *theme = (Theme) {
        { 0.14, 0.14, 0.14 }, { 0.92, 0.92, 0.92 }, { 0.70, 0.70, 0.70 },
        { 0.30, 0.30, 0.30 }, { 0.21, 0.21, 0.21 }, { 1.00, 0.42, 0.42 },
        { 0.95, 0.85, 0.35 }, dark_palette, G_N_ELEMENTS (dark_palette),
      };
      return;
    }
  *theme = (Theme) {
    { 1, 1, 1 }, { 0.10, 0.10, 0.10 }, { 0.25, 0.25, 0.25 },
    { 0.85, 0.85, 0.85 }, { 0.93, 0.93, 0.93 }, { 0.80, 0.10, 0.10 },
    { 0.45, 0.30, 0.00 }, light_palette, G_N_ELEMENTS (light_palette),
  };
  if (style == CP_CHART_STYLE_PRINT)
    {
      /* Print keeps a white page and slightly darker grid lines, which
       * otherwise vanish on paper. */
      theme->grid = (Rgb) { 0.78, 0.78, 0.78 };
      theme->minor_grid = (Rgb) { 0.90, 0.90, 0.90 };
    }
}

static void
set_rgb (cairo_t   *cr,
         const Rgb *rgb)
{
  cairo_set_source_rgb (cr, rgb->r, rgb->g, rgb->b);
}

typedef struct {
  PangoContext *context;
  PangoFontDescription *font;
  PangoFontDescription *bold;
  PangoFontDescription *small;
  double font_px;

  Axis x, y, y2;
  gboolean has_y2;

  /* Plot rectangle */
  double left, top, right, bottom;

  /* Legend below the plot */
  double legend_top;
  double legend_row_height;
  double swatch_width;
  GArray *legend_x;   /* double per legend item */
  GArray *legend_row; /* guint per legend item */
  double title_height;
  double note_top;
} Geometry;

static PangoLayout *
text_layout (Geometry                   *geometry,
             const PangoFontDescription *font,
             const char                 *text)
{
  PangoLayout *layout = pango_layout_new (geometry->context);

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  return layout;
}

static void
text_size (Geometry                   *geometry,
           const PangoFontDescription *font,
           const char                 *text,
           double                      wrap_width,
           double                     *width,
           double                     *height)
{
  g_autoptr(PangoLayout) layout = text_layout (geometry, font, text);
  int w, h;

  if (wrap_width > 0)
    {
      pango_layout_set_width (layout, (int) (wrap_width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

static gboolean
series_is_drawable (const CpChartSeries *series)
{
  return series->x->len > 0;
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
        }
    }
}

static void
geometry_init (Geometry          *geometry,
               PangoContext      *context,
               const CpChartData *data,
               double             width,
               double             height)
{
  double x_min, x_max, y_min, y_max, y2_min, y2_max, unused_min, unused_max;
  double tick_w = 0, tick_h = 0, y2_tick_w = 0;
  double label_h, title_h, note_h = 0;
  double legend_width, row = 0, cursor;
  double pad;

  memset (geometry, 0, sizeof *geometry);
  geometry->context = g_object_ref (context);
  pango_context_set_language (context, pango_language_from_string (cp_i18n_pango_language (data->lang)));

  /* Text scales with the chart, in the drawing's own units (absolute
   * size), so the same drawing reads alike on screen and on paper. */
  geometry->font_px = CLAMP (MIN (width / 62.0, height / 34.0), 7.0, 13.0);
  geometry->font = pango_font_description_from_string (cp_i18n_font_family (data->lang));
  pango_font_description_set_absolute_size (geometry->font, geometry->font_px * PANGO_SCALE);
  geometry->bold = pango_font_description_copy (geometry->font);
  pango_font_description_set_weight (geometry->bold, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (geometry->bold, geometry->font_px * 1.15 * PANGO_SCALE);
  geometry->small = pango_font_description_copy (geometry->font);
  pango_font_description_set_absolute_size (geometry->small, geometry->font_px * 0.9 * PANGO_SCALE);
  pad = geometry->font_px * 0.6;

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
      y_min = 0;
      if (!isfinite (x_max))
        x_max = 8;
      if (!isfinite (y_max))
        y_max = data->y_scale;
    }
  axis_init (&geometry->x, x_min, x_max, data->x_log, data->x_scale, 6);
  axis_init (&geometry->y, y_min, y_max, data->y_log, data->y_scale, 5);

  geometry->has_y2 = data->y2_label != NULL;
  if (geometry->has_y2)
    {
      data_extent (data, TRUE, &unused_min, &unused_max, &y2_min, &y2_max);
      y2_min = 0;
      if (!isfinite (y2_max))
        y2_max = 1;
      if (isfinite (data->horizontal_line_y2))
        y2_max = MAX (y2_max, data->horizontal_line_y2 * 1.05);
      axis_init (&geometry->y2, y2_min, y2_max, FALSE, data->y2_scale, 5);
    }

  /* Widest tick labels decide the side margins. */
  for (guint i = 0; i < geometry->y.ticks->len; i++)
    {
      g_autofree char *label = tick_label (data, &geometry->y, FALSE, g_array_index (geometry->y.ticks, double, i));
      double w, h;
      text_size (geometry, geometry->font, label, 0, &w, &h);
      tick_w = MAX (tick_w, w);
      tick_h = MAX (tick_h, h);
    }
  if (geometry->has_y2)
    for (guint i = 0; i < geometry->y2.ticks->len; i++)
      {
        g_autofree char *label = tick_label (data, &geometry->y2, FALSE, g_array_index (geometry->y2.ticks, double, i));
        double w;
        text_size (geometry, geometry->font, label, 0, &w, NULL);
        y2_tick_w = MAX (y2_tick_w, w);
      }

  text_size (geometry, geometry->bold, data->title, width - 2 * pad, NULL, &title_h);
  text_size (geometry, geometry->font, data->x_label, 0, NULL, &label_h);
  geometry->title_height = title_h;

  geometry->left = pad + label_h + pad + tick_w + pad;
  geometry->right = width - pad - (geometry->has_y2 ? label_h + pad + y2_tick_w + pad : geometry->font_px * 1.5);
  geometry->top = pad + title_h + pad + tick_h / 2;

  /* The legend flows in rows under the plot, so it never hides a line. */
  geometry->legend_x = g_array_new (FALSE, FALSE, sizeof (double));
  geometry->legend_row = g_array_new (FALSE, FALSE, sizeof (guint));
  geometry->swatch_width = geometry->font_px * 2.2;
  geometry->legend_row_height = MAX (tick_h, geometry->font_px) * 1.25;
  legend_width = width - 2 * pad;
  cursor = 0;
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      double w;
      double item;

      text_size (geometry, geometry->small, series->label, 0, &w, NULL);
      item = geometry->swatch_width + pad * 0.5 + w + pad * 1.5;
      if (cursor > 0 && cursor + item > legend_width)
        {
          row++;
          cursor = 0;
        }
      {
        guint row_index = (guint) row;
        double x = pad + cursor;
        g_array_append_val (geometry->legend_x, x);
        g_array_append_val (geometry->legend_row, row_index);
      }
      cursor += item;
    }
  if (data->note != NULL)
    text_size (geometry, geometry->small, data->note, legend_width, NULL, &note_h);

  geometry->bottom = height - pad
                     - (data->series->len > 0 ? (row + 1) * geometry->legend_row_height + pad : 0)
                     - (note_h > 0 ? note_h + pad * 0.5 : 0)
                     - label_h - pad * 0.5 - tick_h - pad;
  geometry->legend_top = geometry->bottom + pad + tick_h + pad * 0.5 + label_h + pad;
  geometry->note_top = geometry->legend_top + (data->series->len > 0 ? (row + 1) * geometry->legend_row_height : 0)
                       + pad * 0.5;

  /* A chart squeezed below any use still draws something sane. */
  if (geometry->right < geometry->left + 10)
    geometry->right = geometry->left + 10;
  if (geometry->bottom < geometry->top + 10)
    geometry->bottom = geometry->top + 10;
}

static void
geometry_clear (Geometry *geometry)
{
  axis_clear (&geometry->x);
  axis_clear (&geometry->y);
  if (geometry->has_y2)
    axis_clear (&geometry->y2);
  g_clear_pointer (&geometry->font, pango_font_description_free);
  g_clear_pointer (&geometry->bold, pango_font_description_free);
  g_clear_pointer (&geometry->small, pango_font_description_free);
  g_clear_pointer (&geometry->legend_x, g_array_unref);
  g_clear_pointer (&geometry->legend_row, g_array_unref);
  g_clear_object (&geometry->context);
}

static char *format_y (const CpChartData *data, const Axis *axis, double value);

static double
to_px_x (const Geometry *geometry,
         double          value)
{
  return geometry->left + axis_fraction (&geometry->x, value) * (geometry->right - geometry->left);
}

static double
to_px_y (const Geometry *geometry,
         const Axis     *axis,
         double          value)
{
  return geometry->bottom - axis_fraction (axis, value) * (geometry->bottom - geometry->top);
}

/* ---------------------------------------------------------------------- */
/* Drawing                                                                */

typedef struct {
  cairo_t *cr;
  gboolean snap;   /* screen: put 1-px lines on pixel centres */
  Theme theme;
} Painter;

static double
snap (const Painter *painter,
      double         v)
{
  return painter->snap ? floor (v) + 0.5 : v;
}

static void
draw_text (Painter        *painter,
           Geometry       *geometry,
           const PangoFontDescription *font,
           const char     *text,
           double          x,
           double          y,
           double          x_align,   /* 0 left, 0.5 centre, 1 right */
           double          y_align,
           double          wrap_width,
           double          angle)
{
  g_autoptr(PangoLayout) layout = text_layout (geometry, font, text);
  int w, h;

  if (wrap_width > 0)
    {
      pango_layout_set_width (layout, (int) (wrap_width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_get_pixel_size (layout, &w, &h);

  cairo_save (painter->cr);
  cairo_translate (painter->cr, x, y);
  if (angle != 0)
    cairo_rotate (painter->cr, angle);
  cairo_move_to (painter->cr, -x_align * w, -y_align * h);
  pango_cairo_update_context (painter->cr, geometry->context);
  pango_layout_context_changed (layout);
  pango_cairo_show_layout (painter->cr, layout);
  cairo_restore (painter->cr);
}

static void
draw_grid_and_axes (Painter           *painter,
                    Geometry          *geometry,
                    const CpChartData *data)
{
  cairo_t *cr = painter->cr;
  double tick_len = geometry->font_px * 0.35;
  double pad = geometry->font_px * 0.6;
  double label_h;

  cairo_set_line_width (cr, 1);

  /* Minor grid */
  set_rgb (cr, &painter->theme.minor_grid);
  for (guint i = 0; i < geometry->x.minor->len; i++)
    {
      double x = snap (painter, to_px_x (geometry, g_array_index (geometry->x.minor, double, i)));
      cairo_move_to (cr, x, geometry->top);
      cairo_line_to (cr, x, geometry->bottom);
    }
  for (guint i = 0; i < geometry->y.minor->len; i++)
    {
      double y = snap (painter, to_px_y (geometry, &geometry->y, g_array_index (geometry->y.minor, double, i)));
      cairo_move_to (cr, geometry->left, y);
      cairo_line_to (cr, geometry->right, y);
    }
  cairo_stroke (cr);

  /* Major grid and tick labels */
  for (guint i = 0; i < geometry->x.ticks->len; i++)
    {
      double value = g_array_index (geometry->x.ticks, double, i);
      double x = snap (painter, to_px_x (geometry, value));
      g_autofree char *label = tick_label (data, &geometry->x, TRUE, value);

      set_rgb (cr, &painter->theme.grid);
      cairo_move_to (cr, x, geometry->top);
      cairo_line_to (cr, x, geometry->bottom);
      cairo_stroke (cr);
      set_rgb (cr, &painter->theme.axis);
      cairo_move_to (cr, x, geometry->bottom);
      cairo_line_to (cr, x, geometry->bottom + tick_len);
      cairo_stroke (cr);
      set_rgb (cr, &painter->theme.text);
      draw_text (painter, geometry, geometry->font, label, x, geometry->bottom + tick_len + 1, 0.5, 0, 0, 0);
    }
  for (guint i = 0; i < geometry->y.ticks->len; i++)
    {
      double value = g_array_index (geometry->y.ticks, double, i);
      double y = snap (painter, to_px_y (geometry, &geometry->y, value));
      g_autofree char *label = tick_label (data, &geometry->y, FALSE, value);

      set_rgb (cr, &painter->theme.grid);
      cairo_move_to (cr, geometry->left, y);
      cairo_line_to (cr, geometry->right, y);
      cairo_stroke (cr);
      set_rgb (cr, &painter->theme.text);
      draw_text (painter, geometry, geometry->font, label, geometry->left - tick_len - 2, y, 1, 0.5, 0, 0);
    }
  if (geometry->has_y2)
    for (guint i = 0; i < geometry->y2.ticks->len; i++)
      {
        double value = g_array_index (geometry->y2.ticks, double, i);
        double y = snap (painter, to_px_y (geometry, &geometry->y2, value));
        g_autofree char *label = tick_label (data, &geometry->y2, FALSE, value);

        set_rgb (cr, &painter->theme.axis);
        cairo_move_to (cr, geometry->right, y);
        cairo_line_to (cr, geometry->right + tick_len, y);
        cairo_stroke (cr);
        set_rgb (cr, &painter->theme.text);
        draw_text (painter, geometry, geometry->font, label, geometry->right + tick_len + 2, y, 0, 0.5, 0, 0);
      }

  /* Frame */
  set_rgb (cr, &painter->theme.axis);
  cairo_rectangle (cr, snap (painter, geometry->left), snap (painter, geometry->top),
                   floor (geometry->right) - floor (geometry->left),
                   floor (geometry->bottom) - floor (geometry->top));
  cairo_stroke (cr);

  /* Axis titles */
  set_rgb (cr, &painter->theme.text);
  text_size (geometry, geometry->font, data->x_label, 0, NULL, &label_h);
  {
    double tick_h;
    text_size (geometry, geometry->font, "0", 0, NULL, &tick_h);
    draw_text (painter, geometry, geometry->font, data->x_label,
               (geometry->left + geometry->right) / 2,
               geometry->bottom + tick_len + tick_h + pad * 0.5, 0.5, 0, 0, 0);
  }
  draw_text (painter, geometry, geometry->font, data->y_label,
             pad, (geometry->top + geometry->bottom) / 2, 0.5, 0, 0, -G_PI / 2);
  if (geometry->has_y2)
    {
      double x = geometry->right;
      double w_total = 0;
      for (guint i = 0; i < geometry->y2.ticks->len; i++)
        {
          g_autofree char *label = tick_label (data, &geometry->y2, FALSE, g_array_index (geometry->y2.ticks, double, i));
          double w;
          text_size (geometry, geometry->font, label, 0, &w, NULL);
          w_total = MAX (w_total, w);
        }
      /* Turned a quarter clockwise, the text's top faces the ticks: a
       * y alignment of 1 puts it entirely right of @x. */
      x += tick_len + 2 + w_total + pad * 0.5;
      draw_text (painter, geometry, geometry->font, data->y2_label,
                 x, (geometry->top + geometry->bottom) / 2, 0.5, 1, 0, G_PI / 2);
    }
}

static void
set_series_style (Painter             *painter,
                  const CpChartSeries *series,
                  guint                index,
                  gboolean             second_axis,
                  double               font_px)
{
  cairo_t *cr = painter->cr;
  const Rgb *rgb = &painter->theme.palette[index % painter->theme.n_palette];
  /* 2 px curves on a screen-sized chart, thinner on paper. */
  double unit = font_px / 12.0;

  set_rgb (cr, rgb);
  if (series->dashed)
    {
      double dashes[] = { 4 * unit, 3 * unit };
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dashes, 2, 0);
    }
  else if (second_axis)
    {
      double dashes[] = { 6 * unit, 3 * unit };
      cairo_set_line_width (cr, MAX (1.0, 1.5 * unit));
      cairo_set_dash (cr, dashes, 2, 0);
    }
  else
    {
      cairo_set_line_width (cr, MAX (1.0, 2 * unit));
      cairo_set_dash (cr, NULL, 0, 0);
    }
}

static void
draw_marker (cairo_t *cr,
             double   x,
             double   y,
             double   size,
             gboolean square)
{
  if (square)
    cairo_rectangle (cr, x - size, y - size, 2 * size, 2 * size);
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, size, 0, 2 * G_PI);
    }
}

static void
draw_series (Painter           *painter,
             Geometry          *geometry,
             const CpChartData *data)
{
  cairo_t *cr = painter->cr;
  double marker = geometry->font_px * 0.3;

  cairo_save (cr);
  cairo_rectangle (cr, geometry->left, geometry->top,
                   geometry->right - geometry->left, geometry->bottom - geometry->top);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      for (int axis_index = 0; axis_index < 2; axis_index++)
        {
          GArray *ys = axis_index == 0 ? series->y : series->y2;
          const Axis *axis = axis_index == 0 ? &geometry->y : &geometry->y2;
          gboolean log_y = axis_index == 0 ? data->y_log : FALSE;
          gboolean pen_down = FALSE;

          if (ys == NULL || (axis_index == 1 && !geometry->has_y2) || !series_is_drawable (series))
            continue;

          set_series_style (painter, series, s, axis_index == 1, geometry->font_px);
          if (!series->points_only)
            {
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
                  y = to_px_y (geometry, axis, yv);
                  if (series->dashed)
                    y = snap (painter, y);
                  if (pen_down)
                    cairo_line_to (cr, x, y);
                  else
                    cairo_move_to (cr, x, y);
                  pen_down = TRUE;
                }
              cairo_stroke (cr);
            }

          /* Markers on the cost chart show where an estimate was made. */
          if (data->kind == CP_CHART_COST)
            {
              cairo_set_dash (cr, NULL, 0, 0);
              cairo_set_line_width (cr, MAX (1.0, geometry->font_px / 8.0));
              for (guint p = 0; p < series->x->len; p++)
                {
                  double xv = g_array_index (series->x, double, p);
                  double yv = g_array_index (ys, double, p);

                  if (!usable (xv, data->x_log) || !usable (yv, log_y))
                    continue;
                  /* Curves with many points get markers only at their ends. */
                  if (!series->points_only && series->x->len > 12 && p != 0 && p + 1 != series->x->len)
                    continue;
                  draw_marker (cr, to_px_x (geometry, xv), to_px_y (geometry, axis, yv),
                               series->points_only ? marker * 1.6 : marker, axis_index == 1);
                  if (axis_index == 0)
                    cairo_fill (cr);
                  else
                    {
                      cairo_save (cr);
                      set_rgb (cr, &painter->theme.background);
                      cairo_fill_preserve (cr);
                      cairo_restore (cr);
                      cairo_stroke (cr);
                    }
                }
            }
        }
    }
  cairo_set_dash (cr, NULL, 0, 0);

  /* Capacity lines carry their value at the right end, so they can be
   * read without the legend; labels that would collide are left out. */
  if (data->kind == CP_CHART_MEMORY)
    {
      g_autoptr(GArray) used = g_array_new (FALSE, FALSE, sizeof (double));

      for (guint s = 0; s < data->series->len; s++)
        {
          const CpChartSeries *series = g_ptr_array_index (data->series, s);
          double value, y;
          gboolean collides = FALSE;
          g_autofree char *label = NULL;

          if (!series->dashed || series->y->len == 0)
            continue;
          value = g_array_index (series->y, double, 0);
          y = to_px_y (geometry, &geometry->y, value);
          if (!isfinite (y) || y < geometry->top + geometry->font_px || y > geometry->bottom)
            continue;
          for (guint u = 0; u < used->len; u++)
            if (fabs (g_array_index (used, double, u) - y) < geometry->font_px * 1.1)
              collides = TRUE;
          if (collides)
            continue;
          g_array_append_val (used, y);
          label = format_y (data, &geometry->y, value);
          set_rgb (cr, &painter->theme.palette[s % painter->theme.n_palette]);
          draw_text (painter, geometry, geometry->small, label, geometry->right - 3, y - 1, 1, 1, 0, 0);
        }
    }

  /* Deadline on the time axis */
  if (geometry->has_y2 && isfinite (data->horizontal_line_y2) && data->horizontal_line_y2 >= 0)
    {
      double y = snap (painter, to_px_y (geometry, &geometry->y2, data->horizontal_line_y2));
      double unit = MAX (1.0, geometry->font_px / 6.0);
      double dashes[] = { 8 * unit, 3 * unit, 2 * unit, 3 * unit };
      g_autofree char *days = cp_i18n_format_number (data->horizontal_line_y2, 0, data->lang);
      g_autofree char *label = NULL;

      cp_i18n_push_language (data->lang);
      /* TRANSLATORS: label of the deadline line; %s is a number of days */
      label = g_strdup_printf (_("Deadline: %s days"), days);
      cp_i18n_pop_language ();

      set_rgb (cr, &painter->theme.deadline);
      cairo_set_line_width (cr, MAX (1.0, unit));
      cairo_set_dash (cr, dashes, 4, 0);
      cairo_move_to (cr, geometry->left, y);
      cairo_line_to (cr, geometry->right, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      draw_text (painter, geometry, geometry->small, label, geometry->right - 4, y - 2, 1, 1, 0, 0);
    }

  /* Break-even */
  if (isfinite (data->break_even_x))
    {
      double x = snap (painter, to_px_x (geometry, data->break_even_x));
      double dashes[] = { 2, 3 };

      set_rgb (cr, &painter->theme.break_even);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_move_to (cr, x, geometry->top);
      cairo_line_to (cr, x, geometry->bottom);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      if (isfinite (data->break_even_y))
        {
          double y = to_px_y (geometry, &geometry->y, data->break_even_y);
          if (isfinite (y))
            {
              draw_marker (cr, x, y, geometry->font_px * 0.45, TRUE);
              cairo_stroke (cr);
            }
        }
      if (data->break_even_label != NULL)
        {
          /* Label on the side with more room. */
          gboolean right_side = x < (geometry->left + geometry->right) / 2;
          draw_text (painter, geometry, geometry->small, data->break_even_label,
                     right_side ? x + 4 : x - 4, geometry->top + 3, right_side ? 0 : 1, 0, 0, 0);
        }
    }

  /* The job itself */
  if (usable (data->marker_x, data->x_log) && usable (data->marker_y, data->y_log))
    {
      double x = to_px_x (geometry, data->marker_x);
      double y = to_px_y (geometry, &geometry->y, data->marker_y);
      double r = geometry->font_px * 0.55;
      g_autofree char *label = NULL;

      cp_i18n_push_language (data->lang);
      label = g_strdup (_("This job"));
      cp_i18n_pop_language ();

      set_rgb (cr, &painter->theme.text);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x, y - r);
      cairo_line_to (cr, x + r, y);
      cairo_line_to (cr, x, y + r);
      cairo_line_to (cr, x - r, y);
      cairo_close_path (cr);
      cairo_save (cr);
      set_rgb (cr, &painter->theme.background);
      cairo_fill_preserve (cr);
      cairo_restore (cr);
      cairo_stroke (cr);
      draw_text (painter, geometry, geometry->small, label, x + r + 3, y, 0, 0.5, 0, 0);
    }

  cairo_restore (cr);
}

static void
draw_legend (Painter           *painter,
             Geometry          *geometry,
             const CpChartData *data,
             double             width)
{
  cairo_t *cr = painter->cr;
  double pad = geometry->font_px * 0.6;

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);
      double x = g_array_index (geometry->legend_x, double, s);
      guint row = g_array_index (geometry->legend_row, guint, s);
      double y = geometry->legend_top + row * geometry->legend_row_height + geometry->legend_row_height / 2;

      set_series_style (painter, series, s, FALSE, geometry->font_px);
      if (series->points_only)
        {
          draw_marker (cr, x + geometry->swatch_width / 2, y, geometry->font_px * 0.3 * 1.6, FALSE);
          cairo_fill (cr);
        }
      else
        {
          double ys = series->dashed ? snap (painter, y) : y;
          cairo_move_to (cr, x, ys);
          cairo_line_to (cr, x + geometry->swatch_width, ys);
          cairo_stroke (cr);
        }
      cairo_set_dash (cr, NULL, 0, 0);
      set_rgb (cr, &painter->theme.text);
      draw_text (painter, geometry, geometry->small, series->label,
                 x + geometry->swatch_width + pad * 0.5, y, 0, 0.5, 0, 0);
    }

  if (data->note != NULL)
    {
      set_rgb (cr, &painter->theme.text);
      draw_text (painter, geometry, geometry->small, data->note, pad, geometry->note_top, 0, 0, width - 2 * pad, 0);
    }
}

void
cp_chart_draw (cairo_t           *cr,
               double             width,
               double             height,
               CpChartStyle       style,
               const CpChartData *data)
{
  PangoContext *context;
  Geometry geometry;
  Painter painter = { cr, style != CP_CHART_STYLE_PRINT, { { 0 } } };
  double pad;

  g_return_if_fail (cr != NULL && data != NULL);

  if (!(width > 0 && height > 0 && isfinite (width) && isfinite (height)))
    return;

  theme_for_style (&painter.theme, style);
  context = pango_cairo_create_context (cr);
  geometry_init (&geometry, context, data, width, height);
  pad = geometry.font_px * 0.6;

  cairo_save (cr);
  set_rgb (cr, &painter.theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  set_rgb (cr, &painter.theme.text);
  draw_text (&painter, &geometry, geometry.bold, data->title, pad, pad, 0, 0, width - 2 * pad, 0);

  draw_grid_and_axes (&painter, &geometry, data);
  draw_series (&painter, &geometry, data);
  draw_legend (&painter, &geometry, data, width);
  cairo_restore (cr);

  geometry_clear (&geometry);
  g_object_unref (context);
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
    {
      g_autofree char *number = cp_i18n_format_value (value / axis->scale, data->lang);
      return g_strdup_printf ("%s %s", number, axis->scale == 1e9 ? "GB" : "GiB");
    }
  return cp_i18n_format_value (value / axis->scale, data->lang);
}

char *
cp_chart_readout (const CpChartData *data,
                  double             width,
                  double             height,
                  double             x,
                  double             y)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context;
  Geometry geometry;
  const CpChartSeries *best = NULL;
  double best_distance = INFINITY;
  double best_x = NAN, best_y = NAN, best_y2 = NAN;
  char *text = NULL;

  g_return_val_if_fail (data != NULL, NULL);

  if (!(width > 0 && height > 0))
    return NULL;

  /* Measure text as cp_chart_draw() does: sizes are absolute, so any
   * surface gives the same plot rectangle. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  context = pango_cairo_create_context (cr);
  geometry_init (&geometry, context, data, width, height);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  if (x < geometry.left || x > geometry.right || y < geometry.top || y > geometry.bottom)
    {
      geometry_clear (&geometry);
      return NULL;
    }

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      for (int axis_index = 0; axis_index < 2; axis_index++)
        {
          GArray *ys = axis_index == 0 ? series->y : series->y2;
          const Axis *axis = axis_index == 0 ? &geometry.y : &geometry.y2;
          double sx, sy, distance;

          if (ys == NULL || (axis_index == 1 && !geometry.has_y2))
            continue;
          if (!series_value_at (series, data, &geometry, ys, x, &sx, &sy))
            continue;
          distance = fabs (to_px_y (&geometry, axis, sy) - y);
          if (distance < best_distance)
            {
              best_distance = distance;
              best = series;
              best_x = sx;
              best_y = sy;
            }
        }
    }

  cp_i18n_push_language (data->lang);
  if (best != NULL && data->kind == CP_CHART_COST)
    {
      /* Both figures of the point: cost and days belong together. */
      double gx = best_x;
      double cost = NAN;
      g_autofree char *gpus = NULL;
      g_autofree char *cost_text = NULL;
      g_autofree char *days_text = NULL;

      for (guint p = 0; p < best->x->len; p++)
        if (fabs (g_array_index (best->x, double, p) - gx) < 1e-9)
          {
            cost = g_array_index (best->y, double, p);
            best_y2 = best->y2 != NULL ? g_array_index (best->y2, double, p) : NAN;
          }
      if (!isfinite (cost))
        {
          /* Between two node counts: show the nearest one measured. */
          double nearest = INFINITY;
          for (guint p = 0; p < best->x->len; p++)
            {
              double d = fabs (g_array_index (best->x, double, p) - gx);
              if (d < nearest)
                {
                  nearest = d;
                  gx = g_array_index (best->x, double, p);
                  cost = g_array_index (best->y, double, p);
                  best_y2 = best->y2 != NULL ? g_array_index (best->y2, double, p) : NAN;
                }
            }
        }
      gpus = cp_i18n_format_number (gx, 0, data->lang);
      cost_text = cp_i18n_format_money (cost, data->currency, data->lang);
      days_text = cp_i18n_format_days (best_y2, data->lang);
      /* TRANSLATORS: cost chart readout: quote name, GPU count, total cost, days */
      text = g_strdup_printf (_("%s: %s GPUs, %s, %s"), best->label, gpus, cost_text, days_text);
    }
  else if (best != NULL)
    {
      g_autofree char *params = cp_format_count (best_x);
      g_autofree char *need = format_y (data, &geometry.y, best_y);
      /* TRANSLATORS: memory chart readout: line name, model size, memory */
      text = g_strdup_printf (_("%s: %s parameters, %s"), best->label, params, need);
    }
  else
    {
      double xv = axis_value (&geometry.x, (x - geometry.left) / (geometry.right - geometry.left));
      double yv = axis_value (&geometry.y, (geometry.bottom - y) / (geometry.bottom - geometry.top));

      if (data->kind == CP_CHART_MEMORY)
        {
          g_autofree char *params = cp_format_count (xv);
          g_autofree char *need = format_y (data, &geometry.y, yv);
          text = g_strdup_printf (_("%s parameters, %s"), params, need);
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
