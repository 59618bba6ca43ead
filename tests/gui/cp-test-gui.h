/* cp-test-gui.h: what the GUI test programs share. */
#pragma once

#include "gui/cp-application.h"

G_BEGIN_DECLS

/* The application the tests' windows belong to, registered (not unique)
 * with autosave off: a save falling due inside a test's main loop would
 * clear "modified" behind its back, depending on the machine's speed.
 * Call after gtk_test_init() and adw_init(). */
CpApplication *cp_test_gui_application_new (void);

/* The visible toplevel of @type (a dialog shown over the window), or NULL. */
GtkWidget     *cp_test_gui_find_toplevel   (GType type);

/* Appends @root and every widget below it that is a @type to @found. */
void           cp_test_gui_collect         (GtkWidget *root,
                                            GType      type,
                                            GPtrArray *found);
/* The combo row below @root titled @title, or NULL. */
AdwComboRow   *cp_test_gui_find_combo_row  (GtkWidget  *root,
                                            const char *title);

G_END_DECLS
