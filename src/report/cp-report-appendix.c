/* cp-report-appendix.c: the report's closing pages.
 *
 * Owns the assumptions with their values, the spreads of published
 * figures and their sources, and the approval block with its signature
 * lines. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "planner/cp-serving.h"
#include "planner/cp-units.h"
#include "cp-chart.h"
#include "cp-i18n.h"
#include "cp-reason-text.h"
#include "cp-report-doc.h"
#include "cp-report-sections.h"

/* The units cp_settings_get_assumptions() names, in the report's language. */
static const char *
unit_words (const char *unit)
{
  static const struct {
    const char *unit;
    const char *words;
  } units[] = {
    { "bytes/param", N_("bytes/param") },
    { "bytes/GB", N_("bytes/GB") },
    { "days", N_("days") },
    { "working days", N_("working days") },
    { "hours", N_("hours") },
    { "FLOPs/param/token", N_("FLOPs/param/token") },
    { "bits/param", N_("bits/param") },
    { "bits/weight", N_("bits/weight") },
    /* TRANSLATORS: the unit of a count of nodes in the assumptions table */
    { "nodes", N_("nodes") },
    { "bytes/element", N_("bytes/element") },
    { "bytes/logit", N_("bytes/logit") },
    /* TRANSLATORS: the unit of CPU cores in a machine, in the assumptions table */
    { "cores per node", N_("cores") },
    { "params/s per core", N_("parameters/s per core") },
    { "tokens", N_("tokens") },
    { "s", N_("s") },
    /* The checkpoint speeds' names say per node or in all: the value said
     * it again, "（每节点）：1.05 GB/s（每节点）" (approver 33, A21). */
    { "GB/s per node", N_("GB/s") },
    { "GB/s in all", N_("GB/s") },
    /* The assumption's name says how the batch grows with size. */
    { "tokens at 7B × (N/7B)^0.25", N_("tokens") },
  };

  if (unit == NULL)
    return "";
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strcmp (unit, units[i].unit) == 0)
      return _(units[i].words);
  return unit;
}

/* Whether some quote of the project offers what assumption @key is
 * about: a checkpoint speed for its storage (unstated storage is taken as
 * a network disk, cp_settings_checkpoint_write_bytes_per_s()), the share
 * of a network that a cluster quote does not say is dedicated and gives
 * no share for (_cp_inter_bytes_per_s_per_gpu()). */
static gboolean
quotes_use (const CpProject *project,
            const char      *key)
{
  static const struct {
    const char   *key;
    CpStorageKind storage;
  } storages[] = {
    { "checkpoint-write-parallel-fs", CP_STORAGE_PARALLEL_FS },
    { "checkpoint-write-nas", CP_STORAGE_NAS },
    { "checkpoint-write-network-disk", CP_STORAGE_NETWORK_DISK },
    { "checkpoint-write-local-nvme", CP_STORAGE_LOCAL_NVME },
  };

  for (guint s = 0; s < G_N_ELEMENTS (storages); s++)
    if (strcmp (key, storages[s].key) == 0)
      {
        for (guint q = 0; q < project->quotes->len; q++)
          {
            const CpQuote *quote = g_ptr_array_index (project->quotes, q);
            CpStorageKind kind = quote->storage == CP_STORAGE_UNKNOWN ? CP_STORAGE_NETWORK_DISK : quote->storage;

            if (kind == storages[s].storage)
              return TRUE;
          }
        return FALSE;
      }
  /* A VAT rate by offering only where a quote takes it: a project of
   * bare machines lists the lease's, one of containers the services'. */
  if (strcmp (key, "vat-rate") == 0 || strcmp (key, "vat-rate-lease") == 0)
    {
      gboolean lease = strcmp (key, "vat-rate-lease") == 0;

      for (guint q = 0; q < project->quotes->len; q++)
        {
          const CpQuote *quote = g_ptr_array_index (project->quotes, q);
          gboolean bare = quote->offering == CP_OFFERING_BARE_METAL || quote->offering == CP_OFFERING_BARE_METAL_CLUSTER;

          if (quote->vat_rate <= 0 && bare == lease)
            return TRUE;
        }
      return FALSE;
    }
  if (strcmp (key, "shared-network-factor") == 0)
    {
      for (guint q = 0; q < project->quotes->len; q++)
        {
          const CpQuote *quote = g_ptr_array_index (project->quotes, q);

          if (cp_quote_is_cluster (quote) && quote->sharing != CP_SHARING_DEDICATED &&
              !(quote->sharing == CP_SHARING_SHARED && quote->share_factor > 0))
            return TRUE;
        }
      return FALSE;
    }
  return TRUE;
}

/* Whether some job of the project depends on assumption @key: the
 * appendix lists only those (a LoRA-only project has no pretraining batch
 * rule, a training-only one no KV-cache block, a project whose quotes
 * state no NAS no NAS speed). */
