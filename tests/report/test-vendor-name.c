/* test-vendor-name.c: a quote's name shortened from its vendor's end so
 * that its GPU stays in sight (cp-vendor-name.c, issue 26): legal forms
 * of Chinese and English companies, a gloss in brackets, a name that is
 * nothing but a legal form, one that needs nothing cut, and the quote's
 * name the window's lists show. */
#include "config.h"

#include "report/cp-vendor-name.h"

static void
test_vendor_chinese_legal_form (void)
{
  static const struct { const char *vendor, *expected; } cases[] = {
    /* 有限公司, then the kind word 科技 it uncovers. */
    { "深圳鹏城智算科技有限公司", "深圳鹏城智算" },
    /* 股份有限公司 whole, not 有限公司 leaving 股份. */
    { "华东算力股份有限公司", "华东算力" },
    /* 信息技术 before 有限责任公司. */
    { "北京某某信息技术有限责任公司", "北京某某" },
    /* A place in full-width brackets between name and form. */
    { "上海云算科技（上海）有限公司", "上海云算" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = cp_vendor_short_name (cases[i].vendor);

      g_assert_cmpstr (shown, ==, cases[i].expected);
    }
}

static void
test_vendor_english_legal_form (void)
{
  static const struct { const char *vendor, *expected; } cases[] = {
    { "Example Cloud Technology Co., Ltd.", "Example Cloud" },
    { "Nanshan Compute, Inc.", "Nanshan Compute" },
    { "Foo Technologies (Beijing) Co.,Ltd", "Foo" },
    /* Case as typed in a sheet. */
    { "ACME GPU LTD", "ACME GPU" },
    /* A legal form only as a whole word: "Zinc" is a name. */
    { "Zinc", "Zinc" },
    /* The demo's vendors: the English gloss after the Chinese name. */
    { "示例供应商 A (Example vendor A)", "示例供应商 A" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = cp_vendor_short_name (cases[i].vendor);

      g_assert_cmpstr (shown, ==, cases[i].expected);
    }
}

/* A name with nothing but the forms keeps what names it; one that fits
 * comes back as typed. */
static void
test_vendor_nothing_to_cut (void)
{
  static const struct { const char *vendor, *expected; } cases[] = {
    { "有限公司", "有限公司" },
    { "Technology Inc.", "Technology" },
    { "华东智算", "华东智算" },
    { "Cloud H800", "Cloud H800" },
    { "  华东智算 ", "华东智算" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = cp_vendor_short_name (cases[i].vendor);

      g_assert_cmpstr (shown, ==, cases[i].expected);
    }
}

static CpQuote *
quote_new (const char *vendor,
           const char *offer,
           const char *gpu_name)
{
  CpQuote *quote = cp_quote_new ();

  g_free (quote->vendor);
  quote->vendor = g_strdup (vendor);
  g_free (quote->offer_name);
  quote->offer_name = g_strdup (offer);
  g_free (quote->gpu.name);
  quote->gpu.name = g_strdup (gpu_name);
  return quote;
}

static void
test_quote_short_name (void)
{
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  CpQuote *shenzhen = quote_new ("深圳鹏城智算科技有限公司", NULL, "NVIDIA H800 SXM 80GB");
  CpQuote *east_whole = quote_new ("华东智算", "8×H800 80G SXM 整机", "NVIDIA H800 SXM 80GB");
  CpQuote *east_one = quote_new ("华东智算", "8×H800 80G SXM 单机", "NVIDIA H800 SXM 80GB");
  CpQuote *untitled = quote_new (NULL, NULL, "NVIDIA A800 80GB SXM");
  CpQuote *alike_a = quote_new ("南山算力科技有限公司", NULL, "NVIDIA A800 80GB SXM");
  CpQuote *alike_b = quote_new ("南山算力有限公司", NULL, "NVIDIA A800 80GB SXM");
  g_autofree char *name = NULL;

  g_ptr_array_add (quotes, shenzhen);
  g_ptr_array_add (quotes, east_whole);
  g_ptr_array_add (quotes, east_one);
  g_ptr_array_add (quotes, untitled);
  g_ptr_array_add (quotes, alike_a);
  g_ptr_array_add (quotes, alike_b);

  /* The vendor alone in its display name: its GPU model follows, the
   * maker's word left out. */
  name = cp_quote_short_name (shenzhen, quotes);
  g_assert_cmpstr (name, ==, "深圳鹏城智算 — H800 SXM 80GB");
  g_clear_pointer (&name, g_free);
  /* A vendor's two offers told apart by the offer, as typed. */
  name = cp_quote_short_name (east_one, quotes);
  g_assert_cmpstr (name, ==, "华东智算 — 8×H800 80G SXM 单机");
  g_clear_pointer (&name, g_free);
  /* No vendor: the display name, no GPU added to it. */
  name = cp_quote_short_name (untitled, quotes);
  g_assert_cmpstr (name, ==, cp_quote_display_name (untitled, quotes));
  g_clear_pointer (&name, g_free);
  /* Two vendors that shorten alike keep their whole names. */
  name = cp_quote_short_name (alike_a, quotes);
  g_assert_cmpstr (name, ==, "南山算力科技有限公司 — A800 80GB SXM");
  g_clear_pointer (&name, g_free);
  name = cp_quote_short_name (alike_b, quotes);
  g_assert_cmpstr (name, ==, "南山算力有限公司 — A800 80GB SXM");
}

/* The catalogue's GPU names (data/catalog/gpus.ini) as a quote's short
 * name gives their model: the maker's word and the product line before
 * the model left out, never a part of the model itself. */
static void
test_gpu_short_model (void)
{
  static const struct { const char *gpu, *expected; } cases[] = {
    { "NVIDIA GeForce RTX 4090 24GB", "RTX 4090 24GB" },
    { "NVIDIA GeForce RTX 5090 32GB", "RTX 5090 32GB" },
    { "AMD Instinct MI300X 192GB", "MI300X 192GB" },
    /* No product line: the maker's word alone goes. */
    { "NVIDIA H800 SXM 80GB", "H800 SXM 80GB" },
    /* 910B2 names nothing alone: Ascend stays. */
    { "Huawei Ascend 910B2 64GB", "Ascend 910B2 64GB" },
    /* A name that is only a product line stays whole. */
    { "GeForce", "GeForce" },
    /* A custom GPU as typed. */
    { "Custom NPU 64GB", "Custom NPU 64GB" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = cp_gpu_short_model (cases[i].gpu);

      g_assert_cmpstr (shown, ==, cases[i].expected);
    }
}

/* The demo's vendor A (data/demo/demo-project.ini), its only quote an
 * 8 × RTX 4090 machine: "示例供应商 A — GeForce RTX 4090 24GB" was cut
 * inside "GeForce" in the 1024-px sidebar (issue 26). */
static void
test_quote_short_name_product_line (void)
{
  g_autoptr(GPtrArray) quotes = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_quote_free);
  CpQuote *vendor_a = quote_new ("示例供应商 A (Example vendor A)", NULL, "NVIDIA GeForce RTX 4090 24GB");
  g_autofree char *name = NULL;

  g_ptr_array_add (quotes, vendor_a);
  name = cp_quote_short_name (vendor_a, quotes);
  g_assert_cmpstr (name, ==, "示例供应商 A — RTX 4090 24GB");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vendor-name/chinese-legal-form", test_vendor_chinese_legal_form);
  g_test_add_func ("/vendor-name/english-legal-form", test_vendor_english_legal_form);
  g_test_add_func ("/vendor-name/nothing-to-cut", test_vendor_nothing_to_cut);
  g_test_add_func ("/vendor-name/quote", test_quote_short_name);
  g_test_add_func ("/vendor-name/gpu-short-model", test_gpu_short_model);
  g_test_add_func ("/vendor-name/quote-product-line", test_quote_short_name_product_line);
  return g_test_run ();
}
