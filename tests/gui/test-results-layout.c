/* test-results-layout.c: the results page's words never run over each
 * other, and the charts stay put while the words above them calculate.
 *
 * For every job of the demo, shown at 1024 × 700 (the narrowest window a
 * meeting room's laptop gives, where most paragraphs wrap) and at
 * 1920 × 1080, each visible paragraph of the results page is given at
 * least the height its words need at the width it has, and each starts
 * below the end of the one before. A newcomer saw the cluster question's
 * last lines drawn over the "Reasons" heading (walkthrough 14): its
 * labels stood in a box of their own whose size request mode GTK 4.8 had
 * cached before they were added, so it measured them as one line per
 * paragraph. That box is gone (the labels stand in the page's own box);
 * the demo here never made GTK cache its mode early (that depended on
 * when GTK first asked the hidden box), so this test keeps the property
 * for every paragraph rather than replaying that one cause.
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "gui/cp-results-view-private.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-window.h"
#include "planner/cp-project.h"
#include "cp-test-gui.h"

static CpApplication *app;

/* The height @child's content needs at the width it has. */
static int
needed_height (GtkWidget *child)
{
  int needed;

  /* Measured with its margins, which its width and height leave out. */
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL,
                      gtk_widget_get_width (child) + gtk_widget_get_margin_start (child) +
                      gtk_widget_get_margin_end (child),
                      &needed, NULL, NULL, NULL);
  return needed - gtk_widget_get_margin_top (child) - gtk_widget_get_margin_bottom (child);
}

/* Whether every visible child has been given the height it needs. A
 * chart measures itself again in an idle after a layout moved it in the
 * pane (cp-chart-view.c, remeasure_cb()), so on a busy machine its new
 * least height can be asked for after the last frame the test waited for
 * and before the next layout gives it room: that is one frame late, not
 * words over words. */
static gboolean
paragraphs_have_room (GtkWidget *page)
{
  for (GtkWidget *child = gtk_widget_get_first_child (page); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && gtk_widget_get_height (child) < needed_height (child))
      return FALSE;
  return TRUE;
}

/* Each visible child of the page's box has the height its content needs
 * at its width, and starts where the one before it ends, or below. */
static void
assert_paragraphs_apart (GtkWidget  *page,
                         const char *job_name,
                         int         window_width)
{
  graphene_rect_t before = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  GtkWidget *before_widget = NULL;
  guint checked = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (page); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;
      int needed;

      if (!gtk_widget_get_visible (child))
        continue;
      g_assert_true (gtk_widget_compute_bounds (child, page, &bounds));
      needed = needed_height (child);
      if (gtk_widget_get_height (child) < needed)
        g_error ("%s at %d px: a %s (\"%.60s\") has %d px of the %d its words need at %d px wide", job_name,
                 window_width, G_OBJECT_TYPE_NAME (child),
                 GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : "", gtk_widget_get_height (child),
                 needed, gtk_widget_get_width (child));
      if (before_widget != NULL && bounds.origin.y < before.origin.y + before.size.height - 0.5f)
        g_error ("%s at %d px: a %s (\"%.60s\") starts at y %.0f, over the %s before it that ends at %.0f", job_name,
                 window_width, G_OBJECT_TYPE_NAME (child),
                 GTK_IS_LABEL (child) ? gtk_label_get_text (GTK_LABEL (child)) : "", bounds.origin.y,
                 G_OBJECT_TYPE_NAME (before_widget), before.origin.y + before.size.height);
      before = bounds;
      before_widget = child;
      checked++;
    }
  g_assert_cmpuint (checked, >, 5);
}

