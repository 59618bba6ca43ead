/* cp-serving.c: decode and prefill throughput of a serving replica by
 * roofline, and the cost of an output token.
 *
 * The figures are ceilings: kernel launches, scheduling and sampling are
 * not modelled (all-reduce latency and the fixed time of a
 * mixture-of-experts layer's routed experts are). PUBLISHED ids (G2, N1 …)
 * refer to shared/reference/PUBLISHED.md.
 */
#include "config.h"

#include "cp-estimate-private.h"
#include "cp-serving.h"

#include <math.h>

/* Activations cross the tensor-parallel all-reduces in 16 bits. */
#define ACTIVATION_BYTES 2.0

/* Latency of one step of a ring all-reduce between the GPUs of a node.
 * nccl-tests on 8 × A100 80GB over NVLink (NCCL 2.18.5, Azure
 * AI-benchmarking-guide Azure_Results/ND_A100_v4_results.md, the file of
 * PUBLISHED N3) print a bus bandwidth of 0.33 GB/s for an 8 KB all-reduce,
 * an algorithm bandwidth of 0.33 × 8/14 = 0.189 GB/s: 43.4 µs, as at 1 KB
 * (44.8 µs), so at these sizes the time is all latency. A ring all-reduce
 * makes 2(n − 1) steps one after the other, 14 on 8 GPUs: 3.10 µs a step.
 * Decoding a few sequences all-reduces messages of this size twice a
 * layer, so a single stream pays this latency hundreds of times a token,
 * and more the more GPUs share the tensors. */
#define ALL_REDUCE_STEP_LATENCY_S 3.10e-6

/* Fixed time of one mixture-of-experts layer's routed experts in a decode
 * step, beyond streaming the experts' weights: routing, sorting the
 * tokens by expert and the grouped kernels' launch and tail, which a few
 * sequences do not fill. vLLM's and SGLang's fused-MoE kernel benchmarks
 * time the whole call at batch 1; less the selected experts' bytes at
 * CP_SERVING_BANDWIDTH_FRACTION of the datasheet bandwidth, they leave
 * 26.5 µs (Qwen3-Next-80B FP8, TP 4, H100: 29.45 µs for 7.9 MB; vLLM pull
 * request #44830, baseline), 26.8 µs (Qwen3-235B-A22B FP8, TP 8, H200:
 * 31.70 µs for 18.9 MB; sglang pull request #11730, untuned), 27.8 µs
 * (Qwen3-Omni-30B-A3B BF16, B200: 39.61 µs for 75.5 MB; vLLM pull request
 * #31448, default config) and 13.0 µs (Mixtral 8x7B BF16, TP 2, H100:
 * 144.03 µs for 352 MB; vLLM pull request #24700, tuned). The median of
 * the four is taken. A token pays it once per MoE layer, on whichever
 * GPU or pipeline stage holds the layer. */
#define MOE_LAYER_DECODE_FLOOR_S 26.65e-6

