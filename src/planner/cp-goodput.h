/* cp-goodput.h: what interruptions cost a run.
 *
 * A synchronous training job stops whenever one of its GPUs (or their
 * hosts and links) fails, and restarts from its last checkpoint. On G
 * GPUs with a per-GPU interruption rate r the job's rate is λ = G·r (its
 * MTBF M = 1/λ); checkpoints of δ seconds after every τ seconds of work
 * and a restart of R seconds turn a useful time U into the wall time
 *
 *   W = U·(M/τ)·e^(R/M)·(e^((τ+δ)/M) − 1)            (Daly 2006)
 *     ≈ U·(1 + δ/τ) + λ·W·(τ/2 + R)                  (first order)
 *
 * that is, the checkpoints plus, per interruption, half an interval of
 * work redone and the restart. τ = sqrt(2·δ·M) unless set (Young 1974;
 * Daly 2006), λ·W interruptions are expected, goodput = U / W. Jobs given
 * by a duration (services, debugging, data processing) rent that period
 * whole: their interruptions are restarts inside it, and goodput is the
 * share of the period up (of replica time, for a service: an interruption
 * stops one replica).
 */
#pragma once

#include "cp-estimate.h"

G_BEGIN_DECLS

/* Fills the failure figures of @est, whose total_s is the useful run
 * time, and stretches total_s and gpu_hours to the wall time. */
void cp_goodput_apply (const CpJob      *job,
                       const CpQuote    *quote,
                       const CpSettings *settings,
                       CpEstimate       *est);

G_END_DECLS
