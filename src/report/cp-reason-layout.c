/* cp-reason-layout.c: a training layout in words, and why the search
 * chose it over the runner-up (split from cp-reason-text.c). */
#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>
#include <stdlib.h>

#include "planner/cp-catalog.h"
#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

static char *
layout_text (const CpLayout *layout,
             const char     *lang)
{
  GString *text = g_string_new (NULL);

  /* TRANSLATORS: tensor × pipeline × data parallel sizes of a training layout */
  g_string_append_printf (text, _("TP %u × PP %u × DP %u"), layout->tensor_parallel,
                          layout->pipeline_parallel, layout->data_parallel);
  if (layout->expert_parallel > 1)
    g_string_append_printf (text, _(", EP %u"), layout->expert_parallel);
  if (layout->virtual_stages > 1)
    g_string_append_printf (text, _(", %u interleaved stages"), layout->virtual_stages);
  else if (layout->pipeline_parallel > 1)
    /* Without a pipeline there is nothing to interleave, so this is said
     * only of layouts with one. */
    g_string_append (text, _(", no interleaving"));
  g_string_append_printf (text, _(", ZeRO-%u, micro-batch %u"), layout->zero_stage, layout->micro_batch);
  switch (layout->recompute)
    {
    case CP_RECOMPUTE_NONE: g_string_append (text, _(", no recompute")); break;
    case CP_RECOMPUTE_SELECTIVE: g_string_append (text, _(", selective recompute")); break;
    case CP_RECOMPUTE_FULL:
      if (layout->recomputed_layers > 0 && layout->recomputed_layers < layout->layers_per_gpu)
        /* TRANSLATORS: Megatron-LM's block recompute: the forward pass of %u
         * of the %u layers on each GPU runs again in the backward */
        g_string_append_printf (text, _(", full recompute of %u of %u layers"),
                                layout->recomputed_layers, layout->layers_per_gpu);
      else
        g_string_append (text, _(", full recompute"));
      break;
    case CP_RECOMPUTE_AUTO:
    case CP_N_RECOMPUTES:
    default:
      break;
    }
  return g_string_free (text, FALSE);
}

char *
cp_words_layout (const CpLayout *layout,
                 const char     *lang)
{
  char *text;

  g_return_val_if_fail (layout != NULL, NULL);
  cp_i18n_push_language (lang);
  text = layout_text (layout, lang);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_estimate_layout (const CpProject  *project,
                          const CpEstimate *est,
                          const char       *lang)
{
  g_autofree char *words = NULL;
  g_autofree char *host = NULL;
  char *text;

  g_return_val_if_fail (project != NULL && est != NULL, NULL);
  words = cp_words_layout (&est->layout, lang);
  if (!est->cpu_offload)
    return g_steal_pointer (&words);
  host = cp_reason_host_memory_text (project, est->host_memory_per_node_bytes, lang);
  cp_i18n_push_language (lang);
  /* TRANSLATORS: a training layout in words, then the optimizer states kept in CPU memory,
   * e.g. "…, CPU offload (1,043 GiB of each machine's host memory)" */
  text = g_strdup_printf (_("%s, CPU offload (%s of each machine's host memory)"), words, host);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_recompute (const CpEstimate *est)
{
  switch (est->layout.recompute)
    {
    case CP_RECOMPUTE_NONE: return g_strdup (_("none"));
    /* TRANSLATORS: activation recompute of a layout, in a table cell */
    case CP_RECOMPUTE_SELECTIVE: return g_strdup (_("selective"));
    case CP_RECOMPUTE_FULL:
      if (est->layout.recomputed_layers > 0 && est->layout.recomputed_layers < est->layout.layers_per_gpu)
        /* TRANSLATORS: activation recompute of a layout, in a table cell:
         * %u of the %u layers on each GPU are recomputed in full ("full, 1
         * of 64 layers" read as a contradiction: walkthrough 21) */
        return g_strdup_printf (_("full on %u of %u layers"), est->layout.recomputed_layers, est->layout.layers_per_gpu);
      /* TRANSLATORS: activation recompute of a layout, in a table cell */
      return g_strdup (_("full"));
    case CP_RECOMPUTE_AUTO:     /* a job's setting, never an estimate's */
    case CP_N_RECOMPUTES:
    default:
      break;
    }
  return g_strdup ("?");
}

char *
cp_words_layout_choice (const CpProject  *project,
                        const CpEstimate *est,
                        const char       *lang)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (project != NULL && est != NULL, NULL);
  cp_i18n_push_language (lang);
  if (!est->layout_searched)
    g_string_append (text, _("The layout as the job pins it: nothing was left to the search."));
  else if (est->layouts_evaluated == 0 && est->memory_measured && est->fits)
    {
      g_autofree char *peak = cp_reason_bytes_text (project, est->memory_per_gpu_bytes);

      /* The search times only layouts its memory model fits; the trial's
       * peak overrode that model afterwards. */
      g_string_append_printf (text, _("No layout fits by the memory model, so the search timed none; this one, the closest to fitting, is kept because the trial run measured a peak of %s per GPU on this hardware."),
                              peak);
    }
  else if (est->layouts_evaluated == 0)
    g_string_append (text, _("No layout fits in memory, so the search timed none: this is the one closest to fitting."));
  else if (est->layout_fastest_total_s > 0 && est->available_per_gpu_bytes > 0)
    {
      /* Timed, not weighed: layouts a lower bound left out are not
       * counted as timed. */
      g_autofree char *count = cp_i18n_format_number (est->layouts_timed, 0, lang);
      g_autofree char *runner_up = cp_words_runner_up (est, lang);
      g_autofree char *slower = cp_i18n_format_percent (est->total_s / est->layout_fastest_total_s - 1.0, lang);
      g_autofree char *share = cp_i18n_format_percent (est->layout_fastest_memory_per_gpu_bytes / est->available_per_gpu_bytes, lang);
      g_autofree char *limit = cp_i18n_format_percent (CP_TIGHT_MEMORY_SHARE, lang);

      /* The search kept out of Tight at a small cost in time; "because
       * the fastest uses" says which layout is at that share, and why it
       * was not chosen ("which uses" read as the chosen one, walk42 F7). */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 /* TRANSLATORS: %s are the number of layouts timed, how much slower the chosen layout is than the fastest, the share of each GPU's memory the fastest uses, the 90% limit, and the runner-up with its reason */
                                                 "Chosen by the search among %s layout timed: %s slower than the fastest that fits, because the fastest uses %s of each GPU's memory, above %s (Tight). Runner-up: %s.",
                                                 "Chosen by the search among %s layouts timed: %s slower than the fastest that fits, because the fastest uses %s of each GPU's memory, above %s (Tight). Runner-up: %s.",
                                                 est->layouts_timed),
                              count, slower, share, limit, runner_up);
    }
  else
    {
      g_autofree char *count = cp_i18n_format_number (est->layouts_timed, 0, lang);
      g_autofree char *runner_up = cp_words_runner_up (est, lang);

      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 /* TRANSLATORS: %s are the number of layouts timed and the runner-up with its reason */
                                                 "Chosen by the search among %s layout timed, the fastest that fits. Runner-up: %s.",
                                                 "Chosen by the search among %s layouts timed, the fastest that fits. Runner-up: %s.",
                                                 est->layouts_timed),
                              count, runner_up);
    }
  if (est->time_source == CP_TIME_SOURCE_TRIAL || est->time_source == CP_TIME_SOURCE_EXTRAPOLATED)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, est->time_source == CP_TIME_SOURCE_TRIAL
                             ? _("Its run time is the trial run's measured throughput, not the search's model.")
                             : _("Its run time is the trial run's throughput, measured on another GPU and scaled by dense peak, not the search's model."));
    }
  cp_i18n_pop_language ();
  return g_string_free (text, FALSE);
}

