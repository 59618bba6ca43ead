/* cp-quote-config.c: a configuration cell ("配置") split into what the
 * plan uses: the GPUs and their count, host memory, the network between
 * nodes, and the disks (kept for the talk with the vendor). CPUs and
 * anything else are kept in the quote's notes, never a reason to refuse
 * the row. The GPU part is read by cp-gpu-match.c, the network by
 * cp-quote-fabric.c, memory by the planner's units. */

#include "config.h"

#include <string.h>

#include "planner/cp-units.h"

#include "cp-gpu-match.h"
#include "cp-quote-regex.h"
#include "cp-quote-config.h"
#include "cp-quote-price.h"

void
cp_quote_config_clear (CpQuoteConfig *config)
{
  g_clear_pointer (&config->gpu, g_free);
  g_clear_pointer (&config->memory, g_free);
  g_clear_pointer (&config->network, g_free);
  g_clear_pointer (&config->storage, g_free);
  g_clear_pointer (&config->unused, g_ptr_array_unref);
}

static gboolean
says_any (const char *lower, const char * const *words, guint n)
{
  for (guint i = 0; i < n; i++)
    if (strstr (lower, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* "2TB 内存", "内存 2048G", "1.5T DDR5": the size, as a machine's RAM
 * counts it (powers of two, cp_parse_ram_bytes()). */
static gboolean
read_memory (const char *part, double *bytes)
{
  static gsize size_regex;
  GRegex *size = cp_quote_regex_once (&size_regex, "(\\d+(?:\\.\\d+)?)\\s*([tgmp](?:i?b)?)(?![a-z])",
                                      G_REGEX_CASELESS);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *amount = NULL;

  if (!g_regex_match (size, part, 0, &match))
    return FALSE;
  amount = g_match_info_fetch (match, 0);
  return cp_parse_ram_bytes (amount, 1073741824.0, bytes, NULL);
}

/* Whether @text holds one of the separators read_parts() splits at. */
static gboolean
has_separator (const char *text)
{
  static const char * const wide[] = { "／", "｜", "；", "、", "＋", "，" };

  if (strpbrk (text, "/|;+,\n") != NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (wide); i++)
    if (strstr (text, wide[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* Sorts the parts of @text into @out; the number of parts and of parts
 * naming a GPU in @n_parts and @n_gpus. */
static void
read_parts (const CpProject *project, const char *text, CpQuoteConfig *out, guint *n_parts_out, guint *n_gpus_out)
{
  /* What marks a part: host memory ("显存" is the GPU's own, never the
   * host's), a CPU, a disk. */
  static const char * const memory_words[] = { "内存", "ram", "memory", "ddr", "mem" };
  static const char * const cpu_words[] = {
    "intel", "xeon", "至强", "amd", "epyc", "霄龙", "cpu", "处理器", "核", "core", "鲲鹏", "kunpeng", "海光",
    "hygon", "飞腾", "arm", "vcpu",
  };
  static const char * const storage_words[] = {
    "ssd", "nvme", "hdd", "sata", "硬盘", "磁盘", "系统盘", "数据盘", "存储", "storage", "disk",
  };
  static gsize separators_regex;
  GRegex *separators = cp_quote_regex_once (&separators_regex,
                                            "\\s*(?:/|／|\\||｜|;|；|、|\\+|＋|,|，|\\n)\\s*", G_REGEX_DEFAULT);
  g_auto(GStrv) parts = g_regex_split (separators, text, G_REGEX_MATCH_DEFAULT);
  guint n_parts = 0, n_gpus = 0;

  memset (out, 0, sizeof *out);
  out->unused = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *lower = g_utf8_strdown (parts[i], -1);
      g_autofree char *name = NULL;
      CpQuoteFabric fabric = { 0 };
      guint count;

      if (*parts[i] == '\0')
        continue;
      n_parts++;
      /* "8卡", "8 GPU": a count without a GPU name; a bare "8" says
       * nothing about what it counts. */
      if (out->gpu_count == 0 && !g_ascii_isdigit (lower[strlen (lower) - 1])
          && cp_quote_read_gpu_count (parts[i], &count, &name) && name == NULL && count > 0)
        {
          out->gpu_count = count;
          continue;
        }
      g_clear_pointer (&name, g_free);
      name = cp_quote_price_split_gpu_count (parts[i], &count);
      if (strstr (lower, "显存") == NULL && says_any (lower, memory_words, G_N_ELEMENTS (memory_words)))
        {
          if (out->memory == NULL && read_memory (parts[i], &out->memory_bytes))
            out->memory = g_strdup (parts[i]);
          else
            g_ptr_array_add (out->unused, g_strdup (parts[i]));
        }
      else if (says_any (lower, cpu_words, G_N_ELEMENTS (cpu_words)))
        g_ptr_array_add (out->unused, g_strdup (parts[i]));
      else if (says_any (lower, storage_words, G_N_ELEMENTS (storage_words)))
        {
          if (out->storage == NULL)
            out->storage = g_strdup (parts[i]);
          else
            g_ptr_array_add (out->unused, g_strdup (parts[i]));
        }
      else if (cp_gpu_match_names_model (project, name))
        {
          n_gpus++;
          g_free (out->gpu);
          out->gpu = g_strdup (parts[i]);
        }
      else if (out->network == NULL && cp_quote_fabric_read_text (parts[i], &fabric)
               && (fabric.kind_found || fabric.gbps > 0))
        {
          out->network = g_strdup (parts[i]);
          out->fabric = fabric;
        }
      else
        g_ptr_array_add (out->unused, g_strdup (parts[i]));
    }
  *n_parts_out = n_parts;
  *n_gpus_out = n_gpus;
}

gboolean
cp_quote_config_read (const CpProject *project, const char *text, CpQuoteConfig *out)
{
  guint n_parts, n_gpus;

  /* Two parts need a separator between them: a cell without one (a GPU
   * name, a price, most cells the importer tries as a configuration) is
   * not split and sorted for nothing, a fifth of reading a sheet. */
  if (!has_separator (text))
    {
      memset (out, 0, sizeof *out);
      return FALSE;
    }
  read_parts (project, text, out, &n_parts, &n_gpus);
  if (n_parts < 2 || n_gpus != 1)
    {
      cp_quote_config_clear (out);
      memset (out, 0, sizeof *out);
      return FALSE;
    }
  return TRUE;
}

gboolean
cp_quote_config_read_machine (const CpProject *project, const char *text, CpQuoteConfig *out)
{
  guint n_parts, n_gpus;

  read_parts (project, text, out, &n_parts, &n_gpus);
  if (n_gpus > 1 || (out->gpu == NULL && out->gpu_count == 0 && out->memory == NULL && out->network == NULL))
    {
      cp_quote_config_clear (out);
      memset (out, 0, sizeof *out);
      return FALSE;
    }
  return TRUE;
}
