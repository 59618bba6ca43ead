/* cp-report-xml-fields.c: the XML report's field tables, one description
 * of each record (the project's settings, a job, a quote, a model, an
 * estimate and its layout) that drives both writing and reading; the
 * schema, data/report/compute-planner-report.xsd, lists the same elements
 * in the same order. */
#include "cp-report-private.h"
#include "cp-report.h"

#include <string.h>

#include "cp-report-xml-private.h"

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
ENUM_NAMES (optimizer_states, CpOptimizerStates, cp_optimizer_states)
ENUM_NAMES (recompute, CpRecompute, cp_recompute)
ENUM_NAMES (bytes_convention, CpBytesConvention, cp_bytes_convention)
ENUM_NAMES (memory_unit, CpMemoryUnit, cp_memory_unit)
ENUM_NAMES (offering_kind, CpOfferingKind, cp_offering_kind)
ENUM_NAMES (network_kind, CpNetworkKind, cp_network_kind)
ENUM_NAMES (sharing, CpSharing, cp_sharing)
ENUM_NAMES (price_unit, CpPriceUnit, cp_price_unit)
ENUM_NAMES (storage_kind, CpStorageKind, cp_storage_kind)
ENUM_NAMES (vat_basis, CpVatBasis, cp_vat_basis)
ENUM_NAMES (fee_terms, CpFeeTerms, cp_fee_terms)
ENUM_NAMES (part_rentable, CpPartRentable, cp_part_rentable)
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
const FieldTable cp_report_xml_model_table = { "model", model_fields, G_N_ELEMENTS (model_fields) };

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
const FieldTable cp_report_xml_gpu_table = { "gpu", gpu_fields, G_N_ELEMENTS (gpu_fields) };

static const Field link_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, name), NULL, NULL, NULL },
  { "per-direction-bandwidth", FIELD_DOUBLE, G_STRUCT_OFFSET (CpLinkSpec, per_direction_gbytes_per_s), "GB/s", NULL, NULL },
  { "verification", FIELD_ENUM, G_STRUCT_OFFSET (CpLinkSpec, verification), NULL, &enum_verification, NULL },
  { "source", FIELD_STRING, G_STRUCT_OFFSET (CpLinkSpec, source), NULL, NULL, NULL },
};
const FieldTable cp_report_xml_link_table = { "link", link_fields, G_N_ELEMENTS (link_fields) };

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
const FieldTable cp_report_xml_trial_table = { "trial", trial_fields, G_N_ELEMENTS (trial_fields) };

static const Field job_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpJob, id), NULL, NULL, NULL },
  { "name", FIELD_STRING, G_STRUCT_OFFSET (CpJob, name), NULL, NULL, NULL },
  { "kind", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, kind), NULL, &enum_task_kind, NULL },
  { "model", FIELD_RECORD, G_STRUCT_OFFSET (CpJob, model), NULL, NULL, &cp_report_xml_model_table },
  { "precision", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, precision), NULL, &enum_precision, NULL },
  { "optimizer", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, optimizer), NULL, &enum_optimizer, NULL },
  { "optimizer-states", FIELD_ENUM, G_STRUCT_OFFSET (CpJob, optimizer_states), NULL, &enum_optimizer_states, NULL },
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
  { "answer-within", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, answer_within_s), "s", NULL, NULL },
  { "duration", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, duration_days), "days", NULL, NULL },
  { "deadline", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, deadline_days), "days", NULL, NULL },
  { "team-has-distributed-experience", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_has_distributed_experience), NULL, NULL, NULL },
  { "team-has-ops-engineer", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_has_ops_engineer), NULL, NULL, NULL },
  { "team-stated", FIELD_BOOL, G_STRUCT_OFFSET (CpJob, team_stated), NULL, NULL, NULL },
  { "engineers", FIELD_UINT, G_STRUCT_OFFSET (CpJob, engineers), NULL, NULL, NULL },
  { "engineer-day-cost", FIELD_MONEY, G_STRUCT_OFFSET (CpJob, engineer_day_cost), NULL, NULL, NULL },
  { "storage", FIELD_DOUBLE, G_STRUCT_OFFSET (CpJob, storage_tb), "TB", NULL, NULL },
  { "stated-fields", FIELD_UINT, G_STRUCT_OFFSET (CpJob, stated_fields), NULL, NULL, NULL },
  { "trial", FIELD_RECORD, G_STRUCT_OFFSET (CpJob, trial), NULL, NULL, &cp_report_xml_trial_table },
  { "notes", FIELD_STRING, G_STRUCT_OFFSET (CpJob, notes), NULL, NULL, NULL },
  { "starts-after", FIELD_STRING, G_STRUCT_OFFSET (CpJob, after_job_id), NULL, NULL, NULL },
};
const FieldTable cp_report_xml_job_table = { "job", job_fields, G_N_ELEMENTS (job_fields) };

