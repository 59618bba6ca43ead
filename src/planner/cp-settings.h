/* cp-settings.h: conventions and defaults of the model.
 *
 * Every default has its source or reason in cp-settings.c, next to the
 * value, and is listed by cp_settings_get_assumptions() so reports can
 * show which convention they used.
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

/* Bytes per element of the SwiGLU intermediate width f that one layer
 * keeps for its backward pass. Eager PyTorch keeps four tensors of width
 * f in 16-bit: the gate and up projections' outputs, SiLU's output and
 * the product the down projection reads (Hugging Face transformers'
 * LlamaMLP down_proj(act_fn(gate_proj(x)) * up_proj(x)), LitGPT's
 * LLaMAMLP and torchtitan's FeedForward are written so): 8. A fused
 * SwiGLU kernel recomputes SiLU and keeps 6 (Megatron-LM's
 * --bias-swiglu-fusion, megatron/core/fusions/fused_bias_swiglu.py,
 * whose SwiGLUFunction saves only its input); the eager count is taken,
 * as the fine-tuning stacks and torchtitan without torch.compile run. */
#define CP_SWIGLU_ACTIVATION_BYTES 8.0

/* The most working days a job's debugging (R4) takes. R4 itself gives
 * only a share (调试时间占到整个开发周期的三到四成: 30–40% of the
 * development cycle) and no bound; the one length the source article gives
 * debugging work is R8's, for a team new to distributed training moving to
 * a cluster: "reserve one to two weeks for migration and debugging" (预留
 * 一到两周的迁移、调试时间). Its top, two weeks, is a stated judgement, not
 * the article's figure for R4: debugging is short runs until the code
 * works, so it does not grow with a long formal run (a 700-day run would
 * otherwise imply 377 days of it). Migration (R8, migration-days, 10.5
 * days) is counted apart from it. */
#define CP_DEBUG_MAX_WORKING_DAYS 10.0

/* How fast a GEMM of M × N × K runs, as a share of what the largest GEMMs
 * reach, follows its size d = 1/(1/M + 1/N + 1/K) (the same for the
 * forward GEMM and both backward ones, whose dimensions are the forward's
 * permuted): d/(d + CP_GEMM_HALF_SIZE), fitted (log least squares, rms
 * 17%) to the 28 FP8 rows of DeepGEMM's published performance tables on
 * H800 (github.com/deepseek-ai/DeepGEMM README at a6d97a1, "Performance":
 * normal GEMMs, and MoE grouped GEMMs in contiguous and masked layout),
 * from 206 TFLOPS at M 64 to 1,358 TFLOPS at 4,096 × 7,168 × 16,384.
 * Bytes per element and peak FLOPs scale together between FP8 and BF16, so
 * d, not the arithmetic intensity in bytes, carries over. */
#define CP_GEMM_HALF_SIZE 238.0
/* The table's largest GEMM (d = 2,249): dense layers' GEMMs are taken to
 * run at the compute utilisation, a smaller expert GEMM slower by the
 * ratio of the two, never faster. */
#define CP_GEMM_FULL_SPEED_SIZE 2249.0

/* Which layers of a checkpoint with 8-bit weights hold them in 8 bits.
 * ALL_LINEAR: every linear layer but the output head (llm-compressor's
 * and TensorRT Model Optimizer's FP8 and W8A8 recipes ignore lm_head;
 * embeddings and norms are not linear layers). LLAMA3: Meta's FP8
 * checkpoint of Llama 3.1 405B, FP8 in the feed-forward layers only, and
 * not those of the first and last layers (Llama 3 paper §6.2). */
typedef enum {
  CP_FP8_LAYOUT_ALL_LINEAR,
  CP_FP8_LAYOUT_LLAMA3,
  CP_N_FP8_LAYOUTS
} CpFp8Layout;

