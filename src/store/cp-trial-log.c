/* cp-trial-log.c: a trial run's figures read from its logs.
 *
 * Each recogniser matches the wording of the program's own source, cited
 * next to it; the test logs in tests/store/trial-logs/ follow the same
 * wording. Lines no recogniser knows (a training log is mostly other
 * output) are counted and left aside; a line a recogniser knows but
 * cannot read whole stops the reading, with its number.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-quote-csv.h"

#include "cp-trial-log.h"

G_DEFINE_QUARK (cp-trial-log-error-quark, cp_trial_log_error)

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
} Reader;

void
cp_trial_log_free (CpTrialLog *log)
{
  if (log == NULL)
    return;
  g_free (log->text);
  g_free (log->smi_gpu_name);
  g_array_unref (log->line_starts);
  g_ptr_array_unref (log->notes);
  g_array_unref (log->gpus);
  g_array_unref (log->iterations);
  g_array_unref (log->megatron_rank_params);
  g_free (log);
}

guint
cp_trial_log_get_formats (const CpTrialLog *log)
{
  g_return_val_if_fail (log != NULL, 0);
  return log->formats;
}

GPtrArray *
cp_trial_log_get_notes (const CpTrialLog *log)
{
  g_return_val_if_fail (log != NULL, NULL);
  return log->notes;
}

const CpGpuSpec *
cp_trial_log_find_gpu (const CpTrialLog *log,
                       const CpProject  *project)
{
  g_return_val_if_fail (log != NULL, NULL);

  if (log->smi_gpu_name == NULL)
    return NULL;
  return cp_quote_csv_find_gpu (project, log->smi_gpu_name, NULL);
}

char *
cp_trial_log_describe_formats (const CpTrialLog *log)
{
  /* Program names are not translated. */
  static const char * const names[] = { "nvidia-smi", "Megatron-LM", "DeepSpeed",
                                        "Hugging Face Trainer", "vLLM" };
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  g_return_val_if_fail (log != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (log->formats & (1u << i))
      g_ptr_array_add (found, (gpointer) names[i]);
  g_ptr_array_add (found, NULL);
  /* TRANSLATORS: the separator between program names in a list */
  return g_strjoinv (_(", "), (char **) found->pdata);
}

static const char *
line_text (const CpTrialLog *log,
           guint             line)
{
  return log->text + g_array_index (log->line_starts, gsize, line - 1);
}

/* The line for the preview: valid UTF-8, trimmed, shortened. */
static char *
quote_line (const CpTrialLog *log,
            guint             line)
{
  g_autofree char *valid = g_utf8_make_valid (line_text (log, line), -1);
  const char *start = valid;
  const char *cr;
  char *text;

  /* A progress bar redraws with carriage returns: what counts is the
   * last drawing, which holds the figures. */
  while ((cr = strchr (start, '\r')) != NULL && cr[1] != '\0')
    start = cr + 1;
  text = g_strstrip (g_strdup (start));
  if (g_utf8_strlen (text, -1) > LINE_TEXT_CHARS)
    {
      char *end = g_utf8_offset_to_pointer (text, LINE_TEXT_CHARS - 1);
      char *shortened = g_strdup_printf ("%.*s…", (int) (end - text), text);
      g_free (text);
      text = shortened;
    }
  return text;
}

/* A recognised line that does not hold what its program always prints. */
static gboolean
line_error (const Reader  *r,
            GError       **error,
            const char    *what)
{
  if (r->line == r->n_lines && r->last_line_open)
    g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TRUNCATED,
                 /* TRANSLATORS: %u is a line number, %s says what the line lacks */
                 _("line %u: %s; the file ends inside this line, so the log looks cut short"),
                 r->line, what);
  else
    g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                 /* TRANSLATORS: %u is a line number, %s says what the line lacks */
                 _("line %u: %s"), r->line, what);
  return FALSE;
}

static gboolean
range_error (const Reader  *r,
             GError       **error,
             const char    *what)
{
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
               /* TRANSLATORS: %u is a line number, %s names a figure ("the peak memory") */
               _("line %u: %s is beyond anything a real run reports"), r->line, what);
  return FALSE;
}

/* A non-negative decimal number at @p after spaces ("1234.5", "1.2E-05",
 * with @commas "197,520"); never "inf", "nan" or hex, which strtod would
 * take. FALSE when there is none or it overflows. */
static gboolean
read_number (const char  *p,
             gboolean     commas,
             double      *out,
             const char **end)
{
  char buffer[64];
  gsize n = 0;
  gboolean digits = FALSE;
  char *stop;

  while (*p == ' ' || *p == '\t')
    p++;
  while ((g_ascii_isdigit (*p) || (commas && *p == ',' && digits && g_ascii_isdigit (p[1]))) &&
         n < sizeof buffer - 8)
    {
      if (*p != ',')
        buffer[n++] = *p;
      digits = TRUE;
      p++;
    }
  if (*p == '.' && n < sizeof buffer - 8)
    {
      buffer[n++] = *p++;
      while (g_ascii_isdigit (*p) && n < sizeof buffer - 8)
        {
          buffer[n++] = *p++;
          digits = TRUE;
        }
    }
  if (!digits)
    return FALSE;
  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) || ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      buffer[n++] = *p++;
      if (*p == '+' || *p == '-')
        buffer[n++] = *p++;
      while (g_ascii_isdigit (*p) && n < sizeof buffer - 1)
        buffer[n++] = *p++;
    }
  /* Digits past the buffer: a number no log line holds. */
  if (g_ascii_isdigit (*p))
    return FALSE;
  buffer[n] = '\0';
  *out = g_ascii_strtod (buffer, &stop);
  if (end)
    *end = p;
  return isfinite (*out);
}

/* The number after @key on @line, or FALSE when the key is not there. */
static const char *
after (const char *line,
       const char *key)
{
  const char *at = strstr (line, key);

  return at ? at + strlen (key) : NULL;
}

static void
see (Seen   *seen,
     double  value,
     guint   line)
{
  seen->value = value;
  seen->line = line;
}

static void
see_max (Seen   *seen,
         double  value,
         guint   line)
{
  if (seen->line == 0 || value > seen->value)
    see (seen, value, line);
}

/* --- nvidia-smi ------------------------------------------------------
 * nvidia-smi --query-gpu=index,name,memory.used,memory.total --format=csv
 * (driver 535/550 wording): a header "index, name, memory.used [MiB],
 * memory.total [MiB]" and rows "0, NVIDIA A800-SXM4-80GB, 61234 MiB,
 * 81920 MiB"; ",nounits" drops " MiB" from the rows, ",noheader" the
 * header. Fields are separated by ", ". A value it cannot read is "[N/A]"
 * or "[Not Supported]". */

static char **
split_fields (const char *line,
              int        *n)
{
  char **fields = g_strsplit (line, ",", -1);

  *n = (int) g_strv_length (fields);
  for (int i = 0; i < *n; i++)
    g_strstrip (fields[i]);
  return fields;
}

static gboolean
is_unsigned (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return strlen (text) <= 6;
}

/* Bytes per unit from "[MiB]", "[GiB]", "[KiB]" (nvidia-smi writes MiB;
 * 1 MiB = 1,048,576 bytes), or 0 for text without one. */
static double
smi_unit (const char *text)
{
  if (strstr (text, "MiB"))
    return 1024.0 * 1024.0;
  if (strstr (text, "GiB"))
    return 1024.0 * 1024.0 * 1024.0;
  if (strstr (text, "KiB"))
    return 1024.0;
  return 0;
}

static gboolean
smi_header (CpTrialLog *log,
            const char *line)
{
  int n;
  g_auto(GStrv) fields = split_fields (line, &n);
  int index_column = -1, used_column = -1, name_column = -1;

  for (int i = 0; i < n; i++)
    {
      if (strcmp (fields[i], "index") == 0)
        index_column = i;
      else if (strcmp (fields[i], "name") == 0 || strcmp (fields[i], "gpu_name") == 0)
        name_column = i;
      else if (g_str_has_prefix (fields[i], "memory.used"))
        used_column = i;
    }
  if (index_column < 0 || used_column < 0)
    return FALSE;
  log->smi_fields = n;
  log->smi_index_column = index_column;
  log->smi_used_column = used_column;
  log->smi_name_column = name_column;
  log->smi_unit_bytes = smi_unit (fields[used_column]);
  log->smi_headerless = FALSE;
  return TRUE;
}

/* "0, NVIDIA A800-SXM4-80GB, 61234, 81920" or with " MiB": the order of
 * the query nvidia-smi's own documentation gives
 * (index,name,memory.used,memory.total), recognised only when the used
 * memory is at most the total. */
static gboolean
smi_headerless_row (const char *line)
{
  int n;
  g_auto(GStrv) fields = split_fields (line, &n);
  double used, total;
  const char *end;
  gboolean letter = FALSE;

  if (n < 4 || !is_unsigned (fields[0]))
    return FALSE;
  for (const char *p = fields[1]; *p; p++)
    letter = letter || g_ascii_isalpha (*p);
  if (!letter)
    return FALSE;
  if (!read_number (fields[2], FALSE, &used, &end) || (*end && strcmp (g_strstrip ((char *) end), "MiB") != 0))
    return FALSE;
  if (!read_number (fields[3], FALSE, &total, &end) || (*end && strcmp (g_strstrip ((char *) end), "MiB") != 0))
    return FALSE;
  return used <= total;
}

