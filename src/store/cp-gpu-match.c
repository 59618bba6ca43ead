/* cp-gpu-match.c: which catalogue GPU or link a vendor's name means.
 *
 * Owns reading "NVIDIA H800 SXM5", "A100 40G PCIe", "昇腾910B" word by
 * word (model, memory, form factor) and matching it against the project's
 * own catalogue first, then the built-in one, with what was assumed. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-gpu-match.h"

char *
cp_gpu_match_key (const char *text)
{
  static const char * const noise[] = {
    "nvidia", "geforce", "tesla", "rtx", "huawei", "华为", "ascend", "昇腾",
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  GString *s = g_string_new (NULL);

  for (const char *p = lower; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (g_unichar_isspace (c) || c == '-' || c == '_')
        continue;
      g_string_append_unichar (s, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (noise); i++)
    {
      char *found;
      while ((found = strstr (s->str, noise[i])) != NULL)
        g_string_erase (s, found - s->str, strlen (noise[i]));
    }
  return g_string_free (s, FALSE);
}

const char *
cp_gpu_match_vocabulary_key (const char *word)
{
  /* The keys of the word lists were made again for every cell the
   * importer tries as a storage kind, an offering or a network (a sixth
   * of reading a sheet, fuzz-csv's profile). The lists are fixed, so the
   * cache stays their size; the import preview reads on a worker thread. */
  static GMutex lock;
  static GHashTable *keys;
  const char *key;

  g_mutex_lock (&lock);
  if (keys == NULL)
    keys = g_hash_table_new (g_str_hash, g_str_equal);
  key = g_hash_table_lookup (keys, word);
  if (key == NULL)
    {
      char *made = cp_gpu_match_key (word);
      g_hash_table_insert (keys, g_strdup (word), made);
      key = made;
    }
  g_mutex_unlock (&lock);
  return key;
}

/* What cp_gpu_match_read_entry_words() and cp_gpu_match_key() make of
 * one catalogue entry. */
typedef struct {
  CpGpuWords  name, id;
  char       *name_key, *id_key;
} EntryWords;

static void
entry_words_fill (const CpGpuSpec *gpu, EntryWords *words)
{
  cp_gpu_match_read_entry_words (gpu, &words->name, &words->id);
  words->name_key = cp_gpu_match_key (gpu->name ? gpu->name : "");
  words->id_key = cp_gpu_match_key (gpu->id ? gpu->id : "");
}

static EntryWords *
catalog_words_new (const CpCatalog *catalog)
{
  guint n = catalog ? cp_catalog_n_gpus (catalog) : 0;
  EntryWords *words = g_new0 (EntryWords, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    entry_words_fill (cp_catalog_get_gpu (catalog, i), &words[i]);
  return words;
}

/* The words of each entry of @catalog, by index. The importer matches
 * every cell it reads as a GPU name against every entry, and reading the
 * entries' words each time was a third of reading a sheet (fuzz-csv's
 * profile): the built-in catalogue, which never changes, is read once;
 * a project's own, which may change, on each call. */
static EntryWords *
catalog_words (const CpCatalog *catalog)
{
  static gsize builtin_words;

  if (catalog == NULL || catalog != cp_catalog_get_builtin ())
    return catalog_words_new (catalog);
  if (g_once_init_enter (&builtin_words))
    g_once_init_leave (&builtin_words, (gsize) catalog_words_new (catalog));
  return (EntryWords *) builtin_words;
}

static void
catalog_words_release (const CpCatalog *catalog, EntryWords *words)
{
  if (catalog != NULL && catalog == cp_catalog_get_builtin ())
    return;
  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog); i++)
    {
      g_free (words[i].name.model);
      g_free (words[i].id.model);
      g_free (words[i].name_key);
      g_free (words[i].id_key);
    }
  g_free (words);
}

/* "a800" names "a80080gbsxm": what follows must not continue the model
 * number, except as a memory size ("a100" + "80gb…"). */
static gboolean
key_names (const char *entry_key, const char *query_key)
{
  gsize n = strlen (query_key);
  const char *rest;

  if (n == 0 || strncmp (entry_key, query_key, n) != 0)
    return FALSE;
  rest = entry_key + n;
  if (*rest == '\0' || !g_ascii_isdigit (*rest))
    return TRUE;
  while (g_ascii_isdigit (*rest))
    rest++;
  return *rest == 'g';
}

