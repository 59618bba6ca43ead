/* cp-report-xml.c: the report as XML, and reading it back safely. */
#include "cp-report-private.h"
#include "cp-report.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>

#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-schedule.h"
#include "planner/cp-text-limit.h"
#include "planner/cp-units.h"

G_DEFINE_QUARK (cp-report-error-quark, cp_report_error)

/* ---------------------------------------------------------------------- */
/* Field tables: one description of each record drives writing and
 * reading, and data/report/compute-planner-report.xsd lists the same
 * elements in the same order. */

typedef enum {
  FIELD_STRING,        /* char *, omitted when NULL */
  FIELD_CURRENCY,      /* char[4] */
  FIELD_DOUBLE,
  FIELD_UINT,
  FIELD_BOOL,          /* gboolean */
  FIELD_ENUM,          /* int-sized enum, by its stable id */
  FIELD_MONEY,         /* double in the record's currency */
  FIELD_RECORD,        /* a nested record */
} FieldType;

typedef struct {
  const char *(*to_string)   (int value);
  gboolean    (*from_string) (const char *str, int *out);
} EnumNames;

typedef struct _FieldTable FieldTable;

typedef struct {
  const char       *name;
  FieldType         type;
  gsize             offset;
  const char       *unit;
  const EnumNames  *names;
  const FieldTable *record;
} Field;

struct _FieldTable {
  const char  *name;
  const Field *fields;
  guint        n_fields;
};

/* Typed wrappers: the model's functions take their own enum types. */
#define ENUM_NAMES(name, Type, prefix)                                   \
  static const char *name##_to (int value) { return prefix##_to_string ((Type) value); } \
  static gboolean name##_from (const char *str, int *out)               \
  {                                                                      \
    Type value;                                                          \
    if (!prefix##_from_string (str, &value))                             \
      return FALSE;                                                      \
    *out = (int) value;                                                  \
    return TRUE;                                                         \
  }                                                                      \
  static const EnumNames enum_##name = { name##_to, name##_from };

ENUM_NAMES (task_kind, CpTaskKind, cp_task_kind)
ENUM_NAMES (precision, CpPrecision, cp_precision)
ENUM_NAMES (optimizer, CpOptimizer, cp_optimizer)
ENUM_NAMES (recompute, CpRecompute, cp_recompute)
ENUM_NAMES (bytes_convention, CpBytesConvention, cp_bytes_convention)
ENUM_NAMES (memory_unit, CpMemoryUnit, cp_memory_unit)
ENUM_NAMES (offering_kind, CpOfferingKind, cp_offering_kind)
ENUM_NAMES (network_kind, CpNetworkKind, cp_network_kind)
ENUM_NAMES (sharing, CpSharing, cp_sharing)
ENUM_NAMES (price_unit, CpPriceUnit, cp_price_unit)
ENUM_NAMES (storage_kind, CpStorageKind, cp_storage_kind)
ENUM_NAMES (vat_basis, CpVatBasis, cp_vat_basis)
ENUM_NAMES (technique, CpTechnique, cp_technique)

ENUM_NAMES (time_source, CpTimeSource, cp_time_source)
ENUM_NAMES (layout_why, CpLayoutWhy, cp_layout_why)
ENUM_NAMES (verification, CpVerification, cp_verification)

/* A job's ZeRO stage: 0 to 3 pinned, "auto" left to the search (walk 2,
 * #11: never "stage 4"); reports written before read "4" as "auto". */
static const char *
zero_stage_to (int value)
{
  static const char * const stages[] = { "0", "1", "2", "3" };

  if (value == CP_ZERO_STAGE_AUTO)
    return "auto";
  return value >= 0 && value < (int) G_N_ELEMENTS (stages) ? stages[value] : NULL;
}

static gboolean
zero_stage_from (const char *str,
                 int        *out)
{
  if (strcmp (str, "auto") == 0)
    *out = CP_ZERO_STAGE_AUTO;
  else if (str[0] >= '0' && str[0] <= '0' + CP_ZERO_STAGE_AUTO && str[1] == '\0')
    *out = str[0] - '0';
  else
    return FALSE;
  return TRUE;
}

static const EnumNames enum_zero_stage = { zero_stage_to, zero_stage_from };


static const FieldTable model_table;
static const FieldTable gpu_table;
static const FieldTable link_table;
static const FieldTable trial_table;

static const Field model_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpModelSpec, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpModelSpec, name), NULL, NULL, NULL },
  { "params", FIELD_DOUBLE, G_STRUCT_OFFSET (CpModelSpec, params), "parameters", NULL, NULL },
  { "active-params", FIELD_DOUBLE, G_STRUCT_OFFSET (CpModelSpec, active_params), "parameters", NULL, NULL },
  { "layers", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, layers), NULL, NULL, NULL },
  { "hidden", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, hidden), NULL, NULL, NULL },
  { "heads", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, heads), NULL, NULL, NULL },
  { "kv-heads", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, kv_heads), NULL, NULL, NULL },
  { "head-dim", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, head_dim), NULL, NULL, NULL },
  { "ffn", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, ffn), NULL, NULL, NULL },
  { "vocab", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, vocab), "tokens", NULL, NULL },
  { "tied-embeddings", FIELD_BOOL, G_STRUCT_OFFSET (CpModelSpec, tied_embeddings), NULL, NULL, NULL },
  { "gated-mlp", FIELD_BOOL, G_STRUCT_OFFSET (CpModelSpec, gated_mlp), NULL, NULL, NULL },
  { "experts-total", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, experts_total), NULL, NULL, NULL },
  { "experts-active", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, experts_active), NULL, NULL, NULL },
  { "kv-latent-dim", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, kv_latent_dim), NULL, NULL, NULL },
  { "shared-experts", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, shared_experts), NULL, NULL, NULL },
  { "expert-ffn", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, expert_ffn), NULL, NULL, NULL },
  { "shared-expert-ffn", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, shared_expert_ffn), NULL, NULL, NULL },
  { "dense-layers", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, dense_layers), NULL, NULL, NULL },
  { "dense-ffn", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, dense_ffn), NULL, NULL, NULL },
  { "q-lora-rank", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, q_lora_rank), NULL, NULL, NULL },
  { "kv-lora-rank", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, kv_lora_rank), NULL, NULL, NULL },
  { "qk-rope-head-dim", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, qk_rope_head_dim), NULL, NULL, NULL },
  { "qk-nope-head-dim", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, qk_nope_head_dim), NULL, NULL, NULL },
  { "v-head-dim", FIELD_UINT, G_STRUCT_OFFSET (CpModelSpec, v_head_dim), NULL, NULL, NULL },
  { "source", FIELD_STRING, G_STRUCT_OFFSET (CpModelSpec, source), NULL, NULL, NULL },
};
static const FieldTable model_table = { "model", model_fields, G_N_ELEMENTS (model_fields) };

static const Field gpu_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpGpuSpec, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpGpuSpec, name), NULL, NULL, NULL },
  { "memory-nominal-gb", FIELD_DOUBLE, G_STRUCT_OFFSET (CpGpuSpec, memory_nominal_gb), "GB", NULL, NULL },
  { "dense-bf16-flops", FIELD_DOUBLE, G_STRUCT_OFFSET (CpGpuSpec, dense_bf16_flops), "FLOP/s", NULL, NULL },
  { "dense-fp8-flops", FIELD_DOUBLE, G_STRUCT_OFFSET (CpGpuSpec, dense_fp8_flops), "FLOP/s", NULL, NULL },
  { "dense-fp32-flops", FIELD_DOUBLE, G_STRUCT_OFFSET (CpGpuSpec, dense_fp32_flops), "FLOP/s", NULL, NULL },
  { "memory-bandwidth", FIELD_DOUBLE, G_STRUCT_OFFSET (CpGpuSpec, memory_bandwidth_gbytes_per_s), "GB/s", NULL, NULL },
  { "default-intra-link", FIELD_STRING, G_STRUCT_OFFSET (CpGpuSpec, default_intra_link), NULL, NULL, NULL },
  { "verification", FIELD_ENUM, G_STRUCT_OFFSET (CpGpuSpec, verification), NULL, &enum_verification, NULL },
  { "source", FIELD_STRING, G_STRUCT_OFFSET (CpGpuSpec, source), NULL, NULL, NULL },
};
static const FieldTable gpu_table = { "gpu", gpu_fields, G_N_ELEMENTS (gpu_fields) };

static const Field link_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, name), NULL, NULL, NULL },
  { "per-direction-bandwidth", FIELD_DOUBLE, G_STRUCT_OFFSET (CpLinkSpec, per_direction_gbytes_per_s), "GB/s", NULL, NULL },
  { "verification", FIELD_ENUM, G_STRUCT_OFFSET (CpLinkSpec, verification), NULL, &enum_verification, NULL },
  { "source", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, source), NULL, NULL, NULL },
};
static const FieldTable link_table = { "link", link_fields, G_N_ELEMENTS (link_fields) };

