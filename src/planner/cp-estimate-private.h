/* cp-estimate-private.h: what the parts of one training estimate share.
 *
 * cp-estimate.c holds the per-estimate constants (Context) and drives the
 * others: cp-estimate-memory.c (memory of one layout), cp-estimate-time.c
 * (step time and communication), cp-layout-search.c (the fastest layout
 * that fits, over the splits of cp-layout-splits.c), cp-estimate-cost.c (calendar and cost) and
 * cp-estimate-serving.c (vLLM's memory profile and replica sizes). Only
 * the planner includes this header.
 */
#pragma once

#include <math.h>

#include "cp-estimate.h"

G_BEGIN_DECLS

#define SECONDS_PER_DAY 86400.0

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
  /* _cp_layers_per_gpu() of tp, pp and vs, set by the layout search with
   * them (every layout of a split asks for it); 0: worked out on each
   * call. Whoever changes pp or vs of a Config set here sets it to 0. */
  double      layers_here;
} Config;

typedef struct {
  double weights;
  double gradients;
  double optimizer;
  double activations;
  double overhead;      /* the framework's, plus the three parts below */
  double fragmentation; /* the allocator's gaps: a fraction of the states and activations */
  double gathered;      /* ZeRO-3 / FSDP: the layers gathered whole while they compute */
  double reducing;      /* ZeRO-3 / FSDP: one layer's gradients whole, on their way to the reduce-scatter */
  double step_copy;     /* ZeRO-3 as DeepSpeed runs it: the optimizer step's flat and fp32 copies of the gradients */
  double step_temp;     /* ZeRO-3 as DeepSpeed runs it with PyTorch's AdamW: the step's sqrt(v) temporary */
  double total;
  double host;          /* CPU offload: what the GPUs of one node keep in its RAM */
} Memory;

/* Seconds of one optimizer step, term by term. */
typedef struct {
  double compute;
  double attention;     /* the attention core's part of compute */
  double backward;
  double dp;            /* gradient reduction (and ZeRO gathers), before overlap */
  double dp_exposed;
  double dp_floor;      /* the part of dp_exposed no overlap can hide */
  double zero3_gather;
  double tp;
  double tp_exposed;    /* of tp, what the GEMMs beside it do not hide */
  double pp;
  double all_to_all;
  double all_to_all_exposed;  /* of all_to_all, what no compute hides */
  double permute;       /* of compute, the experts' token permutations (memory-bound) */
  double offload;       /* the offload copies */
  double offload_cpu_step; /* the CPU's optimizer step the GPUs wait for */
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
  /* what the loss keeps of the logits per sequence position and vocabulary
   * entry of a micro-batch of one sequence, before tensor parallelism
   * (cp_cross_entropy_bytes_per_logit() × s): every layout's memory asks */
  double  logit_bytes_per_seq;
  double  dense_layer_params;   /* all layers' non-expert parameters */
  double  expert_params;        /* routed experts of all layers */
  double  embedding_all;        /* input and output tables */
  double  embedding_stage;      /* what the first or last pipeline stage holds */
  double  layer_params;         /* one layer, gathered whole by ZeRO-3 */
  double  moe_layers;
  double  experts_total;
  double  top_k;
  double  expert_ffn;           /* one routed expert's intermediate size */
  double  expert_flops_fwd;     /* 2 × the routed experts' parameters a token passes through */
  double  lora_trainable;
  double  lora_expert_trainable; /* of lora_trainable, the routed experts' adapters */
  double  qlora_base_bytes;
  /* bytes */
  double  w, g, o;
  double  act_bytes;
  double  act_scale;
  double  act_none;             /* activation bytes per s·b·h of one layer, no recompute */
  double  act_selective;
  double  act_selective_all_to_all; /* added where experts are spread over ranks */
  double  selective_overhead;   /* FLOPs selective recompute adds, fraction of a step's */
  /* FLOPs per token */
  double  param_flops_fwd;      /* 2 × active parameters */
  double  attention_flops_fwd;  /* 4 · L · s · d_attn (QKᵀ and AV) */
  double  param_flops_factor;   /* 6, or LoRA's */
  double  peak;
  double  attention_peak;       /* what the attention core runs at: BF16 under FP8 */
  double  expert_peak;          /* what the routed experts run at: under FP8, BF16's × moe-fp8-expert-speedup */
  double  expert_gemm_ceiling;  /* their largest grouped GEMMs' speed against the dense layers' (≤ 1, _cp_grouped_gemm_peak_share()) */
  double  memory_bytes_per_s;   /* what memory-bound kernels reach of the GPU's bandwidth; 0: not stated */
  /* The routed experts' permutation bytes per token over the MoE layers
   * (cp-estimate-time.c), with every expert of a GPU's on it ([0]) and
   * with them spread over the GPUs of expert parallelism ([1]); and the
   * bytes of one token's hidden state in the expert all-to-all: the
   * bound of every split and each split's step time ask for them. */
  double  expert_permute_bytes[2];
  double  all_to_all_token_bytes;
  double  utilisation;
  double  intra;
  double  inter;
  gboolean recompute_partial;   /* the search may recompute some layers only */
  double  batch_seqs;           /* global batch asked for, in sequences */
  double  largest_batch_seqs;   /* what a cluster may raise it to */
  gboolean qlora;
} Context;

