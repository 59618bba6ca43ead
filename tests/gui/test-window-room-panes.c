/* test-window-room-panes.c: the window in a meeting room (issue 26),
 * the sidebar folded and open, names whole at 1024 px, the popups within
 * 700 px, the "+" menu, the reasons rule by rule and the team's link to
 * its form row. Registered by test-window-room.c's main(). */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-help-window.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-option-object.h"
#include "gui/cp-window-private.h"
#include "gui/cp-picker-item.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-preferences-window.h"
#include "report/cp-reason-text.h"
#include "report/cp-chart-private.h"
#include "gui/cp-field-row.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-labels.h"
#include "planner/cp-catalog.h"
#include "report/cp-i18n.h"
#include "gui/cp-window.h"
#include "store/cp-store.h"
#include "gui/cp-quote-name.h"
#include "test-window-room.h"

/* Issue 26: the first start, at the size the settings give a new user,
 * showed the sidebar sliding shut: 1,200 px asked, 1,190 laid out where
 * no compositor draws the window's shadow, under the 1,200 px fold. It
 * opens with the sidebar beside the form now. Asked for 1,024 px, the
 * window is 1,024 px wide, folded: unfolded, its minimum was 1,070 px,
 * and GTK kept it there after the fold (the table's 1,024 px tests ran
 * at 1,060). */
void
test_first_start_sidebar (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  GtkWidget *sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  WidthWait narrow = { window, 1024 };

  /* The settings' default: no test has set a size on this window. */
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, 1200);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_cmpfloat (adw_flap_get_reveal_progress (flap), ==, 1.0);
  g_assert_true (gtk_widget_get_mapped (sidebar));
  g_assert_false (gtk_widget_get_visible (cp_test_gui_find_named (GTK_WIDGET (window), "sidebar-button")));

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide, folded");
  cp_test_gui_close_window (window);
}

typedef struct {
  AdwFlap *flap;
  double   progress;
} SlideWait;

static gboolean
slide_ended (gpointer user_data)
{
  SlideWait *wait = user_data;

  return adw_flap_get_reveal_progress (wait->flap) == wait->progress;
}

/* F2 on a narrow screen, the sidebar folded away: the sidebar opens with
 * the selected job's name in an entry that has the keys, and stays so
 * once it has slid in (CI, session 11: the default window folded, the
 * sidebar slid shut under the rename and took it with it). */
void
test_rename_in_folded_sidebar (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  FoldWait folded = { window, TRUE };
  SlideWait shut = { flap, 0.0 }, open = { flap, 1.0 };
  GtkListBoxRow *row;
  GtkWidget *entry;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (fold_reached, &folded, "the sidebar folded at 1,024 px");
  cp_test_gui_wait_until (slide_ended, &shut, "the folded sidebar to slide shut");
  g_assert_false (adw_flap_get_reveal_flap (flap));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rename", NULL));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  cp_test_gui_wait_until (slide_ended, &open, "the sidebar to slide open");
  cp_test_gui_spin ();

  row = gtk_list_box_get_selected_row (cp_window_get_jobs_list (window));
  g_assert_nonnull (row);
  entry = g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (row)), "entry");
  g_assert_true (gtk_widget_get_mapped (entry));
  g_assert_true (gtk_widget_is_focus (entry) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Folded rename");
  g_signal_emit_by_name (entry, "activate");
  cp_test_gui_spin ();
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (project->jobs, 0))->name, ==, "Folded rename");
  g_assert_false (gtk_widget_get_visible (entry));

  cp_test_gui_close_window (window);
}

/* The quote name under @root reading @text, shown, or NULL. */
static CpQuoteName *
name_reading (GtkWidget  *root,
              const char *text)
{
  GtkWidget *name = cp_test_gui_find_with_text (root, text, CP_TEST_GUI_TEXT_VISIBLE);

  return name != NULL && CP_IS_QUOTE_NAME (name) && gtk_widget_get_mapped (name) ? CP_QUOTE_NAME (name) : NULL;
}

/* The bytes of its text @label draws its ellipsis over, [*start,
 * *end); 0, 0 when it shows all. */
static void
hidden_bytes (GtkLabel *label,
              int      *start,
              int      *end)
{
  PangoLayoutLine *line = pango_layout_get_line_readonly (gtk_label_get_layout (label), 0);

  *start = *end = 0;
  for (GSList *l = line->runs; l != NULL; l = l->next)
    {
      PangoGlyphItem *run = l->data;

      if (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)
        {
          *start = run->item->offset;
          *end = run->item->offset + run->item->length;
        }
    }
}

/* Whether @name shows its vendor's first characters (of "华东智算", all
 * four) and then " — @offer", at least its @differs, where it differs
 * from the vendor's other offers; counts in @cut whether it was cut. */
static gboolean
shows_vendor_and_offer (CpQuoteName *name,
                        const char  *vendor,
                        const char  *offer,
                        const char  *differs,
                        guint       *cut)
{
  GtkLabel *vendor_label = cp_quote_name_get_vendor (name);
  GtkLabel *rest = cp_quote_name_get_rest (name);
  g_autofree char *offer_part = g_strconcat (" — ", offer, NULL);
  g_autofree char *vendor_start = g_utf8_substring (vendor, 0, 4);
  const char *differs_at = strstr (offer_part, differs);
  int vendor_hidden, vendor_hidden_end, rest_hidden, rest_hidden_end;

  g_assert_nonnull (differs_at);
  hidden_bytes (vendor_label, &vendor_hidden, &vendor_hidden_end);
  hidden_bytes (rest, &rest_hidden, &rest_hidden_end);
  g_test_message ("%s%s: vendor hidden %d–%d, offer hidden %d–%d", vendor, offer_part,
                  vendor_hidden, vendor_hidden_end, rest_hidden, rest_hidden_end);
  *cut += vendor_hidden_end > vendor_hidden || rest_hidden_end > rest_hidden ||
          g_strcmp0 (gtk_label_get_label (vendor_label), vendor) != 0;
  if (g_strcmp0 (gtk_label_get_label (rest), offer_part) != 0 || !gtk_widget_get_mapped (GTK_WIDGET (rest)))
    return FALSE;
  /* The vendor whole or cut after its start, or its start alone, the
   * rest's ellipsis after it ("深圳某某…卡H100 SXM服务器"). */
  if (g_strcmp0 (gtk_label_get_label (vendor_label), vendor) == 0
      ? vendor_hidden_end > vendor_hidden && vendor_hidden < (int) strlen (vendor_start)
      : g_strcmp0 (gtk_label_get_label (vendor_label), vendor_start) != 0 || vendor_hidden_end > vendor_hidden)
    return FALSE;
  return rest_hidden_end <= differs_at - offer_part || rest_hidden >= (differs_at - offer_part) + (int) strlen (differs);
}

typedef struct {
  CpWindow   *window;
  const char *names[3];
} NamesWait;

