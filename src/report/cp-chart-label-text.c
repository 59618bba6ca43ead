/* cp-chart-label-text.c: what a line's label says in the room it has.
 *
 * Owns shortening a quote's name "8 × H800 · vendor — offer" to its
 * room: the offer cut first, then the vendor to its head ("深圳鹏城…"),
 * or, where another vendor starts alike or only the offer tells a
 * vendor's quotes apart, to its head and its last word or character
 * ("示例供应…乙", "华东智算…整机"); never the GPUs; where a cut may
 * fall in Latin and Chinese text; the text a label showed in the chart
 * drawn before, for it to stay there. Where the label goes is cp-chart-labels.c's. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "cp-chart-private.h"
#include "cp-chart-label-text.h"

int
cp_chart_text_lines (Geometry                   *geometry,
                     const PangoFontDescription *font,
                     const char                 *text,
                     double                      wrap_width)
{
  const TextMeasure *measure = cp_chart_measure_text (geometry, font, text, wrap_width);

  /* A word wider than the wrap width sticks out: as bad as a line more. */
  return measure->lines + (measure->width > wrap_width + 0.5 ? 1 : 0);
}

/* A quote's name cut after @bytes, with an ellipsis. */
char *
cp_chart_label_cut (const char *label,
                    gsize       bytes)
{
  g_autofree char *head = g_strndup (label, bytes);
  static const char * const separators[] = { "—", "·" };

  g_strchomp (head);
  /* "8 × H800 · Vendor —…" reads better as "8 × H800 · Vendor…". */
  for (guint i = 0; i < G_N_ELEMENTS (separators); i++)
    if (g_str_has_suffix (head, separators[i]))
      {
        head[strlen (head) - strlen (separators[i])] = '\0';
        g_strchomp (head);
      }
  /* "Co.…" reads as a doubled stop (walk 22 J): "Co…". */
  while (g_str_has_suffix (head, "."))
    head[strlen (head) - 1] = '\0';
  return g_strconcat (head, "…", NULL);
}

static gboolean
is_cjk (gunichar c)
{
  GUnicodeScript script = g_unichar_get_script (c);

  return script == G_UNICODE_SCRIPT_HAN || script == G_UNICODE_SCRIPT_HIRAGANA ||
         script == G_UNICODE_SCRIPT_KATAKANA || script == G_UNICODE_SCRIPT_HANGUL;
}

/* Whether a label may end in an ellipsis after its first @bytes: at a
 * space, after punctuation other than an opening bracket, before
 * punctuation other than a closing bracket or a number's separator, or
 * where Latin letters and digits meet Chinese; never inside a word or a
 * number ("RTX 409…", approver 33 A16), nor between two Chinese
 * characters, which may be one word ("示例供应…", A11), unless
 * @within_chinese: a vendor's name that keeps its last character after
 * the ellipsis ("示例供应…乙") is told apart from the others only so. */
static gboolean
cut_allowed (const char *label,
             gsize       bytes,
             gboolean    within_chinese)
{
  const char *at = label + bytes;
  gunichar before, after;

  if (bytes == 0 || *at == '\0')
    return TRUE;
  before = g_utf8_get_char (g_utf8_find_prev_char (label, at));
  after = g_utf8_get_char (at);
  /* Nor in a count, "— 8…", "— 8 ×…": a number or "×" last, or "×" next. */
  {
    const char *last = at, *next = at;

    while (last > label && g_unichar_isspace (g_utf8_get_char (g_utf8_find_prev_char (label, last))))
      last = g_utf8_find_prev_char (label, last);
    while (*next != '\0' && g_unichar_isspace (g_utf8_get_char (next)))
      next = g_utf8_next_char (next);
    if (last > label && (g_unichar_isdigit (g_utf8_get_char (g_utf8_find_prev_char (label, last))) ||
                         g_utf8_get_char (g_utf8_find_prev_char (label, last)) == 0x00D7))
      return FALSE;
    if (g_utf8_get_char (next) == 0x00D7)
      return FALSE;
  }
  if (g_unichar_isspace (before) || g_unichar_isspace (after))
    return TRUE;
  if (g_unichar_ispunct (before))
    return g_unichar_type (before) != G_UNICODE_OPEN_PUNCTUATION;
  if (g_unichar_ispunct (after))
    return g_unichar_type (after) != G_UNICODE_CLOSE_PUNCTUATION &&
           !(g_unichar_isdigit (before) && (after == ',' || after == '.'));
  return is_cjk (before) != is_cjk (after) || (within_chinese && is_cjk (before));
}

