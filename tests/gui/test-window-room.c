/* test-window-room.c: the window in a meeting room (issue 26, after
 * walkthrough 9). The results table fits its pane at 1024 px with every
 * GPU whole, its details in each row's popover, and shows every column on
 * a wide screen; File > New
 * replaces an untouched untitled project and otherwise says it opened a
 * new window; Save As leaves nothing unsaved; present mode shows the
 * results alone and Escape leaves it; a catalogue link reads in the
 * user's language. Through the widgets: actions by name, the file
 * chooser, the shortcut's own action, the labels on screen. */

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

static CpApplication *app;
static char *tmp_dir;

static GtkColumnView *
table_of (CpWindow *window)
{
  return GTK_COLUMN_VIEW (cp_test_gui_find_named (GTK_WIDGET (cp_window_get_results_view (window)), "options"));
}

static GtkAdjustment *
sideways_of (CpWindow *window)
{
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (table_of (window)));

  return gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
}

static GtkColumnViewColumn *
column_titled (CpWindow   *window,
               const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (table_of (window));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_assert_not_reached ();
}

typedef struct {
  CpWindow *window;
  int       width_px;
} WidthWait;

/* The window laid out within a few pixels of @width_px (its own border
 * where no compositor runs, 5 px a side), its sidebar folded. */
static gboolean
folded_at_width (gpointer user_data)
{
  WidthWait *wait = user_data;
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (wait->window), "flap"));
  int width = gtk_widget_get_width (GTK_WIDGET (wait->window));

  return adw_flap_get_folded (flap) && width <= wait->width_px && width >= wait->width_px - 12;
}

typedef struct {
  CpWindow   *window;
  gboolean    within; /* no wider than its pane */
} TableWait;

/* The columns a narrow table goes without, their words in each row's
 * details. */
static const char *details[] = { "Nodes", "Technique", "#" };

/* The table laid out within its pane, with no sideways scrollbar: with
 * every column shown when @within, else without the details it went
 * without to fit. */
static gboolean
table_laid_out (gpointer user_data)
{
  TableWait *wait = user_data;
  GtkAdjustment *sideways = sideways_of (wait->window);
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (table_of (wait->window)));
  gboolean all = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (details); i++)
    all &= gtk_column_view_column_get_visible (column_titled (wait->window, details[i]));
  if (cp_results_view_get_update_pending (cp_window_get_results_view (wait->window)) ||
      gtk_adjustment_get_page_size (sideways) <= 0)
    return FALSE;
  return all == wait->within && gtk_adjustment_get_upper (sideways) <= gtk_adjustment_get_page_size (sideways) + 1 &&
         !gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller)));
}

/* The mapped label under @root reading @text, or NULL. */
static GtkWidget *
label_reading (GtkWidget  *root,
               const char *text)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();

  cp_test_gui_collect (root, GTK_TYPE_LABEL, all);
  for (guint i = 0; i < all->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (all, i)) &&
        g_strcmp0 (gtk_label_get_label (GTK_LABEL (g_ptr_array_index (all, i))), text) == 0)
      return g_ptr_array_index (all, i);
  return NULL;
}

/* The mapped label of the table reading @text, or NULL. */
static GtkWidget *
cell_reading (CpWindow   *window,
              const char *text)
{
  return label_reading (GTK_WIDGET (table_of (window)), text);
}

/* Whether @widget shows whole in the table's scrolled window. */
static gboolean
in_table_view (CpWindow  *window,
               GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (table_of (window)));
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, scroller, &bounds));
  return bounds.origin.x >= -0.5 && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (scroller) + 0.5;
}

/* The GPU name labels of the table's Quote column, on screen. */
static GPtrArray *
gpu_labels (CpWindow *window)
{
  GPtrArray *all = g_ptr_array_new ();
  GPtrArray *found = g_ptr_array_new ();

  cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, all);
  for (guint i = 0; i < all->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (all, i);

      if (g_strcmp0 (gtk_widget_get_name (label), "quote-gpu") == 0 && gtk_widget_get_mapped (label))
        g_ptr_array_add (found, label);
    }
  g_ptr_array_unref (all);
  return found;
}

/* Walkthrough 9: at 1024 px the table scrolled sideways and its Quote
 * column read "8 × NVIDIA A800 80G…"; then it hid Nodes, Memory per GPU
 * and Technique to fit, with no way to reach them (lead14: "tried to
 * scroll table sideways"); then it scrolled sideways, and "⚠ Tight" was
 * explained by a column out of view (walk33 W17: in a meeting nobody
 * scrolls a table sideways). At 1024 px it fits its pane: the quote, the
 * cost, Fits with the memory each GPU needs of what it has under it,
 * Deadline and Time in view, no scrollbar; the nodes, the technique and
 * the rank it goes without are said first in each row's details (its ⋮
 * button): the demo's first job at 示例供应商 G uses 1 of the 4 nodes
 * its cluster offers, as its summary says. Each quote's GPU count and
 * whole GPU model on the first line (the model without its maker's
 * word, "8 × A100 80GB SXM4"); the vendor's name under it, with the
 * whole name in the tooltip. */
static void
test_table_fits_1024 (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  TableWait wait = { window, FALSE };
  WidthWait narrow = { window, 1024 };
  g_autoptr(GPtrArray) labels = NULL;
  guint vendors = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_until (table_laid_out, &wait, "the table within its pane at 1024 px");
  cp_test_gui_wait_frames (GTK_WIDGET (table_of (window)), 2);

  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, "Total cost")));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, "Fits")));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, "Deadline")));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, "Time")));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (window, "Technique")));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (window, "Nodes")));
  {
    GListModel *options = cp_results_view_get_options (cp_window_get_results_view (window));
    g_autoptr(GPtrArray) all = g_ptr_array_new ();
    guint memories = 0;

    for (guint i = 0; i < g_list_model_get_n_items (options); i++)
      {
        g_autoptr(CpOptionObject) row = g_list_model_get_item (options, i);
        const char *memory = cp_option_object_get_text (row, CP_OPTION_TEXT_MEMORY);
        const char *breakdown = cp_option_object_get_text (row, CP_OPTION_TEXT_BREAKDOWN);
        g_autofree char *memory_line = g_strdup_printf ("Memory per GPU: %s\n", memory);
        g_autofree char *technique_line = g_strdup_printf ("Technique: %s\n",
                                                          cp_option_object_get_text (row, CP_OPTION_TEXT_TECHNIQUE));
        g_autofree char *nodes_line = g_strdup_printf ("Nodes: %s\n",
                                                      cp_option_object_get_text (row, CP_OPTION_TEXT_NODES_OFFERED));
        GtkWidget *cost = cell_reading (window, cp_option_object_get_text (row, CP_OPTION_TEXT_COST));
        GtkWidget *days = cell_reading (window, cp_option_object_get_text (row, CP_OPTION_TEXT_DAYS));

        g_assert_nonnull (cost);
        g_assert_nonnull (days);
        g_assert_true (in_table_view (window, cost));
        g_assert_true (in_table_view (window, days));
        /* The row's details begin with what the table went without. */
        g_assert_true (g_str_has_prefix (breakdown, nodes_line));
        g_assert_nonnull (strstr (breakdown, memory_line));
        g_assert_nonnull (strstr (breakdown, technique_line));
      }
    {
      g_autoptr(CpOptionObject) first = g_list_model_get_item (options, 0);

      g_assert_nonnull (strstr (cp_option_object_get_text (first, CP_OPTION_TEXT_QUOTE), "示例供应商 G"));
      g_assert_true (g_str_has_prefix (cp_option_object_get_text (first, CP_OPTION_TEXT_BREAKDOWN),
                                       "Nodes: 1 of the 4 nodes offered, 8 GPUs\n"));
    }
    /* Under each Fits, the memory figure, whole and in view. */
    cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, all);
    for (guint i = 0; i < all->len; i++)
      {
        GtkWidget *memory = g_ptr_array_index (all, i);

        if (g_strcmp0 (gtk_widget_get_name (memory), "fits-memory") != 0 || !gtk_widget_get_mapped (memory))
          continue;
        g_assert_true (g_str_has_suffix (gtk_label_get_label (GTK_LABEL (memory)), " GiB"));
        g_assert_true (in_table_view (window, memory));
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (memory))));
        memories++;
      }
    g_assert_cmpuint (memories, ==, g_list_model_get_n_items (options));
  }

  /* Each row's GPUs: "8 ×" and the quote's GPU model, whole, with the
   * nodes and all their GPUs first for a cluster option ("2 × 8 × …
   * (16 GPUs)"). */
  labels = gpu_labels (window);
  g_assert_cmpuint (labels->len, >=, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);
      const char *text = gtk_label_get_label (GTK_LABEL (label));
      gboolean known = FALSE;

      for (guint q = 0; q < project->quotes->len; q++)
        {
          g_autofree char *gpus = g_strdup_printf ("8 × %s", cp_quote_gpu_model (((CpQuote *) g_ptr_array_index (project->quotes, q))->gpu.name));
          const char *at = strstr (text, gpus);

          known |= at != NULL && (at == text || g_str_has_suffix (text, " GPUs)"));
        }
      g_assert_true (known);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
    }

  /* The vendor's line may be cut; its cell's tooltip has it whole. */
  {
    g_autoptr(GPtrArray) all = g_ptr_array_new ();

    cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, all);
    for (guint i = 0; i < all->len; i++)
      {
        GtkWidget *vendor = g_ptr_array_index (all, i);

        if (g_strcmp0 (gtk_widget_get_name (vendor), "quote-vendor") != 0 ||
            !gtk_widget_get_mapped (vendor))
          continue;
        /* Kept on the cell and given when GTK asks (_cp_results_view_set_tooltip()). */
        g_assert_true (gtk_widget_get_has_tooltip (gtk_widget_get_parent (vendor)));
        g_assert_cmpstr (g_object_get_data (G_OBJECT (gtk_widget_get_parent (vendor)), "cp-tooltip"), ==,
                         gtk_label_get_label (GTK_LABEL (vendor)));
        g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (vendor)), "示例供应商"));
        vendors++;
      }
  }
  g_assert_cmpuint (vendors, ==, labels->len);

  cp_test_gui_close_window (window);
}

/* On a projector's width the table is within its pane, every column and
 * every GPU's name whole; back at 1024 px it goes without its details
 * again. X keeps a window within its screen: gui-window-room runs on a
 * 1920 × 1080 one. */
static void
test_table_wide (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  TableWait narrow = { window, FALSE };
  TableWait wide = { window, TRUE };

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_until (table_laid_out, &narrow, "the table without its details at 1024 px");
  gtk_window_set_default_size (GTK_WINDOW (window), 1880, 1000);
  cp_test_gui_wait_until (table_laid_out, &wide, "the table whole within its pane at 1880 px");
  cp_test_gui_wait_frames (GTK_WIDGET (table_of (window)), 2);
  {
    g_autoptr(GPtrArray) labels = gpu_labels (window);

    g_assert_cmpuint (labels->len, >=, 5);
    for (guint i = 0; i < labels->len; i++)
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (g_ptr_array_index (labels, i)))));
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (table_laid_out, &narrow, "the table without its details at 1024 px again");
  cp_test_gui_close_window (window);
}

