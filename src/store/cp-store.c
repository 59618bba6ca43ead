/* cp-store.c: project files in SQLite. */

/* O_CLOEXEC, O_DIRECTORY and fsync() under -std=c17 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cp-fields.h"
#include "cp-store.h"

/* Long enough to ride out another program's short transaction, short
 * enough that a window opening a file held by another instance answers
 * quickly. */
#define CP_STORE_BUSY_TIMEOUT_MS 1000
/* How long opening a file waits, retrying, while another program holds it
 * (`plan` while `import-quotes` saves): the saves of this application take
 * milliseconds (tests/store/bench-store), so a lock held longer than this
 * is a program keeping the file open, and the user is told which. */
#define CP_STORE_LOCK_WAIT_MS 5000

G_DEFINE_QUARK (cp-store-error-quark, cp_store_error)

/* The current schema, version 8. Versions 1 to 3, 6 and 7 are kept in
 * tests/store/v1-fixture.sql, v2-, v3-, v6- and v7-fixture.sql; migrations[] brings them
 * here. Changing a table means a new version and a new migration. */
static const char schema_sql[] =
  "CREATE TABLE project (\n"
  "  id INTEGER PRIMARY KEY CHECK (id = 1),\n"
  "  name TEXT,\n"
  "  report_language TEXT,\n"
  "  prepared_by TEXT,\n"
  "  bytes_convention TEXT NOT NULL,\n"
  "  memory_unit TEXT NOT NULL,\n"
  "  currency TEXT NOT NULL,\n"
  "  compute_utilisation REAL,\n"
  "  link_efficiency REAL,\n"
  "  shared_network_factor REAL,\n"
  "  dp_overlap REAL,\n"
  "  framework_overhead_bytes REAL,\n"
  "  fragmentation_fraction REAL,\n"
  "  serving_memory_fraction REAL,\n"
  "  debug_share REAL,\n"
  "  migration_days_no_experience REAL,\n"
  "  hours_per_month REAL,\n"
  "  working_days_per_week REAL,\n"
  "  selective_recompute_flops_overhead REAL,\n"
  "  lora_flops_factor REAL,\n"
  "  judgement_gap_low REAL,\n"
  "  judgement_gap_high REAL,\n"
  "  longest_acceptable_run_days REAL,\n"
  "  dp_bucket_bytes REAL,\n"
  "  kv_block_tokens REAL,\n"
  "  cuda_graph_bytes REAL,\n"
  "  overlap_compute_slowdown REAL,\n"
  "  gpu_failure_rate_per_hour REAL,\n"
  "  restart_s REAL,\n"
  "  checkpoint_interval_s REAL\n"
  ");\n"
  "\n"
  "CREATE TABLE jobs (\n"
  "  position INTEGER PRIMARY KEY,\n"
  "  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,\n"
  "  id TEXT,\n"
  "  name TEXT,\n"
  "  kind TEXT NOT NULL,\n"
  "  model_id TEXT,\n"
  "  model_name TEXT,\n"
  "  model_params REAL,\n"
  "  model_active_params REAL,\n"
  "  model_layers INTEGER NOT NULL CHECK (model_layers >= 0),\n"
  "  model_hidden INTEGER NOT NULL CHECK (model_hidden >= 0),\n"
  "  model_heads INTEGER NOT NULL CHECK (model_heads >= 0),\n"
  "  model_kv_heads INTEGER NOT NULL CHECK (model_kv_heads >= 0),\n"
  "  model_head_dim INTEGER NOT NULL CHECK (model_head_dim >= 0),\n"
  "  model_ffn INTEGER NOT NULL CHECK (model_ffn >= 0),\n"
  "  model_vocab INTEGER NOT NULL CHECK (model_vocab >= 0),\n"
  "  model_tied_embeddings INTEGER NOT NULL CHECK (model_tied_embeddings IN (0, 1)),\n"
  "  model_gated_mlp INTEGER NOT NULL CHECK (model_gated_mlp IN (0, 1)),\n"
  "  model_experts_total INTEGER NOT NULL CHECK (model_experts_total >= 0),\n"
  "  model_experts_active INTEGER NOT NULL CHECK (model_experts_active >= 0),\n"
  "  model_kv_latent_dim INTEGER NOT NULL CHECK (model_kv_latent_dim >= 0),\n"
  "  model_shared_experts INTEGER NOT NULL DEFAULT 0 CHECK (model_shared_experts >= 0),\n"
  "  model_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_expert_ffn >= 0),\n"
  "  model_shared_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_shared_expert_ffn >= 0),\n"
  "  model_dense_layers INTEGER NOT NULL DEFAULT 0 CHECK (model_dense_layers >= 0),\n"
  "  model_dense_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_dense_ffn >= 0),\n"
  "  model_q_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (model_q_lora_rank >= 0),\n"
  "  model_kv_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (model_kv_lora_rank >= 0),\n"
  "  model_qk_rope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_qk_rope_head_dim >= 0),\n"
  "  model_qk_nope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_qk_nope_head_dim >= 0),\n"
  "  model_v_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_v_head_dim >= 0),\n"
  "  model_source TEXT,\n"
  "  precision TEXT NOT NULL,\n"
  "  optimizer TEXT NOT NULL,\n"
  "  tokens REAL,\n"
  "  seq_len INTEGER NOT NULL CHECK (seq_len >= 0),\n"
  "  micro_batch INTEGER NOT NULL CHECK (micro_batch >= 0),\n"
  "  global_batch INTEGER NOT NULL CHECK (global_batch >= 0),\n"
  "  recompute TEXT NOT NULL,\n"
  "  flash_attention INTEGER NOT NULL CHECK (flash_attention IN (0, 1)),\n"
  "  zero_stage INTEGER NOT NULL CHECK (zero_stage >= 0),\n"
  "  cpu_offload INTEGER NOT NULL CHECK (cpu_offload IN (0, 1)),\n"
  "  tensor_parallel INTEGER NOT NULL CHECK (tensor_parallel >= 0),\n"
  "  pipeline_parallel INTEGER NOT NULL CHECK (pipeline_parallel >= 0),\n"
  "  expert_parallel INTEGER NOT NULL DEFAULT 0 CHECK (expert_parallel >= 0),\n"
  "  virtual_stages INTEGER NOT NULL DEFAULT 0 CHECK (virtual_stages >= 0),\n"
  "  allow_lora INTEGER NOT NULL CHECK (allow_lora IN (0, 1)),\n"
  "  lora_rank INTEGER NOT NULL CHECK (lora_rank >= 0),\n"
  "  lora_targets INTEGER NOT NULL CHECK (lora_targets >= 0),\n"
  "  mfu REAL DEFAULT 0,\n"
  "  context_len INTEGER NOT NULL CHECK (context_len >= 0),\n"
  "  prompt_tokens INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),\n"
  "  output_tokens INTEGER NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),\n"
  "  concurrency INTEGER NOT NULL CHECK (concurrency >= 0),\n"
  "  weight_bits INTEGER NOT NULL CHECK (weight_bits >= 0),\n"
  "  kv_bits INTEGER NOT NULL CHECK (kv_bits >= 0),\n"
  "  duration_days REAL,\n"
  "  deadline_days REAL,\n"
  "  team_has_distributed_experience INTEGER NOT NULL CHECK (team_has_distributed_experience IN (0, 1)),\n"
  "  team_has_ops_engineer INTEGER NOT NULL CHECK (team_has_ops_engineer IN (0, 1)),\n"
  "  engineers INTEGER NOT NULL CHECK (engineers >= 0),\n"
  "  engineer_day_cost REAL,\n"
  "  storage_tb REAL,\n"
  "  trial_quote_id TEXT,\n"
  "  trial_gpus INTEGER NOT NULL DEFAULT 0 CHECK (trial_gpus >= 0),\n"
  "  trial_gpu_dense_flops REAL DEFAULT 0,\n"
  "  trial_peak_memory_bytes REAL,\n"
  "  trial_tokens_per_s REAL,\n"
  "  trial_step_s REAL,\n"
  "  trial_communication_share REAL DEFAULT 0,\n"
  "  trial_kv_cache_tokens REAL DEFAULT 0,\n"
  "  trial_gpu_memory_nominal_gb REAL DEFAULT 0,\n"
  "  notes TEXT\n"
  ");\n"
  "\n"
  "CREATE TABLE quotes (\n"
  "  position INTEGER PRIMARY KEY,\n"
  "  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,\n"
  "  id TEXT,\n"
  "  vendor TEXT,\n"
  "  offer_name TEXT,\n"
  "  offering TEXT NOT NULL,\n"
  "  gpu_id TEXT,\n"
  "  gpu_name TEXT,\n"
  "  gpu_memory_nominal_gb REAL,\n"
  "  gpu_dense_bf16_flops REAL,\n"
  "  gpu_dense_fp8_flops REAL,\n"
  "  gpu_dense_fp32_flops REAL,\n"
  "  gpu_memory_bandwidth_gbytes_per_s REAL,\n"
  "  gpu_default_intra_link TEXT,\n"
  "  gpu_verification INTEGER NOT NULL,\n"
  "  gpu_source TEXT,\n"
  "  gpus_per_node INTEGER NOT NULL CHECK (gpus_per_node >= 0),\n"
  "  nodes_available INTEGER NOT NULL CHECK (nodes_available >= 0),\n"
  "  intra_link_id TEXT,\n"
  "  intra_link_name TEXT,\n"
  "  intra_link_per_direction_gbytes_per_s REAL,\n"
  "  intra_link_verification INTEGER NOT NULL,\n"
  "  intra_link_source TEXT,\n"
  "  network TEXT NOT NULL,\n"
  "  nics_per_node INTEGER NOT NULL CHECK (nics_per_node >= 0),\n"
  "  nic_gbps REAL,\n"
  "  sharing TEXT NOT NULL,\n"
  "  share_factor REAL DEFAULT 0,\n"
  "  price_unit TEXT NOT NULL,\n"
  "  price REAL,\n"
  "  billing_granularity_h REAL,\n"
  "  minimum_term_h REAL,\n"
  "  network_fee_per_node_month REAL,\n"
  "  storage TEXT NOT NULL,\n"
  "  storage_price_per_tb_month REAL,\n"
  "  management_fee_per_month REAL,\n"
  "  setup_fee REAL,\n"
  "  currency TEXT NOT NULL,\n"
  "  valid_until TEXT,\n"
  "  notes TEXT,\n"
  "  host_memory_per_node_bytes REAL DEFAULT 0\n"
  ");\n"
  "\n"
  "CREATE TABLE custom_models (\n"
  "  position INTEGER PRIMARY KEY,\n"
  "  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,\n"
  "  id TEXT,\n"
  "  name TEXT,\n"
  "  params REAL,\n"
  "  active_params REAL,\n"
  "  layers INTEGER NOT NULL CHECK (layers >= 0),\n"
  "  hidden INTEGER NOT NULL CHECK (hidden >= 0),\n"
  "  heads INTEGER NOT NULL CHECK (heads >= 0),\n"
  "  kv_heads INTEGER NOT NULL CHECK (kv_heads >= 0),\n"
  "  head_dim INTEGER NOT NULL CHECK (head_dim >= 0),\n"
  "  ffn INTEGER NOT NULL CHECK (ffn >= 0),\n"
  "  vocab INTEGER NOT NULL CHECK (vocab >= 0),\n"
  "  tied_embeddings INTEGER NOT NULL CHECK (tied_embeddings IN (0, 1)),\n"
  "  gated_mlp INTEGER NOT NULL CHECK (gated_mlp IN (0, 1)),\n"
  "  experts_total INTEGER NOT NULL CHECK (experts_total >= 0),\n"
  "  experts_active INTEGER NOT NULL CHECK (experts_active >= 0),\n"
  "  kv_latent_dim INTEGER NOT NULL CHECK (kv_latent_dim >= 0),\n"
  "  shared_experts INTEGER NOT NULL DEFAULT 0 CHECK (shared_experts >= 0),\n"
  "  expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (expert_ffn >= 0),\n"
  "  shared_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (shared_expert_ffn >= 0),\n"
  "  dense_layers INTEGER NOT NULL DEFAULT 0 CHECK (dense_layers >= 0),\n"
  "  dense_ffn INTEGER NOT NULL DEFAULT 0 CHECK (dense_ffn >= 0),\n"
  "  q_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (q_lora_rank >= 0),\n"
  "  kv_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (kv_lora_rank >= 0),\n"
  "  qk_rope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (qk_rope_head_dim >= 0),\n"
  "  qk_nope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (qk_nope_head_dim >= 0),\n"
  "  v_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (v_head_dim >= 0),\n"
  "  source TEXT\n"
  ");\n"
  "\n"
  "CREATE TABLE custom_gpus (\n"
  "  position INTEGER PRIMARY KEY,\n"
  "  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,\n"
  "  id TEXT,\n"
  "  name TEXT,\n"
  "  memory_nominal_gb REAL,\n"
  "  dense_bf16_flops REAL,\n"
  "  dense_fp8_flops REAL,\n"
  "  dense_fp32_flops REAL,\n"
  "  memory_bandwidth_gbytes_per_s REAL,\n"
  "  default_intra_link TEXT,\n"
  "  verification INTEGER NOT NULL,\n"
  "  source TEXT\n"
  ");\n"
  "\n"
  "CREATE TABLE custom_links (\n"
  "  position INTEGER PRIMARY KEY,\n"
  "  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,\n"
  "  id TEXT,\n"
  "  name TEXT,\n"
  "  per_direction_gbytes_per_s REAL,\n"
  "  verification INTEGER NOT NULL,\n"
  "  source TEXT\n"
  ");\n";

