/* cli-estimate-xml.c: `compute-planner-cli estimate --xml`, the inputs,
 * the figures of the configuration asked for, the recommended one where
 * it differs, and the verdict with its reasons, for scripts and the
 * published-case scoreboard. */
#include "config.h"

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-estimate-private.h"
#include "cli-recommended.h"
#include "report/cp-reason-text.h"

/* For a model entered by its size (no --model), which parts of its shape
 * were not given and come from the nearest GPT-3 shape
 * (cp_model_spec_init_from_params(): Brown et al. 2020, Table 2.1) or the
 * hand-entered model's rule (cli-estimate.c: K/V heads as query heads, MLP
 * 4 × hidden): GPT-3 ties its embeddings and has a plain two-matrix GELU
 * MLP, which a reader comparing with a current model (untied, gated
 * SwiGLU) must see were assumed, not read. */
static void
write_shape_assumed (xmlTextWriterPtr  w,
                     const Options    *o)
{
  g_autoptr (GString) assumed = g_string_new (NULL);
  const struct {
    const char *name;
    gboolean    given;
  } parts[] = {
    { "layers", o->layers != NULL },
    { "hidden", o->hidden != NULL },
    { "heads", o->heads != NULL },
    { "kv-heads", o->kv_heads != NULL },
    { "ffn", o->ffn != NULL },
    { "vocab", o->vocab != NULL },
    { "tied-embeddings", o->tied_embeddings },
    { "gated-mlp", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (!parts[i].given)
      g_string_append_printf (assumed, "%s%s", assumed->len > 0 ? " " : "", parts[i].name);
  xmlTextWriterStartElement (w, BAD_CAST "shape-assumed");
  xmlTextWriterWriteAttribute (w, BAD_CAST "from", BAD_CAST "gpt-3-nearest-size");
  xmlTextWriterWriteString (w, BAD_CAST assumed->str);
  xmlTextWriterEndElement (w);
}

/* What takes the achieved MFU below the compute utilisation
 * (CpMfuLoss): each mechanism's seconds of the run before interruptions,
 * their share of it and the MFU points they take, adding up to
 * utilisation − achieved-mfu. */
static void
write_mfu_breakdown (xmlTextWriterPtr  w,
                     const CpEstimate *est)
{
  double ideal_s = est->mfu_run_s;

  for (guint i = 0; i < CP_N_MFU_LOSSES; i++)
    ideal_s -= est->mfu_loss_s[i];
  xmlTextWriterStartElement (w, BAD_CAST "mfu-breakdown");
  cp_cli_xml_double (w, "compute-utilisation", est->mfu_utilisation);
  cp_cli_xml_double (w, "run-s", est->mfu_run_s);
  cp_cli_xml_double (w, "six-nd-s", ideal_s);
  for (CpMfuLoss loss = 0; loss < CP_N_MFU_LOSSES; loss++)
    {
      xmlTextWriterStartElement (w, BAD_CAST "loss");
      xmlTextWriterWriteAttribute (w, BAD_CAST "kind", BAD_CAST cp_mfu_loss_to_string (loss));
      cp_cli_xml_double (w, "seconds", est->mfu_loss_s[loss]);
      cp_cli_xml_double (w, "share", est->mfu_loss_s[loss] / est->mfu_run_s);
      cp_cli_xml_double (w, "mfu-points", cp_estimate_mfu_loss (est, loss));
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

/* The parts of a layout other than the chosen one (the runner-up, the
 * fastest at another EP), in the names <configuration> gives them. */
static void
write_layout_parts (xmlTextWriterPtr  w,
                    const CpLayout   *layout)
{
  cp_cli_xml_uint (w, "tensor-parallel", layout->tensor_parallel);
  cp_cli_xml_uint (w, "pipeline-parallel", layout->pipeline_parallel);
  cp_cli_xml_uint (w, "data-parallel", layout->data_parallel);
  cp_cli_xml_uint (w, "expert-parallel", layout->expert_parallel);
  cp_cli_xml_uint (w, "virtual-stages", layout->virtual_stages);
  cp_cli_xml_uint (w, "micro-batch", layout->micro_batch);
  cp_cli_xml_uint (w, "zero-stage", layout->zero_stage);
  cp_cli_xml_text (w, "recompute", cp_recompute_to_string (layout->recompute));
  cp_cli_xml_uint (w, "recomputed-layers", layout->recomputed_layers);
}

/* Why the search chose its expert parallel size
 * (cp_estimate_expert_parallel_choice()). */
static void
write_expert_parallel_choice (xmlTextWriterPtr              w,
                              const CpExpertParallelChoice *choice)
{
  xmlTextWriterStartElement (w, BAD_CAST "expert-parallel-choice");
  cp_cli_xml_uint (w, "tp-times-dp", choice->tp_times_dp);
  cp_cli_xml_uint (w, "largest-ep", choice->largest_ep);
  cp_cli_xml_bool (w, "other-fits", choice->other_fits);
  if (choice->other_fits)
    {
      xmlTextWriterStartElement (w, BAD_CAST "other");
      write_layout_parts (w, &choice->other);
      cp_cli_xml_double (w, "total-s", choice->other_total_s);
      cp_cli_xml_double (w, "all-to-all-exposed-s", choice->other_all_to_all_s);
      xmlTextWriterEndElement (w);
    }
  xmlTextWriterEndElement (w);
}

gboolean
cp_cli_estimate_write_xml (const Estimate    *e,
                           const CpEstimate  *est,
                           guint              nodes,
                           GError           **error)
{
  const CpJob *job = &e->job;
  const CpQuote *quote = &e->quote;
  const CpSettings *settings = &e->settings;
  const char *currency = quote->currency;
  xmlBufferPtr buffer;
  xmlTextWriterPtr w = cp_cli_xml_begin (&buffer, "estimate");
  const CpOption *recommended = cp_cli_recommended_other (e->plan, job, est);
  gboolean cost_known = !e->plan->cost_unknown;
  g_autofree char *refusal = cp_words_refusal (e->project, job, quote, est, C_("language code", "en"));
  /* A training run that cannot happen has no time or cost. */
  gboolean runs = !cp_task_kind_is_training (job->kind) || est->fits;

  /* Whose the figures from <configuration> to <cost> are: the one asked
   * for; <recommended-configuration> has the verdict's when it differs. */
  cp_cli_xml_bool (w, "asked-is-recommended", recommended == NULL);
  xmlTextWriterStartElement (w, BAD_CAST "inputs");
  cp_cli_xml_text (w, "model-id", job->model.id);
  cp_cli_xml_text (w, "model-name", job->model.name);
  cp_cli_xml_double (w, "params", job->model.params);
  cp_cli_xml_double (w, "active-params", job->model.active_params);
  cp_cli_xml_uint (w, "layers", job->model.layers);
  cp_cli_xml_uint (w, "hidden", job->model.hidden);
  cp_cli_xml_uint (w, "heads", job->model.heads);
  cp_cli_xml_uint (w, "kv-heads", job->model.kv_heads);
  /* The rest of the shape, so another estimator (tests/model/peers) can
   * be given the same model as the estimate. */
  cp_cli_xml_uint (w, "ffn", job->model.ffn);
  cp_cli_xml_uint (w, "vocab", job->model.vocab);
  cp_cli_xml_bool (w, "tied-embeddings", job->model.tied_embeddings);
  cp_cli_xml_bool (w, "gated-mlp", job->model.gated_mlp);
  if (e->options.model == NULL)
    write_shape_assumed (w, &e->options);
  cp_cli_xml_uint (w, "experts", job->model.experts_total);
  cp_cli_xml_uint (w, "active-experts", job->model.experts_active);
  cp_cli_xml_uint (w, "shared-experts", job->model.shared_experts);
  cp_cli_xml_uint (w, "expert-ffn", job->model.expert_ffn);
  cp_cli_xml_uint (w, "q-lora-rank", job->model.q_lora_rank);
  cp_cli_xml_uint (w, "kv-lora-rank", job->model.kv_lora_rank);
  cp_cli_xml_uint (w, "qk-rope-head-dim", job->model.qk_rope_head_dim);
  cp_cli_xml_uint (w, "qk-nope-head-dim", job->model.qk_nope_head_dim);
  cp_cli_xml_uint (w, "v-head-dim", job->model.v_head_dim);
  cp_cli_xml_text (w, "task", cp_task_kind_to_string (job->kind));
  cp_cli_xml_text (w, "precision", cp_precision_to_string (job->precision));
  cp_cli_xml_text (w, "optimizer", cp_optimizer_to_string (job->optimizer));
  cp_cli_xml_double (w, "tokens", job->tokens);
  cp_cli_xml_uint (w, "seq-len", job->seq_len);
  cp_cli_xml_uint (w, "micro-batch", job->micro_batch);
  cp_cli_xml_uint (w, "global-batch", job->global_batch);
  cp_cli_xml_text (w, "recompute", cp_recompute_to_string (job->recompute));
  if (job->zero_stage == CP_ZERO_STAGE_AUTO)
    cp_cli_xml_text (w, "zero-stage", "auto");
  else
    cp_cli_xml_uint (w, "zero-stage", job->zero_stage);
  cp_cli_xml_bool (w, "cpu-offload", job->cpu_offload);
  cp_cli_xml_bool (w, "flash-attention", job->flash_attention);
  cp_cli_xml_uint (w, "context", job->context_len);
  cp_cli_xml_uint (w, "prompt-tokens", job->prompt_tokens);
  cp_cli_xml_uint (w, "output-tokens", job->output_tokens);
  cp_cli_xml_bool (w, "request-fitted-to-context", e->options.request_fitted);
  cp_cli_xml_double (w, "serving-memory-fraction", settings->serving_memory_fraction);
  cp_cli_xml_uint (w, "concurrency", job->concurrency);
  cp_cli_xml_uint (w, "weight-bits", job->weight_bits);
  cp_cli_xml_uint (w, "kv-bits", job->kv_bits);
  cp_cli_xml_double (w, "deadline-days", job->deadline_days);
  cp_cli_xml_double (w, "duration-days", job->duration_days);
  cp_cli_xml_text (w, "gpu-id", quote->gpu.id);
  cp_cli_xml_text (w, "gpu-name", quote->gpu.name);
  cp_cli_xml_double (w, "gpu-memory-nominal-gb", quote->gpu.memory_nominal_gb);
  cp_cli_xml_double (w, "gpu-dense-bf16-flops", quote->gpu.dense_bf16_flops);
  /* A figure of the GPU no source confirms, by its catalogue key: the
   * estimate uses it as the catalogue gives it (gpus.ini, "unconfirmed"). */
  for (CpGpuFigure f = 0; f < CP_N_GPU_FIGURES; f++)
    if (cp_gpu_spec_figure_unconfirmed (&quote->gpu, f))
      cp_cli_xml_text (w, "gpu-unconfirmed-figure", cp_gpu_figure_to_string (f));
  cp_cli_xml_text (w, "intra-link", quote->intra_link.id);
  cp_cli_xml_uint (w, "gpus-per-node", quote->gpus_per_node);
  cp_cli_xml_uint (w, "nodes", nodes);
  cp_cli_xml_text (w, "network", cp_network_kind_to_string (quote->network));
  cp_cli_xml_uint (w, "nics-per-node", quote->nics_per_node);
  cp_cli_xml_double (w, "nic-gbps", quote->nic_gbps);
  cp_cli_xml_double (w, "host-memory-per-node-bytes", quote->host_memory_per_node_bytes);
  cp_cli_xml_text (w, "sharing", cp_sharing_to_string (quote->sharing));
  /* Not stated: how the estimate took it, at what share of line rate; the
   * range's optimistic end takes it dedicated. */
  if (cp_quote_sharing_assumed (quote))
    {
      cp_cli_xml_text (w, "sharing-assumed", cp_sharing_to_string (CP_SHARING_SHARED));
      cp_cli_xml_double (w, "shared-network-factor", settings->shared_network_factor);
      cp_cli_xml_text (w, "sharing-range", "dedicated-to-shared");
    }
  cp_cli_xml_money (w, "price", quote->price, currency);
  cp_cli_xml_text (w, "price-unit", cp_price_unit_to_string (quote->price_unit));
  cp_cli_xml_text (w, "bytes-convention", cp_bytes_convention_to_string (settings->bytes_convention));
  /* The moments' dtype and whether an fp32 master copy is kept. */
  cp_cli_xml_text (w, "optimizer-states", cp_optimizer_states_to_string (job->optimizer_states));
  cp_cli_xml_text (w, "memory-unit", cp_memory_unit_to_string (settings->memory_unit));
  cp_cli_xml_double (w, "mfu", job->mfu);
  cp_cli_xml_double (w, "compute-utilisation", settings->compute_utilisation);
  cp_cli_xml_double (w, "debug-share", settings->debug_share);
  /* Run time the search gives up for a layout that is not Tight, while
   * that layout's pessimistic end stays within the job's deadline (or
   * longest acceptable run). */
  cp_cli_xml_double (w, "layout-headroom-time", settings->layout_headroom_time);
  cp_cli_xml_double (w, "gpu-failure-rate", settings->gpu_failure_rate_per_hour);
  cp_cli_xml_double (w, "restart-time", settings->restart_s);
  cp_cli_xml_double (w, "checkpoint-interval", settings->checkpoint_interval_s);
  cp_cli_xml_bool (w, "moe-dispatch-dedup", settings->moe_dispatch_dedup);
  cp_cli_xml_bool (w, "moe-a2a-overlap", settings->moe_a2a_overlap);
  cp_cli_xml_double (w, "tp-comm-overlap", settings->tp_comm_overlap);
  cp_cli_xml_bool (w, "moe-fp8-dispatch", settings->moe_fp8_dispatch);
  cp_cli_xml_double (w, "moe-fp8-expert-speedup", settings->moe_fp8_expert_speedup);
  cp_cli_xml_double (w, "moe-max-nodes-per-token", settings->moe_max_nodes_per_token);
  cp_cli_xml_bool (w, "moe-expert-tp", settings->moe_expert_tp);
  /* The layers 8-bit weights cover (Llama 3 paper §6.2 for Meta's FP8). */
  cp_cli_xml_text (w, "fp8-layout", cp_fp8_layout_to_string (settings->fp8_layout));
  /* Bits of scales and zeros a 4-bit weight carries (AWQ/GPTQ by default). */
  cp_cli_xml_double (w, "int4-constant-bits", settings->int4_constant_bits);
  /* Bits of a QLoRA base parameter (NF4 double-quantised by default). */
  cp_cli_xml_double (w, "qlora-bits", settings->qlora_bits);
  /* The vLLM engine whose profiling pass sized the KV cache (its activation
   * peak is the inference element's activation-peak-bytes). */
  cp_cli_xml_text (w, "vllm-engine", cp_vllm_profile_to_string (settings->vllm_profile));
  /* What a running request counts against the KV cache: paged (vLLM) or
   * full-length (TensorRT-LLM's runtime batch size). */
  cp_cli_xml_text (w, "kv-admission", cp_kv_admission_to_string (settings->kv_admission));
  /* The serving engine whose own time each decode step pays (the
   * inference element's decode-engine-s). */
  cp_cli_xml_text (w, "serving-engine", cp_serving_engine_to_string (settings->serving_engine));
  cp_cli_xml_bool (w, "fsdp-pp-unsharded", settings->fsdp_pp_unsharded);
  cp_cli_xml_bool (w, "fsdp1-adapter-gradients", settings->fsdp1_adapter_gradients);
  cp_cli_xml_bool (w, "zero3-deepspeed", settings->zero3_deepspeed);
  cp_cli_xml_bool (w, "zero3-client-adamw", settings->zero3_client_adamw);
  /* CPU offload's optimizer step on the host (the time element's
   * offload-cpu-step-s): the node's cores, each's rate, and whether the
   * step waits for the backward pass or overlaps the next step. */
  cp_cli_xml_double (w, "host-cpu-cores", settings->host_cpu_cores_per_node);
  cp_cli_xml_double (w, "cpu-adam-rate", settings->cpu_adam_params_per_s_per_core);
  cp_cli_xml_bool (w, "offload-delayed-update", settings->offload_delayed_update);
  /* What selective recompute keeps of a layer: Megatron's attention core
   * or torchtitan's op-level policy (selective-activation-bytes-per-sbh,
   * selective-recompute-flops-overhead). */
  cp_cli_xml_text (w, "selective-recompute", cp_selective_recompute_to_string (settings->selective_recompute));
  /* How the loss holds the logits (memory's loss-bytes-per-logit). */
  cp_cli_xml_text (w, "cross-entropy", cp_cross_entropy_to_string (settings->cross_entropy));
  /* The size at which a GEMM runs at half its speed (DeepGEMM's table,
   * the expert-gemm-half-size assumption): what expert-gemm-speed follows. */
  cp_cli_xml_double (w, "expert-gemm-half-size", CP_GEMM_HALF_SIZE);
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "configuration");
  cp_cli_xml_uint (w, "gpus", est->gpus);
  cp_cli_xml_uint (w, "tensor-parallel", est->layout.tensor_parallel);
  cp_cli_xml_uint (w, "pipeline-parallel", est->layout.pipeline_parallel);
  cp_cli_xml_uint (w, "data-parallel", est->layout.data_parallel);
  cp_cli_xml_uint (w, "expert-parallel", est->layout.expert_parallel);
  cp_cli_xml_uint (w, "expert-tensor-parallel", est->layout.expert_tensor_parallel);
  cp_cli_xml_uint (w, "virtual-stages", est->layout.virtual_stages);
  cp_cli_xml_uint (w, "micro-batch", est->layout.micro_batch);
  cp_cli_xml_uint (w, "micro-batches", est->layout.micro_batches);
  cp_cli_xml_double (w, "global-batch-tokens", est->global_batch_tokens);
  cp_cli_xml_uint (w, "zero-stage", est->layout.zero_stage);
  cp_cli_xml_text (w, "recompute", cp_recompute_to_string (est->layout.recompute));
  cp_cli_xml_uint (w, "recomputed-layers", est->layout.recomputed_layers);
  cp_cli_xml_uint (w, "layers-per-gpu", est->layout.layers_per_gpu);
  cp_cli_xml_bool (w, "cpu-offload", est->cpu_offload);
  cp_cli_xml_bool (w, "flash-attention", est->flash_attention);
  cp_cli_xml_bool (w, "layout-searched", est->layout_searched);
  /* What the search weighed: layouts considered (timed, or left by a
   * lower bound on their run time), of them those timed in full, splits
   * of the GPUs enumerated and those a lower bound left untimed. */
  cp_cli_xml_uint (w, "layouts-evaluated", est->layouts_evaluated);
  cp_cli_xml_uint (w, "layouts-timed", est->layouts_timed);
  cp_cli_xml_uint (w, "splits", est->layout_splits);
  cp_cli_xml_uint (w, "splits-pruned", est->layout_splits_pruned);
  /* The fastest layout that fits, where the chosen one keeps out of
   * Tight at its cost (layout-headroom-time); 0: the chosen one is it. */
  cp_cli_xml_double (w, "fastest-total-s", est->layout_fastest_total_s);
  cp_cli_xml_double (w, "fastest-memory-per-gpu-bytes", est->layout_fastest_memory_per_gpu_bytes);
  /* The pessimistic end of the run of a layout with safe headroom that
   * the search passed over for the fastest, that end being past the
   * job's deadline (or longest acceptable run); 0: none was. */
  cp_cli_xml_double (w, "safe-layout-refused-total-s-high", est->layout_safe_refused_total_s_high);
  cp_cli_xml_text (w, "technique", cp_technique_to_string (est->technique));
  cp_cli_xml_text (w, "technique-to-fit", e->fitting.fits ? cp_technique_to_string (e->fitting.technique) : "none");
  /* Why it cannot run: a stable id and the sentence. */
  if (refusal != NULL)
    {
      xmlTextWriterStartElement (w, BAD_CAST "refusal");
      xmlTextWriterWriteAttribute (w, BAD_CAST "id", BAD_CAST cp_refusal_to_string (est->refusal));
      xmlTextWriterWriteString (w, BAD_CAST refusal);
      xmlTextWriterEndElement (w);
    }
  if (e->has_ep_choice)
    write_expert_parallel_choice (w, &e->ep_choice);
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "memory");
  cp_cli_xml_double (w, "weights-bytes", est->weights_bytes);
  cp_cli_xml_double (w, "gradients-bytes", est->gradients_bytes);
  cp_cli_xml_double (w, "optimizer-bytes", est->optimizer_bytes);
  cp_cli_xml_double (w, "activations-bytes", est->activations_bytes);
  cp_cli_xml_double (w, "layer-activation-bytes-per-sbh", est->layer_activation_bytes_per_sbh);
  cp_cli_xml_double (w, "selective-activation-bytes-per-sbh", est->selective_activation_bytes_per_sbh);
  cp_cli_xml_double (w, "selective-recompute-flops-overhead", est->selective_recompute_flops_overhead);
  /* Bytes the loss keeps per logit at its peak: 4 fused (Megatron-LM,
   * Korthikanti et al. eq. 6), 12 eager (F.cross_entropy on fp32 logits). */
  cp_cli_xml_double (w, "loss-bytes-per-logit", est->loss_bytes_per_logit);
  cp_cli_xml_double (w, "kv-cache-bytes", est->kv_cache_bytes);
  cp_cli_xml_double (w, "overhead-bytes", est->overhead_bytes);
  /* Its parts: the framework's (the framework-overhead spread's figure),
   * the allocator's gaps, ZeRO-3's gathered layers and the gradients of
   * one layer it is reduce-scattering. */
  cp_cli_xml_double (w, "framework-overhead-bytes",
                     est->overhead_bytes - est->fragmentation_bytes - est->gathered_layers_bytes -
                     est->reduce_scatter_bytes - est->zero3_step_copy_bytes - est->zero3_adamw_temp_bytes);
  cp_cli_xml_double (w, "fragmentation-bytes", est->fragmentation_bytes);
  cp_cli_xml_double (w, "gathered-layers-bytes", est->gathered_layers_bytes);
  cp_cli_xml_double (w, "reduce-scatter-bytes", est->reduce_scatter_bytes);
  /* ZeRO-3 as DeepSpeed runs it (zero3-deepspeed): the step's flat and
   * fp32 copies of a sub-group's gradient partition. */
  cp_cli_xml_double (w, "zero3-step-copy-bytes", est->zero3_step_copy_bytes);
  /* With PyTorch's foreach AdamW (zero3-client-adamw): its sqrt(v) of
   * the sub-group it steps. */
  cp_cli_xml_double (w, "zero3-adamw-temp-bytes", est->zero3_adamw_temp_bytes);
  cp_cli_xml_double (w, "memory-per-gpu-bytes", est->memory_per_gpu_bytes);
  cp_cli_xml_double (w, "available-per-gpu-bytes", est->available_per_gpu_bytes);
  cp_cli_xml_bool (w, "fits", est->fits);
  cp_cli_xml_bool (w, "memory-measured", est->memory_measured);
  cp_cli_xml_double (w, "offload-host-memory-per-node-bytes", est->host_memory_per_node_bytes);
  cp_cli_xml_double (w, "offload-refused-host-bytes", e->fitting.offload_refused_host_bytes);
  cp_cli_xml_double (w, "total-memory-bytes", est->total_memory_bytes);
  cp_cli_xml_double (w, "memory-gap", est->memory_gap);
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "inference");
  cp_cli_xml_double (w, "kv-bytes-per-token", est->kv_bytes_per_token);
  cp_cli_xml_double (w, "serving-budget-bytes", est->serving_budget_bytes);
  cp_cli_xml_double (w, "activation-peak-bytes", est->activation_peak_bytes);
  /* vLLM V1's dummy sampling step in the profile (28 B a logit of
   * max_num_seqs × vocabulary, the native top-k/top-p sort's peak): the
   * activation peak when it is the larger. */
  cp_cli_xml_double (w, "sampler-peak-bytes", est->sampler_peak_bytes);
  cp_cli_xml_double (w, "cuda-graph-bytes", est->cuda_graph_bytes);
  cp_cli_xml_double (w, "kv-budget-bytes", est->kv_budget_bytes);
  cp_cli_xml_double (w, "kv-blocks", est->kv_blocks);
  cp_cli_xml_double (w, "max-concurrency", est->max_concurrency);
  cp_cli_xml_bool (w, "kv-measured", est->kv_measured);
  cp_cli_xml_bool (w, "kv-extrapolated", est->kv_extrapolated);
  /* The KV slots a running request counts, in whole blocks (the
   * kv-admission setting: paged, its prompt and the output written so
   * far, on average; full length, prompt and whole output); requests per
   * replica are the KV blocks over it. */
  cp_cli_xml_double (w, "kv-tokens-held-per-request", est->kv_tokens_held_per_request);
  cp_cli_xml_double (w, "requests-per-replica", est->requests_per_replica);
  cp_cli_xml_uint (w, "replicas-per-node", est->replicas_per_node);
  cp_cli_xml_uint (w, "replicas-needed", est->replicas_needed);
  cp_cli_xml_uint (w, "nodes-needed", est->nodes_needed);
  cp_cli_xml_double (w, "decode-batch", est->decode_batch);
  cp_cli_xml_bool (w, "mixed-batches", est->serving_mixed_batches);
  cp_cli_xml_text (w, "gemm-precision", cp_precision_to_string (est->serving_gemm_precision));
  cp_cli_xml_double (w, "decode-memory-s", est->decode_memory_s);
  cp_cli_xml_double (w, "decode-compute-s", est->decode_compute_s);
  cp_cli_xml_double (w, "decode-prefill-compute-s", est->decode_prefill_compute_s);
  cp_cli_xml_double (w, "decode-tp-communication-s", est->decode_tp_communication_s);
  cp_cli_xml_double (w, "decode-moe-floor-s", est->decode_moe_floor_s);
  cp_cli_xml_double (w, "decode-engine-s", est->decode_engine_s);
  cp_cli_xml_double (w, "decode-step-s", est->decode_step_s);
  cp_cli_xml_double (w, "decode-tokens-per-s", est->decode_tokens_per_s);
  cp_cli_xml_double (w, "prefill-tokens-per-s", est->prefill_tokens_per_s);
  cp_cli_xml_double (w, "concurrency-served", est->concurrency_served);
  cp_cli_xml_double (w, "requests-per-s", est->requests_per_s);
  /* What a user waits for an answer and receives a second (Little's law). */
  cp_cli_xml_double (w, "answer-s", est->answer_s);
  cp_cli_xml_double (w, "user-output-tokens-per-s", est->user_output_tokens_per_s);
  cp_cli_xml_double (w, "output-tokens-per-s", est->output_tokens_per_s);
  if (cost_known)
    {
      cp_cli_xml_money (w, "hourly-cost", est->hourly_cost, currency);
      cp_cli_xml_money (w, "cost-per-million-output-tokens", est->cost_per_million_output_tokens, currency);
    }
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "time");
  cp_cli_xml_bool (w, "runs", runs);
  if (runs)
    {
  cp_cli_xml_text (w, "time-source", cp_time_source_to_string (est->time_source));
  cp_cli_xml_double (w, "flops", est->flops);
  cp_cli_xml_double (w, "steps", est->steps);
  cp_cli_xml_double (w, "compute-s", est->compute_s);
  cp_cli_xml_double (w, "attention-compute-s", est->attention_compute_s);
  cp_cli_xml_double (w, "communication-s", est->communication_s);
  cp_cli_xml_double (w, "dp-communication-s", est->dp_communication_s);
  cp_cli_xml_double (w, "tp-communication-s", est->tp_communication_s);
  cp_cli_xml_double (w, "pp-communication-s", est->pp_communication_s);
  cp_cli_xml_double (w, "all-to-all-s", est->all_to_all_s);
  /* Mixture of experts: how many tokens an expert's GEMMs take at once, and
   * their speed against the dense layers' (CP_GEMM_HALF_SIZE's table). */
  cp_cli_xml_double (w, "expert-tokens-per-gemm", est->expert_tokens_per_gemm);
  cp_cli_xml_double (w, "expert-gemm-speed", est->expert_gemm_speed);
  cp_cli_xml_double (w, "expert-permute-s", est->expert_permute_s);
  cp_cli_xml_double (w, "zero3-gather-s", est->zero3_gather_s);
  cp_cli_xml_double (w, "exposed-dp-communication-s", est->exposed_dp_communication_s);
  cp_cli_xml_double (w, "inter-node-communication-s", est->inter_node_communication_s);
  cp_cli_xml_double (w, "overlap-slowdown-s", est->overlap_slowdown_s);
  /* CPU offload: the host copies (in communication-s) and the CPU's
   * optimizer steps the GPUs wait for; both inside exposed-communication-s. */
  cp_cli_xml_double (w, "offload-copies-s", est->offload_copies_s);
  cp_cli_xml_double (w, "offload-cpu-step-s", est->offload_cpu_step_s);
  cp_cli_xml_double (w, "exposed-communication-s", est->exposed_communication_s);
  cp_cli_xml_double (w, "bubble-s", est->bubble_s);
  cp_cli_xml_double (w, "total-s", est->total_s);
  cp_cli_xml_double (w, "total-s-low", e->range.total_s_low);
  cp_cli_xml_double (w, "total-s-high", e->range.total_s_high);
  cp_cli_xml_double (w, "gpu-hours", est->gpu_hours);
  cp_cli_xml_double (w, "comm-compute-ratio", est->comm_compute_ratio);
  cp_cli_xml_double (w, "scaling-efficiency", est->scaling_efficiency);
  cp_cli_xml_double (w, "achieved-mfu", est->achieved_mfu);
  if (est->mfu_run_s > 0)
    write_mfu_breakdown (w, est);
  cp_cli_xml_double (w, "goodput", est->goodput);
  cp_cli_xml_double (w, "expected-interruptions", est->expected_interruptions);
  cp_cli_xml_double (w, "checkpoint-bytes", est->checkpoint_bytes);
  cp_cli_xml_double (w, "checkpoint-s", est->checkpoint_s);
  cp_cli_xml_double (w, "checkpoint-interval-s", est->checkpoint_interval_s);
  /* An interval of 0 is "no checkpoint", not "one without pause". */
  cp_cli_xml_bool (w, "checkpoints-counted", est->checkpoint_interval_s > 0);
  cp_cli_xml_double (w, "restart-s", est->restart_s);
  cp_cli_xml_double (w, "lost-s", est->lost_s);
  cp_cli_xml_double (w, "debug-days", est->debug_days);
  cp_cli_xml_double (w, "migration-days", est->migration_days);
  cp_cli_xml_double (w, "calendar-days", est->calendar_days);
  cp_cli_xml_double (w, "calendar-days-low", e->range.calendar_days_low);
  cp_cli_xml_double (w, "calendar-days-high", e->range.calendar_days_high);
  cp_cli_xml_double (w, "longest-run-days", est->longest_run_days);
  cp_cli_xml_bool (w, "meets-deadline", est->meets_deadline);
    }
  xmlTextWriterEndElement (w);

  xmlTextWriterStartElement (w, BAD_CAST "cost");
  xmlTextWriterWriteAttribute (w, BAD_CAST "currency", BAD_CAST currency);
  /* known="false": no price, so no cost figure at all rather than a
   * total made of migration alone. */
  xmlTextWriterWriteAttribute (w, BAD_CAST "known", BAD_CAST (cost_known ? "true" : "false"));
  if (cost_known && runs)
    {
    cp_cli_xml_double (w, "billed-hours", est->billed_hours);
    cp_cli_xml_double (w, "minimum-term-hours", cp_quote_minimum_term_h (&e->quote, &e->settings));
    cp_cli_xml_bool (w, "minimum-term-assumed", cp_quote_minimum_term_is_assumed (&e->quote));
    cp_cli_xml_money (w, "compute-cost", est->compute_cost, currency);
    cp_cli_xml_money (w, "debug-cost", est->debug_cost, currency);
    cp_cli_xml_money (w, "network-cost", est->network_cost, currency);
    cp_cli_xml_money (w, "storage-cost", est->storage_cost, currency);
    cp_cli_xml_money (w, "fees-cost", est->fees_cost, currency);
    cp_cli_xml_money (w, "engineering-cost", est->engineering_cost, currency);
    cp_cli_xml_money (w, "total-cost", est->total_cost, currency);
    cp_cli_xml_money (w, "total-cost-low", e->range.total_cost_low, currency);
    cp_cli_xml_money (w, "total-cost-high", e->range.total_cost_high, currency);
    }
  xmlTextWriterEndElement (w);
  cp_cli_xml_spreads (w, settings);

  /* After the chosen layout's figures: the runner-up repeats their names. */
  if (est->layout_why != CP_LAYOUT_WHY_NONE)
    {
      xmlTextWriterStartElement (w, BAD_CAST "runner-up");
      cp_cli_xml_text (w, "why", cp_layout_why_to_string (est->layout_why));
      write_layout_parts (w, &est->runner_up);
      cp_cli_xml_bool (w, "fits", est->runner_up_fits);
      cp_cli_xml_double (w, "total-s", est->runner_up_total_s);
      cp_cli_xml_double (w, "memory-per-gpu-bytes", est->runner_up_memory_per_gpu_bytes);
      xmlTextWriterEndElement (w);
    }
  if (recommended != NULL)
    cp_cli_xml_recommended (w, e->project, job, e->plan, recommended);
  cp_cli_xml_text (w, "verdict", cp_verdict_to_string (e->plan->verdict));
  cp_cli_xml_bool (w, "verdict-robust", e->plan->verdict_robust);
  cp_cli_xml_bool (w, "cost-known", cost_known);
  cp_cli_xml_reasons (w, e->project, e->plan);

  return cp_cli_xml_finish (w, buffer, e->options.output, error);
}
