/* cp-vendor-name.h: a quote's name short enough to keep its GPU in
 * sight, the same in the sidebar, the results table, the pickers and
 * the trial-log dialog (issue 26). */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

/* @vendor without what every company's name ends with: its legal form
 * ("有限公司", "Co., Ltd.", "Inc."), then the words of a kind of company
 * before it ("科技", "Technology"), then a gloss in brackets at its end
 * ("示例供应商 A (Example vendor A)" → "示例供应商 A"). A name that would
 * be left empty, or one with none of these, comes back whole. */
char *cp_vendor_short_name (const char *vendor);

/* @name, a name of @quote that starts with its vendor ("Vendor — offer"
 * of cp_words_quote_name()), with that vendor shortened
 * (cp_vendor_short_name()) unless another vendor of @quotes shortens
 * alike; any other name comes back whole. */
char *cp_quote_name_shorten_vendor (const CpQuote   *quote,
                                    const GPtrArray *quotes,
                                    const char      *name);

/* @gpu_name's model without its maker (cp_quote_gpu_model()) nor the
 * product line before it: "NVIDIA GeForce RTX 4090 24GB" → "RTX 4090
 * 24GB", "AMD Instinct MI300X 192GB" → "MI300X 192GB"; "Huawei Ascend
 * 910B2 64GB" keeps "Ascend 910B2 64GB". */
char *cp_gpu_short_model (const char *gpu_name);

/* @quote's name as cp_quote_display_name() gives it ("Vendor — offer"),
 * its vendor shortened (cp_vendor_short_name()) unless another vendor of
 * @quotes shortens alike; where the name is the vendor alone, its GPU
 * model follows (cp_gpu_short_model()): "深圳鹏城智算 — H800 SXM 80GB". A quote without a vendor
 * keeps its display name ("Untitled quote"). */
char *cp_quote_short_name (const CpQuote   *quote,
                           const GPtrArray *quotes);

G_END_DECLS
