/* test-catalog-current.c: the models and GPUs added in issue 14 against
 * the figures their sources give.
 *
 * Each model's architecture is checked key by key against the config.json
 * values its source line cites, and its headline parameter count against
 * the count of that architecture (cp_model_spec_params_from_architecture),
 * which must agree within what the count leaves out (biases, vision
 * encoders, multi-token-prediction layers: a few per cent). */
#include "planner/cp-catalog.h"

#include <math.h>
#include <string.h>

typedef struct {
  const char *id;
  guint layers, hidden, heads, kv_heads, head_dim, ffn, vocab;
  guint experts, active, shared, expert_ffn, dense_layers, kv_lora_rank;
  double published_params;   /* the model card's */
  double tolerance;          /* relative, architecture count against it */
  guint dense_ffn;           /* config.json's intermediate_size where dense layers have it */
} Model;

static const Model models[] = {
  /* ffn is the catalogue's (models.ini): one routed expert's width for a
   * mixture of experts; dense_ffn the leading dense layers' MLP. */
  /* Qwen/Qwen3-8B config.json; 8.2B */
  { "qwen3-8b", 36, 4096, 32, 8, 128, 12288, 151936, 0, 0, 0, 0, 0, 0, 8.2e9, 0.01, 0 },
  /* Qwen/Qwen3-32B; 32.8B */
  { "qwen3-32b", 64, 5120, 64, 8, 128, 25600, 151936, 0, 0, 0, 0, 0, 0, 32.8e9, 0.01, 0 },
  /* Qwen/Qwen3-30B-A3B; 30.5B */
  { "qwen3-30b-a3b", 48, 2048, 32, 4, 128, 768, 151936, 128, 8, 0, 768, 0, 0, 30.5e9, 0.01, 0 },
  /* Qwen/Qwen3-235B-A22B; 235B */
  { "qwen3-235b-a22b", 94, 4096, 64, 4, 128, 1536, 151936, 128, 8, 0, 1536, 0, 0, 235e9, 0.01, 0 },
  /* deepseek-ai/DeepSeek-R1 (DeepSeek-V3's architecture); 671B */
  { "deepseek-r1", 61, 7168, 128, 128, 128, 2048, 129280, 256, 8, 1, 2048, 3, 512, 671e9, 0.01, 18432 },
  /* meta-llama/Llama-4-Scout-17B-16E text_config; 109B with the vision encoder */
  { "llama-4-scout", 48, 5120, 40, 8, 128, 8192, 202048, 16, 1, 1, 8192, 0, 0, 109e9, 0.02, 16384 },
  /* meta-llama/Llama-4-Maverick-17B-128E; 400B */
  { "llama-4-maverick", 48, 5120, 40, 8, 128, 8192, 202048, 128, 1, 1, 8192, 24, 0, 400e9, 0.01, 16384 },
  /* zai-org/GLM-4.5; 355B with the MTP layer */
  { "glm-4.5", 92, 5120, 96, 8, 128, 1536, 151552, 160, 8, 1, 1536, 3, 0, 355e9, 0.02, 12288 },
  /* moonshotai/Kimi-K2; 1T (model card); the catalogue keeps 1.026e12, by hand from its
   * config.json: 60 MoE layers × 385 experts × 3 × 7168 × 2048 =
   * 1,017.3e9, attention 61 × 101.1e6 = 6.17e9, the dense layer's MLP
   * 0.40e9, routers 0.17e9, untied embeddings 2 × 163840 × 7168 = 2.35e9 */
  { "kimi-k2", 61, 7168, 64, 64, 128, 2048, 163840, 384, 8, 1, 2048, 1, 512, 1.026e12, 0.01, 18432 },
  /* openai/gpt-oss-120b; 117B */
  { "gpt-oss-120b", 36, 2880, 64, 8, 64, 2880, 201088, 128, 4, 0, 2880, 0, 0, 117e9, 0.01, 0 },
};

static void
test_models (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      const Model *e = &models[i];
      const CpModelSpec *m = cp_catalog_find_model (catalog, e->id);
      double counted;

      g_test_message ("%s", e->id);
      g_assert_nonnull (m);
      g_assert_cmpuint (m->layers, ==, e->layers);
      g_assert_cmpuint (m->hidden, ==, e->hidden);
      g_assert_cmpuint (m->heads, ==, e->heads);
      g_assert_cmpuint (m->kv_heads, ==, e->kv_heads);
      g_assert_cmpuint (cp_model_spec_head_dim (m), ==, e->head_dim);
      g_assert_cmpuint (m->ffn, ==, e->ffn);
      g_assert_cmpuint (m->vocab, ==, e->vocab);
      g_assert_false (m->tied_embeddings);
      g_assert_cmpuint (m->experts_total, ==, e->experts);
      g_assert_cmpuint (m->experts_active, ==, e->active);
      g_assert_cmpuint (m->shared_experts, ==, e->shared);
      if (e->experts > 1)
        g_assert_cmpuint (cp_model_spec_expert_ffn (m), ==, e->expert_ffn);
      g_assert_cmpuint (m->dense_layers, ==, e->dense_layers);
      g_assert_cmpuint (m->kv_lora_rank, ==, e->kv_lora_rank);
      if (e->dense_ffn > 0)
        g_assert_cmpuint (cp_model_spec_dense_ffn (m), ==, e->dense_ffn);
      g_assert_cmpfloat (m->params, ==, e->published_params);

      counted = cp_model_spec_params_from_architecture (m);
      g_test_message ("%s: counted %.6g, published %.6g", e->id, counted, e->published_params);
      g_assert_cmpfloat (fabs (counted / e->published_params - 1), <=, e->tolerance);
      g_assert_nonnull (strstr (m->source, "config.json"));
    }
}