typedef struct {
  Config   config;
  Memory   memory;
  StepTime time;
  gboolean fits;
  gboolean valid;
} Candidate;

typedef struct {
  Candidate best;
  Candidate runner_up;
  double    fastest_run;  /* the fastest layout timed that fits, whatever its memory (0: none) */
  double    fastest_memory;
  guint     evaluated;    /* layouts weighed: timed, or left by their lower bound */
  guint     timed;        /* of them, timed */
  guint     splits;       /* splits of the GPUs enumerated */
  guint     pruned;       /* of them, left by their lower bound before memory or time */
} Search;

gboolean
_cp_is_mixed_precision (CpPrecision precision);

double
_cp_active_params (const CpModelSpec *model);

double
_cp_embedding_params (const CpModelSpec *model);

double
_cp_lora_params (const CpJob *job);

double
_cp_lora_expert_params (const CpJob *job);

double
_cp_optimizer_moment_bytes (CpOptimizer optimizer);

void
_cp_bytes_per_param (CpPrecision        precision,
                     CpOptimizer        optimizer,
                     CpBytesConvention  convention,
                     CpOptimizerStates  kind,
                     double            *weights,
                     double            *gradients,
                     double            *states);

double
_cp_attention_activation_coefficient (const CpModelSpec *model);
double
_cp_per_layer_activation_coefficient (const CpModelSpec    *model,
                                      double                seq_len,
                                      gboolean              flash,
                                      CpRecompute           recompute,
                                      CpSelectiveRecompute  policy);
double
_cp_op_checkpoint_all_to_all_coefficient (const CpModelSpec    *model,
                                          CpSelectiveRecompute  policy);
double
_cp_frozen_base_activation_saving (const CpJob          *job,
                                   CpRecompute           recompute,
                                   CpSelectiveRecompute  policy);
double
_cp_selective_recompute_flops_overhead (const CpModelSpec *model,
                                        const CpSettings  *settings,
                                        double             param_flops_factor,
                                        double             param_flops_fwd,
                                        double             attention_flops_fwd);

/* Layers on the fullest GPU: v chunks of ceil(L/(p·v)) layers each when
 * the layers do not divide evenly. Inline: the memory, time and bound of
 * every layout ask for it, and the call cost more than the sum. */
static inline double
_cp_layers_per_gpu_of (const Context *c,
                       guint          pp,
                       guint          vs)
{
  double chunks = (double) pp * MAX (vs, 1);

  return ceil (c->layers / chunks) * MAX (vs, 1);
}

static inline double
_cp_layers_per_gpu (const Context *c,
                    const Config  *k)
{
  if (k->layers_here > 0)
    return k->layers_here;
  return _cp_layers_per_gpu_of (c, k->pp, k->vs);
}

/* Share of this GPU's layers whose forward pass runs twice. Inline as
 * _cp_layers_per_gpu(): the memory, time and bound of every layout ask
 * for it, the bound and the step time twice. */
static inline double
_cp_recompute_fraction (const Context *c,
                        const Config  *k)
{
  double layers_here;

  if (k->recompute != CP_RECOMPUTE_FULL)
    return 0;
  layers_here = _cp_layers_per_gpu (c, k);
  if (k->recompute_layers == 0 || k->recompute_layers >= layers_here)
    return 1.0;
  return k->recompute_layers / layers_here;
}

