-- A project file as version 2 of the format wrote it (PRAGMA user_version = 2).
--
-- tests/store/test-store.c turns this script into a database at test time and
-- checks that the store opens it, migrates it to the current version and reads
-- back these values, with the planner's defaults for what version 3 added:
-- the mixture-of-experts and latent-attention shape of a model, the expert
-- parallel and interleaved stages of a layout, a stated MFU, the GPUs and peak
-- of a trial's machine, and the settings of issue 11 (longest acceptable run,
-- gradient bucket, KV block, CUDA graphs). Keep this file as it is: it is the
-- record of what version 2 files look like.

PRAGMA application_id = 1129335886;
PRAGMA user_version = 2;

BEGIN;

CREATE TABLE project (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT,
  report_language TEXT,
  prepared_by TEXT,
  bytes_convention TEXT NOT NULL,
  memory_unit TEXT NOT NULL,
  currency TEXT NOT NULL,
  compute_utilisation REAL,
  link_efficiency REAL,
  shared_network_factor REAL,
  dp_overlap REAL,
  framework_overhead_bytes REAL,
  fragmentation_fraction REAL,
  serving_memory_fraction REAL,
  debug_share REAL,
  migration_days_no_experience REAL,
  hours_per_month REAL,
  working_days_per_week REAL,
  selective_recompute_flops_overhead REAL,
  lora_flops_factor REAL,
  judgement_gap_low REAL,
  judgement_gap_high REAL
);

CREATE TABLE jobs (
  position INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,
  id TEXT,
  name TEXT,
  kind TEXT NOT NULL,
  model_id TEXT,
  model_name TEXT,
  model_params REAL,
  model_active_params REAL,
  model_layers INTEGER NOT NULL CHECK (model_layers >= 0),
  model_hidden INTEGER NOT NULL CHECK (model_hidden >= 0),
  model_heads INTEGER NOT NULL CHECK (model_heads >= 0),
  model_kv_heads INTEGER NOT NULL CHECK (model_kv_heads >= 0),
  model_head_dim INTEGER NOT NULL CHECK (model_head_dim >= 0),
  model_ffn INTEGER NOT NULL CHECK (model_ffn >= 0),
  model_vocab INTEGER NOT NULL CHECK (model_vocab >= 0),
  model_tied_embeddings INTEGER NOT NULL CHECK (model_tied_embeddings IN (0, 1)),
  model_gated_mlp INTEGER NOT NULL CHECK (model_gated_mlp IN (0, 1)),
  model_experts_total INTEGER NOT NULL CHECK (model_experts_total >= 0),
  model_experts_active INTEGER NOT NULL CHECK (model_experts_active >= 0),
  model_kv_latent_dim INTEGER NOT NULL CHECK (model_kv_latent_dim >= 0),
  model_source TEXT,
  precision TEXT NOT NULL,
  optimizer TEXT NOT NULL,
  tokens REAL,
  seq_len INTEGER NOT NULL CHECK (seq_len >= 0),
  micro_batch INTEGER NOT NULL CHECK (micro_batch >= 0),
  global_batch INTEGER NOT NULL CHECK (global_batch >= 0),
  recompute TEXT NOT NULL,
  flash_attention INTEGER NOT NULL CHECK (flash_attention IN (0, 1)),
  zero_stage INTEGER NOT NULL CHECK (zero_stage >= 0),
  cpu_offload INTEGER NOT NULL CHECK (cpu_offload IN (0, 1)),
  tensor_parallel INTEGER NOT NULL CHECK (tensor_parallel >= 0),
  pipeline_parallel INTEGER NOT NULL CHECK (pipeline_parallel >= 0),
  allow_lora INTEGER NOT NULL CHECK (allow_lora IN (0, 1)),
  lora_rank INTEGER NOT NULL CHECK (lora_rank >= 0),
  lora_targets INTEGER NOT NULL CHECK (lora_targets >= 0),
  context_len INTEGER NOT NULL CHECK (context_len >= 0),
  concurrency INTEGER NOT NULL CHECK (concurrency >= 0),
  weight_bits INTEGER NOT NULL CHECK (weight_bits >= 0),
  kv_bits INTEGER NOT NULL CHECK (kv_bits >= 0),
  duration_days REAL,
  deadline_days REAL,
  team_has_distributed_experience INTEGER NOT NULL CHECK (team_has_distributed_experience IN (0, 1)),
  team_has_ops_engineer INTEGER NOT NULL CHECK (team_has_ops_engineer IN (0, 1)),
  engineers INTEGER NOT NULL CHECK (engineers >= 0),
  engineer_day_cost REAL,
  storage_tb REAL,
  trial_quote_id TEXT,
  trial_peak_memory_bytes REAL,
  trial_tokens_per_s REAL,
  trial_step_s REAL,
  trial_communication_share REAL DEFAULT 0,
  notes TEXT
);

