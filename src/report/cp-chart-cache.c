/* cp-chart-cache.c: a chart view's last drawings kept as cairo
 * recordings, replayed when the same chart is drawn again.
 *
 * A chart's drawing is mostly its labels' placement, which measures
 * every text with pango at each candidate place (65% of the cost chart's
 * instructions on a 20-job × 50-quote project); the window draws the same
 * chart again on each frame that repaints it and each time a job is shown
 * again. The drawing depends on nothing but the data, the size, the style
 * and the target's font options, so those are the key. */
#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>

#include "cp-chart-private.h"

typedef struct {
  char            *key;
  cairo_surface_t *recording;
  GArray          *label_boxes;  /* CpChartLabelBox */
} Drawing;

struct _CpChartCache {
  guint  capacity;
  guint  hits;
  GQueue drawings;  /* Drawing*, the most recently drawn first */
};

static void
drawing_free (gpointer data)
{
  Drawing *drawing = data;

  g_free (drawing->key);
  cairo_surface_destroy (drawing->recording);
  g_array_unref (drawing->label_boxes);
  g_free (drawing);
}

CpChartCache *
cp_chart_cache_new (guint capacity)
{
  CpChartCache *cache = g_new0 (CpChartCache, 1);

  cache->capacity = MAX (capacity, 1);
  g_queue_init (&cache->drawings);
  return cache;
}

void
cp_chart_cache_free (CpChartCache *cache)
{
  if (cache == NULL)
    return;
  g_queue_clear_full (&cache->drawings, drawing_free);
  g_free (cache);
}

guint
cp_chart_cache_get_hits (const CpChartCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->hits;
}

/* The font options @cr's text is laid out with: its target's, with its
 * own over them, as pango_cairo_update_context() merges them. */
static cairo_font_options_t *
font_options_of (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_t *own = cairo_font_options_create ();

  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, own);
  cairo_font_options_merge (options, own);
  cairo_font_options_destroy (own);
  return options;
}

static char *
drawing_key (const CpChartData         *data,
             double                     width,
             double                     height,
             CpChartStyle               style,
             const cairo_font_options_t *options)
{
  g_autofree char *fingerprint = cp_chart_data_fingerprint (data);

  return g_strdup_printf ("%s %a %a %d %lx", fingerprint, width, height, (int) style,
                          cairo_font_options_hash (options));
}

static Drawing *
drawing_new (char                       *key,
             double                      width,
             double                      height,
             CpChartStyle                style,
             const CpChartData          *data,
             const cairo_font_options_t *options)
{
  Drawing *drawing = g_new0 (Drawing, 1);
  cairo_t *recorder;

  drawing->key = key;
  drawing->recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                       &(cairo_rectangle_t) { 0, 0, width, height });
  drawing->label_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  recorder = cairo_create (drawing->recording);
  cairo_set_font_options (recorder, options);
  cp_chart_draw_full (recorder, width, height, style, data, drawing->label_boxes);
  cairo_destroy (recorder);
  return drawing;
}

void
cp_chart_draw_cached (CpChartCache      *cache,
                      cairo_t           *cr,
                      double             width,
                      double             height,
                      CpChartStyle       style,
                      const CpChartData *data,
                      GArray            *label_boxes)
{
  cairo_matrix_t matrix;
  cairo_font_options_t *options;
  char *key;
  Drawing *drawing = NULL;

  g_return_if_fail (cache != NULL && cr != NULL && data != NULL);

  /* Text is laid out at the transform it is drawn at: a recording made
   * at one scale or turn would not replay another's glyphs. */
  cairo_get_matrix (cr, &matrix);
  if (!(width > 0 && height > 0 && isfinite (width) && isfinite (height)) ||
      matrix.xx != 1 || matrix.yy != 1 || matrix.xy != 0 || matrix.yx != 0)
    {
      cp_chart_draw_full (cr, width, height, style, data, label_boxes);
      return;
    }

  options = font_options_of (cr);
  key = drawing_key (data, width, height, style, options);
  for (GList *link = cache->drawings.head; link != NULL; link = link->next)
    if (g_str_equal (((Drawing *) link->data)->key, key))
      {
        drawing = link->data;
        g_queue_unlink (&cache->drawings, link);
        g_list_free_1 (link);
        cache->hits++;
        g_free (key);
        break;
      }
  if (drawing == NULL)
    drawing = drawing_new (key, width, height, style, data, options);
  cairo_font_options_destroy (options);

  g_queue_push_head (&cache->drawings, drawing);
  while (cache->drawings.length > cache->capacity)
    drawing_free (g_queue_pop_tail (&cache->drawings));

  cairo_save (cr);
  cairo_set_source_surface (cr, drawing->recording, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  if (label_boxes != NULL)
    g_array_append_vals (label_boxes, drawing->label_boxes->data, drawing->label_boxes->len);
}
