/* cp-estimate.c: one job on one quote with a given number of nodes: the
 * per-estimate constants, the memory technique that makes a job fit (R1),
 * and the estimate put together from its parts (cp-estimate-private.h
 * names them).
 *
 * Formulas and the published figures that check them: PUBLISHED.md (ids
 * such as M1, M4, I1, T16). Nothing here allocates: the window evaluates
 * every job × quote × node count on each keystroke.
 */
#include "config.h"

#include "cp-estimate-private.h"
#include "cp-serving.h"
#include "cp-goodput.h"
#include "cp-range.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* What DeepSpeed's ZeRO-Offload keeps in host memory per offloaded
 * parameter besides the optimizer's moments: the fp32 master weights the
 * CPU Adam updates and the fp32 gradients it updates them from, 4 bytes
 * each (Ren et al. 2021, "ZeRO-Offload", arXiv 2101.06840, §4: gradients,
 * optimizer states and the update on the CPU; DeepSpeed's "Memory
 * Requirements" page counts 16 bytes per parameter for Adam: 4 params, 4
 * grads, 4 momentum, 4 variance). Its 1.5× "to be conservative" buffer
 * and the fp32 copy each process loads before ZeRO partitions it (avoided
 * by zero.Init or a sharded checkpoint) are left out: neither is a model
 * state. */
#define OFFLOAD_HOST_MASTER_AND_GRADIENT_BYTES_PER_PARAM 8.0

static void
apply_technique (const CpJob *job,
                 CpTechnique  technique,
                 Config      *config)
{
  memset (config, 0, sizeof *config);
  /* Floors the technique puts under the search (or over the job's pins). */
  config->zero_stage = 0;
  config->recompute = CP_RECOMPUTE_AUTO;
  config->offload = job->cpu_offload;
  config->lora = job->kind == CP_TASK_LORA;
  config->qlora = job->kind == CP_TASK_QLORA;

  /* Each step of the ladder keeps the savings of the steps before it. */
  if (technique >= CP_TECHNIQUE_SELECTIVE_RECOMPUTE)
    config->recompute = CP_RECOMPUTE_SELECTIVE;
  if (technique >= CP_TECHNIQUE_FULL_RECOMPUTE)
    config->recompute = CP_RECOMPUTE_FULL;
  if (technique >= CP_TECHNIQUE_ZERO3)
    config->zero_stage = 3;
  if (technique >= CP_TECHNIQUE_CPU_OFFLOAD)
    config->offload = TRUE;
  if (technique == CP_TECHNIQUE_LORA)
    config->lora = TRUE;
  if (technique == CP_TECHNIQUE_QLORA)
    {
      config->lora = FALSE;
      config->qlora = TRUE;
    }
  /* Adapters leave too little to shard for offload or ZeRO-3 to matter. */
  if (config->lora || config->qlora)
    {
      config->offload = job->cpu_offload;
      config->zero_stage = 0;
    }
}

static gboolean
technique_applies (const CpJob *job,
                   CpTechnique  technique)
{
  switch (technique)
    {
    case CP_TECHNIQUE_AS_CONFIGURED:
      return TRUE;
    /* A recompute or ZeRO stage left to the search is already tried there. */
    case CP_TECHNIQUE_SELECTIVE_RECOMPUTE:
      return job->recompute == CP_RECOMPUTE_NONE;
    case CP_TECHNIQUE_FULL_RECOMPUTE:
      return job->recompute == CP_RECOMPUTE_NONE || job->recompute == CP_RECOMPUTE_SELECTIVE;
    case CP_TECHNIQUE_ZERO3:
      return job->zero_stage < 3;
    case CP_TECHNIQUE_CPU_OFFLOAD:
      return !job->cpu_offload;
    case CP_TECHNIQUE_LORA:
      return job->kind == CP_TASK_FULL_FINETUNE && job->allow_lora;
    case CP_TECHNIQUE_QLORA:
      return (job->kind == CP_TASK_FULL_FINETUNE && job->allow_lora) ||
             (job->kind == CP_TASK_LORA && job->allow_lora);
    case CP_N_TECHNIQUES:
    default:
      return FALSE;
    }
}

/* Nothing here depends on @gpus but c->gpus itself: a series
 * (cp_estimate_series_new()) works the rest out once for all its node
 * counts and sets c->gpus for each. A constant that does depend on the
 * GPUs belongs in estimate_training(), after the context is set. */
