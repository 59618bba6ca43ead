/* test-window-form-offer.c: a quote's Offer as a new user types it
 * (issue 26, walkthroughs 22 and 33, walk35-37): the nodes, GPUs, price
 * and network it names fill the empty fields below it, and a field that
 * disagrees is named under it. Registered by test-window-form.c's
 * main(). */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-picker-item.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-window.h"
#include "gui/cp-window-private.h"
#include "report/cp-reason-text.h"
#include "report/cp-report-sections.h"
#include "test-window-form.h"

/* Walkthrough 22: the offer "4 nodes x 8 Ascend 910B, RoCE 200G" on a
 * quote of one node of 8 A100s said nothing, where "8x H800" was pointed
 * out. Its nodes, GPUs a node and Ascend model are read as the H800's
 * are; "910B" found in the GPU list picks the 910B2, which the row says;
 * the offer then agrees, written in either language. A cluster's node
 * count says what it is, not "1 for a single machine". */
void
test_offer_ascend_cluster (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpFieldRow *nodes = cp_quote_editor_get_row (editor, "nodes-available");
  CpPickerRow *gpu = cp_quote_editor_get_gpu_row (editor);

  cp_test_gui_search_pick (gpu, "A100 80");
  g_assert_cmpstr (quote->gpu.id, ==, "a100-80g");
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu), ==, "");
  cp_test_gui_type_text (offer, "4 nodes x 8 Ascend 910B, RoCE 200G");
  g_assert_cmpstr (quote->offer_name, ==, "4 nodes x 8 Ascend 910B, RoCE 200G");
  /* The GPU picked stays the user's, and is said; the nodes a new
   * quote's 1 were are the offer's 4 (walk37b U1). */
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 4 nodes x 8 Ascend 910B, the fields below 4 × 8 × NVIDIA A100 80GB SXM4: "
                   "check which is right");

  cp_test_gui_search_pick (gpu, "910B");
  g_assert_cmpstr (quote->gpu.id, ==, "ascend-910b");
  /* With what the catalogue's 910B2 figures rest on (walk37 F3). */
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu), ==, "A plain “910B” is taken as the 910B2\n"
                   "Huawei Ascend 910B2 64GB: unverified figures from secondary descriptions, not a datasheet");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  g_assert_cmpstr (cp_test_gui_row_subtitle (nodes), ==, "The vendor’s node count");
  /* "RoCE 200G" gave the network and its rate, not how many NICs: one
   * per GPU, as the Atlas 800T A2 has its 8 × 200GE, said as assumed in
   * their row (walk38b G8; walk33 W2 had them 0 and asked for). */
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpstr (cp_test_gui_row_subtitle (cp_quote_editor_get_row (editor, "nics-per-node")), ==,
                   "Assumed: one per GPU, common on Huawei Ascend 910B2 64GB nodes; ask the vendor");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (cp_quote_editor_get_row (editor, "nics-per-node")), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (cp_quote_editor_get_row (editor, "nic-gbps")), ==, "");

  /* The same offer as a Chinese vendor writes it, and the whole offer's
   * 32 GPUs: they agree; 2 nodes do not. */
  cp_test_gui_type_text (offer, "4台×8卡 昇腾910B 集群");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  cp_test_gui_type_text (offer, "32 × Ascend 910B");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  cp_test_gui_type_text (offer, "2 nodes of 8 910B");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 2 nodes of 8 910B, the fields below 4 × 8 × Huawei Ascend 910B2 64GB: "
                   "check which is right");

  cp_test_gui_close_window (window);
}

/* The quote the form shows: undo puts a copy of the project in place. */
CpQuote *
last_quote (CpWindow *window)
{
  CpProject *project = cp_window_get_project (window);

  return g_ptr_array_index (project->quotes, project->quotes->len - 1);
}

/* Walk33 W2: the offer "4 nodes x 8 H800, RoCE 8x400G, 45000/node/month"
 * gave its price but not its network: the 4 nodes were planned as
 * separate machines under the offer's words, with no word under Offer;
 * RoCE then chosen with 0 NICs dropped the quote from the headline, the
 * reason below the table. The offer's network fills empty network
 * fields, as the quote sheets' importer reads it; other fields are
 * pointed out under Offer; a missing NIC count is said in its row and,
 * in the results, under the recommendation, above the charts. The same
 * in a Chinese vendor's words, with no commas. */