/* Share of this GPU's MoE layers whose MoE half (router, dispatch,
 * experts, combine) runs its forward twice: the recomputed layers' share,
 * or all of them under Megatron-Core's per-module MoE recompute (the moe
 * selective-recompute policy, which checkpoints each MoELayer whole:
 * cp-estimate-memory.c). */
static inline double
_cp_moe_recompute_fraction (const Context *c,
                            const Config  *k)
{
  if (k->recompute == CP_RECOMPUTE_SELECTIVE && c->settings->selective_recompute == CP_SELECTIVE_RECOMPUTE_MOE &&
      c->moe_layers > 0)
    return 1.0;
  return _cp_recompute_fraction (c, k);
}

/* Tensor-parallel ranks one routed expert is split over (Megatron-Core's
 * expert tensor parallel, ETP). Megatron-Core lays the MoE layers out on a
 * grid of their own, ETP × EP × expert-DP × PP over the same GPUs as the
 * attention's TP × DP × PP ("MoE Parallel Folding", Liu et al. 2025,
 * arXiv 2504.14960, §3; megatron/core/parallel_state.py:
 * expert_data_parallel_size = world / (ETP × EP × PP)), so EP may take
 * its ranks from tensor × data parallel. The setting moe-expert-tp says
 * whether ETP follows TP (Megatron-LM's --expert-tensor-parallel-size
 * default, megatron/training/arguments.py) or is 1 (off, the default:
 * every MoE recipe of Megatron-Bridge sets expert_tensor_parallel_size = 1,
 * e.g. recipes/qwen/h100/qwen3_moe.py, and every row of the
 * Megatron-MoE-ModelZoo tables states ETP 1). An EP the data-parallel
 * ranks do not divide runs only with ETP 1. Inline: the memory, time and
 * bound of every layout ask for it. */
static inline double
_cp_expert_tp (const Context *c,
               const Config  *k)
{
  guint ep = MAX (k->ep, 1);

  if (!c->settings->moe_expert_tp || k->dp % ep != 0)
    return 1.0;
  return k->tp;
}

/* Ranks holding the same experts (Megatron-Core's expert data parallel):
 * TP × DP / (ETP × EP). */
static inline double
_cp_expert_dp (const Context *c,
               const Config  *k)
{
  return MAX (1.0, (double) k->tp * k->dp / (_cp_expert_tp (c, k) * MAX (k->ep, 1)));
}

void
_cp_layout_memory (const Context *c,
                   const Config  *k,
                   Memory        *mem);

double
_cp_lora_trainable_here (const Context *c,
                         const Config  *k,
                         double        *dense,
                         double        *experts);

double
_cp_lora_frozen_base_bytes (const Context *c,
                            const Config  *k,
                            double        *dense,
                            double        *experts);

double
_cp_optimizer_params_here (const Context *c,
                           const Config  *k);

gboolean
_cp_offload_holds_weights (const Context *c,
                           const Config  *k);

void
_cp_layout_memory_states (const Context *c,
                          const Config  *k,
                          Memory        *mem);

/* Whether _cp_layout_memory_states() of @k depends on its micro-batches
 * per step (k->m): FSDP1's adapter gradients (cp-estimate-memory.c). The
 * layout search shares the states of a split's layouts at one ZeRO stage
 * by it. Inline: asked for each layout the search weighs. */
static inline gboolean
_cp_layout_memory_states_depend_on_m (const Context *c,
                                      const Config  *k)
{
  return (k->lora || k->qlora) && c->settings->fsdp1_adapter_gradients;
}

void
_cp_layout_memory_activations (const Context *c,
                               const Config  *k,
                               Memory        *mem);

gboolean
_cp_memory_fits (const Context *c,
                 const Memory  *mem);

double
_cp_dense_peak_flops (const CpGpuSpec *gpu,
                      CpPrecision      precision);

double
_cp_intra_bytes_per_s (const CpQuote    *quote,
                       const CpSettings *settings);

double
_cp_inter_bytes_per_s_per_gpu (const CpQuote    *quote,
                               const CpSettings *settings);

void
_cp_expert_permute_bytes_init (Context *c);

