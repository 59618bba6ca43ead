/* cp-job.c: job profiles and their defaults. */
#include "config.h"

#include "cp-job.h"
#include "cp-check-private.h"
#include "cp-text-limit.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

void
cp_job_init (CpJob      *job,
             CpTaskKind  kind)
{
  memset (job, 0, sizeof *job);
  job->kind = kind;
  job->model.id = g_strdup ("custom");

  job->precision = CP_PRECISION_BF16;
  job->optimizer = CP_OPTIMIZER_ADAMW;
  /* fp32 moments and an fp32 master copy: the default of Megatron-LM
   * (--use-precision-aware-optimizer is opt-in, its moments fp32 unless
   * --exp-avg-dtype says otherwise), DeepSpeed's ZeRO and PyTorch AMP.
   * torchtune's recipes (dtype bf16) and torchao's bf16 AdamW keep none
   * and their moments in bf16: the job says so, as such runs state it. */
  job->optimizer_states = CP_OPTIMIZER_STATES_FP32;
  job->seq_len = 4096;
  /* The layout is the search's: the fastest that fits (cp-estimate.c). */
  job->micro_batch = 0;
  job->recompute = CP_RECOMPUTE_AUTO;
  job->zero_stage = CP_ZERO_STAGE_AUTO;
  job->tensor_parallel = 0;
  job->pipeline_parallel = 0;
  job->expert_parallel = 0;
  job->virtual_stages = 0;
  /* FlashAttention-style kernels are the default of current training and
   * serving stacks (PyTorch SDPA, vLLM) wherever the GPU runs them. */
  job->flash_attention = TRUE;
  job->lora_rank = 16;
  /* QLoRA §4: adapters on every linear layer match full fine-tuning. */
  job->lora_targets = CP_LORA_TARGET_ALL;
  job->context_len = 4096;
  /* vLLM's serving benchmark draws 1,024 prompt and 128 output tokens per
   * request by default (benchmarks/benchmark_serving.py, --random-input-len
   * and --random-output-len): a stated mix the team replaces with its own. */
  job->prompt_tokens = 1024;
  job->output_tokens = 128;
  job->concurrency = 1;
  job->weight_bits = 16;
  job->kv_bits = 16;
  /* No answer-time target unless the team states one: what a user may
   * wait depends on the use (a chat, a batch of documents), and no
   * default could stand for it. */
  job->answer_within_s = 0;
  /* Who moves a job to a cluster (R8): two engineers, one on the
   * training code and one on the cluster's scheduler, network and
   * storage, the split the source article's migration (code, scheduler,
   * communication) asks for; a stated example the team replaces. With
   * cp-settings.c's 10.5 days, 7.5 working days × 2 × 2,000 CNY = 30,000
   * CNY. */
  job->engineers = 2;
  /* A Shenzhen ML engineer at about 40,000 CNY a month with overheads is
   * about 2,000 CNY a working day: a stated example the team replaces. */
  job->engineer_day_cost = 2000.0;
  /* Experience the team has not claimed is not counted on: the cautious
   * reading of R8, which charges a cluster the team's one to two weeks.
   * Every sentence that rests on it says it is assumed
   * (cp_words_migration_assumed(), team_stated below). */
  job->team_has_distributed_experience = FALSE;
  job->team_has_ops_engineer = FALSE;
  /* Nobody has said yet: both are the assumption above. */
  job->team_stated = FALSE;
  job->team_experience_from_job = -1;
  job->storage_tb = 1.0;

  switch (kind)
    {
    case CP_TASK_PRETRAIN:
      /* The batch of published runs of the model's size:
       * cp_job_global_batch_tokens(). */
      job->global_batch = 0;
      job->tokens = 100e9;
      job->storage_tb = 20.0;
      break;
    case CP_TASK_FULL_FINETUNE:
      job->global_batch = cp_task_kind_default_global_batch (kind);
      job->tokens = 1e9;
      job->storage_tb = 5.0;
      break;
    case CP_TASK_LORA:
    case CP_TASK_QLORA:
      /* Recompute and ZeRO are left to the search, as for pre-training:
       * QLoRA's code checkpoints every layer by default (artidoro/qlora,
       * qlora.py), but a run that fits without it skips a third of the
       * forward work again; a case that states it pins it. */
      job->global_batch = cp_task_kind_default_global_batch (kind);
      job->tokens = 100e6;
      break;
    case CP_TASK_INFERENCE:
      job->concurrency = 100;
      job->duration_days = 30;
      break;
    case CP_TASK_DEBUG:
    case CP_TASK_DATA_PROCESSING:
      job->duration_days = 30;
      break;
    case CP_N_TASKS:
    default:
      g_assert_not_reached ();
    }
}