void
test_offer_network (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpResultsView *results = cp_window_get_results_view (window);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpFieldRow *nodes = cp_quote_editor_get_row (editor, "nodes-available");
  CpFieldRow *nics = cp_quote_editor_get_row (editor, "nics-per-node");
  CpFieldRow *rate = cp_quote_editor_get_row (editor, "nic-gbps");
  GtkWidget *incomplete, *summary, *chart;
  graphene_rect_t incomplete_bounds, summary_bounds;

  cp_test_gui_search_pick (cp_quote_editor_get_gpu_row (editor), "H800");
  cp_test_gui_type_text (offer, "4 nodes x 8 H800, RoCE 8x400G, 45000/node/month");
  quote = last_quote (window);
  g_assert_cmpfloat (quote->price, ==, 45000);
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);
  /* Its 4 nodes too, where a new quote's 1 was kept and said under
   * Offer (walk37b U1), and with its network a bare-metal cluster. */
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (nodes))), ==, "4");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  /* The fabric list shows it as the preset it is. */
  g_assert_cmpuint (adw_combo_row_get_selected (cp_quote_editor_get_network_preset_row (editor)), ==, 7);

  /* Another rate in the fields: said under Offer. */
  cp_test_gui_type_text (rate, "200");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says RoCE 8x400G, the network below 8 × 200 Gb/s RoCE: check which is right");
  /* And in the results, where whoever presents the project reads
   * (walk34 V3). */
  cp_test_gui_wait_results (results);
  g_assert_nonnull (strstr (cp_results_view_get_incomplete_text (results),
                            ": its offer says RoCE 8x400G, which its fields do not; the plan uses the fields, "
                            "check the quote."));
  cp_test_gui_type_text (rate, "400");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");

  /* No NICs: said in their row, and in the results under the
   * recommendation, above the charts. */
  cp_test_gui_type_text (nics, "0");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nics_per_node, ==, 0);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (nics), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Needed for a network between nodes: without it the quote is ranked on one machine only");
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==, "");
  cp_test_gui_wait_results (results);
  cp_test_gui_wait_frames (GTK_WIDGET (results), 3);
  g_assert_nonnull (strstr (cp_results_view_get_incomplete_text (results),
                            "is ranked on one machine only, its cluster sizes left out until its network is complete: "
                            "no NICs or NIC rate for its nodes."));
  incomplete = cp_test_gui_find_named (GTK_WIDGET (results), "incomplete");
  summary = cp_test_gui_find_named (GTK_WIDGET (results), "summary");
  chart = cp_test_gui_find_named (GTK_WIDGET (results), "cost-chart");
  g_assert_true (gtk_widget_get_mapped (incomplete));
  g_assert_true (gtk_widget_compute_bounds (incomplete, chart, &incomplete_bounds));
  g_assert_true (gtk_widget_compute_bounds (summary, chart, &summary_bounds));
  g_assert_cmpfloat (incomplete_bounds.origin.y + incomplete_bounds.size.height, <=, 0);
  g_assert_cmpfloat (incomplete_bounds.origin.y, >, summary_bounds.origin.y);
  cp_test_gui_type_text (nics, "8");
  cp_test_gui_wait_results (results);
  g_assert_cmpstr (cp_results_view_get_incomplete_text (results), ==, "");

  /* A Chinese vendor's words, no commas: the network after the GPUs,
   * the price after it. InfiniBand in the fields is said. */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "network"))),
                              CP_NETWORK_INFINIBAND);
  cp_test_gui_spin ();
  cp_test_gui_type_text (offer, "4台 8卡 H800 RoCE 8×400G 45000元/台/月");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says RoCE 8×400G, the network below 8 × 400 Gb/s InfiniBand: check which is right");
  /* A card's memory ("80G") is no network; "4×400G IB" after a slash is. */
  cp_test_gui_type_text (offer, "4台 8卡 H800 80G 45000元/台/月");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  cp_test_gui_type_text (offer, "2×Intel 8468 / 8×H800 80G / 8×400G IB");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");

  cp_test_gui_close_window (window);
}

/* A new quote given @text as its first offer, typed in @offer. */
static CpQuote *
new_quote_offered (CpWindow   *window,
                   CpFieldRow *offer,
                   const char *text)
{
  cp_test_gui_add_quote (window);
  cp_test_gui_type_text (offer, text);
  return last_quote (window);
}

