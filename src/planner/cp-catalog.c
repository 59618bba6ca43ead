/* cp-catalog.c: catalogues of models, GPUs and intra-node links.
 *
 * Each catalogue is GKeyFile text, one group per entry named by its id.
 * Every entry is checked before any is added, so a bad file leaves the
 * catalogue as it was and the error names the entry and the key.
 */
#include "config.h"

#include "cp-catalog.h"
#include "cp-units.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

struct _CpCatalog {
  /* Heap-allocated records: pointers handed out stay valid while entries
   * are added. */
  GPtrArray *models;   /* CpModelSpec* */
  GPtrArray *gpus;     /* CpGpuSpec* */
  GPtrArray *links;    /* CpLinkSpec* */
};

static void
model_free (gpointer data)
{
  cp_model_spec_clear (data);
  g_free (data);
}

static void
gpu_free (gpointer data)
{
  cp_gpu_spec_clear (data);
  g_free (data);
}

static void
link_free (gpointer data)
{
  cp_link_spec_clear (data);
  g_free (data);
}

CpCatalog *
cp_catalog_new (void)
{
  CpCatalog *catalog = g_new0 (CpCatalog, 1);

  catalog->models = g_ptr_array_new_with_free_func (model_free);
  catalog->gpus = g_ptr_array_new_with_free_func (gpu_free);
  catalog->links = g_ptr_array_new_with_free_func (link_free);
  return catalog;
}

void
cp_catalog_free (CpCatalog *catalog)
{
  if (catalog == NULL)
    return;
  g_ptr_array_unref (catalog->models);
  g_ptr_array_unref (catalog->gpus);
  g_ptr_array_unref (catalog->links);
  g_free (catalog);
}

/* Reading one entry */

typedef struct {
  GKeyFile   *keyfile;
  const char *group;
} Entry;

static gboolean
missing (const Entry  *entry,
         const char   *key,
         GError      **error)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
               _("Catalogue entry “%s”: key “%s” is missing"), entry->group, key);
  return FALSE;
}

static gboolean
get_string (const Entry  *entry,
            const char   *key,
            char        **out,
            GError      **error)
{
  g_autofree char *value = g_key_file_get_string (entry->keyfile, entry->group, key, NULL);

  if (value == NULL || *g_strstrip (value) == '\0')
    return missing (entry, key, error);
  *out = g_steal_pointer (&value);
  return TRUE;
}

/* A number of the entry. Absent optional keys take @fallback. Values may be
 * written as people write them ("70e9", "7B"): cp_parse_count already refuses
 * negatives, NaN and infinities. @min is inclusive; @positive additionally
 * refuses zero. */
static gboolean
get_number (const Entry  *entry,
            const char   *key,
            gboolean      required,
            double        fallback,
            gboolean      positive,
            double        max,
            double       *out,
            GError      **error)
{
  g_autofree char *raw = g_key_file_get_value (entry->keyfile, entry->group, key, NULL);
  g_autoptr(GError) local_error = NULL;
  double value;

  if (raw == NULL)
    {
      if (required)
        return missing (entry, key, error);
      *out = fallback;
      return TRUE;
    }
  if (!cp_parse_count (raw, &value, &local_error))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”, key “%s”: %s"),
                   entry->group, key, local_error->message);
      return FALSE;
    }
  if (positive && value <= 0)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be greater than zero"),
                   entry->group, key);
      return FALSE;
    }
  if (value > max)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be at most %s"),
                   entry->group, key, g_ascii_formatd (buf, sizeof buf, "%g", max));
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
get_uint (const Entry  *entry,
          const char   *key,
          gboolean      required,
          guint         fallback,
          gboolean      positive,
          guint         max,
          guint        *out,
          GError      **error)
{
  double value;

  if (!get_number (entry, key, required, fallback, positive, max, &value, error))
    return FALSE;
  if (value != floor (value))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be a whole number"),
                   entry->group, key);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

static gboolean
get_boolean (const Entry  *entry,
             const char   *key,
             gboolean     *out,
             GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean value;

  if (!g_key_file_has_key (entry->keyfile, entry->group, key, NULL))
    {
      *out = FALSE;
      return TRUE;
    }
  value = g_key_file_get_boolean (entry->keyfile, entry->group, key, &local_error);
  if (local_error != NULL)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be true or false"),
                   entry->group, key);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
get_verification (const Entry     *entry,
                  CpVerification  *out,
                  GError         **error)
{
  g_autofree char *value = NULL;

  if (!get_string (entry, "verification", &value, error))
    return FALSE;
  if (cp_verification_from_string (value, out))
    return TRUE;
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               _("Catalogue entry “%s”: “%s” must be one of primary, secondary or unverified"),
               entry->group, "verification");
  return FALSE;
}

