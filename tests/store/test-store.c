/* test-store.c: project files — round trip of every field, migration,
 * bad files, a process killed while saving, file-name helpers. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "planner/cp-estimate.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"
#include "common/cp-kill-save.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-fixture.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Every field a distinctive value, none of them a default. Written out by
 * hand (not through the store's own field tables) so that a field the store
 * forgets shows up as a difference. */

static const char tricky[] = "O'Brien \"quoted\"; DROP TABLE jobs; -- 张三 😀";

static void
fill_model (CpModelSpec *m, const char *id)
{
  cp_model_spec_clear (m);
  m->id = g_strdup (id);
  m->name = g_strdup ("模型 “Tiny” 🦙");
  m->params = 7.123456789e9;
  m->active_params = 1.5e9;
  m->layers = 33;
  m->hidden = 4097;
  m->heads = 31;
  m->kv_heads = 7;
  m->head_dim = 129;
  m->ffn = 11009;
  m->vocab = 151937;
  m->tied_embeddings = TRUE;
  m->gated_mlp = TRUE;
  m->experts_total = 65;
  m->experts_active = 9;
  m->kv_latent_dim = 513;
  m->shared_experts = 2;
  m->expert_ffn = 1408;
  m->shared_expert_ffn = 2816;
  m->dense_layers = 3;
  m->dense_ffn = 18432;
  m->q_lora_rank = 1536;
  m->kv_lora_rank = 512;
  m->qk_rope_head_dim = 64;
  m->qk_nope_head_dim = 128;
  m->v_head_dim = 127;
  m->source = g_strdup ("source, with comma\nand a new line");
}

static void
fill_gpu (CpGpuSpec *g, const char *id)
{
  cp_gpu_spec_clear (g);
  g->id = g_strdup (id);
  g->name = g_strdup ("显卡 X-99 “Pro”");
  g->memory_nominal_gb = 97.5;
  g->dense_bf16_flops = 333.25e12;
  g->dense_fp8_flops = 666.5e12;
  g->dense_fp32_flops = 44.125e12;
  g->memory_bandwidth_gbytes_per_s = 3350.5;
  g->default_intra_link = g_strdup ("link-x");
  g->verification = CP_VERIFIED_UNVERIFIED;
  g->source = g_strdup ("datasheet 😀");
}

static void
fill_link (CpLinkSpec *l, const char *id)
{
  cp_link_spec_clear (l);
  l->id = g_strdup (id);
  l->name = g_strdup ("互联 'link' X");
  l->per_direction_gbytes_per_s = 123.75;
  l->verification = CP_VERIFIED_SECONDARY;
  l->source = g_strdup ("whitepaper");
}

static void
fill_settings (CpSettings *s)
{
  s->bytes_convention = CP_BYTES_CONVENTION_HF_18;
  s->memory_unit = CP_MEMORY_UNIT_GB;
  strcpy (s->currency, "USD");
  s->compute_utilisation = 0.4125;
  s->link_efficiency = 0.7125;
  s->shared_network_factor = 0.3125;
  s->dp_overlap = 0.6125;
  s->framework_overhead_bytes = 2.5e9;
  s->fragmentation_fraction = 0.0825;
  s->serving_memory_fraction = 0.8825;
  s->debug_share = 0.3375;
  s->migration_days_no_experience = 9.5;
  s->hours_per_month = 721.5;
  s->working_days_per_week = 5.5;
  s->selective_recompute_flops_overhead = 0.0325;
  s->lora_flops_factor = 4.25;
  s->judgement_gap_low = 1.75;
  s->judgement_gap_high = 3.25;
  s->longest_acceptable_run_days = 95.5;
  s->dp_bucket_bytes = 50.5e6;
  s->kv_block_tokens = 32;
  s->cuda_graph_bytes = 0.75e9;
  s->gpu_failure_rate_per_hour = 3.25e-5;
  s->restart_s = 450.5;
  s->checkpoint_interval_s = 1800.25;
  /* Not the defaults (10%, 6%, included): each is read back as written. */
  s->contingency_fraction = 0.175;
  s->vat_rate = 0.13;
  s->prices_include_vat = FALSE;
}

static CpJob *
make_job (guint n)
{
  CpJob *j = cp_job_new (CP_TASK_FULL_FINETUNE);

  g_free (j->id);
  j->id = g_strdup_printf ("job-%u", n);
  j->name = g_strdup_printf ("%s #%u", tricky, n);
  j->after_job_id = n > 1 ? g_strdup_printf ("job-%u", n - 1) : NULL;
  j->kind = CP_TASK_QLORA;
  fill_model (&j->model, "custom-model");
  j->precision = CP_PRECISION_FP8;
  j->optimizer = CP_OPTIMIZER_SGD;
  /* Not the default (fp32), and a different one on each job: each is kept. */
  j->optimizer_states = n % 2 ? CP_OPTIMIZER_STATES_BF16 : CP_OPTIMIZER_STATES_BF16_MOMENTS;
  j->tokens = 3.25e11 + n;
  j->seq_len = 8193;
  j->micro_batch = 3;
  j->global_batch = 1025;
  j->recompute = CP_RECOMPUTE_FULL;
  j->flash_attention = FALSE;
  j->zero_stage = 3;
  j->cpu_offload = TRUE;
  j->tensor_parallel = 4;
  j->pipeline_parallel = 2;
  j->expert_parallel = 8;
  j->virtual_stages = 3;
  j->allow_lora = TRUE;
  j->lora_rank = 129;
  j->lora_targets = CP_LORA_TARGET_Q | CP_LORA_TARGET_MLP;
  j->mfu = 0.4375;
  j->context_len = 32769;
  j->concurrency = 257;
  j->weight_bits = 4;
  j->kv_bits = 8;
  j->answer_within_s = 7.25;
  j->duration_days = 12.5;
  j->deadline_days = 45.25;
  j->team_has_distributed_experience = TRUE;
  j->team_has_ops_engineer = TRUE;
  j->team_stated = TRUE;
  j->engineers = 7;
  j->engineer_day_cost = 2345.67;
  j->storage_tb = 12.75;
  j->stated_fields = CP_JOB_STATED_TOKENS | CP_JOB_STATED_STORAGE;
  j->trial.quote_id = g_strdup ("quote-2");
  j->trial.gpus = 6;
  j->trial.gpu_dense_flops = 989.5e12;
  j->trial.peak_memory_bytes = 71.5e9;
  j->trial.tokens_per_s = 12345.5;
  j->trial.step_s = 3.375;
  j->trial.communication_share = 0.2125;
  j->trial.kv_cache_tokens = 748976;
  j->trial.gpu_memory_nominal_gb = 96;
  j->notes = g_strdup ("第一行\n第二行, \"引号\" 😀");
  return j;
}

static CpQuote *
make_quote (guint n)
{
  CpQuote *q = cp_quote_new ();

  g_free (q->id);
  q->id = g_strdup_printf ("quote-%u", n);
  q->vendor = g_strdup_printf ("示例供应商 %u “Example”", n);
  q->offer_name = g_strdup (tricky);
  q->offering = CP_OFFERING_CONTAINER_CLUSTER;
  fill_gpu (&q->gpu, "custom-gpu");
  q->gpus_per_node = 16;
  q->nodes_available = 33 + n;
  fill_link (&q->intra_link, "custom-link");
  /* 1.5 TiB and a little: not a round number of any unit. */
  q->host_memory_per_node_bytes = 1649267441664.0 + n;
  q->network = CP_NETWORK_INFINIBAND;
  q->nics_per_node = 9;
  q->nic_gbps = 401.5;
  q->fabric_assumed = TRUE;
  q->sharing = CP_SHARING_SHARED;
  q->share_factor = 0.4375;
  q->price_unit = CP_PRICE_PER_NODE_MONTH;
  q->price = 38123.45 + n;
  q->billing_granularity_h = 24.5;
  q->minimum_term_h = 170.25;
  q->network_fee_per_node_month = 1501.5;
  q->storage = CP_STORAGE_NAS;
  q->storage_price_per_tb_month = 601.25;
  q->management_fee_per_month = 2002.5;
  /* Each of the three terms, by the quote's number. */
  q->network_fee_terms = CP_FEE_STATED;
  q->storage_price_terms = CP_FEE_STATED;
  q->ops_support_terms = (CpFeeTerms) (n % CP_N_FEE_TERMS);
  q->ops_support_fee_per_month = q->ops_support_terms == CP_FEE_STATED ? 3004.25 : 0;
  /* Each answer, by the quote's number. */
  q->part_rentable = (CpPartRentable) (n % CP_N_PART_RENTABLE);
  /* Stated or assumed, by the quote's number. */
  q->offering_stated = n % 2 == 0;
  q->setup_fee = 10003.75;
  strcpy (q->currency, "EUR");
  q->valid_until = g_strdup ("2026-07-31");
  q->notes = g_strdup ("备注, with \"quotes\"\r\nand CRLF 😀");
  return q;
}

static CpProject *
make_project (guint n_jobs, guint n_quotes)
{
  CpProject *p = cp_project_new ();
  CpModelSpec m = { 0 };
  CpGpuSpec g = { 0 };
  CpLinkSpec l = { 0 };

  g_free (p->name);
  g_free (p->report_language);
  g_free (p->prepared_by);
  p->name = g_strdup ("项目 “Alpha” — O'Brien's 😀");
  p->report_language = g_strdup ("zh_CN");
  p->prepared_by = g_strdup ("李四 \"Li Si\"");
  g_free (p->reviewed_by);
  g_free (p->approved_by);
  g_free (p->signed_on);
  g_free (p->start_date);
  p->reviewed_by = g_strdup ("王五 O'Neil");
  p->approved_by = g_strdup ("赵六 <CFO>");
  p->signed_on = g_strdup ("2027-02-28");
  p->start_date = g_strdup ("2027-03-01");
  /* Not a whole amount: the figure is kept as typed. */
  p->budget = 200000.5;
  fill_settings (&p->settings);
  for (guint i = 1; i <= n_quotes; i++)
    cp_project_add_quote (p, make_quote (i));
  for (guint i = 1; i <= n_jobs; i++)
    cp_project_add_job (p, make_job (i));

  fill_model (&m, "custom-model");
  fill_gpu (&g, "custom-gpu");
  fill_link (&l, "custom-link");
  cp_catalog_add_model (p->custom, &m);
  cp_catalog_add_gpu (p->custom, &g);
  cp_catalog_add_link (p->custom, &l);
  cp_model_spec_clear (&m);
  cp_gpu_spec_clear (&g);
  cp_link_spec_clear (&l);
  return p;
}

