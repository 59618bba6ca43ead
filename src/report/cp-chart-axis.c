/* cp-chart-axis.c: the axes, colours and geometry every chart kind is drawn in.
 *
 * Owns nice tick steps and their labels, the light and dark palettes, text
 * measurement, and the plot geometry: where the panels, titles and tick
 * labels go for a given size. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-units.h"
#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"

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
  axis->step = 0;
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
      axis->step = step;
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
double
cp_chart_axis_fraction (const Axis *axis,
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

double
cp_chart_axis_value (const Axis *axis,
                     double      fraction)
{
  if (axis->log)
    return pow (10, log10 (axis->min) + fraction * (log10 (axis->max) - log10 (axis->min)));
  return axis->min + fraction * (axis->max - axis->min);
}

char *
cp_chart_tick_label (const CpChartData *data,
                     const Axis        *axis,
                     gboolean           is_x,
                     double             value)
{
  double shown = value / axis->scale;

  if (data->kind == CP_CHART_MEMORY && is_x)
    return cp_format_count (value);
  if (axis->step > 0)
    {
      /* The fewest decimals that show this tick exactly (ticks are
       * whole multiples of the step): 0.15 on a 0.05 step reads "0.15",
       * not "0.2" beside the real 0.2, while 0.1 still reads "0.1". */
      double step_shown = axis->step / axis->scale;
      int decimals = 0;

      while (decimals < 6
             && fabs (shown * pow (10, decimals) - round (shown * pow (10, decimals)))
                > 1e-6 * step_shown * pow (10, decimals))
        decimals++;
      return cp_i18n_format_number (shown, decimals, data->lang);
    }
  if (fabs (shown) >= 1 || shown == 0)
    return cp_i18n_format_number (shown, fabs (shown - round (shown)) < 1e-6 ? 0 : 1, data->lang);
  /* A log axis's decades below a tenth: 0.001 read "0.00", a zero on an
   * axis that has none (lead15, 总成本（万元）). One significant digit. */
  return cp_i18n_format_number (shown, CLAMP ((int) -floor (log10 (fabs (shown)) + 1e-9), 1, 6), data->lang);
}

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

