/* cli-estimate.c: `compute-planner-cli estimate`, one job on one GPU
 * configuration, as a table or as XML. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cp-cli.h"
#include "cli-common.h"
#include "cli-estimate-private.h"
#include "cli-job-options.h"
#include "report/cp-chart.h"
#include "planner/cp-catalog.h"
#include "store/cp-gpu-match.h"
#include "store/cp-quote-offer.h"

static void
options_clear (Options *o)
{
  char **strings[] = {
    &o->model, &o->params, &o->active_params, &o->layers, &o->hidden, &o->heads,
    &o->kv_heads, &o->ffn, &o->vocab, &o->experts, &o->active_experts, &o->task,
    &o->q_lora_rank, &o->kv_lora_rank, &o->qk_rope_head_dim, &o->qk_nope_head_dim, &o->v_head_dim,
    &o->serving_memory_fraction,
    &o->gpu, &o->gpus_per_node, &o->nodes, &o->tokens, &o->seq_len,
    &o->micro_batch, &o->global_batch, &o->recompute, &o->zero, &o->tp, &o->pp, &o->ep, &o->virtual_stages,
    &o->precision, &o->optimizer, &o->bytes_convention, &o->memory_unit, &o->mfu,
    &o->context, &o->prompt_tokens, &o->output_tokens, &o->concurrency, &o->weight_bits, &o->kv_bits, &o->answer_within_s, &o->lora_rank, &o->lora_targets,
    &o->price_per_gpu_hour, &o->price_per_node_hour, &o->price_per_node_month, &o->price,
    &o->intra_link, &o->network, &o->nics, &o->nic_gbps, &o->host_memory_gib, &o->deadline_days,
    &o->duration_days, &o->output,
    &o->billing_granularity, &o->minimum_term, &o->network_fee, &o->storage_tb, &o->storage_price, &o->storage, &o->management_fee, &o->ops_support, &o->setup_fee, &o->offering, &o->vat_rate, &o->prices_include_vat, &o->part_rentable, &o->engineers, &o->engineer_day_cost, &o->measured_peak_memory, &o->measured_tokens_per_s, &o->measured_step_s, &o->measured_comm_share, &o->measured_kv_cache_tokens, &o->measured_gpus, &o->utilisation, &o->link_efficiency, &o->debug_share, &o->layout_headroom_time,
    &o->host_cpu_cores, &o->cpu_adam_rate,
    &o->failure_rate, &o->restart_time, &o->checkpoint_interval, &o->fp8_layout, &o->int4_constant_bits, &o->tp_comm_overlap, &o->moe_fp8_expert_speedup, &o->qlora_bits, &o->moe_max_nodes, &o->vllm_profile, &o->kv_admission, &o->serving_engine,
    &o->selective_recompute, &o->cross_entropy, &o->optimizer_states,
  };

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_clear_pointer (strings[i], g_free);
}

static void
estimate_clear (Estimate *e)
{
  options_clear (&e->options);
  cp_job_clear (&e->job);
  cp_quote_clear (&e->quote);
  e->plan = NULL;
  g_clear_pointer (&e->analysis, cp_project_analysis_free);
  g_clear_pointer (&e->project, cp_project_free);
}

static char *
known_ids (const CpCatalog *catalog,
           guint            (*count) (const CpCatalog *),
           const char      *(*id_at) (const CpCatalog *, guint))
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < count (catalog); i++)
    {
      if (i > 0)
        g_string_append (ids, ", ");
      g_string_append (ids, id_at (catalog, i));
    }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static guint
n_models (const CpCatalog *c)
{
  return cp_catalog_n_models (c);
}

static const char *
model_id (const CpCatalog *c, guint i)
{
  return cp_catalog_get_model (c, i)->id;
}

static guint
n_gpus (const CpCatalog *c)
{
  return cp_catalog_n_gpus (c);
}

static const char *
gpu_id (const CpCatalog *c, guint i)
{
  return cp_catalog_get_gpu (c, i)->id;
}

static guint
n_links (const CpCatalog *c)
{
  return cp_catalog_n_links (c);
}

static const char *
link_id (const CpCatalog *c, guint i)
{
  return cp_catalog_get_link (c, i)->id;
}

static gboolean
unknown_id (const char *option,
            const char *id,
            char       *known)
{
  g_autofree char *list = known;

  return cp_cli_bad_choice (option, id, list);
}

/* Single-character edits from @a to @b (Levenshtein), byte by byte: the
 * keys compared are the Latin letters and digits of GPU names. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize n_b = strlen (b);
  g_autofree guint *row = g_new (guint, n_b + 1);

  for (gsize j = 0; j <= n_b; j++)
    row[j] = (guint) j;
  for (gsize i = 1; a[i - 1] != '\0'; i++)
    {
      guint diagonal = row[0];

      row[0] = (guint) i;
      for (gsize j = 1; j <= n_b; j++)
        {
          guint above = row[j];
          guint best = MIN (row[j] + 1, row[j - 1] + 1);

          row[j] = MIN (best, diagonal + (a[i - 1] != b[j - 1]));
          diagonal = above;
        }
    }
  return row[n_b];
}

/* The catalogue GPUs an unknown --gpu most likely meant, by name
 * ("NVIDIA H800 SXM 80GB (h800)"): the one the importer would read the
 * text as ("H800 SXM"), else those whose id or name is fewest edits away
 * ("h80": h800 and h20), if that is at most half the text; NULL if none. */
static char *
nearest_gpus (const CpProject *project,
              const char      *text)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *read = cp_gpu_match_find (project, text, NULL, NULL, NULL);
  g_autofree char *key = cp_gpu_match_key (text);
  g_autoptr(GString) names = g_string_new (NULL);
  guint fewest = G_MAXUINT;

  if (read != NULL)
    return g_strdup_printf ("%s (%s)", read->name, read->id);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < cp_catalog_n_gpus (catalog); i++)
      {
        const CpGpuSpec *gpu = cp_catalog_get_gpu (catalog, i);
        g_autofree char *id_key = cp_gpu_match_key (gpu->id);
        g_autofree char *name_key = cp_gpu_match_key (gpu->name);
        guint edits = MIN (edit_distance (key, id_key), edit_distance (key, name_key));

        if (pass == 0)
          fewest = MIN (fewest, edits);
        else if (edits == fewest && fewest <= MAX (1, strlen (key) / 2))
          /* TRANSLATORS: between the catalogue GPUs an unknown --gpu may have meant */
          g_string_append_printf (names, "%s%s (%s)", names->len > 0 ? _(" or ") : "", gpu->name, gpu->id);
      }
  return names->len > 0 ? g_string_free (g_steal_pointer (&names), FALSE) : NULL;
}

/* --gpu names no catalogue entry: the ids it could be, and the nearest
 * by name first, as the window's list would show them. */
static gboolean
unknown_gpu (const CpProject *project,
             const char      *text)
{
  g_autofree char *ids = known_ids (cp_catalog_get_builtin (), n_gpus, gpu_id);
  g_autofree char *nearest = nearest_gpus (project, text);
  g_autofree char *choices = NULL;

  if (nearest == NULL)
    return cp_cli_bad_choice ("--gpu", text, ids);
  /* TRANSLATORS: the catalogue's GPU ids, then the GPUs --gpu may have meant:
   * "NVIDIA H800 SXM 80GB (h800)" */
  choices = g_strdup_printf (_("%s; did you mean %s?"), ids, nearest);
  return cp_cli_bad_choice ("--gpu", text, choices);
}

/* The model: a catalogue entry, a hand-entered architecture, or an entry
 * with some fields overridden (then it is no longer the catalogue's). */
static gboolean resolve_model_spec (Options *o, const CpProject *project, CpModelSpec *m,
                                    const CpCatalog *catalog);

static gboolean
resolve_model (Options         *o,
               const CpProject *project,
               CpJob           *job)
{
  CpModelSpec model = { 0 };
  CpModelSpec *m = &model;
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  gboolean ok = resolve_model_spec (o, project, m, catalog);

  if (ok)
    cp_job_set_model (job, m);
  cp_model_spec_clear (m);
  return ok;
}

/* Multi-head latent attention (DeepSeek-V2 §2.1), as config.json gives
 * it: the cache holds the KV latent and the decoupled RoPE key per layer,
 * the attention's head is the no-RoPE and RoPE parts together. The limits
 * are the catalogue's (cp-catalog.c). */
static gboolean
resolve_mla (Options     *o,
             CpModelSpec *m)
{
  if (!cp_cli_parse_uint_option ("--q-lora-rank", o->q_lora_rank, 0, 1000000, &m->q_lora_rank) ||
      !cp_cli_parse_uint_option ("--kv-lora-rank", o->kv_lora_rank, 0, 1000000, &m->kv_lora_rank) ||
      !cp_cli_parse_uint_option ("--qk-rope-head-dim", o->qk_rope_head_dim, 0, 65536, &m->qk_rope_head_dim) ||
      !cp_cli_parse_uint_option ("--qk-nope-head-dim", o->qk_nope_head_dim, 0, 65536, &m->qk_nope_head_dim) ||
      !cp_cli_parse_uint_option ("--v-head-dim", o->v_head_dim, 0, 65536, &m->v_head_dim))
    return FALSE;
  if (m->kv_lora_rank == 0)
    {
      if (m->q_lora_rank > 0 || m->qk_rope_head_dim > 0 || m->qk_nope_head_dim > 0 || m->v_head_dim > 0)
        {
          cp_cli_usage_error (_("--q-lora-rank, --qk-rope-head-dim, --qk-nope-head-dim and --v-head-dim "
                                "describe multi-head latent attention: give --kv-lora-rank too"));
          return FALSE;
        }
      return TRUE;
    }
  if (m->v_head_dim == 0 || m->qk_nope_head_dim + m->qk_rope_head_dim == 0)
    {
      cp_cli_usage_error (_("--kv-lora-rank needs the MLA head sizes: --qk-nope-head-dim, "
                            "--qk-rope-head-dim and --v-head-dim"));
      return FALSE;
    }
  m->kv_latent_dim = m->kv_lora_rank + m->qk_rope_head_dim;
  if (o->kv_lora_rank != NULL || o->qk_nope_head_dim != NULL || o->qk_rope_head_dim != NULL)
    m->head_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
  return TRUE;
}