/* The memory profile a vLLM server runs before it sizes its KV cache, by
 * engine generation: V1 profiles a forward pass of max_num_batched_tokens
 * (8,192 or 2,048 by GPU); V0 without chunked prefill one of
 * max(max_model_len, 2,048) tokens, or 2,048 above a max_model_len of
 * 32,768 where V0 turns chunked prefill on (cp-estimate-serving.c). */
typedef enum {
  CP_VLLM_PROFILE_V1,
  CP_VLLM_PROFILE_V0,
  CP_N_VLLM_PROFILES
} CpVllmProfile;

/* What bounds the requests a serving replica runs at once by its KV
 * cache (cp-estimate-serving.c). Paged: the blocks they hold, each its
 * prompt and the output written so far (vLLM's scheduler). Full length:
 * the blocks of a whole request, prompt and all its output, each
 * (TensorRT-LLM: its runtime batch size tuning, on in trtllm-bench, and
 * its default GUARANTEED_NO_EVICT scheduler). */
/* The serving engine whose per-step time beyond the GPU's a decode step
 * pays (cp-serving.c, cp_serving_engine_step_s()): vLLM (at the engine
 * generation vllm_profile names) or SGLang. */
typedef enum {
  CP_SERVING_ENGINE_VLLM,
  CP_SERVING_ENGINE_SGLANG,
  CP_N_SERVING_ENGINES
} CpServingEngine;

typedef enum {
  CP_KV_ADMISSION_PAGED,
  CP_KV_ADMISSION_FULL_LENGTH,
  CP_N_KV_ADMISSIONS
} CpKvAdmission;

/* What "selective recompute" keeps of a layer. ATTENTION: Megatron-LM's
 * (Korthikanti et al. 2022 §5, --recompute-granularity selective):
 * everything but the attention core's s² scores and their softmax and
 * dropout, which FlashAttention-style kernels do not store anyway. OP:
 * torchtitan's op-level selective activation checkpointing (selective_ac_option
 * "op"): each layer checkpointed with a policy that keeps the outputs of
 * every other matmul and of the attention kernel, and recomputes the rest
 * in the backward pass (cp-estimate-memory.c). MOE: Megatron-Core's
 * per-module recompute of a mixture of experts, --recompute-granularity
 * selective --recompute-modules layernorm moe (moe_act adds nothing the
 * recomputed MoE layer does not recompute already): each MoE layer
 * checkpointed whole, its pre-MLP layer norm's output discarded; dense
 * layers and dense models as ATTENTION (cp-estimate-memory.c). */
typedef enum {
  CP_SELECTIVE_RECOMPUTE_ATTENTION,
  CP_SELECTIVE_RECOMPUTE_OP,
  CP_SELECTIVE_RECOMPUTE_MOE,
  CP_N_SELECTIVE_RECOMPUTES
} CpSelectiveRecompute;

/* How the training loss holds the output layer's logits at its peak, per
 * logit (cp-estimate-memory.c). FUSED: Megatron-LM's vocab-parallel cross
 * entropy keeps the fp32 softmax and writes its gradient in place, 4
 * bytes (Korthikanti et al. 2022 eq. 6: 4·s·b·v); chunked and compiled
 * losses stay near it. EAGER: PyTorch's F.cross_entropy on logits
 * upcast with .float(), as torchtitan's train.py ran it in 2024: 12
 * bytes at the start of the backward pass. */
typedef enum {
  CP_CROSS_ENTROPY_FUSED,
  CP_CROSS_ENTROPY_EAGER,
  CP_N_CROSS_ENTROPIES
} CpCrossEntropy;

