/* test-catalog.c: the built-in catalogues against PUBLISHED.md, and the
 * loader's validation (cp-catalog.h).
 *
 * Ids in comments (G2, I7, …) are rows of shared/reference/PUBLISHED.md. */
#include "planner/cp-catalog.h"

#include <locale.h>
#include <math.h>
#include <string.h>

static const CpCatalog *
builtin (void)
{
  return cp_catalog_get_builtin ();
}

static const CpModelSpec *
model (const char *id)
{
  const CpModelSpec *spec = cp_catalog_find_model (builtin (), id);

  g_assert_nonnull (spec);
  return spec;
}

static const CpGpuSpec *
gpu (const char *id)
{
  const CpGpuSpec *spec = cp_catalog_find_gpu (builtin (), id);

  g_assert_nonnull (spec);
  return spec;
}

static const CpLinkSpec *
link_spec (const char *id)
{
  const CpLinkSpec *spec = cp_catalog_find_link (builtin (), id);

  g_assert_nonnull (spec);
  return spec;
}

static void
test_required_ids (void)
{
  static const char * const models[] = {
    "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
    "llama-3.1-405b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b",
    "opt-13b", "gpt3-175b", "bloom-176b", "deepseek-v3", "mixtral-8x7b",
    "llama-65b", "llama-7b", "gpt3-1.3b", "gpt-7.5b",
  };
  static const char * const gpus[] = {
    "a100-40g", "a100-80g", "a800", "h100-sxm", "h100-pcie", "h800", "h20", "h200",
    "l40s", "l20", "rtx4090", "rtx3090", "v100-32g", "ascend-910b",
  };
  static const char * const links[] = {
    "pcie-gen3", "pcie-gen4", "pcie-gen5", "nvlink2-v100", "nvlink3-a100",
    "nvlink-a800", "nvlink4-h100", "nvlink-h800", "nvlink4-h20", "hccs-910b",
  };

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    g_assert_cmpstr (model (models[i])->id, ==, models[i]);
  for (guint i = 0; i < G_N_ELEMENTS (gpus); i++)
    g_assert_cmpstr (gpu (gpus[i])->id, ==, gpus[i]);
  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    g_assert_cmpstr (link_spec (links[i])->id, ==, links[i]);

  g_assert_cmpuint (cp_catalog_n_models (builtin ()), >=, G_N_ELEMENTS (models));
  g_assert_cmpuint (cp_catalog_n_gpus (builtin ()), >=, G_N_ELEMENTS (gpus));
  g_assert_cmpuint (cp_catalog_n_links (builtin ()), >=, G_N_ELEMENTS (links));
  g_assert_null (cp_catalog_find_model (builtin (), "no-such-model"));
  g_assert_null (cp_catalog_find_gpu (builtin (), NULL));
}

/* Every entry says where it comes from, and every GPU's link exists. */
static void
test_sources_and_links (void)
{
  const CpCatalog *catalog = builtin ();

  for (guint i = 0; i < cp_catalog_n_models (catalog); i++)
    {
      const CpModelSpec *m = cp_catalog_get_model (catalog, i);

      g_assert_cmpuint (strlen (m->source), >, 20);
      g_assert_cmpuint (strlen (m->name), >, 0);
    }
  for (guint i = 0; i < cp_catalog_n_gpus (catalog); i++)
    {
      const CpGpuSpec *g = cp_catalog_get_gpu (catalog, i);

      g_test_message ("GPU %s", g->id);
      /* A GPU not in PUBLISHED.md (issue 14's newer ones) cannot claim a
       * primary source checked against it. */
      g_assert_true (strstr (g->source, "PUBLISHED G") != NULL ||
                     g->verification != CP_VERIFIED_PRIMARY);
      g_assert_nonnull (cp_catalog_find_link (catalog, g->default_intra_link));
    }
  for (guint i = 0; i < cp_catalog_n_links (catalog); i++)
    g_assert_cmpuint (strlen (cp_catalog_get_link (catalog, i)->source), >, 20);
}