/* migrations[v] turns a version-v file into version v + 1: its SQL adds
 * the columns, and fill_defaults, when there is one, gives them the values
 * the planner starts a setting or a job with (cp_settings_init(),
 * cp_job_init()), which SQL alone cannot know. */
typedef struct {
  const char *sql;
  int       (*fill_defaults) (sqlite3 *db);
} Migration;

static int fill_v3_defaults (sqlite3 *db);
static int fill_v4_defaults (sqlite3 *db);
static int fill_v5_defaults (sqlite3 *db);
static int fill_v6_defaults (sqlite3 *db);
static int fill_v7_trial_gpu_memory (sqlite3 *db);

static const Migration migrations[CP_STORE_SCHEMA_VERSION] = {
  [1] = {
    /* Version 1 knew only dedicated or shared fabrics; version 2 records how
     * much of the line rate a shared fabric gives (0: the setting's default)
     * and the communication share measured on a trial run (0: not measured). */
    "ALTER TABLE quotes ADD COLUMN share_factor REAL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN trial_communication_share REAL DEFAULT 0;\n",
    NULL },
  [2] = {
    /* Version 3 keeps the mixture-of-experts and multi-head latent
     * attention shape of a model (issue 11's fields, as config.json gives
     * them); 0 is what a version-2 model was: none of them. It keeps the
     * layout parts the planner searches (expert parallel and interleaved
     * stages; 0: searched), a stated MFU, the GPUs and dense peak a trial
     * ran on, and the settings of issue 11; fill_v3_defaults() gives them
     * the planner's defaults. */
    "ALTER TABLE jobs ADD COLUMN model_shared_experts INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_expert_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_shared_expert_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_dense_layers INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_dense_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_q_lora_rank INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_kv_lora_rank INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_qk_rope_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_qk_nope_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN model_v_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN shared_experts INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN expert_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN shared_expert_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN dense_layers INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN dense_ffn INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN q_lora_rank INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN kv_lora_rank INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN qk_rope_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN qk_nope_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE custom_models ADD COLUMN v_head_dim INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN expert_parallel INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN virtual_stages INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN mfu REAL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN trial_gpus INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN trial_gpu_dense_flops REAL DEFAULT 0;\n"
    "ALTER TABLE project ADD COLUMN longest_acceptable_run_days REAL;\n"
    "ALTER TABLE project ADD COLUMN dp_bucket_bytes REAL;\n"
    "ALTER TABLE project ADD COLUMN kv_block_tokens REAL;\n"
    "ALTER TABLE project ADD COLUMN cuda_graph_bytes REAL;\n",
    fill_v3_defaults },
  [3] = {
    /* Version 4 keeps the compute a hidden collective costs (the overlap
     * slowdown setting); a version-3 project gets the default. */
    "ALTER TABLE project ADD COLUMN overlap_compute_slowdown REAL;\n",
    fill_v4_defaults },
  [4] = {
    /* Version 5 keeps a serving request's mean prompt and output (issue
     * 15), which the cost per output token needs; fill_v5_defaults() gives
     * them the job defaults within the job's context length. */
    "ALTER TABLE jobs ADD COLUMN prompt_tokens INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0);\n"
    "ALTER TABLE jobs ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0 CHECK (output_tokens >= 0);\n",
    fill_v5_defaults },
  [5] = {
    /* Version 6 keeps the failure settings of issue 15; fill_v6_defaults()
     * gives a version-5 project the planner's defaults. */
    "ALTER TABLE project ADD COLUMN gpu_failure_rate_per_hour REAL;\n"
    "ALTER TABLE project ADD COLUMN restart_s REAL;\n"
    "ALTER TABLE project ADD COLUMN checkpoint_interval_s REAL;\n",
    fill_v6_defaults },
  [6] = {
    /* Version 7 keeps the KV-cache size a serving trial measured (vLLM's
     * "GPU KV cache size", 0: not measured) and the memory of the GPU the
     * trial ran on, which carries it to other GPUs. */
    "ALTER TABLE jobs ADD COLUMN trial_kv_cache_tokens REAL DEFAULT 0;\n"
    "ALTER TABLE jobs ADD COLUMN trial_gpu_memory_nominal_gb REAL DEFAULT 0;\n",
    fill_v7_trial_gpu_memory },
  [7] = {
    /* Version 8 keeps a quote's host memory per node, which CPU offload
     * fills; 0 is what a version-7 quote was: not stated. */
    "ALTER TABLE quotes ADD COLUMN host_memory_per_node_bytes REAL DEFAULT 0;\n",
    NULL },
};