static const Field trial_fields[] = {
  { "quote-id", FIELD_STRING, G_STRUCT_OFFSET (CpTrialRun, quote_id), NULL, NULL, NULL },
  { "gpus", FIELD_UINT, G_STRUCT_OFFSET (CpTrialRun, gpus), NULL, NULL, NULL },
  { "gpu-dense-flops", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, gpu_dense_flops), "FLOP/s", NULL, NULL },
  { "peak-memory", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, peak_memory_bytes), "bytes", NULL, NULL },
  { "tokens-per-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, tokens_per_s), "tokens/s", NULL, NULL },
  { "step", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, step_s), "s", NULL, NULL },
  { "communication-share", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, communication_share), "fraction", NULL, NULL },
  { "kv-cache-tokens", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, kv_cache_tokens), "tokens", NULL, NULL },
  { "gpu-memory-nominal-gb", FIELD_DOUBLE, G_STRUCT_OFFSET (CpTrialRun, gpu_memory_nominal_gb), "GB", NULL, NULL },
};
static const FieldTable trial_table = { "trial", trial_fields, G_N_ELEMENTS (trial_fields) };

static const Field job_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpJob, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpJob, name), NULL, NULL, NULL },
  { "kind", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, kind), NULL, &enum_task_kind, NULL },
  { "model", FIELD_RECORD, G_STRUCT_OFFSET (CpJob, model), NULL, NULL, &model_table },
  { "precision", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, precision), NULL, &enum_precision, NULL },
  { "optimizer", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, optimizer), NULL, &enum_optimizer, NULL },
  { "tokens", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, tokens), "tokens", NULL, NULL },
  { "seq-len", FIELD_UINT, G_STRUCT_OFFSET (CpJob, seq_len), "tokens", NULL, NULL },
  { "micro-batch", FIELD_UINT, G_STRUCT_OFFSET (CpJob, micro_batch), "sequences", NULL, NULL },
  { "global-batch", FIELD_UINT, G_STRUCT_OFFSET (CpJob, global_batch), "sequences", NULL, NULL },
  { "recompute", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, recompute), NULL, &enum_recompute, NULL },
  { "flash-attention", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, flash_attention), NULL, NULL, NULL },
  { "zero-stage", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, zero_stage), NULL, &enum_zero_stage, NULL },
  { "cpu-offload", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, cpu_offload), NULL, NULL, NULL },
  { "tensor-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpJob, tensor_parallel), NULL, NULL, NULL },
  { "pipeline-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpJob, pipeline_parallel), NULL, NULL, NULL },
  { "expert-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpJob, expert_parallel), NULL, NULL, NULL },
  { "virtual-stages", FIELD_UINT, G_STRUCT_OFFSET (CpJob, virtual_stages), NULL, NULL, NULL },
  { "allow-lora", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, allow_lora), NULL, NULL, NULL },
  { "lora-rank", FIELD_UINT, G_STRUCT_OFFSET (CpJob, lora_rank), NULL, NULL, NULL },
  { "lora-targets", FIELD_UINT, G_STRUCT_OFFSET (CpJob, lora_targets), "bitmask", NULL, NULL },
  { "mfu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, mfu), "fraction", NULL, NULL },
  { "context-len", FIELD_UINT, G_STRUCT_OFFSET (CpJob, context_len), "tokens", NULL, NULL },
  { "prompt-tokens", FIELD_UINT, G_STRUCT_OFFSET (CpJob, prompt_tokens), "tokens", NULL, NULL },
  { "output-tokens", FIELD_UINT, G_STRUCT_OFFSET (CpJob, output_tokens), "tokens", NULL, NULL },
  { "concurrency", FIELD_UINT, G_STRUCT_OFFSET (CpJob, concurrency), "requests", NULL, NULL },
  { "weight-bits", FIELD_UINT, G_STRUCT_OFFSET (CpJob, weight_bits), "bits", NULL, NULL },
  { "kv-bits", FIELD_UINT, G_STRUCT_OFFSET (CpJob, kv_bits), "bits", NULL, NULL },
  { "duration", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, duration_days), "days", NULL, NULL },
  { "deadline", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, deadline_days), "days", NULL, NULL },
  { "team-has-distributed-experience", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_has_distributed_experience), NULL, NULL, NULL },
  { "team-has-ops-engineer", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_has_ops_engineer), NULL, NULL, NULL },
  { "team-stated", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_stated), NULL, NULL, NULL },
  { "engineers", FIELD_UINT, G_STRUCT_OFFSET (CpJob, engineers), NULL, NULL, NULL },
  { "engineer-day-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpJob, engineer_day_cost), NULL, NULL, NULL },
  { "storage", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, storage_tb), "TB", NULL, NULL },
  { "trial", FIELD_RECORD, G_STRUCT_OFFSET (CpJob, trial), NULL, NULL, &trial_table },
  { "notes", FIELD_STRING, G_STRUCT_OFFSET (CpJob, notes), NULL, NULL, NULL },
  { "starts-after", FIELD_STRING, G_STRUCT_OFFSET (CpJob, after_job_id), NULL, NULL, NULL },
};
static const FieldTable job_table = { "job", job_fields, G_N_ELEMENTS (job_fields) };

static const Field quote_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, id), NULL, NULL, NULL },
  { "vendor", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, vendor), NULL, NULL, NULL },
  { "offer-name", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, offer_name), NULL, NULL, NULL },
  { "offering", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, offering), NULL, &enum_offering_kind, NULL },
  { "gpu", FIELD_RECORD, G_STRUCT_OFFSET (CpQuote, gpu), NULL, NULL, &gpu_table },
  { "gpus-per-node", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, gpus_per_node), NULL, NULL, NULL },
  { "nodes-available", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, nodes_available), NULL, NULL, NULL },
  { "intra-link", FIELD_RECORD, G_STRUCT_OFFSET (CpQuote, intra_link), NULL, NULL, &link_table },
  { "host-memory-per-node", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, host_memory_per_node_bytes), "bytes", NULL, NULL },
  { "network", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, network), NULL, &enum_network_kind, NULL },
  { "nics-per-node", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, nics_per_node), NULL, NULL, NULL },
  { "nic-rate", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, nic_gbps), "Gb/s", NULL, NULL },
  { "sharing", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, sharing), NULL, &enum_sharing, NULL },
  { "share-factor", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, share_factor), "fraction", NULL, NULL },
  { "price-unit", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, price_unit), NULL, &enum_price_unit, NULL },
  { "price", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, price), NULL, NULL, NULL },
  { "billing-granularity", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, billing_granularity_h), "h", NULL, NULL },
  { "minimum-term", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, minimum_term_h), "h", NULL, NULL },
  { "network-fee-per-node-month", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, network_fee_per_node_month), NULL, NULL, NULL },
  { "storage", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, storage), NULL, &enum_storage_kind, NULL },
  { "storage-price-per-tb-month", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, storage_price_per_tb_month), NULL, NULL, NULL },
  { "management-fee-per-month", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, management_fee_per_month), NULL, NULL, NULL },
  { "setup-fee", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, setup_fee), NULL, NULL, NULL },
  { "currency", FIELD_CURRENCY, G_STRUCT_OFFSET (CpQuote, currency), NULL, NULL, NULL },
  { "valid-until", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, valid_until), NULL, NULL, NULL },
  { "notes", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, notes), NULL, NULL, NULL },
  { "vat-basis", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, vat_basis), NULL, &enum_vat_basis, NULL },
  { "vat-rate", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, vat_rate), "fraction", NULL, NULL },
};
static const FieldTable quote_table = { "quote", quote_fields, G_N_ELEMENTS (quote_fields) };

static const Field settings_fields[] = {
  { "bytes-convention", FIELD_ENUM, G_STRUCT_OFFSET (CpSettings, bytes_convention), NULL, &enum_bytes_convention, NULL },
  { "memory-unit", FIELD_ENUM, G_STRUCT_OFFSET (CpSettings, memory_unit), NULL, &enum_memory_unit, NULL },
  { "currency", FIELD_CURRENCY, G_STRUCT_OFFSET (CpSettings, currency), NULL, NULL, NULL },
  { "compute-utilisation", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, compute_utilisation), "fraction", NULL, NULL },
  { "link-efficiency", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, link_efficiency), "fraction", NULL, NULL },
  { "shared-network-factor", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, shared_network_factor), "fraction", NULL, NULL },
  { "dp-overlap", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, dp_overlap), "fraction", NULL, NULL },
  { "framework-overhead", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, framework_overhead_bytes), "bytes", NULL, NULL },
  { "fragmentation", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, fragmentation_fraction), "fraction", NULL, NULL },
  { "serving-memory-fraction", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, serving_memory_fraction), "fraction", NULL, NULL },
  { "debug-share", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, debug_share), "fraction", NULL, NULL },
  { "migration-days", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, migration_days_no_experience), "days", NULL, NULL },
  { "hours-per-month", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, hours_per_month), "h", NULL, NULL },
  { "working-days-per-week", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, working_days_per_week), "days", NULL, NULL },
  { "selective-recompute-overhead", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, selective_recompute_flops_overhead), "fraction", NULL, NULL },
  { "lora-flops-factor", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, lora_flops_factor), "FLOP/param/token", NULL, NULL },
  { "judgement-gap-low", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, judgement_gap_low), "ratio", NULL, NULL },
  { "judgement-gap-high", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, judgement_gap_high), "ratio", NULL, NULL },
  { "longest-acceptable-run", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, longest_acceptable_run_days), "days", NULL, NULL },
  { "dp-bucket", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, dp_bucket_bytes), "bytes", NULL, NULL },
  { "overlap-compute-slowdown", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, overlap_compute_slowdown), "fraction", NULL, NULL },
  { "kv-block", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, kv_block_tokens), "tokens", NULL, NULL },
  { "cuda-graphs", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, cuda_graph_bytes), "bytes", NULL, NULL },
  { "gpu-failure-rate", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, gpu_failure_rate_per_hour), "1/GPU-h", NULL, NULL },
  { "restart-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, restart_s), "s", NULL, NULL },
  { "checkpoint-interval", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, checkpoint_interval_s), "s", NULL, NULL },
  { "contingency", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, contingency_fraction), "fraction", NULL, NULL },
  { "vat-rate", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, vat_rate), "fraction", NULL, NULL },
  { "prices-include-vat", FIELD_BOOL, G_STRUCT_OFFSET (CpSettings, prices_include_vat), NULL, NULL, NULL },
  { "vat-rate-lease", FIELD_DOUBLE, G_STRUCT_OFFSET (CpSettings, vat_rate_lease), "fraction", NULL, NULL },
};
static const FieldTable settings_table = { "settings", settings_fields, G_N_ELEMENTS (settings_fields) };

