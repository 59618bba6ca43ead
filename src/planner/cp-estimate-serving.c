/* cp-estimate-serving.c: a service on one quote as vLLM lays it out: its
 * memory profile (weights, activation peak, CUDA graphs, KV blocks) and the
 * replica size that carries the target concurrency on the fewest nodes,
 * then with the most output tokens a second on them.
 * Throughput and cost per token: cp-serving.c.
 */
#include "config.h"

#include "cp-estimate-private.h"
#include "cp-serving.h"

#include <math.h>
#include <string.h>

double
cp_job_kv_bytes_per_token (const CpJob *job)
{
  const CpModelSpec *m = &job->model;
  double bytes = (job->kv_bits > 0 ? job->kv_bits : 16) / 8.0;
  double per_layer;

  /* Multi-head latent attention caches one compressed vector per layer. */
  if (m->kv_latent_dim > 0)
    per_layer = m->kv_latent_dim;
  else
    per_layer = 2.0 * (m->kv_heads > 0 ? m->kv_heads : m->heads) * cp_model_spec_head_dim (m);

  return per_layer * m->layers * bytes;
}

double
_cp_inference_weight_bytes (const CpJob      *job,
                            const CpSettings *settings)
{
  const CpModelSpec *m = &job->model;
  double bits = job->weight_bits > 0 ? job->weight_bits : 16;

  if (bits >= 16)
    return m->params * 2.0;
  /* Meta's FP8 checkpoint: the feed-forward layers of all but the first
   * and last layers in 8 bits, the rest (attention, norms, embeddings,
   * the output head, those two layers) in 16 (Llama 3 paper §6.2; the
   * fp8-layout setting, cp-settings.c). Llama 3.1 405B: 124 × 2.62e9 of
   * its 405.9e9 parameters in 8 bits, 56.5 GiB of weights per GPU at
   * tensor parallel 8 (vLLM issue #6746 logs 57.75) where every linear
   * layer in 8 bits gives 47.6. */
  if (bits == 8 && !cp_model_spec_is_moe (m) && settings->fp8_layout == CP_FP8_LAYOUT_LLAMA3 && m->layers > 2)
    {
      double quantised = MIN (cp_model_spec_dense_mlp_params (m) * (m->layers - 2.0), m->params);

      return quantised * bits / 8.0 + (m->params - quantised) * 2.0;
    }
  /* Weight-only quantisation leaves embeddings and LM head in 16 bits. */
  return (m->params - _cp_embedding_params (m)) * _cp_inference_stored_bits (job, settings) / 8.0 +
         _cp_embedding_params (m) * 2.0;
}

/* Bits a quantised weight takes in memory and on every decoding step's
 * read: its own bits and, for 4-bit formats, the group-wise scales and
 * zeros that dequantise it (the int4-constant-bits setting,
 * cp-settings.c: 20/128 for AWQ and GPTQ at group size 128). */
double
_cp_inference_stored_bits (const CpJob      *job,
                           const CpSettings *settings)
{
  double bits = job->weight_bits > 0 ? job->weight_bits : 16;

  return bits == 4 ? bits + settings->int4_constant_bits : bits;
}

/* vLLM's scheduler budget, which its profiling pass runs before the KV
 * cache is sized (the vllm-profile setting):
 * - V1 (vLLM 0.8 and later; EngineArgs.get_batch_defaults, API server):
 *   8,192 batched tokens and 1,024 sequences on GPUs of 70 GiB or more
 *   that are not A100s, else 2,048 and 256, whatever max_model_len is
 *   (chunked prefill always on).
 * - V0 (vllm/config.py SchedulerConfig.__post_init__, v0.6.6.post1):
 *   without chunked prefill, "max_num_batched_tokens = max(max_model_len,
 *   2048)" so that a whole prompt fits one step, at most max_num_seqs
 *   (256) × max_model_len; its profile_run spreads those tokens over
 *   max_num_seqs dummy sequences. A long max_model_len therefore costs V0
 *   a larger activation peak, and less KV cache, than V1 — up to 32,768:
 *   above it V0 turns chunked prefill on by itself ("Chunked prefill is
 *   enabled by default for models with max_model_len > 32K … to avoid OOM
 *   errors in the initial memory profiling phase", EngineArgs.
 *   create_engine_config, use_long_context = max_model_len > 32768; on
 *   CUDA, without sliding window, speculative decoding, LoRA or prefix
 *   caching), and with it the same __post_init__ sets
 *   max_num_batched_tokens = 2048 ("a balance between ITL and TTFT"; a
 *   v0.6.4.dev log prints 512, an earlier default). vLLM issue #10517
 *   (Llama 3.1 8B, RTX 3090, V0): the profile's peak takes 17.06 GiB at
 *   max_model_len 20,000, 17.98 at 29,000 (the cache then holds less
 *   than one request), 15.05 at 35,000. */
