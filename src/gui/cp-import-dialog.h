/* cp-import-dialog.h: the preview of a vendor sheet before its quotes are
 * added — each column's field (editable), each row's outcome and what was
 * assumed. The logic is the store's CpQuoteSheet; this only shows it. */
#pragma once

#include <adwaita.h>

#include "store/cp-quote-csv.h"

G_BEGIN_DECLS

#define CP_TYPE_IMPORT_DIALOG (cp_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (CpImportDialog, cp_import_dialog, CP, IMPORT_DIALOG, AdwWindow)

/* Takes @sheet. @project is read for the preview's prices and must outlive
 * the dialog, which is modal for @parent. On accept the dialog emits
 * "quotes-accepted" with the CpQuoteCsvResult of the mapping shown (owned
 * by the dialog; its quotes may be moved out during the emission) and
 * closes; on cancel it closes and nothing happens. */
CpImportDialog *cp_import_dialog_new (GtkWindow       *parent,
                                      CpQuoteSheet    *sheet,
                                      const CpProject *project);

G_END_DECLS