/* The layout the search chose and the runner-up, as records of the
 * estimate itself (their offsets are the estimate's). */
static const Field layout_fields[] = {
  { "searched", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, layout_searched), NULL, NULL, NULL },
  { "tensor-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.tensor_parallel), NULL, NULL, NULL },
  { "pipeline-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.pipeline_parallel), NULL, NULL, NULL },
  { "data-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.data_parallel), NULL, NULL, NULL },
  { "expert-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.expert_parallel), NULL, NULL, NULL },
  { "virtual-stages", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.virtual_stages), NULL, NULL, NULL },
  { "micro-batch", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.micro_batch), NULL, NULL, NULL },
  { "micro-batches", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.micro_batches), NULL, NULL, NULL },
  { "global-batch-tokens", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, global_batch_tokens), "tokens", NULL, NULL },
  { "flash-attention", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, flash_attention), NULL, NULL, NULL },
  { "bubble-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, bubble_s), "s", NULL, NULL },
  { "exposed-communication-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, exposed_communication_s), "s", NULL, NULL },
  { "exposed-dp-communication-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, exposed_dp_communication_s), "s", NULL, NULL },
  { "all-to-all-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, all_to_all_s), "s", NULL, NULL },
  { "overlap-slowdown-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, overlap_slowdown_s), "s", NULL, NULL },
  { "zero3-gather-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, zero3_gather_s), "s", NULL, NULL },
  /* What the search weighed: layouts timed, splits of the GPUs enumerated
   * and those a lower bound on their run time left untimed. */
  { "layouts-evaluated", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layouts_evaluated), NULL, NULL, NULL },
  { "splits", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout_splits), NULL, NULL, NULL },
  { "splits-pruned", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout_splits_pruned), NULL, NULL, NULL },
  /* The fastest layout that fits, where the chosen one keeps out of Tight
   * at its cost (layout-headroom-time); 0: the chosen one is the fastest. */
  { "fastest-total-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, layout_fastest_total_s), "s", NULL, NULL },
  { "fastest-memory-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, layout_fastest_memory_per_gpu_bytes), "bytes", NULL, NULL },
};
static const FieldTable layout_table = { "layout", layout_fields, G_N_ELEMENTS (layout_fields) };

static const Field runner_up_fields[] = {
  { "why", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, layout_why), NULL, &enum_layout_why, NULL },
  { "tensor-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.tensor_parallel), NULL, NULL, NULL },
  { "pipeline-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.pipeline_parallel), NULL, NULL, NULL },
  { "data-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.data_parallel), NULL, NULL, NULL },
  { "expert-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.expert_parallel), NULL, NULL, NULL },
  { "virtual-stages", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.virtual_stages), NULL, NULL, NULL },
  { "micro-batch", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.micro_batch), NULL, NULL, NULL },
  { "zero-stage", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.zero_stage), NULL, NULL, NULL },
  { "recompute", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, runner_up.recompute), NULL, &enum_recompute, NULL },
  { "recomputed-layers", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, runner_up.recomputed_layers), NULL, NULL, NULL },
  { "fits", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, runner_up_fits), NULL, NULL, NULL },
  { "total-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, runner_up_total_s), "s", NULL, NULL },
  { "memory-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, runner_up_memory_per_gpu_bytes), "bytes", NULL, NULL },
};
static const FieldTable runner_up_table = { "runner-up", runner_up_fields, G_N_ELEMENTS (runner_up_fields) };

static const Field estimate_fields[] = {
  { "nodes", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, nodes), NULL, NULL, NULL },
  { "gpus", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, gpus), NULL, NULL, NULL },
  { "tensor-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.tensor_parallel), NULL, NULL, NULL },
  { "pipeline-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.pipeline_parallel), NULL, NULL, NULL },
  { "data-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.data_parallel), NULL, NULL, NULL },
  { "zero-stage", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.zero_stage), NULL, NULL, NULL },
  { "recompute", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, layout.recompute), NULL, &enum_recompute, NULL },
  { "recomputed-layers", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.recomputed_layers), NULL, NULL, NULL },
  { "layers-per-gpu", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.layers_per_gpu), NULL, NULL, NULL },
  { "cpu-offload", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, cpu_offload), NULL, NULL, NULL },
  { "technique", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, technique), NULL, &enum_technique, NULL },
  { "layout", FIELD_RECORD, 0, NULL, NULL, &layout_table },
  { "runner-up", FIELD_RECORD, 0, NULL, NULL, &runner_up_table },
  { "weights", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, weights_bytes), "bytes", NULL, NULL },
  { "gradients", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, gradients_bytes), "bytes", NULL, NULL },
  { "optimizer-states", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, optimizer_bytes), "bytes", NULL, NULL },
  { "activations", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, activations_bytes), "bytes", NULL, NULL },
  { "kv-cache", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, kv_cache_bytes), "bytes", NULL, NULL },
  { "overhead", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, overhead_bytes), "bytes", NULL, NULL },
  { "memory-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, memory_per_gpu_bytes), "bytes", NULL, NULL },
  { "available-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, available_per_gpu_bytes), "bytes", NULL, NULL },
  { "fits", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, fits), NULL, NULL, NULL },
  { "memory-measured", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, memory_measured), NULL, NULL, NULL },
  { "total-memory", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, total_memory_bytes), "bytes", NULL, NULL },
  { "memory-gap", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, memory_gap), "ratio", NULL, NULL },
  { "host-memory-per-node", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, host_memory_per_node_bytes), "bytes", NULL, NULL },
  { "kv-per-token", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, kv_bytes_per_token), "bytes/token", NULL, NULL },
  { "max-concurrency", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, max_concurrency), "requests", NULL, NULL },
  { "kv-measured", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, kv_measured), NULL, NULL, NULL },
  { "kv-extrapolated", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, kv_extrapolated), NULL, NULL, NULL },
  { "requests-per-replica", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, requests_per_replica), "requests", NULL, NULL },
  { "kv-budget", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, kv_budget_bytes), "bytes", NULL, NULL },
  { "replicas-per-node", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, replicas_per_node), NULL, NULL, NULL },
  { "replicas-needed", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, replicas_needed), NULL, NULL, NULL },
  { "nodes-needed", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, nodes_needed), NULL, NULL, NULL },
  { "decode-tokens-per-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, decode_tokens_per_s), "tokens/s", NULL, NULL },
  { "decode-batch", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, decode_batch), "sequences", NULL, NULL },
  { "decode-step-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, decode_step_s), "s", NULL, NULL },
  { "prefill-tokens-per-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, prefill_tokens_per_s), "tokens/s", NULL, NULL },
  { "concurrency-served", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, concurrency_served), "requests", NULL, NULL },
  { "requests-per-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, requests_per_s), "requests/s", NULL, NULL },
  { "output-tokens-per-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, output_tokens_per_s), "tokens/s", NULL, NULL },
  { "hourly-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, hourly_cost), NULL, NULL, NULL },
  { "cost-per-million-output-tokens", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, cost_per_million_output_tokens), NULL, NULL, NULL },
  { "flops", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, flops), "FLOP", NULL, NULL },
  { "compute-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, compute_s), "s", NULL, NULL },
  { "communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, communication_s), "s", NULL, NULL },
  { "dp-communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, dp_communication_s), "s", NULL, NULL },
  { "tp-communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, tp_communication_s), "s", NULL, NULL },
  { "pp-communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, pp_communication_s), "s", NULL, NULL },
  { "inter-node-communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, inter_node_communication_s), "s", NULL, NULL },
  { "exposed-communication-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, exposed_communication_s), "s", NULL, NULL },
  { "bubble-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, bubble_s), "s", NULL, NULL },
  { "total-time", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, total_s), "s", NULL, NULL },
  { "gpu-hours", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, gpu_hours), "GPU-h", NULL, NULL },
  { "comm-compute-ratio", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, comm_compute_ratio), "ratio", NULL, NULL },
  { "scaling-efficiency", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, scaling_efficiency), "fraction", NULL, NULL },
  { "achieved-mfu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, achieved_mfu), "fraction", NULL, NULL },
  { "steps", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, steps), "steps", NULL, NULL },
  { "time-source", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, time_source), NULL, &enum_time_source, NULL },
  { "goodput", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, goodput), "fraction", NULL, NULL },
  { "expected-interruptions", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, expected_interruptions), "interruptions", NULL, NULL },
  { "checkpoint-bytes", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, checkpoint_bytes), "bytes", NULL, NULL },
  { "checkpoint-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, checkpoint_s), "s", NULL, NULL },
  { "checkpoint-interval-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, checkpoint_interval_s), "s", NULL, NULL },
  { "restart-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, restart_s), "s", NULL, NULL },
  { "lost-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, lost_s), "s", NULL, NULL },
  { "debug-days", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, debug_days), "days", NULL, NULL },
  { "migration-days", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, migration_days), "days", NULL, NULL },
  { "calendar-days", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, calendar_days), "days", NULL, NULL },
  { "longest-run-days", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, longest_run_days), "days", NULL, NULL },
  { "meets-deadline", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, meets_deadline), NULL, NULL, NULL },
  { "billed-hours", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, billed_hours), "h", NULL, NULL },
  { "compute-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, compute_cost), NULL, NULL, NULL },
  { "debug-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, debug_cost), NULL, NULL, NULL },
  { "network-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, network_cost), NULL, NULL, NULL },
  { "storage-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, storage_cost), NULL, NULL, NULL },
  { "fees-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, fees_cost), NULL, NULL, NULL },
  { "engineering-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, engineering_cost), NULL, NULL, NULL },
  { "total-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpEstimate, total_cost), NULL, NULL, NULL },
};
static const FieldTable estimate_table = { "estimate", estimate_fields, G_N_ELEMENTS (estimate_fields) };

/* The option's band (cp-range.h), written into the option itself. */
static const Field range_fields[] = {
  { "total-s-low", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, total_s_low), "s", NULL, NULL },
  { "total-s-high", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, total_s_high), "s", NULL, NULL },
  { "calendar-days-low", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, calendar_days_low), "days", NULL, NULL },
  { "calendar-days-high", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, calendar_days_high), "days", NULL, NULL },
  { "total-cost-low", FIELD_MONEY, G_STRUCT_OFFSET (CpRange, total_cost_low), NULL, NULL, NULL },
  { "total-cost-high", FIELD_MONEY, G_STRUCT_OFFSET (CpRange, total_cost_high), NULL, NULL, NULL },
  { "fits-pessimistic", FIELD_BOOL, G_STRUCT_OFFSET (CpRange, fits_pessimistic), NULL, NULL, NULL },
};
static const FieldTable range_table = { "range", range_fields, G_N_ELEMENTS (range_fields) };

/* ---------------------------------------------------------------------- */
/* Writing                                                                */

/* XML 1.0 cannot carry most control characters, and text typed into a
 * form may hold anything. */
static char *
clean_text (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        continue;
      if (c == 0xfffe || c == 0xffff)
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static xmlNode *
add_text (xmlNode    *parent,
          const char *name,
          const char *text)
{
  g_autofree char *clean = clean_text (text != NULL ? text : "");

  return xmlNewTextChild (parent, NULL, BAD_CAST name, BAD_CAST clean);
}

static xmlNode *
add_double (xmlNode    *parent,
            const char *name,
            double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return xmlNewTextChild (parent, NULL, BAD_CAST name,
                          BAD_CAST cp_format_double_shortest (value, buffer));
}

static void
write_record (xmlNode          *node,
              const FieldTable *table,
              const void       *record,
              const char       *currency)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      const Field *field = &table->fields[i];
      const guint8 *p = (const guint8 *) record + field->offset;
      xmlNode *child = NULL;
      char buffer[G_ASCII_DTOSTR_BUF_SIZE];

      switch (field->type)
        {
        case FIELD_STRING:
          if (*(char * const *) p != NULL)
            child = add_text (node, field->name, *(char * const *) p);
          break;
        case FIELD_CURRENCY:
          child = add_text (node, field->name, (const char *) p);
          break;
        case FIELD_DOUBLE:
        case FIELD_MONEY:
          child = add_double (node, field->name, *(const double *) p);
          if (field->type == FIELD_MONEY)
            xmlNewProp (child, BAD_CAST "currency", BAD_CAST currency);
          break;
        case FIELD_UINT:
          g_snprintf (buffer, sizeof buffer, "%u", *(const guint *) p);
          child = xmlNewTextChild (node, NULL, BAD_CAST field->name, BAD_CAST buffer);
          break;
        case FIELD_BOOL:
          child = xmlNewTextChild (node, NULL, BAD_CAST field->name,
                                   BAD_CAST (*(const gboolean *) p ? "true" : "false"));
          break;
        case FIELD_ENUM:
          {
            const char *id = field->names->to_string (*(const int *) p);
            child = xmlNewTextChild (node, NULL, BAD_CAST field->name, BAD_CAST (id != NULL ? id : "unknown"));
          }
          break;
        case FIELD_RECORD:
          child = xmlNewChild (node, NULL, BAD_CAST field->name, NULL);
          write_record (child, field->record, p, currency);
          break;
        }

      if (child != NULL && field->unit != NULL)
        xmlNewProp (child, BAD_CAST "unit", BAD_CAST field->unit);
    }
}

static const char *
project_currency (const CpProject *project)
{
  return project->settings.currency[0] != '\0' ? project->settings.currency : "CNY";
}

static const char *
quote_currency (const CpQuote *quote)
{
  return quote->currency[0] != '\0' ? quote->currency : "CNY";
}

/* What the numbers of each outcome are (cp-plan.h); "money" values take
 * the currency of the option they speak of. */
static const char *
reason_value_unit (CpOutcome outcome,
                   guint     index)
{
  static const char * const units[CP_N_OUTCOMES][4] = {
    [CP_OUTCOME_FITS] = { "ratio", "bytes", "bytes" },
    [CP_OUTCOME_FITS_WITH_TECHNIQUE] = { "ratio", "technique", "bytes", "bytes" },
    [CP_OUTCOME_JUDGEMENT_ZONE] = { "ratio", "technique", "bytes", "bytes" },
    [CP_OUTCOME_GAP_NEEDS_CLUSTER] = { "ratio", "bytes", "bytes" },
    [CP_OUTCOME_TECHNIQUES_FAIL] = { "ratio", "bytes", "bytes" },
    [CP_OUTCOME_FULL_FINETUNE_CLUSTER] = { "parameters" },
    [CP_OUTCOME_PEFT_SINGLE_GPU] = { "parameters", "bytes", "bytes" },
    [CP_OUTCOME_PEFT_NEEDS_MORE] = { "parameters", "bytes", "bytes" },
    [CP_OUTCOME_CONCURRENCY_ONE_NODE] = { "requests", "requests", "replicas", "replicas" },
    [CP_OUTCOME_CONCURRENCY_CLUSTER] = { "requests", "requests", "replicas", "nodes" },
    [CP_OUTCOME_MODEL_DOES_NOT_FIT] = { "bytes", "bytes" },
    [CP_OUTCOME_SINGLE_MACHINE_WORK] = { "task-kind" },
    [CP_OUTCOME_DEBUG_SHARE] = { "fraction", "days", "money", "fraction" },
    [CP_OUTCOME_COMPUTE_DOMINATES] = { "ratio", "s", "s", "nodes" },
    [CP_OUTCOME_COMMUNICATION_DOMINATES] = { "ratio", "s", "s", "nodes" },
    [CP_OUTCOME_COMMUNICATION_DOMINATES_CLUSTER_NEEDED] = { "ratio", "s", "s", "nodes" },
    [CP_OUTCOME_CHEAPEST_TOTAL] = { "money", "money", "rank", "rank" },
    [CP_OUTCOME_ASK_BANDWIDTH] = { "quote-index" },
    [CP_OUTCOME_ASK_STORAGE] = { "quote-index" },
    [CP_OUTCOME_IMPLAUSIBLE_PRICE] = { "quote-index", "money", "money", "money" },
    [CP_OUTCOME_HOST_MEMORY_SHORT] = { "ratio", "bytes", "bytes" },
    [CP_OUTCOME_ASK_HOST_MEMORY] = { "quote-index", "bytes" },
    [CP_OUTCOME_SIGNAL_MEMORY] = { "ratio" },
    [CP_OUTCOME_SIGNAL_DEADLINE] = { "days", "days" },
    [CP_OUTCOME_SIGNAL_CONCURRENCY] = { "requests", "requests" },
    [CP_OUTCOME_SIGNAL_PREMIUM] = { "money", "money" },
    [CP_OUTCOME_MIGRATION_COUNTED] = { "days", "money" },
    [CP_OUTCOME_TRIAL_USED] = { "bytes", "tokens/s", "fraction", "requests" },
    [CP_OUTCOME_VERDICT_HOLDS] = { "money", "money", "days", "days" },
    [CP_OUTCOME_VERDICT_FLIPS] = { "spread", "assumption-value", "above", "range-end" },
    [CP_OUTCOME_COST_NEEDS_PRICE] = { "quotes" },
    [CP_OUTCOME_SEPARATE_MACHINES] = { "nodes" },
    [CP_OUTCOME_ASK_BILLING_TERMS] = { "quote-index" },
  };

  if ((guint) outcome >= CP_N_OUTCOMES || index >= 4)
    return NULL;
  return units[outcome][index];
}

static void
add_date (xmlNode *parent, const char *name, const GDate *date)
{
  char text[16];

  g_snprintf (text, sizeof text, "%04d-%02d-%02d", g_date_get_year (date), g_date_get_month (date),
              g_date_get_day (date));
  xmlNewTextChild (parent, NULL, BAD_CAST name, BAD_CAST text);
}

static void
add_money (xmlNode *parent, const char *name, double amount, const char *currency)
{
  xmlNewProp (add_double (parent, name, amount), BAD_CAST "currency", BAD_CAST currency);
}

static void
add_days (xmlNode *parent, const char *name, double days)
{
  xmlNewProp (add_double (parent, name, days), BAD_CAST "unit", BAD_CAST "days");
}

/* The project's budget and calendar: the recommended options of all jobs
 * placed in their order from the project's start, and their cost by
 * calendar month. A job whose order loops leaves it out. */
static void
write_schedule (xmlNode *results, const CpProject *project, GPtrArray *plans)
{
  g_autoptr(CpSchedule) schedule = cp_report_schedule_new (project, plans, NULL);
  const char *currency = project_currency (project);
  GDate first, last;
  xmlNode *node;

  if (schedule == NULL)
    return;
  node = xmlNewChild (results, NULL, BAD_CAST "schedule", NULL);
  xmlNewProp (node, BAD_CAST "start-is-report-day", BAD_CAST (schedule->start_is_report_day ? "true" : "false"));
  cp_schedule_span_dates (schedule, 0, schedule->end_day, &first, &last);
  add_date (node, "start", &first);
  add_date (node, "end", &last);
  cp_schedule_span_dates (schedule, 0, schedule->end_day_low, NULL, &last);
  add_date (node, "end-low", &last);
  cp_schedule_span_dates (schedule, 0, schedule->end_day_high, NULL, &last);
  add_date (node, "end-high", &last);
  add_money (node, "total-cost", schedule->total_cost, currency);
  add_money (node, "total-cost-low", schedule->total_cost_low, currency);
  add_money (node, "total-cost-high", schedule->total_cost_high, currency);
  {
    /* What the memo asks the approver to sign for. */
    CpApprovalAmount approval;
    xmlNode *amount;

    cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
    amount = xmlNewChild (node, NULL, BAD_CAST "approval", NULL);
    /* Every quote is compared with VAT (cp_quote_vat_factor()): the
     * amount holds it, at each quote's own rate. */
    xmlNewProp (amount, BAD_CAST "prices-include-vat", BAD_CAST "true");
    add_money (amount, "top-of-range", approval.top_of_range, currency);
    xmlNewProp (add_double (amount, "contingency-rate", project->settings.contingency_fraction),
                BAD_CAST "unit", BAD_CAST "fraction");
    add_money (amount, "contingency", approval.contingency, currency);
    add_money (amount, "engineering", approval.engineering, currency);
    add_money (amount, "vat-included", approval.vat, currency);
    add_money (amount, "amount-to-approve", approval.amount, currency);
    for (guint q = 0; q < project->quotes->len; q++)
      {
        const CpQuote *quote = g_ptr_array_index (project->quotes, q);
        xmlNode *vat = xmlNewChild (amount, NULL, BAD_CAST "quote-vat", NULL);
        char rate[G_ASCII_DTOSTR_BUF_SIZE];

        xmlNewProp (vat, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
        /* Six digits: 1 + 0.13 is 1.13, not 1.1299999999999999. */
        g_ascii_formatd (rate, sizeof rate, "%.6g", cp_quote_vat_rate (quote, &project->settings));
        xmlNewProp (vat, BAD_CAST "rate", BAD_CAST rate);
        xmlNewProp (vat, BAD_CAST "rate-stated", BAD_CAST (quote->vat_rate > 0 ? "true" : "false"));
        xmlNewProp (vat, BAD_CAST "prices-include-vat",
                    BAD_CAST (cp_quote_prices_include_vat (quote, &project->settings) ? "true" : "false"));
        g_ascii_formatd (rate, sizeof rate, "%.6g", cp_quote_vat_factor (quote, &project->settings));
        xmlNewProp (vat, BAD_CAST "compared-factor", BAD_CAST rate);
      }
  }

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      xmlNode *job_node = xmlNewChild (node, NULL, BAD_CAST "job", NULL);
      double cost = 0;

      xmlNewProp (job_node, BAD_CAST "ref", BAD_CAST (job->id != NULL ? job->id : ""));
      if (entry->after >= 0)
        {
          const CpJob *before = g_ptr_array_index (project->jobs, entry->after);
          xmlNewProp (job_node, BAD_CAST "starts-after", BAD_CAST (before->id != NULL ? before->id : ""));
        }
      xmlNewProp (job_node, BAD_CAST "planned", BAD_CAST (entry->planned ? "true" : "false"));
      if (!entry->planned)
        continue;
      if (entry->quote_index >= 0)
        {
          const CpQuote *quote = g_ptr_array_index (project->quotes, entry->quote_index);
          xmlNewProp (job_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
        }
      cp_schedule_span_dates (schedule, entry->start_day, entry->end_day, &first, &last);
      add_date (job_node, "start", &first);
      add_date (job_node, "end", &last);
      add_days (job_node, "debug-days", entry->phase_days[CP_PHASE_DEBUG]);
      add_days (job_node, "migration-days", entry->phase_days[CP_PHASE_MIGRATION]);
      add_days (job_node, "run-days", entry->phase_days[CP_PHASE_RUN]);
      for (int phase = 0; phase < CP_N_PHASES; phase++)
        cost += entry->phase_cost[phase];
      add_money (job_node, "cost", cost, currency);
    }

  for (guint i = 0; i < schedule->months->len; i++)
    {
      const CpScheduleMonth *month = &g_array_index (schedule->months, CpScheduleMonth, i);
      xmlNode *month_node = xmlNewChild (node, NULL, BAD_CAST "month", NULL);
      char when[16];

      g_snprintf (when, sizeof when, "%04d-%02d", month->year, month->month);
      xmlNewProp (month_node, BAD_CAST "month", BAD_CAST when);
      add_money (month_node, "cost", month->cost, currency);
      add_money (month_node, "cumulative-cost", month->cumulative_cost, currency);
    }

  /* Each invoice of a rental billed by the month, on the day it is due:
   * what the finance team pays, and when. */
  for (guint i = 0; schedule->invoices != NULL && i < schedule->invoices->len; i++)
    {
      const CpScheduleInvoice *invoice = &g_array_index (schedule->invoices, CpScheduleInvoice, i);
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, invoice->job);
      const CpJob *job = g_ptr_array_index (project->jobs, invoice->job);
      xmlNode *invoice_node = xmlNewChild (node, NULL, BAD_CAST "invoice", NULL);
      GDate day;

      xmlNewProp (invoice_node, BAD_CAST "job", BAD_CAST (job->id != NULL ? job->id : ""));
      if (entry->quote_index >= 0 && (guint) entry->quote_index < project->quotes->len)
        {
          const CpQuote *quote = g_ptr_array_index (project->quotes, entry->quote_index);

          xmlNewProp (invoice_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
        }
      cp_schedule_span_dates (schedule, invoice->day, invoice->day, &day, NULL);
      add_date (invoice_node, "date", &day);
      add_money (invoice_node, "cost", invoice->cost, currency);
    }
}

static void
write_plan (xmlNode           *results,
            CpProjectAnalysis *analysis,
            guint              job_index,
            const CpPlan      *plan,
            const char        *lang)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  xmlNode *node;

  node = xmlNewChild (results, NULL, BAD_CAST "plan", NULL);
  xmlNewProp (node, BAD_CAST "job", BAD_CAST (job->id != NULL ? job->id : ""));
  if (plan == NULL)
    {
      xmlNewTextChild (node, NULL, BAD_CAST "verdict", BAD_CAST cp_verdict_to_string (CP_VERDICT_NOT_FEASIBLE));
      add_text (node, "verdict-text", cp_words_verdict (CP_VERDICT_NOT_FEASIBLE));
      return;
    }

  xmlNewTextChild (node, NULL, BAD_CAST "verdict", BAD_CAST cp_verdict_to_string (plan->verdict));
  add_text (node, "verdict-text", cp_words_plan_verdict (plan));
  xmlNewTextChild (node, NULL, BAD_CAST "verdict-robust", BAD_CAST (plan->verdict_robust ? "true" : "false"));
  xmlNewTextChild (node, NULL, BAD_CAST "cost-known", BAD_CAST (plan->cost_unknown ? "false" : "true"));

  if (plan->recommended >= 0 && (guint) plan->recommended < plan->options->len)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      xmlNode *recommended = xmlNewChild (node, NULL, BAD_CAST "recommended", NULL);
      xmlNewProp (recommended, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
    }
  {
    const char *field = NULL;
    g_autofree char *unconfirmed = cp_words_unconfirmed (project, plan, lang, &field);

    if (unconfirmed != NULL)
      {
        const CpOption *option = &g_array_index (plan->options, CpOption, plan->recommended);
        const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
        xmlNode *unconfirmed_node = xmlNewTextChild (node, NULL, BAD_CAST "unconfirmed", BAD_CAST unconfirmed);

        xmlNewProp (unconfirmed_node, BAD_CAST "field", BAD_CAST field);
        xmlNewProp (unconfirmed_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
      }
  }

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
      xmlNode *option_node = xmlNewChild (node, NULL, BAD_CAST "option", NULL);
      xmlNode *estimate;
      char rank[16];

      g_snprintf (rank, sizeof rank, "%u", option->rank);
      xmlNewProp (option_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
      xmlNewProp (option_node, BAD_CAST "rank", BAD_CAST rank);
      xmlNewProp (option_node, BAD_CAST "feasible", BAD_CAST (option->feasible ? "true" : "false"));
      estimate = xmlNewChild (option_node, NULL, BAD_CAST "estimate", NULL);
      write_record (estimate, &estimate_table, &option->estimate, quote_currency (quote));
      write_record (option_node, &range_table, &option->range, quote_currency (quote));
      if (option->range.held != 0)
        {
          g_autoptr(GString) held = g_string_new (NULL);

          for (guint k = 0; k < CP_N_SPREADS; k++)
            if (option->range.held & (1u << k))
              g_string_append_printf (held, "%s%s", held->len > 0 ? " " : "", cp_spread_kind_to_string (k));
          xmlNewTextChild (option_node, NULL, BAD_CAST "held-by-measurement", BAD_CAST held->str);
        }
      /* An option that cannot run says why, in the report's language. */
      if (!option->estimate.fits)
        {
          g_autofree char *refusal = cp_words_refusal (project, job, quote, &option->estimate, lang);
          xmlNode *refusal_node = xmlNewTextChild (option_node, NULL, BAD_CAST "refusal",
                                                   BAD_CAST (refusal != NULL ? refusal : ""));

          xmlNewProp (refusal_node, BAD_CAST "id", BAD_CAST cp_refusal_to_string (option->estimate.refusal));
        }
      /* A cluster quote planned at fewer nodes than it offers: the whole
       * offer too, the figures an approver signs against ("4 nodes, 10.8
       * days, 380,000 CNY") and the PDF's words for them. */
      if (option->has_full_offer)
        {
          const CpEstimate *whole = &option->full_offer;
          xmlNode *whole_node = xmlNewChild (option_node, NULL, BAD_CAST "whole-offer", NULL);
          g_autofree char *words = cp_words_offer (project, job, quote, plan, whole, lang);
          char count[16];

          g_snprintf (count, sizeof count, "%u", whole->nodes);
          xmlNewTextChild (whole_node, NULL, BAD_CAST "nodes", BAD_CAST count);
          g_snprintf (count, sizeof count, "%u", whole->gpus);
          xmlNewTextChild (whole_node, NULL, BAD_CAST "gpus", BAD_CAST count);
          xmlNewTextChild (whole_node, NULL, BAD_CAST "fits", BAD_CAST (whole->fits ? "true" : "false"));
          if (whole->fits)
            {
              add_days (whole_node, "calendar-days", whole->calendar_days);
              add_money (whole_node, "total-cost", whole->total_cost, quote_currency (quote));
            }
          add_text (whole_node, "text", words);
        }
    }

  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      xmlNode *reason_node = xmlNewChild (node, NULL, BAD_CAST "reason", NULL);
      g_autofree char *text = cp_reason_text (reason, project, plan, lang);
      const char *currency = project_currency (project);

      xmlNewProp (reason_node, BAD_CAST "rule", BAD_CAST cp_rule_to_string (reason->rule));
      xmlNewProp (reason_node, BAD_CAST "outcome", BAD_CAST cp_outcome_to_string (reason->outcome));
      if (reason->quote_index >= 0 && (guint) reason->quote_index < project->quotes->len)
        {
          const CpQuote *quote = g_ptr_array_index (project->quotes, reason->quote_index);
          xmlNewProp (reason_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
          currency = quote_currency (quote);
        }
      for (guint v = 0; v < 4; v++)
        {
          const char *unit = reason_value_unit (reason->outcome, v);
          xmlNode *value;
          char index[4];

          /* No price, no money figure to state. */
          if (unit == NULL || (plan->cost_unknown && strcmp (unit, "money") == 0))
            continue;
          value = add_double (reason_node, "value", reason->values[v]);
          g_snprintf (index, sizeof index, "%u", v);
          xmlNewProp (value, BAD_CAST "index", BAD_CAST index);
          if (strcmp (unit, "money") == 0)
            xmlNewProp (value, BAD_CAST "currency", BAD_CAST currency);
          else
            xmlNewProp (value, BAD_CAST "unit", BAD_CAST unit);
        }
      add_text (reason_node, "text", text);
    }

  {
    /* "What would change it", as the window and the PDF say it. */
    const GArray *what_if = cp_project_analysis_get_what_if (analysis, job_index);
    g_autoptr(GPtrArray) lines = cp_words_what_if (project, plan, what_if, lang);

    for (guint i = 0; i < what_if->len && i < lines->len; i++)
      {
        const CpWhatIf *item = &g_array_index (what_if, CpWhatIf, i);
        xmlNode *what_if_node = add_text (node, "what-if", g_ptr_array_index (lines, i));

        xmlNewProp (what_if_node, BAD_CAST "kind", BAD_CAST cp_what_if_kind_to_string (item->kind));
        if (item->quote_index >= 0 && (guint) item->quote_index < project->quotes->len)
          {
            const CpQuote *quote = g_ptr_array_index (project->quotes, item->quote_index);

            xmlNewProp (what_if_node, BAD_CAST "quote", BAD_CAST (quote->id != NULL ? quote->id : ""));
          }
      }
  }

  for (guint i = 0; i < plan->risks->len; i++)
    {
      CpRisk risk = g_array_index (plan->risks, CpRisk, i);
      xmlNode *risk_node = add_text (node, "risk", cp_words_risk (risk));
      xmlNewProp (risk_node, BAD_CAST "id", BAD_CAST cp_risk_to_string (risk));
    }
}

static xmlDoc *
build_document (CpProjectAnalysis *analysis,
                const char        *lang)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
  xmlNode *root, *node, *catalog, *list, *results, *assumptions;
  xmlNs *ns;
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *generated = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  CpAssumption assumption_list[64];
  guint n_assumptions;
  CpSpread spreads[CP_N_SPREADS];
  guint n_spreads;
  g_autoptr(GPtrArray) plans = NULL;

  root = xmlNewDocNode (doc, NULL, BAD_CAST "compute-planner", NULL);
  xmlDocSetRootElement (doc, root);
  ns = xmlNewNs (root, BAD_CAST CP_REPORT_XML_NAMESPACE, NULL);
  xmlSetNs (root, ns);
  xmlNewProp (root, BAD_CAST "version", BAD_CAST "1");
  xmlNewProp (root, BAD_CAST "generator", BAD_CAST "Compute Planner " PACKAGE_VERSION);
  xmlNewProp (root, BAD_CAST "generated", BAD_CAST generated);
  xmlNewProp (root, BAD_CAST "lang", BAD_CAST (cp_i18n_is_chinese (lang) ? "zh-CN" : "en"));

  node = xmlNewChild (root, NULL, BAD_CAST "project", NULL);
  add_text (node, "name", project->name);
  /* The language this report is written in, not the project's default
   * one: a Chinese report said "en" when the project's language was
   * English (approver, 2 December). Imported, it becomes the project's. */
  add_text (node, "report-language", cp_i18n_is_chinese (lang) ? "zh_CN" : "en");
  if (project->prepared_by != NULL)
    add_text (node, "prepared-by", project->prepared_by);
  if (project->reviewed_by != NULL)
    add_text (node, "reviewed-by", project->reviewed_by);
  if (project->approved_by != NULL)
    add_text (node, "approved-by", project->approved_by);
  /* Dates only when they are days (xs:date): empty is "not set". */
  if (cp_schedule_parse_date (project->signed_on, NULL))
    add_text (node, "signed-on", project->signed_on);
  if (cp_schedule_parse_date (project->start_date, NULL))
    add_text (node, "start-date", project->start_date);
  write_record (xmlNewChild (node, NULL, BAD_CAST "settings", NULL), &settings_table,
                &project->settings, project_currency (project));

  catalog = xmlNewChild (node, NULL, BAD_CAST "catalog", NULL);
  if (project->custom != NULL)
    {
      for (guint i = 0; i < cp_catalog_n_models (project->custom); i++)
        write_record (xmlNewChild (catalog, NULL, BAD_CAST "model", NULL), &model_table,
                      cp_catalog_get_model (project->custom, i), project_currency (project));
      for (guint i = 0; i < cp_catalog_n_gpus (project->custom); i++)
        write_record (xmlNewChild (catalog, NULL, BAD_CAST "gpu", NULL), &gpu_table,
                      cp_catalog_get_gpu (project->custom, i), project_currency (project));
      for (guint i = 0; i < cp_catalog_n_links (project->custom); i++)
        write_record (xmlNewChild (catalog, NULL, BAD_CAST "link", NULL), &link_table,
                      cp_catalog_get_link (project->custom, i), project_currency (project));
    }

  list = xmlNewChild (node, NULL, BAD_CAST "jobs", NULL);
  for (guint i = 0; i < project->jobs->len; i++)
    write_record (xmlNewChild (list, NULL, BAD_CAST "job", NULL), &job_table,
                  g_ptr_array_index (project->jobs, i), project_currency (project));
  list = xmlNewChild (node, NULL, BAD_CAST "quotes", NULL);
  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);
      write_record (xmlNewChild (list, NULL, BAD_CAST "quote", NULL), &quote_table,
                    quote, quote_currency (quote));
    }

  results = xmlNewChild (root, NULL, BAD_CAST "results", NULL);
  assumptions = xmlNewChild (results, NULL, BAD_CAST "assumptions", NULL);
  n_assumptions = cp_settings_get_assumptions (&project->settings, assumption_list, G_N_ELEMENTS (assumption_list));
  n_spreads = MIN (cp_range_get_spreads (&project->settings, spreads, G_N_ELEMENTS (spreads)), G_N_ELEMENTS (spreads));
  for (guint i = 0; i < MIN (n_assumptions, G_N_ELEMENTS (assumption_list)); i++)
    {
      xmlNode *a = add_double (assumptions, "assumption", assumption_list[i].value);
      g_autofree char *source = clean_text (assumption_list[i].source != NULL ? assumption_list[i].source : "");
      xmlNewProp (a, BAD_CAST "key", BAD_CAST assumption_list[i].key);
      xmlNewProp (a, BAD_CAST "unit", BAD_CAST (assumption_list[i].unit != NULL ? assumption_list[i].unit : ""));
      xmlNewProp (a, BAD_CAST "source", BAD_CAST source);
      for (guint k = 0; k < n_spreads; k++)
        if (strcmp (spreads[k].key, assumption_list[i].key) == 0)
          {
            char buffer[G_ASCII_DTOSTR_BUF_SIZE];
            g_autofree char *spread_source = clean_text (spreads[k].source);

            xmlNewProp (a, BAD_CAST "low", BAD_CAST cp_format_double_shortest (spreads[k].low, buffer));
            xmlNewProp (a, BAD_CAST "high", BAD_CAST cp_format_double_shortest (spreads[k].high, buffer));
            xmlNewProp (a, BAD_CAST "pessimistic", BAD_CAST (spreads[k].low_is_pessimistic ? "low" : "high"));
            xmlNewProp (a, BAD_CAST "spread-source", BAD_CAST spread_source);
          }
    }
  plans = cp_project_analysis_get_full_plans (analysis);
  for (guint i = 0; i < project->jobs->len; i++)
    write_plan (results, analysis, i, g_ptr_array_index (plans, i), lang);
  write_schedule (results, project, plans);

  return doc;
}