static gboolean
smi_row (Reader      *r,
         const char  *line,
         GError     **error)
{
  CpTrialLog *log = r->log;
  int n;
  g_auto(GStrv) fields = split_fields (line, &n);
  guint index;
  double value, unit;
  const char *end;
  GpuPeak *peak = NULL;

  if (n != log->smi_fields)
    {
      g_autofree char *what =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      /* TRANSLATORS: an nvidia-smi sample with the wrong number of values */
                                      "a GPU sample with %d value where the header has %d",
                                      "a GPU sample with %d values where the header has %d", n),
                         n, log->smi_fields);
      return line_error (r, error, what);
    }
  index = (guint) g_ascii_strtoull (fields[log->smi_index_column], NULL, 10);
  if (fields[log->smi_used_column][0] == '[')
    {
      /* "[N/A]": the driver could not read it this time. */
      log->smi_not_available++;
      return TRUE;
    }
  if (!read_number (fields[log->smi_used_column], FALSE, &value, &end))
    return line_error (r, error, _("the memory used is not a number"));
  unit = *end ? smi_unit (end) : log->smi_unit_bytes;
  if (unit == 0)
    /* ",nounits" without a header: nvidia-smi's unit for memory. */
    unit = 1024.0 * 1024.0;
  value *= unit;
  if (value > MAX_PEAK_MEMORY_BYTES)
    return range_error (r, error, _("the memory used"));

  for (guint i = 0; i < log->gpus->len; i++)
    if (g_array_index (log->gpus, GpuPeak, i).index == index)
      peak = &g_array_index (log->gpus, GpuPeak, i);
  if (peak == NULL)
    {
      GpuPeak fresh = { index, -1, 0 };
      g_array_append_val (log->gpus, fresh);
      peak = &g_array_index (log->gpus, GpuPeak, log->gpus->len - 1);
    }
  if (value > peak->peak_bytes)
    {
      peak->peak_bytes = value;
      peak->line = r->line;
    }
  if (log->smi_gpu_name == NULL && log->smi_name_column >= 0 && *fields[log->smi_name_column] != '\0')
    log->smi_gpu_name = g_utf8_make_valid (fields[log->smi_name_column], -1);
  log->smi_samples++;
  log->smi_last_line = r->line;
  log->formats |= CP_TRIAL_LOG_NVIDIA_SMI;
  return TRUE;
}

static gboolean
read_smi (Reader      *r,
          const char  *line,
          gboolean    *taken,
          GError     **error)
{
  CpTrialLog *log = r->log;
  int n;
  g_auto(GStrv) fields = NULL;

  if (strstr (line, "memory.used") && smi_header (log, line))
    {
      *taken = TRUE;
      return TRUE;
    }
  if (log->smi_fields == 0 && smi_headerless_row (line))
    {
      fields = split_fields (line, &n);
      log->smi_fields = n;
      log->smi_index_column = 0;
      log->smi_used_column = 2;
      log->smi_name_column = 1;
      log->smi_unit_bytes = 0;
      log->smi_headerless = TRUE;
    }
  if (log->smi_fields == 0)
    return TRUE;
  /* After a header, a line with a GPU index where the header has it is a
   * sample, whole or not. */
  if (fields == NULL)
    fields = split_fields (line, &n);
  if (n < 2 || n <= log->smi_index_column || !is_unsigned (fields[log->smi_index_column]))
    return TRUE;
  *taken = TRUE;
  return smi_row (r, line, error);
}

/* --- Megatron-LM ------------------------------------------------------
 * megatron/training/training.py, training_log() (core_r0.9 to r0.12):
 * " [2025-08-01 07:19:50] iteration        2/    5000 | consumed samples:
 * 256 | elapsed time per iteration (ms): 12936.1 | throughput per GPU
 * (TFLOP/s/GPU): 118.7 | learning rate: 1.395349E-07 | global batch
 * size:   128 | lm loss: …"; older trees and Megatron-DeepSpeed print
 * "TFLOPs: 69.85 |" instead of the throughput field. report_memory() in
 * megatron/training/utils.py: "[Rank 0] (after 10 iterations) memory (MB)
 * | allocated: … | max allocated: … | reserved: … | max reserved: …", MB
 * being 1024 × 1024 bytes there. arguments.py prints "using world size:
 * 8, data-parallel size: 8, …" and each argument as "  seq_length
 * ........ 4096". */

/* The iteration number of "iteration   100/  500000 |", or 0. */
static guint
megatron_iteration (const char *line)
{
  const char *p = line;

  while ((p = strstr (p, "iteration")) != NULL)
    {
      const char *q = p + strlen ("iteration");
      guint64 number = 0;
      gboolean digits = FALSE;

      p = q;
      if (*q != ' ')
        continue;
      while (*q == ' ')
        q++;
      while (g_ascii_isdigit (*q))
        {
          number = number * 10 + (guint64) (*q++ - '0');
          digits = TRUE;
          if (number > G_MAXUINT32)
            return 0;
        }
      if (!digits || *q != '/')
        continue;
      q++;
      while (*q == ' ')
        q++;
      if (!g_ascii_isdigit (*q))
        continue;
      while (g_ascii_isdigit (*q))
        q++;
      while (*q == ' ')
        q++;
      if (*q == '|' && number > 0)
        return (guint) number;
    }
  return 0;
}

static gboolean
read_megatron_iteration (Reader      *r,
                         const char  *line,
                         guint        iteration,
                         GError     **error)
{
  Iteration it = { iteration, 0, 0, 0, r->line };
  const char *p;
  double ms;

  p = after (line, "elapsed time per iteration (ms):");
  if (p == NULL || !read_number (p, FALSE, &ms, NULL))
    return line_error (r, error, _("an iteration line without its “elapsed time per iteration (ms)”"));
  it.step_s = ms / 1000.0;
  if (it.step_s < MIN_STEP_S || it.step_s > MAX_STEP_S)
    return range_error (r, error, _("the time per iteration"));

  p = after (line, "(TFLOP/s/GPU):");
  if (p == NULL)
    p = after (line, "TFLOPs:");
  if (p != NULL && !read_number (p, FALSE, &it.tflops_per_gpu, NULL))
    return line_error (r, error, _("the TFLOP/s on this iteration line is not a number"));
  if (it.tflops_per_gpu > 1e6)
    return range_error (r, error, _("the TFLOP/s per GPU"));

  p = after (line, "global batch size:");
  if (p != NULL && !read_number (p, FALSE, &it.global_batch, NULL))
    return line_error (r, error, _("the global batch size on this iteration line is not a number"));
  if (it.global_batch > MAX_COUNT)
    return range_error (r, error, _("the global batch size"));

  g_array_append_val (r->log->iterations, it);
  r->log->formats |= CP_TRIAL_LOG_MEGATRON;
  return TRUE;
}

static gboolean
read_megatron_memory (Reader      *r,
                      const char  *line,
                      GError     **error)
{
  const char *p = after (line, "max allocated:");
  double mb;

  if (p == NULL || !read_number (p, FALSE, &mb, NULL))
    return line_error (r, error, _("a memory report without its “max allocated” figure"));
  if (mb * 1048576.0 > MAX_PEAK_MEMORY_BYTES)
    return range_error (r, error, _("the memory allocated"));
  see_max (&r->log->max_allocated_bytes, mb * 1048576.0, r->line);

  p = after (line, "max reserved:");
  if (p != NULL)
    {
      if (!read_number (p, FALSE, &mb, NULL))
        return line_error (r, error, _("the “max reserved” figure is not a number"));
      if (mb * 1048576.0 > MAX_PEAK_MEMORY_BYTES)
        return range_error (r, error, _("the memory reserved"));
      see_max (&r->log->max_reserved_bytes, mb * 1048576.0, r->line);
    }
  r->log->formats |= CP_TRIAL_LOG_MEGATRON;
  return TRUE;
}

/* "  seq_length ...................................... 4096" */
static gboolean
megatron_argument (const char *line,
                   const char *name,
                   double     *value)
{
  const char *p = line;
  const char *end;

  while (*p == ' ')
    p++;
  if (!g_str_has_prefix (p, name))
    return FALSE;
  p += strlen (name);
  if (*p != ' ' || p[1] != '.')
    return FALSE;
  p++;
  while (*p == '.')
    p++;
  return read_number (p, FALSE, value, &end) && (*end == '\0' || *end == ' ' || *end == '\r');
}

static gboolean
read_megatron_setup (Reader      *r,
                     const char  *line,
                     gboolean    *taken,
                     GError     **error)
{
  CpTrialLog *log = r->log;
  const char *p = after (line, "using world size:");
  double value;

  if (p != NULL)
    {
      *taken = TRUE;
      if (!read_number (p, FALSE, &value, NULL))
        return line_error (r, error, _("the world size is not a number"));
      if (value < 1 || value > MAX_COUNT)
        return range_error (r, error, _("the world size"));
      see (&log->world_size, value, r->line);
      if ((p = after (line, "tensor-model-parallel size:")) != NULL && read_number (p, FALSE, &value, NULL) &&
          value >= 1 && value <= MAX_COUNT)
        see (&log->megatron_tensor_parallel, value, r->line);
      if ((p = after (line, "pipeline-model-parallel size:")) != NULL && read_number (p, FALSE, &value, NULL) &&
          value >= 1 && value <= MAX_COUNT)
        see (&log->megatron_pipeline_parallel, value, r->line);
      return TRUE;
    }
  if (megatron_argument (line, "world_size", &value))
    {
      *taken = TRUE;
      if (value < 1 || value > MAX_COUNT)
        return range_error (r, error, _("the world size"));
      see (&log->world_size, value, r->line);
    }
  else if (megatron_argument (line, "tensor_model_parallel_size", &value) && value >= 1 && value <= MAX_COUNT)
    {
      *taken = TRUE;
      see (&log->megatron_tensor_parallel, value, r->line);
    }
  else if (megatron_argument (line, "pipeline_model_parallel_size", &value) && value >= 1 && value <= MAX_COUNT)
    {
      *taken = TRUE;
      see (&log->megatron_pipeline_parallel, value, r->line);
    }
  else if (megatron_argument (line, "seq_length", &value))
    {
      *taken = TRUE;
      if (value < 1 || value > MAX_COUNT)
        return range_error (r, error, _("the sequence length"));
      see (&log->seq_length, value, r->line);
    }
  return TRUE;
}