static const Field quote_fields[] = {
  { "id", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, id), NULL, NULL, NULL },
  { "vendor", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, vendor), NULL, NULL, NULL },
  { "offer-name", FIELD_STRING, G_STRUCT_OFFSET (CpQuote, offer_name), NULL, NULL, NULL },
  { "offering", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, offering), NULL, &enum_offering_kind, NULL },
  { "offering-stated", FIELD_BOOL, G_STRUCT_OFFSET (CpQuote, offering_stated), NULL, NULL, NULL },
  { "gpu", FIELD_RECORD, G_STRUCT_OFFSET (CpQuote, gpu), NULL, NULL, &cp_report_xml_gpu_table },
  { "gpus-per-node", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, gpus_per_node), NULL, NULL, NULL },
  { "nodes-available", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, nodes_available), NULL, NULL, NULL },
  { "intra-link", FIELD_RECORD, G_STRUCT_OFFSET (CpQuote, intra_link), NULL, NULL, &cp_report_xml_link_table },
  { "host-memory-per-node", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, host_memory_per_node_bytes), "bytes", NULL, NULL },
  { "network", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, network), NULL, &enum_network_kind, NULL },
  { "nics-per-node", FIELD_UINT, G_STRUCT_OFFSET (CpQuote, nics_per_node), NULL, NULL, NULL },
  { "nic-rate", FIELD_DOUBLE, G_STRUCT_OFFSET (CpQuote, nic_gbps), "Gb/s", NULL, NULL },
  { "fabric-assumed", FIELD_BOOL, G_STRUCT_OFFSET (CpQuote, fabric_assumed), NULL, NULL, NULL },
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
  { "network-fee-terms", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, network_fee_terms), NULL, &enum_fee_terms, NULL },
  { "storage-price-terms", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, storage_price_terms), NULL, &enum_fee_terms, NULL },
  { "ops-support-terms", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, ops_support_terms), NULL, &enum_fee_terms, NULL },
  { "ops-support-fee-per-month", FIELD_MONEY, G_STRUCT_OFFSET (CpQuote, ops_support_fee_per_month), NULL, NULL, NULL },
  { "part-rentable", FIELD_ENUM, G_STRUCT_OFFSET (CpQuote, part_rentable), NULL, &enum_part_rentable, NULL },
};
const FieldTable cp_report_xml_quote_table = { "quote", quote_fields, G_N_ELEMENTS (quote_fields) };

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
const FieldTable cp_report_xml_settings_table = { "settings", settings_fields, G_N_ELEMENTS (settings_fields) };

/* Parts of a CpLayout, written where the estimate's layout, its runner-up
 * and the estimate's own summary each list them (the XSD's order): how
 * the GPUs are split, the shape of the split's work, and what saves
 * memory. */
static const Field split_fields[] = {
  { "tensor-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, tensor_parallel), NULL, NULL, NULL },
  { "pipeline-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, pipeline_parallel), NULL, NULL, NULL },
  { "data-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, data_parallel), NULL, NULL, NULL },
};
static const FieldTable split_table = { "split", split_fields, G_N_ELEMENTS (split_fields) };

static const Field shape_fields[] = {
  { "expert-parallel", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, expert_parallel), NULL, NULL, NULL },
  { "virtual-stages", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, virtual_stages), NULL, NULL, NULL },
  { "micro-batch", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, micro_batch), NULL, NULL, NULL },
};
static const FieldTable shape_table = { "shape", shape_fields, G_N_ELEMENTS (shape_fields) };

static const Field saving_fields[] = {
  { "zero-stage", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, zero_stage), NULL, NULL, NULL },
  { "recompute", FIELD_ENUM, G_STRUCT_OFFSET (CpLayout, recompute), NULL, &enum_recompute, NULL },
  { "recomputed-layers", FIELD_UINT, G_STRUCT_OFFSET (CpLayout, recomputed_layers), NULL, NULL, NULL },
};
static const FieldTable saving_table = { "saving", saving_fields, G_N_ELEMENTS (saving_fields) };

/* The layout the search chose and the runner-up, as records of the
 * estimate itself (their offsets are the estimate's). */
