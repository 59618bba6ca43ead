/* cp-range.c: the spread of each assumption, with its source, and the
 * band it puts around an estimate.
 *
 * PUBLISHED ids (T16, N1 …) refer to shared/reference/PUBLISHED.md; R4
 * and R8 to the source article's rules (shared/DESIGN.md).
 */
#include "config.h"

#include "cp-range.h"

#include <math.h>

typedef struct {
  const char *key;
  double      low_factor;    /* × the setting in force */
  double      high_factor;
  gboolean    low_is_pessimistic;
  const char *unit;
  const char *source;
} SpreadSource;

static const SpreadSource spread_sources[] = {
  /* The end-to-end MFUs published in T16–T23 span 41.5% (T22, 22B on 8
   * GPUs) to 56.3% (T22, 1T on 512): T19 44%, T16 44.9% (140/312), T20
   * PTD-P 45.2% and 49.0% (141 and 153 of 312), T23 45.7%, T21 51.4%, T18
   * 52%, T17 52.2% (163/312), T22 54.2% and 56.0%. Around their middle,
   * 48.9%, that is −15% / +15%. T20's ZeRO-3 collapse (44 TFLOP/s) is left
   * out: it comes from the layout, which the model times itself. */
  [CP_SPREAD_COMPUTE_UTILISATION] = {
    "compute-utilisation", 0.415 / 0.489, 0.563 / 0.489, TRUE, "fraction",
    "spread of published end-to-end MFUs: T22 41.5% to T22 56.3% around their middle 48.9% "
    "(T16 44.9%, T17 52.2%, T18 52%, T19 44%, T20 45.2–49.0%, T21 51.4%, T23 45.7%)" },
  /* NCCL's best is N1's 370 of 450 GB/s (82%); N3 measures 77% at 8 GB
   * messages but 58% (174.18 of 300) at 134 MB, the size of a few gradient
   * buckets: from 0.58 to 0.82 around the default 0.80. */
  [CP_SPREAD_LINK_EFFICIENCY] = {
    "link-efficiency", 0.581 / 0.80, 0.822 / 0.80, TRUE, "fraction",
    "N3 8×A100 all-reduce 174.18 of 300 GB/s at 134 MB (58%) to N1 370 of 450 GB/s (82%)" },
  /* CUDA context and kernels "can take up 1–2GB" (Hugging Face
   * model_memory_anatomy); the default takes the lower end. */
  [CP_SPREAD_FRAMEWORK_OVERHEAD] = {
    "framework-overhead", 1.0, 2.0, FALSE, "bytes",
    "Hugging Face model_memory_anatomy: CUDA kernels take 1–2 GB (default at the lower end)" },
  /* The source article: debugging is 30–40% of a development cycle (R4),
   * around the default's midpoint 35%. */
  [CP_SPREAD_DEBUG_SHARE] = {
    "debug-share", 0.30 / 0.35, 0.40 / 0.35, FALSE, "fraction",
    "source article: debugging takes 30–40% of a development cycle (R4)" },
  /* The source article: one to two weeks of migration (R8), 7 to 14 days
   * around the default's 10.5. */
  [CP_SPREAD_MIGRATION_DAYS] = {
    "migration-days", 7.0 / 10.5, 14.0 / 10.5, FALSE, "days",
    "source article: a team new to distributed training loses one to two weeks (R8)" },
  /* The default, Llama 3's 419 interruptions in 54 days on 16,384 H100s
   * (1.97e-5 per GPU-hour), is the lowest published rate; the highest
   * cp-settings.c cites is OPT-175B's one interruption per about 7.5 h on
   * ~1,000 A100s, 1 / 7,500 = 1.33e-4 per GPU-hour (secondary; Kokolis et
   * al. 2024 give 1.2e-4 at 1,024 GPUs): up to 6.8 times the default. */
  [CP_SPREAD_FAILURE_RATE] = {
    "gpu-failure-rate", 1.0, (1.0 / (7.5 * 1000.0)) / (419.0 / (16384.0 * 54.0 * 24.0)), FALSE, "interruptions/GPU-hour",
    "Llama 3 §3.3.4 (419 in 54 days on 16,384 H100s, 1.97e-5, the default) to OPT-175B "
    "(~7.5 h between interruptions on ~1,000 A100s, 1.33e-4; Kokolis et al. 2024 1.2e-4 at 1,024)" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (spread_sources) == CP_N_SPREADS);

/* cp_settings_validate()'s bounds: a fraction from 1% to 1, debugging
 * below 95%; an end beyond them would be a setting the user may not
 * make. */
#define MIN_FRACTION 0.01
#define MAX_FRACTION 1.0
#define MAX_DEBUG_SHARE 0.94
#define MAX_FAILURE_RATE 0.01

const char *
cp_spread_kind_to_string (CpSpreadKind kind)
{
  return (guint) kind < CP_N_SPREADS ? spread_sources[kind].key : NULL;
}

static double *
setting_of (CpSettings   *settings,
            CpSpreadKind  kind)
{
  switch (kind)
    {
    case CP_SPREAD_COMPUTE_UTILISATION:
      return &settings->compute_utilisation;
    case CP_SPREAD_LINK_EFFICIENCY:
      return &settings->link_efficiency;
    case CP_SPREAD_FRAMEWORK_OVERHEAD:
      return &settings->framework_overhead_bytes;
    case CP_SPREAD_DEBUG_SHARE:
      return &settings->debug_share;
    case CP_SPREAD_FAILURE_RATE:
      return &settings->gpu_failure_rate_per_hour;
    case CP_SPREAD_MIGRATION_DAYS:
    case CP_N_SPREADS:
    default:
      return &settings->migration_days_no_experience;
    }
}

static double
clamp_value (CpSpreadKind kind,
             double       value)
{
  if (kind == CP_SPREAD_COMPUTE_UTILISATION || kind == CP_SPREAD_LINK_EFFICIENCY)
    return CLAMP (value, MIN_FRACTION, MAX_FRACTION);
  if (kind == CP_SPREAD_DEBUG_SHARE)
    return MIN (value, MAX_DEBUG_SHARE);
  if (kind == CP_SPREAD_FAILURE_RATE)
    return MIN (value, MAX_FAILURE_RATE);
  return value;
}

double
cp_range_spread_value (const CpSettings *settings,
                       CpSpreadKind      kind,
                       CpRangeEnd        end)
{
  const SpreadSource *source;
  double expected;
  gboolean low;

  g_return_val_if_fail ((guint) kind < CP_N_SPREADS, 0);
  source = &spread_sources[kind];
  expected = *setting_of ((CpSettings *) settings, kind);
  low = (end == CP_RANGE_PESSIMISTIC) == source->low_is_pessimistic;
  return clamp_value (kind, expected * (low ? source->low_factor : source->high_factor));
}

guint
cp_range_get_spreads (const CpSettings *settings,
                      CpSpread         *out,
                      guint             n_out)
{
  for (guint i = 0; i < MIN (n_out, CP_N_SPREADS); i++)
    {
      const SpreadSource *source = &spread_sources[i];
      CpRangeEnd low_end = source->low_is_pessimistic ? CP_RANGE_PESSIMISTIC : CP_RANGE_OPTIMISTIC;
      CpRangeEnd high_end = source->low_is_pessimistic ? CP_RANGE_OPTIMISTIC : CP_RANGE_PESSIMISTIC;

      out[i] = (CpSpread) {
        i, source->key,
        cp_range_spread_value (settings, i, low_end),
        *setting_of ((CpSettings *) settings, i),
        cp_range_spread_value (settings, i, high_end),
        source->low_is_pessimistic, source->unit, source->source,
      };
    }
  return CP_N_SPREADS;
}

void
cp_range_settings_with (const CpSettings *settings,
                        CpSpreadKind      kind,
                        double            value,
                        CpSettings       *out)
{
  *out = *settings;
  *setting_of (out, kind) = value;
}

void
cp_range_settings_at_end (const CpSettings *settings,
                          guint             held,
                          CpRangeEnd        end,
                          CpSettings       *out)
{
  *out = *settings;
  for (guint i = 0; i < CP_N_SPREADS; i++)
    if ((held & (1u << i)) == 0)
      *setting_of (out, i) = cp_range_spread_value (settings, i, end);
}

guint
cp_range_held_spreads (const CpEstimate *expected)
{
  guint held = 0;

  switch (expected->time_source)
    {
    case CP_TIME_SOURCE_DURATION:
    case CP_TIME_SOURCE_MFU:
      held |= 1u << CP_SPREAD_COMPUTE_UTILISATION | 1u << CP_SPREAD_LINK_EFFICIENCY;
      break;
    case CP_TIME_SOURCE_TRIAL:
      held |= 1u << CP_SPREAD_COMPUTE_UTILISATION;
      if (expected->nodes <= 1)
        held |= 1u << CP_SPREAD_LINK_EFFICIENCY;
      break;
    case CP_TIME_SOURCE_EXTRAPOLATED:
      held |= 1u << CP_SPREAD_COMPUTE_UTILISATION;
      break;
    case CP_TIME_SOURCE_MODEL:
    case CP_N_TIME_SOURCES:
    default:
      break;
    }
  if (expected->memory_measured)
    held |= 1u << CP_SPREAD_FRAMEWORK_OVERHEAD;
  return held;
}

static gboolean
usable (const CpEstimate *est)
{
  return isfinite (est->total_s) && isfinite (est->total_cost) && isfinite (est->calendar_days);
}

void
cp_range_estimate (const CpJob      *job,
                   const CpQuote    *quote,
                   const CpSettings *settings,
                   const CpEstimate *expected,
                   CpRange          *out,
                   CpEstimate       *optimistic,
                   CpEstimate       *pessimistic)
{
  CpSettings moved;
  CpEstimate low, high, raw_high;
  guint held = cp_range_held_spreads (expected);
  /* A network whose sharing is not stated is estimated as shared
   * (cp_quote_sharing_assumed()); its optimistic end is the same network
   * dedicated, so the range, and the verdict's robustness, span both. A
   * shallow copy, only read. */
  CpQuote optimistic_quote = *quote;

  if (cp_quote_sharing_assumed (quote))
    optimistic_quote.sharing = CP_SHARING_DEDICATED;
  cp_range_settings_at_end (settings, held, CP_RANGE_OPTIMISTIC, &moved);
  if (!cp_estimate (job, &optimistic_quote, expected->nodes, &moved, &low, NULL) || !usable (&low))
    low = *expected;
  cp_range_settings_at_end (settings, held, CP_RANGE_PESSIMISTIC, &moved);
  if (!cp_estimate_pessimistic_end (job, quote, &moved, expected->nodes, &high) || !usable (&high))
    high = *expected;
  raw_high = high;
  out->fits_pessimistic = high.fits || !expected->fits;
  if (!high.fits && expected->fits)
    {
      /* Out of memory at the larger overhead: the time and cost of the run
       * are still those of the other assumptions' ends; fits_pessimistic
       * tells the verdict. */
      CpEstimate fitted;

      cp_range_settings_at_end (settings, held | 1u << CP_SPREAD_FRAMEWORK_OVERHEAD, CP_RANGE_PESSIMISTIC,
                                &moved);
      if (cp_estimate_pessimistic_end (job, quote, &moved, expected->nodes, &fitted) && usable (&fitted))
        high = fitted;
    }

  out->held = held;
  out->total_s_low = MIN (low.total_s, expected->total_s);
  out->total_s_high = MAX (high.total_s, expected->total_s);
  out->calendar_days_low = MIN (low.calendar_days, expected->calendar_days);
  out->calendar_days_high = MAX (high.calendar_days, expected->calendar_days);
  out->total_cost_low = MIN (low.total_cost, expected->total_cost);
  out->total_cost_high = MAX (high.total_cost, expected->total_cost);
  if (optimistic != NULL)
    *optimistic = low;
  if (pessimistic != NULL)
    *pessimistic = raw_high;
}
