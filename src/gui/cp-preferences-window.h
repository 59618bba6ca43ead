/* cp-preferences-window.h: application preferences and the conventions of
 * the active window's project. */
#pragma once

#include <adwaita.h>

#include "cp-field-row.h"
#include "cp-window.h"

G_BEGIN_DECLS

#define CP_TYPE_PREFERENCES_WINDOW (cp_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (CpPreferencesWindow, cp_preferences_window, CP, PREFERENCES_WINDOW, AdwPreferencesWindow)

/* @window may be NULL: the project's conventions are then hidden. */
GtkWidget *cp_preferences_window_new (GSettings *settings,
                                      CpWindow  *window);
/* The row editing project setting @key ("longest-acceptable-run",
 * "dp-bucket", "kv-block", "cuda-graph-memory"; "contingency",
 * "prices-include-vat", "vat-rate"), or NULL. */
CpFieldRow *cp_preferences_window_get_setting_row (CpPreferencesWindow *self,
                                                   const char          *key);
/* The row editing the project's sign-off or start ("prepared-by",
 * "reviewed-by", "approved-by", "signed-on", "start-date"), or NULL. */
CpFieldRow *cp_preferences_window_get_report_row (CpPreferencesWindow *self,
                                                  const char          *key);

G_END_DECLS