static void
assert_model_equal (const CpModelSpec *a, const CpModelSpec *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpfloat (a->params, ==, b->params);
  g_assert_cmpfloat (a->active_params, ==, b->active_params);
  g_assert_cmpuint (a->layers, ==, b->layers);
  g_assert_cmpuint (a->hidden, ==, b->hidden);
  g_assert_cmpuint (a->heads, ==, b->heads);
  g_assert_cmpuint (a->kv_heads, ==, b->kv_heads);
  g_assert_cmpuint (a->head_dim, ==, b->head_dim);
  g_assert_cmpuint (a->ffn, ==, b->ffn);
  g_assert_cmpuint (a->vocab, ==, b->vocab);
  g_assert_cmpint (a->tied_embeddings, ==, b->tied_embeddings);
  g_assert_cmpint (a->gated_mlp, ==, b->gated_mlp);
  g_assert_cmpuint (a->experts_total, ==, b->experts_total);
  g_assert_cmpuint (a->experts_active, ==, b->experts_active);
  g_assert_cmpuint (a->kv_latent_dim, ==, b->kv_latent_dim);
  g_assert_cmpuint (a->shared_experts, ==, b->shared_experts);
  g_assert_cmpuint (a->expert_ffn, ==, b->expert_ffn);
  g_assert_cmpuint (a->shared_expert_ffn, ==, b->shared_expert_ffn);
  g_assert_cmpuint (a->dense_layers, ==, b->dense_layers);
  g_assert_cmpuint (a->dense_ffn, ==, b->dense_ffn);
  g_assert_cmpuint (a->q_lora_rank, ==, b->q_lora_rank);
  g_assert_cmpuint (a->kv_lora_rank, ==, b->kv_lora_rank);
  g_assert_cmpuint (a->qk_rope_head_dim, ==, b->qk_rope_head_dim);
  g_assert_cmpuint (a->qk_nope_head_dim, ==, b->qk_nope_head_dim);
  g_assert_cmpuint (a->v_head_dim, ==, b->v_head_dim);
  g_assert_cmpstr (a->source, ==, b->source);
}

static void
assert_gpu_equal (const CpGpuSpec *a, const CpGpuSpec *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpfloat (a->memory_nominal_gb, ==, b->memory_nominal_gb);
  g_assert_cmpfloat (a->dense_bf16_flops, ==, b->dense_bf16_flops);
  g_assert_cmpfloat (a->dense_fp8_flops, ==, b->dense_fp8_flops);
  g_assert_cmpfloat (a->dense_fp32_flops, ==, b->dense_fp32_flops);
  g_assert_cmpfloat (a->memory_bandwidth_gbytes_per_s, ==, b->memory_bandwidth_gbytes_per_s);
  g_assert_cmpstr (a->default_intra_link, ==, b->default_intra_link);
  g_assert_cmpint (a->verification, ==, b->verification);
  g_assert_cmpstr (a->source, ==, b->source);
}

static void
assert_link_equal (const CpLinkSpec *a, const CpLinkSpec *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpfloat (a->per_direction_gbytes_per_s, ==, b->per_direction_gbytes_per_s);
  g_assert_cmpint (a->verification, ==, b->verification);
  g_assert_cmpstr (a->source, ==, b->source);
}

static void
assert_settings_equal (const CpSettings *a, const CpSettings *b)
{
  g_assert_cmpint (a->bytes_convention, ==, b->bytes_convention);
  g_assert_cmpint (a->memory_unit, ==, b->memory_unit);
  g_assert_cmpstr (a->currency, ==, b->currency);
  g_assert_cmpfloat (a->compute_utilisation, ==, b->compute_utilisation);
  g_assert_cmpfloat (a->link_efficiency, ==, b->link_efficiency);
  g_assert_cmpfloat (a->shared_network_factor, ==, b->shared_network_factor);
  g_assert_cmpfloat (a->dp_overlap, ==, b->dp_overlap);
  g_assert_cmpfloat (a->framework_overhead_bytes, ==, b->framework_overhead_bytes);
  g_assert_cmpfloat (a->fragmentation_fraction, ==, b->fragmentation_fraction);
  g_assert_cmpfloat (a->serving_memory_fraction, ==, b->serving_memory_fraction);
  g_assert_cmpfloat (a->debug_share, ==, b->debug_share);
  g_assert_cmpfloat (a->migration_days_no_experience, ==, b->migration_days_no_experience);
  g_assert_cmpfloat (a->hours_per_month, ==, b->hours_per_month);
  g_assert_cmpfloat (a->working_days_per_week, ==, b->working_days_per_week);
  g_assert_cmpfloat (a->selective_recompute_flops_overhead, ==, b->selective_recompute_flops_overhead);
  g_assert_cmpfloat (a->lora_flops_factor, ==, b->lora_flops_factor);
  g_assert_cmpfloat (a->judgement_gap_low, ==, b->judgement_gap_low);
  g_assert_cmpfloat (a->judgement_gap_high, ==, b->judgement_gap_high);
  g_assert_cmpfloat (a->longest_acceptable_run_days, ==, b->longest_acceptable_run_days);
  g_assert_cmpfloat (a->dp_bucket_bytes, ==, b->dp_bucket_bytes);
  g_assert_cmpfloat (a->kv_block_tokens, ==, b->kv_block_tokens);
  g_assert_cmpfloat (a->cuda_graph_bytes, ==, b->cuda_graph_bytes);
  g_assert_cmpfloat (a->gpu_failure_rate_per_hour, ==, b->gpu_failure_rate_per_hour);
  g_assert_cmpfloat (a->restart_s, ==, b->restart_s);
  g_assert_cmpfloat (a->checkpoint_interval_s, ==, b->checkpoint_interval_s);
  g_assert_cmpfloat (a->contingency_fraction, ==, b->contingency_fraction);
  g_assert_cmpfloat (a->vat_rate, ==, b->vat_rate);
  g_assert_cmpint (a->prices_include_vat, ==, b->prices_include_vat);
}

static void
assert_job_equal (const CpJob *a, const CpJob *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->after_job_id, ==, b->after_job_id);
  g_assert_cmpint (a->kind, ==, b->kind);
  assert_model_equal (&a->model, &b->model);
  g_assert_cmpint (a->precision, ==, b->precision);
  g_assert_cmpint (a->optimizer, ==, b->optimizer);
  g_assert_cmpint (a->optimizer_states, ==, b->optimizer_states);
  g_assert_cmpfloat (a->tokens, ==, b->tokens);
  g_assert_cmpuint (a->seq_len, ==, b->seq_len);
  g_assert_cmpuint (a->micro_batch, ==, b->micro_batch);
  g_assert_cmpuint (a->global_batch, ==, b->global_batch);
  g_assert_cmpint (a->recompute, ==, b->recompute);
  g_assert_cmpint (a->flash_attention, ==, b->flash_attention);
  g_assert_cmpuint (a->zero_stage, ==, b->zero_stage);
  g_assert_cmpint (a->cpu_offload, ==, b->cpu_offload);
  g_assert_cmpuint (a->tensor_parallel, ==, b->tensor_parallel);
  g_assert_cmpuint (a->pipeline_parallel, ==, b->pipeline_parallel);
  g_assert_cmpuint (a->expert_parallel, ==, b->expert_parallel);
  g_assert_cmpuint (a->virtual_stages, ==, b->virtual_stages);
  g_assert_cmpint (a->allow_lora, ==, b->allow_lora);
  g_assert_cmpuint (a->lora_rank, ==, b->lora_rank);
  g_assert_cmpuint (a->lora_targets, ==, b->lora_targets);
  g_assert_cmpfloat (a->mfu, ==, b->mfu);
  g_assert_cmpuint (a->context_len, ==, b->context_len);
  g_assert_cmpuint (a->concurrency, ==, b->concurrency);
  g_assert_cmpuint (a->weight_bits, ==, b->weight_bits);
  g_assert_cmpuint (a->kv_bits, ==, b->kv_bits);
  g_assert_cmpfloat (a->answer_within_s, ==, b->answer_within_s);
  g_assert_cmpfloat (a->duration_days, ==, b->duration_days);
  g_assert_cmpfloat (a->deadline_days, ==, b->deadline_days);
  g_assert_cmpint (a->team_has_distributed_experience, ==, b->team_has_distributed_experience);
  g_assert_cmpint (a->team_stated, ==, b->team_stated);
  g_assert_cmpint (a->team_has_ops_engineer, ==, b->team_has_ops_engineer);
  g_assert_cmpuint (a->engineers, ==, b->engineers);
  g_assert_cmpfloat (a->engineer_day_cost, ==, b->engineer_day_cost);
  g_assert_cmpfloat (a->storage_tb, ==, b->storage_tb);
  g_assert_cmpuint (a->stated_fields, ==, b->stated_fields);
  g_assert_cmpstr (a->trial.quote_id, ==, b->trial.quote_id);
  g_assert_cmpuint (a->trial.gpus, ==, b->trial.gpus);
  g_assert_cmpfloat (a->trial.gpu_dense_flops, ==, b->trial.gpu_dense_flops);
  g_assert_cmpfloat (a->trial.peak_memory_bytes, ==, b->trial.peak_memory_bytes);
  g_assert_cmpfloat (a->trial.tokens_per_s, ==, b->trial.tokens_per_s);
  g_assert_cmpfloat (a->trial.step_s, ==, b->trial.step_s);
  g_assert_cmpfloat (a->trial.communication_share, ==, b->trial.communication_share);
  g_assert_cmpfloat (a->trial.kv_cache_tokens, ==, b->trial.kv_cache_tokens);
  g_assert_cmpfloat (a->trial.gpu_memory_nominal_gb, ==, b->trial.gpu_memory_nominal_gb);
  g_assert_cmpstr (a->notes, ==, b->notes);
}

