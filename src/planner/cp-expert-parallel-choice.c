/* cp-expert-parallel-choice.c: why a searched layout of a mixture of
 * experts has the expert parallel size it has (walk40 F9: "Expert
 * parallel 1" for a 128-expert model on 8 GPUs, with nothing saying it is
 * the fastest, nor what EP the layout's split allowed).
 */
#include "config.h"

#include "cp-estimate.h"

#include <string.h>

/* The largest divisor of @experts that divides @ranks too. */
static guint
largest_common_divisor (guint experts,
                        guint ranks)
{
  while (ranks != 0)
    {
      guint rest = experts % ranks;

      experts = ranks;
      ranks = rest;
    }
  return experts;
}

gboolean
cp_estimate_expert_parallel_choice (const CpJob            *job,
                                    const CpQuote          *quote,
                                    guint                   nodes,
                                    const CpSettings       *settings,
                                    const CpEstimate       *est,
                                    CpExpertParallelChoice *out)
{
  guint experts = job->model.experts_total;
  CpJob pinned;

  memset (out, 0, sizeof *out);
  if (!cp_task_kind_is_training (job->kind) || !cp_model_spec_is_moe (&job->model) ||
      job->expert_parallel != 0 || !est->fits || est->gpus == 0)
    return FALSE;

  /* Megatron-Core's MoE layers take EP from TP × DP (cp-estimate-private.h,
   * _cp_expert_tp()): the refusal CP_REFUSAL_EP_DATA_PARALLEL. */
  out->tp_times_dp = est->layout.tensor_parallel * est->layout.data_parallel;
  out->largest_ep = largest_common_divisor (experts, out->tp_times_dp);

  /* Every other EP the GPUs and the experts allow, each with the rest of
   * the layout searched as the job leaves it: a shallow copy, the job's
   * strings only read. */
  pinned = *job;
  for (guint ep = 1; ep <= MIN (est->gpus, experts); ep++)
    {
      CpEstimate other;

      if (ep == est->layout.expert_parallel || experts % ep != 0 || est->gpus % ep != 0)
        continue;
      pinned.expert_parallel = ep;
      if (!cp_estimate (&pinned, quote, nodes, settings, &other, NULL) || !other.fits)
        continue;
      if (!out->other_fits || other.total_s < out->other_total_s)
        {
          out->other_fits = TRUE;
          out->other = other.layout;
          out->other_total_s = other.total_s;
          out->other_all_to_all_s = other.mfu_loss_s[CP_MFU_LOSS_ALL_TO_ALL];
        }
    }
  return TRUE;
}
