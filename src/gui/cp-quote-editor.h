/* cp-quote-editor.h: the form of one vendor quote. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project.h"

#include "cp-field-row.h"
#include "cp-picker-row.h"

G_BEGIN_DECLS

#define CP_TYPE_QUOTE_EDITOR (cp_quote_editor_get_type ())

G_DECLARE_FINAL_TYPE (CpQuoteEditor, cp_quote_editor, CP, QUOTE_EDITOR, AdwBin)

GtkWidget   *cp_quote_editor_new       (void);
/* Shows @quote of @project (both borrowed) and forgets anything typed. */
void         cp_quote_editor_set_quote (CpQuoteEditor *self,
                                        CpProject     *project,
                                        CpQuote       *quote);
/* Shows values changed elsewhere and keeps any text the model refused. */
void         cp_quote_editor_reload    (CpQuoteEditor *self);
CpFieldRow  *cp_quote_editor_get_row   (CpQuoteEditor *self,
                                        const char    *key);
/* The catalogue pickers of the GPU and the link inside a node; entry 0 is
 * "Custom" (or the edited entry's name, "NVIDIA H20 141GB (edited)"). */
CpPickerRow *cp_quote_editor_get_gpu_row  (CpQuoteEditor *self);
CpPickerRow *cp_quote_editor_get_link_row (CpQuoteEditor *self);
/* The common fabrics, filled once; entry 0 keeps the values. */
AdwComboRow *cp_quote_editor_get_network_preset_row (CpQuoteEditor *self);
/* Scrolls the form to the row @key names (a field's key, "gpu",
 * "intra-link" or "network"; see ::changed) and puts the keyboard on it,
 * as undo shows the row it changed; nothing for another key. */
void         cp_quote_editor_show_row (CpQuoteEditor *self,
                                       const char    *key);
/* The quote's fields, as the form's rows name them (@n_fields set to
 * their count): the results' change line names a quote's edit by them. */
const CpField *cp_quote_editor_get_fields (guint *n_fields);
/* A sentence for the results while fields show refused values, or NULL. */
char        *cp_quote_editor_dup_error_notice (CpQuoteEditor *self);

G_END_DECLS
