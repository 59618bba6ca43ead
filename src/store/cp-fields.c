/* cp-fields.c: field tables of the stored structs. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-fields.h"

/* The model's converters take their own enum type; calling them through a
 * pointer of another type would be undefined, so each gets a wrapper. */
#define CP_ENUM_WRAPPERS(name, Type)                                    \
  static const char *                                                   \
  name##_to (int value)                                                 \
  {                                                                     \
    return cp_##name##_to_string ((Type) value);                        \
  }                                                                     \
  static gboolean                                                       \
  name##_from (const char *str, int *out)                               \
  {                                                                     \
    Type value;                                                         \
    if (!cp_##name##_from_string (str, &value))                         \
      return FALSE;                                                     \
    *out = (int) value;                                                 \
    return TRUE;                                                        \
  }

CP_ENUM_WRAPPERS (task_kind, CpTaskKind)
CP_ENUM_WRAPPERS (precision, CpPrecision)
CP_ENUM_WRAPPERS (optimizer, CpOptimizer)
CP_ENUM_WRAPPERS (optimizer_states, CpOptimizerStates)
CP_ENUM_WRAPPERS (recompute, CpRecompute)
CP_ENUM_WRAPPERS (bytes_convention, CpBytesConvention)
CP_ENUM_WRAPPERS (memory_unit, CpMemoryUnit)
CP_ENUM_WRAPPERS (offering_kind, CpOfferingKind)
CP_ENUM_WRAPPERS (network_kind, CpNetworkKind)
CP_ENUM_WRAPPERS (sharing, CpSharing)
CP_ENUM_WRAPPERS (price_unit, CpPriceUnit)
CP_ENUM_WRAPPERS (storage_kind, CpStorageKind)
CP_ENUM_WRAPPERS (vat_basis, CpVatBasis)
CP_ENUM_WRAPPERS (fee_terms, CpFeeTerms)
CP_ENUM_WRAPPERS (part_rentable, CpPartRentable)

#define F_STR(S, col, member)   { col, CP_FIELD_STRING, offsetof (S, member), NULL, NULL }
#define F_CUR(S, col, member)   { col, CP_FIELD_CURRENCY, offsetof (S, member), NULL, NULL }
#define F_DBL(S, col, member)   { col, CP_FIELD_DOUBLE, offsetof (S, member), NULL, NULL }
#define F_UINT(S, col, member)  { col, CP_FIELD_UINT, offsetof (S, member), NULL, NULL }
#define F_BOOL(S, col, member)  { col, CP_FIELD_BOOL, offsetof (S, member), NULL, NULL }
#define F_VER(S, col, member)   { col, CP_FIELD_VERIFICATION, offsetof (S, member), NULL, NULL }
#define F_ENUM(S, col, member, conv) { col, CP_FIELD_ENUM, offsetof (S, member), conv##_to, conv##_from }

/* A model spec, alone (custom_models) or inside a job (prefix "model_"). */
#define CP_MODEL_FIELDS(S, M, P)                          \
  F_STR  (S, P "id",             M id),                   \
  F_STR  (S, P "name",           M name),                 \
  F_DBL  (S, P "params",         M params),               \
  F_DBL  (S, P "active_params",  M active_params),        \
  F_UINT (S, P "layers",         M layers),               \
  F_UINT (S, P "hidden",         M hidden),               \
  F_UINT (S, P "heads",          M heads),                \
  F_UINT (S, P "kv_heads",       M kv_heads),             \
  F_UINT (S, P "head_dim",       M head_dim),             \
  F_UINT (S, P "ffn",            M ffn),                  \
  F_UINT (S, P "vocab",          M vocab),                \
  F_BOOL (S, P "tied_embeddings", M tied_embeddings),     \
  F_BOOL (S, P "gated_mlp",      M gated_mlp),            \
  F_UINT (S, P "experts_total",  M experts_total),        \
  F_UINT (S, P "experts_active", M experts_active),       \
  F_UINT (S, P "kv_latent_dim",  M kv_latent_dim),        \
  F_UINT (S, P "shared_experts", M shared_experts), \
  F_UINT (S, P "expert_ffn", M expert_ffn), \
  F_UINT (S, P "shared_expert_ffn", M shared_expert_ffn), \
  F_UINT (S, P "dense_layers", M dense_layers), \
  F_UINT (S, P "dense_ffn", M dense_ffn), \
  F_UINT (S, P "q_lora_rank", M q_lora_rank), \
  F_UINT (S, P "kv_lora_rank", M kv_lora_rank), \
  F_UINT (S, P "qk_rope_head_dim", M qk_rope_head_dim), \
  F_UINT (S, P "qk_nope_head_dim", M qk_nope_head_dim), \
  F_UINT (S, P "v_head_dim", M v_head_dim), \
  F_STR  (S, P "source",         M source)

#define CP_GPU_FIELDS(S, M, P)                                            \
  F_STR  (S, P "id",                  M id),                              \
  F_STR  (S, P "name",                M name),                            \
  F_DBL  (S, P "memory_nominal_gb",   M memory_nominal_gb),               \
  F_DBL  (S, P "dense_bf16_flops",    M dense_bf16_flops),                \
  F_DBL  (S, P "dense_fp8_flops",     M dense_fp8_flops),                 \
  F_DBL  (S, P "dense_fp32_flops",    M dense_fp32_flops),                \
  F_DBL  (S, P "memory_bandwidth_gbytes_per_s", M memory_bandwidth_gbytes_per_s), \
  F_STR  (S, P "default_intra_link",  M default_intra_link),              \
  F_VER  (S, P "verification",        M verification),                    \
  F_STR  (S, P "source",              M source)

#define CP_LINK_FIELDS(S, M, P)                                           \
  F_STR  (S, P "id",                  M id),                              \
  F_STR  (S, P "name",                M name),                            \
  F_DBL  (S, P "per_direction_gbytes_per_s", M per_direction_gbytes_per_s), \
  F_VER  (S, P "verification",        M verification),                    \
  F_STR  (S, P "source",              M source)

static const CpField settings_fields[] = {
  F_ENUM (CpSettings, "bytes_convention", bytes_convention, bytes_convention),
  F_ENUM (CpSettings, "memory_unit", memory_unit, memory_unit),
  F_CUR  (CpSettings, "currency", currency),
  F_DBL  (CpSettings, "compute_utilisation", compute_utilisation),
  F_DBL  (CpSettings, "link_efficiency", link_efficiency),
  F_DBL  (CpSettings, "shared_network_factor", shared_network_factor),
  F_DBL  (CpSettings, "dp_overlap", dp_overlap),
  F_DBL  (CpSettings, "framework_overhead_bytes", framework_overhead_bytes),
  F_DBL  (CpSettings, "fragmentation_fraction", fragmentation_fraction),
  F_DBL  (CpSettings, "serving_memory_fraction", serving_memory_fraction),
  F_DBL  (CpSettings, "debug_share", debug_share),
  F_DBL  (CpSettings, "migration_days_no_experience", migration_days_no_experience),
  F_DBL  (CpSettings, "hours_per_month", hours_per_month),
  F_DBL  (CpSettings, "working_days_per_week", working_days_per_week),
  F_DBL  (CpSettings, "selective_recompute_flops_overhead", selective_recompute_flops_overhead),
  F_DBL  (CpSettings, "lora_flops_factor", lora_flops_factor),
  F_DBL  (CpSettings, "judgement_gap_low", judgement_gap_low),
  F_DBL  (CpSettings, "judgement_gap_high", judgement_gap_high),
  F_DBL  (CpSettings, "longest_acceptable_run_days", longest_acceptable_run_days),
  F_DBL  (CpSettings, "dp_bucket_bytes", dp_bucket_bytes),
  F_DBL  (CpSettings, "overlap_compute_slowdown", overlap_compute_slowdown),
  F_DBL  (CpSettings, "kv_block_tokens", kv_block_tokens),
  F_DBL  (CpSettings, "cuda_graph_bytes", cuda_graph_bytes),
  F_DBL  (CpSettings, "gpu_failure_rate_per_hour", gpu_failure_rate_per_hour),
  F_DBL  (CpSettings, "restart_s", restart_s),
  F_DBL  (CpSettings, "checkpoint_interval_s", checkpoint_interval_s),
  F_DBL  (CpSettings, "contingency_fraction", contingency_fraction),
  F_DBL  (CpSettings, "vat_rate", vat_rate),
  F_BOOL (CpSettings, "prices_include_vat", prices_include_vat),
  F_DBL  (CpSettings, "vat_rate_lease", vat_rate_lease),
};

static const CpField job_fields[] = {
  F_STR  (CpJob, "id", id),
  F_STR  (CpJob, "name", name),
  F_ENUM (CpJob, "kind", kind, task_kind),
  CP_MODEL_FIELDS (CpJob, model., "model_"),
  F_ENUM (CpJob, "precision", precision, precision),
  F_ENUM (CpJob, "optimizer", optimizer, optimizer),
  F_ENUM (CpJob, "optimizer_states", optimizer_states, optimizer_states),
  F_DBL  (CpJob, "tokens", tokens),
  F_UINT (CpJob, "seq_len", seq_len),
  F_UINT (CpJob, "micro_batch", micro_batch),
  F_UINT (CpJob, "global_batch", global_batch),
  F_ENUM (CpJob, "recompute", recompute, recompute),
  F_BOOL (CpJob, "flash_attention", flash_attention),
  F_UINT (CpJob, "zero_stage", zero_stage),
  F_BOOL (CpJob, "cpu_offload", cpu_offload),
  F_UINT (CpJob, "tensor_parallel", tensor_parallel),
  F_UINT (CpJob, "pipeline_parallel", pipeline_parallel),
  F_UINT (CpJob, "expert_parallel", expert_parallel),
  F_UINT (CpJob, "virtual_stages", virtual_stages),
  F_BOOL (CpJob, "allow_lora", allow_lora),
  F_UINT (CpJob, "lora_rank", lora_rank),
  F_UINT (CpJob, "lora_targets", lora_targets),
  F_DBL  (CpJob, "mfu", mfu),
  F_UINT (CpJob, "context_len", context_len),
  F_UINT (CpJob, "prompt_tokens", prompt_tokens),
  F_UINT (CpJob, "output_tokens", output_tokens),
  F_UINT (CpJob, "concurrency", concurrency),
  F_UINT (CpJob, "weight_bits", weight_bits),
  F_UINT (CpJob, "kv_bits", kv_bits),
  F_DBL  (CpJob, "answer_within_s", answer_within_s),
  F_DBL  (CpJob, "duration_days", duration_days),
  F_DBL  (CpJob, "deadline_days", deadline_days),
  F_BOOL (CpJob, "team_has_distributed_experience", team_has_distributed_experience),
  F_BOOL (CpJob, "team_has_ops_engineer", team_has_ops_engineer),
  F_BOOL (CpJob, "team_stated", team_stated),
  F_UINT (CpJob, "engineers", engineers),
  F_DBL  (CpJob, "engineer_day_cost", engineer_day_cost),
  F_DBL  (CpJob, "storage_tb", storage_tb),
  F_UINT (CpJob, "stated_fields", stated_fields),
  F_STR  (CpJob, "trial_quote_id", trial.quote_id),
  F_UINT (CpJob, "trial_gpus", trial.gpus),
  F_DBL  (CpJob, "trial_gpu_dense_flops", trial.gpu_dense_flops),
  F_DBL  (CpJob, "trial_peak_memory_bytes", trial.peak_memory_bytes),
  F_DBL  (CpJob, "trial_tokens_per_s", trial.tokens_per_s),
  F_DBL  (CpJob, "trial_step_s", trial.step_s),
  F_DBL  (CpJob, "trial_communication_share", trial.communication_share),
  F_DBL  (CpJob, "trial_kv_cache_tokens", trial.kv_cache_tokens),
  F_DBL  (CpJob, "trial_gpu_memory_nominal_gb", trial.gpu_memory_nominal_gb),
  F_STR  (CpJob, "notes", notes),
  F_STR  (CpJob, "after_job_id", after_job_id),
};

static const CpField quote_fields[] = {
  F_STR  (CpQuote, "id", id),
  F_STR  (CpQuote, "vendor", vendor),
  F_STR  (CpQuote, "offer_name", offer_name),
  F_ENUM (CpQuote, "offering", offering, offering_kind),
  CP_GPU_FIELDS (CpQuote, gpu., "gpu_"),
  F_UINT (CpQuote, "gpus_per_node", gpus_per_node),
  F_UINT (CpQuote, "nodes_available", nodes_available),
  CP_LINK_FIELDS (CpQuote, intra_link., "intra_link_"),
  F_DBL  (CpQuote, "host_memory_per_node_bytes", host_memory_per_node_bytes),
  F_ENUM (CpQuote, "network", network, network_kind),
  F_UINT (CpQuote, "nics_per_node", nics_per_node),
  F_DBL  (CpQuote, "nic_gbps", nic_gbps),
  F_BOOL (CpQuote, "fabric_assumed", fabric_assumed),
  F_ENUM (CpQuote, "sharing", sharing, sharing),
  F_DBL  (CpQuote, "share_factor", share_factor),
  F_ENUM (CpQuote, "price_unit", price_unit, price_unit),
  F_DBL  (CpQuote, "price", price),
  F_DBL  (CpQuote, "billing_granularity_h", billing_granularity_h),
  F_DBL  (CpQuote, "minimum_term_h", minimum_term_h),
  F_DBL  (CpQuote, "network_fee_per_node_month", network_fee_per_node_month),
  F_ENUM (CpQuote, "storage", storage, storage_kind),
  F_DBL  (CpQuote, "storage_price_per_tb_month", storage_price_per_tb_month),
  F_DBL  (CpQuote, "management_fee_per_month", management_fee_per_month),
  F_DBL  (CpQuote, "setup_fee", setup_fee),
  F_CUR  (CpQuote, "currency", currency),
  F_STR  (CpQuote, "valid_until", valid_until),
  F_STR  (CpQuote, "notes", notes),
  F_ENUM (CpQuote, "vat_basis", vat_basis, vat_basis),
  F_DBL  (CpQuote, "vat_rate", vat_rate),
  F_ENUM (CpQuote, "network_fee_terms", network_fee_terms, fee_terms),
  F_ENUM (CpQuote, "storage_price_terms", storage_price_terms, fee_terms),
  F_ENUM (CpQuote, "ops_support_terms", ops_support_terms, fee_terms),
  F_DBL  (CpQuote, "ops_support_fee_per_month", ops_support_fee_per_month),
  F_ENUM (CpQuote, "part_rentable", part_rentable, part_rentable),
  F_BOOL (CpQuote, "offering_stated", offering_stated),
};

static const CpField model_fields[] = { CP_MODEL_FIELDS (CpModelSpec, , "") };
static const CpField gpu_fields[] = { CP_GPU_FIELDS (CpGpuSpec, , "") };
static const CpField link_fields[] = { CP_LINK_FIELDS (CpLinkSpec, , "") };

const CpFieldTable cp_fields_settings = { settings_fields, G_N_ELEMENTS (settings_fields) };
const CpFieldTable cp_fields_job = { job_fields, G_N_ELEMENTS (job_fields) };
const CpFieldTable cp_fields_quote = { quote_fields, G_N_ELEMENTS (quote_fields) };
const CpFieldTable cp_fields_model = { model_fields, G_N_ELEMENTS (model_fields) };
const CpFieldTable cp_fields_gpu = { gpu_fields, G_N_ELEMENTS (gpu_fields) };
const CpFieldTable cp_fields_link = { link_fields, G_N_ELEMENTS (link_fields) };

#define FIELD_PTR(record, field) ((guint8 *) (record) + (field)->offset)
#define FIELD_CPTR(record, field) ((const guint8 *) (record) + (field)->offset)

int
cp_field_bind (const CpField *field,
               const void    *record,
               sqlite3_stmt  *stmt,
               int            param)
{
  const guint8 *p = FIELD_CPTR (record, field);

  switch (field->type)
    {
    case CP_FIELD_STRING:
      {
        const char *str = *(char * const *) p;
        return str ? sqlite3_bind_text (stmt, param, str, -1, SQLITE_STATIC)
                   : sqlite3_bind_null (stmt, param);
      }
    case CP_FIELD_CURRENCY:
      {
        int n = 0;
        while (n < 3 && p[n] != '\0')
          n++;
        return sqlite3_bind_text (stmt, param, (const char *) p, n, SQLITE_STATIC);
      }
    case CP_FIELD_DOUBLE:
      return sqlite3_bind_double (stmt, param, *(const double *) p);
    case CP_FIELD_UINT:
      return sqlite3_bind_int64 (stmt, param, *(const guint *) p);
    case CP_FIELD_BOOL:
      return sqlite3_bind_int (stmt, param, *(const gboolean *) p ? 1 : 0);
    case CP_FIELD_ENUM:
      {
        const char *id = field->to_string (*(const int *) p);
        return id ? sqlite3_bind_text (stmt, param, id, -1, SQLITE_STATIC)
                  : sqlite3_bind_null (stmt, param);
      }
    case CP_FIELD_VERIFICATION:
      return sqlite3_bind_int (stmt, param, *(const int *) p);
    default:
      g_assert_not_reached ();
    }
  return SQLITE_MISUSE;
}

int
cp_fields_bind (const CpFieldTable *table,
                const void         *record,
                sqlite3_stmt       *stmt,
                int                 first_param)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      int rc = cp_field_bind (&table->fields[i], record, stmt, first_param + (int) i);

      if (rc != SQLITE_OK)
        return rc;
    }
  return SQLITE_OK;
}