/* Whether every name is in the results' table (a CpTestGuiCondition). */
static gboolean
names_in_table (gpointer user_data)
{
  NamesWait *wait = user_data;
  GtkWidget *table = GTK_WIDGET (table_of (wait->window));

  if (cp_results_view_get_update_pending (cp_window_get_results_view (wait->window)))
    return FALSE;
  for (guint q = 0; q < G_N_ELEMENTS (wait->names) && wait->names[q] != NULL; q++)
    if (name_reading (table, wait->names[q]) == NULL)
      return FALSE;
  return TRUE;
}

/* @vendor's quotes @offers (NULL-ended, at most three) added to the demo
 * at 1024 × 700: each shows its vendor's start (of @shown_vendor, the
 * vendor without its legal form, cp_vendor_short_name()) and " — offer",
 * at least the part @differs of it that tells it from the others, in the
 * table and in the sidebar opened over the form, its whole name in the
 * tooltip; a vendor not shortened was cut somewhere. */
static void
assert_offers_shown_1024 (const char         *vendor,
                          const char         *shown_vendor,
                          const char * const *offers,
                          const char * const *differs)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  CpProject *project = cp_window_get_project (window);
  FoldWait folded = { window, TRUE };
  SlideWait open = { flap, 1.0 };
  NamesWait wait = { window, { NULL, NULL, NULL } };
  const char *whole[G_N_ELEMENTS (wait.names)] = { NULL, NULL, NULL };
  char *shown[G_N_ELEMENTS (wait.names)] = { NULL, NULL, NULL };
  guint n_offers = g_strv_length ((char **) offers), cut = 0;

  g_assert_cmpuint (n_offers, <=, G_N_ELEMENTS (wait.names));
  for (guint q = 0; q < n_offers; q++)
    {
      CpQuote *quote = cp_test_gui_add_quote (window);
      g_autofree char *price = g_strdup_printf ("%u", 68000 + 4000 * q);

      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "vendor"), vendor);
      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "offer-name"), offers[q]);
      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "price"), price);
      cp_test_gui_spin ();
      g_assert_cmpstr (quote->offer_name, ==, offers[q]);
    }
  for (guint q = 0; q < n_offers; q++)
    {
      g_autofree char *expected = g_strdup_printf ("%s — %s", vendor, offers[q]);

      whole[q] = cp_quote_display_name (g_ptr_array_index (project->quotes, project->quotes->len - n_offers + q),
                                        project->quotes);
      g_assert_cmpstr (whole[q], ==, expected);
      shown[q] = g_strdup_printf ("%s — %s", shown_vendor, offers[q]);
      wait.names[q] = shown[q];
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (fold_reached, &folded, "the sidebar folded at 1,024 px");
  cp_test_gui_wait_until (names_in_table, &wait, "the quotes in the table at 1,024 px");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  for (guint q = 0; q < n_offers; q++)
    {
      CpQuoteName *name = name_reading (GTK_WIDGET (table_of (window)), wait.names[q]);

      g_assert_true (shows_vendor_and_offer (name, shown_vendor, offers[q], differs[q], &cut));
      g_assert_cmpstr (g_object_get_data (G_OBJECT (gtk_widget_get_parent (GTK_WIDGET (name))), "cp-tooltip"), ==,
                       whole[q]);
    }

  adw_flap_set_reveal_flap (flap, TRUE);
  cp_test_gui_wait_until (slide_ended, &open, "the sidebar to slide open");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  for (guint q = 0; q < n_offers; q++)
    {
      CpQuoteName *title = name_reading (GTK_WIDGET (cp_window_get_quotes_list (window)), wait.names[q]);

      g_assert_nonnull (title);
      g_assert_true (shows_vendor_and_offer (title, shown_vendor, offers[q], differs[q], &cut));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (title)), ==, whole[q]);
    }
  /* The names are longer than the room they have at 1024 px: the cut
   * this test is about happened. A vendor without its legal form may
   * now fit whole, which is what issue 26 asks. */
  if (g_str_equal (vendor, shown_vendor))
    g_assert_cmpuint (cut, >, 0);
  for (guint q = 0; q < n_offers; q++)
    g_free (shown[q]);
  cp_test_gui_close_window (window);
}

/* walk38b G14: at 1024 × 700 one vendor's two quotes read "华东智算 —
 * 8×H800 80G SX…" in the sidebar and the Quotes compared table, cut
 * where they differ (整机, 单机). Where even the vendor's four characters
 * and the offer do not fit, the offer is cut at its start. */
void
test_vendor_quotes_ends_1024 (void)
{
  static const char * const offers[] = { "8×H800 80G SXM 整机", "8×H800 80G SXM 单机", NULL };

  static const char * const differs[] = { "整机", "单机" };

  assert_offers_shown_1024 ("华东智算", "华东智算", offers, differs);
}

/* walk40 F8: a Shenzhen vendor's sheet imported as three quotes read
 * "深圳某某算力科…00 SXM服务器" three times in the sidebar at 1024 px, the
 * name cut in its middle, the "8卡H100" that told them apart gone, and
 * "深圳某某算力科技… 卡H100 SXM服务器" at 1600 px. The vendor is cut
 * first, "深圳某某… — 8卡H100 SXM服务器" where that fits, then the offer
 * at its start, where the three are alike: "深圳某某…卡H100 SXM服务器". */
void
test_vendor_side_cut_1024 (void)
{
  static const char * const offers[] = { "8卡H100 SXM服务器", "8卡H800 SXM服务器", "8卡A800 SXM服务器", NULL };

  static const char * const differs[] = { "H100", "H800", "A800" };

  /* Its legal form and kind word 科技 left out (issue 26). */
  assert_offers_shown_1024 ("深圳某某算力科技有限公司", "深圳某某算力", offers, differs);
}

/* The top of @row in the form's coordinates. */
static double
top_in (GtkWidget *row,
        GtkWidget *form)
{
  graphene_point_t point;

  g_assert_true (gtk_widget_compute_point (row, form, &GRAPHENE_POINT_INIT (0, 0), &point));
  return point.y;
}

/* Walkthrough 10: picking another unit in Billed per moved the form by
 * 35 px (the price's reading gave way to a three-line warning), and the
 * next click missed the price. A demo quote priced per node-month,
 * 38,000 CNY for 8 GPUs (6.51 CNY a GPU-hour, read as such), then "per
 * GPU-hour" (38,000 a GPU-hour: warned) and "per node-hour" (4,750 a
 * GPU-hour: warned), each picked through the drop-down: the price and
 * Billed per rows stay where they were. */