static void
test_gpus_published (void)
{
  /* G1: A100 40GB, 312 dense, 1,555 GB/s, no FP8 */
  g_assert_cmpfloat (gpu ("a100-40g")->memory_nominal_gb, ==, 40);
  g_assert_cmpfloat (gpu ("a100-40g")->dense_bf16_flops, ==, 312e12);
  g_assert_cmpfloat (gpu ("a100-40g")->memory_bandwidth_gbytes_per_s, ==, 1555);
  g_assert_cmpfloat (gpu ("a100-40g")->dense_fp8_flops, ==, 0);
  /* G2: A100 80GB, 312 dense (never the 624 sparse), 2,039 GB/s SXM */
  g_assert_cmpfloat (gpu ("a100-80g")->memory_nominal_gb, ==, 80);
  g_assert_cmpfloat (gpu ("a100-80g")->dense_bf16_flops, ==, 312e12);
  g_assert_cmpfloat (gpu ("a100-80g")->memory_bandwidth_gbytes_per_s, ==, 2039);
  g_assert_cmpstr (gpu ("a100-80g")->default_intra_link, ==, "nvlink3-a100");
  /* G3: A800, same compute, restricted NVLink, unverified */
  g_assert_cmpfloat (gpu ("a800")->dense_bf16_flops, ==, 312e12);
  g_assert_cmpstr (gpu ("a800")->default_intra_link, ==, "nvlink-a800");
  g_assert_cmpint (gpu ("a800")->verification, ==, CP_VERIFIED_UNVERIFIED);
  /* G4: H100 SXM 989 BF16, FP8 1,979 dense, 3.35 TB/s */
  g_assert_cmpfloat (gpu ("h100-sxm")->dense_bf16_flops, ==, 989e12);
  g_assert_cmpfloat (gpu ("h100-sxm")->dense_fp8_flops, ==, 1979e12);
  g_assert_cmpfloat (gpu ("h100-sxm")->memory_bandwidth_gbytes_per_s, ==, 3350);
  g_assert_cmpint (gpu ("h100-sxm")->verification, ==, CP_VERIFIED_PRIMARY);
  /* G5: H100 PCIe 756 dense; PCIe Gen5 */
  g_assert_cmpfloat (gpu ("h100-pcie")->dense_bf16_flops, ==, 756e12);
  g_assert_cmpstr (gpu ("h100-pcie")->default_intra_link, ==, "pcie-gen5");
  /* G7: H800, H100 compute */
  g_assert_cmpfloat (gpu ("h800")->dense_bf16_flops, ==, 989e12);
  g_assert_cmpfloat (gpu ("h800")->dense_fp8_flops, ==, 1979e12);
  /* G8: H20 96 GB, 148 dense BF16 (296 is the sparse figure), unverified */
  g_assert_cmpfloat (gpu ("h20")->memory_nominal_gb, ==, 96);
  g_assert_cmpfloat (gpu ("h20")->dense_bf16_flops, ==, 148e12);
  g_assert_cmpfloat (gpu ("h20")->dense_fp8_flops, ==, 296e12);
  g_assert_cmpint (gpu ("h20")->verification, ==, CP_VERIFIED_UNVERIFIED);
  /* G9: H200 141 GB HBM3e, 989 dense, 4.8 TB/s */
  g_assert_cmpfloat (gpu ("h200")->memory_nominal_gb, ==, 141);
  g_assert_cmpfloat (gpu ("h200")->dense_bf16_flops, ==, 989e12);
  g_assert_cmpfloat (gpu ("h200")->dense_fp8_flops, ==, 1979e12);
  g_assert_cmpfloat (gpu ("h200")->memory_bandwidth_gbytes_per_s, ==, 4800);
  /* G10: L40S 48 GB, 362 dense, FP8 733 dense */
  g_assert_cmpfloat (gpu ("l40s")->memory_nominal_gb, ==, 48);
  g_assert_cmpfloat (gpu ("l40s")->dense_bf16_flops, ==, 362e12);
  g_assert_cmpfloat (gpu ("l40s")->dense_fp8_flops, ==, 733e12);
  g_assert_cmpfloat (gpu ("l40s")->memory_bandwidth_gbytes_per_s, ==, 864);
  g_assert_cmpstr (gpu ("l40s")->default_intra_link, ==, "pcie-gen4");
  /* G11: L20 119.5 dense, unverified */
  g_assert_cmpfloat (gpu ("l20")->dense_bf16_flops, ==, 119.5e12);
  g_assert_cmpfloat (gpu ("l20")->dense_fp8_flops, ==, 239e12);
  g_assert_cmpint (gpu ("l20")->verification, ==, CP_VERIFIED_UNVERIFIED);
  /* G12: RTX 4090 24 GB, 165.2 with FP32 accumulate, 1,008 GB/s, PCIe */
  g_assert_cmpfloat (gpu ("rtx4090")->memory_nominal_gb, ==, 24);
  g_assert_cmpfloat (gpu ("rtx4090")->dense_bf16_flops, ==, 165.2e12);
  g_assert_cmpfloat (gpu ("rtx4090")->dense_fp8_flops, ==, 330.3e12);
  g_assert_cmpfloat (gpu ("rtx4090")->memory_bandwidth_gbytes_per_s, ==, 1008);
  /* G13: RTX 3090 71 with FP32 accumulate, 936 GB/s, no FP8 */
  g_assert_cmpfloat (gpu ("rtx3090")->dense_bf16_flops, ==, 71e12);
  g_assert_cmpfloat (gpu ("rtx3090")->memory_bandwidth_gbytes_per_s, ==, 936);
  g_assert_cmpfloat (gpu ("rtx3090")->dense_fp8_flops, ==, 0);
  /* G14: V100 SXM2 125 FP16 tensor, 900 GB/s, NVLink2 */
  g_assert_cmpfloat (gpu ("v100-32g")->memory_nominal_gb, ==, 32);
  g_assert_cmpfloat (gpu ("v100-32g")->dense_bf16_flops, ==, 125e12);
  g_assert_cmpfloat (gpu ("v100-32g")->memory_bandwidth_gbytes_per_s, ==, 900);
  g_assert_cmpfloat (gpu ("v100-32g")->dense_fp8_flops, ==, 0);
  /* G15: Ascend 910B2 353.89 Cube peak, 64 GB; 1.6 TB/s from CANN's
   * migration guide; FP32 has no source, so the entry stays unverified */
  g_assert_cmpfloat (gpu ("ascend-910b")->memory_nominal_gb, ==, 64);
  g_assert_cmpfloat (gpu ("ascend-910b")->dense_bf16_flops, ==, 353.89e12);
  g_assert_cmpint (gpu ("ascend-910b")->verification, ==, CP_VERIFIED_UNVERIFIED);
  g_assert_true (cp_gpu_spec_figure_unconfirmed (gpu ("ascend-910b"), CP_GPU_FIGURE_DENSE_FP32_FLOPS));

  /* Dense figures only: no catalogue GPU carries a sparse figure, which is
   * always exactly twice a dense one of the tables above. */
  g_assert_cmpfloat (gpu ("a100-80g")->dense_bf16_flops, !=, 624e12);
  g_assert_cmpfloat (gpu ("h100-sxm")->dense_bf16_flops, !=, 1979e12);
}

