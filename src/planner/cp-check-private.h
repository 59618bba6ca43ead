/* cp-check-private.h: field checks shared by jobs and quotes. The field
 * name is passed untranslated (N_()) and translated only in a message. */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

gboolean cp_check_fail         (GError **error, const char *field, const char *problem);
gboolean cp_check_positive     (double value, double max, const char *field, GError **error);
gboolean cp_check_non_negative (double value, double max, const char *field, GError **error);
/* Every field has a smallest value that still means something physically
 * (a NIC of at least 1 Gb/s, a utilisation of at least 1%); below it a
 * number only turns into infinity once divided by. The first refuses 0,
 * the second keeps 0 for "not stated" or "the default". */
gboolean cp_check_at_least     (double value, double smallest, double max, const char *field, GError **error);
gboolean cp_check_zero_or_at_least (double value, double smallest, double max, const char *field,
                                    GError **error);

G_END_DECLS