double
cp_job_deadline_days (const CpJob *job)
{
  if (job->kind == CP_TASK_INFERENCE || !(job->deadline_days > 0))
    return 0.0;
  return job->deadline_days;
}

gboolean
cp_job_answer_target_met (const CpJob *job,
                          double       answer_s)
{
  if (job->kind != CP_TASK_INFERENCE || !(job->answer_within_s > 0))
    return TRUE;
  return answer_s <= job->answer_within_s;
}

void
cp_job_fit_request_to_context (CpJob *job)
{
  if ((double) job->prompt_tokens + job->output_tokens <= job->context_len)
    return;
  job->output_tokens = MAX (1, MIN (job->output_tokens, job->context_len / 2));
  job->prompt_tokens = MAX (1, (int) job->context_len - (int) job->output_tokens);
}

CpJobStated
cp_job_stated_by_key (const char *key)
{
  static const struct {
    const char  *key;
    CpJobStated  figure;
  } keys[] = {
    { "tokens", CP_JOB_STATED_TOKENS },
    { "prompt-tokens", CP_JOB_STATED_PROMPT_TOKENS },
    { "output-tokens", CP_JOB_STATED_OUTPUT_TOKENS },
    { "engineers", CP_JOB_STATED_ENGINEERS },
    { "engineer-day-cost", CP_JOB_STATED_ENGINEER_DAY_COST },
    { "storage-tb", CP_JOB_STATED_STORAGE },
    { "concurrency", CP_JOB_STATED_CONCURRENCY },
  };

  for (guint i = 0; key != NULL && i < G_N_ELEMENTS (keys); i++)
    if (strcmp (keys[i].key, key) == 0)
      return keys[i].figure;
  return 0;
}

gboolean
cp_job_figure_assumed (const CpJob *job,
                       CpJobStated  figure)
{
  CpJob defaults;
  gboolean at_default = FALSE;

  if ((job->stated_fields & figure) != 0)
    return FALSE;
  cp_job_init (&defaults, job->kind);
  switch (figure)
    {
    case CP_JOB_STATED_TOKENS:
      at_default = job->tokens == defaults.tokens;
      break;
    case CP_JOB_STATED_PROMPT_TOKENS:
      at_default = job->prompt_tokens == defaults.prompt_tokens;
      break;
    case CP_JOB_STATED_OUTPUT_TOKENS:
      at_default = job->output_tokens == defaults.output_tokens;
      break;
    case CP_JOB_STATED_ENGINEERS:
      at_default = job->engineers == defaults.engineers;
      break;
    case CP_JOB_STATED_ENGINEER_DAY_COST:
      at_default = job->engineer_day_cost == defaults.engineer_day_cost;
      break;
    case CP_JOB_STATED_STORAGE:
      at_default = job->storage_tb == defaults.storage_tb;
      break;
    case CP_JOB_STATED_CONCURRENCY:
      at_default = job->concurrency == defaults.concurrency;
      break;
    }
  cp_job_clear (&defaults);
  return at_default;
}

void
cp_job_clear (CpJob *job)
{
  g_clear_pointer (&job->id, g_free);
  g_clear_pointer (&job->name, g_free);
  g_clear_pointer (&job->notes, g_free);
  g_clear_pointer (&job->after_job_id, g_free);
  g_clear_pointer (&job->trial.quote_id, g_free);
  cp_model_spec_clear (&job->model);
}