static void
test_links_published (void)
{
  /* N10: PCIe x16 per direction; the datasheets' 64/128 are bidirectional */
  g_assert_cmpfloat (link_spec ("pcie-gen4")->per_direction_gbytes_per_s, ==, 32);
  g_assert_cmpfloat (link_spec ("pcie-gen5")->per_direction_gbytes_per_s, ==, 64);
  g_assert_cmpfloat (link_spec ("pcie-gen3")->per_direction_gbytes_per_s, ==, 16);
  /* G1/N3: NVLink3 600 GB/s total, 300 per direction */
  g_assert_cmpfloat (link_spec ("nvlink3-a100")->per_direction_gbytes_per_s, ==, 300);
  /* N1: NVLink4 450 per direction (900 bidirectional) */
  g_assert_cmpfloat (link_spec ("nvlink4-h100")->per_direction_gbytes_per_s, ==, 450);
  g_assert_cmpint (link_spec ("nvlink4-h100")->verification, ==, CP_VERIFIED_PRIMARY);
  /* G7: H800 400 GB/s bidirectional; G3: A800 400 */
  g_assert_cmpfloat (link_spec ("nvlink-h800")->per_direction_gbytes_per_s, ==, 200);
  g_assert_cmpfloat (link_spec ("nvlink-a800")->per_direction_gbytes_per_s, ==, 200);
  /* G14: NVLink2 300 GB/s total */
  g_assert_cmpfloat (link_spec ("nvlink2-v100")->per_direction_gbytes_per_s, ==, 150);
  /* G8: H20 NVLink 900 total (secondary) */
  g_assert_cmpfloat (link_spec ("nvlink4-h20")->per_direction_gbytes_per_s, ==, 450);
  g_assert_cmpint (link_spec ("nvlink4-h20")->verification, ==, CP_VERIFIED_SECONDARY);
  /* G15: HCCS has no published figure */
  g_assert_cmpint (link_spec ("hccs-910b")->verification, ==, CP_VERIFIED_UNVERIFIED);
}