/* Where the vendor's name ends in a quote's label "8 × H800 · vendor —
 * offer": at the " — " before the offer, else at the label's end. An
 * offer that alone tells the quote from another of its vendor's
 * (series->offer_tells_apart) counts as the vendor's name: cut whole, two
 * offers read the same; cut within, its tail is kept ("华东智算…整机"). */
gsize
cp_chart_label_vendor_end (const CpChartSeries *series)
{
  const char *label = series->label;
  const char *dash = strstr (label + series->shorten_from, " — ");

  return dash != NULL && !series->offer_tells_apart ? (gsize) (dash - label) : strlen (label);
}

/* Where the vendor's own name ends when a gloss in brackets follows it,
 * "示例供应商 C (Example vendor C)" or "示例供应商丙（Example C）": at
 * the bracket; else at @end, the vendor's end. */
static gsize
vendor_own_end (const CpChartSeries *series,
                gsize                end)
{
  const char *label = series->label;
  const char *start = label + series->shorten_from;
  static const struct { const char *open, *close; } brackets[] = { { " (", ")" }, { "（", "）" } };

  for (guint i = 0; i < G_N_ELEMENTS (brackets); i++)
    {
      gsize close_len = strlen (brackets[i].close);
      const char *open = NULL;

      if (end < close_len || strncmp (label + end - close_len, brackets[i].close, close_len) != 0)
        continue;
      /* The last opening bracket, past the GPUs' " · " */
      for (const char *c = start; c < label + end; c++)
        if (strncmp (c, brackets[i].open, strlen (brackets[i].open)) == 0)
          open = c;
      if (open != NULL && open > start + strlen (" · "))
        return open - label;
    }
  return end;
}

char *
cp_chart_quote_label_cut (const CpChartSeries *series,
                          gsize                bytes)
{
  gsize end = cp_chart_label_vendor_end (series);

  /* Cut at the " — " before the offer, or within it. */
  if (bytes >= end && bytes <= end + strlen (" — "))
    return g_strndup (series->label, end);
  return cp_chart_label_cut (series->label, bytes);
}

/* A vendor's name no longer than a short word is its own tail. */
#define VENDOR_TAIL_MAX_BYTES 12

/* Where the vendor's tail starts, the part of its name up to @end that
 * tells it from the others: all of a short name, its last word, or its
 * last character. "LocalDC" cut to "…C" named no vendor (walk37 W16,
 * appr36 D26: at 1,024 px "2 × 8 × H800 SXM 80GB…" lost CloudCo). */
static gsize
vendor_tail (const CpChartSeries *series,
             gsize                end)
{
  const char *label = series->label;
  const char *space = g_utf8_strrchr (label + series->shorten_from + 3, end - series->shorten_from - 3, ' ');

  if (end - (series->shorten_from + strlen (" · ")) <= VENDOR_TAIL_MAX_BYTES)
    return series->shorten_from + strlen (" · ");
  if (space != NULL && (gsize) (space + 1 - label) < end && end - (gsize) (space + 1 - label) <= VENDOR_TAIL_MAX_BYTES)
    return space + 1 - label;
  return g_utf8_find_prev_char (label, label + end) - label;
}

/* The characters of a vendor's head that say who it is when no other
 * vendor starts alike: "深圳…", "Huawei…". */
#define VENDOR_HEAD_MIN_CHARS 2

/* Whether @series' label names a vendor after its GPUs, "8 × H800 ·
 * vendor", not its GPUs alone. */
static gboolean
names_vendor (const CpChartSeries *series)
{
  const char *label = series->label;

  return series->shorten_from >= 0 && (gsize) series->shorten_from + strlen (" · ") < strlen (label) &&
         strncmp (label + series->shorten_from, " · ", strlen (" · ")) == 0;
}

/* Whether @series' quote is told from the others by its vendor's head:
 * unless another quote of its vendor has its GPU, where only the offer,
 * at the end, tells them apart ("华东智算…整机"). */
static gboolean
head_tells_apart (const CpChartSeries *series)
{
  return names_vendor (series) && !series->offer_tells_apart;
}

/* The cuts of @series' vendor, up to @end, that keep a head naming it
 * (head_tells_apart()): past the part another vendor starts with too
 * (series->vendor_shared_bytes) and VENDOR_HEAD_MIN_CHARS, where a
 * Chinese name may be cut between any two characters; shortest first. */
