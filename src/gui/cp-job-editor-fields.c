/* cp-job-editor-fields.c: the job's fields, which kinds of job show
 * them, and what a change of kind does to their values. No widgets: the
 * form (cp-job-editor.c) makes its rows from this table. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "planner/cp-catalog.h"

#include "cp-job-editor-private.h"
#include "cp-labels.h"

#define TRAINING_KINDS (KIND (CP_TASK_PRETRAIN) | KIND (CP_TASK_FULL_FINETUNE) | \
                        KIND (CP_TASK_LORA) | KIND (CP_TASK_QLORA))
#define PEFT_KINDS (KIND (CP_TASK_LORA) | KIND (CP_TASK_QLORA))
#define FULL_KINDS (KIND (CP_TASK_PRETRAIN) | KIND (CP_TASK_FULL_FINETUNE))
#define MODEL_KINDS (TRAINING_KINDS | KIND (CP_TASK_INFERENCE))
#define DURATION_KINDS (KIND (CP_TASK_INFERENCE) | KIND (CP_TASK_DEBUG) | \
                        KIND (CP_TASK_DATA_PROCESSING))
/* A service runs for its duration; a deadline is for work that ends. */
#define DEADLINE_KINDS (((1u << CP_N_TASKS) - 1) & ~KIND (CP_TASK_INFERENCE))

/* Which job kinds show each group (bit per CpTaskKind); 0: all. */
static const guint group_kinds[N_GROUPS] = {
  [GROUP_JOB] = 0,
  [GROUP_MODEL] = MODEL_KINDS,
  [GROUP_TRAINING] = TRAINING_KINDS,
  [GROUP_INFERENCE] = KIND (CP_TASK_INFERENCE),
  [GROUP_TEAM] = 0,
  [GROUP_TRIAL] = MODEL_KINDS,
};

/* The search is the last entry: the drop-down's index is the stored
 * value, CP_ZERO_STAGE_AUTO (as CP_RECOMPUTE_AUTO is for recompute). */
static const char *
zero_stage_choice (int stage)
{
  static const char * const labels[] = {
    /* TRANSLATORS: ZeRO stages, by what each shards over the data-parallel
     * GPUs; no colon: the form's notes say "ZeRO stage: 0 (none)" */
    N_("0 (none)"),
    N_("1 (optimizer states)"),
    N_("2 (and gradients)"),
    N_("3 (and parameters)"),
    N_("Automatic (searched)"),
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (labels) == CP_ZERO_STAGE_AUTO + 1);
  g_return_val_if_fail (stage >= 0 && stage < (int) G_N_ELEMENTS (labels), "");
  return _(labels[stage]);
}

/* The job's CPU offload: off, the plan still turns it on where the job
 * fits the GPUs no other way (cp_estimate_checked()'s ladder, after full
 * recompute and ZeRO-3). A switch showed "off" beside a layout that
 * offloads (issue 26, a lead in a meeting): the two values say what each
 * does. The drop-down's index is the stored gboolean. */
static const char *
cpu_offload_choice (int offload)
{
  static const char * const labels[] = {
    /* TRANSLATORS: a training job's CPU offload, left to the plan: used only where the job fits
     * the GPUs' memory no other way */
    N_("When memory is short"),
    /* TRANSLATORS: a training job's CPU offload, used on every option */
    N_("Always"),
  };

  g_return_val_if_fail (offload >= 0 && offload < (int) G_N_ELEMENTS (labels), "");
  return _(labels[offload]);
}

/* The job's optimizer states (CpOptimizerStates), in plain words, then
 * the framework's term. The drop-down's index is the stored value. */
static const char *
optimizer_states_choice (int states)
{
  static const char * const labels[] = {
    /* TRANSLATORS: a training job's optimizer states: fp32 moments and an fp32 master copy of the weights (the row's title says "optimizer states") */
    N_("Full precision (fp32)"),
    /* TRANSLATORS: a training job's optimizer states: bf16 moments, the fp32 master copy kept */
    N_("Half-precision moments (bf16)"),
    /* TRANSLATORS: a training job's optimizer states: weights, gradients and moments all bf16, no master copy */
    N_("All half precision (pure bf16)"),
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (labels) == CP_N_OPTIMIZER_STATES);
  g_return_val_if_fail (states >= 0 && states < (int) G_N_ELEMENTS (labels), "");
  return _(labels[states]);
}