static void
context_init (Context          *c,
              const CpJob      *job,
              const CpQuote    *quote,
              guint             gpus,
              const Config     *techniques,
              const CpSettings *settings)
{
  const CpModelSpec *m = &job->model;
  double attention_dim = (double) m->heads * cp_model_spec_head_dim (m);
  double embeddings = _cp_embedding_params (m);
  double experts = 0;

  memset (c, 0, sizeof *c);
  c->job = job;
  c->quote = quote;
  c->settings = settings;
  c->gpus = gpus;
  c->gpn = quote->gpus_per_node;
  c->capacity = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  c->host_capacity = quote->host_memory_per_node_bytes;
  c->host_per_param = _cp_optimizer_moment_bytes (job->optimizer) + OFFLOAD_HOST_MASTER_AND_GRADIENT_BYTES_PER_PARAM;
  c->flash = job->flash_attention && cp_gpu_spec_runs_flash_attention (&quote->gpu);
  c->layers = m->layers;
  c->hidden = m->hidden;
  c->seq = job->seq_len;
  c->vocab = m->vocab;
  c->logit_bytes_per_seq = cp_cross_entropy_bytes_per_logit (settings->cross_entropy) * c->seq;
  c->moe_layers = cp_model_spec_moe_layers (m);
  c->experts_total = cp_model_spec_is_moe (m) ? m->experts_total : 1;
  c->top_k = cp_model_spec_is_moe (m) ? MAX (m->experts_active, 1) : 1;
  if (cp_model_spec_is_moe (m))
    experts = MIN (c->moe_layers * m->experts_total * cp_model_spec_expert_params (m), m->params - embeddings);
  c->expert_params = experts;
  c->embedding_all = embeddings;
  c->embedding_stage = m->tied_embeddings ? embeddings : embeddings / 2.0;
  c->dense_layer_params = MAX (m->params - embeddings - experts, 0.0);
  c->layer_params = (c->dense_layer_params + experts) / MAX (c->layers, 1);
  c->lora_trainable = (techniques->lora || techniques->qlora) ? _cp_lora_params (job) : 0;
  c->lora_expert_trainable = (techniques->lora || techniques->qlora) ? _cp_lora_expert_params (job) : 0;
  c->qlora_base_bytes = (m->params - embeddings) * settings->qlora_bits / 8.0 + embeddings * 2.0;

  _cp_bytes_per_param (job->precision, job->optimizer, settings->bytes_convention, job->optimizer_states,
                       &c->w, &c->g, &c->o);
  c->act_bytes = _cp_is_mixed_precision (job->precision) ? 2.0 : 4.0;
  c->act_scale = _cp_is_mixed_precision (job->precision) ? 1.0 : 2.0;
  c->act_none = _cp_per_layer_activation_coefficient (m, job->seq_len, c->flash, CP_RECOMPUTE_NONE,
                                                       settings->selective_recompute);
  c->act_selective = _cp_per_layer_activation_coefficient (m, job->seq_len, c->flash, CP_RECOMPUTE_SELECTIVE,
                                                            settings->selective_recompute);
  c->act_selective_all_to_all = _cp_op_checkpoint_all_to_all_coefficient (m, settings->selective_recompute);
  if (techniques->lora && !techniques->qlora)
    {
      c->act_none -= _cp_frozen_base_activation_saving (job, CP_RECOMPUTE_NONE, settings->selective_recompute);
      c->act_selective -= _cp_frozen_base_activation_saving (job, CP_RECOMPUTE_SELECTIVE,
                                                             settings->selective_recompute);
    }

  c->param_flops_fwd = 2.0 * _cp_active_params (m);
  c->expert_ffn = cp_model_spec_expert_ffn (m);
  if (cp_model_spec_is_moe (m))
    c->expert_flops_fwd = 2.0 * c->moe_layers * c->top_k * cp_model_spec_expert_params (m);
  /* Attention scores and their use: 2·s·d_attn multiply-adds each per layer
   * and token (Megatron-LM's 72·B·s·L·h²(1 + s/6h) counts them). */
  c->attention_flops_fwd = 4.0 * m->layers * job->seq_len * attention_dim;
  c->param_flops_factor = (techniques->lora || techniques->qlora) ? settings->lora_flops_factor : 6.0;
  c->selective_overhead = _cp_selective_recompute_flops_overhead (m, settings, c->param_flops_factor,
                                                                  c->param_flops_fwd, c->attention_flops_fwd);
  c->peak = _cp_dense_peak_flops (&quote->gpu, job->precision);
  /* FP8 training runs the linear layers' GEMMs in FP8 and keeps the
   * attention core in BF16: DeepSeek-V3 §3.3.1 ("we maintain the original
   * precision (e.g., BF16 or FP32) for ... attention operators"), and
   * Transformer Engine's fp8_dpa / Megatron-LM's
   * --fp8-dot-product-attention are off by default. */
  c->attention_peak = job->precision == CP_PRECISION_FP8 ? _cp_dense_peak_flops (&quote->gpu, CP_PRECISION_BF16)
                                                         : c->peak;
  /* FP8 training speeds the routed experts' layers up by what torchao
   * measured (settings->moe_fp8_expert_speedup, cp-settings.c), the
   * quantisation of their operands included, never past the FP8 peak. */
  c->expert_peak = job->precision == CP_PRECISION_FP8 ? MIN (c->peak, c->attention_peak * settings->moe_fp8_expert_speedup)
                                                      : c->peak;
  c->utilisation = settings->compute_utilisation;
  /* The experts' largest grouped GEMMs at what a table measured of the
   * peak (_cp_grouped_gemm_peak_share()), where that is below the dense
   * layers' utilisation; never faster than those. */
  {
    double share = _cp_grouped_gemm_peak_share (&quote->gpu, job->precision);

    c->expert_gemm_ceiling = share > 0 && c->utilisation > 0 && c->expert_peak > 0
      ? MIN (1.0, share * c->peak / (c->utilisation * c->expert_peak)) : 1.0;
  }
  /* Memory-bound kernels (the experts' token permutations) at the share
   * of the datasheet bandwidth STREAM-like copies reach (cp-serving.h). */
  c->memory_bytes_per_s = quote->gpu.memory_bandwidth_gbytes_per_s * 1e9 * CP_SERVING_BANDWIDTH_FRACTION;
  _cp_expert_permute_bytes_init (c);
  _cp_all_to_all_token_bytes_init (c);
  c->intra = _cp_intra_bytes_per_s (quote, settings);
  c->inter = _cp_inter_bytes_per_s_per_gpu (quote, settings);
  if (c->inter <= 0)
    c->inter = c->intra;
  c->batch_seqs = MAX (1.0, round (cp_job_global_batch_tokens (job) / MAX (job->seq_len, 1)));
  c->largest_batch_seqs = MAX (c->batch_seqs, floor (cp_job_largest_batch_tokens (job) / MAX (job->seq_len, 1)));
  c->qlora = techniques->qlora;
  c->recompute_partial = job->recompute == CP_RECOMPUTE_AUTO;
}

