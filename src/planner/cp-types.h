/* cp-types.h: enumerations and catalogue records of the planning model.
 *
 * The planning model is plain C + GLib: no GTK, cairo or SQLite may be
 * included anywhere under src/planner/.
 *
 * Units are part of every name: _bytes, _s, _flops, _gbps (network line rate
 * in gigabits per second), _gbytes_per_s (10^9 bytes per second), _cny or
 * a price paired with an ISO currency code.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Inputs the model cannot use; the message names the field. */
#define CP_MODEL_ERROR (cp_model_error_quark ())
GQuark cp_model_error_quark (void);

typedef enum {
  CP_MODEL_ERROR_INVALID,
} CpModelError;

typedef enum {
  CP_TASK_PRETRAIN,
  CP_TASK_FULL_FINETUNE,
  CP_TASK_LORA,
  CP_TASK_QLORA,
  CP_TASK_INFERENCE,
  CP_TASK_DEBUG,
  CP_TASK_DATA_PROCESSING,
  CP_N_TASKS
} CpTaskKind;

typedef enum {
  CP_PRECISION_FP32,
  CP_PRECISION_BF16,
  CP_PRECISION_FP16,
  CP_PRECISION_FP8,
  CP_N_PRECISIONS
} CpPrecision;

typedef enum {
  CP_OPTIMIZER_ADAMW,
  CP_OPTIMIZER_ADAMW_8BIT,
  CP_OPTIMIZER_SGD,
  CP_N_OPTIMIZERS
} CpOptimizer;

typedef enum {
  CP_RECOMPUTE_NONE,
  CP_RECOMPUTE_SELECTIVE,
  CP_RECOMPUTE_FULL,
  CP_RECOMPUTE_AUTO,       /* a job's setting only: the layout search chooses */
  CP_N_RECOMPUTES
} CpRecompute;

/* The dtype of a mixed-precision run's optimizer moments and whether it
 * keeps an fp32 master copy of the weights (cp-estimate-memory.c), a
 * training job's setting: runs state it with their framework.
 * FP32: fp32 moments and master copy, what Megatron-LM, DeepSpeed and
 * PyTorch's autocast keep by default (ZeRO §3.1, K = 12 for Adam).
 * BF16_MOMENTS: the fp32 master copy kept, the two moments in bf16:
 * Megatron-Core's --use-precision-aware-optimizer with --exp-avg-dtype
 * and --exp-avg-sq-dtype bf16 (its MoE README, MCore v0.13). BF16: no
 * master copy, weights, gradients and moments all in bf16: torchtune's
 * recipes at dtype bf16 (torch.optim.AdamW makes its moments with
 * zeros_like(param)), torchao's bf16 AdamW with stochastic rounding. */
typedef enum {
  CP_OPTIMIZER_STATES_FP32,
  CP_OPTIMIZER_STATES_BF16_MOMENTS,
  CP_OPTIMIZER_STATES_BF16,
  CP_N_OPTIMIZER_STATES
} CpOptimizerStates;

/* A job's ZeRO stage left to the layout search (stages are 0..3). */
#define CP_ZERO_STAGE_AUTO 4

/* How many bytes mixed-precision Adam keeps per parameter (PUBLISHED M1/M2). */
typedef enum {
  CP_BYTES_CONVENTION_ZERO_16,   /* bf16 weights + bf16 grads + 12 optimizer */
  CP_BYTES_CONVENTION_HF_18,     /* fp32+fp16 weights, fp32 grads, 8 optimizer */
  CP_N_BYTES_CONVENTIONS
} CpBytesConvention;

/* What "80 GB" on a card means when turned into bytes. */
typedef enum {
  CP_MEMORY_UNIT_GIB,   /* 80 × 2^30: what nvidia-smi and frameworks report */
  CP_MEMORY_UNIT_GB,    /* 80 × 10^9: the datasheet's decimal reading */
  CP_N_MEMORY_UNITS
} CpMemoryUnit;