static gboolean
project_uses (const CpProject *project,
              const char      *key)
{
  guint kinds = cp_assumption_task_kinds (key);
  /* Assumptions about a model's shape: how experts' tokens are sent
   * applies to mixture-of-experts models only, a SwiGLU intermediate's
   * bytes to gated MLPs only. */
  gboolean needs_experts = g_strcmp0 (key, "moe-dispatch-dedup") == 0 || g_strcmp0 (key, "moe-a2a-overlap") == 0 ||
                           g_strcmp0 (key, "moe-fp8-dispatch") == 0 || g_strcmp0 (key, "moe-max-nodes-per-token") == 0 ||
                           g_strcmp0 (key, "moe-fp8-expert-speedup") == 0 ||
                           g_strcmp0 (key, "moe-expert-tp") == 0 ||
                           g_strcmp0 (key, "expert-gemm-half-size") == 0;
  gboolean needs_gated_mlp = g_strcmp0 (key, "swiglu-activation-bytes") == 0;
  /* Which layers 8-bit weights cover: services of 8-bit weights only. */
  gboolean needs_8bit = g_strcmp0 (key, "fp8-layout") == 0;
  /* The constants of 4-bit formats: services of 4-bit weights only. */
  gboolean needs_4bit = g_strcmp0 (key, "int4-constant-bits") == 0;

  if (key != NULL && !quotes_use (project, key))
    return FALSE;
  /* Tensor-parallel overlap changes a plan only where it hides some of
   * the traffic; at 0 the collectives stay exposed, as before it existed. */
  if (g_strcmp0 (key, "tp-comm-overlap") == 0 && project->settings.tp_comm_overlap <= 0)
    return FALSE;
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if ((kinds & (1u << job->kind)) == 0)
        continue;
      if (needs_experts && job->model.experts_total <= 1)
        continue;
      if (needs_gated_mlp && !job->model.gated_mlp)
        continue;
      if (needs_8bit && job->weight_bits != 8)
        continue;
      if (needs_4bit && job->weight_bits != 4)
        continue;
      return TRUE;
    }
  return FALSE;
}

/* Whether layout @layout of an option of a job of kind @kind makes
 * assumption @key change a figure. The switches of ZeRO-3 and FSDP (how
 * pipeline stages keep their parameters, how FSDP1 accumulates adapters'
 * gradients) and the recompute costs apply only to the layouts that use
 * them (cp-estimate-memory.c, cp-estimate-time.c); every other assumption
 * applies to any layout. */
static gboolean
layout_uses (const CpLayout *layout,
             CpTaskKind      kind,
             const char     *key)
{
  if (strcmp (key, "fsdp-pp-unsharded") == 0)
    return layout->zero_stage >= 3 && layout->pipeline_parallel > 1 && layout->data_parallel > 1;
  if (strcmp (key, "zero3-deepspeed") == 0 || strcmp (key, "zero3-client-adamw") == 0)
    return layout->zero_stage >= 3 && layout->data_parallel > 1;
  if (strcmp (key, "fsdp1-adapter-gradients") == 0)
    return (kind == CP_TASK_LORA || kind == CP_TASK_QLORA) && layout->zero_stage >= 3 &&
           layout->data_parallel > 1 && layout->micro_batches > 1;
  if (strcmp (key, "selective-recompute-overhead") == 0)
    return layout->recompute == CP_RECOMPUTE_SELECTIVE;
  if (strcmp (key, "full-recompute-flops") == 0)
    return layout->recompute == CP_RECOMPUTE_FULL;
  return TRUE;
}

/* Whether a job of @results depends on the longest acceptable run: it
 * has no deadline, which the longest run stands in for, or an option it
 * compares runs longer, where debugging stops growing with the run
 * (cp-estimate-cost.c). A project whose jobs all have deadlines listed
 * the row "Longest acceptable run when there is no deadline" (appr35 C8). */