static gboolean
not_above (const Entry  *entry,
           const char   *key,
           double        value,
           const char   *limit_key,
           double        limit,
           GError      **error)
{
  if (value <= limit)
    return TRUE;
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               _("Catalogue entry “%s”: “%s” must not exceed “%s”"),
               entry->group, key, limit_key);
  return FALSE;
}

static gboolean
parse_model (const Entry  *entry,
             gpointer      record,
             GError      **error)
{
  CpModelSpec *model = record;
  CpVerification verification;

  model->id = g_strdup (entry->group);
  if (!get_string (entry, "name", &model->name, error) ||
      !get_string (entry, "source", &model->source, error) ||
      !get_verification (entry, &verification, error) ||
      !get_number (entry, "params", TRUE, 0, TRUE, 1e15, &model->params, error) ||
      !get_number (entry, "active_params", FALSE, model->params, TRUE, 1e15,
                   &model->active_params, error) ||
      !not_above (entry, "active_params", model->active_params, "params", model->params, error) ||
      !get_uint (entry, "layers", TRUE, 0, TRUE, 10000, &model->layers, error) ||
      !get_uint (entry, "hidden", TRUE, 0, TRUE, 1000000, &model->hidden, error) ||
      !get_uint (entry, "heads", TRUE, 0, TRUE, 10000, &model->heads, error) ||
      !get_uint (entry, "kv_heads", FALSE, model->heads, TRUE, 10000, &model->kv_heads, error) ||
      !not_above (entry, "kv_heads", model->kv_heads, "heads", model->heads, error) ||
      !get_uint (entry, "head_dim", FALSE, 0, FALSE, 65536, &model->head_dim, error) ||
      !get_uint (entry, "ffn", TRUE, 0, TRUE, 10000000, &model->ffn, error) ||
      !get_uint (entry, "vocab", TRUE, 0, TRUE, 100000000, &model->vocab, error) ||
      !get_boolean (entry, "tied_embeddings", &model->tied_embeddings, error) ||
      !get_boolean (entry, "gated_mlp", &model->gated_mlp, error) ||
      !get_uint (entry, "experts_total", FALSE, 0, FALSE, 100000, &model->experts_total, error) ||
      !get_uint (entry, "experts_active", model->experts_total > 1, 0, model->experts_total > 1,
                 100000, &model->experts_active, error) ||
      !not_above (entry, "experts_active", model->experts_active,
                  "experts_total", MAX (model->experts_total, 1), error) ||
      !get_uint (entry, "shared_experts", FALSE, 0, FALSE, 100000, &model->shared_experts, error) ||
      !get_uint (entry, "expert_ffn", FALSE, 0, FALSE, 10000000, &model->expert_ffn, error) ||
      !get_uint (entry, "shared_expert_ffn", FALSE, 0, FALSE, 10000000, &model->shared_expert_ffn, error) ||
      !get_uint (entry, "dense_layers", FALSE, 0, FALSE, 10000, &model->dense_layers, error) ||
      !not_above (entry, "dense_layers", model->dense_layers, "layers", model->layers, error) ||
      !get_uint (entry, "dense_ffn", FALSE, 0, FALSE, 10000000, &model->dense_ffn, error) ||
      !get_uint (entry, "kv_latent_dim", FALSE, 0, FALSE, 1000000, &model->kv_latent_dim, error) ||
      !get_uint (entry, "q_lora_rank", FALSE, 0, FALSE, 1000000, &model->q_lora_rank, error) ||
      !get_uint (entry, "kv_lora_rank", FALSE, 0, FALSE, 1000000, &model->kv_lora_rank, error) ||
      !get_uint (entry, "qk_rope_head_dim", model->kv_lora_rank > 0, 0, model->kv_lora_rank > 0,
                 65536, &model->qk_rope_head_dim, error) ||
      !get_uint (entry, "qk_nope_head_dim", model->kv_lora_rank > 0, 0, model->kv_lora_rank > 0,
                 65536, &model->qk_nope_head_dim, error) ||
      !get_uint (entry, "v_head_dim", model->kv_lora_rank > 0, 0, model->kv_lora_rank > 0,
                 65536, &model->v_head_dim, error))
    return FALSE;

  /* Expert fields describe a mixture of experts; on a dense model they
   * would be silently ignored, so they are refused. */
  if (model->experts_total <= 1)
    {
      static const char * const moe_keys[] = {
        "shared_experts", "expert_ffn", "shared_expert_ffn", "dense_layers", "dense_ffn",
      };

      for (guint i = 0; i < G_N_ELEMENTS (moe_keys); i++)
        if (g_key_file_has_key (entry->keyfile, entry->group, moe_keys[i], NULL))
          {
            g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                         _("Catalogue entry “%s”: “%s” needs “%s” above 1"),
                         entry->group, moe_keys[i], "experts_total");
            return FALSE;
          }
    }
  /* The other MLA ranks shape nothing without the latent of keys and values. */
  if (model->kv_lora_rank == 0 &&
      (model->q_lora_rank > 0 || model->qk_rope_head_dim > 0 ||
       model->qk_nope_head_dim > 0 || model->v_head_dim > 0))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: MLA ranks need “%s”"),
                   entry->group, "kv_lora_rank");
      return FALSE;
    }
  /* MLA caches the latent and the decoupled RoPE key (DeepSeek-V2 §2.1.2). */
  if (model->kv_lora_rank > 0 && model->kv_latent_dim == 0)
    model->kv_latent_dim = model->kv_lora_rank + model->qk_rope_head_dim;

  /* Grouped-query attention shares each K/V head among a whole number of
   * query heads. */
  if (model->heads % model->kv_heads != 0)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be a multiple of “%s”"),
                   entry->group, "heads", "kv_heads");
      return FALSE;
    }
  if (model->head_dim == 0 && model->hidden % model->heads != 0)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("Catalogue entry “%s”: “%s” must be a multiple of “%s” unless “%s” is given"),
                   entry->group, "hidden", "heads", "head_dim");
      return FALSE;
    }
  return TRUE;
}