static void
estimate_single_machine_work (const CpJob      *job,
                              const CpQuote    *quote,
                              const CpSettings *settings,
                              CpEstimate       *est)
{
  est->available_per_gpu_bytes = cp_settings_gpu_memory_bytes (settings, &quote->gpu);
  est->overhead_bytes = settings->framework_overhead_bytes;
  est->memory_per_gpu_bytes = est->overhead_bytes;
  est->total_memory_bytes = est->overhead_bytes;
  est->memory_gap = est->overhead_bytes / (est->available_per_gpu_bytes * quote->gpus_per_node);
  est->fits = TRUE;
  est->layout.tensor_parallel = 1;
  est->layout.pipeline_parallel = 1;
  est->layout.data_parallel = est->gpus;
  est->time_source = CP_TIME_SOURCE_DURATION;
  est->compute_s = _cp_job_duration_s (job);
  est->total_s = est->compute_s;
  est->gpu_hours = est->total_s / 3600.0 * est->gpus;
  est->scaling_efficiency = 1.0;
}

static void
fill_memory (CpEstimate   *est,
             const Memory *mem)
{
  est->weights_bytes = mem->weights;
  est->gradients_bytes = mem->gradients;
  est->optimizer_bytes = mem->optimizer;
  est->activations_bytes = mem->activations;
  est->kv_cache_bytes = 0;
  est->overhead_bytes = mem->overhead;
  est->fragmentation_bytes = mem->fragmentation;
  est->gathered_layers_bytes = mem->gathered;
  est->reduce_scatter_bytes = mem->reducing;
  est->zero3_step_copy_bytes = mem->step_copy;
  est->zero3_adamw_temp_bytes = mem->step_temp;
  est->memory_per_gpu_bytes = mem->total;
}

