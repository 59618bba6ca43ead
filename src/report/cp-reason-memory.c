/* cp-reason-memory.c: the reasons of rules R1 to R3: memory gap,
 * kind of fine-tuning and inference concurrency (what fits on one machine). */
#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

char *
cp_reason_text_memory (const CpReason  *reason,
                       const CpProject *project,
                       const CpPlan    *plan,
                       const char      *lang)
{
  const double *v = reason->values;
  const CpSettings *settings = &project->settings;
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL;

  switch (reason->outcome)
    {
    case CP_OUTCOME_FITS:
      /* v[1] is one copy of the job at DP 1, unsharded (cp-estimate.c):
       * "in all" beside 8 data-parallel GPUs holding 59.7 GiB each read as
       * the whole job's 60.4 GiB, and R2 said "in total" of the same figure
       * beside a page renting 8 GPUs (approver 36, D19). */
      a = cp_reason_bytes_text (project, v[1]);
      b = cp_reason_ratio_text (v[0], lang);
      c = cp_reason_bytes_text (project, v[2]);
      /* R1 weighs the memory in a layout the search chooses: beside the
       * verdict "no quote takes the layout asked for" it may not read as
       * "it runs" (issue 20). */
      if (plan != NULL && plan->shortfall == CP_SHORTFALL_LAYOUT)
        /* TRANSLATORS: R1 when no quote takes the layout the job pins; "%s×" is the memory gap */
        return g_strdup_printf (_("One copy of the job, unsplit, needs %s of GPU memory, %s what one machine offers (%s): its memory fits on a single machine in a layout the search chooses, but the layout asked for runs on no quote."), a, b, c);
      if (plan != NULL && plan->recommended >= 0)
        {
          const CpEstimate *chosen = &g_array_index (plan->options, CpOption, plan->recommended).estimate;

          /* The table's per-GPU figure of the layout chosen, 78.8 GiB of
           * 80 and "Tight", read as a contradiction of "0.40×, it fits"
           * (walkthrough 17), and "keeps copies" beside DP 1 as one more
           * (approver 22, finding 9): the GPUs hold more than an even
           * share of the total because the weights and optimizer states
           * split over them but the activations do not (a pipeline stage
           * keeps several micro-batches in flight, a data-parallel rank
           * its own). Both parts are said, so the 8 × 79.6 GiB
           * against 308.6 GiB checks by hand. */
          if (chosen->nodes <= 1 && chosen->gpus > 0 &&
              chosen->memory_per_gpu_bytes * chosen->gpus > 1.2 * v[1])
            {
              double states_bytes = chosen->weights_bytes + chosen->gradients_bytes + chosen->optimizer_bytes;
              g_autofree char *per_gpu = cp_reason_bytes_text (project, chosen->memory_per_gpu_bytes);
              g_autofree char *offered = cp_reason_bytes_text (project, chosen->available_per_gpu_bytes);
              g_autofree char *share = cp_reason_bytes_text (project, v[1] / chosen->gpus);
              g_autofree char *states = cp_reason_bytes_text (project, states_bytes);
              g_autofree char *rest = cp_reason_bytes_text (project, chosen->memory_per_gpu_bytes - states_bytes);

              const CpLayout *layout = &chosen->layout;
              g_autofree char *why = NULL;

              if (layout->data_parallel > 1)
                /* TRANSLATORS: R1, why the GPUs hold more than an even share; the data-parallel copies */
                why = g_strdup_printf (_("each of its %u data-parallel copies keeps its own activations, and its own weights where ZeRO does not shard them"),
                                       layout->data_parallel);
              else if (layout->pipeline_parallel > 1)
                /* TRANSLATORS: R1, why the GPUs hold more than an even share; the GPUs the model is split over */
                why = g_strdup_printf (_("the model is split over its %u GPUs, but each pipeline stage keeps the activations of several micro-batches in flight"),
                                       chosen->gpus);
              else
                /* TRANSLATORS: R1, why the GPUs hold more than an even share; the GPUs the model is split over */
                why = g_strdup_printf (_("the model is split over its %u GPUs, but not all of its activations are"), chosen->gpus);
              /* TRANSLATORS: R1; the memory of one unsplit copy of the job, the gap ("0.45×"), one machine's memory; then the
               * memory on each GPU in the layout chosen, the memory of a GPU, the even share of the total
               * (the total ÷ the GPUs), the weights and optimizer states on each GPU, the rest, and why
               * (e.g. "the model is split over its 8 GPUs, but each pipeline stage keeps…") */
              return g_strdup_printf (_("One copy of the job, unsplit, needs %s of GPU memory, %s what one machine offers (%s): it fits on a single machine. "
                                        "Each GPU of the layout chosen holds %s of its %s, more than an even share (%s): "
                                        "%s of weights and optimizer states and %s of activations and working memory; %s."),
                                      a, b, c, per_gpu, offered, share, states, rest, why);
            }
        }
      /* TRANSLATORS: R1; "%s×" is the memory gap, e.g. "0.45×" */
      return g_strdup_printf (_("One copy of the job, unsplit, needs %s of GPU memory, %s what one machine offers (%s): it fits on a single machine."), a, b, c);

    case CP_OUTCOME_FITS_WITH_TECHNIQUE:
      a = cp_reason_ratio_text (v[0], lang);
      b = cp_reason_technique_text (v[1]);
      c = cp_reason_bytes_text (project, v[2]);
      d = cp_reason_bytes_text (project, v[3]);
      if (plan != NULL && plan->shortfall == CP_SHORTFALL_LAYOUT)
        /* TRANSLATORS: R1 when no quote takes the layout the job pins; gap, technique, memory per GPU, memory available */
        return g_strdup_printf (_("The job needs %s the memory of one machine; with %s it needs %s per GPU, within the %s available, in a layout the search chooses: one machine could hold it, but the layout asked for runs on no quote."), a, b, c, d);
      return g_strdup_printf (_("The job needs %s the memory of one machine; with %s it needs %s per GPU, within the %s available, so one machine can run it."), a, b, c, d);

    case CP_OUTCOME_JUDGEMENT_ZONE:
      {
        g_autofree char *low = cp_reason_ratio_text (settings->judgement_gap_low, lang);
        g_autofree char *high = cp_reason_ratio_text (settings->judgement_gap_high, lang);

        a = cp_reason_ratio_text (v[0], lang);
        if (v[1] < 0)
          return g_strdup_printf (_("The job needs %s the memory of one machine, between %s and %s: a judgement call. No memory technique brings it within one machine; both a single machine and a cluster are shown."), a, low, high);
        b = cp_reason_technique_text (v[1]);
        c = cp_reason_bytes_text (project, v[2]);
        d = cp_reason_bytes_text (project, v[3]);
        return g_strdup_printf (_("The job needs %s the memory of one machine, between %s and %s: a judgement call. With %s it needs %s per GPU against %s available; both a single machine and a cluster are shown."), a, low, high, b, c, d);
      }

    case CP_OUTCOME_GAP_NEEDS_CLUSTER:
      {
        g_autofree char *high = cp_reason_ratio_text (settings->judgement_gap_high, lang);

        a = cp_reason_bytes_text (project, v[1]);
        b = cp_reason_ratio_text (v[0], lang);
        c = cp_reason_bytes_text (project, v[2]);
        return g_strdup_printf (_("The job needs %s of GPU memory, %s what one machine offers (%s): above %s, go to a cluster with model, pipeline or tensor parallelism."), a, b, c, high);
      }

    case CP_OUTCOME_TECHNIQUES_FAIL:
      a = cp_reason_bytes_text (project, v[1]);
      b = cp_reason_ratio_text (v[0], lang);
      c = cp_reason_bytes_text (project, v[2]);
      return g_strdup_printf (_("The job needs %s of GPU memory, %s what one machine offers (%s), and no memory technique closes the gap: it needs a cluster."), a, b, c);

    case CP_OUTCOME_HOST_MEMORY_SHORT:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        a = cp_reason_ratio_text (v[0], lang);
        b = cp_reason_host_memory_text (project, v[1], lang);
        c = cp_reason_host_memory_text (project, v[2], lang);
        /* TRANSLATORS: R1; a ratio, two sizes, then the quote's name */
        return g_strdup_printf (_("The job needs %s the memory of one machine. CPU offload would fit it in the GPUs, but it keeps %s of optimizer states, fp32 master weights and gradients in each machine's host memory, more than the %s that %s states: one of its machines cannot run it."), a, b, c, name);
      }

    case CP_OUTCOME_FULL_FINETUNE_CLUSTER:
      a = cp_i18n_format_count (v[0], lang);
      return g_strdup_printf (_("Full-parameter fine-tuning of a %s-parameter model usually needs a cluster."), a);

    case CP_OUTCOME_PEFT_SINGLE_GPU:
      a = cp_i18n_format_count (v[0], lang);
      b = cp_reason_bytes_text (project, v[1]);
      c = cp_reason_bytes_text (project, v[2]);
      return g_strdup_printf (_("Parameter-efficient fine-tuning of a %s-parameter model needs %s of GPU memory as one unsplit copy, within the %s of one GPU: one large-memory GPU can hold it and no cluster is needed; more GPUs only run it faster."), a, b, c);

    case CP_OUTCOME_PEFT_NEEDS_MORE:
      a = cp_i18n_format_count (v[0], lang);
      b = cp_reason_bytes_text (project, v[1]);
      c = cp_reason_bytes_text (project, v[2]);
      return g_strdup_printf (_("Parameter-efficient fine-tuning of a %s-parameter model needs %s of GPU memory as one unsplit copy, more than the %s of one GPU: it needs several GPUs."), a, b, c);

    case CP_OUTCOME_CONCURRENCY_ONE_NODE:
      {
        g_autofree char *requests = NULL;
        g_autofree char *needed = NULL;

        a = cp_i18n_format_number (v[0], 0, lang);
        b = cp_i18n_format_number (v[1], 0, lang);
        c = cp_i18n_format_number (v[2], 0, lang);
        d = cp_i18n_format_number (v[3], 0, lang);
        /* The requests' own plural: a service of one read "1 concurrent
         * requests" under the replicas' plural. */
        requests = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 /* TRANSLATORS: R3, the target of a service: "1 concurrent request", "200 concurrent requests" */
                                                 "%s concurrent request", "%s concurrent requests", (gulong) v[0]),
                                    a);
        /* The replicas needed with their noun: "takes at least 1" read
         * as a broken sentence (walk37 W9). */
        needed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               /* TRANSLATORS: R3, the replicas a service needs: "1 replica" */
                                               "%s replica", "%s replicas", (gulong) v[2]),
                                  c);
        /* The machine runs every replica it holds, which share the
         * requests (cp-estimate-serving.c), and the serving table counts
         * them: "need 1 replica… room for 2" beside "Replicas 2" read as a
         * contradiction (walkthrough 13). What a replica carries is its
         * ceiling, the lesser of its memory's and the scheduler's: "up to
         * 1,024 a replica" read against the table's batch of 25, each
         * replica's share (walk37 W9). */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* TRANSLATORS: R3; the concurrent requests ("200 concurrent requests"), the most requests a replica can run at once, the replicas needed ("1 replica"), replicas one machine holds (1) */
                                             "Inference is sized by concurrency, not by the memory ceiling: serving %s, with a replica able to run up to %s at once (what its memory and the scheduler allow), takes %s; one machine holds %s replica, so a single machine serves the target.",
                                             "Inference is sized by concurrency, not by the memory ceiling: serving %s, with a replica able to run up to %s at once (what its memory and the scheduler allow), takes at least %s; one machine holds %s replicas and runs them all, each with its share of the requests, so a single machine serves the target.",
                                             (gulong) v[3]),
                                requests, b, needed, d);
      }

    case CP_OUTCOME_CONCURRENCY_CLUSTER:
      a = cp_i18n_format_number (v[0], 0, lang);
      b = cp_i18n_format_number (v[1], 0, lang);
      c = cp_i18n_format_number (v[2], 0, lang);
      d = cp_i18n_format_number (v[3], 0, lang);
      /* TRANSLATORS: R3; concurrent requests, replicas, requests per replica, machines (the count the plural follows) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s concurrent requests need %s replicas of %s requests, on %s machine: a cluster of replicas behind a load balancer.",
                                           "%s concurrent requests need %s replicas of %s requests, on %s machines: a cluster of replicas behind a load balancer.",
                                           (gulong) v[3]),
                              a, c, b, d);

    case CP_OUTCOME_ANSWER_OVER_TARGET:
      {
        g_autofree char *name = cp_words_quote_name (project, reason->quote_index);

        a = cp_words_answer_seconds (v[1], v[2], lang);
        b = cp_words_target_seconds (v[2], lang);
        /* TRANSLATORS: R3; the quote's name, the seconds a user waits for a whole answer, the job's target in seconds */
        return g_strdup_printf (_("%s answers in %s s, over the %s s target: at the target concurrency each user waits that long for a whole answer (the prompt and every output token), so it is not feasible."),
                                name, a, b);
      }

    case CP_OUTCOME_MODEL_DOES_NOT_FIT:
      a = cp_reason_bytes_text (project, v[0]);
      b = cp_reason_bytes_text (project, v[1]);
      return g_strdup_printf (_("The model's weights (%s) do not fit in one machine (%s): each replica must span several machines."), a, b);

    default:
      break;
    }
  return NULL;
}