/* The figures the entry's "unconfirmed" list names (gpus.ini keys,
 * separated by ';'), as CpGpuFigure bits; none when the key is absent. */
static gboolean
get_unconfirmed (const Entry  *entry,
                 guint        *out,
                 GError      **error)
{
  g_auto(GStrv) keys = NULL;

  *out = 0;
  if (!g_key_file_has_key (entry->keyfile, entry->group, "unconfirmed", NULL))
    return TRUE;
  keys = g_key_file_get_string_list (entry->keyfile, entry->group, "unconfirmed", NULL, NULL);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      CpGpuFigure figure;

      g_strstrip (keys[i]);
      if (keys[i][0] == '\0')
        continue;
      if (!cp_gpu_figure_from_string (keys[i], &figure))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       _("Catalogue entry “%s”: “%s” names “%s”, which is not one of its figures"),
                       entry->group, "unconfirmed", keys[i]);
          return FALSE;
        }
      *out |= 1u << figure;
    }
  return TRUE;
}

static gboolean
parse_gpu (const Entry  *entry,
           gpointer      record,
           GError      **error)
{
  CpGpuSpec *gpu = record;
  gboolean flash_attention = TRUE;

  gpu->id = g_strdup (entry->group);
  if (g_key_file_has_key (entry->keyfile, entry->group, "flash_attention", NULL) &&
      !get_boolean (entry, "flash_attention", &flash_attention, error))
    return FALSE;
  gpu->no_flash_attention = !flash_attention;
  return get_string (entry, "name", &gpu->name, error) &&
         get_string (entry, "source", &gpu->source, error) &&
         get_verification (entry, &gpu->verification, error) &&
         get_unconfirmed (entry, &gpu->unconfirmed, error) &&
         get_number (entry, "memory_nominal_gb", TRUE, 0, TRUE, 1e5,
                     &gpu->memory_nominal_gb, error) &&
         get_number (entry, "dense_bf16_flops", TRUE, 0, TRUE, 1e18,
                     &gpu->dense_bf16_flops, error) &&
         get_number (entry, "dense_fp8_flops", TRUE, 0, FALSE, 1e18,
                     &gpu->dense_fp8_flops, error) &&
         get_number (entry, "dense_fp32_flops", TRUE, 0, TRUE, 1e18,
                     &gpu->dense_fp32_flops, error) &&
         get_number (entry, "memory_bandwidth_gbytes_per_s", TRUE, 0, TRUE, 1e6,
                     &gpu->memory_bandwidth_gbytes_per_s, error) &&
         get_string (entry, "default_intra_link", &gpu->default_intra_link, error);
}

static gboolean
parse_link (const Entry  *entry,
            gpointer      record,
            GError      **error)
{
  CpLinkSpec *link = record;
  link->id = g_strdup (entry->group);
  return get_string (entry, "name", &link->name, error) &&
         get_string (entry, "source", &link->source, error) &&
         get_verification (entry, &link->verification, error) &&
         get_number (entry, "per_direction_gbytes_per_s", TRUE, 0, TRUE, 1e5,
                     &link->per_direction_gbytes_per_s, error);
}

