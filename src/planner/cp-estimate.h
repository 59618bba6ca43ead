/* cp-estimate.h: one job on one quote with a given number of nodes.
 *
 * cp_estimate() is a pure function over plain structs; it allocates nothing
 * so the window can evaluate every job × quote × node count per keystroke.
 *
 * Training layouts are searched: every part the job leaves at 0 (or AUTO)
 * is chosen so that the run is the fastest that fits, ties (within 1%)
 * going to the layout with more memory headroom, and a layout that leaves
 * safe headroom (CP_TIGHT_MEMORY_SHARE) beating a faster Tight one where
 * it is at most the layout-headroom-time setting's share of the run
 * slower and its pessimistic end stays within the job's deadline (or
 * longest acceptable run); the runner-up, the best layout with another
 * split of the GPUs, comes back with it.
 */
#pragma once

#include "cp-job.h"
#include "cp-quote.h"
#include "cp-settings.h"

G_BEGIN_DECLS

/* Above this share of a GPU's memory a layout that fits is "Tight": what
 * the estimate leaves out (longer sequences, fragmentation beyond the
 * allowance) runs it out of memory. The layout search avoids it where
 * that costs little time (layout-headroom-time), and the window's table
 * and the reports flag it, with this one figure. */
#define CP_TIGHT_MEMORY_SHARE 0.90

typedef enum {
  CP_TIME_SOURCE_MODEL,        /* FLOPs over peak × utilisation plus communication */
  CP_TIME_SOURCE_MFU,          /* the job's end-to-end MFU was given */
  CP_TIME_SOURCE_TRIAL,        /* measured on this quote's hardware */
  CP_TIME_SOURCE_EXTRAPOLATED, /* measured on another GPU, scaled by dense peak */
  CP_TIME_SOURCE_DURATION,     /* services, debugging, data processing: the job's duration */
  CP_N_TIME_SOURCES
} CpTimeSource;

/* One training layout: how the GPUs split the model and the batch. */
typedef struct {
  guint        tensor_parallel;
  guint        pipeline_parallel;
  guint        data_parallel;
  guint        expert_parallel;    /* 1 for a dense model */
  guint        expert_tensor_parallel; /* the experts' own tensor split (Megatron-Core's ETP), 1 or TP */
  guint        virtual_stages;     /* interleaved pipeline stages per GPU, 1: plain 1F1B */
  guint        zero_stage;
  guint        micro_batch;        /* sequences per GPU per micro-step */
  guint        micro_batches;      /* per optimizer step and pipeline (gradient accumulation) */
  CpRecompute  recompute;
  guint        layers_per_gpu;     /* transformer layers on the fullest GPU */
  guint        recomputed_layers;  /* full recompute: of layers_per_gpu; fewer is Megatron-LM's block method */
} CpLayout;

/* Why the chosen layout beat the runner-up. */
typedef enum {
  CP_LAYOUT_WHY_NONE,              /* no runner-up: nothing else fits */
  CP_LAYOUT_WHY_FASTER,            /* the chosen one is faster */
  CP_LAYOUT_WHY_HEADROOM,          /* as fast within 1%, more memory headroom */
  CP_LAYOUT_WHY_ONLY_FIT,          /* the runner-up does not fit */
  CP_LAYOUT_WHY_SAFE_HEADROOM,     /* slower by at most layout-headroom-time, where the runner-up is Tight */
  CP_N_LAYOUT_WHYS
} CpLayoutWhy;

/* Why the configuration cannot run: its memory, or a part of the layout
 * the job pins that the hardware or the model cannot take. */