/* walk35 U1: the first offer a new quote is given fills its GPU, GPU
 * count and nodes as it fills its price and network: "8 x H100 80GB" on
 * the new quote's default GPU stayed that GPU, and the results named
 * the offer over another card's 13.5 days. */
void
test_offer_fills_gpus (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");

  cp_test_gui_type_text (offer, "1 machine, 8 x H100 80GB at 18/GPU/h");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h100-sxm");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_cmpfloat (quote->price, ==, 18);
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  /* One change: Undo takes the GPU back with the offer. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  cp_test_gui_spin ();
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, !=, "h100-sxm");

  quote = new_quote_offered (window, offer, "4 nodes x 8 H800, IB 4x400G, 52000/node/month");
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_cmpuint (quote->nics_per_node, ==, 4);
  g_assert_cmpfloat (quote->price, ==, 52000);
  /* An offer typed over another is compared, not applied. */
  cp_test_gui_type_text (offer, "4 nodes x 8 A800, IB 4x400G, 52000/node/month");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  cp_test_gui_close_window (window);
}

/* walk36b Z11: "Own 8xA800 server" gave a new quote its A800, "2-node
 * H800 InfiniBand cluster" left it on the A100 40GB a new quote starts
 * with. Both are read, and the GPU row says the GPU was read from the
 * offer until one is picked. */
void
test_offer_names_gpu_without_count (void)
{
  const char *guessed = "Read from the offer’s name: pick another if it is not this one";
  /* What the catalogue's A800 and H800 figures rest on (data/catalog/gpus.ini, walk37 F3). */
  const char *a800 = "NVIDIA A800 80GB SXM: unverified figures from secondary descriptions, not a datasheet";
  const char *h800 = "NVIDIA H800 SXM 80GB: figures from secondary descriptions, not a datasheet";
  g_autofree char *guessed_a800 = g_strconcat (guessed, "\n", a800, NULL);
  g_autofree char *guessed_h800 = g_strconcat (guessed, "\n", h800, NULL);
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpPickerRow *gpu_row = cp_quote_editor_get_gpu_row (editor);
  guint gpus_per_node = quote->gpus_per_node;

  cp_test_gui_type_text (offer, "Own 8xA800 server");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu_row), ==, guessed_a800);

  quote = cp_test_gui_add_quote (window);
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu_row), ==, "");
  cp_test_gui_type_text (offer, "2-node H800 InfiniBand cluster");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  /* What it does not count stays as it was. */
  g_assert_cmpuint (quote->gpus_per_node, ==, gpus_per_node);
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu_row), ==, guessed_h800);
  /* Picked, the GPU is the user's. */
  cp_test_gui_search_pick (gpu_row, "A800");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu_row), ==, a800);

  /* Two GPUs named are no guess. */
  quote = cp_test_gui_add_quote (window);
  cp_test_gui_type_text (offer, "A800 or H800 cluster, to be confirmed");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "a100-40g");
  g_assert_cmpstr (cp_test_gui_row_subtitle (gpu_row), ==, "");
  cp_test_gui_close_window (window);
}

/* walk37b U1: "H800 cluster, 2 nodes, InfiniBand" gave a new quote its
 * H800 alone; nodes stayed 1, the kind a bare-metal machine, the network
 * none, and the verdict then spoke of a machine. The offer's nodes, kind
 * and network fill what nobody typed; a node count typed first stays. */
