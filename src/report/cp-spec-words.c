/* cp-spec-words.c: where a GPU's or a link's figures come from, in words
 * (see cp-spec-words.h). */
#include "cp-report-private.h"

#include "planner/cp-spec-edit.h"
#include "cp-i18n.h"
#include "cp-spec-words.h"

/* What figures that are not a datasheet's rest on; NULL for a datasheet's. */
static const char *
verification_words (CpVerification verification)
{
  switch (verification)
    {
    case CP_VERIFIED_SECONDARY:
      /* TRANSLATORS: a catalogue GPU's or link's figures that only secondary summaries give */
      return _("figures from secondary descriptions, not a datasheet");
    case CP_VERIFIED_UNVERIFIED:
      /* TRANSLATORS: a catalogue GPU's or link's figures for which no trustworthy source was found */
      return _("unverified figures from secondary descriptions, not a datasheet");
    case CP_VERIFIED_PRIMARY:
    case CP_N_VERIFICATIONS:
    default:
      return NULL;
    }
}

char *
cp_words_spec_name (const char *name,
                    const char *source)
{
  g_autofree char *from = cp_spec_source_from (source, NULL, NULL);

  if (from == NULL)
    return g_strdup (name);
  /* TRANSLATORS: a catalogue GPU, link or model one of whose figures the team typed over; %s is its name */
  return g_strdup_printf (_("%s (edited)"), name);
}

/* "memory 141 GB", as typed. */
static char *
figure_typed (const CpGpuSpec *gpu,
              CpGpuFigure      figure,
              const char      *lang)
{
  g_autofree char *value = NULL;

  switch (figure)
    {
    case CP_GPU_FIGURE_MEMORY:
      value = cp_i18n_format_value (gpu->memory_nominal_gb, lang);
      /* TRANSLATORS: a GPU's memory the team typed, as the datasheet states it: "memory 141 GB" */
      return g_strdup_printf (_("memory %s GB"), value);
    case CP_GPU_FIGURE_DENSE_BF16_FLOPS:
      value = cp_i18n_format_value (gpu->dense_bf16_flops / 1e12, lang);
      /* TRANSLATORS: a GPU's dense BF16 peak the team typed: "dense BF16 peak 148 TFLOPS" */
      return g_strdup_printf (_("dense BF16 peak %s TFLOPS"), value);
    case CP_GPU_FIGURE_DENSE_FP8_FLOPS:
      value = cp_i18n_format_value (gpu->dense_fp8_flops / 1e12, lang);
      /* TRANSLATORS: a GPU's dense FP8 peak the team typed: "dense FP8 peak 296 TFLOPS" */
      return g_strdup_printf (_("dense FP8 peak %s TFLOPS"), value);
    case CP_GPU_FIGURE_DENSE_FP32_FLOPS:
      value = cp_i18n_format_value (gpu->dense_fp32_flops / 1e12, lang);
      /* TRANSLATORS: a GPU's FP32 peak the team typed: "FP32 peak 44 TFLOPS" */
      return g_strdup_printf (_("FP32 peak %s TFLOPS"), value);
    case CP_GPU_FIGURE_MEMORY_BANDWIDTH:
      value = cp_i18n_format_number (gpu->memory_bandwidth_gbytes_per_s, 0, lang);
      /* TRANSLATORS: a GPU's memory bandwidth the team typed: "memory bandwidth 4,800 GB/s" */
      return g_strdup_printf (_("memory bandwidth %s GB/s"), value);
    case CP_N_GPU_FIGURES:
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
cp_words_gpu_origin (const CpGpuSpec *gpu,
                     const char      *lang)
{
  g_autofree char *from = NULL;
  g_autoptr(GString) typed = g_string_new (NULL);
  g_autofree char *typed_part = NULL;
  g_autofree char *rest = NULL;
  const char *note = verification_words (gpu->verification);
  guint figures = cp_gpu_spec_typed_figures (gpu, &from, NULL);

  if (from == NULL)
    /* TRANSLATORS: what a catalogue GPU's figures rest on: "NVIDIA H20 96GB: unverified figures from secondary descriptions, not a datasheet" */
    return note != NULL ? g_strdup_printf (_("%s: %s"), gpu->name != NULL ? gpu->name : gpu->id, note) : NULL;

  for (guint f = 0; f < CP_N_GPU_FIGURES; f++)
    if (figures & (1u << f))
      {
        g_autofree char *one = figure_typed (gpu, (CpGpuFigure) f, lang);

        if (typed->len > 0)
          /* TRANSLATORS: separates the figures the team typed */
          g_string_append (typed, C_("typed figures", ", "));
        g_string_append (typed, one);
      }
  /* Every figure typed: none rests on the catalogue's source. */
  if (figures == (1u << CP_N_GPU_FIGURES) - 1)
    /* TRANSLATORS: a GPU all of whose figures the team typed: %s lists them with their values */
    return g_strdup_printf (_("Typed by the team: %s"), typed->str);
  if (figures == 0)
    /* TRANSLATORS: a catalogue GPU made the team's own with no figure typed yet; %s is the catalogue's name */
    rest = g_strdup_printf (_("Edited by the team from %s"), from);
  else
    {
      /* TRANSLATORS: the figures the team typed over a catalogue GPU's, with their values; %s lists them */
      typed_part = g_strdup_printf (_("Typed by the team: %s"), typed->str);
      /* TRANSLATORS: the figures typed, then: the catalogue GPU the other figures are from */
      rest = g_strdup_printf (_("%s; other figures from %s"), typed_part, from);
    }
  if (note == NULL)
    return g_steal_pointer (&rest);
  /* TRANSLATORS: where a GPU's figures come from, then what the catalogue's figures rest on */
  return g_strdup_printf (_("%s (%s)"), rest, note);
}

char *
cp_words_link_origin (const CpLinkSpec *link,
                      const char       *lang)
{
  g_autofree char *typed = NULL;
  g_autofree char *from = cp_spec_source_from (link->source, &typed, NULL);
  g_autofree char *rate = cp_i18n_format_value (link->per_direction_gbytes_per_s, lang);
  const char *note = verification_words (link->verification);

  if (from != NULL && typed != NULL && *typed != '\0')
    /* TRANSLATORS: a link's rate the team typed over a catalogue link's; %s: the rate in GB/s, the catalogue link */
    return g_strdup_printf (_("%s GB/s each direction typed by the team, over %s’s"), rate, from);
  if (from != NULL)
    return g_strdup_printf (_("Edited by the team from %s"), from);
  if (note == NULL)
    return NULL;
  /* TRANSLATORS: what a catalogue link's rate rests on: "HCCS (Ascend 910B) 196 GB/s: unverified figures from secondary
   * descriptions, not a datasheet" */
  return g_strdup_printf (_("%s %s GB/s: %s"), link->name != NULL ? link->name : link->id, rate, note);
}