/* A service's table: its price per million output tokens, throughput
 * and requests served; at 1024 px without the details a narrow table
 * goes without (a scrollbar for what still does not fit), within the
 * pane at 1880 px, with its technique where the pane is still narrower
 * than the whole table. */
static gboolean
service_table_is (gpointer user_data)
{
  TableWait *wait = user_data;
  GtkAdjustment *sideways = sideways_of (wait->window);
  gboolean throughput = gtk_column_view_column_get_visible (column_titled (wait->window, _("Tokens/s per replica")));
  gboolean served = gtk_column_view_column_get_visible (column_titled (wait->window, _("Requests served")));
  gboolean technique = gtk_column_view_column_get_visible (column_titled (wait->window, _("Technique")));

  if (!gtk_column_view_column_get_visible (column_titled (wait->window, C_("results table", "Per million\noutput tokens"))) ||
      cp_results_view_get_update_pending (cp_window_get_results_view (wait->window)))
    return FALSE;
  if (!throughput || !served || gtk_adjustment_get_page_size (sideways) <= 0)
    return FALSE;
  if (!wait->within)
    return !technique;
  /* At 1880 px the pane (1,147 px beside the sidebar and the form) is
   * narrower than the whole service table (1,204 px): the technique
   * stays in the row's details and the rest is within the pane. */
  return gtk_adjustment_get_upper (sideways) <= gtk_adjustment_get_page_size (sideways) + 1;
}

/* The labels of the table's cells reading @text, on screen. */
static guint
count_cells (CpWindow   *window,
             const char *text)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  guint n = 0;

  cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, all);
  for (guint i = 0; i < all->len; i++)
    n += gtk_widget_get_mapped (g_ptr_array_index (all, i)) &&
         g_strcmp0 (gtk_label_get_label (GTK_LABEL (g_ptr_array_index (all, i))), text) == 0;
  return n;
}

static void
test_service_columns (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  TableWait narrow = { window, FALSE };
  TableWait wide = { window, TRUE };
  WidthWait width = { window, 1024 };
  int service = -1;

  for (guint i = 0; i < project->jobs->len && service < 0; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_INFERENCE)
      service = (int) i;
  g_assert_cmpint (service, >=, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &width, "the window 1,024 px wide");
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), service));
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_until (service_table_is, &narrow, "a service's table without its details at 1024 px");
  /* Its target is the demo service's 200 requests at once, which every
   * demo quote's offer carries: the column is titled for it, not
   * "Deadline", and each row says 200 of the 200. */
  g_assert_cmpuint (((CpJob *) g_ptr_array_index (project->jobs, service))->concurrency, ==, 200);
  {
    /* In the language the test runs in (gui-window-room-zh_CN too). */
    g_autofree char *all_served = g_strdup_printf (_("%s of %s"), "200", "200");

    g_assert_true (gtk_column_view_column_get_visible (column_titled (window, C_("results table", "Serves"))));
    g_assert_cmpuint (count_cells (window, all_served), >=, 5);
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1880, 1000);
  cp_test_gui_wait_until (service_table_is, &wide, "a service's table within its pane at 1880 px");
  cp_test_gui_close_window (window);
}

static guint
n_windows (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));
  guint n = 0;

  for (GList *l = windows; l != NULL; l = l->next)
    n += CP_IS_WINDOW (l->data);
  return n;
}

/* Walkthrough 9: File > New opened a second identical window over the
 * first, with no sign of it. With a project open it still opens a new
 * window (the project stays open), which says so; over an untouched
 * untitled project it opens no other. */
static void
test_new_window_or_in_place (void)
{
  CpWindow *demo = cp_test_gui_demo_window (app);
  CpWindow *fresh;
  g_autofree char *said = NULL;

  cp_test_gui_spin ();
  g_assert_cmpuint (n_windows (), ==, 1);
  g_action_group_activate_action (G_ACTION_GROUP (app), "new", NULL);
  cp_test_gui_spin ();
  g_assert_cmpuint (n_windows (), ==, 2);
  fresh = CP_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_true (fresh != demo);
  g_assert_true (cp_window_is_pristine (fresh));
  said = g_strdup_printf ("“%s” is still open", cp_window_get_project (demo)->name);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (fresh), said, CP_TEST_GUI_TEXT_PART));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (demo), "is still open", CP_TEST_GUI_TEXT_PART));

  /* New again, from the new, untouched window: no third window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new", NULL);
  cp_test_gui_spin ();
  g_assert_cmpuint (n_windows (), ==, 2);

  cp_test_gui_close_window (fresh);
  cp_test_gui_close_window (demo);
}

static gboolean
chooser_mapped (gpointer user_data)
{
  GtkWidget **chooser = user_data;

  *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return *chooser != NULL && gtk_widget_get_mapped (*chooser);
}

/* Walkthrough 9: right after Save As the title read "• lora13b", the
 * unsaved marker, because the project took the file's name after the
 * copy was written. */
static void
test_save_as_leaves_nothing_unsaved (void)
{
  CpWindow *window = cp_window_new (app);
  g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);
  g_autofree char *path = g_build_filename (tmp_dir, "lora13b.cplan", NULL);
  AdwWindowTitle *title;
  GtkWidget *chooser = NULL;

  g_assert_true (cp_window_load_new (window, NULL, NULL));
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-job", NULL));
  cp_test_gui_spin ();
  g_assert_true (cp_window_get_modified (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL));
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Save As chooser on screen");
  cp_test_gui_wait_frames (chooser, 2);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "lora13b.cplan");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  cp_test_gui_wait_busy (window);
  cp_test_gui_wait_not_busy (window);

  g_assert_cmpstr (cp_window_get_path (window), ==, path);
  g_assert_false (cp_window_get_modified (window));
  g_assert_cmpstr (cp_window_get_project (window)->name, ==, "lora13b");
  title = ADW_WINDOW_TITLE (cp_test_gui_find_of_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lora13b");
  /* The file's name first, then its folder; the whole path in a tooltip
   * (issue 26: the subtitle was the whole /tmp/… path, cut before the
   * name). tmp_dir is outside the scratch home, two folders deep. */
  {
    g_autofree char *expected = g_strdup_printf ("lora13b.cplan — %s", tmp_dir);

    g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, expected);
    g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (title)), ==, path);
  }

  cp_test_gui_close_window (window);
  {
    /* The file holds the name the window shows. */
    g_autoptr(GError) error = NULL;
    g_autoptr(CpProject) saved = cp_project_load_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (saved->name, ==, "lora13b");
  }
  g_unlink (path);
}

static CpWindow *
window_with_path (const char *path)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (CP_IS_WINDOW (l->data) && g_strcmp0 (cp_window_get_path (l->data), path) == 0)
      return l->data;
  return NULL;
}

static gboolean
window_opened (gpointer path)
{
  return window_with_path (path) != NULL;
}

/* Issue 26: a project in the home folder is named by its file and a
 * folder under "~"; one deep down by its last two folders. */
static void
test_subtitle_home_folder (void)
{
  static const char *const folders[][2] = {
    { "plans", "budget.cplan — ~/plans" },
    { "work/2027/plans/gpu", "budget.cplan — …/plans/gpu" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CpProject) project = cp_project_new ();
      g_autofree char *folder = g_build_filename (g_get_home_dir (), folders[f][0], NULL);
      g_autofree char *path = g_build_filename (folder, "budget.cplan", NULL);
      CpWindow *window;
      AdwWindowTitle *title;

      g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
      g_assert_true (cp_project_save_file (project, path, &error));
      g_assert_no_error (error);
      g_action_group_activate_action (G_ACTION_GROUP (app), "open-recent", g_variant_new_string (path));
      cp_test_gui_wait_until (window_opened, path, "the project's window");
      window = window_with_path (path);
      title = ADW_WINDOW_TITLE (cp_test_gui_find_of_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE));
      g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, folders[f][1]);
      cp_test_gui_close_window (window);
      g_unlink (path);
    }
}

/* A new, untitled project's window on screen (set in @window) and its
 * Export Report dialog, returned. */
static GtkWidget *
open_untitled_export (CpWindow **window)
{
  *window = cp_window_new (app);
  g_assert_true (cp_window_load_new (*window, NULL, NULL));
  gtk_window_present (GTK_WINDOW (*window));
  cp_test_gui_spin ();
  return cp_test_gui_open_export (*window);
}

/* The file name Export Report's chooser offers once @dialog's Choose
 * Destination is pressed; the chooser is cancelled. */
static char *
offered_export_name (GtkWidget *dialog)
{
  GtkWidget *chooser = NULL;
  char *name;

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "export");
  gtk_window_close (GTK_WINDOW (dialog));
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Export Report chooser on screen");
  /* The chooser hands over a copy of its name. */
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();
  return name;
}

/* Issue 26: the export dialog of an untitled project showed an empty
 * Project name; it shows the title the window shows, and the file
 * chooser offers it as the file's name, with the report's language
 * (walk39 F11: the Chinese report was offered the English one's name).
 * Left as offered, the project gets no name of its own. */
static void
test_untitled_export_name (void)
{
  CpWindow *window;
  GtkWidget *dialog = open_untitled_export (&window);
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  g_autofree char *name_before = g_strdup (cp_window_get_project (window)->name);
  g_autofree char *export_name = NULL;

  {
    GtkWidget *project_row = GTK_WIDGET (gtk_builder_get_object (builder, "project_row"));
    GtkWidget *button = cp_test_gui_find_with_text (project_row, "_Start and Sign-Off…", CP_TEST_GUI_TEXT_WHOLE);

    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (builder, "project_name_row"))), ==,
                     "Untitled Project");
    g_assert_cmpstr (cp_test_gui_row_subtitle (project_row), ==, "No start date set: its calendar starts today");
    button = gtk_widget_get_ancestor (button, GTK_TYPE_BUTTON);
    g_assert_nonnull (button);
    g_assert_true (button == GTK_WIDGET (gtk_builder_get_object (builder, "sign_off_button")));
    g_assert_true (gtk_widget_is_sensitive (button));
  }
  export_name = offered_export_name (dialog);
  g_assert_cmpstr (export_name, ==, "Untitled Project (English).pdf");
  g_assert_cmpstr (cp_window_get_project (window)->name, ==, name_before);
  g_assert_false (cp_window_get_modified (window));
  cp_test_gui_close_window (window);
}

/* Export Report cancelled, as its Cancel does, then @window closed. */
static void
cancel_export_and_close (CpWindow  *window,
                         GtkWidget *dialog)
{
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  cp_test_gui_spin ();
  cp_test_gui_close_window (window);
}

static gboolean
combo_list_shown (gpointer row)
{
  GtkWidget *popover = cp_test_gui_find_of_type (row, GTK_TYPE_POPOVER);

  return popover != NULL && gtk_widget_get_mapped (popover);
}

/* walk39 F10: Export Report's Language, reached by Tab, opened with
 * neither Space nor Alt+Down, and Return ran Choose Destination. Space
 * opens its list as any combo row's does, Down and Return pick Chinese,
 * and the dialog is still there to export from. */