static gboolean
plans_use_longest_run (const CpProject *project,
                       JobResult       *results)
{
  guint kinds = cp_assumption_task_kinds ("longest-acceptable-run");
  double longest_s = project->settings.longest_acceptable_run_days * 86400.0;

  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = results[j].plan;

      if (plan == NULL || (kinds & (1u << job->kind)) == 0)
        continue;
      if (cp_job_deadline_days (job) <= 0)
        return TRUE;
      for (guint o = 0; o < plan->options->len; o++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, o);

          if (option->estimate.fits && option->estimate.total_s > longest_s)
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether some option of @results (one plan per job) that fits offloads
 * the optimizer to the CPU, at its chosen size or as its whole offer. */
static gboolean
plans_offload (const CpProject *project,
               JobResult       *results)
{
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpPlan *plan = results[j].plan;

      for (guint o = 0; plan != NULL && o < plan->options->len; o++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, o);

          if ((option->estimate.fits && option->estimate.cpu_offload) ||
              (option->has_full_offer && option->full_offer.fits && option->full_offer.cpu_offload))
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether the plans of @results (one per job) used assumption @key: some
 * option the report shows (a compared quote at its chosen size, or its
 * whole offer beside it) was laid out so that the assumption changed one
 * of its figures. A row about a layout no plan chose (ZeRO-3's switches
 * beside a ZeRO-0 recommendation) is left out: the appendix lists what
 * this project used, not what its kind of job may use (issue 22: a 13B
 * LoRA's sixth page held two such rows). */
static gboolean
plans_use (const CpProject *project,
           JobResult       *results,
           const char      *key)
{
  static const char *const layout_keys[] = {
    "fsdp-pp-unsharded", "fsdp1-adapter-gradients", "zero3-deepspeed", "zero3-client-adamw", "selective-recompute-overhead", "full-recompute-flops",
    "layout-headroom-time", NULL,
  };
  /* The search gave up a faster, Tight layout for headroom. */
  gboolean headroom = g_strcmp0 (key, "layout-headroom-time") == 0;

  if (g_strcmp0 (key, "longest-acceptable-run") == 0)
    return plans_use_longest_run (project, results);
  /* The CPU's optimizer step: only where an option shown offloads. */
  if (g_strcmp0 (key, "host-cpu-cores") == 0 || g_strcmp0 (key, "cpu-adam-rate") == 0 ||
      g_strcmp0 (key, "offload-delayed-update") == 0)
    return plans_offload (project, results);
  if (key == NULL || !g_strv_contains (layout_keys, key))
    return TRUE;
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = results[j].plan;

      if (plan == NULL || !cp_task_kind_is_training (job->kind))
        continue;
      for (guint o = 0; o < plan->options->len; o++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, o);

          if (headroom && (option->estimate.layout_fastest_total_s > 0 ||
                           (option->has_full_offer && option->full_offer.layout_fastest_total_s > 0)))
            return TRUE;
          if (headroom)
            continue;
          if (option->estimate.fits && layout_uses (&option->estimate.layout, job->kind, key))
            return TRUE;
          if (option->has_full_offer && option->full_offer.fits &&
              layout_uses (&option->full_offer.layout, job->kind, key))
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether a job of @results (one plan per job) had its training layout
 * searched: the headroom rule decided each such search, whether it gave
 * up a faster, Tight layout or kept one for being faster by more. Said
 * only when it gave one up, the appendix left the approver of a layout
 * at 97% of memory without the rule that kept it (appr31 finding 6); the
 * table's row on it stays for a search that gave one up. */
static gboolean
plans_search_layouts (const CpProject *project,
                      JobResult       *results)
{
  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    if (results[j].plan != NULL && results[j].plan->options->len > 0 &&
        cp_report_job_has_layout (g_ptr_array_index (project->jobs, j)))
      return TRUE;
  return FALSE;
}

/* The spread of assumption @key, if it has one (cp-range.h): the
 * debugging share's is given on the row that says the share. */
static const CpSpread *
find_spread (const CpSpread *spreads,
             guint           n,
             const char     *key)
{
  if (g_strcmp0 (key, "debug-time") == 0)
    key = "debug-share";
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (spreads[i].key, key) == 0)
      return &spreads[i];
  return NULL;
}

/* What a range's source adds to the value's: the utilisation's and the
 * link efficiency's ranges come from figures the value's source does not
 * give; the other ranges' sources are the value's own (Hugging Face's
 * 1–2 GB, rules R4 and R8, Llama 3 to OPT-175B). */
static const char *
range_note (CpSpreadKind kind)
{
  switch (kind)
    {
    case CP_SPREAD_COMPUTE_UTILISATION:
      /* xgettext:no-c-format */
      return _("range: the value used here less 15% to plus 15%, as published end-to-end MFUs, 41.5% to 56.3%, lie within 15% of their middle, 48.9%");
    case CP_SPREAD_LINK_EFFICIENCY:
      /* xgettext:no-c-format */
      return _("range: 58% (Azure ND A100 v4 all-reduce, 174 of 300 GB/s at 134 MB) to 82% (nccl-tests, issue 212)");
    case CP_SPREAD_FRAMEWORK_OVERHEAD:
    case CP_SPREAD_DEBUG_SHARE:
    case CP_SPREAD_MIGRATION_DAYS:
    case CP_SPREAD_FAILURE_RATE:
    case CP_N_SPREADS:
    default:
      break;
    }
  return NULL;
}

/* Which costs some option the plans of @results compared counts as
 * nothing because its quote does not state them. */
static CpUnstatedCost
plans_count_unstated (const CpProject *project,
                      JobResult       *results)
{
  CpUnstatedCost costs = 0;

  for (guint j = 0; results != NULL && j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);
      const CpPlan *plan = results[j].plan;

      if (plan == NULL || plan->cost_unknown)
        continue;
      for (guint o = 0; o < plan->options->len; o++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, o);
          const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

          if (!option->estimate.fits || !cp_report_quote_compared (plan, option->quote_index))
            continue;
          costs |= cp_option_unstated_costs (job, quote, option);
        }
    }
  return costs;
}

/* The row saying how an unstated storage price or network fee is read,
 * when a job relies on it (approver, 3 December: the appendix did not
 * say): counted as nothing, then the verdict checked at the dearest price
 * another compared quote states (the planner's check_unstated_costs()). */
static void
add_unstated_costs_row (Doc       *doc,
                        Table     *table,
                        JobResult *results)
{
  CpUnstatedCost costs = plans_count_unstated (doc->project, results);
  const char *name;

  if (costs == 0)
    return;
  name = costs == CP_UNSTATED_STORAGE_PRICE ? _("A storage price a quote does not state")
         : costs == CP_UNSTATED_NETWORK_FEE ? _("A network fee between nodes a quote does not state")
         : _("A storage price or network fee between nodes a quote does not state");
  cp_doc_table_add_row (table, g_strdup (name),
                        /* TRANSLATORS: the value of the unstated-costs convention in the assumptions table */
                        g_strdup (_("Counted as nothing")),
                        /* The budget's "Not in the amount" names the quotes; the
                         * row says how the verdict is checked, in three lines. */
                        g_strdup (_("This report's convention: a total leaves it out. The verdict is checked with it at the dearest price another compared quote states (nothing when none states one); if another quote would then win, the verdict is not firm and that vendor is asked.")));
}

/* The assumptions list: the height of one of its lines in the small
 * font (8 pt), and the space between two entries. */
#define ASSUMPTION_LINE_HEIGHT 10.0
#define ASSUMPTION_SPACE_AFTER 2.0

/* What the training jobs that keep their optimizer states other than in
 * fp32 (the default the convention above counts) keep, in plain words
 * and then the framework's term, each with the jobs that do; "" when no
 * job does. */
static char *
optimizer_states_text (const CpProject *project)
{
  GString *text = g_string_new (NULL);

  for (int states = CP_OPTIMIZER_STATES_BF16_MOMENTS; states < CP_N_OPTIMIZER_STATES; states++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autofree char *joined = NULL;

      for (guint j = 0; j < project->jobs->len; j++)
        {
          const CpJob *job = g_ptr_array_index (project->jobs, j);

          if (cp_task_kind_is_training (job->kind) && (int) job->optimizer_states == states)
            g_ptr_array_add (names, job->name);
        }
      if (names->len == 0)
        continue;
      joined = cp_words_join_names (names);
      g_string_append_c (text, ' ');
      g_string_append_printf (text, states == CP_OPTIMIZER_STATES_BF16_MOMENTS
                                    /* TRANSLATORS: %s names one or more training jobs; the optimizer states in plain words, then the technical term */
                                    ? _("%s keeps the optimizer’s running averages in half precision beside a full-precision copy of the weights (bf16 moments with an fp32 master copy, as Megatron-LM’s precision-aware optimizer).")
                                    /* TRANSLATORS: %s names one or more training jobs; the optimizer states in plain words, then the technical term */
                                    : _("%s keeps its weights, gradients and the optimizer’s running averages all in half precision, with no full-precision copy (pure bf16 training, as torchtune and torchao’s bf16 AdamW)."),
                              joined);
    }
  return g_string_free (text, FALSE);
}

/* What the jobs that train adapters only (LoRA, QLoRA) keep of the bytes
 * per parameter counted above, with the jobs that do; "" when no job does.
 * Their frozen base keeps its weights alone (cp-estimate-memory.c: the
 * gradients and optimizer states are the adapters' trainable parameters
 * times the convention's bytes), so 16 bytes times the model's 13 billion
 * parameters beside a LoRA job's 60 GiB read as a contradiction (read37
 * finding 12). */
static char *
adapter_states_text (const CpProject *project)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if (job->kind == CP_TASK_LORA || job->kind == CP_TASK_QLORA)
        g_ptr_array_add (names, job->name);
    }
  if (names->len == 0)
    return g_strdup ("");
  joined = cp_words_join_names (names);
  /* TRANSLATORS: %s names one or more LoRA or QLoRA jobs; follows the sentence on bytes per parameter */
  return g_strdup_printf (dngettext (GETTEXT_PACKAGE, " %s trains adapters only: the bytes per parameter count the adapters’ parameters, and the frozen base model keeps only its weights, with no gradients or optimizer states.",
                                    " %s train adapters only: the bytes per parameter count the adapters’ parameters, and the frozen base model keeps only its weights, with no gradients or optimizer states.",
                                    names->len),
                          joined);
}