/* UPDATE @table SET @column = (the field's value in @record) [WHERE kind = @kind]. */
static int
fill_column (sqlite3            *db,
             const char         *table,
             const CpFieldTable *fields,
             const char         *column,
             const void         *record,
             const char         *kind)
{
  const CpField *field = cp_fields_find (fields, column);
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc;

  g_assert (field != NULL);
  sql = g_strdup_printf ("UPDATE %s SET %s = ?1%s", table, column, kind ? " WHERE kind = ?2" : "");
  rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = cp_field_bind (field, record, stmt, 1);
  if (rc == SQLITE_OK && kind)
    rc = sqlite3_bind_text (stmt, 2, kind, -1, SQLITE_STATIC);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode (db);
  sqlite3_finalize (stmt);
  return rc;
}

/* The columns a migration added get the values cp_settings_init() gives
 * the project and cp_job_init() gives a job of each kind. */
static int
fill_new_columns (sqlite3            *db,
                  const char * const *settings_columns,
                  guint               n_settings_columns,
                  const char * const *job_columns,
                  guint               n_job_columns)
{
  CpSettings settings;
  int rc = SQLITE_OK;

  cp_settings_init (&settings);
  for (guint i = 0; rc == SQLITE_OK && i < n_settings_columns; i++)
    rc = fill_column (db, "project", &cp_fields_settings, settings_columns[i], &settings, NULL);

  for (int kind = 0; rc == SQLITE_OK && n_job_columns > 0 && kind < CP_N_TASKS; kind++)
    {
      CpJob job;

      cp_job_init (&job, (CpTaskKind) kind);
      for (guint i = 0; rc == SQLITE_OK && i < n_job_columns; i++)
        rc = fill_column (db, "jobs", &cp_fields_job, job_columns[i], &job,
                          cp_task_kind_to_string ((CpTaskKind) kind));
      cp_job_clear (&job);
    }
  return rc;
}

