/* test-window.h: what the files of the test-window program share: the
 * application main() makes, the helpers of test-window.c the other files
 * call, and the tests main() registers from test-window-adaptive.c and
 * test-window-plans.c. */

#pragma once

#include <adwaita.h>

#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-results-view.h"
#include "gui/cp-window.h"
#include "planner/cp-plan.h"

G_BEGIN_DECLS

extern CpApplication *app;

/* The most turns of the main loop a change takes before it is idle
 * again (assert_returns_to_idle() in test-window.c says why). */
#define MAX_TURNS_TO_IDLE 10000

/* test-window.c's helpers, described there. */
void            spin               (void);
void            wait_results       (CpResultsView   *results);
CpWindow       *open_demo_window   (void);
void            close_window       (CpWindow        *window);
void            select_row         (GtkListBox      *list,
                                    guint            index);
void            type_text          (CpFieldRow      *row,
                                    const char      *text);
guint           first_training_job (const CpProject *project);
CpPlan         *plan_for           (const CpProject *project,
                                    guint            job_index);
void            pick               (GtkDropDown     *drop_down,
                                    guint            position);
const CpOption *shown_option       (CpResultsView   *results,
                                    int              quote_index);
const char     *entry_text         (CpJobEditor     *editor,
                                    const char      *key);
gboolean        row_shown          (CpJobEditor     *editor,
                                    const char      *key);
void            assert_plans_equal (const CpPlan    *shown,
                                    const CpPlan    *expected);
GtkColumnViewColumn *column_titled (CpResultsView   *results,
                                    const char      *title);
const char     *entry_id           (GtkDropDown     *drop_down,
                                    guint            position);
CpPreferencesWindow *find_preferences_window (void);
void            press_escape       (GtkWidget       *widget);

/* test-window-adaptive.c */
void test_window_picker_search (void);
void test_window_drop_down_opens_on_checked (void);
void test_window_cluster_host_memory (void);
void test_window_host_memory (void);
void test_window_entry_reads_from_start (void);
void test_window_form_rows_by_kind (void);
void test_window_form_rows_each_kind (void);
void test_window_answer_within_row (void);
void test_window_sidebar_follows_width (void);
void test_window_adaptive_layout (void);
void test_window_narrow_names_readable (void);
void test_window_network_presets (void);
void test_window_quote_rows_by_nodes (void);
void test_window_vendor_questions_once (void);
void test_window_switch_shows_no_stale_figures (void);

/* test-window-plans.c: its helper test-window.c calls, described
 * there, and its tests. */
void assert_shows_plan_of (CpResultsView   *results,
                           const CpProject *expected,
                           guint            job_index);
void test_window_refused_pinned_layout (void);
void test_window_automatic_layout (void);
void test_window_preferences_longest_run (void);
void test_window_best_available (void);
void test_window_incomplete_quote_no_curve (void);
void test_window_form_layout (void);
void test_window_field_messages (void);
void test_window_walkthrough_details (void);

G_END_DECLS