static void
test_export_language_by_keyboard (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkWidget *row = GTK_WIDGET (gtk_builder_get_object (g_object_get_data (G_OBJECT (dialog), "builder"), "language_row"));
  GtkWidget *focus;

  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 0);
  g_assert_true (gtk_widget_grab_focus (row));
  g_assert_true (cp_test_gui_press_key (row, GDK_KEY_space));
  cp_test_gui_wait_until (combo_list_shown, row, "the Language list open on Space");
  focus = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, cp_test_gui_find_of_type (row, GTK_TYPE_POPOVER)));
  g_assert_true (cp_test_gui_press_key (focus, GDK_KEY_Down));
  g_assert_true (cp_test_gui_press_key (gtk_root_get_focus (GTK_ROOT (dialog)), GDK_KEY_Return));
  /* The pick pops the list down at once. */
  g_assert_false (combo_list_shown (row));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  g_assert_true (cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) == dialog);
  g_assert_true (gtk_widget_get_visible (dialog));
  cancel_export_and_close (window, dialog);
}

/* walk39 F5, F9: exported before the first save, the report was titled
 * "Untitled Project", and the save then named the project after its
 * file: one project, two titles. The dialog's Project name is the name
 * the sidebar renames: typed there, it titles the report, names the
 * file offered and is the window's (Save As, which names only an
 * untitled project after its file, then keeps it). */
static void
test_export_names_project (void)
{
  CpWindow *window;
  GtkWidget *dialog = open_untitled_export (&window);
  GtkEditable *name_row = GTK_EDITABLE (gtk_builder_get_object (g_object_get_data (G_OBJECT (dialog), "builder"),
                                                                "project_name_row"));
  g_autofree char *export_name = NULL;

  /* Opened, the name is not one keystroke from being replaced. */
  g_assert_false (gtk_editable_get_selection_bounds (name_row, NULL, NULL));
  gtk_editable_set_text (name_row, "  Cluster budget 2027 ");
  export_name = offered_export_name (dialog);
  g_assert_cmpstr (export_name, ==, "Cluster budget 2027 (English).pdf");
  g_assert_cmpstr (cp_window_get_project (window)->name, ==, "Cluster budget 2027");
  g_assert_true (cp_window_get_modified (window));
  /* An edit like the sidebar's: undone, the project is untitled again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  cp_test_gui_spin ();
  g_assert_cmpstr (cp_window_get_project (window)->name, !=, "Cluster budget 2027");
  cp_test_gui_close_window (window);
}

static gboolean
sign_off_page_shown (gpointer user_data)
{
  GtkWidget *preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);

  return preferences != NULL && gtk_widget_get_mapped (preferences)
         && g_strcmp0 (adw_preferences_window_get_visible_page_name (ADW_PREFERENCES_WINDOW (preferences)), "report") == 0;
}

/* walk38b G7: Export Report's "Start and Sign-Off…" was greyed in every
 * project, its "app." action out of the dialog's reach; clicked, it
 * opens Report Sign-Off, where the start is set, and the dialog is there
 * again after it, its row saying the start just set (which needed the
 * dialog back in front, up to a window manager). In English and
 * Chinese. */
static void
test_export_sign_off_button (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *dialog = cp_test_gui_open_export (window);
  GtkBuilder *builder = g_object_get_data (G_OBJECT (dialog), "builder");
  GtkWidget *button = GTK_WIDGET (gtk_builder_get_object (builder, "sign_off_button"));
  GtkWidget *preferences;

  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, _("_Start and Sign-Off…"));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_null (cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW));

  g_assert_true (gtk_widget_activate (button));
  cp_test_gui_wait_until (sign_off_page_shown, NULL, "Report Sign-Off from Export Report's button");
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  cp_test_gui_type_text (cp_preferences_window_get_report_row (CP_PREFERENCES_WINDOW (preferences), "start-date"),
                         "2027-01-04");
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_spin ();
  g_assert_true (cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) == dialog);
  /* The project's row says the start just set. */
  g_assert_cmpstr (cp_test_gui_row_subtitle (gtk_builder_get_object (builder, "project_row")), ==,
                   cp_i18n_is_chinese (cp_labels_ui_language ()) ? "项目日程自2027年1月4日起"
                                                                 : "Its calendar starts on 4 January 2027");
  cancel_export_and_close (window, dialog);
}

/* Issue 26: File > Open had no way to the data folder, where projects
 * not yet saved elsewhere are kept (cp_store_untitled_path()). */
static void
test_open_data_folder_shortcut (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  g_autofree char *data_folder = g_build_filename (g_get_user_data_dir (), "compute-planner", NULL);
  GtkWidget *chooser = NULL;
  gboolean found = FALSE;

  g_action_group_activate_action (G_ACTION_GROUP (app), "open", NULL);
  cp_test_gui_wait_until (chooser_mapped, &chooser, "the Open chooser on screen");
  {
    g_autoptr(GListModel) shortcuts = gtk_file_chooser_get_shortcut_folders (GTK_FILE_CHOOSER (chooser));

    for (guint i = 0; i < g_list_model_get_n_items (shortcuts); i++)
      {
        g_autoptr(GFile) folder = g_list_model_get_item (shortcuts, i);
        g_autofree char *folder_path = g_file_get_path (folder);

        found = found || g_strcmp0 (folder_path, data_folder) == 0;
      }
  }
  g_assert_true (found);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();
  cp_test_gui_close_window (window);
}

/* Escape, as the window's shortcut controller has it. */
static void
press_escape (CpWindow *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean pressed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !pressed; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint s = 0; s < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !pressed; s++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), s);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Escape)
            {
              /* Seen before the focused widget: with the focus left in
               * the hidden jobs list, Escape never reached a bubbling
               * controller (walkthrough 10). */
              g_assert_cmpint (gtk_event_controller_get_propagation_phase (controller), ==, GTK_PHASE_CAPTURE);
              pressed = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                      GTK_WIDGET (window), NULL);
            }
        }
    }
  g_assert_true (pressed);
  cp_test_gui_spin ();
}

/* The size of the font the widget's style gives it (Pango units). */
static int
font_size (GtkWidget *widget)
{
  return pango_font_description_get_size (pango_context_get_font_description (gtk_widget_get_pango_context (widget)));
}

/* The least of @sign × the font size of the labels of @widget that show
 * words, and the label that has it (Pango units; G_MAXINT when none
 * shows): with @sign 1 the smallest font, with -1 the largest negated. */
static int
font_extreme (GtkWidget  *widget,
              int         sign,
              GtkWidget **found)
{
  int least = G_MAXINT;

  if (!gtk_widget_get_mapped (widget))
    return least;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      least = sign * font_size (widget);
      *found = widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *label = NULL;
      int size = font_extreme (child, sign, &label);

      if (size < least)
        {
          least = size;
          *found = label;
        }
    }
  return least;
}

static int
smallest_font (GtkWidget  *widget,
               GtkWidget **smallest)
{
  return font_extreme (widget, 1, smallest);
}

static int
largest_font (GtkWidget  *widget,
              GtkWidget **largest)
{
  return -font_extreme (widget, -1, largest);
}

/* The size in pixels of the text of the chart @view shows, as it draws it. */
static double
chart_text_px (GtkWidget *view)
{
  Geometry geometry;
  double px;

  cp_chart_geometry_init_detached (&geometry, cp_chart_view_get_data (CP_CHART_VIEW (view)), CP_CHART_STYLE_LIGHT,
                                   gtk_widget_get_width (view), gtk_widget_get_height (view));
  px = geometry.font_px;
  cp_chart_geometry_clear (&geometry);
  return px;
}

static gboolean
widget_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* Every label of the results shown in present mode reads at least at
 * 13 pt, a step under the 16-pt paragraphs. */
static void
assert_present_fonts (GtkWidget *results)
{
  GtkWidget *label = NULL;
  int least = smallest_font (results, &label);

  if (least < 13 * PANGO_SCALE)
    g_error ("“%s” shows at %.1f pt in present mode", gtk_label_get_text (GTK_LABEL (label)),
             least / (double) PANGO_SCALE);
}

typedef struct {
  CpWindow *window;
  gboolean  folded;
} FoldWait;

static gboolean
fold_reached (gpointer user_data)
{
  FoldWait *wait = user_data;
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (wait->window), "flap"));

  return adw_flap_get_folded (flap) == wait->folded;
}

static gboolean
present_state (CpWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "present");

  return g_variant_get_boolean (state);
}

/* The descendant of @widget with the style class @name, or NULL. */
static GtkWidget *
find_with_class (GtkWidget  *widget,
                 const char *name)
{
  if (gtk_widget_has_css_class (widget, name))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Issue 26: on a 2,560 px projector present mode's 28-pt verdict read
 * about as large as the window's own 26 pt. Wider than 2,200 px its
 * type grows by a third again: the recommendation at 32 pt over the
 * verdict's 24 (U10: the answer is the largest), nothing under 17. */
static void
test_present_type_wide (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *smallest = NULL;
  GdkRectangle screen;

  /* Run on its own screen, gui-window-room-projector. */
  cp_test_gui_spin ();
  gdk_monitor_get_geometry (gdk_display_get_monitor_at_surface (gtk_widget_get_display (results),
                                                                gtk_native_get_surface (GTK_NATIVE (window))),
                            &screen);
  if (screen.width < 2560 || screen.height < 1440)
    {
      g_test_skip ("needs a 2560 × 1440 screen (gui-window-room-projector)");
      cp_test_gui_close_window (window);
      return;
    }
  cp_test_gui_resize_window (window, 2560, 1440);
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "present", g_variant_new_boolean (TRUE));
  cp_test_gui_wait_frames (results, 3);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "cp-present-wide"));
  /* In pixels at 96 dpi, as the style gives them to Pango. */
  g_assert_cmpfloat (fabs (font_size (cp_test_gui_find_named (results, "summary")) / (double) PANGO_SCALE - 32.0 * 96 / 72),
                     <, 0.1);
  g_assert_cmpfloat (fabs (font_size (find_with_class (results, "cp-verdict")) / (double) PANGO_SCALE - 24.0 * 96 / 72), <, 0.1);
  g_assert_cmpfloat (smallest_font (results, &smallest) / (double) PANGO_SCALE, >=, 17.0 * 96 / 72 - 0.1);
  g_action_group_change_action_state (G_ACTION_GROUP (window), "present", g_variant_new_boolean (FALSE));
  cp_test_gui_close_window (window);
}

/* Present mode's hint over the row of the job's name (walk35 U3): right
 * of the name's words, above the verdict, the verdict where it is with
 * the hint and without it. */
