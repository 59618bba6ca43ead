/* cp-spec-words.h: where a GPU's or a link's figures come from, in words.
 *
 * A figure the team typed over a catalogue entry's (cp-spec-edit.h), and
 * a catalogue entry whose figures no datasheet gives (its verification),
 * are said where the hardware is shown: the window's GPU and link rows,
 * the report's quotes. Words of the language pushed (cp_i18n_push_language()),
 * else the UI's (walk37 F1, F3: the PDF and the window never said that
 * the recommended 910B2's HCCS link is unverified, nor which of an H20's
 * figures were typed).
 */
#pragma once

#include "planner/cp-types.h"

G_BEGIN_DECLS

/* @name, marked edited when @source records figures typed over a
 * catalogue entry: "NVIDIA H20 141GB (edited)". */
char *cp_words_spec_name   (const char *name, const char *source);
/* "Typed by the team: memory 141 GB; other figures from NVIDIA H20 96GB
 * (unverified figures from secondary descriptions, not a datasheet)", or for an
 * entry as the catalogue has it, what its figures rest on when not a
 * datasheet. NULL for a datasheet's figures nobody typed over. */
char *cp_words_gpu_origin  (const CpGpuSpec *gpu, const char *lang);
/* The same for a link: "HCCS (Ascend 910B) 196 GB/s: unverified figures from
 * secondary descriptions, not a datasheet". */
char *cp_words_link_origin (const CpLinkSpec *link, const char *lang);

G_END_DECLS