#define VLLM_V0_CHUNKED_PREFILL_BATCHED_TOKENS 2048.0
static void
serving_batch_defaults (const CpQuote    *quote,
                        const CpSettings *settings,
                        double            capacity_bytes,
                        double            context_len,
                        double           *batched_tokens,
                        double           *max_sequences)
{
  const char *name = quote->gpu.name != NULL ? quote->gpu.name : "";
  const char *id = quote->gpu.id != NULL ? quote->gpu.id : "";
  gboolean a100 = strstr (id, "a100") != NULL || strstr (name, "A100") != NULL;

  if (settings->vllm_profile == CP_VLLM_PROFILE_V0)
    {
      *max_sequences = 256;
      if (context_len > CP_VLLM_V0_LONG_CONTEXT_TOKENS)
        *batched_tokens = VLLM_V0_CHUNKED_PREFILL_BATCHED_TOKENS;
      else
        *batched_tokens = MIN (MAX (context_len, 2048.0), *max_sequences * MAX (context_len, 1.0));
    }
  else if (capacity_bytes >= 70.0 * 1024 * 1024 * 1024 && !a100)
    {
      *batched_tokens = 8192;
      *max_sequences = 1024;
    }
  else
    {
      *batched_tokens = 2048;
      *max_sequences = 256;
    }
}

/* Bytes per logit of vLLM V1's sampler at its peak, in the profiling
 * pass's dummy sampling step. V1 profiles the sampler as well as the
 * forward pass (vllm/v1/worker/gpu_model_runner.py, profile_run →
 * _dummy_sampler_run): max_num_seqs dummy requests sampled with top_p 0.9
 * and top_k vocab − 1, "to warm up the sampler" with the memory top-k and
 * top-p take. Without FlashInfer (not in vLLM's wheels: "FlashInfer is
 * not available. Falling back to the PyTorch-native implementation of
 * top-p & top-k sampling", topk_topp_sampler.py) the native path sorts the
 * whole vocabulary (vllm/v1/sample/ops/topk_topp_sampler.py,
 * apply_top_k_top_p): at its last line, the scatter, these are alive per
 * sequence and vocabulary entry: the bf16 logits compute_logits returned
 * (2; all-gathered whole on every tensor-parallel rank), the sampler's
 * fp32 copy (4, Sampler.forward's logits.to(torch.float32)), the sorted
 * logits (4) and their int64 indices (8), the sorted probabilities whose
 * cumsum is taken in place (4), the top-k and top-p masks (1 + 1) and the
 * scattered result (4): 28. V0's profile (vllm/worker/model_runner.py) is
 * kept at the fp32 logits alone (4), its sampler's peak not worked out. */
#define VLLM_V1_SAMPLER_BYTES_PER_LOGIT 28.0

static double
serving_sampler_peak_bytes (const CpJob      *job,
                            const CpSettings *settings,
                            double            batched_tokens,
                            double            max_sequences)
{
  double per_logit = settings->vllm_profile == CP_VLLM_PROFILE_V1 ? VLLM_V1_SAMPLER_BYTES_PER_LOGIT : 4.0;

  return MIN (batched_tokens, max_sequences) * job->model.vocab * per_logit;
}

/* The peak of vLLM's profiling pass on one GPU: one layer's intermediates
 * for the batched tokens (layers run one after another and free theirs),
 * then the sampler's on every sequence (serving_sampler_peak_bytes), the
 * larger of the two. */
