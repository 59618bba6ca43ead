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

/* One drawing: its key, and once recorded, its recording and label
 * boxes; one made to be recorded on a worker has its own copy of the
 * data and of the font options. */
struct _CpChartDrawing {
  char                 *key;
  double                width;
  double                height;
  CpChartStyle          style;
  CpChartData          *data;
  cairo_font_options_t *options;
  cairo_surface_t      *recording;
  GArray               *label_boxes;  /* CpChartLabelBox */
};

typedef CpChartDrawing Drawing;

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
  g_clear_pointer (&drawing->data, cp_chart_data_free);
  g_clear_pointer (&drawing->options, cairo_font_options_destroy);
  g_clear_pointer (&drawing->recording, cairo_surface_destroy);
  g_clear_pointer (&drawing->label_boxes, g_array_unref);
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

/* Draws @drawing's chart into a recording of its own. */
static void
drawing_record (Drawing                    *drawing,
                const CpChartData          *data,
                const cairo_font_options_t *options)
{
  cairo_t *recorder;

  drawing->recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                       &(cairo_rectangle_t) { 0, 0, drawing->width, drawing->height });
  drawing->label_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  recorder = cairo_create (drawing->recording);
  cairo_set_font_options (recorder, options);
  cp_chart_draw_full (recorder, drawing->width, drawing->height, drawing->style, data, drawing->label_boxes);
  cairo_destroy (recorder);
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

  drawing->key = key;
  drawing->width = width;
  drawing->height = height;
  drawing->style = style;
  drawing_record (drawing, data, options);
  return drawing;
}

/* Whether a drawing at @cr's transform replays as drawn there: text is
 * laid out at the transform it is drawn at, and a recording made at one
 * scale or turn would not replay another's glyphs. */
static gboolean
replayable (cairo_t *cr,
            double   width,
            double   height)
{
  cairo_matrix_t matrix;

  cairo_get_matrix (cr, &matrix);
  return width > 0 && height > 0 && isfinite (width) && isfinite (height) &&
         matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0;
}

/* The kept drawing of @key, moved to the front, or NULL. */
static Drawing *
find_drawing (CpChartCache *cache,
              const char   *key)
{
  for (GList *link = cache->drawings.head; link != NULL; link = link->next)
    if (g_str_equal (((Drawing *) link->data)->key, key))
      {
        g_queue_unlink (&cache->drawings, link);
        g_queue_push_head_link (&cache->drawings, link);
        return link->data;
      }
  return NULL;
}

static void
keep_drawing (CpChartCache *cache,
              Drawing      *drawing)
{
  g_queue_push_head (&cache->drawings, drawing);
  while (cache->drawings.length > cache->capacity)
    drawing_free (g_queue_pop_tail (&cache->drawings));
}

static void
replay (cairo_t       *cr,
        const Drawing *drawing,
        GArray        *label_boxes)
{
  cairo_save (cr);
  cairo_set_source_surface (cr, drawing->recording, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  if (label_boxes != NULL)
    g_array_append_vals (label_boxes, drawing->label_boxes->data, drawing->label_boxes->len);
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
  cairo_font_options_t *options;
  Drawing *drawing;

  g_return_if_fail (cache != NULL && cr != NULL && data != NULL);

  if (cp_chart_cache_replay (cache, cr, width, height, style, data, label_boxes))
    return;
  if (!replayable (cr, width, height))
    {
      cp_chart_draw_full (cr, width, height, style, data, label_boxes);
      return;
    }
  /* A miss: drawn once into a recording, kept, and replayed. */
  options = font_options_of (cr);
  drawing = drawing_new (drawing_key (data, width, height, style, options), width, height, style, data, options);
  cairo_font_options_destroy (options);
  keep_drawing (cache, drawing);
  replay (cr, drawing, label_boxes);
}

gboolean
cp_chart_cache_replay (CpChartCache      *cache,
                       cairo_t           *cr,
                       double             width,
                       double             height,
                       CpChartStyle       style,
                       const CpChartData *data,
                       GArray            *label_boxes)
{
  cairo_font_options_t *options;
  g_autofree char *key = NULL;
  Drawing *drawing;

  g_return_val_if_fail (cache != NULL && cr != NULL && data != NULL, FALSE);

  if (!replayable (cr, width, height))
    return FALSE;
  options = font_options_of (cr);
  key = drawing_key (data, width, height, style, options);
  cairo_font_options_destroy (options);
  drawing = find_drawing (cache, key);
  if (drawing == NULL)
    return FALSE;
  cache->hits++;
  replay (cr, drawing, label_boxes);
  return TRUE;
}

CpChartDrawing *
cp_chart_drawing_new (cairo_t           *cr,
                      double             width,
                      double             height,
                      CpChartStyle       style,
                      const CpChartData *data)
{
  Drawing *drawing;

  g_return_val_if_fail (cr != NULL && data != NULL, NULL);

  if (!replayable (cr, width, height))
    return NULL;
  drawing = g_new0 (Drawing, 1);
  drawing->options = font_options_of (cr);
  drawing->key = drawing_key (data, width, height, style, drawing->options);
  drawing->width = width;
  drawing->height = height;
  drawing->style = style;
  drawing->data = cp_chart_data_copy (data);
  return drawing;
}

const char *
cp_chart_drawing_get_key (const CpChartDrawing *drawing)
{
  g_return_val_if_fail (drawing != NULL, NULL);

  return drawing->key;
}

void
cp_chart_drawing_record (CpChartDrawing *drawing)
{
  g_return_if_fail (drawing != NULL && drawing->data != NULL && drawing->recording == NULL);

  drawing_record (drawing, drawing->data, drawing->options);
  /* Kept as a recording: the data and options served their turn. */
  g_clear_pointer (&drawing->data, cp_chart_data_free);
  g_clear_pointer (&drawing->options, cairo_font_options_destroy);
}

void
cp_chart_drawing_free (CpChartDrawing *drawing)
{
  if (drawing != NULL)
    drawing_free (drawing);
}

void
cp_chart_cache_take (CpChartCache   *cache,
                     CpChartDrawing *drawing)
{
  g_return_if_fail (cache != NULL && drawing != NULL && drawing->recording != NULL);

  if (find_drawing (cache, drawing->key) != NULL)
    {
      drawing_free (drawing);
      return;
    }
  keep_drawing (cache, drawing);
}