static gboolean
layout_is_searched (const CpJob *job)
{
  return job->tensor_parallel == 0 || job->pipeline_parallel == 0 || job->micro_batch == 0 ||
         job->zero_stage == CP_ZERO_STAGE_AUTO || job->recompute == CP_RECOMPUTE_AUTO ||
         (job->pipeline_parallel != 1 && job->virtual_stages == 0) ||
         (cp_model_spec_is_moe (&job->model) && job->expert_parallel == 0);
}

/* What R1 compares with one machine: the whole job, unsharded, one GPU's
 * worth of everything at the job's recompute (selective where the search
 * chooses, Megatron-LM's practice). Its GPU memory is the same at every
 * GPU count (the host memory offload would take is not). */
static void
whole_job_memory (const Context *c,
                  Memory        *need)
{
  const CpJob *job = c->job;
  Config whole;

  apply_technique (job, CP_TECHNIQUE_AS_CONFIGURED, &whole);
  whole.tp = whole.pp = whole.dp = whole.ep = whole.vs = whole.m = 1;
  whole.mb = MAX (job->micro_batch, 1);
  whole.zero_stage = 0;
  whole.recompute = job->recompute == CP_RECOMPUTE_AUTO ? CP_RECOMPUTE_SELECTIVE : job->recompute;
  memset (need, 0, sizeof *need);
  _cp_layout_memory (c, &whole, need);
}

/* What a series (cp_estimate_series_new()) works out once for all its
 * node counts: the context of its job as configured, c.gpus set per
 * estimate, and whole_job_memory(). */
typedef struct {
  Context context;
  Memory  whole;
} Prepared;

/* @prepared: what a series of @job on @quote worked out (@technique
 * CP_TECHNIQUE_AS_CONFIGURED), or NULL: worked out here. */
static void
estimate_training (const CpJob      *job,
                   const CpQuote    *quote,
                   CpTechnique       technique,
                   const CpSettings *settings,
                   const Prepared   *prepared,
                   CpEstimate       *est)
{
  Config techniques;
  Memory need;
  Context c;
  Search search;
  gboolean on_trial_hardware = job->trial.quote_id != NULL && g_strcmp0 (job->trial.quote_id, quote->id) == 0;

  apply_technique (job, technique, &techniques);
  if (prepared != NULL)
    {
      c = prepared->context;
      c.gpus = est->gpus;
      need = prepared->whole;
    }
  else
    {
      context_init (&c, job, quote, est->gpus, &techniques, settings);
      whole_job_memory (&c, &need);
    }
  _cp_search_layout (&c, &techniques, &search);

  est->total_memory_bytes = need.total;
  /* A LoRA run checkpoints what it trains: the adapters and their
   * optimizer states (PEFT's save_pretrained writes adapter_model.bin
   * only; torchtune's LoRA recipes save the adapter and, to resume, the
   * optimizer's state of the trainable parameters). The frozen base is
   * read from its own files and never written again. */
  if (job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA)
    est->checkpoint_bytes = c.lora_trainable * c.w + need.optimizer;
  else
    est->checkpoint_bytes = need.weights + need.optimizer;
  est->memory_gap = need.total / (c.capacity * quote->gpus_per_node);

  est->available_per_gpu_bytes = c.capacity;
  est->layout_searched = layout_is_searched (job);
  est->layout_splits = search.splits;
  if (!search.best.valid)
    {
      /* No split runs the parts the job pins: the layout as asked for and
       * why, no figure of a run that cannot happen. */
      est->fits = FALSE;
      est->refusal = _cp_layout_refusal (&c);
      est->layout.tensor_parallel = job->tensor_parallel;
      est->layout.pipeline_parallel = job->pipeline_parallel;
      est->layout.expert_parallel = job->expert_parallel;
      est->layout.virtual_stages = job->virtual_stages;
      est->layout.micro_batch = job->micro_batch;
      return;
    }

  fill_memory (est, &search.best.memory);
  est->fits = search.best.fits;
  /* On one GPU that nothing fits, the least-bad layout is the whole job
   * with every saving the job allows: R1 states that need, not the larger
   * one at selective recompute, so the memory, the reason it does not fit
   * and R1 give one figure (issue 20's walkthrough: 1.1 TiB beside 1.2). */
  if (!search.best.fits && c.gpus == 1)
    {
      est->total_memory_bytes = search.best.memory.total;
      est->memory_gap = search.best.memory.total / (c.capacity * quote->gpus_per_node);
    }
  est->flash_attention = c.flash;
  est->layer_activation_bytes_per_sbh = c.act_none;
  est->selective_activation_bytes_per_sbh = c.act_selective;
  est->selective_recompute_flops_overhead = c.selective_overhead;
  est->loss_bytes_per_logit = cp_cross_entropy_bytes_per_logit (settings->cross_entropy);
  est->layouts_evaluated = search.evaluated;
  est->layouts_timed = search.timed;
  est->layout_splits_pruned = search.pruned;
  if (technique == CP_TECHNIQUE_AS_CONFIGURED && search.best.fits)
    est->technique = _cp_technique_searched (&c, &techniques, &search.best.config);

  /* A trial's measured peak replaces the estimate on the configuration it ran (R9). */
  if (on_trial_hardware && job->trial.peak_memory_bytes > 0 && est->nodes == 1 &&
      technique == CP_TECHNIQUE_AS_CONFIGURED)
    {
      est->memory_per_gpu_bytes = job->trial.peak_memory_bytes;
      est->memory_measured = TRUE;
      est->fits = est->memory_per_gpu_bytes <= c.capacity &&
                  (c.host_capacity <= 0 || search.best.memory.host <= c.host_capacity);
    }

  _cp_layout_to_public (&c, &search.best.config, &est->layout);
  est->cpu_offload = search.best.config.offload;
  est->host_memory_per_node_bytes = search.best.memory.host;
  _cp_search_runner_up (&c, &search, est);

  /* The search timed the layout it chose, fitting or not. */
  _cp_estimate_training_time (&c, &search.best.config, &search.best.time, est);
}

