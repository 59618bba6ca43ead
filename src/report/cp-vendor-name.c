/* cp-vendor-name.c: a quote's name short enough to keep its GPU in sight.
 *
 * Owns shortening a vendor's name to what tells it from others, and the
 * quote's name built on it that the window's sidebar, results table,
 * pickers and trial-log dialog show. The sidebar showed "示例供应商 A
 * (Example v…" and cut one vendor three ways in three places, the GPU
 * that told the options apart never in sight (issue 26): what every
 * company's name ends with goes first, and the whole name stays in the
 * tooltips. GTK-free, so that the reports can name quotes the same way. */
#include "config.h"

#include <string.h>

#include "cp-vendor-name.h"

/* A company's legal form, stripped first, longest first where one ends
 * another ("股份有限公司" before "有限公司"). The Chinese forms are those
 * of the Company Law of the PRC (有限责任公司, 股份有限公司) and their
 * common short forms; the English ones those Chinese and international
 * vendors sign quotes with. */
static const char * const legal_forms[] = {
  "股份有限公司", "有限责任公司", "有限公司", "集团公司", "公司",
  "Co., Ltd.", "Co.,Ltd.", "Co. Ltd.", "Co., Ltd", "Co.,Ltd", "Co. Ltd", "Company Limited",
  "Pte. Ltd.", "Limited", "Ltd.", "Ltd", "Inc.", "Inc", "LLC", "Corporation", "Corp.", "GmbH", "Co.",
};

/* The words before a legal form that say what kind of company it is
 * and tell no vendor from another: "深圳鹏城智算科技有限公司" is
 * 深圳鹏城智算's. */
static const char * const kind_words[] = {
  "信息技术", "网络技术", "网络科技", "科技", "技术",
  "Technologies", "Technology", "Tech",
};

/* Trailing spaces and the commas a legal form leaves ("Foo, Inc."). */
static void
trim_end (GString *name)
{
  while (name->len > 0 && (name->str[name->len - 1] == ' ' || name->str[name->len - 1] == ','))
    g_string_truncate (name, name->len - 1);
}

/* Strips one of @suffixes from @name's end, where something stays before
 * it; a Latin suffix only as a whole word ("Inc." of "Foo Inc.", never of
 * "Zinc."). */
static gboolean
strip_suffix (GString            *name,
              const char * const *suffixes,
              gsize               n_suffixes)
{
  for (gsize i = 0; i < n_suffixes; i++)
    {
      gsize length = strlen (suffixes[i]);
      gsize start;

      if (name->len <= length)
        continue;
      start = name->len - length;
      if (g_ascii_strncasecmp (name->str + start, suffixes[i], length) != 0)
        continue;
      if (g_ascii_isalpha (suffixes[i][0]) && name->str[start - 1] != ' ' && name->str[start - 1] != ',')
        continue;
      g_string_truncate (name, start);
      trim_end (name);
      if (name->len > 0)
        return TRUE;
      /* Nothing left: the suffix was the whole name, put back. */
      g_string_append_len (name, suffixes[i], (gssize) length);
      return FALSE;
    }
  return FALSE;
}

/* Strips a gloss in brackets at @name's end, "(Example vendor A)" or
 * "（深圳）", where a name stays before it. */
static gboolean
strip_gloss (GString *name)
{
  static const char * const pairs[][2] = { { "(", ")" }, { "（", "）" } };

  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      const char *open;

      if (!g_str_has_suffix (name->str, pairs[i][1]))
        continue;
      open = g_strrstr (name->str, pairs[i][0]);
      if (open == NULL || open == name->str)
        continue;
      g_string_truncate (name, (gsize) (open - name->str));
      trim_end (name);
      if (name->len > 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether @name is nothing but a legal form or a kind word ("有限公司"),
 * which names no one by what is left of it ("有限"). */
static gboolean
is_form_alone (const GString *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (legal_forms); i++)
    if (g_ascii_strcasecmp (name->str, legal_forms[i]) == 0)
      return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (kind_words); i++)
    if (g_ascii_strcasecmp (name->str, kind_words[i]) == 0)
      return TRUE;
  return FALSE;
}