void
cp_chart_theme_for_style (Theme        *theme,
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

Rgb
cp_chart_mix (const Rgb *a,
              const Rgb *b,
              double     t)
{
  return (Rgb) { a->r + (b->r - a->r) * t, a->g + (b->g - a->g) * t, a->b + (b->b - a->b) * t };
}

void
cp_chart_set_rgb (cairo_t   *cr,
                  const Rgb *rgb)
{
  cairo_set_source_rgb (cr, rgb->r, rgb->g, rgb->b);
}

/* Sets @geometry's layout to @text in @font, wrapped at @wrap_width when
 * positive, and returns it. */
void
cp_report_layout_set_text (PangoLayout *layout,
                           const char  *text)
{
  if (text == NULL)
    text = "";
  pango_layout_set_text (layout, text, (int) cp_text_cut_length (text, CP_REPORT_LAYOUT_MAX_CHARS));
}

/* No line break inside a run of Chinese characters: pango breaks between
 * any two, and a chart's label wrapped inside a word, "示例供 / 应商 A",
 * "（GPU 部 / 分）" (approver 33 A11, A17). Its lines break at spaces,
 * punctuation and where Chinese meets Latin letters or digits. */
static void
keep_chinese_words (PangoLayout *layout)
{
  const char *text = pango_layout_get_text (layout);
  PangoAttrList *attrs = NULL;
  const char *run = NULL;

  for (const char *c = text;; c = g_utf8_next_char (c))
    {
      gunichar ch = g_utf8_get_char (c);
      gboolean chinese = *c != '\0' && g_unichar_get_script (ch) == G_UNICODE_SCRIPT_HAN;

      if (chinese && run == NULL)
        run = c;
      else if (!chinese && run != NULL)
        {
          if (g_utf8_strlen (run, c - run) > 1)
            {
              PangoAttribute *keep = pango_attr_allow_breaks_new (FALSE);

              keep->start_index = run - text;
              keep->end_index = c - text;
              if (attrs == NULL)
                attrs = pango_attr_list_new ();
              pango_attr_list_insert (attrs, keep);
            }
          run = NULL;
        }
      if (*c == '\0')
        break;
    }
  pango_layout_set_attributes (layout, attrs);
  if (attrs != NULL)
    pango_attr_list_unref (attrs);
}

PangoLayout *
cp_chart_set_text (Geometry                   *geometry,
                   const PangoFontDescription *font,
                   const char                 *text,
                   double                      wrap_width,
                   gboolean                    ellipsize)
{
  PangoLayout *layout = geometry->layout;

  pango_layout_set_font_description (layout, font);
  cp_report_layout_set_text (layout, text);
  keep_chinese_words (layout);
  pango_layout_set_width (layout, wrap_width > 0 ? (int) (wrap_width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (layout, ellipsize ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  return layout;
}

/* Text sizes measured by the charts drawn before, in any thread: the
 * quote names, tick labels and titles of one job's chart come back in the
 * next job's (a window switching jobs measured them all again, a sixth of
 * its frame; a report, once per job). Keyed by what the size depends on:
 * the context (cp_chart_geometry_init()), the font, the wrap width and
 * the text. Past this many entries the table starts again, which bounds
 * its memory; a chart needs a few hundred. */
#define MAX_SHARED_MEASURES 8192
G_LOCK_DEFINE_STATIC (shared_measures);
static GHashTable *shared_measures;

/* What a text's size depends on besides its font, width and text: the
 * font map and language, and what the surface asks of fonts (hinting,
 * rounding, resolution and transformation). */
static char *
context_key (PangoContext *context)
{
  g_autoptr(PangoFont) font = NULL;
  g_autoptr(PangoFontDescription) probe = pango_font_description_from_string ("Sans 10");
  const PangoMatrix *matrix = pango_context_get_matrix (context);
  cairo_font_options_t *options = cairo_font_options_create ();
  unsigned long options_hash = 0;
  char *key;

  font = pango_context_load_font (context, probe);
  if (font != NULL && PANGO_IS_CAIRO_FONT (font))
    cairo_scaled_font_get_font_options (pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (font)), options);
  options_hash = cairo_font_options_hash (options);
  cairo_font_options_destroy (options);
  key = g_strdup_printf ("%p %s %d %.6g %lx %.9g %.9g %.9g %.9g", (gpointer) pango_context_get_font_map (context),
                         pango_language_to_string (pango_context_get_language (context)),
                         pango_context_get_round_glyph_positions (context),
                         pango_cairo_context_get_resolution (context), options_hash,
                         matrix != NULL ? matrix->xx : 1, matrix != NULL ? matrix->xy : 0,
                         matrix != NULL ? matrix->yx : 0, matrix != NULL ? matrix->yy : 1);
  return key;
}

/* Width, height and line count of @text as cp_chart_set_text() lays it out. */
const TextMeasure *
cp_chart_measure_text (Geometry                   *geometry,
                       const PangoFontDescription *font,
                       const char                 *text,
                       double                      wrap_width)
{
  g_autofree char *key = g_strdup_printf ("%p %.3f %s", (const void *) font, wrap_width, text != NULL ? text : "");
  TextMeasure *measure = g_hash_table_lookup (geometry->measured, key);
  g_autofree char *font_name = NULL;
  g_autofree char *shared_key = NULL;
  const TextMeasure *known;

  if (measure != NULL)
    return measure;

  measure = g_new (TextMeasure, 1);
  font_name = pango_font_description_to_string (font);
  shared_key = g_strdup_printf ("%s|%s|%.3f|%s", geometry->context_key, font_name, wrap_width,
                                text != NULL ? text : "");
  G_LOCK (shared_measures);
  known = shared_measures != NULL ? g_hash_table_lookup (shared_measures, shared_key) : NULL;
  if (known != NULL)
    *measure = *known;
  G_UNLOCK (shared_measures);

  if (known == NULL)
    {
      PangoLayout *layout = cp_chart_set_text (geometry, font, text, wrap_width, FALSE);

      pango_layout_get_pixel_size (layout, &measure->width, &measure->height);
      measure->lines = pango_layout_get_line_count (layout);
      G_LOCK (shared_measures);
      if (shared_measures == NULL)
        shared_measures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      if (g_hash_table_size (shared_measures) >= MAX_SHARED_MEASURES)
        g_hash_table_remove_all (shared_measures);
      g_hash_table_insert (shared_measures, g_steal_pointer (&shared_key), g_memdup2 (measure, sizeof *measure));
      G_UNLOCK (shared_measures);
    }
  g_hash_table_insert (geometry->measured, g_steal_pointer (&key), measure);
  return measure;
}

void
cp_chart_text_size (Geometry                   *geometry,
                    const PangoFontDescription *font,
                    const char                 *text,
                    double                      wrap_width,
                    double                     *width,
                    double                     *height)
{
  const TextMeasure *measure = cp_chart_measure_text (geometry, font, text, wrap_width);

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

          if (!cp_chart_usable (x, data->x_log) || !cp_chart_usable (y, second ? FALSE : data->y_log))
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

              if (cp_chart_usable (low, second ? FALSE : data->y_log))
                *y_min = MIN (*y_min, low);
              if (cp_chart_usable (high, second ? FALSE : data->y_log))
                *y_max = MAX (*y_max, high);
            }
        }
    }
}