static double
serving_activation_peak_bytes (const CpJob      *job,
                               const CpSettings *settings,
                               double            batched_tokens,
                               double            max_sequences,
                               guint             tp)
{
  const CpModelSpec *m = &job->model;
  double h = m->hidden;
  double head_dim = cp_model_spec_head_dim (m);
  double qkv = ((double) m->heads + 2.0 * (m->kv_heads > 0 ? m->kv_heads : m->heads)) * head_dim;
  double ffn = m->ffn > 0 ? m->ffn : 4.0 * h;
  double mlp, forward, sampler;

  if (cp_model_spec_is_moe (m))
    ffn = (double) cp_model_spec_expert_ffn (m) * MAX (m->experts_active, 1) +
          (double) cp_model_spec_shared_expert_ffn (m) * m->shared_experts;
  /* Gated MLPs hold gate and up projections and their product. */
  mlp = (m->gated_mlp ? 3.0 : 2.0) * ffn;
  forward = batched_tokens * 2.0 * (4.0 * h + (qkv + mlp) / tp);
  sampler = serving_sampler_peak_bytes (job, settings, batched_tokens, max_sequences);
  /* V1 runs the sampler after the forward pass has freed its
   * intermediates (the forward's output, its hidden states, stays: a
   * few MB); V0's count is the sum it always was. */
  if (settings->vllm_profile == CP_VLLM_PROFILE_V1)
    return MAX (forward, sampler);
  return forward + sampler;
}

/* A serving trial's KV cache (R9) for a replica of @gpus GPUs on @quote,
 * per GPU, or 0 when the job has none. On the trial's quote at the
 * trial's GPUs per replica it is vLLM's own count (*exact); elsewhere it
 * is carried over: the trial's KV bytes per GPU (its tokens over its
 * GPUs, the trial taken as tensor parallel on its one machine) scaled by
 * the memory left after the weights, here against there, both at the
 * project's serving fraction. What the KV cache does not get (activations,
 * CUDA graphs, the framework) is taken to shrink and grow with that memory;
 * the result is marked extrapolated. */
static double
trial_kv_budget_bytes (const CpJob      *job,
                       const CpQuote    *quote,
                       const CpSettings *settings,
                       double            weights,
                       guint             gpus,
                       double            kv_per_gpu_token,
                       gboolean         *exact)
{
  const CpTrialRun *trial = &job->trial;
  const CpModelSpec *m = &job->model;
  double kv_heads = m->kv_latent_dim > 0 ? 1.0 : (m->kv_heads > 0 ? m->kv_heads : m->heads);
  CpGpuSpec trial_gpu = { .memory_nominal_gb = trial->gpu_memory_nominal_gb };
  double measured_per_gpu, free_there, free_here;

  *exact = FALSE;
  if (trial->kv_cache_tokens <= 0 || trial->gpus == 0)
    return 0;
  if (g_strcmp0 (trial->quote_id, quote->id) == 0 && gpus == trial->gpus)
    {
      *exact = TRUE;
      return trial->kv_cache_tokens * kv_per_gpu_token;
    }
  if (trial->gpu_memory_nominal_gb <= 0)
    return 0;
  measured_per_gpu = trial->kv_cache_tokens * cp_job_kv_bytes_per_token (job) / MIN ((double) trial->gpus, kv_heads);
  free_there = cp_settings_gpu_memory_bytes (settings, &trial_gpu) * settings->serving_memory_fraction -
               weights / trial->gpus;
  free_here = cp_settings_gpu_memory_bytes (settings, &quote->gpu) * settings->serving_memory_fraction -
              weights / gpus;
  if (free_there <= 0 || free_here <= 0)
    return 0;
  return measured_per_gpu * free_here / free_there;
}

/* vLLM shards the attention heads over the tensor-parallel ranks: they
 * must divide evenly, and the KV heads either divide evenly too or, fewer
 * than the ranks, are replicated onto a whole multiple of them
 * (vllm/model_executor/models/llama.py, LlamaAttention); MLA's single
 * latent is replicated on every rank. */
static gboolean
serving_tensor_parallel_allowed (const CpModelSpec *m,
                                 guint              tp)
{
  guint kv_heads = m->kv_heads > 0 ? m->kv_heads : m->heads;

  if (tp == 0 || m->heads % tp != 0)
    return FALSE;
  if (m->kv_latent_dim > 0)
    return TRUE;
  return kv_heads >= tp ? kv_heads % tp == 0 : tp % kv_heads == 0;
}

/* The sum of ceil(t / @block) for t = 1 … @tokens: the blocks a request
 * holds at each of its first @tokens lengths, added up. */