void
_cp_all_to_all_token_bytes_init (Context *c);

double
_cp_expert_tokens_per_gemm (const Context *c,
                            const Config  *k);

double
_cp_expert_gemm_speed (const Context *c,
                       const Config  *k);

double
_cp_grouped_gemm_peak_share (const CpGpuSpec *gpu,
                             CpPrecision      precision);

/* The per-token compute of _cp_layout_run_lower_bound(), for the splits
 * of one expert tensor-parallel size and one recompute (none partial). */
typedef struct {
  double      etp;
  CpRecompute recompute;
  double      recompute_fraction;
  double      per_token;
} BoundCompute;

void
_cp_bound_compute_init (const Context *c,
                        const Config  *k,
                        double         expert_tokens,
                        BoundCompute  *bc);

double
_cp_layout_run_lower_bound (const Context      *c,
                            const Config       *k,
                            const BoundCompute *bc);

void
_cp_layout_time (const Context *c,
                 const Config  *k,
                 StepTime      *st);

/* The parts of _cp_layout_time() every layout of one split shares. */
typedef struct {
  double layers_here;
  double all_to_all_per_token;  /* all_to_all_s_per_token() where EP > 1 */
  double all_reduce;            /* data-parallel gradient reduction */
  double half;                  /* ZeRO-2/3: one pass over the trainable shards */
  double gather;                /* ZeRO-3: one all-gather of the sharded weights, a frozen base's too */
  double bucket_share;          /* the last bucket's share, never hidden */
  double offload;               /* the offload copies of a step */
  double offload_cpu_step;      /* the CPU's optimizer step, before any overlap */
  /* The routed experts' permutation bytes per token over the MoE layers
   * (expert_permute_s_per_token() before its recompute factor), and
   * their GEMM speed at the micro-batch sizes timed so far: a split's
   * layouts differ in neither's other inputs. */
  double permute_bytes;
  guint  n_expert_speeds;
  guint  expert_speed_mb[8];
  double expert_speed[8];
} TimeSplit;

void
_cp_layout_time_split_init (const Context *c,
                            const Config  *k,
                            TimeSplit     *ts);

void
_cp_layout_time_of_split (const Context   *c,
                          const Config    *k,
                          TimeSplit       *ts,
                          StepTime        *st);

/* @searched: _cp_layout_time() of @k, as the layout search worked it
 * out (not worked out again). */
void
_cp_estimate_training_time (const Context  *c,
                            const Config   *k,
                            const StepTime *searched,
                            CpEstimate     *est);

void
_cp_search_layout (const Context *c,
                   const Config  *techniques,
                   Search        *search);

gboolean
_cp_some_split_fits (const Context *c,
                     const Config  *techniques,
                     CpRecompute    recompute_max,
                     guint          zero_max);

CpRefusal
_cp_layout_refusal (const Context *c);

CpTechnique
_cp_technique_searched (const Context *c,
                        const Config  *techniques,
                        const Config  *chosen);

void
_cp_layout_to_public (const Context *c,
                      const Config  *k,
                      CpLayout      *out);

void
_cp_estimate_cost (const CpJob      *job,
                   const CpQuote    *quote,
                   const CpSettings *settings,
                   CpEstimate       *est);

void
_cp_estimate_calendar (const CpJob      *job,
                       const CpSettings *settings,
                       CpEstimate       *est);

double
_cp_job_duration_s (const CpJob *job);

double
_cp_inference_weight_bytes (const CpJob      *job,
                            const CpSettings *settings);

/* The KV cache a running request holds, in tokens, as the serving plan
 * counts it against the cache (the kv-admission setting): its blocks on
 * average over its life (paged) or to its full length, whole blocks. */
double
_cp_serving_kv_tokens_per_request (const CpJob      *job,
                                   const CpSettings *settings);

/* Bits a quantised weight takes with its 4-bit format's scales and zeros. */
double
_cp_inference_stored_bits (const CpJob      *job,
                           const CpSettings *settings);

void
_cp_estimate_inference (const CpJob      *job,
                        const CpQuote    *quote,
                        guint             nodes,
                        const CpSettings *settings,
                        CpEstimate       *est);

void
_cp_search_runner_up (const Context *c,
                      const Search  *search,
                      CpEstimate    *est);

G_END_DECLS
