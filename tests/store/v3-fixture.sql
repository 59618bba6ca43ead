-- A project file of version 3 of the format (PRAGMA user_version = 3), made
-- from the version-2 file before it: tests/common/cp-test-fixture.c runs
-- v1-fixture.sql, then each script after it up to this one. This script adds
-- the columns version 3 added, defined as version 3 defined them in a new file,
-- by ALTER TABLE: at the end of their tables, where its migration of a
-- version-2 file put them too. Then it replaces the rows with this file's own
-- values.
--
-- tests/store/test-store.c checks that the store opens it, migrates it to the
-- current version and reads back these values, with the planner's defaults for
-- what version 4 added: the failure settings of issue 15 (per-GPU interruption
-- rate, restart time, checkpoint interval). Keep it as it is: with the scripts
-- before it, it is the record of what version 3 files look like.

PRAGMA user_version = 3;

BEGIN;
ALTER TABLE project ADD COLUMN longest_acceptable_run_days REAL;
ALTER TABLE project ADD COLUMN dp_bucket_bytes REAL;
ALTER TABLE project ADD COLUMN kv_block_tokens REAL;
ALTER TABLE project ADD COLUMN cuda_graph_bytes REAL;
ALTER TABLE jobs ADD COLUMN model_shared_experts INTEGER NOT NULL DEFAULT 0 CHECK (model_shared_experts >= 0);
ALTER TABLE jobs ADD COLUMN model_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_expert_ffn >= 0);
ALTER TABLE jobs ADD COLUMN model_shared_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_shared_expert_ffn >= 0);
ALTER TABLE jobs ADD COLUMN model_dense_layers INTEGER NOT NULL DEFAULT 0 CHECK (model_dense_layers >= 0);
ALTER TABLE jobs ADD COLUMN model_dense_ffn INTEGER NOT NULL DEFAULT 0 CHECK (model_dense_ffn >= 0);
ALTER TABLE jobs ADD COLUMN model_q_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (model_q_lora_rank >= 0);
ALTER TABLE jobs ADD COLUMN model_kv_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (model_kv_lora_rank >= 0);
ALTER TABLE jobs ADD COLUMN model_qk_rope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_qk_rope_head_dim >= 0);
ALTER TABLE jobs ADD COLUMN model_qk_nope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_qk_nope_head_dim >= 0);
ALTER TABLE jobs ADD COLUMN model_v_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (model_v_head_dim >= 0);
ALTER TABLE jobs ADD COLUMN expert_parallel INTEGER NOT NULL DEFAULT 0 CHECK (expert_parallel >= 0);
ALTER TABLE jobs ADD COLUMN virtual_stages INTEGER NOT NULL DEFAULT 0 CHECK (virtual_stages >= 0);
ALTER TABLE jobs ADD COLUMN mfu REAL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN trial_gpus INTEGER NOT NULL DEFAULT 0 CHECK (trial_gpus >= 0);
ALTER TABLE jobs ADD COLUMN trial_gpu_dense_flops REAL DEFAULT 0;
ALTER TABLE custom_models ADD COLUMN shared_experts INTEGER NOT NULL DEFAULT 0 CHECK (shared_experts >= 0);
ALTER TABLE custom_models ADD COLUMN expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (expert_ffn >= 0);
ALTER TABLE custom_models ADD COLUMN shared_expert_ffn INTEGER NOT NULL DEFAULT 0 CHECK (shared_expert_ffn >= 0);
ALTER TABLE custom_models ADD COLUMN dense_layers INTEGER NOT NULL DEFAULT 0 CHECK (dense_layers >= 0);
ALTER TABLE custom_models ADD COLUMN dense_ffn INTEGER NOT NULL DEFAULT 0 CHECK (dense_ffn >= 0);
ALTER TABLE custom_models ADD COLUMN q_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (q_lora_rank >= 0);
ALTER TABLE custom_models ADD COLUMN kv_lora_rank INTEGER NOT NULL DEFAULT 0 CHECK (kv_lora_rank >= 0);
ALTER TABLE custom_models ADD COLUMN qk_rope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (qk_rope_head_dim >= 0);
ALTER TABLE custom_models ADD COLUMN qk_nope_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (qk_nope_head_dim >= 0);
ALTER TABLE custom_models ADD COLUMN v_head_dim INTEGER NOT NULL DEFAULT 0 CHECK (v_head_dim >= 0);
DELETE FROM project;
DELETE FROM quotes;
DELETE FROM jobs;
INSERT INTO project (id, name, report_language, prepared_by, bytes_convention, memory_unit, currency, compute_utilisation, link_efficiency, shared_network_factor, dp_overlap, framework_overhead_bytes, fragmentation_fraction, serving_memory_fraction, debug_share, migration_days_no_experience, hours_per_month, working_days_per_week, selective_recompute_flops_overhead, lora_flops_factor, judgement_gap_low, judgement_gap_high, longest_acceptable_run_days, dp_bucket_bytes, kv_block_tokens, cuda_graph_bytes)
VALUES (1, 'Fixture v3 项目', 'zh_CN', '', '16', 'gib', 'CNY', 0.45, 0.8, 0.5, 1.0, 1073741824.0, 0.05, 0.9, 0.35, 10.5, 730.0, 5.0, 0.027, 4.0, 2.0, 3.0, 120.0, 26214400.0, 16.0, 536870912.0);
INSERT INTO quotes (position, project_id, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (0, 1, 'quote-2', NULL, 'NVIDIA A100 80GB SXM4', 'bare-metal-cluster', 'a100-80g', 'NVIDIA A100 80GB SXM4', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink3-a100', 0, 'PUBLISHED G2: NVIDIA A100 datasheet as transcribed in torchtitan and Lightning (312e12); 2,039 GB/s (SXM). FP32 19.5 TFLOPS: A100 datasheet.', 8, 4, 'nvlink3-a100', 'NVLink 3 (A100)', 300.0, 0, 'PUBLISHED G1/G2: NVLink3 600 GB/s (12 links), 300 per direction; N3 measured 231.6 GB/s all-reduce busbw on 8 × A100 80GB (77%).', 'infiniband', 8, 200.0, 'dedicated', 0.0, 'gpu-hour', 10.0, 1.0, 0.0, 0.0, 'unknown', 0.0, 0.0, 0.0, 'CNY', NULL, NULL);
INSERT INTO jobs (position, project_id, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_shared_experts, model_expert_ffn, model_shared_expert_ffn, model_dense_layers, model_dense_ffn, model_q_lora_rank, model_kv_lora_rank, model_qk_rope_head_dim, model_qk_nope_head_dim, model_v_head_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, expert_parallel, virtual_stages, allow_lora, lora_rank, lora_targets, mfu, context_len, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_gpus, trial_gpu_dense_flops, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (0, 1, 'job-1', 'Llama 2 7B', 'pretrain', 'llama-2-7b', 'Llama 2 7B', 7000000000.0, 7000000000.0, 32, 4096, 32, 32, 0, 11008, 32000, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'meta-llama/Llama-2-7b-hf config.json; Touvron et al. 2023, "Llama 2: Open Foundation and Fine-Tuned Chat Models". params is the model card''s 7B (the architecture counts 6.74e9).', 'bf16', 'adamw', 20000000000.0, 4096, 0, 0, 'auto', 1, 4, 0, 0, 0, 0, 0, 0, 16, 31, 0.0, 4096, 1, 16, 16, 0.0, 0.0, 0, 0, 2, 2000.0, 20.0, NULL, 0, 0.0, 0.0, 0.0, 0.0, 0.0, NULL);
COMMIT;