typedef gboolean (*ParseFunc) (const Entry *entry, gpointer record, GError **error);

/* Parses every group of @data into a new record of @record_size bytes;
 * on the first bad entry nothing is returned. */
static GPtrArray *
parse_all (const char     *data,
           gsize           len,
           gsize           record_size,
           ParseFunc       parse,
           GDestroyNotify  free_record,
           GError        **error)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (free_record);
  g_auto(GStrv) groups = NULL;

  if (!g_key_file_load_from_data (keyfile, data, len, G_KEY_FILE_NONE, error))
    return NULL;

  groups = g_key_file_get_groups (keyfile, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      Entry entry = { keyfile, groups[i] };
      gpointer record = g_malloc0 (record_size);

      g_ptr_array_add (records, record);
      if (!parse (&entry, record, error))
        return NULL;
    }
  return g_steal_pointer (&records);
}

gboolean
cp_catalog_load_models (CpCatalog   *catalog,
                        const char  *data,
                        gsize        len,
                        GError     **error)
{
  g_autoptr(GPtrArray) models = parse_all (data, len, sizeof (CpModelSpec),
                                           parse_model, model_free, error);

  if (models == NULL)
    return FALSE;
  for (guint i = 0; i < models->len; i++)
    cp_catalog_add_model (catalog, g_ptr_array_index (models, i));
  return TRUE;
}

gboolean
cp_catalog_load_gpus (CpCatalog   *catalog,
                      const char  *data,
                      gsize        len,
                      GError     **error)
{
  g_autoptr(GPtrArray) gpus = parse_all (data, len, sizeof (CpGpuSpec),
                                         parse_gpu, gpu_free, error);

  if (gpus == NULL)
    return FALSE;
  for (guint i = 0; i < gpus->len; i++)
    cp_catalog_add_gpu (catalog, g_ptr_array_index (gpus, i));
  return TRUE;
}

gboolean
cp_catalog_load_links (CpCatalog   *catalog,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  g_autoptr(GPtrArray) links = parse_all (data, len, sizeof (CpLinkSpec),
                                          parse_link, link_free, error);

  if (links == NULL)
    return FALSE;
  for (guint i = 0; i < links->len; i++)
    cp_catalog_add_link (catalog, g_ptr_array_index (links, i));
  return TRUE;
}

/* Adding: an entry with the id of an existing one replaces it, which is how
 * a project's own entries take precedence. */

