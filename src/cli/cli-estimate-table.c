/* cli-estimate-table.c: `compute-planner-cli estimate` as a table, the
 * inputs, the figures of the configuration asked for, the recommended one
 * where it differs, and the verdict with its reasons, for a reader. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-estimate-private.h"
#include "cli-recommended.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"

static void
add_row (CpCliTable *table,
         const char *label,
         char       *value)   /* owned */
{
  cp_cli_table_add_label_value (table, label, value);
}

/* A part of a total of @total: in whole units when the total is, so that
 * a part of 55 reads "55 CNY" beside its total, not "55.00 CNY". */
static char *
cost_part (double      amount,
           double      total,
           const char *currency)
{
  if (fabs (total) < 100)
    return cp_cli_format_money (amount, currency);
  return cp_cli_format_money_whole (amount, currency);
}

static void
add_bytes_row (CpCliTable       *table,
               const char       *label,
               double            bytes,
               const CpSettings *settings)
{
  add_row (table, label, cp_format_bytes (bytes, settings->memory_unit));
}

/* The roofline's figures (cp-serving.h): what the option serves and what
 * an output token costs. */
static void
add_serving_rows (CpCliTable       *table,
                  const CpJob      *job,
                  const CpSettings *settings,
                  const CpEstimate *est,
                  gboolean          request_fitted,
                  gboolean          cost_unknown,
                  const char       *currency)
{
  g_autofree char *batch = cp_cli_format_number (est->decode_batch, 0);
  /* The parts below add up to the GPUs' step; the engine's own time
   * (serving-engine) is said apart, in the row after. */
  g_autofree char *step_ms = cp_cli_format_number ((est->decode_step_s - est->decode_engine_s) * 1e3, 2);
  g_autofree char *engine_ms = cp_cli_format_number (est->decode_engine_s * 1e3, 2);
  g_autofree char *whole_ms = cp_cli_format_number (est->decode_step_s * 1e3, 2);
  g_autofree char *memory_ms = cp_cli_format_number (est->decode_memory_s * 1e3, 2);
  g_autofree char *compute_ms = cp_cli_format_number (est->decode_compute_s * 1e3, 2);
  g_autofree char *tp_ms = cp_cli_format_number (est->decode_tp_communication_s * 1e3, 2);
  g_autofree char *prefill_ms = cp_cli_format_number (est->decode_prefill_compute_s * 1e3, 2);
  g_autofree char *moe_ms = cp_cli_format_number (est->decode_moe_floor_s * 1e3, 2);
  g_autofree char *served = cp_cli_format_number (est->concurrency_served, 0);
  g_autofree char *target = cp_cli_format_number (job->concurrency, 0);

  add_row (table, _("Requests (prompt + output tokens)"),
           g_strdup_printf ("%u + %u", job->prompt_tokens, job->output_tokens));
  if (request_fitted)
    /* TRANSLATORS: the request's defaults (1,024 + 128 tokens) did not fit the context given */
    add_row (table, _("Request"), g_strdup_printf (_("what was left to its default (1,024 prompt, 128 output tokens) is fitted to the %u-token --context"),
                                                   job->context_len));
  {
    g_autofree char *fraction = cp_cli_format_number (settings->serving_memory_fraction, 2);

    add_row (table, _("GPU memory a server may use"), g_strdup_printf (_("%s (--gpu-memory-utilization)"), fraction));
  }
  add_row (table, _("Sequences decoded together"), g_strdup (batch));
  /* The step is the slower of the memory reads and the computing (the
   * decode's and the share of new prompts prefilled in the same step),
   * plus the all-reduces (cp-serving.c): its parts are said as a sum that
   * adds up, the slower side first. The prefill share was left out, and
   * "46.00 ms (memory 11.37, compute 4.19, all-reduce 7.40)" added up to
   * nothing (walkthrough 13). */
  if (est->decode_moe_floor_s > 0 && est->decode_compute_s + est->decode_prefill_compute_s >= est->decode_memory_s)
    /* TRANSLATORS: a decode step's time as a sum of its parts, in milliseconds, with the fixed time of the MoE layers' expert kernels; then the memory reads, which overlap the computing */
    add_row (table, _("Decode step"),
             g_strdup_printf (_("%s ms = compute %s + prefill of new prompts %s + all-reduce %s + MoE layers’ expert kernels %s (memory reads, %s, overlap the computing)"),
                              step_ms, compute_ms, prefill_ms, tp_ms, moe_ms, memory_ms));
  else if (est->decode_moe_floor_s > 0)
    /* TRANSLATORS: a decode step's time as a sum of its parts, in milliseconds, with the fixed time of the MoE layers' expert kernels; then the computing and prefill, which overlap the memory reads */
    add_row (table, _("Decode step"),
             g_strdup_printf (_("%s ms = memory reads %s + all-reduce %s + MoE layers’ expert kernels %s (compute %s and prefill of new prompts %s overlap the reads)"),
                              step_ms, memory_ms, tp_ms, moe_ms, compute_ms, prefill_ms));
  else if (est->decode_compute_s + est->decode_prefill_compute_s >= est->decode_memory_s)
    /* TRANSLATORS: a decode step's time as a sum of its parts, in milliseconds; then the memory reads, which overlap the computing */
    add_row (table, _("Decode step"),
             g_strdup_printf (_("%s ms = compute %s + prefill of new prompts %s + all-reduce %s (memory reads, %s, overlap the computing)"),
                              step_ms, compute_ms, prefill_ms, tp_ms, memory_ms));
  else
    /* TRANSLATORS: a decode step's time as a sum of its parts, in milliseconds; then the computing and prefill, which overlap the memory reads */
    add_row (table, _("Decode step"),
             g_strdup_printf (_("%s ms = memory reads %s + all-reduce %s (compute %s and prefill of new prompts %s overlap the reads)"),
                              step_ms, memory_ms, tp_ms, compute_ms, prefill_ms));
  if (est->decode_engine_s > 0)
    /* TRANSLATORS: a decode step's time in milliseconds: the GPUs' step of the row above plus the serving engine's own (vLLM, SGLang) */
    add_row (table, _("Decode step with the engine"),
             g_strdup_printf (_("%s ms = the GPUs’ %s + the serving engine’s own %s (%s: scheduling, inputs and outputs between the steps)"),
                              whole_ms, step_ms, engine_ms, cp_serving_engine_to_string (settings->serving_engine)));
  add_row (table, _("Decode tokens/s per replica"), cp_cli_format_number (est->decode_tokens_per_s, 0));
  add_row (table, _("Prefill tokens/s per replica"), cp_cli_format_number (est->prefill_tokens_per_s, 0));
  /* TRANSLATORS: concurrent requests the option carries, of the target */
  add_row (table, _("Concurrency served"), g_strdup_printf (_("%s of the %s requested"), served, target));
  /* The option's, over every replica it runs, as plan's table says. */
  add_row (table, _("Requests/s (all replicas)"), cp_cli_format_number (est->requests_per_s, 2));
  add_row (table, _("Output tokens/s (all replicas)"), cp_cli_format_number (est->output_tokens_per_s, 0));
  {
    g_autofree char *answer = cp_cli_format_number (est->answer_s, est->answer_s < 10 ? 1 : 0);
    g_autofree char *user = cp_cli_format_number (est->user_output_tokens_per_s, est->user_output_tokens_per_s < 10 ? 1 : 0);

    /* TRANSLATORS: seconds a user waits for an answer, then the output tokens a second he receives */
    add_row (table, _("Answer, per user"),
             g_strdup_printf (_("%s s from the prompt to the last token, %s output tokens/s"), answer, user));
  }
  if (cost_unknown)
    return;
  add_row (table, _("Cost per hour"), cp_cli_format_money (est->hourly_cost, currency));
  add_row (table, _("Cost per million output tokens"), cp_cli_format_money (est->cost_per_million_output_tokens, currency));
}