typedef enum {
  CP_REFUSAL_NONE,
  CP_REFUSAL_GPU_MEMORY,         /* needs more memory per GPU than the GPU has */
  CP_REFUSAL_HOST_MEMORY,        /* CPU offload needs more host memory than the node states */
  CP_REFUSAL_QLORA_SPLIT,        /* QLoRA's 4-bit base with TP or PP above 1 */
  CP_REFUSAL_TP_BEYOND_NODE,     /* TP more than the GPUs of one node */
  CP_REFUSAL_TP_HEADS,           /* TP does not divide the attention heads */
  CP_REFUSAL_SPLIT_GPUS,         /* TP × PP does not divide the GPUs */
  CP_REFUSAL_STAGE_LAYERS,       /* PP × interleaved stages more than the layers */
  CP_REFUSAL_EP_EXPERTS,         /* EP does not divide the experts */
  CP_REFUSAL_EP_DATA_PARALLEL,   /* EP does not divide tensor × data parallel */
  CP_REFUSAL_NO_SPLIT,           /* no split of the GPUs matches the pinned parts */
  CP_N_REFUSALS
} CpRefusal;

/* What takes a training run's achieved MFU below the compute utilisation
 * (cp_estimate_mfu_loss_*): each mechanism's seconds of the run, before
 * interruptions, so that the run is the 6·N·D FLOPs at the utilisation
 * plus all of them, and the MFU is the utilisation less the utilisation
 * × each one's share of the run. */
typedef enum {
  CP_MFU_LOSS_TASK_FLOPS,         /* LoRA's backward without the frozen weights' gradients (negative) */
  CP_MFU_LOSS_ATTENTION,          /* the attention core's FLOPs, outside 6·N·D */
  CP_MFU_LOSS_EXPERT_GEMMS,       /* routed experts' GEMMs below the dense layers' speed */
  CP_MFU_LOSS_RECOMPUTE,          /* forward passes run again */
  CP_MFU_LOSS_STAGE_IMBALANCE,    /* pipeline stages of uneven layer counts */
  CP_MFU_LOSS_TOKEN_PERMUTATION,  /* routed experts' token permutations (memory-bound) */
  CP_MFU_LOSS_TP_COMMUNICATION,   /* tensor-parallel collectives left exposed */
  CP_MFU_LOSS_PP_COMMUNICATION,   /* pipeline sends */
  CP_MFU_LOSS_DP_COMMUNICATION,   /* gradient reduction and ZeRO gathers left exposed */
  CP_MFU_LOSS_ALL_TO_ALL,         /* expert dispatch and combine left exposed */
  CP_MFU_LOSS_OFFLOAD,            /* CPU offload copies and the CPU's optimizer step */
  CP_MFU_LOSS_OVERLAP_SLOWDOWN,   /* compute slowed by the communication hidden behind it */
  CP_MFU_LOSS_BUBBLE,             /* pipeline bubble */
  CP_N_MFU_LOSSES
} CpMfuLoss;

