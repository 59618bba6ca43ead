/* cp-estimate.c: memory, time, communication and cost of one job on one
 * quote with a given number of nodes.
 *
 * Formulas and the published figures that check them: PUBLISHED.md (ids
 * such as M1, M4, I1, T16 below). Nothing here allocates: the window
 * evaluates every job × quote × node count on each keystroke.
 */
#include "config.h"

#include "cp-estimate.h"
#include "cp-goodput.h"
#include "cp-serving.h"

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
/* What DeepSpeed's ZeRO-Offload keeps in host memory per offloaded
 * parameter besides the optimizer's moments: the fp32 master weights the
 * CPU Adam updates and the fp32 gradients it updates them from, 4 bytes
 * each (Ren et al. 2021, "ZeRO-Offload", arXiv 2101.06840, §4: gradients,
 * optimizer states and the update on the CPU; DeepSpeed's "Memory
 * Requirements" page counts 16 bytes per parameter for Adam: 4 params, 4
 * grads, 4 momentum, 4 variance). Its 1.5× "to be conservative" buffer
 * and the fp32 copy each process loads before ZeRO partitions it (avoided
 * by zero.Init or a sharded checkpoint) are left out: neither is a model
 * state. */
#define OFFLOAD_HOST_MASTER_AND_GRADIENT_BYTES_PER_PARAM 8.0
/* Two times within this fraction of each other are a tie, which the
 * layout with more memory headroom wins: closer than the model can tell. */
#define TIE_FRACTION 0.01
/* Interleaved stages per GPU tried by the search: Megatron-LM's published
 * runs use 2–4 (T21: 3); more multiplies the pipeline sends for a bubble
 * already small. */
#define MAX_VIRTUAL_STAGES 4
/* Micro-batches tried: 1 to 8 sequences, as in Megatron-LM's published
 * layouts (T21 1, T22 1–4). */
#define MAX_MICRO_BATCH 8
/* Candidate splits of the GPUs (tensor × pipeline × interleave × expert). */
#define MAX_SPLITS 512

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

/* Optimizer moments per parameter: AdamW 8 (m, v in fp32), 8-bit AdamW 2
 * (M2), SGD with momentum 4. */
static double
optimizer_moment_bytes (CpOptimizer optimizer)
{
  return optimizer == CP_OPTIMIZER_ADAMW ? 8.0 : optimizer == CP_OPTIMIZER_ADAMW_8BIT ? 2.0 : 4.0;
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
  double moments = optimizer_moment_bytes (optimizer);

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


/* Parts of a layout and the techniques on top of it. */
typedef struct {
  guint       tp;
  guint       pp;
  guint       dp;
  guint       ep;
  guint       vs;         /* interleaved stages per GPU */
  guint       zero_stage;
  guint       mb;         /* micro-batch */
  guint       m;          /* micro-batches per step */
  CpRecompute recompute;
  /* With full recompute, the layers of this GPU recomputed (Megatron-LM's
   * --recompute-method block --recompute-num-layers); the others keep
   * their activations. 0: all of them. */
  guint       recompute_layers;
  gboolean    offload;
  gboolean    lora;
  gboolean    qlora;
} Config;

typedef struct {
  double weights;
  double gradients;
  double optimizer;
  double activations;
  double overhead;
  double total;
  double host;          /* CPU offload: what the GPUs of one node keep in its RAM */
} Memory;

/* Seconds of one optimizer step, term by term. */
typedef struct {
  double compute;
  double backward;
  double dp;            /* gradient reduction (and ZeRO gathers), before overlap */
  double dp_exposed;
  double dp_floor;      /* the part of dp_exposed no overlap can hide */
  double zero3_gather;
  double tp;
  double pp;
  double all_to_all;
  double offload;
  double overlap_slowdown; /* compute slowed by the collectives hidden behind it */
  double bubble;
  double exposed;
  double total;
  double tokens;        /* per step */
  double run;           /* total × steps: what layouts are compared by */
} StepTime;

/* What does not depend on the layout, worked out once per estimate and
 * shared by every candidate the search weighs. */
typedef struct {
  const CpJob      *job;
  const CpQuote    *quote;
  const CpSettings *settings;
  guint   gpus;
  guint   gpn;
  double  capacity;
  double  host_capacity;        /* the quote's host memory per node; 0: not stated */
  double  host_per_param;       /* bytes of host memory per offloaded parameter */
  gboolean flash;
  /* model */
  double  layers;
  double  hidden;
  double  seq;
  double  vocab;
  double  dense_layer_params;   /* all layers' non-expert parameters */
  double  expert_params;        /* routed experts of all layers */
  double  embedding_all;        /* input and output tables */
  double  embedding_stage;      /* what the first or last pipeline stage holds */
  double  layer_params;         /* one layer, gathered whole by ZeRO-3 */
  double  moe_layers;
  double  experts_total;
  double  top_k;
  double  lora_trainable;
  double  qlora_base_bytes;
  /* bytes */
  double  w, g, o;
  double  act_bytes;
  double  act_scale;
  double  act_none;             /* activation bytes per s·b·h of one layer, no recompute */
  double  act_selective;
  /* FLOPs per token */
  double  param_flops_fwd;      /* 2 × active parameters */
  double  attention_flops_fwd;  /* 4 · L · s · d_attn (QKᵀ and AV) */
  double  param_flops_factor;   /* 6, or LoRA's */
  double  peak;
  double  utilisation;
  double  intra;
  double  inter;
  gboolean recompute_partial;   /* the search may recompute some layers only */
  double  batch_seqs;           /* global batch asked for, in sequences */
  double  largest_batch_seqs;   /* what a cluster may raise it to */
  gboolean qlora;
} Context;

/* Activation bytes of one transformer layer per s·b·h, before dividing by
 * the tensor-parallel size (Korthikanti et al. 2022, M4). The paper's
 * 34 = 11 (attention) + 4 (layer norms) + 19 (MLP of 4h with dropout); the
 * MLP term is recounted for other widths and for gated MLPs by the same
 * accounting: input 2, mask 1, and 2 bytes per stored intermediate of
 * width f (two for GeLU, four for SwiGLU: gate, up, activation and
 * product). Tensor parallelism runs with sequence parallelism, as
 * Megatron-LM does. */
static double
per_layer_activation_coefficient (const CpModelSpec *model,
                                  double             seq_len,
                                  gboolean           flash,
                                  CpRecompute        recompute)
{
  double h = model->hidden;
  double ffn, mlp, scores;

  if (cp_model_spec_is_moe (model))
    {
      /* A token's MLP is its top-k routed experts and the shared ones;
       * averaged over the MoE layers and the dense leading ones. */
      double moe = cp_model_spec_moe_layers (model);
      double routed = (double) cp_model_spec_expert_ffn (model) * MAX (model->experts_active, 1) +
                      (double) cp_model_spec_shared_expert_ffn (model) * model->shared_experts;

      ffn = (routed * moe + (double) cp_model_spec_dense_ffn (model) * (model->layers - moe)) / model->layers;
    }
  else
    ffn = model->ffn > 0 ? model->ffn : 4.0 * h;
  mlp = 3.0 + (model->gated_mlp ? 8.0 : 4.0) * ffn / h;
  /* FlashAttention-style kernels do not store the a·s² score matrix;
   * selective recompute drops it too (Korthikanti et al. 2022, §5). */
  scores = flash ? 0.0 : 5.0 * model->heads * seq_len / h;
  if (recompute == CP_RECOMPUTE_SELECTIVE)
    return 11.0 + 4.0 + mlp;
  return 11.0 + 4.0 + mlp + scores;
}

static void
context_init (Context          *c,
              const CpJob      *job,
              const CpQuote    *quote,
              guint             gpus,
              const Config     *techniques,
              const CpSettings *settings)
{
  const CpModelSpec *m = &job->model;
  double attention_dim = (double) m->heads * cp_model_spec_head_dim (m);
  double embeddings = embedding_params (m);
  double experts = 0;

  memset (c, 0, sizeof *c);
  c->job = job;
  c->quote = quote;
  c->settings = settings;
  c->gpus = gpus;
  c->gpn = quote->gpus_per_node;
  c->capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  c->host_capacity = quote->host_memory_per_node_bytes;
  c->host_per_param = optimizer_moment_bytes (job->optimizer) + OFFLOAD_HOST_MASTER_AND_GRADIENT_BYTES_PER_PARAM;
  c->flash = job->flash_attention && cp_gpu_spec_runs_flash_attention (&quote->gpu);
  c->layers = m->layers;
  c->hidden = m->hidden;
  c->seq = job->seq_len;
  c->vocab = m->vocab;
  c->moe_layers = cp_model_spec_moe_layers (m);
  c->experts_total = cp_model_spec_is_moe (m) ? m->experts_total : 1;
  c->top_k = cp_model_spec_is_moe (m) ? MAX (m->experts_active, 1) : 1;
  if (cp_model_spec_is_moe (m))
    experts = MIN (c->moe_layers * m->experts_total * cp_model_spec_expert_params (m), m->params - embeddings);
  c->expert_params = experts;
  c->embedding_all = embeddings;
  c->embedding_stage = m->tied_embeddings ? embeddings : embeddings / 2.0;
  c->dense_layer_params = MAX (m->params - embeddings - experts, 0.0);
  c->layer_params = (c->dense_layer_params + experts) / MAX (c->layers, 1);
  c->lora_trainable = (techniques->lora || techniques->qlora) ? lora_params (job) : 0;
  c->qlora_base_bytes = (m->params - embeddings) * QLORA_BITS_PER_PARAM / 8.0 + embeddings * 2.0;

  bytes_per_param (job->precision, job->optimizer, settings->bytes_convention, &c->w, &c->g, &c->o);
  c->act_bytes = is_mixed_precision (job->precision) ? 2.0 : 4.0;
  c->act_scale = is_mixed_precision (job->precision) ? 1.0 : 2.0;
  c->act_none = per_layer_activation_coefficient (m, job->seq_len, c->flash, CP_RECOMPUTE_NONE);
  c->act_selective = per_layer_activation_coefficient (m, job->seq_len, c->flash, CP_RECOMPUTE_SELECTIVE);

  c->param_flops_fwd = 2.0 * active_params (m);
  /* Attention scores and their use: 2·s·d_attn multiply-adds each per layer
   * and token (Megatron-LM's 72·B·s·L·h²(1 + s/6h) counts them). */
  c->attention_flops_fwd = 4.0 * m->layers * job->seq_len * attention_dim;
  c->param_flops_factor = (techniques->lora || techniques->qlora) ? settings->lora_flops_factor : 6.0;
  c->peak = dense_peak_flops (&quote->gpu, job->precision);
  c->utilisation = settings->compute_utilisation;
  c->intra = intra_bytes_per_s (quote, settings);
  c->inter = inter_bytes_per_s_per_gpu (quote, settings);
  if (c->inter <= 0)
    c->inter = c->intra;
  c->batch_seqs = MAX (1.0, round (cp_job_global_batch_tokens (job) / MAX (job->seq_len, 1)));
  c->largest_batch_seqs = MAX (c->batch_seqs, floor (cp_job_largest_batch_tokens (job) / MAX (job->seq_len, 1)));
  c->qlora = techniques->qlora;
  c->recompute_partial = job->recompute == CP_RECOMPUTE_AUTO;
}

/* Layers on the fullest GPU: v chunks of ceil(L/(p·v)) layers each when
 * the layers do not divide evenly. */
static double
layers_per_gpu (const Context *c,
                const Config  *k)
{
  double chunks = (double) k->pp * MAX (k->vs, 1);

  return ceil (c->layers / chunks) * MAX (k->vs, 1);
}

/* Share of this GPU's layers whose forward pass runs twice. */
static double
recompute_fraction (const Context *c,
                    const Config  *k)
{
  double layers_here;

  if (k->recompute != CP_RECOMPUTE_FULL)
    return 0;
  layers_here = layers_per_gpu (c, k);
  if (k->recompute_layers == 0 || k->recompute_layers >= layers_here)
    return 1.0;
  return k->recompute_layers / layers_here;
}

/* Memory of one GPU on the busiest pipeline stage. */
static void
layout_memory (const Context *c,
               const Config  *k,
               Memory        *mem)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp, d = k->dp, e = k->ep;
  double layers_here = layers_per_gpu (c, k);
  double stage_share = layers_here / c->layers;
  double expert_dp = MAX (1.0, d / e);
  double sbh = c->seq * k->mb * c->hidden;
  double per_layer, first, last, logits;
  double gathered = 0;

  if (k->lora || k->qlora)
    {
      double trainable = c->lora_trainable / (t * p);
      double base = k->qlora ? c->qlora_base_bytes
                             : c->job->model.params * (c->act_bytes > 2 ? 4.0 : 2.0);

      mem->weights = base / (t * p) + trainable * c->w;
      mem->gradients = trainable * c->g;
      mem->optimizer = trainable * c->o;
      if (k->zero_stage >= 1)
        mem->optimizer /= d;
      if (k->zero_stage >= 2)
        mem->gradients /= d;
    }
  else
    {
      /* Embeddings sit on the first and last stages; experts are spread
       * over the expert-parallel ranks (Megatron-LM's MoE layout). */
      double dense = (c->dense_layer_params * stage_share + (p > 1 ? c->embedding_stage : c->embedding_all)) / t;
      double experts = c->expert_params * stage_share / (t * e);

      mem->weights = (dense + experts) * c->w;
      mem->gradients = (dense + experts) * c->g;
      mem->optimizer = (dense + experts) * c->o;
      /* ZeRO partitions over the data-parallel group, experts over theirs. */
      if (k->zero_stage >= 1)
        mem->optimizer = (dense / d + experts / expert_dp) * c->o;
      if (k->zero_stage >= 2)
        mem->gradients = (dense / d + experts / expert_dp) * c->g;
      if (k->zero_stage >= 3)
        {
          mem->weights = (dense / d + experts / expert_dp) * c->w;
          /* Two layers gathered whole, the one computing and the one
           * prefetched (DeepSpeed's prefetch bucket): a buffer, not a
           * model state (M1 counts none). */
          if (d > 1)
            gathered = MIN (2.0, layers_here) * c->layer_params / t * c->act_bytes;
        }
    }
  /* ZeRO-Offload keeps optimizer states and their update on the host,
   * each GPU's share of them in the RAM of its node (the fullest stage's
   * share for every GPU: a little more than the others hold). */
  mem->host = 0.0;
  if (k->offload)
    {
      mem->host = mem->optimizer / c->o * c->host_per_param * MIN (c->gpus, c->gpn);
      mem->optimizer = 0.0;
    }

  switch (k->recompute)
    {
    case CP_RECOMPUTE_FULL:
      {
        /* Recomputed layers keep their input only; the others all. */
        double recomputed = recompute_fraction (c, k);

        per_layer = recomputed * 2.0 * sbh + (1.0 - recomputed) * sbh * c->act_none / t;
      }
      break;
    case CP_RECOMPUTE_SELECTIVE:
      per_layer = sbh * c->act_selective / t;
      break;
    case CP_RECOMPUTE_NONE:
    case CP_RECOMPUTE_AUTO:
    case CP_N_RECOMPUTES:
    default:
      per_layer = sbh * c->act_none / t;
      break;
    }
  /* 1F1B: the first stage holds min(m, p) micro-batches of its layers (L
   * layers' worth once m ≥ p); interleaving adds (1 + (p − 1)/(p·v))
   * (Korthikanti et al. 2022, §4.2.3). The last stage holds one and the
   * fp32 logits for the loss (eq. 6). */
  first = per_layer * layers_here * MIN ((double) k->m, p);
  if (k->vs > 1)
    first *= 1.0 + (p - 1.0) / (p * k->vs);
  logits = 4.0 * c->seq * k->mb * c->vocab / t;
  last = per_layer * layers_here + logits;
  mem->activations = c->act_scale * MAX (first, last);

  mem->overhead = settings->framework_overhead_bytes + gathered +
    settings->fragmentation_fraction * (mem->weights + mem->gradients + mem->optimizer + mem->activations);
  mem->total = mem->weights + mem->gradients + mem->optimizer + mem->activations + mem->overhead;
}

