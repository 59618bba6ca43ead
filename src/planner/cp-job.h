/* cp-job.h: a job profile, what the team wants to run. */
#pragma once

#include "cp-quote.h"
#include "cp-types.h"

G_BEGIN_DECLS

/* Figures measured on a single-machine trial run (R9). Zero means "not
 * measured". They belong to the quote whose hardware ran them. */
typedef struct {
  char   *quote_id;             /* the quote whose hardware ran the trial */
  guint   gpus;                 /* GPUs the trial used */
  double  gpu_dense_flops;      /* dense peak of the GPU it ran on, to carry the
                                 * measured utilisation to other GPUs */
  double  peak_memory_bytes;    /* per GPU */
  double  tokens_per_s;         /* whole machine */
  double  step_s;               /* alternative to tokens_per_s */
  double  communication_share;  /* 0..1 of step time spent communicating */
  /* Serving: vLLM's "GPU KV cache size" of the replica the trial ran, on
   * its `gpus` (tensor × pipeline parallel), in tokens; the memory of
   * the GPU it ran on carries it to other GPUs (cp-estimate.c). */
  double  kv_cache_tokens;
  double  gpu_memory_nominal_gb;
} CpTrialRun;

/* vLLM refuses to start with less than one request's blocks; 16 tokens,
 * its default block, is the least it can report. */
#define CP_TRIAL_KV_CACHE_TOKENS_MIN 16
/* The most a measured KV cache may hold: a hundred billion tokens, far
 * beyond any machine's memory (cp_job_validate()). */
#define CP_TRIAL_KV_CACHE_TOKENS_MAX 1e11

typedef struct {
  char         *id;
  char         *name;
  CpTaskKind    kind;
  CpModelSpec   model;           /* model.id names a catalogue entry, or "custom" */

  /* Training */
  CpPrecision   precision;
  CpOptimizer   optimizer;
  CpOptimizerStates optimizer_states; /* mixed precision: the moments' dtype and the master copy */
  double        tokens;
  guint         seq_len;
  /* The layout: each part pinned, or left to the search, which fills it
   * with the fastest layout that fits (cp-estimate.h). */
  guint         micro_batch;     /* sequences per GPU per micro-step; 0: choose */
  guint         global_batch;    /* sequences per optimizer step; 0: the published-runs
                                  * rule, cp_job_global_batch_tokens() */
  CpRecompute   recompute;       /* CP_RECOMPUTE_AUTO: choose */
  gboolean      flash_attention; /* on GPUs that run it (cp_gpu_spec_runs_flash_attention) */
  guint         zero_stage;      /* 0..3; CP_ZERO_STAGE_AUTO: choose */
  gboolean      cpu_offload;
  guint         tensor_parallel;   /* 0: choose */
  guint         pipeline_parallel; /* 0: choose */
  guint         expert_parallel;   /* mixture of experts; 0: choose */
  guint         virtual_stages;    /* interleaved pipeline stages per GPU; 0: choose */
  gboolean      allow_lora;      /* a full fine-tune that could be done with LoRA/QLoRA */
  guint         lora_rank;
  guint         lora_targets;    /* bit mask of CpLoraTarget */
  double        mfu;             /* end-to-end model FLOPs utilisation, measured or
                                  * assumed; 0: modelled (compute + communication).
                                  * The CLI's --mfu sets it. */

  /* Inference service */
  guint         context_len;     /* tokens per request (prompt + output) */
  guint         prompt_tokens;   /* a request's mean prompt, within context_len */
  guint         output_tokens;   /* a request's mean output, what is billed per token */
  guint         concurrency;     /* target concurrent requests */
  guint         weight_bits;     /* 16, 8 or 4 */
  guint         kv_bits;         /* 16, 8 or 4 */
  /* The longest a user may wait for a whole answer (its prompt's prefill
   * and every output token) at the job's concurrency, in seconds: an
   * option answering slower is not feasible, like a missed deadline
   * (cp_job_answer_target_met()). 0: no target. */
  double        answer_within_s;

  /* Duration of a service, a debugging period or data processing; 0 = the deadline */
  double        duration_days;
  double        deadline_days;   /* 0: no deadline */

  /* Team (R8) */
  gboolean      team_has_distributed_experience;
  gboolean      team_has_ops_engineer;
  /* The two above were stated by the user (the form's switch, the CLI's
   * --team-stated), not cp_job_init()'s assumption: the report says
   * "assumed" and asks the team while this is FALSE. */
  gboolean      team_stated;
  /* The earlier job whose cluster run gives this one's team its
   * distributed-training experience (the project's analysis sets it with
   * team_has_distributed_experience), or -1: the experience, if any, is
   * what the user said. R8's words name that job. */
  int           team_experience_from_job;
  guint         engineers;
  double        engineer_day_cost;   /* in the project's currency */

  double        storage_tb;      /* data + checkpoints kept during the job */
  /* The figures of CpJobStated the user typed (the form, the command
   * line), at the default's value too: the report lists as assumed only
   * a figure nobody typed (cp_job_figure_assumed()). */
  guint         stated_fields;

  /* Order in the project's calendar: the id of the job this one starts
   * after (its end), or NULL: with the project's start. */
  char         *after_job_id;

  CpTrialRun    trial;
  char         *notes;
} CpJob;

/* The figures the report lists as assumed when nobody typed them, by the
 * form's and the command line's name ("tokens", "storage-tb"). */