void
test_billing_unit_keeps_place (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  GtkWidget *form = GTK_WIDGET (editor);
  CpFieldRow *price, *unit;
  GtkDropDown *unit_menu;
  CpQuote *quote = NULL;
  double price_top, unit_top;
  int price_height;
  int index = -1;
  const CpPriceUnit units[] = { CP_PRICE_PER_GPU_HOUR, CP_PRICE_PER_NODE_HOUR, CP_PRICE_PER_NODE_MONTH };

  for (guint q = 0; q < project->quotes->len && index < 0; q++)
    {
      CpQuote *candidate = g_ptr_array_index (project->quotes, q);

      if (candidate->price_unit == CP_PRICE_PER_NODE_MONTH && candidate->price == 38000 &&
          candidate->gpus_per_node == 8)
        {
          index = (int) q;
          quote = candidate;
        }
    }
  g_assert_cmpint (index, >=, 0);
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), index));
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  price = cp_quote_editor_get_row (editor, "price");
  unit = cp_quote_editor_get_row (editor, "price-unit");
  unit_menu = GTK_DROP_DOWN (cp_field_row_get_input (unit));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (price), "warning"));
  price_top = top_in (GTK_WIDGET (price), form);
  unit_top = top_in (GTK_WIDGET (unit), form);
  price_height = gtk_widget_get_height (GTK_WIDGET (price));

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      gtk_drop_down_set_selected (unit_menu, units[i]);
      cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
      g_assert_cmpint (quote->price_unit, ==, units[i]);
      /* 38,000 a GPU-hour or a node-hour is no GPU's rental; a
       * node-month's is. */
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (price), "warning") == (units[i] != CP_PRICE_PER_NODE_MONTH));
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (price)), ==, price_height);
      g_assert_cmpfloat (top_in (GTK_WIDGET (price), form), ==, price_top);
      g_assert_cmpfloat (top_in (GTK_WIDGET (unit), form), ==, unit_top);
    }
  cp_test_gui_close_window (window);
}

/* A word of a name that is not a product's: lower case, three letters
 * or more ("export-restricted", "mesh"; not "x16" or "SXM"). */
static gboolean
has_words (const char *name)
{
  g_autoptr(GRegex) word = g_regex_new ("(^|[^A-Za-z0-9])[a-z]{3,}", 0, 0, NULL);

  return g_regex_match (word, name, 0, NULL);
}

typedef struct {
  GtkWidget  *root;
  const char *text;
  GtkWidget  *found;
} LabelWait;

static gboolean
label_shown (gpointer user_data)
{
  LabelWait *wait = user_data;

  wait->found = cp_test_gui_find_with_text (wait->root, wait->text, CP_TEST_GUI_TEXT_WHOLE | CP_TEST_GUI_TEXT_VISIBLE);
  return wait->found != NULL && gtk_widget_get_mapped (wait->found) && gtk_widget_get_width (wait->found) > 0;
}

/* Run with LANGUAGE=zh_CN (meson test gui-window-room-zh_CN). Walkthrough
 * 9: the Chinese form read "NVLink (H800, export-r…". Every catalogue
 * name with words reads in Chinese, and the H800 quote's form shows its
 * link so, whole. The demo stores the English name, as every project
 * file does (the name it was given); the window translates it. */
void
test_catalog_names_in_chinese (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  CpWindow *window;
  CpProject *project;
  LabelWait wait;
  int h800 = -1;

  if (!cp_i18n_is_chinese (g_getenv ("LANGUAGE")))
    {
      g_test_skip ("needs LANGUAGE=zh_CN");
      return;
    }
  for (guint i = 0; i < cp_catalog_n_links (catalog); i++)
    {
      const char *name = cp_catalog_get_link (catalog, i)->name;

      if (has_words (name))
        g_assert_cmpstr (cp_labels_catalog_name (name), !=, name);
    }
  for (guint i = 0; i < cp_catalog_n_gpus (catalog); i++)
    {
      const char *name = cp_catalog_get_gpu (catalog, i)->name;

      if (has_words (name))
        g_assert_cmpstr (cp_labels_catalog_name (name), !=, name);
    }

  window = cp_test_gui_demo_window (app);
  project = cp_window_get_project (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  for (guint q = 0; q < project->quotes->len && h800 < 0; q++)
    if (g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, q))->intra_link.id, "nvlink-h800") == 0)
      h800 = (int) q;
  g_assert_cmpint (h800, >=, 0);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, h800))->intra_link.name, ==,
                   "NVLink (H800, export-restricted)");
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), h800));
  wait = (LabelWait) { GTK_WIDGET (window), "NVLink（H800 特供版）", NULL };
  cp_test_gui_wait_until (label_shown, &wait, "the H800 link in Chinese in the quote's form");
  cp_test_gui_wait_frames (wait.found, 2);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (wait.found))));
  cp_test_gui_close_window (window);
}

/* Issue 26: at 1024 px the A800 quote's link read "NVLink (A800,
 * export-re…", the restriction that sets its bandwidth cut. It shows
 * whole, on two lines if it must. */
void
test_link_name_whole_1024 (void)
{
  CpWindow *window;
  CpProject *project;
  LabelWait wait;
  WidthWait narrow;
  int a800 = -1;

  if (cp_i18n_is_chinese (g_getenv ("LANGUAGE")))
    {
      g_test_skip ("the English names");
      return;
    }
  window = cp_test_gui_demo_window (app);
  project = cp_window_get_project (window);
  narrow = (WidthWait) { window, 1024 };
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  for (guint q = 0; q < project->quotes->len && a800 < 0; q++)
    if (g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, q))->intra_link.id, "nvlink-a800") == 0)
      a800 = (int) q;
  g_assert_cmpint (a800, >=, 0);
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), a800));
  wait = (LabelWait) { GTK_WIDGET (window), "NVLink (A800, export-restricted)", NULL };
  cp_test_gui_wait_until (label_shown, &wait, "the A800 link in the quote's form");
  cp_test_gui_wait_frames (wait.found, 2);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (wait.found))));
  cp_test_gui_close_window (window);
}

/* Session 14: the Chinese preferences read "GiB（框架…" for the memory
 * unit chosen, "GiB（框架口径）", libadwaita giving the title's one-line
 * subtitle the width. Every choice shown reads whole, and its title on
 * one line beside it, in English and (gui-window-room-prefs-zh_CN) in
 * Chinese. Each choice in turn, as a click in its popup would choose. */
void
test_preference_choices_whole (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  const char *titles[] = { _("Report language"), _("GPU memory unit"), _("Bytes per parameter, mixed-precision Adam") };
  GtkWidget *preferences;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  cp_test_gui_spin ();
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
    {
      AdwComboRow *row = cp_test_gui_find_combo_row (preferences, titles[t]);
      GListModel *choices = adw_combo_row_get_model (row);
      guint selected = adw_combo_row_get_selected (row);
      GtkWidget *title = cp_test_gui_find_with_text (GTK_WIDGET (row), titles[t], CP_TEST_GUI_TEXT_WHOLE);

      g_assert_nonnull (title);
      for (guint c = 0; c < g_list_model_get_n_items (choices); c++)
        {
          const char *choice = gtk_string_list_get_string (GTK_STRING_LIST (choices), c);
          GtkWidget *shown;

          adw_combo_row_set_selected (row, c);
          cp_test_gui_wait_frames (GTK_WIDGET (row), 2);
          shown = cp_test_gui_find_with_text (GTK_WIDGET (row), choice, CP_TEST_GUI_TEXT_WHOLE | CP_TEST_GUI_TEXT_VISIBLE);
          g_assert_nonnull (shown);
          g_assert_true (gtk_widget_get_mapped (shown));
          if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (shown))))
            g_error ("“%s” is cut beside “%s”", choice, titles[t]);
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (title))));
          /* A title with no space ("显存单位") keeps one line; others
           * wrap between words. */
          if (strchr (titles[t], ' ') == NULL)
            g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (title))), ==, 1);
        }
      adw_combo_row_set_selected (row, selected);
    }
  gtk_window_destroy (GTK_WINDOW (preferences));
  cp_test_gui_spin ();
  cp_test_gui_close_window (window);
}