void
cp_job_copy (CpJob       *dest,
             const CpJob *src)
{
  if (dest == src)
    return;
  cp_job_clear (dest);
  *dest = *src;
  dest->id = g_strdup (src->id);
  dest->name = g_strdup (src->name);
  dest->notes = g_strdup (src->notes);
  dest->after_job_id = g_strdup (src->after_job_id);
  dest->trial.quote_id = g_strdup (src->trial.quote_id);
  memset (&dest->model, 0, sizeof dest->model);
  cp_model_spec_copy (&dest->model, &src->model);
}

CpJob *
cp_job_new (CpTaskKind kind)
{
  CpJob *job = g_new (CpJob, 1);

  cp_job_init (job, kind);
  return job;
}

CpJob *
cp_job_dup (const CpJob *job)
{
  CpJob *copy = g_new0 (CpJob, 1);

  cp_job_copy (copy, job);
  return copy;
}

void
cp_job_free (CpJob *job)
{
  if (job == NULL)
    return;
  cp_job_clear (job);
  g_free (job);
}

/* The name a job is called by in sentences: its name, or its id when the
 * team left it unnamed. */
const char *
cp_job_title (const CpJob *job)
{
  return job->name != NULL && *job->name != '\0' ? job->name : job->id;
}

/* The same people whatever they run (R8): each new job started again at
 * 2 engineers, 2,000 a day and no distributed experience, and the 10.5
 * days of migration that team takes turned a lead's MoE fine-tune from
 * one machine to a cluster until the team was typed again (walk40 F2). */
gboolean
cp_job_take_team (CpJob       *job,
                  const CpJob *source)
{
  gboolean changed = job->team_has_distributed_experience != source->team_has_distributed_experience ||
                     job->team_has_ops_engineer != source->team_has_ops_engineer ||
                     job->team_stated != source->team_stated || job->engineers != source->engineers ||
                     job->engineer_day_cost != source->engineer_day_cost;

  job->team_has_distributed_experience = source->team_has_distributed_experience;
  job->team_has_ops_engineer = source->team_has_ops_engineer;
  job->team_stated = source->team_stated;
  job->engineers = source->engineers;
  job->engineer_day_cost = source->engineer_day_cost;
  return changed;
}

void
cp_job_set_model (CpJob             *job,
                  const CpModelSpec *model)
{
  cp_model_spec_copy (&job->model, model);
}

gboolean
cp_model_spec_validate (const CpModelSpec  *model,
                        GError            **error)
{
  if (!cp_model_spec_validate_text (model, error))
    return FALSE;
  /* 1e15 parameters is a thousand times the largest published model. */
  if (!cp_check_positive (model->params, 1e15, N_("Parameters"), error) ||
      !cp_check_non_negative (model->active_params, model->params, N_("Active parameters"), error) ||
      !cp_check_positive (model->layers, 10000, N_("Layers"), error) ||
      !cp_check_positive (model->hidden, 1e6, N_("Hidden size"), error) ||
      !cp_check_positive (model->heads, 10000, N_("Attention heads"), error) ||
      !cp_check_non_negative (model->kv_heads, model->heads, N_("KV heads"), error) ||
      !cp_check_non_negative (model->ffn, 1e7, N_("FFN size"), error) ||
      !cp_check_non_negative (model->vocab, 1e8, N_("Vocabulary"), error) ||
      !cp_check_non_negative (model->experts_active, MAX (model->experts_total, 1), N_("Active experts"), error))
    return FALSE;
  if (model->kv_heads > 0 && model->heads % model->kv_heads != 0)
    return cp_check_fail (error, N_("KV heads"), _("must divide the attention heads"));
  return TRUE;
}

guint
cp_task_kind_default_global_batch (CpTaskKind kind)
{
  switch (kind)
    {
    case CP_TASK_FULL_FINETUNE:
      /* 128 sequences: the batch of instruction tuning at 7B–65B
       * (Alpaca, Vicuna; Llama 2 SFT used 64). */
      return 128;
    case CP_TASK_LORA:
    case CP_TASK_QLORA:
      /* QLoRA's batch of 16 (QLoRA Appendix B). */
      return 16;
    case CP_TASK_PRETRAIN:          /* by model size: cp_job_global_batch_tokens() */
    case CP_TASK_INFERENCE:
    case CP_TASK_DEBUG:
    case CP_TASK_DATA_PROCESSING:
    case CP_N_TASKS:
    default:
      return 0;
    }
}