typedef enum {
  CP_OFFERING_BARE_METAL,
  CP_OFFERING_HOSTED_MACHINE,
  CP_OFFERING_CONTAINER,
  CP_OFFERING_CONTAINER_CLUSTER,
  CP_OFFERING_BARE_METAL_CLUSTER,
  /* A public cloud's virtual machines rented by the hour (云主机（按量）),
   * one or several: filed as a container cluster, it was worded as one
   * (walk40 F4). The cloud runs them, as a hosted offer's vendor does. */
  CP_OFFERING_CLOUD_VM,
  CP_N_OFFERINGS
} CpOfferingKind;

/* Whether a quote's prices include VAT (含税) or not (不含税); unstated:
 * as the project's prices_include_vat says. */
typedef enum {
  CP_VAT_BASIS_UNSTATED,
  CP_VAT_BASIS_INCLUDED,
  CP_VAT_BASIS_EXCLUDED,
  CP_N_VAT_BASES
} CpVatBasis;

typedef enum {
  CP_NETWORK_NONE,
  CP_NETWORK_ETHERNET,
  CP_NETWORK_ROCE,
  CP_NETWORK_INFINIBAND,
  CP_N_NETWORKS
} CpNetworkKind;

/* Whether inter-node bandwidth is dedicated; UNKNOWN is a question for the
 * vendor (R6), evaluated as shared. */
typedef enum {
  CP_SHARING_UNKNOWN,
  CP_SHARING_DEDICATED,
  CP_SHARING_SHARED,
  CP_N_SHARINGS
} CpSharing;

typedef enum {
  CP_PRICE_PER_GPU_HOUR,
  CP_PRICE_PER_NODE_HOUR,
  CP_PRICE_PER_NODE_MONTH,
  CP_N_PRICE_UNITS
} CpPriceUnit;

typedef enum {
  CP_STORAGE_UNKNOWN,
  CP_STORAGE_PARALLEL_FS,
  CP_STORAGE_NAS,
  CP_STORAGE_NETWORK_DISK,
  CP_STORAGE_LOCAL_NVME,
  CP_N_STORAGES
} CpStorageKind;

/* Memory techniques tried, in order of how little they cost (R1). */
typedef enum {
  CP_TECHNIQUE_AS_CONFIGURED,
  CP_TECHNIQUE_SELECTIVE_RECOMPUTE,
  CP_TECHNIQUE_FULL_RECOMPUTE,
  CP_TECHNIQUE_ZERO3,
  CP_TECHNIQUE_CPU_OFFLOAD,
  CP_TECHNIQUE_LORA,
  CP_TECHNIQUE_QLORA,
  CP_N_TECHNIQUES
} CpTechnique;

typedef enum {
  CP_VERIFIED_PRIMARY,     /* read in an official document or repository */
  CP_VERIFIED_SECONDARY,   /* secondary summaries only */
  CP_VERIFIED_UNVERIFIED,  /* no trustworthy source found */
  CP_N_VERIFICATIONS
} CpVerification;

/* The figures of a GPU a catalogue entry may mark as having no source
 * (the key "unconfirmed" of gpus.ini): the planner uses them all the
 * same, and a front end says the result rests on an unconfirmed figure. */
typedef enum {
  CP_GPU_FIGURE_MEMORY,            /* memory_nominal_gb */
  CP_GPU_FIGURE_DENSE_BF16_FLOPS,  /* dense_bf16_flops */
  CP_GPU_FIGURE_DENSE_FP8_FLOPS,   /* dense_fp8_flops */
  CP_GPU_FIGURE_DENSE_FP32_FLOPS,  /* dense_fp32_flops */
  CP_GPU_FIGURE_MEMORY_BANDWIDTH,  /* memory_bandwidth_gbytes_per_s */
  CP_N_GPU_FIGURES
} CpGpuFigure;