typedef struct {
  /* The configuration evaluated */
  guint        nodes;
  guint        gpus;
  CpLayout     layout;             /* training: as chosen; a service: a replica's TP × PP, DP = replicas */
  double       global_batch_tokens;/* tokens per optimizer step as run */
  gboolean     cpu_offload;
  CpTechnique  technique;          /* what had to be applied beyond the job's settings */
  gboolean     flash_attention;    /* asked for and run by the GPU */
  gboolean     layout_searched;    /* some part of the layout was left to the search */
  guint        layouts_evaluated;  /* candidates the search weighed: timed, or left by a lower bound on their run time */
  guint        layouts_timed;      /* of them, timed in full */
  guint        layout_splits;      /* splits of the GPUs (TP × PP × interleave × EP) the search enumerated */
  guint        layout_splits_pruned; /* of them, skipped by a lower bound on their run time, never timed */

  /* The runner-up layout and why the chosen one beat it */
  CpLayout     runner_up;
  gboolean     runner_up_fits;
  double       runner_up_total_s;
  double       runner_up_memory_per_gpu_bytes;
  CpLayoutWhy  layout_why;
  /* The fastest layout that fits, where the chosen one is slower beyond a
   * tie to keep out of Tight (layout-headroom-time); 0: the chosen one is
   * the fastest */
  double       layout_fastest_total_s;
  double       layout_fastest_memory_per_gpu_bytes;
  /* The pessimistic end of the run (cp_range_estimate()) of the layout
   * with safe headroom the search passed over, back to the fastest,
   * because that end was past the job's deadline (or longest acceptable
   * run); 0: none was */
  double       layout_safe_refused_total_s_high;

  /* Memory per GPU */
  double weights_bytes;
  double gradients_bytes;
  double optimizer_bytes;
  double activations_bytes;
  double layer_activation_bytes_per_sbh; /* one layer kept whole, per s·b·h element (Korthikanti
                                          * et al. 2022's 34 for GPT-3 with dropout, less with
                                          * GQA, MLA or flash attention) */
  double selective_activation_bytes_per_sbh; /* one layer under selective recompute, by its policy */
  double selective_recompute_flops_overhead; /* FLOPs selective recompute adds, fraction of a step's */
  double loss_bytes_per_logit;     /* what the loss keeps of each logit at its peak (cross-entropy setting) */
  double kv_cache_bytes;
  double overhead_bytes;           /* the framework's (settings), plus the three below */
  double fragmentation_bytes;      /* training: the allocator's gaps, a fraction of the states and activations */
  double gathered_layers_bytes;    /* training under ZeRO-3 / FSDP: the layers gathered whole */
  double reduce_scatter_bytes;     /* training under ZeRO-3 / FSDP: one layer's whole gradients, as computed
                                    * and copied into the reduce-scatter's input */
  double zero3_step_copy_bytes;    /* training under ZeRO-3 as DeepSpeed runs it (zero3-deepspeed): the
                                    * optimizer step's flat and fp32 copies of a sub-group's gradients */
  double zero3_adamw_temp_bytes;   /* the same with PyTorch's foreach AdamW (zero3-client-adamw): the
                                    * step's sqrt(v) of a sub-group, in fp32 */
  double memory_per_gpu_bytes;
  double available_per_gpu_bytes;
  gboolean fits;
  CpRefusal refusal;               /* why it cannot run (fits is FALSE), else NONE */
  gboolean memory_measured;        /* trial-run peak replaced the estimate */
  /* CPU offload: the optimizer states, fp32 master weights and gradients
   * the GPUs of one node keep in its RAM (0: nothing offloaded) */
  double host_memory_per_node_bytes;
  /* cp_estimate(): CPU offload would fit the GPUs, but needs this much
   * host memory per node, more than the quote states (0: not so) */
  double offload_refused_host_bytes;
  double total_memory_bytes;       /* the job's whole need, unsharded (R1) */
  double memory_gap;               /* total need ÷ one node's memory (R1) */

  /* Inference, as vLLM budgets it */
  double kv_bytes_per_token;
  double serving_budget_bytes;     /* gpu_memory_utilization × memory, per GPU */
  double activation_peak_bytes;    /* profiled forward at max-num-batched-tokens, per GPU */
  double sampler_peak_bytes;       /* of it: vLLM's dummy sampling step, when larger */
  double cuda_graph_bytes;
  double kv_budget_bytes;          /* per GPU, what the KV blocks get */
  double kv_blocks;                /* per replica */
  double max_concurrency;          /* per replica, unrounded as vLLM prints it */
  gboolean kv_measured;            /* a serving trial's KV cache on its quote and GPUs replaced the budget */
  gboolean kv_extrapolated;        /* a serving trial's KV cache carried to this GPU or replica size */
  double kv_tokens_held_per_request; /* KV slots (whole blocks) a running request counts (kv-admission):
                                    * paged, its prompt and output so far on average; else its whole length */
  double requests_per_replica;     /* requests it runs at once, at kv_tokens_held_per_request each */
  guint  replicas_per_node;
  guint  replicas_needed;
  guint  nodes_needed;

  /* Serving throughput and cost by roofline (cp-serving.h) */
  double decode_batch;             /* sequences a replica decodes together */
  double decode_memory_s;          /* one step's weight and KV-cache reads */
  double decode_compute_s;         /* one step's 2 × active params per sequence */
  double decode_tp_communication_s;/* one step's tensor-parallel all-reduces */
  double decode_prefill_compute_s; /* one step's share of prefilling the prompts (mixed batches) */
  double decode_moe_floor_s;       /* one step's fixed time of the MoE layers' routed experts */
  double decode_engine_s;          /* one step's time of the serving engine itself (serving-engine) */
  double decode_step_s;            /* the slower of memory and compute, plus all-reduces, the MoE floor and the engine's */
  gboolean serving_mixed_batches;  /* prompts prefilled inside the decode steps (batch of 2 or more) */
  CpPrecision serving_gemm_precision; /* the precision the serving GEMMs run at */
  double decode_tokens_per_s;      /* per replica: batch ÷ step */
  double prefill_tokens_per_s;     /* per replica, compute-bound */
  double concurrency_served;       /* requests the option runs at once, at most the target */
  double requests_per_s;           /* requests the option completes, prefill and decode */
  double answer_s;                 /* a request's time from its prompt to its last output token, as a user waits:
                                    * the requests running at once over those completed a second (Little's law) */
  double user_output_tokens_per_s; /* output tokens a user receives a second: output tokens over answer_s */
  double output_tokens_per_s;      /* the option's, all replicas */
  double hourly_cost;              /* the option's GPUs (and cluster network) per hour */
  double cost_per_million_output_tokens; /* what the rental bills while serving ÷ the tokens served, in the quote's currency */

  /* Time */
  double flops;
  double compute_s;
  double attention_compute_s;      /* the attention core's part of compute_s (BF16 under FP8) */
  double communication_s;          /* all collectives, before overlap */
  double dp_communication_s;
  double tp_communication_s;
  double pp_communication_s;
  double inter_node_communication_s;
  double all_to_all_s;             /* mixture of experts: dispatch and combine */
  double expert_tokens_per_gemm;   /* mixture of experts: tokens one routed expert computes at once */
  double expert_gemm_speed;        /* its GEMMs' speed against the dense layers' (1: as fast) */
  double expert_permute_s;         /* of compute_s, the experts' token permutations (memory-bound) */
  double zero3_gather_s;           /* ZeRO-3 parameter gathers (part of dp_communication_s) */
  double exposed_dp_communication_s;
  double overlap_slowdown_s;       /* compute slowed by the communication hidden behind it */
  double offload_copies_s;         /* CPU offload: the host copies (part of communication_s, all exposed) */
  double offload_cpu_step_s;       /* CPU offload: the CPU's optimizer steps the GPUs wait for */
  double exposed_communication_s;  /* left after overlap, with the slowdown and CPU offload's optimizer steps */
  double bubble_s;                 /* pipeline: (p − 1)/(m·v) of the ideal step */
  double total_s;                  /* the run: what GPUs are busy or billed for */
  double gpu_hours;
  double comm_compute_ratio;       /* R5 */
  double scaling_efficiency;       /* compute_s / total_s */
  double achieved_mfu;
  /* The utilisation the compute ran at (the setting's, or a trial's) and
   * what each mechanism (CpMfuLoss) adds to the run beyond 6·N·D at it:
   * achieved_mfu = mfu_utilisation × (1 − Σ mfu_loss_s / total_s before
   * interruptions). 0 where the time is not modelled (an MFU given, or a
   * trial on the one machine that ran it). mfu_run_s: the run before
   * interruptions, 6·N·D at the utilisation plus every loss. */
  double mfu_utilisation;
  double mfu_run_s;
  double mfu_loss_s[CP_N_MFU_LOSSES];
  double steps;
  CpTimeSource time_source;

  /* Failures (cp-goodput.h): total_s above includes what they cost */
  double checkpoint_bytes;         /* weights + optimizer states, unsharded */
  double checkpoint_s;             /* writing one checkpoint */
  double checkpoint_interval_s;    /* useful time between checkpoints */
  double restart_s;                /* per interruption, before training again */
  double expected_interruptions;   /* GPUs × run hours × per-GPU rate */
  double lost_s;                   /* to all interruptions: work redone and restarts */
  double goodput;                  /* useful time ÷ wall time; services: time up */

  /* Calendar (project time, what the deadline is checked against) */
  double run_days;                 /* total_s in days */
  double longest_run_days;         /* the deadline, or the longest acceptable run */
  double debug_days;
  double migration_days;
  double calendar_days;
  gboolean meets_deadline;

  /* Cost, in the quote's currency */
  double billed_hours;             /* per node, after granularity and minimum term; on one
                                    * node, the run's share (by hours) of the rental it
                                    * shares with debugging */
  double compute_cost;
  double debug_cost;               /* single-node rental while debugging (R4) */
  gboolean debug_on_cluster_node;  /* beside a cluster run, debugging fits in the nodes'
                                    * billed term: on one of them, debug_cost 0 */
  double network_cost;
  double storage_cost;
  double fees_cost;                /* management and setup */
  double engineering_cost;         /* migration engineer-days (R8) */
  double total_cost;
} CpEstimate;