/* Whether some job of @project trains its every parameter, which the
 * bytes per parameter of mixed-precision Adam describe whole. */
static gboolean
project_trains_all_parameters (const CpProject *project)
{
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if (job->kind == CP_TASK_PRETRAIN || job->kind == CP_TASK_FULL_FINETUNE)
        return TRUE;
    }
  return FALSE;
}

gboolean
cp_report_appendix_lists (const CpProject *project,
                          JobResult       *results,
                          const char      *key)
{
  return project_uses (project, key) && plans_use (project, results, key);
}

/* What a service's answer time is held to: its own target, or with none
 * the limit its risks use (cp_words_answer_limit_s()), naming the
 * services that set none (walk38 F9). NULL without a service. */
static char *
answer_time_text (const CpProject *project)
{
  g_autoptr(GPtrArray) untargeted = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  gboolean any_service = FALSE;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, j);

      if (job->kind != CP_TASK_INFERENCE)
        continue;
      any_service = TRUE;
      if (!(job->answer_within_s > 0))
        g_ptr_array_add (untargeted, job->name);
    }
  if (!any_service)
    return NULL;
  if (untargeted->len == 0)
    return g_strdup (_("A service is held to its answer-time target (“Answer within”): an option whose users wait longer for a whole answer is not feasible."));
  joined = cp_words_join_names (untargeted);
  /* TRANSLATORS: %s names one or more services; “Answer within” is the job's field of the answer-time target */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s sets no answer-time target (“Answer within”): its options are judged on the requests they carry, and an answer slower than MLPerf Inference allows in serving Llama 2 70B (the first token within 2 s, then one every 0.2 s, at the 99th percentile) is named as a risk.",
                                       "%s set no answer-time target (“Answer within”): their options are judged on the requests they carry, and an answer slower than MLPerf Inference allows in serving Llama 2 70B (the first token within 2 s, then one every 0.2 s, at the 99th percentile) is named as a risk.",
                                       untargeted->len),
                          joined);
}