/* A model architecture, from the catalogue or entered by hand. */
typedef struct {
  char   *id;
  char   *name;
  double  params;             /* total parameters */
  double  active_params;      /* per token; equals params for dense models */
  guint   layers;
  guint   hidden;
  guint   heads;
  guint   kv_heads;
  guint   head_dim;           /* 0: hidden / heads */
  guint   ffn;                /* intermediate size of the MLP, or of one routed expert */
  guint   vocab;
  gboolean tied_embeddings;
  gboolean gated_mlp;         /* SwiGLU-style: three FFN matrices */
  guint   experts_total;      /* routed experts; 0 or 1: dense */
  guint   experts_active;     /* routed experts per token (top-k) */
  guint   shared_experts;     /* experts every token passes through (n_shared_experts) */
  guint   expert_ffn;         /* moe_intermediate_size, one routed expert; 0: ffn */
  guint   shared_expert_ffn;  /* one shared expert; 0: expert_ffn */
  guint   dense_layers;       /* first_k_dense_replace: leading layers with a dense MLP */
  guint   dense_ffn;          /* the MLP of those layers; 0: ffn */
  guint   kv_latent_dim;      /* MLA (DeepSeek): cached elements per layer; 0 = 2·kv_heads·head_dim */
  /* Multi-head latent attention (DeepSeek-V2/V3); all 0 for ordinary attention. */
  guint   q_lora_rank;        /* 0: queries are not compressed */
  guint   kv_lora_rank;
  guint   qk_rope_head_dim;
  guint   qk_nope_head_dim;
  guint   v_head_dim;
  char   *source;
} CpModelSpec;

/* One accelerator. Memory is the nominal figure of the datasheet ("80" for
 * an 80 GB card), turned into bytes by the CpMemoryUnit setting. */
typedef struct {
  char   *id;
  char   *name;
  double  memory_nominal_gb;
  double  dense_bf16_flops;
  double  dense_fp8_flops;     /* 0: no FP8 tensor cores, FP8 runs at the BF16 rate */
  double  dense_fp32_flops;    /* non-tensor FP32 (or TF32 where no better figure) */
  double  memory_bandwidth_gbytes_per_s;
  char   *default_intra_link;  /* link id */
  gboolean no_flash_attention; /* FlashAttention-style kernels do not run (Volta) */
  CpVerification verification;
  guint   unconfirmed;         /* CpGpuFigure bits: figures no source confirms */
  char   *source;
} CpGpuSpec;

/* A link between GPUs inside one node. */
typedef struct {
  char   *id;
  char   *name;
  double  per_direction_gbytes_per_s;  /* line rate, one direction, per GPU */
  CpVerification verification;
  char   *source;
} CpLinkSpec;

const char *cp_task_kind_to_string       (CpTaskKind kind);
gboolean    cp_task_kind_from_string     (const char *str, CpTaskKind *out);
const char *cp_precision_to_string       (CpPrecision precision);
gboolean    cp_precision_from_string     (const char *str, CpPrecision *out);
const char *cp_optimizer_to_string       (CpOptimizer optimizer);
gboolean    cp_optimizer_from_string     (const char *str, CpOptimizer *out);
const char *cp_optimizer_states_to_string   (CpOptimizerStates states);
gboolean    cp_optimizer_states_from_string (const char *str, CpOptimizerStates *out);
const char *cp_recompute_to_string       (CpRecompute recompute);
gboolean    cp_recompute_from_string     (const char *str, CpRecompute *out);
const char *cp_bytes_convention_to_string   (CpBytesConvention convention);
gboolean    cp_bytes_convention_from_string (const char *str, CpBytesConvention *out);
const char *cp_memory_unit_to_string     (CpMemoryUnit unit);
gboolean    cp_memory_unit_from_string   (const char *str, CpMemoryUnit *out);
const char *cp_offering_kind_to_string   (CpOfferingKind kind);
gboolean    cp_offering_kind_from_string (const char *str, CpOfferingKind *out);
const char *cp_vat_basis_to_string       (CpVatBasis basis);
gboolean    cp_vat_basis_from_string     (const char *str, CpVatBasis *out);
const char *cp_network_kind_to_string    (CpNetworkKind kind);
gboolean    cp_network_kind_from_string  (const char *str, CpNetworkKind *out);
const char *cp_sharing_to_string         (CpSharing sharing);
gboolean    cp_sharing_from_string       (const char *str, CpSharing *out);
const char *cp_price_unit_to_string      (CpPriceUnit unit);
gboolean    cp_price_unit_from_string    (const char *str, CpPriceUnit *out);
const char *cp_storage_kind_to_string    (CpStorageKind kind);
gboolean    cp_storage_kind_from_string  (const char *str, CpStorageKind *out);
const char *cp_technique_to_string       (CpTechnique technique);
gboolean    cp_technique_from_string     (const char *str, CpTechnique *out);
const char *cp_verification_to_string    (CpVerification verification);
gboolean    cp_verification_from_string  (const char *str, CpVerification *out);
/* The gpus.ini key of @figure ("memory_bandwidth_gbytes_per_s"). */
const char *cp_gpu_figure_to_string      (CpGpuFigure figure);
gboolean    cp_gpu_figure_from_string    (const char *str, CpGpuFigure *out);
/* The catalogue's variant of a GPU its id names by family: "ascend-910b"
 * is "Huawei Ascend 910B2 64GB", the 910B2 of the 910B family (B1 to B4),
 * which a quote's plain "910B" is taken as. Sets @family ("910B") and
 * @variant ("910B2"); FALSE when the name pins no variant the id leaves
 * open. */
