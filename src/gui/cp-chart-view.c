/* cp-chart-view.c: a chart of the report drawn in the window.
 *
 * The same cairo function draws the chart here, in PNG/SVG exports, in
 * the PDF report and when printing; the widget picks the light or dark
 * style the desktop asks for, grows with its pane, says what the
 * pointer is over beside the pointer, and carries two buttons: export (PNG or SVG, written
 * off the main thread) and present (the chart alone, full screen, for a
 * projector; Esc leaves).
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cp-chart-view.h"
#include "cp-window-private.h"

struct _CpChartView
{
  GtkWidget     parent_instance;

  GtkWidget    *controls;
  GtkWidget    *present_button;
  GtkWidget    *readout_label;  /* the readout, beside the pointer */
  guint         readout_id;     /* shows a readout changed by a new size */

  CpChartData  *data;
  gboolean      calculating;    /* no data yet: says so where the chart goes */
  char         *readout;
  double        pointer_x;
  double        pointer_y;
  gboolean      pointer_inside;
  int           allocated_width;   /* the size the pointer's place was read at */
  int           allocated_height;

  /* Where the last frame put its labels (CpChartLabelBox): a name
   * shortened to its room shows whole in a tooltip under the pointer. */
  GArray       *label_boxes;
  /* The chart last drawn and where its labels were, kept through
   * "Calculating…" for the job's next chart to keep them there
   * (cp_chart_data_keep_placements()); NULL while none is kept. */
  CpChartData  *drawn_data;
  GArray       *drawn_boxes;
  /* The last charts drawn: a frame that repaints the chart, or a job
   * shown again, replays its drawing rather than placing its labels
   * again (issue 25: 65% of a job switch's chart drawing). */
  CpChartCache *drawings;
  /* A chart's first drawing at a size, most of a frame on a large
   * project (its labels placed), is made on a worker: the frame that
   * brings new data shows the chart before it (the same job's, changed;
   * none after cp_chart_view_set_calculating()), and the new one comes in
   * its place. A chart drawn once is drawn again here (a new size, the
   * dark style), as a frame must show it at the size it has. */
  gboolean      data_drawn;     /* self->data drawn since it was set */
  GskRenderNode *shown_node;    /* the chart last drawn, shown meanwhile */
  /* The same chart before a change of its job, shown dimmed under
   * "Calculating…" until the new one is drawn
   * (cp_chart_view_set_recalculating()). */
  GskRenderNode *previous_node;
  char         *drawing_key;    /* the drawing being made, or NULL */
  GCancellable *drawing_cancellable;

  /* The height of the scrolled pane's first screen below the chart's top
   * that the chart is measured for (0: none), and the re-measure queued
   * when the pane shows another. It changes only with a re-measure, so
   * every size GTK keeps for the chart was measured for the same one: a
   * size read at a new width against the pane's height of the moment
   * disagreed with one kept from before (a critical in CI 44). */
  int           measure_visible_px;
  /* Of that first screen, the height asked to be kept under the chart
   * (present mode: the table's first rows), kept only where the chart
   * still has its 460 px above it. */
  int           room_below_px;
  /* The pane's whole screen at that measure (0: none). */
  int           measure_page_px;
  /* The least height it was measured with (least_height_px()): new data
   * that asks another (the calendar's bars) measures it again. */
  int           measured_least_px;
  guint         resize_id;
  GtkAdjustment *pane_adjustment;  /* the pane's vertical one, while rooted */

  GtkWindow    *presentation;   /* the full-screen window while it is open */
  GCancellable *cancellable;    /* exports still running */
  gboolean      exporting;
  char         *export_path;  /* the file the export in progress writes */
};

