-- A project file of version 2 of the format (PRAGMA user_version = 2), made
-- from the version-1 file before it: tests/common/cp-test-fixture.c runs
-- v1-fixture.sql, then each script after it up to this one. This script adds
-- the columns version 2 added, defined as version 2 defined them in a new file,
-- by ALTER TABLE: at the end of their tables, where its migration of a
-- version-1 file put them too. Then it replaces the rows with this file's own
-- values.
--
-- tests/store/test-store.c checks that the store opens it, migrates it to the
-- current version and reads back these values, with the planner's defaults for
-- what version 3 added: the mixture-of-experts and latent-attention shape of a
-- model, the expert parallel and interleaved stages of a layout, a stated MFU,
-- the GPUs and peak of a trial's machine, and the settings of issue 11 (longest
-- acceptable run, gradient bucket, KV block, CUDA graphs). Keep it as it is:
-- with the scripts before it, it is the record of what version 2 files look
-- like.

PRAGMA user_version = 2;

BEGIN;
ALTER TABLE quotes ADD COLUMN share_factor REAL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN trial_communication_share REAL DEFAULT 0;
DELETE FROM project;
DELETE FROM quotes;
DELETE FROM jobs;
INSERT INTO project (id, name, report_language, prepared_by, bytes_convention, memory_unit, currency, compute_utilisation, link_efficiency, shared_network_factor, dp_overlap, framework_overhead_bytes, fragmentation_fraction, serving_memory_fraction, debug_share, migration_days_no_experience, hours_per_month, working_days_per_week, selective_recompute_flops_overhead, lora_flops_factor, judgement_gap_low, judgement_gap_high)
VALUES (1, 'Fixture v2 项目', 'zh_CN', 'Fixture', '16', 'gib', 'CNY', 0.45, 0.8, 0.5, 0.5, 2000000000.0, 0.1, 0.9, 0.35, 10.0, 730.0, 5.0, 0.03, 4.0, 2.0, 3.0);
INSERT INTO quotes (position, project_id, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (0, 1, 'quote-1', '示例供应商 A', '8 × A800', 'hosted-machine', 'a800', 'NVIDIA A800 80GB SXM', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink-a800', 1, 'secondary spec tables', 8, 1, 'nvlink-a800', 'NVLink (A800)', 200.0, 1, 'secondary spec tables', 'roce', 2, 100.0, 'shared', 0.6, 'node-month', 38000.0, 730.0, 730.0, 0.0, 'local-nvme', 0.0, 0.0, 2000.0, 'CNY', '2026-06-30', 'invented example');
INSERT INTO quotes (position, project_id, id, vendor, offer_name, offering, gpu_id, gpu_name, gpu_memory_nominal_gb, gpu_dense_bf16_flops, gpu_dense_fp8_flops, gpu_dense_fp32_flops, gpu_memory_bandwidth_gbytes_per_s, gpu_default_intra_link, gpu_verification, gpu_source, gpus_per_node, nodes_available, intra_link_id, intra_link_name, intra_link_per_direction_gbytes_per_s, intra_link_verification, intra_link_source, network, nics_per_node, nic_gbps, sharing, share_factor, price_unit, price, billing_granularity_h, minimum_term_h, network_fee_per_node_month, storage, storage_price_per_tb_month, management_fee_per_month, setup_fee, currency, valid_until, notes)
VALUES (1, 1, 'quote-2', '示例供应商 B', 'A800 cluster', 'bare-metal-cluster', 'a800', 'NVIDIA A800 80GB SXM', 80.0, 312000000000000.0, 0.0, 19500000000000.0, 2039.0, 'nvlink-a800', 1, 'secondary spec tables', 8, 4, 'nvlink-a800', 'NVLink (A800)', 200.0, 1, 'secondary spec tables', 'infiniband', 4, 200.0, 'dedicated', 0.0, 'gpu-hour', 6.5, 1.0, 0.0, 0.0, 'parallel-fs', 1000.0, 0.0, 2000.0, 'CNY', NULL, 'invented example');
INSERT INTO jobs (position, project_id, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, allow_lora, lora_rank, lora_targets, context_len, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (0, 1, 'job-1', '7B pretraining', 'pretrain', 'llama-2-7b', 'Llama 2 7B', 6740000000.0, 6740000000.0, 32, 4096, 32, 32, 0, 11008, 32000, 0, 1, 0, 0, 0, 'Llama 2 paper', 'bf16', 'adamw', 20000000000.0, 4096, 2, 512, 'selective', 1, 1, 0, 2, 1, 0, 16, 31, 4096, 1, 16, 16, 0.0, 0.0, 1, 0, 3, 2500.0, 20.0, 'quote-2', 60000000000.0, 25000.0, 0.0, 0.25, 'v2 job');
INSERT INTO jobs (position, project_id, id, name, kind, model_id, model_name, model_params, model_active_params, model_layers, model_hidden, model_heads, model_kv_heads, model_head_dim, model_ffn, model_vocab, model_tied_embeddings, model_gated_mlp, model_experts_total, model_experts_active, model_kv_latent_dim, model_source, precision, optimizer, tokens, seq_len, micro_batch, global_batch, recompute, flash_attention, zero_stage, cpu_offload, tensor_parallel, pipeline_parallel, allow_lora, lora_rank, lora_targets, context_len, concurrency, weight_bits, kv_bits, duration_days, deadline_days, team_has_distributed_experience, team_has_ops_engineer, engineers, engineer_day_cost, storage_tb, trial_quote_id, trial_peak_memory_bytes, trial_tokens_per_s, trial_step_s, trial_communication_share, notes)
VALUES (1, 1, 'job-2', '7B inference', 'inference', 'llama-2-7b', 'Llama 2 7B', 6740000000.0, 6740000000.0, 32, 4096, 32, 32, 0, 11008, 32000, 0, 1, 0, 0, 0, 'Llama 2 paper', 'bf16', 'adamw', 100000000.0, 4096, 1, 16, 'full', 1, 0, 0, 0, 0, 0, 16, 31, 4096, 50, 16, 16, 30.0, 7.0, 0, 0, 2, 2000.0, 1.0, NULL, 0.0, 0.0, 0.0, 0.0, NULL);
COMMIT;
