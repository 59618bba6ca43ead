/* test-serving.c: a service's decode and prefill throughput and its cost
 * per million output tokens, against hand calculations and a published
 * serving figure.
 *
 * Ids (G4, N1, I7) refer to shared/reference/PUBLISHED.md; the arithmetic
 * is written next to each expected value. Architectures and GPUs are typed
 * in from the configs and datasheets, so the tests do not depend on the
 * catalogue files.
 */
#include <math.h>
#include <string.h>

#include "planner/cp-estimate.h"
#include "planner/cp-plan.h"
#include "planner/cp-serving.h"
#include "model-fixture.h"

/* The achievable bandwidth fraction cp-serving.h takes (G2, G9). */
#define FRACTION 0.80
/* The project's default compute utilisation (cp-settings.c). */
#define UTILISATION 0.55
#define GIB_BYTES (1024.0 * 1024.0 * 1024.0)

/* A job serving for 30 days; its model is typed in by the test
 * (cp_test_model_init(): dense, gated MLP). */
static void
job_init_served (CpJob *job)
{
  cp_job_init (job, CP_TASK_INFERENCE);
  job->duration_days = 30;
}

/* Llama-2-7B (meta-llama/Llama-2-7b-hf config.json): 6.74e9 parameters,
 * 32 layers, hidden 4096, 32 heads and 32 KV heads of 128, SwiGLU 11008,
 * vocabulary 32000; KV 2 × 32 × 32 × 128 × 2 B = 524,288 B a token (I7). */
static void
job_init_llama2_7b (CpJob *job)
{
  job_init_served (job);
  cp_test_model_init (&job->model, 6.74e9, 32, 4096, 32, 32, 11008, 32000);
}

/* @gpus H100 SXM per node (G4: 80 GB, 989 TFLOPS dense BF16, 1,979 FP8,
 * 3.35 TB/s) at @price per GPU-hour. */
static void
quote_init_h100 (CpQuote *q,
                 guint    gpus,
                 double   price)
{
  const CpGpuSpec h100 = { .id = (char *) "h100-sxm", .name = (char *) "H100 SXM", .memory_nominal_gb = 80,
                           .dense_bf16_flops = 989e12, .dense_fp8_flops = 1979e12,
                           .memory_bandwidth_gbytes_per_s = 3350 };

  cp_test_quote_init_gpu (q, &h100, gpus, price);
  g_free (q->id);
  q->id = g_strdup ("h100");
}

/* The default settings, one H100 at 20 CNY a GPU-hour and Llama-2-7B
 * serving @concurrency requests of @prompt and @output tokens. */
static void
serving_fixture_init (CpSettings *settings,
                      CpQuote    *quote,
                      CpJob      *job,
                      guint       concurrency,
                      guint       prompt,
                      guint       output)
{
  cp_settings_init (settings);
  quote_init_h100 (quote, 1, 20);
  job_init_llama2_7b (job);
  job->concurrency = concurrency;
  job->prompt_tokens = prompt;
  job->output_tokens = output;
}

/* Batch 1 is memory-bound: each token reads the 16-bit weights once,
 * 2 × 6.74e9 = 13.48e9 B, at 3.35e12 × 0.80 = 2.68e12 B/s: 5.030 ms,
 * 198.8 tokens/s. A one-token prompt and two-token output leave the KV
 * reads at 1 + 2/2 = 2 tokens, 1,048,576 B. */
static void
test_decode_batch_one (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double weights = 2 * 6.74e9;
  double bandwidth = 3.35e12 * FRACTION;

  serving_fixture_init (&settings, &quote, &job, 1, 1, 2);

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_true (est.fits);
  g_assert_cmpfloat (est.decode_batch, ==, 1);
  cp_test_assert_close (weights / bandwidth, 13.48e9 / 2.68e12, 1e-12);
  cp_test_assert_close ((weights + 2 * 524288.0) / bandwidth, est.decode_memory_s, 1e-9);
  cp_test_assert_close (5.030e-3, est.decode_step_s, 1e-3);
  cp_test_assert_close (198.8, est.decode_tokens_per_s, 1e-3);
  /* Compute is 2 × 6.74e9 FLOPs over 989e12 × 0.55: 24.8 µs, far below. */
  cp_test_assert_close (2 * 6.74e9 / (989e12 * UTILISATION), est.decode_compute_s, 1e-9);
  g_assert_cmpfloat (est.decode_tp_communication_s, ==, 0);
  g_assert_cmpfloat (est.decode_moe_floor_s, ==, 0); /* a dense model: no MoE layer */

  /* vLLM's benchmark mix, 1,024 prompt and 128 output tokens: the mean
   * context is 1024 + 64 = 1,088 tokens, 570,425,344 B of KV a step, so
   * (13.48e9 + 0.570e9) / 2.68e12 = 5.243 ms, 190.7 tokens/s. */
  job.prompt_tokens = 1024;
  job.output_tokens = 128;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  cp_test_assert_close ((13.48e9 + 1088 * 524288.0) / 2.68e12, est.decode_step_s, 1e-9);
  cp_test_assert_close (190.74, est.decode_tokens_per_s, 1e-3);
  /* One sequence has no other's decode to fold its prompt into: the
   * prompt runs first, on its own, at the prefill rate. */
  g_assert_false (est.serving_mixed_batches);
  g_assert_cmpfloat (est.decode_prefill_compute_s, ==, 0);
  cp_test_assert_close (128 / (1024 / est.prefill_tokens_per_s + 128 / est.decode_tokens_per_s), est.output_tokens_per_s, 1e-12);

  /* 8-bit weights compute in FP8 (W8A8) where the GPU has FP8 tensor
   * cores, and at 16 bits (weight-only W8A16) where it has none: prefill
   * at 1,979e12 against 989e12 × 0.55 over 1.40169e10 FLOPs a token. */
  job.weight_bits = 8;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  g_assert_cmpint (est.serving_gemm_precision, ==, CP_PRECISION_FP8);
  cp_test_assert_close (1979e12 * UTILISATION / 1.40169e10, est.prefill_tokens_per_s, 1e-5);
  quote.gpu.dense_fp8_flops = 0;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  g_assert_cmpint (est.serving_gemm_precision, ==, CP_PRECISION_BF16);
  cp_test_assert_close (989e12 * UTILISATION / 1.40169e10, est.prefill_tokens_per_s, 1e-5);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* At 32 running sequences of 1,024 + 128 tokens the KV cache is read more
 * than the weights: 32 × 1,088 × 524,288 = 18.25e9 B against 13.48e9.
 * (13.48e9 + 18.2536e9) / 2.68e12 = 11.841 ms a step, 2,702 tokens/s;
 * compute, 32 × 13.48e9 / 5.4395e14 = 0.793 ms, is still below it. */
static void
test_decode_kv_bound (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double kv = 32 * 1088 * 524288.0;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 1, 20);
  job_init_llama2_7b (&job);
  job.context_len = 2048;
  job.concurrency = 32;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  /* One replica holds at least 32 requests of 2,048 tokens. */
  g_assert_cmpfloat (est.requests_per_replica, >=, 32);
  g_assert_cmpfloat (est.decode_batch, ==, 32);
  g_assert_cmpfloat (kv, >, 13.48e9);
  cp_test_assert_close ((13.48e9 + kv) / 2.68e12, est.decode_memory_s, 1e-9);
  cp_test_assert_close (11.841e-3, est.decode_step_s, 1e-3);
  cp_test_assert_close (2702.5, est.decode_tokens_per_s, 1e-3);
  cp_test_assert_close (32 * 2 * 6.74e9 / (989e12 * UTILISATION), est.decode_compute_s, 1e-9);
  g_assert_cmpfloat (est.decode_compute_s, <, est.decode_memory_s);
  g_assert_cmpfloat (est.concurrency_served, ==, 32);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* With memory taken out of the way (10^6 GB/s, the most a quote takes),
 * the step is compute: 2 × 6.74e9 FLOPs a sequence at 989e12 × 0.55,
 * and, the prompts folded into the steps (mixed batches), 1024 ÷ 128 = 8
 * prompt tokens a sequence at 1.40169e10 FLOPs each (test_prefill). */
static void
test_decode_compute_bound (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 1, 20);
  quote.gpu.memory_bandwidth_gbytes_per_s = 1e6;
  job_init_llama2_7b (&job);
  job.context_len = 2048;
  job.concurrency = 32;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.decode_compute_s, >, est.decode_memory_s);
  g_assert_true (est.serving_mixed_batches);
  cp_test_assert_close (32 * 2 * 6.74e9 / (989e12 * 0.55), est.decode_compute_s, 1e-9);
  cp_test_assert_close (32 * 8 * 1.40169e10 / 5.4395e14, est.decode_prefill_compute_s, 1e-5);
  cp_test_assert_close ((32 * 2 * 6.74e9 + 32 * 8 * 1.40169e10) / 5.4395e14, est.decode_step_s, 1e-5);
  cp_test_assert_close (32 / ((32 * 2 * 6.74e9 + 32 * 8 * 1.40169e10) / 5.4395e14), est.decode_tokens_per_s, 1e-5);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Prefill of a 1,024-token prompt: 2 × 6.74e9 + 4 × 32 layers × 32 heads ×
 * 128 × 1024 = 1.348e10 + 5.369e8 = 1.40169e10 FLOPs a token (PaLM's
 * forward attention term), at 989e12 × 0.55 = 5.4395e14: 38,807 tokens/s. */
