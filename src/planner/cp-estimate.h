/* cp-estimate.h: one job on one quote with a given number of nodes.
 *
 * cp_estimate() is a pure function over plain structs; it allocates nothing
 * so the window can evaluate every job × quote × node count per keystroke.
 */
#pragma once

#include "cp-job.h"
#include "cp-quote.h"
#include "cp-settings.h"

G_BEGIN_DECLS

typedef enum {
  CP_TIME_SOURCE_MODEL,        /* FLOPs over peak × utilisation plus communication */
  CP_TIME_SOURCE_MFU,          /* the job's end-to-end MFU was given */
  CP_TIME_SOURCE_TRIAL,        /* measured on this quote's hardware */
  CP_TIME_SOURCE_EXTRAPOLATED, /* measured on another GPU, scaled by dense peak */
  CP_TIME_SOURCE_DURATION,     /* services, debugging, data processing: the job's duration */
  CP_N_TIME_SOURCES
} CpTimeSource;

typedef struct {
  /* The configuration evaluated */
  guint        nodes;
  guint        gpus;
  guint        tensor_parallel;
  guint        pipeline_parallel;
  guint        data_parallel;
  guint        zero_stage;
  CpRecompute  recompute;
  gboolean     cpu_offload;
  CpTechnique  technique;          /* what had to be applied beyond the job's settings */

  /* Memory per GPU */
  double weights_bytes;
  double gradients_bytes;
  double optimizer_bytes;
  double activations_bytes;
  double kv_cache_bytes;
  double overhead_bytes;
  double memory_per_gpu_bytes;
  double available_per_gpu_bytes;
  gboolean fits;
  gboolean memory_measured;        /* trial-run peak replaced the estimate */
  double total_memory_bytes;       /* the job's whole need, unsharded (R1) */
  double memory_gap;               /* total need ÷ one node's memory (R1) */

  /* Inference */
  double kv_bytes_per_token;
  double max_concurrency;          /* per replica */
  guint  replicas_per_node;
  guint  replicas_needed;
  guint  nodes_needed;
  double decode_tokens_per_s;      /* per replica at full concurrency */

  /* Time */
  double flops;
  double compute_s;
  double communication_s;          /* all collectives, before overlap */
  double dp_communication_s;
  double tp_communication_s;
  double pp_communication_s;
  double inter_node_communication_s;
  double exposed_communication_s;  /* left after overlap */
  double bubble_s;
  double total_s;                  /* the run: what GPUs are busy or billed for */
  double gpu_hours;
  double comm_compute_ratio;       /* R5 */
  double scaling_efficiency;       /* compute_s / total_s */
  double achieved_mfu;
  double steps;
  CpTimeSource time_source;

  /* Calendar (project time, what the deadline is checked against) */
  double debug_days;
  double migration_days;
  double calendar_days;
  gboolean meets_deadline;

  /* Cost, in the quote's currency */
  double billed_hours;             /* per node, after granularity and minimum term */
  double compute_cost;
  double debug_cost;               /* single-node rental while debugging (R4) */
  double network_cost;
  double storage_cost;
  double fees_cost;                /* management and setup */
  double engineering_cost;         /* migration engineer-days (R8) */
  double total_cost;
} CpEstimate;

/* Evaluates @job on @quote with @nodes nodes, applying @technique on top of
 * the job's own memory settings. Returns FALSE (and fills @error) only for
 * inputs the model cannot use; a job that does not fit returns TRUE with
 * fits = FALSE. */
gboolean cp_estimate_with_technique (const CpJob      *job,
                                     const CpQuote    *quote,
                                     guint             nodes,
                                     CpTechnique       technique,
                                     const CpSettings *settings,
                                     CpEstimate       *out,
                                     GError          **error);

/* Same, with the cheapest technique that fits (CP_TECHNIQUE_AS_CONFIGURED
 * first) and, where the job asks, the smallest tensor × pipeline parallel
 * size that fits. */
gboolean cp_estimate (const CpJob      *job,
                      const CpQuote    *quote,
                      guint             nodes,
                      const CpSettings *settings,
                      CpEstimate       *out,
                      GError          **error);

/* Memory per GPU of @job as configured, with @gpus GPUs in data parallel on
 * an ideal machine: for curves against model size. */
double   cp_estimate_memory_per_gpu_bytes (const CpJob      *job,
                                           CpTechnique       technique,
                                           guint             gpus,
                                           const CpSettings *settings);

double   cp_job_kv_bytes_per_token (const CpJob *job);

/* Stable id of a time source: "model", "mfu", "trial", "extrapolated", "duration". */
const char *cp_time_source_to_string   (CpTimeSource source);
gboolean    cp_time_source_from_string (const char *str, CpTimeSource *out);

G_END_DECLS