static void
assert_quote_equal (const CpQuote *a, const CpQuote *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->vendor, ==, b->vendor);
  g_assert_cmpstr (a->offer_name, ==, b->offer_name);
  g_assert_cmpint (a->offering, ==, b->offering);
  assert_gpu_equal (&a->gpu, &b->gpu);
  g_assert_cmpuint (a->gpus_per_node, ==, b->gpus_per_node);
  g_assert_cmpuint (a->nodes_available, ==, b->nodes_available);
  assert_link_equal (&a->intra_link, &b->intra_link);
  g_assert_cmpfloat (a->host_memory_per_node_bytes, ==, b->host_memory_per_node_bytes);
  g_assert_cmpint (a->network, ==, b->network);
  g_assert_cmpuint (a->nics_per_node, ==, b->nics_per_node);
  g_assert_cmpfloat (a->nic_gbps, ==, b->nic_gbps);
  g_assert_cmpint (a->fabric_assumed, ==, b->fabric_assumed);
  g_assert_cmpint (a->sharing, ==, b->sharing);
  g_assert_cmpfloat (a->share_factor, ==, b->share_factor);
  g_assert_cmpint (a->price_unit, ==, b->price_unit);
  g_assert_cmpfloat (a->price, ==, b->price);
  g_assert_cmpfloat (a->billing_granularity_h, ==, b->billing_granularity_h);
  g_assert_cmpfloat (a->minimum_term_h, ==, b->minimum_term_h);
  g_assert_cmpfloat (a->network_fee_per_node_month, ==, b->network_fee_per_node_month);
  g_assert_cmpint (a->storage, ==, b->storage);
  g_assert_cmpfloat (a->storage_price_per_tb_month, ==, b->storage_price_per_tb_month);
  g_assert_cmpfloat (a->management_fee_per_month, ==, b->management_fee_per_month);
  g_assert_cmpint (a->network_fee_terms, ==, b->network_fee_terms);
  g_assert_cmpint (a->storage_price_terms, ==, b->storage_price_terms);
  g_assert_cmpint (a->ops_support_terms, ==, b->ops_support_terms);
  g_assert_cmpfloat (a->ops_support_fee_per_month, ==, b->ops_support_fee_per_month);
  g_assert_cmpint (a->part_rentable, ==, b->part_rentable);
  g_assert_cmpint (a->offering_stated, ==, b->offering_stated);
  g_assert_cmpfloat (a->setup_fee, ==, b->setup_fee);
  g_assert_cmpstr (a->currency, ==, b->currency);
  g_assert_cmpstr (a->valid_until, ==, b->valid_until);
  g_assert_cmpstr (a->notes, ==, b->notes);
}

static void
assert_project_equal (const CpProject *a, const CpProject *b)
{
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->report_language, ==, b->report_language);
  g_assert_cmpstr (a->prepared_by, ==, b->prepared_by);
  g_assert_cmpstr (a->reviewed_by, ==, b->reviewed_by);
  g_assert_cmpstr (a->approved_by, ==, b->approved_by);
  g_assert_cmpstr (a->signed_on, ==, b->signed_on);
  g_assert_cmpstr (a->start_date, ==, b->start_date);
  g_assert_cmpfloat (a->budget, ==, b->budget);
  assert_settings_equal (&a->settings, &b->settings);
  g_assert_cmpuint (a->jobs->len, ==, b->jobs->len);
  for (guint i = 0; i < a->jobs->len; i++)
    assert_job_equal (g_ptr_array_index (a->jobs, i), g_ptr_array_index (b->jobs, i));
  g_assert_cmpuint (a->quotes->len, ==, b->quotes->len);
  for (guint i = 0; i < a->quotes->len; i++)
    assert_quote_equal (g_ptr_array_index (a->quotes, i), g_ptr_array_index (b->quotes, i));
  g_assert_cmpuint (cp_catalog_n_models (a->custom), ==, cp_catalog_n_models (b->custom));
  for (guint i = 0; i < cp_catalog_n_models (a->custom); i++)
    assert_model_equal (cp_catalog_get_model (a->custom, i), cp_catalog_get_model (b->custom, i));
  g_assert_cmpuint (cp_catalog_n_gpus (a->custom), ==, cp_catalog_n_gpus (b->custom));
  for (guint i = 0; i < cp_catalog_n_gpus (a->custom); i++)
    assert_gpu_equal (cp_catalog_get_gpu (a->custom, i), cp_catalog_get_gpu (b->custom, i));
  g_assert_cmpuint (cp_catalog_n_links (a->custom), ==, cp_catalog_n_links (b->custom));
  for (guint i = 0; i < cp_catalog_n_links (a->custom); i++)
    assert_link_equal (cp_catalog_get_link (a->custom, i), cp_catalog_get_link (b->custom, i));
}

static void
save_new (const char *path, const CpProject *project)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = cp_store_open (path, TRUE, &error);

  g_assert_no_error (error);
  g_assert_true (cp_store_save (store, project, &error));
  g_assert_no_error (error);
}

/* Saved is in the file itself, with the store still open: a copy of the
 * .cplan alone (attached to a mail while the window stays open) holds
 * what was saved (walkthrough 4, #13: the changes were all in -wal). */
static void
test_save_in_file (void)
{
  g_autofree char *path = tmp_path ("in-file.cplan");
  g_autofree char *copy = tmp_path ("in-file-copy.cplan");
  g_autoptr(CpProject) first = make_project (1, 2);
  g_autoptr(CpProject) second = make_project (2, 4);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = cp_store_open (path, TRUE, &error);
  g_autofree char *bytes = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_true (cp_store_save (store, first, &error));
  g_assert_true (cp_store_save (store, second, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &bytes, &length, &error));
  g_assert_true (g_file_set_contents (copy, bytes, length, &error));
  loaded = cp_project_load_file (copy, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->jobs->len, ==, 2);
  g_assert_cmpuint (loaded->quotes->len, ==, 4);
  assert_project_equal (second, loaded);
}

static void
test_round_trip (void)
{
  g_autofree char *path = tmp_path ("round-trip.cplan");
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(CpProject) project = make_project (3, 4);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  CpJob *sparse;

  /* NULL strings stay NULL, not "". */
  sparse = g_ptr_array_index (project->jobs, 2);
  g_clear_pointer (&sparse->notes, g_free);
  g_clear_pointer (&sparse->trial.quote_id, g_free);
  g_clear_pointer (&((CpQuote *) g_ptr_array_index (project->quotes, 3))->valid_until, g_free);

  save_new (path, project);
  /* Closed: one self-contained file. */
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));

  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  assert_project_equal (project, loaded);
  g_assert_null (((CpJob *) g_ptr_array_index (loaded->jobs, 2))->notes);
  g_assert_null (((CpQuote *) g_ptr_array_index (loaded->quotes, 3))->valid_until);
}

static void
test_resave (void)
{
  g_autofree char *path = tmp_path ("resave.cplan");
  g_autoptr(CpProject) big = make_project (5, 5);
  g_autoptr(CpProject) small = make_project (1, 2);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpStore) store = NULL;

  save_new (path, big);

  /* Saving again through an open store replaces everything: fewer rows
   * afterwards, reordered, renamed. */
  store = cp_store_open (path, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (cp_store_is_read_only (store));
  g_free (small->name);
  small->name = g_strdup ("再次保存");
  g_ptr_array_add (small->quotes, g_ptr_array_steal_index (small->quotes, 0));
  g_assert_true (cp_store_save (store, small, &error));
  loaded = cp_store_load (store, &error);
  g_assert_no_error (error);
  assert_project_equal (small, loaded);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (loaded->quotes, 0))->id, ==, "quote-2");
}

/* Files of earlier versions stored an edited entry's name in the
 * window's language, "Custom (from NVIDIA H20 96GB)" or "自定义（基于 …）"
 * (walk37 F1, F2). Loaded, the GPU is named for what it is, its memory
 * following the quote's (141 typed over the catalogue's 96), and its
 * source says which figure was typed: the one that differs from the
 * catalogue's H20 (data/catalog/gpus.ini: 96 GB, 4,000 GB/s). */
static void
test_legacy_custom_names (void)
{
  g_autofree char *path = tmp_path ("legacy-custom.cplan");
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(CpStore) store = NULL;
  g_autoptr(GError) error = NULL;
  const CpCatalog *builtin = cp_catalog_get_builtin ();
  CpQuote *quote = cp_quote_new ();
  CpJob *job = cp_job_new (CP_TASK_FULL_FINETUNE);
  const CpQuote *read;
  const CpJob *read_job;

  cp_quote_set_gpu (quote, cp_catalog_find_gpu (builtin, "h20"));
  cp_quote_set_intra_link (quote, cp_catalog_find_link (builtin, "nvlink4-h20"));
  g_free (quote->gpu.id);
  quote->gpu.id = g_strdup ("custom");
  g_free (quote->gpu.name);
  quote->gpu.name = g_strdup ("Custom (from NVIDIA H20 96GB)");
  quote->gpu.memory_nominal_gb = 141;
  g_free (quote->intra_link.id);
  quote->intra_link.id = g_strdup ("custom");
  g_free (quote->intra_link.name);
  quote->intra_link.name = g_strdup ("自定义（基于 NVLink 4 (H20)）");
  cp_project_add_quote (project, quote);
  cp_job_set_model (job, cp_catalog_find_model (builtin, "llama-7b"));
  g_free (job->model.id);
  job->model.id = g_strdup ("custom");
  g_free (job->model.name);
  job->model.name = g_strdup ("Custom (from LLaMA 7B)");
  cp_project_add_job (project, job);
  save_new (path, project);

  store = cp_store_open (path, FALSE, &error);
  g_assert_no_error (error);
  loaded = cp_store_load (store, &error);
  g_assert_no_error (error);
  read = g_ptr_array_index (loaded->quotes, 0);
  g_assert_cmpstr (read->gpu.id, ==, "custom");
  g_assert_cmpstr (read->gpu.name, ==, "NVIDIA H20 141GB");
  g_assert_cmpfloat (read->gpu.memory_nominal_gb, ==, 141);
  g_assert_true (g_str_has_prefix (read->gpu.source, "typed: memory_nominal_gb | from: NVIDIA H20 96GB | PUBLISHED G8: "));
  g_assert_cmpstr (read->intra_link.name, ==, "NVLink 4 (H20)");
  g_assert_true (g_str_has_prefix (read->intra_link.source, "typed: | from: NVLink 4 (H20) | PUBLISHED G8: "));
  read_job = g_ptr_array_index (loaded->jobs, 0);
  g_assert_cmpstr (read_job->model.name, ==, "LLaMA 7B");
  g_assert_true (g_str_has_prefix (read_job->model.source, "typed: | from: LLaMA 7B"));

  /* Saved again, the names are the new ones and stay as they are. */
  g_assert_true (cp_store_save (store, loaded, &error));
  g_assert_no_error (error);
  {
    g_autoptr(CpProject) again = cp_store_load (store, &error);

    g_assert_no_error (error);
    assert_project_equal (loaded, again);
  }
}

