/* cp-estimate.c: memory, time, communication and cost of one job on one
 * quote with a given number of nodes.
 *
 * Formulas and the published figures that check them: PUBLISHED.md (ids
 * such as M1, M4, I1, T16 below). Nothing here allocates: the window
 * evaluates every job × quote × node count on each keystroke.
 */
#include "config.h"

#include "cp-estimate.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define SECONDS_PER_DAY 86400.0
/* QLoRA §3: 4-bit NormalFloat plus double-quantised constants
 * (0.127 bits per parameter). */
#define QLORA_BITS_PER_PARAM 4.127
/* Host↔GPU copies for CPU offload run over PCIe gen4 x16: 32 GB/s per
 * direction (PUBLISHED N10). */
#define OFFLOAD_LINK_BYTES_PER_S 32e9
/* Achievable HBM bandwidth ≈ 80% of the datasheet (PUBLISHED G2: Azure
 * measured 1.61–1.75 of 2.039 TB/s on A100 80GB). */
#define HBM_EFFICIENCY 0.80

typedef struct {
  guint       tp;
  guint       pp;
  guint       dp;
  guint       zero_stage;
  CpRecompute recompute;
  gboolean    offload;
  gboolean    lora;
  gboolean    qlora;
} Config;

static gboolean
is_mixed_precision (CpPrecision precision)
{
  return precision != CP_PRECISION_FP32;
}

static double
active_params (const CpModelSpec *model)
{
  return model->active_params > 0 ? model->active_params : model->params;
}

static double
embedding_params (const CpModelSpec *model)
{
  double embeddings = (double) model->vocab * model->hidden * (model->tied_embeddings ? 1 : 2);

  return MIN (embeddings, model->params);
}

/* Trainable parameters of LoRA adapters: rank × (in + out) per adapted
 * matrix and layer (Hu et al. 2021). */
static double
lora_params (const CpJob *job)
{
  const CpModelSpec *m = &job->model;
  double h = m->hidden;
  double head_dim = cp_model_spec_head_dim (m);
  double q_out = (double) m->heads * head_dim;
  double kv_out = (double) (m->kv_heads > 0 ? m->kv_heads : m->heads) * head_dim;
  double ffn = cp_model_spec_is_moe (m) ? cp_model_spec_expert_ffn (m) : m->ffn > 0 ? m->ffn : 4.0 * h;
  double experts = MAX (m->experts_total, 1);
  double per_layer = 0;
  guint targets = job->lora_targets != 0 ? job->lora_targets : CP_LORA_TARGET_ALL;

  if (targets & CP_LORA_TARGET_Q)
    per_layer += h + q_out;
  if (targets & CP_LORA_TARGET_K)
    per_layer += h + kv_out;
  if (targets & CP_LORA_TARGET_V)
    per_layer += h + kv_out;
  if (targets & CP_LORA_TARGET_O)
    per_layer += q_out + h;
  if (targets & CP_LORA_TARGET_MLP)
    per_layer += (m->gated_mlp ? 3.0 : 2.0) * (h + ffn) * experts;

  return job->lora_rank * per_layer * m->layers;
}

/* Bytes per parameter of weights, gradients and optimizer states (M1, M2). */
static void
bytes_per_param (CpPrecision        precision,
                 CpOptimizer        optimizer,
                 CpBytesConvention  convention,
                 double            *weights,
                 double            *gradients,
                 double            *states)
{
  /* Optimizer moments: AdamW 8 (m, v in fp32), 8-bit AdamW 2 (M2), SGD with
   * momentum 4. */
  double moments = optimizer == CP_OPTIMIZER_ADAMW ? 8.0 : optimizer == CP_OPTIMIZER_ADAMW_8BIT ? 2.0 : 4.0;

  if (!is_mixed_precision (precision))
    {
      *weights = 4.0;
      *gradients = 4.0;
      *states = moments;
    }
  else if (convention == CP_BYTES_CONVENTION_ZERO_16)
    {
      /* 16-bit weights and gradients; the fp32 master copy counts with the
       * optimizer (K = 12 for Adam in M1). */
      *weights = 2.0;
      *gradients = 2.0;
      *states = 4.0 + moments;
    }
  else
    {
      /* Hugging Face: fp32 + 16-bit weights, fp32 gradients (M2). */
      *weights = 6.0;
      *gradients = 4.0;
      *states = moments;
    }
}

/* Activation bytes of one transformer layer for one micro-batch
 * (Korthikanti et al. 2022, M4). The paper's 34 = 11 (attention) + 4 (layer
 * norms) + 19 (MLP of 4h with dropout); the MLP term is recounted for other
 * widths and for gated MLPs by the same accounting: input 2, mask 1, and
 * 2 bytes per stored intermediate of width f (two for GeLU, four for SwiGLU:
 * gate, up, activation and product). Tensor parallelism is assumed with
 * sequence parallelism, as Megatron-LM runs it. */
