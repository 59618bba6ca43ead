/* cp-form.c: what the job and quote forms' rows share, whatever their
 * kind (field rows, pickers, combo rows): titles that wrap between
 * words, drop-down and combo lists that open on the chosen entry and fit
 * the window, and scrolling a row into sight. A field's value and its
 * check are cp-field-row.c's. */
#include "config.h"

#include "cp-form.h"

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_label (GtkWidget  *widget,
           const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

/* The text GTK's list factory shows for the chosen entry. */
static char *
dup_selected_text (GtkDropDown *drop_down)
{
  gpointer item = gtk_drop_down_get_selected_item (drop_down);
  GtkExpression *expression = gtk_drop_down_get_expression (drop_down);
  GValue value = G_VALUE_INIT;
  char *text = NULL;

  if (item == NULL)
    return NULL;
  if (GTK_IS_STRING_OBJECT (item))
    return g_strdup (gtk_string_object_get_string (item));
  if (expression != NULL && gtk_expression_evaluate (expression, item, &value))
    {
      text = g_value_dup_string (&value);
      g_value_unset (&value);
    }
  return text;
}

static GtkWidget *
find_popover (GtkDropDown *drop_down)
{
  GtkWidget *popover;

  /* The drop-down's children are its button and its popup. */
  for (popover = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       popover != NULL && !GTK_IS_POPOVER (popover);
       popover = gtk_widget_get_next_sibling (popover))
    ;
  return popover;
}

/* GTK 4.8's list keeps its keyboard focus where it was last, not on the
 * entry the check mark is on: Down from memory then landed a row off. The
 * row showing the chosen entry takes the focus once the list is open.
 * Once: the popup puts the focus in its search entry as it maps, even a
 * hidden one, where Up, Down and Escape went nowhere and only a click
 * closed a short list (walkthrough 4, #19); a search being typed into
 * keeps it. */
static gboolean
focus_chosen_row (gpointer user_data)
{
  GtkDropDown *drop_down = user_data;
  GtkWidget *popover = find_popover (drop_down);
  GtkWidget *list = popover != NULL ? find_descendant (popover, GTK_TYPE_LIST_VIEW) : NULL;
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (drop_down)));
  guint selected = gtk_drop_down_get_selected (drop_down);
  g_autofree char *text = dup_selected_text (drop_down);

  if (list == NULL || !gtk_widget_get_visible (popover))
    return G_SOURCE_REMOVE;
  if (focus != NULL && gtk_widget_is_ancestor (focus, popover) && GTK_IS_TEXT (focus) &&
      gtk_widget_is_visible (focus))
    return G_SOURCE_REMOVE;
  if (selected == GTK_INVALID_LIST_POSITION || text == NULL || !cp_form_list_focus_entry (list, selected, text))
    gtk_widget_grab_focus (list);
  return G_SOURCE_REMOVE;
}

gboolean
cp_form_list_focus_entry (GtkWidget  *list,
                          guint       position,
                          const char *label)
{
  g_return_val_if_fail (GTK_IS_LIST_VIEW (list), FALSE);

  /* GTK 4.8 makes the rows around the entry scrolled to at once; which
   * of them shows it is told by its text. */
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", position);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (has_label (row, label))
      {
        gtk_widget_grab_focus (row);
        /* Selected in the list, as the arrow keys select: Return picks
         * the list's selection, not the row with the keyboard, which had
         * Qwen2.5 14B picked for the 7B in view (a search moves the
         * list's selection to its second match). The drop-down's own
         * choice waits for Return. */
        gtk_widget_activate_action (list, "list.select-item", "(ubb)", position, FALSE, FALSE);
        return TRUE;
      }
  return FALSE;
}

/* GTK 4.8's popups keep a list up to 400 px tall whatever the window: in
 * a 700-px window the model list ran off its bottom and the fabric list
 * was pushed up to the window's top, away from its row (walkthrough 14).
 * The list is made short enough to open whole beside its row, on the side
 * with more room, once the popup is laid out to measure what it adds. */
static void
fit_popup_to_window (GtkWidget *popover)
{
  GtkWidget *anchor = gtk_widget_get_parent (popover);
  GtkWidget *scroller = find_descendant (popover, GTK_TYPE_SCROLLED_WINDOW);
  GtkRoot *root = anchor != NULL ? gtk_widget_get_root (anchor) : NULL;
  graphene_rect_t bounds;
  int popup_height, scroller_height, room, list_max;
  /* GTK's own limit for the list (gtkdropdown.ui, adw-combo-row.ui) */
  const int gtk_max = 400;

  if (root == NULL || scroller == NULL || !gtk_widget_compute_bounds (anchor, GTK_WIDGET (root), &bounds))
    return;
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), gtk_max);
  gtk_widget_measure (popover, GTK_ORIENTATION_VERTICAL, -1, NULL, &popup_height, NULL, NULL);
  gtk_widget_measure (scroller, GTK_ORIENTATION_VERTICAL, -1, NULL, &scroller_height, NULL, NULL);
  room = MAX (bounds.origin.y, gtk_widget_get_height (GTK_WIDGET (root)) - bounds.origin.y - bounds.size.height);
  /* What the popup adds to its list: arrow, padding, a search entry */
  list_max = room - (popup_height - scroller_height);
  /* Three rows at least, scrolled, rather than none */
  list_max = MAX (list_max, MIN (scroller_height, 3 * 34));
  if (list_max < gtk_max)
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), list_max);
}

