/* cp-application.h: the Compute Planner application. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CP_TYPE_APPLICATION (cp_application_get_type ())

G_DECLARE_FINAL_TYPE (CpApplication, cp_application, CP, APPLICATION, AdwApplication)

CpApplication *cp_application_new          (void);
/* The application's GSettings, or NULL when the schema is not installed
 * (running from a build tree without compiled schemas). */
GSettings     *cp_application_get_settings (CpApplication *self);
/* Remembers @path as the last project and at the top of the recent list. */
void           cp_application_note_project (CpApplication *self,
                                            const char    *path);

G_END_DECLS