char *
cp_words_refusal (const CpProject  *project,
                  const CpJob      *job,
                  const CpQuote    *quote,
                  const CpEstimate *est,
                  const char       *lang)
{
  guint tp = MAX (job->tensor_parallel, 1), pp = MAX (job->pipeline_parallel, 1);
  g_autofree char *need = NULL, *have = NULL;
  char *text = NULL;

  if (est->refusal == CP_REFUSAL_NONE)
    return NULL;
  cp_i18n_push_language (lang);
  switch (est->refusal)
    {
    case CP_REFUSAL_GPU_MEMORY:
      need = cp_reason_bytes_text (project, est->memory_per_gpu_bytes);
      have = cp_reason_bytes_text (project, est->available_per_gpu_bytes);
      text = g_strdup_printf (est->layout_searched
                              /* TRANSLATORS: the memory per GPU of the smallest layout tried, then the GPU's */
                              ? _("No layout fits: the smallest tried needs %s per GPU, more than the %s available")
                              : _("The layout needs %s per GPU, more than the %s available"),
                              need, have);
      break;
    case CP_REFUSAL_HOST_MEMORY:
      need = cp_reason_bytes_text (project, est->host_memory_per_node_bytes);
      have = cp_reason_bytes_text (project, quote->host_memory_per_node_bytes);
      text = g_strdup_printf (_("CPU offload needs %s of host memory per node, more than the %s the quote states"),
                              need, have);
      break;
    case CP_REFUSAL_QLORA_SPLIT:
      text = g_strdup_printf (_("TP %u × PP %u: QLoRA’s 4-bit base (bitsandbytes) trains with data parallelism only, TP 1 and PP 1"),
                              tp, pp);
      break;
    case CP_REFUSAL_TP_BEYOND_NODE:
      text = g_strdup_printf (_("TP %u is more than the %u GPUs of one node: tensor parallelism stays on one node’s GPU links (Megatron-LM’s practice)"),
                              tp, quote->gpus_per_node);
      break;
    case CP_REFUSAL_TP_HEADS:
      text = g_strdup_printf (_("TP %u does not divide the %u attention heads: each GPU takes whole heads (Megatron-LM requires it)"),
                              tp, job->model.heads);
      break;
    case CP_REFUSAL_SPLIT_GPUS:
      text = g_strdup_printf (_("TP %u × PP %u does not divide the %u GPUs into whole data-parallel replicas"),
                              tp, pp, est->gpus);
      break;
    case CP_REFUSAL_STAGE_LAYERS:
      text = g_strdup_printf (_("PP %u with %u interleaved stages per GPU makes %u model chunks, more than the %u layers: each chunk needs a layer at least"),
                              pp, job->virtual_stages, pp * job->virtual_stages, job->model.layers);
      break;
    case CP_REFUSAL_EP_EXPERTS:
      text = g_strdup_printf (_("EP %u does not divide the %u experts"), job->expert_parallel, job->model.experts_total);
      break;
    case CP_REFUSAL_EP_DATA_PARALLEL:
      text = g_strdup_printf (_("EP %u does not divide the %u GPUs of tensor × data parallel, which the expert-parallel ranks are taken from (Megatron-Core’s MoE parallel folding)"),
                              job->expert_parallel, est->gpus / pp);
      break;
    case CP_REFUSAL_NO_SPLIT:
      text = g_strdup_printf (_("No split of the %u GPUs matches the tensor, pipeline and expert parallel sizes asked for"),
                              est->gpus);
      break;
    case CP_REFUSAL_NONE:
    case CP_N_REFUSALS:
    default:
      break;
    }
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_refusal_line (const CpProject *project,
                       const CpJob     *job,
                       const CpOption  *option,
                       const char      *lang)
{
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  g_autofree char *reason = NULL;
  g_autofree char *name = NULL;
  char *line;

  if (option->estimate.fits)
    return NULL;
  reason = cp_words_refusal (project, job, quote, &option->estimate, lang);
  name = cp_words_quote_name (project, option->quote_index);
  cp_i18n_push_language (lang);
  line = reason != NULL
         /* TRANSLATORS: an option that cannot run: its quote, then why (a sentence) */
         ? g_strdup_printf (_("Does not fit: %s. %s."), name, reason)
         /* TRANSLATORS: an option that cannot run: its quote */
         : g_strdup_printf (_("Does not fit: %s."), name);
  cp_i18n_pop_language ();
  return line;
}