G_DEFINE_FINAL_TYPE (CpChartView, cp_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_READOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Below these the axis labels collide. The height keeps each panel of
 * the cost chart about 110 px tall at 400 px wide, a 1024 px window's
 * pane, beside the title, labels and note it also holds: at 360 they
 * were 55 px and unreadable (walkthrough 5, N4). */
#define MIN_WIDTH_PX 320
#define MIN_HEIGHT_PX 460
/* The chart keeps a 16 : 9 picture, a projector's, as its pane widens. */
#define HEIGHT_PER_WIDTH (9.0 / 16.0)
/* The chart drawings a view keeps for a redraw with the same inputs. */
#define DRAWINGS_KEPT 8
/* Exported PNGs have two pixels per pixel on screen, sharp on a slide. */
#define EXPORT_PNG_SCALE 2.0

/* The readout beside the pointer, where size_allocate places it: placed
 * again when its text changed or the pointer moved. Queued after every
 * allocation, the allocation queued the next: while the pointer rested on
 * the chart, every frame laid it out again, and under ASan on a busy
 * machine the window's main loop was never idle (CI 56: a GUI test waited
 * 600 s for it). */
static void
show_readout (CpChartView *self,
              gboolean     pointer_moved)
{
  gboolean says = self->readout != NULL && *self->readout != '\0';
  GtkLabel *label = GTK_LABEL (self->readout_label);
  gboolean changed = FALSE;

  if (g_strcmp0 (gtk_label_get_label (label), says ? self->readout : "") != 0)
    {
      gtk_label_set_label (label, says ? self->readout : "");
      changed = TRUE;
    }
  if (gtk_widget_get_visible (self->readout_label) != says)
    {
      gtk_widget_set_visible (self->readout_label, says);
      changed = TRUE;
    }
  if (says && (changed || pointer_moved))
    gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static gboolean
show_readout_cb (gpointer user_data)
{
  CpChartView *self = user_data;

  self->readout_id = 0;
  show_readout (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* The whole name of a quote whose label the chart shortened ("8 × H20
 * 96GB · 示例供应商 C…") when the pointer is over that label; NULL
 * elsewhere. */
static const char *
cut_label_name_at_pointer (CpChartView *self)
{
  for (guint i = 0; self->data != NULL && self->pointer_inside && i < self->label_boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (self->label_boxes, CpChartLabelBox, i);
      const CpChartSeries *series;

      if (box->series < 0 || (guint) box->series >= self->data->series->len ||
          self->pointer_x < box->x || self->pointer_x > box->x + box->width ||
          self->pointer_y < box->y || self->pointer_y > box->y + box->height)
        continue;
      series = g_ptr_array_index (self->data->series, box->series);
      return series->label != NULL && box->shown_bytes < strlen (series->label) ? series->label : NULL;
    }
  return NULL;
}

/* What the pointer is over; from a new size (@allocating) its label
 * follows before the next frame: a label's text set while the chart is
 * allocated would be painted unplaced. Over a shortened label, nothing:
 * its tooltip names the quote, and a readout of the nearest point, often
 * another quote's, drawn under it named two vendors at once (walk34
 * V10). */
static void
update_readout (CpChartView *self,
                gboolean     allocating)
{
  g_autofree char *readout = NULL;

  if (self->data != NULL && self->pointer_inside && cut_label_name_at_pointer (self) == NULL)
    readout = cp_chart_readout (self->data,
                                gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)),
                                self->pointer_x, self->pointer_y);

  if (g_strcmp0 (readout, self->readout) != 0)
    {
      g_free (self->readout);
      self->readout = g_steal_pointer (&readout);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READOUT]);
    }
  if (!allocating)
    show_readout (self, TRUE);
  else if (self->readout_id == 0)
    self->readout_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, show_readout_cb, self, NULL);
}

/* The whole name of a quote whose label the chart shortened, as the
 * tooltip over that label; none elsewhere. */
static void
update_label_tooltip (CpChartView *self)
{
  const char *name = cut_label_name_at_pointer (self);

  if (g_strcmp0 (name, gtk_widget_get_tooltip_text (GTK_WIDGET (self))) != 0)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self), name);
}

static void
on_motion (CpChartView *self,
           double       x,
           double       y)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  update_readout (self, FALSE);
  update_label_tooltip (self);
}

static void
on_leave (CpChartView *self)
{
  self->pointer_inside = FALSE;
  update_readout (self, FALSE);
  update_label_tooltip (self);
}

static void
update_actions (CpChartView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.export", self->data != NULL && !self->exporting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chart.present", self->data != NULL);
}

/* The size in pixels of @font, at @context's resolution. */
static double
font_px (const PangoFontDescription *font,
         PangoContext               *context)
{
  double size = (double) pango_font_description_get_size (font) / PANGO_SCALE;

  if (pango_font_description_get_size_is_absolute (font))
    return size;
  return size * pango_cairo_context_get_resolution (context) / 72.0;
}

/* The chart's text no smaller than the words around it where the style
 * makes them larger than the desktop's (window.cp-present chart, 16 pt):
 * in present mode the axes read at 13 px under 16-pt paragraphs
 * (room18). Elsewhere the chart's own sizes. */
static double
text_px_min (CpChartView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  g_autofree char *desktop_name = NULL;
  g_autoptr(PangoFontDescription) desktop = NULL;
  double own_px = font_px (pango_context_get_font_description (context), context);

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-font-name", &desktop_name, NULL);
  desktop = pango_font_description_from_string (desktop_name != NULL ? desktop_name : "");
  if (pango_font_description_get_size (desktop) <= 0)
    return 0;
  return own_px > font_px (desktop, context) + 0.5 ? own_px : 0;
}

/* The title wraps clear of the buttons over the chart's top right; the
 * text is as large as the words around it. */
static void
update_title_inset (CpChartView *self)
{
  GtkRequisition natural;

  if (self->data == NULL)
    return;
  gtk_widget_get_preferred_size (self->controls, NULL, &natural);
  self->data->title_inset = natural.width;
  self->data->text_px_min = text_px_min (self);
}

/* The share of its opacity the chart before a change keeps under
 * "Calculating…": seen for what it was, not read as the answer. */
