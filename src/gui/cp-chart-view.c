/* cp-chart-view.c: a chart of the report drawn in the window.
 *
 * The same cairo function draws the chart here, in PNG exports, in the
 * PDF report and when printing; the widget only picks the light or dark
 * style the desktop asks for and reports what the pointer is over.
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "cp-chart-view.h"

struct _CpChartView
{
  GtkWidget    parent_instance;

  CpChartData *data;
  char        *readout;
  double       pointer_x;
  double       pointer_y;
  gboolean     pointer_inside;
};

G_DEFINE_FINAL_TYPE (CpChartView, cp_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_READOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_readout (CpChartView *self)
{
  g_autofree char *readout = NULL;

  if (self->data != NULL && self->pointer_inside)
    readout = cp_chart_readout (self->data,
                                gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)),
                                self->pointer_x, self->pointer_y);

  if (g_strcmp0 (readout, self->readout) == 0)
    return;

  g_free (self->readout);
  self->readout = g_steal_pointer (&readout);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READOUT]);
}

static void
on_motion (CpChartView *self,
           double       x,
           double       y)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  update_readout (self);
}

static void
on_leave (CpChartView *self)
{
  self->pointer_inside = FALSE;
  update_readout (self);
}

static void
cp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  CpChartView *self = CP_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CpChartStyle style;
  cairo_t *cr;

  if (self->data == NULL || width <= 0 || height <= 0)
    return;

  style = adw_style_manager_get_dark (adw_style_manager_get_default ())
          ? CP_CHART_STYLE_DARK : CP_CHART_STYLE_LIGHT;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cp_chart_draw (cr, width, height, style, self->data);
  cairo_destroy (cr);
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
  /* Below these the axis labels collide. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 320;
      *natural = 560;
    }
  else
    {
      /* Tall enough to read on a projector with the legend below; the
       * results pane scrolls to the table. */
      *minimum = 360;
      *natural = 380;
    }
}

void
cp_chart_view_set_data (CpChartView *self,
                        CpChartData *data)
{
  g_return_if_fail (CP_IS_CHART_VIEW (self));

  g_clear_pointer (&self->data, cp_chart_data_free);
  self->data = data;
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

GtkWidget *
cp_chart_view_new (void)
{
  return g_object_new (CP_TYPE_CHART_VIEW, NULL);
}

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
cp_chart_view_finalize (GObject *object)
{
  CpChartView *self = (CpChartView *) object;

  g_clear_pointer (&self->data, cp_chart_data_free);
  g_clear_pointer (&self->readout, g_free);

  G_OBJECT_CLASS (cp_chart_view_parent_class)->finalize (object);
}

static void
cp_chart_view_class_init (CpChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = cp_chart_view_get_property;
  object_class->finalize = cp_chart_view_finalize;

  widget_class->snapshot = cp_chart_view_snapshot;
  widget_class->measure = cp_chart_view_measure;

  properties[PROP_READOUT] =
    g_param_spec_string ("readout", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cp_chart_view_init (CpChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}