static void
test_prefill (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 1, 20);
  job_init_llama2_7b (&job);
  job.concurrency = 1;

  g_assert_cmpfloat (cp_serving_prefill_flops_per_token (&job), ==, 2 * 6.74e9 + 4.0 * 32 * 32 * 128 * 1024);
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (5.4395e14 / 1.40169e10, est.prefill_tokens_per_s, 1e-5);
  cp_test_assert_close (38807, est.prefill_tokens_per_s, 1e-4);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Four requests of 1,024 prompt and 128 output tokens on one H100 under
 * each vLLM engine's scheduler. Either way a decode step of the four reads
 * the weights and their KV cache at a mean context of 1024 + 64 = 1,088
 * tokens: (13.48e9 + 4 × 1,088 × 524,288) / 2.68e12 = 5.8813 ms, 680.12
 * tokens a second; the compute of the four, 4 × 2 × 6.74e9 / (989e12 ×
 * 0.55) = 99 µs, and of the prompts V1 folds in, 4 × 1,024 / 128 = 32
 * tokens a step × 1.40169e10 FLOPs / 5.4395e14 = 0.825 ms, hide under it.
 * V1 (chunked prefill): a request costs the replica 128 / 680.12 =
 * 188.20 ms, 5.3135 requests a second. V0 (no chunked prefill up to a
 * max_model_len of 32,768) runs each prompt in a step of its own: 1,024 /
 * 38,807 = 26.387 ms more, 214.59 ms, 4.6601 requests a second. Above
 * 32,768 tokens of context V0 turns chunked prefill on and folds them as
 * V1 does. */
static void
test_v0_prefills_apart (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double step_s = (13.48e9 + 4 * 1088 * 524288.0) / 2.68e12;
  double decode_s = 128 / (4 / step_s);

  serving_fixture_init (&settings, &quote, &job, 4, 1024, 128);
  job.context_len = 1152;
  cp_test_assert_close (5.8813e-3, step_s, 1e-4);
  cp_test_assert_close (0.18820, decode_s, 1e-4);

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.decode_batch, ==, 4);
  g_assert_true (est.serving_mixed_batches);
  cp_test_assert_close (step_s, est.decode_step_s, 1e-9);
  cp_test_assert_close (32 * 1.40169e10 / 5.4395e14, est.decode_prefill_compute_s, 1e-5);
  cp_test_assert_close (1 / decode_s, est.requests_per_s, 1e-4);
  cp_test_assert_close (5.3135, est.requests_per_s, 1e-4);
  /* Each user waits for the 128 steps of his output: 128 × 5.8813 ms =
   * 0.75280 s an answer (the 4 at once over 5.3135 a second), 170.03
   * output tokens a second. */
  cp_test_assert_close (128 * step_s, est.answer_s, 1e-9);
  cp_test_assert_close (0.75280, est.answer_s, 1e-4);
  cp_test_assert_close (170.03, est.user_output_tokens_per_s, 1e-4);

  /* V0 also spends its own 2.60 ms a step between the GPUs' steps
   * (serving-engine): 8.4813 ms a step, 32 × 8.4813 = 271.40 ms of
   * decode for the four, plus 1,024 / 38,807 = 26.39 ms of prefill:
   * 1 / 0.29779 = 3.3581 requests a second. */
  settings.vllm_profile = CP_VLLM_PROFILE_V0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_false (est.serving_mixed_batches);
  g_assert_cmpfloat (est.decode_prefill_compute_s, ==, 0);
  cp_test_assert_close (2.60e-3, est.decode_engine_s, 1e-12);
  cp_test_assert_close (step_s + 2.60e-3, est.decode_step_s, 1e-9);
  cp_test_assert_close (1 / (32 * (step_s + 2.60e-3) + 1024 / 38807.0), est.requests_per_s, 1e-4);
  cp_test_assert_close (3.3581, est.requests_per_s, 1e-4);
  cp_test_assert_close (3.3581 * 128, est.output_tokens_per_s, 1e-4);
  /* Apart, each user also waits while the four prompts are prefilled:
   * 128 × 8.4813 ms + 4 × 1,024 / 38,807 s = 1.0856 + 0.1055 = 1.1912 s,
   * 4 / 3.3581, and 128 / 1.1912 = 107.46 output tokens a second. */
  cp_test_assert_close (128 * (step_s + 2.60e-3) + 4 * 1024 / 38807.0, est.answer_s, 1e-4);
  cp_test_assert_close (1.1912, est.answer_s, 1e-4);
  cp_test_assert_close (4 / est.requests_per_s, est.answer_s, 1e-9);
  cp_test_assert_close (107.46, est.user_output_tokens_per_s, 1e-3);

  /* Folded again above 32,768 tokens of context: 1 / 0.27140. */
  job.context_len = 40000;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_true (est.serving_mixed_batches);
  cp_test_assert_close (3.6846, est.requests_per_s, 1e-4);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* The serving engine's own time a decode step (serving-engine,
 * cp_serving_engine_step_s()). vLLM V1, the default, is charged none:
 * Llama-2-7B's single stream on an H100 stays at its weights' 5.030 ms
 * (test_decode_batch_one). vLLM V0 adds 2.60 ms after it: 7.630 ms,
 * 131.06 tokens/s. SGLang's 2.42 ms run while the GPUs do, so a step
 * that takes the GPUs longer pays nothing. Qwen3-0.6B
 * (Qwen/Qwen3-0.6B config.json: 28 layers, hidden 1,024, 16 heads and
 * 8 KV heads of 128, SwiGLU 3,072, vocabulary 151,936, tied embeddings,
 * 0.596e9 parameters) on one H20 (4,000 GB/s) takes the GPUs
 * (1.192e9 + 1,025 × 114,688) / 3.2e12 = 0.4092 ms a step, so it pays
 * 2.42 − 0.4092 = 2.0108 ms of SGLang's: (1 + 2,048) tokens over 2,048
 * steps of 2.42 ms and its one-token prompt's prefill is the 414.17
 * tokens/s the Qwen3 speed benchmark publishes for it under SGLang
 * 0.4.6.post1 (the figure the constant is read from, round trip). */