/* KV bytes per token at 16 bits from the catalogue's own fields:
 * 2 (K and V) × layers × kv_heads × head_dim × 2 bytes, or for MLA
 * layers × kv_latent_dim × 2 bytes. */
static double
kv_bytes_per_token_fp16 (const CpModelSpec *m)
{
  double head_dim = m->head_dim > 0 ? m->head_dim : m->hidden / m->heads;

  if (m->kv_latent_dim > 0)
    return (double) m->layers * m->kv_latent_dim * 2;
  return 2.0 * m->layers * m->kv_heads * head_dim * 2;
}

static void
test_models_published (void)
{
  const CpModelSpec *llama70 = model ("llama-2-70b");
  const CpModelSpec *opt = model ("opt-13b");
  const CpModelSpec *mixtral = model ("mixtral-8x7b");
  const CpModelSpec *deepseek = model ("deepseek-v3");

  /* I7: Llama-2-70B config.json: 80 layers, 8 KV heads, 64 heads, 8192 */
  g_assert_cmpuint (llama70->layers, ==, 80);
  g_assert_cmpuint (llama70->kv_heads, ==, 8);
  g_assert_cmpuint (llama70->heads, ==, 64);
  g_assert_cmpuint (llama70->hidden, ==, 8192);
  g_assert_cmpuint (llama70->vocab, ==, 32000);
  g_assert_cmpuint (llama70->ffn, ==, 28672);
  /* I7: 2 × 80 × 8 × 128 × 2 = 327,680 B = 320 KiB per token */
  g_assert_cmpfloat (kv_bytes_per_token_fp16 (llama70), ==, 327680);
  /* I7 note: Llama-2-7B 2 × 32 × 32 × 128 × 2 = 524,288 B = 512 KiB */
  g_assert_cmpfloat (kv_bytes_per_token_fp16 (model ("llama-2-7b")), ==, 524288);
  /* I1: OPT-13B 2 × 5120 × 40 × 2 = 819,200 B = 800 KiB per token */
  g_assert_cmpuint (opt->hidden, ==, 5120);
  g_assert_cmpuint (opt->layers, ==, 40);
  g_assert_cmpfloat (kv_bytes_per_token_fp16 (opt), ==, 819200);
  /* I1: one 2,048-token request 2048 × 819,200 = 1,677,721,600 B ≈ 1.6 GB */
  g_assert_cmpfloat (2048 * kv_bytes_per_token_fp16 (opt), ==, 1677721600.0);

  /* T5: LLaMA-65B 65.2B; M8: LLaMA-7B 6.7B; M1: ZeRO's Ψ = 7.5B */
  g_assert_cmpfloat (model ("llama-65b")->params, ==, 65.2e9);
  g_assert_cmpfloat (model ("llama-7b")->params, ==, 6.7e9);
  g_assert_cmpfloat (model ("gpt-7.5b")->params, ==, 7.5e9);
  /* M4/T16: GPT-3 175B, 96 layers, h 12288, a 96 */
  g_assert_cmpfloat (model ("gpt3-175b")->params, ==, 175e9);
  g_assert_cmpuint (model ("gpt3-175b")->layers, ==, 96);
  g_assert_cmpuint (model ("gpt3-175b")->hidden, ==, 12288);
  g_assert_cmpuint (model ("gpt3-175b")->heads, ==, 96);
  /* BLOOM config.json: 70 layers, 14336, 112 heads, vocab 250880 */
  g_assert_cmpuint (model ("bloom-176b")->layers, ==, 70);
  g_assert_cmpuint (model ("bloom-176b")->hidden, ==, 14336);
  g_assert_cmpuint (model ("bloom-176b")->heads, ==, 112);
  g_assert_cmpuint (model ("bloom-176b")->vocab, ==, 250880);

  /* Mixtral: 46.7B total, 12.9B active, 8 experts, 2 per token */
  g_assert_cmpfloat (mixtral->params, ==, 46.7e9);
  g_assert_cmpfloat (mixtral->active_params, ==, 12.9e9);
  g_assert_cmpuint (mixtral->experts_total, ==, 8);
  g_assert_cmpuint (mixtral->experts_active, ==, 2);
  /* Dense models: active = total */
  g_assert_cmpfloat (llama70->active_params, ==, llama70->params);

  /* DeepSeek-V3: 671B/37B, 61 layers, MLA latent 512 + 64 = 576;
   * 61 × 576 × 2 B = 70,272 B per token in bf16 */
  g_assert_cmpfloat (deepseek->params, ==, 671e9);
  g_assert_cmpfloat (deepseek->active_params, ==, 37e9);
  g_assert_cmpuint (deepseek->layers, ==, 61);
  g_assert_cmpuint (deepseek->hidden, ==, 7168);
  g_assert_cmpuint (deepseek->vocab, ==, 129280);
  g_assert_cmpuint (deepseek->kv_latent_dim, ==, 576);
  g_assert_cmpfloat (kv_bytes_per_token_fp16 (deepseek), ==, 70272);
}