static double
activation_bytes_per_layer (const CpModelSpec *model,
                            double             seq_len,
                            double             micro_batch,
                            guint              tp,
                            CpRecompute        recompute,
                            gboolean           flash_attention)
{
  double h = model->hidden;
  double ffn = cp_model_spec_is_moe (model) ? cp_model_spec_expert_ffn (model)
               : model->ffn > 0 ? model->ffn : 4.0 * h;
  double experts_active = model->experts_active > 0 ? model->experts_active : 1.0;
  double mlp = 3.0 + (model->gated_mlp ? 8.0 : 4.0) * ffn / h * experts_active;
  double per_sbh = 11.0 + 4.0 + mlp;
  /* FlashAttention-style kernels do not store the a·s² score matrix. */
  double scores = flash_attention ? 0.0 : 5.0 * model->heads * seq_len / h;
  double sbh = seq_len * micro_batch * h;

  switch (recompute)
    {
    case CP_RECOMPUTE_FULL:
      return 2.0 * sbh;
    case CP_RECOMPUTE_SELECTIVE:
      return sbh * per_sbh / tp;
    case CP_RECOMPUTE_NONE:
    case CP_N_RECOMPUTES:
    default:
      return sbh * (per_sbh + scores) / tp;
    }
}

typedef struct {
  double weights;
  double gradients;
  double optimizer;
  double activations;
  double overhead;
  double total;
} Memory;

static void
training_memory (const CpJob      *job,
                 const CpSettings *settings,
                 const Config     *config,
                 Memory           *mem)
{
  const CpModelSpec *m = &job->model;
  double shards = (double) config->tp * config->pp;
  double w, g, o;
  double act_scale = is_mixed_precision (job->precision) ? 1.0 : 2.0;

  bytes_per_param (job->precision, job->optimizer, settings->bytes_convention, &w, &g, &o);

  if (config->lora || config->qlora)
    {
      double trainable = lora_params (job) / shards;
      double base;

      if (config->qlora)
        {
          /* Linear layers in NF4; embeddings and LM head stay 16-bit. */
          double embeddings = embedding_params (m);
          base = (m->params - embeddings) * QLORA_BITS_PER_PARAM / 8.0 + embeddings * 2.0;
        }
      else
        base = m->params * (is_mixed_precision (job->precision) ? 2.0 : 4.0);

      mem->weights = base / shards + trainable * w;
      mem->gradients = trainable * g;
      mem->optimizer = trainable * o;
    }
  else
    {
      double params = m->params / shards;
      mem->weights = params * w;
      mem->gradients = params * g;
      mem->optimizer = params * o;
    }

  /* ZeRO partitions over the data-parallel group (formula crib). */
  if (config->zero_stage >= 1)
    mem->optimizer /= config->dp;
  if (config->zero_stage >= 2)
    mem->gradients /= config->dp;
  if (config->zero_stage >= 3)
    mem->weights /= config->dp;
  /* ZeRO-Offload keeps optimizer states and their update on the host. */
  if (config->offload)
    mem->optimizer = 0.0;

  /* With 1F1B the first pipeline stage holds p micro-batches of L/p layers:
   * L layers' worth, whatever p is (M4, "total over the first stage"). */
  mem->activations = act_scale * m->layers *
    activation_bytes_per_layer (m, job->seq_len, job->micro_batch, config->tp,
                                config->recompute, job->flash_attention);
  /* fp32 logits for the loss on the last stage (Korthikanti et al. eq. 6). */
  if (config->pp == 1)
    mem->activations += 4.0 * job->seq_len * job->micro_batch * m->vocab / config->tp;

  mem->overhead = settings->framework_overhead_bytes +
    settings->fragmentation_fraction * (mem->weights + mem->gradients + mem->optimizer + mem->activations);
  mem->total = mem->weights + mem->gradients + mem->optimizer + mem->activations + mem->overhead;
}

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

static double
inference_weight_bytes (const CpJob *job)
{
  const CpModelSpec *m = &job->model;
  double bits = job->weight_bits > 0 ? job->weight_bits : 16;

  if (bits >= 16)
    return m->params * 2.0;
  /* Weight-only quantisation leaves embeddings and LM head in 16 bits. */
  return (m->params - embedding_params (m)) * bits / 8.0 + embedding_params (m) * 2.0;
}

static double
dense_peak_flops (const CpGpuSpec *gpu,
                  CpPrecision      precision)
{
  if (precision == CP_PRECISION_FP8 && gpu->dense_fp8_flops > 0)
    return gpu->dense_fp8_flops;
  if (precision == CP_PRECISION_FP32 && gpu->dense_fp32_flops > 0)
    return gpu->dense_fp32_flops;
  return gpu->dense_bf16_flops;
}