static void
test_serving_engine_step (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double gpu_step_s = (1.192e9 + 1025 * 114688.0) / 3.2e12;
  const CpGpuSpec h20 = { .id = (char *) "h20", .name = (char *) "H20", .memory_nominal_gb = 96,
                          .dense_bf16_flops = 148e12, .memory_bandwidth_gbytes_per_s = 4000 };

  serving_fixture_init (&settings, &quote, &job, 1, 1, 2);
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.decode_engine_s, ==, 0);
  cp_test_assert_close (5.030e-3, est.decode_step_s, 1e-3);

  settings.vllm_profile = CP_VLLM_PROFILE_V0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (2.60e-3, est.decode_engine_s, 1e-12);
  cp_test_assert_close (7.630e-3, est.decode_step_s, 1e-3);
  cp_test_assert_close (131.06, est.decode_tokens_per_s, 1e-3);

  settings.vllm_profile = CP_VLLM_PROFILE_V1;
  settings.serving_engine = CP_SERVING_ENGINE_SGLANG;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.decode_engine_s, ==, 0);
  cp_test_assert_close (5.030e-3, est.decode_step_s, 1e-3);
  cp_job_clear (&job);
  cp_quote_clear (&quote);

  cp_settings_init (&settings);
  settings.serving_engine = CP_SERVING_ENGINE_SGLANG;
  cp_test_quote_init_gpu (&quote, &h20, 1, 10);
  job_init_served (&job);
  cp_test_model_init (&job.model, 0.596e9, 28, 1024, 16, 8, 3072, 151936);
  job.model.head_dim = 128;
  job.concurrency = 1;
  job.prompt_tokens = 1;
  job.output_tokens = 2048;
  job.context_len = 2049;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (0.4092e-3, gpu_step_s, 1e-3);
  cp_test_assert_close (gpu_step_s, est.decode_memory_s, 1e-9);
  cp_test_assert_close (2.42e-3 - gpu_step_s, est.decode_engine_s, 1e-9);
  cp_test_assert_close (2.42e-3, est.decode_step_s, 1e-12);
  cp_test_assert_close (414.17, 2049 * est.requests_per_s, 2e-3);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* One H100 at 20 CNY a GPU-hour serving one request at a time of 1,024
 * prompt and 128 output tokens: a request takes 1024 / 38,807 = 26.39 ms
 * of prefill and 128 / 190.74 = 671.07 ms of decode, 0.69745 s: 1.4338
 * requests and 183.53 output tokens a second, 660,700 an hour. 20 CNY ÷
 * 660,700 × 10^6 = 30.27 CNY per million output tokens. */
static void
test_cost_per_million_tokens (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double request_s = 1024 / 38807.0 + 128 / 190.74;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 1, 20);
  job_init_llama2_7b (&job);
  job.concurrency = 1;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (0.69745, request_s, 1e-4);
  cp_test_assert_close (1 / request_s, est.requests_per_s, 1e-4);
  cp_test_assert_close (128 / request_s, est.output_tokens_per_s, 1e-4);
  g_assert_cmpfloat (est.hourly_cost, ==, 20);
  cp_test_assert_close (20 / (128 / request_s * 3600) * 1e6, est.cost_per_million_output_tokens, 1e-4);
  cp_test_assert_close (30.27, est.cost_per_million_output_tokens, 1e-3);

  /* The same GPU billed as a node-month of 14,600 CNY (730 h × 20): the
   * 30-day service is billed the whole month, 14,600 CNY, for the tokens
   * of its 720 h, 183.53 × 3,600 × 720 = 475.7M: 14,600 ÷ 475.7 = 30.69
   * CNY per million, 30.27 × 730 / 720 (walk36 F11: the month spread
   * over 730 h gave 30.27 for tokens of 720 h). */
  quote.price_unit = CP_PRICE_PER_NODE_MONTH;
  quote.price = 14600;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  cp_test_assert_close (20, est.hourly_cost, 1e-12);
  g_assert_cmpfloat (est.billed_hours, ==, 730);
  cp_test_assert_close (14600 / (128 / request_s * 3600 * 720) * 1e6, est.cost_per_million_output_tokens, 1e-4);
  cp_test_assert_close (30.69, est.cost_per_million_output_tokens, 1e-3);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Eight GPUs of the 7B model pinned at tensor parallel 1 are eight
 * one-GPU replicas: the target of 8 requests runs one on each, every replica at batch 1 as on one GPU,
 * and the eight GPUs cost 8 × 20 CNY an hour for 8 × the tokens: the
 * same 30.27 CNY per million. A target of 4 leaves four replicas idle:
 * half the tokens for the same 160 CNY, twice the cost per token. */
static void
test_replicas_share_the_target (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 20);
  job_init_llama2_7b (&job);
  job.concurrency = 8;
  job.tensor_parallel = 1;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 1);
  g_assert_cmpuint (est.layout.data_parallel, ==, 8);
  g_assert_cmpfloat (est.decode_batch, ==, 1);
  g_assert_cmpfloat (est.hourly_cost, ==, 160);
  cp_test_assert_close (30.27, est.cost_per_million_output_tokens, 1e-3);
  g_assert_cmpfloat (est.concurrency_served, ==, 8);

  job.concurrency = 4;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  g_assert_cmpfloat (est.concurrency_served, ==, 4);
  cp_test_assert_close (2 * 30.27, est.cost_per_million_output_tokens, 1e-3);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Tensor parallel: Llama-2-70B (I7: 80 layers, hidden 8192, 64 heads, 8
 * KV heads) in 16 bits needs two H100s a replica, pinned here at that
 * size (on a whole node the search serves 4 requests faster on one TP-8
 * replica, test_replica_search_same_node_most_tokens). Each reads its half of
 * the 140e9 B of weights, and per decode step all-reduces twice a layer
 * the batch's 8192 16-bit hidden values: 80 × 2 × 2(2 − 1)/2 × 8192 × 2 B
 * = 2,621,440 B over 450e9 × 0.80 B/s = 7.28 µs at batch 1, and 80 × 2
 * all-reduces of 2(2 − 1) ring steps of 3.10 µs (cp-serving.c, nccl-tests'
 * 8 KB all-reduce on 8 A100s): 992 µs, latency well above bandwidth. */
static void
test_tensor_parallel_all_reduce (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 20);
  job_init_llama2_7b (&job);
  job.model.params = job.model.active_params = 70e9;
  job.model.layers = 80;
  job.model.hidden = 8192;
  job.model.heads = 64;
  job.model.kv_heads = 8;
  job.model.ffn = 28672;
  job.concurrency = 4;
  job.tensor_parallel = 2;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 2);
  g_assert_cmpuint (est.layout.data_parallel, ==, 4);
  g_assert_cmpfloat (est.decode_batch, ==, 1);
  cp_test_assert_close (80 * 2 * (2 * 3.10e-6 + 1.0 * 8192 * 2 / (450e9 * 0.80)), est.decode_tp_communication_s, 1e-9);
  cp_test_assert_close (999.3e-6, est.decode_tp_communication_s, 1e-3);
  /* Half the weights and each rank's 4 of the 8 KV heads (163,840 B a
   * token) at the mean context of 1,088 tokens. */
  cp_test_assert_close ((70e9 + 1088 * 163840.0) / 2.68e12, est.decode_memory_s, 1e-9);
  cp_test_assert_close (est.decode_memory_s + est.decode_tp_communication_s, est.decode_step_s, 1e-12);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Pipeline parallel: Llama 3.1 405B (126 layers, hidden 16384, 128 heads,
 * 8 KV heads, vocabulary 128256) in 16 bits is 810e9 B, more than one
 * node of eight H100s holds under vLLM's budget: a replica takes two
 * nodes, tensor parallel 8 and two stages. The stages take their turn on
 * each step, so the step reads a tensor-parallel group's share: 810e9 / 8
 * = 101.25e9 B of weights and, at batch 1 and 1,088 tokens of context,
 * 1088 × 516,096 / 8 = 70.19e6 B of cache (each rank one of the 8 KV
 * heads), (101.25e9 + 70.19e6) / 2.68e12 = 37.81 ms; compute 2 × 405e9 /
 * (8 × 5.4395e14) = 0.186 ms; all-reduces 126 × 2 × 2(7/8) × 16384 × 2 B
 * / 3.6e11 = 40.1 µs of bandwidth and 126 × 2 × 14 steps × 3.10 µs =
 * 10.94 ms of latency: 10.98 ms. */
