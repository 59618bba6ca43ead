-- A project file of version 6 of the format (PRAGMA user_version = 6), made
-- from the version-3 file before it: tests/common/cp-test-fixture.c runs
-- v1-fixture.sql, then each script after it up to this one. This script adds
-- the columns versions 4, 5 and 6 added, defined as version 6 defined them in a
-- new file, by ALTER TABLE: at the end of their tables, where their migrations
-- of a version-3 file put them too. Then it replaces the rows with this file's
-- own values.
--
-- tests/store/test-store.c checks that the store opens it, migrates it to the
-- current version and reads back these values, with what version 7 added: the
-- KV-cache size a serving trial measured (0: not measured) and the memory of
-- the GPU the trial ran on, which the migration takes from the trial's quote
-- (80 GB, the A800 below). Keep it as it is: with the scripts before it, it is
-- the record of what version 6 files look like.

PRAGMA user_version = 6;

BEGIN;
ALTER TABLE project ADD COLUMN overlap_compute_slowdown REAL;
ALTER TABLE project ADD COLUMN gpu_failure_rate_per_hour REAL;
ALTER TABLE project ADD COLUMN restart_s REAL;
ALTER TABLE project ADD COLUMN checkpoint_interval_s REAL;
ALTER TABLE jobs ADD COLUMN prompt_tokens INTEGER NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0);
ALTER TABLE jobs ADD COLUMN output_tokens INTEGER NOT NULL DEFAULT 0 CHECK (output_tokens >= 0);
DELETE FROM project;
DELETE FROM quotes;
DELETE FROM jobs;
INSERT INTO project (id, name, report_language, prepared_by, bytes_convention, memory_unit, currency, compute_utilisation, link_efficiency, shared_network_factor, dp_overlap, framework_overhead_bytes, fragmentation_fraction, serving_memory_fraction, debug_share, migration_days_no_experience, hours_per_month, working_days_per_week, selective_recompute_flops_overhead, lora_flops_factor, judgement_gap_low, judgement_gap_high, longest_acceptable_run_days, dp_bucket_bytes, kv_block_tokens, cuda_graph_bytes, overlap_compute_slowdown, gpu_failure_rate_per_hour, restart_s, checkpoint_interval_s)
VALUES (1, 'Fixture v6 项目', 'zh_CN', '', '16', 'gib', 'CNY', 0.55, 0.8, 0.5, 1.0, 1073741824.0, 0.05, 0.9, 0.35, 10.5, 730.0, 5.0, 0.027, 4.0, 2.0, 3.0, 120.0, 26214400.0, 16.0, 536870912.0, 0.189, 1.9732816719714506e-05, 600.0, 0.0);
INSERT INTO quotes (position, project_id, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (0, 1, 'quote-a800', 'Fixture 云', 'NVIDIA A800 80GB SXM', 'bare-metal', 'a800', 'NVIDIA A800 80GB SXM', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink-a800', 2, 'PUBLISHED G3: secondary spec tables only (export-restricted A100: same compute, NVLink 400 GB/s); not checked against a vendor document.', 8, 1, 'nvlink-a800', 'NVLink (A800, export-restricted)', 200.0, 1, 'PUBLISHED G3: NVLink 400 GB/s on A800 (secondary spec tables), taken as bidirectional: 200 per direction.', 'none', 0, 0.0, 'unknown', 0.0, 'gpu-hour', 12.0, 1.0, 0.0, 0.0, 'unknown', 0.0, 0.0, 0.0, 'CNY', NULL, NULL);
INSERT INTO jobs (position, project_id, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_shared_experts, model_expert_ffn, model_shared_expert_ffn, model_dense_layers, model_dense_ffn, model_q_lora_rank, model_kv_lora_rank, model_qk_rope_head_dim, model_qk_nope_head_dim, model_v_head_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, expert_parallel, virtual_stages, allow_lora, lora_rank, lora_targets, mfu, context_len, prompt_tokens, output_tokens, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_gpus, trial_gpu_dense_flops, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (0, 1, 'job-2', 'Serving v6', 'inference', 'llama-2-13b', 'Llama 2 13B', 13000000000.0, 13000000000.0, 40, 5120, 40, 40, 0, 13824, 32000, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'meta-llama/Llama-2-13b-hf config.json; Touvron et al. 2023, "Llama 2". params is the model card''s 13B (the architecture counts 13.0e9).', 'bf16', 'adamw', 0.0, 4096, 0, 0, 'auto', 1, 4, 0, 0, 0, 0, 0, 0, 16, 31, 0.0, 4096, 1024, 128, 64, 16, 16, 30.0, 0.0, 0, 0, 2, 2000.0, 1.0, 'quote-a800', 8, 312000000000000.0, 75161927680.0, 0.0, 0.0, 0.0, NULL);
COMMIT;
