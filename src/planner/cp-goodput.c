/* cp-goodput.c: interruptions, checkpoints and restarts (see cp-goodput.h). */
#include "config.h"

#include "cp-goodput.h"

#include <math.h>

/* Below a millionth of useful time (a day's work taking 2,700 years) the
 * figure says only that the run never ends; it is held there so that
 * times and costs stay finite numbers for tables, charts and reports. */
#define LOWEST_GOODPUT 1e-6

/* log (wall time ÷ useful time) for failures at @rate_per_s, checkpoints
 * of @checkpoint_s after every @interval_s of work and @restart_s per
 * restart: Daly 2006's expected wall time under exponentially
 * distributed failures (checkpoints and restarts may fail too),
 * (M/τ)·e^(R/M)·(e^((τ+δ)/M) − 1) per unit of work, M the job's MTBF.
 * For λ(τ + δ + R) ≪ 1 it is 1 + δ/τ + λ·((τ+δ)/2 + R): the checkpoints,
 * and per interruption half an interval redone and the restart. */
static double
log_wall_ratio (double rate_per_s,
                double checkpoint_s,
                double interval_s,
                double restart_s)
{
  double log_ratio;

  if (interval_s <= 0)
    log_ratio = rate_per_s * restart_s;   /* nothing to redo: a free checkpoint after every step */
  else if (rate_per_s <= 0)
    log_ratio = log1p (checkpoint_s / interval_s);
  else
    log_ratio = rate_per_s * restart_s +
      log (expm1 (rate_per_s * (interval_s + checkpoint_s)) / (rate_per_s * interval_s));
  return MIN (log_ratio, -log (LOWEST_GOODPUT));
}

void
cp_goodput_apply (const CpJob      *job,
                  const CpQuote    *quote,
                  const CpSettings *settings,
                  CpEstimate       *est)
{
  double useful_s = est->total_s;
  double rate_per_s = settings->gpu_failure_rate_per_hour / 3600.0 * est->gpus;
  double overhead_s, wall_s;

  est->restart_s = settings->restart_s;
  est->goodput = 1.0;
  if (!isfinite (useful_s) || useful_s <= 0)
    return;

  if (!cp_task_kind_is_training (job->kind))
    {
      /* An interruption stops the replica holding the failed GPU; the
       * other replicas of a service keep serving. */
      double units = job->kind == CP_TASK_INFERENCE ? MAX (est->layout.data_parallel, 1u) : 1.0;

      est->expected_interruptions = rate_per_s * useful_s;
      est->lost_s = MIN (est->expected_interruptions * est->restart_s, units * useful_s);
      est->goodput = 1.0 - est->lost_s / (units * useful_s);
      return;
    }

  est->checkpoint_s = est->checkpoint_bytes /
    cp_settings_checkpoint_write_bytes_per_s (quote->storage, est->nodes);
  if (settings->checkpoint_interval_s > 0)
    est->checkpoint_interval_s = settings->checkpoint_interval_s;
  else if (rate_per_s > 0)
    est->checkpoint_interval_s = sqrt (2.0 * est->checkpoint_s / rate_per_s);
  else
    est->checkpoint_interval_s = 0;   /* nothing fails: no checkpoint is needed */
  /* A run shorter than the interval writes no checkpoint before its end:
   * one segment of the whole run, so an interruption redoes at most what
   * has run (half the run on average), never half of a longer interval.
   * Daly's formula takes the work as whole intervals; with τ > U it
   * counted intervals the run never reaches ("every 9.5 h" on a 1.8 h
   * run, walkthrough 11). */
  est->checkpoint_interval_s = MIN (est->checkpoint_interval_s, useful_s);

  wall_s = useful_s * exp (log_wall_ratio (rate_per_s, est->checkpoint_s, est->checkpoint_interval_s,
                                            est->restart_s));
  est->expected_interruptions = rate_per_s * wall_s;
  overhead_s = est->checkpoint_interval_s > 0 ? useful_s * est->checkpoint_s / est->checkpoint_interval_s : 0;
  est->lost_s = MAX (wall_s - useful_s - overhead_s, 0.0);
  est->goodput = useful_s / wall_s;

  est->total_s = wall_s;
  est->gpu_hours = wall_s / 3600.0 * est->gpus;
  /* The runner-up would be interrupted as often. */
  est->runner_up_total_s /= est->goodput;
}