static void
test_pipeline_replica (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 20);
  quote.nodes_available = 2;
  quote.network = CP_NETWORK_INFINIBAND;
  quote.nics_per_node = 8;
  quote.nic_gbps = 400;
  job_init_llama2_7b (&job);
  job.model.params = job.model.active_params = 405e9;
  job.model.layers = 126;
  job.model.hidden = 16384;
  job.model.heads = 128;
  job.model.kv_heads = 8;
  job.model.ffn = 53248;
  job.model.vocab = 128256;
  job.concurrency = 1;

  g_assert_true (cp_estimate (&job, &quote, 2, &settings, &est, NULL));
  g_assert_true (est.fits);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 8);
  g_assert_cmpuint (est.layout.pipeline_parallel, ==, 2);
  g_assert_cmpfloat (est.decode_batch, ==, 1);
  cp_test_assert_close ((810e9 / 8 + 1088 * 516096.0 / 8) / 2.68e12, est.decode_memory_s, 1e-9);
  cp_test_assert_close (37.81e-3, est.decode_memory_s, 1e-3);
  cp_test_assert_close (2 * 405e9 / (8 * 989e12 * UTILISATION), est.decode_compute_s, 1e-9);
  cp_test_assert_close (126 * 2 * (14 * 3.10e-6 + 2 * (7.0 / 8) * 16384 * 2 / (450e9 * 0.80)),
                        est.decode_tp_communication_s, 1e-9);
  cp_test_assert_close (10.977e-3, est.decode_tp_communication_s, 1e-3);
  /* Prefill at the group's pace as well. */
  cp_test_assert_close (8 * 989e12 * UTILISATION / (2 * 405e9 + 4.0 * 126 * 128 * 128 * 1024), est.prefill_tokens_per_s, 1e-9);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Mixture of experts: a decode step reads only the experts its tokens
 * were routed to. Mixtral 8x7B (config.json: 32 layers, hidden 4096, 32
 * heads, 8 KV heads, 8 experts of SwiGLU 14336, top-2; 46.7e9 parameters,
 * 12.9e9 active) in 16 bits is 93.4e9 B, two H100s a replica (tensor
 * parallel 2, pinned: the fewest that hold it), four replicas a node. Routed experts are 3 × 4096 × 14336
 * × 8 × 32 = 45,097,156,608 parameters, 45.097e9 B a GPU. With uniform
 * routing an expert is left unread by one token with probability 6/8:
 * at batch 1 a GPU reads 46.7e9 − 0.75 × 45.097e9 = 12.877e9 B of
 * weights, about the active parameters' 12.9e9 B, plus 1,088 tokens ×
 * 65,536 B of its KV heads; at batch 8, (6/8)^8 = 0.1001 stay unread.
 * Each of the 32 MoE layers adds the fused-MoE call's fixed 26.65 µs
 * (cp-serving.c: the median of four published kernel timings at batch
 * 1, less their experts' bytes): 0.8528 ms a step, at any batch. */
static void
test_mixture_of_experts_reads (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double routed_per_gpu = 3.0 * 4096 * 14336 * 8 * 32 * 2 / 2;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 20);
  job_init_llama2_7b (&job);
  job.model.params = 46.7e9;
  job.model.active_params = 12.9e9;
  job.model.kv_heads = 8;
  job.model.ffn = 14336;
  job.model.experts_total = 8;
  job.model.experts_active = 2;
  job.concurrency = 4;
  job.tensor_parallel = 2;

  g_assert_cmpfloat (3.0 * 4096 * 14336 * 8 * 32, ==, 45097156608.0);
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 2);
  g_assert_cmpuint (est.layout.data_parallel, ==, 4);
  g_assert_cmpfloat (est.decode_batch, ==, 1);
  cp_test_assert_close ((46.7e9 - 0.75 * routed_per_gpu + 1088 * 65536.0) / 2.68e12, est.decode_memory_s, 1e-9);
  cp_test_assert_close (4.831e-3, est.decode_memory_s, 1e-3);
  cp_test_assert_close (32 * 26.65e-6, est.decode_moe_floor_s, 1e-9);
  cp_test_assert_close (est.decode_memory_s + est.decode_tp_communication_s + 0.8528e-3, est.decode_step_s, 1e-6);

  job.concurrency = 32;
  cp_estimate (&job, &quote, 1, &settings, &est, NULL);
  g_assert_cmpfloat (est.decode_batch, ==, 8);
  cp_test_assert_close ((46.7e9 - pow (0.75, 8) * routed_per_gpu + 8 * 1088 * 65536.0) / 2.68e12, est.decode_memory_s, 1e-9);
  cp_test_assert_close (0.8528e-3, est.decode_moe_floor_s, 1e-6);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Meta's FP8 checkpoint of Llama 3.1 405B (Llama 3 paper §6.2) keeps
 * attention, embeddings, the output head and the first and last layers in
 * bf16. Llama 3.1 405B (config.json, Table 3): 126 layers, hidden 16,384,
 * SwiGLU 53,248, vocabulary 128,256. A feed-forward layer is 3 × 16,384 ×
 * 53,248 = 2.6172e9 parameters, 124 of them in 8 bits: 3.2453e11 B; the
 * other 405e9 − 3.2453e11 = 8.047e10 parameters in 16 bits: 1.6094e11 B;
 * 4.8547e11 B over tensor parallel 8 = 6.0684e10 B = 56.52 GiB a GPU
 * (vLLM issue #6746 logs "Loading model weights took 57.7520 GB"). Every
 * linear layer in 8 bits (the default): (405e9 − 2 × 128,256 × 16,384)
 * × 1 B + 4.2027e9 × 2 B = 4.0920e11 B, 47.64 GiB a GPU. */
static void
test_fp8_layout_llama3 (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;

  cp_settings_init (&settings);
  g_assert_cmpint (settings.fp8_layout, ==, CP_FP8_LAYOUT_ALL_LINEAR);
  quote_init_h100 (&quote, 8, 20);
  job_init_served (&job);
  cp_test_model_init (&job.model, 405e9, 126, 16384, 128, 8, 53248, 128256);
  job.weight_bits = 8;
  job.tensor_parallel = 8;
  job.context_len = 8192;
  job.concurrency = 1;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (47.64 * GIB_BYTES, est.weights_bytes, 1e-3);
  settings.fp8_layout = CP_FP8_LAYOUT_LLAMA3;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (56.52 * GIB_BYTES, est.weights_bytes, 1e-3);
  /* 4-bit weights are not FP8: the layout leaves them alone. They carry
   * their format's scales and zeros: AWQ/GPTQ by default, one fp16 scale
   * and one 4-bit zero per group of 128 weights (vLLM's awq.py, gptq.py),
   * 4 + 20/128 = 4.15625 bits: (405e9 − 4.2027e9) × 4.15625 / 8 +
   * 4.2027e9 × 2 = 2.1663e11 B, over tensor parallel 8. */
  job.weight_bits = 4;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (((405e9 - 4.2027e9) * 4.15625 / 8 + 4.2027e9 * 2) / 8, est.weights_bytes, 1e-3);
  /* bitsandbytes NF4, one fp32 absmax per 64 weights (QLoRA §3): 4.5 bits. */
  settings.int4_constant_bits = 0.5;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  cp_test_assert_close (((405e9 - 4.2027e9) * 4.5 / 8 + 4.2027e9 * 2) / 8, est.weights_bytes, 1e-3);

  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* vLLM sizes its KV cache after a profiling pass whose size depends on
 * its engine. Llama-2-7B on one H100 with a 16,384-token context: one
 * layer's intermediates are 2 B × (4 × 4,096 + 3 × 4,096 (Q, K, V) + 3 ×
 * 11,008 (gate, up, product)) = 123,392 B a token, plus fp32 logits of
 * 32,000 for each sequence sampled. V1 (the default) profiles 8,192
 * tokens of 1,024 sequences: 8,192 × 123,392 + 1,024 × 128,000 =
 * 1,141,899,264 B. V0 profiles max(16,384, 2,048) tokens of 256
 * sequences (vllm/config.py SchedulerConfig): 16,384 × 123,392 + 256 ×
 * 128,000 = 2,054,422,528 B, and its KV budget is smaller by the
 * difference. */
static void
test_vllm_profile_by_engine (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate v1, v0;

  cp_settings_init (&settings);
  g_assert_cmpint (settings.vllm_profile, ==, CP_VLLM_PROFILE_V1);
  quote_init_h100 (&quote, 1, 20);
  job_init_llama2_7b (&job);
  job.context_len = 16384;
  job.concurrency = 1;

  /* V1 on an H100: the forward pass of 8,192 tokens (123,392 B each),
   * then the dummy sampling of 1,024 sequences at 28 B a logit (vLLM V1's
   * native top-k/top-p sort, cp-estimate-serving.c): 1024 × 32000 × 28 =
   * 917,504,000 B, less than the forward's 1,010,827,264. */
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v1, NULL));
  g_assert_cmpfloat (v1.activation_peak_bytes, ==, 8192 * 123392.0);
  settings.vllm_profile = CP_VLLM_PROFILE_V0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v0, NULL));
  g_assert_cmpfloat (v0.activation_peak_bytes, ==, 2054422528.0);
  cp_test_assert_close (v1.kv_budget_bytes - (2054422528.0 - 8192 * 123392.0), v0.kv_budget_bytes, 1e-12);
  /* Llama 3's 128,256-entry vocabulary: the sampler's 1024 × 128256 × 28
   * = 3,677,356,032 B is V1's peak. */
  settings.vllm_profile = CP_VLLM_PROFILE_V1;
  job.model.vocab = 128256;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v1, NULL));
  g_assert_cmpfloat (v1.activation_peak_bytes, ==, 1024 * 128256 * 28.0);
  job.model.vocab = 32000;
  settings.vllm_profile = CP_VLLM_PROFILE_V0;
  /* A context shorter than 2,048 tokens is profiled at 2,048. */
  job.context_len = 1024;
  job.prompt_tokens = 512;
  job.output_tokens = 128;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v0, NULL));
  g_assert_cmpfloat (v0.activation_peak_bytes, ==, 2048 * 123392.0 + 256 * 128000.0);
  /* Up to 32,768 tokens V0 profiles the whole context: 32,768 × 123,392
   * + 256 × 128,000 = 4,076,077,056 B. Above it V0 turns chunked prefill
   * on by itself and profiles its 2,048 batched tokens (EngineArgs.
   * create_engine_config, max_model_len > 32768; SchedulerConfig v0.6.6):
   * at 40,000 tokens 2,048 × 123,392 + 256 × 128,000 = 285,474,816 B. */
  job.context_len = 32768;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v0, NULL));
  g_assert_cmpfloat (v0.activation_peak_bytes, ==, 4076077056.0);
  job.context_len = 40000;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &v0, NULL));
  g_assert_cmpfloat (v0.activation_peak_bytes, ==, 285474816.0);

  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A published serving figure: TensorRT-LLM 0.5.0's performance table
 * (NVIDIA/TensorRT-LLM, docs/source/performance.md, "H100 GPUs (FP8)")
 * measured LLaMA 7B at batch 64, TP 1, 128 input and 128 output tokens at
 * 9,193 output tokens/s. FP8 weights and cache: (6.74e9 − 0.262e9
 * embeddings) × 1 B + 0.262e9 × 2 B = 7.002e9 B of weights, 262,144 B of
 * KV a token at a mean context of 192; (7.002e9 + 64 × 192 × 262,144) /
 * 2.68e12 = 3.815 ms a step, 16,778 tokens/s; prefill at 1,979e12 × 0.55
 * over 1.3547e10 FLOPs = 80,346 tokens/s. The prompts ride in the decode
 * steps (mixed batches): 64 × 128/128 prompt tokens a step add 64 ×
 * 1.3547e10 / 1.08845e15 = 0.797 ms of compute to the decode's 64 ×
 * 1.348e10 / 1.08845e15 = 0.793 ms, still under the 3.815 ms of reads, so
 * the replica writes 16,778 output tokens a second. The roofline is a
 * ceiling: the published run reaches 55% of it. */