double
cp_job_global_batch_tokens (const CpJob *job)
{
  double params = job->model.params;
  double tokens;

  if (job->global_batch > 0)
    return (double) job->global_batch * job->seq_len;
  if (job->kind != CP_TASK_PRETRAIN)
    return (double) MAX (cp_task_kind_default_global_batch (job->kind), 1) * MAX (job->seq_len, 1);
  /* The model-size part of the default batch (the cluster part, enough
   * micro-batches for every pipeline, is cp-estimate.c's). Final batches
   * of published dense pretraining runs, after any ramp-up, in tokens:
   *   GPT-3 (Brown et al. 2020, Table 2.1): 0.5M at 125M, 350M and 760M,
   *     1M at 1.3B and 2.7B, 2M at 6.7B and 13B, 3.2M at 175B;
   *   LLaMA (Touvron et al. 2023, Table 2): 4M at 6.7B, 13B, 32.5B, 65.2B;
   *   Llama 2 (Touvron et al. 2023, §2.2): 4M at 7B, 13B and 70B;
   *   Llama 3 405B (Llama Team 2024, §3.4.1): 16M after 4M and 8M;
   *   Chinchilla 70B (Hoffmann et al. 2022): 3M after 1.5M;
   *   Gopher 280B (Rae et al. 2021): 6M after 3M;
   *   BLOOM 176B (BigScience 2022): 2,048 × 2,048 = 4.2M;
   *   PaLM 540B (Chowdhery et al. 2022, §5): 4M after 1M and 2M;
   *   MT-NLG 530B (Smith et al. 2022): 1,920 × 2,048 = 3.9M;
   *   DeepSeek LLM (DeepSeek-AI 2024, Table 2): 2,304 × 4,096 = 9.4M at
   *     7B, 4,608 × 4,096 = 18.9M at 67B.
   * A least-squares line through these 23 points in log–log gives 2.17M
   * tokens at 7B growing as N^0.316: 0.6M at 125M, 1.3M at 1.3B, 4.5M at
   * 70B, 6.0M at 175B, 7.8M at 405B.
   * A mixture of experts takes the rule at its total parameters
   * (model.params), not its active ones. The published MoE batches follow
   * total size the way one lab's dense batches do, not active size:
   * DeepSeek-V2-Lite 4,608 × 4,096 = 18.9M tokens at 15.7B total, 2.4B
   * active (model card, §6 "Training Details"); DeepSeek-V2 9,216 × 4,096
   * = 37.7M at 236B, 21B active (DeepSeek-V2 report §3.1.2, after a
   * ramp from 2,304); DeepSeek-V3 15,360 × 4,096 = 62.9M at 671B, 37B
   * active (tech report §4.2). Against DeepSeek LLM's own dense line
   * (9.4M tokens at 7B as N^0.307, cp_job_largest_batch_tokens()) they
   * sit 1.5×, 1.4× and 1.6× above it at their total size, but 2.9×, 2.9×
   * and 4.1× at their active size; and DeepSeek's dense batches sit 4.3×
   * above this fit, its MoE ones 5.8–6.8×. Other MoE runs (Mixtral,
   * Qwen MoE, Llama 4, DBRX) publish no batch. */
  tokens = CP_BATCH_TOKENS_AT_7B * pow (MAX (params, 1e6) / 7e9, CP_BATCH_SIZE_EXPONENT);
  /* In whole sequences, at least one. */
  return MAX (1.0, round (tokens / job->seq_len)) * job->seq_len;
}