CREATE TABLE quotes (
  position INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,
  id TEXT,
  vendor TEXT,
  offer_name TEXT,
  offering TEXT NOT NULL,
  gpu_id TEXT,
  gpu_name TEXT,
  gpu_memory_nominal_gb REAL,
  gpu_dense_bf16_flops REAL,
  gpu_dense_fp8_flops REAL,
  gpu_dense_fp32_flops REAL,
  gpu_memory_bandwidth_gbytes_per_s REAL,
  gpu_default_intra_link TEXT,
  gpu_verification INTEGER NOT NULL,
  gpu_source TEXT,
  gpus_per_node INTEGER NOT NULL CHECK (gpus_per_node >= 0),
  nodes_available INTEGER NOT NULL CHECK (nodes_available >= 0),
  intra_link_id TEXT,
  intra_link_name TEXT,
  intra_link_per_direction_gbytes_per_s REAL,
  intra_link_verification INTEGER NOT NULL,
  intra_link_source TEXT,
  network TEXT NOT NULL,
  nics_per_node INTEGER NOT NULL CHECK (nics_per_node >= 0),
  nic_gbps REAL,
  sharing TEXT NOT NULL,
  share_factor REAL DEFAULT 0,
  price_unit TEXT NOT NULL,
  price REAL,
  billing_granularity_h REAL,
  minimum_term_h REAL,
  network_fee_per_node_month REAL,
  storage TEXT NOT NULL,
  storage_price_per_tb_month REAL,
  management_fee_per_month REAL,
  setup_fee REAL,
  currency TEXT NOT NULL,
  valid_until TEXT,
  notes TEXT
);

CREATE TABLE custom_models (
  position INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,
  id TEXT,
  name TEXT,
  params REAL,
  active_params REAL,
  layers INTEGER NOT NULL CHECK (layers >= 0),
  hidden INTEGER NOT NULL CHECK (hidden >= 0),
  heads INTEGER NOT NULL CHECK (heads >= 0),
  kv_heads INTEGER NOT NULL CHECK (kv_heads >= 0),
  head_dim INTEGER NOT NULL CHECK (head_dim >= 0),
  ffn INTEGER NOT NULL CHECK (ffn >= 0),
  vocab INTEGER NOT NULL CHECK (vocab >= 0),
  tied_embeddings INTEGER NOT NULL CHECK (tied_embeddings IN (0, 1)),
  gated_mlp INTEGER NOT NULL CHECK (gated_mlp IN (0, 1)),
  experts_total INTEGER NOT NULL CHECK (experts_total >= 0),
  experts_active INTEGER NOT NULL CHECK (experts_active >= 0),
  kv_latent_dim INTEGER NOT NULL CHECK (kv_latent_dim >= 0),
  source TEXT
);