#define PREVIOUS_CHART_OPACITY 0.3

/* "Calculating…" in the dimmed colour of a placeholder, where the chart
 * will be, over the chart before the change, dimmed, if there is one. */
static void
snapshot_calculating (CpChartView *self,
                      GtkSnapshot *snapshot,
                      int          width,
                      int          height)
{
  GtkWidget *widget = GTK_WIDGET (self);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, _("Calculating…"));
  GdkRGBA color;
  int text_width, text_height;

  if (self->previous_node != NULL)
    {
      gtk_snapshot_push_opacity (snapshot, PREVIOUS_CHART_OPACITY);
      gtk_snapshot_append_node (snapshot, self->previous_node);
      gtk_snapshot_pop (snapshot);
    }
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  color.alpha *= 0.55f;
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - text_width) / 2.f, MIN (height, 160) / 2.f));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  g_object_unref (layout);
}

static void
drawing_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  CpChartDrawing *drawing = task_data;

  if (g_task_return_error_if_cancelled (task))
    {
      cp_chart_drawing_free (drawing);
      return;
    }
  cp_chart_drawing_record (drawing);
  g_task_return_pointer (task, drawing, (GDestroyNotify) cp_chart_drawing_free);
}

static void
on_drawing_made (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(CpChartView) self = user_data;
  CpChartDrawing *drawing = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Another drawing replaced it, or the view is gone. */
  if (drawing == NULL)
    return;
  g_clear_object (&self->drawing_cancellable);
  g_clear_pointer (&self->drawing_key, g_free);
  cp_chart_cache_take (self->drawings, drawing);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
cancel_drawing (CpChartView *self)
{
  g_cancellable_cancel (self->drawing_cancellable);
  g_clear_object (&self->drawing_cancellable);
  g_clear_pointer (&self->drawing_key, g_free);
}

/* The drawing of the data at this size made on a worker, unless it is
 * being made already; FALSE when it must be drawn here (a drawing made
 * apart would not replay into @cr). */
static gboolean
order_drawing (CpChartView  *self,
               cairo_t      *cr,
               int           width,
               int           height,
               CpChartStyle  style)
{
  CpChartDrawing *drawing = cp_chart_drawing_new (cr, width, height, style, self->data);
  g_autoptr(GTask) task = NULL;

  if (drawing == NULL)
    return FALSE;
  if (g_strcmp0 (self->drawing_key, cp_chart_drawing_get_key (drawing)) == 0)
    {
      cp_chart_drawing_free (drawing);
      return TRUE;
    }
  cancel_drawing (self);
  self->drawing_key = g_strdup (cp_chart_drawing_get_key (drawing));
  self->drawing_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->drawing_cancellable, on_drawing_made, g_object_ref (self));
  g_task_set_source_tag (task, order_drawing);
  g_task_set_task_data (task, drawing, NULL);
  g_task_run_in_thread (task, drawing_in_thread);
  return TRUE;
}

static void
cp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CpChartStyle style;
  GtkSnapshot *chart;
  GskRenderNode *node;
  cairo_t *cr;
  gboolean ordered = FALSE;

  if (self->data == NULL && self->calculating && width > 0 && height > 0)
    {
      snapshot_calculating (self, snapshot, width, height);
      return;
    }
  if (self->data == NULL || width <= 0 || height <= 0)
    return;

  style = adw_style_manager_get_dark (adw_style_manager_get_default ())
          ? CP_CHART_STYLE_DARK : CP_CHART_STYLE_LIGHT;

  chart = gtk_snapshot_new ();
  cr = gtk_snapshot_append_cairo (chart, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_array_set_size (self->label_boxes, 0);
  /* New data: its drawing kept from before (a job shown again), else
   * made on a worker. */
  if (self->data_drawn ||
      !(cp_chart_cache_replay (self->drawings, cr, width, height, style, self->data, self->label_boxes) ||
        (ordered = order_drawing (self, cr, width, height, style))))
    cp_chart_draw_cached (self->drawings, cr, width, height, style, self->data, self->label_boxes);
  cairo_destroy (cr);
  node = gtk_snapshot_free_to_node (chart);

  if (ordered)
    {
      if (self->shown_node != NULL)
        gtk_snapshot_append_node (snapshot, self->shown_node);
      else
        snapshot_calculating (self, snapshot, width, height);
      g_clear_pointer (&node, gsk_render_node_unref);
    }
  else
    {
      self->data_drawn = TRUE;
      cancel_drawing (self);
      g_clear_pointer (&self->previous_node, gsk_render_node_unref);
      if (node != NULL)
        gtk_snapshot_append_node (snapshot, node);
      g_clear_pointer (&self->shown_node, gsk_render_node_unref);
      self->shown_node = node;
    }

  gtk_widget_snapshot_child (widget, self->controls, snapshot);
  gtk_widget_snapshot_child (widget, self->readout_label, snapshot);
}

