/* cp-trial-log.h: a trial run's figures read from the logs of the run (R9).
 *
 * The article's first step is a short run on one machine; its programs
 * already print what the planner needs. Recognised, as these programs word
 * it (the versions are cited in cp-trial-log.c next to each recogniser):
 * - nvidia-smi --query-gpu=index,…,memory.used,… --format=csv samples, with
 *   a header ("memory.used [MiB]") or with noheader,nounits: peak memory
 *   used per GPU, and the GPUs seen;
 * - Megatron-LM's iteration lines (elapsed time per iteration, TFLOP/s per
 *   GPU, global batch size), its memory report (max allocated / max
 *   reserved) and its argument dump (world size, sequence length);
 * - DeepSpeed's ThroughputTimer lines (samples/s, MaxMemAllocated) and its
 *   flops profiler's summary (world size, iter latency, FLOPS per GPU,
 *   samples/second);
 * - the Hugging Face Trainer's final metrics, as its "***** train metrics
 *   *****" block, as the dict it logs, or as all_results.json /
 *   train_results.json / trainer_state.json;
 * - vLLM's start-up lines (GPU blocks, KV-cache size in tokens, maximum
 *   concurrency) and its engine configuration (tensor and pipeline
 *   parallel sizes: the GPUs of the replica);
 * - the size of the model each of them states (Megatron-LM's parameters
 *   per model-parallel rank or in all, the Trainer's trainable parameters,
 *   the flops profiler's "params of model", vLLM's loaded weights), which
 *   cp_trial_log_check_job() compares with the job's model.
 *
 * Reading (cp_trial_log_read()) needs no job: it keeps what each line
 * says. Turning that into the job's trial (cp_trial_log_resolve()) takes
 * the facts a log leaves out from the job (sequence length) and the quote
 * whose machine ran the trial (GPUs, dense peak), and says so next to each
 * figure. A log that cannot be read whole is refused with the line named,
 * and the caller changes nothing.
 */
#pragma once

#include <gio/gio.h>

#include "planner/cp-project.h"

G_BEGIN_DECLS

#define CP_TRIAL_LOG_ERROR (cp_trial_log_error_quark ())
GQuark cp_trial_log_error_quark (void);

typedef enum {
  CP_TRIAL_LOG_ERROR_EMPTY,         /* nothing but white space */
  CP_TRIAL_LOG_ERROR_BINARY,        /* a NUL byte: not a text log */
  CP_TRIAL_LOG_ERROR_TOO_LARGE,     /* over CP_TRIAL_LOG_MAX_BYTES */
  CP_TRIAL_LOG_ERROR_UNRECOGNISED,  /* no line any recogniser knows */
  CP_TRIAL_LOG_ERROR_MALFORMED,     /* a recognised line without its figures */
  CP_TRIAL_LOG_ERROR_TRUNCATED,     /* the file ends inside a recognised line */
  CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,  /* a figure no real run reports */
  CP_TRIAL_LOG_ERROR_IO,
} CpTrialLogError;

/* A short trial's log is a few megabytes even at one line per iteration;
 * this is far beyond that and keeps a wrong file (a checkpoint, a dataset)
 * from being read into memory whole. */
#define CP_TRIAL_LOG_MAX_BYTES (64 * 1024 * 1024)

typedef enum {
  CP_TRIAL_LOG_NVIDIA_SMI  = 1 << 0,
  CP_TRIAL_LOG_MEGATRON    = 1 << 1,
  CP_TRIAL_LOG_DEEPSPEED   = 1 << 2,
  CP_TRIAL_LOG_HF_TRAINER  = 1 << 3,
  CP_TRIAL_LOG_VLLM        = 1 << 4,
} CpTrialLogFormat;

/* What a figure is. The first four and the KV-cache size go into the
 * job's CpTrialRun; the rest are shown beside them (the blocks and the
 * concurrency give and check the KV-cache size). */
typedef enum {
  CP_TRIAL_FIGURE_GPUS,
  CP_TRIAL_FIGURE_PEAK_MEMORY,      /* bytes per GPU */
  CP_TRIAL_FIGURE_TOKENS_PER_S,     /* whole machine */
  CP_TRIAL_FIGURE_STEP_S,
  CP_TRIAL_FIGURE_SAMPLES_PER_S,    /* whole machine, as the log states it */
  CP_TRIAL_FIGURE_TFLOPS_PER_GPU,   /* as the program counts model FLOPs */
  CP_TRIAL_FIGURE_RUNTIME_S,
  CP_TRIAL_FIGURE_GPU_BLOCKS,       /* vLLM's paged KV-cache blocks */
  CP_TRIAL_FIGURE_KV_CACHE_TOKENS,
  CP_TRIAL_FIGURE_MAX_CONCURRENCY,  /* requests of the logged length at once */
  CP_N_TRIAL_FIGURES
} CpTrialFigure;

typedef struct _CpTrialLog CpTrialLog;

/* One figure as the preview shows it. */
typedef struct {
  CpTrialFigure figure;
  double        value;
  guint         line;       /* 1-based; 0 when it comes from the quote */
  char         *line_text;  /* that line as the log writes it, shortened; NULL with line 0 */
  char         *source;     /* translated: how the value was read or derived */
  gboolean      applied;    /* goes into the job's trial */
} CpTrialReading;