/* data_extent() of the upper panel, its top no higher than the options
 * the verdict weighs (data->y_top): lines above go off the top. */
static void
upper_extent (const CpChartData *data,
              double            *x_min,
              double            *x_max,
              double            *y_min,
              double            *y_max)
{
  data_extent (data, FALSE, x_min, x_max, y_min, y_max);
  if (isfinite (data->y_top) && *y_max > data->y_top)
    {
      *y_max = data->y_top;
      *y_min = MIN (*y_min, *y_max);
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

/* The values of the days panel, which reach the deadline line: it is
 * drawn, a little above it. */
static void
days_extent (const CpChartData *data,
             double            *y2_min,
             double            *y2_max)
{
  double unused_min, unused_max;

  data_extent (data, TRUE, &unused_min, &unused_max, y2_min, y2_max);
  if (!isfinite (*y2_max))
    *y2_max = 1;
  if (isfinite (data->deadline_days) && data->deadline_days > 0)
    {
      *y2_min = MIN (*y2_min, data->deadline_days);
      *y2_max = MAX (*y2_max, data->deadline_days * 1.05);
    }
}

gboolean
cp_chart_panel_turns_log (const CpChartData *data,
                          gboolean           second)
{
  double x_min, x_max, y_min, y_max;

  g_return_val_if_fail (data != NULL, FALSE);

  if (data->kind == CP_CHART_MEMORY || (second && data->y2_label == NULL) || (!second && data->y_log))
    return FALSE;
  if (second)
    days_extent (data, &y_min, &y_max);
  else
    upper_extent (data, &x_min, &x_max, &y_min, &y_max);
  return wide_range (y_min, y_max);
}

static double
widest_tick (Geometry          *geometry,
             const CpChartData *data,
             const Axis        *axis)
{
  double widest = 0;

  for (guint i = 0; i < axis->ticks->len; i++)
    {
      g_autofree char *label = cp_chart_tick_label (data, axis, FALSE, g_array_index (axis->ticks, double, i));
      double w;

      cp_chart_text_size (geometry, geometry->font, label, 0, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

/* The least width the plot keeps beside the line labels: a share of the
 * chart, and a number of font sizes (its ticks and the labels beside its
 * points need them whatever the chart's width). */
#define PLOT_MIN_SHARE 0.55
#define SCREEN_COST_PLOT_MIN_SHARE 0.7
#define PLOT_MIN_FONT_PX 38.0

void
cp_chart_geometry_init (Geometry          *geometry,
                        PangoContext      *context,
                        const CpChartData *data,
                        CpChartStyle       style,
                        double             width,
                        double             height)
{
  double x_min, x_max, y_min, y_max;
  double tick_w = 0, note_h = 0;
  double plot_top, plot_bottom, panel_gap;
  double pad;

  memset (geometry, 0, sizeof *geometry);
  geometry->measured = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  geometry->context = g_object_ref (context);
  geometry->width = width;
  geometry->height = height;
  pango_context_set_language (context, pango_language_from_string (cp_i18n_pango_language (data->lang)));
  geometry->layout = pango_layout_new (context);
  geometry->context_key = context_key (context);

  /* Text follows the chart's size. On a screen it never goes below 13 px
   * (12 px for the smaller labels), what a projected 1080p picture needs
   * to be read from the back of a meeting room; on paper, where the chart
   * is a column of an A4 page, 8 pt stays legible at arm's length. */
  if (style == CP_CHART_STYLE_PRINT)
    geometry->font_px = CLAMP (MIN (width / 62.0, height / 34.0), 8.0, 13.0);
  else
    geometry->font_px = MAX (CLAMP (MIN (width / 64.0, height / 36.0), 13.0, 22.0), cp_chart_text_px_min (data, height));
  geometry->font = pango_font_description_from_string (cp_i18n_font_family (data->lang));
  pango_font_description_set_absolute_size (geometry->font, geometry->font_px * PANGO_SCALE);
  geometry->bold = pango_font_description_copy (geometry->font);
  pango_font_description_set_weight (geometry->bold, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (geometry->bold, geometry->font_px * 1.15 * PANGO_SCALE);
  geometry->small = pango_font_description_copy (geometry->font);
  pango_font_description_set_absolute_size (geometry->small, geometry->font_px * 0.93 * PANGO_SCALE);
  geometry->pad = pad = geometry->font_px * 0.6;
  geometry->tick_len = geometry->font_px * 0.35;
  cp_chart_text_size (geometry, geometry->font, "0", 0, NULL, &geometry->line_h);

  /* Ranges: the GPUs of every point, the costs the verdict weighs. */
  upper_extent (data, &x_min, &x_max, &y_min, &y_max);
  if (data->kind == CP_CHART_MEMORY)
    {
      x_min = MIN (isfinite (x_min) ? x_min : MEMORY_MIN_PARAMS, MEMORY_MIN_PARAMS);
      x_max = MAX (isfinite (x_max) ? x_max : MEMORY_MAX_PARAMS, MEMORY_MAX_PARAMS);
      if (cp_chart_usable (data->marker_y, TRUE))
        {
          y_min = MIN (y_min, data->marker_y);
          y_max = MAX (y_max, data->marker_y);
        }
      if (cp_chart_usable (data->recommended_y, TRUE))
        {
          y_min = MIN (y_min, data->recommended_y);
          y_max = MAX (y_max, data->recommended_y);
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
  geometry->panels[0].log = data->y_log || cp_chart_panel_turns_log (data, FALSE);
  if (data->kind != CP_CHART_MEMORY && !geometry->panels[0].log)
    y_min = 0;
  axis_init (&geometry->panels[0].y, y_min, y_max, geometry->panels[0].log, data->y_scale, 5);
  if (geometry->n_panels == 2)
    {
      double y2_min, y2_max;

      days_extent (data, &y2_min, &y2_max);
      geometry->panels[1].title = data->y2_label;
      geometry->panels[1].second = TRUE;
      geometry->panels[1].log = cp_chart_panel_turns_log (data, TRUE);
      if (!geometry->panels[1].log)
        y2_min = 0;
      axis_init (&geometry->panels[1].y, y2_min, y2_max, geometry->panels[1].log, data->y2_scale, 4);
    }

  for (guint p = 0; p < geometry->n_panels; p++)
    {
      tick_w = MAX (tick_w, widest_tick (geometry, data, &geometry->panels[p].y));
      geometry->panels[p].segments = g_array_new (FALSE, FALSE, sizeof (Segment));
      geometry->panels[p].marks = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
      geometry->panels[p].bands = g_array_new (FALSE, FALSE, sizeof (BandPiece));
    }

  /* Line labels sit right of the plot; long names give way to the plot
   * once it would be narrower than PLOT_MIN_FONT_PX font sizes or
   * PLOT_MIN_SHARE of the width (they wrap, or a quote's name is cut
   * from its vendor's end, its GPUs kept). A cap of a third of the width
   * cut "16 × 8 × H800 SXM 80GB · 示例供应商 D … — H800 集群，40…" on a
   * 2,560-px projector with 850 px of plot to spare (issue 26); a third
   * stays theirs at any size, so a window or page up to about 1,300 px is
   * laid out as before.
   *
   * A cost chart on a screen, where the plot is what a room reads, keeps
   * the column to what its labels need that reach past the plot's right
   * edge when set right of their point (a line's end or the option
   * chosen), as measured, and gives the plot SCREEN_COST_PLOT_MIN_SHARE:
   * a longer name is cut there, its GPUs and its vendor's head kept, and
   * a label inside the plot widens into the room it has
   * (cp-chart-labels.c). The widest of all labels reserved the column
   * before, the recommended one's too, set at its point inside the plot:
   * the plot had 55–60% of the chart at 1,366–2,560 px (walk41, walk41b
   * F10). */
  {
    gboolean screen_cost = data->kind == CP_CHART_COST && style != CP_CHART_STYLE_PRINT;
    double plot_min = MAX (width * PLOT_MIN_SHARE, geometry->font_px * PLOT_MIN_FONT_PX);
    double left = pad + tick_w + geometry->tick_len + 3;
    double plot_w = width - pad - left;
    double widest = 0, need = 0;

    for (guint s = 0; s < data->series->len; s++)
      {
        const CpChartSeries *series = g_ptr_array_index (data->series, s);
        double w, anchor, f;

        cp_chart_text_size (geometry, series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT ? geometry->bold : geometry->small,
                            series->joint_label != NULL ? series->joint_label : series->label, 0, &w, NULL);
        widest = MAX (widest, w);
        if (series->x->len == 0)
          continue;
        anchor = isfinite (series->chosen_x) ? series->chosen_x : g_array_index (series->x, double, series->x->len - 1);
        f = cp_chart_usable (anchor, geometry->x.log) ? CLAMP (cp_chart_axis_fraction (&geometry->x, anchor), 0, 1) : 1;
        /* Set right of its point at fraction f of a plot plot_w − c wide,
         * the label reaches past its edge into a column c wide when
         * w + pad > (1 − f)(plot_w − c): c ≥ (w + pad − (1 − f) plot_w) / f. */
        if (f > 0)
          need = MAX (need, (w + pad - (1 - f) * plot_w) / f);
        else if (w + pad > plot_w)
          need = INFINITY;
      }
    geometry->label_room = MIN (widest + pad, MAX (width * 0.33, plot_w - plot_min));
    geometry->label_to_edge = screen_cost;
    geometry->label_width = screen_cost
                            ? CLAMP (need, 0, MAX (0, plot_w - MAX (width * SCREEN_COST_PLOT_MIN_SHARE,
                                                                    geometry->font_px * PLOT_MIN_FONT_PX)))
                            : geometry->label_room;
  }

  geometry->title_width = MAX (width - 2 * pad - MAX (0, data->title_inset), width / 3);
  cp_chart_text_size (geometry, geometry->bold, data->title, geometry->title_width, NULL, &geometry->title_height);
  geometry->note = g_strdup (data->note);
  for (guint p = 0; p < geometry->n_panels && data->kind == CP_CHART_COST; p++)
    {
      const CpChartBreakEven *break_even = &data->break_even[p];

      /* A break-even without a line goes into the note, at every size:
       * on the panel's title row where that was wide enough, it moved
       * from under the chart to beside it as the window widened or the
       * chart was presented (issue 26). Unless the note would then take
       * more than a quarter of the chart: on a thumbnail the plot and the
       * recommended label come first. */
      if (break_even->label != NULL && !isfinite (break_even->x))
        {
          /* Drawn on a worker, where the language is not switched: the
           * sentences are spaced by the chart's language's rule, not
           * by a translation ("。 成本" in Chinese, issue 26). */
          g_autofree char *joined = geometry->note != NULL
                                    ? g_strdup_printf ("%s %s", geometry->note, break_even->sentence) : NULL;
          char *note = joined != NULL ? cp_i18n_space_chinese (joined, data->lang) : g_strdup (break_even->sentence);
          double longer_note_h = 0;

          cp_chart_text_size (geometry, geometry->small, note, width - 2 * pad, NULL, &longer_note_h);
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
    cp_chart_text_size (geometry, geometry->small, geometry->note, width - 2 * pad, NULL, &note_h);

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

void
cp_chart_geometry_clear (Geometry *geometry)
{
  axis_clear (&geometry->x);
  for (guint p = 0; p < geometry->n_panels; p++)
    {
      axis_clear (&geometry->panels[p].y);
      g_clear_pointer (&geometry->panels[p].segments, g_array_unref);
      g_clear_pointer (&geometry->panels[p].marks, g_array_unref);
      g_clear_pointer (&geometry->panels[p].bands, g_array_unref);
    }
  g_clear_pointer (&geometry->font, pango_font_description_free);
  g_clear_pointer (&geometry->bold, pango_font_description_free);
  g_clear_pointer (&geometry->small, pango_font_description_free);
  g_clear_pointer (&geometry->note, g_free);
  g_clear_pointer (&geometry->measured, g_hash_table_unref);
  g_clear_pointer (&geometry->context_key, g_free);
  g_clear_object (&geometry->layout);
  g_clear_object (&geometry->context);
}

double
cp_chart_text_px_min (const CpChartData *data,
                      double             height)
{
  return MIN (data->text_px_min, height / TEXT_LINES_MIN);
}

double
cp_chart_height_for_text (const CpChartData *data,
                          double             text_px)
{
  return text_px * (data->kind == CP_CHART_TIMELINE ? cp_chart_timeline_text_lines (data) : TEXT_LINES_MIN);
}

/* On paper glyphs sit where the font puts them, as the report's own text
 * (cp-report-doc.c): placed at whole units, as a screen's pixels want, a
 * Chinese PDF's 8-pt "QLoRA" read "Q LoRA" (room18), each advance
 * rounded to a whole point. */
PangoContext *
cp_chart_context_new (cairo_t      *cr,
                      CpChartStyle  style)
{
  PangoContext *context = pango_cairo_create_context (cr);

  if (style == CP_CHART_STYLE_PRINT)
    pango_context_set_round_glyph_positions (context, FALSE);
  return context;
}

/* Geometry measured without drawing: sizes are absolute, so any surface
 * gives the same plot rectangle as cp_chart_draw(). */
void
cp_chart_geometry_init_detached (Geometry          *geometry,
                                 const CpChartData *data,
                                 CpChartStyle       style,
                                 double             width,
                                 double             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = cp_chart_context_new (cr, style);

  cp_chart_geometry_init (geometry, context, data, style, width, height);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

double
cp_chart_to_px_x (const Geometry *geometry,
                  double          value)
{
  return geometry->left + cp_chart_axis_fraction (&geometry->x, value) * (geometry->right - geometry->left);
}

double
cp_chart_to_px_y (const Panel *panel,
                  double       value)
{
  return panel->bottom - cp_chart_axis_fraction (&panel->y, value) * (panel->bottom - panel->top);
}

gboolean
cp_chart_above_panel (const Panel *panel,
                      double       value)
{
  return cp_chart_axis_fraction (&panel->y, value) > 1.0;
}

GArray *
cp_chart_panel_values (const Panel         *panel,
                       const CpChartSeries *series)
{
  return panel->second ? series->y2 : series->y;
}