static void
collect_gpu_matches (const CpCatalog *catalog, const char *text, const char *query_key,
                     GPtrArray *exact, GPtrArray *partial)
{
  EntryWords *words = catalog_words (catalog);

  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog); i++)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);
      const char *id_key = words[i].id_key, *name_key = words[i].name_key;

      if (g_strcmp0 (gpu->id, text) == 0 || strcmp (id_key, query_key) == 0
          || strcmp (name_key, query_key) == 0)
        g_ptr_array_add (exact, (gpointer) gpu);
      else if (key_names (id_key, query_key) || key_names (name_key, query_key))
        g_ptr_array_add (partial, (gpointer) gpu);
    }
  catalog_words_release (catalog, words);
}

static gboolean
is_memory_word (const char *word, double *gb)
{
  char *end;
  double v = g_ascii_strtod (word, &end);

  if (end == word || !isfinite (v) || v <= 0)
    return FALSE;
  if (strcmp (end, "g") == 0 || strcmp (end, "gb") == 0 || strcmp (end, "gib") == 0)
    {
      *gb = v;
      return TRUE;
    }
  return FALSE;
}

void
cp_gpu_match_read_words (const char *text, CpGpuWords *out)
{
  /* Besides the brand words, what a vendor's model cell says of the
   * machine around the GPU ("8卡 H800 80G 单机", "A800 集群 4节点"). */
  static const char * const noise[] = {
    "nvidia", "geforce", "tesla", "rtx", "huawei", "ascend", "amd", "instinct", "gpu", "card",
    "华为", "昇腾", "英伟达", "显卡", "卡",
    "单机", "整机", "集群", "服务器", "主机", "云主机", "裸金属", "实例", "节点", "机器",
    "server", "node", "nodes", "cluster", "bare", "metal", "instance",
  };
  static const char * const count_words[] = { "卡", "张", "台", "节点", "机" };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  GString *model = g_string_new (NULL);
  const char *p = lower;

  out->memory_gb = 0;
  out->form = FORM_UNSTATED;
  while (*p)
    {
      gboolean ascii = g_ascii_isalnum (*p) || *p == '.';
      const char *start = p;
      g_autofree char *word = NULL;
      double gb;
      gboolean is_noise = FALSE;

      if (!ascii && (*p & 0x80) == 0)
        {
          p++;   /* spaces, hyphens, parentheses */
          continue;
        }
      if (ascii)
        while (g_ascii_isalnum (*p) || *p == '.')
          p++;
      else
        while (*p && (*p & 0x80))
          p = g_utf8_next_char (p);
      word = g_strndup (start, p - start);
      /* "PCI-E" arrives as "pci" and "e". */
      if (strcmp (word, "pci") == 0 && p[0] == '-' && (p[1] == 'e') && !g_ascii_isalnum (p[2]))
        p += 2;

      /* "4节点", "8卡": a count of machines or cards, no part of the model. */
      if (ascii && strspn (word, "0123456789") == strlen (word))
        for (guint i = 0; i < G_N_ELEMENTS (count_words) && !is_noise; i++)
          if (g_str_has_prefix (p, count_words[i]))
            {
              p += strlen (count_words[i]);
              is_noise = TRUE;
            }
      for (guint i = 0; i < G_N_ELEMENTS (noise); i++)
        is_noise = is_noise || strcmp (word, noise[i]) == 0;
      if (is_noise || g_str_has_prefix (word, "hbm") || g_str_has_prefix (word, "gddr"))
        continue;
      if (is_memory_word (word, &gb))
        out->memory_gb = gb;
      else if (g_str_has_prefix (word, "sxm") || strcmp (word, "hgx") == 0)
        out->form = FORM_SXM;
      else if (g_str_has_prefix (word, "pci"))
        out->form = FORM_PCIE;
      else
        g_string_append (model, word);
    }
  out->model = g_string_free (model, FALSE);
}

/* A catalogue entry described by its name, the id filling what the name
 * leaves out ("h100-sxm"). */
void
cp_gpu_match_read_entry_words (const CpGpuSpec *gpu, CpGpuWords *name, CpGpuWords *id)
{
  cp_gpu_match_read_words (gpu->name ? gpu->name : "", name);
  cp_gpu_match_read_words (gpu->id ? gpu->id : "", id);
  if (name->form == FORM_UNSTATED)
    name->form = id->form;
}

static const char *
form_word (CpGpuForm form)
{
  return form == FORM_PCIE ? "PCIe" : "SXM";
}

/* The catalogue's entries for the model @query names, narrowed by the
 * memory and form it states. Sets @error when the model is there but not
 * with that memory, or when the memory is left open between parts; NULL
 * without @error when the model is not in @catalog at all. */
