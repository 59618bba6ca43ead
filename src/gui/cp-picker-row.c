/* cp-picker-row.c: a form row that picks one entry of a list.
 *
 * libadwaita 1.2's AdwComboRow has no search (AdwComboRow:enable-search
 * is 1.4) and emits notify::selected from adw_combo_row_set_model(): a
 * handler that refilled the model from there looped without end. This row
 * holds a GtkDropDown with GTK 4.8's search over the labels, keeps one
 * GListStore of CpPickerItem for its life, splices it only when the
 * entries differ and blocks its own handler while code moves the
 * selection.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cp-field-row.h"
#include "cp-picker-item.h"
#include "cp-picker-row.h"
#include "report/cp-reason-text.h"

struct _CpPickerRow
{
  AdwActionRow     parent_instance;

  GtkDropDown     *drop_down;
  /* The drop-down's button, which holds the tooltip */
  GtkWidget       *button;
  GListStore      *items;      /* CpPickerItem */
  gulong           selected_handler;
  /* The popup's filter and what it shows: GTK's own, made to match words */
  GtkStringFilter *filter;
  GListModel      *filtered;
  GtkWidget       *no_match_label;
  GtkPopover      *popup;       /* the drop-down's */
  /* Where the button cuts a long name (cp_picker_row_set_ellipsize()) */
  PangoEllipsizeMode ellipsize;
};

G_DEFINE_FINAL_TYPE (CpPickerRow, cp_picker_row, ADW_TYPE_ACTION_ROW)

enum {
  PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static CpPickerItem *
item_at (CpPickerRow *self,
         guint        position)
{
  CpPickerItem *item = g_list_model_get_item (G_LIST_MODEL (self->items), position);

  /* The store keeps its own reference. */
  if (item != NULL)
    g_object_unref (item);
  return item;
}

static guint
find_id (CpPickerRow *self,
         const char  *id)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (cp_picker_item_get_id (item_at (self, i)), id) == 0)
      return i;
  return 0;
}

static gboolean
same_item (CpPickerItem *item,
           const char   *id,
           const char   *label,
           const char   *whole_name)
{
  return g_strcmp0 (cp_picker_item_get_id (item), id) == 0 && g_strcmp0 (cp_picker_item_get_label (item), label) == 0 &&
         g_strcmp0 (cp_picker_item_get_whole_name (item), whole_name != NULL ? whole_name : label) == 0;
}

static const char *
whole_name_at (const char * const *whole_names,
               guint               position)
{
  return whole_names != NULL ? whole_names[position] : NULL;
}

static void
move_selection (CpPickerRow *self,
                guint        position)
{
  if (gtk_drop_down_get_selected (self->drop_down) == position)
    return;

  g_signal_handler_block (self->drop_down, self->selected_handler);
  gtk_drop_down_set_selected (self->drop_down, position);
  g_signal_handler_unblock (self->drop_down, self->selected_handler);
}

static void
update_tooltip (CpPickerRow *self)
{
  CpPickerItem *item = gtk_drop_down_get_selected_item (self->drop_down);
  /* The whole name: the trial's quote is named short in the row
   * ("8 × GeForce RTX 4090 24GB · 示例供应商 A"), whole only here. */
  const char *label = item != NULL ? cp_picker_item_get_whole_name (item) : NULL;

  /* GTK takes "" for no tooltip. */
  if (label != NULL && *label == '\0')
    label = NULL;
  /* Setting a tooltip asks the display where the pointer is (a round
   * trip to the X server), three pickers at every job switch: only a new
   * name is set. */
  if (g_strcmp0 (gtk_widget_get_tooltip_text (self->button), label) == 0)
    return;
  /* A long catalogue name is cut in the row; the tooltip has all of it. */
  gtk_widget_set_tooltip_text (self->button, label);
}

/* Screen readers name the drop-down after the row. */
static void
on_title_changed (CpPickerRow *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->drop_down),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self)),
                                  -1);
}