typedef struct {
  CpBytesConvention bytes_convention;
  CpMemoryUnit      memory_unit;
  char              currency[4];

  double compute_utilisation;        /* fraction of dense peak while computing */
  double link_efficiency;            /* achievable / one-direction line rate */
  double shared_network_factor;      /* shared fabric: fraction of line rate */
  double dp_overlap;                 /* fraction of the backward pass that hides gradient traffic */
  double overlap_compute_slowdown;   /* compute time lost per second of communication hidden behind it */
  double framework_overhead_bytes;   /* CUDA context, kernels, allocator, per GPU */
  double fragmentation_fraction;     /* allocator fragmentation on top of tensors */
  double serving_memory_fraction;    /* of GPU memory an inference server may use */
  double debug_share;                /* debugging share of a training project's calendar (R4) */
  double migration_days_no_experience; /* R8 */
  double hours_per_month;
  double working_days_per_week;
  double selective_recompute_flops_overhead;
  double lora_flops_factor;          /* FLOPs per param per token for LoRA (vs 6) */
  double judgement_gap_low;          /* R1: techniques tried up to this gap */
  double judgement_gap_high;         /* R1: cluster directly above this gap */
  double longest_acceptable_run_days; /* stands in for a deadline a job does not set */
  double dp_bucket_bytes;            /* gradient bucket: the part of the reduction never hidden */
  double kv_block_tokens;            /* serving: tokens per KV-cache block */
  double cuda_graph_bytes;           /* serving: memory of captured CUDA graphs, per GPU */
  double gpu_failure_rate_per_hour;  /* job interruptions per GPU-hour */
  double restart_s;                  /* from an interruption to training again */
  double checkpoint_interval_s;      /* 0: the Young/Daly optimum for the run */
  /* The amount to approve (the memo's budget): the top of the project's
   * range plus this share of it, and VAT when the prices exclude it. */
  double contingency_fraction;       /* of the top of the range */
  double vat_rate;                   /* VAT on IT and cloud services: containers, hosted machines */
  double vat_rate_lease;             /* VAT on leasing a bare machine (tangible movable property) */
  gboolean prices_include_vat;       /* a quote that does not say is taken as including VAT
                                      * (cp_quote_prices_include_vat()) */
  gboolean moe_dispatch_dedup;       /* all-to-all sends a token once per node (DeepEP) */
  gboolean moe_a2a_overlap;          /* all-to-all hidden behind another micro-batch's compute */
  double   tp_comm_overlap;          /* share of the tensor-parallel collectives the GEMMs beside them hide */
  gboolean moe_fp8_dispatch;         /* FP8 training: dispatch in FP8, combine in BF16 (DeepSeek-V3) */
  double   moe_fp8_expert_speedup;   /* FP8 training: how many times as fast as in BF16 the routed experts run */
  double   moe_max_nodes_per_token;  /* node-limited routing: nodes a token may reach; 0: any */
  gboolean moe_expert_tp;            /* experts split over the tensor-parallel ranks (ETP = TP); off: ETP 1 */
  CpFp8Layout fp8_layout;            /* serving: which layers 8-bit weights cover */
  double   int4_constant_bits;       /* serving: bits of scales and zeros each 4-bit weight carries */
  double   qlora_bits;               /* QLoRA: bits a parameter of the 4-bit base takes, constants included */
  gboolean fsdp_pp_unsharded;         /* FSDP + PP: the stage stays gathered, gradients unsharded, all step */
  gboolean fsdp1_adapter_gradients;  /* LoRA under FSDP1: whole-model gradients while accumulating */
  gboolean zero3_deepspeed;          /* ZeRO-3 as DeepSpeed runs it: live parameters, the step's gradient copies */
  gboolean zero3_client_adamw;       /* ZeRO-3 as DeepSpeed runs it with PyTorch's foreach AdamW: its sqrt(v) temporary */
  CpVllmProfile vllm_profile;        /* serving: the engine generation whose profiling pass sizes the KV cache */
  CpKvAdmission kv_admission;        /* serving: what a running request counts against the KV cache */
  CpServingEngine serving_engine;    /* serving: the engine whose own time each decode step pays */
  CpSelectiveRecompute selective_recompute; /* what selective recompute keeps of a layer */
  CpCrossEntropy    cross_entropy;     /* how the loss holds the logits at its peak */
  double   layout_headroom_time;     /* layout search: time a layout with safe headroom may lose to a Tight one */
  double   host_cpu_cores_per_node;  /* CPU offload: the cores of one node that step the optimizer */
  double   cpu_adam_params_per_s_per_core; /* CPU offload: parameters one core steps a second */
  gboolean offload_delayed_update;   /* CPU offload: the step runs while the GPUs compute the next (ZeRO-Offload's DPU) */
} CpSettings;

