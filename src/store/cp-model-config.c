/* cp-model-config.c: a model from its config.json. */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "cp-model-config.h"
#include "planner/cp-job.h"

G_DEFINE_QUARK (cp-model-config-error-quark, cp_model_config_error)

void
cp_model_config_free (CpModelConfig *config)
{
  if (config == NULL)
    return;
  cp_model_spec_clear (&config->model);
  g_ptr_array_unref (config->notes);
  g_free (config);
}

/* The first of @keys that @object has, as a whole number: FALSE when none
 * is there, or (with @error) when it is not a count. */
static gboolean
read_count (JsonObject  *object,
            const char  *const *keys,
            guint       *out,
            gboolean    *found,
            GError     **error)
{
  *found = FALSE;
  for (guint i = 0; keys[i]; i++)
    {
      JsonNode *node = json_object_get_member (object, keys[i]);
      double v;

      if (node == NULL || JSON_NODE_HOLDS_NULL (node))
        continue;
      if (!JSON_NODE_HOLDS_VALUE (node) ||
          (json_node_get_value_type (node) != G_TYPE_INT64 &&
           json_node_get_value_type (node) != G_TYPE_DOUBLE))
        {
          g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                       _("config.json: “%s” is not a number"), keys[i]);
          return FALSE;
        }
      v = json_node_get_value_type (node) == G_TYPE_INT64 ? (double) json_node_get_int (node)
                                                          : json_node_get_double (node);
      if (!isfinite (v) || v < 0 || v > 1e9 || v != floor (v))
        {
          g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                       _("config.json: “%s” is not a whole number a model can have"), keys[i]);
          return FALSE;
        }
      *out = (guint) v;
      *found = TRUE;
      return TRUE;
    }
  return TRUE;
}

typedef struct {
  const char *const *keys;
  gsize              offset;   /* a guint in CpModelSpec */
  gboolean           required;
} Key;

#define KEYS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* config.json's names for each field, as each family spells it. */
static const Key keys[] = {
  { KEYS ("num_hidden_layers", "n_layer", "num_layers"), G_STRUCT_OFFSET (CpModelSpec, layers), TRUE },
  { KEYS ("hidden_size", "n_embd", "d_model"), G_STRUCT_OFFSET (CpModelSpec, hidden), TRUE },
  { KEYS ("num_attention_heads", "n_head"), G_STRUCT_OFFSET (CpModelSpec, heads), TRUE },
  { KEYS ("num_key_value_heads", "multi_query_group_num"), G_STRUCT_OFFSET (CpModelSpec, kv_heads), FALSE },
  { KEYS ("head_dim"), G_STRUCT_OFFSET (CpModelSpec, head_dim), FALSE },
  { KEYS ("intermediate_size", "ffn_hidden_size", "n_inner"), G_STRUCT_OFFSET (CpModelSpec, ffn), TRUE },
  { KEYS ("vocab_size", "padded_vocab_size"), G_STRUCT_OFFSET (CpModelSpec, vocab), TRUE },
  { KEYS ("num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"),
    G_STRUCT_OFFSET (CpModelSpec, experts_total), FALSE },
  { KEYS ("num_experts_per_tok", "experts_per_token", "moe_top_k"),
    G_STRUCT_OFFSET (CpModelSpec, experts_active), FALSE },
  { KEYS ("n_shared_experts", "num_shared_experts"), G_STRUCT_OFFSET (CpModelSpec, shared_experts), FALSE },
  { KEYS ("moe_intermediate_size"), G_STRUCT_OFFSET (CpModelSpec, expert_ffn), FALSE },
  { KEYS ("shared_expert_intermediate_size"), G_STRUCT_OFFSET (CpModelSpec, shared_expert_ffn), FALSE },
  { KEYS ("first_k_dense_replace"), G_STRUCT_OFFSET (CpModelSpec, dense_layers), FALSE },
  { KEYS ("q_lora_rank"), G_STRUCT_OFFSET (CpModelSpec, q_lora_rank), FALSE },
  { KEYS ("kv_lora_rank"), G_STRUCT_OFFSET (CpModelSpec, kv_lora_rank), FALSE },
  { KEYS ("qk_rope_head_dim"), G_STRUCT_OFFSET (CpModelSpec, qk_rope_head_dim), FALSE },
  { KEYS ("qk_nope_head_dim"), G_STRUCT_OFFSET (CpModelSpec, qk_nope_head_dim), FALSE },
  { KEYS ("v_head_dim"), G_STRUCT_OFFSET (CpModelSpec, v_head_dim), FALSE },
};

