/* cp-test-gui.h: what the GUI test programs share. */
#pragma once

#include "gui/cp-application.h"
#include "gui/cp-field-row.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-results-view.h"
#include "gui/cp-window.h"

G_BEGIN_DECLS

/* The application the tests' windows belong to, registered (not unique)
 * with autosave off: a save falling due inside a test's main loop would
 * clear "modified" behind its back, depending on the machine's speed.
 * Call after gtk_test_init() and adw_init(). */
CpApplication *cp_test_gui_application_new (void);

/* What a GUI test's main() does first: the untitled projects kept in a
 * new temporary folder named after @name ("cp-NAME-XXXXXX"), a scratch
 * home without a Documents folder for the file choosers to start in,
 * settings in memory, the translations bound, GTK's test setup and
 * libadwaita's; returns cp_test_gui_application_new(). GTK's test setup
 * keeps the C locale: a test run in Chinese calls setlocale (LC_ALL, "")
 * first. */
CpApplication *cp_test_gui_init            (int         *argc,
                                            char      ***argv,
                                            const char  *name);

/* What a GUI test's main() does last: runs the tests added so far, then
 * drops *@app (cp_test_gui_init()'s) and returns g_test_run()'s status. */
int            cp_test_gui_run_then_free   (CpApplication **app);

/* The visible toplevel of @type (a dialog shown over the window), or NULL. */
GtkWidget     *cp_test_gui_find_toplevel   (GType type);
/* Report Sign-Off opened by @app's action, shown; and a wait until no
 * sign-off is shown (closed by its button, Escape or Enter). */
CpPreferencesWindow *cp_test_gui_open_sign_off (CpApplication *app);
void           cp_test_gui_wait_sign_off_closed (void);
/* Export Report opened as the window's action opens it: its dialog,
 * whose "builder" data holds the widgets by id. */
GtkWidget     *cp_test_gui_open_export    (CpWindow   *window);

/* Appends @root and every widget below it that is a @type to @found. */
void           cp_test_gui_collect         (GtkWidget *root,
                                            GType      type,
                                            GPtrArray *found);
/* The first widget at or below @root, depth first, that is a @type; NULL
 * if none. */
GtkWidget     *cp_test_gui_find_of_type    (GtkWidget *root,
                                            GType      type);
/* The first widget at or below @root named @name (a template's id, set
 * with gtk_widget_set_name()); NULL if none. */
GtkWidget     *cp_test_gui_find_named      (GtkWidget  *root,
                                            const char *name);
/* The combo row below @root titled @title, or NULL. */
AdwComboRow   *cp_test_gui_find_combo_row  (GtkWidget  *root,
                                            const char *title);

/* How cp_test_gui_find_with_text() compares a widget's text with the one
 * asked for. */
typedef enum {
  CP_TEST_GUI_TEXT_WHOLE   = 0,       /* the whole text */
  CP_TEST_GUI_TEXT_PART    = 1 << 0,  /* anywhere in the widget's text */
  CP_TEST_GUI_TEXT_VISIBLE = 1 << 1,  /* only where every widget from @root down is visible */
} CpTestGuiTextMatch;

/* The first widget at or below @root, depth first, that shows @text as
 * @match says: a label's text, a menu item's (GtkModelButton, a private
 * type); NULL if none. */
GtkWidget     *cp_test_gui_find_with_text  (GtkWidget          *root,
                                            const char         *text,
                                            CpTestGuiTextMatch  match);

/* Whether @widget or a widget inside it, visible from @widget down, is a
 * label whose text (as shown, without markup) holds @text. */
gboolean       cp_test_gui_shows_text      (GtkWidget  *widget,
                                            const char *text);

/* Waiting in the GUI tests (issue 24): the main loop runs until what the
 * test needs has happened, never for a fixed time, so a loaded machine or
 * a sanitizer only makes a test slower, never red. The one clock is a
 * hang guard of CP_TEST_GUI_HANG_GUARD_S per wait, far above any wait on
 * the slowest run (valgrind or ASan on two busy cores), so that a wait
 * that can never end fails with its name instead of at meson's time-out. */
#define CP_TEST_GUI_HANG_GUARD_S 300

typedef gboolean (*CpTestGuiCondition) (gpointer user_data);