static void
test_new_file_is_empty_project (void)
{
  g_autofree char *path = tmp_path ("新项目.cplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) loaded = NULL;
  CpStore *store = cp_store_open (path, TRUE, &error);

  g_assert_no_error (error);
  cp_store_close (store);
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->name, ==, "新项目");
  g_assert_cmpuint (loaded->jobs->len, ==, 0);
  g_assert_cmpuint (loaded->quotes->len, ==, 0);
}

static void
assert_open_fails (const char *path, CpStoreError code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_path_get_basename (path);
  CpStore *store = cp_store_open (path, FALSE, &error);

  g_assert_null (store);
  g_assert_error (error, CP_STORE_ERROR, (int) code);
  /* The message names the file. */
  g_assert_nonnull (strstr (error->message, name));
}

static void
assert_unchanged (const char *path, GBytes *before)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);

  cp_test_assert_file_unchanged (path, before);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* Opening the file at @path fails with @code and leaves it byte for byte
 * as it was, with no journal beside it. */
static void
assert_refused_untouched (const char *path, CpStoreError code)
{
  g_autoptr(GBytes) before = cp_test_file_bytes (path);

  assert_open_fails (path, code);
  assert_unchanged (path, before);
}

/* The bytes of a project of 20 jobs and 50 quotes saved at @path: a file
 * of more than four 4096-byte pages, to damage. */
static char *
save_large_project (const char *path, gsize *len)
{
  g_autoptr(CpProject) project = make_project (20, 50);
  char *data = NULL;

  save_new (path, project);
  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

static void
test_bad_missing (void)
{
  g_autofree char *path = tmp_path ("no-such-file.cplan");

  assert_open_fails (path, CP_STORE_ERROR_MISSING);
}

static void
test_bad_random_bytes (void)
{
  g_autofree char *path = tmp_path ("random.cplan");
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint8 data[8192];

  for (guint i = 0; i < sizeof data; i++)
    data[i] = (guint8) g_rand_int_range (rand, 0, 256);
  g_assert_true (g_file_set_contents (path, (const char *) data, sizeof data, NULL));
  assert_refused_untouched (path, CP_STORE_ERROR_NOT_PROJECT);
}

static void
test_bad_text_file (void)
{
  g_autofree char *path = tmp_path ("notes.cplan");

  g_assert_true (g_file_set_contents (path, "vendor,price\n示例,12\n", -1, NULL));
  assert_refused_untouched (path, CP_STORE_ERROR_NOT_PROJECT);
}

static void
test_bad_empty_file (void)
{
  g_autofree char *path = tmp_path ("empty.cplan");

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  assert_open_fails (path, CP_STORE_ERROR_NOT_PROJECT);
}

static void
test_bad_other_sqlite (void)
{
  g_autofree char *path = tmp_path ("other.sqlite");
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x); INSERT INTO t VALUES (1);"
                                 "PRAGMA user_version = 1;", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_untouched (path, CP_STORE_ERROR_NOT_PROJECT);
}

static void
test_bad_corrupt (void)
{
  g_autofree char *path = tmp_path ("corrupt.cplan");
  gsize len = 0;
  g_autofree char *data = save_large_project (path, &len);

  /* Page 3 onwards (4096-byte pages) overwritten, the size kept. */
  g_assert_cmpuint (len, >, 4 * 4096);
  memset (data + 2 * 4096, 0x55, 4096);
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  assert_refused_untouched (path, CP_STORE_ERROR_CORRUPT);
}

static void
test_bad_truncated (void)
{
  g_autofree char *path = tmp_path ("truncated.cplan");
  g_autofree char *tiny = tmp_path ("tiny.cplan");
  gsize len = 0;
  g_autofree char *data = save_large_project (path, &len);

  /* Half the pages, as an interrupted copy leaves it. */
  g_assert_true (g_file_set_contents (path, data, (len / 8192) * 4096, NULL));
  /* And a file that ends inside the 100-byte header. */
  g_assert_true (g_file_set_contents (tiny, data, 50, NULL));
  assert_refused_untouched (path, CP_STORE_ERROR_TRUNCATED);
  assert_open_fails (tiny, CP_STORE_ERROR_TRUNCATED);
}

static void
test_bad_too_new (void)
{
  g_autofree char *path = tmp_path ("future.cplan");
  g_autoptr(CpProject) project = make_project (1, 1);
  sqlite3 *db = NULL;

  save_new (path, project);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  {
    g_autofree char *newer = g_strdup_printf ("PRAGMA user_version = %d", CP_STORE_SCHEMA_VERSION + 1);
    g_assert_cmpint (sqlite3_exec (db, newer, NULL, NULL, NULL), ==, SQLITE_OK);
  }
  sqlite3_close (db);
  assert_refused_untouched (path, CP_STORE_ERROR_TOO_NEW);
}

/* A project file runs no code of its own: a trigger added by hand that
 * would make a quote the cheapest on every save, a view, a table the
 * application never made — each is refused when opening, for writing and
 * for reading, and the file is left as it was (issue 10). */
static void
assert_foreign_object_refused (const char *name,
                               const char *sql,
                               const char *object)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr(CpProject) project = make_project (1, 2);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  save_new (path, project);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  before = cp_test_file_bytes (path);

  assert_open_fails (path, CP_STORE_ERROR_UNSAFE);
  g_assert_null (cp_project_load_file (path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_UNSAFE);
  g_assert_nonnull (strstr (error->message, object));
  assert_unchanged (path, before);
}

static void
test_bad_foreign_objects (void)
{
  assert_foreign_object_refused ("trigger.cplan",
                                 "CREATE TRIGGER reprice AFTER INSERT ON quotes BEGIN "
                                 "UPDATE quotes SET price = 0.01; END;",
                                 "trigger “reprice”");
  assert_foreign_object_refused ("view.cplan", "CREATE VIEW cheap AS SELECT * FROM quotes;",
                                 "view “cheap”");
  assert_foreign_object_refused ("table.cplan", "CREATE TABLE extra (x);", "table “extra”");
  assert_foreign_object_refused ("index.cplan", "CREATE INDEX by_price ON quotes (price);",
                                 "index “by_price”");
}

/* Byte 18 of an SQLite file is the format version needed to write it; a
 * value above 2 (no SQLite writes one) gets its own message, not "the file
 * is read-only". */
static void
test_bad_write_version (void)
{
  g_autofree char *path = tmp_path ("write-version.cplan");
  g_autoptr(CpProject) project = make_project (1, 1);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  save_new (path, project);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 100);
  data[18] = 3;
  g_assert_true (g_file_set_contents (path, data, (gssize) len, NULL));
  g_free (data);
  before = cp_test_file_bytes (path);

  assert_open_fails (path, CP_STORE_ERROR_FILE_FORMAT);
  g_assert_null (cp_project_load_file (path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_FILE_FORMAT);
  g_assert_null (strstr (error->message, "read-only"));
  assert_unchanged (path, before);
}

static void
test_bad_exists (void)
{
  g_autofree char *path = tmp_path ("exists.cplan");
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "keep me", -1, NULL));
  before = cp_test_file_bytes (path);
  g_assert_null (cp_store_open (path, TRUE, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_EXISTS);
  assert_unchanged (path, before);
}

