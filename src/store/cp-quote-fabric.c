/* cp-quote-fabric.c: networks, bandwidth and sharing as vendors write them.
 *
 * Owns reading "RoCE v2 2×100G", "IB NDR 400G×8", "独享", "共享 1:4" from
 * whichever of the network, bandwidth and sharing columns holds them, and
 * what a row that states none of it is taken as. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-quote-cells.h"
#include "cp-quote-fabric.h"
#include "cp-quote-price.h"

static const CpQuoteWord sharing_words[] = {
  { "dedicated", CP_SHARING_DEDICATED }, { "独享", CP_SHARING_DEDICATED },
  { "专用", CP_SHARING_DEDICATED }, { "yes", CP_SHARING_DEDICATED }, { "是", CP_SHARING_DEDICATED },
  { "shared", CP_SHARING_SHARED }, { "共享", CP_SHARING_SHARED },
  { "no", CP_SHARING_SHARED }, { "否", CP_SHARING_SHARED },
  { "unknown", CP_SHARING_UNKNOWN }, { "未知", CP_SHARING_UNKNOWN }, { "?", CP_SHARING_UNKNOWN },
  { "未说明", CP_SHARING_UNKNOWN },
};

/* @word at @p, not inside a longer ASCII word. */
static gboolean
has_word_at (const char *text, const char *p, const char *word)
{
  gsize n = strlen (word);

  if (strncmp (p, word, n) != 0)
    return FALSE;
  if (g_ascii_isalpha (word[0]) && p > text && g_ascii_isalpha (p[-1]))
    return FALSE;
  if (g_ascii_isalpha (word[n - 1]) && g_ascii_isalpha (p[n]))
    return FALSE;
  return TRUE;
}

static gboolean
contains_word (const char *text, const char *word)
{
  for (const char *p = text; *p; p++)
    if (has_word_at (text, p, word))
      return TRUE;
  return FALSE;
}

/* "1:4" (or "1：4"): a quarter of the line rate for each tenant. */
gboolean
cp_quote_find_share_ratio (const char *text, double *factor)
{
  for (const char *p = text; *p; p++)
    {
      const char *q;
      char *end;
      guint64 a, b;

      if (!g_ascii_isdigit (*p) || (p > text && (g_ascii_isdigit (p[-1]) || p[-1] == '.')))
        continue;
      a = g_ascii_strtoull (p, &end, 10);
      q = end;
      if (*q == ':')
        q++;
      else if (g_str_has_prefix (q, "："))
        q += strlen ("：");
      else
        continue;
      if (!g_ascii_isdigit (*q))
        continue;
      b = g_ascii_strtoull (q, &end, 10);
      /* A time of day ("12:30") is not a ratio: the first figure is 1. */
      if (a == 1 && b >= 1 && b <= 1000 && *end != ':')
        {
          *factor = 1.0 / (double) b;
          return TRUE;
        }
    }
  return FALSE;
}

static void
read_sharing_words (const char *lower, CpQuoteFabric *f)
{
  static const CpQuoteWord words[] = {
    { "独享", CP_SHARING_DEDICATED }, { "专用", CP_SHARING_DEDICATED }, { "独占", CP_SHARING_DEDICATED },
    { "专享", CP_SHARING_DEDICATED }, { "dedicated", CP_SHARING_DEDICATED },
    { "non-blocking", CP_SHARING_DEDICATED }, { "无收敛", CP_SHARING_DEDICATED },
    { "共享", CP_SHARING_SHARED }, { "shared", CP_SHARING_SHARED }, { "共用", CP_SHARING_SHARED },
  };
  double factor;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (contains_word (lower, words[i].word))
      {
        f->sharing_found = TRUE;
        f->sharing = words[i].value;
        break;
      }
  if (cp_quote_find_share_ratio (lower, &factor))
    {
      f->sharing_found = TRUE;
      f->sharing = factor >= 1 ? CP_SHARING_DEDICATED : CP_SHARING_SHARED;
      f->share_factor = factor >= 1 ? 0 : factor;
    }
}

