/* cli-estimate-private.h: what cli-estimate.c (options), cli-estimate-table.c
 * (the table) and cli-estimate-xml.c (the XML) of `compute-planner-cli
 * estimate` share. */
#pragma once

#include <glib.h>

#include "cli-job-options.h"
#include "planner/cp-plan.h"
#include "planner/cp-project-analysis.h"
#include "planner/cp-range.h"

G_BEGIN_DECLS

/* Option values, kept as text until parsed so a bad one is reported with
 * the option's name. */
typedef struct _CpCliJobOptions Options;

struct _CpCliJobOptions {
  char     *model;
  char     *params;
  char     *active_params;
  char     *layers;
  char     *hidden;
  char     *heads;
  char     *kv_heads;
  char     *ffn;
  char     *vocab;
  char     *experts;
  char     *active_experts;
  char     *q_lora_rank;
  char     *kv_lora_rank;
  char     *qk_rope_head_dim;
  char     *qk_nope_head_dim;
  char     *v_head_dim;
  gboolean  tied_embeddings;
  char     *task;
  char     *gpu;
  char     *gpus_per_node;
  char     *nodes;
  char     *tokens;
  char     *seq_len;
  char     *micro_batch;
  char     *global_batch;
  char     *recompute;
  char     *zero;
  gboolean  offload;
  gboolean  flash_attention;
  gboolean  no_flash_attention;
  char     *tp;
  char     *pp;
  char     *ep;
  char     *virtual_stages;
  char     *precision;
  char     *optimizer;
  char     *bytes_convention;
  char     *fp8_layout;
  char     *int4_constant_bits;
  char     *tp_comm_overlap;
  char     *moe_fp8_expert_speedup;
  char     *optimizer_states;
  char     *qlora_bits;
  char     *vllm_profile;
  char     *kv_admission;
  char     *serving_engine;
  char     *selective_recompute;
  char     *cross_entropy;
  char     *memory_unit;
  char     *mfu;
  char     *context;
  char     *prompt_tokens;
  char     *output_tokens;
  gboolean  request_fitted;   /* a default of the request was fitted to --context */
  char     *serving_memory_fraction;
  char     *concurrency;
  char     *weight_bits;
  char     *kv_bits;
  char     *answer_within_s;
  char     *lora_rank;
  char     *lora_targets;
  char     *price_per_gpu_hour;
  char     *price_per_node_hour;
  char     *price_per_node_month;
  char     *price;
  char     *intra_link;
  char     *network;
  char     *nics;
  char     *nic_gbps;
  char     *host_memory_gib;
  gboolean  shared;
  gboolean  dedicated;
  gboolean  moe_dispatch_dedup;
  gboolean  fsdp_pp_unsharded;
  gboolean  fsdp1_adapter_gradients;
  gboolean  zero3_deepspeed;
  gboolean  zero3_client_adamw;
  gboolean  offload_delayed_update;
  gboolean  moe_a2a_overlap;
  gboolean  moe_fp8_dispatch;
  gboolean  moe_experts_whole;
  char     *moe_max_nodes;
  char     *deadline_days;
  char     *duration_days;
  char     *billing_granularity;
  char     *minimum_term;
  char     *network_fee;
  char     *storage_tb;
  char     *storage_price;
  char     *storage;
  char     *management_fee;
  char     *ops_support;
  char     *setup_fee;
  char     *offering;
  char     *vat_rate;
  char     *prices_include_vat;
  char     *part_rentable;
  char     *engineers;
  char     *engineer_day_cost;
  char     *measured_peak_memory;
  char     *measured_tokens_per_s;
  char     *measured_step_s;
  char     *measured_comm_share;
  char     *measured_kv_cache_tokens;
  char     *measured_gpus;
  char     *utilisation;
  char     *link_efficiency;
  char     *debug_share;
  char     *layout_headroom_time;
  char     *host_cpu_cores;
  char     *cpu_adam_rate;
  char     *failure_rate;
  char     *restart_time;
  char     *checkpoint_interval;
  gboolean  distributed_experience;
  gboolean  ops_engineer;
  gboolean  team_stated;
  gboolean  xml;
  char     *output;
};

/* Everything the estimate owns, released in one place. */
typedef struct {
  Options     options;
  CpJob       job;
  CpQuote     quote;
  CpSettings  settings;
  const CpPlan *plan;       /* the job's plan, read from analysis */
  CpProject  *project;      /* the job and the one quote, as a project */
  CpProjectAnalysis *analysis; /* of project: the plan the window and the reports would read */
  CpEstimate  fitting;      /* with the cheapest memory technique that fits, if any */
  CpRange     range;        /* the estimate's band over the assumptions' spread */
  /* A mixture of experts with EP searched: why the EP chosen (has_ep_choice) */
  gboolean    has_ep_choice;
  CpExpertParallelChoice ep_choice;
} Estimate;

/* Prints @est (of @nodes nodes) with its inputs, plan and reasons as a
 * table on standard output. */
void cp_cli_estimate_print_table (const Estimate   *e,
                                  const CpEstimate *est,
                                  guint             nodes);

/* Writes @est (of @nodes nodes) with its inputs, plan and reasons as
 * XML, to e->options.output or standard output. */
gboolean cp_cli_estimate_write_xml (const Estimate    *e,
                                    const CpEstimate  *est,
                                    guint              nodes,
                                    GError           **error);

G_END_DECLS