/* The assumptions' ranges and the verdict with its reasons. */
static void
print_verdict (CpCliTable       *table,
               const Estimate   *e,
               const CpSettings *settings)
{
  cp_cli_table_add_heading (table, _("Assumption ranges (low and high figures move them all together)"));
  {
    CpSpread spreads[CP_N_SPREADS];
    guint n = cp_range_get_spreads (settings, spreads, G_N_ELEMENTS (spreads));

    for (guint i = 0; i < MIN (n, G_N_ELEMENTS (spreads)); i++)
      {
        g_autofree char *range = cp_words_spread_range (e->project, &spreads[i], C_("language code", "en"));

        /* TRANSLATORS: an assumption's spread, then its source */
        add_row (table, cp_words_spread_title (spreads[i].kind),
                 g_strdup_printf (_("%s (%s)"), range, cp_words_spread_source (spreads[i].kind)));
      }
  }

  cp_cli_table_add_heading (table, _("Verdict"));
  add_row (table, _("Recommendation"), g_strdup (cp_words_plan_verdict (e->plan)));
  /* Tight on memory, under the verdict as the plan command and the window
   * say it: the reasons below would call it firm. */
  if (e->plan->recommended >= 0)
    {
      const CpOption *best = &g_array_index (e->plan->options, CpOption, e->plan->recommended);
      char *tight = cp_words_memory_tight_caution (e->project, &best->estimate, C_("language code", "en"));

      if (tight != NULL)
        /* TRANSLATORS: the CLI estimate's row under Recommendation when the recommended option is tight on memory */
        add_row (table, _("Memory headroom"), tight);
    }
  for (guint i = 0; i < e->plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (e->plan->reasons, CpReason, i);

      add_row (table, cp_rule_to_string (reason->rule),
               cp_reason_text (reason, e->project, e->plan, C_("language code", "en")));
    }
}