/* How tall the chart can be and still show whole, with what is above it
 * in the scrolled pane it is in, on the pane's first screen: the pane's
 * height less the chart's top in the pane's content; 0 when it is in no
 * scrolled pane (the presentation's window) or not laid out yet. */
static int
visible_height_px (CpChartView *self,
                   int         *page_px)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double page;

  if (page_px != NULL)
    *page_px = 0;
  if (scrolled == NULL)
    return 0;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  page = gtk_adjustment_get_page_size (adjustment);
  /* The chart's top as the pane shows it, scrolled to its top: a point
   * in the content left out the content's and the chart's own margins
   * (18 and 6 px), and the chart with the table's rows under it in
   * present mode ran 24 px past the first screen. */
  if (page <= 0 || !gtk_widget_compute_bounds (GTK_WIDGET (self), scrolled, &bounds))
    return 0;
  if (page_px != NULL)
    *page_px = (int) page;
  return (int) (page - MAX (bounds.origin.y + gtk_adjustment_get_value (adjustment), 0));
}

static gboolean
remeasure_cb (gpointer user_data)
{
  CpChartView *self = user_data;

  self->resize_id = 0;
  self->measure_visible_px = visible_height_px (self, &self->measure_page_px);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Measures the chart again when the pane's height or the chart's place
 * in it has changed since it was measured: the text above it grew, the
 * window went full screen. Its place moves without a new size, which
 * allocates nothing; the pane's content then changes height, which its
 * adjustment tells. */
static void
check_pane (CpChartView *self)
{
  if (visible_height_px (self, NULL) != self->measure_visible_px && self->resize_id == 0)
    self->resize_id = g_idle_add (remeasure_cb, self);
}

static void
cp_chart_view_root (GtkWidget *widget)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  GtkWidget *scrolled;

  GTK_WIDGET_CLASS (cp_chart_view_parent_class)->root (widget);
  scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled == NULL)
    return;
  g_set_object (&self->pane_adjustment, gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)));
  g_signal_connect_object (self->pane_adjustment, "changed", G_CALLBACK (check_pane), self, G_CONNECT_SWAPPED);
}

static void
cp_chart_view_unroot (GtkWidget *widget)
{
  CpChartView *self = CP_CHART_VIEW (widget);

  if (self->pane_adjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->pane_adjustment, self);
  g_clear_object (&self->pane_adjustment);
  GTK_WIDGET_CLASS (cp_chart_view_parent_class)->unroot (widget);
}

/* A chart whose tab is left says nothing more of where the pointer was:
 * shown again, it reads where the pointer comes. */
static void
cp_chart_view_unmap (GtkWidget *widget)
{
  CpChartView *self = CP_CHART_VIEW (widget);

  self->pointer_inside = FALSE;
  update_readout (self, FALSE);
  GTK_WIDGET_CLASS (cp_chart_view_parent_class)->unmap (widget);
}

static GtkSizeRequestMode
cp_chart_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Whether the window the chart is in presents its results full screen
 * (present mode, F11: the window's cp-present style class). */
static gboolean
presented_in_window (CpChartView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL && gtk_widget_has_css_class (GTK_WIDGET (root), "cp-present");
}

/* The chart's least height above the table's first rows: below it the
 * axes' labels collide; in present mode also the height that keeps its
 * text at the size of the words around it. At 2560 × 1440, kept above
 * the table's first rows, the chart was 510 px tall, its text 19.6 px
 * under 28-px paragraphs and its panels about 140 px, where the first
 * screen had 807 px for it (walk37 F6). */
static int
least_height_px (CpChartView *self)
{
  if (!presented_in_window (self))
    return MIN_HEIGHT_PX;
  /* "Calculating…" keeps the height of the chart it replaces: the page
   * under it does not move twice for one edit. */
  if (self->data == NULL)
    return MAX (MIN_HEIGHT_PX, self->measured_least_px);
  return MAX (MIN_HEIGHT_PX, (int) ceil (cp_chart_height_for_text (self->data, text_px_min (self))));
}

static void
cp_chart_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  int controls_min = 0, controls_nat = 0;

  gtk_widget_measure (self->controls, orientation, -1, &controls_min, &controls_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (MIN_WIDTH_PX, controls_min);
      *natural = MAX (560, controls_nat);
    }
  else
    {
      /* The height follows the width the pane gives, as a minimum: the
       * results scroll, and a viewport gives its content only its
       * minimum height, which left each panel of a 1,080 px wide chart
       * about 80 px tall (walkthrough 4, #12). */
      /* The table's rows stay on the first screen under the chart only
       * where that leaves the chart its 460 px; on a smaller screen the
       * chart is what the room looks at and takes the first screen: at
       * 1024 × 700 in present mode, kept above two rows, it was 365 px
       * tall (its panels about 90 px each), now 550. */
      /* The table's rows give way first: a chart the words above leave
       * 512 of its 555 px at 1600 × 1000 keeps to the first screen, its
       * text a step smaller, rather than go whole to the next. */
      int least_px = self->measured_least_px = least_height_px (self);
      gboolean keeps_room;
      int visible;
      int picture_px;

      keeps_room = self->measure_visible_px - self->room_below_px >= least_px;
      visible = self->measure_visible_px > 0 ? self->measure_visible_px - (keeps_room ? self->room_below_px : 0) : 0;
      picture_px = for_size > 0 ? MAX (MIN_HEIGHT_PX, (int) (for_size * HEIGHT_PER_WIDTH)) : MIN_HEIGHT_PX;

      /* Whole on the pane's first screen, under the results' text, where
       * that leaves it its least height: in present mode at 2560 × 1440
       * the 16 : 9 chart was 1,430 px tall under 360 px of text, and its
       * axis was off the screen (session 16). The height for no given
       * width is the most any width asks: GTK's boxes take it as the
       * bound of their search for a width, and a smaller one was a
       * critical, "Expect overlapping widgets" (CI 44). Outside a pane
       * (the full-screen window) the picture's height is only natural. */
      /* In present mode, where the words above leave it less than that
       * on the first screen, the chart is the next screen, whole: at
       * 1024 × 700 its 460 px under the answer left each panel about
       * 100 px (walk37b), a screen of it about 250. */
      if (visible > 0 && visible < MIN_HEIGHT_PX && self->measure_page_px > MIN_HEIGHT_PX && presented_in_window (self))
        *minimum = self->measure_page_px;
      else if (visible > 0)
        *minimum = for_size > 0 ? MIN (picture_px, MAX (MIN_HEIGHT_PX, visible)) : MAX (MIN_HEIGHT_PX, visible);
      else
        *minimum = MIN_HEIGHT_PX;
      *natural = MAX (*minimum, picture_px);

    }
}

