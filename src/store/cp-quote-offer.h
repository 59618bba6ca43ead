/* cp-quote-offer.h: what a quote's offer name says of its hardware. */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* Whether @quote's offer name names other GPUs than its fields: "8 × A800
 * 80GB 整机托管" on a quote whose GPU is an H800, or 4 per node. A count
 * of the whole offer's GPUs ("32 × H800" of 4 nodes of 8) agrees, and so
 * does a name that names none ("2 × 400G RoCE", "2x faster than A100").
 * When it disagrees, @written is the offer's words ("8 × A800") and
 * @names_nodes whether they count nodes too ("4 × 8 × A800"). */
gboolean cp_quote_offer_disagrees (const CpProject *project,
                                   const CpQuote   *quote,
                                   char           **written,
                                   gboolean        *names_nodes);

G_END_DECLS