static void
test_published_trtllm_h100_fp8 (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double published = 9193;

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 1, 20);
  job_init_llama2_7b (&job);
  job.precision = CP_PRECISION_FP8;
  job.weight_bits = 8;
  job.kv_bits = 8;
  job.context_len = 256;
  job.prompt_tokens = 128;
  job.output_tokens = 128;
  job.concurrency = 64;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.decode_batch, ==, 64);
  cp_test_assert_close ((6.74e9 - 32000.0 * 4096 * 2 + 32000.0 * 4096 * 2 * 2 + 64 * 192 * 262144.0) / 2.68e12,
                        est.decode_step_s, 1e-9);
  cp_test_assert_close (16778, est.decode_tokens_per_s, 1e-3);
  cp_test_assert_close (80346, est.prefill_tokens_per_s, 1e-3);
  cp_test_assert_close (64 * 1.3547e10 / 1.08845e15, est.decode_prefill_compute_s, 1e-3);
  g_assert_cmpint (est.serving_gemm_precision, ==, CP_PRECISION_FP8);
  cp_test_assert_close (16778, est.output_tokens_per_s, 1e-3);
  g_assert_cmpfloat (est.output_tokens_per_s, >=, published);
  g_assert_cmpfloat (published / est.output_tokens_per_s, >, 0.5);
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* A request longer than the context length is refused, naming the field;
 * the defaults (1,024 + 128) fit the default 4,096. */
