/* cp-results-view-labels.c: the widgets' words, visibility, style classes
 * and tooltips, each set only when it changes, so that an update
 * re-measures only what it changed (split from cp-results-view.c). */
#include "config.h"

#include "cp-labels.h"
#include "cp-results-view-private.h"

void
_cp_results_view_set_label (GtkLabel   *label,
                            const char *text)
{
  g_autoptr(PangoAttrList) dates = NULL;

  if (g_strcmp0 (gtk_label_get_label (label), text) == 0)
    return;
  /* Each Chinese date on one line where the label wraps (walk35 Y4), by
   * attributes: the text is what was written, copied or pasted as it
   * reads (walk39). */
  dates = cp_labels_dates_unbroken (text);
  gtk_label_set_label (label, text);
  gtk_label_set_attributes (label, dates);
}

void
_cp_results_view_set_visible (GtkWidget *widget,
                              gboolean   visible)
{
  if (gtk_widget_get_visible (widget) != visible)
    gtk_widget_set_visible (widget, visible);
}

void
_cp_results_view_set_css_class (GtkWidget  *widget,
                                const char *name,
                                gboolean    on)
{
  if (on && !gtk_widget_has_css_class (widget, name))
    gtk_widget_add_css_class (widget, name);
  else if (!on && gtk_widget_has_css_class (widget, name))
    gtk_widget_remove_css_class (widget, name);
}

static gboolean
on_query_kept_tooltip (GtkWidget  *widget,
                       int         x,
                       int         y,
                       gboolean    keyboard,
                       GtkTooltip *tooltip,
                       gpointer    user_data)
{
  const char *text = g_object_get_data (G_OBJECT (widget), "cp-tooltip");

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* GTK 4.8 asks the X server where the pointer is on every set of
 * GtkWidget:tooltip-text of a visible widget (to show a tooltip under it
 * at once): a round trip each, 0.3–0.5 ms on a loaded machine, for every
 * row whose Technique or memory warning a change rewords (a catalogue pick
 * on a 20 × 50 project rewords fifty; bench-window, perf). Kept on the
 * widget instead and given when GTK asks for it (query-tooltip), the same
 * words show on hover; a screen reader reads them as the widget's
 * description, as it reads a tooltip. */
void
_cp_results_view_set_tooltip (GtkWidget  *widget,
                              const char *text)
{
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (g_object_get_data (G_OBJECT (widget), "cp-tooltip"), text) == 0)
    return;
  if (g_object_get_data (G_OBJECT (widget), "cp-tooltip-asked") == NULL)
    {
      g_signal_connect (widget, "query-tooltip", G_CALLBACK (on_query_kept_tooltip), NULL);
      g_object_set_data (G_OBJECT (widget), "cp-tooltip-asked", GINT_TO_POINTER (TRUE));
    }
  g_object_set_data_full (G_OBJECT (widget), "cp-tooltip", g_strdup (text), g_free);
  gtk_widget_set_has_tooltip (widget, text != NULL);
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* A selectable label that takes the focus selects all its text
 * (GtkSettings:gtk-label-select-on-focus): the summary was shown selected
 * after F6 moved to the results, and the cost breakdown when its popover
 * opened. Such labels stay selectable with the mouse, but are no Tab
 * stop; can-focus as well, since GtkLabel's focus handler claims to have
 * taken the focus even when it may not, which stopped F6 there. */
void
_cp_results_view_keep_selectable_unfocused (GtkLabel *label)
{
  if (!gtk_label_get_selectable (label))
    return;
  gtk_widget_set_focusable (GTK_WIDGET (label), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (label), FALSE);
}