static void
test_read_only (void)
{
  g_autofree char *path = tmp_path ("read-only.cplan");
  g_autoptr(CpProject) project = make_project (2, 2);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  CpStore *store;

  save_new (path, project);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  before = cp_test_file_bytes (path);

  store = cp_store_open (path, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (cp_store_is_read_only (store));
  loaded = cp_store_load (store, &error);
  g_assert_no_error (error);
  assert_project_equal (project, loaded);
  g_assert_false (cp_store_save (store, loaded, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "read-only.cplan"));
  cp_store_close (store);
  assert_unchanged (path, before);
  g_chmod (path, 0644);
}

/* Another process holds the file open: the second open says so. */
static void
test_locked (void)
{
  g_autofree char *path = tmp_path ("locked.cplan");
  g_autoptr(CpProject) project = make_project (1, 1);
  g_autoptr(GError) error = NULL;
  int ready[2], release[2];
  pid_t pid;
  char c;
  int status;

  save_new (path, project);
  g_assert_cmpint (pipe (ready), ==, 0);
  g_assert_cmpint (pipe (release), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      CpStore *store;
      g_autoptr(CpProject) held = make_project (2, 3);

      /* Each side keeps only its own ends, so that either one stopping
       * (an assertion, a crash) ends the other's read instead of leaving
       * it waiting for ever with the test's output open. */
      close (ready[0]);
      close (release[1]);
      store = cp_store_open (path, FALSE, NULL);

      /* A save the holder made: in its write-ahead log, not yet in the file. */
      c = store && cp_store_save (store, held, NULL) ? 'y' : 'n';
      if (write (ready[1], &c, 1) != 1 || read (release[0], &c, 1) != 1)
        _exit (3);
      cp_store_close (store);
      _exit (0);
    }
  close (ready[1]);
  close (release[0]);
  g_assert_cmpint (read (ready[0], &c, 1), ==, 1);
  g_assert_cmpint (c, ==, 'y');

  assert_open_fails (path, CP_STORE_ERROR_LOCKED);
  /* Save As over it is refused too. */
  g_assert_false (cp_project_save_file (project, path, &error));
  g_assert_error (error, CP_STORE_ERROR, CP_STORE_ERROR_LOCKED);
  g_clear_error (&error);
  /* Commands that only read (report, list) still read it, with the
   * holder's last save, and leave the holder's file as it was. */
  {
    g_autoptr(CpProject) held = make_project (2, 3);
    g_autoptr(CpProject) snapshot = cp_project_load_file (path, &error);

    g_assert_no_error (error);
    assert_project_equal (held, snapshot);
    assert_open_fails (path, CP_STORE_ERROR_LOCKED);
  }

  g_assert_cmpint (write (release[1], "x", 1), ==, 1);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  {
    g_autoptr(CpProject) held = make_project (2, 3);
    g_autoptr(CpProject) loaded = cp_project_load_file (path, &error);
    g_assert_no_error (error);
    assert_project_equal (held, loaded);
  }
  close (ready[0]);
  close (release[1]);
}

/* A database made from tests/store/@fixture (v1-fixture.sql, v2-fixture.sql). */
static char *
make_fixture_file (const char *fixture, const char *name)
{
  char *path = tmp_path (name);

  cp_test_write_fixture_file (fixture, path);
  return path;
}

/* A project made from @fixture, edited with @edit_sql as an older version
 * would have written it, then loaded (and so migrated) by this one. */
static CpProject *
load_fixture_edited (const char *fixture,
                     const char *name,
                     const char *edit_sql)
{
  g_autofree char *path = make_fixture_file (fixture, name);
  g_autoptr(GError) error = NULL;
  CpProject *loaded;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, edit_sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  return loaded;
}

static sqlite3_int64
file_user_version (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  sqlite3_int64 v;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  v = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return v;
}

/* What versions 4 and 6 added, the overlap slowdown and the failure
 * settings, reads as cp_settings_init() gives them. */
static void
check_v4_defaults (const CpProject *p)
{
  CpSettings defaults;

  cp_settings_init (&defaults);
  g_assert_cmpfloat (p->settings.overlap_compute_slowdown, ==, defaults.overlap_compute_slowdown);
  g_assert_cmpfloat (p->settings.gpu_failure_rate_per_hour, ==, defaults.gpu_failure_rate_per_hour);
  g_assert_cmpfloat (p->settings.restart_s, ==, defaults.restart_s);
  g_assert_cmpfloat (p->settings.checkpoint_interval_s, ==, defaults.checkpoint_interval_s);
  g_assert_true (cp_settings_validate (&p->settings, NULL));
}

/* What version 3 added reads as the planner's own defaults: a job's and
 * the settings' as cp_job_init() and cp_settings_init() give them. */
static void
check_v3_defaults (const CpProject *p)
{
  CpSettings defaults;

  check_v4_defaults (p);
  cp_settings_init (&defaults);
  g_assert_cmpfloat (p->settings.longest_acceptable_run_days, ==, defaults.longest_acceptable_run_days);
  g_assert_cmpfloat (p->settings.dp_bucket_bytes, ==, defaults.dp_bucket_bytes);
  g_assert_cmpfloat (p->settings.kv_block_tokens, ==, defaults.kv_block_tokens);
  g_assert_cmpfloat (p->settings.cuda_graph_bytes, ==, defaults.cuda_graph_bytes);
  g_assert_true (cp_settings_validate (&p->settings, NULL));

  for (guint i = 0; i < p->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (p->jobs, i);
      g_autoptr(CpJob) fresh = cp_job_new (job->kind);

      g_assert_cmpuint (job->expert_parallel, ==, fresh->expert_parallel);
      g_assert_cmpuint (job->virtual_stages, ==, fresh->virtual_stages);
      g_assert_cmpfloat (job->mfu, ==, fresh->mfu);
      g_assert_cmpuint (job->model.shared_experts, ==, 0);
      g_assert_cmpuint (job->model.dense_layers, ==, 0);
      g_assert_cmpuint (job->model.kv_lora_rank, ==, 0);
      g_assert_true (cp_job_validate (job, NULL));
    }
}

/* A fixture file of format @version: loaded without editing it stays as
 * it is, opened to edit it is migrated in place; @check sees what both
 * read. Returns the migrated project, its file in @path. */
static CpProject *
open_fixture_migrated (const char  *fixture,
                       int          version,
                       void       (*check) (const CpProject *p),
                       char       **path)
{
  g_autofree char *name = g_strdup_printf ("v%d.cplan", version);
  g_autoptr(CpProject) unchanged = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  CpProject *migrated;
  CpStore *store;

  *path = make_fixture_file (fixture, name);
  g_assert_cmpint (file_user_version (*path), ==, version);
  before = cp_test_file_bytes (*path);
  unchanged = cp_project_load_file (*path, &error);
  g_assert_no_error (error);
  check (unchanged);
  assert_unchanged (*path, before);

  store = cp_store_open (*path, FALSE, &error);
  g_assert_no_error (error);
  migrated = cp_store_load (store, &error);
  g_assert_no_error (error);
  check (migrated);
  cp_store_close (store);
  g_assert_cmpint (file_user_version (*path), ==, CP_STORE_SCHEMA_VERSION);
  return migrated;
}

/* @project saved to @path and read back, asserted equal. */
static CpProject *
save_and_reload (const CpProject *project,
                 const char      *path)
{
  g_autoptr(GError) error = NULL;
  CpProject *reloaded;

  g_assert_true (cp_project_save_file (project, path, &error));
  reloaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  assert_project_equal (project, reloaded);
  return reloaded;
}

/* v1 lacked quotes.share_factor and jobs.trial_communication_share. */
static void
check_v1_content (const CpProject *p)
{
  const CpJob *job;
  const CpQuote *quote;

  /* The values written in tests/store/v1-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v1 项目");
  g_assert_cmpstr (p->report_language, ==, "zh_CN");
  g_assert_cmpstr (p->settings.currency, ==, "CNY");
  g_assert_cmpfloat (p->settings.compute_utilisation, ==, 0.45);
  g_assert_cmpint (p->settings.bytes_convention, ==, CP_BYTES_CONVENTION_ZERO_16);
  g_assert_cmpuint (p->jobs->len, ==, 2);
  g_assert_cmpuint (p->quotes->len, ==, 2);

  job = g_ptr_array_index (p->jobs, 0);
  g_assert_cmpstr (job->id, ==, "job-1");
  g_assert_cmpstr (job->name, ==, "7B LoRA");
  g_assert_cmpint (job->kind, ==, CP_TASK_LORA);
  g_assert_cmpstr (job->model.id, ==, "llama-2-7b");
  g_assert_cmpfloat (job->tokens, ==, 1e8);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 20e9);
  /* Added by the migration with its default: not measured. */
  g_assert_cmpfloat (job->trial.communication_share, ==, 0);
  /* The trial ran on quote-1: one node of 8 A800s at 312 TFLOP/s, 80 GB
   * each (version 7); no serving trial (0). */
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpfloat (job->trial.gpu_dense_flops, ==, 312e12);
  g_assert_cmpfloat (job->trial.gpu_memory_nominal_gb, ==, 80);
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 0);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (p->jobs, 1))->id, ==, "job-2");
  /* No trial: nothing to fill. */
  g_assert_cmpuint (((CpJob *) g_ptr_array_index (p->jobs, 1))->trial.gpus, ==, 0);
  check_v3_defaults (p);

  quote = g_ptr_array_index (p->quotes, 0);
  g_assert_cmpstr (quote->vendor, ==, "示例供应商 A");
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpint (quote->sharing, ==, CP_SHARING_SHARED);
  g_assert_cmpfloat (quote->price, ==, 38000);
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (quote->share_factor, ==, 0);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (p->quotes, 1))->id, ==, "quote-2");
}

static void
test_migration_v1 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v1-fixture.sql", 1, check_v1_content, &path);
  g_autoptr(CpProject) reloaded = NULL;

  /* What was migrated saves and loads again. */
  ((CpQuote *) g_ptr_array_index (loaded->quotes, 0))->share_factor = 0.5;
  reloaded = save_and_reload (loaded, path);
}

/* Version 5's request split: the job defaults, 1,024 prompt and 128
 * output tokens, where they fit the job's context; a job saved with a
 * 512-token context keeps 128 for the output and gives the prompt the
 * other 384, so that it still validates. */
static void
test_migration_request_split (void)
{
  g_autofree char *path = make_fixture_file ("v2-fixture.sql", "v2-request-split.cplan");
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE jobs SET context_len = 512 WHERE id = 'job-2'", NULL, NULL, NULL),
                   ==, SQLITE_OK);
  sqlite3_close (db);

  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < loaded->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (loaded->jobs, i);

      if (g_strcmp0 (job->id, "job-2") == 0)
        {
          g_assert_cmpint (job->kind, ==, CP_TASK_INFERENCE);
          g_assert_cmpuint (job->context_len, ==, 512);
          g_assert_cmpuint (job->output_tokens, ==, 128);
          g_assert_cmpuint (job->prompt_tokens, ==, 384);
          g_assert_true (cp_job_validate (job, NULL));
        }
      else if (job->context_len >= 1024 + 128)
        {
          g_assert_cmpuint (job->prompt_tokens, ==, 1024);
          g_assert_cmpuint (job->output_tokens, ==, 128);
        }
    }
}