static void
assert_hint_beside_verdict (CpWindow *window)
{
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *verdict = cp_test_gui_find_named (results, "verdict");
  GtkWidget *job_name = cp_test_gui_find_named (results, "job-name");
  GtkWidget *hint = GTK_WIDGET (window->present_hint);
  graphene_rect_t hint_bounds, verdict_bounds, name_bounds, verdict_after;
  int words_px;

  g_assert_true (gtk_revealer_get_reveal_child (window->present_hint));
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (gtk_widget_get_mapped (job_name));
  g_assert_true (gtk_widget_compute_bounds (hint, GTK_WIDGET (window), &hint_bounds));
  g_assert_true (gtk_widget_compute_bounds (verdict, GTK_WIDGET (window), &verdict_bounds));
  g_assert_true (gtk_widget_compute_bounds (job_name, GTK_WIDGET (window), &name_bounds));
  pango_layout_get_pixel_size (gtk_label_get_layout (GTK_LABEL (job_name)), &words_px, NULL);
  g_assert_cmpfloat (hint_bounds.size.height, >, 0);
  g_assert_cmpfloat (hint_bounds.origin.x, >=, name_bounds.origin.x + words_px);
  g_assert_cmpfloat (hint_bounds.origin.y + hint_bounds.size.height, <=, verdict_bounds.origin.y + 0.5);
  /* Gone, it moves nothing. */
  gtk_revealer_set_reveal_child (window->present_hint, FALSE);
  cp_test_gui_wait_frames (results, 3);
  g_assert_true (gtk_widget_compute_bounds (verdict, GTK_WIDGET (window), &verdict_after));
  g_assert_cmpfloat (verdict_after.origin.y, ==, verdict_bounds.origin.y);
  gtk_revealer_set_reveal_child (window->present_hint, TRUE);
}

/* Walkthrough 9: there was no present mode. F11 (win.present) leaves the
 * results alone in the window, larger; Escape goes back to the forms;
 * Escape does nothing of the kind when not presenting. */
static void
test_present_mode (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  GtkWidget *forms = gtk_widget_get_parent (GTK_WIDGET (cp_window_get_job_editor (window)));
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *summary = cp_test_gui_find_named (results, "summary");
  GtkWidget *changes = cp_test_gui_find_named (results, "changes");
  GtkWidget *risks = cp_test_gui_find_named (results, "risks");
  GtkWidget *sidebar_button = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar-button");
  GtkWidget *header_bar = cp_test_gui_find_named (GTK_WIDGET (window), "header-bar");
  FoldWait folded = { window, TRUE };
  int changes_size;
  GtkWidget *chart = cp_test_gui_find_named (results, "cost-chart");
  double chart_px;
  const char * const *accels = NULL;
  g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.present");

  accels = (const char * const *) keys;
  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, "F11");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  g_assert_true (gtk_widget_get_visible (forms));
  g_assert_false (present_state (window));
  changes_size = font_size (changes);
  chart_px = chart_text_px (chart);
  {
    GtkWidget *label = NULL;

    /* Outside present mode the column titles are libadwaita's 9 pt. */
    g_assert_cmpint (smallest_font (results, &label), <, 13 * PANGO_SCALE);
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (present_state (window));
  g_assert_false (gtk_widget_get_visible (sidebar));
  g_assert_false (gtk_widget_get_visible (forms));
  /* Issue 26: a projector shows the results alone, not the header bar. */
  g_assert_false (gtk_widget_get_mapped (header_bar));
  g_assert_true (gtk_widget_get_mapped (results));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "cp-present"));
  /* The results take the window's width (less the pane's margins). */
  g_assert_cmpint (gtk_widget_get_width (results), >, gtk_widget_get_width (GTK_WIDGET (window)) - 40);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (window), "Press Esc", CP_TEST_GUI_TEXT_PART));
  /* Issue 26: the paragraphs under the verdict stayed at the default
   * size; now they read as large as the summary (16 pt, style.css). */
  g_assert_cmpint (font_size (changes), >, changes_size);
  g_assert_cmpint (font_size (risks), ==, font_size (changes));
  /* Under the recommendation, which is larger (U10). */
  g_assert_cmpint (font_size (summary), >, font_size (changes));
  /* lead14 at 1920 px: the table's column titles, the ranges under its
   * figures, the headings and the calendar tab's amount to approve
   * stayed at 9 to 11 pt. Every label on the page, on the first tab and
   * on the calendar's (the table and headings are on both). */
  /* A column present mode's wider pane brings back comes between two
   * frames (cp-results-view-table.c) and takes its style at the next:
   * read when the table has settled. */
  cp_test_gui_wait_details (window);
  assert_present_fonts (results);
  /* room18: the chart's axes and labels stayed at 13 px under them: as
   * large as the paragraphs (16 pt at 96 dpi) now, where the chart's
   * height has room for 26 lines of it, and never smaller than before. */
  g_assert_cmpfloat (chart_px, <, 16.0 * 96 / 72);
  /* Never under the screen's 13 px (cp-chart-axis.c): the chart may be
   * as short as 330 px, keeping the table's first rows on the first
   * screen (room32). */
  {
    double width = gtk_widget_get_width (chart), height = gtk_widget_get_height (chart);

    g_assert_cmpfloat (fabs (chart_text_px (chart) - MAX (CLAMP (MIN (width / 64.0, height / 36.0), 13.0, 22.0),
                                                          MIN (16.0 * 96 / 72, height / 26.0))), <, 0.01);
  }
  g_assert_cmpfloat (chart_text_px (chart), >=, chart_px);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  /* The calendar is planned on a worker; its amount shows once it is. */
  cp_test_gui_wait_until (widget_mapped, cp_test_gui_find_named (results, "approval"),
                          "the amount to approve on the calendar's tab");
  cp_test_gui_wait_frames (results, 2);
  assert_present_fonts (results);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-cost-chart", NULL));

  /* lead15: left within its few seconds, the hint stayed over the
   * window it no longer described. It goes as present mode ends. */
  g_assert_true (gtk_revealer_get_reveal_child (window->present_hint));
  g_assert_cmpstr (gtk_label_get_text (window->present_hint_label), ==, "Press Esc or F11 to leave present mode");
  /* Beside the verdict, right of its words and above the summary, over
   * nothing of the results' (issue 26: centred over them, it covered the
   * chart's axis or its title; walk33 W5: a bar of its own above them,
   * its going moved them up 32 px under the pointer). */
  assert_hint_beside_verdict (window);
  press_escape (window);
  g_assert_false (gtk_revealer_get_reveal_child (window->present_hint));
  g_assert_false (present_state (window));
  g_assert_true (gtk_widget_get_visible (sidebar));
  g_assert_true (gtk_widget_get_visible (forms));
  g_assert_true (gtk_widget_get_visible (header_bar));
  /* The sidebar comes back open, as it was (walkthrough 10: it stayed
   * hidden after present mode at 1920 px). */
  g_assert_true (adw_flap_get_reveal_flap (ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"))));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "cp-present"));
  /* The style follows the class at the next frame. */
  cp_test_gui_wait_frames (results, 2);
  g_assert_cmpint (font_size (changes), ==, changes_size);
  g_assert_cmpfloat (cp_chart_view_get_data (CP_CHART_VIEW (chart))->text_px_min, ==, 0);

  /* Issue 26: on a narrow screen (the sidebar folded below 1,200 px) the
   * sidebar button stayed in present mode and opened an empty sidebar. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 760);
  cp_test_gui_wait_until (fold_reached, &folded, "the sidebar folded at 1,024 px");
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (gtk_widget_get_visible (sidebar_button));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (present_state (window));
  g_assert_false (gtk_widget_get_visible (sidebar_button));
  press_escape (window);
  g_assert_false (present_state (window));
  /* With no window manager GDK itself un-fullscreens the window, to the
   * size it saved at the first full screen (1,318 px, from the 1,280 px
   * above) when the machine is busy: asked for 1,024 px again, as a
   * window manager gives it back. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 760);
  cp_test_gui_wait_until (fold_reached, &folded, "the sidebar folded again at 1,024 px");
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (gtk_widget_get_visible (sidebar_button));

  cp_test_gui_close_window (window);
}

typedef struct {
  CpWindow *window;
  int       width_px;
} PresentWait;

/* Present mode laid out at about @width_px, the plan shown. */
static gboolean
presented_at_width (gpointer user_data)
{
  PresentWait *wait = user_data;
  int width = gtk_widget_get_width (GTK_WIDGET (wait->window));

  return present_state (wait->window) && width <= wait->width_px && width >= wait->width_px - 12 &&
         !cp_results_view_get_update_pending (cp_window_get_results_view (wait->window)) &&
         gtk_adjustment_get_page_size (sideways_of (wait->window)) > 0;
}

/* The present-mode tests' set-up: the demo's window, its plan shown,
 * sized @width_px × @height_px before it is presented, as F11 in a
 * meeting. */
static CpWindow *
demo_window_sized (int width_px,
                   int height_px)
{
  CpWindow *window = cp_test_gui_demo_window (app);

  cp_test_gui_wait_results (cp_window_get_results_view (window));
  gtk_window_set_default_size (GTK_WINDOW (window), width_px, height_px);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  return window;
}

/* Present mode, as F11 turns it on, laid out at about @width_px. */
static void
present_at_width (CpWindow *window,
                  int       width_px)
{
  PresentWait wait = { window, width_px };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  cp_test_gui_wait_until (presented_at_width, &wait, "present mode at its width");
}

/* Issue 26: at 1024 × 700 in present mode the Nodes cell read "1 of 4
 * (8" at the pane's edge. The node count, as the PDF prints it, with
 * the GPUs small under it ("1" over "8 GPUs"), shows whole in the
 * table's first view at 1024, 1600 and 1920 px, in either language
 * (gui-window-room-nodes-zh_CN runs this in Chinese); or, where the
 * table goes without the column to fit its pane, first in each row's
 * details (walk33 W17). */
static void
test_nodes_whole_present (void)
{
  static const int widths_px[] = { 1024, 1600, 1920 };

  for (guint w = 0; w < G_N_ELEMENTS (widths_px); w++)
    {
      /* A window of its own at each width: resized after leaving present
       * mode, a window under ASan on a busy machine once never reached
       * the new width (CI 40, 300 s). */
      CpWindow *window = demo_window_sized (widths_px[w], widths_px[w] == 1024 ? 700 : 1000);
      g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
      guint cells = 0;

      present_at_width (window, widths_px[w]);
      gtk_adjustment_set_value (sideways_of (window), 0);
      cp_test_gui_wait_frames (GTK_WIDGET (table_of (window)), 3);
      cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_BOX, boxes);
      for (guint i = 0; i < boxes->len; i++)
        {
          GtkWidget *cell = g_ptr_array_index (boxes, i);
          GtkWidget *nodes = gtk_widget_get_first_child (cell);
          GtkWidget *gpus = gtk_widget_get_next_sibling (nodes);

          if (g_strcmp0 (gtk_widget_get_name (cell), "nodes-cell") != 0 || !gtk_widget_get_mapped (cell))
            continue;
          /* The demo's first job runs on one machine of eight GPUs. */
          g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (nodes)), ==, "1");
          g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gpus)), ==,
                           cp_i18n_is_chinese (cp_labels_ui_language ()) ? "8 块 GPU" : "8 GPUs");
          if (!in_table_view (window, cell))
            g_error ("at %d px the Nodes cell \"%s / %s\" is cut at the table's edge", widths_px[w],
                     gtk_label_get_label (GTK_LABEL (nodes)), gtk_label_get_label (GTK_LABEL (gpus)));
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (gpus))));
          cells++;
        }
      /* A table that goes without its Nodes column to fit (walk33 W17)
       * says them first in each row's details. */
      if (!gtk_column_view_column_get_visible (column_titled (window, _("Nodes"))))
        {
          GListModel *options = cp_results_view_get_options (cp_window_get_results_view (window));
          g_autoptr(CpOptionObject) first = g_list_model_get_item (options, 0);
          g_autofree char *nodes = g_strdup_printf (_("Nodes: %s\nMemory per GPU: %s\nTechnique: %s"),
                                                    cp_option_object_get_text (first, CP_OPTION_TEXT_NODES_OFFERED),
                                                    cp_option_object_get_text (first, CP_OPTION_TEXT_MEMORY),
                                                    cp_option_object_get_text (first, CP_OPTION_TEXT_TECHNIQUE));

          g_assert_cmpuint (cells, ==, 0);
          g_assert_true (g_str_has_prefix (cp_option_object_get_text (first, CP_OPTION_TEXT_BREAKDOWN), nodes));
        }
      else
        g_assert_cmpuint (cells, >=, 5);
      press_escape (window);
      cp_test_gui_close_window (window);
    }
}

