/* test-window-form.h: what the files of the test-window-form program
 * share: the set-up of a quote-form test, the quote the form shows, and
 * the tests main() registers from test-window-form-offer.c. */

#pragma once

#include "gui/cp-quote-editor.h"
#include "gui/cp-window.h"

G_BEGIN_DECLS

CpQuote *demo_new_quote (CpWindow      **window,
                         CpQuoteEditor **editor);
CpQuote *last_quote     (CpWindow       *window);

void test_offer_ascend_cluster (void);
void test_offer_network (void);
void test_offer_fills_gpus (void);
void test_offer_names_gpu_without_count (void);
void test_offer_names_cluster (void);
void test_offer_cluster_network_unstated (void);
void test_offer_kind_cloud_vm (void);
void test_offer_price_fills_price (void);

G_END_DECLS