/* Reads a log's bytes. Refuses, with the line named, a file that is empty,
 * binary, over the size limit, has no recognised line, or has a recognised
 * line that is cut short or holds no valid figure. */
CpTrialLog  *cp_trial_log_read       (const char  *data,
                                      gsize        len,
                                      GError     **error);
/* Refuses a file over CP_TRIAL_LOG_MAX_BYTES before reading a byte of it. */
CpTrialLog  *cp_trial_log_read_file  (const char  *path,
                                      GError     **error);
void         cp_trial_log_free       (CpTrialLog  *log);
/* A bit mask of CpTrialLogFormat. */
guint        cp_trial_log_get_formats (const CpTrialLog *log);
/* The formats found, translated and joined: "Megatron-LM, nvidia-smi". */
char        *cp_trial_log_describe_formats (const CpTrialLog *log);
/* The catalogue GPU nvidia-smi's samples name ("NVIDIA A800-SXM4-80GB"),
 * the project's own first; NULL when the log names none or an unknown one. */
const CpGpuSpec *cp_trial_log_find_gpu (const CpTrialLog *log,
                                        const CpProject  *project);
/* char*, translated: what was skipped and why (warm-up iterations, …). */
GPtrArray   *cp_trial_log_get_notes  (const CpTrialLog *log);

/* The trial @job gets from @log when it ran on @quote's machine, in
 * @trial (overwritten; g_free() its quote_id): the figures read replace
 * the job's; speed figures (throughput and step time) are replaced
 * together; figures the log leaves out are kept only when the job's trial
 * already ran on @quote. A vLLM KV-cache size goes into an inference
 * job's trial only. Returns the readings (CpTrialReading*, owned).
 * When nothing read goes into a trial (a vLLM start-up log for a training
 * job), @trial is left all zero, quote_id NULL, and the readings are still
 * returned. NULL with @error also when vLLM's concurrency line contradicts
 * its KV-cache size.
 * NULL with @error (the line named) when a derived figure is one the
 * planner refuses. */
GPtrArray   *cp_trial_log_resolve    (const CpTrialLog *log,
                                      const CpJob      *job,
                                      const CpQuote    *quote,
                                      CpTrialRun       *trial,
                                      GError          **error);
/* How far the model size a log states may be from the job's: the same
 * model counted by different programs differs by a few percent (the
 * vocabulary padded to a multiple of 128 × tensor ranks, tied embeddings
 * counted on two pipeline stages, norms repeated on each tensor rank,
 * vLLM's few buffers beside the weights), while the nearest sizes of one
 * family are further apart (Llama 2 7B at 6.74B and Llama 3 8B at 8.03B
 * differ by 19 %). */
#define CP_TRIAL_LOG_MODEL_TOLERANCE 0.10
/* The highest end-to-end MFU published for a training run, Megatron-LM's
 * 1T-parameter model on 512 A100 (PUBLISHED.md T22, 56.3 %). That figure
 * counts attention FLOPs and 6 × parameters × tokens does not, so a log
 * implying more than this with 6·N·D is past every published run. */
#define CP_TRIAL_LOG_MAX_PUBLISHED_MFU 0.563

/* 6 × active parameters × the trial's tokens/s ÷ its GPUs' dense peak. */
double       cp_trial_log_implied_mfu (const CpJob      *job,
                                       const CpTrialRun *trial);
/* Translated warnings (char*, owned): the log states a model whose size is
 * over CP_TRIAL_LOG_MODEL_TOLERANCE from @job's (each names both sizes),
 * or @trial, resolved from it, implies a utilisation above
 * CP_TRIAL_LOG_MAX_PUBLISHED_MFU for @job's model. Either means the log is
 * likely not of this job: window and CLI apply @trial only when the user
 * confirms. Empty when neither holds. */
GPtrArray   *cp_trial_log_check_job (const CpTrialLog *log,
                                     const CpJob      *job,
                                     const CpTrialRun *trial);
/* Translated: why @log cannot be of a run on @quote's machine, naming
 * both figures: it peaks above the quote's GPU memory, or it saw more GPUs
 * than the quote's node holds. NULL when the log is consistent with the
 * machine (or states neither figure). The window preselects only such a
 * quote and the CLI refuses another without --force. */
char        *cp_trial_log_check_quote (const CpTrialLog *log,
                                       const CpQuote    *quote);
/* Translated: "Peak memory per GPU". */
const char  *cp_trial_figure_get_label (CpTrialFigure figure);
/* The value with its unit, memory in @unit's convention. */
char        *cp_trial_reading_format_value (const CpTrialReading *reading,
                                            CpMemoryUnit          unit);

/* cp_trial_log_read_file() on a worker; the callback runs on the calling
 * thread's main context. */
void         cp_trial_log_read_file_async  (const char          *path,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
CpTrialLog  *cp_trial_log_read_file_finish (GAsyncResult        *result,
                                            GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpTrialLog, cp_trial_log_free)

G_END_DECLS
