/* cp-reason-risks.c: the risks of one option, with their thresholds, as
 * the job chapter and page 1 list them (cp_option_risks()), and whether
 * an estimate is tight (split from cp-reason-text.c). */
#include "cp-report-private.h"
#include "cp-reason-text.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-i18n.h"
#include "cp-reason-text-private.h"

/* Option risks and their thresholds.
 *
 * A quarter of the run spent communicating is where the network starts
 * to decide the schedule: NCCL reaches about 80% of a link's line rate
 * (PUBLISHED N1), so a fabric 20% slower than quoted then adds more than
 * 5% to the run. */
#define RISK_COMMUNICATION_SHARE 0.25
/* Below a tenth of the deadline to spare, the debugging estimate alone
 * (30–40% of a training calendar, rule R4: ten points of spread) can
 * use the margin up. */
#define RISK_DEADLINE_MARGIN 0.10
/* Above 90% of a GPU's memory, what the estimate leaves out (longer
 * sequences, fragmentation beyond the allowance) runs it out of memory:
 * the planner's own line, which its layout search avoids. */
#define RISK_MEMORY_SHARE CP_TIGHT_MEMORY_SHARE
/* A service with no answer-time target is held to MLPerf Inference's
 * limits for serving Llama 2 70B in its Server scenario: the first token
 * within 2,000 ms and each next one within 200 ms, at the 99th percentile
 * (mlcommons/inference loadgen/mlperf.conf, llama2-70b.Server.ttft_latency
 * and tpot_latency, at 001712e9daf80386e0dda43f97b8f36981d792c4). The
 * loosest per-token limit of its LLM benchmarks: an answer slower than
 * that fails even the benchmark's non-interactive service. Every request
 * of a job has the same prompt and output, so the plan's answer time is
 * each request's, and the 99th percentile's limit applies to it. In tenths
 * of a second, so that a whole limit prints whole. */
#define ANSWER_FIRST_TOKEN_LIMIT_DS 20
#define ANSWER_NEXT_TOKEN_LIMIT_DS 2

double
cp_words_answer_limit_s (const CpJob *job)
{
  if (job->kind != CP_TASK_INFERENCE || job->output_tokens == 0)
    return 0;
  return (ANSWER_FIRST_TOKEN_LIMIT_DS + ANSWER_NEXT_TOKEN_LIMIT_DS * (job->output_tokens - 1.0)) / 10.0;
}

static void
add_risk_text (GPtrArray  *risks,
               char       *text)
{
  g_ptr_array_add (risks, text);
}

gboolean
cp_estimate_is_tight (const CpEstimate *e)
{
  return e->fits && e->available_per_gpu_bytes > 0 &&
         e->memory_per_gpu_bytes > RISK_MEMORY_SHARE * e->available_per_gpu_bytes;
}

gboolean
cp_words_risk_applies (const CpJob *job,
                       CpRisk       risk)
{
  /* The plan lists learning a cluster's scheduler for every cluster run;
   * a team that has run distributed training knows one (R8 counts no
   * migration for it), and saying otherwise contradicted R8 beside it
   * (approver, 3 December: the demo's 13B). */
  if (risk == CP_RISK_SCHEDULER_LEARNING)
    return !job->team_has_distributed_experience;
  return TRUE;
}

const char *
cp_words_fits (const CpEstimate *e)
{
  if (cp_estimate_is_tight (e))
    /* TRANSLATORS: the report's Fits column: fits, above 90% of each GPU's memory, as the window's table says */
    return _("Tight");
  return e->fits ? _("Yes") : _("No");
}