static double
intra_bytes_per_s (const CpQuote    *quote,
                   const CpSettings *settings)
{
  return quote->intra_link.per_direction_gbytes_per_s * 1e9 * settings->link_efficiency;
}

/* Each GPU's share of its node's NICs. */
static double
inter_bytes_per_s_per_gpu (const CpQuote    *quote,
                           const CpSettings *settings)
{
  double share = 1.0;

  if (quote->sharing != CP_SHARING_DEDICATED)
    share = quote->sharing == CP_SHARING_SHARED && quote->share_factor > 0
      ? quote->share_factor : settings->shared_network_factor;

  return quote->nics_per_node * quote->nic_gbps * 1e9 / 8.0 * settings->link_efficiency * share /
         MAX (quote->gpus_per_node, 1);
}

static double
flops_per_param_token (const CpJob      *job,
                       const Config     *config,
                       const CpSettings *settings)
{
  double factor = (config->lora || config->qlora) ? settings->lora_flops_factor : 6.0;

  /* Full recompute runs the forward pass twice: 8·N·D (T16). */
  if (config->recompute == CP_RECOMPUTE_FULL)
    factor += 2.0;
  else if (config->recompute == CP_RECOMPUTE_SELECTIVE)
    factor *= 1.0 + settings->selective_recompute_flops_overhead;
  return factor;
}

static void
apply_technique (const CpJob *job,
                 CpTechnique  technique,
                 Config      *config)
{
  config->zero_stage = job->zero_stage;
  config->recompute = job->recompute;
  config->offload = job->cpu_offload;
  config->lora = job->kind == CP_TASK_LORA;
  config->qlora = job->kind == CP_TASK_QLORA;

  /* Each step of the ladder keeps the savings of the steps before it. */
  if (technique >= CP_TECHNIQUE_SELECTIVE_RECOMPUTE && config->recompute == CP_RECOMPUTE_NONE)
    config->recompute = CP_RECOMPUTE_SELECTIVE;
  if (technique >= CP_TECHNIQUE_FULL_RECOMPUTE)
    config->recompute = CP_RECOMPUTE_FULL;
  if (technique >= CP_TECHNIQUE_ZERO3)
    config->zero_stage = 3;
  if (technique >= CP_TECHNIQUE_CPU_OFFLOAD)
    config->offload = TRUE;
  if (technique == CP_TECHNIQUE_LORA)
    config->lora = TRUE;
  if (technique == CP_TECHNIQUE_QLORA)
    {
      config->lora = FALSE;
      config->qlora = TRUE;
    }
  /* Adapters leave too little to shard for offload to matter. */
  if (config->lora || config->qlora)
    config->offload = job->cpu_offload;
}

static gboolean
technique_applies (const CpJob *job,
                   CpTechnique  technique)
{
  switch (technique)
    {
    case CP_TECHNIQUE_AS_CONFIGURED:
      return TRUE;
    case CP_TECHNIQUE_SELECTIVE_RECOMPUTE:
      return job->recompute == CP_RECOMPUTE_NONE;
    case CP_TECHNIQUE_FULL_RECOMPUTE:
      return job->recompute != CP_RECOMPUTE_FULL;
    case CP_TECHNIQUE_ZERO3:
      return job->zero_stage < 3;
    case CP_TECHNIQUE_CPU_OFFLOAD:
      return !job->cpu_offload;
    case CP_TECHNIQUE_LORA:
      return job->kind == CP_TASK_FULL_FINETUNE && job->allow_lora;
    case CP_TECHNIQUE_QLORA:
      return (job->kind == CP_TASK_FULL_FINETUNE && job->allow_lora) ||
             (job->kind == CP_TASK_LORA && job->allow_lora);
    case CP_N_TECHNIQUES:
    default:
      return FALSE;
    }
}

static guint
largest_power_of_two_at_most (guint n)
{
  guint p = 1;

  while (p * 2 <= n)
    p *= 2;
  return p;
}

/* Fills config->tp / pp / dp: the job's own sizes, or the smallest
 * tensor × pipeline product that fits, tensor parallel inside a node first
 * (Narayanan et al. 2021, §3.3: tensor parallel up to the GPUs of a node,
 * then pipeline parallel across nodes). Returns whether the memory fits. */
