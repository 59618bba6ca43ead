/* cp-quote-config.h: a machine's whole configuration in one cell, as
 * vendors write it: "2×Intel 8468 / 2TB 内存 / 8×H800 80G / 4×400G IB". */
#pragma once

#include "cp-quote-fabric.h"

G_BEGIN_DECLS

typedef struct {
  char         *gpu;          /* the part naming the GPUs, count included: "8×H800 80G" */
  guint         gpu_count;    /* a part counting GPUs without naming them ("8卡", "8 GPU"), 0 when none */
  char         *memory;       /* "2TB 内存", or NULL */
  double        memory_bytes; /* what it says, 0 when not read */
  char         *network;      /* "4×400G IB", or NULL */
  CpQuoteFabric fabric;       /* what it says */
  char         *storage;      /* "4×3.84T NVMe", "2T SSD", or NULL */
  GPtrArray    *unused;       /* char*, parts the plan has no use for: CPUs, anything else */
} CpQuoteConfig;

/* Splits @text at "/", "|", ";", "、", "+", "，" and line breaks and sorts
 * the parts; TRUE when it has two parts or more and exactly one of them
 * names a GPU of the catalogue (of @project's, with its own GPUs). */
gboolean cp_quote_config_read  (const CpProject *project, const char *text, CpQuoteConfig *out);
/* The same for a column that holds the machine beside another naming its
 * GPU ("机型" H800, "配置" "2TB 内存 / 8卡 / 4×400G IB"): TRUE when no
 * two parts name GPUs and a part says something the plan uses (the GPUs
 * or their count, host memory, the network). */
gboolean cp_quote_config_read_machine (const CpProject *project, const char *text, CpQuoteConfig *out);
void     cp_quote_config_clear (CpQuoteConfig *config);

G_END_DECLS
