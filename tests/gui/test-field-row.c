/* test-field-row.c: a form row's title and hint as AdwActionRow's template
 * lays them out: the title wraps between words, a row asked to keep room
 * for its hint reserves that many lines of its own font, and a figure
 * shown is never cut. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "gui/cp-field-row.h"

#include "cp-test-gui.h"

static const CpField vendor_field = {
  .key = "vendor",
  .title = N_("Vendor name as it appears on the quote sheet"),
  .hint = N_("Who sent the quote"),
  .kind = CP_FIELD_TEXT,
};

static gboolean
commit_nothing (gpointer            user_data,
                const CpField      *field,
                const CpFieldValue *value,
                GError            **error)
{
  return TRUE;
}

static gboolean
is_realized (gpointer user_data)
{
  return gtk_widget_get_realized (GTK_WIDGET (user_data));
}

/* The pixel height a row's hint label asks for when the row keeps
 * @lines lines for it, shown in a window. */
static int
reserved_height (int lines)
{
  CpFieldRow *row = cp_field_row_new (&vendor_field, commit_nothing, NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *hint;
  int height = -1;

  /* In a list, as a form's group holds it. */
  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (row));
  gtk_window_set_child (GTK_WINDOW (window), list);
  hint = cp_test_gui_find_with_text (GTK_WIDGET (row), "Who sent the quote", CP_TEST_GUI_TEXT_WHOLE);
  g_assert_true (GTK_IS_LABEL (hint));
  g_assert_true (gtk_widget_has_css_class (hint, "subtitle"));
  cp_field_row_keep_hint_lines (row, lines);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_wait_until (is_realized, hint, "the hint label realized");
  gtk_widget_get_size_request (hint, NULL, &height);
  gtk_window_destroy (GTK_WINDOW (window));
  return height;
}

static void
test_title_wraps_at_words (void)
{
  CpFieldRow *row = g_object_ref_sink (cp_field_row_new (&vendor_field, commit_nothing, NULL));
  GtkWidget *title = cp_test_gui_find_with_text (GTK_WIDGET (row), "Vendor name as it appears on the quote sheet",
                                                 CP_TEST_GUI_TEXT_WHOLE);
  GtkWidget *hint = cp_test_gui_find_with_text (GTK_WIDGET (row), "Who sent the quote", CP_TEST_GUI_TEXT_WHOLE);

  g_assert_true (GTK_IS_LABEL (title));
  g_assert_true (GTK_IS_LABEL (hint));
  g_assert_cmpint (gtk_label_get_wrap_mode (GTK_LABEL (title)), ==, PANGO_WRAP_WORD);
  g_assert_cmpint (gtk_label_get_wrap_mode (GTK_LABEL (hint)), ==, PANGO_WRAP_WORD);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "cp-form-row"));
  g_object_unref (row);
}

/* Three lines reserved are three times one line, give or take the
 * rounding of each line's pixel height. */
static void
test_keeps_hint_lines (void)
{
  int one = reserved_height (1);
  int three = reserved_height (3);

  g_test_message ("one line: %d px, three: %d px", one, three);
  g_assert_cmpint (one, >, 0);
  g_assert_cmpint (three, >=, 3 * one - 2);
  g_assert_cmpint (three, <=, 3 * one + 2);
}

/* A figure in a row whose hint takes the width. */
typedef struct {
  double bucket_bytes;
} Record;

static const CpField bucket_field = {
  .key = "bucket",
  .title = N_("Gradient bucket"),
  .hint = N_("The last bucket of gradients is reduced after the backward pass, not hidden by it; PyTorch DDP’s default is 25 MiB"),
  .kind = CP_FIELD_BYTES,
  .offset = G_STRUCT_OFFSET (Record, bucket_bytes),
};

/* Walkthrough 14: "25.0 MiB" read "25.0 Mi" where the hint took the
 * row's width (in Chinese, 梯度桶). The entry is at least as wide as the
 * figure it shows, measured in its own font, in a row squeezed to less
 * than it asks for. */
static void
test_figure_whole (void)
{
  static const Record records[] = { { 25.0 * 1024 * 1024 }, { 512.0 * 1024 * 1024 }, { 3.0 * 1024 * 1024 * 1024 } };
  CpFieldRow *row = cp_field_row_new (&bucket_field, commit_nothing, NULL);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *input = cp_field_row_get_input (row);
  GtkWidget *text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (input)));

  gtk_list_box_append (GTK_LIST_BOX (list), GTK_WIDGET (row));
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, -1);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_wait_until (is_realized, text, "the entry realized");
  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      PangoLayout *layout;
      int shown_width;

      cp_field_row_load (row, &records[i], TRUE);
      cp_test_gui_wait_frames (text, 2);
      layout = gtk_widget_create_pango_layout (text, gtk_editable_get_text (GTK_EDITABLE (input)));
      pango_layout_get_pixel_size (layout, &shown_width, NULL);
      g_object_unref (layout);
      g_test_message ("“%s”: %d px in %d px", gtk_editable_get_text (GTK_EDITABLE (input)), shown_width,
                      gtk_widget_get_width (text));
      g_assert_cmpint (shown_width, >, 0);
      g_assert_cmpint (gtk_widget_get_width (text), >=, shown_width);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/field-row/title-wraps-at-words", test_title_wraps_at_words);
  g_test_add_func ("/field-row/keeps-hint-lines", test_keeps_hint_lines);
  g_test_add_func ("/field-row/figure-whole", test_figure_whole);
  return g_test_run ();
}