/* How far from the pointer the readout keeps, as a tooltip does: the
 * point under the pointer stays in view. */
#define READOUT_OFFSET_PX 16

/* Below and right of the pointer; left of it or above it where the chart
 * ends, and always within the chart. */
static void
place_readout (CpChartView *self,
               int          width,
               int          height)
{
  int min_w, natural_w, w, h;
  double x, y;

  if (!gtk_widget_get_visible (self->readout_label))
    return;
  gtk_widget_measure (self->readout_label, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &natural_w, NULL, NULL);
  w = MIN (natural_w, MAX (min_w, width));
  gtk_widget_measure (self->readout_label, GTK_ORIENTATION_VERTICAL, w, &h, NULL, NULL, NULL);
  x = self->pointer_x + READOUT_OFFSET_PX;
  if (x + w > width)
    x = self->pointer_x - READOUT_OFFSET_PX - w;
  y = self->pointer_y + READOUT_OFFSET_PX;
  if (y + h > height)
    y = self->pointer_y - READOUT_OFFSET_PX / 2 - h;
  x = CLAMP (x, 0, MAX (0, width - w));
  y = CLAMP (y, 0, MAX (0, height - h));
  gtk_widget_allocate (self->readout_label, w, h, -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((float) x, (float) y)));
}

static void
cp_chart_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  GtkRequisition natural;

  gtk_widget_get_preferred_size (self->controls, NULL, &natural);
  gtk_widget_allocate (self->controls, MIN (natural.width, width), MIN (natural.height, height), -1,
                       gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (MAX (0, width - natural.width), 0)));
  update_title_inset (self);
  /* A new size moved the chart under a pointer that did not move: its
   * place read before says nothing of the chart now. In present mode at
   * 2,560 px the readout of the point under the pointer in the window's
   * layout stayed over the recommended label (walk33 W7); it shows
   * again where the pointer next moves. */
  if (width != self->allocated_width || height != self->allocated_height)
    self->pointer_inside = FALSE;
  self->allocated_width = width;
  self->allocated_height = height;
  update_readout (self, TRUE);
  place_readout (self, width, height);
  /* The pane's height is known once it is allocated, after the chart was
   * measured against the one before (the window just made full screen). */
  check_pane (self);
}

