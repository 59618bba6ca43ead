/* cp-option-object.h: one quote's option in a job's plan, for the
 * comparison table. */
#pragma once

#include <glib-object.h>

#include "planner/cp-plan.h"

G_BEGIN_DECLS

#define CP_TYPE_OPTION_OBJECT (cp_option_object_get_type ())

G_DECLARE_FINAL_TYPE (CpOptionObject, cp_option_object, CP, OPTION_OBJECT, GObject)

/* Copies @option; @quote_name and @currency are copied too. */
CpOptionObject *cp_option_object_new        (const CpOption *option,
                                              const char     *quote_name,
                                              const char     *currency,
                                              gboolean        has_deadline);
const CpOption *cp_option_object_get_option  (CpOptionObject *self);
const char     *cp_option_object_get_quote_name (CpOptionObject *self);
const char     *cp_option_object_get_currency   (CpOptionObject *self);
gboolean        cp_option_object_get_has_deadline (CpOptionObject *self);

G_END_DECLS