static int
find_model_index (const CpCatalog *catalog,
                  const char      *id)
{
  for (guint i = 0; id != NULL && i < catalog->models->len; i++)
    if (g_strcmp0 (((CpModelSpec *) g_ptr_array_index (catalog->models, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
find_gpu_index (const CpCatalog *catalog,
                const char      *id)
{
  for (guint i = 0; id != NULL && i < catalog->gpus->len; i++)
    if (g_strcmp0 (((CpGpuSpec *) g_ptr_array_index (catalog->gpus, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
find_link_index (const CpCatalog *catalog,
                 const char      *id)
{
  for (guint i = 0; id != NULL && i < catalog->links->len; i++)
    if (g_strcmp0 (((CpLinkSpec *) g_ptr_array_index (catalog->links, i))->id, id) == 0)
      return (int) i;
  return -1;
}

void
cp_catalog_add_model (CpCatalog         *catalog,
                      const CpModelSpec *model)
{
  int index = find_model_index (catalog, model->id);

  if (index >= 0)
    cp_model_spec_copy (g_ptr_array_index (catalog->models, index), model);
  else
    {
      CpModelSpec *copy = g_new0 (CpModelSpec, 1);

      cp_model_spec_copy (copy, model);
      g_ptr_array_add (catalog->models, copy);
    }
}

void
cp_catalog_add_gpu (CpCatalog       *catalog,
                    const CpGpuSpec *gpu)
{
  int index = find_gpu_index (catalog, gpu->id);

  if (index >= 0)
    cp_gpu_spec_copy (g_ptr_array_index (catalog->gpus, index), gpu);
  else
    {
      CpGpuSpec *copy = g_new0 (CpGpuSpec, 1);

      cp_gpu_spec_copy (copy, gpu);
      g_ptr_array_add (catalog->gpus, copy);
    }
}

void
cp_catalog_add_link (CpCatalog        *catalog,
                     const CpLinkSpec *link)
{
  int index = find_link_index (catalog, link->id);

  if (index >= 0)
    cp_link_spec_copy (g_ptr_array_index (catalog->links, index), link);
  else
    {
      CpLinkSpec *copy = g_new0 (CpLinkSpec, 1);

      cp_link_spec_copy (copy, link);
      g_ptr_array_add (catalog->links, copy);
    }
}

void
cp_catalog_add_all (CpCatalog       *catalog,
                    const CpCatalog *entries)
{
  for (guint i = 0; i < entries->models->len; i++)
    cp_catalog_add_model (catalog, g_ptr_array_index (entries->models, i));
  for (guint i = 0; i < entries->gpus->len; i++)
    cp_catalog_add_gpu (catalog, g_ptr_array_index (entries->gpus, i));
  for (guint i = 0; i < entries->links->len; i++)
    cp_catalog_add_link (catalog, g_ptr_array_index (entries->links, i));
}

const CpModelSpec *
cp_catalog_find_model (const CpCatalog *catalog,
                       const char      *id)
{
  int index = find_model_index (catalog, id);

  return index >= 0 ? g_ptr_array_index (catalog->models, index) : NULL;
}

const CpGpuSpec *
cp_catalog_find_gpu (const CpCatalog *catalog,
                     const char      *id)
{
  int index = find_gpu_index (catalog, id);

  return index >= 0 ? g_ptr_array_index (catalog->gpus, index) : NULL;
}

const CpGpuSpec *
cp_catalog_find_gpu_named (const CpCatalog *catalog,
                           const char      *text)
{
  const CpGpuSpec *exact = cp_catalog_find_gpu (catalog, text);

  /* An exact id first: a custom entry "A800" beside the catalogue's
   * "a800" is the one its id names. */
  if (exact != NULL || text == NULL)
    return exact;
  for (guint i = 0; i < catalog->gpus->len; i++)
    {
      const CpGpuSpec *gpu = g_ptr_array_index (catalog->gpus, i);

      if (g_ascii_strcasecmp (gpu->id, text) == 0 || (gpu->name != NULL && g_ascii_strcasecmp (gpu->name, text) == 0))
        return gpu;
    }
  return NULL;
}

const CpLinkSpec *
cp_catalog_find_link (const CpCatalog *catalog,
                      const char      *id)
{
  int index = find_link_index (catalog, id);

  return index >= 0 ? g_ptr_array_index (catalog->links, index) : NULL;
}

guint
cp_catalog_n_models (const CpCatalog *catalog)
{
  return catalog->models->len;
}

guint
cp_catalog_n_gpus (const CpCatalog *catalog)
{
  return catalog->gpus->len;
}

guint
cp_catalog_n_links (const CpCatalog *catalog)
{
  return catalog->links->len;
}

const CpModelSpec *
cp_catalog_get_model (const CpCatalog *catalog,
                      guint            index)
{
  g_return_val_if_fail (index < catalog->models->len, NULL);
  return g_ptr_array_index (catalog->models, index);
}

const CpGpuSpec *
cp_catalog_get_gpu (const CpCatalog *catalog,
                    guint            index)
{
  g_return_val_if_fail (index < catalog->gpus->len, NULL);
  return g_ptr_array_index (catalog->gpus, index);
}

const CpLinkSpec *
cp_catalog_get_link (const CpCatalog *catalog,
                     guint            index)
{
  g_return_val_if_fail (index < catalog->links->len, NULL);
  return g_ptr_array_index (catalog->links, index);
}

/* The built-in catalogue */

typedef gboolean (*LoadFunc) (CpCatalog *catalog, const char *data, gsize len, GError **error);

static void
load_builtin_file (CpCatalog  *catalog,
                   const char *name,
                   LoadFunc    load)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX "/catalog/", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  gsize len;
  const char *data;

  /* The files are compiled into the executable and checked by the tests,
   * so a failure here is a broken build, not bad input. */
  if (bytes == NULL)
    g_error ("Built-in catalogue %s: %s", path, error->message);
  data = g_bytes_get_data (bytes, &len);
  if (!load (catalog, data, len, &error))
    g_error ("Built-in catalogue %s: %s", path, error->message);
}

const CpCatalog *
cp_catalog_get_builtin (void)
{
  static CpCatalog *builtin = NULL;

  if (g_once_init_enter (&builtin))
    {
      CpCatalog *catalog = cp_catalog_new ();

      load_builtin_file (catalog, "links.ini", cp_catalog_load_links);
      load_builtin_file (catalog, "gpus.ini", cp_catalog_load_gpus);
      load_builtin_file (catalog, "models.ini", cp_catalog_load_models);
      g_once_init_leave (&builtin, catalog);
    }
  return builtin;
}