/* The engines' own time a decode step, from the single-stream speed of
 * the smallest model each engine's published table gives, whose weights
 * take a fraction of its token, against what this file charges the GPUs
 * for it (weights and mean KV cache read at CP_SERVING_BANDWIDTH_FRACTION
 * of the datasheet bandwidth; 2,048 decode steps).
 * - vLLM V0: Qwen2.5-0.5B-Instruct in BF16 on one A100 80GB, vLLM 0.6.3
 *   (V0; CUDA graphs on), input 1, 311.55 tokens/s (QwenLM/Qwen2.5
 *   docs/source/benchmark/speed_benchmark.rst, "0.5B (vLLM)"; speed =
 *   2,048 output tokens / time): 1 / 311.55 = 3.2098 ms a step, less
 *   0.494e9 parameters × 2 bytes (tied embeddings read as the head) at
 *   0.80 × 2,039 GB/s = 0.6057 ms and 12,288 B of KV a token (24 layers ×
 *   2 KV heads × 64 × 2 × 2) × 1,025 = 0.0077 ms: 2.60 ms.
 *   V0 runs the scheduler, prepares the inputs and processes the outputs
 *   between the GPU's steps, one after the other (the vLLM blog of
 *   2024-09-05, "vLLM v0.6.0: 2.7x Throughput Improvement": on one H100
 *   "the actual GPU execution only takes up 38% of the total time" of
 *   Llama 3 8B).
 * - vLLM V1: none charged. V1 puts the engine core in a process of its
 *   own and keeps a persistent batch (the vLLM blog of 2025-01-27, "vLLM
 *   V1: A Major Upgrade to vLLM's Core Architecture"); the V1 figure the
 *   corpus holds at a small batch (vLLM pull request #23151, Qwen3-30B-A3B
 *   on one H100, TPOT 13.18 ms at max concurrency 10) is already met
 *   by the GPUs' step alone (13.63 ms).
 * - SGLang: Qwen3-0.6B in BF16 on one H20 96GB, SGLang 0.4.6.post1, input
 *   1, 414.17 tokens/s (QwenLM/Qwen3 docs/source/getting_started/
 *   speed_benchmark.md at c7f51a1a, "Qwen3-0.6B (SGLang)"; speed = (input
 *   + 2,048) / time): 2,049 / 414.17 s over 2,048 steps = 2.42 ms a step,
 *   where its weights (0.596e9 × 2 bytes at 0.80 × 4,000 GB/s = 0.37 ms)
 *   and KV cache (114,688 B a token × 1,025 = 0.04 ms) take 0.41: the
 *   step is the host's. SGLang prepares the next step on the host while
 *   the GPUs run the current one (its overlap scheduler, on by default
 *   since 0.4: "Zero-Overhead Batch Scheduler", the LMSYS blog of
 *   2024-12-04, "SGLang v0.4"; --disable-overlap-schedule turns it off),
 *   so a step takes the longer of the two (cp_serving_estimate()).
 * TensorRT-LLM is not an engine here: no published single-stream figure
 * of a small model was found for it. */
#define VLLM_V0_ENGINE_STEP_S 2.60e-3
#define SGLANG_ENGINE_STEP_S  2.42e-3

double
cp_serving_engine_step_s (const CpSettings *settings)
{
  if (settings->serving_engine == CP_SERVING_ENGINE_SGLANG)
    return SGLANG_ENGINE_STEP_S;
  return settings->vllm_profile == CP_VLLM_PROFILE_V0 ? VLLM_V0_ENGINE_STEP_S : 0;
}

static double
active_params (const CpModelSpec *model)
{
  return model->active_params > 0 ? model->active_params : model->params;
}

double
cp_serving_prefill_flops_per_token (const CpJob *job)
{
  const CpModelSpec *m = &job->model;
  double attention = 4.0 * m->layers * m->heads * (double) cp_model_spec_head_dim (m) * job->prompt_tokens;

  return 2.0 * active_params (m) + attention;
}

/* Bytes of routed experts a decode step of @batch sequences leaves
 * unread, per GPU: with top-k of E experts chosen per token, an expert is
 * untouched by all @batch tokens with probability (1 − k/E)^batch
 * (routing taken as uniform, which load balancing aims at). */
static double
unread_expert_bytes (const CpJob            *job,
                     const CpSettings       *settings,
                     const CpServingReplica *replica)
{
  const CpModelSpec *m = &job->model;
  double bytes_per_param = _cp_inference_stored_bits (job, settings) / 8.0;
  double routed, untouched;

  if (!cp_model_spec_is_moe (m) || m->experts_active == 0 || m->experts_active >= m->experts_total)
    return 0;
  routed = cp_model_spec_expert_params (m) * m->experts_total * cp_model_spec_moe_layers (m);
  untouched = pow (1.0 - (double) m->experts_active / m->experts_total, replica->batch);
  return routed * bytes_per_param / replica->gpus * untouched;
}

/* The precision a replica's matrix multiplies run at. 8-bit weights on a
 * GPU with FP8 tensor cores run W8A8: vLLM's FP8 (and int8 W8A8) kernels
 * quantise the activations too on compute capability 8.9 and later, and
 * fall back to weight-only W8A16 (FP8 Marlin) before it (vLLM docs,
 * "Quantization → FP8 W8A8": "FP8 computation is supported on NVIDIA GPUs
 * with compute capability > 8.9 … FP8 models will run on compute
 * capability > 8.0 (Ampere) as weight-only W8A16"); TensorRT-LLM's FP8
 * checkpoints (ModelOpt quant_algo FP8) are W8A8 as well. 4-bit weights
 * (AWQ, GPTQ, NF4) are weight-only: their GEMMs run at 16 bits. */