double
cp_job_largest_batch_tokens (const CpJob *job)
{
  double params = MAX (job->model.params, 1e6);
  double exponent;

  if (job->global_batch > 0 || job->kind != CP_TASK_PRETRAIN)
    return cp_job_global_batch_tokens (job);
  /* The largest published dense batches for their size are DeepSeek LLM's
   * (DeepSeek-AI 2024, Table 2: 9.4M tokens at 7B, 18.9M at 67B, from its
   * batch-size scaling law); the power law through those two, N^0.307,
   * gives 33M at 405B, above Llama 3 405B's 16M and every other point of
   * cp_job_global_batch_tokens(). A cluster may raise the batch to keep
   * its pipelines full, never past this. */
  exponent = log (CP_LARGEST_BATCH_TOKENS_AT_67B / CP_LARGEST_BATCH_TOKENS_AT_7B) / log (67.0 / 7.0);
  return MAX (CP_LARGEST_BATCH_TOKENS_AT_7B * pow (params / 7e9, exponent), cp_job_global_batch_tokens (job));
}

gboolean
cp_job_validate_trial_machine (const CpJob    *job,
                               const CpQuote  *quote,
                               GError        **error)
{
  /* "80 GB" read as 2^30 bytes each is the most the GPU can hold in either
   * memory unit: a peak above it was not measured on that GPU. */
  double memory_bytes = quote != NULL ? quote->gpu.memory_nominal_gb * 1073741824.0 : 0;

  if (quote == NULL)
    return TRUE;
  if (quote->gpus_per_node > 0 && job->trial.gpus > quote->gpus_per_node)
    {
      g_autofree char *problem =
        /* TRANSLATORS: the GPUs a trial used are more than its machine has; %u is how many it has */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "must be at most %u, the GPU of the machine it ran on",
                                      "must be at most %u, the GPUs of the machine it ran on",
                                      quote->gpus_per_node),
                         quote->gpus_per_node);

      return cp_check_fail (error, N_("GPUs used"), problem);
    }
  if (memory_bytes > 0 && job->trial.peak_memory_bytes > memory_bytes)
    {
      g_autofree char *problem =
        /* TRANSLATORS: a measured peak above the GPU's memory; %g is the GPU's memory as its datasheet states it */
        g_strdup_printf (_("must be at most the %g GB of the GPU it ran on"), quote->gpu.memory_nominal_gb);

      return cp_check_fail (error, N_("Measured peak memory"), problem);
    }
  return TRUE;
}

