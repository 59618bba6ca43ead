/* cp-import-row.h: one data row of a vendor sheet as the import preview
 * lists it: what it becomes, and the problems, gaps and assumptions. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CP_TYPE_IMPORT_ROW (cp_import_row_get_type ())

G_DECLARE_FINAL_TYPE (CpImportRow, cp_import_row, CP, IMPORT_ROW, GObject)

/* @complete: the row imports as a quote with nothing missing and nothing
 * to warn of (an offer past its last day): the success icon. */
CpImportRow *cp_import_row_new          (const char  *title,
                                         const char  *subtitle,
                                         gboolean     complete);
const char  *cp_import_row_get_title    (CpImportRow *self);
/* One line per problem, gap or assumption; "" when there is none. */
const char  *cp_import_row_get_subtitle (CpImportRow *self);
gboolean     cp_import_row_get_complete (CpImportRow *self);

G_END_DECLS