static int
fill_v3_defaults (sqlite3 *db)
{
  static const char * const settings_columns[] = {
    "longest_acceptable_run_days", "dp_bucket_bytes", "kv_block_tokens", "cuda_graph_bytes",
  };
  static const char * const job_columns[] = {
    "expert_parallel", "virtual_stages", "mfu", "trial_gpus", "trial_gpu_dense_flops",
  };
  int rc = fill_new_columns (db, settings_columns, G_N_ELEMENTS (settings_columns),
                             job_columns, G_N_ELEMENTS (job_columns));

  /* Version 2 did not keep the GPUs and the dense peak of the machine a
   * trial ran on, which the planner needs to use the trial at all; they
   * are the trial quote's, as the window and the command line set them
   * when a trial is bound to a quote. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db,
                   "UPDATE jobs SET"
                   " trial_gpus = (SELECT q.gpus_per_node FROM quotes q"
                   "               WHERE q.id = jobs.trial_quote_id ORDER BY q.position LIMIT 1),"
                   " trial_gpu_dense_flops = (SELECT q.gpu_dense_bf16_flops FROM quotes q"
                   "               WHERE q.id = jobs.trial_quote_id ORDER BY q.position LIMIT 1)"
                   " WHERE trial_gpus = 0 AND trial_quote_id IN (SELECT id FROM quotes)",
                   NULL, NULL, NULL);
  return rc;
}

static int
fill_v4_defaults (sqlite3 *db)
{
  static const char * const settings_columns[] = { "overlap_compute_slowdown" };

  return fill_new_columns (db, settings_columns, G_N_ELEMENTS (settings_columns), NULL, 0);
}

static int
fill_v5_defaults (sqlite3 *db)
{
  static const char * const job_columns[] = { "prompt_tokens", "output_tokens" };
  int rc = fill_new_columns (db, NULL, 0, job_columns, G_N_ELEMENTS (job_columns));

  /* A request must fit in the context length (cp_job_validate()): a
   * shorter context keeps at most half of it for the output and gives
   * the prompt the rest, so that a job saved before stays valid. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db,
                       "UPDATE jobs SET output_tokens = MAX (1, MIN (output_tokens, context_len / 2))"
                       " WHERE prompt_tokens + output_tokens > context_len;"
                       "UPDATE jobs SET prompt_tokens = MAX (1, context_len - output_tokens)"
                       " WHERE prompt_tokens + output_tokens > context_len;",
                       NULL, NULL, NULL);
  return rc;
}

static int
fill_v6_defaults (sqlite3 *db)
{
  static const char * const settings_columns[] = {
    "gpu_failure_rate_per_hour", "restart_s", "checkpoint_interval_s",
  };

  return fill_new_columns (db, settings_columns, G_N_ELEMENTS (settings_columns), NULL, 0);
}

/* The GPU memory of a trial bound to a quote is that quote's, as the window
 * and the command line set it when a trial is bound (like v3's GPUs and
 * dense peak). */
static int
fill_v7_trial_gpu_memory (sqlite3 *db)
{
  return sqlite3_exec (db,
                       "UPDATE jobs SET"
                       " trial_gpu_memory_nominal_gb = (SELECT q.gpu_memory_nominal_gb FROM quotes q"
                       "               WHERE q.id = jobs.trial_quote_id ORDER BY q.position LIMIT 1)"
                       " WHERE trial_quote_id IN (SELECT id FROM quotes)",
                       NULL, NULL, NULL);
}

typedef enum {
  STMT_INSERT_PROJECT,
  STMT_INSERT_JOB,
  STMT_INSERT_QUOTE,
  STMT_INSERT_MODEL,
  STMT_INSERT_GPU,
  STMT_INSERT_LINK,
  N_STMTS
} StmtId;

struct _CpStore {
  sqlite3      *db;
  char         *path;
  gboolean      read_only;
  sqlite3_stmt *stmts[N_STMTS];
};

static char *
display_name (const char *path)
{
  return g_filename_display_basename (path);
}

static void
set_store_error (GError     **error,
                 CpStoreError code,
                 const char  *path,
                 const char  *detail)
{
  g_autofree char *name = display_name (path);

  switch (code)
    {
    case CP_STORE_ERROR_MISSING:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” does not exist"), name);
      break;
    case CP_STORE_ERROR_EXISTS:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” already exists; choose another name"), name);
      break;
    case CP_STORE_ERROR_NOT_PROJECT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is not a Compute Planner project"), name);
      break;
    case CP_STORE_ERROR_CORRUPT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is damaged and cannot be opened (%s)"), name,
                   detail ? detail : "");
      break;
    case CP_STORE_ERROR_TRUNCATED:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is incomplete: the file is shorter than it should be, "
                     "perhaps because a copy or download was interrupted"), name);
      break;
    case CP_STORE_ERROR_TOO_NEW:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” was saved by a newer version of Compute Planner; "
                     "update the application to open it"), name);
      break;
    case CP_STORE_ERROR_READ_ONLY:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” is read-only: changes cannot be saved there; "
                     "use Save As to keep them"), name);
      break;
    case CP_STORE_ERROR_LOCKED:
      if (detail != NULL)
        g_set_error (error, CP_STORE_ERROR, code,
                     /* TRANSLATORS: the second %s names the program, e.g. "compute-planner (process 1234)" */
                     _("“%s” is in use by %s; close it there and try again"), name, detail);
      else
        g_set_error (error, CP_STORE_ERROR, code,
                     _("“%s” is locked by another program; close it there and try again"),
                     name);
      break;
    case CP_STORE_ERROR_UNSAFE:
      g_set_error (error, CP_STORE_ERROR, code,
                   /* TRANSLATORS: the second %s is e.g. "trigger “reprice”" */
                   _("“%s” was not opened: it holds a %s that Compute Planner never creates, "
                     "and such an object could change the project behind your back"),
                   name, detail);
      break;
    case CP_STORE_ERROR_FILE_FORMAT:
      g_set_error (error, CP_STORE_ERROR, code,
                   _("“%s” uses a newer SQLite file format than this version of Compute Planner "
                     "can read and write; update the application to open it"), name);
      break;
    case CP_STORE_ERROR_IO:
    default:
      g_set_error (error, CP_STORE_ERROR, CP_STORE_ERROR_IO,
                   _("Could not use “%s”: %s"), name, detail ? detail : "");
      break;
    }
}

static void
set_sqlite_error (GError    **error,
                  sqlite3    *db,
                  int         rc,
                  const char *path)
{
  const char *detail = db ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      set_store_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
      break;
    case SQLITE_NOTADB:
      set_store_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      break;
    case SQLITE_CORRUPT:
    case SQLITE_SCHEMA:
    case SQLITE_ERROR:       /* a table or column of ours is missing */
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
      set_store_error (error, CP_STORE_ERROR_CORRUPT, path, detail);
      break;
    case SQLITE_READONLY:
      set_store_error (error, CP_STORE_ERROR_READ_ONLY, path, NULL);
      break;
    case SQLITE_FULL:
      set_store_error (error, CP_STORE_ERROR_IO, path, _("the disk is full"));
      break;
    default:
      set_store_error (error, CP_STORE_ERROR_IO, path, detail);
      break;
    }
}

static int
exec_sql (sqlite3 *db, const char *sql)
{
  return sqlite3_exec (db, sql, NULL, NULL, NULL);
}

static int
query_int (sqlite3 *db, const char *sql, sqlite3_int64 *out)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          *out = sqlite3_column_int64 (stmt, 0);
          rc = SQLITE_OK;
        }
      else if (rc == SQLITE_DONE)
        rc = SQLITE_ERROR;
    }
  sqlite3_finalize (stmt);
  return rc;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

/* Looks at the file before SQLite does, to tell "not a database at all" and
 * "cut short" apart: SQLite reports both as a damaged database, or not at
 * all until the missing page is read. */
static gboolean
check_file (const char *path, GError **error)
{
  static const char magic[16] = "SQLite format 3";   /* with its NUL */
  g_autofree char *wal_path = g_strconcat (path, "-wal", NULL);
  guint8 header[100];
  GStatBuf st, wal_st;
  gsize got;
  FILE *f;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      if (saved == ENOENT || saved == ENOTDIR)
        set_store_error (error, CP_STORE_ERROR_MISSING, path, NULL);
      else
        set_store_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode) || st.st_size == 0)
    {
      set_store_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }

  f = g_fopen (path, "rb");
  if (f == NULL)
    {
      set_store_error (error, CP_STORE_ERROR_IO, path, g_strerror (errno));
      return FALSE;
    }
  got = fread (header, 1, sizeof header, f);
  fclose (f);

  if (memcmp (header, magic, MIN (got, sizeof magic)) != 0)
    {
      set_store_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }
  if (got < sizeof header)
    {
      set_store_error (error, CP_STORE_ERROR_TRUNCATED, path, NULL);
      return FALSE;
    }
  /* Bytes 18 and 19 are the file format versions SQLite needs to write and
   * to read the file: 1 (rollback journal) or 2 (write-ahead log). Above
   * that SQLite would open the file read-only, and every save would fail
   * as if the file were write-protected. */
  if (header[18] > 2 || header[19] > 2)
    {
      set_store_error (error, CP_STORE_ERROR_FILE_FORMAT, path, NULL);
      return FALSE;
    }

  /* A write-ahead log left by a crash holds pages the file does not have
   * yet; SQLite replays it, so the file's own size says nothing then. */
  if (g_stat (wal_path, &wal_st) != 0 || wal_st.st_size == 0)
    {
      guint32 page_size = ((guint32) header[16] << 8) | header[17];
      guint32 n_pages = read_be32 (header + 28);
      gboolean n_pages_valid = read_be32 (header + 24) == read_be32 (header + 92);

      if (page_size == 1)
        page_size = 65536;
      if (page_size < 512 || (page_size & (page_size - 1)) != 0)
        {
          set_store_error (error, CP_STORE_ERROR_CORRUPT, path,
                           _("invalid page size"));
          return FALSE;
        }
      if ((guint64) st.st_size % page_size != 0
          || (n_pages_valid && n_pages > 0
              && (guint64) st.st_size < (guint64) n_pages * page_size))
        {
          set_store_error (error, CP_STORE_ERROR_TRUNCATED, path, NULL);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
has_write_bits (const char *path)
{
  GStatBuf st;

  /* The mode bits as well as access(): root may write anything, but a file
   * the user marked read-only is meant to stay as it is. */
  return g_stat (path, &st) == 0 && (st.st_mode & 0222) != 0
         && g_access (path, W_OK) == 0;
}

static gboolean
path_is_writable (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  /* SQLite writes its log next to the file, so the directory counts too. */
  return has_write_bits (path) && has_write_bits (dir);
}

static sqlite3 *
open_db (const char *path, int flags, GError **error)
{
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2 (path, &db, flags, NULL);

  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      sqlite3_close (db);
      return NULL;
    }
  sqlite3_extended_result_codes (db, 1);
  sqlite3_busy_timeout (db, CP_STORE_BUSY_TIMEOUT_MS);
  /* A project file is outside input: nothing in its schema may run (SQLite's
   * "defense against dark arts"). Triggers and views are off altogether, and
   * check_schema_objects() refuses files that carry any. */
  sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, NULL);
  sqlite3_db_config (db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, NULL);
  return db;
}

