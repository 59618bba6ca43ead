/* cp-store-schema.c: the project file's tables as this version writes them,
 * the migrations that bring an older file to them, and the check that a file
 * holds nothing else. */

#include "config.h"

#include <glib/gi18n.h>
#include <sqlite3.h>
#include <string.h>

#include "cp-fields.h"
#include "cp-store-private.h"

/* The current schema, version 18. Versions 1 to 3 and 6 to 8 are kept in
 * tests/store/v1-fixture.sql, v2-, v3-, v6-, v7- and v8-fixture.sql; migrations[] brings them
 * here. Changing a table means a new version and a new migration. */
static const char schema_sql[] =
  "CREATE TABLE project (\n"
  "  id INTEGER PRIMARY KEY CHECK (id = 1),\n"
  "  name TEXT,\n"
  "  report_language TEXT,\n"
  "  prepared_by TEXT,\n"
  "  reviewed_by TEXT,\n"
  "  approved_by TEXT,\n"
  "  signed_on TEXT,\n"
  "  start_date TEXT,\n"
  "  budget REAL DEFAULT 0,\n"
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
  "  checkpoint_interval_s REAL,\n"
  "  contingency_fraction REAL,\n"
  "  vat_rate REAL,\n"
  "  prices_include_vat INTEGER,\n"
  "  vat_rate_lease REAL\n"
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
  "  optimizer_states TEXT NOT NULL DEFAULT 'fp32',\n"
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
  "  answer_within_s REAL DEFAULT 0,\n"
  "  duration_days REAL,\n"
  "  deadline_days REAL,\n"
  "  team_has_distributed_experience INTEGER NOT NULL CHECK (team_has_distributed_experience IN (0, 1)),\n"
  "  team_has_ops_engineer INTEGER NOT NULL CHECK (team_has_ops_engineer IN (0, 1)),\n"
  "  team_stated INTEGER NOT NULL DEFAULT 0 CHECK (team_stated IN (0, 1)),\n"
  "  engineers INTEGER NOT NULL CHECK (engineers >= 0),\n"
  "  engineer_day_cost REAL,\n"
  "  storage_tb REAL,\n"
  "  stated_fields INTEGER NOT NULL DEFAULT 0 CHECK (stated_fields >= 0),\n"
  "  trial_quote_id TEXT,\n"
  "  trial_gpus INTEGER NOT NULL DEFAULT 0 CHECK (trial_gpus >= 0),\n"
  "  trial_gpu_dense_flops REAL DEFAULT 0,\n"
  "  trial_peak_memory_bytes REAL,\n"
  "  trial_tokens_per_s REAL,\n"
  "  trial_step_s REAL,\n"
  "  trial_communication_share REAL DEFAULT 0,\n"
  "  trial_kv_cache_tokens REAL DEFAULT 0,\n"
  "  trial_gpu_memory_nominal_gb REAL DEFAULT 0,\n"
  "  notes TEXT,\n"
  "  after_job_id TEXT\n"
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
  "  fabric_assumed INTEGER NOT NULL DEFAULT 0 CHECK (fabric_assumed IN (0, 1)),\n"
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
  "  host_memory_per_node_bytes REAL DEFAULT 0,\n"
  "  vat_basis TEXT NOT NULL DEFAULT 'unstated',\n"
  "  vat_rate REAL DEFAULT 0,\n"
  "  network_fee_terms TEXT NOT NULL DEFAULT 'not-stated',\n"
  "  storage_price_terms TEXT NOT NULL DEFAULT 'not-stated',\n"
  "  ops_support_terms TEXT NOT NULL DEFAULT 'not-stated',\n"
  "  ops_support_fee_per_month REAL DEFAULT 0,\n"
  "  part_rentable TEXT NOT NULL DEFAULT 'not-asked',\n"
  "  offering_stated INTEGER NOT NULL DEFAULT 0 CHECK (offering_stated IN (0, 1))\n"
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
static int fill_v10_defaults (sqlite3 *db);
static int fill_v11_defaults (sqlite3 *db);
static int fill_v12_team_stated (sqlite3 *db);

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
  [8] = {
    /* Version 9 keeps the report's sign-off (reviewed by, approved by, the
     * day), the project's start date and the job each job starts after
     * (issue 22); NULL is what a version-8 project was: not signed, no
     * start date (the report's day stands in), every job with the start. */
    "ALTER TABLE project ADD COLUMN reviewed_by TEXT;\n"
    "ALTER TABLE project ADD COLUMN approved_by TEXT;\n"
    "ALTER TABLE project ADD COLUMN signed_on TEXT;\n"
    "ALTER TABLE project ADD COLUMN start_date TEXT;\n"
    "ALTER TABLE jobs ADD COLUMN after_job_id TEXT;\n",
    NULL },
  [9] = {
    /* Version 10 keeps what the amount to approve adds to the top of the
     * project's range: the contingency and VAT (whether the prices include
     * it, and its rate); fill_v10_defaults() gives them cp_settings_init()'s
     * values. A quote's billing granularity of 0 now means "not stated"
     * (cp_quote_billing_granularity_h()); fill_v10_defaults() says why
     * a version-9 quote's is rewritten. */
    "ALTER TABLE project ADD COLUMN contingency_fraction REAL;\n"
    "ALTER TABLE project ADD COLUMN vat_rate REAL;\n"
    "ALTER TABLE project ADD COLUMN prices_include_vat INTEGER;\n",
    fill_v10_defaults },
  [10] = {
    /* Version 11 keeps VAT by offering (issue 22): the project's rate for
     * leasing a bare machine beside its services rate, and a quote's own
     * basis (含税 or 不含税) and rate; 'unstated' and 0 are what a
     * version-10 quote was: the project's basis, its offering's rate. */
    "ALTER TABLE project ADD COLUMN vat_rate_lease REAL;\n"
    "ALTER TABLE quotes ADD COLUMN vat_basis TEXT NOT NULL DEFAULT 'unstated';\n"
    "ALTER TABLE quotes ADD COLUMN vat_rate REAL DEFAULT 0;\n",
    fill_v11_defaults },
  [11] = {
    /* Version 12 keeps whether the team's experience and operations
     * engineer (R8) were stated or are cp_job_init()'s assumption; the
     * report then says "assumed" and asks the team (issue 22).
     * fill_v12_team_stated() says what a version-11 job is taken to be. */
    "ALTER TABLE jobs ADD COLUMN team_stated INTEGER NOT NULL DEFAULT 0 CHECK (team_stated IN (0, 1));\n",
    fill_v12_team_stated },
  [12] = {
    /* Version 13 keeps a training job's optimizer states (the moments'
     * dtype and whether an fp32 master copy is kept), a project setting
     * of the command line before; 'fp32' is what every version-12 job was
     * planned with, cp_job_init()'s default for every kind. */
    "ALTER TABLE jobs ADD COLUMN optimizer_states TEXT NOT NULL DEFAULT 'fp32';\n",
    NULL },
  [13] = {
    /* Version 14 keeps what a quote says of its network fee, storage price
     * and operations support beside the amount: stated, included in the
     * price, or not stated (approver 34, B8 and B10: a fee of 0 could not
     * say "network included"). A version-13 quote's fee above 0 was
     * stated, one of 0 not stated; it offered no operations support
     * figure. */
    "ALTER TABLE quotes ADD COLUMN network_fee_terms TEXT NOT NULL DEFAULT 'not-stated';\n"
    "ALTER TABLE quotes ADD COLUMN storage_price_terms TEXT NOT NULL DEFAULT 'not-stated';\n"
    "ALTER TABLE quotes ADD COLUMN ops_support_terms TEXT NOT NULL DEFAULT 'not-stated';\n"
    "ALTER TABLE quotes ADD COLUMN ops_support_fee_per_month REAL DEFAULT 0;\n"
    "UPDATE quotes SET network_fee_terms = 'stated' WHERE network_fee_per_node_month > 0;\n"
    "UPDATE quotes SET storage_price_terms = 'stated' WHERE storage_price_per_tb_month > 0;\n",
    NULL },
  [14] = {
    /* Version 15 keeps a report language only where one was chosen for the
     * project; none (NULL) follows the window's. Up to version 14 every
     * new project was written with 'en', and the window chose a language
     * for all projects at once (an app-wide key), not for one: an 'en' of
     * an older file is that default, which gave a Chinese window's user
     * English reports; it goes, and the reports follow the window. A
     * 'zh_CN' was set on purpose (the Chinese demo, a pick in an export)
     * and stays. */
    "UPDATE project SET report_language = NULL WHERE report_language = 'en';\n",
    NULL },
  [15] = {
    /* Version 16 keeps the budget the team has for the project, in its
     * currency (walk40 F6: "we have 200,000 CNY" could not be entered);
     * 0 is what a version-15 project was: none stated. */
    "ALTER TABLE project ADD COLUMN budget REAL DEFAULT 0;\n",
    NULL },
  [16] = {
    /* Version 17 keeps whether a quote's NICs or their rate are the
     * GPU's common build its offer was given, not the vendor's figures
     * (the report said nothing of it). A version-16 quote is taken as
     * stated: its import notes said it, the file kept no mark. */
    "ALTER TABLE quotes ADD COLUMN fabric_assumed INTEGER NOT NULL DEFAULT 0 CHECK (fabric_assumed IN (0, 1));\n",
    NULL },
  [17] = {
    /* Version 18 keeps which of a job's figures the user typed
     * (CpJobStated): one typed at its default's value was listed as
     * assumed (D15). A version-17 job kept no mark: none is typed, and a
     * figure that differs from its default reads as typed, as before. */
    "ALTER TABLE jobs ADD COLUMN stated_fields INTEGER NOT NULL DEFAULT 0 CHECK (stated_fields >= 0);\n",
    NULL },
  [18] = {
    /* Version 19 keeps a service's answer-time target, the seconds a user
     * may wait for a whole answer (issues 21 and 26: "answers under
     * 10 s" could not be entered); 0 is what a version-18 job was: no
     * target. */
    "ALTER TABLE jobs ADD COLUMN answer_within_s REAL DEFAULT 0;\n",
    NULL },
  [19] = {
    /* Version 20 keeps the vendor's answer to whether part of a quote's
     * offer can be rented alone (issue 22); 'not-asked' is what every
     * version-19 quote was: the plan may rent part of the offer, and the
     * report asks. */
    "ALTER TABLE quotes ADD COLUMN part_rentable TEXT NOT NULL DEFAULT 'not-asked';\n",
    NULL },
  [20] = {
    /* Version 21 keeps whether a quote's offering was stated or is
     * cp_quote_init()'s bare metal (issue 22: the report gave an unstated
     * kind as fact, though it sets the VAT rate and R8's operations
     * condition). A version-20 quote kept no mark: a kind other than the
     * bare machine or the bare-metal cluster a quote falls back to was
     * picked (cp_offering_kind_is_default()), so stated; a bare-metal one
     * may never have been looked at, and stays assumed. */
    "ALTER TABLE quotes ADD COLUMN offering_stated INTEGER NOT NULL DEFAULT 0 CHECK (offering_stated IN (0, 1));\n"
    "UPDATE quotes SET offering_stated = 1 WHERE offering NOT IN ('bare-metal', 'bare-metal-cluster');\n",
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

/* The amount to approve's settings get the planner's defaults. A
 * granularity of 0 was "exact time, not rounded" up to version 9; it is
 * now "not stated", so such a quote keeps its figures at a second, the
 * finest step cp_quote_validate() accepts. Every version-9 quote was
 * created with a granularity of one hour whatever its price unit, so a
 * monthly price at one hour is that untouched default, never a rule the
 * vendor stated, and it billed the months after the first by the hour
 * (36.8 days at 30,000 per node-month: 36,329, where the vendor invoices
 * two months, 60,000): it becomes "not stated", whole months. */
static int
fill_v10_defaults (sqlite3 *db)
{
  static const char * const settings_columns[] = {
    "contingency_fraction", "vat_rate", "prices_include_vat",
  };
  int rc = fill_new_columns (db, settings_columns, G_N_ELEMENTS (settings_columns), NULL, 0);

  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db,
                       "UPDATE quotes SET billing_granularity_h = 1.0 / 3600"
                       " WHERE billing_granularity_h IS NULL OR billing_granularity_h <= 0;"
                       "UPDATE quotes SET billing_granularity_h = 0"
                       " WHERE price_unit = 'node-month' AND billing_granularity_h = 1;",
                       NULL, NULL, NULL);
  return rc;
}