/* --- DeepSpeed ---------------------------------------------------------
 * deepspeed/utils/timer.py, ThroughputTimer.stop() (0.10 to 0.16):
 * "epoch=0/micro_step=100/global_step=100, RunningAvgSamplesPerSec=58.73,
 * CurrSamplesPerSec=61.35, MemAllocated=6.01GB, MaxMemAllocated=19.52GB";
 * before 0.6 "0/100, SamplesPerSec=…, MemAllocated=…GB,
 * MaxMemAllocated=…GB". The timer's batch is the engine's
 * train_batch_size() (or the micro-batch × the data-parallel workers),
 * so samples/s is the whole job's; its "GB" is 1024³ bytes
 * (max_memory_allocated() / 1024**3). */

static gboolean
read_deepspeed (Reader      *r,
                const char  *line,
                GError     **error)
{
  CpTrialLog *log = r->log;
  const char *p = after (line, "RunningAvgSamplesPerSec=");
  double samples, gb;

  if (p == NULL)
    p = after (line, "SamplesPerSec=");
  if (p == NULL || !read_number (p, FALSE, &samples, NULL))
    return line_error (r, error, _("a DeepSpeed throughput line without its samples per second"));
  if (samples * 1e6 > MAX_TOKENS_PER_S)
    return range_error (r, error, _("the samples per second"));
  p = after (line, "MaxMemAllocated=");
  if (p == NULL || !read_number (p, FALSE, &gb, NULL))
    return line_error (r, error, _("a DeepSpeed throughput line without its “MaxMemAllocated”"));
  if (gb * 1073741824.0 > MAX_PEAK_MEMORY_BYTES)
    return range_error (r, error, _("the memory allocated"));
  /* The running average is the run's since the timer's start step; the
   * last line holds the most steps. */
  see (&log->ds_samples_per_s, samples, r->line);
  see_max (&log->ds_max_allocated_bytes, gb * 1073741824.0, r->line);
  log->formats |= CP_TRIAL_LOG_DEEPSPEED;
  return TRUE;
}

/* deepspeed/profiling/flops_profiler/profiler.py, print_model_profile()
 * (0.9 to 0.16), each label padded to 60 columns: "world size:   8",
 * "iter latency:   184.73 ms", "FLOPS per GPU = 3 * fwd flops per GPU /
 * iter latency:   102.0 TFLOPS" ("fwd FLOPs" from 0.12),
 * "samples/second:   433.07", the samples being the micro-batch per GPU ×
 * the world size: the whole job's, over the one step profiled. */