/* The bottom of the table's row @n (from 1), in @page's coordinates: the
 * "row" children of the column view's list, in order. */
static double
row_bottom (CpWindow  *window,
            GtkWidget *page,
            guint      n)
{
  GtkWidget *list = gtk_widget_get_first_child (GTK_WIDGET (table_of (window)));
  guint n_rows = 0;

  while (list != NULL && !GTK_IS_LIST_VIEW (list))
    list = gtk_widget_get_next_sibling (list);
  g_assert_nonnull (list);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;

      if (g_strcmp0 (gtk_widget_get_css_name (row), "row") != 0 || ++n_rows < n)
        continue;
      g_assert_true (gtk_widget_compute_bounds (row, page, &bounds));
      return bounds.origin.y + bounds.size.height;
    }
  g_assert_not_reached ();
}

/* Issue 26: at 1024 × 700 in present mode the verdict and the words
 * under it at 16 pt filled the first screen, the chart began below the
 * window's bottom edge (room31 moved it under the verdict). Walk33 W5:
 * under the verdict alone, the first screen said "Single machine", and
 * which vendor, how much and by when came after the table. At 1600 ×
 * 1000 and 1920 × 1080 the verdict, the recommendation's sentence whole,
 * the whole chart and the table's heading and first two rows are on the
 * first screen, in that order, with "Not firm: …" under the sentence
 * (walk34 V6). At 1024 × 700 the chart, kept above two rows, was 330 px
 * tall (room33): it keeps its 460 px and begins on the first screen
 * under those words, and the table follows it. Leaving, the
 * window's own order: the words above the chart. */
static void
test_present_first_screen (void)
{
  static const int sizes[][2] = { { 1024, 700 }, { 1366, 768 }, { 1600, 1000 }, { 1920, 1080 } };

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      CpWindow *window = demo_window_sized (sizes[z][0], sizes[z][1]);
      GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
      GtkWidget *chart = cp_test_gui_find_named (results, "cost-chart");
      GtkWidget *verdict = cp_test_gui_find_named (results, "verdict");
      GtkWidget *table = GTK_WIDGET (table_of (window));
      GtkWidget *page = gtk_widget_get_ancestor (chart, GTK_TYPE_SCROLLED_WINDOW);
      GtkWidget *summary = cp_test_gui_find_named (results, "summary");
      GtkWidget *robustness = cp_test_gui_find_named (results, "robustness");
      graphene_rect_t chart_bounds, verdict_bounds, table_bounds, summary_bounds, sentence_bounds, firm_bounds;
      double height;

      present_at_width (window, sizes[z][0]);
      /* The hint lies over the verdict's row and moves nothing as it
       * goes after its five seconds. */
      assert_hint_beside_verdict (window);
      gtk_revealer_set_reveal_child (window->present_hint, FALSE);
      cp_test_gui_wait_frames (results, 6);
      /* The page of results, the whole window in present mode. */
      height = gtk_widget_get_height (page);
      g_assert_true (gtk_widget_compute_bounds (chart, page, &chart_bounds));
      g_assert_true (gtk_widget_compute_bounds (verdict, page, &verdict_bounds));
      g_assert_true (gtk_widget_compute_bounds (table, page, &table_bounds));
      g_assert_true (gtk_widget_compute_bounds (summary, page, &sentence_bounds));
      g_test_message ("%d × %d: verdict to %.0f, chart %.0f to %.0f, table from %.0f, second row to %.0f of %.0f",
                      sizes[z][0], sizes[z][1], verdict_bounds.origin.y + verdict_bounds.size.height,
                      chart_bounds.origin.y, chart_bounds.origin.y + chart_bounds.size.height, table_bounds.origin.y,
                      row_bottom (window, page, 2), height);
      /* Which vendor, how much and by when, whole on the first screen
       * between the verdict and the chart, and the largest words on it:
       * the verdict's kind of plan ("Single machine") was (U10). */
      {
        GtkWidget *largest = NULL;

        largest_font (results, &largest);
        if (largest != summary)
          g_error ("%d × %d: “%s” is larger than the recommendation", sizes[z][0], sizes[z][1],
                   gtk_label_get_text (GTK_LABEL (largest)));
        g_assert_cmpint (font_size (summary), >, font_size (verdict));
      }
      g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (summary)), "Recommended: "));
      g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary)), "9,984 CNY in total, 8.0 days"));
      g_assert_cmpfloat (sentence_bounds.origin.y, >=, verdict_bounds.origin.y + verdict_bounds.size.height);
      g_assert_cmpfloat (chart_bounds.origin.y, >=, sentence_bounds.origin.y + sentence_bounds.size.height);
      g_assert_cmpfloat (sentence_bounds.origin.y + sentence_bounds.size.height, <=, height);
      /* And whether it is firm: the demo's first job is not (walk34 V6:
       * "Not firm: …" came after the table). */
      g_assert_true (gtk_widget_compute_bounds (robustness, page, &firm_bounds));
      g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (robustness)), "Not firm: "));
      g_assert_cmpfloat (firm_bounds.origin.y, >=, sentence_bounds.origin.y + sentence_bounds.size.height);
      g_assert_cmpfloat (chart_bounds.origin.y, >=, firm_bounds.origin.y + firm_bounds.size.height);
      g_assert_cmpfloat (firm_bounds.origin.y + firm_bounds.size.height, <=, height);
      g_assert_cmpfloat (table_bounds.origin.y, >=, chart_bounds.origin.y + chart_bounds.size.height);
      if (sizes[z][1] < 1000)
        {
          /* Under those words, the chart begins on the first screen,
           * at its full 460 px, which the page scrolls to; at least
           * 400 px of it on the first screen, both its panels with their
           * axes (walk36b Z5: at 1024 × 700 the calendar's panel was
           * below the fold). */
          g_assert_cmpfloat (chart_bounds.size.height, >=, 460);
          g_assert_cmpfloat (chart_bounds.origin.y, <=, height - 400);
          /* Where less than its 460 px are on the first screen, it is
           * the next screen, whole, which the page scrolls to: at 1024 ×
           * 700 its 460 px had panels of about 100 px (walk37b). */
          if (chart_bounds.origin.y > height - 460)
            g_assert_cmpfloat (chart_bounds.size.height, >=, height - 1);
        }
      else
        {
          g_assert_cmpfloat (chart_bounds.origin.y + chart_bounds.size.height, <=, height + 0.5);
          /* The first row whole and the second well begun. */
          g_assert_cmpfloat (row_bottom (window, page, 1), <=, height + 0.5);
          g_assert_cmpfloat (row_bottom (window, page, 2) - 12, <=, height + 0.5);
        }
      g_assert_cmpfloat (height, >=, gtk_widget_get_height (GTK_WIDGET (window)) - 12);
      /* Leaving, the window's own order: the words above the chart. */
      press_escape (window);
      cp_test_gui_wait_frames (results, 3);
      g_assert_true (gtk_widget_compute_bounds (cp_test_gui_find_named (results, "summary"), chart, &summary_bounds));
      g_assert_cmpfloat (summary_bounds.origin.y + summary_bounds.size.height, <=, 0);
      cp_test_gui_close_window (window);
    }
}

/* walk37b screenshots: at 1366 × 768 the sidebar's name of the demo
 * project took four lines in Chinese, 150 px above the first job. Two
 * at most, the whole name in the title bar. */
static void
test_project_name_two_lines (void)
{
  CpWindow *window = demo_window_sized (1366, 768);
  GtkWidget *name = cp_test_gui_find_named (GTK_WIDGET (window), "project-name");
  GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (name)));

  cp_test_gui_wait_frames (GTK_WIDGET (label), 3);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (label)));
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (label)), <=, 2);
  g_assert_cmpstr (gtk_label_get_label (label), ==, cp_window_get_project (window)->name);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), cp_window_get_project (window)->name));
  cp_test_gui_close_window (window);
}

static void
on_clipboard_text (GObject      *clipboard,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
text_arrived (gpointer user_data)
{
  return *(char **) user_data != NULL;
}

/* What @label's Copy puts on the clipboard, all its text selected first
 * as a user drags over it. */
static char *
copy_label_text (GtkWidget *label)
{
  char *text = NULL;

  gtk_label_select_region (GTK_LABEL (label), 0, -1);
  g_assert_true (gtk_widget_activate_action (label, "clipboard.copy", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (label), NULL, on_clipboard_text, &text);
  cp_test_gui_wait_until (text_arrived, &text, "the copied text");
  return text;
}

/* What @label's selection (copy_label_text()'s, all its text) offers the
 * middle button's paste: the primary selection. */
static char *
primary_text (GtkWidget *label)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_primary_clipboard (label), NULL, on_clipboard_text, &text);
  cp_test_gui_wait_until (text_arrived, &text, "the selected text");
  return text;
}

/* No line of @label ends inside a Chinese date ("2027年1月4" over "日"),
 * its text holds no word joiner (U+2060) to keep them whole, and it is
 * allocated the height it measures for its width. */
static void
assert_dates_whole (GtkWidget *label,
                    int        window_px)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  const char *text = pango_layout_get_text (layout);
  int lines = pango_layout_get_line_count (layout);
  g_autoptr(GRegex) date = g_regex_new ("[0-9]+[年月日]([0-9]+[月日])*", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint dates = 0;
  int least_px;

  g_assert_null (strstr (text, "\u2060"));
  for (g_regex_match (date, text, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      int start, end;

      g_match_info_fetch_pos (match, 0, &start, &end);
      dates++;
      for (int i = 0; i + 1 < lines; i++)
        {
          PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
          int line_end = line->start_index + line->length;

          if (line_end > start && line_end < end)
            g_error ("at %d px a line ends inside a date: “%.*s”", window_px, line->length, text + line->start_index);
        }
    }
  g_assert_cmpuint (dates, >=, 1);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &least_px, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_height (label), >=, least_px);
}