static GArray *
vendor_head_cuts (const CpChartSeries *series,
                  gsize                end)
{
  const char *label = series->label;
  const char *vendor = label + series->shorten_from + strlen (" · ");
  const char *least = vendor + series->vendor_shared_bytes;
  GArray *cuts = g_array_new (FALSE, FALSE, sizeof (guint));

  /* One character past what another vendor shares, and the least. */
  if (*least != '\0')
    least = g_utf8_next_char (least);
  while (*least != '\0' && g_utf8_pointer_to_offset (vendor, least) < VENDOR_HEAD_MIN_CHARS)
    least = g_utf8_next_char (least);
  for (const char *c = least; c < label + end; c = g_utf8_next_char (c))
    if (cut_allowed (label, c - label, TRUE))
      {
        guint cut = c - label;

        g_array_append_val (cuts, cut);
      }
  return cuts;
}

/* A quote's name at its shortest: its GPUs whole and its vendor's head
 * where no other vendor starts alike, "4 × 8 × H800 SXM 80GB · 深圳…";
 * else its vendor's tail after an ellipsis, "4 × 8 × H800 SXM 80GB ·
 * …B"; its GPUs alone when it names no vendor. The GPUs alone left the
 * vendor out, the name a room asks for when it points at a line (walk33
 * W12, walk34: "4 × 8 × H800 SXM 80GB…" on the projector); the tail of
 * a Chinese company's name is its kind, "…司" for 有限公司 (walk41b F7). */
char *
cp_chart_shortest_quote_label (const CpChartSeries *series)
{
  const char *label = series->label;
  gsize end, tail;

  if (!names_vendor (series))
    return cp_chart_label_cut (label, series->shorten_from);
  end = vendor_own_end (series, cp_chart_label_vendor_end (series));
  tail = vendor_tail (series, end);
  if (tail <= (gsize) series->shorten_from + strlen (" · "))
    return g_strndup (label, end);
  if (head_tells_apart (series) && series->vendor_shared_bytes == 0)
    {
      g_autoptr(GArray) heads = vendor_head_cuts (series, end);

      return heads->len > 0 ? cp_chart_label_cut (label, g_array_index (heads, guint, 0)) : g_strndup (label, end);
    }
  return g_strdup_printf ("%.*s · …%.*s", series->shorten_from, label, (int) (end - tail), label + tail);
}

/* @label's first @head bytes, an ellipsis, then its bytes from @tail to
 * @end: "8 × H800 · 示例…商乙". */
static char *
elided (const char *label,
        gsize       head,
        gsize       tail,
        gsize       end)
{
  g_autofree char *first = g_strndup (label, head);
  g_autofree char *last = g_strndup (label + tail, end - tail);
  gboolean only_space = TRUE;

  for (gsize i = head; i < tail && only_space; i++)
    only_space = g_ascii_isspace (label[i]);
  /* Nothing but a space left out: the name whole, "示例供应商 B", not
   * "示例供应商…B". */
  if (only_space)
    return g_strndup (label, end);
  g_strchomp (first);
  /* "Co.…." was a stop, an ellipsis and the name's last stop (walk 22 J):
   * "Co…". */
  while (g_str_has_suffix (first, "."))
    first[strlen (first) - 1] = '\0';
  if (strcmp (last, ".") == 0)
    last[0] = '\0';
  return g_strconcat (first, "…", last, NULL);
}

/* Of @cuts (byte counts of @label, shortest first), the index of the
 * longest whose text fits @max_w in @max_lines, else 0: the label cut
 * there with an ellipsis, or, with a @tail, its bytes from @tail to @end
 * after the ellipsis (elided()). The texts grow with the cut, so a
 * bisection finds it. */
