/* test-window-room.h: what the files of the test-window-room program
 * share: the application and scratch folder main() makes, the helpers
 * that find the table and wait for the window's fold and present mode,
 * and the tests main() registers from test-window-room-present.c,
 * test-window-room-change.c and
 * test-window-room-panes.c. */

#pragma once

#include <adwaita.h>

#include "gui/cp-window.h"

G_BEGIN_DECLS

extern CpApplication *app;
extern char *tmp_dir;

/* A wait for the window laid out at about @width_px. */
typedef struct {
  CpWindow *window;
  int       width_px;
} WidthWait;

/* A wait for the sidebar folded (or not). */
typedef struct {
  CpWindow *window;
  gboolean  folded;
} FoldWait;

GtkColumnView       *table_of          (CpWindow   *window);
GtkAdjustment       *sideways_of       (CpWindow   *window);
GtkColumnViewColumn *column_titled     (CpWindow   *window,
                                        const char *title);
gboolean             folded_at_width   (gpointer    user_data);
GtkWidget           *label_reading     (GtkWidget  *root,
                                        const char *text);
GtkWidget           *cell_reading      (CpWindow   *window,
                                        const char *text);
gboolean             in_table_view     (CpWindow   *window,
                                        GtkWidget  *widget);
guint                count_cells       (CpWindow   *window,
                                        const char *text);
gboolean             chooser_mapped    (gpointer    user_data);
gboolean             widget_mapped     (gpointer    widget);
gboolean             fold_reached      (gpointer    user_data);
gboolean             present_state     (CpWindow   *window);
CpWindow            *demo_window_sized (int         width_px,
                                        int         height_px);
void                 present_at_width  (CpWindow   *window,
                                        int         width_px);

void test_present_type_wide (void);
void test_table_quote_whole_training (void);
void test_table_quote_whole_service (void);
void test_present_mode (void);
void test_nodes_whole_present (void);
void test_present_first_screen (void);
void test_project_name_two_lines (void);
void test_verdict_dates (void);
void test_tab_focus_follows_key (void);
void test_present_walks_jobs (void);
void test_edit_says_what_changed (void);
void test_rename_is_no_change (void);
void test_deadline_named_in_days (void);
void test_change_line_words (void);
void test_engineer_day_unit (void);
void test_no_quotes_at_once (void);
void test_firmness_named (void);
void test_quote_answer_named (void);
void test_firm_without_hosted (void);
void test_turns_on_team (void);
void test_tight_trade_named (void);
void test_sign_off_shows_more_below (void);
void test_capacity_after_edit (void);
void test_readout_beside_pointer (void);
void test_network_fee_question (void);
void test_next_pane_shown_tab (void);
void test_next_pane_opens_folded_sidebar (void);
void test_first_start_sidebar (void);
void test_rename_in_folded_sidebar (void);
void test_vendor_quotes_ends_1024 (void);
void test_vendor_side_cut_1024 (void);
void test_billing_unit_keeps_place (void);
void test_catalog_names_in_chinese (void);
void test_link_name_whole_1024 (void);
void test_preference_choices_whole (void);
void test_menu_tooltip_while_open (void);
void test_trial_machines_gpu_first (void);
void test_chart_export_chooser (void);
void test_popups_fit_700 (void);
void test_add_closes_folded_sidebar (void);
void test_folded_sidebar_button_counts (void);
void test_project_sign_off_from_sidebar (void);
void test_calendar_sign_off (void);
void test_import_chooser_header (void);
void test_add_then_tab_in_form (void);
void test_fixed_figure_alone (void);
void test_new_job_takes_team (void);
void test_add_menu_keyboard_order (void);
void test_reasons_rule_by_rule (void);
void test_runner_up_risks (void);
void test_team_experience_link (void);

G_END_DECLS
