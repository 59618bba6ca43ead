/* cp-check-private.h: field checks shared by jobs and quotes. The field
 * name is passed untranslated (N_()) and translated only in a message. */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

gboolean cp_check_fail         (GError **error, const char *field, const char *problem);
gboolean cp_check_positive     (double value, double max, const char *field, GError **error);
gboolean cp_check_non_negative (double value, double max, const char *field, GError **error);

G_END_DECLS