gboolean
cp_estimate_check_inputs (const CpJob      *job,
                          const CpQuote    *quote,
                          const CpSettings *settings,
                          GError          **error)
{
  /* A network still lacking its NICs or rate rules out only the sizes
   * that need it (check_nodes()). */
  return cp_job_validate (job, error) && cp_quote_validate_figures (quote, error) &&
         cp_settings_validate (settings, error);
}

static gboolean
check_nodes (const CpQuote *quote,
             guint          nodes,
             GError       **error)
{
  if (nodes == 0 || nodes > MAX (quote->nodes_available, 1))
    {
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Nodes: must be between 1 and the %u nodes offered"), MAX (quote->nodes_available, 1));
      return FALSE;
    }
  /* Its error names the network's missing NICs or rate. */
  if (nodes > 1 && (cp_quote_get_missing (quote) & CP_QUOTE_MISSING_NETWORK) != 0)
    return cp_quote_validate (quote, error);
  return TRUE;
}

/* Where @est took a layout with safe headroom over a faster Tight one
 * (layout-headroom-time) and that layout's pessimistic end, the high end
 * of its band (cp_range_estimate()), is past the job's deadline, or with
 * none the longest acceptable run, as meets_deadline judges them: that
 * end's run time. 0 where it is within them or no such layout was taken.
 * The headroom weighs a risk the Tight layout runs (out of memory, which
 * a trial run confirms) against speed; a safe layout that may miss the
 * job's limit at its pessimistic end trades that risk for a worse one
 * (DeepSeek-V3 on 2,048 H800: 5.6% slower, 91.5 days, its pessimistic end
 * 128.2 days past the 120-day longest acceptable run).
 * @at_pessimistic_end: @settings already are that end, so @est's own
 * figures are. */
static double
safe_layout_past_limits_s (const CpJob      *job,
                           const CpQuote    *quote,
                           const CpSettings *settings,
                           gboolean          at_pessimistic_end,
                           const CpEstimate *est)
{
  double deadline_days = cp_job_deadline_days (job);
  double high_s = est->total_s, high_calendar_days = est->calendar_days;

  if (!cp_task_kind_is_training (job->kind) || !est->fits || est->layout_fastest_total_s <= 0)
    return 0;
  if (!at_pessimistic_end)
    {
      /* A shallow copy, only read, with every part of the layout the
       * search chose pinned (recompute left as the job has it: the least
       * that fits). */
      CpJob pinned = *job;
      CpRange range;

      pinned.tensor_parallel = est->layout.tensor_parallel;
      pinned.pipeline_parallel = est->layout.pipeline_parallel;
      pinned.virtual_stages = est->layout.virtual_stages;
      pinned.micro_batch = est->layout.micro_batch;
      pinned.zero_stage = est->layout.zero_stage;
      if (cp_model_spec_is_moe (&job->model))
        pinned.expert_parallel = est->layout.expert_parallel;
      cp_range_estimate (&pinned, quote, settings, est, &range, NULL, NULL);
      high_s = range.total_s_high;
      high_calendar_days = range.calendar_days_high;
    }
  if (deadline_days > 0 ? high_calendar_days <= deadline_days
                        : high_s <= settings->longest_acceptable_run_days * SECONDS_PER_DAY)
    return 0;
  return high_s;
}