/* "184.73 ms", "7.77 s", "34.09 us" → seconds. */
static gboolean
read_duration (const char *p,
               double     *seconds)
{
  const char *end;

  if (!read_number (p, FALSE, seconds, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  if (g_str_has_prefix (end, "ms"))
    *seconds /= 1e3;
  else if (g_str_has_prefix (end, "us"))
    *seconds /= 1e6;
  else if (*end != 's')
    return FALSE;
  return TRUE;
}

/* "102.0 TFLOPS", "950.3 GFLOPS", "1.2 PFLOPS" → TFLOP/s. */
static gboolean
read_tflops (const char *p,
             double     *tflops)
{
  const char *end;

  if (!read_number (p, FALSE, tflops, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  if (g_str_has_prefix (end, "GFLOPS"))
    *tflops /= 1e3;
  else if (g_str_has_prefix (end, "PFLOPS"))
    *tflops *= 1e3;
  else if (g_str_has_prefix (end, "MFLOPS"))
    *tflops /= 1e6;
  else if (!g_str_has_prefix (end, "TFLOPS"))
    return FALSE;
  return TRUE;
}

static gboolean
read_flops_profile (Reader      *r,
                    const char  *line,
                    gboolean    *taken,
                    GError     **error)
{
  CpTrialLog *log = r->log;
  const char *p = line;
  const char *latency;
  double value;

  while (*p == ' ' || *p == '>')
    p++;
  latency = g_str_has_prefix (p, "FLOPS per GPU = 3 * fwd ") ? strstr (p, "latency:") : NULL;
  if (g_str_has_prefix (p, "world size:"))
    {
      *taken = TRUE;
      if (!read_number (p + strlen ("world size:"), FALSE, &value, NULL))
        return line_error (r, error, _("the world size is not a number"));
      if (value < 1 || value > MAX_COUNT)
        return range_error (r, error, _("the world size"));
      see (&log->ds_profile_world_size, value, r->line);
    }
  else if (g_str_has_prefix (p, "iter latency:"))
    {
      *taken = TRUE;
      if (!read_duration (p + strlen ("iter latency:"), &value))
        return line_error (r, error, _("the iteration latency is not a time such as 184.73 ms"));
      if (value < MIN_STEP_S || value > MAX_STEP_S)
        return range_error (r, error, _("the time per iteration"));
      see (&log->ds_profile_step_s, value, r->line);
    }
  else if (latency != NULL)
    {
      *taken = TRUE;
      if (!read_tflops (latency + strlen ("latency:"), &value))
        return line_error (r, error, _("the FLOPS per GPU is not a figure such as 102.0 TFLOPS"));
      if (value > 1e6)
        return range_error (r, error, _("the TFLOP/s per GPU"));
      see (&log->ds_profile_tflops_per_gpu, value, r->line);
    }
  else if (g_str_has_prefix (p, "samples/second:"))
    {
      *taken = TRUE;
      if (!read_number (p + strlen ("samples/second:"), FALSE, &value, NULL))
        return line_error (r, error, _("the samples per second is not a number"));
      if (value * 1e6 > MAX_TOKENS_PER_S)
        return range_error (r, error, _("the samples per second"));
      see (&log->ds_profile_samples_per_s, value, r->line);
    }
  if (*taken)
    log->formats |= CP_TRIAL_LOG_DEEPSPEED;
  return TRUE;
}

/* --- Hugging Face Trainer ---------------------------------------------
 * transformers 4.30 to 4.46: Trainer.train() ends with speed_metrics()
 * ("train_runtime", "train_samples_per_second", "train_steps_per_second"
 * and, with include_tokens_per_second, "train_tokens_per_second", per
 * device as TrainingArguments documents it), logged as a dict
 * "{'train_runtime': 600.1234, 'train_samples_per_second': 12.3, …}",
 * printed by log_metrics() under "***** train metrics *****" as
 * "  train_runtime            = 0:10:00.12" (a timedelta) and
 * "  train_samples_per_second =     12.3", and saved by save_metrics() to
 * all_results.json / train_results.json and in trainer_state.json's
 * log_history as "\"train_runtime\": 600.1234". Samples are counted over
 * the whole job (the total train batch size × steps). */

/* "0:10:00.12", "1 day, 2:03:04.5" → seconds. */
static gboolean
read_timedelta (const char *p,
                double     *seconds)
{
  double days = 0, h, m, s;
  const char *end;

  if (!read_number (p, FALSE, &h, &end))
    return FALSE;
  if (g_str_has_prefix (end, " day"))
    {
      days = h;
      end = strchr (end, ',');
      if (end == NULL || !read_number (end + 1, FALSE, &h, &end))
        return FALSE;
    }
  if (*end != ':')
    return FALSE;
  if (!read_number (end + 1, FALSE, &m, &end) || *end != ':')
    return FALSE;
  if (!read_number (end + 1, FALSE, &s, &end))
    return FALSE;
  *seconds = ((days * 24 + h) * 60 + m) * 60 + s;
  return TRUE;
}

/* The value after "key" in "key = v", "'key': v" or "\"key\": v". */
static gboolean
read_hf_metric (Reader      *r,
                const char  *line,
                const char  *key,
                Seen        *seen,
                gboolean     timedelta,
                gboolean    *taken,
                GError     **error)
{
  const char *p = after (line, key);
  double value;

  if (p == NULL)
    return TRUE;
  if (*p == '\'' || *p == '"')
    p++;
  while (*p == ' ')
    p++;
  if (*p == '=')
    {
      /* log_metrics() formats the runtime as a timedelta. */
      p++;
      while (*p == ' ')
        p++;
      if (timedelta && strchr (p, ':') != NULL)
        {
          if (!read_timedelta (p, &value))
            {
              g_autofree char *what = g_strdup_printf (_("“%s” is not a time such as 0:10:00.12"), key);
              return line_error (r, error, what);
            }
        }
      else if (!read_number (p, FALSE, &value, NULL))
        {
          g_autofree char *what = g_strdup_printf (_("“%s” has no number"), key);
          return line_error (r, error, what);
        }
    }
  else if (*p == ':')
    {
      if (!read_number (p + 1, FALSE, &value, NULL))
        {
          g_autofree char *what = g_strdup_printf (_("“%s” has no number"), key);
          return line_error (r, error, what);
        }
    }
  else
    /* The name in other text, a help message or a column header. */
    return TRUE;
  if (value > MAX_TOKENS_PER_S)
    {
      g_autofree char *what = g_strdup_printf ("“%s”", key);
      return range_error (r, error, what);
    }
  see (seen, value, r->line);
  *taken = TRUE;
  r->log->formats |= CP_TRIAL_LOG_HF_TRAINER;
  return TRUE;
}

static gboolean
read_hf_trainer (Reader      *r,
                 const char  *line,
                 gboolean    *taken,
                 GError     **error)
{
  CpTrialLog *log = r->log;

  return read_hf_metric (r, line, "train_runtime", &log->hf_runtime_s, TRUE, taken, error) &&
         read_hf_metric (r, line, "train_samples_per_second", &log->hf_samples_per_s, FALSE, taken, error) &&
         read_hf_metric (r, line, "train_steps_per_second", &log->hf_steps_per_s, FALSE, taken, error) &&
         read_hf_metric (r, line, "train_tokens_per_second", &log->hf_tokens_per_s_per_device, FALSE, taken, error);
}

/* --- vLLM ---------------------------------------------------------------
 * 0.5 to 0.6, executor "# GPU blocks: 12345, # CPU blocks: 2048" (0.7 uses
 * the platform's device name: "# cuda blocks: …"); the V1 engine (0.8 to
 * 0.10) "GPU KV cache size: 197,520 tokens" and "Maximum concurrency for
 * 4,096 tokens per request: 48.22x", on one line in later releases, the
 * counts with thousands separators. */

static gboolean
read_vllm (Reader      *r,
           const char  *line,
           gboolean    *taken,
           GError     **error)
{
  CpTrialLog *log = r->log;
  const char *p;
  double value;

  p = after (line, "# GPU blocks:");
  if (p == NULL)
    p = after (line, "# cuda blocks:");
  if (p == NULL)
    p = after (line, "# CUDA blocks:");
  if (p != NULL)
    {
      *taken = TRUE;
      if (!read_number (p, TRUE, &value, NULL))
        return line_error (r, error, _("the number of GPU blocks is missing"));
      if (value > MAX_COUNT)
        return range_error (r, error, _("the number of GPU blocks"));
      see (&log->vllm_gpu_blocks, value, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  p = after (line, "KV cache size:");
  if (p != NULL)
    {
      const char *end;

      *taken = TRUE;
      if (!read_number (p, TRUE, &value, &end) || !g_str_has_prefix (end, " tokens"))
        return line_error (r, error, _("the KV-cache size has no number of tokens"));
      if (value > MAX_COUNT * 1000)
        return range_error (r, error, _("the KV-cache size"));
      see (&log->vllm_kv_tokens, value, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  /* The engine's configuration line: the GPUs of one replica. */
  if (strstr (line, "LLM engine") != NULL && (p = after (line, "tensor_parallel_size=")) != NULL)
    {
      double pipeline = 1;
      const char *pp = after (line, "pipeline_parallel_size=");

      *taken = TRUE;
      if (!read_number (p, FALSE, &value, NULL) || value < 1 ||
          (pp != NULL && (!read_number (pp, FALSE, &pipeline, NULL) || pipeline < 1)))
        return line_error (r, error, _("the engine’s tensor_parallel_size or pipeline_parallel_size is not a number"));
      if (value * pipeline > MAX_COUNT)
        return range_error (r, error, _("the tensor-parallel size"));
      see (&log->vllm_tensor_parallel, value, r->line);
      log->vllm_pipeline_parallel = pipeline;
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  p = after (line, "Maximum concurrency for");
  if (p != NULL)
    {
      double tokens;
      const char *end;

      *taken = TRUE;
      if (!read_number (p, TRUE, &tokens, &end) || (p = after (end, "per request:")) == NULL ||
          !read_number (p, FALSE, &value, NULL))
        return line_error (r, error, _("the maximum concurrency has no request length or no factor"));
      if (value > MAX_COUNT || tokens > MAX_COUNT)
        return range_error (r, error, _("the maximum concurrency"));
      see (&log->vllm_concurrency, value, r->line);
      log->vllm_request_tokens = tokens;
      log->formats |= CP_TRIAL_LOG_VLLM;
    }
  return TRUE;
}

/* --- the model's size ----------------------------------------------------
 * Each program states the size of the model it ran, which is what tells a
 * log of another model apart:
 * - Megatron-LM (megatron/training/training.py, get_model()), on every
 *   rank of data-parallel rank 0: " > number of parameters on (tensor,
 *   pipeline) model parallel rank (0, 0): 13015864320", each rank's share;
 *   its theoretical-memory report (theoretical_memory_usage.py, core 0.5
 *   on) "Total number of parameters in billions: 13.02"; the model-parallel
 *   sizes on its "using world size: 8, …, tensor-model-parallel size: 1,
 *   pipeline-model-parallel size: 1" line;
 * - the Hugging Face Trainer (trainer.py, _inner_training_loop):
 *   "  Number of trainable parameters = 6,738,415,616";
 * - DeepSpeed's flops profiler: "params of model = params per GPU *
 *   mp_size:   6.74 B";
 * - vLLM, per GPU of the replica: "Model loading took 14.9889 GiB and
 *   12.3 seconds" (V1, 0.8 on), "Loading model weights took 14.9889 GB"
 *   (0.4 to 0.7; GB there is float(2**30) bytes). */

/* "6.74 B", "350.5 M": the flops profiler's number_to_string(). */
static gboolean
read_scaled_count (const char *p,
                   double     *value)
{
  const char *end;

  if (!read_number (p, FALSE, value, &end))
    return FALSE;
  while (*end == ' ')
    end++;
  switch (*end)
    {
    case 'T': *value *= 1e12; break;
    case 'B': case 'G': *value *= 1e9; break;
    case 'M': *value *= 1e6; break;
    case 'K': case 'k': *value *= 1e3; break;
    default: break;
    }
  return TRUE;
}

static gboolean
read_model_size (Reader      *r,
                 const char  *line,
                 gboolean    *taken,
                 GError     **error)
{
  CpTrialLog *log = r->log;
  const char *p;
  double value;

  if ((p = after (line, "number of parameters on (tensor, pipeline) model parallel rank (")) != NULL)
    {
      RankParams rank = { 0, 0, 0, r->line };
      double tensor, pipeline;
      const char *end;

      *taken = TRUE;
      if (!read_number (p, FALSE, &tensor, &end) || *end != ',' ||
          !read_number (end + 1, FALSE, &pipeline, &end) || *end != ')' ||
          (p = after (end, "):")) == NULL || !read_number (p, FALSE, &rank.params, NULL))
        return line_error (r, error, _("a “number of parameters” line without its ranks or its count"));
      if (rank.params > MAX_COUNT * 1e6 || tensor > MAX_COUNT || pipeline > MAX_COUNT)
        return range_error (r, error, _("the number of parameters"));
      rank.tensor_rank = (guint) tensor;
      rank.pipeline_rank = (guint) pipeline;
      /* A rank printed twice (a restarted run in the same file) counts once, the later. */
      for (guint i = 0; i < log->megatron_rank_params->len; i++)
        {
          RankParams *seen = &g_array_index (log->megatron_rank_params, RankParams, i);
          if (seen->tensor_rank == rank.tensor_rank && seen->pipeline_rank == rank.pipeline_rank)
            {
              *seen = rank;
              return TRUE;
            }
        }
      g_array_append_val (log->megatron_rank_params, rank);
      log->formats |= CP_TRIAL_LOG_MEGATRON;
      return TRUE;
    }
  if ((p = after (line, "Total number of parameters in billions:")) != NULL)
    {
      *taken = TRUE;
      if (!read_number (p, FALSE, &value, NULL))
        return line_error (r, error, _("the total number of parameters is not a number"));
      if (value > MAX_COUNT * 1e-3)
        return range_error (r, error, _("the number of parameters"));
      see (&log->megatron_total_params, value * 1e9, r->line);
      log->formats |= CP_TRIAL_LOG_MEGATRON;
      return TRUE;
    }
  if ((p = after (line, "Number of trainable parameters =")) != NULL)
    {
      *taken = TRUE;
      if (!read_number (p, TRUE, &value, NULL))
        return line_error (r, error, _("the number of trainable parameters is not a number"));
      if (value > MAX_COUNT * 1e6)
        return range_error (r, error, _("the number of parameters"));
      see (&log->hf_trainable_params, value, r->line);
      log->formats |= CP_TRIAL_LOG_HF_TRAINER;
      return TRUE;
    }
  if ((p = after (line, "params of model = params per GPU * mp_size:")) != NULL)
    {
      *taken = TRUE;
      if (!read_scaled_count (p, &value))
        return line_error (r, error, _("the flops profiler’s “params of model” is not a number"));
      if (value > MAX_COUNT * 1e6)
        return range_error (r, error, _("the number of parameters"));
      see (&log->ds_model_params, value, r->line);
      log->formats |= CP_TRIAL_LOG_DEEPSPEED;
      return TRUE;
    }
  if ((p = after (line, "Model loading took ")) != NULL || (p = after (line, "Loading model weights took ")) != NULL)
    {
      const char *end;

      *taken = TRUE;
      if (!read_number (p, FALSE, &value, &end) || (!g_str_has_prefix (end, " GiB") && !g_str_has_prefix (end, " GB")))
        return line_error (r, error, _("the memory the model’s weights took is not a size such as 14.99 GiB"));
      if (value * 1073741824.0 > MAX_PEAK_MEMORY_BYTES)
        return range_error (r, error, _("the memory the model’s weights took"));
      see (&log->vllm_weights_bytes, value * 1073741824.0, r->line);
      log->formats |= CP_TRIAL_LOG_VLLM;
      return TRUE;
    }
  return TRUE;
}

/* --- the whole log ------------------------------------------------------ */

static gboolean
read_line (Reader      *r,
           const char  *line,
           GError     **error)
{
  gboolean taken = FALSE;
  guint iteration;

  if (!read_smi (r, line, &taken, error))
    return FALSE;
  if (taken)
    return TRUE;

  if (!read_model_size (r, line, &taken, error))
    return FALSE;
  if (taken)
    return TRUE;

  iteration = megatron_iteration (line);
  if (iteration > 0)
    return read_megatron_iteration (r, line, iteration, error);
  if (strstr (line, "memory (MB)") != NULL && strstr (line, "allocated:") != NULL)
    return read_megatron_memory (r, line, error);
  if (!read_megatron_setup (r, line, &taken, error))
    return FALSE;
  if (taken)
    return TRUE;

  if (strstr (line, "SamplesPerSec=") != NULL)
    return read_deepspeed (r, line, error);
  if (!read_flops_profile (r, line, &taken, error))
    return FALSE;
  if (taken)
    return TRUE;

  if (strstr (line, "train_") != NULL)
    {
      if (!read_hf_trainer (r, line, &taken, error))
        return FALSE;
      if (taken)
        return TRUE;
    }

  if (!read_vllm (r, line, &taken, error))
    return FALSE;
  if (!taken && *line != '\0')
    r->log->n_other_lines++;
  return TRUE;
}

/* A JSON file (all_results.json, trainer_state.json) is read line by line
 * like a log, once its brackets are known to close: a file cut short
 * would otherwise give the figures of an unfinished run. */
static gboolean
check_json (const CpTrialLog  *log,
            guint              n_lines,
            GError           **error)
{
  int depth = 0;
  gboolean in_string = FALSE;

  for (guint line = 1; line <= n_lines; line++)
    for (const char *p = line_text (log, line); *p; p++)
      {
        if (in_string)
          {
            if (*p == '\\' && p[1] != '\0')
              p++;
            else if (*p == '"')
              in_string = FALSE;
            continue;
          }
        if (*p == '"')
          in_string = TRUE;
        else if (*p == '{' || *p == '[')
          depth++;
        else if (*p == '}' || *p == ']')
          {
            if (--depth < 0)
              {
                g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                             _("line %u: a closing bracket that nothing opened; the JSON is damaged"), line);
                return FALSE;
              }
          }
      }
  if (depth > 0 || in_string)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TRUNCATED,
                   _("line %u: the JSON ends before its last bracket closes, so the file looks cut short"),
                   n_lines);
      return FALSE;
    }
  return TRUE;
}

/* Logs are text with perhaps colour escapes; a file where control bytes
 * abound is something else (a checkpoint, an archive). */
static gboolean
looks_binary (const char *data,
              gsize       len)
{
  gsize n = MIN (len, 4096), control = 0;

  for (gsize i = 0; i < n; i++)
    {
      guchar c = (guchar) data[i];
      if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b)
        control++;
    }
  return control * 10 > n;
}

static guint megatron_warm_up (const CpTrialLog *log);

static void
add_notes (CpTrialLog *log)
{
  guint warm_up = megatron_warm_up (log);

  if (warm_up > 0)
    {
      const Iteration *last_skipped = &g_array_index (log->iterations, Iteration, warm_up - 1);

      if (warm_up == 1)
        g_ptr_array_add (log->notes,
                         /* TRANSLATORS: an iteration and a line number */
                         g_strdup_printf (_("The first Megatron-LM iteration line (iteration %u, line %u) is left out as warm-up: "
                                            "it carries CUDA and NCCL start-up, the memory allocator’s growth and any "
                                            "compilation, which a long run pays once (the first logged line and the "
                                            "first 10%% of them are left out)"),
                                          last_skipped->iteration, last_skipped->line));
      else
        g_ptr_array_add (log->notes,
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       /* TRANSLATORS: %u: a count of log lines, then an iteration and a line number */
                                                       "The first %u Megatron-LM iteration lines (to iteration %u, line %u) are left out as warm-up: "
                                                       "they carry CUDA and NCCL start-up, the memory allocator’s growth and any "
                                                       "compilation, which a long run pays once (the first logged line and the "
                                                       "first 10%% of them are left out)",
                                                       "The first %u Megatron-LM iteration lines (to iteration %u, line %u) are left out as warm-up: "
                                                       "they carry CUDA and NCCL start-up, the memory allocator’s growth and any "
                                                       "compilation, which a long run pays once (the first logged line and the "
                                                       "first 10%% of them are left out)",
                                                       warm_up),
                                          warm_up, last_skipped->iteration, last_skipped->line));
    }
  else if (log->iterations->len == 1)
    g_ptr_array_add (log->notes,
                     g_strdup (_("Only one Megatron-LM iteration line: it is used although it may "
                                 "include warm-up, which makes the step time longer than a long run’s")));
  if (log->smi_headerless)
    g_ptr_array_add (log->notes,
                     g_strdup (_("The nvidia-smi samples have no header: their columns are taken as "
                                 "index, name, memory.used, memory.total, the order of the query in "
                                 "nvidia-smi’s documentation, in MiB")));
  if (log->smi_not_available > 0)
    g_ptr_array_add (log->notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u nvidia-smi sample said “[N/A]” for the memory used and was left out",
                                                   "%u nvidia-smi samples said “[N/A]” for the memory used and were left out",
                                                   log->smi_not_available),
                                      log->smi_not_available));
  if (log->n_other_lines > 0)
    g_ptr_array_add (log->notes,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u line of other output was left aside",
                                                   "%u lines of other output were left aside",
                                                   log->n_other_lines),
                                      log->n_other_lines));
}