/* torchtitan's DeepSeek-V3 16B flavour (torchtitan/models/deepseek_v3/
 * __init__.py, "16B"), which has no config.json of its own: the
 * architecture's count by hand is 15,706,484,224. Untied embeddings
 * 2 × 102,400 × 2,048 = 419,430,400; per layer, MLA with uncompressed
 * queries: 2,048 × 16 × 192 + 2,048 × 576 + 512 + 512 × 16 × 256 +
 * 16 × 128 × 2,048 + two norms of 2,048 = 13,767,168, × 27 = 371,713,536;
 * the dense layer's MLP 3 × 2,048 × 10,944 = 67,239,936; 26 MoE layers of
 * 66 experts × 3 × 2,048 × 1,408 and a 64 × 2,048 router: 26 × 571,080,704
 * = 14,848,098,304; the final norm 2,048. */
static void
test_torchtitan_deepseek_v3_16b (void)
{
  const CpModelSpec *m = cp_catalog_find_model (cp_catalog_get_builtin (), "deepseek-v3-16b");

  g_assert_nonnull (m);
  /* MLA with uncompressed queries; 6 of 64 routed experts and 2 shared. */
  g_assert_true (m->q_lora_rank == 0 && m->kv_lora_rank == 512 && cp_model_spec_dense_ffn (m) == 10944);
  g_assert_true (m->experts_total == 64 && m->experts_active == 6 && m->shared_experts == 2);
  g_assert_cmpfloat (419430400.0 + 371713536.0 + 67239936.0 + 14848098304.0 + 2048.0, ==, 15706484224.0);
  g_assert_cmpfloat (fabs (m->params / 15706484224.0 - 1), <, 1e-3);
  g_assert_cmpfloat (fabs (cp_model_spec_params_from_architecture (m) / 15706484224.0 - 1), <, 0.01);
}

static void
test_gpus_and_links (void)
{
  const CpCatalog *catalog = cp_catalog_get_builtin ();
  const CpGpuSpec *g;

  /* B200 (HGX, 1,000 W): torchtitan's 2.25e15 BF16; the datasheet table's
   * 4,500 FP8 and 80 FP32 dense; 180 GB, 8 TB/s; NVLink 5, 900 per direction. */
  g = cp_catalog_find_gpu (catalog, "b200");
  g_assert_cmpfloat (g->dense_bf16_flops, ==, 2250e12);
  g_assert_cmpfloat (g->dense_fp8_flops, ==, 4500e12);
  g_assert_cmpfloat (g->dense_fp32_flops, ==, 80e12);
  g_assert_cmpfloat (g->memory_nominal_gb, ==, 180);
  g_assert_cmpfloat (g->memory_bandwidth_gbytes_per_s, ==, 8000);
  g_assert_cmpfloat (cp_catalog_find_link (catalog, g->default_intra_link)->per_direction_gbytes_per_s,
                     ==, 900);
  /* RTX 5090: 838.4 sparse FP16-accumulate → 419 dense → 209.5 with FP32
   * accumulate; 32 GB at 1,792 GB/s; PCIe Gen5. */
  g = cp_catalog_find_gpu (catalog, "rtx5090");
  g_assert_cmpfloat (g->dense_bf16_flops, ==, 838.4e12 / 2 / 2);
  g_assert_cmpfloat (g->memory_nominal_gb, ==, 32);
  g_assert_cmpfloat (g->memory_bandwidth_gbytes_per_s, ==, 1792);
  g_assert_cmpstr (g->default_intra_link, ==, "pcie-gen5");
  /* MI300X: 1,307.4 BF16 and 2,614.9 FP8 dense; 192 GB at 5.3 TB/s;
   * 7 × 128 GB/s Infinity Fabric links, 448 per direction. */
  g = cp_catalog_find_gpu (catalog, "mi300x");
  g_assert_cmpfloat (g->dense_bf16_flops, ==, 1307.4e12);
  g_assert_cmpfloat (g->dense_fp8_flops, ==, 2614.9e12);
  g_assert_cmpfloat (g->memory_nominal_gb, ==, 192);
  g_assert_cmpfloat (g->memory_bandwidth_gbytes_per_s, ==, 5300);
  g_assert_cmpfloat (cp_catalog_find_link (catalog, g->default_intra_link)->per_direction_gbytes_per_s,
                     ==, 7 * 128 / 2);
  /* Ascend 910C: two dies, 752 BF16, 128 GB at 3.2 TB/s; unverified. */
  g = cp_catalog_find_gpu (catalog, "ascend-910c");
  g_assert_cmpfloat (g->dense_bf16_flops, ==, 752e12);
  g_assert_cmpfloat (g->memory_nominal_gb, ==, 128);
  g_assert_cmpfloat (g->memory_bandwidth_gbytes_per_s, ==, 3200);
  g_assert_cmpint (g->verification, ==, CP_VERIFIED_UNVERIFIED);
  g_assert_cmpint (cp_catalog_find_link (catalog, g->default_intra_link)->verification, ==,
                   CP_VERIFIED_UNVERIFIED);

  /* None of them is in PUBLISHED.md: none may claim to be primary. */
  for (const char *const *id = (const char *const[]) { "b200", "rtx5090", "mi300x", "ascend-910c", NULL };
       *id; id++)
    g_assert_cmpint (cp_catalog_find_gpu (catalog, *id)->verification, !=, CP_VERIFIED_PRIMARY);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/catalog-current/models", test_models);
  g_test_add_func ("/catalog-current/gpus-and-links", test_gpus_and_links);
  g_test_add_func ("/catalog-current/torchtitan-deepseek-v3-16b", test_torchtitan_deepseek_v3_16b);
  return g_test_run ();
}
