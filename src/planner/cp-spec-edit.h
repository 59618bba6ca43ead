/* cp-spec-edit.h: what a catalogue GPU, link or model becomes when the
 * team types over one of its figures.
 *
 * It keeps a name that says what it is, in no language: the catalogue's
 * name, with the memory a GPU's name states following the memory typed
 * ("NVIDIA H20 96GB" with 141 typed is "NVIDIA H20 141GB"). Its source
 * records, in words of no language, which figures were typed and whose
 * the others are, "typed: memory_nominal_gb | from: NVIDIA H20 96GB |
 * <the catalogue's source>", for a front end to say in the reader's
 * language (walk37 F1, F2: "Custom (from NVIDIA H20 96GB)" was stored in
 * the language of the window that made it, and named a 96GB card on a
 * 141GB quote).
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

/* The id an entry typed over, or made by hand, has. */
#define CP_SPEC_CUSTOM_ID "custom"

/* @gpu's figure @figure was typed by the team (CP_N_GPU_FIGURES: none
 * yet, "Custom" was picked): it is "custom" from now on, its source
 * records the figure (and, the first time, the catalogue entry it came
 * from), and the memory its name states follows one typed over
 * @memory_before_gb. */
void      cp_gpu_spec_mark_typed      (CpGpuSpec *gpu, CpGpuFigure figure, double memory_before_gb);
/* The CpGpuFigure bits cp_gpu_spec_mark_typed() recorded in @gpu's
 * source; @from_name (may be NULL) the catalogue entry's name the other
 * figures are from, @cited (may be NULL) that entry's own source. 0 and
 * NULLs for an entry nobody typed over. */
guint     cp_gpu_spec_typed_figures   (const CpGpuSpec *gpu, char **from_name, char **cited);

/* A link's rate (@rate_typed) or a model's @figure (its key; NULL: none yet) was
 * typed: "custom", with a source saying whose the rest is. */
void      cp_link_spec_mark_typed     (CpLinkSpec *link, gboolean rate_typed);
void      cp_model_spec_mark_typed    (CpModelSpec *model, const char *figure);
/* The catalogue entry's name an edited link's or model's source names,
 * NULL when it names none; @typed (may be NULL) the figures typed, as
 * their keys joined by spaces. */
char     *cp_spec_source_from         (const char *source, char **typed, char **cited);

/* @name with the memory it states ("96GB") saying @memory_gb; when
 * @only_if_gb is above 0, only a memory of that many GB is replaced.
 * NULL when @name states no single memory (or not that one). */
char     *cp_gpu_name_with_memory     (const char *name, double memory_gb, double only_if_gb);

/* The catalogue name in a name that older versions stored in the
 * language of the window, "Custom (from NVIDIA H20 96GB)" or
 * "自定义（基于 NVIDIA H20 96GB）"; NULL for any other name. */
char     *cp_spec_legacy_custom_base  (const char *name);
/* A GPU, link or model loaded with such a name gets the name the
 * current version gives it (its memory following the GPU's). */
void      cp_gpu_spec_upgrade_name    (CpGpuSpec *gpu);
void      cp_link_spec_upgrade_name   (CpLinkSpec *link);
void      cp_model_spec_upgrade_name  (CpModelSpec *model);

G_END_DECLS