#define F(member) G_STRUCT_OFFSET (CpJob, member)

const CpField _cp_job_editor_fields[] = {
  { "name", N_("Name"), NULL, NULL, CP_FIELD_TEXT, F (name), .group = GROUP_JOB },
  { "kind", N_("Kind"), NULL, NULL, CP_FIELD_ENUM, F (kind), cp_labels_task_kind, CP_N_TASKS, GROUP_JOB },
  { "deadline-days", N_("Deadline"), N_("0 means no deadline"), N_("days"), CP_FIELD_DOUBLE, F (deadline_days), .group = GROUP_JOB,
    .kinds = DEADLINE_KINDS },
  { "duration-days", N_("Duration"), N_("0 uses the deadline"), N_("days"), CP_FIELD_DOUBLE, F (duration_days),
    .group = GROUP_JOB, .kinds = DURATION_KINDS },
  { "storage-tb", N_("Storage"), N_("Data and checkpoints kept during the job"), N_("TB"), CP_FIELD_DOUBLE, F (storage_tb), .group = GROUP_JOB },
  { "notes", N_("Notes"), NULL, NULL, CP_FIELD_TEXT, F (notes), .group = GROUP_JOB },

  { "params", N_("Parameters"), N_("Such as 7B or 70e9"), NULL, CP_FIELD_COUNT, F (model.params), .group = GROUP_MODEL },
  { "active-params", N_("Active parameters"), N_("Per token; equal to the total for dense models"), NULL,
    CP_FIELD_COUNT, F (model.active_params), .group = GROUP_MODEL, .advanced = TRUE },
  { "layers", N_("Layers"), NULL, NULL, CP_FIELD_UINT, F (model.layers), .group = GROUP_MODEL, .advanced = TRUE },
  { "hidden", N_("Hidden size"), NULL, NULL, CP_FIELD_UINT, F (model.hidden), .group = GROUP_MODEL, .advanced = TRUE },
  { "heads", N_("Attention heads"), NULL, NULL, CP_FIELD_UINT, F (model.heads), .group = GROUP_MODEL, .advanced = TRUE },
  { "kv-heads", N_("Key/value heads"), NULL, NULL, CP_FIELD_UINT, F (model.kv_heads), .group = GROUP_MODEL, .advanced = TRUE, .model_name = N_("KV heads") },
  { "ffn", N_("Feed-forward size"), NULL, NULL, CP_FIELD_UINT, F (model.ffn), .group = GROUP_MODEL, .advanced = TRUE, .model_name = N_("FFN size") },
  { "vocab", N_("Vocabulary"), NULL, N_("tokens"), CP_FIELD_UINT, F (model.vocab), .group = GROUP_MODEL, .advanced = TRUE },
  { "experts-total", N_("Experts"), N_("0 for a dense model"), NULL, CP_FIELD_UINT, F (model.experts_total),
    .group = GROUP_MODEL, .advanced = TRUE },
  { "experts-active", N_("Active experts"), NULL, NULL, CP_FIELD_UINT, F (model.experts_active),
    .group = GROUP_MODEL, .advanced = TRUE },

  { "tokens", N_("Training tokens"), N_("Such as 2T or 100B"), NULL, CP_FIELD_COUNT, F (tokens), .group = GROUP_TRAINING, .model_name = N_("Tokens") },
  { "seq-len", N_("Sequence length"), NULL, N_("tokens"), CP_FIELD_UINT, F (seq_len), .group = GROUP_TRAINING },
  { "micro-batch", N_("Micro-batch"), N_("Sequences per GPU per step; automatic: searched"), NULL, CP_FIELD_UINT,
    F (micro_batch), .group = GROUP_TRAINING, .automatic = N_("Automatic") },
  { "global-batch", N_("Global batch"), N_("Sequences per optimizer step"),
    NULL, CP_FIELD_UINT, F (global_batch), .group = GROUP_TRAINING, .automatic = N_("Automatic") },
  { "precision", N_("Precision"), NULL, NULL, CP_FIELD_ENUM, F (precision), cp_labels_precision, CP_N_PRECISIONS, GROUP_TRAINING },
  { "optimizer", N_("Optimizer"), NULL, NULL, CP_FIELD_ENUM, F (optimizer), cp_labels_optimizer, CP_N_OPTIMIZERS, GROUP_TRAINING },
  { "optimizer-states", N_("Optimizer states"),
    N_("Master copy and moments in training"),
    NULL, CP_FIELD_ENUM, F (optimizer_states), optimizer_states_choice, CP_N_OPTIMIZER_STATES, GROUP_TRAINING },
  { "recompute", N_("Activation recompute"), NULL, NULL, CP_FIELD_ENUM, F (recompute), cp_labels_recompute, CP_N_RECOMPUTES,
    GROUP_TRAINING },
  { "flash-attention", N_("FlashAttention"), NULL, NULL, CP_FIELD_BOOL, F (flash_attention), .group = GROUP_TRAINING },
  { "zero-stage", N_("ZeRO stage"), N_("What data-parallel GPUs shard of the training state"), NULL, CP_FIELD_ENUM,
    F (zero_stage), zero_stage_choice, CP_ZERO_STAGE_AUTO + 1, GROUP_TRAINING },
  { "cpu-offload", N_("CPU offload"), NULL, NULL, CP_FIELD_ENUM, F (cpu_offload), cpu_offload_choice, 2,
    GROUP_TRAINING },
  { "allow-lora", N_("LoRA or QLoRA acceptable"), N_("Lets the plan try adapters when memory is short"), NULL,
    CP_FIELD_BOOL, F (allow_lora), .group = GROUP_TRAINING, .kinds = FULL_KINDS },
  { "lora-rank", N_("LoRA rank"), NULL, NULL, CP_FIELD_UINT, F (lora_rank), .group = GROUP_TRAINING, .kinds = PEFT_KINDS },
  { "tensor-parallel", N_("Tensor parallel"), N_("GPUs of one node splitting each layer; automatic: searched"), NULL,
    CP_FIELD_UINT, F (tensor_parallel), .group = GROUP_TRAINING, .advanced = TRUE, .automatic = N_("Automatic") },
  { "pipeline-parallel", N_("Pipeline parallel"), N_("Stages the layers are split into; automatic: searched"), NULL,
    CP_FIELD_UINT, F (pipeline_parallel), .group = GROUP_TRAINING, .advanced = TRUE, .automatic = N_("Automatic") },
  { "expert-parallel", N_("Expert parallel"), N_("GPUs the experts are spread over; automatic: searched"), NULL,
    CP_FIELD_UINT, F (expert_parallel), .group = GROUP_TRAINING, .advanced = TRUE, .automatic = N_("Automatic") },
  { "interleaved-stages", N_("Interleaved stages"), N_("Pipeline stages per GPU, shrinking the bubble; automatic: searched"),
    NULL, CP_FIELD_UINT, F (virtual_stages), .group = GROUP_TRAINING, .advanced = TRUE, .automatic = N_("Automatic") },
  { "mfu", N_("End-to-end MFU"), N_("A measured or assumed 0.01 to 1; automatic: modelled from the project’s utilisation"),
    NULL, CP_FIELD_DOUBLE, F (mfu), .group = GROUP_TRAINING, .advanced = TRUE, .automatic = N_("Automatic"), .model_name = N_("MFU") },

  { "context-len", N_("Context length"), N_("Prompt and output per request"), N_("tokens"), CP_FIELD_UINT, F (context_len),
    .group = GROUP_INFERENCE },
  { "prompt-tokens", N_("Prompt tokens"), N_("Mean prompt per request"), N_("tokens"), CP_FIELD_UINT, F (prompt_tokens),
    .group = GROUP_INFERENCE },
  { "output-tokens", N_("Output tokens"), N_("Mean output per request, what is priced per token"), N_("tokens"),
    CP_FIELD_UINT, F (output_tokens), .group = GROUP_INFERENCE },
  { "concurrency", N_("Concurrent requests"),
    /* Users are rarely all waiting on an answer at once: the number of
     * users typed here sized a whole machine for 200 (walk37 F13). */
    N_("Requests answered at the same moment by the whole service, not users: users × the share of them waiting on an answer at once"), NULL, CP_FIELD_UINT, F (concurrency),
    .group = GROUP_INFERENCE },
  { "answer-within-s", N_("Answer within"), N_("Longest a user waits for a whole answer at that concurrency; empty: no target"),
    N_("s"), CP_FIELD_DOUBLE, F (answer_within_s), .group = GROUP_INFERENCE, .automatic = N_("No target") },
  { "weight-bits", N_("Weight precision"), N_("16, 8 or 4"), N_("bits"), CP_FIELD_UINT, F (weight_bits), .group = GROUP_INFERENCE },
  { "kv-bits", N_("KV cache precision"), N_("16, 8 or 4"), N_("bits"), CP_FIELD_UINT, F (kv_bits), .group = GROUP_INFERENCE },

  { "distributed-experience", N_("Distributed training experience"), N_("Without it, moving to a cluster costs 1–2 weeks"), NULL,
    CP_FIELD_BOOL, F (team_has_distributed_experience), .group = GROUP_TEAM },
  { "ops-engineer", N_("Operations engineer"), N_("Without one, hosted machines are preferred"), NULL,
    CP_FIELD_BOOL, F (team_has_ops_engineer), .group = GROUP_TEAM },
  { "team-stated", N_("Stated by the team"), N_("Off: the two rows above are assumed, and the report asks the team"), NULL,
    CP_FIELD_BOOL, F (team_stated), .group = GROUP_TEAM },
  { "engineers", N_("Engineers"), NULL, NULL, CP_FIELD_UINT, F (engineers), .group = GROUP_TEAM },
  { "engineer-day-cost", N_("Engineer-day cost"), NULL, N_("per day"), CP_FIELD_DOUBLE, F (engineer_day_cost),
    .group = GROUP_TEAM, .money = TRUE },

  { "trial-gpus", N_("GPUs used"), NULL, NULL, CP_FIELD_UINT, F (trial.gpus), .group = GROUP_TRIAL },
  { "trial-peak-memory", N_("Peak memory per GPU"), N_("Such as 62 GiB; 0 if not measured"), NULL, CP_FIELD_BYTES,
    F (trial.peak_memory_bytes), .group = GROUP_TRIAL, .model_name = N_("Measured peak memory") },
  { "trial-tokens-per-s", N_("Throughput"), N_("Whole machine; 0 if not measured"), N_("tokens/s"), CP_FIELD_DOUBLE,
    F (trial.tokens_per_s), .group = GROUP_TRIAL, .model_name = N_("Measured tokens/s") },
  { "trial-step-s", N_("Step time"), N_("Used when throughput is 0"), N_("s"), CP_FIELD_DOUBLE, F (trial.step_s), .group = GROUP_TRIAL, .model_name = N_("Measured step time") },
  { "trial-communication-share", N_("Communication share"), N_("0 to 1 of the step time"), NULL, CP_FIELD_DOUBLE,
    F (trial.communication_share), .group = GROUP_TRIAL, .model_name = N_("Measured communication share") },
  { "trial-kv-cache-tokens", N_("KV-cache size"), N_("vLLM’s “GPU KV cache size” of one replica on the GPUs used; 0 if not measured"),
    N_("tokens"), CP_FIELD_COUNT, F (trial.kv_cache_tokens), .group = GROUP_TRIAL, .kinds = KIND (CP_TASK_INFERENCE),
    .model_name = N_("Measured KV-cache size") },
};