static void
set_too_large (GError **error)
{
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_TOO_LARGE,
               _("the file is over %u MiB, more than the log of a trial run; "
                 "keep the lines of its last minutes"),
               CP_TRIAL_LOG_MAX_BYTES / (1024 * 1024));
}

CpTrialLog *
cp_trial_log_read (const char  *data,
                   gsize        len,
                   GError     **error)
{
  g_autoptr(CpTrialLog) log = NULL;
  const char *nul;
  Reader r = { 0 };
  gsize start = 0;
  const char *first;

  if (len > CP_TRIAL_LOG_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  nul = len > 0 ? memchr (data, '\0', len) : NULL;
  if (nul != NULL || looks_binary (data, len))
    {
      guint line = 1;
      const char *stop = nul ? nul : data + MIN (len, 4096);

      for (const char *p = data; p < stop && nul != NULL; p++)
        line += *p == '\n';
      if (nul != NULL)
        g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY,
                     _("line %u holds a NUL byte: this is not a text log"), line);
      else
        g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_BINARY,
                     _("the file is mostly control bytes: this is not a text log"));
      return NULL;
    }

  log = g_new0 (CpTrialLog, 1);
  log->text = g_strndup (data, len);
  log->line_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  log->notes = g_ptr_array_new_with_free_func (g_free);
  log->gpus = g_array_new (FALSE, FALSE, sizeof (GpuPeak));
  log->iterations = g_array_new (FALSE, FALSE, sizeof (Iteration));
  log->megatron_rank_params = g_array_new (FALSE, FALSE, sizeof (RankParams));
  log->smi_name_column = -1;

  first = log->text;
  while (g_ascii_isspace (*first))
    first++;
  if (*first == '\0')
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_EMPTY, _("the file is empty"));
      return NULL;
    }

  /* Split into lines in place; "\r\n" ends a line as "\n" does. */
  for (gsize i = 0; i <= len; i++)
    if (i == len || log->text[i] == '\n')
      {
        if (i == len && start == len)
          break;
        g_array_append_val (log->line_starts, start);
        if (i > start && log->text[i - 1] == '\r')
          log->text[i - 1] = '\0';
        if (i < len)
          log->text[i] = '\0';
        start = i + 1;
      }
  r.log = log;
  r.n_lines = log->line_starts->len;
  r.last_line_open = len > 0 && data[len - 1] != '\n';

  if ((*first == '{' || *first == '[') && !check_json (log, r.n_lines, error))
    return NULL;

  for (r.line = 1; r.line <= r.n_lines; r.line++)
    if (!read_line (&r, line_text (log, r.line), error))
      return NULL;

  if (log->formats == 0)
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_UNRECOGNISED,
                   _("no line of the file is one that nvidia-smi, Megatron-LM, DeepSpeed, "
                     "the Hugging Face Trainer or vLLM prints"));
      return NULL;
    }
  add_notes (log);
  return g_steal_pointer (&log);
}

CpTrialLog *
cp_trial_log_read_file (const char  *path,
                        GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  GStatBuf st;
  gsize len = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_IO,
                   _("could not read the file: %s"), g_strerror (saved));
      return NULL;
    }
  /* A pipe or a device could stream for ever. */
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_IO,
                   _("could not read the file: it is not a regular file"));
      return NULL;
    }
  if (st.st_size > CP_TRIAL_LOG_MAX_BYTES)
    {
      set_too_large (error);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_IO,
                   _("could not read the file: %s"), local->message);
      return NULL;
    }
  return cp_trial_log_read (data, len, error);
}

/* --- from what the log says to the job's trial -------------------------- */

static void
reading_free (CpTrialReading *reading)
{
  g_free (reading->line_text);
  g_free (reading->source);
  g_free (reading);
}

static CpTrialReading *
add_reading (GPtrArray        *readings,
             const CpTrialLog *log,
             CpTrialFigure     figure,
             double            value,
             guint             line,
             gboolean          applied,
             char             *source)
{
  CpTrialReading *reading = g_new0 (CpTrialReading, 1);

  reading->figure = figure;
  reading->value = value;
  reading->line = line;
  reading->line_text = line > 0 ? quote_line (log, line) : NULL;
  reading->applied = applied;
  reading->source = source;
  g_ptr_array_add (readings, reading);
  return reading;
}

/* The first 10 % of Megatron-LM's logged iterations, and at least the
 * first logged one, are left out: they carry CUDA and NCCL start-up, the
 * caching allocator's growth and any compilation, which a long run pays
 * once. One logged iteration is all there is and is kept. */
static guint
megatron_warm_up (const CpTrialLog *log)
{
  guint n = log->iterations->len;

  return n < 2 ? 0 : MAX (1, n / 10);
}

static gboolean
check_derived (double         value,
               double         low,
               double         high,
               guint          line,
               const char    *what,
               GError       **error)
{
  if (value >= low && value <= high)
    return TRUE;
  g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
               /* TRANSLATORS: %u is a line number, %s names a figure and its value */
               _("line %u: it gives %s, beyond what the planner takes for a trial run"),
               line, what);
  return FALSE;
}