static const CpGpuSpec *
match_gpu_words (const CpCatalog *catalog, const char *text, const CpGpuWords *query,
                 char **assumption, GError **error)
{
  g_autoptr(GPtrArray) same_model = g_ptr_array_new ();
  g_autoptr(GPtrArray) same_memory = g_ptr_array_new ();
  g_autoptr(GPtrArray) same_form = g_ptr_array_new ();
  g_autoptr(GHashTable) forms = g_hash_table_new (NULL, NULL);
  GPtrArray *pool;
  EntryWords *words = catalog_words (catalog);

  /* The entry's form as its words say it, kept from the catalogue's
   * words rather than read again for each cell (a twelfth of reading a
   * sheet, issue 24): 1 + the form. */
  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog); i++)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);

      if (*query->model && (strcmp (words[i].name.model, query->model) == 0
                            || strcmp (words[i].id.model, query->model) == 0))
        {
          g_ptr_array_add (same_model, (gpointer) gpu);
          g_hash_table_insert (forms, (gpointer) gpu, GINT_TO_POINTER (1 + words[i].name.form));
        }
    }
  catalog_words_release (catalog, words);
  if (same_model->len == 0)
    return NULL;

  for (guint i = 0; i < same_model->len; i++)
    {
      const CpGpuSpec *gpu = g_ptr_array_index (same_model, i);
      if (query->memory_gb == 0 || gpu->memory_nominal_gb == query->memory_gb)
        g_ptr_array_add (same_memory, (gpointer) gpu);
    }
  if (same_memory->len == 0)
    {
      GString *names = g_string_new (NULL);
      char gb[G_ASCII_DTOSTR_BUF_SIZE];
      for (guint i = 0; i < same_model->len; i++)
        g_string_append_printf (names, i ? ", %s" : "%s",
                                ((const CpGpuSpec *) g_ptr_array_index (same_model, i))->name);
      g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                   /* Translators: a GPU name, a memory size in GB, and a list of catalogue GPUs */
                   _("GPU “%s”: the catalogue has no such part with %s GB (it has %s); "
                     "add it to the project’s catalogue first"), text,
                   cp_format_double_shortest (query->memory_gb, gb), names->str);
      g_string_free (names, TRUE);
      return NULL;
    }

  for (guint i = 0; i < same_memory->len; i++)
    {
      const CpGpuSpec *gpu = g_ptr_array_index (same_memory, i);
      CpGpuForm form = GPOINTER_TO_INT (g_hash_table_lookup (forms, gpu)) - 1;

      /* Unstated in the sheet: the SXM part, as 8-GPU rental servers are
       * built (HGX boards); a PCIe card is named as such in quotes. */
      if (form == (query->form == FORM_UNSTATED ? FORM_SXM : query->form)
          || (query->form == FORM_UNSTATED && form == FORM_UNSTATED))
        g_ptr_array_add (same_form, (gpointer) gpu);
    }

  pool = same_form->len > 0 ? same_form : same_memory;
  for (guint i = 1; i < pool->len; i++)
    if (((const CpGpuSpec *) g_ptr_array_index (pool, i))->memory_nominal_gb
        != ((const CpGpuSpec *) g_ptr_array_index (pool, 0))->memory_nominal_gb)
      {
        GString *names = g_string_new (NULL);
        for (guint j = 0; j < pool->len; j++)
          g_string_append_printf (names, j ? ", %s" : "%s",
                                  ((const CpGpuSpec *) g_ptr_array_index (pool, j))->name);
        g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                     /* Translators: a GPU name and a list of catalogue GPUs */
                     _("GPU “%s” does not say its memory, and the catalogue has %s; "
                       "write e.g. “%s 80GB”"), text, names->str, text);
        g_string_free (names, TRUE);
        return NULL;
      }

  {
    const CpGpuSpec *gpu = g_ptr_array_index (pool, 0);
    if (assumption && same_form->len == 0)
      *assumption = g_strdup_printf (_("GPU “%s”: the catalogue has no %s part of this model with "
                                       "this memory; taken as %s (same memory)"),
                                     text, form_word (query->form), gpu->name);
    else if (assumption && query->form == FORM_UNSTATED && same_memory->len > 1)
      *assumption = g_strdup_printf (_("GPU “%s” names no form factor: taken as %s, the SXM part "
                                       "8-GPU rental servers carry"), text, gpu->name);
    return gpu;
  }
}