char *
cp_report_xml_to_data (const CpProject *project,
                       const char      *lang,
                       gsize           *length)
{
  g_autoptr(CpProjectAnalysis) analysis = NULL;

  g_return_val_if_fail (project != NULL, NULL);

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  return cp_report_xml_analysis_to_data (analysis, lang, length);
}

char *
cp_report_xml_analysis_to_data (CpProjectAnalysis *analysis,
                                const char        *lang,
                                gsize             *length)
{
  xmlDoc *doc;
  xmlChar *buffer = NULL;
  int size = 0;
  char *data;

  g_return_val_if_fail (analysis != NULL, NULL);

  /* Verdicts and risks are words in the report's language. */
  cp_i18n_push_language (lang);
  doc = build_document (analysis, lang);
  cp_i18n_pop_language ();
  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  xmlFreeDoc (doc);

  data = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  if (length != NULL)
    *length = (gsize) size;
  return data;
}

gboolean
cp_report_xml_write (const CpProject *project,
                     const char      *lang,
                     const char      *path,
                     GError         **error)
{
  g_autoptr(CpProjectAnalysis) analysis = NULL;

  g_return_val_if_fail (project != NULL && path != NULL, FALSE);

  analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  return cp_report_xml_write_analysis (analysis, lang, path, error);
}