#undef F

const guint _cp_job_editor_n_fields = G_N_ELEMENTS (_cp_job_editor_fields);

/* A dense model's active parameters are its parameters: they follow. */
void
_cp_job_editor_apply_value (const CpField      *field,
                            CpJob              *job,
                            const CpFieldValue *value)
{
  gboolean dense = job->model.active_params == job->model.params;

  cp_field_apply (field, job, value);
  if (dense && strcmp (field->key, "params") == 0)
    job->model.active_params = job->model.params;
}

gboolean
_cp_job_editor_group_shown_for (guint      group,
                                CpTaskKind kind)
{
  return group_kinds[group] == 0 || (group_kinds[group] & KIND (kind)) != 0;
}

gboolean
_cp_job_editor_field_shown_for (const CpField *field,
                                CpTaskKind     kind)
{
  return _cp_job_editor_group_shown_for (field->group, kind) &&
         (field->kinds == 0 || (field->kinds & KIND (kind)) != 0);
}

static void
copy_value (const CpField *field,
            CpJob         *dest,
            const CpJob   *src)
{
  guint8 *to = (guint8 *) dest + field->offset;
  const guint8 *from = (const guint8 *) src + field->offset;

  switch (field->kind)
    {
    case CP_FIELD_UINT:
      *(guint *) to = *(const guint *) from;
      break;
    case CP_FIELD_BOOL:
      *(gboolean *) to = *(const gboolean *) from;
      break;
    case CP_FIELD_ENUM:
      *(int *) to = *(const int *) from;
      break;
    case CP_FIELD_COUNT:
    case CP_FIELD_DOUBLE:
    case CP_FIELD_BYTES:
    case CP_FIELD_PRICE:
      *(double *) to = *(const double *) from;
      break;
    case CP_FIELD_TEXT:
    case CP_FIELD_CURRENCY:
    default:
      /* Text fields show for every kind: nothing to carry. */
      break;
    }
}