typedef struct {
  const char *key;      /* stable id, e.g. "compute-utilisation" */
  double      value;
  const char *unit;     /* "fraction", "bytes", "days", ... */
  const char *source;   /* citation: PUBLISHED id, paper or document */
} CpAssumption;

void  cp_settings_init (CpSettings *settings);
/* Fills @out (at most @n_out entries) with the assumptions in force;
 * returns how many there are. */
guint cp_settings_get_assumptions (const CpSettings *settings,
                                   CpAssumption     *out,
                                   guint             n_out);
gboolean cp_settings_validate (const CpSettings *settings, GError **error);

/* Which rule set the contingency of an amount to approve. */
typedef enum {
  CP_CONTINGENCY_SHARE,         /* the settings' share of the top of the range */
  CP_CONTINGENCY_BILLING_STEP,  /* one more step billed of a recommended rental, more than the share */
} CpContingencyRule;

/* The amount to approve for a project whose recommended options cost at
 * most @top_of_range, with VAT (every quote is compared with VAT,
 * cp_quote_vat_factor()), @engineering_part of it the team's own time (no
 * VAT): the top plus the contingency. The contingency is the settings'
 * share of the top, or @overrun_cost when that is more: what the
 * smallest overrun the vendors can bill costs (cp_option_overrun_cost(),
 * one more billed hour of an hourly rental), since an amount that does
 * not hold it is exceeded by the first hour the work runs over. Each
 * part is returned when asked for (may be NULL): @contingency, the @rule
 * that set it, and the VAT the amount holds (@vat), @vat_share of the
 * vendors' charges (their VAT over the charges with it: 6 / 106 at 6%). */
double cp_settings_amount_to_approve (const CpSettings *settings, double top_of_range, double overrun_cost,
                                      double engineering_part, double vat_share, double *contingency,
                                      CpContingencyRule *rule, double *vat);

/* The kinds of job whose figures assumption @key (cp_settings_get_assumptions(),
 * or a spread's key) enters, one bit (1 << CpTaskKind) each: a report lists
 * only the assumptions some job of the project depends on. An unknown key
 * enters every kind. */
guint cp_assumption_task_kinds (const char *key);

const char *cp_vllm_profile_to_string   (CpVllmProfile profile);
gboolean    cp_vllm_profile_from_string (const char *str, CpVllmProfile *out);
const char *cp_kv_admission_to_string   (CpKvAdmission admission);
gboolean    cp_kv_admission_from_string (const char *str, CpKvAdmission *out);
const char *cp_serving_engine_to_string   (CpServingEngine engine);
gboolean    cp_serving_engine_from_string (const char *str, CpServingEngine *out);
const char *cp_selective_recompute_to_string   (CpSelectiveRecompute policy);
gboolean    cp_selective_recompute_from_string (const char *str, CpSelectiveRecompute *out);
const char *cp_cross_entropy_to_string        (CpCrossEntropy kind);
gboolean    cp_cross_entropy_from_string      (const char *str, CpCrossEntropy *out);
double      cp_cross_entropy_bytes_per_logit  (CpCrossEntropy kind);
const char *cp_fp8_layout_to_string   (CpFp8Layout layout);
gboolean    cp_fp8_layout_from_string (const char *str, CpFp8Layout *out);

/* Bytes one GPU of @gpu offers under the memory-unit convention. */
double cp_settings_gpu_memory_bytes (const CpSettings *settings,
                                     const CpGpuSpec  *gpu);

/* Write bandwidth a checkpoint gets on @kind of storage with @nodes nodes
 * writing their shards at once. */
double cp_settings_checkpoint_write_bytes_per_s (CpStorageKind kind,
                                                 guint         nodes);

G_END_DECLS
