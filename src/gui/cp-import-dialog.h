/* cp-import-dialog.h: the preview of a vendor sheet before its quotes are
 * added — each column's field (editable), each row's outcome and what was
 * assumed. The logic is the store's CpQuoteSheet; this only shows it.
 *
 * The file is read, and its rows read again after each change of a
 * column, on workers; the dialog is "busy" meanwhile,
 * shows progress once that lasts over 300 ms, and stops the work when it
 * closes or another file is chosen. */
#pragma once

#include <adwaita.h>

#include "store/cp-quote-csv.h"

G_BEGIN_DECLS

#define CP_TYPE_IMPORT_DIALOG (cp_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CpImportDialog, cp_import_dialog, CP, IMPORT_DIALOG, AdwWindow)

/* The rows are read with the catalogue and settings of @project as it is
 * now (copied). The dialog is modal for @parent and closes with it.
 * On accept the dialog emits "quotes-accepted" with the CpQuoteCsvResult
 * of the mapping shown (owned by the dialog; its quotes may be moved out
 * during the emission) and closes; on cancel it closes and nothing
 * happens. */
CpImportDialog *cp_import_dialog_new       (GtkWindow       *parent,
                                            const CpProject *project);
/* Reads @path for the preview, in place of a file still being read; what
 * the "Choose Another File…" button calls (the tests call it in place of
 * the file chooser). Problems are shown in the dialog. */
void            cp_import_dialog_open_file (CpImportDialog  *self,
                                            const char      *path);
/* The file chooser's filter for what the dialog reads: CSV, .xlsx, .ods. */
void            cp_import_dialog_add_sheet_filter (GtkFileChooser *chooser);
/* TRUE while a file or its rows are read. */
gboolean        cp_import_dialog_get_busy  (CpImportDialog  *self);
/* The rows shown, one CpImportRow per data record of the sheet, or one
 * for a problem that stops the whole file. */
GListModel     *cp_import_dialog_get_rows  (CpImportDialog  *self);

G_END_DECLS