void
cp_form_popup_fit_window (GtkWidget *widget)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  popover = find_descendant (widget, GTK_TYPE_POPOVER);
  if (popover != NULL)
    g_signal_connect (popover, "show", G_CALLBACK (fit_popup_to_window), NULL);
}

static void
on_drop_down_popup_shown (GtkWidget   *popover,
                          GtkDropDown *drop_down)
{
  fit_popup_to_window (popover);
  g_idle_add_full (G_PRIORITY_DEFAULT, focus_chosen_row, g_object_ref (drop_down), g_object_unref);
}

void
cp_form_drop_down_open_on_selected (GtkDropDown *drop_down)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  popover = find_popover (drop_down);
  if (popover != NULL)
    g_signal_connect_object (popover, "show", G_CALLBACK (on_drop_down_popup_shown), drop_down, 0);
}

/* AdwActionRow's template: a header box holding a box of class "title"
 * with the title and subtitle labels. NULL in a libadwaita that lays rows
 * out otherwise, which keeps its own wrapping and hint lines. */
GtkWidget *
cp_form_row_title_box (AdwActionRow *row)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (row));

  /* A field row's header sits over its note (add_note_label()). */
  if (header != NULL && !gtk_widget_has_css_class (header, "header"))
    header = gtk_widget_get_first_child (header);
  for (GtkWidget *box = header != NULL ? gtk_widget_get_first_child (header) : NULL; box != NULL;
       box = gtk_widget_get_next_sibling (box))
    if (GTK_IS_BOX (box) && gtk_widget_has_css_class (box, "title"))
      return box;
  return NULL;
}

void
cp_form_row_wrap_at_words (AdwActionRow *row)
{
  GtkWidget *box;

  g_return_if_fail (ADW_IS_ACTION_ROW (row));

  box = cp_form_row_title_box (row);
  for (GtkWidget *label = box != NULL ? gtk_widget_get_first_child (box) : NULL; label != NULL;
       label = gtk_widget_get_next_sibling (label))
    if (GTK_IS_LABEL (label))
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_widget_add_css_class (GTK_WIDGET (row), "cp-form-row");
}

/* Scrolls @row's form from where it was (@top) to show the row, centred
 * if it was out of sight. Setting the value, even the same one, ends the
 * scroll GTK animates to a widget given the keyboard: it measured the
 * widget where the form was last laid out, before undo showed the job
 * again from its top, and took the row out of sight. */
static void
scroll_to_row (GtkWidget *row,
               double     top)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scroller != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)) : NULL;
  GtkWidget *content = GTK_IS_VIEWPORT (viewport) ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double page;

  if (content == NULL || !gtk_widget_compute_bounds (row, content, &bounds))
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y >= top && bounds.origin.y + bounds.size.height <= top + page)
    gtk_adjustment_set_value (adjustment, top);
  else
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height / 2 - page / 2);
}

static double
scroll_value (GtkWidget *row)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);

  return scroller != NULL ? gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)))
                          : 0;
}

/* The frame after the change is laid out: the row where it now is. */
typedef struct {
  guint  frames;
  double top;    /* where the form was scrolled to */
} ShowRow;

static gboolean
scroll_to_row_laid_out (GtkWidget     *row,
                        GdkFrameClock *clock,
                        gpointer       user_data)
{
  ShowRow *show = user_data;

  /* The first frame lays out what the change queued; the next sees it. */
  if (++show->frames < 2)
    return G_SOURCE_CONTINUE;
  scroll_to_row (row, show->top);
  return G_SOURCE_REMOVE;
}

void
cp_form_show_row (GtkWidget *row,
                  GtkWidget *focus)
{
  ShowRow *show;

  g_return_if_fail (GTK_IS_WIDGET (row));
  g_return_if_fail (GTK_IS_WIDGET (focus));

  if (!gtk_widget_get_visible (row))
    return;
  show = g_new0 (ShowRow, 1);
  show->top = scroll_value (row);
  gtk_widget_grab_focus (focus);
  scroll_to_row (row, show->top);
  show->top = scroll_value (row);
  gtk_widget_add_tick_callback (row, scroll_to_row_laid_out, show, g_free);
}
