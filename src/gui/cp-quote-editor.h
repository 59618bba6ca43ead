/* cp-quote-editor.h: the form of one vendor quote. */
#pragma once

#include <adwaita.h>

#include "planner/cp-project.h"

#include "cp-field-row.h"

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
/* The catalogue picker of the GPU; item 0 is "Custom". */
AdwComboRow *cp_quote_editor_get_gpu_row (CpQuoteEditor *self);

G_END_DECLS