static void
test_paragraphs_apart (void)
{
  static const int sizes[][2] = { { 1024, 700 }, { 1920, 1080 } };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  CpProject *project = cp_window_get_project (window);
  GtkWidget *page = gtk_widget_get_parent (GTK_WIDGET (results->cluster_label));
  guint cluster_words_seen = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      cp_test_gui_resize_window (window, sizes[s][0], sizes[s][1]);
      for (guint j = 0; j < project->jobs->len; j++)
        {
          const CpJob *job = g_ptr_array_index (project->jobs, j);

          /* Checked once the view has settled: the table fills its rows
           * and the charts draw on a worker after the verdict is shown. */
          cp_test_gui_select_job (window, j);
          cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
          /* A layout that never gives them room fails below. */
          for (guint frame = 0; frame < 30 && !paragraphs_have_room (page); frame++)
            cp_test_gui_wait_frames (GTK_WIDGET (window), 1);
          /* The cluster question is worded for this job: its words are
           * among the paragraphs checked. */
          if (!gtk_widget_get_visible (GTK_WIDGET (results->cluster_label)) &&
              gtk_widget_get_visible (GTK_WIDGET (results->cluster_heading)))
            cluster_words_seen++;
          assert_paragraphs_apart (page, job->name, sizes[s][0]);
        }
    }
  /* The demo's training jobs on cluster quotes have the question. */
  g_assert_cmpuint (cluster_words_seen, >, 0);

  cp_test_gui_close_window (window);
}

/* What the frames painted while the paragraphs above the charts say
 * "Calculating…" gave them. */
typedef struct {
  CpResultsView *results;
  int            robustness_px;  /* the job before's words */
  int            changes_px;
  guint          calculating_frames;
  gboolean       room_kept;
  int            calculating_needed_px;  /* what "Calculating…" itself needs */
} Room;

static void
on_paint_watch_room (GdkFrameClock *clock,
                     Room          *room)
{
  GtkWidget *robustness = GTK_WIDGET (room->results->robustness_label);
  GtkWidget *changes = GTK_WIDGET (room->results->changes_label);
  int words_px;

  if (!gtk_widget_get_visible (changes) || !gtk_widget_has_css_class (changes, "dim-label"))
    return;
  room->calculating_frames++;
  /* Its words' own height: a measure would give the height kept. */
  pango_layout_get_pixel_size (gtk_label_get_layout (GTK_LABEL (changes)), NULL, &words_px);
  room->calculating_needed_px = MAX (room->calculating_needed_px, words_px);
  if (gtk_widget_get_height (robustness) < room->robustness_px || gtk_widget_get_height (changes) < room->changes_px)
    room->room_kept = FALSE;
}

/* walk36b Z12: on a job switch the paragraphs between the verdict and
 * the charts ("Not firm…", "What would change it") said "Calculating…"
 * on one line each until their words came, several lines, and the charts
 * jumped some 80 px down under the pointer. Every frame painted while
 * they calculate gives them the height the job before's words had. The
 * demo's second job is planned when the project opens (the calendar's
 * check), its paragraphs after the frame that shows its verdict: that
 * frame is painted calculating. */
static void
test_switch_keeps_room (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  Room room = { results, 0, 0, 0, TRUE, 0 };
  gulong handler;

  cp_test_gui_resize_window (window, 1024, 700);
  cp_test_gui_select_job (window, 0);
  room.robustness_px = gtk_widget_get_visible (GTK_WIDGET (results->robustness_label))
                       ? gtk_widget_get_height (GTK_WIDGET (results->robustness_label)) : 0;
  room.changes_px = gtk_widget_get_height (GTK_WIDGET (results->changes_label));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (results->changes_label)));

  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_paint_watch_room), &room);
  cp_test_gui_select_job (window, 1);
  g_signal_handler_disconnect (clock, handler);
  g_assert_cmpuint (room.calculating_frames, >, 0);
  g_assert_true (room.room_kept);
  /* One "Calculating…" line needs less than the words before it: without
   * the room kept, the charts would have moved up and down again. */
  g_assert_cmpint (room.calculating_needed_px, <, room.changes_px);

  cp_test_gui_close_window (window);
}