static void
test_request_must_fit_context (void)
{
  g_autoptr(GError) error = NULL;
  CpJob job;

  job_init_llama2_7b (&job);
  g_assert_cmpuint (job.prompt_tokens, ==, 1024);
  g_assert_cmpuint (job.output_tokens, ==, 128);
  g_assert_true (cp_job_validate (&job, NULL));
  job.context_len = 1000;
  g_assert_false (cp_job_validate (&job, &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Output tokens"));
  g_clear_error (&error);
  job.context_len = 4096;
  job.output_tokens = 0;
  g_assert_false (cp_job_validate (&job, &error));
  g_assert_nonnull (strstr (error->message, "Output tokens"));
  cp_job_clear (&job);
}

/* A serving trial's KV cache (R9) replaces the modelled budget. vLLM's
 * definition (PUBLISHED I6): max concurrency = GPU blocks × block size ÷
 * the request length. A trial of Llama-2-7B on one H100 of quote "h100"
 * that printed "GPU KV cache size: 100,000 tokens" (6,250 blocks of 16):
 * for the job's 4,096-token requests, 100,000 ÷ 4,096 = 24.4140625 at
 * once, 6,250 ÷ 256 blocks = 24 whole requests, so 100 concurrent
 * requests take ⌈100 ÷ 24⌉ = 5 replicas (R3), one node of 8 GPUs.
 *
 * On a 40 GB GPU the trial is carried over by the memory left after the
 * weights: 100,000 × 524,288 B = 52,428,800,000 B measured on the 80 GiB
 * GPU, where 80 GiB × 0.90 − 13.48e9 = 63,829,411,328 B were left; here
 * 40 GiB × 0.90 − 13.48e9 = 25,174,705,664 B are, so the KV cache gets
 * 52,428,800,000 × 25,174,705,664 ÷ 63,829,411,328 = 20,678,235,642 B,
 * ⌊÷ (16 × 524,288)⌋ = 2,465 blocks: 2,465 × 16 ÷ 4,096 = 9.62890625
 * at once, 9 whole requests, ⌈100 ÷ 9⌉ = 12 replicas on 2 nodes, at
 * tensor parallel 1 as the trial ran. Left to the search, larger replicas
 * hold the weights once over more GPUs: at TP 2 the GPU keeps 40 GiB ×
 * 0.90 − 6.74e9 = 31,914,705,664 B, the cache 26,214,400,000 B a GPU,
 * 6,250 blocks of 16 × 262,144 B, 24 whole requests, 5 replicas (10
 * GPUs); at TP 4, 35,284,705,664 B → 28,982,482,179 B, 13,819 blocks of
 * 16 × 131,072 B, 53 requests, 2 replicas (8 GPUs); at TP 8,
 * 36,969,705,664 B → 30,366,523,268 B, 28,959 blocks of 16 × 65,536 B,
 * 113 requests, 1 replica (8 GPUs). TP 4 and 8 tie on 8 GPUs; the one
 * that serves more output tokens on them is taken. */
static void
test_trial_kv_cache (void)
{
  CpSettings settings;
  CpQuote quote, small;
  CpJob job;
  CpEstimate est;
  CpPlan *plan;
  const CpReason *r3 = NULL, *r9 = NULL;
  double tp4_output_tokens_per_s;

  cp_settings_init (&settings);
  g_assert_cmpfloat (settings.serving_memory_fraction, ==, 0.90);
  g_assert_cmpint (settings.memory_unit, ==, CP_MEMORY_UNIT_GIB);
  g_assert_cmpfloat (settings.kv_block_tokens, ==, 16);
  quote_init_h100 (&quote, 8, 20);
  quote_init_h100 (&small, 8, 10);
  g_free (small.id);
  small.id = g_strdup ("a100-40");
  small.gpu.memory_nominal_gb = 40;
  job_init_llama2_7b (&job);
  job.context_len = 4096;
  job.prompt_tokens = 1024;
  job.output_tokens = 128;
  job.concurrency = 100;
  job.trial.quote_id = g_strdup ("h100");
  job.trial.gpus = 1;
  job.trial.gpu_dense_flops = 989e12;
  job.trial.gpu_memory_nominal_gb = 80;
  job.trial.kv_cache_tokens = 100000;
  /* What is under test is how a trial's cache is taken and carried, so
   * each request counts its whole 4,096-token length, 256 blocks
   * (--kv-admission full-length, prompt and output filling the context),
   * and the figures are vLLM's "Maximum concurrency" rounded down. */
  settings.kv_admission = CP_KV_ADMISSION_FULL_LENGTH;
  job.output_tokens = 4096 - 1024;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_true (est.kv_measured);
  g_assert_false (est.kv_extrapolated);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 1);
  g_assert_cmpfloat (est.max_concurrency, ==, 24.4140625);
  g_assert_cmpfloat (est.requests_per_replica, ==, 24);
  g_assert_cmpfloat (est.kv_blocks, ==, 6250);
  g_assert_cmpfloat (est.kv_budget_bytes, ==, 100000 * 524288.0);
  g_assert_cmpuint (est.replicas_needed, ==, 5);
  g_assert_cmpuint (est.nodes_needed, ==, 1);

  job.tensor_parallel = 1;
  g_assert_true (cp_estimate (&job, &small, 1, &settings, &est, NULL));
  g_assert_false (est.kv_measured);
  g_assert_true (est.kv_extrapolated);
  cp_test_assert_close (20678235642.0, est.kv_budget_bytes, 1e-9);
  g_assert_cmpfloat (est.kv_blocks, ==, 2465);
  g_assert_cmpfloat (est.max_concurrency, ==, 9.62890625);
  g_assert_cmpfloat (est.requests_per_replica, ==, 9);
  g_assert_cmpuint (est.replicas_needed, ==, 12);
  g_assert_cmpuint (est.nodes_needed, ==, 2);

  job.tensor_parallel = 2;
  g_assert_true (cp_estimate (&job, &small, 1, &settings, &est, NULL));
  cp_test_assert_close (26214400000.0, est.kv_budget_bytes, 1e-9);
  g_assert_cmpfloat (est.kv_blocks, ==, 6250);
  g_assert_cmpfloat (est.requests_per_replica, ==, 24);
  g_assert_cmpuint (est.replicas_needed, ==, 5);

  job.tensor_parallel = 4;
  g_assert_true (cp_estimate (&job, &small, 1, &settings, &est, NULL));
  g_assert_cmpfloat (est.kv_blocks, ==, 13819);
  g_assert_cmpfloat (est.requests_per_replica, ==, 53);
  g_assert_cmpuint (est.replicas_needed, ==, 2);
  tp4_output_tokens_per_s = est.output_tokens_per_s;

  job.tensor_parallel = 0;
  g_assert_true (cp_estimate (&job, &small, 1, &settings, &est, NULL));
  g_assert_true (est.layout_searched);
  g_assert_true (est.layout.tensor_parallel == 4 || est.layout.tensor_parallel == 8);
  g_assert_cmpuint (est.replicas_needed * est.layout.tensor_parallel, ==, 8);
  g_assert_cmpuint (est.nodes_needed, ==, 1);
  g_assert_cmpfloat (est.output_tokens_per_s, >=, tp4_output_tokens_per_s);
  if (est.layout.tensor_parallel == 8)
    {
      cp_test_assert_close (30366523268.0, est.kv_budget_bytes, 1e-9);
      g_assert_cmpfloat (est.kv_blocks, ==, 28959);
      g_assert_cmpfloat (est.requests_per_replica, ==, 113);
    }

  /* R3 counts the measured replicas; R9 names the measured concurrency. */
  plan = cp_plan_new (&job, &quote, 1, &settings);
  for (guint i = 0; i < plan->reasons->len; i++)
    {
      const CpReason *reason = &g_array_index (plan->reasons, CpReason, i);
      if (reason->rule == CP_RULE_R3_INFERENCE_CONCURRENCY)
        r3 = reason;
      if (reason->rule == CP_RULE_R9_TRIAL_RUN)
        r9 = reason;
    }
  g_assert_nonnull (r3);
  g_assert_cmpint (r3->outcome, ==, CP_OUTCOME_CONCURRENCY_ONE_NODE);
  g_assert_cmpfloat (r3->values[1], ==, 24);
  g_assert_cmpfloat (r3->values[2], ==, 5);
  g_assert_nonnull (r9);
  g_assert_cmpint (r9->outcome, ==, CP_OUTCOME_TRIAL_USED);
  g_assert_cmpfloat (r9->values[3], ==, 24.4140625);
  cp_plan_free (plan);

  /* Measured on two GPUs a replica: the search keeps the size the trial
   * ran, which carries the target (⌈100 ÷ 24⌉ = 5 replicas of 2 GPUs on
   * the 160 offered), at vLLM's own count. Pinned to one GPU, the trial
   * is not the configuration measured, so carried over, not taken as is. */
  job.trial.gpus = 2;
  job.tensor_parallel = 0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 2);
  g_assert_true (est.kv_measured);
  g_assert_cmpfloat (est.requests_per_replica, ==, 24);
  g_assert_cmpuint (est.replicas_needed, ==, 5);
  /* Also where one GPU alone would carry a smaller target (10 requests):
   * the search goes on to the size the trial measured. */
  job.concurrency = 10;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 2);
  g_assert_true (est.kv_measured);
  g_assert_cmpuint (est.replicas_needed, ==, 1);
  job.concurrency = 100;
  job.tensor_parallel = 1;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 1);
  g_assert_false (est.kv_measured);
  g_assert_true (est.kv_extrapolated);

  /* Without a trial the budget is modelled. */
  job.trial.kv_cache_tokens = 0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_false (est.kv_measured);
  g_assert_false (est.kv_extrapolated);
  g_assert_cmpfloat (est.max_concurrency, !=, 24.4140625);

  cp_job_clear (&job);
  cp_quote_clear (&quote);
  cp_quote_clear (&small);
}