/* v2 lacked what check_v3_defaults() lists. */
static void
check_v2_content (const CpProject *p)
{
  const CpJob *job;
  const CpQuote *quote;

  /* The values written in tests/store/v2-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v2 项目");
  g_assert_cmpfloat (p->settings.compute_utilisation, ==, 0.45);
  g_assert_cmpuint (p->jobs->len, ==, 2);
  g_assert_cmpuint (p->quotes->len, ==, 2);

  job = g_ptr_array_index (p->jobs, 0);
  g_assert_cmpstr (job->name, ==, "7B pretraining");
  g_assert_cmpint (job->kind, ==, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 20e9);
  g_assert_cmpuint (job->micro_batch, ==, 2);
  g_assert_cmpuint (job->global_batch, ==, 512);
  g_assert_cmpint (job->recompute, ==, CP_RECOMPUTE_SELECTIVE);
  g_assert_cmpuint (job->zero_stage, ==, 1);
  g_assert_cmpuint (job->tensor_parallel, ==, 2);
  g_assert_cmpuint (job->pipeline_parallel, ==, 1);
  g_assert_cmpuint (job->engineers, ==, 3);
  g_assert_cmpfloat (job->trial.communication_share, ==, 0.25);
  g_assert_cmpfloat (job->trial.tokens_per_s, ==, 25000);
  /* The trial ran on quote-2: nodes of 8 A800s at 312 TFLOP/s, 80 GB each. */
  g_assert_cmpstr (job->trial.quote_id, ==, "quote-2");
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpfloat (job->trial.gpu_dense_flops, ==, 312e12);
  g_assert_cmpfloat (job->trial.gpu_memory_nominal_gb, ==, 80);

  quote = g_ptr_array_index (p->quotes, 0);
  g_assert_cmpfloat (quote->share_factor, ==, 0.6);
  check_v3_defaults (p);
}

static void
test_migration_v2 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v2-fixture.sql", 2, check_v2_content, &path);
  g_autoptr(CpProject) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  CpEstimate est;

  /* The migrated trial is used on the machine that ran it (R9). */
  g_assert_true (cp_estimate (g_ptr_array_index (loaded->jobs, 0), g_ptr_array_index (loaded->quotes, 1),
                              1, &loaded->settings, &est, &error));
  g_assert_no_error (error);
  g_assert_cmpint (est.time_source, ==, CP_TIME_SOURCE_TRIAL);

  /* The new fields, once set, are kept by the migrated file. */
  {
    CpJob *job = g_ptr_array_index (loaded->jobs, 0);
    job->expert_parallel = 4;
    job->virtual_stages = 2;
    job->mfu = 0.375;
    loaded->settings.longest_acceptable_run_days = 60;
  }
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpuint (((CpJob *) g_ptr_array_index (reloaded->jobs, 0))->expert_parallel, ==, 4);
  g_assert_cmpfloat (reloaded->settings.longest_acceptable_run_days, ==, 60);
}

/* v3 lacked what check_v4_defaults() lists (versions 4 and 6). */
static void
check_v3_content (const CpProject *p)
{
  const CpJob *job;
  const CpQuote *quote;

  /* The values written in tests/store/v3-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v3 项目");
  g_assert_cmpstr (p->report_language, ==, "zh_CN");
  g_assert_cmpfloat (p->settings.compute_utilisation, ==, 0.45);
  g_assert_cmpfloat (p->settings.longest_acceptable_run_days, ==, 120);
  g_assert_cmpuint (p->jobs->len, ==, 1);
  g_assert_cmpuint (p->quotes->len, ==, 1);
  job = g_ptr_array_index (p->jobs, 0);
  g_assert_cmpstr (job->id, ==, "job-1");
  g_assert_cmpint (job->kind, ==, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 20e9);
  quote = g_ptr_array_index (p->quotes, 0);
  g_assert_cmpstr (quote->id, ==, "quote-2");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  check_v4_defaults (p);
}

static void
test_migration_v3 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v3-fixture.sql", 3, check_v3_content, &path);
  g_autoptr(CpProject) reloaded = NULL;

  /* The new settings, once set, are kept by the migrated file. */
  loaded->settings.gpu_failure_rate_per_hour = 1e-4;
  loaded->settings.restart_s = 1200;
  loaded->settings.checkpoint_interval_s = 3600;
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpfloat (reloaded->settings.gpu_failure_rate_per_hour, ==, 1e-4);
  g_assert_cmpfloat (reloaded->settings.restart_s, ==, 1200);
  g_assert_cmpfloat (reloaded->settings.checkpoint_interval_s, ==, 3600);
}

/* v6 lacked the KV-cache size a serving trial measured and the memory of
 * the GPU a trial ran on (version 7). */
static void
check_v6_content (const CpProject *p)
{
  const CpJob *job;

  /* The values written in tests/store/v6-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v6 项目");
  g_assert_cmpstr (p->report_language, ==, "zh_CN");
  g_assert_cmpuint (p->jobs->len, ==, 1);
  g_assert_cmpuint (p->quotes->len, ==, 1);
  job = g_ptr_array_index (p->jobs, 0);
  g_assert_cmpstr (job->id, ==, "job-2");
  g_assert_cmpint (job->kind, ==, CP_TASK_INFERENCE);
  g_assert_cmpuint (job->context_len, ==, 4096);
  g_assert_cmpuint (job->concurrency, ==, 64);
  g_assert_cmpstr (job->trial.quote_id, ==, "quote-a800");
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 70.0 * 1073741824.0);
  /* Added by the migration: not measured, and the trial quote's A800, 80 GB. */
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 0);
  g_assert_cmpfloat (job->trial.gpu_memory_nominal_gb, ==, 80);
  g_assert_cmpstr (((const CpQuote *) g_ptr_array_index (p->quotes, 0))->id, ==, "quote-a800");
}

static void
test_migration_v6 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v6-fixture.sql", 6, check_v6_content, &path);
  g_autoptr(CpProject) reloaded = NULL;

  /* The new figure, once measured, is kept by the migrated file. */
  ((CpJob *) g_ptr_array_index (loaded->jobs, 0))->trial.kv_cache_tokens = 748976;
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (reloaded->jobs, 0))->trial.kv_cache_tokens, ==, 748976);
}

/* v7 lacked a quote's host memory per node (version 8). */
static void
check_v7_content (const CpProject *p)
{
  const CpJob *job;
  const CpQuote *quote;

  /* The values written in tests/store/v7-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v7 项目");
  g_assert_cmpuint (p->jobs->len, ==, 1);
  g_assert_cmpuint (p->quotes->len, ==, 1);
  job = g_ptr_array_index (p->jobs, 0);
  g_assert_cmpstr (job->name, ==, "Serving v7");
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 748976);
  g_assert_cmpfloat (job->trial.gpu_memory_nominal_gb, ==, 80);
  quote = g_ptr_array_index (p->quotes, 0);
  g_assert_cmpstr (quote->id, ==, "quote-a800");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  /* Added by the migration: not stated. */
  g_assert_cmpfloat (quote->host_memory_per_node_bytes, ==, 0);
}

static void
test_migration_v7 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v7-fixture.sql", 7, check_v7_content, &path);
  g_autoptr(CpProject) reloaded = NULL;

  /* The new figure, once stated (512 GiB), is kept by the migrated file. */
  ((CpQuote *) g_ptr_array_index (loaded->quotes, 0))->host_memory_per_node_bytes = 512.0 * 1073741824.0;
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (reloaded->quotes, 0))->host_memory_per_node_bytes, ==,
                     549755813888.0);
}

/* v8 lacked the sign-off, the start date and the jobs' order (version 9). */
static void
check_v8_content (const CpProject *p)
{
  const CpJob *run, *trial;

  /* The values written in tests/store/v8-fixture.sql. */
  g_assert_cmpstr (p->name, ==, "Fixture v8 项目");
  g_assert_cmpstr (p->prepared_by, ==, "张三");
  /* Its 'en' is the default every project was written with up to
   * version 14, no choice: version 15 has the reports follow the window,
   * so that a Chinese window's user gets Chinese reports. */
  g_assert_null (p->report_language);
  g_assert_cmpuint (p->jobs->len, ==, 2);
  run = g_ptr_array_index (p->jobs, 0);
  trial = g_ptr_array_index (p->jobs, 1);
  g_assert_cmpstr (run->id, ==, "job-run");
  g_assert_cmpint (run->kind, ==, CP_TASK_LORA);
  g_assert_cmpstr (trial->id, ==, "job-trial");
  g_assert_cmpfloat (trial->duration_days, ==, 10);
  /* Added by the migration: not signed, no start date, both jobs with the
   * project's start. */
  g_assert_true (p->reviewed_by == NULL || *p->reviewed_by == '\0');
  g_assert_true (p->approved_by == NULL || *p->approved_by == '\0');
  g_assert_true (p->signed_on == NULL || *p->signed_on == '\0');
  g_assert_true (p->start_date == NULL || *p->start_date == '\0');
  /* Added by version 16: no budget stated. */
  g_assert_cmpfloat (p->budget, ==, 0);
  g_assert_null (run->after_job_id);
  g_assert_null (trial->after_job_id);
  /* Added by version 13: every job of an older file was planned with
   * fp32 moments and master copy, the setting's default then. */
  g_assert_cmpint (run->optimizer_states, ==, CP_OPTIMIZER_STATES_FP32);
  g_assert_cmpint (trial->optimizer_states, ==, CP_OPTIMIZER_STATES_FP32);
  /* Added by version 10: the amount to approve's defaults; the quote
   * priced per GPU-hour keeps its stated hour. */
  g_assert_cmpfloat (p->settings.contingency_fraction, ==, 0.10);
  g_assert_cmpfloat (p->settings.vat_rate, ==, 0.06);
  g_assert_true (p->settings.prices_include_vat);
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (p->quotes, 0))->billing_granularity_h, ==, 1.0);
}

/* Version 10 rewrites a version-9 quote's billing granularity: a monthly
 * price at one hour (the default every quote was created with) becomes
 * "not stated", billed by whole months; 0, which billed exact time, a
 * second. Made from the v8 fixture with its quote edited in SQL. */
