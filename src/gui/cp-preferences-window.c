/* cp-preferences-window.c: application preferences and the conventions of
 * the active window's project. */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-preferences-window.h"

struct _CpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GtkSwitch            *autosave_switch;
  AdwComboRow          *language_row;
  AdwPreferencesGroup  *conventions_group;
  AdwComboRow          *memory_unit_row;
  AdwComboRow          *bytes_convention_row;

  GSettings            *settings;
  CpWindow             *window;   /* weak */
  gboolean              loading;
};

G_DEFINE_FINAL_TYPE (CpPreferencesWindow, cp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
on_language_selected (CpPreferencesWindow *self)
{
  if (self->loading || self->settings == NULL)
    return;

  g_settings_set_string (self->settings, "report-language",
                         adw_combo_row_get_selected (self->language_row) == 1 ? "zh_CN" : "en");
}

static void
on_convention_selected (CpPreferencesWindow *self)
{
  CpProject *project;

  if (self->loading || self->window == NULL)
    return;

  project = cp_window_get_project (self->window);
  project->settings.memory_unit = (CpMemoryUnit) adw_combo_row_get_selected (self->memory_unit_row);
  project->settings.bytes_convention = (CpBytesConvention) adw_combo_row_get_selected (self->bytes_convention_row);
  cp_window_project_changed (self->window, "settings");
}

GtkWidget *
cp_preferences_window_new (GSettings *settings,
                           CpWindow  *window)
{
  CpPreferencesWindow *self = g_object_new (CP_TYPE_PREFERENCES_WINDOW,
                                            "transient-for", window,
                                            NULL);

  self->loading = TRUE;

  if (settings != NULL)
    {
      g_autofree char *lang = g_settings_get_string (settings, "report-language");

      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "autosave", self->autosave_switch, "active", G_SETTINGS_BIND_DEFAULT);
      adw_combo_row_set_selected (self->language_row, g_str_has_prefix (lang, "zh") ? 1 : 0);
    }
  else
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->autosave_switch), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->language_row), FALSE);
    }

  if (window != NULL && cp_window_get_project (window) != NULL)
    {
      const CpProject *project = cp_window_get_project (window);

      g_set_weak_pointer (&self->window, window);
      adw_combo_row_set_selected (self->memory_unit_row, project->settings.memory_unit);
      adw_combo_row_set_selected (self->bytes_convention_row, project->settings.bytes_convention);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->conventions_group), FALSE);

  self->loading = FALSE;

  return GTK_WIDGET (self);
}

static void
cp_preferences_window_dispose (GObject *object)
{
  CpPreferencesWindow *self = (CpPreferencesWindow *) object;

  g_clear_weak_pointer (&self->window);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cp_preferences_window_parent_class)->dispose (object);
}

static void
cp_preferences_window_class_init (CpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, autosave_switch);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, language_row);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, conventions_group);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, memory_unit_row);
  gtk_widget_class_bind_template_child (widget_class, CpPreferencesWindow, bytes_convention_row);
  gtk_widget_class_bind_template_callback (widget_class, on_language_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_convention_selected);
}

static void
cp_preferences_window_init (CpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