static gboolean
choose_parallelism (const CpJob      *job,
                    const CpQuote    *quote,
                    guint             gpus,
                    double            available_bytes,
                    const CpSettings *settings,
                    Config           *config,
                    Memory           *mem)
{
  const CpModelSpec *m = &job->model;
  guint max_tp = largest_power_of_two_at_most (MIN (quote->gpus_per_node, m->heads));
  gboolean auto_tp = job->tensor_parallel == 0;
  gboolean auto_pp = job->pipeline_parallel == 0;

  if (!auto_tp && !auto_pp)
    {
      config->tp = job->tensor_parallel;
      config->pp = job->pipeline_parallel;
      config->dp = MAX (gpus / (config->tp * config->pp), 1);
      training_memory (job, settings, config, mem);
      return mem->total <= available_bytes;
    }

  for (guint product = 1; product <= gpus; product *= 2)
    {
      guint tp, pp;

      if (auto_tp && auto_pp)
        {
          tp = MIN (product, max_tp);
          pp = product / tp;
        }
      else if (auto_tp)
        {
          pp = job->pipeline_parallel;
          tp = product;
          if (tp > max_tp)
            break;
        }
      else
        {
          tp = job->tensor_parallel;
          pp = product;
        }

      if (pp > m->layers || tp * pp > gpus || gpus % (tp * pp) != 0)
        {
          if (tp * pp > gpus)
            break;
          continue;
        }

      config->tp = tp;
      config->pp = pp;
      config->dp = gpus / (tp * pp);
      training_memory (job, settings, config, mem);
      if (mem->total <= available_bytes)
        return TRUE;
    }

  /* Nothing fits: report the most sharded layout tried. */
  if (auto_tp)
    config->tp = MIN (max_tp, gpus);
  else
    config->tp = job->tensor_parallel;
  if (auto_pp)
    {
      guint pp = 1;
      while (pp * 2 <= m->layers && config->tp * pp * 2 <= gpus && gpus % (config->tp * pp * 2) == 0)
        pp *= 2;
      config->pp = pp;
    }
  else
    config->pp = job->pipeline_parallel;
  config->dp = MAX (gpus / (config->tp * config->pp), 1);
  training_memory (job, settings, config, mem);
  return mem->total <= available_bytes;
}

/* Hours billed for @hours of use: rounded up to the billing granularity,
 * never below the minimum term. */
static double
billed_hours (const CpQuote *quote,
              double         hours)
{
  double billed = hours;

  if (hours <= 0)
    return 0;
  if (quote->billing_granularity_h > 0)
    billed = ceil (hours / quote->billing_granularity_h - 1e-9) * quote->billing_granularity_h;
  return MAX (billed, quote->minimum_term_h);
}

static double
node_hour_rate (const CpQuote    *quote,
                const CpSettings *settings)
{
  switch (quote->price_unit)
    {
    case CP_PRICE_PER_GPU_HOUR:
      return quote->price * quote->gpus_per_node;
    case CP_PRICE_PER_NODE_HOUR:
      return quote->price;
    case CP_PRICE_PER_NODE_MONTH:
    case CP_N_PRICE_UNITS:
    default:
      return quote->price / settings->hours_per_month;
    }
}

static void
estimate_cost (const CpJob      *job,
               const CpQuote    *quote,
               const CpSettings *settings,
               CpEstimate       *est)
{
  double rate = node_hour_rate (quote, settings);
  double run_hours = est->total_s / 3600.0;
  double billed_months;

  est->billed_hours = billed_hours (quote, run_hours);
  billed_months = est->billed_hours / settings->hours_per_month;
  est->compute_cost = est->billed_hours * rate * est->nodes;
  /* Debugging runs on one machine of the same offer (R4). */
  est->debug_cost = billed_hours (quote, est->debug_days * 24.0) * rate;
  est->network_cost = est->nodes > 1 ? quote->network_fee_per_node_month * est->nodes * billed_months : 0.0;
  est->storage_cost = job->storage_tb * quote->storage_price_per_tb_month *
    (est->calendar_days * 24.0 / settings->hours_per_month);
  est->fees_cost = quote->setup_fee + quote->management_fee_per_month * billed_months;
  /* Migration days are calendar days; engineers work five days in seven. */
  est->engineering_cost = est->migration_days * settings->working_days_per_week / 7.0 *
    job->engineers * job->engineer_day_cost;
  est->total_cost = est->compute_cost + est->debug_cost + est->network_cost + est->storage_cost +
    est->fees_cost + est->engineering_cost;
}