static void
resolve_peak_memory (const CpTrialLog *log,
                     GPtrArray        *readings,
                     double           *peak)
{
  if (log->gpus->len > 0)
    {
      const GpuPeak *worst = NULL;

      for (guint i = 0; i < log->gpus->len; i++)
        {
          const GpuPeak *gpu = &g_array_index (log->gpus, GpuPeak, i);
          if (gpu->line > 0 && (worst == NULL || gpu->peak_bytes > worst->peak_bytes))
            worst = gpu;
        }
      if (worst != NULL)
        {
          *peak = worst->peak_bytes;
          add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, worst->line, TRUE,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* TRANSLATORS: nvidia-smi's memory.used; %u GPU index, then sample count */
                                                     "nvidia-smi’s memory.used, the highest of GPU %u, the busiest, over %u sample",
                                                     "nvidia-smi’s memory.used, the highest of GPU %u, the busiest, over %u samples",
                                                     log->smi_samples),
                                        worst->index, log->smi_samples));
          return;
        }
    }
  if (log->max_reserved_bytes.line > 0)
    {
      *peak = log->max_reserved_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->max_reserved_bytes.line, TRUE,
                   g_strdup (_("Megatron-LM’s “max reserved”, the highest rank’s, in MB of 1,048,576 bytes: "
                               "what PyTorch’s allocator held, fragmentation included, as the planner’s "
                               "estimate counts it (“max allocated” leaves fragmentation out)")));
      return;
    }
  if (log->max_allocated_bytes.line > 0)
    {
      *peak = log->max_allocated_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->max_allocated_bytes.line, TRUE,
                   g_strdup (_("Megatron-LM’s “max allocated”, the highest rank’s, in MB of 1,048,576 bytes; "
                               "without fragmentation, so a little under what the GPU held")));
      return;
    }
  if (log->ds_max_allocated_bytes.line > 0)
    {
      *peak = log->ds_max_allocated_bytes.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_PEAK_MEMORY, *peak, log->ds_max_allocated_bytes.line, TRUE,
                   g_strdup (_("DeepSpeed’s MaxMemAllocated, highest of its lines, in its GB of 1024³ bytes; "
                               "without fragmentation, so a little under what the GPU held")));
    }
}

/* Tokens/s and the step time, from the first program that gives them. */
static gboolean
resolve_speed (const CpTrialLog *log,
               const CpJob      *job,
               const CpQuote    *quote,
               GPtrArray        *readings,
               double           *tokens_per_s,
               double           *step_s,
               GError          **error)
{
  double seq = log->seq_length.line > 0 ? log->seq_length.value : job->seq_len;
  g_autofree char *seq_source = NULL;

  if (log->seq_length.line > 0)
    seq_source = g_strdup_printf (_("the sequence length on line %u (%.0f tokens)"), log->seq_length.line, seq);
  else
    seq_source = g_strdup_printf (_("the job’s sequence length (%.0f tokens), which the log does not state"), seq);

  if (log->iterations->len > 0)
    {
      guint skip = megatron_warm_up (log);
      guint n = log->iterations->len - skip;
      const Iteration *first = &g_array_index (log->iterations, Iteration, skip);
      const Iteration *last = &g_array_index (log->iterations, Iteration, log->iterations->len - 1);
      double time_s = 0, tokens = 0, tflops = 0;
      guint n_tflops = 0;
      gboolean batch_everywhere = TRUE;

      for (guint i = skip; i < log->iterations->len; i++)
        {
          const Iteration *it = &g_array_index (log->iterations, Iteration, i);
          time_s += it->step_s;
          tokens += it->global_batch * seq;
          batch_everywhere = batch_everywhere && it->global_batch > 0;
          if (it->tflops_per_gpu > 0)
            {
              tflops += it->tflops_per_gpu;
              n_tflops++;
            }
        }
      *step_s = time_s / n;
      add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, last->line, TRUE,
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "the mean “elapsed time per iteration” of %u iteration line, iterations %u to %u (lines %u to %u)",
                                                 "the mean “elapsed time per iteration” of %u iteration lines, iterations %u to %u (lines %u to %u)",
                                                 n),
                                    n, first->iteration, last->iteration, first->line, last->line));
      if (!check_derived (*step_s, MIN_STEP_S, MAX_STEP_S, last->line, _("a step time"), error))
        return FALSE;
      if (batch_everywhere && seq > 0)
        {
          *tokens_per_s = tokens / time_s;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, last->line, TRUE,
                       /* TRANSLATORS: %s says where the sequence length comes from */
                       g_strdup_printf (_("global batch size × %s ÷ the time of those iterations"), seq_source));
        }
      if (n_tflops > 0)
        {
          double mean = tflops / n_tflops;
          g_autofree char *share = NULL;

          if (quote != NULL && quote->gpu.dense_bf16_flops > 0)
            share = g_strdup_printf (_("; %.0f%% of the quote’s %s dense peak, as Megatron-LM counts FLOPs"),
                                     100.0 * mean * 1e12 / quote->gpu.dense_bf16_flops,
                                     quote->gpu.name ? quote->gpu.name : quote->gpu.id);
          add_reading (readings, log, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, mean, last->line, FALSE,
                       g_strdup_printf (_("the mean over the same iterations%s; shown only, the planner "
                                          "derives utilisation from the throughput"), share ? share : ""));
        }
      return *tokens_per_s == 0 ||
             check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, last->line, _("a throughput"), error);
    }

  if (log->ds_samples_per_s.line > 0 || log->ds_profile_samples_per_s.line > 0 ||
      log->ds_profile_step_s.line > 0)
    {
      /* The timer averages many steps; the profiler sees one. */
      const Seen *samples = log->ds_samples_per_s.line > 0 ? &log->ds_samples_per_s
                                                           : &log->ds_profile_samples_per_s;

      if (log->ds_profile_tflops_per_gpu.line > 0)
        add_reading (readings, log, CP_TRIAL_FIGURE_TFLOPS_PER_GPU, log->ds_profile_tflops_per_gpu.value,
                     log->ds_profile_tflops_per_gpu.line, FALSE,
                     g_strdup (_("DeepSpeed’s flops profiler, over the step it profiled; shown only, the "
                                 "planner derives utilisation from the throughput")));
      if (log->ds_profile_step_s.line > 0)
        {
          *step_s = log->ds_profile_step_s.value;
          add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, log->ds_profile_step_s.line, TRUE,
                       g_strdup (_("DeepSpeed’s flops profiler “iter latency”, of the step it profiled")));
        }
      if (samples->line == 0)
        return TRUE;
      add_reading (readings, log, CP_TRIAL_FIGURE_SAMPLES_PER_S, samples->value, samples->line, FALSE,
                   samples == &log->ds_samples_per_s
                   ? g_strdup (_("DeepSpeed’s RunningAvgSamplesPerSec on its last line: the average since "
                                 "its timer’s start step, which leaves out the first steps"))
                   : g_strdup (_("DeepSpeed’s flops profiler “samples/second”: the micro-batch × the world "
                                 "size over the step it profiled")));
      if (seq > 0)
        {
          *tokens_per_s = samples->value * seq;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, samples->line, TRUE,
                       g_strdup_printf (_("samples per second × %s"), seq_source));
          return check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, samples->line, _("a throughput"), error);
        }
      return TRUE;
    }

  if (log->hf_runtime_s.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_RUNTIME_S, log->hf_runtime_s.value, log->hf_runtime_s.line, FALSE,
                 g_strdup (_("the Trainer’s train_runtime; shown only")));
  if (log->hf_tokens_per_s_per_device.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, log->hf_tokens_per_s_per_device.value,
                 log->hf_tokens_per_s_per_device.line, FALSE,
                 g_strdup (_("the Trainer’s train_tokens_per_second, per GPU; shown only, the whole "
                             "machine’s figure comes from the samples per second")));
  if (log->hf_samples_per_s.line > 0)
    {
      double samples = log->hf_samples_per_s.value;

      add_reading (readings, log, CP_TRIAL_FIGURE_SAMPLES_PER_S, samples, log->hf_samples_per_s.line, FALSE,
                   g_strdup (_("the Trainer’s train_samples_per_second, over the whole run and all GPUs")));
      if (seq > 0 && samples > 0)
        {
          *tokens_per_s = samples * seq;
          add_reading (readings, log, CP_TRIAL_FIGURE_TOKENS_PER_S, *tokens_per_s, log->hf_samples_per_s.line, TRUE,
                       g_strdup_printf (_("samples per second × %s"), seq_source));
          if (!check_derived (*tokens_per_s, 1, MAX_TOKENS_PER_S, log->hf_samples_per_s.line,
                              _("a throughput"), error))
            return FALSE;
        }
    }
  if (log->hf_steps_per_s.line > 0 && log->hf_steps_per_s.value > 0)
    {
      *step_s = 1.0 / log->hf_steps_per_s.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_STEP_S, *step_s, log->hf_steps_per_s.line, TRUE,
                   g_strdup (_("1 ÷ the Trainer’s train_steps_per_second")));
      if (!check_derived (*step_s, MIN_STEP_S, MAX_STEP_S, log->hf_steps_per_s.line, _("a step time"), error))
        return FALSE;
    }
  return TRUE;
}

/* vLLM's default --block-size on CUDA (CacheConfig, 0.5 to 0.10): the
 * tokens of a "# GPU blocks" count when the log states no size in tokens
 * and no concurrency to tell the block size by. */
#define VLLM_DEFAULT_BLOCK_TOKENS 16

/* The concurrency vLLM prints has two decimals: it is within half the
 * last digit of the cache ÷ the request (and a hair, for a half-way value
 * such as 46.875 printed 46.88, whose difference binary doubles overstate). */
#define VLLM_CONCURRENCY_ROUNDING (0.005 + 1e-9)

/* The KV-cache size in tokens of the replica vLLM ran, into *kv_tokens
 * (0 when the log has none): its "GPU KV cache size", else its blocks ×
 * the block size; the concurrency line, the cache over its request
 * length, checks it. Only an inference job keeps it. */
