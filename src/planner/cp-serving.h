/* cp-serving.h: what an inference option serves and what a token costs.
 *
 * A roofline per replica: every decode step reads the weights once and
 * the KV cache of every running sequence, and computes 2 × active
 * parameters per sequence; the slower of the two, plus the step's
 * tensor-parallel all-reduces (their latency included) and, for a
 * mixture of experts, the fixed time of each MoE layer's routed experts,
 * is the step.
 * Prefill is compute-bound.
 * Like cp_estimate() it allocates nothing.
 */
#pragma once

#include "cp-estimate.h"

G_BEGIN_DECLS

/* Achievable fraction of a GPU's datasheet memory bandwidth: STREAM-like
 * copies reach 1.61–1.75 of 2.039 TB/s on A100 80GB (PUBLISHED G2, 79–86%)
 * and 4.00–4.48 of 4.8 TB/s on H200 (G9, 83–93%); decoding also reads a
 * paged KV cache in small blocks, so the low end, 0.80, is taken. */
#define CP_SERVING_BANDWIDTH_FRACTION 0.80

/* vLLM V0 turns chunked prefill on by itself above this max_model_len
 * (vllm/engine/arg_utils.py, EngineArgs.create_engine_config,
 * use_long_context = max_model_len > 32768, v0.6.6): its profiling pass
 * (cp-estimate-serving.c) and its scheduling (cp-serving.c) change there. */
#define CP_VLLM_V0_LONG_CONTEXT_TOKENS 32768.0

/* One replica as the memory budget laid it out (cp-estimate.c). */
typedef struct {
  guint  gpus;                     /* tensor × pipeline parallel */
  guint  tensor_parallel;
  double weights_per_gpu_bytes;    /* at the weights' stored bits */
  double kv_per_gpu_token_bytes;   /* KV cache of one token on one GPU */
  double batch;                    /* sequences it runs at once */
  guint  replicas;                 /* on the option's GPUs */
} CpServingReplica;

/* Fills the serving figures of @est (decode_*, prefill_tokens_per_s,
 * concurrency_served, requests_per_s, output_tokens_per_s, hourly_cost,
 * cost_per_million_output_tokens) for @job on @quote with @replica, at
 * est->nodes nodes. Leaves them 0 where @replica serves nothing. */
void cp_serving_estimate (const CpJob            *job,
                          const CpQuote          *quote,
                          const CpSettings       *settings,
                          const CpServingReplica *replica,
                          CpEstimate             *est);

/* Time each decode step of the serving engine @settings names takes
 * beyond the GPUs' work (scheduling, input preparation, sampling and
 * output processing on the host, between the steps' kernels), seconds. */
double cp_serving_engine_step_s (const CpSettings *settings);

/* Forward FLOPs of one prompt token of @job: 2 × active parameters plus
 * attention over the prompt, 4 · layers · heads · head_dim · prompt
 * (PaLM, Appendix B, the forward third of 12·L·H·Q·T). */
double cp_serving_prefill_flops_per_token (const CpJob *job);

G_END_DECLS