void
cp_report_section_assumptions (Doc       *doc,
                               JobResult *results)
{
  const CpSettings *settings = &doc->project->settings;
  /* The rows of name, value and source, listed below (no widths: never
   * drawn as a table). */
  Table table = { 3, NULL, NULL, NULL, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 0 };
  CpAssumption assumptions[64];
  guint n = cp_settings_get_assumptions (settings, assumptions, G_N_ELEMENTS (assumptions));
  CpSpread spreads[CP_N_SPREADS];
  guint n_spreads = cp_range_get_spreads (settings, spreads, G_N_ELEMENTS (spreads));
  g_autofree char *conventions = NULL;
  g_autofree char *layouts = NULL;
  g_autofree char *gigabyte = NULL;
  g_autofree char *optimizer_states = optimizer_states_text (doc->project);
  g_autofree char *adapter_states = adapter_states_text (doc->project);
  g_autofree char *bytes_per_parameter = NULL;
  gboolean monthly = FALSE;
  gboolean failures;

  /* The heading keeps three lines of the paragraph below with it. */
  cp_doc_heading (doc, doc->h1, _("Assumptions and conventions"), 36);
  cp_report_section_hardware_origins (doc, results);
  /* The longest acceptable run a job without a deadline is held to is
   * the table's row, listed only when a job depends on it. */
  /* xgettext:no-c-format */
  layouts = g_strdup (_("A training layout a job leaves open (tensor, pipeline, data and expert parallel, ZeRO stage, micro-batch, recompute, interleaving) is searched: the fastest that fits is chosen, a tie within 1% going to the one with more memory headroom, and the runner-up is named."));
  if (settings->layout_headroom_time > 0 && plans_search_layouts (doc->project, results))
    {
      g_autofree char *limit = cp_i18n_format_percent (CP_TIGHT_MEMORY_SHARE, doc->lang);
      g_autofree char *slower = cp_i18n_format_percent (settings->layout_headroom_time, doc->lang);
      /* A share of the run, however long (headroom_limit_s,
       * cp-layout-search.c), and never past the job's limit at the
       * pessimistic end (safe_layout_past_limits_s(), cp-estimate.c). */
      /* TRANSLATORS: the 90% memory limit, the most a layout at or below it may be slower as a share of the run */
      g_autofree char *headroom = g_strdup_printf (_("A layout above %s of memory gives way to one below it that is at most %s slower, while that layout's pessimistic end stays within the deadline (or, with none, the longest acceptable run)."),
                                                   limit, slower);
      char *both = g_strconcat (layouts, " ", headroom, NULL);

      g_free (layouts);
      layouts = both;
    }
  /* The table's row on a GPU's nominal gigabyte says how "80 GB" is
   * read when a job depends on it: said there, not twice. */
  if (project_uses (doc->project, "memory-unit") && plans_use (doc->project, results, "memory-unit"))
    gigabyte = g_strdup ("");
  else
    gigabyte = g_strconcat (" ", settings->memory_unit == CP_MEMORY_UNIT_GIB
                                 ? _("A card sold as “80 GB” is taken as 80 GiB (80 × 2^30 bytes), as frameworks report it; memory figures are in GiB.")
                                 : _("A card sold as “80 GB” is taken as 80 × 10^9 bytes, the datasheet's decimal reading; memory figures are in GB."),
                            NULL);
  /* How a month is billed is said only where some quote prices by the
   * month; hours and days are counted as used either way. */
  for (guint q = 0; q < doc->project->quotes->len; q++)
    if (((const CpQuote *) g_ptr_array_index (doc->project->quotes, q))->price_unit == CP_PRICE_PER_NODE_MONTH)
      monthly = TRUE;
  /* The table's rows on interruptions, restarts and checkpoints give the
   * failure model's rates and rules when a job depends on them: the
   * paragraph then says only what they change, not the rules again. */
  failures = project_uses (doc->project, "gpu-failure-rate") && plans_use (doc->project, results, "gpu-failure-rate");
  /* The bytes a trained parameter keeps, said where some job trains:
   * a project of services and data processing trains none. */
  if (project_trains_all_parameters (doc->project) || adapter_states[0] != '\0')
    bytes_per_parameter = g_strconcat (settings->bytes_convention == CP_BYTES_CONVENTION_ZERO_16
                                       ? _("Mixed-precision Adam is counted at 16 bytes per parameter (ZeRO: bf16 weights and gradients, 12 bytes of optimizer state).")
                                       : _("Mixed-precision Adam is counted at 18 bytes per parameter (Hugging Face: fp32 and fp16 weights, fp32 gradients, 8 bytes of optimizer state)."),
                                       adapter_states, optimizer_states, NULL);
  else
    bytes_per_parameter = g_strdup ("");
  conventions = g_strdup_printf ("%s%s %s %s %s %s",
                                 bytes_per_parameter, gigabyte,
                                 _("Time uses dense peak FLOPS only, never sparse figures; run time and calendar time (run plus debugging and migration) are kept apart, and deadlines are checked against calendar time."),
                                 layouts,
                                 monthly
                                 ? _("A price per node-month with no billing granularity stated is billed by whole months, as vendors invoice a monthly rental, and the budget by month counts each month on the day it starts; a granularity or a minimum term the quote states is used as stated. Prices per hour, storage (per TB-month, pro rata) and the team's days are counted as they are used.")
                                 : _("Prices per hour, storage (per TB-month, pro rata) and the team's days are counted as they are used; a billing granularity or a minimum term a quote states is used as stated."),
                                 failures
                                 ? _("A training run is interrupted whenever one of its GPUs fails; it writes checkpoints at the Young/Daly interval unless one is set, and each interruption costs a restart and redone work (the entries on interruptions and checkpoints below). Goodput, useful time ÷ wall time, stretches the run time, and with it billed hours, cost and the deadline check. Services, debugging and data processing rent their period whole: their interruptions are downtime within it.")
                                 : _("A training run is interrupted whenever one of its GPUs fails: GPUs × run hours × the per-GPU failure rate interruptions are expected, one machine included. Each option writes checkpoints (weights and optimizer states) at its storage's speed, at the Young/Daly interval unless one is set, and each interruption costs a restart and, on average, half an interval of work redone (Daly's model). Goodput, useful time ÷ wall time, stretches the run time, and with it billed hours, cost and the deadline check. Services, debugging and data processing rent their period whole: their interruptions are downtime within it."));
  /* Neither of the first two sentences said: no space before the third. */
  cp_doc_paragraph (doc, doc->small, g_strchug (conventions));
  {
    g_autofree char *answer_time = answer_time_text (doc->project);

    if (answer_time != NULL)
      cp_doc_paragraph (doc, doc->small, answer_time);
  }
  /* The ranges are the rows' own: one table says each assumption's value,
   * range and source (issue 22), where a second table of ranges repeated
   * six of its rows' names and sources. */
  cp_doc_paragraph (doc, doc->small,
                    _("These assumptions are not measurements: each time and cost has a low figure (every assumption below at its optimistic end) and a high one (all at their pessimistic end); a figure a trial run measured does not vary. A verdict holds when the same option is the cheapest feasible one at both ends and with each assumption alone at either end; otherwise the report names the threshold at which another quote wins."));

  /* Each training job's achieved MFU beside the utilisation the table
   * assumes (walk37 F5: "55%" beside a mixture of experts' run at 18.4%
   * read as absurd). Here, after the job chapters, it moves no chapter's
   * page breaks. */
  for (guint j = 0; results != NULL && j < doc->project->jobs->len; j++)
    {
      const CpJob *job = g_ptr_array_index (doc->project->jobs, j);
      const CpPlan *plan = results[j].plan;
      g_autofree char *mfu = NULL;
      g_autofree char *line = NULL;

      if (plan == NULL || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len ||
          !cp_task_kind_is_training (job->kind))
        continue;
      mfu = cp_words_achieved_mfu (&g_array_index (plan->options, CpOption, plan->recommended).estimate, doc->lang);
      if (mfu == NULL)
        continue;
      /* TRANSLATORS: a job's name, then its recommended option's achieved MFU beside the assumed utilisation */
      line = g_strdup_printf (_("%s, recommended option: %s"), job->name, mfu);
      cp_doc_paragraph (doc, doc->small, line);
    }

  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (assumptions)); i++)
    {
      const CpAssumption *a = &assumptions[i];
      const CpSpread *spread;
      g_autofree char *number = NULL;
      g_autofree char *source = NULL;

      if (!cp_report_appendix_lists (doc->project, results, a->key))
        continue;
      /* The planner lists one setting, the debugging share, under two
       * keys: the calendar's share and the development cycle's. One row,
       * named for both, says it once. */
      if (strcmp (a->key, "debug-share") == 0 && project_uses (doc->project, "debug-time"))
        continue;
      /* 0 asks for each option's own optimum, which the interruptions
       * table gives; with no failures expected no checkpoint is planned. */
      if (strcmp (a->key, "checkpoint-interval") == 0 && a->value == 0)
        number = g_strdup (settings->gpu_failure_rate_per_hour > 0 ? _("The optimum for each option (see “Interruptions and goodput”)")
                                                                   : _("Not applicable: no interruption is expected"));
      /* The rate and whether the quotes' prices hold it: the amount to
       * approve adds it only to prices that exclude it. */
      else if (strcmp (a->key, "vat-rate") == 0 || strcmp (a->key, "vat-rate-lease") == 0)
        {
          g_autofree char *percent = cp_report_rate_text (a->value, doc->lang);
          number = g_strdup_printf (settings->prices_include_vat
                                    /* TRANSLATORS: %s is a VAT rate such as "6%"; the quoted prices include it (the assumptions table) */
                                    ? _("%s, included")
                                    /* TRANSLATORS: %s is a VAT rate such as "6%"; it is added to the quoted prices (the assumptions table) */
                                    : _("%s, added"), percent);
        }
      /* "1,073,741,824 bytes/GB" beside "datasheets use decimal GB"
       * read as a contradiction (approver 22, finding 15): the reading
       * used is said in words, the number with it. */
      else if (strcmp (a->key, "memory-unit") == 0)
        number = g_strdup (settings->memory_unit == CP_MEMORY_UNIT_GIB
                           /* TRANSLATORS: the assumptions table: how a GPU's nominal memory is read */
                           ? _("80 GiB (80 × 2^30 bytes)")
                           /* TRANSLATORS: the assumptions table: how a GPU's nominal memory is read */
                           : _("80 × 10^9 bytes, the datasheet's decimal GB"));
      else if (strcmp (a->key, "contingency") == 0)
        number = cp_report_rate_text (a->value, doc->lang);
      else if (g_strcmp0 (a->unit, "bytes") == 0)
        number = cp_format_bytes (a->value, settings->memory_unit);
      else if (g_strcmp0 (a->unit, "fraction") == 0)
        number = cp_i18n_format_percent (a->value, doc->lang);
      /* "0.189 s per second hidden" (zh "0.189 秒/每隐藏 1 秒") read
       * clumsily (approver 22, 17/18): the slowdown as its source gives
       * it, 18.9%, with the source's decimal. */
      else if (g_strcmp0 (a->unit, "s per hidden s") == 0)
        {
          g_autofree char *percent = cp_i18n_format_number (100 * a->value, 1, doc->lang);
          number = g_strdup_printf ("%s%%", percent);
        }
      else if (g_strcmp0 (a->unit, "fraction of backward") == 0)
        {
          g_autofree char *percent = cp_i18n_format_percent (a->value, doc->lang);
          /* TRANSLATORS: %s is a percentage such as "100%" */
          number = g_strdup_printf (_("%s of the backward pass"), percent);
        }
      else if (g_strcmp0 (a->unit, "interruptions/GPU-hour") == 0)
        {
          /* A rate of 2e-5 would print as 0.000 per GPU-hour. */
          g_autofree char *rate = cp_i18n_format_value (a->value * 1e6, doc->lang);
          /* TRANSLATORS: %s is a number such as "19.7" */
          number = g_strdup_printf (_("%s per million GPU-hours"), rate);
        }
      else if (g_strcmp0 (a->unit, "fraction of the run on one machine") == 0 ||
               g_strcmp0 (a->unit, "fraction of run time") == 0)
        /* The assumption's name says what it is a share of. */
        number = cp_i18n_format_percent (a->value, doc->lang);
      else if (strcmp (a->key, "vllm-profile") == 0)
        /* The engine's own name, "V1" or "V0": "1 vLLM engine" read as a
         * count, untranslated (walkthrough 13). */
        number = g_strdup (a->value > 0 ? "V1" : "V0");
      /* "0 s" under vLLM V1 read as a figure nobody measured (issue 21,
       * item 3): the engine is named and its step's own time said in
       * words, with where it falls beside the GPUs' step. */
      else if (strcmp (a->key, "serving-engine") == 0)
        {
          g_autofree char *step_ms = cp_i18n_format_number (a->value * 1e3, 2, doc->lang);

          if (settings->serving_engine == CP_SERVING_ENGINE_SGLANG)
            /* TRANSLATORS: the assumptions table: %s is milliseconds such as "2.42" */
            number = g_strdup_printf (_("SGLang: %s ms a decode step while the GPUs run, so only what exceeds their step"), step_ms);
          else if (settings->vllm_profile == CP_VLLM_PROFILE_V0)
            /* TRANSLATORS: the assumptions table: %s is milliseconds such as "2.60" */
            number = g_strdup_printf (_("vLLM V0: %s ms after each of the GPUs' decode steps"), step_ms);
          else
            /* TRANSLATORS: the assumptions table: the serving engine's own time a decode step */
            number = g_strdup (_("vLLM V1: none, its engine core runs in a process of its own"));
        }
      else
        {
          g_autofree char *value = cp_i18n_format_value (a->value, doc->lang);
          number = g_strdup_printf ("%s %s", value, unit_words (a->unit));
        }
      spread = find_spread (spreads, MIN (n_spreads, G_N_ELEMENTS (spreads)), a->key);
      if (spread != NULL)
        {
          g_autofree char *range = NULL;
          g_autofree char *value = g_steal_pointer (&number);
          const char *note = range_note (spread->kind);

          /* A share's range as percentages, like its value: "55%; range
           * 0.47–0.63" gave one figure in two forms (approver 22, 11). */
          if (spread->kind == CP_SPREAD_COMPUTE_UTILISATION || spread->kind == CP_SPREAD_LINK_EFFICIENCY)
            {
              g_autofree char *low = cp_i18n_format_number (100 * spread->low, 0, doc->lang);
              g_autofree char *high = cp_i18n_format_number (100 * spread->high, 0, doc->lang);

              /* TRANSLATORS: a spread of percentages, low to high, e.g. "47–63%" */
              range = g_strdup_printf (_("%s–%s%%"), low, high);
            }
          else
            range = cp_words_spread_range (doc->project, spread, doc->lang);
          /* TRANSLATORS: an assumption's value, then the range of it the report's low and high figures take */
          number = g_strdup_printf (_("%s, range %s"), value, range);
          if (note != NULL)
            /* TRANSLATORS: an assumption's source, then where its range comes from ("range: …") */
            source = g_strdup_printf (_("%s; %s"), cp_words_assumption_source (a->key, a->source), note);
        }
      cp_doc_table_add_row (&table, g_strdup (cp_words_assumption (a->key)), g_steal_pointer (&number),
                            source != NULL ? g_steal_pointer (&source)
                                           : g_strdup (cp_words_assumption_source (a->key, a->source)));
    }
  add_unstated_costs_row (doc, &table, results);
  /* Each assumption as its name and value in bold, its source after it
   * in the same paragraph: in three columns the names and sources
   * wrapped to four lines beside values of one, and the one-job
   * walkthrough's report ran to a sixth page of them (issue 22); a
   * source on a line of its own under its name left most names' lines
   * half empty, and a sixth page again once What would change it named
   * the team's option. */
  for (guint r = 0; r < table.rows->len; r++)
    {
      char **cells = g_ptr_array_index (table.rows, r);
      /* TRANSLATORS: an assumption's name, then its value, before its source (the assumptions list) */
      g_autofree char *lead = g_strdup_printf (_("%s: %s."), cells[0], cells[1]);

      /* An entry starts a page rather than leave one line at its foot. */
      cp_doc_ensure (doc, 2 * ASSUMPTION_LINE_HEIGHT);
      cp_doc_paragraph_run_in (doc, doc->small, lead, cells[2], ASSUMPTION_SPACE_AFTER);
    }
  g_ptr_array_unref (table.rows);
}