/* The model of the options into @m. */
static gboolean
resolve_model_spec (Options         *o,
                    const CpProject *project,
                    CpModelSpec     *m,
                    const CpCatalog *catalog)
{
  gboolean overridden;

  if (o->model != NULL)
    {
      /* A project's own models (imported from config.json) come first. */
      const CpModelSpec *entry = project ? cp_project_find_model (project, o->model)
                                         : cp_catalog_find_model (catalog, o->model);

      if (entry == NULL)
        return unknown_id ("--model", o->model, known_ids (catalog, n_models, model_id));
      cp_model_spec_copy (m, entry);
    }
  else if (o->params == NULL)
    {
      cp_cli_usage_error (_("give --model ID, or the model's size with --params (and its architecture "
                            "with --layers, --hidden, --heads, --kv-heads, --ffn and --vocab)"));
      return FALSE;
    }
  else
    {
      double params;

      /* Architecture options left out come from the GPT-3 shape nearest in
       * size; the output echoes the shape used. */
      if (!cp_cli_parse_count_option ("--params", o->params, 1, 1e15, &params))
        return FALSE;
      cp_model_spec_init_from_params (m, params);
      m->id = g_strdup ("custom");
      m->name = g_strdup (_("Custom model"));
      m->source = g_strdup (_("Entered on the command line"));
    }

  overridden = o->params || o->active_params || o->layers || o->hidden || o->heads ||
               o->kv_heads || o->ffn || o->vocab || o->experts || o->active_experts ||
               o->tied_embeddings || o->q_lora_rank || o->kv_lora_rank || o->qk_rope_head_dim ||
               o->qk_nope_head_dim || o->v_head_dim;

  if (!cp_cli_parse_count_option ("--params", o->params, 1, 1e15, &m->params) ||
      !cp_cli_parse_uint_option ("--layers", o->layers, 1, 10000, &m->layers) ||
      !cp_cli_parse_uint_option ("--hidden", o->hidden, 1, 1000000, &m->hidden) ||
      !cp_cli_parse_uint_option ("--heads", o->heads, 1, 10000, &m->heads) ||
      !cp_cli_parse_uint_option ("--vocab", o->vocab, 1, 100000000, &m->vocab) ||
      !cp_cli_parse_uint_option ("--experts", o->experts, 0, 100000, &m->experts_total) ||
      !cp_cli_parse_uint_option ("--active-experts", o->active_experts, 1, 100000, &m->experts_active))
    return FALSE;

  /* A hand-entered model without GQA or its own MLP width: K/V heads as
   * many as query heads, MLP 4 × hidden, all parameters active. */
  if (o->model == NULL)
    {
      m->kv_heads = m->heads;
      m->ffn = 4 * m->hidden;
      m->active_params = m->params;
    }
  else if (o->params != NULL && o->active_params == NULL && m->experts_total <= 1)
    m->active_params = m->params;

  if (!cp_cli_parse_uint_option ("--kv-heads", o->kv_heads, 1, m->heads, &m->kv_heads) ||
      !cp_cli_parse_uint_option ("--ffn", o->ffn, 1, 10000000, &m->ffn) ||
      !cp_cli_parse_count_option ("--active-params", o->active_params, 1, m->params, &m->active_params))
    return FALSE;
  if (o->tied_embeddings)
    m->tied_embeddings = TRUE;
  if (!resolve_mla (o, m))
    return FALSE;
  if (m->experts_total > 1 && m->experts_active == 0)
    {
      cp_cli_usage_error (_("--active-experts is required with --experts"));
      return FALSE;
    }
  if (m->active_params > m->params)
    m->active_params = m->params;

  if (overridden && o->model != NULL)
    {
      g_autofree char *name = g_strdup_printf (_("%s (modified)"), m->name);

      g_free (m->id);
      m->id = g_strdup ("custom");
      g_free (m->name);
      m->name = g_steal_pointer (&name);
    }

  return TRUE;
}

static gboolean
parse_bits (const char *option,
            const char *text,
            guint      *out)
{
  guint bits = 0;

  if (text == NULL)
    return TRUE;
  if (!cp_cli_parse_uint_option (option, text, 1, 64, &bits))
    return FALSE;
  if (bits != 16 && bits != 8 && bits != 4)
    return cp_cli_bad_choice (option, text, "16, 8, 4");
  *out = bits;
  return TRUE;
}

/* The projections LoRA adapts, as a comma-separated list ("q,v", the
 * configs of LitGPT and torchtune's Llama 2 LoRA recipes): they decide
 * which inputs of the frozen layers stay for the backward pass. */
static gboolean
parse_lora_targets (const char *text,
                    guint      *out)
{
  static const struct { const char *name; guint bits; } names[] = {
    { "q", CP_LORA_TARGET_Q }, { "k", CP_LORA_TARGET_K }, { "v", CP_LORA_TARGET_V },
    { "o", CP_LORA_TARGET_O }, { "mlp", CP_LORA_TARGET_MLP }, { "all", CP_LORA_TARGET_ALL },
  };
  g_auto(GStrv) parts = NULL;
  guint targets = 0;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *part = g_strstrip (parts[i]);
      guint j;

      for (j = 0; j < G_N_ELEMENTS (names); j++)
        if (strcmp (part, names[j].name) == 0)
          break;
      if (j == G_N_ELEMENTS (names))
        return cp_cli_bad_choice ("--lora-targets", text, "q, k, v, o, mlp, all");
      targets |= names[j].bits;
    }
  *out = targets;
  return TRUE;
}

/* A request the user left (wholly or in part) at its defaults, 1,024
 * prompt and 128 output tokens, that a short --context cannot hold: the
 * part left to default takes what the context leaves, or with both left,
 * the job's own split (cp_job_fit_request_to_context(): at most half for
 * the output). Both given stay as given, and validation names them. */
static void
fit_request (Options *o,
             CpJob   *job)
{
  if (job->kind != CP_TASK_INFERENCE || (double) job->prompt_tokens + job->output_tokens <= job->context_len ||
      (o->prompt_tokens != NULL && o->output_tokens != NULL))
    return;
  if (o->prompt_tokens == NULL && o->output_tokens == NULL)
    cp_job_fit_request_to_context (job);
  else if (o->prompt_tokens != NULL && job->prompt_tokens < job->context_len)
    job->output_tokens = job->context_len - job->prompt_tokens;
  else if (o->output_tokens != NULL && job->output_tokens < job->context_len)
    job->prompt_tokens = job->context_len - job->output_tokens;
  else
    return;
  o->request_fitted = TRUE;
}

/* @hours_per_month: the project's month, a duration typed in months is
 * counted in. */