/* Whether a layout's memory fits the GPUs and, where the quote states it,
 * the host memory CPU offload fills. */
static gboolean
memory_fits (const Context *c,
             const Memory  *mem)
{
  return mem->total <= c->capacity && (c->host_capacity <= 0 || mem->host <= c->host_capacity);
}

/* Ring all-reduce of @bytes over @n ranks, @n_in of them in one node:
 * reduce-scatter and all-gather on NVLink inside the node, the shards
 * all-reduced between nodes over each GPU's NIC share (NCCL's hierarchical
 * tree/ring; formula crib 2(n−1)/n). */
static double
all_reduce_s (const Context *c,
              double         bytes,
              double         n,
              double         n_in)
{
  double n_out, seconds = 0;

  if (n <= 1 || bytes <= 0)
    return 0;
  n_in = CLAMP (n_in, 1.0, n);
  n_out = n / n_in;
  if (n_in > 1)
    seconds += 2.0 * (n_in - 1) / n_in * bytes / c->intra;
  if (n_out > 1)
    seconds += 2.0 * (n_out - 1) / n_out * bytes / n_in / c->inter;
  return seconds;
}

static double
flops_per_token (const Context *c,
                 const Config  *k,
                 double        *forward)
{
  const CpSettings *settings = c->settings;
  double fwd = c->param_flops_fwd + c->attention_flops_fwd;
  /* Backward: twice the forward for weights and inputs (LoRA: inputs only,
   * its factor − 2 for the parameter part); attention has no weights. */
  double bwd = c->param_flops_fwd * (c->param_flops_factor - 2.0) / 2.0 + 2.0 * c->attention_flops_fwd;
  double total;

  /* Full recompute runs the forward pass of the recomputed layers twice:
   * 8·N·D when all are (T16); selective recomputes the attention core,
   * 2.7% for GPT-3 (M5). */
  bwd += fwd * recompute_fraction (c, k);
  total = fwd + bwd;
  if (k->recompute == CP_RECOMPUTE_SELECTIVE)
    total *= 1.0 + settings->selective_recompute_flops_overhead;
  *forward = fwd;
  return total;
}