typedef enum {
  FABRIC_NUMBER,   /* a bare number */
  FABRIC_COUNT,    /* a number with a count word: "8张", "2口", "4 ports" */
  FABRIC_RATE,     /* Gb/s: "400G", "100Gb/s", "25GbE", "3.2T" */
  FABRIC_TIMES,    /* ×, x, * */
} FabricTokenKind;

typedef struct {
  FabricTokenKind kind;
  double          value;
} FabricToken;

static void
tokenize_fabric (const char *lower, GArray *tokens)
{
  static const char * const count_words[] = { "张", "口", "个", "块", "port", "nic", "卡" };

  for (const char *p = lower; *p; )
    {
      FabricToken t = { FABRIC_NUMBER, 0 };
      char *end;

      if (g_str_has_prefix (p, "×") || *p == '*' ||
          (*p == 'x' && (p == lower || !g_ascii_isalpha (p[-1])) && !g_ascii_isalpha (p[1])))
        {
          t.kind = FABRIC_TIMES;
          g_array_append_val (tokens, t);
          p += g_str_has_prefix (p, "×") ? strlen ("×") : 1;
          continue;
        }
      if (!g_ascii_isdigit (*p))
        {
          p = g_utf8_next_char (p);
          continue;
        }
      /* A figure glued to a letter ("v2", "H800") is part of a name; one
       * after the x of "4x200G" is not. */
      if (p > lower && g_ascii_isalpha (p[-1])
          && !(p[-1] == 'x' && (p - 1 == lower || !g_ascii_isalpha (p[-2]))))
        {
          while (g_ascii_isdigit (*p) || *p == '.')
            p++;
          continue;
        }
      t.value = g_ascii_strtod (p, &end);
      p = end;
      while (*p == ' ')
        p++;
      if (*p == 'g' || *p == 't' || *p == 'm')
        {
          t.kind = FABRIC_RATE;
          t.value *= *p == 't' ? 1000 : *p == 'm' ? 0.001 : 1;
          p++;
          while (g_ascii_isalpha (*p) || *p == '/')
            p++;
        }
      else
        for (guint i = 0; i < G_N_ELEMENTS (count_words); i++)
          if (g_str_has_prefix (p, count_words[i]))
            t.kind = FABRIC_COUNT;
      if (t.kind != FABRIC_RATE && (t.value < 1 || t.value > 64 || t.value != floor (t.value)))
        continue;   /* not a number of cards either */
      g_array_append_val (tokens, t);
    }
}

/* Reads what @text says about the fabric into @f; FALSE when it says
 * nothing this function knows. */