static double
blocks_summed_over_lengths (double tokens,
                            double block)
{
  double whole = floor (tokens / block);
  double rest = tokens - whole * block;

  return block * whole * (whole + 1.0) / 2.0 + rest * (whole + 1.0);
}

/* Blocks a running request counts against the KV cache (the kv-admission
 * setting).
 * - Paged (vLLM): the blocks it holds, on average over its life. vLLM's
 *   KV cache is filled as tokens come: its scheduler asks for the blocks
 *   of a step's new tokens only (vllm/v1/core/sched/scheduler.py at
 *   00024d314514900f361ad072af6931e403b7f589, Scheduler.schedule:
 *   "Schedule newly needed KV blocks for the request",
 *   kv_cache_manager.allocate_slots for num_new_tokens; none free, it
 *   preempts the latest running request and recomputes it later), so it
 *   admits requests until the blocks actually held run out, not until
 *   their longest length would (Kwon et al. 2023, PagedAttention,
 *   §4.2–4.3; V0's block manager alike). A request of P prompt and O
 *   output tokens holds P tokens' slots at its prefill step and P + k − 1
 *   at the step that writes output token k: at a steady state where each
 *   step every running request writes one token, it holds
 *   ceil((P + j) / block) blocks for j = 0 … O − 1, equally long each.
 * - Full length (TensorRT-LLM): prompt and whole output. Its scheduler
 *   pages too (trtllm-bench's default MAX_UTILIZATION, tensorrt_llm/bench/
 *   dataclasses/configuration.py at 000a01de66f0eab4ab05640711f0253f50f5209c),
 *   but the runtime batch size tuning trtllm-bench turns on
 *   (dynamic_max_batch_size) caps the batch at
 *   KVCacheManager::getMaxCapacityBatchSize (cpp/tensorrt_llm/batch_manager/
 *   kvCacheManager.cpp): the cache's blocks over ceil((input + output) /
 *   tokens per block), through DynamicBatchTuner::getRuntimeBatchSize; its
 *   default GUARANTEED_NO_EVICT scheduler reserves the blocks to
 *   completion the same way (capacityScheduler.cpp at
 *   cf6abc45df6e3470d8c378366896882e1f43e60c).
 * Either way a request must fit at its longest (context_len, checked
 * apart). */
static double
blocks_counted_per_request (const CpJob      *job,
                            const CpSettings *settings,
                            double            block)
{
  double prompt = MAX (job->prompt_tokens, 1u);
  double output = MAX (job->output_tokens, 1u);

  if (settings->kv_admission == CP_KV_ADMISSION_FULL_LENGTH)
    return ceil ((prompt + output) / block);
  return (blocks_summed_over_lengths (prompt + output - 1.0, block) -
          blocks_summed_over_lengths (prompt - 1.0, block)) / output;
}

double
_cp_serving_kv_tokens_per_request (const CpJob      *job,
                                   const CpSettings *settings)
{
  double block = MAX (settings->kv_block_tokens, 1.0);

  return blocks_counted_per_request (job, settings, block) * block;
}

/* One replica size as vLLM's memory profile lays it out. */
typedef struct {
  guint    gpus;               /* tensor × pipeline parallel */
  guint    tp;
  guint    pp;
  double   activation_bytes;
  double   kv_budget_bytes;    /* per GPU */
  double   kv_per_gpu_token_bytes;
  double   blocks;
  double   kv_measured_bytes;  /* a trial's KV cache (R9), else 0 */
  gboolean kv_exact;
  double   carried;            /* whole requests it runs at once */
} ReplicaSize;

/* Lays out a replica of @gpus GPUs (tensor parallel inside a node, whole
 * nodes in pipeline; weights and KV split over them; KV heads fewer than
 * the ranks, and MLA's single latent, replicated). FALSE where vLLM would
 * refuse it or its KV budget holds no whole request. */
