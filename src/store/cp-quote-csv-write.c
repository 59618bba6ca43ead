/* cp-quote-csv-write.c: quotes written back as CSV, in the columns and
 * English header names the importer reads (cp_quote_csv_write()), safe to
 * open in a spreadsheet. */

#include "config.h"

#include <string.h>

#include "planner/cp-units.h"
#include "cp-quote-csv.h"
#include "cp-quote-header.h"

static void
append_field (GString *out, const char *value, gboolean first)
{
  gboolean formula;

  if (!first)
    g_string_append_c (out, ',');
  if (value == NULL)
    return;
  /* A spreadsheet opening the export evaluates a cell that starts with
   * one of these ("=cmd|' /C calc'!A0", "=HYPERLINK(…)"): OWASP's advice
   * on CSV injection is an apostrophe first and the cell quoted, which
   * shows the text as typed; the importer takes the apostrophe off again
   * (cp_quote_cell_parse()). */
  formula = *value != '\0' && strchr (CP_QUOTE_CSV_FORMULA_STARTS, value[0]) != NULL;
  if (formula || strpbrk (value, ",\"\r\n") || g_ascii_isspace (value[0])
      || (*value && g_ascii_isspace (value[strlen (value) - 1])))
    {
      g_string_append_c (out, '"');
      if (formula)
        g_string_append_c (out, '\'');
      for (const char *p = value; *p; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, value);
}

static char *
format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (cp_format_double_shortest (value, buf));
}

/* A fee as its column reads it back (cp-quote-cells.c): "included" for
 * one the price holds, else its amount (0: not stated). */
static char *
fee_text (double     amount,
          CpFeeTerms terms)
{
  return terms == CP_FEE_INCLUDED ? g_strdup ("included") : format_number (amount);
}

/* The quote's VAT as the tax column reads it back (cp_quote_tax_read()):
 * "incl. VAT 6%", "excl. VAT", "VAT 13%" (a rate, the basis the
 * project's), "" when the quote says nothing. English, as every exported
 * header and value is. */
static char *
tax_text (const CpQuote *quote)
{
  char rate[G_ASCII_DTOSTR_BUF_SIZE] = "";
  const char *basis = quote->vat_basis == CP_VAT_BASIS_INCLUDED ? "incl. VAT"
                      : quote->vat_basis == CP_VAT_BASIS_EXCLUDED ? "excl. VAT" : NULL;

  if (quote->vat_rate > 0)
    cp_format_double_shortest (quote->vat_rate * 100, rate);
  if (basis != NULL)
    return *rate ? g_strdup_printf ("%s %s%%", basis, rate) : g_strdup (basis);
  return *rate ? g_strdup_printf ("VAT %s%%", rate) : g_strdup ("");
}

char *
cp_quote_csv_write (GPtrArray *quotes,
                    gsize     *len)
{
  GString *out = g_string_new ("\xef\xbb\xbf");

  /* The configuration column is read into the other fields, never
   * written; the tax column is written last, after the columns a file of
   * an older version has. */
  for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
    if (c != CP_QUOTE_COLUMN_CONFIG)
      append_field (out, cp_quote_header_export_name (c), c == 0);
  g_string_append (out, "\r\n");

  for (guint i = 0; i < quotes->len; i++)
    {
      const CpQuote *q = g_ptr_array_index (quotes, i);

      for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
        {
          g_autofree char *v = NULL;

          if (c == CP_QUOTE_COLUMN_CONFIG)
            continue;

          switch ((CpQuoteColumn) c)
            {
            case CP_QUOTE_COLUMN_ID: v = g_strdup (q->id); break;
            case CP_QUOTE_COLUMN_VENDOR: v = g_strdup (q->vendor); break;
            case CP_QUOTE_COLUMN_OFFER: v = g_strdup (q->offer_name); break;
            /* Blank when assumed: read back, it is assumed again. */
            case CP_QUOTE_COLUMN_OFFERING:
              v = q->offering_stated ? g_strdup (cp_offering_kind_to_string (q->offering)) : NULL;
              break;
            case CP_QUOTE_COLUMN_GPU: v = g_strdup (q->gpu.id); break;
            case CP_QUOTE_COLUMN_GPUS_PER_NODE: v = g_strdup_printf ("%u", q->gpus_per_node); break;
            case CP_QUOTE_COLUMN_NODES: v = g_strdup_printf ("%u", q->nodes_available); break;
            case CP_QUOTE_COLUMN_INTRA_LINK: v = g_strdup (q->intra_link.id); break;
            /* A network the offer's name gave with its GPU's common
             * cards (CpQuote.fabric_assumed) is left to the name: the
             * importer gives it again, marked assumed, where written
             * figures read back as the vendor's (the mark was lost). */
            case CP_QUOTE_COLUMN_NETWORK:
              v = q->fabric_assumed ? NULL : g_strdup (cp_network_kind_to_string (q->network));
              break;
            case CP_QUOTE_COLUMN_NICS: v = q->fabric_assumed ? NULL : g_strdup_printf ("%u", q->nics_per_node); break;
            case CP_QUOTE_COLUMN_BANDWIDTH: v = q->fabric_assumed ? NULL : format_number (q->nic_gbps); break;
            case CP_QUOTE_COLUMN_SHARING: v = g_strdup (cp_sharing_to_string (q->sharing)); break;
            case CP_QUOTE_COLUMN_SHARE_FACTOR: v = format_number (q->share_factor); break;
            case CP_QUOTE_COLUMN_PRICE: v = format_number (q->price); break;
            case CP_QUOTE_COLUMN_PRICE_UNIT: v = g_strdup (cp_price_unit_to_string (q->price_unit)); break;
            case CP_QUOTE_COLUMN_GRANULARITY: v = format_number (q->billing_granularity_h); break;
            case CP_QUOTE_COLUMN_MINIMUM_TERM: v = format_number (q->minimum_term_h); break;
            case CP_QUOTE_COLUMN_NETWORK_FEE: v = fee_text (q->network_fee_per_node_month, cp_quote_network_fee_terms (q)); break;
            case CP_QUOTE_COLUMN_STORAGE: v = g_strdup (cp_storage_kind_to_string (q->storage)); break;
            case CP_QUOTE_COLUMN_STORAGE_PRICE:
              v = fee_text (q->storage_price_per_tb_month, cp_quote_storage_price_terms (q));
              break;
            case CP_QUOTE_COLUMN_MANAGEMENT_FEE: v = format_number (q->management_fee_per_month); break;
            case CP_QUOTE_COLUMN_SETUP_FEE: v = format_number (q->setup_fee); break;
            case CP_QUOTE_COLUMN_CURRENCY: v = g_strndup (q->currency, 3); break;
            case CP_QUOTE_COLUMN_VALID_UNTIL: v = g_strdup (q->valid_until); break;
            case CP_QUOTE_COLUMN_NOTES: v = g_strdup (q->notes); break;
            case CP_QUOTE_COLUMN_HOST_MEMORY:
              v = format_number (q->host_memory_per_node_bytes / CP_QUOTE_HOST_MEMORY_UNIT_BYTES);
              break;
            case CP_QUOTE_COLUMN_TAX: v = tax_text (q); break;
            case CP_QUOTE_COLUMN_CONFIG:
            case CP_N_QUOTE_COLUMNS:
            default:
              g_assert_not_reached ();
            }
          append_field (out, v, c == 0);
        }
      g_string_append (out, "\r\n");
    }

  if (len)
    *len = out->len;
  return g_string_free (out, FALSE);
}
