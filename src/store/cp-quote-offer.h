/* cp-quote-offer.h: what a quote's offer name says of its hardware and
 * its price. */
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

/* The GPUs @offer names, as cp_quote_offer_disagrees() reads them, when
 * the catalogue (the project's, then the built-in) has their model with
 * the memory written: "8 x H100 80GB" is 8 of NVIDIA's H100 SXM 80GB,
 * "4 nodes x 8 H800" 4 nodes of 8 H800. @nodes is 0 when the offer does
 * not count nodes. The quote form fills its GPU rows from it (walk35 U1:
 * the price and network were read from the offer, the GPU was not). */
gboolean cp_quote_offer_states_gpus (const CpProject  *project,
                                     const char       *offer,
                                     const CpGpuSpec **gpu,
                                     guint            *gpus_per_node,
                                     guint            *nodes);

/* The price @offer states with what it is per, read as the quote form's
 * Price reads a price (cp_parse_price_text()): "14.5/GPU/h" in "1
 * machine, 8 x H800 at 14.5/GPU/h", "2352元/台/天" in "4090 整机
 * 2352元/台/天 含税". @written is those words. FALSE when it states none:
 * counts ("8 x H800", "2 × 400G") and an amount that says not what it is
 * per ("RMB 30000") are no price. */
gboolean cp_quote_offer_states_price (const char   *offer,
                                      CpPriceText  *price,
                                      char        **written);

/* Whether the price @quote's offer name states costs other than the
 * quote's price, compared per GPU-hour in the quote's currency; a quote
 * without a price (0) has none to disagree with. @written as
 * cp_quote_offer_states_price() gives it. */
gboolean cp_quote_offer_price_disagrees (const CpQuote    *quote,
                                         const CpSettings *settings,
                                         char            **written);

/* The network between nodes @offer names, with its kind: "RoCE
 * 8x400G" in "4 nodes x 8 H800, RoCE 8x400G, 45000/node/month", "4×400G
 * IB", "IB NDR" (read as the quote sheets read a network cell,
 * cp_quote_fabric_read_text()); @nics and @nic_gbps 0 where it does not
 * say them. @written is those words. FALSE when it names no kind: a rate
 * alone ("H800 80G") is no network. */
gboolean cp_quote_offer_states_network (const CpProject *project,
                                        const char      *offer,
                                        CpNetworkKind   *kind,
                                        guint           *nics,
                                        double          *nic_gbps,
                                        char           **written);

/* Whether the network @quote's offer name states is another than its
 * fields' (kind, and NICs and their rate where it says them): "RoCE
 * 8x400G" on a quote whose network is None, the 4 nodes then planned as
 * separate machines under the offer's words (walk33 W2). A quote of one
 * node has no network to disagree with. @written as
 * cp_quote_offer_states_network() gives it. */
gboolean cp_quote_offer_network_disagrees (const CpProject *project,
                                           const CpQuote   *quote,
                                           char           **written);

/* The parts of a quote besides its GPUs and price that an offer name
 * may state. */
typedef enum {
  CP_QUOTE_OFFER_NODES    = 1 << 0,  /* "2 nodes", "4 × 8 × A800" */
  CP_QUOTE_OFFER_OFFERING = 1 << 1,  /* "cluster", "容器集群" */
  CP_QUOTE_OFFER_NETWORK  = 1 << 2,  /* "InfiniBand", "RoCE 8x400G" */
  /* With the network: the NICs and the rate a bare "InfiniBand" leaves
   * unsaid, as cp_quote_offer_common_fabric() gives them. */
  CP_QUOTE_OFFER_COMMON_FABRIC = 1 << 3,
} CpQuoteOfferParts;

/* The network cards a node of @quote's GPU commonly comes with: one NIC
 * per GPU, as NVIDIA's DGX and HGX boards and Huawei's Atlas 800T A2 are
 * built, at the rate of the GPU's generation (cp-quote-offer.c gives the
 * sources). FALSE for a GPU with no such build (PCIe cards, a custom
 * GPU), or a quote with no GPUs per node. */
gboolean cp_quote_offer_common_fabric (const CpQuote *quote,
                                       guint         *nics,
                                       double        *nic_gbps);

/* Gives a quote of several nodes whose network nobody stated
 * (cp_quote_network_unstated()) its GPU's common fabric, kind included
 * (8 × 400 Gb/s InfiniBand for an H800, 8 × 200 Gb/s RoCE for a 910B),
 * marked assumed: a 4-node "Container cluster" typed in the form was
 * planned as 4 unconnected machines under the form's None (walk41b TOP
 * 1). FALSE, the quote untouched, for a GPU with no common build, whose
 * nodes stay apart until the network is typed. The quote form, add-quote
 * and edit-quote call it when nodes, GPU or kind change. */
gboolean cp_quote_offer_assume_network (CpQuote *quote);

/* Whether @quote's network kind too is assumed: its fabric is marked
 * assumed and its offer names no network, as
 * cp_quote_offer_assume_network() gives it. */
gboolean cp_quote_offer_network_assumed (const CpProject *project,
                                         const CpQuote   *quote);

/* Whether @quote's NICs per node (@nics_assumed) and their rate
 * (@rate_assumed) are its GPU's common fabric where its offer names the
 * network and not them, or where no one stated the network
 * (cp_quote_offer_network_assumed()): what cp_quote_offer_fill() with
 * CP_QUOTE_OFFER_COMMON_FABRIC and cp_quote_offer_assume_network() give,
 * until the user types the vendor's. */
gboolean cp_quote_offer_fabric_assumed (const CpProject *project,
                                        const CpQuote   *quote,
                                        gboolean        *nics_assumed,
                                        gboolean        *rate_assumed);

/* Keeps the common fabric @quote was given its GPU's after its GPU or
 * its GPUs per node changed from @before's: where its NICs or their rate
 * were the common fabric before the change, as
 * cp_quote_offer_fabric_assumed() tells of @before, they become the new
 * GPU's, or 0 where it has none (a PCIe card), so they are asked for; a
 * network assumed kind and all is the new GPU's whole, or not stated. An
 * H800's 8 × 400 Gb/s stayed under an A800 picked after the offer filled
 * the form. Returns whether the NICs or their rate changed. */
gboolean cp_quote_offer_refit_fabric (const CpProject *project,
                                      CpQuote         *quote,
                                      const CpQuote   *before);

/* Gives @quote the @parts its offer name states: "H800 cluster, 2 nodes,
 * InfiniBand" is 2 nodes of a bare-metal cluster over InfiniBand, where
 * the quote form read its H800 alone (walk37b U1). The callers pass the
 * parts nobody has given yet (the form's still at a new quote's values,
 * a sheet's without a cell of their own); what the offer does not say
 * (the NICs of a bare "InfiniBand") stays as it was, or, with
 * CP_QUOTE_OFFER_COMMON_FABRIC, is the GPU's common fabric (walk38b G8:
 * the quote was ranked on one machine only until 8 and 400 were typed).
 * Returns the parts changed. */
CpQuoteOfferParts cp_quote_offer_fill (const CpProject   *project,
                                       CpQuote           *quote,
                                       CpQuoteOfferParts  parts);

G_END_DECLS