static void
layout_time (const Context *c,
             const Config  *k,
             StepTime      *st)
{
  const CpSettings *settings = c->settings;
  double t = k->tp, p = k->pp, d = k->dp, e = k->ep, v = k->vs, m = k->m;
  double layers_here = layers_per_gpu (c, k);
  /* Stages of uneven layer counts run at the pace of the fullest one. */
  double imbalance = layers_here * p / c->layers;
  double forward, per_token = flops_per_token (c, k, &forward);
  /* Recomputed layers repeat their forward collectives. */
  double collectives_per_layer = 4.0 + 2.0 * recompute_fraction (c, k);
  double message = c->seq * k->mb * c->hidden * c->act_bytes;
  double overlap = settings->dp_overlap;
  double fwd_micro, bwd_micro;

  memset (st, 0, sizeof *st);
  st->tokens = m * k->mb * d * c->seq;
  st->compute = per_token * st->tokens / (c->gpus * c->peak * c->utilisation) * imbalance;
  st->backward = st->compute * (1.0 - forward / per_token);
  fwd_micro = (st->compute - st->backward) / m;
  bwd_micro = st->backward / m;

  /* Tensor parallel with sequence parallelism: per layer and micro-batch
   * two all-gathers and two reduce-scatters forward and as many backward,
   * the volume of four all-reduces (six with full recompute), on NVLink
   * (Korthikanti et al. 2022, §4.2.2). */
  if (k->tp > 1)
    st->tp = m * layers_here * collectives_per_layer *
             2.0 * (t - 1) / t * message / c->intra;

  /* Pipeline sends: activations forward, gradients backward, per
   * micro-batch and interleaved chunk, each TP rank its 1/t share
   * (Megatron-LM's scatter/gather); between nodes once the job spans them. */
  if (k->pp > 1)
    st->pp = m * v * 2.0 * message / t / (c->gpus > c->gpn ? c->inter : c->intra);

  /* MoE: dispatch and combine, forward and backward, per MoE layer and
   * micro-batch: tokens × hidden × top-k, the share (e − 1)/e leaving the
   * GPU; the part of the EP group beyond this node goes over the NICs. */
  if (k->ep > 1)
    {
      double volume = c->seq * k->mb / t * c->hidden * c->top_k * c->act_bytes * (e - 1) / e;
      double in_node = MIN (e, MAX (1.0, (double) c->gpn / t));
      double off_share = 1.0 - in_node / e;
      double per_a2a = volume * MAX ((1.0 - off_share) / c->intra, off_share / c->inter);
      double moe_here = c->moe_layers * layers_here / c->layers;

      st->all_to_all = m * moe_here * collectives_per_layer * per_a2a;
    }

  /* Data parallel: dense gradients over the DP group, expert gradients
   * over the ranks holding the same experts; hierarchical. */
  if (d > 1)
    {
      double trainable = (k->lora || k->qlora) ? c->lora_trainable / (t * p) : 0;
      double dense = (k->lora || k->qlora) ? trainable
                     : (c->dense_layer_params * layers_here / c->layers +
                        (p > 1 ? c->embedding_stage : c->embedding_all)) / t;
      double experts = (k->lora || k->qlora) ? 0 : c->expert_params * layers_here / c->layers / (t * e);
      double dp_in = MIN (d, MAX (1.0, (double) c->gpn / t));
      double all_reduce = all_reduce_s (c, dense * c->act_bytes, d, dp_in) +
                          all_reduce_s (c, experts * c->act_bytes, d / e, MAX (1.0, dp_in / e));
      /* DeepSpeed's partitioned stages (ZeRO-2/3) gather and scatter over
       * the whole data-parallel group with no node-local stage: each GPU's
       * share crosses its own link share (ZeRO++, Wang et al. 2023, §3,
       * adds hierarchical partitioning for this reason). */
      double flat_link = d > dp_in ? MIN (c->intra, c->inter) : c->intra;
      double half = (d - 1) / d * (dense * c->act_bytes + experts * c->act_bytes * e) / flat_link;
      double bucket_share = MIN (1.0, settings->dp_bucket_bytes / MAX ((dense + experts) * c->act_bytes, 1.0));

      switch (k->zero_stage)
        {
        case 3:
          /* Every micro-batch gathers the weights forward and backward
           * and reduce-scatters the gradients (ZeRO §7: 1.5× DP volume),
           * each hidden behind the pass it feeds. */
          st->zero3_gather = m * 2.0 * half;
          st->dp = m * 3.0 * half;
          st->dp_exposed = m * (MAX (0.0, half - overlap * fwd_micro) +
                                MAX (0.0, 2.0 * half - overlap * bwd_micro));
          break;
        case 2:
          /* Gradients cannot be kept whole: reduce-scattered every
           * micro-batch, weights gathered once after the update. */
          st->dp = m * half + half;
          st->dp_exposed = m * MAX (0.0, half - overlap * bwd_micro) + MAX (0.0, half - overlap * fwd_micro);
          break;
        default:
          /* DDP and Megatron's distributed optimizer reduce once, bucket by
           * bucket during the last micro-batch's backward; the last bucket
           * is never hidden (Li et al. 2020, §3.2.3). */
          st->dp = all_reduce;
          st->dp_floor = all_reduce * bucket_share;
          st->dp_exposed = MAX (all_reduce - overlap * bwd_micro, st->dp_floor);
          break;
        }
    }

  /* Offload moves gradients down and updated 16-bit weights up each step. */
  if (k->offload)
    {
      double elements = (k->lora || k->qlora) ? c->lora_trainable / (t * p)
                        : (c->dense_layer_params + c->embedding_all) / (t * p) + c->expert_params / (t * p * e);
      st->offload = elements * (c->act_bytes + 2.0) / (OFFLOAD_LINK_BYTES_PER_S * settings->link_efficiency);
    }

  st->overlap_slowdown = settings->overlap_compute_slowdown * MAX (0.0, st->dp - st->dp_exposed);

  /* Pipeline bubble: (p − 1)/(m·v) of the ideal step (Narayanan et al.
   * 2021, §2.2). */
  st->bubble = (p - 1.0) / (m * v) * (st->compute + st->tp + st->all_to_all);
  st->exposed = st->dp_exposed + st->tp + st->pp + st->all_to_all + st->offload + st->overlap_slowdown;
  st->total = st->compute + st->exposed + st->bubble;
  st->run = st->total * c->job->tokens / st->tokens;
}

/* The search */

typedef struct {
  Config   config;
  Memory   memory;
  StepTime time;
  gboolean fits;
  gboolean valid;
} Candidate;

/* Whether @a is better than @b: a fitting layout beats one that does not;
 * between fitting ones the faster, and within TIE_FRACTION the one with
 * more headroom; between layouts that do not fit, the smaller. */
static gboolean
candidate_better (const Candidate *a,
                  const Candidate *b)
{
  if (!b->valid)
    return a->valid;
  if (!a->valid)
    return FALSE;
  if (a->fits != b->fits)
    return a->fits;
  if (!a->fits)
    return a->memory.total < b->memory.total;
  if (fabs (a->time.run - b->time.run) <= TIE_FRACTION * MIN (a->time.run, b->time.run))
    {
      if (a->memory.total != b->memory.total)
        return a->memory.total < b->memory.total;
    }
  return a->time.run < b->time.run;
}

typedef struct {
  guint  tp, pp, vs, ep;
  double lower_bound;     /* step time no choice of ZeRO, micro-batch or recompute beats */
  double smallest_bytes;  /* memory with every saving on */
  gboolean smallest_fits; /* and whether that fits */
} Split;

typedef struct {
  guint       zero_first, zero_last;
  gboolean    zero_free;
  guint       mb_values[8];
  guint       n_mb;
  CpRecompute recompute_first, recompute_last;
} Choices;

/* Sequences per step of a split. Practitioners raise the batch with the
 * cluster so that each data-parallel pipeline gets at least as many
 * micro-batches as it has stages, the least that fills a 1F1B pipeline
 * and the least Megatron-LM's interleaved schedule runs with (Narayanan et
 * al. 2021, §2.2): Llama 3 405B on 16,384 GPUs ran PP 16 with 16
 * sequences per data-parallel rank (Llama Team 2024, Table 4), Megatron-LM's
 * Table 1 runs 8 per stage at 530B and 1T (2,520 GPUs batch 2,520, 3,072
 * GPUs batch 3,072). The lower of them is taken, one sequence per
 * tensor-parallel group (dp × pp), never past the largest published batch
 * for the size (cp_job_largest_batch_tokens()); a stated batch is kept. */
static double
split_batch_seqs (const Context *c,
                  guint          dp,
                  guint          pp)
{
  return MIN (c->largest_batch_seqs, MAX (c->batch_seqs, (double) dp * pp));
}

static guint
micro_batches (const Context *c,
               guint          dp,
               guint          pp,
               guint          mb)
{
  return (guint) MAX (1.0, round (split_batch_seqs (c, dp, pp) / ((double) dp * mb)));
}

/* The fewest layers of full recompute that fit, all of them when none
 * does. Memory falls with each layer recomputed, along a line or the
 * larger of two lines (first and last pipeline stage): the chord from
 * none (@none_bytes) to all recomputed lies above it, so where the chord
 * meets the capacity some layer count fits, and at most a step or two
 * from it is the fewest. */