static void
estimate_calendar (const CpJob      *job,
                   const CpSettings *settings,
                   CpEstimate       *est)
{
  double run_days = est->total_s / SECONDS_PER_DAY;

  est->debug_days = 0;
  est->migration_days = 0;
  if (cp_task_kind_is_training (job->kind))
    {
      /* Debugging is debug_share of the calendar: run / (1 − share) overall (R4). */
      est->debug_days = run_days * settings->debug_share / (1.0 - settings->debug_share);
      if (est->nodes > 1 && !job->team_has_distributed_experience)
        est->migration_days = settings->migration_days_no_experience;
      est->calendar_days = run_days + est->debug_days + est->migration_days;
      est->meets_deadline = job->deadline_days <= 0 || est->calendar_days <= job->deadline_days;
    }
  else
    {
      if (est->nodes > 1 && !job->team_has_distributed_experience && job->kind == CP_TASK_INFERENCE)
        est->migration_days = settings->migration_days_no_experience;
      est->calendar_days = run_days + est->migration_days;
      est->meets_deadline = TRUE;
    }
}

static double
job_duration_s (const CpJob *job)
{
  double days = job->duration_days > 0 ? job->duration_days : job->deadline_days;

  return days * SECONDS_PER_DAY;
}

static void
estimate_inference (const CpJob      *job,
                    const CpQuote    *quote,
                    guint             nodes,
                    const CpSettings *settings,
                    CpEstimate       *est)
{
  double capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  double usable = capacity * settings->serving_memory_fraction;
  double weights = inference_weight_bytes (job);
  double kv_per_request;
  guint gpn = quote->gpus_per_node;
  guint max_gpus = gpn * MAX (quote->nodes_available, nodes);
  guint replica_gpus = 0;
  double per_replica = 0;

  est->kv_bytes_per_token = cp_job_kv_bytes_per_token (job);
  kv_per_request = est->kv_bytes_per_token * job->context_len;

  /* The fewest GPUs per replica that hold the weights and one request:
   * powers of two inside a node, then whole nodes. */
  for (guint g = 1; g <= max_gpus; g = g < gpn ? MIN (g * 2, gpn) : g + gpn)
    {
      double free_bytes = g * (usable - settings->framework_overhead_bytes) - weights;
      if (g < gpn && gpn % g != 0)
        continue;
      if (free_bytes >= kv_per_request)
        {
          replica_gpus = g;
          per_replica = floor (free_bytes / kv_per_request);
          break;
        }
    }

  /* What the GPU offers; the serving fraction only bounds the KV cache. */
  est->available_per_gpu_bytes = capacity;
  est->overhead_bytes = settings->framework_overhead_bytes;
  est->total_memory_bytes = weights + settings->framework_overhead_bytes + kv_per_request * job->concurrency;
  est->memory_gap = est->total_memory_bytes / (capacity * gpn);

  if (replica_gpus == 0)
    {
      /* Even every GPU offered cannot hold the weights and one request. */
      guint gpus = nodes * gpn;
      est->fits = FALSE;
      est->tensor_parallel = MIN (gpus, gpn);
      est->pipeline_parallel = MAX (gpus / gpn, 1);
      est->weights_bytes = weights / gpus;
      est->memory_per_gpu_bytes = est->weights_bytes + est->overhead_bytes;
      est->max_concurrency = 0;
      est->replicas_needed = 0;
      est->nodes_needed = 0;
    }
  else
    {
      guint replicas_here = (nodes * gpn) / replica_gpus;
      double served;

      est->tensor_parallel = MIN (replica_gpus, gpn);
      est->pipeline_parallel = replica_gpus > gpn ? replica_gpus / gpn : 1;
      est->max_concurrency = per_replica;
      est->replicas_per_node = replica_gpus <= gpn ? gpn / replica_gpus : 0;
      est->replicas_needed = (guint) ceil (job->concurrency / per_replica);
      est->nodes_needed = (guint) ceil ((double) est->replicas_needed * replica_gpus / gpn);
      est->data_parallel = replicas_here;
      est->fits = replicas_here >= 1;
      est->weights_bytes = weights / replica_gpus;
      served = replicas_here > 0 ? MIN (per_replica, ceil ((double) job->concurrency / replicas_here)) : 0;
      est->kv_cache_bytes = served * kv_per_request / replica_gpus;
      est->memory_per_gpu_bytes = est->weights_bytes + est->kv_cache_bytes + est->overhead_bytes;
      /* Decoding reads the weights and the cache in use once per token. */
      if (quote->gpu.memory_bandwidth_gbytes_per_s > 0 && served > 0)
        {
          double step_s = (weights + served * kv_per_request / 2.0) /
            (replica_gpus * quote->gpu.memory_bandwidth_gbytes_per_s * 1e9 * HBM_EFFICIENCY);
          est->decode_tokens_per_s = served / step_s;
        }
    }

  est->time_source = CP_TIME_SOURCE_DURATION;
  est->compute_s = job_duration_s (job);
  est->total_s = est->compute_s;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->scaling_efficiency = 1.0;
}