/* Evaluates @job on @quote with @nodes nodes, applying @technique on top of
 * the job's own memory settings. Returns FALSE (and fills @error) only for
 * inputs the model cannot use; a job that does not fit returns TRUE with
 * fits = FALSE. */
gboolean cp_estimate_with_technique (const CpJob      *job,
                                     const CpQuote    *quote,
                                     guint             nodes,
                                     CpTechnique       technique,
                                     const CpSettings *settings,
                                     CpEstimate       *out,
                                     GError          **error);

/* Same, with the cheapest technique that fits (CP_TECHNIQUE_AS_CONFIGURED
 * first), the layout searched where the job leaves it open. */
gboolean cp_estimate (const CpJob      *job,
                      const CpQuote    *quote,
                      guint             nodes,
                      const CpSettings *settings,
                      CpEstimate       *out,
                      GError          **error);

/* cp_estimate() where @settings are the pessimistic end of the spreads
 * (cp_range_estimate()): a layout kept out of Tight is held to the job's
 * deadline (or longest acceptable run) by its own figures, not by the
 * band around them. FALSE only for a node count the quote refuses. */
gboolean cp_estimate_pessimistic_end (const CpJob      *job,
                                      const CpQuote    *quote,
                                      const CpSettings *settings,
                                      guint             nodes,
                                      CpEstimate       *out);