typedef enum {
  CP_JOB_STATED_TOKENS            = 1 << 0,
  CP_JOB_STATED_PROMPT_TOKENS     = 1 << 1,
  CP_JOB_STATED_OUTPUT_TOKENS     = 1 << 2,
  CP_JOB_STATED_ENGINEERS         = 1 << 3,
  CP_JOB_STATED_ENGINEER_DAY_COST = 1 << 4,
  CP_JOB_STATED_STORAGE           = 1 << 5,
  CP_JOB_STATED_CONCURRENCY       = 1 << 6,
} CpJobStated;

typedef enum {
  CP_LORA_TARGET_Q   = 1 << 0,
  CP_LORA_TARGET_K   = 1 << 1,
  CP_LORA_TARGET_V   = 1 << 2,
  CP_LORA_TARGET_O   = 1 << 3,
  CP_LORA_TARGET_MLP = 1 << 4,
  CP_LORA_TARGET_ALL = 0x1f,
} CpLoraTarget;

/* Fills every field with the documented defaults for the given kind. */
void      cp_job_init   (CpJob *job, CpTaskKind kind);
void      cp_job_clear  (CpJob *job);
void      cp_job_copy   (CpJob *dest, const CpJob *src);
/* Heap versions, as a project holds them. */
CpJob    *cp_job_new    (CpTaskKind kind);
CpJob    *cp_job_dup    (const CpJob *job);
void      cp_job_free   (CpJob *job);
const char *cp_job_title (const CpJob *job);
/* The CpJobStated figure the form's row or the command line's option
 * @key types ("tokens", "prompt-tokens", "output-tokens", "engineers",
 * "engineer-day-cost", "storage-tb", "concurrency"), else 0. */
CpJobStated cp_job_stated_by_key (const char *key);
/* Whether @figure of @job is the app's assumption, not the team's: nobody
 * typed it (CpJob.stated_fields) and it holds its kind's default
 * (cp_job_init()); a figure of an older file, which kept no mark, is
 * taken as typed where it differs from the default. */
gboolean  cp_job_figure_assumed (const CpJob *job, CpJobStated figure);
/* Sets the model part from a catalogue entry (copied). */
void      cp_job_set_model (CpJob *job, const CpModelSpec *model);
/* Gives @job the team of @source: its experience, operations engineer,
 * whether it was stated, its engineers and their day cost. Whether any
 * of them changed. */
gboolean  cp_job_take_team (CpJob *job, const CpJob *source);
/* For a job saved before it kept its request split (an older report):
 * the split within the context length, at most half of it for the output
 * and the rest for the prompt, as the store's migration does. */
void      cp_job_fit_request_to_context (CpJob *job);
/* Checks every field a model evaluation needs; the message names the field. */
gboolean  cp_job_validate (const CpJob *job, GError **error);
/* The trial's figures against the machine it ran on, one node of `quote`
 * (NULL: nothing to check): no more GPUs than the node has, no peak above
 * one GPU's memory. */
gboolean  cp_job_validate_trial_machine (const CpJob *job, const CpQuote *quote, GError **error);
/* The architecture checks cp_job_validate() applies to a job's model, for
 * models that come from outside (config.json, a report) before any job. */
gboolean  cp_model_spec_validate (const CpModelSpec *model, GError **error);
/* Every text of the job within its limit (cp-text-limit.h); part of
 * cp_job_validate(). */
gboolean  cp_job_validate_text (const CpJob *job, GError **error);
/* The deadline the job is judged against, 0 for none: a service runs for
 * its term (duration_days) and has none, whatever deadline_days holds (a
 * job turned into a service keeps the value hidden in its file, and the
 * form shows no Deadline for a service). Meeting a deadline, the risk of
 * missing it and the chart's deadline line all read it here. */
double    cp_job_deadline_days (const CpJob *job);
/* Whether @answer_s, the time a user of the service @job waits for a
 * whole answer (CpEstimate.answer_s), is within the job's target; TRUE
 * for a job with no target and for every job that is not a service. */
gboolean  cp_job_answer_target_met (const CpJob *job, double answer_s);
/* The most seconds an answer target may be: a day, far beyond any chat
 * or batch answer a service is asked for (cp_job_validate()). */
#define CP_JOB_ANSWER_WITHIN_S_MAX 86400.0
/* Sequences per optimizer step of a job of @kind that leaves its global
 * batch automatic (0): fine-tuning as published recipes run; 0 for
 * pretraining, whose batch follows the model's size. */
guint     cp_task_kind_default_global_batch (CpTaskKind kind);
/* Tokens per optimizer step when the job leaves the global batch to the
 * rule: pretraining follows published runs (see cp-job.c), fine-tuning
 * cp_task_kind_default_global_batch(). For a stated global batch,
 * global_batch × seq_len. */
double    cp_job_global_batch_tokens (const CpJob *job);
/* The rule's constants, fitted and sourced in cp-job.c: tokens at 7B and
 * the exponent of size; the largest published batches at 7B and 67B. */
#define CP_BATCH_TOKENS_AT_7B 2.17e6
#define CP_BATCH_SIZE_EXPONENT 0.316
#define CP_LARGEST_BATCH_TOKENS_AT_7B (2304.0 * 4096)
#define CP_LARGEST_BATCH_TOKENS_AT_67B (4608.0 * 4096)
/* The most tokens per step a pretraining job left to the rule takes when a
 * large cluster raises its batch (cp-estimate.c); the stated or other
 * training batch otherwise. */
double    cp_job_largest_batch_tokens (const CpJob *job);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpJob, cp_job_free)

G_END_DECLS