static gboolean
fewest_recomputed_layers_that_fit (const Context *c,
                                   double         none_bytes,
                                   Config        *k,
                                   Memory        *mem)
{
  guint layers = (guint) layers_per_gpu (c, k);
  double all_bytes;
  guint fewest;

  k->recompute_layers = 0;
  layout_memory (c, k, mem);
  /* Recompute leaves the host memory as it is: past here only the GPUs'
   * is weighed. */
  if (!memory_fits (c, mem) || !c->recompute_partial || layers <= 1 || none_bytes <= mem->total)
    return memory_fits (c, mem);
  all_bytes = mem->total;
  fewest = (guint) CLAMP (ceil (layers * (none_bytes - c->capacity) / (none_bytes - all_bytes)), 1.0, (double) layers);
  for (;;)
    {
      Memory fewer;

      k->recompute_layers = fewest;
      layout_memory (c, k, mem);
      if (mem->total > c->capacity)
        {
          if (++fewest >= layers)
            break;
          continue;
        }
      if (fewest == 1)
        break;
      k->recompute_layers = fewest - 1;
      layout_memory (c, k, &fewer);
      if (fewer.total > c->capacity)
        break;
      fewest--;
      *mem = fewer;
    }
  if (fewest >= layers)
    {
      k->recompute_layers = 0;
      layout_memory (c, k, mem);
    }
  else
    k->recompute_layers = fewest;
  return TRUE;
}

/* The least recompute of the allowed ones that fits; FALSE if none does
 * (then @k holds the most saving one). */
static gboolean
least_recompute_that_fits (const Context  *c,
                           const Choices  *choices,
                           Config         *k,
                           Memory         *mem)
{
  double none_bytes = 0;

  for (int r = choices->recompute_first; r <= (int) choices->recompute_last; r++)
    {
      k->recompute = (CpRecompute) r;
      if (k->recompute == CP_RECOMPUTE_FULL)
        {
          if (none_bytes == 0 && c->recompute_partial)
            {
              k->recompute = CP_RECOMPUTE_NONE;
              layout_memory (c, k, mem);
              none_bytes = mem->total;
              k->recompute = CP_RECOMPUTE_FULL;
            }
          return fewest_recomputed_layers_that_fit (c, none_bytes, k, mem);
        }
      layout_memory (c, k, mem);
      if (k->recompute == CP_RECOMPUTE_NONE)
        none_bytes = mem->total;
      if (memory_fits (c, mem))
        return TRUE;
    }
  return FALSE;
}

static void
split_config (const Split *s,
              const Context *c,
              const Config *techniques,
              Config *k)
{
  *k = *techniques;
  k->tp = s->tp;
  k->pp = s->pp;
  k->vs = s->vs;
  k->ep = s->ep;
  k->dp = MAX (c->gpus / (s->tp * s->pp), 1);
}

/* ZeRO stages a split can run: ZeRO-2 and -3 do not combine with
 * pipeline parallelism (DeepSpeed refuses them; Megatron-LM's distributed
 * optimizer is ZeRO-1); without data parallelism there is nothing to
 * shard; with it, ZeRO-1 is as fast as none and smaller, so none is not
 * tried. FALSE when the split cannot run the stage asked for. */
static gboolean
split_zero_range (const Context *c,
                  const Choices *choices,
                  const Split   *s,
                  guint         *first,
                  guint         *last)
{
  guint dp = MAX (c->gpus / (s->tp * s->pp), 1);

  *first = choices->zero_first;
  *last = choices->zero_last;
  if (choices->zero_free)
    {
      if (dp == 1)
        *last = *first;
      else
        *first = MAX (*first, 1);
    }
  if (s->pp > 1)
    *last = MIN (*last, 1);
  return *first <= *last;
}

/* The best layout of one split. Micro-batches grow while that pays: a
 * larger one hides more of the data-parallel traffic behind its backward
 * and adds bubble and memory, so the run time falls and then rises. */
static void
best_of_split (const Context  *c,
               const Split    *s,
               const Choices  *choices,
               const Config   *techniques,
               Candidate      *best,
               guint          *evaluated)
{
  guint zero_first, zero_last;
  guint dp = MAX (c->gpus / (s->tp * s->pp), 1);

  best->valid = FALSE;
  if (!split_zero_range (c, choices, s, &zero_first, &zero_last))
    return;
  for (guint z = zero_first; z <= zero_last; z++)
    {
      double previous_run = G_MAXDOUBLE;

      for (guint i = 0; i < choices->n_mb; i++)
        {
          Candidate cand = { 0 };

          /* More sequences per step than the batch asks for would change
           * the training, not the layout. */
          if (i > 0 && (double) dp * choices->mb_values[i] > split_batch_seqs (c, dp, s->pp))
            break;
          split_config (s, c, techniques, &cand.config);
          cand.config.zero_stage = z;
          cand.config.mb = choices->mb_values[i];
          cand.config.m = micro_batches (c, cand.config.dp, cand.config.pp, cand.config.mb);
          /* Interleaving runs with no fewer micro-batches than stages. */
          if (i > 0 && s->vs > 1 && cand.config.m < s->pp)
            break;
          cand.fits = least_recompute_that_fits (c, choices, &cand.config, &cand.memory);
          cand.valid = TRUE;
          if (!cand.fits)
            {
              if (candidate_better (&cand, best))
                *best = cand;
              break;   /* a larger micro-batch needs more memory still */
            }
          layout_time (c, &cand.config, &cand.time);
          (*evaluated)++;
          if (candidate_better (&cand, best))
            *best = cand;
          if (cand.time.dp_exposed <= cand.time.dp_floor * (1.0 + 1e-9) || cand.time.run >= previous_run)
            break;
          previous_run = cand.time.run;
        }
    }
  if (best->valid && !best->fits)
    layout_time (c, &best->config, &best->time);
}

static gboolean
divides (guint n, guint d)
{
  return d > 0 && n % d == 0;
}

static void
choices_init (const Context *c,
              const Config  *techniques,
              Choices       *ch)
{
  const CpJob *job = c->job;

  ch->zero_free = job->zero_stage == CP_ZERO_STAGE_AUTO;
  if (ch->zero_free)
    {
      ch->zero_first = 0;
      ch->zero_last = (techniques->lora || techniques->qlora) ? 2 : 3;
    }
  else
    ch->zero_first = ch->zero_last = job->zero_stage;
  /* A technique raises the floor (R1's ladder). */
  ch->zero_first = MAX (ch->zero_first, techniques->zero_stage);
  ch->zero_last = MAX (ch->zero_last, ch->zero_first);

  if (job->recompute == CP_RECOMPUTE_AUTO)
    {
      ch->recompute_first = CP_RECOMPUTE_NONE;
      ch->recompute_last = CP_RECOMPUTE_FULL;
    }
  else
    ch->recompute_first = ch->recompute_last = job->recompute;
  if (techniques->recompute != CP_RECOMPUTE_AUTO && techniques->recompute > ch->recompute_first)
    ch->recompute_first = techniques->recompute;
  ch->recompute_last = MAX (ch->recompute_last, ch->recompute_first);

  ch->n_mb = 0;
  if (job->micro_batch > 0)
    ch->mb_values[ch->n_mb++] = job->micro_batch;
  else
    for (guint mb = 1; mb <= MAX_MICRO_BATCH && (mb == 1 || mb <= c->largest_batch_seqs); mb *= 2)
      ch->mb_values[ch->n_mb++] = mb;
}

/* Values tried for one part of the layout: the pinned one, or @n_free
 * values from @free. */
static guint
part_values (guint        pinned,
             const guint *free,
             guint        n_free,
             guint       *out)
{
  if (pinned > 0)
    {
      out[0] = pinned;
      return 1;
    }
  memcpy (out, free, n_free * sizeof *out);
  return n_free;
}

/* Whether @vs interleaved stages can beat none: compute and bubble of the
 * fullest GPU, (layers on it) × (1 + (p − 1)/(m·v)), at m = p, the fewest
 * micro-batches interleaving runs with and where it gains most. When it
 * loses there it loses at every m, and it never needs less memory. */
static gboolean
interleaving_can_pay (const Context *c,
                      guint          pp,
                      guint          vs)
{
  double p = pp;
  double plain = ceil (c->layers / p) * (1.0 + (p - 1.0) / p);
  double interleaved = ceil (c->layers / (p * vs)) * vs * (1.0 + (p - 1.0) / (p * vs));

  return interleaved < plain;
}

/* Candidate splits: tensor parallel a power of two inside a node dividing
 * the heads; pipeline stages dividing the GPUs left, at most one layer
 * each; interleaved stages where they can pay (uneven chunks allowed);
 * experts over ranks dividing both the experts and the data-parallel
 * group. Pinned parts are taken as given. */
