/* cp-quote-object.h: a quote of the open project, for list models. */
#pragma once

#include <glib-object.h>

#include "planner/cp-project.h"

G_BEGIN_DECLS

#define CP_TYPE_QUOTE_OBJECT (cp_quote_object_get_type ())

G_DECLARE_FINAL_TYPE (CpQuoteObject, cp_quote_object, CP, QUOTE_OBJECT, GObject)

/* @quote belongs to @project; the window drops the object before the
 * project frees it. */
CpQuoteObject *cp_quote_object_new       (CpQuote          *quote,
                                          const CpProject  *project);
CpQuote       *cp_quote_object_get_quote  (CpQuoteObject *self);
const char   *cp_quote_object_get_title    (CpQuoteObject *self);
char         *cp_quote_object_dup_subtitle (CpQuoteObject *self);
/* Tells views that the quote was edited. */
void          cp_quote_object_changed      (CpQuoteObject *self);

G_END_DECLS