/* Walk34 V7: by when was a count of days ("8.0 days"), never a date,
 * where a meeting asks for a day against its deadline. Each of the
 * demo's seven jobs says its days and the days it runs on the calendar
 * as the report's page 1 answers them for a project that starts on
 * 4 January 2027 (report --start 2027-01-04: "¥9,984；8.0 天（2027年1月4日
 * 至11日）", the total and the dates of each job below), and present
 * mode says it in the same words. By hand: 7.96 calendar days from
 * 4 January end in the 8th day, the 11th; 30.0 days in the 30th,
 * 2 February; 21.4 (the 13B pre-training's 7.4-day run on 10 of D's
 * nodes and 14 days of debugging on one, R4's bound) in the 22nd, the
 * 25th; 10.0 in the 10th, the 13th;
 * 1.2 in the 2nd; 0.24 within the first, said in hours as a length under
 * a day is (walk35 Y7: "0.1 days" for 3.5 h): 0.24 × 24 = 5.8 h. */
static void
test_verdict_dates (void)
{
  static const struct {
    const char *en;
    const char *zh[2];
  } answers[] = {
    { "9,984 CNY in total, 8.0 days (4–11 January 2027).", { "¥9,984", "8.0 天（2027年1月4日至11日）" } },
    { "108 CNY in total, 5.8 h (4 January 2027).", { "¥108", "5.8 小时（2027年1月4日）" } },
    { "12,968 CNY in total, 30.0 days (4 January – 2 February 2027).", { "¥12,968", "30.0 天（2027年1月4日至2月2日）" } },
    { "215,060 CNY in total, 21.4 days (4–25 January 2027).", { "¥215,060", "21.4 天（2027年1月4日至25日）" } },
    { "13,264 CNY in total, 30.0 days (4 January – 2 February 2027).", { "¥13,264", "30.0 天（2027年1月4日至2月2日）" } },
    { "6,197 CNY in total, 10.0 days (4–13 January 2027).", { "¥6,197", "10.0 天（2027年1月4日至13日）" } },
    { "553 CNY in total, 1.2 days (4–5 January 2027).", { "¥553", "1.2 天（2027年1月4日至5日）" } },
  };
  gboolean chinese = cp_i18n_is_chinese (cp_labels_ui_language ());
  CpWindow *window = demo_window_sized (1024, 700);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkWidget *summary = cp_test_gui_find_named (GTK_WIDGET (results), "summary");
  CpProject *project = cp_window_get_project (window);
  GtkWidget *preferences;
  CpFieldRow *row;

  /* The project's first day, as the team lead sets it: Report Sign-Off. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "report-sign-off", NULL);
  cp_test_gui_spin ();
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  row = cp_preferences_window_get_report_row (CP_PREFERENCES_WINDOW (preferences), "start-date");
  cp_test_gui_type_text (row, "2027-01-04");
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_spin ();
  g_assert_cmpstr (project->start_date, ==, "2027-01-04");
  g_assert_cmpuint (project->jobs->len, ==, G_N_ELEMENTS (answers));

  for (guint j = 0; j < G_N_ELEMENTS (answers); j++)
    {
      const char *words;

      cp_test_gui_show_job (window, j);
      words = gtk_label_get_label (GTK_LABEL (summary));
      g_test_message ("job %u: %s", j + 1, words);
      if (chinese)
        {
          g_assert_nonnull (strstr (words, answers[j].zh[0]));
          g_assert_nonnull (strstr (words, answers[j].zh[1]));
        }
      else
        g_assert_nonnull (strstr (words, answers[j].en));
    }

  /* The Chinese dates stay whole where the sentence wraps, at 1024 and
   * 1920 px, and the label has the height it measures (Pango's
   * allow-breaks over them made GTK 4.8 allocate less). */
  for (guint w = 0; chinese && w < 2; w++)
    {
      static const int widths[] = { 1024, 1920 };

      for (guint j = 0; j < G_N_ELEMENTS (answers); j++)
        {
          cp_test_gui_resize_window (window, widths[w], 700);
          cp_test_gui_show_job (window, j);
          cp_test_gui_wait_frames (summary, 3);
          assert_dates_whole (summary, widths[w]);
        }
    }
  cp_test_gui_resize_window (window, 1024, 700);

  /* Copied out of the window, or selected for the middle button's
   * paste, the dates carry no word joiner: pasted into a mail they held
   * three invisible characters each (walk37b, walk39). */
  cp_test_gui_show_job (window, 0);
  {
    g_autofree char *copied = copy_label_text (summary);
    g_autofree char *selected = primary_text (summary);

    g_assert_null (strstr (copied, "\u2060"));
    g_assert_cmpstr (selected, ==, copied);
    if (chinese)
      g_assert_nonnull (strstr (copied, answers[0].zh[1]));
    else
      g_assert_nonnull (strstr (copied, answers[0].en));
  }

  /* Presented, the same sentence: present mode shows the window's own. */
  cp_test_gui_show_job (window, 0);
  present_at_width (window, 1024);
  cp_test_gui_wait_results (results);
  {
    const char *presented = gtk_label_get_label (GTK_LABEL (summary));

    if (chinese)
      g_assert_nonnull (strstr (presented, answers[0].zh[1]));
    else
      g_assert_nonnull (strstr (presented, answers[0].en));
  }
  g_assert_true (gtk_widget_get_mapped (summary));
  press_escape (window);
  cp_test_gui_close_window (window);
}

/* Walk34 V5, walk35: after Alt+4 the focus frame stayed on "Cost and
 * Time" while the calendar was shown. A tab with the focus hands it to
 * the tab the key shows, and back. */
static void
test_tab_focus_follows_key (void)
{
  CpWindow *window = demo_window_sized (1366, 768);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  g_autoptr(GPtrArray) switchers = g_ptr_array_new ();
  GtkWidget *cost_tab, *focus;

  cp_test_gui_collect (results, GTK_TYPE_STACK_SWITCHER, switchers);
  g_assert_cmpuint (switchers->len, ==, 1);
  cost_tab = gtk_widget_get_first_child (g_ptr_array_index (switchers, 0));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (cost_tab)));
  g_assert_true (gtk_widget_grab_focus (cost_tab));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  cp_test_gui_wait_frames (results, 1);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_TOGGLE_BUTTON (focus));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (focus)));
  g_assert_true (focus != cost_tab);
  g_assert_true (cp_test_gui_find_with_text (focus, "Project Calendar", CP_TEST_GUI_TEXT_WHOLE) != NULL ||
                 cp_test_gui_find_with_text (focus, "项目日程", CP_TEST_GUI_TEXT_WHOLE) != NULL);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-cost-chart", NULL));
  cp_test_gui_wait_frames (results, 1);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == cost_tab);
  cp_test_gui_close_window (window);
}

static void
on_toast_dismissed (AdwToast *toast,
                    gboolean *dismissed)
{
  *dismissed = TRUE;
}

static gboolean
toast_dismissed (gpointer dismissed)
{
  return *(gboolean *) dismissed;
}

/* Whether the results' calendar words are shown (a CpTestGuiCondition). */
static gboolean
capacity_shown (gpointer results)
{
  return !cp_results_view_get_update_pending (results) &&
         gtk_widget_get_mapped (cp_test_gui_find_named (GTK_WIDGET (results), "capacity"));
}

/* Walking a meeting through the demo in present mode at 1024 × 700.
 * Walk34 V4: a report's toast, which stays until dismissed, lay over
 * the projected figures: it goes as present mode begins. V12: no way to
 * another job without leaving the full screen: the next and previous
 * job are actions of the window (Alt+Right, Alt+Left). Walk33 W9: five
 * jobs each read "Recommended: 示例供应商 A … 1 node" while A offers one
 * machine, said under the calendar's tab only: the demo's second job
 * says, under its recommendation and above the chart, that it and four
 * others need 5 of A's machines at once where A offers 1; the first,
 * on G's cluster, says nothing of the kind. V13: F6 opened the hidden
 * sidebar's flap as a grey shield over the projected results: it stays
 * in the results. V1: the calendar's "Not approvable as planned" was the
 * smallest text projected. */
static void
test_present_walks_jobs (void)
{
  CpWindow *window = demo_window_sized (1024, 700);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkWidget *capacity = cp_test_gui_find_named (GTK_WIDGET (results), "capacity");
  GtkWidget *summary = cp_test_gui_find_named (GTK_WIDGET (results), "summary");
  GtkWidget *chart = cp_test_gui_find_named (GTK_WIDGET (results), "cost-chart");
  GtkWidget *job_name = cp_test_gui_find_named (GTK_WIDGET (results), "job-name");
  GtkWidget *robustness = cp_test_gui_find_named (GTK_WIDGET (results), "robustness");
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  AdwToast *toast = adw_toast_new ("Report written: demo.pdf");
  gboolean dismissed = FALSE;
  graphene_rect_t capacity_bounds, summary_bounds, name_bounds;
  const char *words;

  adw_toast_set_timeout (toast, 0);
  g_signal_connect (toast, "dismissed", G_CALLBACK (on_toast_dismissed), &dismissed);
  _cp_window_add_toast (window, toast);
  present_at_width (window, 1024);
  /* Once it has slid in (cp-window.c). */
  cp_test_gui_wait_until (toast_dismissed, &dismissed, "the toast dismissed");

  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (cp_window_get_jobs_list (window))), ==, 0);
  cp_test_gui_wait_results (results);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary)), "示例供应商 G"));
  g_assert_false (gtk_widget_get_visible (capacity));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (job_name)), ==, "70B 全参数微调 (70B full fine-tune)");
  g_assert_true (gtk_widget_get_mapped (job_name));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-job", NULL));
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (cp_window_get_jobs_list (window))), ==, 1);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "cp-present"));
  cp_test_gui_wait_until (capacity_shown, results, "the calendar's words with the second job's verdict");
  cp_test_gui_wait_frames (GTK_WIDGET (results), 2);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (summary)), "Recommended: 示例供应商 A (Example vendor A)"));
  /* Walk35 U3: which job it is, over its verdict, now the second. */
  g_assert_true (gtk_widget_get_mapped (job_name));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (job_name)), ==, "7B QLoRA 微调 (7B QLoRA fine-tune)");
  g_assert_true (gtk_widget_compute_bounds (job_name, chart, &name_bounds));
  g_assert_cmpfloat (name_bounds.origin.y + name_bounds.size.height, <=, 0);
  words = gtk_label_get_label (GTK_LABEL (capacity));
  g_assert_true (g_str_has_prefix (words, "Not approvable as planned: "));
  g_assert_nonnull (strstr (words, "need 5 of 示例供应商 A (Example vendor A)’s machines at once"));
  g_assert_nonnull (strstr (words, "it offers 1."));
  g_assert_true (gtk_widget_compute_bounds (capacity, chart, &capacity_bounds));
  g_assert_true (gtk_widget_compute_bounds (summary, chart, &summary_bounds));
  g_assert_cmpfloat (capacity_bounds.origin.y, >=, summary_bounds.origin.y + summary_bounds.size.height);
  g_assert_cmpfloat (capacity_bounds.origin.y + capacity_bounds.size.height, <=, 0);
  /* Walk35 U2: and not, under it, that the recommendation holds across
   * the range of the assumptions. */
  cp_test_gui_wait_details (window);
  g_assert_false (gtk_widget_get_visible (robustness));

  /* F6 three times: the results keep the focus, the flap stays shut. */
  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *focus;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-pane", NULL));
      cp_test_gui_wait_frames (GTK_WIDGET (results), 1);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_false (adw_flap_get_reveal_flap (flap));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (results)));
    }

  /* Walk34 V1: under the calendar's tab the same words, as large as the
   * recommendation's sentence: they were the smallest text projected. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  cp_test_gui_wait_until (widget_mapped, cp_test_gui_find_named (GTK_WIDGET (results), "overbooking"),
                          "the calendar's warning under its amount");
  cp_test_gui_wait_frames (GTK_WIDGET (results), 2);
  g_assert_cmpint (font_size (cp_test_gui_find_named (GTK_WIDGET (results), "overbooking")), >=, 16 * PANGO_SCALE);
  g_assert_cmpint (font_size (cp_test_gui_find_named (GTK_WIDGET (results), "overbooking")), ==, font_size (summary));
  /* Walk35 U8: said there, not under the verdict as well. */
  g_assert_false (gtk_widget_get_visible (capacity));
  g_assert_false (gtk_widget_get_visible (robustness));
  /* Walk35 U4: F6 there leaves the amount to approve unselected: it
   * showed selected on the projector. */
  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *focus;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-pane", NULL));
      cp_test_gui_wait_frames (GTK_WIDGET (results), 1);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_true (focus != cp_test_gui_find_named (GTK_WIDGET (results), "approval"));
      g_assert_true (focus != cp_test_gui_find_named (GTK_WIDGET (results), "overbooking"));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-cost-chart", NULL));
  cp_test_gui_wait_until (capacity_shown, results, "the calendar's words back under the verdict");

  /* Back to the first job, which stays first. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-job", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-job", NULL));
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (cp_window_get_jobs_list (window))), ==, 0);
  cp_test_gui_wait_results (results);
  g_assert_false (gtk_widget_get_visible (capacity));
  press_escape (window);
  /* The window names the job in its list and form. */
  g_assert_false (gtk_widget_get_visible (job_name));
  cp_test_gui_close_window (window);
}