/* The bare-machine lease rate gets the planner's default. */
static int
fill_v11_defaults (sqlite3 *db)
{
  static const char * const settings_columns[] = { "vat_rate_lease" };

  return fill_new_columns (db, settings_columns, G_N_ELEMENTS (settings_columns), NULL, 0);
}

/* A version-11 job whose team has distributed-training experience or an
 * operations engineer differs from cp_job_init()'s FALSE, FALSE: someone
 * set it, so the team was stated. One left at FALSE, FALSE may never have
 * been looked at, and stays assumed. */
static int
fill_v12_team_stated (sqlite3 *db)
{
  return sqlite3_exec (db,
                       "UPDATE jobs SET team_stated = 1"
                       " WHERE team_has_distributed_experience = 1 OR team_has_ops_engineer = 1",
                       NULL, NULL, NULL);
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
          _cp_store_exec (mem, schema_sql) == SQLITE_OK &&
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

/* @sql with ASCII letters in lower case, every run of white space made one
 * space and none left next to a parenthesis or a comma: two definitions
 * that SQLite reads the same way compare equal as text. Quoted names keep
 * their case and spaces. */
static char *
normalise_sql (const char *sql)
{
  GString *out = g_string_sized_new (strlen (sql));
  char quote = 0;

  for (const char *p = sql; *p != '\0'; p++)
    {
      char c = *p;

      if (quote != 0)
        {
          g_string_append_c (out, c);
          if (c == quote)
            quote = 0;
          continue;
        }
      if (c == '\'' || c == '"' || c == '`' || c == '[')
        {
          quote = c == '[' ? ']' : c;
          g_string_append_c (out, c);
        }
      else if (g_ascii_isspace (c))
        {
          if (out->len > 0 && !strchr (" (,", out->str[out->len - 1]))
            g_string_append_c (out, ' ');
        }
      else
        {
          if ((c == ')' || c == ',' || c == '(') && out->len > 0 && out->str[out->len - 1] == ' ')
            g_string_truncate (out, out->len - 1);
          g_string_append_c (out, g_ascii_tolower (c));
        }
    }
  if (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  return g_string_free (out, FALSE);
}

/* The definitions between the outer parentheses of a normalised
 * "create table NAME (…)", split at their top-level commas; NULL when
 * @sql is anything else (a virtual table, WITHOUT ROWID, STRICT, AS
 * SELECT), none of which this application writes. */
static GStrv
table_definitions (const char *normalised_sql, const char *table)
{
  g_autofree char *prefix = g_strdup_printf ("create table %s(", table);
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const char *start, *p;
  char quote = 0;
  int depth = 1;

  if (!g_str_has_prefix (normalised_sql, prefix))
    {
      g_free (prefix);
      prefix = g_strdup_printf ("create table \"%s\"(", table);
      if (!g_str_has_prefix (normalised_sql, prefix))
        return NULL;
    }
  start = p = normalised_sql + strlen (prefix);
  for (; *p != '\0' && depth > 0; p++)
    {
      if (quote != 0)
        quote = *p == quote ? 0 : quote;
      else if (*p == '\'' || *p == '"' || *p == '`' || *p == '[')
        quote = *p == '[' ? ']' : *p;
      else if (*p == '(')
        depth++;
      else if (*p == ')' && --depth == 0)
        g_ptr_array_add (parts, g_strndup (start, p - start));
      else if (*p == ',' && depth == 1)
        {
          g_ptr_array_add (parts, g_strndup (start, p - start));
          start = p + 1;
        }
    }
  if (depth != 0 || *p != '\0')
    return NULL;
  g_ptr_array_add (parts, NULL);
  return (GStrv) g_ptr_array_steal (parts, NULL);
}

static char *
definition_key (const char *table, const char *definition)
{
  return g_strconcat (table, "\n", definition, NULL);
}

/* "jobs\nposition integer primary key", …: every column definition a
 * table of this application may hold, as the current schema creates it or
 * as a migration added it to an older file (SQLite keeps the text of an
 * added column as the ALTER TABLE gave it). */
static GHashTable *
own_definitions (void)
{
  static gsize once = 0;
  static GHashTable *definitions;

  if (g_once_init_enter (&once))
    {
      GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_auto(GStrv) statements = g_strsplit (schema_sql, ";", -1);

      for (guint i = 0; statements[i] != NULL; i++)
        {
          g_autofree char *normalised = normalise_sql (statements[i]);
          g_autofree char *table = NULL;
          g_auto(GStrv) columns = NULL;
          const char *name = normalised + strlen ("create table ");

          if (!g_str_has_prefix (normalised, "create table "))
            continue;
          table = g_strndup (name, strcspn (name, "("));
          columns = table_definitions (normalised, table);
          g_assert (columns != NULL);
          for (guint j = 0; columns[j] != NULL; j++)
            g_hash_table_add (set, definition_key (table, columns[j]));
        }
      for (guint v = 0; v < G_N_ELEMENTS (migrations); v++)
        {
          g_auto(GStrv) alters = migrations[v].sql ? g_strsplit (migrations[v].sql, ";", -1) : NULL;

          for (guint i = 0; alters != NULL && alters[i] != NULL; i++)
            {
              g_autofree char *normalised = normalise_sql (alters[i]);
              const char *name = normalised + strlen ("alter table ");
              const char *column;
              g_autofree char *table = NULL;

              if (!g_str_has_prefix (normalised, "alter table "))
                continue;
              column = strstr (name, " add column ");
              g_assert (column != NULL);
              table = g_strndup (name, column - name);
              g_hash_table_add (set, definition_key (table, column + strlen (" add column ")));
            }
        }
      definitions = set;
      g_once_init_leave (&once, 1);
    }
  return definitions;
}

/* A table of ours whose definition was altered by hand is as dangerous as
 * a foreign object: ON CONFLICT IGNORE makes saves silently do nothing, a
 * table without its primary key doubles its rows on every save, a CHECK
 * may run any function on every row. Each column definition must be one
 * this version or a migration writes; NULL when it is, otherwise the
 * first one that is not (for the message). */
static char *
find_foreign_definition (const char *table, const char *sql)
{
  GHashTable *own = own_definitions ();
  g_autofree char *normalised = normalise_sql (sql != NULL ? sql : "");
  g_auto(GStrv) columns = table_definitions (normalised, table);

  if (columns == NULL)
    return g_steal_pointer (&normalised);
  for (guint i = 0; columns[i] != NULL; i++)
    {
      g_autofree char *key = definition_key (table, columns[i]);

      if (!g_hash_table_contains (own, key))
        return g_strdup (columns[i]);
    }
  return NULL;
}

/* A trigger added by hand would run on every save, a view could stand in
 * for a table: a file holding anything the application does not create,
 * or a table of ours defined otherwise, is refused, naming the object. */
gboolean
_cp_store_check_schema_objects (sqlite3 *db, const char *path, GError **error)
{
  GHashTable *own = own_schema_objects ();
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, "SELECT type, name, sql FROM sqlite_schema", -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *type = (const char *) sqlite3_column_text (stmt, 0);
      const char *name = (const char *) sqlite3_column_text (stmt, 1);
      const char *sql = (const char *) sqlite3_column_text (stmt, 2);
      g_autofree char *key = g_strdup_printf ("%s:%s", type, name);
      g_autofree char *what = NULL;

      if (!g_hash_table_contains (own, key))
        {
          if (g_strcmp0 (type, "trigger") == 0)
            what = g_strdup_printf (_("a trigger “%s”"), name);
          else if (g_strcmp0 (type, "view") == 0)
            what = g_strdup_printf (_("a view “%s”"), name);
          else if (g_strcmp0 (type, "index") == 0)
            what = g_strdup_printf (_("an index “%s”"), name);
          else
            what = g_strdup_printf (_("a table “%s”"), name);
        }
      else if (g_strcmp0 (type, "table") == 0)
        {
          g_autofree char *definition = find_foreign_definition (name, sql);

          if (definition != NULL)
            /* TRANSLATORS: completes "it holds %s that Compute Planner never creates";
             * the second %s is a column definition, e.g. "position integer" */
            what = g_strdup_printf (_("a table “%s” defined with “%s”"), name, definition);
        }
      if (what != NULL)
        {
          _cp_store_set_error (error, CP_STORE_ERROR_UNSAFE, path, what);
          sqlite3_finalize (stmt);
          return FALSE;
        }
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cp_store_migrate (sqlite3 *db, const char *path, sqlite3_int64 from, GError **error)
{
  g_autofree char *set_version = NULL;
  int rc;

  for (sqlite3_int64 v = from; v < CP_STORE_SCHEMA_VERSION; v++)
    {
      rc = _cp_store_exec (db, migrations[v].sql);
      if (rc == SQLITE_OK && migrations[v].fill_defaults)
        rc = migrations[v].fill_defaults (db);
      if (rc != SQLITE_OK)
        {
          _cp_store_set_sqlite_error (error, db, rc, path);
          return FALSE;
        }
    }
  set_version = g_strdup_printf ("PRAGMA user_version = %d", CP_STORE_SCHEMA_VERSION);
  rc = _cp_store_exec (db, set_version);
  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cp_store_create_schema (sqlite3 *db, const char *path, GError **error)
{
  g_autofree char *pragmas =
    g_strdup_printf ("PRAGMA application_id = %d; PRAGMA user_version = %d;",
                     (gint32) CP_STORE_APPLICATION_ID, CP_STORE_SCHEMA_VERSION);
  int rc = _cp_store_exec (db, pragmas);

  if (rc == SQLITE_OK)
    rc = _cp_store_exec (db, schema_sql);
  if (rc != SQLITE_OK)
    {
      _cp_store_set_sqlite_error (error, db, rc, path);
      return FALSE;
    }
  return TRUE;
}
