/* cp-quote-offer.c: what a quote's offer name says of its hardware,
 * checked against its fields by the quote form and add-quote. */
#include "config.h"

#include <string.h>

#include "cp-quote-offer.h"

/* The ASCII word of letters and digits at *@at ("A800", "910B", "80GB"),
 * @at moved past it; NULL at anything else. */
static char *
take_ascii_word (const char **at)
{
  const char *start = *at;

  while (g_ascii_isalnum (**at))
    (*at)++;
  return *at > start ? g_strndup (start, *at - start) : NULL;
}

/* A size, not a model: "80GB", "400G"; a bare number may be a model
 * ("4090"). */
static gboolean
is_size_word (const char *word)
{
  const char *end = word;

  while (g_ascii_isdigit (*end))
    end++;
  return end > word && (g_ascii_strcasecmp (end, "G") == 0 || g_ascii_strcasecmp (end, "GB") == 0 ||
                        g_ascii_strcasecmp (end, "T") == 0 || g_ascii_strcasecmp (end, "TB") == 0);
}

/* Whether @name ("NVIDIA A800 80GB SXM", "Huawei Ascend 910B2 64GB") has
 * a word that @word begins, sizes aside, when @model ("A800", "910B");
 * else the word @word whole ("NVIDIA"). */
static gboolean
name_has (const char *name,
          const char *word,
          gboolean    model)
{
  for (const char *at = name != NULL ? name : ""; *at != '\0';)
    {
      g_autofree char *name_word = take_ascii_word (&at);

      if (name_word == NULL)
        at++;
      else if (model ? !is_size_word (name_word) && g_ascii_strncasecmp (name_word, word, strlen (word)) == 0
                     : g_ascii_strcasecmp (name_word, word) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether a GPU of the catalogue (the project's or the built-in one) has
 * @word in its name: as its model when @model ("4090", "H20"), so that
 * "2 × 400G" or "3 × 2U" is not read as one; else whole, a maker's word
 * ("NVIDIA", "GeForce") that may come before the model, where "2x faster
 * than A100" has none. */
static gboolean
catalogue_has (const CpProject *project,
               const char      *word,
               gboolean         model)
{
  const CpCatalog *catalogs[2] = { project->custom, cp_catalog_get_builtin () };

  if (model && (strlen (word) < 3 || is_size_word (word)))
    return FALSE;
  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    for (guint i = 0; catalogs[c] != NULL && i < cp_catalog_n_gpus (catalogs[c]); i++)
      {
        const char *name = cp_catalog_get_gpu (catalogs[c], i)->name;

        if (name_has (name, word, model))
          return TRUE;
      }
  return FALSE;
}

/* A count and a multiplication sign at *@at ("8 × ", "8x", "8*"), @at
 * moved past them; FALSE (@at unmoved) at anything else. */
static gboolean
take_count_times (const char **at,
                  guint       *count)
{
  const char *p = *at;
  guint64 value = 0;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    value = MIN (value * 10 + (guint64) (*p - '0'), G_MAXUINT);
  while (*p == ' ')
    p++;
  if (g_str_has_prefix (p, "\u00d7"))
    p += strlen ("\u00d7");
  else if (*p == '*' || *p == 'x' || *p == 'X')
    p++;
  else
    return FALSE;
  while (*p == ' ')
    p++;
  *count = (guint) value;
  *at = p;
  return TRUE;
}

/* The first "8 × A800" (or "4 × 8 × A800", "8x A800", "8*昇腾910B") in
 * @offer whose model the catalogue knows: its GPUs, its nodes (0 when
 * not written), its model and the text as written. FALSE when the offer
 * names none. */
static gboolean
offer_names_gpus (const CpProject *project,
                  const char      *offer,
                  guint           *nodes,
                  guint           *gpus,
                  char           **model,
                  char           **written)
{
  for (const char *start = offer != NULL ? offer : ""; *start != '\0'; start = g_utf8_next_char (start))
    {
      const char *at = start;
      guint first = 0, second = 0;
      gboolean two;

      /* A number begins here, not inside "A800". */
      if (!g_ascii_isdigit (*start) || (start > offer && g_ascii_isalnum (start[-1])) ||
          !take_count_times (&at, &first))
        continue;
      two = take_count_times (&at, &second);
      /* Maker's words first ("NVIDIA", "GeForce RTX", "昇腾"): the model
       * is the first word with a digit. */
      for (guint words = 0; *at != '\0' && words < 4;)
        {
          g_autofree char *word = take_ascii_word (&at);

          if (word == NULL)
            {
              gunichar c = g_utf8_get_char (at);

              if (c != ' ' && c < 0x80)
                break;
              at = g_utf8_next_char (at);
              continue;
            }
          words++;
          if (strpbrk (word, "0123456789") == NULL && catalogue_has (project, word, FALSE))
            continue;
          if (!catalogue_has (project, word, TRUE))
            break;
          *nodes = two ? first : 0;
          *gpus = two ? second : first;
          *written = g_strndup (start, at - start);
          *model = g_steal_pointer (&word);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
cp_quote_offer_disagrees (const CpProject *project,
                          const CpQuote   *quote,
                          char           **written,
                          gboolean        *names_nodes)
{
  g_autofree char *model = NULL;
  g_autofree char *words = NULL;
  guint nodes = 0, gpus = 0;
  gboolean same;

  if (!offer_names_gpus (project, quote->offer_name, &nodes, &gpus, &model, &words))
    return FALSE;
  /* A GPU not named yet has nothing to disagree with. */
  same = (quote->gpu.name == NULL || *quote->gpu.name == '\0' ||
          name_has (quote->gpu.name, model, TRUE) || name_has (quote->gpu.id, model, TRUE)) &&
         (gpus == quote->gpus_per_node || gpus == quote->gpus_per_node * quote->nodes_available) &&
         (nodes == 0 || nodes == quote->nodes_available);
  if (same)
    return FALSE;
  *written = g_steal_pointer (&words);
  *names_nodes = nodes > 0;
  return TRUE;
}