gboolean    cp_gpu_spec_variant          (const CpGpuSpec *gpu, char **family, char **variant);
/* Whether @gpu's catalogue entry marks @figure as having no source. */
gboolean    cp_gpu_spec_figure_unconfirmed (const CpGpuSpec *gpu, CpGpuFigure figure);

gboolean    cp_task_kind_is_training     (CpTaskKind kind);

void        cp_model_spec_clear  (CpModelSpec *spec);
void        cp_model_spec_copy   (CpModelSpec *dest, const CpModelSpec *src);
guint       cp_model_spec_head_dim (const CpModelSpec *spec);
gboolean    cp_model_spec_is_moe   (const CpModelSpec *spec);
/* Layers whose MLP is a mixture of experts: all but the leading dense ones. */
guint       cp_model_spec_moe_layers (const CpModelSpec *spec);
/* Widths with their defaults applied (see the fields). */
guint       cp_model_spec_expert_ffn        (const CpModelSpec *spec);
guint       cp_model_spec_shared_expert_ffn (const CpModelSpec *spec);
guint       cp_model_spec_dense_ffn         (const CpModelSpec *spec);
/* Parameters of one layer's attention: GQA, or MLA when kv_lora_rank > 0. */
double      cp_model_spec_attention_params (const CpModelSpec *spec);
/* Parameters of one routed expert, one shared expert, one dense MLP. */
double      cp_model_spec_expert_params        (const CpModelSpec *spec);
double      cp_model_spec_shared_expert_params (const CpModelSpec *spec);
double      cp_model_spec_dense_mlp_params     (const CpModelSpec *spec);
/* Parameters implied by the architecture (embeddings, attention with GQA or
 * MLA, dense MLPs, routed and shared experts with their routers, norms). */
double      cp_model_spec_params_from_architecture (const CpModelSpec *spec);
/* The part of those a token passes through: top-k routed experts plus the
 * shared ones; the embedding table is counted once (the output head). */
double      cp_model_spec_active_params_from_architecture (const CpModelSpec *spec);
/* Fills the architecture of a dense GPT-style model of @params parameters
 * from the published shape nearest in size, keeping @params exactly. */
void        cp_model_spec_init_from_params (CpModelSpec *spec, double params);
void        cp_gpu_spec_clear    (CpGpuSpec *spec);
void        cp_gpu_spec_copy     (CpGpuSpec *dest, const CpGpuSpec *src);
void        cp_link_spec_clear   (CpLinkSpec *spec);
void        cp_link_spec_copy    (CpLinkSpec *dest, const CpLinkSpec *src);

G_END_DECLS