static gboolean
resolve_serving (const CpTrialLog *log,
                 const CpJob      *job,
                 GPtrArray        *readings,
                 double           *kv_tokens,
                 GError          **error)
{
  gboolean serving = job->kind == CP_TASK_INFERENCE;
  const Seen *concurrency = &log->vllm_concurrency;
  g_autofree char *fit = NULL;
  g_autofree char *kept = NULL;
  char *source = NULL;
  guint line = 0;

  *kv_tokens = 0;
  if (log->vllm_gpu_blocks.line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_GPU_BLOCKS, log->vllm_gpu_blocks.value,
                 log->vllm_gpu_blocks.line, FALSE,
                 g_strdup (_("vLLM’s paged KV-cache blocks; the KV-cache size is counted from them")));
  if (log->vllm_kv_tokens.line > 0)
    {
      *kv_tokens = log->vllm_kv_tokens.value;
      line = log->vllm_kv_tokens.line;
      source = g_strdup (_("vLLM’s “GPU KV cache size”"));
    }
  else if (log->vllm_gpu_blocks.line > 0)
    {
      double blocks = log->vllm_gpu_blocks.value;
      double block = VLLM_DEFAULT_BLOCK_TOKENS;

      /* A block size other than the default shows in the concurrency:
       * blocks × size ÷ request length. */
      if (concurrency->line > 0 && log->vllm_request_tokens > 0 && blocks > 0)
        {
          double implied = round (concurrency->value * log->vllm_request_tokens / blocks);
          if (implied >= 1 && fabs (blocks * implied / log->vllm_request_tokens - concurrency->value) <=
                              VLLM_CONCURRENCY_ROUNDING)
            block = implied;
        }
      *kv_tokens = blocks * block;
      line = log->vllm_gpu_blocks.line;
      source = block == VLLM_DEFAULT_BLOCK_TOKENS
               ? g_strdup_printf (_("vLLM’s GPU blocks × %.0f tokens per block, its default block size"), block)
               : g_strdup_printf (_("vLLM’s GPU blocks × %.0f tokens per block, the size its concurrency line implies"),
                                  block);
    }
  if (*kv_tokens > 0 && concurrency->line > 0 && log->vllm_request_tokens > 0 &&
      fabs (*kv_tokens / log->vllm_request_tokens - concurrency->value) > VLLM_CONCURRENCY_ROUNDING)
    {
      g_free (source);
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_MALFORMED,
                   /* TRANSLATORS: vLLM's log lines; %u are line numbers */
                   _("line %u: the maximum concurrency (%.2f× of %.0f tokens) does not match the KV-cache "
                     "size of line %u (%.0f tokens, %.2f×): the lines are of different runs"),
                   concurrency->line, concurrency->value, log->vllm_request_tokens, line, *kv_tokens,
                   *kv_tokens / log->vllm_request_tokens);
      *kv_tokens = 0;
      return FALSE;
    }
  if (*kv_tokens > 0)
    {
      if (serving && job->context_len > 0)
        fit = g_strdup_printf (_("; %.2f requests of the job’s %u tokens at once (the cache ÷ the context), "
                                 "against a target of %u"),
                               *kv_tokens / job->context_len, job->context_len, job->concurrency);
      kept = serving ? g_strdup (_("; it replaces the modelled KV-cache budget on this quote"))
                     : g_strdup (_("; shown only, the job is not a serving job"));
      add_reading (readings, log, CP_TRIAL_FIGURE_KV_CACHE_TOKENS, *kv_tokens, line, serving,
                   g_strdup_printf ("%s%s%s", source, fit ? fit : "", kept));
      g_free (source);
      if (!serving)
        *kv_tokens = 0;
    }
  if (concurrency->line > 0)
    add_reading (readings, log, CP_TRIAL_FIGURE_MAX_CONCURRENCY, concurrency->value, concurrency->line, FALSE,
                 g_strdup_printf (_("vLLM’s maximum concurrency for requests of %.0f tokens; it checks the "
                                    "KV-cache size (the cache ÷ that length)"),
                                  log->vllm_request_tokens));
  return TRUE;
}

/* nvidia-smi lists every GPU of the machine, the idle ones too: a GPU
 * counts as used when its peak passed a tenth of the busiest one's. An
 * idle GPU holds only the driver's few hundred MiB; a trial's holds
 * gigabytes on every GPU it ran on. */
static guint
smi_busy_gpus (const CpTrialLog *log)
{
  double busiest = 0;
  guint busy = 0;

  for (guint i = 0; i < log->gpus->len; i++)
    busiest = MAX (busiest, g_array_index (log->gpus, GpuPeak, i).peak_bytes);
  for (guint i = 0; i < log->gpus->len; i++)
    if (g_array_index (log->gpus, GpuPeak, i).peak_bytes > busiest / 10)
      busy++;
  return MAX (busy, 1);
}

GPtrArray *
cp_trial_log_resolve (const CpTrialLog *log,
                      const CpJob      *job,
                      const CpQuote    *quote,
                      CpTrialRun       *trial,
                      GError          **error)
{
  g_autoptr(GPtrArray) readings = g_ptr_array_new_with_free_func ((GDestroyNotify) reading_free);
  gboolean same_machine;
  double peak = 0, tokens_per_s = 0, step_s = 0, kv_tokens = 0;
  guint gpus = 0;

  g_return_val_if_fail (log != NULL && job != NULL && quote != NULL && trial != NULL, NULL);

  memset (trial, 0, sizeof *trial);
  same_machine = g_strcmp0 (job->trial.quote_id, quote->id) == 0;

  if (log->vllm_tensor_parallel.line > 0)
    {
      /* One vLLM engine is one replica: its GPUs are what its KV cache
       * was measured on, whatever else the machine holds. */
      gpus = (guint) (log->vllm_tensor_parallel.value * log->vllm_pipeline_parallel);
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->vllm_tensor_parallel.line, TRUE,
                   g_strdup (_("vLLM’s tensor_parallel_size × pipeline_parallel_size: the GPUs of the replica")));
    }
  else if (log->gpus->len > 0)
    {
      const CpGpuSpec *seen = cp_trial_log_find_gpu (log, NULL);

      gpus = smi_busy_gpus (log);
      /* The trial is carried from the quote's GPU: a log of another GPU
       * would be carried from the wrong peak. */
      if (seen != NULL && g_strcmp0 (seen->id, quote->gpu.id) != 0)
        add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->smi_last_line, TRUE,
                     g_strdup_printf (_("the GPUs in the nvidia-smi samples whose peak passed a tenth of "
                                        "the busiest one’s (an idle GPU holds only the driver’s few "
                                        "hundred MiB). Careful: they are %s, the quote’s are %s; "
                                        "choose the quote of the machine that ran the trial"),
                                      log->smi_gpu_name, quote->gpu.name ? quote->gpu.name : quote->gpu.id));
      else
        add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->smi_last_line, TRUE,
                     g_strdup (_("the GPUs in the nvidia-smi samples whose peak passed a tenth of "
                                 "the busiest one’s (an idle GPU holds only the driver’s few "
                                 "hundred MiB)")));
    }
  else if (log->world_size.line > 0)
    {
      gpus = (guint) log->world_size.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->world_size.line, TRUE,
                   g_strdup (_("Megatron-LM’s world size")));
    }
  else if (log->ds_profile_world_size.line > 0)
    {
      gpus = (guint) log->ds_profile_world_size.value;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, log->ds_profile_world_size.line, TRUE,
                   g_strdup (_("DeepSpeed’s flops profiler “world size”")));
    }
  else
    {
      gpus = same_machine && job->trial.gpus > 0 ? job->trial.gpus : quote->gpus_per_node;
      add_reading (readings, log, CP_TRIAL_FIGURE_GPUS, gpus, 0, TRUE,
                   same_machine && job->trial.gpus > 0
                   ? g_strdup (_("not in the log: the trial’s GPUs as the job already has them"))
                   : g_strdup (_("not in the log: the quote’s GPUs per node")));
    }

  resolve_peak_memory (log, readings, &peak);
  if (!resolve_speed (log, job, quote, readings, &tokens_per_s, &step_s, error))
    return NULL;
  if (!resolve_serving (log, job, readings, &kv_tokens, error))
    return NULL;

  if (peak > 0 && peak < 1e6)
    {
      const CpTrialReading *source = NULL;

      for (guint i = 0; i < readings->len; i++)
        if (((const CpTrialReading *) g_ptr_array_index (readings, i))->figure == CP_TRIAL_FIGURE_PEAK_MEMORY)
          source = g_ptr_array_index (readings, i);
      g_set_error (error, CP_TRIAL_LOG_ERROR, CP_TRIAL_LOG_ERROR_OUT_OF_RANGE,
                   _("line %u: the peak memory read is under a megabyte: no training or serving run uses so little"),
                   source ? source->line : 0);
      return NULL;
    }

  /* Figures of the same machine the log leaves out stay; a speed is
   * replaced whole, so an old throughput cannot hide a new step time. */
  if (same_machine)
    {
      trial->peak_memory_bytes = job->trial.peak_memory_bytes;
      trial->communication_share = job->trial.communication_share;
      trial->kv_cache_tokens = job->trial.kv_cache_tokens;
      if (tokens_per_s == 0 && step_s == 0)
        {
          trial->tokens_per_s = job->trial.tokens_per_s;
          trial->step_s = job->trial.step_s;
        }
    }
  if (peak > 0)
    trial->peak_memory_bytes = peak;
  if (tokens_per_s > 0 || step_s > 0)
    {
      trial->tokens_per_s = tokens_per_s;
      trial->step_s = step_s;
    }
  if (kv_tokens > 0)
    trial->kv_cache_tokens = kv_tokens;
  trial->quote_id = g_strdup (quote->id);
  trial->gpus = gpus;
  trial->gpu_dense_flops = quote->gpu.dense_bf16_flops;
  trial->gpu_memory_nominal_gb = quote->gpu.memory_nominal_gb;


  if (peak == 0 && tokens_per_s == 0 && step_s == 0 && kv_tokens == 0)
    {
      /* Nothing goes into a trial: the readings are still worth showing. */
      g_free (trial->quote_id);
      memset (trial, 0, sizeof *trial);
    }
  return g_steal_pointer (&readings);
}

/* The size of the model the log is of, in parameters, with the line that
 * states it and, in @how, how it was counted; 0 when the log states none.
 * Megatron-LM's ranks each print their share: the shares of every
 * (tensor, pipeline) rank add up to the model (the small layers each
 * tensor rank repeats add well under 1 %); when the log holds only some
 * ranks' lines the mean share is scaled to all of them, which is exact
 * for tensor parallelism and within the embedding's share of one stage
 * for pipeline stages. */