/* What the frames painted after a rename showed. */
typedef struct {
  CpResultsView *results;
  const char    *old_name;
  guint          frames;
  guint          stale_name_frames;     /* the old name in a paragraph */
  guint          mixed_frames;          /* words of another revision under the verdict */
} Rename;

static void
on_paint_watch_rename (GdkFrameClock *clock,
                       Rename        *rename)
{
  CpResultsView *results = rename->results;
  GtkWidget *robustness = GTK_WIDGET (results->robustness_label);
  GtkWidget *page = gtk_widget_get_parent (GTK_WIDGET (results->verdict_label));

  rename->frames++;
  /* The verdict's grid and the paragraphs; the charts draw their own. */
  for (GtkWidget *child = gtk_widget_get_first_child (page); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (child != results->figures_box && cp_test_gui_shows_text (child, rename->old_name))
      {
        rename->stale_name_frames++;
        break;
      }
  /* The line under a verdict says the verdict's revision, or calculates. */
  if (results->headline_job >= 0 && gtk_widget_get_visible (robustness) &&
      !gtk_widget_has_css_class (robustness, "dim-label") &&
      (results->details_shown_job != results->headline_job ||
       results->details_shown_generation != cp_project_analysis_get_generation (results->analysis)))
    rename->mixed_frames++;
}

/* walk36 X3 and X4: after a vendor was renamed the results said "Vendor 1
 * runs the job…" while the sidebar had the new name, and lines of two
 * calculations stood side by side. In every frame painted after the
 * rename no paragraph names the old vendor and the line under the verdict
 * is of the verdict's revision or says "Calculating…". */
static void
test_rename_shows_nothing_stale (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  CpProject *project = cp_window_get_project (window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_autofree char *old_name = NULL;
  Rename rename = { results };
  CpQuote *quote = NULL;
  guint quote_index = 0;
  gulong handler;

  cp_test_gui_select_job (window, 0);
  /* The recommended option's vendor, whom no other quote names. */
  quote_index = (guint) g_array_index (results->plan->options, CpOption, results->plan->recommended).quote_index;
  quote = g_ptr_array_index (project->quotes, quote_index);
  old_name = g_strdup (quote->vendor);
  for (guint i = 0; i < project->quotes->len; i++)
    if (i != quote_index)
      g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, i))->vendor, !=, old_name);
  g_assert_true (cp_test_gui_shows_text (GTK_WIDGET (results->verdict_grid), old_name) ||
                 cp_test_gui_shows_text (GTK_WIDGET (results->summary_label), old_name));
  rename.old_name = old_name;

  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), (int) quote_index));
  cp_test_gui_wait_details (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_paint_watch_rename), &rename);
  cp_test_gui_type_text (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "vendor"), "Shenzhen local IDC");
  cp_test_gui_wait_details (window);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  g_signal_handler_disconnect (clock, handler);
  g_assert_cmpstr (quote->vendor, ==, "Shenzhen local IDC");
  g_assert_cmpuint (rename.frames, >, 0);
  g_assert_cmpuint (rename.stale_name_frames, ==, 0);
  g_assert_cmpuint (rename.mixed_frames, ==, 0);
  g_assert_true (cp_test_gui_shows_text (GTK_WIDGET (results->verdict_grid), "Shenzhen local IDC") ||
                 cp_test_gui_shows_text (GTK_WIDGET (results->summary_label), "Shenzhen local IDC"));

  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  app = cp_test_gui_init (&argc, &argv, "results-layout");

  g_test_add_func ("/gui/results-layout/paragraphs-apart", test_paragraphs_apart);
  g_test_add_func ("/gui/results-layout/switch-keeps-room", test_switch_keeps_room);
  g_test_add_func ("/gui/results-layout/rename-shows-nothing-stale", test_rename_shows_nothing_stale);
  return g_test_run ();
}