/* @prepared: as estimate_training()'s, or NULL; @at_pessimistic_end as
 * safe_layout_past_limits_s()'s. */
static void
estimate_unchecked (const CpJob      *job,
                    const CpQuote    *quote,
                    guint             nodes,
                    CpTechnique       technique,
                    const CpSettings *settings,
                    const Prepared   *prepared,
                    gboolean          at_pessimistic_end,
                    CpEstimate       *out)
{
  double refused_high_s;

  memset (out, 0, sizeof *out);
  out->nodes = nodes;
  out->gpus = nodes * quote->gpus_per_node;
  out->technique = technique;
  /* ZeRO, recompute and offload are training's: a service or a month of
   * debugging keeps none of them, whatever the job's (unused) settings. */
  if (cp_task_kind_is_training (job->kind))
    {
      out->layout.zero_stage = job->zero_stage;
      out->layout.recompute = job->recompute;
      out->cpu_offload = job->cpu_offload;
    }
  else
    {
      out->layout.zero_stage = 0;
      out->layout.recompute = CP_RECOMPUTE_NONE;
      out->cpu_offload = FALSE;
    }
  out->layout.expert_parallel = 1;
  out->layout.expert_tensor_parallel = 1;
  out->layout.virtual_stages = 1;

  if (cp_task_kind_is_training (job->kind))
    estimate_training (job, quote, technique, settings, prepared, out);
  else if (job->kind == CP_TASK_INFERENCE)
    _cp_estimate_inference (job, quote, nodes, settings, out);
  else
    estimate_single_machine_work (job, quote, settings, out);

  /* A configuration that does not fit says why: the GPUs' memory, or the
   * host memory CPU offload fills where the GPUs' would do. */
  if (!out->fits && out->refusal == CP_REFUSAL_NONE)
    out->refusal = out->memory_per_gpu_bytes <= out->available_per_gpu_bytes && out->host_memory_per_node_bytes > 0
                   ? CP_REFUSAL_HOST_MEMORY : CP_REFUSAL_GPU_MEMORY;

  cp_goodput_apply (job, quote, settings, out);
  _cp_estimate_calendar (job, settings, out);
  _cp_estimate_cost (job, quote, settings, out);

  /* The safe layout past the job's limits: the fastest instead, as with
   * the setting at 0 (whose search takes no safe layout, so this runs
   * once). */
  refused_high_s = safe_layout_past_limits_s (job, quote, settings, at_pessimistic_end, out);
  if (refused_high_s > 0)
    {
      CpSettings fastest = *settings;

      fastest.layout_headroom_time = 0;
      estimate_unchecked (job, quote, nodes, technique, &fastest, NULL, at_pessimistic_end, out);
      out->layout_safe_refused_total_s_high = refused_high_s;
    }
}

gboolean
cp_estimate_with_technique (const CpJob      *job,
                            const CpQuote    *quote,
                            guint             nodes,
                            CpTechnique       technique,
                            const CpSettings *settings,
                            CpEstimate       *out,
                            GError          **error)
{
  memset (out, 0, sizeof *out);
  if (!cp_estimate_check_inputs (job, quote, settings, error) || !check_nodes (quote, nodes, error))
    return FALSE;
  estimate_unchecked (job, quote, nodes, technique, settings, NULL, FALSE, out);
  return TRUE;
}

/* Whether @technique makes the job's memory fit, without timing it. */
static gboolean
technique_fits (const CpJob      *job,
                const CpQuote    *quote,
                guint             nodes,
                CpTechnique       technique,
                const CpSettings *settings)
{
  Config techniques;
  Context c;

  apply_technique (job, technique, &techniques);
  context_init (&c, job, quote, nodes * quote->gpus_per_node, &techniques, settings);
  return _cp_some_split_fits (&c, &techniques, CP_RECOMPUTE_FULL, 3);
}

/* The host memory per node CPU offload would need where it fits the GPUs
 * but not the host memory @quote states; 0 where the GPUs are what it
 * does not fit. */