static double
stated_params (const CpTrialLog  *log,
               guint             *line,
               char             **how,
               gboolean          *trainable_only)
{
  GArray *ranks = log->megatron_rank_params;

  *trainable_only = FALSE;
  if (log->megatron_total_params.line > 0)
    {
      *line = log->megatron_total_params.line;
      *how = g_strdup (_("Megatron-LM’s total number of parameters"));
      return log->megatron_total_params.value;
    }
  if (ranks->len > 0)
    {
      double expected = (log->megatron_tensor_parallel.line > 0 ? log->megatron_tensor_parallel.value : 1) *
                        (log->megatron_pipeline_parallel.line > 0 ? log->megatron_pipeline_parallel.value : 1);
      double sum = 0;

      for (guint i = 0; i < ranks->len; i++)
        sum += g_array_index (ranks, RankParams, i).params;
      *line = g_array_index (ranks, RankParams, 0).line;
      if (ranks->len >= expected)
        {
          *how = ranks->len == 1
                 ? g_strdup (_("Megatron-LM’s number of parameters of its only model-parallel rank"))
                 : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Megatron-LM’s numbers of parameters of its %u model-parallel ranks, added up",
                                                 "Megatron-LM’s numbers of parameters of its %u model-parallel ranks, added up",
                                                 ranks->len),
                                    ranks->len);
          return sum;
        }
      /* TRANSLATORS: the ranks printed, then the model-parallel ranks in all */
      *how = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Megatron-LM’s numbers of parameters of %u of its %.0f model-parallel ranks, scaled to all of them",
                                           "Megatron-LM’s numbers of parameters of %u of its %.0f model-parallel ranks, scaled to all of them",
                                           (gulong) expected),
                              ranks->len, expected);
      return sum / ranks->len * expected;
    }
  if (log->ds_model_params.line > 0)
    {
      *line = log->ds_model_params.line;
      *how = g_strdup (_("DeepSpeed’s flops profiler “params of model”"));
      return log->ds_model_params.value;
    }
  if (log->hf_trainable_params.line > 0)
    {
      *line = log->hf_trainable_params.line;
      *how = g_strdup (_("the Hugging Face Trainer’s number of trainable parameters"));
      *trainable_only = TRUE;
      return log->hf_trainable_params.value;
    }
  return 0;
}

static void
check_model_size (const CpTrialLog *log,
                  const CpJob      *job,
                  GPtrArray        *warnings)
{
  g_autofree char *how = NULL;
  const char *model = job->model.name ? job->model.name : job->model.id;
  gboolean trainable_only;
  guint line = 0;
  double params;

  if (job->model.params <= 0)
    return;
  params = stated_params (log, &line, &how, &trainable_only);
  /* A LoRA run trains its adapters only: the Trainer's trainable count is
   * theirs, not the model's. */
  if (trainable_only && (job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA))
    params = 0;
  if (params > 0)
    {
      double ratio = params / job->model.params;

      if (ratio < 1.0 - CP_TRIAL_LOG_MODEL_TOLERANCE || ratio > 1.0 + CP_TRIAL_LOG_MODEL_TOLERANCE)
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: a line number, how it was read, the log's size, then the job's model and its size */
                         g_strdup_printf (_("Line %u: the log is of a model of %.1fB parameters (%s); this job’s model, %s, "
                                            "has %.1fB. They differ by more than %.0f%%, so the log is of another "
                                            "model and its speed and memory do not carry to this job"),
                                          line, params / 1e9, how, model, job->model.params / 1e9,
                                          100.0 * CP_TRIAL_LOG_MODEL_TOLERANCE));
    }

  if (log->vllm_weights_bytes.line > 0)
    {
      guint replica_gpus = log->vllm_tensor_parallel.line > 0
                           ? (guint) (log->vllm_tensor_parallel.value * log->vllm_pipeline_parallel) : 1;
      double weights = log->vllm_weights_bytes.value * replica_gpus;
      guint bits = job->kind == CP_TASK_INFERENCE && job->weight_bits > 0 ? job->weight_bits : 16;
      /* Quantised weights keep some layers (embeddings, the output head,
       * norms) at 16 bits, so a quantised model loads between its size at
       * the job's bits and at 16. */
      double low = job->model.params * bits / 8.0, high = job->model.params * 2.0;

      if (weights < low * (1.0 - CP_TRIAL_LOG_MODEL_TOLERANCE) || weights > high * (1.0 + CP_TRIAL_LOG_MODEL_TOLERANCE))
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: a line number, the weights in GiB, the GPUs, then the job's model, its weights in GiB and their bits */
                         g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "Line %u: vLLM loaded %.1f GiB of weights on the replica’s %u GPU; "
                                                       "this job’s model, %s, holds %.1f GiB at %u bits. They differ by more "
                                                       "than %.0f%%, so the log is of another model",
                                                       "Line %u: vLLM loaded %.1f GiB of weights on the replica’s %u GPUs; "
                                                       "this job’s model, %s, holds %.1f GiB at %u bits. They differ by more "
                                                       "than %.0f%%, so the log is of another model",
                                                       replica_gpus),
                                          log->vllm_weights_bytes.line, weights / 1073741824.0, replica_gpus,
                                          model, low / 1073741824.0, bits, 100.0 * CP_TRIAL_LOG_MODEL_TOLERANCE));
    }
}

GPtrArray *
cp_trial_log_check_job (const CpTrialLog *log,
                        const CpJob      *job,
                        const CpTrialRun *trial)
{
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (log != NULL && job != NULL && trial != NULL, warnings);

  check_model_size (log, job, warnings);

  if (trial->tokens_per_s > 0 && trial->gpus > 0 && trial->gpu_dense_flops > 0 && cp_task_kind_is_training (job->kind))
    {
      double mfu = cp_trial_log_implied_mfu (job, trial);

      if (mfu > CP_TRIAL_LOG_MAX_PUBLISHED_MFU)
        g_ptr_array_add (warnings,
                         /* TRANSLATORS: the implied utilisation, then the highest published one */
                         g_strdup_printf (_("For this job’s model the throughput read is %.0f%% of the GPUs’ dense "
                                            "peak (6 × parameters × tokens), above the %.1f%% of the best published "
                                            "run (Megatron-LM, 1T parameters on 512 A100): check that the log is of "
                                            "this model and this sequence length"),
                                          100.0 * mfu, 100.0 * CP_TRIAL_LOG_MAX_PUBLISHED_MFU));
    }
  return warnings;
}

double
cp_trial_log_implied_mfu (const CpJob      *job,
                          const CpTrialRun *trial)
{
  double active = job->model.active_params > 0 ? job->model.active_params : job->model.params;

  if (trial->gpus == 0 || trial->gpu_dense_flops <= 0)
    return 0;
  return 6.0 * active * trial->tokens_per_s / (trial->gpus * trial->gpu_dense_flops);
}

const char *
cp_trial_figure_get_label (CpTrialFigure figure)
{
  switch (figure)
    {
    case CP_TRIAL_FIGURE_GPUS: return _("GPUs used");
    case CP_TRIAL_FIGURE_PEAK_MEMORY: return _("Peak memory per GPU");
    case CP_TRIAL_FIGURE_TOKENS_PER_S: return _("Throughput");
    case CP_TRIAL_FIGURE_STEP_S: return _("Step time");
    case CP_TRIAL_FIGURE_SAMPLES_PER_S: return _("Samples per second");
    case CP_TRIAL_FIGURE_TFLOPS_PER_GPU: return _("TFLOP/s per GPU");
    case CP_TRIAL_FIGURE_RUNTIME_S: return _("Run time");
    case CP_TRIAL_FIGURE_GPU_BLOCKS: return _("KV-cache blocks");
    case CP_TRIAL_FIGURE_KV_CACHE_TOKENS: return _("KV-cache size");
    case CP_TRIAL_FIGURE_MAX_CONCURRENCY: return _("Maximum concurrency");
    case CP_N_TRIAL_FIGURES: break;
    }
  return "";
}

char *
cp_trial_reading_format_value (const CpTrialReading *reading,
                               CpMemoryUnit          unit)
{
  g_return_val_if_fail (reading != NULL, NULL);

  switch (reading->figure)
    {
    case CP_TRIAL_FIGURE_GPUS:
    case CP_TRIAL_FIGURE_GPU_BLOCKS:
      return g_strdup_printf ("%.0f", reading->value);
    case CP_TRIAL_FIGURE_PEAK_MEMORY:
      return cp_format_bytes (reading->value, unit);
    case CP_TRIAL_FIGURE_TOKENS_PER_S:
      /* TRANSLATORS: a throughput */
      return g_strdup_printf (_("%.0f tokens/s"), reading->value);
    case CP_TRIAL_FIGURE_STEP_S:
    case CP_TRIAL_FIGURE_RUNTIME_S:
      /* TRANSLATORS: seconds */
      return g_strdup_printf (_("%.3f s"), reading->value);
    case CP_TRIAL_FIGURE_SAMPLES_PER_S:
      return g_strdup_printf (_("%.3f samples/s"), reading->value);
    case CP_TRIAL_FIGURE_TFLOPS_PER_GPU:
      return g_strdup_printf (_("%.1f TFLOP/s"), reading->value);
    case CP_TRIAL_FIGURE_KV_CACHE_TOKENS:
      return g_strdup_printf (_("%.0f tokens"), reading->value);
    case CP_TRIAL_FIGURE_MAX_CONCURRENCY:
      return g_strdup_printf ("%.2f×", reading->value);
    case CP_N_TRIAL_FIGURES:
      break;
    }
  return g_strdup ("");
}

/* --- on a worker ---------------------------------------------------------- */

static void
read_log_in_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  GError *error = NULL;
  CpTrialLog *log;

  if (g_task_return_error_if_cancelled (task))
    return;
  log = cp_trial_log_read_file (task_data, &error);
  if (log == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, log, (GDestroyNotify) cp_trial_log_free);
}

void
cp_trial_log_read_file_async (const char          *path,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, cp_trial_log_read_file_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  /* Reading may stop as soon as nobody waits for the log. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_run_in_thread (task, read_log_in_thread);
}

CpTrialLog *
cp_trial_log_read_file_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cp_trial_log_read_file_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