gboolean
cp_report_xml_write_analysis (CpProjectAnalysis *analysis,
                              const char        *lang,
                              const char        *path,
                              GError           **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (analysis != NULL && path != NULL, FALSE);

  if (!cp_i18n_check_language (lang, error))
    return FALSE;

  data = cp_report_xml_analysis_to_data (analysis, lang, &length);
  if (!g_file_set_contents (path, data, length, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   /* TRANSLATORS: %s is the system's error message */
                   _("Could not write the XML report: %s"), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Reading                                                                */

typedef struct {
  gboolean forbidden;
  /* The parser's first complaint: an encoding error comes before the
   * "premature end of data" it causes, and says what is wrong. */
  char    *first_error;
  int      first_error_line;
} ParseState;

/* Every message of libxml2 while a report is parsed, its parser's and
 * those it raises without one (an input that does not convert from its
 * declared encoding): kept for the GError, never printed on stderr. */
static void
on_parse_error (void     *user_data,
                xmlError *xml_error)
{
  ParseState *state = user_data;

  if (state->first_error == NULL && xml_error != NULL && xml_error->message != NULL)
    {
      state->first_error = g_strstrip (g_strdup (xml_error->message));
      state->first_error_line = xml_error->line;
    }
}

/* A DOCTYPE is where external entities and entity bombs live; reports
 * never have one, so the parser is stopped the moment one starts. */
static void
on_internal_subset (void          *user_data,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = user_data;
  ParseState *state = ctxt->_private;

  state->forbidden = TRUE;
  xmlStopParser (ctxt);
}

static void
on_entity_decl (void          *user_data,
                const xmlChar *name,
                int            type,
                const xmlChar *public_id,
                const xmlChar *system_id,
                xmlChar       *content)
{
  on_internal_subset (user_data, name, public_id, system_id);
}

static xmlSchema *
report_schema (void)
{
  static gsize initialised = 0;
  static xmlSchema *schema = NULL;

  if (g_once_init_enter (&initialised))
    {
      g_autoptr(GBytes) bytes = g_resources_lookup_data (CP_REPORT_XSD_RESOURCE, 0, NULL);

      if (bytes != NULL)
        {
          gsize size;
          const char *data = g_bytes_get_data (bytes, &size);
          xmlSchemaParserCtxt *parser = xmlSchemaNewMemParserCtxt (data, (int) size);

          schema = xmlSchemaParse (parser);
          xmlSchemaFreeParserCtxt (parser);
        }
      g_once_init_leave (&initialised, 1);
    }
  return schema;
}

static void
on_schema_error (void        *user_data,
                 xmlError    *error)
{
  char **message = user_data;

  if (*message == NULL && error != NULL && error->message != NULL)
    {
      g_autofree char *text = g_strstrip (g_strdup (error->message));
      *message = g_strdup_printf ("%d: %s", error->line, text);
    }
}

static const Field *
find_field (const FieldTable *table,
            const char       *name)
{
  for (guint i = 0; i < table->n_fields; i++)
    if (strcmp (table->fields[i].name, name) == 0)
      return &table->fields[i];
  return NULL;
}

static gboolean
read_record (xmlNode          *node,
             const FieldTable *table,
             void             *record,
             GError          **error)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      const Field *field;
      guint8 *p;
      g_autofree char *text = NULL;
      xmlChar *content;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      field = find_field (table, (const char *) child->name);
      if (field == NULL)
        continue;
      p = (guint8 *) record + field->offset;

      if (field->type == FIELD_RECORD)
        {
          if (!read_record (child, field->record, p, error))
            return FALSE;
          continue;
        }

      content = xmlNodeGetContent (child);
      text = g_strdup (content != NULL ? (const char *) content : "");
      xmlFree (content);

      switch (field->type)
        {
        case FIELD_STRING:
          g_free (*(char **) p);
          *(char **) p = g_strdup (text);
          break;
        case FIELD_CURRENCY:
          g_strlcpy ((char *) p, g_strstrip (text), 4);
          break;
        case FIELD_DOUBLE:
        case FIELD_MONEY:
          {
            char *stripped = g_strstrip (text);
            if (g_ascii_strcasecmp (stripped, "INF") == 0)
              *(double *) p = INFINITY;
            else if (g_ascii_strcasecmp (stripped, "-INF") == 0)
              *(double *) p = -INFINITY;
            else
              *(double *) p = g_ascii_strtod (stripped, NULL);
          }
          break;
        case FIELD_UINT:
          *(guint *) p = (guint) g_ascii_strtoull (g_strstrip (text), NULL, 10);
          break;
        case FIELD_BOOL:
          g_strstrip (text);
          *(gboolean *) p = strcmp (text, "true") == 0 || strcmp (text, "1") == 0;
          break;
        case FIELD_ENUM:
          if (!field->names->from_string (g_strstrip (text), (int *) p))
            {
              g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                           /* TRANSLATORS: line number, element name, the unknown value */
                           _("Line %d: “%s” has an unknown value “%s”"),
                           child->line, field->name, text);
              return FALSE;
            }
          break;
        case FIELD_RECORD:
          break;
        }
    }
  return TRUE;
}