CREATE TABLE custom_gpus (
  position INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,
  id TEXT,
  name TEXT,
  memory_nominal_gb REAL,
  dense_bf16_flops REAL,
  dense_fp8_flops REAL,
  dense_fp32_flops REAL,
  memory_bandwidth_gbytes_per_s REAL,
  default_intra_link TEXT,
  verification INTEGER NOT NULL,
  source TEXT
);

CREATE TABLE custom_links (
  position INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL DEFAULT 1 REFERENCES project (id) ON DELETE CASCADE,
  id TEXT,
  name TEXT,
  per_direction_gbytes_per_s REAL,
  verification INTEGER NOT NULL,
  source TEXT
);

INSERT INTO project (id, name, report_language, prepared_by, bytes_convention, memory_unit, currency, compute_utilisation, link_efficiency, shared_network_factor, dp_overlap, framework_overhead_bytes, fragmentation_fraction, serving_memory_fraction, debug_share, migration_days_no_experience, hours_per_month, working_days_per_week, selective_recompute_flops_overhead, lora_flops_factor, judgement_gap_low, judgement_gap_high)
VALUES (1, 'Fixture v2 项目', 'zh_CN', 'Fixture', '16', 'gib', 'CNY', 0.45, 0.8, 0.5, 0.5, 2000000000.0, 0.1, 0.9, 0.35, 10.0, 730.0, 5.0, 0.03, 4.0, 2.0, 3.0);

INSERT INTO quotes (position, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (0, 'quote-1', '示例供应商 A', '8 × A800', 'hosted-machine', 'a800', 'NVIDIA A800 80GB SXM', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink-a800', 1, 'secondary spec tables', 8, 1, 'nvlink-a800', 'NVLink (A800)', 200.0, 1, 'secondary spec tables', 'roce', 2, 100.0, 'shared', 0.6, 'node-month', 38000.0, 730.0, 730.0, 0.0, 'local-nvme', 0.0, 0.0, 2000.0, 'CNY', '2026-06-30', 'invented example');

INSERT INTO quotes (position, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (1, 'quote-2', '示例供应商 B', 'A800 cluster', 'bare-metal-cluster', 'a800', 'NVIDIA A800 80GB SXM', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink-a800', 1, 'secondary spec tables', 8, 4, 'nvlink-a800', 'NVLink (A800)', 200.0, 1, 'secondary spec tables', 'infiniband', 4, 200.0, 'dedicated', 0.0, 'gpu-hour', 6.5, 1.0, 0.0, 0.0, 'parallel-fs', 1000.0, 0.0, 2000.0, 'CNY', NULL, 'invented example');

INSERT INTO jobs (position, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, allow_lora, lora_rank, lora_targets, context_len, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (0, 'job-1', '7B pretraining', 'pretrain', 'llama-2-7b', 'Llama 2 7B', 6740000000.0, 6740000000.0, 32, 4096, 32, 32, 0, 11008, 32000, 0, 1, 0, 0, 0, 'Llama 2 paper', 'bf16', 'adamw', 20000000000.0, 4096, 2, 512, 'selective', 1, 1, 0, 2, 1, 0, 16, 31, 4096, 1, 16, 16, 0.0, 0.0, 1, 0, 3, 2500.0, 20.0, 'quote-2', 60000000000.0, 25000.0, 0.0, 0.25, 'v2 job');

INSERT INTO jobs (position, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, allow_lora, lora_rank, lora_targets, context_len, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (1, 'job-2', '7B inference', 'inference', 'llama-2-7b', 'Llama 2 7B', 6740000000.0, 6740000000.0, 32, 4096, 32, 32, 0, 11008, 32000, 0, 1, 0, 0, 0, 'Llama 2 paper', 'bf16', 'adamw', 100000000.0, 4096, 1, 16, 'full', 1, 0, 0, 0, 0, 0, 16, 31, 4096, 50, 16, 16, 30.0, 7.0, 0, 0, 2, 2000.0, 1.0, NULL, 0.0, 0.0, 0.0, 0.0, NULL);

COMMIT;