/* Walk 2, #11: the tensor-parallel size of a replica is searched. Llama
 * 3.1 70B (meta-llama/Llama-3.1-70B config.json: 80 layers, hidden 8192,
 * 64 heads, 8 KV heads of 128, SwiGLU 28672, vocabulary 128256; the model
 * card's 70e9 parameters), 140e9 B in 16 bits, KV 2 × 80 × 8 × 128 × 2 B
 * = 327,680 B a token (I7), on one node of 8 H800s (80 GB, H100's 989
 * TFLOPS and 3.35 TB/s, NVLink 200 GB/s a direction, G7).
 *
 * vLLM's budget (cp-estimate.c): 0.90 × 80 GiB = 77,309,411,328 B a GPU,
 * less the weights' share, the profiling peak (8,192 batched tokens and
 * 1,024 sequences on an 80 GB GPU that is not an A100): the larger of the
 * forward's 8192 × 2 × (4 × 8192 + (10240 + 3 × 28672)/t) and V1's
 * dummy sampling of 1024 × 128256 logits at 28 B (cp-estimate-serving.c),
 * 3,677,356,032 B at every t here, 0.5 GiB of CUDA graphs and 1 GiB of
 * framework:
 *   TP 2: 77,309,411,328 − 70e9 − 3,677,356,032 − 1,610,612,736
 *         = 2,021,442,560 B; 163,840 B a token a GPU (4 of the 8 KV
 *         heads), blocks of 16 tokens 2,621,440 B: 771 blocks;
 *   TP 4: − 35e9 − 3,677,356,032 − 1,610,612,736 = 37,021,442,560 B;
 *         81,920 B a token, 28,245 blocks;
 *   TP 8: − 17.5e9 − 3,677,356,032 − 1,610,612,736 = 54,521,442,560 B;
 *         40,960 B a token, 83,193 blocks.
 * A request of 1,024 prompt and 256 output tokens holds its blocks as it
 * writes (paged): ⌈(1024 + j) / 16⌉ for j = 0 … 255 adds up to 51,760 −
 * 33,216 = 18,544 (blocks over lengths 1 … t: 16·q(q + 1)/2 + r(q + 1)
 * for t = 16q + r), 72.4375 blocks on average; TP 2 runs ⌊771 ÷
 * 72.4375⌋ = 10 requests at once, TP 4 389, TP 8 1,148 and so vLLM's
 * max_num_seqs, 1,024. 200 concurrent requests take 20 TP-2 replicas (40
 * GPUs, 5 nodes), 1 TP-4 replica (4 GPUs) or 1 TP-8 replica (8 GPUs).
 * The last two need the same one node, so the faster on it is taken: TP
 * 4, two replicas on the node, 100 requests each. With 1,024-token
 * prompts and 256 output tokens (a
 * mean context of 1,152), a decode step of TP 4 at batch 100 reads
 * (35e9 + 100 × 1152 × 81,920) / 2.68e12 = 16.581 ms and all-reduces 80 ×
 * 2 × (2 × 3 steps × 3.10 µs + 2 × 3/4 × 100 × 8192 × 2 B / (200e9 ×
 * 0.80)) = 2.976 + 2.458 = 5.434 ms; TP 8 at batch 200 reads (17.5e9 +
 * 200 × 1152 × 40,960) / 2.68e12 = 10.051 ms and all-reduces 80 × 2 ×
 * (14 × 3.10 µs + 2 × 7/8 × 200 × 8192 × 2 / 1.6e11) = 6.944 + 5.734 =
 * 12.678 ms for the decode tokens alone. The prompts ride in the decode
 * steps (mixed batches): 1024/256 = 4 prompt tokens a sequence a step, at
 * 2 × 70e9 + 4 × 80 × 64 × 128 × 1024 = 1.42684e11 FLOPs each. TP 4 at
 * batch 100 computes (100 × 1.4e11 + 400 × 1.42684e11) / (4 × 5.4395e14)
 * = 32.666 ms, above its 16.581 ms of reads, and all-reduces 500 tokens'
 * states: 80 × 2 × (18.6 µs + 1.5 × 500 × 16,384 / 1.6e11) = 15.264 ms, a
 * step of 47.930 ms; TP 8 at batch 200 computes the same 32.666 ms and
 * all-reduces 1,000 tokens: 80 × 2 × (43.4 µs + 1.75 × 1000 × 16,384 /
 * 1.6e11) = 35.616 ms, a step of 68.282 ms. Each sequence finishes a
 * request every 256 steps: TP 4 serves 200 / (256 × 47.930 ms) = 16.30
 * requests a second, TP 8 200 / (256 × 68.282 ms) = 11.44: the
 * all-reduces, twice as many ring steps on 8 GPUs over twice the
 * sequences, tip it to TP 4. */
static double
requests_rate (double tp,
               double batch)
{
  double prompt_tokens = batch * 1024 / 256.0;
  double memory = (140e9 / tp + batch * 1152 * 327680.0 / tp) / (3350e9 * FRACTION);
  double compute = (batch * 2 * 70e9 + prompt_tokens * (2 * 70e9 + 4.0 * 80 * 64 * 128 * 1024)) /
                   (tp * 989e12 * UTILISATION);
  double all_reduce = 80 * 2 * (2 * (tp - 1) * 3.10e-6 +
                                2 * (tp - 1) / tp * (batch + prompt_tokens) * 8192 * 2 / (200e9 * 0.80));

  return 200 / (256 * (MAX (memory, compute) + all_reduce));
}

static void
test_replica_tensor_parallel_search (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate est;
  double budget = 0.90 * 80 * GIB_BYTES;
  double graphs_and_framework = 1.5 * GIB_BYTES;
  double tp4_rate = requests_rate (4, 100);
  double tp8_rate = requests_rate (8, 200);

  g_assert_cmpfloat (budget, ==, 77309411328.0);
  g_assert_cmpfloat (1024 * 128256 * 28.0, ==, 3677356032.0);
  g_assert_cmpfloat (budget - 70e9 - 3677356032.0 - graphs_and_framework, ==, 2021442560.0);
  g_assert_cmpfloat (floor (2021442560.0 / (16 * 163840.0)), ==, 771);
  g_assert_cmpfloat (budget - 35e9 - 3677356032.0 - graphs_and_framework, ==, 37021442560.0);
  g_assert_cmpfloat (floor (37021442560.0 / (16 * 81920.0)), ==, 28245);
  g_assert_cmpfloat (budget - 17.5e9 - 3677356032.0 - graphs_and_framework, ==, 54521442560.0);
  g_assert_cmpfloat (floor (54521442560.0 / (16 * 40960.0)), ==, 83193);
  cp_test_assert_close (11.44, tp8_rate, 1e-3);
  cp_test_assert_close (16.30, tp4_rate, 1e-3);

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 18.5);
  g_free (quote.gpu.name);
  quote.gpu.name = g_strdup ("H800 SXM");
  quote.intra_link.per_direction_gbytes_per_s = 200;
  job_init_served (&job);
  cp_test_model_init (&job.model, 70e9, 80, 8192, 64, 8, 28672, 128256);
  job.context_len = 4096;
  job.prompt_tokens = 1024;
  job.output_tokens = 256;
  job.concurrency = 200;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_true (est.layout_searched);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 4);
  g_assert_cmpuint (est.layout.pipeline_parallel, ==, 1);
  g_assert_cmpuint (est.layout.data_parallel, ==, 2);
  cp_test_assert_close (37021442560.0, est.kv_budget_bytes, 1e-12);
  g_assert_cmpfloat (est.kv_blocks, ==, 28245);
  g_assert_cmpfloat (est.kv_tokens_held_per_request, ==, 18544.0 / 256 * 16);
  g_assert_cmpfloat (est.requests_per_replica, ==, 389);
  g_assert_cmpuint (est.replicas_needed, ==, 1);
  g_assert_cmpuint (est.nodes_needed, ==, 1);
  g_assert_cmpfloat (est.concurrency_served, ==, 200);
  cp_test_assert_close (tp4_rate, est.requests_per_s, 1e-9);
  cp_test_assert_close (tp4_rate * 256, est.output_tokens_per_s, 1e-9);
  /* 35e9 B of weights a GPU: what the walk expected of TP 4. */
  cp_test_assert_close (35e9, est.weights_bytes, 1e-12);

  /* An explicit --tp is served as given. */
  job.tensor_parallel = 8;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_false (est.layout_searched);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 8);
  g_assert_cmpuint (est.layout.data_parallel, ==, 1);
  cp_test_assert_close (54521442560.0, est.kv_budget_bytes, 1e-12);
  g_assert_cmpfloat (est.kv_blocks, ==, 83193);
  g_assert_cmpfloat (est.requests_per_replica, ==, 1024);
  g_assert_cmpuint (est.replicas_needed, ==, 1);
  cp_test_assert_close (tp8_rate, est.requests_per_s, 1e-9);

  job.tensor_parallel = 2;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 2);
  g_assert_cmpuint (est.layout.data_parallel, ==, 4);
  cp_test_assert_close (2021442560.0, est.kv_budget_bytes, 1e-12);
  g_assert_cmpfloat (est.requests_per_replica, ==, 10);
  g_assert_cmpuint (est.replicas_needed, ==, 20);
  g_assert_cmpuint (est.nodes_needed, ==, 5);
  g_assert_cmpfloat (est.concurrency_served, ==, 40);

  /* TP 1 cannot hold the 140e9 B: refused, not run on another size. */
  job.tensor_parallel = 1;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_false (est.fits);
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 1);

  /* vLLM shards heads evenly: 28 heads (Qwen2.5 7B) take TP 1, 2 or 4,
   * never 8 (28 mod 8 = 4); with 4 KV heads, TP 8 would also replicate. */
  job.model.heads = 28;
  job.model.kv_heads = 4;
  job.tensor_parallel = 8;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_false (est.fits);
  job.tensor_parallel = 0;
  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &est, NULL));
  g_assert_cmpuint (est.layout.tensor_parallel, ==, 4);

  /* The plan: one machine serves the 200, one TP-4 replica of 389 (R3). */
  job.model.heads = 64;
  job.model.kv_heads = 8;
  {
    g_autoptr(CpPlan) plan = cp_plan_new (&job, &quote, 1, &settings);
    const CpReason *r3 = NULL;

    g_assert_cmpint (plan->recommended, ==, 0);
    for (guint i = 0; i < plan->reasons->len; i++)
      if (g_array_index (plan->reasons, CpReason, i).rule == CP_RULE_R3_INFERENCE_CONCURRENCY)
        r3 = &g_array_index (plan->reasons, CpReason, i);
    g_assert_nonnull (r3);
    g_assert_cmpint (r3->outcome, ==, CP_OUTCOME_CONCURRENCY_ONE_NODE);
    g_assert_cmpfloat (r3->values[1], ==, 389);
    g_assert_cmpfloat (r3->values[2], ==, 1);
  }
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