/* Issue 26: "Main Menu", the button's tooltip, stayed over the menu it
 * opened (without a compositor). None while the menu is open; back once
 * it closes. */
void
test_menu_tooltip_while_open (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkMenuButton *button = GTK_MENU_BUTTON (cp_test_gui_find_named (GTK_WIDGET (window), "primary-menu-button"));

  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popup (button);
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  gtk_menu_button_popdown (button);
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, "Main Menu");
  cp_test_gui_close_window (window);
}

/* Issue 26: the trial run's machine list named quotes vendor first,
 * "示例供应商 A (Example v…" in a narrow form; it leads with the GPUs,
 * as the table and the charts do, and the button shows them first. */
void
test_trial_machines_gpu_first (void)
{
  CpWindow *window;
  GtkDropDown *drop_down;
  g_autoptr(CpPickerItem) item = NULL;

  if (cp_i18n_is_chinese (g_getenv ("LANGUAGE")))
    {
      g_test_skip ("the English names");
      return;
    }
  window = cp_test_gui_demo_window (app);
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_spin ();
  drop_down = cp_picker_row_get_drop_down (cp_job_editor_get_trial_quote_row (cp_window_get_job_editor (window)));
  /* Entry 0 is "Not measured"; entry 1 the demo's first quote, 示例供应商
   * A's one machine of eight NVIDIA GeForce RTX 4090 24GB, its vendor
   * without the gloss (cp_vendor_short_name(), issue 26). */
  item = g_list_model_get_item (gtk_drop_down_get_model (drop_down), 1);
  g_assert_true (g_str_has_prefix (cp_picker_item_get_label (item), "8 × GeForce RTX 4090 24GB · 示例供应商 A — "));
  cp_test_gui_close_window (window);
}

static gboolean
chooser_has_folder (gpointer chooser)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));

  return folder != NULL;
}

static gboolean
chart_drawn (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL;
}

/* Issue 26: a chart's export opened on the folder the app was started
 * from, named "…GPU count- 70B…" (the colon cut out). It opens where the
 * project's files go (an untitled project's: the home folder, with no
 * Documents folder in the scratch home), named after the chart. */
void
test_chart_export_chooser (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpChartView *view;
  GtkWidget *chooser = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *folder_path = NULL;
  g_autofree char *name = NULL;

  if (cp_i18n_is_chinese (g_getenv ("LANGUAGE")))
    {
      g_test_skip ("the English title");
      return;
    }
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  view = CP_CHART_VIEW (cp_test_gui_find_of_type (GTK_WIDGET (cp_window_get_results_view (window)),
                                                  CP_TYPE_CHART_VIEW));
  cp_test_gui_wait_until (chart_drawn, view, "the cost chart");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.export", NULL));
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Export Chart chooser on screen");
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  {
    /* The demo's name, its ": " a " - " and its "?", which Windows
     * refuses, a "-", as the title's. */
    const char *start = "示例项目：单机还是集群 (Demo - one machine or a cluster-) - "
                        "Total cost and time against GPU count - ";

    g_assert_true (g_str_has_prefix (name, start));
  }
  g_assert_true (g_str_has_suffix (name, ".png"));
  /* The chooser checks the folder off the main thread first. */
  cp_test_gui_wait_until (chooser_has_folder, chooser, "the chooser's first folder");
  folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  folder_path = g_file_get_path (folder);
  g_assert_cmpstr (folder_path, ==, g_get_home_dir ());
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();
  cp_test_gui_close_window (window);
}

/* @popover is open and laid out: its list, short enough for the window,
 * opens whole on one side of what it points at (walkthrough 14: at 700 px
 * the model list ran off the window's bottom and the fabric list was
 * pushed up to its top). */
static void
assert_popup_fits (GtkWidget  *popover,
                   const char *what)
{
  GtkWidget *anchor = gtk_widget_get_parent (popover);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (anchor));
  graphene_rect_t bounds;
  double room;

  cp_test_gui_spin ();
  g_assert_true (gtk_widget_get_visible (popover));
  cp_test_gui_wait_frames (popover, 3);
  g_assert_true (gtk_widget_compute_bounds (anchor, root, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (root));
  room = MAX (bounds.origin.y, gtk_widget_get_height (root) - bounds.origin.y - bounds.size.height);
  if (gtk_widget_get_height (popover) > room)
    g_error ("%s: a popup %d px tall beside a row with %g px of room", what, gtk_widget_get_height (popover), room);
  gtk_popover_popdown (GTK_POPOVER (popover));
  cp_test_gui_spin ();
}

/* Scrolls @widget's form so that @widget is in the middle of its view,
 * where a click finds it. */
static void
scroll_to_middle (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *vertical;
  graphene_rect_t bounds;

  g_assert_nonnull (scroller);
  vertical = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
  gtk_adjustment_set_value (vertical, gtk_adjustment_get_value (vertical) + bounds.origin.y -
                                      gtk_widget_get_height (scroller) / 2.0);
  cp_test_gui_wait_frames (widget, 3);
}

static GtkWidget *
popover_in (GtkWidget *widget)
{
  GtkWidget *popover = cp_test_gui_find_of_type (widget, GTK_TYPE_POPOVER);

  g_assert_nonnull (popover);
  return popover;
}

void
test_popups_fit_700 (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  WidthWait narrow = { window, 1024 };
  GtkDropDown *models = cp_picker_row_get_drop_down (cp_job_editor_get_model_row (cp_window_get_job_editor (window)));
  AdwComboRow *fabric;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_spin ();
  scroll_to_middle (GTK_WIDGET (models));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (gtk_widget_get_first_child (GTK_WIDGET (models))), TRUE);
  assert_popup_fits (popover_in (GTK_WIDGET (models)), "the model picker");

  /* The demo's H800 cluster, with its network rows */
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 3));
  cp_test_gui_spin ();
  fabric = cp_quote_editor_get_network_preset_row (cp_window_get_quote_editor (window));
  g_assert_true (gtk_widget_is_drawable (GTK_WIDGET (fabric)));
  scroll_to_middle (GTK_WIDGET (fabric));
  g_signal_emit_by_name (fabric, "activate");
  assert_popup_fits (popover_in (GTK_WIDGET (fabric)), "the fabric picker");
  cp_test_gui_close_window (window);
}

/* Walkthrough 14: at 1,024 px the sidebar, opened to reach its "+",
 * stayed open over the new quote's form. Adding a quote or a job closes
 * it, as picking a row does. */