void
cp_chart_view_set_data (CpChartView *self,
                        CpChartData *data)
{
  g_return_if_fail (CP_IS_CHART_VIEW (self));

  /* After a price changed, the labels stay where they were, where they
   * still can (walk41b F12). */
  if (self->data != NULL && self->label_boxes->len > 0)
    {
      g_clear_pointer (&self->drawn_data, cp_chart_data_free);
      self->drawn_data = g_steal_pointer (&self->data);
      g_array_set_size (self->drawn_boxes, 0);
      g_array_append_vals (self->drawn_boxes, self->label_boxes->data, self->label_boxes->len);
    }
  g_clear_pointer (&self->data, cp_chart_data_free);
  if (data != NULL && self->drawn_data != NULL)
    {
      cp_chart_data_keep_placements (data, self->drawn_data, self->drawn_boxes);
      g_clear_pointer (&self->drawn_data, cp_chart_data_free);
    }
  self->data = data;
  self->data_drawn = FALSE;
  self->calculating = FALSE;
  /* Nothing to draw: no chart before it shows after. */
  if (data == NULL)
    {
      cancel_drawing (self);
      g_clear_pointer (&self->shown_node, gsk_render_node_unref);
      g_clear_pointer (&self->previous_node, gsk_render_node_unref);
    }
  /* The old chart's labels are gone until the next frame. */
  g_array_set_size (self->label_boxes, 0);
  update_label_tooltip (self);
  update_title_inset (self);
  /* The presentation shows what the window shows. */
  if (self->presentation != NULL)
    cp_chart_view_set_data (CP_CHART_VIEW (gtk_window_get_child (self->presentation)),
                            data != NULL ? cp_chart_data_copy (data) : NULL);
  update_readout (self, FALSE);
  update_actions (self);
  if (least_height_px (self) != self->measured_least_px)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
cp_chart_view_set_calculating (CpChartView *self)
{
  g_return_if_fail (CP_IS_CHART_VIEW (self));

  cp_chart_view_set_data (self, NULL);
  self->calculating = TRUE;
}

void
cp_chart_view_set_recalculating (CpChartView *self)
{
  GskRenderNode *previous;

  g_return_if_fail (CP_IS_CHART_VIEW (self));

  previous = self->shown_node != NULL ? gsk_render_node_ref (self->shown_node) : NULL;
  cp_chart_view_set_calculating (self);
  self->previous_node = previous;
}

gboolean
cp_chart_view_get_previous_shown (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), FALSE);

  return self->previous_node != NULL;
}

void
cp_chart_view_set_room_below (CpChartView *self,
                              int          room_px)
{
  g_return_if_fail (CP_IS_CHART_VIEW (self));

  room_px = MAX (0, room_px);
  if (room_px == self->room_below_px)
    return;
  self->room_below_px = room_px;
  /* Measured again after the layout that asked for it. */
  if (self->resize_id == 0)
    self->resize_id = g_idle_add (remeasure_cb, self);
}

gboolean
cp_chart_view_get_drawing (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), FALSE);

  return self->drawing_cancellable != NULL;
}

gboolean
cp_chart_view_get_calculating (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), FALSE);

  return self->calculating;
}

const CpChartData *
cp_chart_view_get_data (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), NULL);

  return self->data;
}

const char *
cp_chart_view_get_readout (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), NULL);

  return self->readout;
}

GtkWindow *
cp_chart_view_get_presentation (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), NULL);

  return self->presentation;
}

GtkWidget *
cp_chart_view_new (void)
{
  return g_object_new (CP_TYPE_CHART_VIEW, NULL);
}

/* ---------------------------------------------------------------------- */
/* Present                                                                */

static void
on_presentation_destroyed (CpChartView *self)
{
  self->presentation = NULL;
}

/* The monitor the main window is on, else the display's first. */
static GdkMonitor *
presentation_monitor (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  GdkMonitor *monitor = surface != NULL ? gdk_display_get_monitor_at_surface (display, surface) : NULL;
  GListModel *monitors;

  if (monitor != NULL)
    return monitor;
  monitors = gdk_display_get_monitors (display);
  if (g_list_model_get_n_items (monitors) == 0)
    return NULL;
  monitor = g_list_model_get_item (monitors, 0);
  g_object_unref (monitor);   /* the display keeps it */
  return monitor;
}

static void
present_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  CpChartView *view;
  GtkEventController *shortcuts;
  GdkMonitor *monitor;

  if (self->data == NULL)
    return;
  if (self->presentation != NULL)
    {
      gtk_window_present (self->presentation);
      return;
    }

  view = CP_CHART_VIEW (cp_chart_view_new ());
  gtk_widget_set_visible (view->present_button, FALSE);
  cp_chart_view_set_data (view, cp_chart_data_copy (self->data));

  self->presentation = GTK_WINDOW (gtk_window_new ());
  gtk_widget_set_name (GTK_WIDGET (self->presentation), "chart-presentation");
  gtk_window_set_title (self->presentation, self->data->title);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (self->presentation, GTK_WINDOW (root));
  gtk_window_set_child (self->presentation, GTK_WIDGET (view));

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (self->presentation), shortcuts);

  g_signal_connect_object (self->presentation, "destroy", G_CALLBACK (on_presentation_destroyed),
                           self, G_CONNECT_SWAPPED);
  /* The monitor's size as well as full screen: without a window manager
   * that honours full screen the window would keep the chart's natural
   * size, smaller than the chart in the main window. */
  monitor = presentation_monitor (widget);
  if (monitor != NULL)
    {
      GdkRectangle area;

      gdk_monitor_get_geometry (monitor, &area);
      gtk_window_set_default_size (self->presentation, area.width, area.height);
      gtk_window_fullscreen_on_monitor (self->presentation, monitor);
    }
  else
    gtk_window_fullscreen (self->presentation);
  gtk_window_present (self->presentation);
}