/* cp_gpu_match_find() without the note on a part the text leaves open. */
static const CpGpuSpec *
find_gpu_text (const CpProject *project, const char *text, char **assumption, gboolean *pcie,
               GError **error)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = cp_gpu_match_key (text);
  CpGpuWords query;
  g_autofree char *model = NULL;

  cp_gpu_match_read_words (text, &query);
  model = query.model;
  if (pcie)
    *pcie = query.form == FORM_PCIE;

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    {
      g_autoptr(GPtrArray) exact = g_ptr_array_new ();
      g_autoptr(GPtrArray) partial = g_ptr_array_new ();
      const CpGpuSpec *gpu;
      g_autoptr(GError) local = NULL;

      collect_gpu_matches (catalogs[c], text, query_key, exact, partial);
      if (exact->len >= 1)
        return g_ptr_array_index (exact, 0);
      gpu = match_gpu_words (catalogs[c], text, &query, assumption, &local);
      if (gpu)
        return gpu;
      if (local)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (partial->len == 1)
        return g_ptr_array_index (partial, 0);
      if (partial->len > 1)
        {
          GString *names = g_string_new (NULL);
          for (guint i = 0; i < partial->len; i++)
            g_string_append_printf (names, i ? ", %s" : "%s",
                                    ((const CpGpuSpec *) g_ptr_array_index (partial, i))->name);
          g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
                       /* Translators: a GPU name and a list of catalogue GPUs */
                       _("GPU “%s” could be any of: %s"), text, names->str);
          g_string_free (names, TRUE);
          return NULL;
        }
    }
  g_set_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN,
               _("GPU “%s” is not in the catalogue; add it to the project first"), text);
  return NULL;
}

/* cp_quote_csv_find_gpu() that also says what was assumed (@assumption,
 * may be NULL) and whether the text names a PCIe card (@pcie). A name the
 * catalogue's part only begins ("昇腾910B" of the Ascend 910B2, the 910B
 * being sold as 910B1 to 910B4 with different speeds) is said as an
 * assumption to check with the vendor. */
const CpGpuSpec *
cp_gpu_match_find (const CpProject *project, const char *text, char **assumption, gboolean *pcie,
                   GError **error)
{
  const CpGpuSpec *gpu = find_gpu_text (project, text, assumption, pcie, error);
  CpGpuWords query, name, id;

  if (gpu == NULL || assumption == NULL || *assumption != NULL)
    return gpu;
  cp_gpu_match_read_words (text, &query);
  cp_gpu_match_read_entry_words (gpu, &name, &id);
  if (*query.model && g_str_has_prefix (name.model, query.model) && strlen (name.model) > strlen (query.model))
    /* Translators: the GPU as the sheet names it ("昇腾910B"), the catalogue's part ("Huawei Ascend 910B2 64GB") */
    *assumption = g_strdup_printf (_("GPU “%s” names no exact part: taken as %s — ask the vendor"), text, gpu->name);
  g_free (query.model);
  g_free (name.model);
  g_free (id.model);
  return gpu;
}

const CpGpuSpec *
cp_quote_csv_find_gpu (const CpProject *project,
                       const char      *text,
                       GError         **error)
{
  return cp_gpu_match_find (project, text, NULL, NULL, error);
}

const CpLinkSpec *
cp_gpu_match_find_link (const CpProject *project, const char *text)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = cp_gpu_match_key (text);

  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    for (guint i = 0; catalogs[c] && i < cp_catalog_n_links (catalogs[c]); i++)
      {
        const CpLinkSpec *link = cp_catalog_get_link (catalogs[c], i);
        g_autofree char *id_key = cp_gpu_match_key (link->id ? link->id : "");
        g_autofree char *name_key = cp_gpu_match_key (link->name ? link->name : "");

        if (g_strcmp0 (link->id, text) == 0 || strcmp (id_key, query_key) == 0
            || strcmp (name_key, query_key) == 0)
          return link;
      }
  return NULL;
}

const CpLinkSpec *
cp_gpu_match_find_link_by_id (const CpProject *project, const char *id)
{
  const CpLinkSpec *link = NULL;

  if (id == NULL)
    return NULL;
  if (project)
    link = cp_catalog_find_link (project->custom, id);
  if (link == NULL)
    link = cp_catalog_find_link (cp_catalog_get_builtin (), id);
  return link;
}