/* GtkDropDown's own factory lays the chosen entry out whole, so a long
 * name ("NVLink (H800, export-restricted)") took all the row and left its
 * title a letter a line. The button wraps it onto a second line, cut
 * only beyond that (the tooltip has all of it): on one line it read
 * "NVLink (A800, export-re…", the restriction that sets its bandwidth
 * cut (issue 26). The popup keeps GTK's factory: whole names, a check
 * mark on the chosen one.
 *
 * A GPU's name (cp_picker_row_set_ellipsize() with
 * PANGO_ELLIPSIZE_START) loses its maker first: the whole name on one
 * line where it fits, else the model alone ("Ascend 910B2 64GB"), and
 * only then the model wrapped and cut from its start. Cut by letters from
 * its start, it read "…awei Ascend 910B2 64GB" (walkthrough 13). A
 * squeezer shows the first of the three that fits. */
enum {
  BUTTON_WHOLE,
  BUTTON_MODEL,
  BUTTON_WRAPPED,
  N_BUTTON_LABELS
};

static void
setup_button_entry (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item)
{
  GtkWidget *squeezer = adw_squeezer_new ();

  adw_squeezer_set_xalign (ADW_SQUEEZER (squeezer), 0);
  for (guint i = 0; i < N_BUTTON_LABELS; i++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      if (i == BUTTON_WRAPPED)
        {
          gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_lines (GTK_LABEL (label), 2);
          /* Short names ("Custom", "Qwen2.5 32B") stay whole and on one
           * line; no name takes the row from its title. */
          gtk_label_set_width_chars (GTK_LABEL (label), 10);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 22);
        }
      adw_squeezer_add (ADW_SQUEEZER (squeezer), label);
    }
  gtk_list_item_set_child (list_item, squeezer);
}

static GtkLabel *
button_label (AdwSqueezer *squeezer,
              guint        index)
{
  g_autoptr(GListModel) pages = G_LIST_MODEL (adw_squeezer_get_pages (squeezer));
  g_autoptr(AdwSqueezerPage) page = g_list_model_get_item (pages, index);

  return GTK_LABEL (adw_squeezer_page_get_child (page));
}

static void
bind_button_entry (GtkSignalListItemFactory *factory,
                   GtkListItem              *list_item,
                   CpPickerRow              *self)
{
  CpPickerItem *item = gtk_list_item_get_item (list_item);
  AdwSqueezer *squeezer = ADW_SQUEEZER (gtk_list_item_get_child (list_item));
  const char *name = item != NULL ? cp_picker_item_get_label (item) : NULL;
  gboolean gpu = self->ellipsize == PANGO_ELLIPSIZE_START;
  const char *model = gpu ? cp_quote_gpu_model (name) : name;

  gtk_label_set_label (button_label (squeezer, BUTTON_WHOLE), name);
  gtk_label_set_label (button_label (squeezer, BUTTON_MODEL), model);
  gtk_label_set_label (button_label (squeezer, BUTTON_WRAPPED), model);
  gtk_label_set_ellipsize (button_label (squeezer, BUTTON_WRAPPED), self->ellipsize);
  /* Pango cuts only the last line of a wrapped label, a GPU's from that
   * line's start: in two lines a renamed GPU read "H20 141GB / … t
   * (edited)", its name and its mark both cut (walk37b N5). A third line
   * keeps a name the team typed and its "(edited)" whole
   * ("H20 141GB / HBM3e test / (edited)"); the tooltip has any longer one. */
  gtk_label_set_lines (button_label (squeezer, BUTTON_WRAPPED), gpu ? 3 : 2);
  /* Other names wrap onto a second line as they did. */
  adw_squeezer_page_set_enabled (adw_squeezer_get_page (squeezer, GTK_WIDGET (button_label (squeezer, BUTTON_WHOLE))), gpu);
  adw_squeezer_page_set_enabled (adw_squeezer_get_page (squeezer, GTK_WIDGET (button_label (squeezer, BUTTON_MODEL))),
                                 gpu && g_strcmp0 (model, name) != 0);
}