void
test_offer_names_cluster (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpFieldRow *nodes = cp_quote_editor_get_row (editor, "nodes-available");
  CpFieldRow *nics = cp_quote_editor_get_row (editor, "nics-per-node");
  CpFieldRow *rate = cp_quote_editor_get_row (editor, "nic-gbps");
  CpFieldRow *gpus = cp_quote_editor_get_row (editor, "gpus-per-node");
  GtkDropDown *kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));
  GtkDropDown *network = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "network")));

  cp_test_gui_type_text (offer, "H800 cluster, 2 nodes, InfiniBand");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  g_assert_cmpuint (quote->nodes_available, ==, 2);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (nodes))), ==, "2");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpuint (gtk_drop_down_get_selected (kind), ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (gtk_drop_down_get_selected (network), ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpstr (cp_test_gui_row_subtitle (nodes), ==, "The vendor’s node count");
  /* The NICs it does not say are an H800 node's common 8 × 400 Gb/s
   * (DGX H100's eight ConnectX-7), said as assumed where they show and
   * picked in Common fabric, so that the quote is ranked as the 2-node
   * cluster it is (walk38b G8: 0 and 0, ranked on one machine only). */
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);
  g_assert_cmpuint (cp_quote_largest_run_nodes (quote), ==, 2);
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Assumed: one per GPU, common on NVIDIA H800 SXM 80GB nodes; ask the vendor");
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==,
                   "Assumed: common on NVIDIA H800 SXM 80GB nodes; ask the vendor");
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (cp_quote_editor_get_network_preset_row (editor))),
                   ==, "8 × 400 Gb/s InfiniBand NDR");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  /* The vendor's figures typed are no longer assumed. */
  cp_test_gui_type_text (nics, "4");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nics_per_node, ==, 4);
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==, "");
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), !=, "");
  cp_test_gui_type_text (rate, "200");
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==, "");

  /* As a Chinese vendor writes it: 2台, 集群 and a container's 容器. */
  quote = new_quote_offered (window, offer, "A800 容器集群 2台 RoCE");
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpuint (quote->nodes_available, ==, 2);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  /* DGX A100's eight ConnectX-6 at 200 Gb/s. */
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);

  /* A PCIe card has no common fabric: its NICs are asked for, not made
   * up. */
  quote = new_quote_offered (window, offer, "RTX 4090 cluster, 2 nodes, RoCE");
  g_assert_cmpstr (quote->gpu.id, ==, "rtx4090");
  g_assert_cmpuint (quote->nodes_available, ==, 2);
  g_assert_cmpuint (quote->nics_per_node, ==, 0);
  g_assert_cmpfloat (quote->nic_gbps, ==, 0);
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Needed for a network between nodes: without it the quote is ranked on one machine only");

  /* Typed first, the nodes and the kind are the user's. */
  quote = cp_test_gui_add_quote (window);
  cp_test_gui_type_text (nodes, "4");
  gtk_drop_down_set_selected (kind, CP_OFFERING_CONTAINER_CLUSTER);
  cp_test_gui_spin ();
  cp_test_gui_type_text (offer, "H800 bare-metal cluster, 2-node, InfiniBand");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);

  /* The common fabric follows the GPU and the GPUs per node picked after
   * the offer: an A800 picked after the H800 offer kept 8 × 400 Gb/s, no
   * longer said to be assumed, where an A800 node's is 8 × 200 (DGX
   * A100); a PCIe card's none is asked for (room40). */
  quote = new_quote_offered (window, offer, "H800 cluster, 2 nodes, InfiniBand");
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);
  cp_test_gui_search_pick (cp_quote_editor_get_gpu_row (editor), "A800");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==, "Assumed: common on NVIDIA A800 80GB SXM nodes; ask the vendor");

  /* One NIC per GPU: 4 GPUs a node, 4 NICs. */
  cp_test_gui_type_text (gpus, "4");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nics_per_node, ==, 4);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (nics))), ==, "4");
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Assumed: one per GPU, common on NVIDIA A800 80GB SXM nodes; ask the vendor");

  cp_test_gui_search_pick (cp_quote_editor_get_gpu_row (editor), "RTX 4090");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "rtx4090");
  g_assert_cmpuint (quote->nics_per_node, ==, 0);
  g_assert_cmpfloat (quote->nic_gbps, ==, 0);
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Needed for a network between nodes: without it the quote is ranked on one machine only");

  /* The vendor's figures typed stay whatever GPU follows. */
  cp_test_gui_type_text (nics, "2");
  cp_test_gui_type_text (rate, "100");
  cp_test_gui_search_pick (cp_quote_editor_get_gpu_row (editor), "H800");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nics_per_node, ==, 2);
  g_assert_cmpfloat (quote->nic_gbps, ==, 100);

  /* A price per node is no count of nodes: "70000/node/month". */
  quote = cp_test_gui_add_quote (window);
  cp_test_gui_type_text (offer, "8 x H800, 70000/node/month");
  quote = last_quote (window);
  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);
  g_assert_cmpfloat (quote->price, ==, 70000);
  cp_test_gui_close_window (window);
}