static gboolean
lay_out_replica (const CpJob      *job,
                 const CpQuote    *quote,
                 const CpSettings *settings,
                 double            budget,
                 double            weights,
                 double            batched_tokens,
                 double            max_sequences,
                 guint             gpus,
                 ReplicaSize      *size)
{
  const CpModelSpec *m = &job->model;
  guint gpn = quote->gpus_per_node;
  double kv_heads = m->kv_latent_dim > 0 ? 1.0 : (m->kv_heads > 0 ? m->kv_heads : m->heads);
  double block = settings->kv_block_tokens;
  double blocks_per_request = ceil (job->context_len / block);
  double blocks_held = blocks_counted_per_request (job, settings, block);

  size->gpus = gpus;
  size->tp = MIN (gpus, gpn);
  size->pp = gpus > gpn ? gpus / gpn : 1;
  if ((gpus < gpn && gpn % gpus != 0) || !serving_tensor_parallel_allowed (m, size->tp))
    return FALSE;
  /* An explicit tensor-parallel size is served as given (vLLM's
   * --tensor-parallel-size). */
  if (job->tensor_parallel > 0 && size->tp != job->tensor_parallel)
    return FALSE;
  size->activation_bytes = serving_activation_peak_bytes (job, settings, batched_tokens, max_sequences, size->tp);
  size->kv_budget_bytes = budget - weights / gpus - size->activation_bytes - settings->cuda_graph_bytes -
                          settings->framework_overhead_bytes;
  size->kv_per_gpu_token_bytes = cp_job_kv_bytes_per_token (job) / (MIN ((double) size->tp, kv_heads) * size->pp);
  /* A measured KV cache replaces the modelled budget (R9). */
  size->kv_measured_bytes = trial_kv_budget_bytes (job, quote, settings, weights, gpus,
                                                   size->kv_per_gpu_token_bytes, &size->kv_exact);
  if (size->kv_measured_bytes > 0)
    size->kv_budget_bytes = size->kv_measured_bytes;
  if (size->kv_budget_bytes <= 0)
    return FALSE;
  /* vLLM's tokens are its blocks × the block size: exact here. */
  size->blocks = size->kv_exact ? floor (job->trial.kv_cache_tokens / block)
                                : floor (size->kv_budget_bytes / (block * size->kv_per_gpu_token_bytes));
  /* A request must fit at its longest (vLLM refuses a max_model_len
   * the cache cannot hold); then the requests in flight share the blocks
   * at what each counts (blocks_counted_per_request), at most
   * max_num_seqs of them. */
  if (size->blocks < blocks_per_request)
    return FALSE;
  size->carried = MIN (floor (size->blocks / blocks_held), max_sequences);
  return size->carried >= 1;
}

/* The serving figures of @size on @est's GPUs, into @est's serving fields. */
static void
serve_with_replica (const CpJob       *job,
                    const CpQuote     *quote,
                    const CpSettings  *settings,
                    double             weights,
                    double             max_sequences,
                    const ReplicaSize *size,
                    CpEstimate        *est)
{
  guint replicas_here = est->gpus / size->gpus;
  double served = replicas_here > 0 ? MIN (size->carried, ceil ((double) job->concurrency / replicas_here)) : 0;
  CpServingReplica replica = { size->gpus, size->tp, weights / size->gpus, size->kv_per_gpu_token_bytes,
                               MIN (served, max_sequences), replicas_here };

  cp_serving_estimate (job, quote, settings, &replica, est);
}

/* Whole nodes @size needs to carry @target concurrent requests: a quote
 * rents nodes (an estimate's GPUs are its nodes × GPUs per node,
 * cp-estimate-cost.c), so GPUs of a node a smaller replica leaves idle
 * cost the same as the ones it uses. */
static double
replica_nodes_needed (const ReplicaSize *size,
                      double             target,
                      guint              gpus_per_node)
{
  return ceil (ceil (target / size->carried) * size->gpus / gpus_per_node);
}

/* TRUE when @a serves the job better than @b. The rule users expect: for
 * the same cost, the layout that serves more. First the one that carries
 * the target concurrency within @max_gpus on the fewest whole nodes (the
 * rented unit, replica_nodes_needed()); neither carrying it, the one that
 * carries more there. At equal nodes, the one with more output tokens a
 * second on those nodes, whose hourly cost is the same for both, so also
 * the cheaper million output tokens and, each request decoding on more
 * GPUs, the faster one. Judged on the nodes that carry the target, not on
 * @est's, the size does not change with the nodes an option rents: more
 * nodes add replicas of it (the serving chart's replicas). Eight 1-GPU
 * replicas of a 7B model and two 4-GPU ones both carry 64 requests on one
 * 8-GPU node; the 4-GPU ones read a quarter of the weights per GPU at each
 * decode step for four times the requests, so they serve more on the same
 * node (test-serving.c). */
