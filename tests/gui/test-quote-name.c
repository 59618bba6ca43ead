/* test-quote-name.c: a quote's name in a row narrower than it
 * (CpQuoteName), as the sidebar and the table show it: what follows the
 * vendor is never cut, the vendor keeps its head. */
#include "config.h"

#include <adwaita.h>

#include "gui/cp-quote-name.h"

#include "cp-test-gui.h"

/* The sheet walk41b imported (/tmp/walk41/vendor-shenzhen.csv): one
 * vendor's four quotes, told apart by their GPUs. */
#define SHENZHEN "深圳鹏城智算科技有限公司"

typedef struct {
  GtkWidget *name;
  int        width;
} WidthWait;

/* Whether the name has been given @width (a CpTestGuiCondition). */
static gboolean
allocated (gpointer user_data)
{
  WidthWait *wait = user_data;

  return gtk_widget_get_mapped (wait->name) && gtk_widget_get_width (wait->name) == wait->width;
}

/* The width @label's layout draws @text at. */
static int
text_width (GtkLabel   *label,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);
  return width;
}

/* @text shown by a CpQuoteName @width px wide, in a window: its rest
 * (" — GPU") whole, its vendor cut after at least @head; returns whether
 * the vendor was cut. */
static gboolean
shows_head_and_rest (const char *text,
                     int         width,
                     const char *head)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *name = cp_quote_name_new ();
  WidthWait wait = { name, 0 };
  GtkLabel *vendor, *rest;
  PangoLayout *vendor_layout;
  int minimum, natural, shown;
  gboolean cut;

  cp_quote_name_set_text (CP_QUOTE_NAME (name), text);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_widget_measure (name, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  /* The row's width, or the name's least where the row is narrower. */
  gtk_widget_set_size_request (box, width, -1);
  wait.width = MAX (width, minimum);
  gtk_window_set_default_size (GTK_WINDOW (window), width, -1);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_wait_until (allocated, &wait, "the name at its width");
  cp_test_gui_wait_frames (name, 1);

  vendor = cp_quote_name_get_vendor (CP_QUOTE_NAME (name));
  rest = cp_quote_name_get_rest (CP_QUOTE_NAME (name));
  vendor_layout = gtk_label_get_layout (vendor);
  pango_layout_get_pixel_size (vendor_layout, &shown, NULL);
  g_test_message ("%s at %d px (least %d, natural %d): vendor %d px shown of %d, rest %d of %d px", text, width,
                  minimum, natural, shown, text_width (vendor, gtk_label_get_label (vendor)),
                  gtk_widget_get_width (GTK_WIDGET (rest)), text_width (rest, gtk_label_get_label (rest)));
  /* The rest whole, where it is given the room to draw it. */
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (rest)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (rest)), >=, text_width (rest, gtk_label_get_label (rest)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (rest)));
  /* The vendor's head and the ellipsis at least. */
  cut = pango_layout_is_ellipsized (vendor_layout);
  if (cut)
    {
      g_autofree char *least = g_strconcat (head, "…", NULL);

      g_assert_cmpint (shown, >=, text_width (vendor, least));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return cut;
}

/* walk41b F11: the sidebar showed "深圳鹏城…scend 910B2 64GB", the GPU
 * cut at its start once the vendor was down to its four first
 * characters. " — Ascend 910B2 64GB" stays whole at every width: the
 * vendor gives way, to "深圳鹏城…" at the least, and the name asks for
 * that much. At a width between, the vendor is cut at its end. */
static void
test_gpu_never_cut (void)
{
  static const char * const names[] = {
    SHENZHEN " — Ascend 910B2 64GB",
    SHENZHEN " — H800 SXM 80GB",
    "华东智算 — 8×H800 80G SXM 整机",
  };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autofree char *head = g_utf8_substring (names[n], 0, 4);
      gboolean cut_narrow = shows_head_and_rest (names[n], 120, head);

      /* A vendor of four characters is never cut. */
      g_assert_true (cut_narrow == (g_utf8_strlen (names[n], -1) - g_utf8_strlen (strstr (names[n], " — "), -1) > 4));
      shows_head_and_rest (names[n], 260, head);
      g_assert_false (shows_head_and_rest (names[n], 600, head));
    }
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/gui/quote-name/gpu-never-cut", test_gpu_never_cut);
  return g_test_run ();
}