static guint
longest_fitting_cut (Geometry                   *geometry,
                     const PangoFontDescription *font,
                     const char                 *label,
                     const GArray               *cuts,
                     gsize                       tail,
                     gsize                       end,
                     double                      max_w,
                     int                         max_lines)
{
  guint lo = 0, hi = cuts->len - 1;

  while (lo < hi)
    {
      guint mid = (lo + hi + 1) / 2;
      guint cut = g_array_index (cuts, guint, mid);
      g_autofree char *text = tail > 0 ? elided (label, cut, tail, end) : cp_chart_label_cut (label, cut);

      if (cp_chart_text_lines (geometry, font, text, max_w) <= max_lines)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

/* The byte counts of @label it may be cut after (cut_allowed(), with
 * @within_chinese), from @from, always one, to before @to; shortest
 * first, as longest_fitting_cut() takes them. */
static GArray *
allowed_cuts (const char *label,
              gsize       from,
              gsize       to,
              gboolean    within_chinese)
{
  GArray *cuts = g_array_new (FALSE, FALSE, sizeof (guint));

  for (const char *c = label + from; c < label + to; c = g_utf8_next_char (c))
    {
      guint cut = c - label;

      if (cut == from || cut_allowed (label, cut, within_chinese))
        g_array_append_val (cuts, cut);
    }
  return cuts;
}

/* What a line's label shows in @max_w: all of it, wrapped, when that takes
 * at most @max_lines lines or when the label is not a quote's name; a
 * quote's name otherwise ends in an ellipsis, never before the end of its
 * GPUs ("8 × H800", taking more lines if they need them): the vendor and
 * offer are cut first, as the table's Quote cell cuts them, because the
 * GPU is what tells options apart and a vendor's name is often longer
 * than a label's room.
 * *shown_bytes: how much of the label is shown. */
static char *
fit_label (Geometry                   *geometry,
           const PangoFontDescription *font,
           const CpChartSeries        *series,
           double                      max_w,
           int                         max_lines,
           guint                      *shown_bytes)
{
  const char *label = series->label;
  gsize length = strlen (label);
  g_autoptr(GArray) cuts = NULL;

  *shown_bytes = length;
  if (series->shorten_from < 0 || (gsize) series->shorten_from >= length ||
      cp_chart_text_lines (geometry, font, label, max_w) <= max_lines)
    return g_strdup (label);

  /* The boundaries a label may be cut at, from the end of the GPUs on. */
  cuts = allowed_cuts (label, series->shorten_from, length, FALSE);
  /* The GPUs whole, on as many lines as they need; the longest cut
   * that fits. */
  *shown_bytes = g_array_index (cuts, guint, longest_fitting_cut (geometry, font, label, cuts, 0, 0, max_w, max_lines));
  return cp_chart_quote_label_cut (series, *shown_bytes);
}

/* fit_label(), keeping the vendor apart from the others. The offer is
 * cut first; a label that must cut into its vendor keeps its head,
 * "深圳鹏城…", as long as that is longer than what another vendor's name
 * starts with too: two vendors alike ("示例供应商甲", "示例供应商乙") both
 * read "示例供应商…" once cut within their names, so such a label loses
 * the vendor's middle instead, its last character or last word kept
 * ("示例供应…乙", "Example…D)"). */
static char *
fit_quote_label (Geometry                   *geometry,
                 const PangoFontDescription *font,
                 const CpChartSeries        *series,
                 double                      max_w,
                 int                         max_lines,
                 guint                      *shown_bytes)
{
  const char *label = series->label;
  char *text = fit_label (geometry, font, series, max_w, max_lines, shown_bytes);
  gsize end, own_end, tail;
  guint lo;
  g_autoptr(GArray) cuts = NULL;

  if (series->shorten_from < 0 || (gsize) series->shorten_from >= strlen (label))
    return text;
  end = cp_chart_label_vendor_end (series);
  if (*shown_bytes >= end)
    return text;
  /* A vendor's gloss in another language, "示例供应商 C (Example vendor
   * C)", goes first and whole: "(Exa…C)" said nothing the name before it
   * had not, and took the room the name needed (issue 26). */
  own_end = vendor_own_end (series, end);
  if (own_end < end)
    {
      if (*shown_bytes >= own_end)
        {
          g_free (text);
          *shown_bytes = own_end;
          return cp_chart_quote_label_cut (series, own_end);
        }
      end = own_end;
    }
  /* The vendor's head, as the sidebar and the table cut it: "深圳鹏城…"
   * names the vendor, where its tail "…司" named a kind of company and
   * three Shenzhen lines read alike (walk41b F7). */
  if (head_tells_apart (series))
    {
      g_autoptr(GArray) heads = vendor_head_cuts (series, end);

      if (heads->len > 0)
        {
          guint cut = g_array_index (heads, guint,
                                     longest_fitting_cut (geometry, font, label, heads, 0, 0, max_w, max_lines));
          char *head = cp_chart_label_cut (label, cut);

          if (cp_chart_text_lines (geometry, font, head, max_w) <= max_lines)
            {
              g_free (text);
              *shown_bytes = cut;
              return head;
            }
          g_free (head);
        }
      /* No other vendor starts alike: its tail tells nothing the head
       * would not, the GPUs alone leave the placement to try the shortest
       * name on one line. */
      if (series->vendor_shared_bytes == 0)
        return text;
    }
  tail = vendor_tail (series, end);
  if (tail <= (gsize) series->shorten_from)
    return text;
  cuts = allowed_cuts (label, series->shorten_from, tail, TRUE);
  if (cuts->len == 0)
    return text;
  lo = longest_fitting_cut (geometry, font, label, cuts, tail, end, max_w, max_lines);
  /* Only a head past the GPUs' separator says anything of the vendor;
   * else the vendor's tail alone, "(80 GPUs) · …D", rather than none
   * (approver 34 A11: "Recommended: 10 × 8 × H800 SXM 80GB (80 GPUs)…"). */
  if (g_array_index (cuts, guint, lo) <= (guint) series->shorten_from + strlen (" · "))
    {
      char *shortest = cp_chart_shortest_quote_label (series);

      if (cp_chart_text_lines (geometry, font, shortest, max_w) > max_lines)
        {
          g_free (shortest);
          return text;
        }
      g_free (text);
      *shown_bytes = series->shorten_from;
      return shortest;
    }
  {
    char *candidate = elided (label, g_array_index (cuts, guint, lo), tail, end);

    if (cp_chart_text_lines (geometry, font, candidate, max_w) > max_lines)
      {
        g_free (candidate);
        return text;
      }
    g_free (text);
    *shown_bytes = g_array_index (cuts, guint, lo);
    return candidate;
  }
}

/* fit_quote_label(), its second line starting at the vendor where the
 * label takes more than one: "Recommended: 8 × A800 80GB SXM · 示例供应商
 * G (Example" over "vendor G)" broke inside the vendor's name (issue
 * 22). The space before the GPUs' separator becomes the line's end, so
 * the text keeps its bytes (*@shown_bytes), where that takes no more
 * lines. */
char *
cp_chart_fit_quote_label (Geometry                   *geometry,
                          const PangoFontDescription *font,
                          const CpChartSeries        *series,
                          double                      max_w,
                          int                         max_lines,
                          guint                      *shown_bytes)
{
  char *text = fit_quote_label (geometry, font, series, max_w, max_lines, shown_bytes);
  int lines;

  if (max_lines < 2 || series->shorten_from <= 0 || (gsize) series->shorten_from >= strlen (text) ||
      !g_str_has_prefix (text + series->shorten_from, " · "))
    return text;
  lines = cp_chart_text_lines (geometry, font, text, max_w);
  if (lines > 1)
    {
      g_autofree char *broken = g_strdup (text);

      broken[series->shorten_from] = '\n';
      if (cp_chart_text_lines (geometry, font, broken, max_w) <= lines)
        {
          g_free (text);
          return g_steal_pointer (&broken);
        }
    }
  return text;
}

const CpChartPlacement *
cp_chart_kept_placement (const CpChartData *data,
                         const char        *label,
                         guint              panel)
{
  for (guint i = 0; data->placements != NULL && i < data->placements->len; i++)
    {
      const CpChartPlacement *placement = g_ptr_array_index (data->placements, i);

      if (placement->panel == panel && g_strcmp0 (placement->label, label) == 0)
        return placement;
    }
  return NULL;
}

char *
cp_chart_kept_label_text (Geometry                   *geometry,
                          const PangoFontDescription *font,
                          const CpChartSeries        *series,
                          const CpChartPlacement     *kept,
                          double                     *wrap_w)
{
  *wrap_w = kept->width + 1;
  for (int lines = 1; lines <= 2; lines++)
    {
      guint shown = strlen (series->label);
      g_autofree char *text = kept->shown_bytes >= shown
                              ? g_strdup (series->label)
                              : cp_chart_fit_quote_label (geometry, font, series, *wrap_w, lines, &shown);
      double w, h;

      if (shown != kept->shown_bytes)
        continue;
      cp_chart_text_size (geometry, font, text, *wrap_w, &w, &h);
      if (fabs (w - kept->width) < 0.5 && fabs (h - kept->height) < 0.5)
        return g_steal_pointer (&text);
    }
  return NULL;
}