char *
cp_words_memory_near_limit (const CpEstimate *e,
                            const char       *lang)
{
  g_autofree char *share = NULL;
  g_autofree char *limit = NULL;

  if (!cp_estimate_is_tight (e))
    return NULL;
  share = cp_i18n_format_percent (e->memory_per_gpu_bytes / e->available_per_gpu_bytes, lang);
  limit = cp_i18n_format_percent (RISK_MEMORY_SHARE, lang);
  /* TRANSLATORS: a risk; %s are percentages */
  return g_strdup_printf (_("Uses %s of each GPU's memory, above %s: a longer sequence or more fragmentation than allowed for runs out of memory. Confirm with a trial run."), share, limit);
}

char *
cp_words_memory_tight_caution (const CpProject  *project,
                               const CpEstimate *e,
                               const char       *lang)
{
  g_autofree char *share = NULL;
  g_autofree char *limit = NULL;
  g_autofree char *used = NULL;
  g_autofree char *available = NULL;
  char *text;

  /* The one test the Fits column's "Tight" and the risk list use, so the
   * verdict never calls firm what the table beside it calls Tight (walk37
   * F4: 64.0 of 64.0 GiB on Ascend "holds across the range", the tightness
   * said only among the risks). */
  if (!cp_estimate_is_tight (e))
    return NULL;
  share = cp_i18n_format_percent (e->memory_per_gpu_bytes / e->available_per_gpu_bytes, lang);
  limit = cp_i18n_format_percent (RISK_MEMORY_SHARE, lang);
  used = cp_reason_bytes_text (project, e->memory_per_gpu_bytes);
  available = cp_reason_bytes_text (project, e->available_per_gpu_bytes);
  cp_i18n_push_language (lang);
  /* TRANSLATORS: after the verdict; the share of each GPU's memory used, the memory used and available per GPU, the share above which the table says Tight */
  text = g_strdup_printf (_("Memory is tight: it uses %s of each GPU's memory (%s of %s), above the %s the table marks Tight; confirm with a trial run before renting."),
                          share, used, available, limit);
  cp_i18n_pop_language ();
  return text;
}

/* The chance of at least one interruption over a run where @expected
 * are expected, 1 − e^(−n) (failures as a Poisson process, as
 * cp-goodput.h takes them). */
char *
cp_words_interruption_chance (double      expected,
                              const char *lang)
{
  return cp_i18n_format_percent (-expm1 (-expected), lang);
}