void
test_add_closes_folded_sidebar (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  WidthWait narrow = { window, 1024 };
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  static const char *const actions[] = { "win.add-quote", "win.add-job" };

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      adw_flap_set_reveal_flap (flap, TRUE);
      cp_test_gui_spin ();
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), actions[i], NULL));
      cp_test_gui_spin ();
      if (adw_flap_get_reveal_flap (flap))
        g_error ("%s left the folded sidebar open over the new form", actions[i]);
    }
  cp_test_gui_close_window (window);
}

static gboolean
flap_revealed (gpointer flap)
{
  return adw_flap_get_reveal_flap (flap);
}

/* walk36b Z9: at 1,024 px a second job showed only its own form, the
 * list behind an unlabelled button; a lead did not see how to get back
 * to the first job. The folded sidebar's button says what it holds and
 * how many, and opens the list where the first job is picked. */
void
test_folded_sidebar_button_counts (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  WidthWait narrow = { window, 1024 };
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  GtkWidget *button = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar-button");
  GtkEditable *name = GTK_EDITABLE (cp_field_row_get_input (cp_job_editor_get_row (cp_window_get_job_editor (window),
                                                                                  "name")));
  guint n_jobs = project->jobs->len, n_quotes = project->quotes->len;
  g_autofree char *before = g_strdup_printf ("%u Jobs · %u Quotes", n_jobs, n_quotes);
  g_autofree char *after = g_strdup_printf ("%u Jobs · %u Quotes", n_jobs + 1, n_quotes);
  g_autofree char *first_name = g_strdup (((CpJob *) g_ptr_array_index (project->jobs, 0))->name);
  GtkWidget *label;

  g_assert_cmpuint (n_jobs, >=, 1);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  g_assert_true (gtk_widget_get_mapped (button));
  label = cp_test_gui_find_with_text (button, before, CP_TEST_GUI_TEXT_WHOLE);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_get_mapped (label));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-job", NULL));
  cp_test_gui_spin ();
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->jobs->len, ==, n_jobs + 1);
  g_assert_cmpstr (gtk_editable_get_text (name), !=, first_name);
  label = cp_test_gui_find_with_text (button, after, CP_TEST_GUI_TEXT_WHOLE);
  g_assert_nonnull (label);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  g_assert_true (gtk_widget_get_mapped (label));

  /* One click on it shows the list; the first job picked there is the
   * form's again. */
  g_assert_true (gtk_widget_activate (button));
  cp_test_gui_wait_until (flap_revealed, flap, "the list shown by the sidebar's button");
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_spin ();
  g_assert_cmpstr (gtk_editable_get_text (name), ==, first_name);
  cp_test_gui_close_window (window);
}

/* One click on @button shows the report preferences' Project start
 * row, where the project's start and sign-off names are set; closed
 * again. */
static void
assert_click_shows_start (GtkWidget *button)
{
  GtkWidget *preferences;
  CpFieldRow *start;

  g_signal_emit_by_name (button, "clicked");
  cp_test_gui_spin ();
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  start = cp_preferences_window_get_report_row (CP_PREFERENCES_WINDOW (preferences), "start-date");
  g_assert_nonnull (start);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (start)));
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_spin ();
}

/* walk37 W11: the project's start and its sign-off names were only under
 * Preferences ("Report Sign-Off…"); a lead looked for them on the
 * project in the sidebar. The button beside the project's name opens
 * them, at 1024 px in the folded sidebar too. */
void
test_project_sign_off_from_sidebar (void)
{
  static const int widths[] = { 1920, 1024 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      CpWindow *window = demo_window_sized (widths[w], 700);
      AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
      GtkWidget *button = cp_test_gui_find_named (GTK_WIDGET (window), "project-sign-off");

      adw_flap_set_reveal_flap (flap, TRUE);
      cp_test_gui_wait_until (flap_revealed, flap, "the sidebar shown");
      cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
      g_assert_true (gtk_widget_get_mapped (button));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Project Start and Sign-Off");
      assert_click_shows_start (button);
      /* And Help (F1) says where they are. */
      if (w == 0)
        {
          GtkWidget *help;

          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.help", NULL));
          cp_test_gui_spin ();
          help = cp_test_gui_find_toplevel (CP_TYPE_HELP_WINDOW);
          g_assert_nonnull (help);
          g_assert_nonnull (cp_test_gui_find_with_text (help, "The button beside the project’s name in the sidebar",
                                                        CP_TEST_GUI_TEXT_PART));
          gtk_window_destroy (GTK_WINDOW (help));
          cp_test_gui_spin ();
        }
      cp_test_gui_close_window (window);
    }
}

/* walk37b U3: reading the amount to approve on the Project Calendar
 * tab, a lead had no way from the results to where the day it is dated
 * from and the names that sign it are set. A button under the amount
 * opens them, at 1024 and 1920 px, in the window's language. */
void
test_calendar_sign_off (void)
{
  static const int widths[] = { 1024, 1920 };
  gboolean chinese = cp_i18n_is_chinese (cp_labels_ui_language ());

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      CpWindow *window = demo_window_sized (widths[w], 700);
      GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
      GtkWidget *button = cp_test_gui_find_named (results, "calendar-sign-off");
      GtkWidget *amount = cp_test_gui_find_named (results, "approval");
      graphene_point_t amount_top = { 0, 0 }, button_top = { 0, 0 };

      g_assert_false (gtk_widget_get_visible (button));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
      cp_test_gui_wait_until (widget_mapped, amount, "the amount to approve on the calendar's tab");
      cp_test_gui_wait_frames (results, 2);
      g_assert_true (gtk_widget_get_mapped (button));
      g_assert_true (gtk_widget_is_sensitive (button));
      g_assert_nonnull (cp_test_gui_find_with_text (button, chinese ? "项目开始日期与签署人…" : "Project Start and Sign-Off…",
                                                    CP_TEST_GUI_TEXT_VISIBLE));
      /* Under the amount it dates. */
      g_assert_true (gtk_widget_compute_point (amount, results, &amount_top, &amount_top));
      g_assert_true (gtk_widget_compute_point (button, results, &button_top, &button_top));
      g_assert_cmpfloat (button_top.y, >, amount_top.y);
      assert_click_shows_start (button);
      cp_test_gui_close_window (window);
    }
}

/* walk38b G13: Import Quotes' chooser (Ctrl+I) had no title and its
 * Import button at the bottom, its top looking cut off at 1024 × 700: GTK
 * left its title to a window manager, which a display may not have. It
 * carries its own header bar, as GNOME's session has GTK's dialogs do:
 * its title and its Import button at its top, within the window. */
