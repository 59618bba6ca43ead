/* cp-quote-editor-fields.c: the fields of a vendor quote's form, the
 * choices of its drop-down rows, and the network presets that fill the
 * network rows in one step. */
#include "config.h"

#include <glib/gi18n.h>

#include "cp-labels.h"
#include "cp-quote-editor.h"
#include "cp-quote-editor-private.h"

#define F(member) G_STRUCT_OFFSET (CpQuote, member)

/* A fee's three terms, as its row's choices (CpFeeTerms): a clear choice
 * rather than an amount of 0 that read both "included" and "not stated"
 * (approver 34, B10). */
static const char *
fee_terms_label (int terms)
{
  switch ((CpFeeTerms) terms)
    {
    case CP_FEE_INCLUDED:
      /* TRANSLATORS: a quote's fee (network, storage, operations support) that its price already holds */
      return _("Included in the price");
    case CP_FEE_STATED:
      /* TRANSLATORS: a quote's fee that the quote gives as an amount, typed in the row below */
      return _("Stated amount");
    case CP_FEE_NOT_STATED:
    case CP_N_FEE_TERMS:
    default:
      /* TRANSLATORS: a quote's fee that the quote does not mention: the plan estimates it and asks the vendor */
      return _("Not stated");
    }
}

/* The vendor's answer to whether part of an offer of several nodes can
 * be rented alone (CpPartRentable, issue 22). */
static const char *
part_rentable_label (int answer)
{
  switch ((CpPartRentable) answer)
    {
    case CP_PART_RENTABLE_YES:
      /* TRANSLATORS: the vendor rents part of its offer (1 of its 4 machines) alone */
      return _("Yes");
    case CP_PART_RENTABLE_NO:
      /* TRANSLATORS: the vendor rents only its whole offer: every option pays for all its machines */
      return _("No, only the whole offer");
    case CP_PART_RENTABLE_NOT_ASKED:
    case CP_N_PART_RENTABLE:
    default:
      /* TRANSLATORS: the vendor was not asked whether part of its offer rents alone: the report asks */
      return _("Not asked");
    }
}