static gboolean
apply_job_options (Options *o,
                   double   hours_per_month,
                   CpJob   *job)
{
  /* A figure given is the team's, the default's value too (D15). */
  const char *given[] = { o->tokens, o->prompt_tokens, o->output_tokens, o->engineers, o->engineer_day_cost,
                          o->storage_tb, o->concurrency };
  const CpJobStated figures[] = { CP_JOB_STATED_TOKENS, CP_JOB_STATED_PROMPT_TOKENS, CP_JOB_STATED_OUTPUT_TOKENS,
                                  CP_JOB_STATED_ENGINEERS, CP_JOB_STATED_ENGINEER_DAY_COST, CP_JOB_STATED_STORAGE,
                                  CP_JOB_STATED_CONCURRENCY };

  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    if (given[i] != NULL)
      job->stated_fields |= figures[i];

  if (o->precision != NULL && !cp_precision_from_string (o->precision, &job->precision))
    return cp_cli_bad_choice ("--precision", o->precision, "fp32, bf16, fp16, fp8");
  if (o->optimizer != NULL && !cp_optimizer_from_string (o->optimizer, &job->optimizer))
    return cp_cli_bad_choice ("--optimizer", o->optimizer, "adamw, adamw-8bit, sgd");
  if (o->optimizer_states != NULL &&
      !cp_optimizer_states_from_string (o->optimizer_states, &job->optimizer_states))
    return cp_cli_bad_choice ("--optimizer-states", o->optimizer_states, "fp32, bf16-moments, bf16");
  /* Only training keeps optimizer states: the option would be echoed in
   * the XML and not used. */
  if (o->optimizer_states != NULL && !cp_task_kind_is_training (job->kind))
    {
      cp_cli_usage_error (_("--optimizer-states is for training: a service, debugging or data processing keeps no optimizer"));
      return FALSE;
    }
  /* Only a service answers requests: the target would be echoed in the
   * XML and not used. */
  if (o->answer_within_s != NULL && job->kind != CP_TASK_INFERENCE)
    {
      cp_cli_usage_error (_("--answer-within-s is for an inference service: other jobs answer no requests"));
      return FALSE;
    }
  if (o->recompute != NULL && !cp_recompute_from_string (o->recompute, &job->recompute))
    return cp_cli_bad_choice ("--recompute", o->recompute, "none, selective, full, auto");
  if (o->zero != NULL && g_ascii_strcasecmp (o->zero, "auto") == 0)
    g_clear_pointer (&o->zero, g_free);
  if (o->flash_attention && o->no_flash_attention)
    {
      cp_cli_usage_error (_("--flash-attention and --no-flash-attention exclude each other"));
      return FALSE;
    }
  /* A service runs vLLM's attention kernels, which never hold the
   * attention matrix (cp-estimate-serving.c): the option would be
   * echoed in the XML and not used. */
  if (o->no_flash_attention && job->kind == CP_TASK_INFERENCE)
    {
      cp_cli_usage_error (_("--no-flash-attention is for training: an inference service runs vLLM’s own attention kernels, which never hold the attention matrix"));
      return FALSE;
    }
  if (o->flash_attention)
    job->flash_attention = TRUE;
  if (o->no_flash_attention)
    job->flash_attention = FALSE;
  if (o->offload)
    job->cpu_offload = TRUE;

  if (!(cp_cli_parse_count_option ("--tokens", o->tokens, 1, 1e16, &job->tokens) &&
         cp_cli_parse_uint_option ("--seq-len", o->seq_len, 1, 10000000, &job->seq_len) &&
         /* 0 is the default the help names: searched / as published runs of the size.
          * The upper bounds are the job's own (cp_job_check). */
         cp_cli_parse_uint_option ("--micro-batch", o->micro_batch, 0, 100000, &job->micro_batch) &&
         cp_cli_parse_uint_option ("--global-batch", o->global_batch, 0, 100000000, &job->global_batch) &&
         cp_cli_parse_uint_option ("--zero", o->zero, 0, 3, &job->zero_stage) &&
         cp_cli_parse_uint_option ("--tp", o->tp, 0, 1024, &job->tensor_parallel) &&
         cp_cli_parse_uint_option ("--pp", o->pp, 0, 1024, &job->pipeline_parallel) &&
         cp_cli_parse_uint_option ("--ep", o->ep, 0, 100000, &job->expert_parallel) &&
         cp_cli_parse_uint_option ("--virtual-stages", o->virtual_stages, 0, 1024, &job->virtual_stages) &&
         cp_cli_parse_uint_option ("--lora-rank", o->lora_rank, 1, 65536, &job->lora_rank) &&
         parse_lora_targets (o->lora_targets, &job->lora_targets) &&
         cp_cli_parse_uint_option ("--context", o->context, 1, 100000000, &job->context_len) &&
         cp_cli_parse_uint_option ("--prompt-tokens", o->prompt_tokens, 1, 10000000, &job->prompt_tokens) &&
         cp_cli_parse_uint_option ("--output-tokens", o->output_tokens, 1, 10000000, &job->output_tokens) &&
         cp_cli_parse_uint_option ("--concurrency", o->concurrency, 1, 1000000000, &job->concurrency) &&
         parse_bits ("--weight-bits", o->weight_bits, &job->weight_bits) &&
         parse_bits ("--kv-bits", o->kv_bits, &job->kv_bits) &&
         cp_cli_parse_count_option ("--answer-within-s", o->answer_within_s, 0, CP_JOB_ANSWER_WITHIN_S_MAX,
                                    &job->answer_within_s) &&
         /* An end-to-end MFU replaces the model's compute and communication time. */
         cp_cli_parse_fraction_option ("--mfu", o->mfu, &job->mfu) &&
         /* "2 months", "8 weeks" or "1464h" as the window's fields take them. */
         cp_cli_parse_days_option ("--deadline-days", o->deadline_days, hours_per_month, 36500,
                                   &job->deadline_days) &&
         cp_cli_parse_days_option ("--duration-days", o->duration_days, hours_per_month, 36500,
                                   &job->duration_days)))
    return FALSE;
  fit_request (o, job);
  return TRUE;
}

/* --gpu: an id as stored first (the project's own entries, then the
 * catalogue's), then an id in another case or a name as the window lists
 * it ("NVIDIA A800 80GB SXM", walk37 W13). */
static const CpGpuSpec *
find_named_gpu (const CpProject *project,
                const char      *text)
{
  const CpGpuSpec *gpu = project != NULL ? cp_project_find_gpu (project, text) : NULL;

  if (gpu == NULL && project != NULL)
    gpu = cp_catalog_find_gpu_named (project->custom, text);
  return gpu != NULL ? gpu : cp_catalog_find_gpu_named (cp_catalog_get_builtin (), text);
}

/* Onto a @fresh quote, what add-quote and estimate do: --gpu is needed
 * and what is not given is the default. Onto a quote as it is (edit-quote),
 * only what is given changes. */
static gboolean
apply_quote_options (Options         *o,
                     const CpProject *project,
                     gboolean         fresh,
                     CpQuote         *quote,
                     guint           *nodes)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *gpu;
  const CpLinkSpec *link;
  const char *link_name;
  double host_memory_gib = 0;
  guint n_prices = (o->price_per_gpu_hour != NULL) + (o->price_per_node_hour != NULL) +
                   (o->price_per_node_month != NULL) + (o->price != NULL);
  CpSettings defaults;
  const CpSettings *settings = project != NULL ? &project->settings : &defaults;

  cp_settings_init (&defaults);

  if (o->gpu == NULL && fresh)
    {
      g_autofree char *ids = known_ids (catalog, n_gpus, gpu_id);

      cp_cli_usage_error (_("--gpu is required (one of: %s)"), ids);
      return FALSE;
    }
  if (o->gpu != NULL)
    {
      gpu = find_named_gpu (project, o->gpu);
      if (gpu == NULL)
        return unknown_gpu (project, o->gpu);
      cp_quote_set_gpu (quote, gpu);
    }

  /* The GPU's own link unless one is named; an edit naming neither keeps the quote's. */
  link_name = o->intra_link != NULL ? o->intra_link : o->gpu != NULL ? quote->gpu.default_intra_link : NULL;
  if (link_name != NULL)
    {
      link = project ? cp_project_find_link (project, link_name) : cp_catalog_find_link (catalog, link_name);
      if (link == NULL)
        return unknown_id ("--intra-link", link_name, known_ids (catalog, n_links, link_id));
      cp_quote_set_intra_link (quote, link);
    }

  if (fresh)
    {
      g_free (quote->id);
      quote->id = g_strdup ("cli");
      g_free (quote->offer_name);
      quote->offer_name = g_strdup (quote->gpu.name);
      quote->gpus_per_node = 8;
      quote->nodes_available = 1;
    }
  *nodes = quote->nodes_available;
  if (!cp_cli_parse_count_of_option ("--gpus-per-node", o->gpus_per_node, CP_PRICE_SUBJECT_GPU, 1, 256,
                                     &quote->gpus_per_node) ||
      !cp_cli_parse_count_of_option ("--nodes", o->nodes, CP_PRICE_SUBJECT_NODE, 1, 100000, nodes))
    return FALSE;
  quote->nodes_available = *nodes;

  if (o->network != NULL && !cp_network_kind_from_string (o->network, &quote->network))
    return cp_cli_bad_choice ("--network", o->network, "none, ethernet, roce, infiniband");
  /* Network cards without a network named were dropped in silence while
   * R5 spoke of machines with no network (issue 20): the kind of fabric
   * changes the estimate, so it is asked for rather than guessed. */
  if (o->network == NULL && (o->nics != NULL || o->nic_gbps != NULL))
    {
      cp_cli_usage_error (_("--nics and --nic-gbps describe a network: give --network too (ethernet, roce or infiniband)"));
      return FALSE;
    }
  if (o->offering != NULL && !cp_offering_kind_from_string (o->offering, &quote->offering))
    return cp_cli_bad_choice ("--offering", o->offering,
                              "bare-metal, hosted-machine, container, container-cluster, bare-metal-cluster, cloud-vm");
  /* Given, the kind is the vendor's; the report no longer says "assumed". */
  if (o->offering != NULL)
    quote->offering_stated = TRUE;
  /* The quote's VAT: its own rate (default: its offering's) and whether
   * its prices include it (default: as the project says). */
  if (o->vat_rate != NULL)
    {
      if (!cp_cli_parse_share ("--vat-rate", o->vat_rate, &quote->vat_rate))
        return FALSE;
      if (quote->vat_rate <= 0 || quote->vat_rate > 0.5)
        {
          /* TRANSLATORS: what was typed after --vat-rate */
          cp_cli_usage_error (_("--vat-rate: “%s” is not a VAT rate above 0 and at most 50%%"), o->vat_rate);
          return FALSE;
        }
    }
  if (o->prices_include_vat != NULL)
    {
      if (g_ascii_strcasecmp (o->prices_include_vat, "yes") == 0)
        quote->vat_basis = CP_VAT_BASIS_INCLUDED;
      else if (g_ascii_strcasecmp (o->prices_include_vat, "no") == 0)
        quote->vat_basis = CP_VAT_BASIS_EXCLUDED;
      else
        return cp_cli_bad_choice ("--prices-include-vat", o->prices_include_vat, "yes, no");
    }
  if (!cp_cli_parse_uint_option ("--nics", o->nics, 0, 64, &quote->nics_per_node) ||
      !cp_cli_parse_zero_or_at_least_option ("--nic-gbps", o->nic_gbps, 1, 100000, &quote->nic_gbps) ||
      !cp_cli_parse_zero_or_at_least_option ("--host-memory-gib", o->host_memory_gib,
                                             CP_QUOTE_HOST_MEMORY_MIN_BYTES / CP_QUOTE_HOST_MEMORY_UNIT_BYTES,
                                             CP_QUOTE_HOST_MEMORY_MAX_BYTES / CP_QUOTE_HOST_MEMORY_UNIT_BYTES,
                                             &host_memory_gib))
    return FALSE;
  quote->host_memory_per_node_bytes = host_memory_gib * CP_QUOTE_HOST_MEMORY_UNIT_BYTES;
  if (o->shared && o->dedicated)
    {
      cp_cli_usage_error (_("--shared and --dedicated exclude each other"));
      return FALSE;
    }
  if (o->shared)
    quote->sharing = CP_SHARING_SHARED;
  else if (o->dedicated)
    quote->sharing = CP_SHARING_DEDICATED;

  /* A cluster named without its network gets the reference fabric of
   * published GPU clusters: one 200 Gb/s InfiniBand NIC per GPU, dedicated
   * (Selene's DGX A100 nodes, PUBLISHED N11). The output echoes it. A
   * project's quote (add-quote, edit-quote) gets what the quote form gives
   * one: its GPU's common fabric, marked assumed and asked of the vendor,
   * or, with none, its nodes apart, said (walk41b TOP 1: the reference
   * was kept as if the vendor had stated it, dedicated). */
  if ((fresh || (o->nodes != NULL && quote->network == CP_NETWORK_NONE)) &&
      *nodes > 1 && o->network == NULL && o->nics == NULL && o->nic_gbps == NULL)
    {
      if (project != NULL)
        cp_quote_offer_assume_network (quote);
      else
        {
          quote->network = CP_NETWORK_INFINIBAND;
          quote->nics_per_node = quote->gpus_per_node;
          quote->nic_gbps = 200;
          if (!o->shared)
            quote->sharing = CP_SHARING_DEDICATED;
        }
    }
  /* Machines with no network between them (--network none, or none
   * assumed for a GPU with no common build) are no cluster. An edit keeps
   * the quote's offering unless it changes the nodes; a cloud's VMs are
   * its VMs, one or several. */
  if ((fresh || o->nodes != NULL) && *nodes > 1 && quote->network != CP_NETWORK_NONE &&
      quote->offering != CP_OFFERING_CLOUD_VM)
    quote->offering = quote->offering == CP_OFFERING_CONTAINER || quote->offering == CP_OFFERING_CONTAINER_CLUSTER
                      ? CP_OFFERING_CONTAINER_CLUSTER : CP_OFFERING_BARE_METAL_CLUSTER;

  if (n_prices > 1)
    {
      cp_cli_usage_error (_("give only one of --price, --price-per-gpu-hour, --price-per-node-hour "
                            "and --price-per-node-month"));
      return FALSE;
    }
  if (o->price != NULL)
    {
      g_autoptr(GError) error = NULL;
      CpPriceText price;

      if (!cp_parse_price_text (o->price, &price, &error))
        {
          cp_cli_usage_error ("--price: %s", error->message);
          return FALSE;
        }
      /* The window's and the import's reading of the same text. */
      if (!cp_quote_set_price_text (quote, &price, o->price, o->minimum_term != NULL, settings, NULL))
        {
          cp_cli_usage_error (_("--price: “%s” does not say what it is per; write e.g. 12.5/GPU/h, "
                                "2352元/台/天 or 3万/台/月"), o->price);
          return FALSE;
        }
      return TRUE;
    }
  if (o->price_per_gpu_hour != NULL)
    quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  else if (o->price_per_node_hour != NULL)
    quote->price_unit = CP_PRICE_PER_NODE_HOUR;
  else if (o->price_per_node_month != NULL)
    quote->price_unit = CP_PRICE_PER_NODE_MONTH;

  return cp_cli_parse_price_option ("--price-per-gpu-hour", o->price_per_gpu_hour,
                                    CP_PRICE_PER_GPU_HOUR, quote->gpus_per_node, &quote->price, quote->currency) &&
         cp_cli_parse_price_option ("--price-per-node-hour", o->price_per_node_hour,
                                    CP_PRICE_PER_NODE_HOUR, quote->gpus_per_node, &quote->price, quote->currency) &&
         cp_cli_parse_price_option ("--price-per-node-month", o->price_per_node_month,
                                    CP_PRICE_PER_NODE_MONTH, quote->gpus_per_node, &quote->price, quote->currency);
}