gboolean
cp_job_validate (const CpJob  *job,
                 GError      **error)
{
  if ((guint) job->kind >= CP_N_TASKS)
    return cp_check_fail (error, N_("Task"), _("is not a known kind of job"));
  if (!cp_job_validate_text (job, error))
    return FALSE;
  if (!cp_check_non_negative (job->deadline_days, 36500, N_("Deadline"), error) ||
      !cp_check_non_negative (job->duration_days, 36500, N_("Duration"), error) ||
      !cp_check_non_negative (job->engineer_day_cost, 1e9, N_("Engineer-day cost"), error) ||
      !cp_check_non_negative (job->engineers, 10000, N_("Engineers"), error) ||
      !cp_check_non_negative (job->storage_tb, 1e6, N_("Storage"), error) ||
      /* 0 takes the project's utilisation; below 1% no run is worth planning. */
      !cp_check_zero_or_at_least (job->mfu, 0.01, 1.0, N_("MFU"), error) ||
      /* Trial figures: 0 is "not measured"; a megabyte, a token per second
       * and a millisecond are below anything a real trial reports. */
      !cp_check_zero_or_at_least (job->trial.peak_memory_bytes, 1e6, 1e13, N_("Measured peak memory"), error) ||
      !cp_check_zero_or_at_least (job->trial.tokens_per_s, 1, 1e12, N_("Measured tokens/s"), error) ||
      !cp_check_zero_or_at_least (job->trial.step_s, 1e-3, 1e7, N_("Measured step time"), error) ||
      !cp_check_zero_or_at_least (job->trial.communication_share, 0.001, 1.0, N_("Measured communication share"), error) ||
      !cp_check_zero_or_at_least (job->trial.kv_cache_tokens, CP_TRIAL_KV_CACHE_TOKENS_MIN, CP_TRIAL_KV_CACHE_TOKENS_MAX, N_("Measured KV-cache size"), error) ||
      !cp_check_non_negative (job->trial.gpu_memory_nominal_gb, 1e5, N_("Trial GPU memory"), error))
    return FALSE;

  if (job->kind == CP_TASK_DEBUG || job->kind == CP_TASK_DATA_PROCESSING)
    {
      if (job->duration_days <= 0 && job->deadline_days <= 0)
        return cp_check_fail (error, N_("Duration"), _("must be greater than 0"));
      return TRUE;
    }

  if (!cp_model_spec_validate (&job->model, error))
    return FALSE;

  if (job->kind == CP_TASK_INFERENCE)
    {
      if (job->weight_bits != 16 && job->weight_bits != 8 && job->weight_bits != 4)
        return cp_check_fail (error, N_("Weight bits"), _("must be 16, 8 or 4"));
      if (job->kv_bits != 16 && job->kv_bits != 8 && job->kv_bits != 4)
        return cp_check_fail (error, N_("KV-cache bits"), _("must be 16, 8 or 4"));
      if (!cp_check_positive (job->context_len, 1e7, N_("Context length"), error) ||
          !cp_check_positive (job->prompt_tokens, 1e7, N_("Prompt tokens"), error) ||
          !cp_check_positive (job->output_tokens, 1e7, N_("Output tokens"), error) ||
          !cp_check_positive (job->concurrency, 1e8, N_("Concurrent requests"), error) ||
          !cp_check_non_negative (job->answer_within_s, CP_JOB_ANSWER_WITHIN_S_MAX, N_("Answer within"), error))
        return FALSE;
      /* vLLM refuses a request longer than its max_model_len. */
      if ((double) job->prompt_tokens + job->output_tokens > job->context_len)
        return cp_check_fail (error, N_("Output tokens"), _("with the prompt tokens, must fit in the context length"));
      if (job->duration_days <= 0 && job->deadline_days <= 0)
        return cp_check_fail (error, N_("Duration"), _("must be greater than 0"));
      return TRUE;
    }

  /* 1e16 tokens is far beyond every published training run (15.6e12 for Llama 3). */
  if (!cp_check_at_least (job->tokens, 1, 1e16, N_("Tokens"), error) ||
      !cp_check_positive (job->seq_len, 1e7, N_("Sequence length"), error) ||
      !cp_check_non_negative (job->micro_batch, 1e5, N_("Micro-batch"), error) ||
      !cp_check_non_negative (job->global_batch, 1e8, N_("Global batch"), error))
    return FALSE;
  if (job->global_batch > 0 && job->global_batch < job->micro_batch)
    return cp_check_fail (error, N_("Global batch"), _("must be at least the micro-batch"));
  if (job->zero_stage > 3 && job->zero_stage != CP_ZERO_STAGE_AUTO)
    return cp_check_fail (error, N_("ZeRO stage"), _("must be 0, 1, 2 or 3"));
  if (job->expert_parallel > 1 && job->expert_parallel > MAX (job->model.experts_total, 1))
    return cp_check_fail (error, N_("Expert parallel"), _("must not exceed the experts"));
  if (job->virtual_stages > job->model.layers)
    return cp_check_fail (error, N_("Interleaved stages"), _("is larger than the model can be split"));
  if ((guint) job->precision >= CP_N_PRECISIONS || (guint) job->optimizer >= CP_N_OPTIMIZERS ||
      (guint) job->optimizer_states >= CP_N_OPTIMIZER_STATES || (guint) job->recompute >= CP_N_RECOMPUTES)
    return cp_check_fail (error, N_("Precision"), _("is not a known setting"));
  if (job->tensor_parallel > 1024 || job->pipeline_parallel > job->model.layers)
    return cp_check_fail (error, N_("Parallelism"), _("is larger than the model can be split"));
  if ((job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA || job->allow_lora) &&
      (!cp_check_positive (job->lora_rank, 65536, N_("LoRA rank"), error)))
    return FALSE;
  if ((job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA) && (job->lora_targets & CP_LORA_TARGET_ALL) == 0)
    return cp_check_fail (error, N_("LoRA targets"), _("at least one module must be chosen"));
  return TRUE;
}