/* Whether @job, @quote and @settings are inputs the model can use (the
 * checks cp_estimate() makes), for callers that estimate the same inputs
 * at many node counts: a plan checks them once, then calls
 * cp_estimate_checked(). */
gboolean cp_estimate_check_inputs (const CpJob      *job,
                                   const CpQuote    *quote,
                                   const CpSettings *settings,
                                   GError          **error);

/* cp_estimate() of inputs cp_estimate_check_inputs() accepted: only the
 * node count is checked. */
gboolean cp_estimate_checked (const CpJob      *job,
                              const CpQuote    *quote,
                              guint             nodes,
                              const CpSettings *settings,
                              CpEstimate       *out,
                              GError          **error);

/* One job on one quote estimated at several node counts, as a plan sweeps
 * them: what does not depend on the count (the model's per-job constants:
 * bytes per parameter, activation coefficients, FLOPs per token, the batch
 * rule) is worked out once, here, not in every estimate. @job, @quote and
 * @settings are inputs cp_estimate_check_inputs() accepted; the series
 * reads them and must not outlive them. */
typedef struct _CpEstimateSeries CpEstimateSeries;

CpEstimateSeries *cp_estimate_series_new  (const CpJob      *job,
                                           const CpQuote    *quote,
                                           const CpSettings *settings);

/* cp_estimate_checked() of the series' job and quote at @nodes: the same
 * estimate, bit for bit. */
gboolean          cp_estimate_series_at   (const CpEstimateSeries *series,
                                           guint                   nodes,
                                           CpEstimate             *out,
                                           GError                **error);

void              cp_estimate_series_free (CpEstimateSeries *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpEstimateSeries, cp_estimate_series_free)

/* Why a searched layout of a mixture of experts has the expert parallel
 * size it has: EP takes its ranks from tensor × data parallel and divides
 * the experts, and against it the fastest layout that fits at any other
 * EP (searched with that EP pinned). */