/* A fee the quote may state, include in its price or leave unstated:
 * "included", "not-stated" or a price, which is then stated (approver 34,
 * B10: a fee of 0 could not say "network included"). */
static gboolean
parse_fee_option (const char *option,
                  const char *text,
                  double     *amount,
                  CpFeeTerms *terms,
                  char        currency[4])
{
  CpFeeTerms named;

  if (text == NULL)
    return TRUE;
  if (cp_fee_terms_from_string (text, &named) && named != CP_FEE_STATED)
    {
      *terms = named;
      *amount = 0;
      return TRUE;
    }
  if (!cp_cli_parse_price_option (option, text, CP_PRICE_PER_NODE_MONTH, 1, amount, currency))
    return FALSE;
  *terms = CP_FEE_STATED;
  return TRUE;
}

/* Billing rules, fees and storage of the quote. */
static gboolean
apply_quote_cost_options (Options          *o,
                          const CpSettings *settings,
                          CpQuote          *quote)
{
  char *currency = quote->currency;

  if (o->storage != NULL && !cp_storage_kind_from_string (o->storage, &quote->storage))
    return cp_cli_bad_choice ("--storage", o->storage, "parallel-fs, nas, network-disk, local-nvme");
  if (o->part_rentable != NULL && !cp_part_rentable_from_string (o->part_rentable, &quote->part_rentable))
    return cp_cli_bad_choice ("--part-rentable", o->part_rentable, "yes, no, not-asked");
  return cp_cli_parse_duration_option ("--billing-granularity-hours", o->billing_granularity,
                                       settings->hours_per_month, 1.0 / 60, 8784, &quote->billing_granularity_h) &&
         cp_cli_parse_duration_option ("--minimum-term-hours", o->minimum_term, settings->hours_per_month,
                                       1.0 / 60, 87840, &quote->minimum_term_h) &&
         parse_fee_option ("--network-fee-per-node-month", o->network_fee, &quote->network_fee_per_node_month,
                           &quote->network_fee_terms, currency) &&
         parse_fee_option ("--storage-price-per-tb-month", o->storage_price, &quote->storage_price_per_tb_month,
                           &quote->storage_price_terms, currency) &&
         parse_fee_option ("--ops-support-per-month", o->ops_support, &quote->ops_support_fee_per_month,
                           &quote->ops_support_terms, currency) &&
         cp_cli_parse_price_option ("--management-fee-per-month", o->management_fee, CP_PRICE_PER_NODE_MONTH, 1,
                                    &quote->management_fee_per_month, currency) &&
         cp_cli_parse_price_option ("--setup-fee", o->setup_fee, CP_PRICE_PER_NODE_HOUR, 1, &quote->setup_fee, currency);
}

/* Storage needed, the team and a trial run; @currency receives the one an
 * engineer-day cost names. */
static gboolean
apply_job_cost_options (Options *o,
                        CpJob   *job,
                        char     currency[4])
{
  job->team_has_distributed_experience = o->distributed_experience;
  job->team_has_ops_engineer = o->ops_engineer;
  /* Saying either of the two describes the team: the other, not given,
   * is then a "no" the user chose rather than the assumption. */
  job->team_stated = o->team_stated || o->distributed_experience || o->ops_engineer;
  return cp_cli_parse_count_option ("--storage-tb", o->storage_tb, 0, 1e6, &job->storage_tb) &&
         cp_cli_parse_uint_option ("--engineers", o->engineers, 0, 10000, &job->engineers) &&
         cp_cli_parse_price_option ("--engineer-day-cost", o->engineer_day_cost, CP_PRICE_PER_NODE_HOUR, 1,
                                    &job->engineer_day_cost, currency) &&
         cp_cli_parse_bytes_option ("--measured-peak-memory", o->measured_peak_memory, &job->trial.peak_memory_bytes) &&
         cp_cli_parse_zero_or_at_least_option ("--measured-tokens-per-s", o->measured_tokens_per_s, 1, 1e12, &job->trial.tokens_per_s) &&
         cp_cli_parse_zero_or_at_least_option ("--measured-step-s", o->measured_step_s, 1e-3, 1e7, &job->trial.step_s) &&
         cp_cli_parse_fraction_option ("--measured-comm-share", o->measured_comm_share, &job->trial.communication_share) &&
         /* As cp_job_validate() bounds it: vLLM's default block is the least it reports. */
         cp_cli_parse_zero_or_at_least_option ("--measured-kv-cache-tokens", o->measured_kv_cache_tokens, 16, 1e11,
                                               &job->trial.kv_cache_tokens) &&
         cp_cli_parse_uint_option ("--measured-gpus", o->measured_gpus, 1, 100000, &job->trial.gpus);
}

/* Billing rules, fees, storage, the team and a trial run on this hardware. */
static gboolean
apply_cost_options (Estimate *e)
{
  CpQuote *quote = &e->quote;
  CpJob *job = &e->job;

  if (!apply_quote_cost_options (&e->options, &e->settings, quote) ||
      !apply_job_cost_options (&e->options, job, quote->currency))
    return FALSE;
  return cp_cli_job_bind_trial (job, quote);
}