static gboolean
value_is_zero (const CpField *field,
               const CpJob   *job)
{
  CpJob zero = { 0 };

  return cp_field_same_value (field, job, &zero);
}

/* Whether @field holds the untouched default of any kind: a service
 * made from a new pre-training job still carries, hidden, its 100B
 * tokens, and a full fine-tune made from it should not run on them for
 * 174 days (walkthrough 22). */
static gboolean
holds_some_kind_default (const CpField *field,
                         const CpJob   *job)
{
  gboolean found = FALSE;

  for (int kind = 0; kind < CP_N_TASKS && !found; kind++)
    {
      CpJob defaults;

      cp_job_init (&defaults, kind);
      found = cp_field_same_value (field, job, &defaults);
      cp_job_clear (&defaults);
    }
  return found;
}

/* A job that changes kind keeps what the user set; a field that still
 * holds the old kind's untouched default, or one it never showed that
 * holds nothing, takes the new kind's default (cp_job_init()): a
 * pretraining job turned into a LoRA run gets a fine-tuning token count,
 * not pre-training's 100B, and one turned into a service gets 30 days and
 * 100 concurrent requests, not a refusal about a Duration it never had.
 * A field in @typed_keys was set by the user and is kept whatever its
 * value, unless @all: then every field the old kind hid takes the new
 * kind's default. */