char *
cp_words_interruptions (double      expected,
                        const char *lang)
{
  g_autofree char *count = NULL;
  g_autofree char *chance = NULL;
  char *text;

  cp_i18n_push_language (lang);
  count = cp_i18n_format_two_significant (expected, lang);
  chance = cp_words_interruption_chance (expected, lang);
  /* TRANSLATORS: the interruptions expected over a run such as "0.057", then the chance of at least one such as "5.6%" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s interruption is expected (a %s chance of at least one)",
                                       "%s interruptions are expected (a %s chance of at least one)",
                                       fabs (expected - 1) < 1e-9 ? 1 : 2),
                          count, chance);
  cp_i18n_pop_language ();
  return text;
}

char *
cp_words_one_machine_interruptions (const CpJob      *job,
                                    const CpEstimate *e,
                                    const char       *lang)
{
  if (job->kind == CP_TASK_INFERENCE || e->nodes != 1 || !cp_task_kind_is_training (job->kind))
    return NULL;
  return cp_words_interruption_chance (e->expected_interruptions, lang);
}

/* The job's tools are written for CUDA; on another maker's GPUs they run
 * through its own stack, and those that ship CUDA kernels (FlashAttention,
 * DeepSpeed's ops, bitsandbytes) or a CUDA build (vLLM) need that maker's
 * version or porting. The debugging days are one share of the calendar
 * for every GPU (cp-estimate-cost.c), so they hold none of it: an Ascend
 * option was described as an NVIDIA one (walkthrough 13). */
const char *
cp_words_porting_gpus (const CpJob *job,
                       CpGpuMaker   maker)
{
  if (job->kind == CP_TASK_DATA_PROCESSING)
    return NULL;
  switch (maker)
    {
    case CP_GPU_MAKER_HUAWEI:
      /* TRANSLATORS: the GPUs named in the porting risk */
      return _("Ascend");
    case CP_GPU_MAKER_AMD:
      /* TRANSLATORS: the GPUs named in the porting risk */
      return _("AMD Instinct");
    case CP_GPU_MAKER_NVIDIA:
    case CP_GPU_MAKER_UNKNOWN:
    default:
      return NULL;
    }
}

static char *
porting_risk (const CpJob *job,
              CpGpuMaker   maker)
{
  const char *gpus = cp_words_porting_gpus (job, maker);
  const char *stack = maker == CP_GPU_MAKER_HUAWEI ? "torch_npu" : "ROCm";

  if (gpus == NULL)
    return NULL;
  if (job->kind == CP_TASK_INFERENCE)
    {
      const char *server = maker == CP_GPU_MAKER_HUAWEI
                           /* TRANSLATORS: Ascend's serving engines, names not translated */
                           ? _("vLLM Ascend or MindIE") : _("vLLM's ROCm build");

      /* TRANSLATORS: a risk; the GPUs ("Ascend"), then the serving engines that run on them */
      return g_strdup_printf (_("%s serves through %s, not vLLM's CUDA build: porting and checking the service take time the estimate does not count. Try the model on the vendor's machine before signing."),
                              gpus, server);
    }
  /* TRANSLATORS: a risk; the GPUs ("Ascend"), their PyTorch backend ("torch_npu"), then the GPUs again */
  return g_strdup_printf (_("%s runs PyTorch through %s, not CUDA: the job's tools (PEFT, DeepSpeed, FlashAttention and other CUDA kernels) need their %s versions or porting, which the debugging days, the same share for every GPU, do not include. Try the job's own scripts on the vendor's machine before signing."),
                          gpus, stack, gpus);
}

GPtrArray *
cp_option_risks (const CpProject *project,
                 const CpJob     *job,
                 const CpOption  *option,
                 const char      *lang)
{
  return cp_option_risks_except (project, job, option, lang, 0);
}

GPtrArray *
cp_option_risks_except (const CpProject   *project,
                        const CpJob       *job,
                        const CpOption    *option,
                        const char        *lang,
                        CpOptionRiskFlags  left_out)
{
  const CpEstimate *e = &option->estimate;
  const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);
  GPtrArray *risks = g_ptr_array_new_with_free_func (g_free);
  double communication_share = e->total_s > 0 ? e->exposed_communication_s / e->total_s : 0;

  /* An option that cannot run the job is not rented: its interruptions
   * and goodput were worked out for a run that never happens (approver
   * 36, D13: 0.047 interruptions on an 8 × 4090 short of 119 GiB per GPU). */
  if (!e->fits)
    return risks;
  cp_i18n_push_language (lang);

  /* An offer past its last day is no price to approve a budget on: it was
   * recommended, 11 months after it expired, with no word of it
   * (walkthrough 4, #23). Today is the day the words are written, as the
   * report's own date. */
  {
    GDate last_day, today;

    g_date_set_time_t (&today, time (NULL));
    if (cp_i18n_parse_iso_date (quote->valid_until, &last_day) && g_date_compare (&last_day, &today) < 0)
      {
        g_autofree char *when = cp_i18n_format_iso_date (quote->valid_until, lang);

        /* TRANSLATORS: a risk; %s is the last day the quote's price held */
        add_risk_text (risks, g_strdup_printf (_("The offer expired on %s: ask the vendor for a new quote before relying on its price."), when));
      }
  }

  if (e->nodes > 1 && isfinite (communication_share) && communication_share > RISK_COMMUNICATION_SHARE)
    {
      g_autofree char *share = cp_i18n_format_percent (communication_share, lang);
      g_autofree char *limit = cp_i18n_format_percent (RISK_COMMUNICATION_SHARE, lang);
      /* TRANSLATORS: a risk; %s are percentages */
      add_risk_text (risks, g_strdup_printf (_("Communication takes %s of the run, above %s: if the network delivers a fifth less than quoted, the run grows by more than 5%%."), share, limit));
    }

  if (e->nodes > 1 && quote->sharing == CP_SHARING_UNKNOWN)
    {
      g_autofree char *factor = cp_i18n_format_percent (project->settings.shared_network_factor, lang);

      if (!(left_out & CP_OPTION_RISK_SHARING_UNSTATED))
        /* TRANSLATORS: a risk; %s is a percentage */
        add_risk_text (risks, g_strdup_printf (_("The quote does not say whether the network between nodes is dedicated or shared; the estimate takes it as shared, at %s of line rate, and the range runs to a dedicated one. Ask the vendor before signing."), factor));
    }
  else if (e->nodes > 1 && quote->sharing == CP_SHARING_SHARED)
    {
      g_autofree char *factor = cp_i18n_format_percent (project->settings.shared_network_factor, lang);
      /* TRANSLATORS: a risk; %s is a percentage */
      add_risk_text (risks, g_strdup_printf (_("The network is shared with other tenants: at busy hours it may give less than the %s of line rate assumed."), factor));
    }

  /* Replicas on one machine all stop with it: the advice is a second
   * machine, not a second replica (walkthrough 4, #20: "add a second
   * replica" beside a table showing two). */
  if (job->kind == CP_TASK_INFERENCE && e->nodes <= 1)
    add_risk_text (risks, g_strdup (_("The service runs on one machine: its failure stops every replica on it. A second machine removes this single point of failure.")));
  else if (job->kind == CP_TASK_INFERENCE && e->layout.data_parallel <= 1)
    add_risk_text (risks, g_strdup (_("The service runs as one replica: a single machine failure stops it. A second replica removes this single point of failure.")));
  else if (job->kind != CP_TASK_INFERENCE && e->nodes == 1 && cp_task_kind_is_training (job->kind) &&
           !(left_out & CP_OPTION_RISK_ONE_MACHINE_FAILURE))
    {
      g_autofree char *goodput = cp_words_goodput (e->goodput, lang);
      g_autofree char *interruptions = cp_words_interruptions (e->expected_interruptions, lang);

      /* The expected count and the chance of at least one are two
       * quantities: each is said with its name, the count as the table's
       * Interruptions column prints it ("0.8%" beside "0.008"
       * read as one figure in two forms, approver 31, finding 10).
       * "0.01% chance … leaving 99.962%" read as a contradiction: the
       * rest is checkpoint writes (lead15).
       * TRANSLATORS: a risk; the interruptions expected over the run ("0.008 interruptions are expected (a 0.8% chance of at least one)"), then a percentage */
      add_risk_text (risks, g_strdup_printf (_("Everything runs on one machine, a single point of failure: at the per-GPU rate of large clusters, %s; with checkpoint writes, %s of the time is useful. One stops the run until the machine is repaired or replaced; keep checkpoints off the machine."), interruptions, goodput));
    }
  if (cp_task_kind_is_training (job->kind) && e->nodes > 1 && isfinite (e->expected_interruptions))
    {
      g_autofree char *interruptions = cp_words_interruptions (e->expected_interruptions, lang);
      g_autofree char *goodput = cp_words_goodput (e->goodput, lang);
      /* "0.01 days lost to restarts" is 15 minutes (approver 22, 13):
       * under a day in minutes or hours. */
      g_autofree char *lost = cp_words_duration (e->lost_s, lang);
      /* The goodput's other part is the checkpoint writes: beside "goodput
       * 99.76%, 14 min lost to restarts" the 14 min read as the whole
       * 0.24% of an 11.4-day run, which is 39 min (approver 36, D30). */
      double writing_s = MAX (e->total_s * (1 - e->goodput) - e->lost_s, 0);

      if (e->checkpoint_interval_s > 0 && writing_s > 0)
        {
          g_autofree char *writing = cp_words_duration (writing_s, lang);

          /* In as few words as the sentence without the writes: one
           * line more pushed the walk's English sign-off off page 1.
           * TRANSLATORS: a risk of a run over several nodes, any GPU's failure stopping every node; the
           * interruptions expected over the run ("0.281 interruptions are expected (a 24.5% chance of at
           * least one)"), the goodput, a percentage, then the time lost to restarts and the time spent
           * writing checkpoints, which together make the rest of the goodput, both counted in the plan */
          add_risk_text (risks, g_strdup_printf (_("Any GPU failing stops every node: %s; goodput %s: %s lost to restarts, %s to checkpoint writes, both counted. Ask the vendor how fast failed nodes are replaced."),
                                                 interruptions, goodput, lost, writing));
        }
      else
        /* TRANSLATORS: a risk of a run over several nodes, any GPU's failure stopping every node (approver 21:
         * "one GPU failing stops all of them" was unclear); the interruptions expected over the run ("0.281
         * interruptions are expected (a 24.5% chance of at least one)"), a percentage, then a duration */
        add_risk_text (risks, g_strdup_printf (_("Any GPU failing stops every node: %s; goodput %s, %s lost to restarts, counted in time and cost. Ask the vendor how fast failed nodes are replaced."), interruptions, goodput, lost));
    }

  /* With no target the plan calls a service feasible however long its
   * users wait: 29 s an answer at 500 requests read as a service nobody
   * would use (walk38 F9). */
  if (job->kind == CP_TASK_INFERENCE && !(job->answer_within_s > 0) && cp_words_answer_limit_s (job) > 0 &&
      e->answer_s > cp_words_answer_limit_s (job))
    {
      double limit_s = cp_words_answer_limit_s (job);
      g_autofree char *answer = cp_words_answer_seconds (e->answer_s, limit_s, lang);
      g_autofree char *limit = cp_words_target_seconds (limit_s, lang);
      g_autofree char *tokens = cp_i18n_format_number (job->output_tokens, 0, lang);

      /* TRANSLATORS: a risk of a service with no answer-time target; the seconds a user waits, the output
       * tokens of an answer, then MLPerf Inference's limit in seconds for an answer of that length;
       * “Answer within” is the job's field of the target */
      add_risk_text (risks, g_strdup_printf (_("With no answer-time target set, each user waits %s s for an answer of %s output tokens, longer than the %s s MLPerf Inference allows in serving Llama 2 70B (the first token within 2 s, then one every 0.2 s). Set “Answer within” to the wait your users accept, and only options that meet it stay feasible."),
                                             answer, tokens, limit));
    }

  if (cp_job_deadline_days (job) > 0 && isfinite (e->calendar_days))
    {
      double spare = cp_job_deadline_days (job) - e->calendar_days;
      g_autofree char *deadline = cp_words_deadline_length (cp_job_deadline_days (job), lang);

      if (!e->meets_deadline || spare < 0)
        {
          /* As page 1 and the verdict say it, rounded up (issue 22):
           * page 1 said "misses the deadline by 79 min" of the
           * walkthrough's Ascend machine, its risk "by 0.05 days"
           * (walkthrough 19). */
          g_autofree char *late = cp_words_late_by (e->calendar_days, cp_job_deadline_days (job), lang);
          /* TRANSLATORS: a risk; %s are durations such as "3.5 days" */
          add_risk_text (risks, g_strdup_printf (_("Misses the %s deadline by %s."), deadline, late));
        }
      else if (spare < RISK_DEADLINE_MARGIN * cp_job_deadline_days (job))
        {
          g_autofree char *left = cp_i18n_format_days (spare, lang);
          g_autofree char *limit = cp_i18n_format_percent (RISK_DEADLINE_MARGIN, lang);
          /* Debugging is no share of the calendar since it is taken of
           * the run's node-days and bounded (R4, cp-estimate-cost.c):
           * "(30–40% of the calendar)" was false, and took the risk to a
           * second line of the memo's page 1 (walk 19).
           * TRANSLATORS: a risk; durations, then a percentage */
          add_risk_text (risks, g_strdup_printf (_("Finishes only %s before the %s deadline, a margin under %s: the debugging estimate alone varies by more."), left, deadline, limit));
        }
    }

  if (e->host_memory_per_node_bytes > 0)
    {
      g_autofree char *need = cp_reason_host_memory_text (project, e->host_memory_per_node_bytes, lang);

      if (quote->host_memory_per_node_bytes > 0)
        {
          g_autofree char *stated = cp_reason_host_memory_text (project, quote->host_memory_per_node_bytes, lang);
          /* TRANSLATORS: a risk; %s are sizes */
          add_risk_text (risks, g_strdup_printf (_("CPU offload keeps %s of optimizer states, fp32 master weights and gradients in each machine's host memory, of the %s the quote states; loading the checkpoint whole in every process needs more. Confirm with a trial run."), need, stated));
        }
      else if (!(left_out & CP_OPTION_RISK_HOST_MEMORY_UNSTATED))
        /* TRANSLATORS: a risk; %s is a size */
        add_risk_text (risks, g_strdup_printf (_("CPU offload keeps %s of optimizer states, fp32 master weights and gradients in each machine's host memory, and the quote does not say how much the machines have. Ask the vendor before signing."), need));
    }

  {
    char *near_limit = cp_words_memory_near_limit (e, lang);

    if (near_limit != NULL)
      add_risk_text (risks, near_limit);
  }

  {
    const CpQuote *trial_quote = NULL;

    for (guint i = 0; job->trial.quote_id != NULL && i < project->quotes->len; i++)
      if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (project->quotes, i))->id, job->trial.quote_id) == 0)
        trial_quote = g_ptr_array_index (project->quotes, i);
    if (cp_trial_gpu_differs (job, trial_quote, quote))
      add_risk_text (risks, g_strdup (_("The trial run was measured on another GPU model than this quote's, so its figures are carried over, not measured here. Repeat the trial on this hardware before signing.")));
  }

  {
    char *porting = porting_risk (job, cp_gpu_maker (&quote->gpu));

    if (porting != NULL)
      add_risk_text (risks, porting);
  }

  if (e->migration_days > 0 && e->nodes > 1)
    {
      g_autofree char *days = cp_i18n_format_days (e->migration_days, lang);
      /* On one line of page 1's risks, as its sign-off needed the line
       * for the byline (walkthrough 19).
       * TRANSLATORS: a risk; %s is a duration */
      add_risk_text (risks, g_strdup_printf (_("Migrating to the cluster takes the team %s, counted in the calendar; longer without distributed experience."), days));
    }

  cp_i18n_pop_language ();
  return risks;
}

/* @text with its figures taken out. */
static char *
without_figures (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p) && !((*p == '.' || *p == ',') && g_ascii_isdigit (p[1])))
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

gboolean
cp_option_risk_kind_index (const char      *risk,
                           const GPtrArray *said,
                           guint           *index)
{
  g_autofree char *kind = without_figures (risk);

  for (guint r = 0; r < said->len; r++)
    {
      g_autofree char *said_kind = without_figures (g_ptr_array_index (said, r));

      if (strcmp (kind, said_kind) == 0)
        {
          if (index != NULL)
            *index = r;
          return TRUE;
        }
    }
  return FALSE;
}

GPtrArray *
cp_option_risks_beyond (const GPtrArray *risks,
                        const GPtrArray *said,
                        guint           *n_shared)
{
  GPtrArray *beyond = g_ptr_array_new ();

  *n_shared = 0;
  for (guint r = 0; r < risks->len; r++)
    if (cp_option_risk_kind_index (g_ptr_array_index (risks, r), said, NULL))
      (*n_shared)++;
    else
      g_ptr_array_add (beyond, g_ptr_array_index (risks, r));
  return beyond;
}