static void
estimate_single_machine_work (const CpJob      *job,
                              const CpQuote    *quote,
                              const CpSettings *settings,
                              CpEstimate       *est)
{
  est->available_per_gpu_bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  est->overhead_bytes = settings->framework_overhead_bytes;
  est->memory_per_gpu_bytes = est->overhead_bytes;
  est->total_memory_bytes = est->overhead_bytes;
  est->memory_gap = est->overhead_bytes / (est->available_per_gpu_bytes * quote->gpus_per_node);
  est->fits = TRUE;
  est->tensor_parallel = 1;
  est->pipeline_parallel = 1;
  est->data_parallel = est->gpus;
  est->time_source = CP_TIME_SOURCE_DURATION;
  est->compute_s = job_duration_s (job);
  est->total_s = est->compute_s;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->scaling_efficiency = 1.0;
}

/* Utilisation measured by a trial run (R9), or 0. */
static double
trial_utilisation (const CpJob  *job,
                   const Config *config,
                   double        flops_factor)
{
  const CpTrialRun *trial = &job->trial;
  double tokens_per_s = trial->tokens_per_s;

  if (tokens_per_s <= 0 && trial->step_s > 0)
    tokens_per_s = (double) job->global_batch * job->seq_len / trial->step_s;
  if (tokens_per_s <= 0 || trial->gpus == 0 || trial->gpu_dense_flops <= 0)
    return 0;
  return MIN (flops_factor * active_params (&job->model) * tokens_per_s /
              (trial->gpus * trial->gpu_dense_flops), 1.0);
}

static void
estimate_training_time (const CpJob      *job,
                        const CpQuote    *quote,
                        const CpSettings *settings,
                        const Config     *config,
                        CpEstimate       *est)
{
  const CpModelSpec *m = &job->model;
  double factor = flops_per_param_token (job, config, settings);
  double peak = dense_peak_flops (&quote->gpu, job->precision);
  double utilisation = settings->compute_utilisation;
  double measured = trial_utilisation (job, config, factor);
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, quote->id) == 0;
  double micro_per_step, sequences_per_step, steps;
  double compute_step, backward_step;
  double grad_elements, grad_bytes, dp_step = 0, tp_step = 0, pp_step = 0, offload_step = 0;
  double intra = intra_bytes_per_s (quote, settings);
  double inter = inter_bytes_per_s_per_gpu (quote, settings);
  double act_bytes = is_mixed_precision (job->precision) ? 2.0 : 4.0;
  double message = (double) job->seq_len * job->micro_batch * m->hidden * act_bytes;
  double exposed_dp;
  gboolean pp_crosses_nodes = config->tp * config->pp > quote->gpus_per_node;

  est->time_source = CP_TIME_SOURCE_MODEL;
  if (measured > 0)
    {
      utilisation = measured;
      est->time_source = on_trial_hardware ? CP_TIME_SOURCE_TRIAL : CP_TIME_SOURCE_EXTRAPOLATED;
    }

  /* Micro-batches per pipeline per step; a global batch smaller than one
   * micro-batch on each data-parallel rank is rounded up to that. */
  micro_per_step = MAX (1.0, ceil ((double) job->global_batch / ((double) job->micro_batch * config->dp)));
  sequences_per_step = micro_per_step * job->micro_batch * config->dp;
  steps = job->tokens / (sequences_per_step * job->seq_len);

  est->flops = factor * active_params (m) * job->tokens;
  compute_step = factor * active_params (m) * sequences_per_step * job->seq_len / (est->gpus * peak * utilisation);
  /* The backward pass is the part of the FLOPs beyond the forward's 2 (and
   * the recomputed forward's 2). */
  backward_step = compute_step * (factor - (config->recompute == CP_RECOMPUTE_FULL ? 4.0 : 2.0)) / factor;

  /* Data-parallel gradient traffic: ring all-reduce 2(n−1)/n, ZeRO-3 adds
   * the parameter all-gathers, 3(n−1)/n in all (formula crib; ZeRO §7). */
  grad_elements = ((config->lora || config->qlora) ? lora_params (job) : m->params) / (config->tp * config->pp);
  grad_bytes = grad_elements * act_bytes;
  if (config->dp > 1)
    {
      double ring = (config->zero_stage >= 3 ? 3.0 : 2.0) * (config->dp - 1) / config->dp;
      double bandwidth = est->nodes > 1 ? MIN (inter, intra) : intra;
      dp_step = grad_bytes * ring / bandwidth;
    }
  /* Tensor parallel: two all-reduces forward and two backward per layer and
   * micro-batch, two more when the forward is recomputed (Megatron-LM). */
  if (config->tp > 1)
    {
      double per_layer = config->recompute == CP_RECOMPUTE_FULL ? 6.0 : 4.0;
      tp_step = micro_per_step * ((double) m->layers / config->pp) * per_layer * message *
        2.0 * (config->tp - 1) / config->tp / intra;
    }
  /* Pipeline: activations forward and gradients backward per micro-batch. */
  if (config->pp > 1)
    pp_step = micro_per_step * 2.0 * message / (pp_crosses_nodes ? MIN (inter, intra) : intra);
  /* Offload moves gradients down and updated 16-bit weights up each step. */
  if (config->offload)
    offload_step = grad_elements * (act_bytes + 2.0) / (OFFLOAD_LINK_BYTES_PER_S * settings->link_efficiency);

  exposed_dp = MAX (0.0, dp_step - settings->dp_overlap * backward_step);
  /* Pipeline bubble: (p − 1)/m of the ideal step (Narayanan et al. 2021). */
  est->bubble_s = steps * (config->pp - 1) / micro_per_step * (compute_step + tp_step);

  est->steps = steps;
  est->compute_s = steps * compute_step;
  est->dp_communication_s = steps * dp_step;
  est->tp_communication_s = steps * tp_step;
  est->pp_communication_s = steps * pp_step;
  est->communication_s = steps * (dp_step + tp_step + pp_step + offload_step);
  est->inter_node_communication_s = steps * ((est->nodes > 1 ? dp_step : 0) + (pp_crosses_nodes ? pp_step : 0));
  est->exposed_communication_s = steps * (exposed_dp + tp_step + pp_step + offload_step);
  est->total_s = est->compute_s + est->exposed_communication_s + est->bubble_s;

  if (job->mfu > 0)
    {
      /* An end-to-end MFU already contains communication and bubbles. */
      est->time_source = CP_TIME_SOURCE_MFU;
      est->compute_s = est->flops / (est->gpus * peak * job->mfu);
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
      est->bubble_s = 0;
    }
  else if (est->time_source == CP_TIME_SOURCE_TRIAL && est->nodes == 1)
    {
      /* On the machine that ran it, the trial's throughput is the answer. */
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
    }

  est->comm_compute_ratio = est->compute_s > 0 ? est->communication_s / est->compute_s : 0;
  est->scaling_efficiency = est->total_s > 0 ? est->compute_s / est->total_s : 0;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->achieved_mfu = est->total_s > 0 ? 6.0 * active_params (m) * job->tokens / (est->total_s * est->gpus * peak) : 0;
}