static gboolean
apply_settings_options (Estimate *e)
{
  Options *o = &e->options;
  CpSettings *settings = &e->settings;

  if (o->bytes_convention != NULL &&
      !cp_bytes_convention_from_string (o->bytes_convention, &settings->bytes_convention))
    return cp_cli_bad_choice ("--bytes-convention", o->bytes_convention, "16, 18");
  if (o->memory_unit != NULL &&
      !cp_memory_unit_from_string (o->memory_unit, &settings->memory_unit))
    return cp_cli_bad_choice ("--memory-unit", o->memory_unit, "gib, gb");
  if (!cp_cli_parse_fraction_option ("--utilisation", o->utilisation, &settings->compute_utilisation) ||
      !cp_cli_parse_fraction_option ("--gpu-memory-utilization", o->serving_memory_fraction,
                                     &settings->serving_memory_fraction) ||
      !cp_cli_parse_fraction_option ("--link-efficiency", o->link_efficiency, &settings->link_efficiency) ||
      !cp_cli_parse_fraction_option ("--debug-share", o->debug_share, &settings->debug_share) ||
      !cp_cli_parse_zero_or_at_least_option ("--layout-headroom-time", o->layout_headroom_time, 0.01, 1,
                                             &settings->layout_headroom_time) ||
      !cp_cli_parse_count_option ("--failure-rate", o->failure_rate, 0, 0.01, &settings->gpu_failure_rate_per_hour) ||
      !cp_cli_parse_count_option ("--restart-time", o->restart_time, 0, 7 * 86400.0, &settings->restart_s) ||
      !cp_cli_parse_zero_or_at_least_option ("--checkpoint-interval", o->checkpoint_interval, 60, 365 * 86400.0,
                                             &settings->checkpoint_interval_s))
    return FALSE;
  if (o->moe_max_nodes != NULL)
    {
      guint nodes;

      if (!cp_cli_parse_uint_option ("--moe-max-nodes-per-token", o->moe_max_nodes, 0, 100000, &nodes))
        return FALSE;
      settings->moe_max_nodes_per_token = nodes;
    }
  if (o->host_cpu_cores != NULL)
    {
      guint cores;

      if (!cp_cli_parse_uint_option ("--host-cpu-cores", o->host_cpu_cores, 1, 1024, &cores))
        return FALSE;
      settings->host_cpu_cores_per_node = cores;
    }
  if (o->moe_dispatch_dedup)
    settings->moe_dispatch_dedup = TRUE;
  if (!cp_cli_parse_count_option ("--int4-constant-bits", o->int4_constant_bits, 0, 16,
                                  &settings->int4_constant_bits) ||
      !cp_cli_parse_count_option ("--qlora-bits", o->qlora_bits, 4, 16, &settings->qlora_bits) ||
      !cp_cli_parse_count_option ("--tp-comm-overlap", o->tp_comm_overlap, 0, 1, &settings->tp_comm_overlap) ||
      !cp_cli_parse_count_option ("--cpu-adam-rate", o->cpu_adam_rate, 1e5, 1e9,
                                  &settings->cpu_adam_params_per_s_per_core) ||
      !cp_cli_parse_count_option ("--moe-fp8-expert-speedup", o->moe_fp8_expert_speedup, 1, 2,
                                  &settings->moe_fp8_expert_speedup))
    return FALSE;
  if (o->fp8_layout != NULL && !cp_fp8_layout_from_string (o->fp8_layout, &settings->fp8_layout))
    return cp_cli_bad_choice ("--fp8-layout", o->fp8_layout, "all-linear, llama3");
  if (o->vllm_profile != NULL && !cp_vllm_profile_from_string (o->vllm_profile, &settings->vllm_profile))
    return cp_cli_bad_choice ("--vllm-engine", o->vllm_profile, "v1, v0");
  if (o->kv_admission != NULL && !cp_kv_admission_from_string (o->kv_admission, &settings->kv_admission))
    return cp_cli_bad_choice ("--kv-admission", o->kv_admission, "paged, full-length");
  if (o->serving_engine != NULL && !cp_serving_engine_from_string (o->serving_engine, &settings->serving_engine))
    return cp_cli_bad_choice ("--serving-engine", o->serving_engine, "vllm, sglang");
  if (o->selective_recompute != NULL &&
      !cp_selective_recompute_from_string (o->selective_recompute, &settings->selective_recompute))
    return cp_cli_bad_choice ("--selective-recompute", o->selective_recompute, "attention, op, moe");
  if (o->cross_entropy != NULL && !cp_cross_entropy_from_string (o->cross_entropy, &settings->cross_entropy))
    return cp_cli_bad_choice ("--cross-entropy", o->cross_entropy, "fused, eager");
  if (o->moe_a2a_overlap)
    settings->moe_a2a_overlap = TRUE;
  if (o->moe_experts_whole)
    settings->moe_expert_tp = FALSE;
  if (o->fsdp_pp_unsharded)
    settings->fsdp_pp_unsharded = TRUE;
  if (o->fsdp1_adapter_gradients)
    settings->fsdp1_adapter_gradients = TRUE;
  if (o->zero3_deepspeed)
    settings->zero3_deepspeed = TRUE;
  if (o->zero3_client_adamw)
    settings->zero3_client_adamw = TRUE;
  if (o->offload_delayed_update)
    settings->offload_delayed_update = TRUE;
  if (o->moe_fp8_dispatch)
    settings->moe_fp8_dispatch = TRUE;
  /* One quote, one currency: costs come out in what the price was given in. */
  memcpy (settings->currency, e->quote.currency, sizeof settings->currency);
  return TRUE;
}