static xmlNode *
first_child (xmlNode    *node,
             const char *name)
{
  for (xmlNode *child = node != NULL ? node->children : NULL; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE && strcmp ((const char *) child->name, name) == 0)
      return child;
  return NULL;
}

static char *
child_text (xmlNode    *node,
            const char *name)
{
  xmlNode *child = first_child (node, name);
  xmlChar *content;
  char *text;

  if (child == NULL)
    return NULL;
  content = xmlNodeGetContent (child);
  text = g_strdup ((const char *) content);
  xmlFree (content);
  return text;
}

/* @fits, or else @error from @local_error with @node's line. */
static gboolean
catalog_text_fits (gboolean   fits,
                   xmlNode   *node,
                   GError   **local_error,
                   GError   **error)
{
  if (fits)
    return TRUE;
  g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
               _("Line %d: %s"), node->line, (*local_error)->message);
  g_clear_error (local_error);
  return FALSE;
}

static CpProject *
project_from_document (xmlDoc  *doc,
                       GError **error)
{
  g_autoptr(CpProject) project = cp_project_new ();
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *node = first_child (root, "project");
  xmlNode *list;
  g_autoptr(GError) local_error = NULL;

  g_free (project->name);
  project->name = child_text (node, "name");
  g_free (project->report_language);
  project->report_language = child_text (node, "report-language");
  g_free (project->prepared_by);
  project->prepared_by = child_text (node, "prepared-by");
  g_free (project->reviewed_by);
  project->reviewed_by = child_text (node, "reviewed-by");
  g_free (project->approved_by);
  project->approved_by = child_text (node, "approved-by");
  g_free (project->signed_on);
  project->signed_on = child_text (node, "signed-on");
  g_free (project->start_date);
  project->start_date = child_text (node, "start-date");
  if (!cp_project_validate_text (project, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                   /* TRANSLATORS: line number, what is wrong */
                   _("Line %d: %s"), node->line, local_error->message);
      return NULL;
    }

  cp_settings_init (&project->settings);
  if (!read_record (first_child (node, "settings"), &settings_table, &project->settings, error))
    return NULL;
  if (!cp_settings_validate (&project->settings, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                   _("Settings: %s"), local_error->message);
      return NULL;
    }

  list = first_child (node, "catalog");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *) child->name, "model") == 0)
        {
          CpModelSpec model = { 0 };
          gboolean ok = read_record (child, &model_table, &model, error) &&
                        catalog_text_fits (cp_model_spec_validate_text (&model, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_model (project->custom, &model);
          cp_model_spec_clear (&model);
          if (!ok)
            return NULL;
        }
      else if (strcmp ((const char *) child->name, "gpu") == 0)
        {
          CpGpuSpec gpu = { 0 };
          gboolean ok = read_record (child, &gpu_table, &gpu, error) &&
                        catalog_text_fits (cp_gpu_spec_validate_text (&gpu, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_gpu (project->custom, &gpu);
          cp_gpu_spec_clear (&gpu);
          if (!ok)
            return NULL;
        }
      else if (strcmp ((const char *) child->name, "link") == 0)
        {
          CpLinkSpec link = { 0 };
          gboolean ok = read_record (child, &link_table, &link, error) &&
                        catalog_text_fits (cp_link_spec_validate_text (&link, &local_error), child, &local_error, error);
          if (ok)
            cp_catalog_add_link (project->custom, &link);
          cp_link_spec_clear (&link);
          if (!ok)
            return NULL;
        }
    }

  list = first_child (node, "jobs");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      CpJob *job;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      job = cp_job_new (CP_TASK_PRETRAIN);
      cp_project_add_job (project, job);
      if (!read_record (child, &job_table, job, error))
        return NULL;
      /* Reports before issue 15 do not state the request split. */
      if (first_child (child, "prompt-tokens") == NULL && first_child (child, "output-tokens") == NULL)
        cp_job_fit_request_to_context (job);
      /* Reports before it do not say whether the team was stated: taken
       * as the store's migration takes an older file (cp-store-schema.c,
       * version 12), stated when either differs from the assumption. */
      if (first_child (child, "team-stated") == NULL)
        job->team_stated = job->team_has_distributed_experience || job->team_has_ops_engineer;
      if (!cp_job_validate (job, &local_error))
        {
          g_autofree char *label = cp_text_label (job->name, job->id);
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: line number, the job's name, what is wrong */
                       _("Line %d: job “%s”: %s"), child->line, label, local_error->message);
          return NULL;
        }
    }

  list = first_child (node, "quotes");
  for (xmlNode *child = list->children; child != NULL; child = child->next)
    {
      CpQuote *quote;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      quote = cp_quote_new ();
      cp_project_add_quote (project, quote);
      if (!read_record (child, &quote_table, quote, error))
        return NULL;
      if (!cp_quote_validate (quote, &local_error))
        {
          g_autofree char *label = cp_text_label (quote->vendor, quote->id);
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: line number, the vendor's name, what is wrong */
                       _("Line %d: quote from “%s”: %s"), child->line, label, local_error->message);
          return NULL;
        }
    }

  return g_steal_pointer (&project);
}