static const char *
string_member (JsonObject *object, const char *key)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

static gboolean
bool_member (JsonObject *object, const char *key, gboolean *out)
{
  JsonNode *node = json_object_get_member (object, key);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* "Qwen/Qwen3-8B" → "qwen3-8b". */
static char *
id_from_name (const char *name)
{
  const char *base = strrchr (name, '/');
  g_autofree char *lower = g_utf8_strdown (base ? base + 1 : name, -1);

  g_strcanon (lower, "abcdefghijklmnopqrstuvwxyz0123456789.-", '-');
  return g_steal_pointer (&lower);
}

static void G_GNUC_PRINTF (2, 3)
note (CpModelConfig *config, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (config->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

/* Hugging Face configurations nest a few levels (text_config inside a
 * vision model's, rope_scaling inside that); json-glib recurses once per
 * level, and 80,000 levels (160 KB) overflowed the stack. */
#define CONFIG_MAX_NESTING 64

/* What a look at @data's brackets shows before json-glib reads it
 * (brackets inside strings do not count). */
typedef struct {
  gboolean too_deep;    /* an array or object deeper than CONFIG_MAX_NESTING */
  gboolean not_object;  /* the text does not begin with an object */
  gboolean more_after;  /* something follows the first value's closing bracket */
  gboolean comment;     /* a slash outside a string: a comment, which JSON has not */
} JsonShape;

/* json-glib 1.6 reads a second value after the first ("{…} {}",
 * "8 {}") without a complaint, keeps one of them and leaks the other
 * (a fuzz finding): a config.json is one object, and anything else is
 * refused here. A UTF-8 byte-order mark first (Windows editors write
 * one) is skipped, as json-glib skips it. A comment is refused: JSON has
 * none, transformers never writes one, and json-glib's reading of an
 * unclosed one let a second value through (another fuzz finding). */
static JsonShape
scan_shape (const char *data,
            gsize       len)
{
  JsonShape shape = { FALSE, FALSE, FALSE, FALSE };
  gboolean in_string = FALSE, closed = FALSE, begun = FALSE;
  guint depth = 0;
  gsize i = 0;

  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  for (; i < len; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '/')
        {
          shape.comment = TRUE;
          return shape;
        }
      if (depth == 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r')
        {
          if (closed)
            shape.more_after = TRUE;
          else if (!begun && c != '{')
            shape.not_object = TRUE;
          begun = TRUE;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > CONFIG_MAX_NESTING)
            {
              shape.too_deep = TRUE;
              return shape;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        {
          if (--depth == 0)
            closed = TRUE;
        }
    }
  return shape;
}

/* The name a config.json's file gives its model where the file names
 * none: a "config.json" is named by its folder, as Hugging Face
 * downloads are ("Qwen2.5-7B-Instruct/config.json"), any other file by
 * its own name ("qwen2.5-7b.json"); NULL for a folder that names no model
 * (the hash of a Hugging Face cache snapshot, the root). */
static char *
name_from_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *folder = NULL;
  g_autofree char *dir = NULL;
  const char *dot;

  if (g_ascii_strcasecmp (base, "config.json") != 0)
    {
      dot = strrchr (base, '.');
      return dot != NULL && dot > base ? g_strndup (base, dot - base) : g_strdup (base);
    }
  dir = g_path_get_dirname (path);
  folder = g_path_get_basename (dir);
  if (strcmp (folder, ".") == 0 || strcmp (folder, G_DIR_SEPARATOR_S) == 0 ||
      (strlen (folder) >= 32 && strspn (folder, "0123456789abcdef") == strlen (folder)))
    return NULL;
  return g_steal_pointer (&folder);
}

/* As cp_model_config_read(), @file_name the name the file's path gives
 * (name_from_path()), taken after the file's own "_name_or_path". */
static CpModelConfig *
read_config (const char  *data,
             gsize        len,
             const char  *id,
             const char  *name,
             const char  *file_name,
             GError     **error)
{
  g_autoptr(CpModelConfig) config = g_new0 (CpModelConfig, 1);
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  CpModelSpec *m = &config->model;
  JsonObject *root, *text;
  const char *name_or_path, *model_type, *act;
  const char *architecture = NULL;
  double stated;
  JsonShape shape;

  config->notes = g_ptr_array_new_with_free_func (g_free);
  if (len > CP_MODEL_CONFIG_MAX_BYTES)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_TOO_LARGE,
                   _("the file is larger than a config.json can be (at most %d KiB); it was not read"),
                   CP_MODEL_CONFIG_MAX_BYTES / 1024);
      return NULL;
    }
  shape = scan_shape (data, len);
  if (shape.too_deep)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON,
                   /* TRANSLATORS: %d is the deepest nesting accepted */
                   _("the file is not a model configuration: its lists and objects are nested "
                     "more than %d levels deep; it was not read"), CONFIG_MAX_NESTING);
      return NULL;
    }
  if (shape.comment)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON,
                   _("the file is not JSON: a “/” outside a string begins a comment, which JSON "
                     "does not have; it was not read"));
      return NULL;
    }
  if (shape.not_object)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json: the file is not a JSON object"));
      return NULL;
    }
  if (shape.more_after)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON,
                   _("the file is not a model configuration: more follows the object that "
                     "should be the whole file; it was not read"));
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) len, &local))
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_JSON,
                   _("the file is not JSON: %s"), local->message);
      return NULL;
    }
  /* json-glib reads an empty file as a document without a root. */
  if (json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json: the file is not a JSON object"));
      return NULL;
    }
  root = json_node_get_object (json_parser_get_root (parser));
  /* Multimodal configs (Llama 4) keep the language model in text_config. */
  text = root;
  if (json_object_has_member (root, "text_config") &&
      JSON_NODE_HOLDS_OBJECT (json_object_get_member (root, "text_config")) &&
      !json_object_has_member (root, "num_hidden_layers"))
    text = json_object_get_object_member (root, "text_config");

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      gboolean found;
      if (!read_count (text, keys[i].keys, (guint *) ((guint8 *) m + keys[i].offset), &found, error))
        return NULL;
      if (!found && keys[i].required)
        {
          g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                       _("config.json has no “%s”: it does not describe a transformer this "
                         "application can size"), keys[i].keys[0]);
          return NULL;
        }
    }
  if (m->layers == 0 || m->hidden == 0 || m->heads == 0 || m->vocab == 0 || m->ffn == 0)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json gives a model of zero layers, width, heads, FFN or vocabulary"));
      return NULL;
    }

  /* Llama 4 names the dense MLP intermediate_size_mlp and the expert's
   * intermediate_size. */
  {
    const char *const dense_keys[] = { "intermediate_size_mlp", NULL };
    guint dense_ffn = 0;
    gboolean found;
    if (!read_count (text, dense_keys, &dense_ffn, &found, error))
      return NULL;
    /* Llama 4: every MoE layer also has one shared expert of the routed
     * experts' width (Llama4TextMoe's shared_expert); the dense layers'
     * MLP is intermediate_size_mlp. */
    if (found && m->experts_total > 1)
      {
        m->dense_ffn = dense_ffn;
        m->shared_experts = 1;
      }
  }

  /* The catalogue's convention (models.ini): for a mixture of experts ffn
   * is one routed expert's width and dense_ffn the leading dense layers'
   * MLP, which config.json calls intermediate_size (DeepSeek, GLM, Qwen). */
  if (m->experts_total > 1 && m->expert_ffn > 0)
    {
      if (m->dense_ffn == 0 && m->dense_layers > 0)
        m->dense_ffn = m->ffn;
      m->ffn = m->expert_ffn;
    }

  if (m->kv_heads == 0)
    m->kv_heads = m->heads;
  if (m->head_dim == m->hidden / m->heads)
    m->head_dim = 0;   /* the default, as the catalogue writes it */
  if (m->kv_heads > m->heads || m->heads % m->kv_heads != 0)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json: %u key/value heads do not divide %u attention heads"),
                   m->kv_heads, m->heads);
      return NULL;
    }
  if (m->experts_total > 1 && m->experts_active == 0)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json gives %u experts but not how many a token uses "
                     "(num_experts_per_tok)"), m->experts_total);
      return NULL;
    }
  if (m->experts_total <= 1)
    m->experts_active = 0;
  if (m->shared_expert_ffn > 0 && m->shared_experts == 0)
    m->shared_experts = 1;   /* Qwen2-MoE: one shared expert of that width */
  if (m->kv_lora_rank > 0)
    {
      /* MLA caches the latent and the decoupled RoPE key (DeepSeek-V2 §2.1). */
      m->kv_latent_dim = m->kv_lora_rank + m->qk_rope_head_dim;
      if (m->v_head_dim == 0 || m->qk_nope_head_dim + m->qk_rope_head_dim == 0)
        {
          g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                       _("config.json gives kv_lora_rank but not the MLA head sizes "
                         "(qk_nope_head_dim, qk_rope_head_dim, v_head_dim)"));
          return NULL;
        }
      if (m->head_dim == 0)
        m->head_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
    }
  {
    const char *const interleave[] = { "interleave_moe_layer_step", "decoder_sparse_step", NULL };
    guint step = 0;
    gboolean found;
    if (!read_count (text, interleave, &step, &found, error))
      return NULL;
    /* Every step-th layer is sparse (Llama 4 Maverick: every second).
     * Which ones changes no count, so the rest are counted as the leading
     * dense layers the model knows. */
    if (found && step > 1 && m->experts_total > 1 && m->dense_layers == 0)
      {
        m->dense_layers = m->layers - m->layers / step;
        note (config, _("every %u-th layer is a mixture of experts: the other %u are counted as "
                        "dense layers"), step, m->dense_layers);
      }
  }

  /* HF's own default is to tie; most families write it out. */
  if (!bool_member (text, "tie_word_embeddings", &m->tied_embeddings) &&
      !bool_member (root, "tie_word_embeddings", &m->tied_embeddings))
    {
      m->tied_embeddings = FALSE;
      note (config, _("tie_word_embeddings is not given: separate input and output embeddings assumed"));
    }
  /* SwiGLU families name their activation silu (the gate's); GELU MLPs
   * (GPT-2, OPT, BLOOM) have two matrices. */
  act = string_member (text, "hidden_act");
  if (act == NULL)
    act = string_member (text, "activation_function");
  m->gated_mlp = act == NULL || strcmp (act, "silu") == 0 || strcmp (act, "swiglu") == 0;
  if (act == NULL)
    note (config, _("hidden_act is not given: a gated (SwiGLU) MLP assumed"));

  name_or_path = string_member (root, "_name_or_path");
  model_type = string_member (root, "model_type");
  {
    JsonNode *archs = json_object_get_member (root, "architectures");
    if (archs && JSON_NODE_HOLDS_ARRAY (archs) && json_array_get_length (json_node_get_array (archs)) > 0)
      {
        JsonNode *first = json_array_get_element (json_node_get_array (archs), 0);
        if (JSON_NODE_HOLDS_VALUE (first) && json_node_get_value_type (first) == G_TYPE_STRING)
          architecture = json_node_get_string (first);
      }
  }
  /* The model's name, not its architecture's class: an import named
   * "Qwen2ForCausalLM" (walkthrough 22) says nothing of which Qwen2. */
  if (name_or_path != NULL && (*name_or_path == '/' || *name_or_path == '.' || *name_or_path == '~' ||
                               strchr (name_or_path, '/') != strrchr (name_or_path, '/')))
    {
      /* A local path ("/data/models/Qwen2.5-7B"): its last part, not a
       * hub name's "Qwen/Qwen3-8B". */
      const char *base = strrchr (name_or_path, '/');

      name_or_path = base != NULL && base[1] != '\0' ? base + 1 : NULL;
    }
  if (name == NULL)
    name = name_or_path ? name_or_path : file_name ? file_name : model_type ? model_type : architecture;
  m->id = id ? g_strdup (id) : id_from_name (name ? name : "config");
  m->name = g_strdup (name ? name : m->id);

  m->params = cp_model_spec_params_from_architecture (m);
  m->active_params = m->experts_total > 1 ? cp_model_spec_active_params_from_architecture (m) : m->params;

  /* Few configs state their size; where one does it checks the reading. */
  stated = 0;
  for (const char *const *k = (const char *const[]) { "num_parameters", "num_params", "n_params",
                                                       "total_params", NULL }; *k; k++)
    {
      JsonNode *node = json_object_get_member (root, *k);
      if (node && JSON_NODE_HOLDS_VALUE (node) &&
          (json_node_get_value_type (node) == G_TYPE_INT64 || json_node_get_value_type (node) == G_TYPE_DOUBLE))
        {
          stated = json_node_get_value_type (node) == G_TYPE_INT64 ? (double) json_node_get_int (node)
                                                                   : json_node_get_double (node);
          break;
        }
    }
  config->stated_params = stated > 0 && isfinite (stated) ? stated : 0;
  if (config->stated_params > 0 && fabs (m->params / config->stated_params - 1) > 0.02)
    note (config, _("the architecture counts %.4g parameters, the file states %.4g: the count "
                    "leaves out biases and norms some models have"), m->params, config->stated_params);

  m->source = g_strdup_printf (_("config.json (%s, %s): architecture as written; parameters counted "
                                 "from it"), architecture ? architecture : "—", model_type ? model_type : "—");
  /* A file may hold figures no model has (10^8 heads): refused here with
   * the field named, not later by the first job that uses the model. */
  if (!cp_model_spec_validate (m, &local))
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,
                   _("config.json: %s"), local->message);
      return NULL;
    }
  return g_steal_pointer (&config);
}

CpModelConfig *
cp_model_config_read_file (const char  *path,
                           const char  *id,
                           const char  *name,
                           GError     **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  GStatBuf st;
  gsize len = 0;

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_IO,
                   _("could not read the file: it is not a regular file"));
      return NULL;
    }
  if (st.st_size > CP_MODEL_CONFIG_MAX_BYTES)
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_TOO_LARGE,
                   _("the file is larger than a config.json can be (at most %d KiB); it was not read"),
                   CP_MODEL_CONFIG_MAX_BYTES / 1024);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, CP_MODEL_CONFIG_ERROR, CP_MODEL_CONFIG_ERROR_IO,
                   _("could not read the file: %s"), local->message);
      return NULL;
    }
  {
    g_autofree char *file_name = name_from_path (path);

    return read_config (data, len, id, name, file_name, error);
  }
}

CpModelConfig *
cp_model_config_read (const char  *data,
                      gsize        len,
                      const char  *id,
                      const char  *name,
                      GError     **error)
{
  return read_config (data, len, id, name, NULL, error);
}
