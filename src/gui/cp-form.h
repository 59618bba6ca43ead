/* cp-form.h: what the job and quote forms' rows share (cp-form.c). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Makes a form row's title and hint wrap between words, not inside them,
 * and keep room for a few characters (style.css, .cp-form-row): libadwaita
 * 1.2 wraps them anywhere, and a narrow form cut "Network fee" into
 * "Netw-ork fee" and "Link inside a node" into a letter a line. Field,
 * picker and combo rows of the job and quote forms all use it. */
void           cp_form_row_wrap_at_words (AdwActionRow      *row);
/* Makes the drop-down's list open with the keyboard on the chosen entry,
 * the one with the check mark. */
void           cp_form_drop_down_open_on_selected (GtkDropDown *drop_down);
/* Makes the list of the popup in @widget (an AdwComboRow) short enough to
 * open whole beside its row in the window, as
 * cp_form_drop_down_open_on_selected() does a drop-down's. */
void           cp_form_popup_fit_window (GtkWidget *widget);
/* Scrolls the form @row is in so that it shows whole, centred if it was
 * out of sight, and puts the keyboard on @focus (its input); again once
 * the form is laid out, should the change shown have moved it. */
void           cp_form_show_row         (GtkWidget  *row,
                                         GtkWidget  *focus);
/* Scrolls the popup's GtkListView @list to its entry at @position, shown
 * as @label, and puts the keyboard and the list's selection (which
 * Return picks) on it: FALSE when no row shows it. */
gboolean       cp_form_list_focus_entry (GtkWidget  *list,
                                         guint       position,
                                         const char *label);
/* AdwActionRow's template: a header box holding a box of class "title"
 * with the title and subtitle labels. NULL in a libadwaita that lays rows
 * out otherwise, which keeps its own wrapping and hint lines. */
GtkWidget     *cp_form_row_title_box    (AdwActionRow *row);

G_END_DECLS