char *
cp_vendor_short_name (const char *vendor)
{
  GString *name;
  gboolean stripped;

  g_return_val_if_fail (vendor != NULL, NULL);

  name = g_string_new (vendor);
  g_strstrip (name->str);
  name->len = strlen (name->str);
  /* "Foo Technology (Beijing) Co., Ltd.": the form, the gloss, the kind,
   * each once more while one uncovers another. A name that is all of
   * them ("Technology Inc.") keeps its last word. */
  do
    {
      if (is_form_alone (name))
        break;
      stripped = strip_suffix (name, legal_forms, G_N_ELEMENTS (legal_forms));
      stripped |= strip_gloss (name);
      stripped |= strip_suffix (name, kind_words, G_N_ELEMENTS (kind_words));
    }
  while (stripped);
  return g_string_free (name, FALSE);
}

/* The product lines a maker puts before its model: "GeForce RTX 4090
 * 24GB" is the RTX 4090, "Instinct MI300X 192GB" the MI300X, as vendors'
 * offers name them ("8 × RTX 4090 容器实例"). Huawei's "Ascend" stays: its
 * model is "910B2", which names nothing alone. */
static const char * const gpu_product_lines[] = { "GeForce ", "Instinct ", "Tesla ", "Quadro " };

char *
cp_gpu_short_model (const char *gpu_name)
{
  const char *model = cp_quote_gpu_model (gpu_name);

  for (gsize i = 0; i < G_N_ELEMENTS (gpu_product_lines); i++)
    if (g_str_has_prefix (model, gpu_product_lines[i]) && model[strlen (gpu_product_lines[i])] != '\0')
      return g_strdup (model + strlen (gpu_product_lines[i]));
  return g_strdup (model);
}

/* @quote's vendor as the quote's short name shows it: shortened, unless
 * another vendor of @quotes shortens to the same words ("华东智算科技有限
 * 公司" beside "华东智算有限公司"), where only the whole names differ. */
static char *
shown_vendor (const CpQuote   *quote,
              const GPtrArray *quotes)
{
  g_autofree char *short_name = cp_vendor_short_name (quote->vendor);

  for (guint i = 0; quotes != NULL && i < quotes->len; i++)
    {
      const CpQuote *other = g_ptr_array_index ((GPtrArray *) quotes, i);
      g_autofree char *other_short = NULL;

      if (!cp_quote_has_vendor (other) || g_strcmp0 (other->vendor, quote->vendor) == 0)
        continue;
      other_short = cp_vendor_short_name (other->vendor);
      if (g_strcmp0 (other_short, short_name) == 0)
        return g_strdup (quote->vendor);
    }
  return g_steal_pointer (&short_name);
}

char *
cp_quote_name_shorten_vendor (const CpQuote   *quote,
                              const GPtrArray *quotes,
                              const char      *name)
{
  g_autofree char *vendor = NULL;

  g_return_val_if_fail (quote != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!cp_quote_has_vendor (quote) || !g_str_has_prefix (name, quote->vendor))
    return g_strdup (name);
  vendor = shown_vendor (quote, quotes);
  return g_strconcat (vendor, name + strlen (quote->vendor), NULL);
}

char *
cp_quote_short_name (const CpQuote   *quote,
                     const GPtrArray *quotes)
{
  const char *display;
  g_autofree char *model = NULL;
  g_autofree char *vendor = NULL;

  g_return_val_if_fail (quote != NULL, NULL);

  display = cp_quote_display_name (quote, quotes);
  if (!cp_quote_has_vendor (quote))
    return g_strdup (display);
  /* What tells a vendor's quotes apart, as cp_quote_display_name() put
   * it after the vendor (" — 8卡H100 SXM服务器", " — quote 2"). */
  if (g_str_has_prefix (display, quote->vendor) && display[strlen (quote->vendor)] != '\0')
    return cp_quote_name_shorten_vendor (quote, quotes, display);
  /* Without its maker and product line: "示例供应商 A — GeForce RTX 4090
   * 24GB" was cut inside "GeForce" in the 1024-px sidebar, "示例供应…rce
   * RTX 4090 24GB" (issue 26); the model is what tells quotes apart. */
  model = quote->gpu.name != NULL && *quote->gpu.name != '\0' ? cp_gpu_short_model (quote->gpu.name)
                                                               : g_strdup (quote->gpu.id);
  vendor = shown_vendor (quote, quotes);
  if (model == NULL || *model == '\0')
    return g_steal_pointer (&vendor);
  return g_strdup_printf ("%s — %s", vendor, model);
}
