/* cp-quote-editor-private.h: what the files of CpQuoteEditor share
 * (cp-quote-editor.c, the form's widgets; cp-quote-editor-fields.c, the
 * quote's fields and the network presets that fill several at once). */
#pragma once

#include "planner/cp-quote.h"

#include "cp-field-row.h"

G_BEGIN_DECLS

/* The form's groups, in the order they show. */
enum {
  GROUP_OFFER,
  GROUP_HARDWARE,
  GROUP_NETWORK,
  GROUP_PRICE,
  GROUP_COSTS,
  N_GROUPS
};

/* Every field of the form, in the order the rows and the error notice
 * follow. */
extern const CpField _cp_quote_editor_fields[];
extern const guint   _cp_quote_editor_n_fields;

/* A common inter-node fabric, filling the network rows in one step. */
typedef struct {
  const char    *label;
  CpNetworkKind  kind;
  guint          nics;
  double         nic_gbps;
} CpNetworkPreset;

/* The presets, "Custom" (what the user typed) first. */
extern const CpNetworkPreset _cp_quote_editor_network_presets[];
extern const guint           _cp_quote_editor_n_network_presets;

/* The preset the quote's network is, or 0 ("Custom"). */
guint _cp_quote_editor_network_preset_of (const CpQuote *quote);

G_END_DECLS