/* Walk37b V5: the demo's second job says under its verdict that it
 * needs 5 of A's machines at once; after an edit of the job that leaves
 * the calendar as it was (its storage, typed in the form), the warning
 * was gone from the verdict until the file was opened again. */
static void
test_capacity_after_edit (void)
{
  CpWindow *window = demo_window_sized (1600, 1000);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkWidget *capacity = cp_test_gui_find_named (GTK_WIDGET (results), "capacity");

  cp_test_gui_show_job (window, 1);
  cp_test_gui_wait_until (capacity_shown, results, "the second job's calendar words");
  cp_test_gui_type_text (cp_job_editor_get_row (cp_window_get_job_editor (window), "storage-tb"), "13");
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (cp_window_get_project (window)->jobs, 1))->storage_tb, ==, 13);
  cp_test_gui_wait_results (results);
  cp_test_gui_wait_until (capacity_shown, results, "the calendar's words after the edit");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (capacity)),
                            "need 5 of 示例供应商 A (Example vendor A)’s machines at once"));
  cp_test_gui_close_window (window);
}

/* The top of the charts' stack, in the results' coordinates. */
static double
chart_top (GtkWidget *chart,
           GtkWidget *results)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_ancestor (chart, GTK_TYPE_STACK), results, &bounds));
  return bounds.origin.y;
}

/* Whether @widget's readout over the chart is shown (a CpTestGuiCondition). */
static gboolean
readout_shown (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && *gtk_label_get_label (GTK_LABEL (widget)) != '\0';
}

static gboolean
readout_hidden (gpointer widget)
{
  return !gtk_widget_get_visible (widget);
}

/* Issue 26 (room32): the figure under the pointer was a line over the
 * chart tabs, scrolled out of view in a 1024 × 700 window with the
 * chart's bottom in sight: hovering seemed to do nothing. It shows beside
 * the pointer, over the chart: with the page scrolled so that the
 * pointer, 30% down the chart, is 120 px below the page's top, the readout is
 * within the page's view and the chart, 16 px right of and below the
 * pointer (the point under it stays in view); near the chart's bottom
 * right corner, left of and above it. The tabs stay where they were, the
 * chart does not move, and the pointer gone, the readout goes. */
static void
test_readout_beside_pointer (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *chart = cp_test_gui_find_named (results, "cost-chart");
  GtkWidget *readout = cp_test_gui_find_named (chart, "chart-readout");
  GtkWidget *tabs = cp_test_gui_find_of_type (results, GTK_TYPE_STACK_SWITCHER);
  GtkWidget *page = gtk_widget_get_ancestor (chart, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));
  WidthWait narrow = { window, 1024 };
  graphene_rect_t bounds;
  graphene_point_t pointer;
  double top;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_frames (results, 2);
  g_assert_null (cp_test_gui_find_named (results, "readout"));
  g_assert_false (gtk_widget_get_visible (readout));

  /* The pointer on the cost panel, 30% down the chart, scrolled to
   * 120 px below the page's top. */
  g_assert_true (gtk_widget_compute_point (chart, page, &GRAPHENE_POINT_INIT (0, 0), &pointer));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_value (scroll) + pointer.y +
                                    gtk_widget_get_height (chart) * 0.3 - 120);
  cp_test_gui_wait_frames (results, 2);
  top = chart_top (chart, results);
  g_assert_true (gtk_widget_compute_point (page, chart, &GRAPHENE_POINT_INIT (0, 120), &pointer));
  g_assert_cmpfloat (fabs (pointer.y - gtk_widget_get_height (chart) * 0.3), <, 1);
  g_signal_emit_by_name (cp_test_gui_motion_controller (chart), "motion", gtk_widget_get_width (chart) / 2.0,
                         (double) pointer.y);
  cp_test_gui_wait_until (readout_shown, readout, "the readout of the cost chart");
  cp_test_gui_wait_frames (results, 2);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (readout)), " CNY, "));
  g_assert_true (gtk_widget_compute_bounds (readout, chart, &bounds));
  /* Right of the pointer, or left of it where the chart ends. */
  g_assert_true (fabs (bounds.origin.x - (gtk_widget_get_width (chart) / 2.0 + 16)) < 0.5 ||
                 bounds.origin.x + bounds.size.width <= gtk_widget_get_width (chart) / 2.0 - 16 + 0.5 ||
                 bounds.origin.x < 0.5);
  g_assert_cmpfloat_with_epsilon (bounds.origin.y, pointer.y + 16, 0.5);
  g_assert_true (gtk_widget_compute_bounds (readout, page, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (page));
  g_assert_true (gtk_widget_get_mapped (tabs));
  g_assert_cmpfloat (chart_top (chart, results), ==, top);

  /* Near the chart's bottom right corner: left of the pointer and above
   * it, within the chart. */
  g_signal_emit_by_name (cp_test_gui_motion_controller (chart), "motion", gtk_widget_get_width (chart) - 20.0,
                         gtk_widget_get_height (chart) - 30.0);
  cp_test_gui_wait_frames (results, 2);
  g_assert_true (gtk_widget_compute_bounds (readout, chart, &bounds));
  if (gtk_widget_get_visible (readout))
    {
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (chart) - 20.0 - 16 + 0.5);
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (chart) - 30.0);
      g_assert_cmpfloat (bounds.origin.x, >=, 0);
      g_assert_cmpfloat (bounds.origin.y, >=, 0);
    }

  g_signal_emit_by_name (cp_test_gui_motion_controller (chart), "leave");
  cp_test_gui_wait_frames (results, 2);
  g_assert_false (gtk_widget_get_visible (readout));
  g_assert_cmpfloat (chart_top (chart, results), ==, top);

  /* Walkthrough 33, W7: present mode lays the chart out anew under a
   * pointer that has not moved; the readout of the point it was over in
   * the window's layout goes, and comes back where the pointer moves. */
  g_signal_emit_by_name (cp_test_gui_motion_controller (chart), "motion", gtk_widget_get_width (chart) / 2.0,
                         (double) pointer.y);
  cp_test_gui_wait_until (readout_shown, readout, "the readout of the cost chart");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.present", NULL));
  cp_test_gui_wait_until (readout_hidden, readout, "the readout gone in present mode");
  g_assert_true (present_state (window));
  press_escape (window);

  cp_test_gui_close_window (window);
}

/* Walk35 Y1, Y6: the demo's 13B pre-training on D's 10 nodes, whose quote
 * does not state a network fee, showed no question of it in the window
 * while the report asked it: the window's plan lacked the estimate. Its
 * vendor is asked with E's 1,500 CNY per node-month over the 179 h
 * billed a node (the table's cost breakdown): 1,500 × 10 × 179 / 730 =
 * 3,678 CNY. */
static void
test_network_fee_question (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *questions = cp_test_gui_find_named (results, "questions");
  const char *asked;

  cp_test_gui_show_job (window, 3);
  cp_test_gui_wait_details (window);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (cp_window_get_project (window)->jobs, 3))->id, ==, "job-pretrain13b");
  asked = gtk_label_get_label (GTK_LABEL (questions));
  g_test_message ("%s", asked);
  g_assert_nonnull (strstr (asked, "• Ask 示例供应商 D (Example vendor D) whether its price includes the network between "
                                   "the nodes and, if not, its fee per node a month: the quote does not say, and its "
                                   "total counts none; it would be about 3,678 CNY at 示例供应商 E (Example vendor E)’s "
                                   "1,500 CNY per node-month."));
  cp_test_gui_close_window (window);
}

/* Walk35 Y8: F6 into the results put the focus frame on a tab other
 * than the one shown ("Cost and Time" beside the calendar). Each F6 that
 * lands in the results lands on what shows: a chart tab only if it is
 * the one shown, and nothing unmapped. */
static void
test_next_pane_shown_tab (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  guint in_results = 0;

  cp_test_gui_wait_details (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  cp_test_gui_wait_frames (GTK_WIDGET (results), 2);
  for (guint i = 0; i < 6; i++)
    {
      GtkWidget *focus;
      GtkWidget *switcher;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-pane", NULL));
      cp_test_gui_wait_frames (GTK_WIDGET (results), 1);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      if (!gtk_widget_is_ancestor (focus, GTK_WIDGET (results)))
        continue;
      in_results++;
      g_assert_true (gtk_widget_get_mapped (focus));
      switcher = gtk_widget_get_ancestor (focus, GTK_TYPE_STACK_SWITCHER);
      if (switcher != NULL && GTK_IS_TOGGLE_BUTTON (focus))
        g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (focus)));
    }
  g_assert_cmpuint (in_results, ==, 2);
  cp_test_gui_close_window (window);
}

/* Walkthrough 33, W15: at 1024 px, the sidebar folded away, one F6 in
 * three focused the hidden list and nothing showed focused. F6 opens
 * the folded sidebar when it comes to it and closes it when it leaves:
 * each focus is in what shows. */
