/* test-architecture.c: mixture-of-experts and MLA fields of the built-in
 * catalogue and the parameter counts they imply (cp-types.h), and the GPU
 * figures the catalogue marks as unconfirmed.
 *
 * Expected values are the published config.json figures and counts worked
 * out by hand from them, written next to each assertion. */
#include "planner/cp-catalog.h"

#include <math.h>
#include <string.h>

static const CpModelSpec *
model (const char *id)
{
  const CpModelSpec *spec = cp_catalog_find_model (cp_catalog_get_builtin (), id);

  g_assert_nonnull (spec);
  return spec;
}

/* mistralai/Mixtral-8x7B-v0.1 config.json: no moe_intermediate_size, so the
 * expert width is intermediate_size 14336; no shared expert, no dense layer. */
static void
test_mixtral_fields (void)
{
  const CpModelSpec *m = model ("mixtral-8x7b");

  g_assert_true (cp_model_spec_is_moe (m));
  g_assert_cmpuint (m->experts_total, ==, 8);
  g_assert_cmpuint (m->experts_active, ==, 2);
  g_assert_cmpuint (m->shared_experts, ==, 0);
  g_assert_cmpuint (cp_model_spec_expert_ffn (m), ==, 14336);
  g_assert_cmpuint (cp_model_spec_moe_layers (m), ==, 32);
  g_assert_cmpuint (m->kv_lora_rank, ==, 0);
  /* Total: 32 × (2·4096·4096 + 2·4096·1024 + 8 × 3·4096·14336 + 8·4096
   * + 2·4096) + 2·32000·4096 + 4096 = 46.70e9 (card: 46.7B).
   * Active: 32 × (41.94e6 + 2 × 176.16e6 + …) + 32000·4096 = 12.75e9
   * (card: 12.9B, which counts both embedding tables). */
  g_assert_cmpfloat (fabs (cp_model_spec_params_from_architecture (m) - 46.70e9), <, 0.01e9);
  g_assert_cmpfloat (fabs (cp_model_spec_active_params_from_architecture (m) - 12.75e9), <, 0.01e9);
}

/* deepseek-ai/DeepSeek-V3 config.json and the technical report. */
static void
test_deepseek_v3_fields (void)
{
  const CpModelSpec *m = model ("deepseek-v3");
  /* MLA per layer: q 7168·1536 + 1536 + 1536·128·192, kv 7168·576 + 512
   * + 512·128·256, out 128·128·7168 = 48,760,320 + 20,906,496
   * + 117,440,512 = 187,107,328. */
  double attention = 7168.0 * 1536 + 1536 + 1536.0 * 128 * 192 +
                     7168.0 * 576 + 512 + 512.0 * 128 * 256 + 128.0 * 128 * 7168;
  double expert = 3.0 * 7168 * 2048;
  double dense_mlp = 3.0 * 7168 * 18432;
  double norms = 2.0 * 7168;
  double router = 7168.0 * 256;
  double total = 2.0 * 129280 * 7168 + 7168 +
                 61 * (attention + norms) + 3 * dense_mlp + 58 * (257 * expert + router);
  double active = 129280.0 * 7168 + 7168 +
                  61 * (attention + norms) + 3 * dense_mlp + 58 * (9 * expert + router);

  g_assert_cmpuint (m->experts_total, ==, 256);
  g_assert_cmpuint (m->experts_active, ==, 8);
  g_assert_cmpuint (m->shared_experts, ==, 1);
  g_assert_cmpuint (cp_model_spec_expert_ffn (m), ==, 2048);
  g_assert_cmpuint (cp_model_spec_shared_expert_ffn (m), ==, 2048);
  g_assert_cmpuint (m->dense_layers, ==, 3);
  g_assert_cmpuint (cp_model_spec_dense_ffn (m), ==, 18432);
  g_assert_cmpuint (cp_model_spec_moe_layers (m), ==, 58);
  g_assert_cmpuint (m->q_lora_rank, ==, 1536);
  g_assert_cmpuint (m->kv_lora_rank, ==, 512);
  g_assert_cmpuint (m->qk_rope_head_dim, ==, 64);
  g_assert_cmpuint (m->qk_nope_head_dim, ==, 128);
  g_assert_cmpuint (m->v_head_dim, ==, 128);
  g_assert_cmpuint (m->kv_latent_dim, ==, 512 + 64);

  g_assert_cmpfloat (cp_model_spec_attention_params (m), ==, attention);
  g_assert_cmpfloat (attention, ==, 187107328.0);
  g_assert_cmpfloat (cp_model_spec_params_from_architecture (m), ==, total);
  g_assert_cmpfloat (cp_model_spec_active_params_from_architecture (m), ==, active);
  /* The report's 671B total and 37B activated, within 1% and 2%. */
  g_assert_cmpfloat (fabs (total - 671e9) / 671e9, <, 0.01);
  g_assert_cmpfloat (fabs (active - 37e9) / 37e9, <, 0.02);
}