const CpField _cp_quote_editor_fields[] = {
  { "vendor", N_("Vendor"), NULL, NULL, CP_FIELD_TEXT, F (vendor), .group = GROUP_OFFER },
  { "offer-name", N_("Offer"), NULL, NULL, CP_FIELD_TEXT, F (offer_name), .group = GROUP_OFFER },
  { "offering", N_("Kind of offer"), NULL, NULL, CP_FIELD_ENUM, F (offering), cp_labels_offering, CP_N_OFFERINGS, GROUP_OFFER },
  { "nodes-available", N_("Nodes available"), N_("1 for a single machine"), NULL, CP_FIELD_UINT, F (nodes_available),
    .group = GROUP_OFFER, .model_name = N_("Nodes") , .counts = CP_PRICE_SUBJECT_NODE },
  /* Shown for an offer of several nodes (load_rows()). */
  { "part-rentable", N_("Part of the offer rented alone"), N_("The vendor’s answer; until it is known the report asks"),
    NULL, CP_FIELD_ENUM, F (part_rentable), part_rentable_label, CP_N_PART_RENTABLE, GROUP_OFFER },
  { "currency", N_("Currency"), NULL, NULL, CP_FIELD_CURRENCY, F (currency), .group = GROUP_OFFER },
  { "valid-until", N_("Valid until"), N_("Date as YYYY-MM-DD"), NULL, CP_FIELD_TEXT, F (valid_until), .group = GROUP_OFFER },
  { "notes", N_("Notes"), NULL, NULL, CP_FIELD_TEXT, F (notes), .group = GROUP_OFFER },

  /* Shown for the team's own GPU only (load_rows()): a catalogue GPU's
   * name is the catalogue's, and one edited follows its memory (walk37 F1:
   * no field let the lead name the "8×H20 141GB" of a quote). No hint:
   * the entry keeps its width for the whole name. */
  { "gpu-name", N_("GPU name"), NULL, NULL, CP_FIELD_TEXT, F (gpu.name), .group = GROUP_HARDWARE },
  { "gpus-per-node", N_("GPUs per node"), NULL, NULL, CP_FIELD_UINT, F (gpus_per_node), .group = GROUP_HARDWARE,
    .counts = CP_PRICE_SUBJECT_GPU },
  { "host-memory", N_("Host memory per node"), N_("0 or empty: not stated. CPU offload keeps optimizer states here"),
    N_("GiB"), CP_FIELD_BYTES, F (host_memory_per_node_bytes), .group = GROUP_HARDWARE,
    .automatic = N_("Not stated"), .unit_bytes = CP_QUOTE_HOST_MEMORY_UNIT_BYTES },
  { "gpu-memory", N_("Memory per GPU"), N_("As the datasheet states it"), N_("GB"), CP_FIELD_DOUBLE,
    F (gpu.memory_nominal_gb), .group = GROUP_HARDWARE, .model_name = N_("GPU memory") },
  { "gpu-bf16-flops", N_("Dense BF16 peak"), N_("Such as 989T; never the sparse figure"), N_("FLOPS"), CP_FIELD_COUNT,
    F (gpu.dense_bf16_flops), .group = GROUP_HARDWARE, .model_name = N_("GPU dense BF16 peak") },
  { "gpu-fp8-flops", N_("Dense FP8 peak"), N_("0 when the GPU has no FP8"), N_("FLOPS"), CP_FIELD_COUNT,
    F (gpu.dense_fp8_flops), .group = GROUP_HARDWARE, .advanced = TRUE,
    .model_name = N_("GPU dense FP8 peak") },
  { "gpu-memory-bandwidth", N_("Memory bandwidth"), NULL, N_("GB/s"), CP_FIELD_DOUBLE,
    F (gpu.memory_bandwidth_gbytes_per_s), .group = GROUP_HARDWARE, .advanced = TRUE,
    .model_name = N_("GPU memory bandwidth") },
  { "intra-link-rate", N_("GPU link, each direction"), NULL, N_("GB/s"), CP_FIELD_DOUBLE,
    F (intra_link.per_direction_gbytes_per_s), .group = GROUP_HARDWARE, .advanced = TRUE,
    .model_name = N_("Intra-node link") },

  { "network", N_("Network between nodes"), NULL, NULL, CP_FIELD_ENUM, F (network), cp_labels_network, CP_N_NETWORKS,
    GROUP_NETWORK },
  { "nics-per-node", N_("NICs per node"), NULL, NULL, CP_FIELD_UINT, F (nics_per_node), .group = GROUP_NETWORK },
  { "nic-gbps", N_("Rate of one NIC"), NULL, N_("Gb/s"), CP_FIELD_DOUBLE, F (nic_gbps), .group = GROUP_NETWORK,
    .model_name = N_("NIC rate") },
  { "sharing", N_("Bandwidth"), N_("Ask the vendor when the quote does not say"), NULL, CP_FIELD_ENUM, F (sharing),
    cp_labels_sharing, CP_N_SHARINGS, GROUP_NETWORK },
  { "share-factor", N_("Share of a shared fabric"), N_("0 uses the default assumption"), NULL, CP_FIELD_DOUBLE,
    F (share_factor), .group = GROUP_NETWORK, .model_name = N_("Share of bandwidth") },
  /* With the network: one machine pays no network fee, and its section
   * goes with the fabric's (load_rows()). */
  { "network-fee-terms", N_("Network fee"), NULL, NULL, CP_FIELD_ENUM,
    F (network_fee_terms), fee_terms_label, CP_N_FEE_TERMS, GROUP_NETWORK },
  /* TRANSLATORS: the row under a fee's choice where its stated amount is typed */
  { "network-fee", N_("Amount"), NULL, N_("per node-month"), CP_FIELD_DOUBLE, F (network_fee_per_node_month),
    .group = GROUP_NETWORK, .money = TRUE, .model_name = N_("Network fee") },

  { "price", N_("Price"),
    /* TRANSLATORS: examples in the words a vendor of the reader's language writes (walkthrough 20: English read 元/台/天) */
    N_("Such as 12.5/GPU/h, 2352/node/day or 30000/node/month"), NULL, CP_FIELD_PRICE, F (price),
    .group = GROUP_PRICE, .money = TRUE },
  { "price-unit", N_("Billed per"), NULL, NULL, CP_FIELD_ENUM, F (price_unit), cp_labels_price_unit, CP_N_PRICE_UNITS,
    GROUP_PRICE },
  { "billing-granularity", N_("Billing granularity"), N_("Billed time is rounded up to this"), N_("h"), CP_FIELD_DOUBLE,
    F (billing_granularity_h), .group = GROUP_PRICE, .duration = TRUE, .automatic = N_("Not stated") },
  /* Typed as a percentage; 0 leaves it to the offering, as a quote that
   * states no rate is taken (cp_quote_vat_rate()). */
  { "vat-rate", N_("VAT rate"), N_("The quote’s own rate; automatic: its offering’s, from the project’s VAT settings"),
    N_("%"), CP_FIELD_DOUBLE, F (vat_rate), .group = GROUP_PRICE, .percent = TRUE, .automatic = N_("By its offering") },
  { "minimum-term", N_("Minimum term"), NULL, N_("h"), CP_FIELD_DOUBLE, F (minimum_term_h), .group = GROUP_PRICE,
    .duration = TRUE, .automatic = N_("Not stated") },

  { "storage", N_("Storage offered"), N_("Ask the vendor when the quote does not say"), NULL, CP_FIELD_ENUM, F (storage),
    cp_labels_storage, CP_N_STORAGES, GROUP_COSTS },
  { "storage-price-terms", N_("Storage price"), NULL, NULL, CP_FIELD_ENUM, F (storage_price_terms), fee_terms_label,
    CP_N_FEE_TERMS, GROUP_COSTS },
  { "storage-price", N_("Amount"), NULL, N_("per TB-month"), CP_FIELD_DOUBLE, F (storage_price_per_tb_month),
    .group = GROUP_COSTS, .money = TRUE, .model_name = N_("Storage price") },
  /* Shown for machines the team runs itself (load_rows()), as R8 asks. */
  { "ops-support-terms", N_("Operations support"), N_("For a team with no operations engineer"),
    NULL, CP_FIELD_ENUM, F (ops_support_terms), fee_terms_label, CP_N_FEE_TERMS, GROUP_COSTS },
  { "ops-support-fee", N_("Amount"), NULL, N_("per month"), CP_FIELD_DOUBLE, F (ops_support_fee_per_month),
    .group = GROUP_COSTS, .money = TRUE, .model_name = N_("Operations support fee") },
  { "management-fee", N_("Management or licence fee"), NULL, N_("per month"), CP_FIELD_DOUBLE, F (management_fee_per_month),
    .group = GROUP_COSTS, .money = TRUE, .model_name = N_("Management fee") },
  { "setup-fee", N_("Setup fee"), NULL, NULL, CP_FIELD_DOUBLE, F (setup_fee), .group = GROUP_COSTS, .money = TRUE },
};