/* The approval table: a row per role, with the names the project sets;
 * @header holds its 4 column headings. */
static void
approval_table (Doc   *doc,
                char **header,
                Table *table)
{
  static const double widths[] = { 0.22, 0.30, 0.30, 0.18 };
  const CpProject *project = doc->project;
  const char *names[] = { project->prepared_by, project->reviewed_by, project->approved_by };
  const char *roles[] = { _("Prepared by"), _("Reviewed by"), _("Approved by") };

  header[0] = _("Role");
  /* TRANSLATORS: a person's name, in the approval table */
  header[1] = C_("person", "Name");
  header[2] = _("Signature");
  header[3] = _("Date");
  /* Rows 26 pt (9 mm) high: room for a signature written by hand. */
  *table = (Table) { 4, widths, NULL, header, g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev), 26 };

  /* Names the project does not set stay blank, to be written by hand; the
   * preparer signs on the report's day, the approver on the day set for
   * the approval (the project's Report section, report --signed-on). */
  for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
    {
      gboolean named = names[i] != NULL && *names[i] != '\0';
      char *date = i == 0 && named ? g_strdup (doc->date)
                   : i == 2 && project->signed_on != NULL && *project->signed_on != '\0'
                   ? cp_i18n_format_iso_date (project->signed_on, doc->lang) : g_strdup ("");

      cp_doc_table_add_row (table, g_strdup (roles[i]), g_strdup (named ? names[i] : ""), g_strdup (""), date);
    }
}