typedef struct {
  guint    tp_times_dp;       /* of the chosen layout: what its EP must divide */
  guint    largest_ep;        /* the largest EP that split and the experts allow */
  gboolean other_fits;        /* some layout at another EP fits */
  CpLayout other;             /* the fastest of them */
  double   other_total_s;     /* its run time, interruptions included, as @est's total_s */
  double   other_all_to_all_s;/* its expert all-to-all left exposed */
} CpExpertParallelChoice;

/* Fills @out for @est, the estimate of @job on @quote at @nodes, where
 * @job is a training run of a mixture of experts that leaves EP to the
 * search and @est fits; FALSE (and @out zeroed) otherwise. Estimates
 * again once per other EP: for a front end showing one estimate, not for
 * the search. */
gboolean cp_estimate_expert_parallel_choice (const CpJob            *job,
                                             const CpQuote          *quote,
                                             guint                   nodes,
                                             const CpSettings       *settings,
                                             const CpEstimate       *est,
                                             CpExpertParallelChoice *out);

/* The TB-months of storage @job keeps over @est's calendar days, in
 * months of the settings' hours: what a storage price is billed on. */
double   cp_estimate_storage_tb_months (const CpJob      *job,
                                        const CpSettings *settings,
                                        const CpEstimate *est);
/* What @est's storage costs with VAT at @price_per_tb_month (0: none),
 * kept for its calendar days; and its network between nodes at
 * @fee_per_node_month over its billed run. The estimate counts them at
 * the quote's own prices; the plan's check of unstated costs at others. */
double   cp_estimate_storage_cost (const CpJob      *job,
                                   const CpQuote    *quote,
                                   const CpSettings *settings,
                                   const CpEstimate *est,
                                   double            price_per_tb_month);
double   cp_estimate_network_cost (const CpQuote    *quote,
                                   const CpSettings *settings,
                                   const CpEstimate *est,
                                   double            fee_per_node_month);

/* Memory per GPU of @job as configured, with @gpus GPUs in data parallel on
 * an ideal machine: for curves against model size. */
double   cp_estimate_memory_per_gpu_bytes (const CpJob      *job,
                                           CpTechnique       technique,
                                           guint             gpus,
                                           const CpSettings *settings);

double   cp_job_kv_bytes_per_token (const CpJob *job);

/* Dense tensor peak of @gpu at @precision (FP8 and FP32 where the GPU
 * states them, else its BF16 rate). */
double   cp_gpu_spec_dense_peak_flops (const CpGpuSpec *gpu, CpPrecision precision);

/* Whether @gpu runs FlashAttention-style fused attention kernels. */
gboolean cp_gpu_spec_runs_flash_attention (const CpGpuSpec *gpu);

/* "none", "faster", "headroom", "only-fit", "safe-headroom" */
const char *cp_layout_why_to_string   (CpLayoutWhy why);
gboolean    cp_layout_why_from_string (const char *str, CpLayoutWhy *out);

/* Whether @est is refused for a part of the layout the job pins, not
 * for memory: it has no memory figures. */
gboolean    cp_estimate_layout_refused (const CpEstimate *est);

/* Stable id of a refusal: "none", "gpu-memory", "host-memory",
 * "qlora-split", "tp-beyond-node", "tp-heads", "split-gpus",
 * "stage-layers", "ep-experts", "ep-data-parallel", "no-split". */
const char *cp_refusal_to_string (CpRefusal refusal);

/* Stable id of an MFU loss: "task-flops", "attention", "expert-gemms",
 * "recompute", "stage-imbalance", "token-permutation",
 * "tp-communication", "pp-communication", "dp-communication",
 * "all-to-all", "offload", "overlap-slowdown", "pipeline-bubble". */
const char *cp_mfu_loss_to_string (CpMfuLoss loss);

/* The MFU points @loss of @est takes off its utilisation (negative: adds):
 * the utilisation × its share of the run before interruptions. */
double      cp_estimate_mfu_loss (const CpEstimate *est, CpMfuLoss loss);

/* Stable id of a time source: "model", "mfu", "trial", "extrapolated", "duration". */
const char *cp_time_source_to_string   (CpTimeSource source);
gboolean    cp_time_source_from_string (const char *str, CpTimeSource *out);

G_END_DECLS