/* "table:jobs", "index:sqlite_autoindex_jobs_1", …: every object the
 * current schema creates, which includes every object an older version's
 * schema plus its migrations created. */
static GHashTable *
own_schema_objects (void)
{
  static gsize once = 0;
  static GHashTable *objects;

  if (g_once_init_enter (&once))
    {
      GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      sqlite3 *mem = NULL;
      sqlite3_stmt *stmt = NULL;

      if (sqlite3_open_v2 (":memory:", &mem, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, NULL) == SQLITE_OK &&
          exec_sql (mem, schema_sql) == SQLITE_OK &&
          sqlite3_prepare_v2 (mem, "SELECT type || ':' || name FROM sqlite_schema", -1, &stmt, NULL) == SQLITE_OK)
        while (sqlite3_step (stmt) == SQLITE_ROW)
          g_hash_table_add (set, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
      sqlite3_finalize (stmt);
      sqlite3_close (mem);
      objects = set;
      g_once_init_leave (&once, 1);
    }
  return objects;
}

/* A trigger added by hand would run on every save, a view could stand in
 * for a table: a file holding anything the application does not create is
 * refused, naming the object. */
static gboolean
check_schema_objects (sqlite3 *db, const char *path, GError **error)
{
  GHashTable *own = own_schema_objects ();
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, "SELECT type, name FROM sqlite_schema", -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *type = (const char *) sqlite3_column_text (stmt, 0);
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      g_autofree char *key = g_strdup_printf ("%s:%s", type, name);

      if (!g_hash_table_contains (own, key))
        {
          g_autofree char *what = NULL;

          if (g_strcmp0 (type, "trigger") == 0)
            what = g_strdup_printf (_("trigger “%s”"), name);
          else if (g_strcmp0 (type, "view") == 0)
            what = g_strdup_printf (_("view “%s”"), name);
          else if (g_strcmp0 (type, "index") == 0)
            what = g_strdup_printf (_("index “%s”"), name);
          else
            what = g_strdup_printf (_("table “%s”"), name);
          set_store_error (error, CP_STORE_ERROR_UNSAFE, path, what);
          sqlite3_finalize (stmt);
          return FALSE;
        }
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}

/* Reads the identity and the health of an existing file. */
static gboolean
check_identity (sqlite3 *db, const char *path, sqlite3_int64 *version, GError **error)
{
  sqlite3_int64 app_id = 0;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;
  int rc;

  rc = query_int (db, "PRAGMA application_id", &app_id);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  if ((guint32) app_id != CP_STORE_APPLICATION_ID)
    {
      set_store_error (error, CP_STORE_ERROR_NOT_PROJECT, path, NULL);
      return FALSE;
    }
  rc = query_int (db, "PRAGMA user_version", version);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  if (*version > CP_STORE_SCHEMA_VERSION)
    {
      set_store_error (error, CP_STORE_ERROR_TOO_NEW, path, NULL);
      return FALSE;
    }
  if (*version < 1)
    {
      set_store_error (error, CP_STORE_ERROR_CORRUPT, path, _("no format version"));
      return FALSE;
    }
  if (!check_schema_objects (db, path, error))
    return FALSE;

  /* quick_check reads every page once: a few milliseconds for a large
   * project, and the only way to find damage before the user edits it. */
  rc = sqlite3_prepare_v2 (db, "PRAGMA quick_check(1)", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (stmt);
  if (rc != SQLITE_ROW)
    {
      set_sqlite_error (error, db, rc, path);
      sqlite3_finalize (stmt);
      return FALSE;
    }
  ok = g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;
  if (!ok)
    set_store_error (error, CP_STORE_ERROR_CORRUPT, path,
                     (const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
migrate (sqlite3 *db, const char *path, sqlite3_int64 from, GError **error)
{
  g_autofree char *set_version = NULL;
  int rc;

  for (sqlite3_int64 v = from; v < CP_STORE_SCHEMA_VERSION; v++)
    {
      rc = exec_sql (db, migrations[v].sql);
      if (rc == SQLITE_OK && migrations[v].fill_defaults)
        rc = migrations[v].fill_defaults (db);
      if (rc != SQLITE_OK)
        {
          set_sqlite_error (error, db, rc, path);
          return FALSE;
        }
    }
  set_version = g_strdup_printf ("PRAGMA user_version = %d", CP_STORE_SCHEMA_VERSION);
  rc = exec_sql (db, set_version);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
create_schema (sqlite3 *db, const char *path, GError **error)
{
  g_autofree char *pragmas =
    g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                     (gint32) CP_STORE_APPLICATION_ID, CP_STORE_SCHEMA_VERSION);
  int rc = exec_sql (db, pragmas);

  if (rc == SQLITE_OK)
    rc = exec_sql (db, schema_sql);
  if (rc != SQLITE_OK)
    {
      set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}

/* Opens @path for writing, locked against other programs until closed, and
 * brings it to the current schema (or creates the schema in an empty
 * file). */
static sqlite3 *
open_writable (const char *path, sqlite3_int64 version, GError **error)
{
  sqlite3 *db = open_db (path, SQLITE_OPEN_READWRITE, error);
  int rc;

  if (db == NULL)
    return NULL;

  /* EXCLUSIVE locking keeps the lock from the first transaction to the
   * close, so a second instance is told the file is in use instead of both
   * saving over each other; it also keeps the WAL index in memory, so no
   * -shm file is left next to the project. */
  rc = exec_sql (db, "PRAGMA locking_mode = EXCLUSIVE;"
                     "PRAGMA foreign_keys = ON;"
                     "PRAGMA journal_mode = WAL;"
                     /* In WAL mode NORMAL keeps every commit atomic; only
                      * a power cut may lose the last ones. */
                     "PRAGMA synchronous = NORMAL;");
  if (rc == SQLITE_OK)
    rc = exec_sql (db, "BEGIN IMMEDIATE");
  if (rc != SQLITE_OK)
    goto failed;

  if (version == 0)
    {
      if (!create_schema (db, path, error))
        {
          exec_sql (db, "ROLLBACK");
          sqlite3_close (db);
          return NULL;
        }
    }
  else if (version < CP_STORE_SCHEMA_VERSION && !migrate (db, path, version, error))
    {
      exec_sql (db, "ROLLBACK");
      sqlite3_close (db);
      return NULL;
    }

  rc = exec_sql (db, "COMMIT");
  if (rc != SQLITE_OK)
    goto failed;
  return db;

failed:
  set_sqlite_error (error, db, rc, path);
  exec_sql (db, "ROLLBACK");
  sqlite3_close (db);
  return NULL;
}

/* A file that cannot (or is not to) be written is read into memory and
 * migrated there, so an old read-only file still opens and is never
 * touched. */
static sqlite3 *
open_read_only_copy (sqlite3 *file_db, const char *path, sqlite3_int64 version, GError **error)
{
  sqlite3 *mem = open_db (":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, error);
  sqlite3_backup *backup;
  int rc;

  if (mem == NULL)
    return NULL;
  backup = sqlite3_backup_init (mem, "main", file_db, "main");
  if (backup == NULL)
    {
      set_sqlite_error (error, mem, sqlite3_errcode (mem), path);
      sqlite3_close (mem);
      return NULL;
    }
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    {
      set_sqlite_error (error, file_db, rc, path);
      sqlite3_close (mem);
      return NULL;
    }
  if (version < CP_STORE_SCHEMA_VERSION)
    {
      exec_sql (mem, "BEGIN");
      if (!migrate (mem, path, version, error))
        {
          sqlite3_close (mem);
          return NULL;
        }
      exec_sql (mem, "COMMIT");
    }
  return mem;
}

static CpStore *
store_new (sqlite3 *db, const char *path, gboolean read_only)
{
  CpStore *store = g_new0 (CpStore, 1);

  store->db = db;
  store->path = g_strdup (path);
  store->read_only = read_only;
  return store;
}

static CpStore *
store_create (const char *path, gboolean file_may_exist_empty, GError **error)
{
  sqlite3 *db;
  int fd;

  if (file_may_exist_empty)
    fd = g_open (path, O_WRONLY | O_CLOEXEC, 0);
  else
    fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      if (saved == EEXIST)
        set_store_error (error, CP_STORE_ERROR_EXISTS, path, NULL);
      else if (saved == ENOENT || saved == ENOTDIR)
        set_store_error (error, CP_STORE_ERROR_MISSING, path, NULL);
      else
        set_store_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return NULL;
    }
  close (fd);

  db = open_writable (path, 0, error);
  if (db == NULL)
    {
      /* Only the empty file made just now is removed. */
      if (!file_may_exist_empty)
        g_unlink (path);
      return NULL;
    }
  return store_new (db, path, FALSE);
}

/* "compute-planner (process 1234)" for a process other than this one that
 * holds a lock on @path, from the kernel's table of file locks; NULL when
 * none is listed. Read from /proc/locks rather than asked with fcntl(),
 * because closing a descriptor of the file would drop this process's own
 * SQLite locks on it. */
static char *
describe_lock_holder (const char *path)
{
  g_autofree char *table = NULL;
  g_auto(GStrv) lines = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0 || !g_file_get_contents ("/proc/locks", &table, NULL, NULL))
    return NULL;

  lines = g_strsplit (table, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (lines[i], " \t", -1);
      guint64 inode = 0;
      unsigned int dev_major, dev_minor;
      int pid = 0;
      guint n = 0;
      const char *words[8] = { NULL };

      for (guint j = 0; fields[j] != NULL && n < G_N_ELEMENTS (words); j++)
        if (*fields[j] != '\0')
          words[n++] = fields[j];
      /* "1: POSIX  ADVISORY  WRITE 3226 fd:01:1837066 1073741824 1073741825" */
      if (n < 6 || g_strcmp0 (words[1], "->") == 0)
        continue;
      pid = atoi (words[4]);
      if (sscanf (words[5], "%x:%x:%" G_GUINT64_FORMAT, &dev_major, &dev_minor, &inode) != 3)
        continue;
      if (inode == (guint64) st.st_ino && pid > 0 && pid != getpid ())
        {
          /* The program's own name from its command line: the kernel's
           * "comm" is cut at 15 bytes. */
          g_autofree char *cmdline_path = g_strdup_printf ("/proc/%d/cmdline", pid);
          g_autofree char *cmdline = NULL;
          g_autofree char *program = NULL;

          if (g_file_get_contents (cmdline_path, &cmdline, NULL, NULL) && *cmdline != '\0')
            program = g_path_get_basename (cmdline);
          /* TRANSLATORS: a program holding a file, e.g. "compute-planner (process 1234)" */
          return g_strdup_printf (_("%s (process %d)"), program != NULL ? program : "?", pid);
        }
    }
  return NULL;
}

/* Runs @attempt until it succeeds, fails for another reason than a lock,
 * or CP_STORE_LOCK_WAIT_MS have passed; then names the lock's holder. */
static CpStore *
retry_while_locked (CpStore   *(*attempt) (const char *path, gboolean read_only, GError **error),
                    const char *path,
                    gboolean    read_only,
                    GError    **error)
{
  gint64 deadline_us = g_get_monotonic_time () + CP_STORE_LOCK_WAIT_MS * G_TIME_SPAN_MILLISECOND;
  guint tries = 0;

  for (;;)
    {
      g_autoptr(GError) local = NULL;
      CpStore *store = attempt (path, read_only, &local);
      g_autofree char *holder = NULL;

      if (store != NULL)
        return store;
      if (!g_error_matches (local, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED) ||
          g_get_monotonic_time () >= deadline_us)
        {
          if (g_error_matches (local, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED) &&
              (holder = describe_lock_holder (path)) != NULL)
            {
              g_clear_error (&local);
              set_store_error (&local, CP_STORE_ERROR_LOCKED, path, holder);
            }
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      /* From 2 ms up to 50 ms, with jitter, so that two programs retrying
       * against each other do not stay in step. */
      g_usleep (MIN (2000u << MIN (tries, 5u), 50000u) + (gulong) g_random_int_range (0, 2000));
      tries++;
    }
}

static CpStore *
store_open_existing_once (const char *path, gboolean read_only, GError **error)
{
  sqlite3 *probe, *db;
  sqlite3_int64 version = 0;

  if (!check_file (path, error))
    return NULL;

  /* Everything is checked through a read-only connection first: a file of
   * a newer version, or someone else's database, is never written to. */
  probe = open_db (path, SQLITE_OPEN_READONLY, error);
  if (probe == NULL)
    return NULL;
  if (!check_identity (probe, path, &version, error))
    {
      sqlite3_close (probe);
      return NULL;
    }

  if (read_only || !path_is_writable (path))
    {
      db = open_read_only_copy (probe, path, version, error);
      sqlite3_close (probe);
      return db ? store_new (db, path, TRUE) : NULL;
    }

  sqlite3_close (probe);
  db = open_writable (path, version, error);
  return db ? store_new (db, path, FALSE) : NULL;
}

static CpStore *
store_open_existing (const char *path, gboolean read_only, GError **error)
{
  return retry_while_locked (store_open_existing_once, path, read_only, error);
}

CpStore *
cp_store_open (const char *path,
               gboolean    create,
               GError    **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (create)
    return store_create (path, FALSE, error);
  return store_open_existing (path, FALSE, error);
}

CpStore *
cp_store_open_read_only (const char *path,
                         GError    **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return store_open_existing (path, TRUE, error);
}

gboolean
cp_store_is_read_only (CpStore *store)
{
  return store->read_only;
}

const char *
cp_store_get_path (CpStore *store)
{
  return store->path;
}

void
cp_store_close (CpStore *store)
{
  if (store == NULL)
    return;

  for (guint i = 0; i < N_STMTS; i++)
    sqlite3_finalize (store->stmts[i]);

  if (!store->read_only)
    {
      /* Fold the log back into the file and leave a plain rollback-journal
       * database: one self-contained file that opens even from read-only
       * media, where a WAL file could not be read without its -shm. */
      exec_sql (store->db, "PRAGMA wal_checkpoint(TRUNCATE)");
      exec_sql (store->db, "PRAGMA journal_mode = DELETE");
    }
  sqlite3_close (store->db);
  g_free (store->path);
  g_free (store);
}

/* Loading */

static gboolean
load_failed (GError **error, CpStore *store, int rc)
{
  set_sqlite_error (error, store->db, rc, store->path);
  return FALSE;
}

static gboolean
bad_value (GError **error, CpStore *store, const char *table, sqlite3_int64 position,
           const char *column)
{
  g_autofree char *row = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) position);
  g_autofree char *detail =
    /* Translators: a table, a row number and a column of the project file */
    g_strdup_printf (_("%s row %s: unknown value in “%s”"), table, row, column);
  set_store_error (error, CP_STORE_ERROR_CORRUPT, store->path, detail);
  return FALSE;
}

typedef gboolean (*RowFunc) (CpProject *project, sqlite3_stmt *stmt, const char **bad_column);

static gboolean
load_rows (CpStore            *store,
           CpProject          *project,
           const char         *table,
           const CpFieldTable *fields,
           RowFunc             func,
           GError            **error)
{
  g_autofree char *columns = cp_fields_column_list (fields);
  g_autofree char *sql = g_strdup_printf ("SELECT position, %s FROM %s ORDER BY position",
                                          columns, table);
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (store->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return load_failed (error, store, rc);

  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *bad_column = NULL;

      if (!func (project, stmt, &bad_column))
        {
          sqlite3_int64 position = sqlite3_column_int64 (stmt, 0);
          sqlite3_finalize (stmt);
          return bad_value (error, store, table, position, bad_column);
        }
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return load_failed (error, store, rc);
  return TRUE;
}

static gboolean
read_job (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpJob *job = cp_job_new (CP_TASK_PRETRAIN);

  if (!cp_fields_read (&cp_fields_job, job, stmt, 1, bad_column))
    {
      cp_job_free (job);
      return FALSE;
    }
  cp_project_add_job (project, job);
  return TRUE;
}

static gboolean
read_quote (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpQuote *quote = cp_quote_new ();

  if (!cp_fields_read (&cp_fields_quote, quote, stmt, 1, bad_column))
    {
      cp_quote_free (quote);
      return FALSE;
    }
  cp_project_add_quote (project, quote);
  return TRUE;
}

static gboolean
read_model (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpModelSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_model, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_model (project->custom, &spec);
  cp_model_spec_clear (&spec);
  return ok;
}

static gboolean
read_gpu (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpGpuSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_gpu, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_gpu (project->custom, &spec);
  cp_gpu_spec_clear (&spec);
  return ok;
}

static gboolean
read_link (CpProject *project, sqlite3_stmt *stmt, const char **bad_column)
{
  CpLinkSpec spec = { 0 };
  gboolean ok = cp_fields_read (&cp_fields_link, &spec, stmt, 1, bad_column);

  if (ok)
    cp_catalog_add_link (project->custom, &spec);
  cp_link_spec_clear (&spec);
  return ok;
}

static void
replace_string (char **dest, const unsigned char *value)
{
  g_free (*dest);
  *dest = g_strdup ((const char *) value);
}

static gboolean
load_project_row (CpStore *store, CpProject *project, GError **error)
{
  g_autofree char *columns = cp_fields_column_list (&cp_fields_settings);
  g_autofree char *sql =
    g_strdup_printf ("SELECT name, report_language, prepared_by, %s FROM project", columns);
  const char *bad_column = NULL;
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (store->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return load_failed (error, store, rc);

  rc = sqlite3_step (stmt);
  if (rc == SQLITE_DONE)
    {
      /* A new file that was never saved: an empty project named after it. */
      g_free (project->name);
      project->name = cp_store_display_name (store->path);
      sqlite3_finalize (stmt);
      return TRUE;
    }
  if (rc != SQLITE_ROW)
    {
      sqlite3_finalize (stmt);
      return load_failed (error, store, rc);
    }

  replace_string (&project->name, sqlite3_column_text (stmt, 0));
  replace_string (&project->report_language, sqlite3_column_text (stmt, 1));
  replace_string (&project->prepared_by, sqlite3_column_text (stmt, 2));
  if (!cp_fields_read (&cp_fields_settings, &project->settings, stmt, 3, &bad_column))
    {
      sqlite3_finalize (stmt);
      return bad_value (error, store, "project", 1, bad_column);
    }
  sqlite3_finalize (stmt);
  return TRUE;
}

CpProject *
cp_store_load (CpStore *store,
               GError **error)
{
  g_autoptr(CpProject) project = NULL;
  int rc;

  g_return_val_if_fail (store != NULL, NULL);

  project = cp_project_new ();

  /* One read transaction, so the parts come from the same save. */
  rc = exec_sql (store->db, "BEGIN");
  if (rc != SQLITE_OK)
    {
      load_failed (error, store, rc);
      return NULL;
    }
  if (!load_project_row (store, project, error)
      || !load_rows (store, project, "custom_models", &cp_fields_model, read_model, error)
      || !load_rows (store, project, "custom_gpus", &cp_fields_gpu, read_gpu, error)
      || !load_rows (store, project, "custom_links", &cp_fields_link, read_link, error)
      || !load_rows (store, project, "quotes", &cp_fields_quote, read_quote, error)
      || !load_rows (store, project, "jobs", &cp_fields_job, read_job, error))
    {
      exec_sql (store->db, "ROLLBACK");
      return NULL;
    }
  exec_sql (store->db, "COMMIT");
  return g_steal_pointer (&project);
}

/* Saving */

static sqlite3_stmt *
get_insert (CpStore *store, StmtId id, int *rc)
{
  static const struct {
    const char *table;
    const char *extra_columns;
    const CpFieldTable *fields;
  } inserts[N_STMTS] = {
    [STMT_INSERT_PROJECT] = { "project", "id, name, report_language, prepared_by", &cp_fields_settings },
    [STMT_INSERT_JOB]     = { "jobs", "position", &cp_fields_job },
    [STMT_INSERT_QUOTE]   = { "quotes", "position", &cp_fields_quote },
    [STMT_INSERT_MODEL]   = { "custom_models", "position", &cp_fields_model },
    [STMT_INSERT_GPU]     = { "custom_gpus", "position", &cp_fields_gpu },
    [STMT_INSERT_LINK]    = { "custom_links", "position", &cp_fields_link },
  };

  if (store->stmts[id] == NULL)
    {
      g_autofree char *columns = cp_fields_column_list (inserts[id].fields);
      guint n_extra = 1;
      GString *sql = g_string_new (NULL);

      for (const char *p = inserts[id].extra_columns; *p; p++)
        n_extra += *p == ',';
      g_string_append_printf (sql, "INSERT INTO %s (%s, %s) VALUES (",
                              inserts[id].table, inserts[id].extra_columns, columns);
      for (guint i = 0; i < n_extra + inserts[id].fields->n_fields; i++)
        g_string_append (sql, i == 0 ? "?" : ", ?");
      g_string_append (sql, ")");
      *rc = sqlite3_prepare_v3 (store->db, sql->str, -1, SQLITE_PREPARE_PERSISTENT,
                                &store->stmts[id], NULL);
      g_string_free (sql, TRUE);
      if (*rc != SQLITE_OK)
        return NULL;
    }
  sqlite3_reset (store->stmts[id]);
  sqlite3_clear_bindings (store->stmts[id]);
  *rc = SQLITE_OK;
  return store->stmts[id];
}

static int
step_done (sqlite3_stmt *stmt)
{
  int rc = sqlite3_step (stmt);

  sqlite3_reset (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int
bind_text_or_null (sqlite3_stmt *stmt, int param, const char *text)
{
  return text ? sqlite3_bind_text (stmt, param, text, -1, SQLITE_STATIC)
              : sqlite3_bind_null (stmt, param);
}

static int
insert_record (CpStore *store, StmtId id, guint position, const CpFieldTable *fields,
               const void *record)
{
  int rc;
  sqlite3_stmt *stmt = get_insert (store, id, &rc);

  if (stmt == NULL)
    return rc;
  rc = sqlite3_bind_int64 (stmt, 1, position);
  if (rc == SQLITE_OK)
    rc = cp_fields_bind (fields, record, stmt, 2);
  if (rc == SQLITE_OK)
    rc = step_done (stmt);
  return rc;
}

static int
save_all (CpStore *store, const CpProject *project)
{
  const CpCatalog *custom = project->custom;
  sqlite3_stmt *stmt;
  int rc;

  /* Children go with the project row (ON DELETE CASCADE). */
  rc = exec_sql (store->db, "DELETE FROM project");
  if (rc != SQLITE_OK)
    return rc;

  stmt = get_insert (store, STMT_INSERT_PROJECT, &rc);
  if (stmt == NULL)
    return rc;
  rc = sqlite3_bind_int (stmt, 1, 1);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 2, project->name);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 3, project->report_language);
  if (rc == SQLITE_OK)
    rc = bind_text_or_null (stmt, 4, project->prepared_by);
  if (rc == SQLITE_OK)
    rc = cp_fields_bind (&cp_fields_settings, &project->settings, stmt, 5);
  if (rc == SQLITE_OK)
    rc = step_done (stmt);

  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_models (custom); i++)
    rc = insert_record (store, STMT_INSERT_MODEL, i, &cp_fields_model,
                        cp_catalog_get_model (custom, i));
  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_gpus (custom); i++)
    rc = insert_record (store, STMT_INSERT_GPU, i, &cp_fields_gpu,
                        cp_catalog_get_gpu (custom, i));
  for (guint i = 0; rc == SQLITE_OK && custom && i < cp_catalog_n_links (custom); i++)
    rc = insert_record (store, STMT_INSERT_LINK, i, &cp_fields_link,
                        cp_catalog_get_link (custom, i));
  for (guint i = 0; rc == SQLITE_OK && i < project->quotes->len; i++)
    rc = insert_record (store, STMT_INSERT_QUOTE, i, &cp_fields_quote,
                        g_ptr_array_index (project->quotes, i));
  for (guint i = 0; rc == SQLITE_OK && i < project->jobs->len; i++)
    rc = insert_record (store, STMT_INSERT_JOB, i, &cp_fields_job,
                        g_ptr_array_index (project->jobs, i));
  return rc;
}

gboolean
cp_store_save (CpStore         *store,
               const CpProject *project,
               GError         **error)
{
  int rc;

  g_return_val_if_fail (store != NULL, FALSE);
  g_return_val_if_fail (project != NULL, FALSE);

  if (store->read_only)
    {
      set_store_error (error, CP_STORE_ERROR_READ_ONLY, store->path, NULL);
      return FALSE;
    }

  rc = exec_sql (store->db, "BEGIN IMMEDIATE");
  if (rc == SQLITE_OK)
    {
      rc = save_all (store, project);
      if (rc == SQLITE_OK)
        rc = exec_sql (store->db, "COMMIT");
      if (rc != SQLITE_OK)
        {
          /* Keep the message of the failure, not of the rollback. */
          g_autoptr(GError) local = NULL;
          set_sqlite_error (&local, store->db, rc, store->path);
          exec_sql (store->db, "ROLLBACK");
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* Saved means in the .cplan file itself: a copy made while the
       * window stays open (attached to a mail for approval) lacked every
       * change since it opened, all of them still in the -wal file. The
       * commit is durable already; a checkpoint that fails leaves them
       * there until the next save or the close. */
      exec_sql (store->db, "PRAGMA wal_checkpoint(TRUNCATE)");
      return TRUE;
    }
  set_sqlite_error (error, store->db, rc, store->path);
  return FALSE;
}

/* Whole-file helpers */

CpProject *
cp_project_load_file (const char *path,
                      GError    **error)
{
  g_autoptr(CpStore) store = cp_store_open_read_only (path, error);

  if (store == NULL)
    return NULL;
  return cp_store_load (store, error);
}

static gboolean
fsync_path (const char *path, int flags)
{
  int fd = g_open (path, flags | O_CLOEXEC, 0);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = fsync (fd) == 0;
  close (fd);
  return ok;
}

/* Save As must not replace a file another instance is editing: that
 * instance would go on saving into the replaced copy. */
static gboolean
check_not_locked (const char *path, GError **error)
{
  sqlite3 *db = NULL;
  sqlite3_int64 ignored;
  int rc;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
    {
      sqlite3_close (db);
      return TRUE;
    }
  rc = query_int (db, "PRAGMA application_id", &ignored);
  sqlite3_close (db);
  if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
    {
      set_store_error (error, CP_STORE_ERROR_LOCKED, path, NULL);
      return FALSE;
    }
  return TRUE;
}

gboolean
cp_project_save_file (const CpProject *project,
                      const char      *path,
                      GError         **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  CpStore *store;
  gboolean ok;
  int fd;

  g_return_val_if_fail (project != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_not_locked (path, error))
    return FALSE;

  fd = g_mkstemp_full (tmp_path, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved = errno;
      set_store_error (error, saved == EACCES || saved == EROFS
                              ? CP_STORE_ERROR_READ_ONLY : CP_STORE_ERROR_IO,
                       path, g_strerror (saved));
      return FALSE;
    }
  close (fd);

  store = store_create (tmp_path, TRUE, error);
  if (store == NULL)
    {
      g_unlink (tmp_path);
      return FALSE;
    }
  ok = cp_store_save (store, project, error);
  cp_store_close (store);
  if (!ok)
    {
      g_unlink (tmp_path);
      return FALSE;
    }

  if (!fsync_path (tmp_path, O_RDONLY) || g_rename (tmp_path, path) != 0)
    {
      int saved = errno;
      g_unlink (tmp_path);
      set_store_error (error, CP_STORE_ERROR_IO, path, g_strerror (saved));
      return FALSE;
    }
  /* The rename itself is durable only once the directory is synced. */
  fsync_path (dir, O_RDONLY | O_DIRECTORY);
  return TRUE;
}

char *
cp_store_untitled_path (GError **error)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "compute-planner", NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      set_store_error (error, CP_STORE_ERROR_IO, dir, g_strerror (saved));
      return NULL;
    }
  for (guint n = 1; n < G_MAXUINT; n++)
    {
      g_autofree char *name = g_strdup_printf ("untitled-%u" CP_STORE_FILE_EXTENSION, n);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&path);
    }
  set_store_error (error, CP_STORE_ERROR_EXISTS, dir, NULL);
  return NULL;
}

char *
cp_store_display_name (const char *path)
{
  g_autofree char *base = g_filename_display_basename (path);

  if (g_str_has_suffix (base, CP_STORE_FILE_EXTENSION) && strlen (base) > strlen (CP_STORE_FILE_EXTENSION))
    base[strlen (base) - strlen (CP_STORE_FILE_EXTENSION)] = '\0';
  return g_steal_pointer (&base);
}