/* ---------------------------------------------------------------------- */
/* Export                                                                 */

typedef struct {
  CpChartData *data;     /* a copy, translated on the main thread */
  char        *path;
  gboolean     svg;
  double       width;
  double       height;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  cp_chart_data_free (job->data);
  g_free (job->path);
  g_free (job);
}

static void
export_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;

  /* Only the job's own copy is read here: drawing translates nothing. */
  if (cp_chart_write_file (job->data, job->path, job->svg, job->width, job->height,
                           job->svg ? 1.0 : EXPORT_PNG_SCALE, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* Whoever asked for the export has had its answer. */
static void
on_export_completed (CpChartView *self)
{
  self->exporting = FALSE;
  update_actions (self);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CpChartView) self = user_data;
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (cp_chart_view_export_finish (self, result, &error))
    {
      /* Said, as the report's export says it (walkthrough 22: nothing
       * did), in the project's window: the presented chart's is
       * transient for it. */
      GtkWidget *window = GTK_WIDGET (root);
      g_autofree char *name = g_filename_display_basename (self->export_path);
      g_autofree char *message = g_strdup_printf (_("Chart written: %s"), name);

      if (GTK_IS_WINDOW (window) && !CP_IS_WINDOW (window))
        window = GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (window)));
      if (CP_IS_WINDOW (window))
        _cp_window_toast_written (CP_WINDOW (window), message, self->export_path);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  {
    g_autofree char *body = g_strdup_printf (_("Could not write the chart: %s"), error->message);
    GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                _("Chart Not Exported"), body);

    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
    gtk_window_present (GTK_WINDOW (dialog));
  }
}

void
cp_chart_view_export_async (CpChartView         *self,
                            const char          *path,
                            gboolean             svg,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (CP_IS_CHART_VIEW (self) && path != NULL);

  task = g_task_new (NULL, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_chart_view_export_async);
  if (self->data == NULL || self->exporting)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "%s",
                               self->data == NULL ? _("There is no chart to export.")
                                                  : _("The chart is being exported already."));
      return;
    }

  job = g_new0 (ExportJob, 1);
  job->data = cp_chart_data_copy (self->data);
  /* A file has no buttons over it. */
  job->data->title_inset = 0;
  job->path = g_strdup (path);
  job->svg = svg;
  /* The picture as the window shows it, never below what keeps it readable. */
  job->width = MAX (MIN_WIDTH_PX, gtk_widget_get_width (GTK_WIDGET (self)));
  job->height = MAX (MIN_HEIGHT_PX, gtk_widget_get_height (GTK_WIDGET (self)));
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  /* The default priority: a task's priority is also its callback's, and
   * at G_PRIORITY_LOW a main loop kept busy by frames (an animation on a
   * loaded machine) never reached it, as the import preview's reading
   * showed (bd923d0). */

  self->exporting = TRUE;
  update_actions (self);
  g_signal_connect_object (task, "notify::completed", G_CALLBACK (on_export_completed), self, G_CONNECT_SWAPPED);
  g_task_run_in_thread (task, export_in_thread);
}

gboolean
cp_chart_view_export_finish (CpChartView   *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
cp_chart_view_get_exporting (CpChartView *self)
{
  g_return_val_if_fail (CP_IS_CHART_VIEW (self), FALSE);

  return self->exporting;
}

static void
on_export_destination (GtkNativeDialog *native,
                       int              response,
                       CpChartView     *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  GtkFileFilter *filter;
  gboolean svg;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (native));
  svg = filter != NULL && g_strcmp0 (g_object_get_data (G_OBJECT (filter), "format"), "svg") == 0;
  g_object_unref (native);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    {
      g_object_unref (self);
      return;
    }

  /* The name comes as ".png": SVG picked in the type list writes an SVG,
   * its name's ".png" made ".svg" (walkthrough 22: the list was ignored
   * unless the name was edited too); a name typed with ".svg" is one. */
  if (g_str_has_suffix (path, ".svg"))
    svg = TRUE;
  if (g_str_has_suffix (path, ".png") || g_str_has_suffix (path, ".svg"))
    path[strlen (path) - 4] = '\0';
  {
    char *named = g_strconcat (path, svg ? ".svg" : ".png", NULL);

    g_free (path);
    path = named;
  }
  g_free (self->export_path);
  self->export_path = g_strdup (path);
  cp_chart_view_export_async (self, path, svg, on_exported, self);
}

/* A file name from the project's name and the chart's title: "GPU plan
 * 2026 - Total cost and time against GPU count - 70B fine-tune.png",
 * so that one project's charts stand apart from another's in the same
 * folder (issue 26); the colon, which Windows refuses, read "count- 70B"
 * when cut out. */