void
test_import_chooser_header (void)
{
  CpWindow *window = demo_window_sized (1024, 700);
  GtkWidget *chooser = NULL;
  GtkWidget *header;
  GtkWidget *import;
  graphene_rect_t bounds, content;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.import-quotes", NULL));
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Import Quotes chooser on screen");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, "Import Quotes");
  header = gtk_window_get_titlebar (GTK_WINDOW (chooser));
  g_assert_true (GTK_IS_HEADER_BAR (header));
  cp_test_gui_wait_frames (chooser, 2);
  g_assert_true (gtk_widget_get_mapped (header));
  g_assert_nonnull (cp_test_gui_find_with_text (header, "Import Quotes", CP_TEST_GUI_TEXT_VISIBLE));
  import = cp_test_gui_find_with_text (header, "_Import", CP_TEST_GUI_TEXT_VISIBLE);
  g_assert_nonnull (import);
  /* At the window's top (its 1 px border aside), the files under it. */
  g_assert_true (gtk_widget_compute_bounds (header, chooser, &bounds));
  g_assert_cmpfloat (fabs (bounds.origin.y), <=, 1);
  g_assert_true (gtk_widget_compute_bounds (gtk_dialog_get_content_area (GTK_DIALOG (chooser)), chooser, &content));
  g_assert_cmpfloat (content.origin.y, >=, bounds.origin.y + bounds.size.height);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();
  cp_test_gui_close_window (window);
}

/* The button of @sidebar that runs @action. */
static GtkWidget *
button_for_action (GtkWidget  *sidebar,
                   const char *action)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  cp_test_gui_collect (sidebar, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)), action) == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

typedef struct {
  GPtrArray *items;
  guint      count;
} CountWait;

static gboolean
count_reached (gpointer user_data)
{
  CountWait *wait = user_data;

  return wait->items->len >= wait->count;
}

/* Tab from where the focus is, as GtkWindow moves it, until it reaches a
 * focusable widget; the widget it reached. */
static GtkWidget *
press_tab (CpWindow *window)
{
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  cp_test_gui_spin ();
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* Issue 26: after choosing from the "+" of the folded sidebar at 1,024
 * px, Tab must go on into the new item's form: from the name it moves
 * to the form's next field (a job's Kind, a quote's Offer), not out of
 * the form nor to the sidebar closed over it. The same from the header
 * bar's "+" menu, its item clicked. */
void
test_add_then_tab_in_form (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  WidthWait narrow = { window, 1024 };
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  GtkWidget *sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  GtkWidget *job_form = GTK_WIDGET (cp_window_get_job_editor (window));
  GtkWidget *quote_form = GTK_WIDGET (cp_window_get_quote_editor (window));
  CpProject *project = cp_window_get_project (window);
  CountWait wait;
  GtkWidget *focus;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");

  /* The sidebar's "+" beside Jobs, pressed as Space or Enter would. */
  adw_flap_set_reveal_flap (flap, TRUE);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_assert_true (gtk_widget_activate (button_for_action (sidebar, "win.add-job")));
  /* A button activated by the keyboard clicks a moment later. */
  wait = (CountWait) { project->jobs, project->jobs->len + 1 };
  cp_test_gui_wait_until (count_reached, &wait, "the job added");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (cp_job_editor_get_row (cp_window_get_job_editor (window), "name"))));
  focus = press_tab (window);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, job_form));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (cp_job_editor_get_row (cp_window_get_job_editor (window), "kind"))));

  /* The sidebar's "+" beside Quotes. */
  adw_flap_set_reveal_flap (flap, TRUE);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_assert_true (gtk_widget_activate (button_for_action (sidebar, "win.add-quote")));
  wait = (CountWait) { project->quotes, project->quotes->len + 1 };
  cp_test_gui_wait_until (count_reached, &wait, "the quote added");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  focus = press_tab (window);
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "offer-name"))));

  /* The header bar's "+" menu: Add Job clicked. */
  {
    GtkMenuButton *add = GTK_MENU_BUTTON (cp_test_gui_find_named (GTK_WIDGET (window), "add-button"));
    GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (add));
    GtkWidget *item;

    gtk_menu_button_popup (add);
    cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
    item = cp_test_gui_find_with_text (popover, "Add Job", CP_TEST_GUI_TEXT_WHOLE);
    g_assert_nonnull (item);
    g_signal_emit_by_name (item, "clicked");
    cp_test_gui_wait_frames (GTK_WIDGET (window), 5);
    g_assert_false (gtk_widget_get_mapped (popover));
    focus = press_tab (window);
    g_assert_nonnull (focus);
    g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (cp_job_editor_get_row (cp_window_get_job_editor (window), "kind"))));
  }
  g_assert_false (gtk_widget_is_ancestor (focus, quote_form));
  cp_test_gui_close_window (window);
}

/* walk39: the table read "68,000–68,000" under a month's rent, a range
 * of one figure. A cost or a time that does not vary over the
 * assumptions shows alone, as in the report's table; one that does keeps
 * its band. The demo's month of development is 30 days on every quote,
 * at a fixed price: 示例供应商 C's 26,000 CNY a node-month × 1 node × 1
 * month is 26,000 CNY at both ends. */
void
test_fixed_figure_alone (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  int dev = -1;

  for (guint i = 0; i < project->jobs->len && dev < 0; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_DEBUG)
      dev = (int) i;
  g_assert_cmpint (dev, >=, 0);
  cp_test_gui_select_job (window, (guint) dev);
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  g_assert_cmpuint (count_cells (window, "26,000 CNY"), ==, 1);
  g_assert_cmpuint (count_cells (window, "26,000–26,000"), ==, 0);
  g_assert_cmpuint (count_cells (window, "30.0–30.0"), ==, 0);

  /* The 70B fine-tune's costs vary with the assumptions: each with its band. */
  cp_test_gui_select_job (window, 0);
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  {
    g_autoptr(GPtrArray) all = g_ptr_array_new ();
    guint bands = 0;

    cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, all);
    for (guint i = 0; i < all->len; i++)
      bands += gtk_widget_get_mapped (g_ptr_array_index (all, i)) &&
               g_regex_match_simple ("^[0-9,]+–[0-9,]+$", gtk_label_get_label (GTK_LABEL (g_ptr_array_index (all, i))), 0, 0);
    g_assert_cmpuint (bands, >=, 1);
  }
  cp_test_gui_close_window (window);
}

/* walk40 F2: a new job started again at 2 engineers, 2,000 a day and no
 * distributed experience while the job before stated 4 at 2,500 and
 * experienced, and the plan of the new job counted 10.5 days of
 * migration for a team that needs none. Add Job takes the team of the
 * job selected, and says so. */
