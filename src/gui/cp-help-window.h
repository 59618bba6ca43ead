/* cp-help-window.h: the help page (F1): the fields and the rules R1–R9. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CP_TYPE_HELP_WINDOW (cp_help_window_get_type ())

G_DECLARE_FINAL_TYPE (CpHelpWindow, cp_help_window, CP, HELP_WINDOW, AdwWindow)

GtkWidget *cp_help_window_new (GtkWindow *parent);

G_END_DECLS
