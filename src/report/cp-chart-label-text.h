/* cp-chart-label-text.h: a quote's name shortened to a label's room
 * (cp-chart-label-text.c), for the placement in cp-chart-labels.c. */
#pragma once

#include "cp-chart-private.h"

G_BEGIN_DECLS

/* The lines @text takes wrapped at @wrap_width, one more where a word
 * sticks out past it. */
int    cp_chart_text_lines (Geometry *geometry, const PangoFontDescription *font, const char *text,
                            double wrap_width);
/* @label's first @bytes and an ellipsis, without a separator or a stop
 * before it. */
char  *cp_chart_label_cut (const char *label, gsize bytes);
/* @series' label, a quote's name, cut after @bytes: with an ellipsis
 * (cp_chart_label_cut()), but none where only the offer is left out,
 * the vendor's name whole with its gloss: "示例供应商 A (Example vendor
 * A)…" read as cut inside a name (appr36 D33). */
char  *cp_chart_quote_label_cut (const CpChartSeries *series, gsize bytes);
/* Where the vendor's name ends in @series' label: before " — offer". */
gsize  cp_chart_label_vendor_end (const CpChartSeries *series);
/* The label at its shortest: the GPUs whole and the vendor's head, or
 * its tail where the head does not tell it from another vendor. */
char  *cp_chart_shortest_quote_label (const CpChartSeries *series);
/* The label in @max_w on at most @max_lines lines (more only where the
 * GPUs need them), the offer cut first, then the vendor's end, or its
 * middle where its head does not tell it from another vendor;
 * *@shown_bytes: how much of the label shows. */
char  *cp_chart_fit_quote_label (Geometry *geometry, const PangoFontDescription *font,
                                 const CpChartSeries *series, double max_w, int max_lines,
                                 guint *shown_bytes);

/* Where @label was on panel @panel in the chart drawn before @data
 * (data->placements), or NULL. */
const CpChartPlacement *cp_chart_kept_placement (const CpChartData *data, const char *label, guint panel);
/* The text @series' label showed at @kept, cut as then, and in *@wrap_w
 * the width it wraps at; NULL when it no longer takes the same box (its
 * text or its size changed). */
char  *cp_chart_kept_label_text (Geometry *geometry, const PangoFontDescription *font,
                                 const CpChartSeries *series, const CpChartPlacement *kept, double *wrap_w);

G_END_DECLS