/* Whether an entry of @catalog is of @model, by its name or its id. */
static gboolean
catalog_has_model (const CpCatalog *catalog, const char *model)
{
  EntryWords *words = catalog_words (catalog);
  gboolean found = FALSE;

  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog) && !found; i++)
    found = strcmp (words[i].name.model, model) == 0 || strcmp (words[i].id.model, model) == 0;
  catalog_words_release (catalog, words);
  return found;
}

/* How @query (its key, its words) stands to @catalog's entries: TRUE when
 * one is named exactly or by its model; the entries its key begins in
 * @n_partial. */
static gboolean
catalog_names_model (const CpCatalog *catalog, const char *text, const char *query_key,
                     const CpGpuWords *query, guint *n_partial)
{
  EntryWords *words = catalog_words (catalog);
  gboolean found = FALSE;

  *n_partial = 0;
  for (guint i = 0; catalog && i < cp_catalog_n_gpus (catalog) && !found; i++)
    {
      const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);

      found = g_strcmp0 (gpu->id, text) == 0 || strcmp (words[i].id_key, query_key) == 0
              || strcmp (words[i].name_key, query_key) == 0
              || (*query->model && (strcmp (words[i].name.model, query->model) == 0
                                    || strcmp (words[i].id.model, query->model) == 0));
      if (!found && (key_names (words[i].id_key, query_key) || key_names (words[i].name_key, query_key)))
        (*n_partial)++;
    }
  catalog_words_release (catalog, words);
  return found;
}

/* Whether @text names a model of the catalogue, even one left open
 * between parts ("A100": 40 or 80 GB).
 *
 * What cp_gpu_match_find() would say, without the entry it picks and the
 * message why not: the importer asks this of every cell it tries as a
 * GPU name, and finding the entry (its lists, its messages) was a fifth
 * of reading a sheet (issue 24). An entry named exactly or by its model
 * is found, or refused only for its memory or form, which still names
 * the model; a key that begins one entry's finds it; one that begins
 * several stops the search, and then only a later catalogue's model
 * names it. */
gboolean
cp_gpu_match_names_model (const CpProject *project, const char *text)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  g_autofree char *query_key = cp_gpu_match_key (text);
  CpGpuWords query;
  gboolean found = FALSE, ambiguous = FALSE;

  cp_gpu_match_read_words (text, &query);
  for (guint c = 0; c < G_N_ELEMENTS (catalogs) && !found; c++)
    {
      guint n_partial;

      if (ambiguous)
        {
          found = *query.model && catalog_has_model (catalogs[c], query.model);
          continue;
        }
      found = catalog_names_model (catalogs[c], text, query_key, &query, &n_partial);
      if (!found && n_partial == 1)
        found = TRUE;
      else if (!found && n_partial > 1)
        ambiguous = TRUE;
    }
  g_free (query.model);
  return found;
}

const CpGpuSpec *
cp_gpu_match_find_in_text (const CpProject *project, const char *text)
{
  const CpCatalog *catalogs[2] = { project ? project->custom : NULL, cp_catalog_get_builtin () };
  /* Its words of ASCII letters and digits: "8xA800", "H800", "80GB";
   * "昇腾910B" gives "910B". */
  g_auto(GStrv) words = g_regex_split_simple ("[^A-Za-z0-9]+", text != NULL ? text : "", 0, 0);
  const CpGpuSpec *named = NULL;

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *word = g_ascii_strdown (words[i], -1);
      g_autofree char *size = words[i + 1] != NULL ? g_ascii_strdown (words[i + 1], -1) : NULL;
      g_autofree char *name = NULL;
      const char *model;
      const CpGpuSpec *gpu;
      double gb;
      gboolean known = FALSE;

      /* "8xA800": a count run into the model. */
      model = word + strspn (word, "0123456789");
      model = model > word && *model == 'x' && model[1] != '\0' ? model + 1 : word;
      /* A model has a digit; "80GB" and "400G" are sizes. */
      if (strpbrk (model, "0123456789") == NULL || is_memory_word (model, &gb))
        continue;
      for (guint c = 0; c < G_N_ELEMENTS (catalogs) && !known; c++)
        known = catalog_has_model (catalogs[c], model);
      if (!known)
        continue;
      /* The memory written after it picks between sizes ("A100 80GB"). */
      name = size != NULL && is_memory_word (size, &gb) ? g_strdup_printf ("%s %s", model, size) : g_strdup (model);
      gpu = cp_gpu_match_find (project, name, NULL, NULL, NULL);
      if (gpu == NULL)
        continue;
      /* Two GPUs named ("A800 or H800") are no guess. */
      if (named != NULL && named != gpu)
        return NULL;
      named = gpu;
    }
  return named;
}