/* Issue 26: "1 machine, 8 x H800 at 14.5/GPU/h" typed in a quote's Offer
 * left Price at 0, to be typed again. An empty Price takes the offer's,
 * in the unit it says, and Undo takes both back; a price already typed
 * stays, and Offer says the two differ. */
void
test_offer_price_fills_price (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpFieldRow *price = cp_quote_editor_get_row (editor, "price");
  GtkDropDown *unit = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "price-unit")));
  g_autofree char *offer_before = NULL;

  cp_test_gui_search_pick (cp_quote_editor_get_gpu_row (editor), "H800");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpfloat (quote->price, ==, 0);
  offer_before = g_strdup (quote->offer_name);

  cp_test_gui_type_text (offer, "1 machine, 8 x H800 at 14.5/GPU/h");
  quote = last_quote (window);
  g_assert_cmpstr (quote->offer_name, ==, "1 machine, 8 x H800 at 14.5/GPU/h");
  g_assert_cmpfloat (quote->price, ==, 14.5);
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (price))), ==, "14.5");
  g_assert_cmpuint (gtk_drop_down_get_selected (unit), ==, CP_PRICE_PER_GPU_HOUR);
  /* 14.5 × 8 GPUs = 116 a node-hour */
  g_assert_cmpstr (cp_test_gui_row_subtitle (price), ==, "14.5 CNY per GPU-hour, 116 CNY per node-hour of 8 GPUs");
  /* The offer and the fields agree: no warning under Offer. */
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");

  /* One change: Undo takes the offer and its price back together. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  cp_test_gui_spin ();
  quote = last_quote (window);
  g_assert_cmpstr (quote->offer_name, ==, offer_before);
  g_assert_cmpfloat (quote->price, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (offer))), ==,
                   offer_before != NULL ? offer_before : "");

  /* A price typed first stays; Offer says where they differ. */
  cp_test_gui_type_text (price, "12");
  cp_test_gui_type_text (offer, "1 machine, 8 x H800 at 14.5/GPU/h");
  quote = last_quote (window);
  g_assert_cmpfloat (quote->price, ==, 12);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (offer), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 14.5/GPU/h, Price 12.00 CNY per GPU-hour: check which is right");
  /* 98 a machine-hour of 8 GPUs is 12.25 a GPU-hour: the same price. */
  cp_test_gui_type_text (price, "98/node/h");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 14.5/GPU/h, Price 98.00 CNY per node-hour: check which is right");
  cp_test_gui_type_text (offer, "8 x H800, 98元/台/时");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==, "");
  cp_test_gui_type_text (price, "12.25");
  quote = last_quote (window);
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_NODE_HOUR);
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 98元/台/时, Price 12.25 CNY per node-hour: check which is right");

  /* Other GPUs and another price: both said at once. */
  cp_test_gui_type_text (offer, "8 x A800 at 14.5/GPU/h");
  g_assert_cmpstr (cp_test_gui_row_subtitle (offer), ==,
                   "The offer says 8 x A800 and 14.5/GPU/h, the fields below 8 × NVIDIA H800 SXM 80GB and "
                   "12.25 CNY per node-hour: check which is right");

  cp_test_gui_close_window (window);
}

/* Walk41b TOP 1, F13: a quote typed as a "Container cluster" of 4 nodes
 * with the network rows left as the form gave them read None, 0 and 0
 * and was planned as 4 unconnected machines, with no word in the form.
 * A network nobody stated is the GPU's common one (the DGX H100's 8 ×
 * 400 Gb/s NDR InfiniBand for an H800, the Atlas 800T A2's 8 × 200GE
 * RoCE for a 910B), each of its rows saying it is assumed; a None the
 * user picks keeps the machines apart and says so, as a price in the
 * wrong unit is said, and stays picked when the nodes change. */