static gboolean
replica_size_better (const CpJob       *job,
                     const CpQuote     *quote,
                     const CpSettings  *settings,
                     double             weights,
                     double             max_sequences,
                     guint              max_gpus,
                     const CpEstimate  *est,
                     const ReplicaSize *a,
                     const ReplicaSize *b)
{
  double target = MAX (job->concurrency, 1u);
  guint gpn = quote->gpus_per_node;
  double a_nodes = replica_nodes_needed (a, target, gpn);
  double b_nodes = replica_nodes_needed (b, target, gpn);
  gboolean a_carries = ceil (target / a->carried) * a->gpus <= max_gpus;
  gboolean b_carries = ceil (target / b->carried) * b->gpus <= max_gpus;
  CpEstimate with_a, with_b;

  if (a_carries != b_carries)
    return a_carries;
  if (a_carries && a_nodes != b_nodes)
    return a_nodes < b_nodes;
  if (!a_carries)
    {
      double a_most = floor ((double) max_gpus / a->gpus) * a->carried;
      double b_most = floor ((double) max_gpus / b->gpus) * b->carried;

      if (a_most != b_most)
        return a_most > b_most;
    }
  with_a = *est;
  with_b = *est;
  if (a_carries)
    {
      with_a.nodes = with_b.nodes = (guint) a_nodes;
      with_a.gpus = with_b.gpus = (guint) a_nodes * gpn;
    }
  serve_with_replica (job, quote, settings, weights, max_sequences, a, &with_a);
  serve_with_replica (job, quote, settings, weights, max_sequences, b, &with_b);
  return with_a.output_tokens_per_s > with_b.output_tokens_per_s;
}