static GtkWidget *
find_search_entry (GtkWidget *widget)
{
  if (GTK_IS_SEARCH_ENTRY (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_search_entry (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_list_view (GtkWidget *widget)
{
  if (GTK_IS_LIST_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_list_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The Chinese names the catalogue's makers and families go by, which a
 * team lead types in a Chinese window (walkthrough 14: 千问, 昇腾 and 华为
 * found nothing), read as the catalogue's own words. Longer names first:
 * 通义千问 is one name, not 通义 and 千问. */
static const struct {
  const char *chinese, *catalogue;
} search_aliases[] = {
  { "通义千问", "qwen" },
  { "通义", "qwen" },
  { "千问", "qwen" },
  { "昇腾", "ascend" },
  { "华为", "huawei" },
  { "英伟达", "nvidia" },
  { "深度求索", "deepseek" },
};

/* @search with each Chinese name of search_aliases[] replaced by its
 * catalogue word, as a word of its own: "千问2.5 72b" reads "qwen 2.5 72b". */
static char *
replace_aliases (const char *search)
{
  GString *text = g_string_new (search);

  for (guint i = 0; i < G_N_ELEMENTS (search_aliases); i++)
    {
      g_autofree char *word = g_strdup_printf (" %s ", search_aliases[i].catalogue);

      g_string_replace (text, search_aliases[i].chinese, word, 0);
    }
  return g_string_free (text, FALSE);
}

/* Whether every word of @search is somewhere in the entry's name or id,
 * whatever the case: "70B", "3.1 70" and "llama 70b" find "Llama 3.1
 * 70B", "H800" finds "NVIDIA H800 SXM 80GB", "昇腾" finds "Huawei Ascend
 * 910B2 64GB". */
static gboolean
item_matches (CpPickerItem *item,
              const char   *search)
{
  /* The whole name too: a vendor's legal name finds its quote. */
  g_autofree char *text = g_strdup_printf ("%s %s %s", cp_picker_item_get_label (item) ? cp_picker_item_get_label (item) : "",
                                           cp_picker_item_get_whole_name (item) ? cp_picker_item_get_whole_name (item) : "",
                                           cp_picker_item_get_id (item) ? cp_picker_item_get_id (item) : "");
  g_autofree char *folded_text = g_utf8_casefold (text, -1);
  g_autofree char *latin = replace_aliases (search);
  g_autofree char *folded_search = g_utf8_casefold (latin, -1);
  g_auto(GStrv) words = g_strsplit_set (folded_search, " \t", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0' && strstr (folded_text, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* GTK 4.8's drop-down searches with a GtkStringFilter matching the start
 * of the label only, and keeps that filter to reset after a pick. Its
 * expression is made to give an entry that matches the search every word
 * the search itself (which the filter then finds), and any other entry
 * none: NULL, which the filter never matches (an empty string was left
 * unfreed under GTK 4.8, as LeakSanitizer showed). */
static char *
search_key (CpPickerItem *item,
            CpPickerRow  *self)
{
  const char *search = self->filter != NULL ? gtk_string_filter_get_search (self->filter) : NULL;

  if (search == NULL || !item_matches (item, search))
    return NULL;
  return g_strdup (search);
}

static void
update_no_match (CpPickerRow *self)
{
  gtk_widget_set_visible (self->no_match_label, g_list_model_get_n_items (self->filtered) == 0);
}

/* Enter in the search picks the first entry that has the words typed, the
 * only one when one is left (read from the text, which may be newer than
 * the list's filter); with nothing typed it keeps the chosen entry. */
static void
on_search_activate (CpPickerRow *self,
                    GtkEditable *search)
{
  /* Closing the list empties the search. */
  g_autofree char *text = g_strdup (gtk_editable_get_text (search));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (search), GTK_TYPE_POPOVER);

  for (guint i = 0; i < n; i++)
    if (*text == '\0' || item_matches (item_at (self, i), text))
      {
        gtk_popover_popdown (GTK_POPOVER (popover));
        if (*text != '\0')
          gtk_drop_down_set_selected (self->drop_down, i);
        return;
      }
}

/* Escape closes the list at once, as it does a list without a search.
 * GTK 4.8's search entry turns Escape into "stop-search", which nothing in
 * the drop-down answers: the key was spent, the list stayed open, and the
 * user's next click, meant for the form, picked an entry (walkthrough 21).
 * With words typed too: closing the list empties the search anyway, so
 * GTK's clear-then-close would only ask for a second Escape to reach the
 * same place. */
static void
on_search_stopped (GtkWidget *search)
{
  GtkWidget *popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* The popup is as wide as its entries: narrowed by the search, it
 * shrank with them and cut the search's own text ("ıwen2.5 72",
 * walkthrough 14). The width it opened at, with every entry, holds while
 * it is open. */
static void
on_filter_changed (CpPickerRow *self)
{
  GtkWidget *content = gtk_popover_get_child (self->popup);
  int width;

  if (content == NULL || !gtk_widget_get_mapped (content))
    return;
  gtk_widget_get_size_request (content, &width, NULL);
  if (width < 0)
    gtk_widget_set_size_request (content, gtk_widget_get_width (content), -1);
}

/* Down in the search goes to the first entry that has the words typed,
 * which Return then picks: GTK 4.8 moved the keyboard to the entry
 * chosen before, which was often not among them ("qwen2" typed, Down
 * went to Qwen2.5 72B at the list's bottom and Return kept it; issue
 * 26). */
static gboolean
on_search_key (CpPickerRow           *self,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               GtkEventControllerKey *keys)
{
  GtkWidget *search = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (keys));
  g_autoptr(CpPickerItem) first = NULL;
  GtkWidget *list;

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  /* GTK filters a moment after the last key typed (search-changed):
   * Down pressed at once goes by the words as they are. */
  gtk_string_filter_set_search (self->filter, gtk_editable_get_text (GTK_EDITABLE (search)));
  first = g_list_model_get_item (self->filtered, 0);
  list = find_list_view (GTK_WIDGET (self->popup));
  /* No entry has the words: the keyboard stays where they are typed. */
  if (first == NULL || list == NULL)
    return TRUE;
  return cp_form_list_focus_entry (list, 0, cp_picker_item_get_label (first));
}

/* Takes over the popup's filter; GTK makes it when the model is set. */
static void
setup_search (CpPickerRow *self,
              GtkWidget   *popover)
{
  GtkWidget *list = find_list_view (popover);
  GtkWidget *search = find_search_entry (popover);
  GtkWidget *scroller;
  GListModel *model;
  GtkFilter *filter;
  GtkExpression *key;
  GtkEventController *keys;

  if (list == NULL || search == NULL)
    return;
  model = G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list)));
  if (GTK_IS_SINGLE_SELECTION (model))
    model = gtk_single_selection_get_model (GTK_SINGLE_SELECTION (model));
  if (!GTK_IS_FILTER_LIST_MODEL (model))
    return;
  filter = gtk_filter_list_model_get_filter (GTK_FILTER_LIST_MODEL (model));
  if (!GTK_IS_STRING_FILTER (filter))
    return;

  self->filter = g_object_ref (GTK_STRING_FILTER (filter));
  self->filtered = g_object_ref (model);
  gtk_string_filter_set_match_mode (self->filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
  key = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (search_key), self, NULL);
  gtk_string_filter_set_expression (self->filter, key);
  gtk_expression_unref (key);

  /* TRANSLATORS: under a picker's search, when no entry has the words typed */
  self->no_match_label = gtk_label_new (_("No match"));
  gtk_widget_add_css_class (self->no_match_label, "dim-label");
  gtk_widget_set_margin_top (self->no_match_label, 12);
  gtk_widget_set_margin_bottom (self->no_match_label, 12);
  gtk_widget_set_visible (self->no_match_label, FALSE);
  scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    scroller = list;
  gtk_widget_insert_after (self->no_match_label, gtk_widget_get_parent (scroller), scroller);
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (update_no_match), self, G_CONNECT_SWAPPED);
  self->popup = GTK_POPOVER (popover);
  g_signal_connect_object (self->filter, "changed", G_CALLBACK (on_filter_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (search, "activate", G_CALLBACK (on_search_activate), self, G_CONNECT_SWAPPED);
  g_signal_connect (search, "stop-search", G_CALLBACK (on_search_stopped), NULL);
  /* Before the search's text, which would move the keyboard on to the
   * list's own choice. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_search_key), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (search, keys);
}

/* GTK 4.8 opens the popup with the focus on its list: what is typed then
 * goes nowhere. With a search entry, typing right away filters. */
static void
on_popup_shown (GtkWidget *popover)
{
  GtkWidget *search = find_search_entry (popover);

  if (search != NULL && gtk_widget_get_visible (search))
    gtk_widget_grab_focus (search);
}

/* A tooltip shown when the button was clicked stayed on top of the open
 * popup, over its search: none while the popup is open. */
static void
on_popup_visible (CpPickerRow *self,
                  GParamSpec  *pspec,
                  GtkWidget   *popover)
{
  gtk_widget_set_has_tooltip (self->button, !gtk_widget_get_visible (popover));
  /* Entries may have changed by the next time it opens. */
  if (!gtk_widget_get_visible (popover) && gtk_popover_get_child (GTK_POPOVER (popover)) != NULL)
    gtk_widget_set_size_request (gtk_popover_get_child (GTK_POPOVER (popover)), -1, -1);
}

static void
on_selected (CpPickerRow *self)
{
  update_tooltip (self);
  g_signal_emit (self, signals[PICKED], 0, cp_picker_row_get_selected_id (self));
}

void
cp_picker_row_set_items (CpPickerRow        *self,
                         const char * const *ids,
                         const char * const *labels,
                         guint               n_items,
                         const char         *selected_id)
{
  cp_picker_row_set_named_items (self, ids, labels, NULL, n_items, selected_id);
}

void
cp_picker_row_set_named_items (CpPickerRow        *self,
                               const char * const *ids,
                               const char * const *labels,
                               const char * const *whole_names,
                               guint               n_items,
                               const char         *selected_id)
{
  guint n, shortest, head = 0, tail = 0;
  g_autoptr(GPtrArray) added = NULL;

  g_return_if_fail (CP_IS_PICKER_ROW (self));

  /* Only the entries between the ones that stay are replaced: the
   * "Starts after" list of the next job differs from this one's by a job
   * or two, and replacing all twenty took a tenth of a switch's frame. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->items));
  shortest = MIN (n, n_items);
  while (head < shortest && same_item (item_at (self, head), ids[head], labels[head], whole_name_at (whole_names, head)))
    head++;
  while (tail < shortest - head &&
         same_item (item_at (self, n - 1 - tail), ids[n_items - 1 - tail], labels[n_items - 1 - tail],
                    whole_name_at (whole_names, n_items - 1 - tail)))
    tail++;

  if (head + tail < n || n != n_items)
    {
      added = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = head; i < n_items - tail; i++)
        g_ptr_array_add (added, cp_picker_item_new (ids[i], labels[i], whole_name_at (whole_names, i)));

      g_signal_handler_block (self->drop_down, self->selected_handler);
      g_list_store_splice (self->items, head, n - head - tail, added->pdata, added->len);
      gtk_drop_down_set_enable_search (self->drop_down, n_items > CP_PICKER_ROW_SEARCH_MIN_ITEMS);
      g_signal_handler_unblock (self->drop_down, self->selected_handler);
    }

  move_selection (self, find_id (self, selected_id));
  update_tooltip (self);
}

void
cp_picker_row_select_id (CpPickerRow *self,
                         const char  *id)
{
  g_return_if_fail (CP_IS_PICKER_ROW (self));

  move_selection (self, find_id (self, id));
  update_tooltip (self);
}

void
cp_picker_row_set_label (CpPickerRow *self,
                         guint        position,
                         const char  *label)
{
  CpPickerItem *item;
  g_autoptr(CpPickerItem) replacement = NULL;
  guint selected;

  g_return_if_fail (CP_IS_PICKER_ROW (self));

  item = item_at (self, position);
  if (item == NULL || g_strcmp0 (cp_picker_item_get_label (item), label) == 0)
    return;

  selected = gtk_drop_down_get_selected (self->drop_down);
  replacement = cp_picker_item_new (cp_picker_item_get_id (item), label, NULL);
  g_signal_handler_block (self->drop_down, self->selected_handler);
  g_list_store_splice (self->items, position, 1, (gpointer *) &replacement, 1);
  gtk_drop_down_set_selected (self->drop_down, selected);
  g_signal_handler_unblock (self->drop_down, self->selected_handler);
  update_tooltip (self);
}

const char *
cp_picker_row_get_selected_id (CpPickerRow *self)
{
  CpPickerItem *item;

  g_return_val_if_fail (CP_IS_PICKER_ROW (self), NULL);

  item = gtk_drop_down_get_selected_item (self->drop_down);
  return item != NULL ? cp_picker_item_get_id (item) : NULL;
}

const char *
cp_picker_row_get_selected_label (CpPickerRow *self)
{
  CpPickerItem *item;

  g_return_val_if_fail (CP_IS_PICKER_ROW (self), NULL);

  item = gtk_drop_down_get_selected_item (self->drop_down);
  return item != NULL ? cp_picker_item_get_label (item) : NULL;
}

/* Where the button cuts a name too long for it: a GPU's is cut from its
 * maker's end ("…H800 SXM 80GB"), as the model is what tells quotes
 * apart; others at their end. The popup and the tooltip show it whole. */
void
cp_picker_row_set_ellipsize (CpPickerRow        *self,
                             PangoEllipsizeMode  mode)
{
  g_return_if_fail (CP_IS_PICKER_ROW (self));

  self->ellipsize = mode;
}

GtkDropDown *
cp_picker_row_get_drop_down (CpPickerRow *self)
{
  g_return_val_if_fail (CP_IS_PICKER_ROW (self), NULL);

  return self->drop_down;
}

GtkWidget *
cp_picker_row_new (void)
{
  return g_object_new (CP_TYPE_PICKER_ROW, NULL);
}

static void
cp_picker_row_dispose (GObject *object)
{
  CpPickerRow *self = (CpPickerRow *) object;

  if (self->drop_down != NULL)
    g_clear_signal_handler (&self->selected_handler, self->drop_down);
  self->drop_down = NULL;
  g_clear_object (&self->filter);
  g_clear_object (&self->filtered);

  G_OBJECT_CLASS (cp_picker_row_parent_class)->dispose (object);
}

static void
cp_picker_row_finalize (GObject *object)
{
  CpPickerRow *self = (CpPickerRow *) object;

  g_clear_object (&self->items);

  G_OBJECT_CLASS (cp_picker_row_parent_class)->finalize (object);
}

static void
cp_picker_row_class_init (CpPickerRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cp_picker_row_dispose;
  object_class->finalize = cp_picker_row_finalize;

  /**
   * CpPickerRow::picked:
   * @id: the id of the entry the user chose (may be NULL)
   *
   * The user chose an entry, by mouse or keyboard.
   */
  signals[PICKED] =
    g_signal_new ("picked",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
cp_picker_row_init (CpPickerRow *self)
{
  GtkExpression *expression = gtk_property_expression_new (CP_TYPE_PICKER_ITEM, NULL, "label");
  GtkWidget *button;

  GtkListItemFactory *button_factory = gtk_signal_list_item_factory_new ();
  GtkWidget *popover;

  self->items = g_list_store_new (CP_TYPE_PICKER_ITEM);
  self->drop_down = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->items)), expression));
  gtk_widget_set_valign (GTK_WIDGET (self->drop_down), GTK_ALIGN_CENTER);
  gtk_drop_down_set_list_factory (self->drop_down, gtk_drop_down_get_factory (self->drop_down));
  g_signal_connect (button_factory, "setup", G_CALLBACK (setup_button_entry), NULL);
  self->ellipsize = PANGO_ELLIPSIZE_END;
  g_signal_connect_object (button_factory, "bind", G_CALLBACK (bind_button_entry), self, 0);
  gtk_drop_down_set_factory (self->drop_down, button_factory);
  g_object_unref (button_factory);
  self->selected_handler = g_signal_connect_swapped (self->drop_down, "notify::selected",
                                                     G_CALLBACK (on_selected), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->drop_down));
  g_signal_connect (self, "notify::title", G_CALLBACK (on_title_changed), NULL);

  /* The drop-down's button is the one Tab stop; activating the row (a
   * click on its title) opens the list as the button does. */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  button = gtk_widget_get_first_child (GTK_WIDGET (self->drop_down));
  self->button = button;
  if (button != NULL)
    adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), button);

  /* The drop-down's children are its button and its popup. */
  for (popover = button; popover != NULL && !GTK_IS_POPOVER (popover); popover = gtk_widget_get_next_sibling (popover))
    ;
  cp_form_drop_down_open_on_selected (self->drop_down);
  if (popover != NULL)
    {
      g_signal_connect (popover, "show", G_CALLBACK (on_popup_shown), NULL);
      g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popup_visible), self, G_CONNECT_SWAPPED);
      setup_search (self, popover);
    }

  cp_form_row_wrap_at_words (ADW_ACTION_ROW (self));
}
