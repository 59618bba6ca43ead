/* cp-model-config.h: a model from its Hugging Face config.json.
 *
 * Reads the architecture keys the families in use write (Llama, Qwen2/3
 * and their MoE, Mixtral, DeepSeek-V2/V3 and Kimi K2, GLM-4.5, gpt-oss,
 * Llama 4's text_config): layers, hidden, heads, KV heads, head_dim, FFN,
 * vocabulary, tied embeddings, routed and shared experts, expert width,
 * leading dense layers, MLA ranks. The parameter counts are the
 * architecture's (cp_model_spec_params_from_architecture); where the file
 * states a total it is compared with it. JSON is parsed by json-glib.
 */
#pragma once

#include "planner/cp-types.h"

G_BEGIN_DECLS

#define CP_MODEL_CONFIG_ERROR (cp_model_config_error_quark ())
GQuark cp_model_config_error_quark (void);

typedef enum {
  CP_MODEL_CONFIG_ERROR_IO,
  CP_MODEL_CONFIG_ERROR_TOO_LARGE,
  CP_MODEL_CONFIG_ERROR_NOT_JSON,
  CP_MODEL_CONFIG_ERROR_NOT_A_MODEL,   /* a key the architecture needs is missing or wrong */
} CpModelConfigError;

/* A config.json is a few kilobytes; a file over this is not one. */
#define CP_MODEL_CONFIG_MAX_BYTES (1024 * 1024)

typedef struct {
  CpModelSpec  model;
  GPtrArray   *notes;            /* char*: what was assumed or is not modelled */
  double       stated_params;    /* a total the file states, 0 when none */
} CpModelConfig;

/* @id and @name may be NULL: then they come from the file's
 * "_name_or_path", else (for a file) the folder of a config.json or the
 * file's own name, else its model_type. */
CpModelConfig *cp_model_config_read      (const char  *data,
                                          gsize        len,
                                          const char  *id,
                                          const char  *name,
                                          GError     **error);
CpModelConfig *cp_model_config_read_file (const char  *path,
                                          const char  *id,
                                          const char  *name,
                                          GError     **error);
void           cp_model_config_free      (CpModelConfig *config);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpModelConfig, cp_model_config_free)

G_END_DECLS
