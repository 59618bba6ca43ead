/* cp-help-window.c: the help page (F1).
 *
 * The text lives in ui/cp-help-window.ui, translated like the rest of the
 * interface, so the help is in the window's language.
 */
#include "config.h"

#include "cp-help-window.h"

struct _CpHelpWindow
{
  AdwWindow  parent_instance;
};

G_DEFINE_FINAL_TYPE (CpHelpWindow, cp_help_window, ADW_TYPE_WINDOW)

GtkWidget *
cp_help_window_new (GtkWindow *parent)
{
  return g_object_new (CP_TYPE_HELP_WINDOW, "transient-for", parent, NULL);
}

static void
cp_help_window_class_init (CpHelpWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-help-window.ui");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cp_help_window_init (CpHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