static double
offload_host_memory_refused (const CpJob      *job,
                             const CpQuote    *quote,
                             guint             nodes,
                             const CpSettings *settings)
{
  /* The same offer with its host memory unstated: a shallow copy, only
   * read. */
  CpQuote unstated = *quote;
  CpEstimate offloaded;

  unstated.host_memory_per_node_bytes = 0;
  if (!technique_fits (job, &unstated, nodes, CP_TECHNIQUE_CPU_OFFLOAD, settings))
    return 0;
  estimate_unchecked (job, &unstated, nodes, CP_TECHNIQUE_CPU_OFFLOAD, settings, NULL, FALSE, &offloaded);
  return offloaded.host_memory_per_node_bytes;
}

/* cp_estimate_checked(), with the context of the job as configured
 * @prepared (or NULL); @at_pessimistic_end as safe_layout_past_limits_s()'s. */
static gboolean
estimate_checked (const CpJob      *job,
                  const CpQuote    *quote,
                  guint             nodes,
                  const CpSettings *settings,
                  const Prepared   *prepared,
                  gboolean          at_pessimistic_end,
                  CpEstimate       *out,
                  GError          **error)
{
  if (!check_nodes (quote, nodes, error))
    {
      memset (out, 0, sizeof *out);
      return FALSE;
    }
  estimate_unchecked (job, quote, nodes, CP_TECHNIQUE_AS_CONFIGURED, settings, prepared, at_pessimistic_end, out);
  if (out->fits || !cp_task_kind_is_training (job->kind) || out->memory_measured)
    return TRUE;

  /* The cheapest memory technique that makes the job fit (R1). */
  for (CpTechnique technique = CP_TECHNIQUE_SELECTIVE_RECOMPUTE; technique < CP_N_TECHNIQUES; technique++)
    {
      if (technique_applies (job, technique) && technique_fits (job, quote, nodes, technique, settings))
        {
          estimate_unchecked (job, quote, nodes, technique, settings, NULL, at_pessimistic_end, out);
          break;
        }
    }
  /* Where offload was passed over (or, pinned by the job, failed) for the
   * host memory the quote states, R1 says so. */
  if (quote->host_memory_per_node_bytes > 0 && (!out->fits || out->technique > CP_TECHNIQUE_CPU_OFFLOAD))
    out->offload_refused_host_bytes = offload_host_memory_refused (job, quote, nodes, settings);
  return TRUE;
}

gboolean
cp_estimate_checked (const CpJob      *job,
                     const CpQuote    *quote,
                     guint             nodes,
                     const CpSettings *settings,
                     CpEstimate       *out,
                     GError          **error)
{
  return estimate_checked (job, quote, nodes, settings, NULL, FALSE, out, error);
}

struct _CpEstimateSeries {
  const CpJob      *job;
  const CpQuote    *quote;
  const CpSettings *settings;
  gboolean          training;
  Prepared          prepared;  /* training only */
};

CpEstimateSeries *
cp_estimate_series_new (const CpJob      *job,
                        const CpQuote    *quote,
                        const CpSettings *settings)
{
  CpEstimateSeries *series = g_new0 (CpEstimateSeries, 1);

  series->job = job;
  series->quote = quote;
  series->settings = settings;
  series->training = cp_task_kind_is_training (job->kind);
  if (series->training)
    {
      Config techniques;

      apply_technique (job, CP_TECHNIQUE_AS_CONFIGURED, &techniques);
      context_init (&series->prepared.context, job, quote, 0, &techniques, settings);
      whole_job_memory (&series->prepared.context, &series->prepared.whole);
    }
  return series;
}

gboolean
cp_estimate_series_at (const CpEstimateSeries *series,
                       guint                   nodes,
                       CpEstimate             *out,
                       GError                **error)
{
  return estimate_checked (series->job, series->quote, nodes, series->settings,
                           series->training ? &series->prepared : NULL, FALSE, out, error);
}

void
cp_estimate_series_free (CpEstimateSeries *series)
{
  g_free (series);
}

gboolean
cp_estimate (const CpJob      *job,
             const CpQuote    *quote,
             guint             nodes,
             const CpSettings *settings,
             CpEstimate       *out,
             GError          **error)
{
  if (!cp_estimate_check_inputs (job, quote, settings, error))
    {
      memset (out, 0, sizeof *out);
      return FALSE;
    }
  return cp_estimate_checked (job, quote, nodes, settings, out, error);
}

gboolean
cp_estimate_pessimistic_end (const CpJob      *job,
                             const CpQuote    *quote,
                             const CpSettings *settings,
                             guint             nodes,
                             CpEstimate       *out)
{
  /* The inputs of an estimate cp_estimate() accepted, the settings moved
   * within the bounds cp_settings_validate() sets (cp-range.c): only the
   * node count is checked. */
  return estimate_checked (job, quote, nodes, settings, NULL, TRUE, out, NULL);
}