static guint
enumerate_splits_within (const Context *c,
                         gboolean       within_batch,
                         Split         *splits,
                         guint          max_splits)
{
  const CpJob *job = c->job;
  const CpModelSpec *m = &job->model;
  guint free[64], tps[64], pps[64], vss[64], eps[64];
  guint n_free, n_tp, n = 0;

  /* QLoRA's 4-bit base (bitsandbytes) trains data parallel only. */
  n_free = 0;
  for (guint tp = 1; tp <= c->gpn && tp <= c->gpus && n_free < 64 && (tp == 1 || !c->qlora); tp *= 2)
    if (divides (m->heads, tp) && divides (c->gpus, tp))
      free[n_free++] = tp;
  n_tp = part_values (job->tensor_parallel, free, n_free, tps);

  for (guint i = 0; i < n_tp; i++)
    {
      guint rest = MAX (c->gpus / tps[i], 1);
      guint n_pp;

      n_free = 0;
      for (guint pp = 1; pp <= rest && pp <= m->layers && n_free < 64 && (pp == 1 || !c->qlora); pp++)
        if (divides (rest, pp))
          free[n_free++] = pp;
      n_pp = part_values (job->pipeline_parallel, free, n_free, pps);

      for (guint j = 0; j < n_pp; j++)
        {
          guint dp = MAX (c->gpus / (tps[i] * pps[j]), 1);
          guint n_vs, n_ep;

          /* More data-parallel ranks than sequences in the batch would
           * need a larger batch. */
          if (within_batch && dp > split_batch_seqs (c, dp, pps[j]))
            continue;

          n_free = 0;
          free[n_free++] = 1;
          /* Interleaving needs at least as many micro-batches as stages
           * (Narayanan et al. 2021, §2.2.2). Layers that do not divide
           * into p·v chunks are spread unevenly, the fullest chunk setting
           * the pace, as Megatron-LM and Llama 3 do (Llama Team 2024,
           * §3.3.2: 126 layers, one fewer on the first and last stage);
           * each chunk keeps a layer at least. */
          for (guint vs = 2; pps[j] > 1 && vs <= MAX_VIRTUAL_STAGES && pps[j] * vs <= m->layers &&
                             split_batch_seqs (c, dp, pps[j]) >= (double) dp * pps[j]; vs++)
            if (interleaving_can_pay (c, pps[j], vs))
              free[n_free++] = vs;
          n_vs = pps[j] > 1 ? part_values (job->virtual_stages, free, n_free, vss) : part_values (0, free, 1, vss);

          n_free = 0;
          free[n_free++] = 1;
          for (guint ep = 2; cp_model_spec_is_moe (m) && ep <= MIN (dp, m->experts_total) && n_free < 64; ep++)
            if (divides (m->experts_total, ep) && divides (dp, ep))
              free[n_free++] = ep;
          n_ep = cp_model_spec_is_moe (m) ? part_values (job->expert_parallel, free, n_free, eps)
                                          : part_values (0, free, 1, eps);

          for (guint a = 0; a < n_vs; a++)
            for (guint b = 0; b < n_ep; b++)
              {
                if (n == max_splits)
                  return n;
                splits[n++] = (Split) { tps[i], pps[j], vss[a], MIN (eps[b], dp), 0, 0, FALSE };
              }
        }
    }
  return n;
}

/* Splits whose data-parallel ranks each get at least one sequence of the
 * batch; all splits when there are none (a batch smaller than the GPUs
 * left over after the deepest model split). */
static guint
enumerate_splits (const Context *c,
                  Split         *splits,
                  guint          max_splits)
{
  guint n = enumerate_splits_within (c, TRUE, splits, max_splits);

  return n > 0 ? n : enumerate_splits_within (c, FALSE, splits, max_splits);
}

typedef struct {
  Candidate best;
  Candidate runner_up;
  guint     evaluated;
} Search;

static int
compare_splits (const Split *a,
                const Split *b)
{
  if (a->smallest_fits != b->smallest_fits)
    return a->smallest_fits ? -1 : 1;
  if (!a->smallest_fits)
    return a->smallest_bytes < b->smallest_bytes ? -1 : a->smallest_bytes > b->smallest_bytes;
  return a->lower_bound < b->lower_bound ? -1 : a->lower_bound > b->lower_bound;
}

static void
keep_best_two (Search          *search,
               const Candidate *cand)
{
  if (candidate_better (cand, &search->best))
    {
      search->runner_up = search->best;
      search->best = *cand;
    }
  else if (candidate_better (cand, &search->runner_up))
    search->runner_up = *cand;
}

/* The fastest layout that fits, and the best one of another split.
 * Splits are weighed in the order of a lower bound on their step time
 * (compute, tensor and expert traffic, pipeline sends and the bubble at the
 * smallest micro-batch, no data-parallel traffic): once the bound passes
 * the runner-up, nothing left can place. Memory is a closed form checked
 * before anything is timed. */
static void
search_layout (const Context *c,
               const Config  *techniques,
               Search        *search)
{
  Split splits[MAX_SPLITS];
  Choices choices;
  guint n;

  memset (search, 0, sizeof *search);
  choices_init (c, techniques, &choices);
  n = enumerate_splits (c, splits, MAX_SPLITS);

  for (guint i = 0; i < n; i++)
    {
      Config k;
      Memory mem;
      StepTime st;
      guint zero_first, zero_last;
      double hidden_dp;

      if (!split_zero_range (c, &choices, &splits[i], &zero_first, &zero_last))
        {
          splits[i].smallest_bytes = G_MAXDOUBLE;
          splits[i].lower_bound = G_MAXDOUBLE;
          continue;
        }
      split_config (&splits[i], c, techniques, &k);
      k.mb = choices.mb_values[0];
      k.m = micro_batches (c, k.dp, k.pp, k.mb);
      k.zero_stage = zero_last;
      k.recompute = choices.recompute_last;
      layout_memory (c, &k, &mem);
      splits[i].smallest_bytes = mem.total;
      splits[i].smallest_fits = memory_fits (c, &mem);
      if (!splits[i].smallest_fits)
        continue;   /* never timed: sorted after every split that fits */
      k.zero_stage = zero_first;
      k.recompute = choices.recompute_first;
      layout_time (c, &k, &st);
      /* Without ZeRO-2/3 the reduction is hidden at best behind the
       * backward of the largest micro-batch allowed. */
      hidden_dp = st.dp_floor;
      if (zero_last <= 1)
        {
          guint mb_max = choices.mb_values[0];

          for (guint b = 1; b < choices.n_mb && (double) k.dp * choices.mb_values[b] <= split_batch_seqs (c, k.dp, k.pp); b++)
            mb_max = choices.mb_values[b];
          hidden_dp = MAX (st.dp_floor, st.dp - c->settings->dp_overlap * st.backward / micro_batches (c, k.dp, k.pp, mb_max));
        }
      splits[i].lower_bound = (st.total - st.dp_exposed + hidden_dp) * c->job->tokens / st.tokens;
    }
  /* Insertion sort: a few dozen splits. */
  for (guint i = 1; i < n; i++)
    {
      Split s = splits[i];
      guint j = i;

      while (j > 0 && compare_splits (&s, &splits[j - 1]) < 0)
        {
          splits[j] = splits[j - 1];
          j--;
        }
      splits[j] = s;
    }

  for (guint i = 0; i < n; i++)
    {
      Candidate cand = { 0 };
      guint zero_first;

      if (splits[i].smallest_bytes == G_MAXDOUBLE)
        break;   /* sorted last: splits that cannot run the ZeRO stage asked for */
      if (!splits[i].smallest_fits)
        {
          /* Nothing of this split fits: it can only be the least-bad
           * answer, or the runner-up beside the only split that fits. */
          if (search->runner_up.valid && search->runner_up.fits)
            break;
          split_config (&splits[i], c, techniques, &cand.config);
          cand.config.mb = choices.mb_values[0];
          cand.config.m = micro_batches (c, cand.config.dp, cand.config.pp, cand.config.mb);
          split_zero_range (c, &choices, &splits[i], &zero_first, &cand.config.zero_stage);
          cand.config.recompute = choices.recompute_last;
          layout_memory (c, &cand.config, &cand.memory);
          cand.valid = TRUE;
          keep_best_two (search, &cand);
          continue;
        }
      if (search->runner_up.valid && search->runner_up.fits &&
          splits[i].lower_bound > search->runner_up.time.run * (1.0 + TIE_FRACTION))
        break;
      best_of_split (c, &splits[i], &choices, techniques, &cand, &search->evaluated);
      keep_best_two (search, &cand);
    }

  if (search->best.valid && !search->best.fits)
    layout_time (c, &search->best.config, &search->best.time);
  if (search->runner_up.valid && !search->runner_up.fits)
    layout_time (c, &search->runner_up.config, &search->runner_up.time);
}
static void
apply_technique (const CpJob *job,
                 CpTechnique  technique,
                 Config      *config)
{
  memset (config, 0, sizeof *config);
  /* Floors the technique puts under the search (or over the job's pins). */
  config->zero_stage = 0;
  config->recompute = CP_RECOMPUTE_AUTO;
  config->offload = job->cpu_offload;
  config->lora = job->kind == CP_TASK_LORA;
  config->qlora = job->kind == CP_TASK_QLORA;

  /* Each step of the ladder keeps the savings of the steps before it. */
  if (technique >= CP_TECHNIQUE_SELECTIVE_RECOMPUTE)
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
  /* Adapters leave too little to shard for offload or ZeRO-3 to matter. */
  if (config->lora || config->qlora)
    {
      config->offload = job->cpu_offload;
      config->zero_stage = 0;
    }
}

