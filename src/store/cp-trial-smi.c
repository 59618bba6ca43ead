/* cp-trial-smi.c: the recogniser of nvidia-smi's memory query in trial logs. */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"
#include "cp-trial-log-private.h"

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
  if (!cp_trial_read_number (fields[2], FALSE, &used, &end) || (*end && strcmp (g_strstrip ((char *) end), "MiB") != 0))
    return FALSE;
  if (!cp_trial_read_number (fields[3], FALSE, &total, &end) || (*end && strcmp (g_strstrip ((char *) end), "MiB") != 0))
    return FALSE;
  return used <= total;
}

static gboolean
smi_row (CpTrialReader  *r,
         const char     *line,
         GError        **error)
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
      return cp_trial_line_error (r, error, what);
    }
  index = (guint) g_ascii_strtoull (fields[log->smi_index_column], NULL, 10);
  if (fields[log->smi_used_column][0] == '[')
    {
      /* "[N/A]": the driver could not read it this time. */
      log->smi_not_available++;
      return TRUE;
    }
  if (!cp_trial_read_number (fields[log->smi_used_column], FALSE, &value, &end))
    return cp_trial_line_error (r, error, _("the memory used is not a number"));
  unit = *end ? smi_unit (end) : log->smi_unit_bytes;
  if (unit == 0)
    /* ",nounits" without a header: nvidia-smi's unit for memory. */
    unit = 1024.0 * 1024.0;
  value *= unit;
  if (value > MAX_PEAK_MEMORY_BYTES)
    return cp_trial_range_error (r, error, _("the memory used"));

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

gboolean
cp_trial_smi_read (CpTrialReader  *r,
                   const char     *line,
                   gboolean       *taken,
                   GError        **error)
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