/* A typo in an architecture field shows as a parameter count far from the
 * published one. Checked by hand for a few: Llama-2-70B
 * 80 × (2·8192² + 2·8192·1024 + 3·8192·28672) + 2·32000·8192 = 68.98e9
 * (1.5% under the card's 70B); GPT-3 12·96·12288² + 50257·12288 = 174.6e9;
 * Mixtral 32 × (41.9M + 3·4096·14336·8) + 2·32000·4096 = 46.7e9. Model cards
 * round to whole billions (Llama-2-7B counts 6.74e9 for "7B", 3.7%), hence
 * the 5% tolerance; a wrong ffn or layer count moves the total far more. MLA models
 * are left out: the generic count does not describe their attention. */
static void
test_models_consistent (void)
{
  const CpCatalog *catalog = builtin ();

  for (guint i = 0; i < cp_catalog_n_models (catalog); i++)
    {
      const CpModelSpec *m = cp_catalog_get_model (catalog, i);
      double counted;

      if (m->kv_latent_dim > 0)
        continue;
      counted = cp_model_spec_params_from_architecture (m);
      g_test_message ("%s: counted %.4g, stated %.4g", m->id, counted, m->params);
      g_assert_cmpfloat (fabs (counted - m->params) / m->params, <, 0.05);
      g_assert_cmpfloat (m->active_params, <=, m->params);
    }
}

