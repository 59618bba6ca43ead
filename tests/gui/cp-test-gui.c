/* cp-test-gui.c: what the GUI test programs share. */
#include "config.h"

#include "cp-test-gui.h"

CpApplication *
cp_test_gui_application_new (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  CpApplication *app;

  g_settings_set_boolean (settings, "autosave", FALSE);
  app = cp_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  return app;
}

GtkWidget *
cp_test_gui_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
    }
  return NULL;
}

void
cp_test_gui_collect (GtkWidget *root,
                     GType      type,
                     GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    cp_test_gui_collect (child, type, found);
}

AdwComboRow *
cp_test_gui_find_combo_row (GtkWidget  *root,
                            const char *title)
{
  g_autoptr(GPtrArray) combos = g_ptr_array_new ();

  cp_test_gui_collect (root, ADW_TYPE_COMBO_ROW, combos);
  for (guint i = 0; i < combos->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (combos, i)), title) == 0)
      return g_ptr_array_index (combos, i);
  return NULL;
}