char *
cp_words_runner_up (const CpEstimate *est,
                    const char       *lang)
{
  g_autofree char *layout = NULL;
  g_autofree char *slower = NULL;
  g_autofree char *headroom = NULL;
  double delta_bytes = est->memory_per_gpu_bytes - est->runner_up_memory_per_gpu_bytes;
  char *text;

  g_return_val_if_fail (est != NULL, NULL);
  cp_i18n_push_language (lang);
  layout = layout_text (&est->runner_up, lang);
  headroom = cp_format_bytes (fabs (delta_bytes), CP_MEMORY_UNIT_GIB);
  slower = cp_i18n_format_percent (est->total_s > 0 ? est->runner_up_total_s / est->total_s - 1.0 : 0, lang);
  switch (est->layout_why)
    {
    case CP_LAYOUT_WHY_FASTER:
      /* Below what the report prints (0.1 GiB), the headroom is the same. */
      if (fabs (delta_bytes) < 0.05 * 1024 * 1024 * 1024)
        text = g_strdup_printf (_("%s: %s slower, with the same memory headroom"), layout, slower);
      else if (delta_bytes > 0)
        text = g_strdup_printf (_("%s: %s slower, though %s more memory headroom"), layout, slower, headroom);
      else
        text = g_strdup_printf (_("%s: %s slower and %s less memory headroom"), layout, slower, headroom);
      break;
    case CP_LAYOUT_WHY_HEADROOM:
      text = g_strdup_printf (_("%s: as fast within 1%%, but %s less memory headroom"), layout, headroom);
      break;
    case CP_LAYOUT_WHY_ONLY_FIT:
      text = g_strdup_printf (_("%s: does not fit"), layout);
      break;
    case CP_LAYOUT_WHY_SAFE_HEADROOM:
      {
        g_autofree char *faster = cp_i18n_format_percent (est->runner_up_total_s > 0 ? est->total_s / est->runner_up_total_s - 1.0 : 0, lang);
        g_autofree char *share = cp_i18n_format_percent (est->available_per_gpu_bytes > 0 ? est->runner_up_memory_per_gpu_bytes / est->available_per_gpu_bytes : 0, lang);

        /* TRANSLATORS: the runner-up layout; %s: the layout, how much faster it is, the share of GPU memory it uses, the headroom it gives up */
        text = g_strdup_printf (_("%s: %s faster, but uses %s of each GPU's memory (Tight), %s less memory headroom"),
                                layout, faster, share, headroom);
      }
      break;
    case CP_LAYOUT_WHY_NONE:
    case CP_N_LAYOUT_WHYS:
    default:
      text = g_strdup (_("no other layout fits"));
      break;
    }
  cp_i18n_pop_language ();
  return text;
}