static gboolean
read_fabric (const char *text, CpQuoteFabric *f)
{
  static const CpQuoteWord kinds[] = {
    { "infiniband", CP_NETWORK_INFINIBAND }, { "ib", CP_NETWORK_INFINIBAND },
    { "ndr", CP_NETWORK_INFINIBAND }, { "hdr", CP_NETWORK_INFINIBAND },
    { "edr", CP_NETWORK_INFINIBAND }, { "xdr", CP_NETWORK_INFINIBAND },
    { "roce", CP_NETWORK_ROCE }, { "rdma over converged ethernet", CP_NETWORK_ROCE },
    { "ethernet", CP_NETWORK_ETHERNET }, { "以太网", CP_NETWORK_ETHERNET },
    { "gbe", CP_NETWORK_ETHERNET }, { "eth", CP_NETWORK_ETHERNET }, { "tcp", CP_NETWORK_ETHERNET },
    { "vpc", CP_NETWORK_ETHERNET }, { "万兆", CP_NETWORK_ETHERNET }, { "千兆", CP_NETWORK_ETHERNET },
  };
  /* The per-port rate of each InfiniBand generation (IBTA roadmap: EDR
   * 100, HDR 200, NDR 400, XDR 800 Gb/s), for a cell that names only the
   * generation. */
  static const struct { const char *word; double gbps; } generations[] = {
    { "edr", 100 }, { "hdr", 200 }, { "ndr", 400 }, { "xdr", 800 }, { "万兆", 10 }, { "千兆", 1 },
  };
  static const char * const none_words[] = {
    "无", "none", "no", "-", "—", "n/a", "单机", "不支持", "无网络", "不适用",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autoptr(GArray) tokens = g_array_new (FALSE, FALSE, sizeof (FabricToken));
  gboolean said = FALSE;

  g_strstrip (lower);
  for (guint i = 0; i < G_N_ELEMENTS (none_words); i++)
    if (strcmp (lower, none_words[i]) == 0)
      {
        f->kind_found = TRUE;
        f->kind = CP_NETWORK_NONE;
        return TRUE;
      }

  for (guint i = 0; i < G_N_ELEMENTS (kinds) && !f->kind_found; i++)
    if (contains_word (lower, kinds[i].word))
      {
        f->kind_found = TRUE;
        f->kind = kinds[i].value;
        said = TRUE;
      }

  tokenize_fabric (lower, tokens);
  /* The first rate is the line rate of one card; a number joined to it by
   * × on either side, or one followed by a count word, is how many. */
  for (guint i = 0; i < tokens->len; i++)
    {
      const FabricToken *t = &g_array_index (tokens, FabricToken, i);
      const FabricToken *before = i >= 2 ? &g_array_index (tokens, FabricToken, i - 2) : NULL;
      const FabricToken *after = i + 2 < tokens->len ? &g_array_index (tokens, FabricToken, i + 2) : NULL;

      if (t->kind != FABRIC_RATE)
        continue;
      f->gbps = t->value;
      said = TRUE;
      if (before && g_array_index (tokens, FabricToken, i - 1).kind == FABRIC_TIMES
          && (before->kind == FABRIC_NUMBER || before->kind == FABRIC_COUNT))
        f->nics = (guint) before->value;
      else if (after && g_array_index (tokens, FabricToken, i + 1).kind == FABRIC_TIMES
               && (after->kind == FABRIC_NUMBER || after->kind == FABRIC_COUNT))
        f->nics = (guint) after->value;
      break;
    }
  if (f->gbps > 0 && f->nics == 0)
    for (guint i = 0; i < tokens->len; i++)
      if (g_array_index (tokens, FabricToken, i).kind == FABRIC_COUNT)
        {
          f->nics = (guint) g_array_index (tokens, FabricToken, i).value;
          break;
        }

  if (f->gbps == 0)
    for (guint i = 0; i < G_N_ELEMENTS (generations); i++)
      if (contains_word (lower, generations[i].word))
        {
          f->gbps = generations[i].gbps;
          f->rate_from_generation = TRUE;
          break;
        }

  {
    gboolean had = f->sharing_found;
    read_sharing_words (lower, f);
    said = said || (f->sharing_found && !had) || f->gbps > 0;
  }
  return said;
}

gboolean
cp_quote_fabric_read_text (const char *text, CpQuoteFabric *f)
{
  return read_fabric (text, f);
}

/* The fabric from what each column said, in order of how explicitly it
 * says it; what no column says is taken as written in the assumptions. */
void
cp_quote_fabric_apply (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const CpQuoteFabric *network,
                       const CpQuoteFabric *bandwidth, const CpQuoteFabric *sharing, CpQuote *quote)
{
  const CpQuoteFabric *by_kind[] = { network, bandwidth, sharing };
  gboolean kind_found = FALSE, stated_sharing = FALSE;
  double factor;

  for (guint i = 0; i < G_N_ELEMENTS (by_kind) && !kind_found; i++)
    if (by_kind[i]->kind_found)
      {
        quote->network = by_kind[i]->kind;
        kind_found = TRUE;
      }

  /* A bandwidth column's rate is the card's unless the network column
   * already gave cards × rate and the bandwidth names no count (then it
   * is the node's total, which that product already says). */
  if (network->gbps > 0)
    {
      quote->nic_gbps = network->gbps;
      if (network->nics > 0)
        quote->nics_per_node = network->nics;
    }
  if (bandwidth->gbps > 0 && (bandwidth->nics > 0 || network->nics == 0 || network->gbps == 0))
    {
      quote->nic_gbps = bandwidth->gbps;
      if (bandwidth->nics > 0)
        quote->nics_per_node = bandwidth->nics;
    }

  if (!kind_found && quote->nic_gbps > 0)
    {
      quote->network = CP_NETWORK_ETHERNET;
      cp_quote_cell_assume (cell, _("the network kind is not stated: taken as Ethernet without RDMA, "
                                    "the slowest reading; ask the vendor"));
    }
  if (quote->network != CP_NETWORK_NONE)
    {
      if ((network->rate_from_generation && network->gbps == quote->nic_gbps) ||
          (bandwidth->rate_from_generation && bandwidth->gbps == quote->nic_gbps))
        {
          char rate[G_ASCII_DTOSTR_BUF_SIZE];
          cp_quote_cell_assume (cell, _("the line rate is the InfiniBand generation’s: %s Gb/s per card"),
                                cp_format_double_shortest (quote->nic_gbps, rate));
        }
      if (quote->nic_gbps == 0)
        cp_quote_cell_assume (cell, _("the network’s line rate is not stated: ask the vendor (R6); "
                                      "plans across nodes need it"));
      else if (quote->nics_per_node == 0)
        {
          quote->nics_per_node = 1;
          cp_quote_cell_assume (cell, _("the number of network cards per node is not stated: one assumed; "
                                        "ask the vendor (R6)"));
        }
    }

  for (guint i = 0; i < 3 && !stated_sharing; i++)
    {
      const CpQuoteFabric *f = i == 0 ? sharing : i == 1 ? bandwidth : network;
      if (f->sharing_found)
        {
          quote->sharing = f->sharing;
          if (f->share_factor > 0)
            quote->share_factor = f->share_factor;
          stated_sharing = TRUE;
        }
    }
  /* A share ratio may stand in any column ("带宽 200G 1:4", in the notes),
   * also beside a plain "共享". */
  if (!stated_sharing || (quote->sharing == CP_SHARING_SHARED && quote->share_factor == 0))
    for (guint i = 0; i < r->fields->len && quote->share_factor == 0; i++)
      {
        int col = -1;
        for (guint c = 0; c < CP_N_QUOTE_COLUMNS; c++)
          if (h->index[c] == (int) i)
            col = (int) c;
        if (col == CP_QUOTE_COLUMN_VALID_UNTIL || col == CP_QUOTE_COLUMN_PRICE)
          continue;
        if (cp_quote_find_share_ratio (g_ptr_array_index (r->fields, i), &factor)
            && (!stated_sharing || factor < 1))
          {
            quote->sharing = factor >= 1 ? CP_SHARING_DEDICATED : CP_SHARING_SHARED;
            if (factor < 1)
              quote->share_factor = factor;
            stated_sharing = TRUE;
          }
      }
  if (!stated_sharing && quote->sharing == CP_SHARING_UNKNOWN && quote->network != CP_NETWORK_NONE)
    cp_quote_cell_assume (cell, _("whether the network bandwidth is dedicated is not stated: unknown, "
                                  "a question for the vendor (R6)"));
}

/* A cell of the network, bandwidth or sharing column (@col). The yes/no
 * answers of sharing_words mean something only in the sharing column
 * ("是否独享: 是"); in the others "no" is no network. */
void
cp_quote_fabric_read_cell (CpQuoteCell *cell, CpQuoteColumn col, const char *text, CpQuoteFabric *f)
{
  int value;

  if (col == CP_QUOTE_COLUMN_BANDWIDTH)
    {
      /* A plain number is the card's rate, in the column's Gb/s. */
      g_autofree char *plain = cp_quote_price_drop_digit_grouping (text);
      char *end = NULL;
      double gbps = g_ascii_strtod (plain, &end);
      if (end != plain && *end == '\0' && isfinite (gbps) && gbps >= 0)
        {
          f->gbps = gbps;
          return;
        }
    }
  if ((col == CP_QUOTE_COLUMN_SHARING || !read_fabric (text, f))
      && cp_quote_match_word (sharing_words, G_N_ELEMENTS (sharing_words), text, &value))
    {
      f->sharing_found = value != CP_SHARING_UNKNOWN;
      f->sharing = value;
      return;
    }
  if (col == CP_QUOTE_COLUMN_SHARING && read_fabric (text, f))
    return;
  if (f->kind_found || f->gbps > 0 || f->sharing_found)
    return;
  cp_quote_cell_error (cell, _("%s “%s” says nothing this application knows about the network "
                               "(e.g. “RoCE v2 2×100G”, “IB NDR 400G×8”, “25GbE”, “无”, “独享”, “1:4”)"),
              cell->header, text);
}
