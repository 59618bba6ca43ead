/* cp-range.h: low / expected / high figures from the spread of the
 * assumptions that are not measurements.
 *
 * Convention: the band's ends move every assumption together, all to its
 * pessimistic end (the slowest, dearest run: the high figures) or all to
 * its optimistic end (the low figures), so the band is the widest the
 * sources allow and never narrower than any single assumption's. A spread
 * is relative to the setting in force: a user who sets utilisation to
 * 0.40 gets the published spread around 0.40. Each spread's source is in
 * cp-range.c next to its factors and in cp_range_get_spreads().
 */
#pragma once

#include "cp-estimate.h"

G_BEGIN_DECLS

typedef enum {
  CP_SPREAD_COMPUTE_UTILISATION,
  CP_SPREAD_LINK_EFFICIENCY,
  CP_SPREAD_FRAMEWORK_OVERHEAD,
  CP_SPREAD_DEBUG_SHARE,
  CP_SPREAD_MIGRATION_DAYS,
  CP_SPREAD_FAILURE_RATE,
  CP_N_SPREADS
} CpSpreadKind;

typedef enum {
  CP_RANGE_OPTIMISTIC,
  CP_RANGE_PESSIMISTIC,
} CpRangeEnd;

/* One assumption's spread at the settings in force. */
typedef struct {
  CpSpreadKind kind;
  const char  *key;          /* as in cp_settings_get_assumptions() */
  double       low;          /* the assumption's own values */
  double       expected;
  double       high;
  gboolean     low_is_pessimistic; /* utilisation, link efficiency: lower is slower */
  const char  *unit;
  const char  *source;
} CpSpread;

/* A figure's band. low ≤ expected ≤ high always holds: where the layout
 * search picks another layout at an end, the expected figure still bounds
 * the band. */
typedef struct {
  double   total_s_low;
  double   total_s_high;
  double   calendar_days_low;
  double   calendar_days_high;
  double   total_cost_low;
  double   total_cost_high;
  guint    held;              /* bit (1 << CpSpreadKind) for each spread a measurement fixes */
  gboolean fits_pessimistic;  /* still fits in memory at the pessimistic end */
} CpRange;

/* Fills @out (at most @n_out entries) with the spreads at @settings;
 * returns how many there are (CP_N_SPREADS). */
guint  cp_range_get_spreads (const CpSettings *settings,
                             CpSpread         *out,
                             guint             n_out);
const char *cp_spread_kind_to_string (CpSpreadKind kind);  /* the assumption's key */

/* The assumption's value at @end of its spread. */
double cp_range_spread_value (const CpSettings *settings,
                              CpSpreadKind      kind,
                              CpRangeEnd        end);
/* A copy of @settings with one assumption set to @value. */
void   cp_range_settings_with (const CpSettings *settings,
                               CpSpreadKind      kind,
                               double            value,
                               CpSettings       *out);
/* A copy of @settings with every spread not in @held at @end. */
void   cp_range_settings_at_end (const CpSettings *settings,
                                 guint             held,
                                 CpRangeEnd        end,
                                 CpSettings       *out);

/* The spreads a measurement fixes for @expected: a utilisation measured
 * by a trial run (or an end-to-end MFU given) does not vary, nor does
 * link efficiency where the measured run is the answer (one node on the
 * trial's hardware, or an end-to-end MFU), nor framework overhead under a
 * measured peak memory; a service's duration fixes both time spreads. */
guint  cp_range_held_spreads (const CpEstimate *expected);

/* The band of @expected (cp_estimate() of @job on @quote at its node
 * count): the same estimate at both ends of the spreads. @optimistic and
 * @pessimistic, when not NULL, receive the estimates at the ends. */
void   cp_range_estimate (const CpJob      *job,
                          const CpQuote    *quote,
                          const CpSettings *settings,
                          const CpEstimate *expected,
                          CpRange          *out,
                          CpEstimate       *optimistic,
                          CpEstimate       *pessimistic);

G_END_DECLS
