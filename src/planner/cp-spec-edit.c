/* cp-spec-edit.c: what a catalogue entry becomes when the team types over
 * one of its figures (see cp-spec-edit.h). */
#include "config.h"

#include <string.h>

#include "cp-catalog.h"
#include "cp-spec-edit.h"

#define TYPED_PREFIX "typed:"
#define FROM_PREFIX  "from: "
#define SEPARATOR    " | "

static double
gpu_figure (const CpGpuSpec *gpu,
            CpGpuFigure      figure)
{
  switch (figure)
    {
    case CP_GPU_FIGURE_MEMORY:           return gpu->memory_nominal_gb;
    case CP_GPU_FIGURE_DENSE_BF16_FLOPS: return gpu->dense_bf16_flops;
    case CP_GPU_FIGURE_DENSE_FP8_FLOPS:  return gpu->dense_fp8_flops;
    case CP_GPU_FIGURE_DENSE_FP32_FLOPS: return gpu->dense_fp32_flops;
    case CP_GPU_FIGURE_MEMORY_BANDWIDTH: return gpu->memory_bandwidth_gbytes_per_s;
    case CP_N_GPU_FIGURES:
    default:
      g_return_val_if_reached (0);
    }
}

char *
cp_spec_source_from (const char  *source,
                     char       **typed,
                     char       **cited)
{
  g_auto(GStrv) parts = NULL;

  if (typed != NULL)
    *typed = NULL;
  if (cited != NULL)
    *cited = NULL;
  if (source == NULL || !g_str_has_prefix (source, TYPED_PREFIX))
    return NULL;
  parts = g_strsplit (source, SEPARATOR, 3);
  if (g_strv_length (parts) < 2 || !g_str_has_prefix (parts[1], FROM_PREFIX))
    return NULL;
  if (typed != NULL)
    *typed = g_strstrip (g_strdup (parts[0] + strlen (TYPED_PREFIX)));
  if (cited != NULL && parts[2] != NULL)
    *cited = g_strdup (parts[2]);
  return g_strdup (parts[1] + strlen (FROM_PREFIX));
}

/* "typed: memory_nominal_gb | from: NVIDIA H20 96GB | PUBLISHED G8: …" */
static char *
source_text (const char *typed,
             const char *from_name,
             const char *cited)
{
  return g_strconcat (TYPED_PREFIX, *typed != '\0' ? " " : "", typed, SEPARATOR, FROM_PREFIX, from_name,
                      cited != NULL && *cited != '\0' ? SEPARATOR : "", cited != NULL ? cited : "", NULL);
}

guint
cp_gpu_spec_typed_figures (const CpGpuSpec  *gpu,
                           char            **from_name,
                           char            **cited)
{
  g_autofree char *typed = NULL;
  g_autofree char *from = cp_spec_source_from (gpu->source, &typed, cited);
  g_auto(GStrv) keys = NULL;
  guint figures = 0;

  if (from_name != NULL)
    *from_name = NULL;
  if (from == NULL)
    return 0;
  keys = g_strsplit (typed, " ", -1);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      CpGpuFigure figure;

      if (cp_gpu_figure_from_string (keys[i], &figure))
        figures |= 1u << figure;
    }
  if (from_name != NULL)
    *from_name = g_steal_pointer (&from);
  return figures;
}

static void
set_gpu_source (CpGpuSpec  *gpu,
                guint       figures,
                const char *from_name,
                const char *cited)
{
  g_autoptr(GString) typed = g_string_new (NULL);

  for (guint f = 0; f < CP_N_GPU_FIGURES; f++)
    if (figures & (1u << f))
      g_string_append_printf (typed, "%s%s", typed->len > 0 ? " " : "", cp_gpu_figure_to_string ((CpGpuFigure) f));
  g_free (gpu->source);
  gpu->source = source_text (typed->str, from_name, cited);
}

void
cp_gpu_spec_mark_typed (CpGpuSpec   *gpu,
                        CpGpuFigure  figure,
                        double       memory_before_gb)
{
  g_autofree char *from_name = NULL;
  g_autofree char *cited = NULL;
  guint figures;

  g_return_if_fail (figure <= CP_N_GPU_FIGURES);

  figures = cp_gpu_spec_typed_figures (gpu, &from_name, &cited);
  if (g_strcmp0 (gpu->id, CP_SPEC_CUSTOM_ID) != 0)
    {
      /* The first figure typed over a catalogue entry: its name and its
       * own citation say whose the other figures are. */
      g_clear_pointer (&from_name, g_free);
      g_clear_pointer (&cited, g_free);
      from_name = g_strdup (gpu->name != NULL ? gpu->name : gpu->id);
      cited = g_strdup (gpu->source);
      g_free (gpu->id);
      gpu->id = g_strdup (CP_SPEC_CUSTOM_ID);
    }
  if (figure < CP_N_GPU_FIGURES)
    {
      figures |= 1u << figure;
      /* The team states it: no longer a figure no source confirms. */
      gpu->unconfirmed &= ~(1u << figure);
    }
  if (figure == CP_GPU_FIGURE_MEMORY)
    {
      char *named = cp_gpu_name_with_memory (gpu->name, gpu->memory_nominal_gb, memory_before_gb);

      if (named != NULL)
        {
          g_free (gpu->name);
          gpu->name = named;
        }
    }
  /* A GPU made by hand from "Custom" has no catalogue entry to name. */
  if (from_name != NULL)
    set_gpu_source (gpu, figures, from_name, cited);
}

/* A link's or a model's first typed figure: "custom", and a source
 * naming the entry the rest is from; later ones add their key. */