void
_cp_estimate_inference (const CpJob      *job,
                        const CpQuote    *quote,
                        guint             nodes,
                        const CpSettings *settings,
                        CpEstimate       *est)
{
  double capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  double budget = capacity * settings->serving_memory_fraction;
  double weights = _cp_inference_weight_bytes (job, settings);
  double block = settings->kv_block_tokens;
  double blocks_held = blocks_counted_per_request (job, settings, block);
  double batched_tokens, max_sequences;
  double kv_per_request;
  guint gpn = quote->gpus_per_node;
  guint max_gpus = gpn * MAX (quote->nodes_available, nodes);
  guint replica_gpus = 0;
  ReplicaSize chosen = { 0 };

  est->kv_bytes_per_token = cp_job_kv_bytes_per_token (job);
  est->kv_tokens_held_per_request = blocks_held * block;
  kv_per_request = est->kv_bytes_per_token * est->kv_tokens_held_per_request;
  serving_batch_defaults (quote, settings, capacity, job->context_len, &batched_tokens, &max_sequences);
  est->sampler_peak_bytes = serving_sampler_peak_bytes (job, settings, batched_tokens, max_sequences);
  est->serving_budget_bytes = budget;
  est->cuda_graph_bytes = settings->cuda_graph_bytes;
  est->layout_searched = job->tensor_parallel == 0;
  /* vLLM picks its own attention kernels (FlashAttention, or xformers'
   * memory-efficient attention where FlashAttention does not run), none
   * of which holds the attention matrix: the activation peak above has no
   * term for it, whatever the job's training setting says. */
  est->flash_attention = TRUE;

  /* The replica size is searched as vLLM users choose it: tensor parallel
   * in powers of two inside a node, then whole nodes in pipeline; more
   * GPUs a replica leave each more memory for the KV cache, so fewer,
   * larger replicas can carry more requests on the same GPUs. */
  for (guint g = 1; g <= max_gpus; g = g < gpn ? MIN (g * 2, gpn) : g + gpn)
    {
      ReplicaSize size;
      gboolean trial_size_ahead = job->trial.kv_cache_tokens > 0 && g <= job->trial.gpus &&
                                  g_strcmp0 (job->trial.quote_id, quote->id) == 0;

      /* The size a serving trial ran on this quote is kept while it
       * carries the target: it is known to run, at vLLM's own count, where
       * the other sizes are the trial carried over (R9). A replica larger
       * than the whole nodes the best one carries the target on can only
       * need more, unless the trial's size is still to come. */
      if (chosen.kv_exact ||
          (replica_gpus > 0 && !trial_size_ahead &&
           g > replica_nodes_needed (&chosen, MAX (job->concurrency, 1u), gpn) * gpn))
        break;
      if (!lay_out_replica (job, quote, settings, budget, weights, batched_tokens, max_sequences, g, &size))
        continue;
      est->layouts_evaluated++;
      est->layouts_timed++;
      if (size.kv_exact && ceil (MAX (job->concurrency, 1u) / size.carried) * g <= max_gpus)
        {
          chosen = size;
          replica_gpus = g;
          continue;
        }
      if (replica_gpus == 0 ||
          replica_size_better (job, quote, settings, weights, max_sequences, max_gpus, est, &size, &chosen))
        {
          chosen = size;
          replica_gpus = g;
        }
    }

  /* What the GPU offers; the serving fraction bounds what vLLM takes. */
  est->available_per_gpu_bytes = capacity;
  est->overhead_bytes = settings->framework_overhead_bytes;
  est->total_memory_bytes = weights + settings->framework_overhead_bytes + kv_per_request * job->concurrency;
  est->memory_gap = est->total_memory_bytes / (capacity * gpn);

  if (replica_gpus == 0)
    {
      /* Even every GPU offered cannot hold the weights and one request
       * (or not at the tensor-parallel size asked for). */
      guint gpus = nodes * gpn;
      est->fits = FALSE;
      est->layout.tensor_parallel = job->tensor_parallel > 0 ? job->tensor_parallel : MIN (gpus, gpn);
      est->layout.pipeline_parallel = MAX (gpus / gpn, 1);
      /* The replica asked for holds the weights over its own GPUs: a
       * pinned tensor-parallel size that does not fit still reads its
       * weights per GPU, not the whole quote's share. */
      est->weights_bytes = weights / MAX (est->layout.tensor_parallel * est->layout.pipeline_parallel, 1u);
      est->memory_per_gpu_bytes = est->weights_bytes + est->overhead_bytes;
      est->max_concurrency = 0;
      est->requests_per_replica = 0;
      est->replicas_needed = 0;
      est->nodes_needed = 0;
    }
  else
    {
      guint replicas_here = (nodes * gpn) / replica_gpus;
      double served;

      est->activation_peak_bytes = chosen.activation_bytes;
      est->kv_budget_bytes = chosen.kv_budget_bytes;
      est->kv_blocks = chosen.blocks;
      est->layout.tensor_parallel = chosen.tp;
      est->layout.pipeline_parallel = chosen.pp;
      /* vLLM: "Maximum concurrency for N tokens per request: 1.56x" is the
       * cache's tokens over the request length, unrounded; its own figure
       * where it ran (I6). */
      est->max_concurrency = (chosen.kv_exact ? job->trial.kv_cache_tokens : chosen.blocks * block) / job->context_len;
      est->kv_measured = chosen.kv_exact;
      est->kv_extrapolated = chosen.kv_measured_bytes > 0 && !chosen.kv_exact;
      est->requests_per_replica = chosen.carried;
      est->replicas_per_node = replica_gpus <= gpn ? gpn / replica_gpus : 0;
      est->replicas_needed = (guint) ceil (job->concurrency / chosen.carried);
      est->nodes_needed = (guint) ceil ((double) est->replicas_needed * replica_gpus / gpn);
      est->layout.data_parallel = replicas_here;
      est->fits = replicas_here >= 1;
      est->weights_bytes = weights / replica_gpus;
      served = replicas_here > 0 ? MIN (chosen.carried, ceil ((double) job->concurrency / replicas_here)) : 0;
      est->kv_cache_bytes = served * est->kv_tokens_held_per_request * chosen.kv_per_gpu_token_bytes;
      est->memory_per_gpu_bytes = est->weights_bytes + est->kv_cache_bytes + chosen.activation_bytes +
                                  settings->cuda_graph_bytes + est->overhead_bytes;
      serve_with_replica (job, quote, settings, weights, max_sequences, &chosen, est);
    }

  est->time_source = CP_TIME_SOURCE_DURATION;
  est->compute_s = _cp_job_duration_s (job);
  est->total_s = est->compute_s;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->scaling_efficiency = 1.0;
}