static gboolean
technique_applies (const CpJob *job,
                   CpTechnique  technique)
{
  switch (technique)
    {
    case CP_TECHNIQUE_AS_CONFIGURED:
      return TRUE;
    /* A recompute or ZeRO stage left to the search is already tried there. */
    case CP_TECHNIQUE_SELECTIVE_RECOMPUTE:
      return job->recompute == CP_RECOMPUTE_NONE;
    case CP_TECHNIQUE_FULL_RECOMPUTE:
      return job->recompute == CP_RECOMPUTE_NONE || job->recompute == CP_RECOMPUTE_SELECTIVE;
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
  double debug_hours = est->debug_days * 24.0;
  double debug_billed_hours = billed_hours (quote, debug_hours);
  double run_billed_hours = billed_hours (quote, run_hours);
  double billed_months = run_billed_hours / settings->hours_per_month;

  /* Debugging runs on one machine of the same offer (R4). A run on that
   * one machine continues the same rental, so debugging and run are
   * rounded up once, together, and the rental is shared between them by
   * their hours: neither part then costs less than its own use. Beside a
   * cluster run debugging stays a rental of its own. */
  if (est->nodes == 1 && debug_hours > 0)
    {
      double rental_hours = billed_hours (quote, debug_hours + run_hours);
      double run_share = run_hours / (debug_hours + run_hours);

      est->billed_hours = rental_hours * run_share;
      debug_billed_hours = rental_hours - est->billed_hours;
    }
  else
    est->billed_hours = run_billed_hours;
  est->compute_cost = est->billed_hours * rate * est->nodes;
  est->debug_cost = debug_billed_hours * rate;
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

  est->run_days = run_days;
  est->debug_days = 0;
  est->migration_days = 0;
  est->longest_run_days = job->deadline_days > 0 ? job->deadline_days : settings->longest_acceptable_run_days;
  if (cp_task_kind_is_training (job->kind))
    {
      /* Debugging is debug_share of a development cycle (R4), spent on
       * short runs on one machine: it grows with the formal run only up to
       * the longest acceptable run, so a 700-day run does not imply a year
       * of debugging. */
      double cycle_days = MIN (run_days, settings->longest_acceptable_run_days);

      est->debug_days = cycle_days * settings->debug_share / (1.0 - settings->debug_share);
      if (est->nodes > 1 && !job->team_has_distributed_experience)
        est->migration_days = settings->migration_days_no_experience;
      est->calendar_days = run_days + est->debug_days + est->migration_days;
      /* With no deadline the longest acceptable run stands in for one. */
      est->meets_deadline = job->deadline_days > 0 ? est->calendar_days <= job->deadline_days
                                                   : run_days <= settings->longest_acceptable_run_days;
    }
  else
    {
      /* A service learns to run across machines only when one replica
       * spans several (tensor or pipeline parallel between nodes):
       * replicas of a node each are independent servers behind a load
       * balancer, with nothing of distributed training to learn. */
      guint gpus_per_node = est->gpus / MAX (est->nodes, 1);
      gboolean replica_spans_nodes = est->tensor_parallel * MAX (est->pipeline_parallel, 1) > gpus_per_node;

      if (est->nodes > 1 && replica_spans_nodes && !job->team_has_distributed_experience &&
          job->kind == CP_TASK_INFERENCE)
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

/* vLLM's scheduler budget (EngineArgs.get_batch_defaults, API server):
 * 8,192 batched tokens and 1,024 sequences on GPUs of 70 GiB or more that
 * are not A100s, else 2,048 and 256. */
static void
serving_batch_defaults (const CpQuote *quote,
                        double         capacity_bytes,
                        double        *batched_tokens,
                        double        *max_sequences)
{
  const char *name = quote->gpu.name != NULL ? quote->gpu.name : "";
  const char *id = quote->gpu.id != NULL ? quote->gpu.id : "";
  gboolean a100 = strstr (id, "a100") != NULL || strstr (name, "A100") != NULL;

  if (capacity_bytes >= 70.0 * 1024 * 1024 * 1024 && !a100)
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

/* The peak of vLLM's profiling forward pass on one GPU: one layer's
 * intermediates for the batched tokens (layers run one after another and
 * free theirs), and fp32 logits for every sequence sampled. */
static double
serving_activation_peak_bytes (const CpJob *job,
                               double       batched_tokens,
                               double       max_sequences,
                               guint        tp)
{
  const CpModelSpec *m = &job->model;
  double h = m->hidden;
  double head_dim = cp_model_spec_head_dim (m);
  double qkv = ((double) m->heads + 2.0 * (m->kv_heads > 0 ? m->kv_heads : m->heads)) * head_dim;
  double ffn = m->ffn > 0 ? m->ffn : 4.0 * h;
  double mlp;

  if (cp_model_spec_is_moe (m))
    ffn = (double) cp_model_spec_expert_ffn (m) * MAX (m->experts_active, 1) +
          (double) cp_model_spec_shared_expert_ffn (m) * m->shared_experts;
  /* Gated MLPs hold gate and up projections and their product. */
  mlp = (m->gated_mlp ? 3.0 : 2.0) * ffn;
  return batched_tokens * 2.0 * (4.0 * h + (qkv + mlp) / tp) +
         MIN (batched_tokens, max_sequences) * m->vocab * 4.0;
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

  size->gpus = gpus;
  size->tp = MIN (gpus, gpn);
  size->pp = gpus > gpn ? gpus / gpn : 1;
  if ((gpus < gpn && gpn % gpus != 0) || !serving_tensor_parallel_allowed (m, size->tp))
    return FALSE;
  /* An explicit tensor-parallel size is served as given (vLLM's
   * --tensor-parallel-size). */
  if (job->tensor_parallel > 0 && size->tp != job->tensor_parallel)
    return FALSE;
  size->activation_bytes = serving_activation_peak_bytes (job, batched_tokens, max_sequences, size->tp);
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
  /* Whole requests need whole blocks each, and vLLM's scheduler runs at
   * most max_num_seqs of them at once. */
  size->carried = MIN (floor (size->blocks / blocks_per_request), max_sequences);
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

/* TRUE when @a serves the job better than @b: first one that carries the
 * target concurrency within @max_gpus, on the fewest GPUs (a serving
 * replica is rented whole, so GPUs are the cost); neither carrying it, the
 * one that carries more there; at equal GPUs, the one with more output
 * tokens a second on @est's GPUs, whose hourly cost is the same for both,
 * so also the cheaper million output tokens. */
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
  double a_gpus = ceil (target / a->carried) * a->gpus;
  double b_gpus = ceil (target / b->carried) * b->gpus;
  gboolean a_carries = a_gpus <= max_gpus;
  gboolean b_carries = b_gpus <= max_gpus;
  CpEstimate with_a, with_b;

  if (a_carries != b_carries)
    return a_carries;
  if (a_carries && a_gpus != b_gpus)
    return a_gpus < b_gpus;
  if (!a_carries)
    {
      double a_most = floor ((double) max_gpus / a->gpus) * a->carried;
      double b_most = floor ((double) max_gpus / b->gpus) * b->carried;

      if (a_most != b_most)
        return a_most > b_most;
    }
  with_a = *est;
  with_b = *est;
  serve_with_replica (job, quote, settings, weights, max_sequences, a, &with_a);
  serve_with_replica (job, quote, settings, weights, max_sequences, b, &with_b);
  return with_a.output_tokens_per_s > with_b.output_tokens_per_s;
}

static void
estimate_inference (const CpJob      *job,
                    const CpQuote    *quote,
                    guint             nodes,
                    const CpSettings *settings,
                    CpEstimate       *est)
{
  double capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  double budget = capacity * settings->serving_memory_fraction;
  double weights = inference_weight_bytes (job);
  double block = settings->kv_block_tokens;
  double blocks_per_request = ceil (job->context_len / block);
  double batched_tokens, max_sequences;
  double kv_per_request;
  guint gpn = quote->gpus_per_node;
  guint max_gpus = gpn * MAX (quote->nodes_available, nodes);
  guint replica_gpus = 0;
  ReplicaSize chosen = { 0 };

  est->kv_bytes_per_token = cp_job_kv_bytes_per_token (job);
  kv_per_request = est->kv_bytes_per_token * job->context_len;
  serving_batch_defaults (quote, capacity, &batched_tokens, &max_sequences);
  est->serving_budget_bytes = budget;
  est->cuda_graph_bytes = settings->cuda_graph_bytes;
  est->layout_searched = job->tensor_parallel == 0;

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
       * than the GPUs the best one carries the target on can only need
       * more, unless the trial's size is still to come. */
      if (chosen.kv_exact ||
          (replica_gpus > 0 && !trial_size_ahead &&
           g > ceil (MAX (job->concurrency, 1u) / chosen.carried) * replica_gpus))
        break;
      if (!lay_out_replica (job, quote, settings, budget, weights, batched_tokens, max_sequences, g, &size))
        continue;
      est->layouts_evaluated++;
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
      est->tensor_parallel = job->tensor_parallel > 0 ? job->tensor_parallel : MIN (gpus, gpn);
      est->pipeline_parallel = MAX (gpus / gpn, 1);
      est->weights_bytes = weights / gpus;
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
      est->tensor_parallel = chosen.tp;
      est->pipeline_parallel = chosen.pp;
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
      est->data_parallel = replicas_here;
      est->fits = replicas_here >= 1;
      est->weights_bytes = weights / replica_gpus;
      served = replicas_here > 0 ? MIN (chosen.carried, ceil ((double) job->concurrency / replicas_here)) : 0;
      est->kv_cache_bytes = served * blocks_per_request * block * chosen.kv_per_gpu_token_bytes;
      est->memory_per_gpu_bytes = est->weights_bytes + est->kv_cache_bytes + chosen.activation_bytes +
                                  settings->cuda_graph_bytes + est->overhead_bytes;
      serve_with_replica (job, quote, settings, weights, max_sequences, &chosen, est);
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
trial_utilisation (const Context *c,
                   double         flops_factor)
{
  const CpTrialRun *trial = &c->job->trial;
  double tokens_per_s = trial->tokens_per_s;

  if (tokens_per_s <= 0 && trial->step_s > 0)
    tokens_per_s = c->batch_seqs * c->seq / trial->step_s;
  if (tokens_per_s <= 0 || trial->gpus == 0 || trial->gpu_dense_flops <= 0)
    return 0;
  return MIN (flops_factor * active_params (&c->job->model) * tokens_per_s /
              (trial->gpus * trial->gpu_dense_flops), 1.0);
}

/* FLOPs per parameter and token of the convention (6·N·D, 8 with full
 * recompute of every layer, LoRA's), for the totals and measured
 * utilisations. */
static double
flops_per_param_token (const Context *c,
                       const Config  *k)
{
  double factor = c->param_flops_factor;

  if (k->recompute == CP_RECOMPUTE_FULL)
    factor += 2.0 * recompute_fraction (c, k);
  else if (k->recompute == CP_RECOMPUTE_SELECTIVE)
    factor *= 1.0 + c->settings->selective_recompute_flops_overhead;
  return factor;
}

static void
layout_to_public (const Context *c,
                  const Config  *k,
                  CpLayout      *out)
{
  out->tensor_parallel = k->tp;
  out->pipeline_parallel = k->pp;
  out->data_parallel = k->dp;
  out->expert_parallel = k->ep;
  out->virtual_stages = k->vs;
  out->zero_stage = k->zero_stage;
  out->micro_batch = k->mb;
  out->micro_batches = k->m;
  out->recompute = k->recompute;
  out->layers_per_gpu = (guint) layers_per_gpu (c, k);
  out->recomputed_layers = k->recompute != CP_RECOMPUTE_FULL ? 0
                           : k->recompute_layers > 0 ? k->recompute_layers : out->layers_per_gpu;
}

static void
estimate_training_time (const Context *c,
                        const Config  *k,
                        CpEstimate    *est)
{
  const CpJob *job = c->job;
  const CpModelSpec *m = &job->model;
  double factor = flops_per_param_token (c, k);
  double measured = trial_utilisation (c, factor);
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, c->quote->id) == 0;
  Context timed = *c;
  StepTime st;
  double steps, modelled_s;

  est->time_source = CP_TIME_SOURCE_MODEL;
  layout_time (&timed, k, &st);
  if (measured > 0)
    {
      /* A measured utilisation is end-to-end in the 6·N·D convention: it
       * sets the compute time of a step, the rest follows from it. */
      double measured_compute = factor * active_params (m) * st.tokens / (c->gpus * c->peak * measured);

      timed.utilisation = c->utilisation * st.compute / measured_compute;
      layout_time (&timed, k, &st);
      est->time_source = on_trial_hardware ? CP_TIME_SOURCE_TRIAL : CP_TIME_SOURCE_EXTRAPOLATED;
    }
  steps = job->tokens / st.tokens;

  est->global_batch_tokens = st.tokens;
  est->steps = steps;
  est->flops = factor * active_params (m) * job->tokens;
  est->compute_s = steps * st.compute;
  est->dp_communication_s = steps * st.dp;
  est->zero3_gather_s = steps * st.zero3_gather;
  est->exposed_dp_communication_s = steps * st.dp_exposed;
  est->tp_communication_s = steps * st.tp;
  est->pp_communication_s = steps * st.pp;
  est->all_to_all_s = steps * st.all_to_all;
  est->overlap_slowdown_s = steps * st.overlap_slowdown;
  est->communication_s = steps * (st.dp + st.tp + st.pp + st.all_to_all + st.offload);
  est->inter_node_communication_s = est->nodes > 1 ? steps * (st.dp + st.pp + st.all_to_all) : 0;
  est->exposed_communication_s = steps * st.exposed;
  est->bubble_s = steps * st.bubble;
  est->total_s = est->compute_s + est->exposed_communication_s + est->bubble_s;
  modelled_s = est->total_s;

  if (job->mfu > 0)
    {
      /* An end-to-end MFU already contains communication and bubbles. */
      est->time_source = CP_TIME_SOURCE_MFU;
      est->compute_s = est->flops / (est->gpus * c->peak * job->mfu);
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
      est->bubble_s = 0;
    }
  else if (est->time_source == CP_TIME_SOURCE_TRIAL && est->nodes == 1)
    {
      /* On the machine that ran it, the trial's throughput is the answer. */
      est->compute_s = est->flops / (est->gpus * c->peak * measured);
      est->total_s = est->compute_s;
      est->exposed_communication_s = 0;
      est->bubble_s = 0;
    }

  /* The runner-up on the same footing as the run time given or measured. */
  if (modelled_s > 0 && est->total_s != modelled_s)
    est->runner_up_total_s *= est->total_s / modelled_s;

  est->comm_compute_ratio = est->compute_s > 0 ? est->communication_s / est->compute_s : 0;
  est->scaling_efficiency = est->total_s > 0 ? est->compute_s / est->total_s : 0;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->achieved_mfu = est->total_s > 0 ? 6.0 * active_params (m) * job->tokens / (est->total_s * est->gpus * c->peak) : 0;
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

static gboolean some_split_fits (const Context *c, const Config *techniques,
                                 CpRecompute recompute_max, guint zero_max);

/* The memory technique a searched layout relies on (R1 names it): full
 * recompute or ZeRO-3 chosen by the search count when no layout without
 * them fits. */
static CpTechnique
technique_searched (const Context *c,
                    const Config  *techniques,
                    const Config  *chosen)
{
  gboolean full = chosen->recompute == CP_RECOMPUTE_FULL && c->job->recompute == CP_RECOMPUTE_AUTO;
  gboolean zero3 = chosen->zero_stage == 3 && c->job->zero_stage == CP_ZERO_STAGE_AUTO;

  Config lighter = *chosen;
  Memory mem;

  if (!full && !zero3)
    return CP_TECHNIQUE_AS_CONFIGURED;
  /* Most often the chosen split itself fits without them (ZeRO-3 won a
   * tie on headroom). */
  lighter.recompute = full ? CP_RECOMPUTE_SELECTIVE : chosen->recompute;
  lighter.zero_stage = zero3 ? MAX (techniques->zero_stage, MIN (2u, c->gpus / (chosen->tp * chosen->pp) > 1 ? 2u : 0u))
                             : chosen->zero_stage;
  layout_memory (c, &lighter, &mem);
  if (memory_fits (c, &mem) || some_split_fits (c, techniques, CP_RECOMPUTE_SELECTIVE, 2))
    return CP_TECHNIQUE_AS_CONFIGURED;
  if (some_split_fits (c, techniques, CP_RECOMPUTE_FULL, 2))
    return CP_TECHNIQUE_FULL_RECOMPUTE;
  return CP_TECHNIQUE_ZERO3;
}

static gboolean
layout_is_searched (const CpJob *job)
{
  return job->tensor_parallel == 0 || job->pipeline_parallel == 0 || job->micro_batch == 0 ||
         job->zero_stage == CP_ZERO_STAGE_AUTO || job->recompute == CP_RECOMPUTE_AUTO ||
         (job->pipeline_parallel != 1 && job->virtual_stages == 0) ||
         (cp_model_spec_is_moe (&job->model) && job->expert_parallel == 0);
}

static void
estimate_training (const CpJob      *job,
                   const CpQuote    *quote,
                   CpTechnique       technique,
                   const CpSettings *settings,
                   CpEstimate       *est)
{
  Config techniques, whole;
  Memory need = { 0 };
  Context c;
  Search search;
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, quote->id) == 0;

  apply_technique (job, technique, &techniques);
  context_init (&c, job, quote, est->gpus, &techniques, settings);
  search_layout (&c, &techniques, &search);

  fill_memory (est, &search.best.memory);
  est->fits = search.best.fits;
  est->available_per_gpu_bytes = c.capacity;
  est->flash_attention = c.flash;
  est->layout_searched = layout_is_searched (job);
  est->layouts_evaluated = search.evaluated;
  if (technique == CP_TECHNIQUE_AS_CONFIGURED && search.best.fits)
    est->technique = technique_searched (&c, &techniques, &search.best.config);

  /* R1 compares the whole job, unsharded, with one machine: one GPU's
   * worth of everything at the job's recompute (selective where the search
   * chooses, Megatron-LM's practice). */
  apply_technique (job, CP_TECHNIQUE_AS_CONFIGURED, &whole);
  whole.tp = whole.pp = whole.dp = whole.ep = whole.vs = whole.m = 1;
  whole.mb = MAX (job->micro_batch, 1);
  whole.zero_stage = 0;
  whole.recompute = job->recompute == CP_RECOMPUTE_AUTO ? CP_RECOMPUTE_SELECTIVE : job->recompute;
  layout_memory (&c, &whole, &need);
  est->total_memory_bytes = need.total;
  est->checkpoint_bytes = need.weights + need.optimizer;
  est->memory_gap = need.total / (c.capacity * quote->gpus_per_node);

  /* A trial's measured peak replaces the estimate on the configuration it ran (R9). */
  if (on_trial_hardware && job->trial.peak_memory_bytes > 0 && est->nodes == 1 &&
      technique == CP_TECHNIQUE_AS_CONFIGURED)
    {
      est->memory_per_gpu_bytes = job->trial.peak_memory_bytes;
      est->memory_measured = TRUE;
      est->fits = est->memory_per_gpu_bytes <= c.capacity &&
                  (c.host_capacity <= 0 || search.best.memory.host <= c.host_capacity);
    }

  est->tensor_parallel = search.best.config.tp;
  est->pipeline_parallel = search.best.config.pp;
  est->data_parallel = search.best.config.dp;
  est->expert_parallel = search.best.config.ep;
  est->virtual_stages = search.best.config.vs;
  est->micro_batch = search.best.config.mb;
  est->micro_batches = search.best.config.m;
  est->zero_stage = search.best.config.zero_stage;
  est->recompute = search.best.config.recompute;
  est->layers_per_gpu = (guint) layers_per_gpu (&c, &search.best.config);
  est->recomputed_layers = est->recompute != CP_RECOMPUTE_FULL ? 0
                           : search.best.config.recompute_layers > 0 ? search.best.config.recompute_layers
                           : est->layers_per_gpu;
  est->cpu_offload = search.best.config.offload;
  est->host_memory_per_node_bytes = search.best.memory.host;

  if (search.runner_up.valid)
    {
      layout_to_public (&c, &search.runner_up.config, &est->runner_up);
      est->runner_up_fits = search.runner_up.fits;
      est->runner_up_total_s = search.runner_up.time.run;
      est->runner_up_memory_per_gpu_bytes = search.runner_up.memory.total;
      if (!search.runner_up.fits)
        est->layout_why = CP_LAYOUT_WHY_ONLY_FIT;
      else if (search.best.time.run < search.runner_up.time.run * (1.0 - TIE_FRACTION) ||
               search.best.memory.total >= search.runner_up.memory.total)
        est->layout_why = CP_LAYOUT_WHY_FASTER;
      else
        est->layout_why = CP_LAYOUT_WHY_HEADROOM;
    }
  else
    est->layout_why = CP_LAYOUT_WHY_NONE;

  estimate_training_time (&c, &search.best.config, est);
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
  /* ZeRO, recompute and offload are training's: a service or a month of
   * debugging keeps none of them, whatever the job's (unused) settings. */
  if (cp_task_kind_is_training (job->kind))
    {
      out->zero_stage = job->zero_stage;
      out->recompute = job->recompute;
      out->cpu_offload = job->cpu_offload;
    }
  else
    {
      out->zero_stage = 0;
      out->recompute = CP_RECOMPUTE_NONE;
      out->cpu_offload = FALSE;
    }
  out->expert_parallel = 1;
  out->virtual_stages = 1;

  if (cp_task_kind_is_training (job->kind))
    estimate_training (job, quote, technique, settings, out);
  else if (job->kind == CP_TASK_INFERENCE)
    estimate_inference (job, quote, nodes, settings, out);
  else
    estimate_single_machine_work (job, quote, settings, out);

  cp_goodput_apply (job, quote, settings, out);
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

/* Whether some split fits with recompute and ZeRO at most @recompute_max
 * and @zero_max (and the job's pins): the smallest layout of every split,
 * no timing. */
static gboolean
some_split_fits (const Context *c,
                 const Config  *techniques,
                 CpRecompute    recompute_max,
                 guint          zero_max)
{
  Choices choices;
  Split splits[MAX_SPLITS];
  guint n;

  choices_init (c, techniques, &choices);
  n = enumerate_splits (c, splits, MAX_SPLITS);
  for (guint i = 0; i < n; i++)
    {
      Config k;
      Memory mem;
      guint zero_first, zero_last;

      if (!split_zero_range (c, &choices, &splits[i], &zero_first, &zero_last) || zero_first > zero_max ||
          choices.recompute_first > recompute_max)
        continue;
      split_config (&splits[i], c, techniques, &k);
      k.mb = choices.mb_values[0];
      k.m = micro_batches (c, k.dp, k.pp, k.mb);
      k.zero_stage = MIN (zero_last, zero_max);
      k.recompute = MIN (choices.recompute_last, recompute_max);
      layout_memory (c, &k, &mem);
      if (memory_fits (c, &mem))
        return TRUE;
    }
  return FALSE;
}

/* Whether @technique makes the job's memory fit, without timing it. */
static gboolean
technique_fits (const CpJob      *job,
                const CpQuote    *quote,
                guint             nodes,
                CpTechnique       technique,
                const CpSettings *settings)
{
  Config techniques;
  Context c;

  apply_technique (job, technique, &techniques);
  context_init (&c, job, quote, nodes * quote->gpus_per_node, &techniques, settings);
  return some_split_fits (&c, &techniques, CP_RECOMPUTE_FULL, 3);
}

/* The host memory per node CPU offload would need where it fits the GPUs
 * but not the host memory @quote states; 0 where the GPUs are what it
 * does not fit. */
static double
offload_host_memory_refused (const CpJob      *job,
                             const CpQuote    *quote,
                             guint             nodes,
                             const CpSettings *settings)
{
  /* The same offer with its host memory unstated: a shallow copy, only
   * read. */
  CpQuote unstated = *quote;
  CpEstimate offloaded;

  unstated.host_memory_per_node_bytes = 0;
  if (!technique_fits (job, &unstated, nodes, CP_TECHNIQUE_CPU_OFFLOAD, settings))
    return 0;
  estimate_unchecked (job, &unstated, nodes, CP_TECHNIQUE_CPU_OFFLOAD, settings, &offloaded);
  return offloaded.host_memory_per_node_bytes;
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
          break;
        }
    }
  /* Where offload was passed over (or, pinned by the job, failed) for the
   * host memory the quote states, R1 says so. */
  if (quote->host_memory_per_node_bytes > 0 && (!out->fits || out->technique > CP_TECHNIQUE_CPU_OFFLOAD))
    out->offload_refused_host_bytes = offload_host_memory_refused (job, quote, nodes, settings);
  return TRUE;
}

double
cp_gpu_spec_dense_peak_flops (const CpGpuSpec *gpu,
                              CpPrecision      precision)
{
  return dense_peak_flops (gpu, precision);
}

gboolean
cp_gpu_spec_runs_flash_attention (const CpGpuSpec *gpu)
{
  return !gpu->no_flash_attention;
}

static const char * const layout_why_names[] = { "none", "faster", "headroom", "only-fit" };
G_STATIC_ASSERT (G_N_ELEMENTS (layout_why_names) == CP_N_LAYOUT_WHYS);

const char *
cp_layout_why_to_string (CpLayoutWhy why)
{
  return (guint) why < CP_N_LAYOUT_WHYS ? layout_why_names[why] : NULL;
}

gboolean
cp_layout_why_from_string (const char  *str,
                           CpLayoutWhy *out)
{
  for (guint i = 0; str != NULL && i < CP_N_LAYOUT_WHYS; i++)
    if (g_strcmp0 (str, layout_why_names[i]) == 0)
      {
        *out = (CpLayoutWhy) i;
        return TRUE;
      }
  return FALSE;
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
  Config config;
  Memory mem = { 0 };
  Context c;
  CpQuote ideal = { 0 };

  if (job->kind == CP_TASK_INFERENCE)
    {
      double kv = cp_job_kv_bytes_per_token (job) * job->context_len * job->concurrency;
      return (inference_weight_bytes (job) + kv) / MAX (gpus, 1) + settings->framework_overhead_bytes;
    }
  if (!cp_task_kind_is_training (job->kind))
    return settings->framework_overhead_bytes;

  /* Data parallel only, at the Megatron-LM practice where the job leaves
   * a part to the search: selective recompute, ZeRO-1, micro-batch 1. */
  apply_technique (job, technique, &config);
  ideal.gpus_per_node = MAX (gpus, 1);
  context_init (&c, job, &ideal, MAX (gpus, 1), &config, settings);
  config.tp = config.pp = config.ep = config.vs = config.m = 1;
  config.dp = MAX (gpus, 1);
  config.mb = MAX (job->micro_batch, 1);
  if (job->recompute != CP_RECOMPUTE_AUTO && (config.recompute == CP_RECOMPUTE_AUTO || job->recompute > config.recompute))
    config.recompute = job->recompute;
  else if (config.recompute == CP_RECOMPUTE_AUTO)
    config.recompute = CP_RECOMPUTE_SELECTIVE;
  if (job->zero_stage != CP_ZERO_STAGE_AUTO)
    config.zero_stage = MAX (config.zero_stage, job->zero_stage);
  else if (config.zero_stage == 0 && !config.lora && !config.qlora)
    config.zero_stage = 1;
  layout_memory (&c, &config, &mem);
  return mem.total;
}