static CpPrecision
serving_gemm_precision (const CpJob     *job,
                        const CpQuote   *quote)
{
  if (job->weight_bits == 8 && quote->gpu.dense_fp8_flops > 0)
    return CP_PRECISION_FP8;
  return job->precision;
}

/* Whether the engine prefills new prompts inside the running sequences'
 * decode steps (chunked prefill, in-flight batching) rather than in steps
 * of their own: vLLM V1 always, V0 only where it turns chunked prefill on
 * by itself, above a max_model_len of 32,768 (the vllm-profile setting). */
static gboolean
prefill_folded_into_decode (const CpJob      *job,
                            const CpSettings *settings)
{
  return settings->vllm_profile == CP_VLLM_PROFILE_V1 || job->context_len > CP_VLLM_V0_LONG_CONTEXT_TOKENS;
}

void
cp_serving_estimate (const CpJob            *job,
                     const CpQuote          *quote,
                     const CpSettings       *settings,
                     const CpServingReplica *replica,
                     CpEstimate             *est)
{
  const CpModelSpec *m = &job->model;
  double tp = MAX (replica->tensor_parallel, 1);
  double stages = MAX ((double) replica->gpus / tp, 1.0);
  double bandwidth = quote->gpu.memory_bandwidth_gbytes_per_s * 1e9 * CP_SERVING_BANDWIDTH_FRACTION;
  CpPrecision gemm_precision = serving_gemm_precision (job, quote);
  double peak = cp_gpu_spec_dense_peak_flops (&quote->gpu, gemm_precision) * settings->compute_utilisation;
  double intra = quote->intra_link.per_direction_gbytes_per_s * 1e9 * settings->link_efficiency;
  /* A sequence attends, on average over its output, to its prompt and
   * half its output. */
  double mean_context = job->prompt_tokens + job->output_tokens / 2.0;
  double per_gpu_bytes, request_s, network_per_hour, gpu_step_s;
  double prefill_tokens_per_step = 0;

  if (replica->replicas == 0 || replica->batch <= 0 || bandwidth <= 0 || peak <= 0)
    return;

  est->serving_gemm_precision = gemm_precision;
  est->decode_batch = replica->batch;
  /* Continuous batching with chunked prefill (vLLM V1, always on; vLLM
   * docs "Optimization and Tuning → Chunked Prefill": it "batches
   * compute-bound (prefill) and memory-bound (decode) requests to the same
   * batch") and TensorRT-LLM's in-flight batching (docs "GPT Attention →
   * In-flight batching": context and generation phases in one batch) fold
   * the prompts of new requests into the decode steps of the running ones,
   * where a memory-bound step leaves the compute idle (Agrawal et al. 2024,
   * Sarathi-Serve, §3–4). In the steady state every output token a
   * sequence writes is matched by prompt ÷ output tokens of a prompt
   * prefilled in the same step. One sequence alone has no other request's
   * decode to share its prefill with: its prompt runs first, on its own.
   * Neither does vLLM V0 without chunked prefill, its default up to a
   * max_model_len of 32,768: its scheduler runs a step of prompts alone,
   * the running sequences waiting ("Don't schedule decodes if prefills are
   * scheduled", vllm/core/scheduler.py Scheduler._schedule_default at
   * 0054e1fa0f8ac79f0524b6b1f4d7c02f9e37eca1; _schedule_chunked_prefill
   * only with chunked_prefill_enabled), so each prompt costs the replica its
   * prefill time on top of the decode steps. */
  est->serving_mixed_batches = replica->batch >= 2 && prefill_folded_into_decode (job, settings);
  if (est->serving_mixed_batches && job->output_tokens > 0)
    prefill_tokens_per_step = replica->batch * job->prompt_tokens / (double) job->output_tokens;
  /* Each GPU streams its share of the weights and of the running
   * sequences' cache, and computes its share; pipeline stages take their
   * turn, one after another, on the step's batch (and on a prompt), so a
   * replica works at the pace of its tensor-parallel group. */
  per_gpu_bytes = replica->weights_per_gpu_bytes - unread_expert_bytes (job, settings, replica) +
                  replica->batch * mean_context * replica->kv_per_gpu_token_bytes;
  est->decode_memory_s = stages * per_gpu_bytes / bandwidth;
  est->decode_compute_s = replica->batch * 2.0 * active_params (m) / (tp * peak);
  est->decode_prefill_compute_s = prefill_tokens_per_step * cp_serving_prefill_flops_per_token (job) / (tp * peak);
  /* Megatron-style tensor parallelism all-reduces twice per layer (after
   * attention and after the MLP) the batch's hidden states: a ring moves
   * 2(t − 1)/t of them (formula crib) over NVLink at the link efficiency,
   * in 2(t − 1) steps of ALL_REDUCE_STEP_LATENCY_S each (t = α + S/B). */
  if (tp > 1 && intra > 0)
    est->decode_tp_communication_s = m->layers * 2.0 *
                                     (2.0 * (tp - 1) * ALL_REDUCE_STEP_LATENCY_S +
                                      2.0 * (tp - 1) / tp * (replica->batch + prefill_tokens_per_step) *
                                      m->hidden * ACTIVATION_BYTES / intra);
  if (cp_model_spec_is_moe (m))
    est->decode_moe_floor_s = cp_model_spec_moe_layers (m) * MOE_LAYER_DECODE_FLOOR_S;
  gpu_step_s = MAX (est->decode_memory_s, est->decode_compute_s + est->decode_prefill_compute_s) +
               est->decode_tp_communication_s + est->decode_moe_floor_s;
  /* The engine's own time (cp_serving_engine_step_s()): vLLM V0 spends
   * it between the GPUs' steps; SGLang's overlap scheduler spends it
   * while the GPUs run, so a step pays only what exceeds theirs. */
  if (settings->serving_engine == CP_SERVING_ENGINE_SGLANG)
    est->decode_engine_s = MAX (cp_serving_engine_step_s (settings) - gpu_step_s, 0);
  else
    est->decode_engine_s = cp_serving_engine_step_s (settings);
  est->decode_step_s = gpu_step_s + est->decode_engine_s;
  est->decode_tokens_per_s = replica->batch / est->decode_step_s;
  est->prefill_tokens_per_s = tp * peak / cp_serving_prefill_flops_per_token (job);

  /* A request takes its output at the batch's decode rate, its prompt
   * folded into those steps (mixed batches) or, alone or under V0's
   * scheduler, in a step of its own at the prefill rate. The replicas run the target's requests and no more:
   * where they could hold more, the batch's share of them stands idle. */
  request_s = job->output_tokens / est->decode_tokens_per_s;
  if (!est->serving_mixed_batches)
    request_s += job->prompt_tokens / est->prefill_tokens_per_s;
  est->concurrency_served = MIN ((double) job->concurrency, replica->replicas * replica->batch);
  est->requests_per_s = est->concurrency_served / replica->batch / request_s;
  est->output_tokens_per_s = est->requests_per_s * job->output_tokens;
  /* What each user waits: a replica runs batch requests at once and
   * completes batch ÷ request_s of them a second, so one request spends
   * batch × request_s from its prompt to its last token (Little's law):
   * its output steps, and, where prompts are prefilled apart, every
   * prompt of the batch that stalls its decoding. */
  est->answer_s = replica->batch * request_s;
  est->user_output_tokens_per_s = est->answer_s > 0 ? job->output_tokens / est->answer_s : 0;

  /* Every GPU of the option is rented while it serves (of every node of
   * an offer rented only whole, cp_quote_billed_nodes()), with the network
   * and management fees billed by the month; a setup fee is not hourly. */
  network_per_hour = est->nodes > 1 ? quote->network_fee_per_node_month * est->nodes : 0;
  est->hourly_cost = (cp_quote_price_per_gpu_hour (quote, settings) * est->gpus / MAX (est->nodes, 1) *
                      cp_quote_billed_nodes (quote, MAX (est->nodes, 1)) +
                      (network_per_hour + quote->management_fee_per_month) / settings->hours_per_month) *
                     cp_quote_vat_factor (quote, settings);
  est->cost_per_million_output_tokens = est->hourly_cost / (est->output_tokens_per_s * 3600.0) * 1e6;
}