/* The row label of each MFU loss (CpMfuLoss). */
static const char *
mfu_loss_label (CpMfuLoss loss)
{
  switch (loss)
    {
    case CP_MFU_LOSS_TASK_FLOPS: return _("LoRA’s backward without the frozen weights’ gradients");
    case CP_MFU_LOSS_ATTENTION: return _("Attention core’s FLOPs (outside 6·N·D)");
    case CP_MFU_LOSS_EXPERT_GEMMS: return _("Expert GEMMs below dense speed");
    case CP_MFU_LOSS_RECOMPUTE: return _("Recomputed forward passes");
    case CP_MFU_LOSS_STAGE_IMBALANCE: return _("Uneven pipeline stages");
    case CP_MFU_LOSS_TOKEN_PERMUTATION: return _("Expert token permutation");
    case CP_MFU_LOSS_TP_COMMUNICATION: return _("Tensor-parallel communication left exposed");
    case CP_MFU_LOSS_PP_COMMUNICATION: return _("Pipeline sends");
    case CP_MFU_LOSS_DP_COMMUNICATION: return _("Data-parallel communication left exposed");
    case CP_MFU_LOSS_ALL_TO_ALL: return _("Expert all-to-all left exposed");
    case CP_MFU_LOSS_OFFLOAD: return _("CPU offload copies");
    case CP_MFU_LOSS_OVERLAP_SLOWDOWN: return _("Compute slowed by hidden communication");
    case CP_MFU_LOSS_BUBBLE: return _("Pipeline bubble");
    case CP_N_MFU_LOSSES:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* What takes the achieved MFU below the compute utilisation (walk40 F9:
 * "Achieved MFU 21.4%" under "Compute utilisation 0.47–0.63" with
 * nothing saying why): the utilisation, each mechanism's points of MFU
 * with its seconds and share of the run, and the MFU they leave, which
 * adds up. */
static void
add_mfu_rows (CpCliTable       *table,
              const CpEstimate *est)
{
  double ideal_s = est->mfu_run_s;
  g_autofree char *utilisation = cp_cli_format_number (est->mfu_utilisation * 100, 1);
  g_autofree char *mfu = cp_cli_format_number (est->achieved_mfu * 100, 1);
  g_autofree char *lost = cp_cli_format_number ((est->mfu_utilisation - est->achieved_mfu) * 100, 1);

  cp_cli_table_add_heading (table, _("Why the MFU is below the compute utilisation (points of MFU; seconds and share of the run before interruptions)"));
  for (guint i = 0; i < CP_N_MFU_LOSSES; i++)
    ideal_s -= est->mfu_loss_s[i];
  {
    g_autofree char *seconds = cp_cli_format_number (ideal_s, 0);
    g_autofree char *share = cp_cli_format_number (ideal_s / est->mfu_run_s * 100, 1);

    /* TRANSLATORS: the compute utilisation in percent, then the seconds the run's 6·N·D FLOPs take at it and their share of the run */
    add_row (table, _("Compute utilisation"), g_strdup_printf (_("%s%% (6·N·D at it: %s s, %s%% of the run)"), utilisation, seconds, share));
  }
  for (CpMfuLoss loss = 0; loss < CP_N_MFU_LOSSES; loss++)
    {
      double points = cp_estimate_mfu_loss (est, loss) * 100;
      g_autofree char *points_text = NULL;
      g_autofree char *seconds = NULL;
      g_autofree char *share = NULL;

      /* Only what the run has: a dense model has no experts to permute. */
      if (fabs (est->mfu_loss_s[loss]) < 1e-9 * est->mfu_run_s)
        continue;
      points_text = cp_cli_format_number (fabs (points), 1);
      seconds = cp_cli_format_number (est->mfu_loss_s[loss], 0);
      share = cp_cli_format_number (est->mfu_loss_s[loss] / est->mfu_run_s * 100, 1);
      if (loss == CP_MFU_LOSS_EXPERT_GEMMS)
        {
          g_autofree char *tokens = cp_cli_format_number (est->expert_tokens_per_gemm, 0);
          g_autofree char *speed = cp_cli_format_number (est->expert_gemm_speed * 100, 0);

          /* TRANSLATORS: points of MFU the experts' GEMMs take away, their seconds and share of the run, the tokens one expert's GEMM takes and its speed against the dense layers' in percent */
          add_row (table, mfu_loss_label (loss),
                   g_strdup_printf (_("− %s points (%s s, %s%% of the run; %s tokens a GEMM, at %s%% of dense speed)"),
                                    points_text, seconds, share, tokens, speed));
          continue;
        }
      add_row (table, mfu_loss_label (loss),
               points >= 0
               /* TRANSLATORS: points of MFU a mechanism takes away, then its seconds and share of the run */
               ? g_strdup_printf (_("− %s points (%s s, %s%% of the run)"), points_text, seconds, share)
               /* TRANSLATORS: points of MFU a mechanism adds (LoRA's lighter backward), then its seconds (negative) and share of the run */
               : g_strdup_printf (_("+ %s points (%s s, %s%% of the run)"), points_text, seconds, share));
    }
  /* TRANSLATORS: the achieved MFU, the compute utilisation and the points the mechanisms above take off it, all in percent */
  add_row (table, _("Achieved MFU"), g_strdup_printf (_("%s%% = %s%% − %s points"), mfu, utilisation, lost));
}

/* The Expert parallel row's value: the size, and for a searched one why
 * (walk40 F9: "Expert parallel 1" for a 128-expert MoE on 8 GPUs, with
 * nothing saying whether it is the fastest or all the layout allowed). */
static char *
expert_parallel_text (const Estimate   *e,
                      const CpEstimate *est)
{
  const CpExpertParallelChoice *choice = &e->ep_choice;
  g_autofree char *limit = NULL;
  g_autofree char *other = NULL;
  g_autofree char *percent = NULL;

  if (!e->has_ep_choice)
    return g_strdup_printf ("%u", est->layout.expert_parallel);
  /* TRANSLATORS: why a layout's expert parallel size is bounded: EP must divide tensor × data parallel (%u) and the experts (%u), so at most %u */
  limit = g_strdup_printf (_("EP must divide TP × DP = %u and the %u experts, so at most %u in this layout"),
                           choice->tp_times_dp, e->job.model.experts_total, choice->largest_ep);
  if (!choice->other_fits)
    /* TRANSLATORS: the expert parallel size, then why it is bounded */
    return g_strdup_printf (_("%u: no layout at another EP fits; %s"), est->layout.expert_parallel, limit);
  other = cp_words_layout (&choice->other, C_("language code", "en"));
  if (choice->other_total_s >= est->total_s)
    {
      g_autofree char *exposed = cp_cli_format_number (choice->other_all_to_all_s, 0);

      percent = cp_cli_format_number ((choice->other_total_s / est->total_s - 1.0) * 100, 1);
      /* TRANSLATORS: the expert parallel size; why it is bounded; the fastest layout at another EP, how much slower, and its all-to-all seconds left exposed */
      return g_strdup_printf (_("%u, the fastest: %s; the fastest layout at another EP (%s) is %s%% slower, its expert all-to-all leaving %s s exposed"),
                              est->layout.expert_parallel, limit, other, percent, exposed);
    }
  percent = cp_cli_format_number ((1.0 - choice->other_total_s / est->total_s) * 100, 1);
  /* TRANSLATORS: the expert parallel size; why it is bounded; a faster layout at another EP passed over for memory headroom (Runner-up layout) */
  return g_strdup_printf (_("%u: %s; the fastest layout at another EP (%s) is %s%% faster, passed over for memory headroom"),
                          est->layout.expert_parallel, limit, other, percent);
}

/* The parts of a training layout the job pins, as a list ("tensor
 * parallel, recompute"), or NULL with none pinned: a layout partly pinned
 * is not "searched" as a whole (issue 20). */
static char *
pinned_layout_parts (const CpJob *job)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  if (job->tensor_parallel != 0)
    g_ptr_array_add (parts, (gpointer) _("tensor parallel"));
  if (job->pipeline_parallel != 0)
    g_ptr_array_add (parts, (gpointer) _("pipeline parallel"));
  if (job->expert_parallel != 0 && cp_model_spec_is_moe (&job->model))
    g_ptr_array_add (parts, (gpointer) _("expert parallel"));
  if (job->virtual_stages != 0)
    g_ptr_array_add (parts, (gpointer) _("interleaving"));
  if (job->micro_batch != 0)
    g_ptr_array_add (parts, (gpointer) _("micro-batch"));
  if (job->zero_stage != CP_ZERO_STAGE_AUTO)
    g_ptr_array_add (parts, (gpointer) _("ZeRO stage"));
  if (job->recompute != CP_RECOMPUTE_AUTO)
    g_ptr_array_add (parts, (gpointer) _("recompute"));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: between the items of a list, "tensor parallel, recompute" */
  return g_strjoinv (C_("list separator", ", "), (char **) parts->pdata);
}

/* The Configuration block's Layout line for training. */
static char *
training_layout_text (const CpJob      *job,
                      const CpEstimate *est,
                      gboolean          layout_refused)
{
  g_autofree char *pinned = pinned_layout_parts (job);

  if (layout_refused)
    return g_strdup (_("the one asked for cannot run"));
  if (!est->layout_searched)
    return g_strdup (_("as given"));
  /* A faster layout above 90% of memory passed over (layout-headroom-time). */
  if (pinned == NULL && est->fits && est->layout_fastest_total_s > 0)
    /* xgettext:no-c-format */
    return g_strdup (_("searched: the fastest that fits at or below 90% of memory"));
  if (pinned == NULL)
    return g_strdup (est->fits ? _("searched: the fastest that fits") : _("searched: none fits"));
  if (est->fits && est->layout_fastest_total_s > 0)
    /* TRANSLATORS: %s lists the parts pinned, e.g. "tensor parallel, recompute" */
    return g_strdup_printf (_("%s as given; the rest searched: the fastest that fits at or below 90%% of memory"), pinned);
  /* TRANSLATORS: %s lists the parts pinned, e.g. "tensor parallel, recompute" */
  return g_strdup_printf (est->fits ? _("%s as given; the rest searched: the fastest that fits")
                                    : _("%s as given; the rest searched: none fits"),
                          pinned);
}

void
cp_cli_estimate_print_table (const Estimate   *e,
                             const CpEstimate *est,
                             guint             nodes)
{
  const CpJob *job = &e->job;
  const CpQuote *quote = &e->quote;
  const CpSettings *settings = &e->settings;
  const char *currency = quote->currency;
  g_autoptr(CpCliTable) table = cp_cli_table_new (2);
  gboolean training = cp_task_kind_is_training (job->kind);
  const CpOption *recommended = cp_cli_recommended_other (e->plan, job, est);
  g_autofree char *refusal = cp_words_refusal (e->project, job, quote, est, C_("language code", "en"));
  /* A pinned layout no split runs has no figures; a training run that
   * does not fit has no time or cost. */
  gboolean layout_refused = est->refusal > CP_REFUSAL_HOST_MEMORY;
  gboolean runs = !training || est->fits;

  cp_cli_table_add_heading (table, _("Job"));
  add_row (table, _("Model"), g_strdup_printf ("%s (%s)", job->model.name, job->model.id));
  add_row (table, _("Parameters"), cp_format_count (job->model.params));
  /* Values in the window's and the report's words, the option's id
   * beside them as the model's is: "Pre-training (pretrain)". */
  add_row (table, _("Task"), g_strdup_printf ("%s (%s)", cp_words_task_kind (job->kind),
                                              cp_task_kind_to_string (job->kind)));
  if (training)
    {
      add_row (table, _("Tokens"), cp_format_count (job->tokens));
      add_row (table, _("Precision"), g_strdup (cp_precision_to_string (job->precision)));
    }
  add_row (table, _("GPU"), g_strdup_printf ("%s (%s)", quote->gpu.name, quote->gpu.id));
  add_row (table, _("Nodes × GPUs per node"), g_strdup_printf ("%u × %u", nodes, quote->gpus_per_node));
  add_row (table, _("Intra-node link"), g_strdup (quote->intra_link.name));
  if (quote->network != CP_NETWORK_NONE)
    {
      g_autofree char *sharing = cp_words_sharing_as_estimated (quote, settings, C_("language code", "en"));

      add_row (table, _("Network sharing"), g_strdup (cp_words_capitalised (sharing)));
    }

  /* The verdict's configuration first, then a line saying whose the
   * figures after it are. */
  if (recommended != NULL)
    {
      g_autofree char *asked = cp_cli_describe_configuration (job, quote, est);
      g_autofree char *which = g_strdup_printf (_("Figures below: the configuration asked for (%s), not the one the verdict speaks of (above)"),
                                                asked);

      cp_cli_table_add_recommended (table, e->project, job, e->plan, recommended);
      cp_cli_table_add_heading (table, which);
    }
  cp_cli_table_add_heading (table, _("Configuration"));
  if (job->kind == CP_TASK_INFERENCE)
    add_row (table, _("Layout"), g_strdup (cp_words_capitalised (est->layout_searched
                                                                   ? _("searched: the fewest nodes that carry the concurrency, then the most output tokens a second")
                                                                   : _("as given"))));
  else
    {
      g_autofree char *layout = training_layout_text (job, est, layout_refused);

      add_row (table, _("Layout"), g_strdup (cp_words_capitalised (layout)));
    }
  if (layout_refused)
    add_row (table, _("Why it cannot run"), g_strdup (refusal));
  if (layout_refused)
    {
      print_verdict (table, e, settings);
      cp_cli_table_print (table, stdout);
      return;
    }
  add_row (table, _("Tensor × pipeline × data parallel"),
           g_strdup_printf ("%u × %u × %u", est->layout.tensor_parallel, est->layout.pipeline_parallel,
                            est->layout.data_parallel));
  if (training)
    {
      g_autofree char *batch_tokens = cp_format_count (est->global_batch_tokens);

      if (cp_model_spec_is_moe (&job->model))
        add_row (table, _("Expert parallel"), expert_parallel_text (e, est));
      add_row (table, _("Interleaved stages per GPU"), g_strdup_printf ("%u", est->layout.virtual_stages));
      /* TRANSLATORS: sequences per micro-batch × micro-batches per optimizer step */
      add_row (table, _("Micro-batch × micro-batches per step"),
               g_strdup_printf ("%u × %u", est->layout.micro_batch, est->layout.micro_batches));
      add_row (table, _("Global batch (tokens)"), g_strdup (batch_tokens));
      add_row (table, _("FlashAttention"), g_strdup (cp_cli_yes_no (est->flash_attention)));
      if (est->layout_why != CP_LAYOUT_WHY_NONE)
        add_row (table, _("Runner-up layout"), cp_words_runner_up (est, C_("language code", "en")));
      add_row (table, _("ZeRO stage"), g_strdup_printf ("%u", est->layout.zero_stage));
      {
        g_autofree char *recompute = cp_words_recompute (est);

        add_row (table, _("Activation recompute"), g_strdup (cp_words_capitalised (recompute)));
      }
      add_row (table, _("CPU offload"), g_strdup (cp_cli_yes_no (est->cpu_offload)));
      if (est->host_memory_per_node_bytes > 0)
        add_row (table, _("Host memory per node for offload"),
                 cp_words_host_memory (est->host_memory_per_node_bytes, settings->memory_unit,
                                       C_("language code", "en")));
      add_row (table, _("Memory technique that makes it fit"),
               g_strdup (e->fitting.fits ? cp_words_capitalised (cp_words_technique (e->fitting.technique))
                                         : cp_words_none ()));
      if (e->fitting.offload_refused_host_bytes > 0)
        add_row (table, _("Host memory CPU offload would need, more than stated"),
                 cp_words_host_memory (e->fitting.offload_refused_host_bytes, settings->memory_unit,
                                       C_("language code", "en")));
    }

  cp_cli_table_add_heading (table, _("Memory per GPU"));
  add_bytes_row (table, _("Weights"), est->weights_bytes, settings);
  if (job->kind == CP_TASK_INFERENCE)
    {
      /* vLLM's profiling pass and graphs: what the total holds beside them. */
      add_bytes_row (table, _("Activations"), est->activation_peak_bytes, settings);
      add_bytes_row (table, _("CUDA graph memory"), est->cuda_graph_bytes, settings);
    }
  else
    {
      add_bytes_row (table, _("Gradients"), est->gradients_bytes, settings);
      add_bytes_row (table, _("Optimizer states"), est->optimizer_bytes, settings);
      add_bytes_row (table, _("Activations"), est->activations_bytes, settings);
    }
  add_bytes_row (table, _("KV cache"), est->kv_cache_bytes, settings);
  /* The framework's own figure, in the convention of its range below
   * ("1.00–2.00 GiB"); the allocator's gaps and ZeRO-3's gathered layers
   * apart: summed into one "Framework overhead 4.4 GiB", the row could
   * not be read against that range. */
  add_row (table, _("Framework overhead"),
           cp_words_spread_value (e->project, CP_SPREAD_FRAMEWORK_OVERHEAD,
                                  est->overhead_bytes - est->fragmentation_bytes - est->gathered_layers_bytes -
                                    est->reduce_scatter_bytes - est->zero3_step_copy_bytes -
                                    est->zero3_adamw_temp_bytes,
                                  C_("language code", "en")));
  if (est->fragmentation_bytes > 0)
    {
      g_autofree char *share = cp_cli_format_number (settings->fragmentation_fraction * 100, 0);
      /* TRANSLATORS: a memory row; %s is a percentage number such as "5" */
      g_autofree char *label = g_strdup_printf (_("Fragmentation (%s%% of states and activations)"), share);

      add_bytes_row (table, label, est->fragmentation_bytes, settings);
    }
  if (est->gathered_layers_bytes > 0)
    add_bytes_row (table, _("Layers gathered whole (ZeRO-3)"), est->gathered_layers_bytes, settings);
  if (est->reduce_scatter_bytes > 0)
    add_bytes_row (table, _("A layer's gradients being reduce-scattered (ZeRO-3)"), est->reduce_scatter_bytes, settings);
  if (est->zero3_step_copy_bytes > 0)
    add_bytes_row (table, _("Gradients copied flat and to fp32 for the step (DeepSpeed ZeRO-3)"),
                   est->zero3_step_copy_bytes, settings);
  if (est->zero3_adamw_temp_bytes > 0)
    add_bytes_row (table, _("AdamW’s sqrt(v) of a sub-group at the step (DeepSpeed ZeRO-3)"),
                   est->zero3_adamw_temp_bytes, settings);
  add_bytes_row (table, _("Total"), est->memory_per_gpu_bytes, settings);
  add_bytes_row (table, _("Available"), est->available_per_gpu_bytes, settings);
  /* "Tight" above 90% of memory, as the plan's table says (walk37 F4:
   * "Yes" here at 64.0 of 64.0 GiB beside "Tight" there). */
  add_row (table, _("Fits"), g_strdup (cp_estimate_is_tight (est) ? cp_words_fits (est) : cp_cli_yes_no (est->fits)));
  if (refusal != NULL)
    add_row (table, _("Why it does not fit"), g_strdup (refusal));
  add_row (table, _("Memory gap (need ÷ one node)"), cp_cli_format_number (est->memory_gap, 2));

  if (job->kind == CP_TASK_INFERENCE)
    {
      g_autofree char *kv_number = cp_cli_format_number (est->kv_bytes_per_token, 0);
      g_autofree char *kv_bytes = cp_format_bytes (est->kv_bytes_per_token, settings->memory_unit);
      g_autofree char *concurrency = cp_cli_format_number (est->max_concurrency, 2);
      g_autofree char *context = cp_cli_format_number (job->context_len, 0);
      g_autofree char *whole_number = cp_cli_format_number (est->requests_per_replica, 0);
      /* TRANSLATORS: the whole requests a replica carries; %s is a number */
      g_autofree char *whole_requests = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s whole request",
                                                                      "%s whole requests", (gulong) est->requests_per_replica),
                                                         whole_number);

      cp_cli_table_add_heading (table, _("Inference"));
      add_row (table, _("KV cache per token"), g_strdup_printf ("%s B (%s)", kv_number, kv_bytes));
      add_row (table, _("KV-cache budget per GPU"), cp_format_bytes (est->kv_budget_bytes, settings->memory_unit));
      /* What each request counts against the cache (kv-admission): paged,
       * fewer tokens than the context vLLM's figure below is for, so more
       * requests run at once than that figure says. */
      add_row (table, _("KV tokens a running request counts"),
               cp_cli_format_number (est->kv_tokens_held_per_request, 0));
      /* Whole requests first, what the sizing uses; vLLM's own figure
       * after, named as vLLM prints it: "Concurrency per replica
       * 104.27×" read as a speed-up (walkthrough 13). */
      /* TRANSLATORS: whole requests a replica's KV cache holds; then vLLM's "Maximum concurrency" figure and the request length it is for */
      add_row (table, _("Requests a replica's KV cache holds"),
               g_strdup_printf (_("%s (vLLM's “Maximum concurrency”: %s× for %s-token requests)"),
                                whole_requests, concurrency, context));
      if (est->kv_measured || est->kv_extrapolated)
        add_row (table, _("KV-cache source"),
                 g_strdup (est->kv_measured ? _("measured in the trial run, on this quote and replica size")
                                            : _("the trial run’s, carried over by the memory left after the weights")));
      add_row (table, _("Replicas per node"), g_strdup_printf ("%u", est->replicas_per_node));
      add_row (table, _("Replicas needed"), g_strdup_printf ("%u", est->replicas_needed));
      add_row (table, _("Nodes needed"), g_strdup_printf ("%u", est->nodes_needed));
      add_serving_rows (table, job, settings, est, e->options.request_fitted, e->plan->cost_unknown, currency);
    }

  cp_cli_table_add_heading (table, _("Time"));
  if (!runs)
    {
      add_row (table, _("Run time"), g_strdup (_("none: the job cannot run (Why it does not fit, above)")));
      cp_cli_table_add_heading (table, _("Cost"));
      add_row (table, _("Total"), g_strdup (_("none: the job cannot run (Why it does not fit, above)")));
      print_verdict (table, e, settings);
      cp_cli_table_print (table, stdout);
      return;
    }
  add_row (table, _("Source"), g_strdup (cp_words_capitalised (cp_words_time_source (est->time_source))));
  if (training)
    {
      g_autofree char *mfu = cp_cli_format_number (est->achieved_mfu * 100, 1);

      add_row (table, _("Compute"), cp_cli_format_duration (est->compute_s));
      add_row (table, _("Communication (before overlap)"), cp_cli_format_duration (est->communication_s));
      add_row (table, _("Communication left exposed"), cp_cli_format_duration (est->exposed_communication_s));
      if (est->overlap_slowdown_s > 0)
        add_row (table, _("Of which compute slowed by hidden communication"), cp_cli_format_duration (est->overlap_slowdown_s));
      add_row (table, _("Pipeline bubble"), cp_cli_format_duration (est->bubble_s));
      if (est->layout.expert_parallel > 1)
        add_row (table, _("All-to-all (experts)"), cp_cli_format_duration (est->all_to_all_s));
      add_row (table, _("Communication ÷ compute"), cp_cli_format_number (est->comm_compute_ratio, 3));
      add_row (table, _("Achieved MFU"), g_strdup_printf ("%s%%", mfu));
    }
  if (training)
    {
      g_autofree char *interruptions = cp_cli_format_number (est->expected_interruptions,
                                                             est->expected_interruptions < 1 ? 3 : 1);
      g_autofree char *goodput = cp_words_goodput (est->goodput, C_("language code", "en"));

      add_row (table, _("Expected interruptions"), g_steal_pointer (&interruptions));
      /* With nothing expected to fail no checkpoint is planned: an
       * interval of "0.00 s" read as checkpointing without pause. */
      if (est->checkpoint_interval_s > 0)
        {
          add_row (table, _("Checkpoint write"), cp_cli_format_duration (est->checkpoint_s));
          add_row (table, _("Checkpoint interval"), cp_cli_format_duration (est->checkpoint_interval_s));
        }
      else
        add_row (table, _("Checkpoints"),
                 g_strdup (_("none counted: at a failure rate of 0 no interruption is expected, and no interval is stated")));
      add_row (table, _("Restart"), cp_cli_format_duration (est->restart_s));
      add_row (table, _("Lost to interruptions"), cp_cli_format_duration (est->lost_s));
      add_row (table, _("Goodput (useful ÷ wall time)"), g_steal_pointer (&goodput));
    }
  else
    {
      g_autofree char *interruptions = cp_cli_format_number (est->expected_interruptions, 3);
      g_autofree char *goodput = cp_words_goodput (est->goodput, C_("language code", "en"));

      add_row (table, _("Expected interruptions"), g_steal_pointer (&interruptions));
      add_row (table, _("Time up (of the period)"), g_steal_pointer (&goodput));
    }
  {
    g_autofree char *low = cp_cli_format_duration (e->range.total_s_low);
    g_autofree char *high = cp_cli_format_duration (e->range.total_s_high);

    add_row (table, _("Run time"), cp_cli_format_duration (est->total_s));
    /* TRANSLATORS: a figure's range, low to high */
    add_row (table, _("Run time range"), g_strdup_printf (_("%s – %s"), low, high));
  }
  add_row (table, _("GPU-hours"), cp_cli_format_number (est->gpu_hours, 0));
  {
    g_autofree char *calendar = cp_cli_format_number (est->calendar_days, cp_days_decimals (est->calendar_days));
    g_autofree char *debug = cp_cli_format_number (est->debug_days, cp_days_decimals (est->debug_days));
    g_autofree char *migration = cp_cli_format_number (est->migration_days, cp_days_decimals (est->migration_days));

    /* TRANSLATORS: calendar days of the project, then the days of it spent debugging and migrating */
    add_row (table, _("Project calendar"),
             g_strdup_printf (_("%s days (debugging %s, migration %s)"), calendar, debug, migration));
  }
  if (training)
    {
      g_autofree char *percent = cp_cli_format_number (settings->debug_share * 100, 1);

      /* The value used and where it came from. */
      add_row (table, _("Debugging share"),
               g_strdup_printf (e->options.debug_share != NULL ? _("%s%% (--debug-share)")
                                                                : _("%s%% (default, rule R4)"), percent));
    }
  if (cp_job_deadline_days (job) > 0)
    add_row (table, _("Meets the deadline"), g_strdup (cp_cli_yes_no (est->meets_deadline)));
  else if (training)
    {
      /* One decimal, as R6 and R7 state the same limit. */
      g_autofree char *longest_days = cp_cli_format_number (est->longest_run_days, 1);

      /* TRANSLATORS: yes or no, then the longest acceptable run in days */
      add_row (table, _("Within the longest acceptable run"),
               g_strdup_printf (_("%s (limit %s days)"), cp_cli_yes_no (est->meets_deadline), longest_days));
    }
  if (training && est->mfu_run_s > 0)
    add_mfu_rows (table, est);

  cp_cli_table_add_heading (table, _("Cost"));
  /* No total made of the few costs known without a price. */
  if (e->plan->cost_unknown)
    add_row (table, _("Total"), g_strdup (_("needs a price (--price-per-gpu-hour, --price-per-node-hour or --price-per-node-month)")));
  else
    {
      /* The parts add up to the total shown: in whole units they are
       * rounded by the report's and the window's one rule
       * (cp_estimate_shown_cost_parts()), the same figures as theirs. */
      double parts[] = { est->compute_cost, est->debug_cost, est->network_cost, est->storage_cost,
                         est->fees_cost, est->engineering_cost };
      double shown[G_N_ELEMENTS (parts)];

      G_STATIC_ASSERT (G_N_ELEMENTS (parts) == CP_N_COST_PARTS);
      if (fabs (est->total_cost) >= 100)
        cp_estimate_shown_cost_parts (est, shown);
      else
        memcpy (shown, parts, sizeof parts);
      add_row (table, _("Compute"), cost_part (shown[0], est->total_cost, currency));
      if (cp_quote_minimum_term_is_assumed (quote))
        {
          g_autofree char *term_h = cp_cli_format_number (cp_quote_minimum_term_h (quote, settings), 0);

          /* TRANSLATORS: %s is a number of hours such as "730" */
          add_row (table, _("Minimum term"),
                   g_strdup_printf (_("%s h: one month, as the price is per node-month and no term is stated"), term_h));
        }
      add_row (table, _("Debugging"), cost_part (shown[1], est->total_cost, currency));
      add_row (table, _("Network"), cost_part (shown[2], est->total_cost, currency));
      add_row (table, _("Storage"), cost_part (shown[3], est->total_cost, currency));
      add_row (table, _("Fees"), cost_part (shown[4], est->total_cost, currency));
      add_row (table, _("Engineering (migration)"), cost_part (shown[5], est->total_cost, currency));
      add_row (table, _("Total"), cost_part (est->total_cost, est->total_cost, currency));
      add_row (table, _("Total cost range"), cp_cli_format_money_range (e->range.total_cost_low, e->range.total_cost_high, currency));
    }

  print_verdict (table, e, settings);
  cp_cli_table_print (table, stdout);
}