static void
test_migration_v9_granularity (void)
{
  g_autoptr(CpProject) loaded =
    load_fixture_edited ("v8-fixture.sql", "v9-granularity.cplan",
                         "UPDATE quotes SET price_unit = 'node-month', price = 30000, billing_granularity_h = 1;"
                         "CREATE TEMP TABLE copy AS SELECT * FROM quotes;"
                         "UPDATE copy SET position = 1, id = 'quote-exact', price_unit = 'gpu-hour', price = 10,"
                         " billing_granularity_h = 0;"
                         "INSERT INTO quotes SELECT * FROM copy;");
  const CpQuote *monthly, *exact;

  monthly = g_ptr_array_index (loaded->quotes, 0);
  exact = g_ptr_array_index (loaded->quotes, 1);
  g_assert_cmpint (monthly->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (monthly->billing_granularity_h, ==, 0);
  g_assert_true (cp_quote_billing_granularity_is_assumed (monthly));
  g_assert_cmpfloat (exact->billing_granularity_h, ==, 1.0 / 3600);
}

/* Version 12 keeps whether the team was stated (R8): a job saved before it
 * with an operations engineer or distributed experience was set by
 * someone, so it is stated; one left at the defaults stays assumed. Made
 * from the v8 fixture with its run's team edited in SQL. */
static void
test_migration_v11_team_stated (void)
{
  g_autoptr(CpProject) loaded =
    load_fixture_edited ("v8-fixture.sql", "v11-team.cplan",
                         "UPDATE jobs SET team_has_ops_engineer = 1 WHERE id = 'job-run';");
  const CpJob *run, *trial;

  run = g_ptr_array_index (loaded->jobs, 0);
  trial = g_ptr_array_index (loaded->jobs, 1);
  g_assert_true (run->team_has_ops_engineer);
  g_assert_true (run->team_stated);
  g_assert_false (trial->team_has_ops_engineer || trial->team_has_distributed_experience);
  g_assert_false (trial->team_stated);
}

/* A fee's three terms come back as saved: "network included" with no
 * amount is not "not stated" (approver 34, B10), nor is a stated
 * operations support of 3,000 a month. */
static void
test_fee_terms_round_trip (void)
{
  g_autofree char *path = tmp_path ("fee-terms.cplan");
  g_autoptr(CpProject) project = make_project (1, 2);
  g_autoptr(CpProject) loaded = NULL;
  CpQuote *included = g_ptr_array_index (project->quotes, 0);
  CpQuote *unstated = g_ptr_array_index (project->quotes, 1);
  const CpQuote *a, *b;

  included->network_fee_per_node_month = 0;
  included->network_fee_terms = CP_FEE_INCLUDED;
  included->storage_price_per_tb_month = 0;
  included->storage_price_terms = CP_FEE_INCLUDED;
  included->ops_support_terms = CP_FEE_STATED;
  included->ops_support_fee_per_month = 3000;
  unstated->network_fee_per_node_month = 0;
  unstated->network_fee_terms = CP_FEE_NOT_STATED;
  unstated->storage_price_per_tb_month = 0;
  unstated->storage_price_terms = CP_FEE_NOT_STATED;
  unstated->ops_support_terms = CP_FEE_NOT_STATED;
  unstated->ops_support_fee_per_month = 0;
  loaded = save_and_reload (project, path);
  a = g_ptr_array_index (loaded->quotes, 0);
  b = g_ptr_array_index (loaded->quotes, 1);
  g_assert_cmpint (cp_quote_network_fee_terms (a), ==, CP_FEE_INCLUDED);
  g_assert_cmpint (cp_quote_storage_price_terms (a), ==, CP_FEE_INCLUDED);
  g_assert_cmpint (cp_quote_ops_support_terms (a), ==, CP_FEE_STATED);
  g_assert_cmpfloat (a->ops_support_fee_per_month, ==, 3000);
  g_assert_cmpint (cp_quote_network_fee_terms (b), ==, CP_FEE_NOT_STATED);
  g_assert_cmpint (cp_quote_storage_price_terms (b), ==, CP_FEE_NOT_STATED);
  g_assert_cmpint (cp_quote_ops_support_terms (b), ==, CP_FEE_NOT_STATED);
}

/* A version-13 file knew a fee only by its amount: above 0 it was
 * stated, 0 not stated; no quote said anything of operations support. */
static void
test_migration_v13_fee_terms (void)
{
  g_autoptr(CpProject) loaded =
    load_fixture_edited ("v8-fixture.sql", "v13-fees.cplan",
                         "UPDATE quotes SET network_fee_per_node_month = 1500, storage_price_per_tb_month = 0;");
  const CpQuote *quote = g_ptr_array_index (loaded->quotes, 0);

  g_assert_cmpfloat (quote->network_fee_per_node_month, ==, 1500);
  g_assert_cmpint (quote->network_fee_terms, ==, CP_FEE_STATED);
  g_assert_cmpint (quote->storage_price_terms, ==, CP_FEE_NOT_STATED);
  g_assert_cmpint (quote->ops_support_terms, ==, CP_FEE_NOT_STATED);
  g_assert_cmpfloat (quote->ops_support_fee_per_month, ==, 0);
}

/* Version 19 keeps a service's answer-time target: a job of an older
 * file has none (0), whatever its kind, and one set after the migration
 * is kept by the migrated file. */
static void
test_migration_v18_answer_within (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v8-fixture.sql", 8, check_v8_content, &path);
  g_autoptr(CpProject) reloaded = NULL;

  g_assert_cmpuint (loaded->jobs->len, >, 0);
  for (guint i = 0; i < loaded->jobs->len; i++)
    g_assert_cmpfloat (((CpJob *) g_ptr_array_index (loaded->jobs, i))->answer_within_s, ==, 0);
  ((CpJob *) g_ptr_array_index (loaded->jobs, 0))->answer_within_s = 10;
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (reloaded->jobs, 0))->answer_within_s, ==, 10);
}

/* The values written in tests/store/v19-fixture.sql, with what version 20
 * added: CloudA's answer on renting part of its offer, not asked. */
static void
check_v19_content (const CpProject *p)
{
  const CpQuote *quote;

  g_assert_cmpstr (p->name, ==, "Fixture v19 项目");
  g_assert_cmpfloat (p->budget, ==, 20000);
  g_assert_cmpuint (p->quotes->len, ==, 1);
  quote = g_ptr_array_index (p->quotes, 0);
  g_assert_cmpstr (quote->vendor, ==, "Fixture v19");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpint (quote->network_fee_terms, ==, CP_FEE_INCLUDED);
  g_assert_cmpint (quote->part_rentable, ==, CP_PART_RENTABLE_NOT_ASKED);
  /* Bare metal, the kind a quote falls back to: assumed (version 21). */
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);
  g_assert_false (quote->offering_stated);
  g_assert_true (((CpJob *) g_ptr_array_index (p->jobs, 0))->team_stated);
}

/* A file of version 20 kept no mark of a quote's offering (the version-19
 * fixture, its kind edited: version 20 left the kind alone): a kind other
 * than the bare machine or bare-metal cluster a quote falls back to was
 * picked, so stated; either bare-metal kind stays assumed (the report
 * says so). One stated after the migration is kept by the migrated file,
 * and one assumed again too. */
static void
test_migration_v20_offering_stated (void)
{
  static const struct {
    const char *offering;
    gboolean    stated;
  } cases[] = {
    { "bare-metal", FALSE },
    { "bare-metal-cluster", FALSE },
    { "cloud-vm", TRUE },
    { "hosted-machine", TRUE },
    { "container-cluster", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *edit = g_strdup_printf ("UPDATE quotes SET offering = '%s';", cases[i].offering);
      g_autofree char *name = g_strdup_printf ("v20-offering-%u.cplan", i);
      g_autofree char *path = tmp_path (name);
      g_autoptr(CpProject) loaded = load_fixture_edited ("v19-fixture.sql", name, edit);
      g_autoptr(CpProject) reloaded = NULL;
      CpQuote *quote = g_ptr_array_index (loaded->quotes, 0);
      CpOfferingKind kind;

      g_assert_true (cp_offering_kind_from_string (cases[i].offering, &kind));
      g_assert_cmpint (quote->offering, ==, kind);
      g_assert_cmpint (quote->offering_stated, ==, cases[i].stated);
      quote->offering_stated = !cases[i].stated;
      reloaded = save_and_reload (loaded, path);
      g_assert_cmpint (((CpQuote *) g_ptr_array_index (reloaded->quotes, 0))->offering_stated, ==, !cases[i].stated);
    }
}

/* A version-19 file's quote loads as not asked, and an answer given after
 * the migration is kept by the migrated file, each of the three. */
static void
test_migration_v19_part_rentable (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v19-fixture.sql", 19, check_v19_content, &path);

  for (int answer = 0; answer < CP_N_PART_RENTABLE; answer++)
    {
      g_autoptr(CpProject) reloaded = NULL;

      ((CpQuote *) g_ptr_array_index (loaded->quotes, 0))->part_rentable = (CpPartRentable) answer;
      reloaded = save_and_reload (loaded, path);
      g_assert_cmpint (((CpQuote *) g_ptr_array_index (reloaded->quotes, 0))->part_rentable, ==, answer);
    }
}

static void
test_migration_v8 (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CpProject) loaded = open_fixture_migrated ("v8-fixture.sql", 8, check_v8_content, &path);
  g_autoptr(CpProject) reloaded = NULL;
  CpJob *run = g_ptr_array_index (loaded->jobs, 0);

  /* The run after the trial, and the sign-off, kept by the migrated file. */
  run->after_job_id = g_strdup ("job-trial");
  g_free (loaded->approved_by);
  loaded->approved_by = g_strdup ("李四");
  reloaded = save_and_reload (loaded, path);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (reloaded->jobs, 0))->after_job_id, ==, "job-trial");
  g_assert_cmpstr (reloaded->approved_by, ==, "李四");
  g_assert_null (reloaded->report_language);
}

/* From version 15 a report language in the file is one picked for the
 * project: English picked stays English when the file is saved, closed
 * and opened again, where an older file's 'en' follows the window
 * (check_v8_content()); none picked stays none. */