static void
mark_typed (char       **id,
            char       **name,
            char       **source,
            const char  *figure)
{
  g_autofree char *typed = NULL;
  g_autofree char *cited = NULL;
  g_autofree char *from_name = cp_spec_source_from (*source, &typed, &cited);
  g_auto(GStrv) keys = NULL;

  if (g_strcmp0 (*id, CP_SPEC_CUSTOM_ID) != 0)
    {
      g_clear_pointer (&typed, g_free);
      g_clear_pointer (&cited, g_free);
      g_free (from_name);
      from_name = g_strdup (*name != NULL ? *name : *id);
      cited = g_strdup (*source);
      g_free (*id);
      *id = g_strdup (CP_SPEC_CUSTOM_ID);
    }
  if (from_name == NULL)
    return;
  keys = g_strsplit (typed != NULL ? typed : "", " ", -1);
  if (figure != NULL && !g_strv_contains ((const char * const *) keys, figure))
    {
      char *more = typed != NULL && *typed != '\0' ? g_strconcat (typed, " ", figure, NULL) : g_strdup (figure);

      g_free (typed);
      typed = more;
    }
  g_free (*source);
  *source = source_text (typed != NULL ? typed : "", from_name, cited);
}

void
cp_link_spec_mark_typed (CpLinkSpec *link,
                         gboolean    rate_typed)
{
  mark_typed (&link->id, &link->name, &link->source, rate_typed ? "per_direction_gbytes_per_s" : NULL);
}

void
cp_model_spec_mark_typed (CpModelSpec *model,
                          const char  *figure)
{
  mark_typed (&model->id, &model->name, &model->source, figure);
}

char *
cp_gpu_name_with_memory (const char *name,
                         double      memory_gb,
                         double      only_if_gb)
{
  /* The memory @name states: "96GB", "80 GB"; a word of its own, not "H20". */
  g_autoptr(GRegex) memory_in_name = g_regex_new ("(?<![0-9A-Za-z.])([0-9]+(?:\\.[0-9]+)?)(\\s?GB)(?![A-Za-z/])",
                                                  G_REGEX_CASELESS, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *number = NULL;
  g_autofree char *unit = NULL;
  char memory[G_ASCII_DTOSTR_BUF_SIZE];
  int start, end;

  if (name == NULL || !(memory_gb > 0) ||
      !g_regex_match (memory_in_name, name, 0, &match))
    return NULL;
  number = g_match_info_fetch (match, 1);
  unit = g_match_info_fetch (match, 2);
  g_match_info_fetch_pos (match, 0, &start, &end);
  /* Two memories ("80GB or 94GB") say no one memory to follow. */
  if (g_match_info_next (match, NULL))
    return NULL;
  if (only_if_gb > 0 && g_ascii_strtod (number, NULL) != only_if_gb)
    return NULL;
  g_ascii_formatd (memory, sizeof memory, "%.15g", memory_gb);
  return g_strdup_printf ("%.*s%s%s%s", start, name, memory, unit, name + end);
}

char *
cp_spec_legacy_custom_base (const char *name)
{
  /* The English and Chinese words of msgid "Custom (from %s)" of the
   * versions that stored them (po/zh_CN.po). */
  static const struct { const char *start, *end; } forms[] = {
    { "Custom (from ", ")" },
    { "自定义（基于 ", "）" },
    { "自定义（基于", "）" },
  };

  if (name == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
    if (g_str_has_prefix (name, forms[i].start) && g_str_has_suffix (name, forms[i].end) &&
        strlen (name) > strlen (forms[i].start) + strlen (forms[i].end))
      return g_strndup (name + strlen (forms[i].start), strlen (name) - strlen (forms[i].start) - strlen (forms[i].end));
  return NULL;
}

void
cp_gpu_spec_upgrade_name (CpGpuSpec *gpu)
{
  g_autofree char *base = cp_spec_legacy_custom_base (gpu->name);
  const CpGpuSpec *entry;
  char *named;
  guint figures = 0;

  if (base == NULL)
    return;
  /* Which figures the team typed: those that differ from the catalogue
   * entry of that name, when this version still has it. */
  entry = cp_catalog_find_gpu_named (cp_catalog_get_builtin (), base);
  if (entry != NULL)
    for (guint f = 0; f < CP_N_GPU_FIGURES; f++)
      if (gpu_figure (gpu, (CpGpuFigure) f) != gpu_figure (entry, (CpGpuFigure) f))
        figures |= 1u << f;
  if (cp_spec_source_from (gpu->source, NULL, NULL) == NULL)
    {
      g_autofree char *cited = g_strdup (gpu->source);

      set_gpu_source (gpu, figures, base, cited);
    }
  named = cp_gpu_name_with_memory (base, gpu->memory_nominal_gb, 0);
  g_free (gpu->name);
  gpu->name = named != NULL ? named : g_steal_pointer (&base);
}

/* A link's or model's legacy name: the catalogue's, its source naming it. */
static void
upgrade_name (char **name,
              char **source)
{
  g_autofree char *base = cp_spec_legacy_custom_base (*name);

  if (base == NULL)
    return;
  if (cp_spec_source_from (*source, NULL, NULL) == NULL)
    {
      char *recorded = source_text ("", base, *source);

      g_free (*source);
      *source = recorded;
    }
  g_free (*name);
  *name = g_steal_pointer (&base);
}

void
cp_link_spec_upgrade_name (CpLinkSpec *link)
{
  upgrade_name (&link->name, &link->source);
}

void
cp_model_spec_upgrade_name (CpModelSpec *model)
{
  upgrade_name (&model->name, &model->source);
}