void
test_offer_cluster_network_unstated (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *offer = cp_quote_editor_get_row (editor, "offer-name");
  CpFieldRow *nodes = cp_quote_editor_get_row (editor, "nodes-available");
  CpFieldRow *network_row = cp_quote_editor_get_row (editor, "network");
  CpFieldRow *nics = cp_quote_editor_get_row (editor, "nics-per-node");
  CpFieldRow *rate = cp_quote_editor_get_row (editor, "nic-gbps");
  CpPickerRow *gpu = cp_quote_editor_get_gpu_row (editor);
  GtkDropDown *kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));
  GtkDropDown *network = GTK_DROP_DOWN (cp_field_row_get_input (network_row));

  cp_test_gui_type_text (offer, "8xH800 per hour");
  gtk_drop_down_set_selected (kind, CP_OFFERING_CONTAINER_CLUSTER);
  cp_test_gui_spin ();
  cp_test_gui_type_text (nodes, "4");
  quote = last_quote (window);
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (gtk_drop_down_get_selected (network), ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);
  g_assert_true (quote->fabric_assumed);
  g_assert_cmpuint (cp_quote_largest_run_nodes (quote), ==, 4);
  g_assert_cmpstr (cp_test_gui_row_subtitle (network_row), ==,
                   "Not stated: assumed as common on NVIDIA H800 SXM 80GB nodes; ask the vendor");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (network_row), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Assumed: one per GPU, common on NVIDIA H800 SXM 80GB nodes; ask the vendor");
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==, "Assumed: common on NVIDIA H800 SXM 80GB nodes; ask the vendor");
  g_assert_cmpstr (gtk_string_object_get_string (adw_combo_row_get_selected_item (cp_quote_editor_get_network_preset_row (editor))),
                   ==, "8 × 400 Gb/s InfiniBand NDR");

  /* Another GPU picked: its build's fabric, kind and all. */
  cp_test_gui_search_pick (gpu, "910B");
  quote = last_quote (window);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_cmpstr (cp_test_gui_row_subtitle (network_row), ==,
                   "Not stated: assumed as common on Huawei Ascend 910B2 64GB nodes; ask the vendor");
  cp_test_gui_search_pick (gpu, "H800");
  quote = last_quote (window);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpfloat (quote->nic_gbps, ==, 400);

  /* None picked: 4 machines apart, said in warning style. */
  gtk_drop_down_set_selected (network, CP_NETWORK_NONE);
  cp_test_gui_spin ();
  quote = last_quote (window);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);
  g_assert_false (quote->fabric_assumed);
  g_assert_true (cp_quote_is_separate_machines (quote));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (network_row), "warning"));
  g_assert_cmpstr (cp_test_gui_row_subtitle (network_row), ==,
                   "4 machines with no network between them: each is evaluated alone");
  cp_test_gui_type_text (nodes, "2");
  quote = last_quote (window);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);
  g_assert_cmpstr (cp_test_gui_row_subtitle (network_row), ==,
                   "2 machines with no network between them: each is evaluated alone");

  /* Walk41b F4: "4-node A800 80G RoCE" gave the RoCE cards 80 Gb/s, the
   * A800's memory, with no word; the offer names RoCE alone, so its rate
   * is an A800 node's common 200 Gb/s (the DGX A100's ConnectX-6),
   * said assumed as the NICs are. */
  quote = new_quote_offered (window, offer, "4-node A800 80G RoCE");
  g_assert_cmpstr (quote->gpu.id, ==, "a800");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpuint (quote->nics_per_node, ==, 8);
  g_assert_cmpfloat (quote->nic_gbps, ==, 200);
  g_assert_cmpstr (cp_test_gui_row_subtitle (rate), ==, "Assumed: common on NVIDIA A800 80GB SXM nodes; ask the vendor");
  g_assert_cmpstr (cp_test_gui_row_subtitle (nics), ==,
                   "Assumed: one per GPU, common on NVIDIA A800 80GB SXM nodes; ask the vendor");
  /* The offer named RoCE: the kind is the vendor's. */
  g_assert_cmpstr (cp_test_gui_row_subtitle (network_row), ==, "");

  cp_test_gui_close_window (window);
}

/* Walk40 F4: a public cloud's VMs by the hour (云主机（按量）) could only
 * be filed as a "Container cluster". The Kind of offer list has them;
 * picked, they stay picked when the nodes grow, their network assumed as
 * any cluster's. */
void
test_offer_kind_cloud_vm (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  GtkDropDown *kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));

  gtk_drop_down_set_selected (kind, CP_OFFERING_CLOUD_VM);
  cp_test_gui_spin ();
  quote = last_quote (window);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (kind)), ==, "Cloud VM, per hour");
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nodes-available"), "2");
  quote = last_quote (window);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
  g_assert_true (cp_quote_is_cluster (quote));

  cp_test_gui_close_window (window);
}