static void
set_currency (guint8 *p, const char *code)
{
  char *dest = (char *) p;

  memset (dest, 0, 4);
  if (code)
    strncpy (dest, code, 3);
}

gboolean
cp_fields_read (const CpFieldTable *table,
                void               *record,
                sqlite3_stmt       *stmt,
                int                 first_column,
                const char        **bad_column)
{
  for (guint i = 0; i < table->n_fields; i++)
    {
      const CpField *field = &table->fields[i];
      guint8 *p = FIELD_PTR (record, field);
      int column = first_column + (int) i;

      switch (field->type)
        {
        case CP_FIELD_STRING:
          {
            char **dest = (char **) p;
            g_free (*dest);
            *dest = sqlite3_column_type (stmt, column) == SQLITE_NULL
                    ? NULL
                    : g_strdup ((const char *) sqlite3_column_text (stmt, column));
          }
          break;
        case CP_FIELD_CURRENCY:
          set_currency (p, (const char *) sqlite3_column_text (stmt, column));
          break;
        case CP_FIELD_DOUBLE:
          {
            double v = sqlite3_column_double (stmt, column);
            /* SQLite keeps ±Inf (NaN becomes NULL); no figure of a project
             * is infinite, so such a value was not written by this
             * application and must not reach a chart or a report. A finite
             * figure out of its range (a negative price written with the
             * sqlite3 tool) is read as it is: the record's checks name it
             * (cp_project_find_problems()), the window, the command line
             * and the report say so, and the user can correct it, where
             * refusing the file would lock every other record out. */
            if (!isfinite (v))
              goto bad;
            *(double *) p = v;
          }
          break;
        case CP_FIELD_UINT:
          {
            sqlite3_int64 v = sqlite3_column_int64 (stmt, column);
            if (v < 0 || v > G_MAXUINT)
              goto bad;
            *(guint *) p = (guint) v;
          }
          break;
        case CP_FIELD_BOOL:
          *(gboolean *) p = sqlite3_column_int (stmt, column) != 0;
          break;
        case CP_FIELD_ENUM:
          {
            const char *id = (const char *) sqlite3_column_text (stmt, column);
            int value;
            if (id == NULL || !field->from_string (id, &value))
              goto bad;
            *(int *) p = value;
          }
          break;
        case CP_FIELD_VERIFICATION:
          {
            int v = sqlite3_column_int (stmt, column);
            if (v < CP_VERIFIED_PRIMARY || v > CP_VERIFIED_UNVERIFIED)
              goto bad;
            *(int *) p = v;
          }
          break;
        default:
          g_assert_not_reached ();
        }
      continue;

    bad:
      if (bad_column)
        *bad_column = field->column;
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_double (const char *text, double *out)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
cp_field_set_from_string (const CpField *field,
                          void          *record,
                          const char    *value,
                          GError       **error)
{
  guint8 *p = FIELD_PTR (record, field);
  g_autofree char *text = g_strstrip (g_strdup (value));

  switch (field->type)
    {
    case CP_FIELD_STRING:
      {
        char **dest = (char **) p;
        g_free (*dest);
        *dest = g_strdup (value);
      }
      return TRUE;
    case CP_FIELD_CURRENCY:
      if (strlen (text) != 3)
        break;
      set_currency (p, text);
      return TRUE;
    case CP_FIELD_DOUBLE:
      {
        double v;
        /* Exact decimal first (round trips), then "300B", "1.5k". */
        if (parse_double (text, &v) || cp_parse_count (text, &v, NULL))
          {
            *(double *) p = v;
            return TRUE;
          }
      }
      break;
    case CP_FIELD_UINT:
      {
        double v;
        if ((parse_double (text, &v) || cp_parse_count (text, &v, NULL))
            && v >= 0 && v <= G_MAXUINT && v == (guint) v)
          {
            *(guint *) p = (guint) v;
            return TRUE;
          }
      }
      break;
    case CP_FIELD_BOOL:
      if (g_ascii_strcasecmp (text, "true") == 0 || strcmp (text, "1") == 0)
        *(gboolean *) p = TRUE;
      else if (g_ascii_strcasecmp (text, "false") == 0 || strcmp (text, "0") == 0)
        *(gboolean *) p = FALSE;
      else
        break;
      return TRUE;
    case CP_FIELD_ENUM:
      {
        int v;
        if (field->from_string (text, &v))
          {
            *(int *) p = v;
            return TRUE;
          }
      }
      break;
    case CP_FIELD_VERIFICATION:
      {
        double v;
        if (parse_double (text, &v) && v >= CP_VERIFIED_PRIMARY
            && v <= CP_VERIFIED_UNVERIFIED && v == (int) v)
          {
            *(int *) p = (int) v;
            return TRUE;
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }

  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               /* Translators: %s are a field name and the value found */
               _("%s: “%s” is not a valid value"), field->column, value);
  return FALSE;
}

char *
cp_field_to_string (const CpField *field,
                    const void    *record)
{
  const guint8 *p = FIELD_CPTR (record, field);

  switch (field->type)
    {
    case CP_FIELD_STRING:
      return g_strdup (*(char * const *) p);
    case CP_FIELD_CURRENCY:
      return g_strndup ((const char *) p, 3);
    case CP_FIELD_DOUBLE:
      {
        char buf[G_ASCII_DTOSTR_BUF_SIZE];
        return g_strdup (cp_format_double_shortest (*(const double *) p, buf));
      }
    case CP_FIELD_UINT:
      return g_strdup_printf ("%u", *(const guint *) p);
    case CP_FIELD_BOOL:
      return g_strdup (*(const gboolean *) p ? "true" : "false");
    case CP_FIELD_ENUM:
      return g_strdup (field->to_string (*(const int *) p));
    case CP_FIELD_VERIFICATION:
      return g_strdup_printf ("%d", *(const int *) p);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

const CpField *
cp_fields_find (const CpFieldTable *table,
                const char         *column)
{
  for (guint i = 0; i < table->n_fields; i++)
    if (strcmp (table->fields[i].column, column) == 0)
      return &table->fields[i];
  return NULL;
}

static char *
column_list (const CpFieldTable *table,
             gboolean            for_reading)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < table->n_fields; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      if (for_reading && table->fields[i].type == CP_FIELD_STRING)
        g_string_append_printf (s, CP_FIELDS_SELECT_TEXT ("%s"), table->fields[i].column);
      else
        g_string_append (s, table->fields[i].column);
    }
  return g_string_free (s, FALSE);
}

char *
cp_fields_column_list (const CpFieldTable *table)
{
  return column_list (table, FALSE);
}

char *
cp_fields_select_list (const CpFieldTable *table)
{
  return column_list (table, TRUE);
}