CpProject *
cp_report_xml_parse (const char *data,
                     gsize       length,
                     GError    **error)
{
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  xmlNode *root;
  ParseState state = { FALSE, NULL, 0 };
  xmlStructuredErrorFunc saved_handler = xmlStructuredError;
  void *saved_handler_data = xmlStructuredErrorContext;
  xmlSchema *schema;
  CpProject *project = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > CP_REPORT_XML_MAX_BYTES)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE,
                   _("The file is larger than %d MiB, more than any report holds; it was not read"),
                   CP_REPORT_XML_MAX_BYTES / (1024 * 1024));
      return NULL;
    }

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NOT_XML, _("Out of memory reading XML"));
      return NULL;
    }
  ctxt->_private = &state;
  ctxt->sax->internalSubset = on_internal_subset;
  ctxt->sax->externalSubset = on_internal_subset;
  ctxt->sax->entityDecl = on_entity_decl;

  /* No entity substitution (no XML_PARSE_NOENT), no DTD loading, no
   * network; errors are reported through the GError, not stderr. */
  /* The handler is per thread (libxml2 keeps it thread-local), so a
   * report parsed on a worker does not silence the window's. */
  xmlSetStructuredErrorFunc (&state, on_parse_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, "report.xml", NULL,
                           XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
  xmlSetStructuredErrorFunc (saved_handler_data, saved_handler);
  if (state.forbidden)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_FORBIDDEN,
                           _("The file declares a document type (DOCTYPE) or entities, which reports never do; it was refused"));
      goto out;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *last_error = xmlCtxtGetLastError (ctxt);
      /* An encoding error has no line of its own: the parser's last one
       * is where it stopped reading. */
      int line = state.first_error_line > 0 || last_error == NULL ? state.first_error_line : last_error->line;

      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NOT_XML,
                   /* TRANSLATORS: line number and the parser's message */
                   _("Not a well-formed XML file (line %d: %s)"),
                   line, state.first_error != NULL ? state.first_error : "");
      goto out;
    }
  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_FORBIDDEN,
                           _("The file declares a document type (DOCTYPE) or entities, which reports never do; it was refused"));
      goto out;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL || root->ns == NULL ||
      strcmp ((const char *) root->ns->href, CP_REPORT_XML_NAMESPACE) != 0 ||
      strcmp ((const char *) root->name, "compute-planner") != 0)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_WRONG_DOCUMENT,
                   /* TRANSLATORS: %s is an XML namespace URI */
                   _("Not a Compute Planner report: the root element must be “compute-planner” in the namespace %s"),
                   CP_REPORT_XML_NAMESPACE);
      goto out;
    }

  schema = report_schema ();
  if (schema == NULL)
    {
      g_set_error_literal (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                           _("The report schema is missing from this installation"));
      goto out;
    }
  else
    {
      xmlSchemaValidCtxt *valid = xmlSchemaNewValidCtxt (schema);
      g_autofree char *message = NULL;
      int result;

      xmlSchemaSetValidStructuredErrors (valid, on_schema_error, &message);
      result = xmlSchemaValidateDoc (valid, doc);
      xmlSchemaFreeValidCtxt (valid);
      if (result != 0)
        {
          g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_INVALID,
                       /* TRANSLATORS: %s is "line: the validator's message" */
                       _("The report does not follow the schema (line %s)"),
                       message != NULL ? message : "?");
          goto out;
        }
    }

  project = project_from_document (doc, error);

out:
  if (doc != NULL)
    xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
  g_free (state.first_error);
  return project;
}

CpProject *
cp_report_xml_read (const char *path,
                    GError    **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  /* The size is checked before a byte is read. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s"), local_error->message);
      return NULL;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s is not a regular file"), path);
      return NULL;
    }
  if (g_file_info_get_size (info) > CP_REPORT_XML_MAX_BYTES)
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_TOO_LARGE,
                   _("The file is larger than %d MiB, more than any report holds; it was not read"),
                   CP_REPORT_XML_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_IO,
                   _("Could not read the XML report: %s"), local_error->message);
      return NULL;
    }

  return cp_report_xml_parse (data, length, error);
}