/* The data files in the source tree load the same way as the resource. */
static void
test_source_files_load (void)
{
  static const char * const names[] = { "models.ini", "gpus.ini", "links.ini" };
  const char *srcdir = g_getenv ("CP_SOURCE_DIR");
  CpCatalog *catalog;

  if (srcdir == NULL)
    {
      g_test_skip ("CP_SOURCE_DIR is not set");
      return;
    }
  catalog = cp_catalog_new ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (srcdir, "data", "catalog", names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize len;
      gboolean ok;

      g_assert_true (g_file_get_contents (path, &contents, &len, &error));
      g_assert_no_error (error);
      ok = i == 0 ? cp_catalog_load_models (catalog, contents, len, &error)
         : i == 1 ? cp_catalog_load_gpus (catalog, contents, len, &error)
                  : cp_catalog_load_links (catalog, contents, len, &error);
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  g_assert_cmpuint (cp_catalog_n_models (catalog), ==, cp_catalog_n_models (builtin ()));
  g_assert_cmpuint (cp_catalog_n_gpus (catalog), ==, cp_catalog_n_gpus (builtin ()));
  g_assert_cmpuint (cp_catalog_n_links (catalog), ==, cp_catalog_n_links (builtin ()));
  cp_catalog_free (catalog);
}

#define GOOD_MODEL \
  "[good]\nname=Good\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=11008\n" \
  "vocab=32000\nverification=primary\nsource=test entry\n"

typedef struct {
  const char *text;
  const char *key;     /* the message names this key */
} BadEntry;

static void
assert_models_rejected (const char *text,
                        const char *key)
{
  CpCatalog *catalog = cp_catalog_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *with_good = g_strconcat (GOOD_MODEL, text, NULL);

  g_test_message ("rejecting: %s", text);
  g_assert_false (cp_catalog_load_models (catalog, with_good, strlen (with_good), &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_KEY_FILE_ERROR);
  g_test_message ("→ %s", error->message);
  g_assert_nonnull (strstr (error->message, "“bad”"));
  g_assert_nonnull (strstr (error->message, key));
  /* Nothing of a rejected file is kept, not even its good entry. */
  g_assert_cmpuint (cp_catalog_n_models (catalog), ==, 0);
  cp_catalog_free (catalog);
}

static void
test_invalid_models (void)
{
  static const BadEntry cases[] = {
    { "[bad]\nname=B\nparams=-7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "params" },
    { "[bad]\nname=B\nparams=nan\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "params" },
    { "[bad]\nname=B\nparams=0\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "params" },
    { "[bad]\nname=B\nparams=1e16\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "params" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32.5\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "layers" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nkv_heads=64\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "kv_heads" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nkv_heads=6\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "kv_heads" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4001\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "head_dim" },
    { "[bad]\nname=B\nparams=7e9\nactive_params=8e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "active_params" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nexperts_total=8\nexperts_active=9\nverification=primary\nsource=s\n", "experts_active" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nexperts_total=8\nverification=primary\nsource=s\n", "experts_active" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\ngated_mlp=maybe\nverification=primary\nsource=s\n", "gated_mlp" },
    { "[bad]\nname=B\nparams=7e9\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=probably\nsource=s\n", "verification" },
    { "[bad]\nname=B\nparams=seven\nlayers=32\nhidden=4096\nheads=32\nffn=1\nvocab=1\nverification=primary\nsource=s\n", "params" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_models_rejected (cases[i].text, cases[i].key);
}

static void
assert_missing (const char *text,
                const char *key,
                gboolean (*load) (CpCatalog *, const char *, gsize, GError **))
{
  CpCatalog *catalog = cp_catalog_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (load (catalog, text, strlen (text), &error));
  g_assert_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“bad”"));
  g_assert_nonnull (strstr (error->message, key));
  cp_catalog_free (catalog);
}

static void
test_invalid_gpus_and_links (void)
{
  static const BadEntry gpu_cases[] = {
    { "[bad]\nname=G\nmemory_nominal_gb=80\ndense_bf16_flops=0\ndense_fp8_flops=0\ndense_fp32_flops=1e12\nmemory_bandwidth_gbytes_per_s=2000\ndefault_intra_link=pcie-gen4\nverification=primary\nsource=s\n", "dense_bf16_flops" },
    { "[bad]\nname=G\nmemory_nominal_gb=-80\ndense_bf16_flops=1e14\ndense_fp8_flops=0\ndense_fp32_flops=1e12\nmemory_bandwidth_gbytes_per_s=2000\ndefault_intra_link=pcie-gen4\nverification=primary\nsource=s\n", "memory_nominal_gb" },
    { "[bad]\nname=G\nmemory_nominal_gb=80\ndense_bf16_flops=1e14\ndense_fp8_flops=inf\ndense_fp32_flops=1e12\nmemory_bandwidth_gbytes_per_s=2000\ndefault_intra_link=pcie-gen4\nverification=primary\nsource=s\n", "dense_fp8_flops" },
  };
  CpCatalog *catalog;

  for (guint i = 0; i < G_N_ELEMENTS (gpu_cases); i++)
    {
      g_autoptr(GError) error = NULL;

      catalog = cp_catalog_new ();
      g_assert_false (cp_catalog_load_gpus (catalog, gpu_cases[i].text, strlen (gpu_cases[i].text), &error));
      g_assert_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE);
      g_assert_nonnull (strstr (error->message, "“bad”"));
      g_assert_nonnull (strstr (error->message, gpu_cases[i].key));
      cp_catalog_free (catalog);
    }

  assert_missing ("[bad]\nname=G\nmemory_nominal_gb=80\ndense_fp8_flops=0\ndense_fp32_flops=1e12\n"
                  "memory_bandwidth_gbytes_per_s=2000\ndefault_intra_link=pcie-gen4\n"
                  "verification=primary\nsource=s\n",
                  "dense_bf16_flops", cp_catalog_load_gpus);
  assert_missing ("[bad]\nname=G\nmemory_nominal_gb=80\ndense_bf16_flops=1e14\ndense_fp8_flops=0\n"
                  "dense_fp32_flops=1e12\nmemory_bandwidth_gbytes_per_s=2000\n"
                  "default_intra_link=pcie-gen4\nverification=primary\n",
                  "source", cp_catalog_load_gpus);
  assert_missing ("[bad]\nname=L\nverification=primary\nsource=s\n",
                  "per_direction_gbytes_per_s", cp_catalog_load_links);
  assert_missing ("[bad]\nname=M\nparams=7e9\nhidden=4096\nheads=32\nffn=1\nvocab=1\n"
                  "verification=primary\nsource=s\n",
                  "layers", cp_catalog_load_models);

  {
    g_autoptr(GError) error = NULL;
    const char *text = "[bad]\nname=L\nper_direction_gbytes_per_s=-1\nverification=primary\nsource=s\n";

    catalog = cp_catalog_new ();
    g_assert_false (cp_catalog_load_links (catalog, text, strlen (text), &error));
    g_assert_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE);
    g_assert_nonnull (strstr (error->message, "per_direction_gbytes_per_s"));
    cp_catalog_free (catalog);
  }
  {
    /* Not key-file text at all */
    g_autoptr(GError) error = NULL;
    const char *text = "[unclosed\nname=x\n";

    catalog = cp_catalog_new ();
    g_assert_false (cp_catalog_load_links (catalog, text, strlen (text), &error));
    g_assert_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE);
    cp_catalog_free (catalog);
  }
}

/* A project's own entry with a built-in id replaces it (cp-catalog.h). */
static void
test_add_replaces (void)
{
  CpCatalog *catalog = cp_catalog_new ();
  g_autoptr(GError) error = NULL;
  CpGpuSpec custom = { 0 };
  const CpGpuSpec *found;

  g_assert_true (cp_catalog_load_models (catalog, GOOD_MODEL, strlen (GOOD_MODEL), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cp_catalog_n_models (catalog), ==, 1);
  g_assert_cmpuint (cp_catalog_get_model (catalog, 0)->kv_heads, ==, 32);   /* defaults to heads */
  g_assert_cmpfloat (cp_catalog_get_model (catalog, 0)->active_params, ==, 7e9);

  cp_gpu_spec_copy (&custom, gpu ("a100-80g"));
  cp_catalog_add_gpu (catalog, &custom);
  g_free (custom.name);
  custom.name = g_strdup ("A100 80GB at a discount vendor");
  custom.dense_bf16_flops = 300e12;
  cp_catalog_add_gpu (catalog, &custom);
  g_assert_cmpuint (cp_catalog_n_gpus (catalog), ==, 1);
  found = cp_catalog_find_gpu (catalog, "a100-80g");
  g_assert_cmpstr (found->name, ==, "A100 80GB at a discount vendor");
  g_assert_cmpfloat (found->dense_bf16_flops, ==, 300e12);
  /* The built-in one is untouched. */
  g_assert_cmpfloat (gpu ("a100-80g")->dense_bf16_flops, ==, 312e12);

  cp_gpu_spec_clear (&custom);
  cp_catalog_free (catalog);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/catalog/required-ids", test_required_ids);
  g_test_add_func ("/catalog/sources-and-links", test_sources_and_links);
  g_test_add_func ("/catalog/gpus-published", test_gpus_published);
  g_test_add_func ("/catalog/links-published", test_links_published);
  g_test_add_func ("/catalog/models-published", test_models_published);
  g_test_add_func ("/catalog/models-consistent", test_models_consistent);
  g_test_add_func ("/catalog/source-files-load", test_source_files_load);
  g_test_add_func ("/catalog/invalid-models", test_invalid_models);
  g_test_add_func ("/catalog/invalid-gpus-and-links", test_invalid_gpus_and_links);
  g_test_add_func ("/catalog/add-replaces", test_add_replaces);

  return g_test_run ();
}