static void
test_report_language_picked_stays (void)
{
  static const char * const picked[] = { "en", NULL };
  g_autofree char *path = tmp_path ("english-picked.cplan");
  g_autoptr(CpProject) project = make_project (1, 1);

  for (guint i = 0; i < G_N_ELEMENTS (picked); i++)
    {
      g_autoptr(CpProject) reloaded = NULL;
      g_autoptr(GError) error = NULL;

      g_free (project->report_language);
      project->report_language = g_strdup (picked[i]);
      g_assert_true (cp_project_save_file (project, path, &error));
      g_assert_cmpint (file_user_version (path), ==, CP_STORE_SCHEMA_VERSION);
      reloaded = cp_project_load_file (path, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (reloaded->report_language, ==, picked[i]);
    }
}

typedef struct
{
  const char *fixture;
  int         version;
  void      (*check) (const CpProject *p);
} OlderFile;

/* A file of an older format that cannot be written is read, migrated in
 * memory only: it stays that version, byte for byte. */
static void
test_migration_read_only (gconstpointer data)
{
  const OlderFile *older = data;
  g_autofree char *name = g_strdup_printf ("v%d-read-only.cplan", older->version);
  g_autofree char *path = make_fixture_file (older->fixture, name);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  before = cp_test_file_bytes (path);
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  older->check (loaded);
  assert_unchanged (path, before);
  g_assert_cmpint (file_user_version (path), ==, older->version);
  g_chmod (path, 0644);
}

static void
test_save_file_atomic (void)
{
  g_autofree char *dir = tmp_path ("save-as");
  g_autofree char *path = g_build_filename (dir, "target.cplan", NULL);
  g_autoptr(CpProject) project = make_project (2, 3);
  g_autoptr(CpProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;
  const char *entry;
  guint n = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "old content, replaced by Save As", -1, NULL));
  g_assert_true (cp_project_save_file (project, path, &error));
  g_assert_no_error (error);
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  assert_project_equal (project, loaded);

  /* No temporary file, log or journal left behind. */
  d = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_assert_cmpstr (entry, ==, "target.cplan");
      n++;
    }
  g_assert_cmpuint (n, ==, 1);
}

static void
test_untitled_path (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *first = cp_store_untitled_path (&error);
  g_autofree char *expected = g_build_filename (tmp_dir, "data", "compute-planner",
                                                "untitled-1.cplan", NULL);
  g_autofree char *second = NULL;
  g_autofree char *display = NULL;
  g_autoptr(CpProject) empty = cp_project_new ();

  g_assert_no_error (error);
  g_assert_cmpstr (first, ==, expected);
  save_new (first, empty);
  second = cp_store_untitled_path (&error);
  g_assert_true (g_str_has_suffix (second, "untitled-2.cplan"));
  display = cp_store_display_name (first);
  g_assert_cmpstr (display, ==, "untitled-1");
}

/* The SIGKILL test: a child saves states 1, 2, 3… of a big project into
 * one file, reporting each committed state on a pipe; the parent kills it
 * at a chosen moment and opens the file. */

#define KILL_QUOTES 300

static CpProject *
make_state (guint n, const CpProject *base)
{
  CpProject *p = cp_project_copy (base);

  g_free (p->name);
  p->name = g_strdup_printf ("state %u", n);
  for (guint i = 0; i < n; i++)
    {
      CpJob *job = make_job (i + 1);
      g_free (job->notes);
      job->notes = g_strdup_printf ("state %u", n);
      cp_project_add_job (p, job);
    }
  return p;
}

static CpProject *
make_kill_state (guint    n,
                 gpointer base)
{
  return make_state (n, base);
}

/* Kills the save of state 2 before its file operation @io_op: the file
 * holds state 1 or 2, whole. Every point of a save is tried by
 * tests/hardening/test-kill-save.c; here the project of this file's
 * fixtures, a few points. */
static guint
kill_once (const CpProject *base,
           guint            io_op)
{
  g_autofree char *name = g_strdup_printf ("killed-%u.cplan", io_op);
  g_autofree char *path = tmp_path (name);
  g_autoptr(CpProject) loaded = NULL;
  CpKillSaveResult result = { 0 };
  g_autofree char *expected = NULL;
  guint state;

  /* Integrity and opening are asserted by the helper. */
  cp_kill_during_save (path, 2, io_op, make_kill_state, (gpointer) base, &result);
  loaded = result.loaded;
  g_assert_true (sscanf (loaded->name, "state %u", &state) == 1);
  g_assert_cmpuint (state, >=, 1);
  g_assert_cmpuint (state, <=, 2);
  g_assert_cmpuint (loaded->jobs->len, ==, state);
  g_assert_cmpuint (loaded->quotes->len, ==, KILL_QUOTES);
  expected = g_strdup_printf ("state %u", state);
  for (guint i = 0; i < loaded->jobs->len; i++)
    g_assert_cmpstr (((CpJob *) g_ptr_array_index (loaded->jobs, i))->notes, ==, expected);
  if (result.save_finished)
    g_test_message ("killed after the save (%u file operations): state %u", result.io_ops_done, state);
  else
    g_test_message ("killed before file operation %u: state %u", io_op, state);
  return state;
}

static void
test_kill_during_save (void)
{
  g_autoptr(CpProject) base = make_project (0, KILL_QUOTES);

  /* Before the save's first operation nothing of it is in the file; ten
   * operations in (part of its log written, the commit far ahead) nothing
   * either; once it has returned, all of it is. */
  g_assert_cmpuint (kill_once (base, 0), ==, 1);
  g_assert_cmpuint (kill_once (base, 10), ==, 1);
  g_assert_cmpuint (kill_once (base, CP_KILL_SAVE_AFTER_SAVE), ==, 2);
}

static void
test_demo_project (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  gboolean kinds[CP_N_TASKS] = { FALSE };
  guint n_single = 0, n_cluster = 0, n_unknown = 0;
  g_autofree char *path = tmp_path ("demo.cplan");
  g_autoptr(CpProject) loaded = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (demo->jobs->len, >=, 5);
  for (guint i = 0; i < demo->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (demo->jobs, i);
      kinds[job->kind] = TRUE;
      g_assert_nonnull (job->name);
    }
  for (guint k = 0; k < CP_N_TASKS; k++)
    g_assert_true (kinds[k]);

  g_assert_cmpuint (demo->quotes->len, >=, 6);
  for (guint i = 0; i < demo->quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (demo->quotes, i);
      /* Labelled as examples, with invented prices said so. */
      g_assert_nonnull (strstr (q->vendor, "Example vendor"));
      g_assert_nonnull (strstr (q->vendor, "示例供应商"));
      g_assert_nonnull (strstr (q->notes, "Invented example"));
      g_assert_cmpstr (q->currency, ==, "CNY");
      g_assert_cmpfloat (q->price, >, 0);
      /* GPU and link specs come from the catalogue. */
      g_assert_cmpfloat (q->gpu.memory_nominal_gb, >, 0);
      g_assert_cmpfloat (q->intra_link.per_direction_gbytes_per_s, >, 0);
      if (cp_quote_is_cluster (q))
        n_cluster++;
      else
        n_single++;
      if (q->sharing == CP_SHARING_UNKNOWN && q->storage == CP_STORAGE_UNKNOWN)
        n_unknown++;
    }
  g_assert_cmpuint (n_single, >=, 3);
  g_assert_cmpuint (n_cluster, >=, 3);
  g_assert_cmpuint (n_unknown, >=, 1);

  /* What the build writes to demo.cplan reads back the same. */
  g_assert_true (cp_project_save_file (demo, path, &error));
  loaded = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  assert_project_equal (demo, loaded);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = NULL;
  static const OlderFile v1_file = { "v1-fixture.sql", 1, check_v1_content };
  static const OlderFile v2_file = { "v2-fixture.sql", 2, check_v2_content };

  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-store-XXXXXX");
  data_home = g_build_filename (tmp_dir, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/store/round-trip", test_round_trip);
  g_test_add_func ("/store/resave", test_resave);
  g_test_add_func ("/store/new-file", test_new_file_is_empty_project);
  g_test_add_func ("/store/legacy-custom-names", test_legacy_custom_names);
  g_test_add_func ("/store/bad/missing", test_bad_missing);
  g_test_add_func ("/store/bad/random-bytes", test_bad_random_bytes);
  g_test_add_func ("/store/bad/text-file", test_bad_text_file);
  g_test_add_func ("/store/bad/empty-file", test_bad_empty_file);
  g_test_add_func ("/store/bad/other-sqlite", test_bad_other_sqlite);
  g_test_add_func ("/store/bad/corrupt", test_bad_corrupt);
  g_test_add_func ("/store/bad/truncated", test_bad_truncated);
  g_test_add_func ("/store/bad/too-new", test_bad_too_new);
  g_test_add_func ("/store/bad/exists", test_bad_exists);
  g_test_add_func ("/store/bad/foreign-objects", test_bad_foreign_objects);
  g_test_add_func ("/store/bad/write-version", test_bad_write_version);
  g_test_add_func ("/store/bad/read-only", test_read_only);
  g_test_add_func ("/store/bad/locked", test_locked);
  g_test_add_func ("/store/migration/v1", test_migration_v1);
  g_test_add_data_func ("/store/migration/v1-read-only", &v1_file, test_migration_read_only);
  g_test_add_func ("/store/migration/v2", test_migration_v2);
  g_test_add_func ("/store/migration/request-split", test_migration_request_split);
  g_test_add_func ("/store/migration/v3", test_migration_v3);
  g_test_add_func ("/store/migration/v6", test_migration_v6);
  g_test_add_func ("/store/migration/v7", test_migration_v7);
  g_test_add_func ("/store/migration/v8", test_migration_v8);
  g_test_add_func ("/store/migration/v15-report-language", test_report_language_picked_stays);
  g_test_add_func ("/store/migration/v9-granularity", test_migration_v9_granularity);
  g_test_add_func ("/store/migration/v11-team-stated", test_migration_v11_team_stated);
  g_test_add_func ("/store/migration/v13-fee-terms", test_migration_v13_fee_terms);
  g_test_add_func ("/store/migration/v18-answer-within", test_migration_v18_answer_within);
  g_test_add_func ("/store/migration/v19-part-rentable", test_migration_v19_part_rentable);
  g_test_add_func ("/store/migration/v20-offering-stated", test_migration_v20_offering_stated);
  g_test_add_func ("/store/fee-terms-round-trip", test_fee_terms_round_trip);
  g_test_add_data_func ("/store/migration/v2-read-only", &v2_file, test_migration_read_only);
  g_test_add_func ("/store/save-file-atomic", test_save_file_atomic);
  g_test_add_func ("/store/save-in-file", test_save_in_file);
  g_test_add_func ("/store/untitled-path", test_untitled_path);
  g_test_add_func ("/store/kill-during-save", test_kill_during_save);
  g_test_add_func ("/store/demo", test_demo_project);
  return cp_test_run_then_remove (tmp_dir);
}