static void
test_next_pane_opens_folded_sidebar (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  WidthWait narrow = { window, 1024 };
  guint in_sidebar = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (folded_at_width, &narrow, "the window 1,024 px wide");
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  for (guint i = 0; i < 4; i++)
    {
      GtkWidget *focus;

      g_action_group_activate_action (G_ACTION_GROUP (window), "next-pane", NULL);
      cp_test_gui_spin ();
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      g_assert_true (adw_flap_get_folded (flap));
      /* Open exactly while the focus is in it. */
      g_assert_cmpint (adw_flap_get_reveal_flap (flap), ==, gtk_widget_is_ancestor (focus, sidebar));
      in_sidebar += gtk_widget_is_ancestor (focus, sidebar);
    }
  /* From no focus: the sidebar, the form, the results, the sidebar. */
  g_assert_cmpuint (in_sidebar, ==, 2);
  cp_test_gui_close_window (window);
}

/* Issue 26: the first start, at the size the settings give a new user,
 * showed the sidebar sliding shut: 1,200 px asked, 1,190 laid out where
 * no compositor draws the window's shadow, under the 1,200 px fold. It
 * opens with the sidebar beside the form now. Asked for 1,024 px, the
 * window is 1,024 px wide, folded: unfolded, its minimum was 1,070 px,
 * and GTK kept it there after the fold (the table's 1,024 px tests ran
 * at 1,060). */
static void
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
static void
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

/* The bytes of its text @label draws its ellipsis over, [*start,
 * *end), both 0 when it draws all its text: the ellipsis is a run of its
 * own, over the bytes it hides. */
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

/* Whether @label, reading @name, shows the vendor that starts it and
 * the two characters that end it, whatever it hides between. */
static gboolean
shows_vendor_and_end (GtkLabel   *label,
                      const char *name,
                      guint      *cut)
{
  int start, end;

  hidden_bytes (label, &start, &end);
  g_test_message ("%s: hidden bytes %d–%d", name, start, end);
  *cut += end > start;
  return end <= (int) (strlen (name) - strlen ("整机")) && (end == 0 || start >= (int) strlen ("华东智算"));
}

typedef struct {
  CpWindow   *window;
  const char *names[2];
} NamesWait;

/* Whether both names are in the results' table (a CpTestGuiCondition). */
static gboolean
names_in_table (gpointer user_data)
{
  NamesWait *wait = user_data;
  GtkWidget *table = GTK_WIDGET (table_of (wait->window));

  return !cp_results_view_get_update_pending (cp_window_get_results_view (wait->window)) &&
         label_reading (table, wait->names[0]) != NULL && label_reading (table, wait->names[1]) != NULL;
}

/* walk38b G14: at 1024 × 700 one vendor's two quotes read "华东智算 —
 * 8×H800 80G SX…" in the sidebar and the Quotes compared table, cut
 * where they differ (整机, 单机). A quote's name is cut in its middle:
 * each keeps its vendor and its end in sight, its whole name in the
 * tooltip. */
static void
test_vendor_quotes_ends_1024 (void)
{
  static const char *offers[] = { "8×H800 80G SXM 整机", "8×H800 80G SXM 单机" };
  static const char *prices[] = { "68000", "72000" };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  FoldWait folded = { window, TRUE };
  SlideWait open = { flap, 1.0 };
  NamesWait wait = { window, { NULL, NULL } };
  guint cut = 0;

  for (guint q = 0; q < G_N_ELEMENTS (offers); q++)
    {
      CpQuote *quote = cp_test_gui_add_quote (window);

      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "vendor"), "华东智算");
      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "offer-name"), offers[q]);
      cp_test_gui_type_text (cp_quote_editor_get_row (editor, "price"), prices[q]);
      cp_test_gui_spin ();
      g_assert_cmpstr (quote->offer_name, ==, offers[q]);
    }
  for (guint q = 0; q < G_N_ELEMENTS (offers); q++)
    {
      CpProject *project = cp_window_get_project (window);

      wait.names[q] = cp_quote_display_name (g_ptr_array_index (project->quotes, project->quotes->len - 2 + q),
                                             project->quotes);
      g_assert_true (g_str_has_suffix (wait.names[q], offers[q]));
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  cp_test_gui_wait_until (fold_reached, &folded, "the sidebar folded at 1,024 px");
  cp_test_gui_wait_until (names_in_table, &wait, "both quotes in the table at 1,024 px");
  for (guint q = 0; q < G_N_ELEMENTS (offers); q++)
    {
      GtkLabel *vendor = GTK_LABEL (cell_reading (window, wait.names[q]));

      g_assert_true (shows_vendor_and_end (vendor, wait.names[q], &cut));
      g_assert_cmpstr (g_object_get_data (G_OBJECT (gtk_widget_get_parent (GTK_WIDGET (vendor))), "cp-tooltip"), ==,
                       wait.names[q]);
    }

  adw_flap_set_reveal_flap (flap, TRUE);
  cp_test_gui_wait_until (slide_ended, &open, "the sidebar to slide open");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  for (guint q = 0; q < G_N_ELEMENTS (offers); q++)
    {
      GtkLabel *title = GTK_LABEL (label_reading (GTK_WIDGET (cp_window_get_quotes_list (window)), wait.names[q]));

      g_assert_nonnull (title);
      g_assert_true (shows_vendor_and_end (title, wait.names[q], &cut));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (title)), ==, wait.names[q]);
    }
  /* The names are longer than the room they have at 1024 px: the cut
   * this test is about happened. */
  g_assert_cmpuint (cut, >, 0);
  cp_test_gui_close_window (window);
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
   * A's one machine of eight NVIDIA GeForce RTX 4090 24GB. */
  item = g_list_model_get_item (gtk_drop_down_get_model (drop_down), 1);
  g_assert_true (g_str_has_prefix (cp_picker_item_get_label (item),
                                   "8 × GeForce RTX 4090 24GB · 示例供应商 A (Example vendor A) — "));
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
static void
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
  g_assert_true (g_str_has_prefix (name, "Total cost and time against GPU count - "));
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

static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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
static void
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

int
main (int   argc,
      char *argv[])
{
  int status;

  /* As the application's main() does: LANGUAGE counts outside the C locale. */
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-room");
  tmp_dir = g_dir_make_tmp ("cp-window-room-XXXXXX", NULL);

  g_test_add_func ("/gui/window-room/first-start-sidebar", test_first_start_sidebar);
  g_test_add_func ("/gui/window-room/table-fits-1024", test_table_fits_1024);
  g_test_add_func ("/gui/window-room/popups-fit-700", test_popups_fit_700);
  g_test_add_func ("/gui/window-room/add-closes-folded-sidebar", test_add_closes_folded_sidebar);
  g_test_add_func ("/gui/window-room/folded-sidebar-button-counts", test_folded_sidebar_button_counts);
  g_test_add_func ("/gui/window-room/project-sign-off-from-sidebar", test_project_sign_off_from_sidebar);
  g_test_add_func ("/gui/window-room/import-chooser-header", test_import_chooser_header);
  g_test_add_func ("/gui/window-room/calendar-sign-off", test_calendar_sign_off);
  g_test_add_func ("/gui/window-room/add-then-tab-in-form", test_add_then_tab_in_form);
  g_test_add_func ("/gui/window-room/table-wide", test_table_wide);
  g_test_add_func ("/gui/window-room/service-columns", test_service_columns);
  g_test_add_func ("/gui/window-room/new-window-or-in-place", test_new_window_or_in_place);
  g_test_add_func ("/gui/window-room/save-as-leaves-nothing-unsaved", test_save_as_leaves_nothing_unsaved);
  g_test_add_func ("/gui/window-room/present-mode", test_present_mode);
  g_test_add_func ("/gui/window-room/present-type-wide", test_present_type_wide);
  g_test_add_func ("/gui/window-room/nodes-whole-present", test_nodes_whole_present);
  g_test_add_func ("/gui/window-room/present-first-screen", test_present_first_screen);
  g_test_add_func ("/gui/window-room/present-walks-jobs", test_present_walks_jobs);
  g_test_add_func ("/gui/window-room/verdict-dates", test_verdict_dates);
  g_test_add_func ("/gui/window-room/tab-focus-follows-key", test_tab_focus_follows_key);
  g_test_add_func ("/gui/window-room/readout-beside-pointer", test_readout_beside_pointer);
  g_test_add_func ("/gui/window-room/reasons-rule-by-rule", test_reasons_rule_by_rule);
  g_test_add_func ("/gui/window-room/runner-up-risks", test_runner_up_risks);
  g_test_add_func ("/gui/window-room/team-experience-link", test_team_experience_link);
  g_test_add_func ("/gui/window-room/next-pane-opens-folded-sidebar", test_next_pane_opens_folded_sidebar);
  g_test_add_func ("/gui/window-room/next-pane-shown-tab", test_next_pane_shown_tab);
  g_test_add_func ("/gui/window-room/network-fee-question", test_network_fee_question);
  g_test_add_func ("/gui/window-room/rename-in-folded-sidebar", test_rename_in_folded_sidebar);
  g_test_add_func ("/gui/window-room/vendor-quotes-ends-1024", test_vendor_quotes_ends_1024);
  g_test_add_func ("/gui/window-room/billing-unit-keeps-place", test_billing_unit_keeps_place);
  g_test_add_func ("/gui/window-room/catalog-names-in-chinese", test_catalog_names_in_chinese);
  g_test_add_func ("/gui/window-room/subtitle-home-folder", test_subtitle_home_folder);
  g_test_add_func ("/gui/window-room/link-name-whole-1024", test_link_name_whole_1024);
  g_test_add_func ("/gui/window-room/preference-choices-whole", test_preference_choices_whole);
  g_test_add_func ("/gui/window-room/menu-tooltip-while-open", test_menu_tooltip_while_open);
  g_test_add_func ("/gui/window-room/trial-machines-gpu-first", test_trial_machines_gpu_first);
  g_test_add_func ("/gui/window-room/chart-export-chooser", test_chart_export_chooser);
  g_test_add_func ("/gui/window-room/untitled-export-name", test_untitled_export_name);
  g_test_add_func ("/gui/window-room/export-sign-off-button", test_export_sign_off_button);
  g_test_add_func ("/gui/window-room/export-language-by-keyboard", test_export_language_by_keyboard);
  g_test_add_func ("/gui/window-room/export-names-project", test_export_names_project);
  g_test_add_func ("/gui/window-room/project-name-two-lines", test_project_name_two_lines);
  g_test_add_func ("/gui/window-room/open-data-folder-shortcut", test_open_data_folder_shortcut);
  g_test_add_func ("/gui/window-room/capacity-after-edit", test_capacity_after_edit);
  g_test_add_func ("/gui/window-room/add-menu-keyboard-order", test_add_menu_keyboard_order);
  g_test_add_func ("/gui/window-room/fixed-figure-alone", test_fixed_figure_alone);
  g_test_add_func ("/gui/window-room/new-job-takes-team", test_new_job_takes_team);
  status = g_test_run ();

  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  g_object_unref (app);
  return status;
}