#undef F

const guint _cp_quote_editor_n_fields = G_N_ELEMENTS (_cp_quote_editor_fields);

const CpField *
cp_quote_editor_get_fields (guint *n_fields)
{
  *n_fields = _cp_quote_editor_n_fields;
  return _cp_quote_editor_fields;
}

/* Common inter-node fabrics, to fill the network rows in one step: 200
 * and 400 Gb/s InfiniBand (HDR, NDR) and RoCE with 8 NICs a node (one per
 * GPU, as NVIDIA's DGX A100 and H100 and Huawei's Atlas 800T A2 come),
 * 4 or 2 (as cloud GPU machines are often offered, a team lead's "4 ×
 * 200 Gb/s RoCE" among them); then the older 100 Gb/s RoCE and plain
 * 25 Gb/s Ethernet. No "None (single machine)": the list shows on a
 * quote of two nodes or more only (walkthrough 22 found it offered for a
 * 4-node cluster). */
const CpNetworkPreset _cp_quote_editor_network_presets[] = {
  /* The rows below match no preset: what the user typed, kept. */
  { N_("Custom"), CP_N_NETWORKS, 0, 0 },
  { N_("8 × 400 Gb/s InfiniBand NDR"), CP_NETWORK_INFINIBAND, 8, 400 },
  { N_("4 × 400 Gb/s InfiniBand NDR"), CP_NETWORK_INFINIBAND, 4, 400 },
  { N_("2 × 400 Gb/s InfiniBand NDR"), CP_NETWORK_INFINIBAND, 2, 400 },
  { N_("8 × 200 Gb/s InfiniBand HDR"), CP_NETWORK_INFINIBAND, 8, 200 },
  { N_("4 × 200 Gb/s InfiniBand HDR"), CP_NETWORK_INFINIBAND, 4, 200 },
  { N_("2 × 200 Gb/s InfiniBand HDR"), CP_NETWORK_INFINIBAND, 2, 200 },
  { N_("8 × 400 Gb/s RoCE"), CP_NETWORK_ROCE, 8, 400 },
  { N_("4 × 400 Gb/s RoCE"), CP_NETWORK_ROCE, 4, 400 },
  { N_("2 × 400 Gb/s RoCE"), CP_NETWORK_ROCE, 2, 400 },
  { N_("8 × 200 Gb/s RoCE"), CP_NETWORK_ROCE, 8, 200 },
  { N_("4 × 200 Gb/s RoCE"), CP_NETWORK_ROCE, 4, 200 },
  { N_("2 × 200 Gb/s RoCE"), CP_NETWORK_ROCE, 2, 200 },
  { N_("4 × 100 Gb/s RoCE"), CP_NETWORK_ROCE, 4, 100 },
  { N_("2 × 25 Gb/s Ethernet"), CP_NETWORK_ETHERNET, 2, 25 },
};

const guint _cp_quote_editor_n_network_presets = G_N_ELEMENTS (_cp_quote_editor_network_presets);

guint
_cp_quote_editor_network_preset_of (const CpQuote *quote)
{
  for (guint i = 1; i < _cp_quote_editor_n_network_presets; i++)
    if (_cp_quote_editor_network_presets[i].kind == quote->network &&
        _cp_quote_editor_network_presets[i].nics == quote->nics_per_node &&
        _cp_quote_editor_network_presets[i].nic_gbps == quote->nic_gbps)
      return i;
  return 0;
}