static void
fill_memory (CpEstimate   *est,
             const Memory *mem)
{
  est->weights_bytes = mem->weights;
  est->gradients_bytes = mem->gradients;
  est->optimizer_bytes = mem->optimizer;
  est->activations_bytes = mem->activations;
  est->kv_cache_bytes = 0;
  est->overhead_bytes = mem->overhead;
  est->memory_per_gpu_bytes = mem->total;
}

static gboolean
check_inputs (const CpJob      *job,
              const CpQuote    *quote,
              guint             nodes,
              const CpSettings *settings,
              GError          **error)
{
  if (!cp_job_validate (job, error) || !cp_quote_validate (quote, error) ||
      !cp_settings_validate (settings, error))
    return FALSE;
  if (nodes == 0 || nodes > MAX (quote->nodes_available, 1))
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Nodes: must be between 1 and the %u nodes offered"), MAX (quote->nodes_available, 1));
      return FALSE;
    }
  return TRUE;
}

static void
estimate_training (const CpJob      *job,
                   const CpQuote    *quote,
                   CpTechnique       technique,
                   const CpSettings *settings,
                   CpEstimate       *est)
{
  Config config = { 0 };
  Config whole = { 0 };
  Memory mem = { 0 };
  Memory need = { 0 };
  double capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, quote->id) == 0;

  apply_technique (job, technique, &config);
  est->fits = choose_parallelism (job, quote, est->gpus, capacity, settings, &config, &mem);
  fill_memory (est, &mem);
  est->available_per_gpu_bytes = capacity;

  /* R1 compares the whole job, unsharded, with one machine. */
  apply_technique (job, CP_TECHNIQUE_AS_CONFIGURED, &whole);
  whole.tp = whole.pp = whole.dp = 1;
  training_memory (job, settings, &whole, &need);
  est->total_memory_bytes = need.total;
  est->memory_gap = need.total / (capacity * quote->gpus_per_node);

  /* A trial's measured peak replaces the estimate on the configuration it ran (R9). */
  if (on_trial_hardware && job->trial.peak_memory_bytes > 0 && est->nodes == 1 &&
      technique == CP_TECHNIQUE_AS_CONFIGURED)
    {
      est->memory_per_gpu_bytes = job->trial.peak_memory_bytes;
      est->memory_measured = TRUE;
      est->fits = est->memory_per_gpu_bytes <= capacity;
    }

  est->tensor_parallel = config.tp;
  est->pipeline_parallel = config.pp;
  est->data_parallel = config.dp;
  est->zero_stage = config.zero_stage;
  est->recompute = config.recompute;
  est->cpu_offload = config.offload;

  estimate_training_time (job, quote, settings, &config, est);
}