void
_cp_job_editor_adopt_kind_defaults (CpJob      *job,
                                    CpTaskKind  old_kind,
                                    GHashTable *typed_keys,
                                    gboolean    all)
{
  CpJob old_defaults, new_defaults;

  cp_job_init (&old_defaults, old_kind);
  cp_job_init (&new_defaults, job->kind);

  for (guint i = 0; i < _cp_job_editor_n_fields; i++)
    {
      const CpField *field = &_cp_job_editor_fields[i];

      gboolean typed = g_hash_table_contains (typed_keys, field->key);

      if (field->group == GROUP_MODEL || !_cp_job_editor_field_shown_for (field, job->kind))
        continue;
      if ((!typed && cp_field_same_value (field, job, &old_defaults)) ||
          (!_cp_job_editor_field_shown_for (field, old_kind) &&
           (all || (!typed && (value_is_zero (field, job) || holds_some_kind_default (field, job))))))
        {
          copy_value (field, job, &new_defaults);
          /* The kind's figure, not the one typed: the report lists it as
           * assumed again (a LoRA's typed 100M became pre-training's 100B,
           * still marked typed). */
          job->stated_fields &= ~cp_job_stated_by_key (field->key);
        }
    }

  /* A deadline the user gave bounds the run: a development or data job
   * made from a LoRA run with 7 days showed Duration 30 days beside it
   * and rented 30 days (walkthrough 22). Unless Duration was typed, 0
   * ("uses the deadline"). */
  if ((DURATION_KINDS & DEADLINE_KINDS & KIND (job->kind)) != 0 && job->deadline_days > 0 &&
      !g_hash_table_contains (typed_keys, "duration-days"))
    job->duration_days = 0;

  /* A job that had no model (development, data processing) gets the one
   * a new job starts with; a model it had is kept. */
  if ((group_kinds[GROUP_MODEL] & KIND (job->kind)) != 0 &&
      !cp_model_spec_validate (&job->model, NULL))
    {
      const CpCatalog *catalog = cp_catalog_get_builtin ();

      if (cp_catalog_n_models (catalog) > 0)
        cp_job_set_model (job, cp_catalog_get_model (catalog, 0));
    }

  cp_job_clear (&old_defaults);
  cp_job_clear (&new_defaults);
}
