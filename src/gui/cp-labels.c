/* cp-labels.c: words the window shows for the model's enumerations. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "planner/cp-quote.h"
#include "report/cp-reason-text.h"

#include "cp-labels.h"

const char *
cp_labels_ui_language (void)
{
  /* TRANSLATORS: the code of the language of this translation as the
   * reports know it: "en" or "zh_CN". */
  const char *lang = C_("language code", "en");

  return g_str_has_prefix (lang, "zh") ? "zh_CN" : "en";
}

const char *
cp_labels_task_kind (int kind)
{
  return cp_words_task_kind ((CpTaskKind) kind);
}

const char *
cp_labels_precision (int precision)
{
  static const char * const labels[] = {
    N_("FP32"),
    N_("BF16 mixed precision"),
    N_("FP16 mixed precision"),
    N_("FP8 mixed precision"),
  };

  g_return_val_if_fail (precision >= 0 && precision < (int) G_N_ELEMENTS (labels), "");
  return _(labels[precision]);
}

const char *
cp_labels_optimizer (int optimizer)
{
  static const char * const labels[] = {
    N_("AdamW"),
    N_("8-bit AdamW"),
    N_("SGD"),
  };

  g_return_val_if_fail (optimizer >= 0 && optimizer < (int) G_N_ELEMENTS (labels), "");
  return _(labels[optimizer]);
}

const char *
cp_labels_recompute (int recompute)
{
  static const char * const labels[] = {
    N_("None"),
    N_("Selective"),
    N_("Full"),
    N_("Automatic (searched)"),
  };

  g_return_val_if_fail (recompute >= 0 && recompute < (int) G_N_ELEMENTS (labels), "");
  return _(labels[recompute]);
}

const char *
cp_labels_offering (int offering)
{
  return cp_words_offering ((CpOfferingKind) offering);
}

const char *
cp_labels_network (int network)
{
  return cp_words_capitalised (cp_words_network ((CpNetworkKind) network));
}

const char *
cp_labels_sharing (int sharing)
{
  return cp_words_capitalised (cp_words_sharing ((CpSharing) sharing));
}

const char *
cp_labels_storage (int storage)
{
  return cp_words_capitalised (cp_words_storage ((CpStorageKind) storage));
}

const char *
cp_labels_price_unit (int unit)
{
  return cp_words_capitalised (cp_words_price_unit ((CpPriceUnit) unit));
}

char *
cp_labels_quote_missing (int missing)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (missing & CP_QUOTE_MISSING_PRICE)
    g_string_append (text, _("no price"));
  if (missing & CP_QUOTE_MISSING_NETWORK)
    {
      if (text->len > 0)
        /* TRANSLATORS: separates the things a quote lacks */
        g_string_append (text, _(", "));
      g_string_append (text, _("no NICs or NIC rate for its nodes"));
    }
  if (missing & CP_QUOTE_MISSING_EXCHANGE_RATE)
    {
      if (text->len > 0)
        g_string_append (text, _(", "));
      /* TRANSLATORS: a quote priced in another currency than the project's; no exchange rate is known */
      g_string_append (text, _("a price in another currency than the project's, which it cannot convert: "
                               "enter the price in the project's currency"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The catalogue's names (data/catalog/gpus.ini, links.ini) that carry words rather than
 * a product's name: xgettext cannot read the .ini files, so their words
 * are listed here. Project files store the English name a quote was
 * given, which this translates where the window shows it (walkthrough 9:
 * "NVLink (H800, export-restricted)" in the Chinese form). A name not
 * listed, such as "NVIDIA H800 SXM 80GB", is shown as it is;
 * test-window-room.c checks that every name with a lower-case word is
 * listed. */
static const char * const catalog_names[] = {
  /* TRANSLATORS: a catalogue link between GPUs: NVLink as the export version of the A800 has it */
  N_("NVLink (A800, export-restricted)"),
  /* TRANSLATORS: a catalogue link between GPUs: NVLink as the export version of the H800 has it */
  N_("NVLink (H800, export-restricted)"),
  /* TRANSLATORS: a catalogue link between GPUs: AMD's links, each of the 8 GPUs joined to every other */
  N_("Infinity Fabric (MI300X, 8-GPU mesh)"),
};

const char *
cp_labels_catalog_name (const char *name)
{
  if (name == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (catalog_names); i++)
    if (strcmp (name, catalog_names[i]) == 0)
      return _(catalog_names[i]);
  return name;
}

static gboolean
is_date_unit (gunichar c)
{
  return c == 0x5E74 /* 年 */ || c == 0x6708 /* 月 */ || c == 0x65E5 /* 日 */;
}

/* The digits at @p followed by a date unit: the end of the unit, or NULL. */
static const char *
date_part_end (const char *p)
{
  const char *unit = p;

  while (g_ascii_isdigit (*unit))
    unit++;
  if (unit == p || !is_date_unit (g_utf8_get_char (unit)))
    return NULL;
  return g_utf8_next_char (unit);
}

PangoAttrList *
cp_labels_dates_unbroken (const char *text)
{
  PangoAttrList *dates = NULL;
  const char *p = text != NULL ? text : "";

  while (*p != '\0')
    {
      const char *end = (p == text || !g_ascii_isdigit (p[-1])) ? date_part_end (p) : NULL;
      const char *after;
      PangoAttribute *unbroken;

      if (end == NULL)
        {
          p = g_utf8_next_char (p);
          continue;
        }
      /* "2026年12月5日": its parts, one after another. */
      while ((after = date_part_end (end)) != NULL)
        end = after;
      if (dates == NULL)
        dates = pango_attr_list_new ();
      unbroken = pango_attr_allow_breaks_new (FALSE);
      unbroken->start_index = (guint) (p - text);
      unbroken->end_index = (guint) (end - text);
      pango_attr_list_insert (dates, unbroken);
      p = end;
    }
  return dates;
}