static const char * const layout_why_names[] = { "none", "faster", "headroom", "only-fit", "safe-headroom" };
G_STATIC_ASSERT (G_N_ELEMENTS (layout_why_names) == CP_N_LAYOUT_WHYS);

const char *
cp_layout_why_to_string (CpLayoutWhy why)
{
  return (guint) why < CP_N_LAYOUT_WHYS ? layout_why_names[why] : NULL;
}

gboolean
cp_layout_why_from_string (const char  *str,
                           CpLayoutWhy *out)
{
  for (guint i = 0; str != NULL && i < CP_N_LAYOUT_WHYS; i++)
    if (g_strcmp0 (str, layout_why_names[i]) == 0)
      {
        *out = (CpLayoutWhy) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
cp_estimate_layout_refused (const CpEstimate *est)
{
  return est->refusal > CP_REFUSAL_HOST_MEMORY;
}

static const char * const refusal_names[] = {
  "none", "gpu-memory", "host-memory", "qlora-split", "tp-beyond-node", "tp-heads", "split-gpus",
  "stage-layers", "ep-experts", "ep-data-parallel", "no-split"
};
G_STATIC_ASSERT (G_N_ELEMENTS (refusal_names) == CP_N_REFUSALS);

const char *
cp_refusal_to_string (CpRefusal refusal)
{
  return (guint) refusal < CP_N_REFUSALS ? refusal_names[refusal] : NULL;
}

static const char * const time_source_names[] = { "model", "mfu", "trial", "extrapolated", "duration" };
G_STATIC_ASSERT (G_N_ELEMENTS (time_source_names) == CP_N_TIME_SOURCES);

const char *
cp_time_source_to_string (CpTimeSource source)
{
  return (guint) source < CP_N_TIME_SOURCES ? time_source_names[source] : NULL;
}

gboolean
cp_time_source_from_string (const char   *str,
                            CpTimeSource *out)
{
  for (guint i = 0; str != NULL && i < CP_N_TIME_SOURCES; i++)
    if (g_strcmp0 (str, time_source_names[i]) == 0)
      {
        *out = (CpTimeSource) i;
        return TRUE;
      }
  return FALSE;
}

double
cp_estimate_memory_per_gpu_bytes (const CpJob      *job,
                                  CpTechnique       technique,
                                  guint             gpus,
                                  const CpSettings *settings)
{
  Config config;
  Memory mem = { 0 };
  Context c;
  CpQuote ideal = { 0 };

  if (job->kind == CP_TASK_INFERENCE)
    {
      /* Each request's cache as the serving plan holds it, not at the
       * whole context length: the memory chart drew a 13B service of 100
       * requests at 332 GiB where the plan, and the table beside it,
       * hold 24.9 GiB a GPU on 8 (walk36b Z3). */
      double kv = cp_job_kv_bytes_per_token (job) * _cp_serving_kv_tokens_per_request (job, settings) *
                  job->concurrency;
      return (_cp_inference_weight_bytes (job, settings) + kv) / MAX (gpus, 1) + settings->framework_overhead_bytes;
    }
  if (!cp_task_kind_is_training (job->kind))
    return settings->framework_overhead_bytes;

  /* Data parallel only, at the Megatron-LM practice where the job leaves
   * a part to the search: selective recompute, ZeRO-1, micro-batch 1. */
  apply_technique (job, technique, &config);
  ideal.gpus_per_node = MAX (gpus, 1);
  context_init (&c, job, &ideal, MAX (gpus, 1), &config, settings);
  config.tp = config.pp = config.ep = config.vs = config.m = 1;
  config.dp = MAX (gpus, 1);
  config.mb = MAX (job->micro_batch, 1);
  if (job->recompute != CP_RECOMPUTE_AUTO && (config.recompute == CP_RECOMPUTE_AUTO || job->recompute > config.recompute))
    config.recompute = job->recompute;
  else if (config.recompute == CP_RECOMPUTE_AUTO)
    config.recompute = CP_RECOMPUTE_SELECTIVE;
  if (job->zero_stage != CP_ZERO_STAGE_AUTO)
    config.zero_stage = MAX (config.zero_stage, job->zero_stage);
  else if (config.zero_stage == 0 && !config.lora && !config.qlora)
    config.zero_stage = 1;
  _cp_layout_memory (&c, &config, &mem);
  return mem.total;
}