/* The space under the amount a sign-off block repeats. */
#define APPROVAL_AMOUNT_SPACE 4.0

double
cp_report_approval_height (Doc        *doc,
                           const char *amount,
                           gboolean    proviso)
{
  char *header[4];
  Table table;
  double height;

  approval_table (doc, header, &table);
  height = cp_doc_table_height (doc, doc->h1, _("Approval"), &table);
  if (amount != NULL)
    height += cp_doc_paragraph_height (doc, proviso ? doc->body : doc->bold, amount, 0) + APPROVAL_AMOUNT_SPACE;
  g_ptr_array_unref (table.rows);
  return height;
}

void
cp_report_section_approval (Doc        *doc,
                            const char *amount,
                            gboolean    proviso)
{
  char *header[4];
  Table table;

  approval_table (doc, header, &table);
  /* The signatures stay together on one page, under the amount they
   * approve when it is said on another page. */
  cp_doc_ensure (doc, cp_report_approval_height (doc, amount, proviso));
  if (amount != NULL)
    {
      /* The condition alone, under the amount said above it on the same
       * page, in the body's type: one line of the one-job memo's page. */
      const PangoFontDescription *font = proviso ? doc->body : doc->bold;

      cp_doc_heading (doc, doc->h1, _("Approval"), cp_doc_paragraph_height (doc, font, amount, 0));
      cp_doc_paragraph_full (doc, font, amount, 0, APPROVAL_AMOUNT_SPACE, NULL);
      cp_doc_table (doc, &table);
    }
  else
    cp_doc_table_under (doc, doc->h1, _("Approval"), &table);
  g_ptr_array_unref (table.rows);
}