static char *
chart_file_name (const char *project_name,
                 const char *title)
{
  g_autofree char *whole = project_name != NULL && *project_name != '\0'
                          ? g_strconcat (project_name, ": ", title, NULL) : g_strdup (title);
  g_auto(GStrv) parts = g_strsplit (whole, ": ", -1);
  g_autofree char *joined = g_strjoinv (" - ", parts);
  char *name = g_strconcat (joined, ".png", NULL);

  g_strdelimit (name, "/\\:*?\"<>|\n", '-');
  return name;
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *native;
  GtkFileFilter *png, *svg;

  if (self->data == NULL || self->exporting)
    return;

  native = gtk_file_chooser_native_new (_("Export Chart"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  png = gtk_file_filter_new ();
  gtk_file_filter_set_name (png, _("PNG image"));
  gtk_file_filter_add_mime_type (png, "image/png");
  g_object_set_data (G_OBJECT (png), "format", (gpointer) "png");
  svg = gtk_file_filter_new ();
  gtk_file_filter_set_name (svg, _("SVG image"));
  gtk_file_filter_add_mime_type (svg, "image/svg+xml");
  g_object_set_data (G_OBJECT (svg), "format", (gpointer) "svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), png);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), svg);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), png);
  g_object_unref (png);
  g_object_unref (svg);
  {
    /* Named after what it shows (the chart's title names the job), so
     * that the charts of several jobs exported one after another do not
     * overwrite each other. */
    g_autofree char *name = NULL;
    GtkWidget *window = GTK_WIDGET (root);

    /* The presented chart's window is transient for the project's. */
    if (GTK_IS_WINDOW (window) && !CP_IS_WINDOW (window))
      window = GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (window)));
    name = chart_file_name (CP_IS_WINDOW (window) ? cp_window_get_project (CP_WINDOW (window))->name : NULL,
                            self->data->title);
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    /* Beside the project, as the report's export: it opened on the folder
     * the app was started from. */
    if (CP_IS_WINDOW (window))
      _cp_window_set_chooser_folder (CP_WINDOW (window), GTK_FILE_CHOOSER (native));
  }

  g_signal_connect (native, "response", G_CALLBACK (on_export_destination), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  _cp_window_chooser_follow_type (native);
}

/* ---------------------------------------------------------------------- */

static void
cp_chart_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CpChartView *self = CP_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_READOUT:
      g_value_set_string (value, self->readout);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_chart_view_dispose (GObject *object)
{
  CpChartView *self = (CpChartView *) object;

  g_cancellable_cancel (self->cancellable);
  cancel_drawing (self);
  g_clear_handle_id (&self->resize_id, g_source_remove);
  g_clear_handle_id (&self->readout_id, g_source_remove);
  if (self->presentation != NULL)
    gtk_window_destroy (self->presentation);
  gtk_widget_dispose_template (GTK_WIDGET (self), CP_TYPE_CHART_VIEW);

  G_OBJECT_CLASS (cp_chart_view_parent_class)->dispose (object);
}

static void
cp_chart_view_finalize (GObject *object)
{
  CpChartView *self = (CpChartView *) object;

  g_clear_pointer (&self->data, cp_chart_data_free);
  g_clear_pointer (&self->readout, g_free);
  g_clear_pointer (&self->export_path, g_free);
  g_clear_pointer (&self->label_boxes, g_array_unref);
  g_clear_pointer (&self->drawn_boxes, g_array_unref);
  g_clear_pointer (&self->drawn_data, cp_chart_data_free);
  g_clear_pointer (&self->drawings, cp_chart_cache_free);
  g_clear_pointer (&self->shown_node, gsk_render_node_unref);
  g_clear_pointer (&self->previous_node, gsk_render_node_unref);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (cp_chart_view_parent_class)->finalize (object);
}

static void
cp_chart_view_class_init (CpChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cp_chart_view_get_property;
  object_class->dispose = cp_chart_view_dispose;
  object_class->finalize = cp_chart_view_finalize;

  widget_class->snapshot = cp_chart_view_snapshot;
  widget_class->get_request_mode = cp_chart_view_get_request_mode;
  widget_class->measure = cp_chart_view_measure;
  widget_class->size_allocate = cp_chart_view_size_allocate;
  widget_class->root = cp_chart_view_root;
  widget_class->unroot = cp_chart_view_unroot;
  widget_class->unmap = cp_chart_view_unmap;

  properties[PROP_READOUT] =
    g_param_spec_string ("readout", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "chart.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "chart.present", NULL, present_action);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-chart-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CpChartView, controls);
  gtk_widget_class_bind_template_child (widget_class, CpChartView, present_button);
  gtk_widget_class_bind_template_child (widget_class, CpChartView, readout_label);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cp_chart_view_init (CpChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->label_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  self->drawn_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  /* A few jobs, each in a size or two and both styles. */
  self->drawings = cp_chart_cache_new (DRAWINGS_KEPT);

  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  update_actions (self);
}