static void
estimate_unchecked (const CpJob      *job,
                    const CpQuote    *quote,
                    guint             nodes,
                    CpTechnique       technique,
                    const CpSettings *settings,
                    CpEstimate       *out)
{
  memset (out, 0, sizeof *out);
  out->nodes = nodes;
  out->gpus = nodes * quote->gpus_per_node;
  out->technique = technique;
  out->zero_stage = job->zero_stage;
  out->recompute = job->recompute;
  out->cpu_offload = job->cpu_offload;

  if (cp_task_kind_is_training (job->kind))
    estimate_training (job, quote, technique, settings, out);
  else if (job->kind == CP_TASK_INFERENCE)
    estimate_inference (job, quote, nodes, settings, out);
  else
    estimate_single_machine_work (job, quote, settings, out);

  estimate_calendar (job, settings, out);
  estimate_cost (job, quote, settings, out);
}

gboolean
cp_estimate_with_technique (const CpJob      *job,
                            const CpQuote    *quote,
                            guint             nodes,
                            CpTechnique       technique,
                            const CpSettings *settings,
                            CpEstimate       *out,
                            GError          **error)
{
  memset (out, 0, sizeof *out);
  if (!check_inputs (job, quote, nodes, settings, error))
    return FALSE;
  estimate_unchecked (job, quote, nodes, technique, settings, out);
  return TRUE;
}

/* Whether @technique makes the job's memory fit, without timing it. */
static gboolean
technique_fits (const CpJob      *job,
                const CpQuote    *quote,
                guint             nodes,
                CpTechnique       technique,
                const CpSettings *settings)
{
  Config config = { 0 };
  Memory mem = { 0 };

  apply_technique (job, technique, &config);
  return choose_parallelism (job, quote, nodes * quote->gpus_per_node,
                             cp_settings_gpu_memory_bytes (settings, &quote->gpu),
                             settings, &config, &mem);
}

gboolean
cp_estimate (const CpJob      *job,
             const CpQuote    *quote,
             guint             nodes,
             const CpSettings *settings,
             CpEstimate       *out,
             GError          **error)
{
  if (!cp_estimate_with_technique (job, quote, nodes, CP_TECHNIQUE_AS_CONFIGURED, settings, out, error))
    return FALSE;
  if (out->fits || !cp_task_kind_is_training (job->kind) || out->memory_measured)
    return TRUE;

  /* The cheapest memory technique that makes the job fit (R1). */
  for (CpTechnique technique = CP_TECHNIQUE_SELECTIVE_RECOMPUTE; technique < CP_N_TECHNIQUES; technique++)
    {
      if (technique_applies (job, technique) && technique_fits (job, quote, nodes, technique, settings))
        {
          estimate_unchecked (job, quote, nodes, technique, settings, out);
          return TRUE;
        }
    }
  return TRUE;
}

static const char * const time_source_names[] = { "model", "mfu", "trial", "extrapolated", "duration" };
G_STATIC_ASSERT (G_N_ELEMENTS (time_source_names) == CP_N_TIME_SOURCES);

const char *
cp_time_source_to_string (CpTimeSource source)
{
  return (guint) source < CP_N_TIME_SOURCES ? time_source_names[source] : NULL;
}

gboolean
cp_time_source_from_string (const char   *str,
                            CpTimeSource *out)
{
  for (guint i = 0; str != NULL && i < CP_N_TIME_SOURCES; i++)
    if (g_strcmp0 (str, time_source_names[i]) == 0)
      {
        *out = (CpTimeSource) i;
        return TRUE;
      }
  return FALSE;
}

double
cp_estimate_memory_per_gpu_bytes (const CpJob      *job,
                                  CpTechnique       technique,
                                  guint             gpus,
                                  const CpSettings *settings)
{
  Config config = { 0 };
  Memory mem = { 0 };

  if (job->kind == CP_TASK_INFERENCE)
    {
      double kv = cp_job_kv_bytes_per_token (job) * job->context_len * job->concurrency;
      return (inference_weight_bytes (job) + kv) / MAX (gpus, 1) + settings->framework_overhead_bytes;
    }
  if (!cp_task_kind_is_training (job->kind))
    return settings->framework_overhead_bytes;

  apply_technique (job, technique, &config);
  config.tp = 1;
  config.pp = 1;
  config.dp = MAX (gpus, 1);
  training_memory (job, settings, &config, &mem);
  return mem.total;
}