static const Field layout_fields[] = {
  { "searched", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, layout_searched), NULL, NULL, NULL },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, layout), NULL, NULL, &split_table },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, layout), NULL, NULL, &shape_table },
  { "micro-batches", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.micro_batches), NULL, NULL, NULL },
  { "global-batch-tokens", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, global_batch_tokens), "tokens", NULL, NULL },
  { "flash-attention", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, flash_attention), NULL, NULL, NULL },
  { "bubble-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, bubble_s), "s", NULL, NULL },
  { "exposed-communication-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, exposed_communication_s), "s", NULL, NULL },
  { "exposed-dp-communication-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, exposed_dp_communication_s), "s", NULL, NULL },
  { "all-to-all-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, all_to_all_s), "s", NULL, NULL },
  { "overlap-slowdown-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, overlap_slowdown_s), "s", NULL, NULL },
  { "zero3-gather-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, zero3_gather_s), "s", NULL, NULL },
  /* What the search weighed: layouts weighed and of them timed in full
   * (the rest left out by a lower bound), splits of the GPUs enumerated
   * and those a lower bound on their run time left untimed. */
  { "layouts-evaluated", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layouts_evaluated), NULL, NULL, NULL },
  { "layouts-timed", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layouts_timed), NULL, NULL, NULL },
  { "splits", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout_splits), NULL, NULL, NULL },
  { "splits-pruned", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout_splits_pruned), NULL, NULL, NULL },
  /* The fastest layout that fits, where the chosen one keeps out of Tight
   * at its cost (layout-headroom-time); 0: the chosen one is the fastest. */
  { "fastest-total-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, layout_fastest_total_s), "s", NULL, NULL },
  { "fastest-memory-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, layout_fastest_memory_per_gpu_bytes), "bytes", NULL, NULL },
};
const FieldTable cp_report_xml_layout_table = { "layout", layout_fields, G_N_ELEMENTS (layout_fields) };

static const Field runner_up_fields[] = {
  { "why", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, layout_why), NULL, &enum_layout_why, NULL },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, runner_up), NULL, NULL, &split_table },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, runner_up), NULL, NULL, &shape_table },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, runner_up), NULL, NULL, &saving_table },
  { "fits", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, runner_up_fits), NULL, NULL, NULL },
  { "total-s", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, runner_up_total_s), "s", NULL, NULL },
  { "memory-per-gpu", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, runner_up_memory_per_gpu_bytes), "bytes", NULL, NULL },
};
const FieldTable cp_report_xml_runner_up_table = { "runner-up", runner_up_fields, G_N_ELEMENTS (runner_up_fields) };

static const Field estimate_fields[] = {
  { "nodes", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, nodes), NULL, NULL, NULL },
  { "gpus", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, gpus), NULL, NULL, NULL },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, layout), NULL, NULL, &split_table },
  { NULL, FIELD_INLINE, G_STRUCT_OFFSET (CpEstimate, layout), NULL, NULL, &saving_table },
  { "layers-per-gpu", FIELD_UINT, G_STRUCT_OFFSET (CpEstimate, layout.layers_per_gpu), NULL, NULL, NULL },
  { "cpu-offload", FIELD_BOOL, G_STRUCT_OFFSET (CpEstimate, cpu_offload), NULL, NULL, NULL },
  { "technique", FIELD_ENUM, G_STRUCT_OFFSET (CpEstimate, technique), NULL, &enum_technique, NULL },
  { "layout", FIELD_RECORD, 0, NULL, NULL, &cp_report_xml_layout_table },
  { "runner-up", FIELD_RECORD, 0, NULL, NULL, &cp_report_xml_runner_up_table },
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
  { "kv-tokens-held-per-request", FIELD_DOUBLE, G_STRUCT_OFFSET (CpEstimate, kv_tokens_held_per_request), "tokens", NULL, NULL },
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
  { "hourly-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, hourly_cost), NULL, NULL, NULL },
  { "cost-per-million-output-tokens", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, cost_per_million_output_tokens), NULL, NULL, NULL },
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
  { "compute-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, compute_cost), NULL, NULL, NULL },
  { "debug-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, debug_cost), NULL, NULL, NULL },
  { "network-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, network_cost), NULL, NULL, NULL },
  { "storage-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, storage_cost), NULL, NULL, NULL },
  { "fees-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, fees_cost), NULL, NULL, NULL },
  { "engineering-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, engineering_cost), NULL, NULL, NULL },
  { "total-cost", FIELD_COST, G_STRUCT_OFFSET (CpEstimate, total_cost), NULL, NULL, NULL },
};
const FieldTable cp_report_xml_estimate_table = { "estimate", estimate_fields, G_N_ELEMENTS (estimate_fields) };

/* The option's band (cp-range.h), written into the option itself. */
static const Field range_fields[] = {
  { "total-s-low", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, total_s_low), "s", NULL, NULL },
  { "total-s-high", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, total_s_high), "s", NULL, NULL },
  { "calendar-days-low", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, calendar_days_low), "days", NULL, NULL },
  { "calendar-days-high", FIELD_DOUBLE, G_STRUCT_OFFSET (CpRange, calendar_days_high), "days", NULL, NULL },
  { "total-cost-low", FIELD_COST, G_STRUCT_OFFSET (CpRange, total_cost_low), NULL, NULL, NULL },
  { "total-cost-high", FIELD_COST, G_STRUCT_OFFSET (CpRange, total_cost_high), NULL, NULL, NULL },
  { "fits-pessimistic", FIELD_BOOL, G_STRUCT_OFFSET (CpRange, fits_pessimistic), NULL, NULL, NULL },
};
const FieldTable cp_report_xml_range_table = { "range", range_fields, G_N_ELEMENTS (range_fields) };
