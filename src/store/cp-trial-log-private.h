/* cp-trial-log-private.h: what the trial-log reader, its recognisers (one
 * per program) and the resolver share. */
#pragma once

#include "cp-trial-log.h"

G_BEGIN_DECLS

/* The planner's own limits for a trial (cp_job_validate()): a figure past
 * them is no GPU's and no run's. */
#define MAX_PEAK_MEMORY_BYTES 1e13
#define MAX_TOKENS_PER_S      1e12
#define MIN_STEP_S            1e-3
#define MAX_STEP_S            1e7
/* Past these a count in a log is a corrupted line, not a configuration. */
#define MAX_COUNT             1e9
/* How much of a line the preview quotes. */
#define LINE_TEXT_CHARS       160

typedef struct {
  double value;
  guint  line;   /* 0: not seen */
} Seen;

typedef struct {
  guint  iteration;
  double step_s;
  double tflops_per_gpu;   /* 0: not on the line */
  double global_batch;     /* 0: not on the line */
  guint  line;
} Iteration;

typedef struct {
  guint  tensor_rank;
  guint  pipeline_rank;
  double params;
  guint  line;
} RankParams;

typedef struct {
  guint  index;
  double peak_bytes;
  guint  line;       /* of the peak */
} GpuPeak;

struct _CpTrialLog {
  guint      formats;
  char      *text;         /* the log, each line NUL-terminated in place */
  GArray    *line_starts;  /* gsize, offset of line n + 1 */
  GPtrArray *notes;
  guint      n_other_lines;

  /* nvidia-smi */
  GArray    *gpus;         /* GpuPeak */
  guint      smi_samples;
  guint      smi_last_line;
  guint      smi_not_available;
  int        smi_fields;   /* fields per sample; 0 before the header */
  int        smi_index_column;
  int        smi_used_column;
  int        smi_name_column;   /* -1: none */
  char      *smi_gpu_name;      /* the first sample's, as nvidia-smi names it */
  double     smi_unit_bytes;   /* bytes per unit the header states; 0: the value says */
  gboolean   smi_headerless;

  /* Megatron-LM */
  GArray    *iterations;   /* Iteration */
  Seen       world_size;
  Seen       seq_length;
  Seen       max_allocated_bytes;
  Seen       max_reserved_bytes;

  /* DeepSpeed */
  Seen       ds_samples_per_s;
  Seen       ds_max_allocated_bytes;
  Seen       ds_profile_world_size;
  Seen       ds_profile_step_s;
  Seen       ds_profile_tflops_per_gpu;
  Seen       ds_profile_samples_per_s;

  /* Hugging Face Trainer */
  Seen       hf_runtime_s;
  Seen       hf_samples_per_s;
  Seen       hf_steps_per_s;
  Seen       hf_tokens_per_s_per_device;

  /* The size of the model the run was of, as each program states it */
  GArray    *megatron_rank_params;   /* RankParams, one per (tensor, pipeline) rank */
  Seen       megatron_total_params;  /* its theoretical-memory report */
  Seen       megatron_tensor_parallel;
  Seen       megatron_pipeline_parallel;
  Seen       hf_trainable_params;
  Seen       ds_model_params;
  Seen       vllm_weights_bytes;     /* per GPU of the replica */

  /* vLLM */
  Seen       vllm_gpu_blocks;
  Seen       vllm_kv_tokens;
  Seen       vllm_concurrency;
  double     vllm_request_tokens;
  Seen       vllm_tensor_parallel;
  double     vllm_pipeline_parallel;   /* 1 when the line leaves it out (before 0.6) */
};

typedef struct {
  CpTrialLog *log;
  guint       line;
  guint       n_lines;
  gboolean    last_line_open;   /* the file does not end with a newline */
} CpTrialReader;

const char *cp_trial_line_text (const CpTrialLog *log, guint line);

char *cp_trial_quote_line (const CpTrialLog *log, guint line);

gboolean cp_trial_line_error (const CpTrialReader *r, GError **error, const char *what);

gboolean cp_trial_range_error (const CpTrialReader *r, GError **error, const char *what);

gboolean cp_trial_read_number (const char *p, gboolean commas, double *out, const char **end);

const char *cp_trial_after (const char *line, const char *key);

void cp_trial_see (Seen *seen, double value, guint line);

void cp_trial_see_max (Seen *seen, double value, guint line);

gboolean cp_trial_smi_read (CpTrialReader *r, const char *line, gboolean *taken, GError **error);

gboolean cp_trial_vllm_read (CpTrialReader *r, const char *line, gboolean *taken, GError **error);

gboolean cp_trial_model_size_read (CpTrialReader *r, const char *line, gboolean *taken, GError **error);

guint cp_trial_megatron_warm_up (const CpTrialLog *log);

/* What every program's recogniser does with one line of a log: read it
 * into r->log and set *@taken when the line is the program's; FALSE with
 * @error when it is but cannot be read whole; TRUE with *@taken left
 * FALSE for another program's line. */
typedef gboolean (*CpTrialRecogniser) (CpTrialReader  *r,
                                       const char     *line,
                                       gboolean       *taken,
                                       GError        **error);

gboolean cp_trial_megatron_read    (CpTrialReader *r, const char *line, gboolean *taken, GError **error);
gboolean cp_trial_deepspeed_read   (CpTrialReader *r, const char *line, gboolean *taken, GError **error);
gboolean cp_trial_hf_trainer_read  (CpTrialReader *r, const char *line, gboolean *taken, GError **error);

G_END_DECLS
