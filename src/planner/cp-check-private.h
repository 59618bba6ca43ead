/* cp-check-private.h: field checks shared by jobs and quotes. The field
 * name is passed untranslated (N_()) and translated only in a message. */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

#include <float.h>

gboolean cp_check_fail         (GError **error, const char *field, const char *problem);
/* The checks with their messages; the inline ones below call them only
 * for a value they do not accept at once (cp_estimate() checks every
 * field of its job and quote on each of the window's many evaluations). */
gboolean cp_check_positive_slow     (double value, double max, const char *field, GError **error);
gboolean cp_check_non_negative_slow (double value, double max, const char *field, GError **error);
gboolean cp_check_at_least_slow     (double value, double smallest, double max, const char *field, GError **error);
gboolean cp_check_zero_or_at_least_slow (double value, double smallest, double max, const char *field,
                                         GError **error);

/* A normal number within [smallest, max] (NaN and subnormals are not). */
static inline gboolean
cp_check_accepts (double value, double smallest, double max)
{
  return value >= smallest && value >= DBL_MIN && value <= max;
}

static inline gboolean
cp_check_positive (double value, double max, const char *field, GError **error)
{
  return cp_check_accepts (value, 0, max) || cp_check_positive_slow (value, max, field, error);
}

static inline gboolean
cp_check_non_negative (double value, double max, const char *field, GError **error)
{
  return value == 0 || cp_check_accepts (value, 0, max) || cp_check_non_negative_slow (value, max, field, error);
}

/* Every field has a smallest value that still means something physically
 * (a NIC of at least 1 Gb/s, a utilisation of at least 1%); below it a
 * number only turns into infinity once divided by. The first refuses 0,
 * the second keeps 0 for "not stated" or "the default". */
static inline gboolean
cp_check_at_least (double value, double smallest, double max, const char *field, GError **error)
{
  return cp_check_accepts (value, smallest, max) || cp_check_at_least_slow (value, smallest, max, field, error);
}

static inline gboolean
cp_check_zero_or_at_least (double value, double smallest, double max, const char *field, GError **error)
{
  return value == 0 || cp_check_accepts (value, smallest, max) ||
         cp_check_zero_or_at_least_slow (value, smallest, max, field, error);
}

G_END_DECLS