void
test_new_job_takes_team (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GPtrArray *jobs = cp_window_get_project (window)->jobs;
  const CpJob *first = cp_test_gui_show_job (window, 0);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CountWait wait = { jobs, jobs->len + 1 };
  g_autofree char *said = NULL;
  const CpJob *added;

  gtk_switch_set_active (GTK_SWITCH (cp_field_row_get_input (cp_job_editor_get_row (editor, "distributed-experience"))),
                         TRUE);
  cp_test_gui_spin ();
  cp_test_gui_type_text (cp_job_editor_get_row (editor, "engineers"), "4");
  cp_test_gui_type_text (cp_job_editor_get_row (editor, "engineer-day-cost"), "2500");
  first = g_ptr_array_index (jobs, 0);
  g_assert_true (first->team_stated);

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-job", NULL);
  cp_test_gui_wait_until (count_reached, &wait, "the job added");
  added = g_ptr_array_index (jobs, jobs->len - 1);
  g_assert_true (added->team_has_distributed_experience);
  g_assert_true (added->team_stated);
  g_assert_cmpuint (added->engineers, ==, 4);
  g_assert_cmpfloat (added->engineer_day_cost, ==, 2500);
  g_assert_false (added->team_has_ops_engineer);
  /* The form shows the new job's, the team taken. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (cp_job_editor_get_row (editor, "engineers")))),
                   ==, "4");
  said = g_strdup_printf ("The new job has the team of “%s”: change it under Team if another team runs it", first->name);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (window), said, CP_TEST_GUI_TEXT_WHOLE));
  cp_test_gui_close_window (window);
}

/* Presses @button with the pointer, as its click gestures see it. */
static void
press_with_pointer (GtkWidget *button)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (button);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        g_signal_emit_by_name (controller, "pressed", 1, 4.0, 4.0);
    }
}

/* walk39 F2: the "+" menu opened with a click shows no item lit, yet its
 * first was focused: Down Down Return added a job, the first item, not
 * the second's quote. By the keyboard, the Nth Down lights the Nth
 * item, and Return takes it; opened from the keyboard, the first item
 * is lit at once. */
void
test_add_menu_keyboard_order (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  GtkMenuButton *add = GTK_MENU_BUTTON (cp_test_gui_find_named (GTK_WIDGET (window), "add-button"));
  GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (add));
  GtkWidget *add_job = NULL, *add_quote = NULL;
  guint jobs = project->jobs->len, quotes = project->quotes->len;
  CountWait wait;

  press_with_pointer (GTK_WIDGET (add));
  gtk_menu_button_popup (add);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  add_job = cp_test_gui_find_with_text (popover, "Add Job", CP_TEST_GUI_TEXT_WHOLE);
  add_quote = cp_test_gui_find_with_text (popover, "Add Quote", CP_TEST_GUI_TEXT_WHOLE);
  g_assert_nonnull (add_job);
  g_assert_nonnull (add_quote);
  /* The menu focused, no item. */
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (popover)) == popover);
  g_assert_true (cp_test_gui_press_key (popover, GDK_KEY_Down));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (popover)) == add_job);
  g_assert_true (cp_test_gui_press_key (add_job, GDK_KEY_Down));
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (popover)) == add_quote);
  g_assert_true (cp_test_gui_press_key (add_quote, GDK_KEY_Return));
  wait = (CountWait) { project->quotes, quotes + 1 };
  cp_test_gui_wait_until (count_reached, &wait, "the quote added");
  g_assert_cmpuint (project->jobs->len, ==, jobs);

  /* From the keyboard (no press): the first item is focused, lit. */
  gtk_menu_button_popup (add);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (popover)) == add_job);
  gtk_menu_button_popdown (add);
  cp_test_gui_close_window (window);
}

/* The reasons list's rows: each row's rule label ("R1", "R2–3") and its
 * words, in order, with the R8 row's button, if shown. */
typedef struct {
  GPtrArray *rules;
  GPtrArray *words;
  GtkWidget *team;
} ReasonRows;

static void
read_reason_rows (GtkWidget  *results,
                  ReasonRows *rows)
{
  GtkListBox *list = GTK_LIST_BOX (cp_test_gui_find_named (results, "reasons"));

  rows->rules = g_ptr_array_new ();
  rows->words = g_ptr_array_new ();
  rows->team = NULL;
  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      GtkWidget *grid = gtk_list_box_row_get_child (gtk_list_box_get_row_at_index (list, i));
      GtkWidget *team = gtk_grid_get_child_at (GTK_GRID (grid), 1, 1);

      g_ptr_array_add (rows->rules, (gpointer) gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 0, 0))));
      g_ptr_array_add (rows->words, (gpointer) gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 1, 0))));
      if (gtk_widget_get_visible (team))
        {
          g_assert_null (rows->team);
          rows->team = team;
        }
    }
}

/* Issue 26: the window labelled the demo's 70B fine-tune's reasons R1,
 * R2, R4, R5, R6, R6, R6, R6, R7, R8, R8, R9 (R3 missing, the vendors'
 * questions four R6 lines), where the report lists R1 to R9 once each
 * with their names. The window lists each rule once, in order, with its
 * name, as the report does: R2 and R3 do not apply to a full fine-tune,
 * R8 (the team) is one row; the questions for the vendors are a list of their own under
 * the reasons, none among them, each once. */
void
test_reasons_rule_by_rule (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *questions = cp_test_gui_find_named (results, "questions");
  ReasonRows rows;
  g_auto(GStrv) asked = NULL;
  guint next_rule = 1;

  cp_test_gui_wait_details (window);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (cp_window_get_project (window)->jobs, 0))->id, ==, "job-ft70b");
  read_reason_rows (results, &rows);
  for (guint i = 0; i < rows.rules->len; i++)
    {
      const char *rule = g_ptr_array_index (rows.rules, i);
      const char *words = g_ptr_array_index (rows.words, i);
      guint first, last;

      g_test_message ("%s %s", rule, words);
      if (sscanf (rule, "R%u–%u", &first, &last) != 2)
        {
          g_assert_cmpint (sscanf (rule, "R%u", &first), ==, 1);
          last = first;
        }
      g_assert_cmpuint (first, ==, next_rule);
      next_rule = last + 1;
      g_assert_null (strstr (words, "Ask "));
      /* A fine-tune: the kind of fine-tuning (LoRA or full) and the
       * concurrency of a service do not apply, one line as the report
       * prints them. */
      if (first == 2)
        {
          g_assert_cmpstr (rule, ==, "R2–3");
          g_assert_cmpstr (words, ==, "Kind of fine-tuning, Inference concurrency — Do not apply to this job.");
        }
      if (first == 8)
        g_assert_true (g_str_has_prefix (words, "Team — "));
    }
  g_assert_cmpuint (next_rule, ==, 10);
  g_assert_nonnull (rows.team);

  g_assert_true (gtk_widget_get_mapped (questions));
  asked = g_strsplit (gtk_label_get_label (GTK_LABEL (questions)), "\n", -1);
  g_assert_cmpuint (g_strv_length (asked), >=, 2);
  for (guint i = 0; asked[i] != NULL; i++)
    {
      g_test_message ("%s", asked[i]);
      g_assert_true (g_str_has_prefix (asked[i], "• Ask "));
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (asked[i], !=, asked[j]);
    }
  g_ptr_array_unref (rows.rules);
  g_ptr_array_unref (rows.words);
  cp_test_gui_close_window (window);
}

/* Issue 26: the report's "Risks of each option" lists for the demo's
 * 70B fine-tune's third option, 示例供应商 F's Ascend 910B cluster, that
 * PyTorch runs through torch_npu there; the window's Main Risks listed
 * the recommended option's alone. Under them, the runners-up's own risks
 * that the recommended option's do not name, under their rank and
 * quote: F's porting. */
