/* cp-gpu-match.h: which catalogue GPU or link a vendor's name means. */
#pragma once

#include "cp-quote-csv.h"

G_BEGIN_DECLS

char *cp_gpu_match_key (const char *text);
/* cp_gpu_match_key() of a word of the importer's own vocabulary (the
 * fixed word lists it matches cells against), made once per process and
 * kept: owned by the cache, never freed. Not for text from a file. */
const char *cp_gpu_match_vocabulary_key (const char *word);

/* What a vendor's GPU name says, word by word: "NVIDIA H800 SXM5" is the
 * model h800 in its SXM form; "A100 40G PCIe" the model a100 with 40 GB in
 * its PCIe form; "H100 80GB HBM3" and "RTX 4090 24G" the model and its
 * memory. Makers' names, memory kinds and "显卡" say nothing of the part. */
typedef enum { FORM_UNSTATED, FORM_SXM, FORM_PCIE } CpGpuForm;

typedef struct {
  char      *model;       /* the remaining words run together: "h800", "910b" */
  double     memory_gb;   /* 0: not stated */
  CpGpuForm  form;
} CpGpuWords;

void cp_gpu_match_read_words (const char *text, CpGpuWords *out);

void cp_gpu_match_read_entry_words (const CpGpuSpec *gpu, CpGpuWords *name, CpGpuWords *id);

const CpGpuSpec *cp_gpu_match_find (const CpProject *project, const char *text, char **assumption,
                                    gboolean *pcie, GError **error);

const CpLinkSpec *cp_gpu_match_find_link (const CpProject *project, const char *text);

const CpLinkSpec *cp_gpu_match_find_link_by_id (const CpProject *project, const char *id);

gboolean cp_gpu_match_names_model (const CpProject *project, const char *text);

/* The one catalogue GPU whose model a free text names among its words,
 * with the memory written after it ("2-node H800 InfiniBand cluster",
 * "Own 8xA800 server", "A100 80GB 整机"): what a quote's offer name says
 * of its GPU however it counts them. NULL when it names none, several,
 * or one whose memory or form it leaves open between entries. */
const CpGpuSpec *cp_gpu_match_find_in_text (const CpProject *project, const char *text);

G_END_DECLS