/* The model, the job, the team and a trial run: estimate and add-job. */
static void
add_job_entries (GOptionContext *context,
                 Options        *o)
{
  GOptionEntry entries[] = {
    { "model", 0, 0, G_OPTION_ARG_STRING, &o->model, N_("Model from the catalogue"), N_("ID") },
    { "params", 0, 0, G_OPTION_ARG_STRING, &o->params, N_("Parameters (7B, 7e9, 70亿)"), N_("COUNT") },
    { "active-params", 0, 0, G_OPTION_ARG_STRING, &o->active_params, N_("Parameters active per token (mixture of experts)"), N_("COUNT") },
    { "layers", 0, 0, G_OPTION_ARG_STRING, &o->layers, N_("Transformer layers"), N_("N") },
    { "hidden", 0, 0, G_OPTION_ARG_STRING, &o->hidden, N_("Hidden size"), N_("N") },
    { "heads", 0, 0, G_OPTION_ARG_STRING, &o->heads, N_("Attention heads"), N_("N") },
    { "kv-heads", 0, 0, G_OPTION_ARG_STRING, &o->kv_heads, N_("Key/value heads (grouped-query attention)"), N_("N") },
    { "ffn", 0, 0, G_OPTION_ARG_STRING, &o->ffn, N_("MLP intermediate size (default 4 × hidden)"), N_("N") },
    { "vocab", 0, 0, G_OPTION_ARG_STRING, &o->vocab, N_("Vocabulary size"), N_("N") },
    { "experts", 0, 0, G_OPTION_ARG_STRING, &o->experts, N_("Experts (mixture of experts)"), N_("N") },
    { "active-experts", 0, 0, G_OPTION_ARG_STRING, &o->active_experts, N_("Experts active per token"), N_("N") },
    { "tied-embeddings", 0, 0, G_OPTION_ARG_NONE, &o->tied_embeddings, N_("Output layer shares the embedding matrix"), NULL },
    /* config.json's names (DeepSeek-V2/V3), as import-config reads them. */
    { "kv-lora-rank", 0, 0, G_OPTION_ARG_STRING, &o->kv_lora_rank, N_("Multi-head latent attention: the KV latent's width, kv_lora_rank (0: none)"), N_("N") },
    { "q-lora-rank", 0, 0, G_OPTION_ARG_STRING, &o->q_lora_rank, N_("Multi-head latent attention: the query's low rank, q_lora_rank (0: none)"), N_("N") },
    { "qk-rope-head-dim", 0, 0, G_OPTION_ARG_STRING, &o->qk_rope_head_dim, N_("Multi-head latent attention: the RoPE part of a query/key head, qk_rope_head_dim"), N_("N") },
    { "qk-nope-head-dim", 0, 0, G_OPTION_ARG_STRING, &o->qk_nope_head_dim, N_("Multi-head latent attention: the part of a query/key head without RoPE, qk_nope_head_dim"), N_("N") },
    { "v-head-dim", 0, 0, G_OPTION_ARG_STRING, &o->v_head_dim, N_("Multi-head latent attention: a value head's size, v_head_dim"), N_("N") },
    { "task", 0, 0, G_OPTION_ARG_STRING, &o->task, N_("pretrain, full-finetune, lora, qlora, inference, debug or data-processing (default pretrain)"), N_("KIND") },
    { "tokens", 0, 0, G_OPTION_ARG_STRING, &o->tokens, N_("Training tokens (2T, 1.4e12)"), N_("COUNT") },
    { "seq-len", 0, 0, G_OPTION_ARG_STRING, &o->seq_len, N_("Sequence length"), N_("N") },
    { "micro-batch", 0, 0, G_OPTION_ARG_STRING, &o->micro_batch, N_("Sequences per GPU per micro-step (default 0: searched)"), N_("N") },
    { "global-batch", 0, 0, G_OPTION_ARG_STRING, &o->global_batch, N_("Sequences per optimizer step (default 0: as published runs of the size)"), N_("N") },
    { "recompute", 0, 0, G_OPTION_ARG_STRING, &o->recompute, N_("Activation recompute: none, selective, full or auto (default auto: searched)"), N_("KIND") },
    { "zero", 0, 0, G_OPTION_ARG_STRING, &o->zero, N_("ZeRO stage: 0, 1, 2, 3 or auto (default auto: searched)"), N_("STAGE") },
    { "offload", 0, 0, G_OPTION_ARG_NONE, &o->offload, N_("Offload optimizer states to CPU memory"), NULL },
    { "flash-attention", 0, 0, G_OPTION_ARG_NONE, &o->flash_attention, N_("Use FlashAttention-style kernels (the default, on GPUs that run them)"), NULL },
    { "no-flash-attention", 0, 0, G_OPTION_ARG_NONE, &o->no_flash_attention, N_("Store the attention matrix"), NULL },
    { "tp", 0, 0, G_OPTION_ARG_STRING, &o->tp, N_("Tensor parallel size (default 0: the fastest layout that fits)"), N_("N") },
    { "pp", 0, 0, G_OPTION_ARG_STRING, &o->pp, N_("Pipeline parallel size (default 0: the fastest layout that fits)"), N_("N") },
    { "ep", 0, 0, G_OPTION_ARG_STRING, &o->ep, N_("Expert parallel size, mixture of experts (default 0: searched)"), N_("N") },
    { "virtual-stages", 0, 0, G_OPTION_ARG_STRING, &o->virtual_stages, N_("Interleaved pipeline stages per GPU (default 0: searched)"), N_("N") },
    { "precision", 0, 0, G_OPTION_ARG_STRING, &o->precision, N_("fp32, bf16, fp16 or fp8"), N_("PRECISION") },
    { "optimizer", 0, 0, G_OPTION_ARG_STRING, &o->optimizer, N_("adamw, adamw-8bit or sgd"), N_("OPTIMIZER") },
    { "optimizer-states", 0, 0, G_OPTION_ARG_STRING, &o->optimizer_states, N_("Mixed-precision training: fp32 (default: fp32 optimizer moments and an fp32 master copy of the weights, as Megatron-LM and DeepSpeed), bf16-moments (the master copy kept, the moments in bf16, as Megatron-LM's --use-precision-aware-optimizer) or bf16 (no master copy, weights, gradients and moments in bf16, as torchtune and torchao's bf16 AdamW)"), N_("fp32|bf16-moments|bf16") },
    { "mfu", 0, 0, G_OPTION_ARG_STRING, &o->mfu, N_("Model FLOPs utilisation (0.45 or 45%)"), N_("FRACTION") },
    { "context", 0, 0, G_OPTION_ARG_STRING, &o->context, N_("Tokens per request (prompt + output)"), N_("N") },
    { "prompt-tokens", 0, 0, G_OPTION_ARG_STRING, &o->prompt_tokens, N_("Mean prompt tokens per request (default 1024)"), N_("N") },
    { "output-tokens", 0, 0, G_OPTION_ARG_STRING, &o->output_tokens, N_("Mean output tokens per request (default 128)"), N_("N") },
    { "concurrency", 0, 0, G_OPTION_ARG_STRING, &o->concurrency, N_("Target concurrent requests"), N_("N") },
    { "weight-bits", 0, 0, G_OPTION_ARG_STRING, &o->weight_bits, N_("Bits per weight when serving: 16, 8 or 4"), N_("BITS") },
    { "kv-bits", 0, 0, G_OPTION_ARG_STRING, &o->kv_bits, N_("Bits per KV-cache element: 16, 8 or 4"), N_("BITS") },
    { "answer-within-s", 0, 0, G_OPTION_ARG_STRING, &o->answer_within_s,
      N_("Longest a user may wait for a whole answer at the target concurrency, seconds; a slower option is not feasible (default 0: no target)"), N_("SECONDS") },
    { "lora-rank", 0, 0, G_OPTION_ARG_STRING, &o->lora_rank, N_("LoRA rank"), N_("N") },
    { "lora-targets", 0, 0, G_OPTION_ARG_STRING, &o->lora_targets, N_("Projections LoRA adapts, comma-separated (default: all)"), N_("q,k,v,o,mlp") },
    { "deadline-days", 0, 0, G_OPTION_ARG_STRING, &o->deadline_days, N_("Calendar days available (0: none), or weeks or months with the unit (“2 weeks”)"), N_("DAYS") },
    { "duration-days", 0, 0, G_OPTION_ARG_STRING, &o->duration_days, N_("Days of service, debugging or data processing, or hours, weeks or months with the unit (“2 months”)"), N_("DAYS") },
    { "storage-tb", 0, 0, G_OPTION_ARG_STRING, &o->storage_tb, N_("Data and checkpoints kept during the job, TB"), N_("TB") },
    { "distributed-experience", 0, 0, G_OPTION_ARG_NONE, &o->distributed_experience, N_("The team has run distributed training before"), NULL },
    { "ops-engineer", 0, 0, G_OPTION_ARG_NONE, &o->ops_engineer, N_("The team has an operations engineer"), NULL },
    { "team-stated", 0, 0, G_OPTION_ARG_NONE, &o->team_stated,
      N_("The team is as --distributed-experience and --ops-engineer say, a “no” where absent (either states it too); without them the report says it assumed a team new to both and asks"), NULL },
    { "engineers", 0, 0, G_OPTION_ARG_STRING, &o->engineers, N_("Engineers on the job (default 2)"), N_("N") },
    { "engineer-day-cost", 0, 0, G_OPTION_ARG_STRING, &o->engineer_day_cost, N_("Cost of one engineer-day"), N_("PRICE") },
    { "measured-peak-memory", 0, 0, G_OPTION_ARG_STRING, &o->measured_peak_memory, N_("Trial run on this hardware: peak memory per GPU (72GiB)"), N_("BYTES") },
    { "measured-tokens-per-s", 0, 0, G_OPTION_ARG_STRING, &o->measured_tokens_per_s, N_("Trial run on this hardware: tokens per second of one node"), N_("COUNT") },
    { "measured-step-s", 0, 0, G_OPTION_ARG_STRING, &o->measured_step_s, N_("Trial run on this hardware: seconds per optimizer step on one node"), N_("SECONDS") },
    { "measured-comm-share", 0, 0, G_OPTION_ARG_STRING, &o->measured_comm_share, N_("Trial run on this hardware: share of a step spent communicating"), N_("FRACTION") },
    { "measured-kv-cache-tokens", 0, 0, G_OPTION_ARG_STRING, &o->measured_kv_cache_tokens, N_("Trial run on this hardware: vLLM’s “GPU KV cache size” of one replica, in tokens"), N_("COUNT") },
    { "measured-gpus", 0, 0, G_OPTION_ARG_STRING, &o->measured_gpus, N_("Trial run on this hardware: GPUs it ran on, for serving the replica’s tensor × pipeline parallel (default: GPUs per node)"), N_("N") },
    { NULL }
  };

  /* The context copies the entries; their targets are in @o. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* The hardware, the price and the billing rules: estimate and add-quote. */
static void
add_quote_entries (GOptionContext *context,
                   Options        *o)
{
  GOptionEntry entries[] = {
    { "gpu", 0, 0, G_OPTION_ARG_STRING, &o->gpu, N_("GPU from the catalogue"), N_("ID") },
    { "gpus-per-node", 0, 0, G_OPTION_ARG_STRING, &o->gpus_per_node, N_("GPUs per node (default 8)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_STRING, &o->nodes, N_("Nodes (default 1)"), N_("N") },
    { "price", 0, 0, G_OPTION_ARG_STRING, &o->price, N_("Price with its unit, as the window reads it (12.5/GPU/h, 2352元/台/天, 3万/台/月)"), N_("PRICE") },
    { "price-per-gpu-hour", 0, 0, G_OPTION_ARG_STRING, &o->price_per_gpu_hour, N_("Price per GPU-hour (12.5, ¥12.5, $2.5)"), N_("PRICE") },
    { "price-per-node-hour", 0, 0, G_OPTION_ARG_STRING, &o->price_per_node_hour, N_("Price per node-hour"), N_("PRICE") },
    { "price-per-node-month", 0, 0, G_OPTION_ARG_STRING, &o->price_per_node_month, N_("Price per node-month (¥30000, 3万)"), N_("PRICE") },
    { "intra-link", 0, 0, G_OPTION_ARG_STRING, &o->intra_link, N_("Link between GPUs of a node (default: the GPU’s)"), N_("ID") },
    { "network", 0, 0, G_OPTION_ARG_STRING, &o->network, N_("Network between nodes: ethernet, roce or infiniband"), N_("KIND") },
    { "nics", 0, 0, G_OPTION_ARG_STRING, &o->nics, N_("Network cards per node"), N_("N") },
    { "nic-gbps", 0, 0, G_OPTION_ARG_STRING, &o->nic_gbps, N_("Line rate of one network card, Gb/s"), N_("GBPS") },
    { "host-memory-gib", 0, 0, G_OPTION_ARG_STRING, &o->host_memory_gib, N_("Host memory (RAM) of one node, GiB, which CPU offload fills (default 0: not stated)"), N_("GIB") },
    { "shared", 0, 0, G_OPTION_ARG_NONE, &o->shared, N_("The network between nodes is shared"), NULL },
    { "dedicated", 0, 0, G_OPTION_ARG_NONE, &o->dedicated, N_("The network between nodes is dedicated"), NULL },
    { "moe-dispatch-dedup", 0, 0, G_OPTION_ARG_NONE, &o->moe_dispatch_dedup, N_("Mixture of experts: send a token once per node holding its experts, as DeepEP does (default: a copy per expert)"), NULL },
    { "moe-a2a-overlap", 0, 0, G_OPTION_ARG_NONE, &o->moe_a2a_overlap, N_("Mixture of experts: hide the all-to-all behind another micro-batch's compute, as DualPipe does (default: exposed)"), NULL },
    { "moe-fp8-expert-speedup", 0, 0, G_OPTION_ARG_STRING, &o->moe_fp8_expert_speedup, N_("Mixture of experts, FP8 training: how many times as fast as in BF16 the routed experts' layers run: 1.148 (default: DeepSeek-V3's narrow experts, as torchao measured on B200), 1.431 (experts as wide as Llama 4's), 2 (the FP8 peak)"), N_("FACTOR") },
    { "moe-fp8-dispatch", 0, 0, G_OPTION_ARG_NONE, &o->moe_fp8_dispatch, N_("Mixture of experts, FP8 training: dispatch tokens in FP8 and combine in BF16, as DeepSeek-V3 does (default: BF16 both ways)"), NULL },
    { "moe-max-nodes-per-token", 0, 0, G_OPTION_ARG_STRING, &o->moe_max_nodes, N_("Mixture of experts: a token is sent to at most this many nodes, as DeepSeek-V3's node-limited routing (4) does (default 0: no limit)"), N_("NODES") },
    { "moe-experts-whole", 0, 0, G_OPTION_ARG_NONE, &o->moe_experts_whole, N_("Mixture of experts: keep each expert whole on one GPU (expert tensor parallel 1), expert parallelism folded over tensor and data parallelism, as Megatron-Bridge's recipes run (default: experts split over the tensor-parallel GPUs, Megatron-LM's default)"), NULL },
    { "billing-granularity-hours", 0, 0, G_OPTION_ARG_STRING, &o->billing_granularity, N_("Billed time is rounded up to this many hours (default: not stated, a month for a price per node-month, else 1)"), N_("HOURS") },
    { "minimum-term-hours", 0, 0, G_OPTION_ARG_STRING, &o->minimum_term, N_("Shortest time billed, in hours (730: a month)"), N_("HOURS") },
    { "network-fee-per-node-month", 0, 0, G_OPTION_ARG_STRING, &o->network_fee, N_("Inter-node network fee per node-month, “included” in the price, or “not-stated” (the default)"), N_("PRICE") },
    { "storage-price-per-tb-month", 0, 0, G_OPTION_ARG_STRING, &o->storage_price, N_("Storage price per TB-month, “included” in the price, or “not-stated” (the default)"), N_("PRICE") },
    { "ops-support-per-month", 0, 0, G_OPTION_ARG_STRING, &o->ops_support, N_("The vendor’s operations support per month, “included” in the price, or “not-stated” (the default)"), N_("PRICE") },
    { "storage", 0, 0, G_OPTION_ARG_STRING, &o->storage, N_("Storage kind: parallel-fs, nas, network-disk or local-nvme"), N_("KIND") },
    { "management-fee-per-month", 0, 0, G_OPTION_ARG_STRING, &o->management_fee, N_("Management or licence fee per month"), N_("PRICE") },
    { "setup-fee", 0, 0, G_OPTION_ARG_STRING, &o->setup_fee, N_("One-time setup fee"), N_("PRICE") },
    { "offering", 0, 0, G_OPTION_ARG_STRING, &o->offering, N_("What is rented: bare-metal, hosted-machine, container, container-cluster, bare-metal-cluster or cloud-vm (a public cloud's VMs by the hour) (default bare-metal); its VAT rate follows it"), N_("KIND") },
    { "vat-rate", 0, 0, G_OPTION_ARG_STRING, &o->vat_rate, N_("The quote's VAT rate, such as 13% (default: its offering's: services 6%, a bare machine 13%)"), N_("PERCENT") },
    { "prices-include-vat", 0, 0, G_OPTION_ARG_STRING, &o->prices_include_vat, N_("Whether the quote's prices include VAT (含税): yes or no (default: as the project says, yes)"), N_("yes|no") },
    { "part-rentable", 0, 0, G_OPTION_ARG_STRING, &o->part_rentable, N_("The vendor’s answer to whether part of an offer of several nodes can be rented alone: yes, no (every option pays for the whole offer) or not-asked (the default: the plan may rent part, and the report asks)"), N_("yes|no|not-asked") },
    { NULL }
  };

  /* The context copies the entries; their targets are in @o. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* Settings and output of estimate alone. */
static void
add_settings_entries (GOptionContext *context,
                      Options        *o)
{
  GOptionEntry entries[] = {
    { "fsdp-pp-unsharded", 0, 0, G_OPTION_ARG_NONE, &o->fsdp_pp_unsharded, N_("ZeRO-3 with pipeline stages: each stage's parameters stay gathered and its gradients unsharded for the whole step, gathered and reduce-scattered once a step, as torchtitan and NeMo AutoModel run FSDP with PP (default: resharded as without stages, every micro-batch)"), NULL },
    { "zero3-deepspeed", 0, 0, G_OPTION_ARG_NONE, &o->zero3_deepspeed, N_("ZeRO-3 as DeepSpeed runs it: up to 1e9 parameters kept gathered and the step's flat and fp32 copies of up to 1e9 gradients (default: FSDP2)"), NULL },
    { "zero3-client-adamw", 0, 0, G_OPTION_ARG_NONE, &o->zero3_client_adamw, N_("With --zero3-deepspeed: the config names no optimizer, so DeepSpeed steps PyTorch's AdamW (the Hugging Face Trainer's), whose step holds sqrt(v) of up to 1e9 parameters in fp32 (default: DeepSpeed's FusedAdam)"), NULL },
    { "fsdp1-adapter-gradients", 0, 0, G_OPTION_ARG_NONE, &o->fsdp1_adapter_gradients, N_("LoRA with ZeRO-3 as FSDP1 runs it: accumulating micro-batches keeps the whole model's gradients on every GPU (default: FSDP2, adapters' gradients only)"), NULL },
    { "vllm-engine", 0, 0, G_OPTION_ARG_STRING, &o->vllm_profile, N_("vLLM engine whose memory profile sizes the KV cache and whose scheduler places the prompts: v1 (default, vLLM 0.8 and later: a pass of 8,192 or 2,048 batched tokens; prompts prefilled inside the decode steps) or v0 (before 0.8: a pass of the whole context, at least 2,048 tokens, and each prompt prefilled in a step of its own; above 32,768 tokens of context a pass of 2,048 and prompts folded as in v1)"), N_("v1|v0") },
    { "kv-admission", 0, 0, G_OPTION_ARG_STRING, &o->kv_admission, N_("What a served request counts against the KV cache: paged (default: the tokens it holds, its prompt and the output so far, as vLLM allocates blocks) or full-length (its prompt and whole output, as TensorRT-LLM sizes its batch)"), N_("paged|full-length") },
    { "serving-engine", 0, 0, G_OPTION_ARG_STRING, &o->serving_engine, N_("Serving engine whose own time a decode step pays beyond the GPUs' work: vllm (default: 2.60 ms a step after the GPUs' under --vllm-engine v0, none under v1) or sglang (2.42 ms while the GPUs run, so only what exceeds their step)"), N_("vllm|sglang") },
    { "selective-recompute", 0, 0, G_OPTION_ARG_STRING, &o->selective_recompute, N_("What selective recompute keeps of a layer: attention (default: all but the attention scores, as Megatron-LM), op (the attention output and every other matrix product's, as torchtitan's op-level activation checkpointing) or moe (all but the MoE layers, which keep their input only and run again whole, dispatch and combine included, as Megatron-Core's --recompute-modules layernorm moe)"), N_("attention|op|moe") },
    { "cross-entropy", 0, 0, G_OPTION_ARG_STRING, &o->cross_entropy, N_("How the training loss holds the logits at its peak: fused (default: 4 bytes a logit, as Megatron-LM's fused cross entropy and compiled or chunked losses) or eager (12 bytes a logit, as PyTorch's cross_entropy on logits cast to fp32)"), N_("fused|eager") },
    { "fp8-layout", 0, 0, G_OPTION_ARG_STRING, &o->fp8_layout, N_("Layers that 8-bit weights cover when serving: all-linear (default: every linear layer but the output head) or llama3 (feed-forward layers but the first and last, as Meta's FP8 checkpoint of Llama 3.1 405B)"), N_("all-linear|llama3") },
    { "tp-comm-overlap", 0, 0, G_OPTION_ARG_STRING, &o->tp_comm_overlap, N_("Share of the tensor-parallel collectives hidden behind the GEMMs beside them: 0 (default: exposed, as Megatron-Core runs them unless told), 1 (Transformer Engine's userbuffers, as NeMo's recipes run), 0.36 (torchtitan's AsyncTP)"), N_("FRACTION") },
    { "int4-constant-bits", 0, 0, G_OPTION_ARG_STRING, &o->int4_constant_bits, N_("Bits of scales and zeros each 4-bit weight carries when serving: 0.156 (default: AWQ and GPTQ, group size 128), 0.5 (bitsandbytes NF4), 0.127 (NF4 double-quantised) or 1 (gpt-fast int4, group size 32)"), N_("BITS") },
    { "qlora-bits", 0, 0, G_OPTION_ARG_STRING, &o->qlora_bits, N_("Bits a parameter of a QLoRA's 4-bit base takes, its constants included: 4.127 (default: NF4 double-quantised, as the QLoRA paper) or 4.5 (NF4 without double quantisation, as LitGPT's bnb.nf4)"), N_("BITS") },
    { "bytes-convention", 0, 0, G_OPTION_ARG_STRING, &o->bytes_convention, N_("Bytes per parameter of mixed-precision Adam: 16 (ZeRO) or 18 (Hugging Face)"), N_("16|18") },
    { "memory-unit", 0, 0, G_OPTION_ARG_STRING, &o->memory_unit, N_("What “80 GB” means: gib (2^30) or gb (10^9)"), N_("UNIT") },
    /* vLLM's own name, and the window's (Preferences) beside it. */
    { "gpu-memory-utilization", 0, 0, G_OPTION_ARG_STRING, &o->serving_memory_fraction, N_("Share of each GPU's memory a serving engine may use, vLLM’s --gpu-memory-utilization (default 0.90, vLLM’s)"), N_("FRACTION") },
    { "serving-memory-fraction", 0, 0, G_OPTION_ARG_STRING, &o->serving_memory_fraction, N_("The same as --gpu-memory-utilization"), N_("FRACTION") },
    { "utilisation", 0, 0, G_OPTION_ARG_STRING, &o->utilisation, N_("Compute utilisation of dense peak while computing (default 0.55)"), N_("FRACTION") },
    { "link-efficiency", 0, 0, G_OPTION_ARG_STRING, &o->link_efficiency, N_("Achievable share of a link's line rate (default 0.80)"), N_("FRACTION") },
    { "host-cpu-cores", 0, 0, G_OPTION_ARG_STRING, &o->host_cpu_cores, N_("CPU offload: cores of one node that step the optimizer (default 112, NVIDIA DGX H100's; DGX A100 has 128, many rented servers 64)"), N_("CORES") },
    { "cpu-adam-rate", 0, 0, G_OPTION_ARG_STRING, &o->cpu_adam_rate, N_("CPU offload: parameters one core steps a second (default 81.1e6, DeepSpeed's CPU-Adam in the ZeRO-Offload paper: 10B in 2.57 s on 48 cores; PyTorch's CPU Adam was 5–7 times as slow)"), N_("RATE") },
    { "offload-delayed-update", 0, 0, G_OPTION_ARG_NONE, &o->offload_delayed_update, N_("CPU offload: step the optimizer while the GPUs compute the next step, ZeRO-Offload's one-step delayed update (default: the GPUs wait for the step, as DeepSpeed runs it)"), NULL },
    { "layout-headroom-time", 0, 0, G_OPTION_ARG_STRING, &o->layout_headroom_time, N_("Run time the layout search gives up to keep each GPU's memory at or below 90% rather than take a faster, tight layout (default 0.15, the run-time tolerance the estimate is checked to; 0: the fastest always)"), N_("FRACTION") },
    { "debug-share", 0, 0, G_OPTION_ARG_STRING, &o->debug_share, N_("Debugging share of a training project's calendar (default 0.35, rule R4: 30–40%)"), N_("FRACTION") },
    { "failure-rate", 0, 0, G_OPTION_ARG_STRING, &o->failure_rate, N_("Job interruptions per GPU-hour (default 1.97e-5, Llama 3: 419 in 54 days on 16,384 GPUs; 0: none)"), N_("RATE") },
    { "restart-time", 0, 0, G_OPTION_ARG_STRING, &o->restart_time, N_("Seconds from an interruption to training again (default 600)"), N_("SECONDS") },
    { "checkpoint-interval", 0, 0, G_OPTION_ARG_STRING, &o->checkpoint_interval, N_("Seconds of training between checkpoints (default 0: the Young/Daly optimum)"), N_("SECONDS") },
    { "xml", 0, 0, G_OPTION_ARG_NONE, &o->xml, N_("Write XML instead of a table"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_("Write the XML to FILE instead of standard output"), N_("FILE") },
    { NULL }
  };

  /* The context copies the entries; their targets are in @o. */
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

static int
run (Estimate *e,
     int       argc,
     char    **argv)
{
  Options *o = &e->options;
  g_autoptr(GOptionContext) context =
    cp_cli_option_context_new ("estimate", _("Estimates memory per GPU, run time and total cost of one job "
                                             "on one GPU configuration."));
  g_autoptr(GError) error = NULL;
  CpTaskKind kind = CP_TASK_PRETRAIN;
  CpEstimate est;
  guint nodes = 1;

  add_job_entries (context, o);
  add_quote_entries (context, o);
  add_settings_entries (context, o);
  if (!cp_cli_parse_options (context, &argc, &argv, FALSE))
    return CP_CLI_EXIT_USAGE;

  if (!cp_cli_job_options_read_task (o, &kind))
    return CP_CLI_EXIT_USAGE;
  /* The window's defaults, from the planner: what a layout option does not
   * pin is searched, FlashAttention runs where the GPU runs it. */
  cp_job_init (&e->job, kind);
  cp_quote_init (&e->quote);
  cp_settings_init (&e->settings);

  if (!cp_cli_job_options_apply_to_job (o, NULL, &e->job) ||
      !apply_quote_options (o, NULL, TRUE, &e->quote, &nodes) ||
      !apply_cost_options (e) ||
      !apply_settings_options (e))
    return CP_CLI_EXIT_USAGE;

  if (!cp_cli_check_network_given (&e->quote))
    return CP_CLI_EXIT_USAGE;
  if (!cp_job_validate (&e->job, &error) ||
      !cp_quote_validate (&e->quote, &error) ||
      !cp_settings_validate (&e->settings, &error))
    return cp_cli_usage_error ("%s", error->message);

  if (!cp_estimate_with_technique (&e->job, &e->quote, nodes, CP_TECHNIQUE_AS_CONFIGURED,
                                   &e->settings, &est, &error) ||
      !cp_estimate (&e->job, &e->quote, nodes, &e->settings, &e->fitting, &error))
    return cp_cli_usage_error ("%s", error->message);
  /* A job that leaves ZeRO and recompute to the planner is shown as the
   * window shows it: as configured when that fits, else with the cheapest
   * memory technique that makes it fit. A pinned one is shown as pinned. */
  if (!est.fits && e->fitting.fits &&
      e->job.zero_stage == CP_ZERO_STAGE_AUTO && e->job.recompute == CP_RECOMPUTE_AUTO)
    est = e->fitting;
  cp_range_estimate (&e->job, &e->quote, &e->settings, &est, &e->range, NULL, NULL);
  e->has_ep_choice = cp_estimate_expert_parallel_choice (&e->job, &e->quote, nodes, &e->settings, &est, &e->ep_choice);
  /* The verdict and its reasons come from the project's analysis, as the
   * window's and the reports' do: the job and the quote made a project of
   * one job and one quote, planned once there. The estimates above are
   * this command's own subject, the configuration at the node count given. */
  e->project = cp_project_new ();
  e->project->settings = e->settings;
  cp_project_add_job (e->project, cp_job_dup (&e->job));
  cp_project_add_quote (e->project, cp_quote_dup (&e->quote));
  e->analysis = cp_project_analysis_new (e->project, CP_CHART_COST_MAX_POINTS);
  e->plan = cp_project_analysis_get_full_plan (e->analysis, 0);

  if (o->xml)
    {
      if (!cp_cli_estimate_write_xml (e, &est, nodes, &error))
        return cp_cli_failure ("%s", error->message);
    }
  else
    cp_cli_estimate_print_table (e, &est, nodes);
  return CP_CLI_EXIT_OK;
}

int
cp_cli_estimate (int    argc,
                 char **argv)
{
  Estimate e = { 0 };
  int status = run (&e, argc, argv);

  estimate_clear (&e);
  return status;
}

/* The options shared with add-job and add-quote (cli-job-options.h). */

CpCliJobOptions *
cp_cli_job_options_new (void)
{
  return g_new0 (CpCliJobOptions, 1);
}

void
cp_cli_job_options_free (CpCliJobOptions *options)
{
  if (options == NULL)
    return;
  options_clear (options);
  g_free (options);
}

void
cp_cli_job_options_add_job_entries (CpCliJobOptions *options,
                                    GOptionContext  *context)
{
  add_job_entries (context, options);
}

void
cp_cli_job_options_add_quote_entries (CpCliJobOptions *options,
                                      GOptionContext  *context)
{
  add_quote_entries (context, options);
}

gboolean
cp_cli_job_options_read_task (CpCliJobOptions *options,
                              CpTaskKind      *kind)
{
  if (options->task != NULL && !cp_task_kind_from_string (options->task, kind))
    return cp_cli_bad_choice ("--task", options->task,
                              "pretrain, full-finetune, lora, qlora, inference, debug, data-processing");
  return TRUE;
}

/* The month of @project's settings, or of the defaults without one. */
static double
project_hours_per_month (const CpProject *project)
{
  CpSettings defaults;

  if (project != NULL)
    return project->settings.hours_per_month;
  cp_settings_init (&defaults);
  return defaults.hours_per_month;
}

gboolean
cp_cli_job_options_apply_to_job (CpCliJobOptions *options,
                                 const CpProject *project,
                                 CpJob           *job)
{
  char currency[4] = "";

  /* Debugging and data processing are priced by duration: no model needed. */
  if ((cp_task_kind_is_training (job->kind) || job->kind == CP_TASK_INFERENCE ||
       options->model != NULL || options->params != NULL) && !resolve_model (options, project, job))
    return FALSE;
  return apply_job_options (options, project_hours_per_month (project), job) &&
         (project == NULL || apply_job_cost_options (options, job, currency));
}

gboolean
cp_cli_job_options_state_team (const CpCliJobOptions *options)
{
  const Options *o = options;

  return o->team_stated || o->distributed_experience || o->ops_engineer;
}

gboolean
cp_cli_job_options_apply_edits (CpCliJobOptions *options,
                                const CpProject *project,
                                CpJob           *job)
{
  char currency[4] = "";
  Options *o = options;
  /* The job's model stays unless an option names another or changes it. */
  gboolean model_given = o->model || o->params || o->active_params || o->layers || o->hidden || o->heads ||
                         o->kv_heads || o->ffn || o->vocab || o->experts || o->active_experts ||
                         o->tied_embeddings || o->q_lora_rank || o->kv_lora_rank || o->qk_rope_head_dim ||
                         o->qk_nope_head_dim || o->v_head_dim;

  if (o->task != NULL)
    {
      cp_cli_usage_error (_("edit-job keeps the job’s kind: add a job of the other kind with add-job"));
      return FALSE;
    }
  gboolean experienced = job->team_has_distributed_experience;
  gboolean ops_engineer = job->team_has_ops_engineer;
  gboolean team_stated = job->team_stated;

  if (model_given && !resolve_model (o, project, job))
    return FALSE;
  if (!apply_job_options (o, project_hours_per_month (project), job) ||
      !apply_job_cost_options (o, job, currency))
    return FALSE;
  /* An edit that names no team keeps the job's. */
  if (!cp_cli_job_options_state_team (o))
    {
      job->team_has_distributed_experience = experienced;
      job->team_has_ops_engineer = ops_engineer;
      job->team_stated = team_stated;
    }
  return TRUE;
}

gboolean
cp_cli_job_options_apply_to_quote (CpCliJobOptions *options,
                                   const CpProject *project,
                                   CpQuote         *quote,
                                   guint           *nodes)
{
  CpSettings defaults;

  cp_settings_init (&defaults);
  return apply_quote_options (options, project, TRUE, quote, nodes) &&
         apply_quote_cost_options (options, project != NULL ? &project->settings : &defaults, quote);
}

gboolean
cp_cli_job_options_apply_quote_edits (CpCliJobOptions *options,
                                      const CpProject *project,
                                      CpQuote         *quote)
{
  guint nodes;

  return apply_quote_options (options, project, FALSE, quote, &nodes) &&
         apply_quote_cost_options (options, &project->settings, quote);
}

gboolean
cp_cli_job_bind_trial (CpJob         *job,
                       const CpQuote *quote)
{
  g_autoptr(GError) error = NULL;

  /* The measurements were taken on one node of the hardware described. */
  if (job->trial.peak_memory_bytes > 0 || job->trial.tokens_per_s > 0 || job->trial.step_s > 0 ||
      job->trial.kv_cache_tokens > 0)
    {
      g_free (job->trial.quote_id);
      job->trial.quote_id = g_strdup (quote->id);
      /* --measured-gpus, else the whole node. */
      if (job->trial.gpus == 0)
        job->trial.gpus = quote->gpus_per_node;
      job->trial.gpu_dense_flops = quote->gpu.dense_bf16_flops;
      job->trial.gpu_memory_nominal_gb = quote->gpu.memory_nominal_gb;
      if (!cp_job_validate_trial_machine (job, quote, &error))
        {
          g_printerr ("%s\n", error->message);
          return FALSE;
        }
    }
  return TRUE;
}