/* The groups of CpMfuLoss an approver knows by name, each with its
 * mechanisms' seconds summed. */
typedef struct {
  const char *words;
  double seconds;
} MfuLossGroup;

static int
compare_groups_by_seconds (gconstpointer a,
                           gconstpointer b)
{
  const MfuLossGroup *x = a, *y = b;

  return (x->seconds < y->seconds) - (x->seconds > y->seconds);
}

char *
cp_words_achieved_mfu (const CpEstimate *est,
                       const char       *lang)
{
  MfuLossGroup groups[] = {
    /* TRANSLATORS: a cause of a lower MFU, in a list ("the experts' small GEMMs, communication and pipeline bubbles") */
    { _("the experts’ small GEMMs"), est->mfu_loss_s[CP_MFU_LOSS_EXPERT_GEMMS] + est->mfu_loss_s[CP_MFU_LOSS_TOKEN_PERMUTATION] },
    /* TRANSLATORS: a cause of a lower MFU, in a list */
    { _("communication"), est->mfu_loss_s[CP_MFU_LOSS_TP_COMMUNICATION] + est->mfu_loss_s[CP_MFU_LOSS_PP_COMMUNICATION] +
                          est->mfu_loss_s[CP_MFU_LOSS_DP_COMMUNICATION] + est->mfu_loss_s[CP_MFU_LOSS_ALL_TO_ALL] +
                          est->mfu_loss_s[CP_MFU_LOSS_OVERLAP_SLOWDOWN] + est->mfu_loss_s[CP_MFU_LOSS_OFFLOAD] },
    /* TRANSLATORS: a cause of a lower MFU, in a list */
    { _("pipeline bubbles"), est->mfu_loss_s[CP_MFU_LOSS_BUBBLE] + est->mfu_loss_s[CP_MFU_LOSS_STAGE_IMBALANCE] },
    /* TRANSLATORS: a cause of a lower MFU, in a list */
    { _("recomputed forward passes"), est->mfu_loss_s[CP_MFU_LOSS_RECOMPUTE] },
    /* TRANSLATORS: a cause of a lower MFU, in a list: the attention's FLOPs that 6·N·D leaves out */
    { _("attention’s own FLOPs"), est->mfu_loss_s[CP_MFU_LOSS_ATTENTION] },
  };
  g_autoptr(GPtrArray) causes = g_ptr_array_new ();
  g_autofree char *achieved = NULL;
  g_autofree char *assumed = cp_i18n_format_percent (est->mfu_utilisation, lang);
  g_autofree char *joined = NULL;

  /* Only a modelled time has an assumed utilisation to set it beside: a
   * given MFU or a trial's rate is the run's own. */
  if (est->time_source != CP_TIME_SOURCE_MODEL || !(est->mfu_utilisation > 0) || !(est->achieved_mfu > 0))
    return NULL;
  {
    g_autofree char *number = cp_i18n_format_number (est->achieved_mfu * 100, 1, lang);

    achieved = g_strdup_printf ("%s%%", number);
  }
  /* MFU counts 6·N·D; LoRA's backward computes no gradients of the
   * frozen weights, so its run does fewer FLOPs than MFU credits. */
  if (est->achieved_mfu > est->mfu_utilisation && est->mfu_loss_s[CP_MFU_LOSS_TASK_FLOPS] < 0)
    /* TRANSLATORS: the achieved MFU, then the assumed compute utilisation, both in percent */
    return g_strdup_printf (_("Achieved MFU %s, above the assumed compute utilisation of %s: MFU counts 6 FLOPs per parameter and token, and the adapters’ training skips the frozen weights’ gradients."),
                            achieved, assumed);
  /* The causes that take at least 1% of the run, largest first, three
   * at most: a list of every mechanism would bury the main one. */
  qsort (groups, G_N_ELEMENTS (groups), sizeof groups[0], compare_groups_by_seconds);
  for (guint i = 0; i < G_N_ELEMENTS (groups) && causes->len < 3; i++)
    if (groups[i].seconds >= 0.01 * est->mfu_run_s)
      g_ptr_array_add (causes, (gpointer) groups[i].words);
  if (causes->len == 0)
    /* TRANSLATORS: the achieved MFU, then the assumed compute utilisation, both in percent */
    return g_strdup_printf (_("Achieved MFU %s, near the assumed compute utilisation of %s."), achieved, assumed);
  joined = cp_words_join_names (causes);
  /* TRANSLATORS: the achieved MFU; the assumed compute utilisation; what slows the run (“the experts’ small GEMMs, communication and pipeline bubbles”); the achieved MFU again */
  return g_strdup_printf (_("Achieved MFU %s, against the assumed compute utilisation of %s: the assumed rate is for the dense matrix work; %s bring the whole run to %s."),
                          achieved, assumed, joined, achieved);
}
