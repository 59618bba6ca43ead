/* cp-quote-fabric.h: networks, bandwidth and sharing as vendors write them. */
#pragma once

#include "cp-quote-cells.h"

G_BEGIN_DECLS

/* Network, bandwidth and sharing as vendors write them, in whichever of
 * those columns they put them: "RoCE v2 2×100G", "IB NDR 400G×8",
 * "InfiniBand 8×400Gb/s", "25GbE", "无", "独享", "共享 1:4". */
typedef struct {
  gboolean      kind_found;
  CpNetworkKind kind;
  guint         nics;        /* 0: not stated */
  double        gbps;        /* 0: not stated */
  gboolean      rate_from_generation;   /* "NDR" alone: the generation's rate */
  gboolean      sharing_found;
  CpSharing     sharing;
  double        share_factor;           /* 0: not stated */
} CpQuoteFabric;

gboolean cp_quote_find_share_ratio (const char *text, double *factor);

void cp_quote_fabric_apply (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const CpQuoteFabric *network,
                            const CpQuoteFabric *bandwidth, const CpQuoteFabric *sharing, CpQuote *quote);

/* What @text says about the fabric, into @f; FALSE when nothing. */
gboolean cp_quote_fabric_read_text (const char *text, CpQuoteFabric *f);

void cp_quote_fabric_read_cell (CpQuoteCell *cell, CpQuoteColumn col, const char *text, CpQuoteFabric *f);

G_END_DECLS