/* @keyval pressed with @widget focused, as GTK delivers it: @widget's
 * controllers and shortcuts, then its ancestors'; spins after. Whether
 * one took it. */
gboolean       cp_test_gui_press_key       (GtkWidget *widget,
                                            guint      keyval);
/* Runs what the main loop has ready, without waiting for more. */
void           cp_test_gui_spin            (void);
/* Runs the main loop until @condition (@user_data) holds; @what names the
 * wait if the hang guard fires. */
void           cp_test_gui_wait_until      (CpTestGuiCondition condition,
                                            gpointer           user_data,
                                            const char        *what);
/* Until the GObject *@weak points to is finalized (its weak pointer,
 * added by the caller, turns NULL). */
void           cp_test_gui_wait_finalized  (gpointer   *weak,
                                            const char *what);
/* @n_frames frames of @widget's frame clock, each one asked for: the
 * layout and drawing that a change queued, and whatever those queue in
 * turn, up to @n_frames deep. */
void           cp_test_gui_wait_frames     (GtkWidget *widget,
                                            guint      n_frames);
/* Until the window's work on worker threads has ended (its busy
 * property), then what that queued on the main loop. */
/* Asks for @window at @width × @height and waits until its own width
 * (inside whatever its frame takes) is within 24 px below @width, then
 * three frames for the layout that width queues. Fails at once when the
 * size is larger than the test's screen (GTK keeps a window within its
 * monitor), and after a few frames if the width is not reached. */
void           cp_test_gui_resize_window   (CpWindow *window,
                                            int       width,
                                            int       height);
void           cp_test_gui_wait_not_busy   (CpWindow *window);
/* Until the window has started work on a worker (busy) since the last
 * of these two waits, even if that work has ended already. */
void           cp_test_gui_wait_busy       (CpWindow *window);
/* Until the results' paragraphs follow the verdict (one frame later). */
void           cp_test_gui_wait_results    (CpResultsView *results);
/* @widget's motion controller, to move a pointer over it by its signals. */
GtkEventController *cp_test_gui_motion_controller (GtkWidget *widget);
/* Whether the GtkLabel @label says something (a CpTestGuiCondition). */
gboolean       cp_test_gui_label_not_empty (gpointer label);
/* Until the verdict, then the paragraphs worked out after it (the
 * robustness search: one machine or the cluster, what would change it),
 * are of the project as it is. */
void           cp_test_gui_wait_details    (CpWindow *window);
/* Selects job @job_index in the sidebar's list, as a click does, and
 * waits for its results (cp_test_gui_wait_details()). */
void           cp_test_gui_select_job      (CpWindow *window,
                                            guint     job_index);
/* @text in the form row's entry, then Enter. */
void           cp_test_gui_type_text       (CpFieldRow *row,
                                            const char *text);
/* cp_test_gui_select_job(), then the job shown. */
CpJob         *cp_test_gui_show_job        (CpWindow   *window,
                                            guint       job_index);
/* Picks @kind in the job form's Kind drop-down, as a click does. */
void           cp_test_gui_pick_kind       (CpWindow   *window,
                                            CpTaskKind  kind);
/* A new job (pre-training, 100B tokens) added by the window's Add Job
 * action, then switched to @kind by its Kind row. */
CpJob         *cp_test_gui_add_job_of_kind (CpWindow   *window,
                                            CpTaskKind  kind);
/* A new quote, added by the window's Add Quote action and shown in the
 * quote form. */
CpQuote       *cp_test_gui_add_quote       (CpWindow   *window);
/* Opens @row's list, as a click on its button does, and returns the
 * search entry at its top (the list's popover is its ancestor). */
GtkWidget     *cp_test_gui_open_picker     (CpPickerRow *row);
/* Opens @row's list, types @words in its search and presses Enter, which
 * picks the first entry that has them and closes the list. */
void           cp_test_gui_search_pick     (CpPickerRow *row,
                                            const char  *words);
/* The subtitle an AdwActionRow @row shows (a form row's hint), "" for
 * none. */
const char    *cp_test_gui_row_subtitle    (gpointer    row);
/* A window of @app with the demo project loaded, presented. */
CpWindow      *cp_test_gui_demo_window     (CpApplication *app);
/* Closes @window and waits until it is gone (closing saves off the main
 * thread, then destroys the window). */
void           cp_test_gui_close_window    (CpWindow *window);

G_END_DECLS