static void
assert_refused (const char *ini,
                const char *key)
{
  g_autoptr(GError) error = NULL;
  CpCatalog *catalog = cp_catalog_new ();

  g_assert_false (cp_catalog_load_models (catalog, ini, strlen (ini), &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, key));
  g_assert_cmpuint (cp_catalog_n_models (catalog), ==, 0);
  cp_catalog_free (catalog);
}

#define BASE "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\n" \
             "verification=primary\nsource=s\n"

static void
test_refused (void)
{
  /* Expert fields on a dense model would be ignored without a word. */
  assert_refused (BASE "expert_ffn=2048\n", "expert_ffn");
  assert_refused (BASE "dense_layers=3\n", "dense_layers");
  /* More dense layers than layers. */
  assert_refused (BASE "experts_total=8\nexperts_active=2\ndense_layers=33\n", "dense_layers");
  /* MLA ranks need the latent, and the latent needs its head dims. */
  assert_refused (BASE "q_lora_rank=1536\n", "kv_lora_rank");
  assert_refused (BASE "kv_lora_rank=512\nqk_nope_head_dim=128\nv_head_dim=128\n", "qk_rope_head_dim");
  assert_refused (BASE "experts_total=8\nexperts_active=2\nshared_experts=-1\n", "shared_experts");
}

/* The figures of a GPU no source confirms are marked in its entry, and a
 * copy (a quote's GPU) keeps the mark: the 910B2's FP32 peak is assumed
 * (a quarter of BF16), its 1.6 TB/s and 353.89 TFLOPS have sources; every
 * NVIDIA A100 figure has one. A name that is no figure is refused. */
static void
test_gpu_unconfirmed_figures (void)
{
  const CpCatalog *builtin = cp_catalog_get_builtin ();
  const CpGpuSpec *ascend = cp_catalog_find_gpu (builtin, "ascend-910b");
  const CpGpuSpec *a100 = cp_catalog_find_gpu (builtin, "a100-80g");
  CpGpuSpec copy = { 0 };
  g_autoptr(GError) error = NULL;
  CpCatalog *catalog = cp_catalog_new ();
  const char *bad = "[bad]\nname=B\nmemory_nominal_gb=1\ndense_bf16_flops=1\ndense_fp8_flops=0\n"
                    "dense_fp32_flops=1\nmemory_bandwidth_gbytes_per_s=1\ndefault_intra_link=l\n"
                    "verification=primary\nsource=s\nunconfirmed=dense_fp32_flops;memory_bandwith\n";

  g_assert_nonnull (ascend);
  g_assert_true (cp_gpu_spec_figure_unconfirmed (ascend, CP_GPU_FIGURE_DENSE_FP32_FLOPS));
  g_assert_false (cp_gpu_spec_figure_unconfirmed (ascend, CP_GPU_FIGURE_MEMORY_BANDWIDTH));
  g_assert_false (cp_gpu_spec_figure_unconfirmed (ascend, CP_GPU_FIGURE_DENSE_BF16_FLOPS));
  g_assert_cmpfloat (ascend->memory_bandwidth_gbytes_per_s, ==, 1600);
  g_assert_cmpstr (cp_gpu_figure_to_string (CP_GPU_FIGURE_MEMORY_BANDWIDTH), ==, "memory_bandwidth_gbytes_per_s");

  g_assert_nonnull (a100);
  for (CpGpuFigure f = 0; f < CP_N_GPU_FIGURES; f++)
    g_assert_false (cp_gpu_spec_figure_unconfirmed (a100, f));

  cp_gpu_spec_copy (&copy, ascend);
  g_assert_true (cp_gpu_spec_figure_unconfirmed (&copy, CP_GPU_FIGURE_DENSE_FP32_FLOPS));
  cp_gpu_spec_clear (&copy);

  g_assert_false (cp_catalog_load_gpus (catalog, bad, strlen (bad), &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "memory_bandwith"));
  g_assert_cmpuint (cp_catalog_n_gpus (catalog), ==, 0);
  cp_catalog_free (catalog);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/architecture/mixtral", test_mixtral_fields);
  g_test_add_func ("/model/architecture/deepseek-v3", test_deepseek_v3_fields);
  g_test_add_func ("/model/architecture/refused", test_refused);
  g_test_add_func ("/model/architecture/gpu-unconfirmed-figures", test_gpu_unconfirmed_figures);
  return g_test_run ();
}