/* Every replica size carries 64 requests of Llama-2-7B on one node of 8
 * H100 (the cache holds hundreds of requests even at TP 1), so all need
 * the same one node, billed alike: the search takes the size that serves
 * the most output tokens a second on it (issue 21). With 1,024-token
 * prompts and 128 output tokens (a mean context of 1,088), TP t runs 8/t
 * replicas at batch 8t; a decode step reads (13.48e9 / t + 8t × 1088 ×
 * 524,288 / t) / 2.68e12 = (13.48e9 / t + 4.5634e9) / 2.68e12 s, computes
 * the batch's tokens and the 8 prompt tokens a sequence folds into each
 * step (1024 / 128) at 8t × (2 × 6.74e9 + 8 × (2 × 6.74e9 + 4 × 32 × 32
 * × 128 × 1024)) / (t × 5.4395e14) = 1.848 ms, below the reads, and
 * all-reduces 9 × 8t tokens' states 2 × 32 times. TP 1: 6.733 ms a step;
 * TP 2: 4.218 + 64 × (6.2 µs + 144 × 8192 / 3.6e11) = 4.218 + 0.607 =
 * 4.824 ms; TP 4: 2.960 + 64 × (18.6 µs + 1.5 × 288 × 8192 / 3.6e11) =
 * 2.960 + 1.819 = 4.780 ms; TP 8: 2.332 + 64 × (43.4 µs + 1.75 × 576 ×
 * 8192 / 3.6e11) = 2.332 + 4.246 = 6.577 ms. Every size runs all 64
 * requests at once, one output token each a step: 64 / step tokens a
 * second, 9,506 at TP 1, 13,266 at TP 2, 13,390 at TP 4, 9,731 at TP 8.
 * Two TP-4 replicas, not eight one-GPU ones that would need the fewest
 * GPUs. */
static double
output_rate_on_a_node (double tp)
{
  double batch = 8 * tp;
  double prompt_tokens = batch * 1024 / 128.0;
  double memory = (13.48e9 / tp + batch * 1088 * 524288.0 / tp) / (3350e9 * FRACTION);
  double compute = (batch * 2 * 6.74e9 + prompt_tokens * (2 * 6.74e9 + 4.0 * 32 * 32 * 128 * 1024)) /
                   (tp * 989e12 * UTILISATION);
  double all_reduce = 32 * 2 * (2 * (tp - 1) * 3.10e-6 +
                                2 * (tp - 1) / tp * (batch + prompt_tokens) * 4096 * 2 / (450e9 * 0.80));

  return 64 / (MAX (memory, compute) + all_reduce);
}

static void
test_replica_search_same_node_most_tokens (void)
{
  CpSettings settings;
  CpQuote quote;
  CpJob job;
  CpEstimate searched, pinned;

  cp_test_assert_close (9506, output_rate_on_a_node (1), 1e-3);
  cp_test_assert_close (13266, output_rate_on_a_node (2), 1e-3);
  cp_test_assert_close (13390, output_rate_on_a_node (4), 1e-3);
  cp_test_assert_close (9731, output_rate_on_a_node (8), 1e-3);

  cp_settings_init (&settings);
  quote_init_h100 (&quote, 8, 20);
  job_init_llama2_7b (&job);
  job.concurrency = 64;

  g_assert_true (cp_estimate (&job, &quote, 1, &settings, &searched, NULL));
  g_assert_true (searched.layout_searched);
  g_assert_cmpuint (searched.layout.tensor_parallel, ==, 4);
  g_assert_cmpuint (searched.layout.data_parallel, ==, 2);
  g_assert_cmpuint (searched.nodes_needed, ==, 1);
  g_assert_cmpfloat (searched.concurrency_served, ==, 64);
  cp_test_assert_close (output_rate_on_a_node (4), searched.output_tokens_per_s, 1e-9);

  /* Each pinned size on the same node, at the same 160 CNY an hour,
   * serves what the walk above says, none more than the search's pick. */
  for (guint tp = 1; tp <= 8; tp *= 2)
    {
      job.tensor_parallel = tp;
      g_assert_true (cp_estimate (&job, &quote, 1, &settings, &pinned, NULL));
      g_assert_cmpuint (pinned.nodes_needed, ==, 1);
      g_assert_cmpfloat (pinned.hourly_cost, ==, searched.hourly_cost);
      cp_test_assert_close (output_rate_on_a_node (tp), pinned.output_tokens_per_s, 1e-9);
      g_assert_cmpfloat (pinned.output_tokens_per_s, <=, searched.output_tokens_per_s);
    }
  cp_job_clear (&job);
  cp_quote_clear (&quote);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/serving/decode/batch-one-G4", test_decode_batch_one);
  g_test_add_func ("/serving/decode/kv-bound", test_decode_kv_bound);
  g_test_add_func ("/serving/decode/compute-bound", test_decode_compute_bound);
  g_test_add_func ("/serving/decode/tensor-parallel-I7-N1", test_tensor_parallel_all_reduce);
  g_test_add_func ("/serving/decode/pipeline-replica", test_pipeline_replica);
  g_test_add_func ("/serving/decode/mixture-of-experts", test_mixture_of_experts_reads);
  g_test_add_func ("/serving/prefill", test_prefill);
  g_test_add_func ("/serving/vllm-v0-prefills-apart", test_v0_prefills_apart);
  g_test_add_func ("/serving/engine-step", test_serving_engine_step);
  g_test_add_func ("/serving/cost-per-million-tokens", test_cost_per_million_tokens);
  g_test_add_func ("/serving/replicas-share-the-target", test_replicas_share_the_target);
  g_test_add_func ("/serving/published/trtllm-h100-fp8", test_published_trtllm_h100_fp8);
  g_test_add_func ("/serving/fp8-layout-llama3", test_fp8_layout_llama3);
  g_test_add_func ("/serving/vllm-profile-by-engine", test_vllm_profile_by_engine);
  g_test_add_func ("/serving/request-must-fit-context", test_request_must_fit_context);
  g_test_add_func ("/serving/trial-kv-cache-I6", test_trial_kv_cache);
  g_test_add_func ("/serving/replica-tensor-parallel-I7", test_replica_tensor_parallel_search);
  g_test_add_func ("/serving/replica-search-same-node-most-tokens", test_replica_search_same_node_most_tokens);
  return g_test_run ();
}