void
test_runner_up_risks (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *risks = cp_test_gui_find_named (results, "risks");
  GtkWidget *others = cp_test_gui_find_named (results, "other-risks");
  const char *text;
  const char *ascend;

  cp_test_gui_wait_details (window);
  g_assert_null (strstr (gtk_label_get_label (GTK_LABEL (risks)), "torch_npu"));
  g_assert_true (gtk_widget_get_mapped (others));
  text = gtk_label_get_label (GTK_LABEL (others));
  g_test_message ("%s", text);
  ascend = strstr (text, "• Ascend runs PyTorch through torch_npu, not CUDA");
  g_assert_nonnull (ascend);
  /* Under F's rank and name, its block's first line. */
  {
    const char *block = g_strrstr_len (text, ascend - text, "\n\n");
    const char *title = block != NULL ? block + 2 : text;

    g_assert_true (g_str_has_prefix (title, "3. 示例供应商 F (Example vendor F)"));
    g_assert_nonnull (strstr (title, ", besides the risks above:\n"));
  }
  cp_test_gui_close_window (window);
}

/* The job form's row @key, its title and its control, shows whole
 * within the form's view. */
static gboolean
form_row_in_view (CpWindow   *window,
                  const char *key)
{
  GtkWidget *row = GTK_WIDGET (cp_job_editor_get_row (cp_window_get_job_editor (window), key));
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (row) || !gtk_widget_compute_bounds (row, scroller, &bounds))
    return FALSE;
  return bounds.origin.y >= -0.5 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 0.5;
}

typedef struct {
  CpWindow   *window;
  const char *key;
} FormRowWait;

static gboolean
form_row_focused_in_view (gpointer user_data)
{
  FormRowWait *wait = user_data;
  CpFieldRow *row = cp_job_editor_get_row (cp_window_get_job_editor (wait->window), wait->key);

  return gtk_root_get_focus (GTK_ROOT (wait->window)) == cp_field_row_get_input (row) &&
         form_row_in_view (wait->window, wait->key);
}

/* Issue 26: the demo's 70B fine-tune's verdict rests on the 10.5 days a
 * team without distributed-training experience takes to move to a
 * cluster (R8; the cost chart's lower panel says "a cluster adds 10.5
 * days of migration"), and the switch that says so was far down the job
 * form's Team section. From present mode at 1024 × 700, R8's button
 * leaves present mode and focuses that switch, its whole row scrolled
 * into the form's view (GTK scrolled only to the focused control, and the
 * row's title stayed cut at the form's foot); switched on there, the
 * chart's days panel no longer adds the migration. */
void
test_team_experience_link (void)
{
  CpWindow *window = demo_window_sized (1024, 700);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  CpChartView *chart = cp_results_view_get_chart (cp_window_get_results_view (window), CP_CHART_COST);
  CpFieldRow *row = cp_job_editor_get_row (cp_window_get_job_editor (window), "distributed-experience");
  FormRowWait focused = { window, "distributed-experience" };
  ReasonRows rows;

  cp_test_gui_wait_details (window);
  g_assert_cmpstr (cp_chart_view_get_data (chart)->y2_label, ==,
                   "Calendar time (days); a cluster adds 10.5 days of migration");
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (cp_field_row_get_input (row))));
  g_assert_false (form_row_in_view (window, "distributed-experience"));
  present_at_width (window, 1024);

  read_reason_rows (results, &rows);
  g_assert_nonnull (rows.team);
  g_assert_true (gtk_widget_activate (rows.team));
  cp_test_gui_wait_until (form_row_focused_in_view, &focused, "the team's experience focused in view");
  g_assert_false (present_state (window));

  gtk_switch_set_active (GTK_SWITCH (cp_field_row_get_input (row)), TRUE);
  cp_test_gui_wait_details (window);
  g_assert_true (((CpJob *) g_ptr_array_index (cp_window_get_project (window)->jobs, 0))->team_has_distributed_experience);
  /* Without the migration the days panel spans more than a factor of 30
   * (its fastest cluster against its slowest machine): it turns
   * logarithmic and says so (walk36 X18). */
  g_assert_cmpstr (cp_chart_view_get_data (chart)->y2_label, ==, "Calendar time (days), log scale");
  g_ptr_array_unref (rows.rules);
  g_ptr_array_unref (rows.words);
  cp_test_gui_close_window (window);
}

/* The brightness of @widget's pixel (@x, @y) as its window's renderer
 * draws the window: the sum of its red, green and blue. */
static guint
drawn_brightness (GtkWidget *widget,
                  double     x,
                  double     y)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  graphene_point_t point;
  const guchar *pixel;

  g_assert_true (gtk_widget_compute_point (widget, window, &GRAPHENE_POINT_INIT (x, y), &point));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* GDK_MEMORY_DEFAULT: B, G, R, A premultiplied. */
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  pixel = pixels + ((gsize) point.y * width + (gsize) point.x) * 4;
  return pixel[0] + pixel[1] + pixel[2];
}

/* Left of the page's groups, on its background. */
#define PAGE_MARGIN_X 20

/* walk41b F8: at 1024 × 700 Report Sign-Off ended at the Budget row's
 * hint, cut at the dialog's edge; Contingency and VAT were below with
 * nothing saying so. While more of the page is below, its bottom edge
 * is drawn shaded (darker than the same page margin halfway up); once
 * scrolled to the end, it is not. */
void
test_sign_off_shows_more_below (void)
{
  CpWindow *window = demo_window_sized (1024, 700);
  CpPreferencesWindow *preferences = cp_test_gui_open_sign_off (app);
  CpFieldRow *budget = cp_preferences_window_get_setting_row (preferences, "budget");
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (budget), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *vertical = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  int bottom, middle;
  guint middle_margin, bottom_margin;

  cp_test_gui_wait_frames (scroller, 3);
  /* Inside the 40-px undershoot GTK draws, above its 1-px edge. */
  bottom = gtk_widget_get_height (scroller) - 6;
  middle = gtk_widget_get_height (scroller) / 2;
  g_assert_cmpfloat (gtk_adjustment_get_upper (vertical) - gtk_adjustment_get_page_size (vertical), >, 0);
  middle_margin = drawn_brightness (scroller, PAGE_MARGIN_X, middle);
  bottom_margin = drawn_brightness (scroller, PAGE_MARGIN_X, bottom);
  g_test_message ("page margin halfway down %u, at the bottom edge %u (of 765)", middle_margin, bottom_margin);
  g_assert_cmpuint (bottom_margin + 30, <=, middle_margin);

  gtk_adjustment_set_value (vertical, gtk_adjustment_get_upper (vertical) - gtk_adjustment_get_page_size (vertical));
  cp_test_gui_wait_frames (scroller, 3);
  g_assert_cmpuint (drawn_brightness (scroller, PAGE_MARGIN_X, bottom), ==, drawn_brightness (scroller, PAGE_MARGIN_X, middle));

  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
  cp_test_gui_close_window (window);
}
