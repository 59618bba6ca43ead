/* cp-quote-offer.c: what a quote's offer name says of its hardware and
 * its price, checked against its fields by the quote form and add-quote. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "cp-gpu-match.h"
#include "cp-quote-fabric.h"
#include "cp-quote-offer.h"

/* The ASCII word of letters and digits at *@at ("A800", "910B", "80GB"),
 * @at moved past it; NULL at anything else. */
static char *
take_ascii_word (const char **at)
{
  const char *start = *at;

  while (g_ascii_isalnum (**at))
    (*at)++;
  return *at > start ? g_strndup (start, *at - start) : NULL;
}

/* A size, not a model: "80GB", "400G"; a bare number may be a model
 * ("4090"). */
static gboolean
is_size_word (const char *word)
{
  const char *end = word;

  while (g_ascii_isdigit (*end))
    end++;
  return end > word && (g_ascii_strcasecmp (end, "G") == 0 || g_ascii_strcasecmp (end, "GB") == 0 ||
                        g_ascii_strcasecmp (end, "T") == 0 || g_ascii_strcasecmp (end, "TB") == 0);
}

/* Whether @name ("NVIDIA A800 80GB SXM", "Huawei Ascend 910B2 64GB") has
 * a word that @word begins, sizes aside, when @model ("A800", "910B");
 * else the word @word whole ("NVIDIA"). */
static gboolean
name_has (const char *name,
          const char *word,
          gboolean    model)
{
  for (const char *at = name != NULL ? name : ""; *at != '\0';)
    {
      g_autofree char *name_word = take_ascii_word (&at);

      if (name_word == NULL)
        at++;
      else if (model ? !is_size_word (name_word) && g_ascii_strncasecmp (name_word, word, strlen (word)) == 0
                     : g_ascii_strcasecmp (name_word, word) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether a GPU of the catalogue (the project's or the built-in one) has
 * @word in its name: as its model when @model ("4090", "H20"), so that
 * "2 × 400G" or "3 × 2U" is not read as one; else whole, a maker's word
 * ("NVIDIA", "GeForce") that may come before the model, where "2x faster
 * than A100" has none. */
static gboolean
catalogue_has (const CpProject *project,
               const char      *word,
               gboolean         model)
{
  const CpCatalog *catalogs[2] = { project->custom, cp_catalog_get_builtin () };

  if (model && (strlen (word) < 3 || is_size_word (word)))
    return FALSE;
  for (guint c = 0; c < G_N_ELEMENTS (catalogs); c++)
    for (guint i = 0; catalogs[c] != NULL && i < cp_catalog_n_gpus (catalogs[c]); i++)
      {
        const char *name = cp_catalog_get_gpu (catalogs[c], i)->name;

        if (name_has (name, word, model))
          return TRUE;
      }
  return FALSE;
}

static void
skip_spaces (const char **at)
{
  while (**at == ' ')
    (*at)++;
}

/* A number at *@at that ends there ("8 ", "8x", "8卡", not "910B" or
 * "400G"), @at moved past it and the spaces after it. */
static gboolean
take_count (const char **at,
            guint       *count)
{
  const char *p = *at;
  guint64 value = 0;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    value = MIN (value * 10 + (guint64) (*p - '0'), G_MAXUINT);
  if (g_ascii_isalpha (*p) && *p != 'x' && *p != 'X')
    return FALSE;
  *count = (guint) value;
  *at = p;
  skip_spaces (at);
  return TRUE;
}

/* A multiplication sign at *@at ("×", "x", "*"), or with @of the word
 * "of" too ("4 nodes of 8"), @at moved past it and the spaces after. */
static gboolean
take_times (const char **at,
            gboolean     of)
{
  const char *p = *at;

  if (g_str_has_prefix (p, "\u00d7"))
    p += strlen ("\u00d7");
  else if (*p == '*' || *p == 'x' || *p == 'X')
    p++;
  else if (of && g_ascii_strncasecmp (p, "of ", 3) == 0)
    p += 2;
  else
    return FALSE;
  *at = p;
  skip_spaces (at);
  return TRUE;
}

/* One of @words at *@at, an English word whole whatever its case
 * ("nodes", "GPUs") or a Chinese one ("台", "卡"), @at moved past it and
 * the spaces after it. */
static gboolean
take_word_of (const char         **at,
              const char * const  *words)
{
  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize n = strlen (words[i]);

      if (g_ascii_isalpha (*words[i]) ? g_ascii_strncasecmp (*at, words[i], n) == 0 && !g_ascii_isalnum ((*at)[n])
                                      : strncmp (*at, words[i], n) == 0)
        {
          *at += n;
          skip_spaces (at);
          return TRUE;
        }
    }
  return FALSE;
}

static const char * const node_words[] = {
  "nodes", "node", "servers", "server", "machines", "machine", "节点", "台", NULL
};
static const char * const gpu_words[] = {
  "GPUs", "GPU", "NPUs", "NPU", "cards", "card", "卡", "张", NULL
};

/* The counts at the start of an offer's hardware, @at moved to what
 * follows them: "4 × 8 × ", "4 nodes x 8 " and "4台8卡" (nodes, then GPUs
 * a node), "8 × ", "8x", "8卡" and "8 " (GPUs). Whether a GPU follows is
 * offer_names_gpus()'s to see. */
static gboolean
take_counts (const char **at,
             guint       *nodes,
             guint       *gpus)
{
  const char *p = *at;
  guint first = 0, second = 0;

  if (!take_count (&p, &first))
    return FALSE;
  if (take_word_of (&p, node_words))
    {
      /* "4 nodes x 8", "4台8卡" */
      take_times (&p, TRUE);
      if (!take_count (&p, &second))
        return FALSE;
      take_word_of (&p, gpu_words);
      take_times (&p, FALSE);
      *nodes = first;
      *gpus = second;
    }
  else
    {
      const char *after_first;

      take_word_of (&p, gpu_words);
      take_times (&p, FALSE);
      after_first = p;
      if (take_count (&p, &second))
        {
          /* "4 × 8 × A800", "4 x 8 Ascend", "2 × 8卡" */
          take_word_of (&p, gpu_words);
          take_times (&p, FALSE);
          *nodes = first;
          *gpus = second;
        }
      else
        {
          p = after_first;
          *nodes = 0;
          *gpus = first;
        }
    }
  *at = p;
  return TRUE;
}

/* The memory size written right after a GPU's model at *@at ("80GB" in
 * "A100 80GB", "80G" in "H800 80G"), @at moved past it; 0 (@at kept) when
 * none. A card's memory is at most a few hundred GB; "100G" and "200G"
 * are NICs' rates ("8 × H800 200G IB"), which no card's memory is. */
static double
take_memory_size (const char **at)
{
  const char *p = *at;
  g_autofree char *word = NULL;
  char *end;
  double gb;

  while (*p == ' ' || *p == '-')
    p++;
  word = take_ascii_word (&p);
  if (word == NULL || !is_size_word (word))
    return 0;
  gb = g_ascii_strtod (word, &end);
  if (g_ascii_toupper (*end) != 'G' || !(gb > 0 && gb <= 300) ||
      (g_ascii_strcasecmp (end, "G") == 0 && (gb == 100 || gb == 200)))
    return 0;
  *at = p;
  return gb;
}

/* The first "8 × A800" (or "4 × 8 × A800", "4 nodes x 8 Ascend 910B",
 * "8x A800", "8*昇腾910B", "8 × A100 80GB") in @offer whose model the
 * catalogue knows: its GPUs, its nodes (0 when not written), the memory
 * written after the model in GB (0 when none), its model and the text as
 * written. FALSE when the offer names none. */
static gboolean
offer_names_gpus (const CpProject *project,
                  const char      *offer,
                  guint           *nodes,
                  guint           *gpus,
                  double          *memory_gb,
                  char           **model,
                  char           **written)
{
  for (const char *start = offer != NULL ? offer : ""; *start != '\0'; start = g_utf8_next_char (start))
    {
      const char *at = start;
      guint node_count = 0, gpu_count = 0;

      /* A number begins here, not inside "A800". */
      if (!g_ascii_isdigit (*start) || (start > offer && g_ascii_isalnum (start[-1])) ||
          !take_counts (&at, &node_count, &gpu_count))
        continue;
      /* Maker's words first ("NVIDIA", "GeForce RTX", "昇腾"): the model
       * is the first word with a digit. */
      for (guint words = 0; *at != '\0' && words < 4;)
        {
          g_autofree char *word = take_ascii_word (&at);

          if (word == NULL)
            {
              gunichar c = g_utf8_get_char (at);

              if (c != ' ' && c < 0x80)
                break;
              at = g_utf8_next_char (at);
              continue;
            }
          words++;
          if (strpbrk (word, "0123456789") == NULL && catalogue_has (project, word, FALSE))
            continue;
          if (!catalogue_has (project, word, TRUE))
            break;
          *memory_gb = take_memory_size (&at);
          *nodes = node_count;
          *gpus = gpu_count;
          *written = g_strndup (start, at - start);
          *model = g_steal_pointer (&word);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
cp_quote_offer_disagrees (const CpProject *project,
                          const CpQuote   *quote,
                          char           **written,
                          gboolean        *names_nodes)
{
  g_autofree char *model = NULL;
  g_autofree char *words = NULL;
  guint nodes = 0, gpus = 0;
  double memory_gb = 0;
  gboolean same;

  if (!offer_names_gpus (project, quote->offer_name, &nodes, &gpus, &memory_gb, &model, &words))
    return FALSE;
  /* A GPU not named yet has nothing to disagree with. The memory too: an
   * offer of "A100 80GB" was priced on the form's A100 40GB with no word
   * (walk33 W1). */
  same = (quote->gpu.name == NULL || *quote->gpu.name == '\0' ||
          ((name_has (quote->gpu.name, model, TRUE) || name_has (quote->gpu.id, model, TRUE)) &&
           (memory_gb == 0 || !(quote->gpu.memory_nominal_gb > 0) ||
            fabs (memory_gb - quote->gpu.memory_nominal_gb) < 0.5))) &&
         (gpus == quote->gpus_per_node || gpus == quote->gpus_per_node * quote->nodes_available) &&
         (nodes == 0 || nodes == quote->nodes_available);
  if (same)
    return FALSE;
  *written = g_steal_pointer (&words);
  *names_nodes = nodes > 0;
  return TRUE;
}

gboolean
cp_quote_offer_states_gpus (const CpProject  *project,
                            const char       *offer,
                            const CpGpuSpec **gpu,
                            guint            *gpus_per_node,
                            guint            *nodes)
{
  g_autofree char *model = NULL;
  g_autofree char *words = NULL;
  g_autofree char *name = NULL;
  guint node_count = 0, gpu_count = 0;
  double memory_gb = 0;
  const CpGpuSpec *found;

  if (!offer_names_gpus (project, offer, &node_count, &gpu_count, &memory_gb, &model, &words) || gpu_count == 0)
    return FALSE;
  name = memory_gb > 0 ? g_strdup_printf ("%s %.0fGB", model, memory_gb) : g_strdup (model);
  found = cp_gpu_match_find (project, name, NULL, NULL, NULL);
  if (found == NULL || (memory_gb > 0 && fabs (found->memory_nominal_gb - memory_gb) >= 0.5))
    return FALSE;
  *gpu = found;
  *gpus_per_node = gpu_count;
  *nodes = node_count;
  return TRUE;
}

/* The longest price from @start, ending no later than @limit and not
 * inside an English word: "14.5/GPU/h" of "14.5/GPU/h, 3 months
 * minimum", "3万/台/月" of "3万/台/月起". Its end, or NULL. */
static const char *
read_price_from (const char  *start,
                 const char  *limit,
                 CpPriceText *price)
{
  for (const char *end = limit; end > start; end = g_utf8_prev_char (end))
    {
      g_autofree char *text = NULL;

      if ((g_ascii_isalnum (*end) && g_ascii_isalnum (end[-1])) || g_ascii_isspace (end[-1]))
        continue;
      text = g_strndup (start, end - start);
      if (cp_parse_price_text (text, price, NULL) && price->period != CP_PRICE_PERIOD_NONE)
        return end;
    }
  return NULL;
}

/* A price with its unit runs to some 30 bytes ("25,000 CNY per node per
 * month"), a currency before its number to a few ("US$ ", "RMB "): the
 * texts tried from each number stay this short. */
#define PRICE_MAX_BYTES 64
#define CURRENCY_MAX_BYTES 8

gboolean
cp_quote_offer_states_price (const char   *offer,
                             CpPriceText  *price,
                             char        **written)
{
  const char *text = offer != NULL ? offer : "";
  gsize length = strlen (text);

  for (const char *number = text; *number != '\0'; number++)
    {
      const char *limit = number + MIN ((gsize) (text + length - number), PRICE_MAX_BYTES);
      const char *word = number;
      const char *end;

      /* A number begins here, not inside "H800" or "14.5". */
      if (!g_ascii_isdigit (*number) ||
          (number > text && (g_ascii_isalnum (number[-1]) || number[-1] == '.' || number[-1] == ',')))
        continue;
      while (limit > number && (*limit & 0xc0) == 0x80)
        limit--;
      /* A currency may come first ("¥14.5/卡/时", "USD 2.5 per GPU-hour",
       * "价格¥14.5/卡/时"): from the word before the number, or a later
       * character of it (not inside an English word), as long as the
       * price reads from there. */
      if (number > text && number[-1] == ' ')
        word--;
      while (word > text && number - word < CURRENCY_MAX_BYTES && word[-1] != ' ' && !g_ascii_isdigit (word[-1]))
        word = g_utf8_prev_char (word);
      for (const char *start = word; start <= number; start = g_utf8_next_char (start))
        if (*start != ' ' && !(start > text && g_ascii_isalpha (start[-1]) && g_ascii_isalpha (*start)) &&
            (end = read_price_from (start, limit, price)) != NULL)
          {
            *written = g_strndup (start, end - start);
            return TRUE;
          }
    }
  return FALSE;
}

gboolean
cp_quote_offer_price_disagrees (const CpQuote    *quote,
                                const CpSettings *settings,
                                char            **written)
{
  g_autofree char *words = NULL;
  CpPriceText price;
  CpQuote offered = { 0 };
  double stated_gpu_hour, quoted_gpu_hour;
  gboolean same;

  if (quote->price <= 0 || quote->gpus_per_node == 0 ||
      !cp_quote_offer_states_price (quote->offer_name, &price, &words))
    return FALSE;
  cp_quote_copy (&offered, quote);
  cp_quote_set_price_text (&offered, &price, words, TRUE, settings, NULL);
  stated_gpu_hour = cp_quote_price_per_gpu_hour (&offered, settings);
  quoted_gpu_hour = cp_quote_price_per_gpu_hour (quote, settings);
  /* "98/台/时" is 12.25 a GPU-hour of 8 GPUs: the same price. */
  same = strcmp (offered.currency, quote->currency) == 0 &&
         fabs (stated_gpu_hour - quoted_gpu_hour) <= 1e-6 * MAX (fabs (stated_gpu_hour), fabs (quoted_gpu_hour));
  cp_quote_clear (&offered);
  if (same)
    return FALSE;
  *written = g_steal_pointer (&words);
  return TRUE;
}

/* @text with the bytes from @part's first occurrence blanked, so that
 * the fabric is not read from the GPUs ("8 × H800 80G": 80 G is memory,
 * 8 the GPUs) or the price. */
static void
blank_part (char       *text,
            const char *part)
{
  char *at = part != NULL && *part != '\0' ? strstr (text, part) : NULL;

  if (at != NULL)
    memset (at, ' ', strlen (part));
}

/* @text with each GPU model's memory size blanked ("80G" in "4-node A800
 * 80G RoCE"), a model named without a count of GPUs included: the "80G"
 * after the A800 was read as the RoCE cards' rate, 80 Gb/s, a rate no
 * RoCE card is sold at, and shown as the vendor's (walk41b F4, F17).
 * take_memory_size() leaves "200G" and "100G", which are NICs' rates. */
static void
blank_gpu_memory (const CpProject *project,
                  char            *text)
{
  for (char *at = text; *at != '\0'; at++)
    {
      const char *end;
      g_autofree char *word = NULL;

      if (!g_ascii_isalnum (*at) || (at > text && g_ascii_isalnum (at[-1])))
        continue;
      end = at;
      word = take_ascii_word (&end);
      if (catalogue_has (project, word, TRUE) && take_memory_size (&end) > 0)
        memset (at, ' ', end - at);
    }
}

/* Whether @segment names a fabric by kind: "RoCE", "IB", "InfiniBand",
 * "NDR"; a rate alone ("80G") may be a GPU's memory. */
static gboolean
names_fabric_kind (const char *segment)
{
  CpQuoteFabric fabric = { 0 };

  return cp_quote_fabric_read_text (segment, &fabric) && fabric.kind_found && fabric.kind != CP_NETWORK_NONE;
}

gboolean
cp_quote_offer_states_network (const CpProject *project,
                               const char      *offer,
                               CpNetworkKind   *kind,
                               guint           *nics,
                               double          *nic_gbps,
                               char           **written)
{
  g_autofree char *text = g_strdup (offer != NULL ? offer : "");
  g_autofree char *model = NULL;
  g_autofree char *gpus_written = NULL;
  g_autofree char *price_written = NULL;
  g_autofree char *shown = NULL;
  g_auto(GStrv) segments = NULL;
  g_auto(GStrv) shown_segments = NULL;
  guint nodes = 0, gpus = 0;
  double memory_gb = 0;
  CpPriceText price;

  if (offer_names_gpus (project, text, &nodes, &gpus, &memory_gb, &model, &gpus_written))
    blank_part (text, gpus_written);
  if (cp_quote_offer_states_price (text, &price, &price_written))
    blank_part (text, price_written);
  /* The words given back keep the GPUs named in the network's own words
   * ("4-node A800 80G RoCE"); blanking puts spaces for bytes, so both
   * split alike. */
  shown = g_strdup (text);
  blank_gpu_memory (project, text);
  /* A vendor lists the parts of an offer apart: "4 nodes x 8 H800, RoCE
   * 8x400G, 45000/node/month", "8×H800 / 4×400G IB". */
  segments = g_regex_split_simple ("[,;/\\(\\)]|，|；|、|（|）", text, 0, 0);
  shown_segments = g_regex_split_simple ("[,;/\\(\\)]|，|；|、|（|）", shown, 0, 0);
  for (guint i = 0; segments[i] != NULL; i++)
    {
      CpQuoteFabric fabric = { 0 };
      char *segment = g_strstrip (segments[i]);

      if (!names_fabric_kind (segment))
        continue;
      cp_quote_fabric_read_text (segment, &fabric);
      *kind = fabric.kind;
      *nics = fabric.nics;
      *nic_gbps = fabric.gbps;
      *written = g_strdup (g_strstrip (shown_segments[i]));
      return TRUE;
    }
  return FALSE;
}

/* Whether @offer has one of @words: an English word whole whatever its
 * case ("cluster", not "clusters-ready"), a Chinese one anywhere ("集群"). */
static gboolean
offer_has_word (const char         *offer,
                const char * const *words)
{
  for (const char *at = offer; *at != '\0'; at = g_utf8_next_char (at))
    {
      const char *word_at = at;

      if (g_ascii_isalnum (*at) && at > offer && g_ascii_isalnum (at[-1]))
        continue;
      if (take_word_of (&word_at, words))
        return TRUE;
    }
  return FALSE;
}

/* The nodes @offer counts: those of its GPUs ("4 × 8 × A800", "4 nodes x 8
 * H800"), else a count of nodes of its own ("H800 cluster, 2 nodes", "2-node
 * H800", "2台 H800"). 0 when it counts none. */
static guint
offer_counts_nodes (const CpProject *project,
                    const char      *offer)
{
  g_autofree char *model = NULL;
  g_autofree char *written = NULL;
  guint nodes = 0, gpus = 0;
  double memory_gb = 0;

  if (offer_names_gpus (project, offer, &nodes, &gpus, &memory_gb, &model, &written) && nodes > 0)
    return nodes;
  for (const char *start = offer; *start != '\0'; start++)
    {
      const char *at = start;
      guint count = 0;

      /* A number begins here, not inside "H800" or "14.5". */
      if (!g_ascii_isdigit (*start) ||
          (start > offer && (g_ascii_isalnum (start[-1]) || start[-1] == '.' || start[-1] == ',')) ||
          !take_count (&at, &count))
        continue;
      if (*at == '-')
        at++;
      if (count > 0 && take_word_of (&at, node_words))
        return count;
    }
  return 0;
}

/* The kind of offer its name says, by the words the quote sheets' kind
 * column takes (cp-quote-cells.c): a cloud's VMs, a container cluster, a
 * bare-metal cluster, a container or a hosted machine. FALSE when it
 * says none. */
static gboolean
offer_states_offering (const char     *offer,
                       CpOfferingKind *offering)
{
  static const char * const cluster_words[] = { "cluster", "集群", NULL };
  static const char * const container_words[] = { "container", "containers", "K8s", "Kubernetes", "容器", NULL };
  static const char * const hosted_words[] = { "hosted", "hosting", "托管", NULL };
  static const char * const cloud_vm_words[] = { "VM", "VMs", "云主机", "云服务器", NULL };
  gboolean cluster = offer_has_word (offer, cluster_words);
  gboolean container = offer_has_word (offer, container_words);

  /* A cloud's VMs, several of them a cluster too ("GPU云主机 按量"). */
  if (offer_has_word (offer, cloud_vm_words))
    *offering = CP_OFFERING_CLOUD_VM;
  else if (cluster || container)
    *offering = cluster && container ? CP_OFFERING_CONTAINER_CLUSTER
                : cluster            ? CP_OFFERING_BARE_METAL_CLUSTER
                                     : CP_OFFERING_CONTAINER;
  else if (offer_has_word (offer, hosted_words))
    *offering = CP_OFFERING_HOSTED_MACHINE;
  else
    return FALSE;
  return TRUE;
}

/* The NICs a node of each GPU is built with, one NIC per GPU, each GPU
 * with its own card into the fabric, and the fabric they join:
 * - A100 and A800: the DGX A100 User Guide, 8 single-port ConnectX-6 VPI
 *   cards at 200 Gb/s (HDR InfiniBand) for the compute fabric; the A800
 *   is the A100's export version on the same HGX board. VPI cards run
 *   InfiniBand or Ethernet, so an A800 RoCE cluster's cards are 200GbE
 *   (RoCE cards are sold at 100, 200 and 400 Gb/s, never 80).
 * - H100, H800 and H200: the DGX H100/H200 User Guide, 8 single-port
 *   ConnectX-7 cards at 400 Gb/s (NDR InfiniBand, or 400GbE for RoCE);
 *   the H800 is the H100's export version on the same board.
 * - B200: the DGX B200 User Guide, 8 single-port ConnectX-7 at 400 Gb/s
 *   (NDR InfiniBand).
 * - Ascend 910B: Huawei's Atlas 800T A2, 8 × 200GE RoCE, one per NPU;
 *   the 910B3 is a variant of the same NPU in the same server (a 910B3
 *   quote lost its cluster while its 910B2 twin kept it: check38 NEW-1).
 * Other GPUs have none: PCIe cards (RTX 4090, L40S, L20, H100 PCIe) go
 * into servers with one NIC or two of any rate, and the H20, MI300X and
 * 910C are sold in builds too varied to call one of them common. */
static const struct {
  const char    *gpu_id;
  CpNetworkKind  kind;
  double         nic_gbps;
} common_fabrics[] = {
  { "a100-40g", CP_NETWORK_INFINIBAND, 200 },
  { "a100-80g", CP_NETWORK_INFINIBAND, 200 },
  { "a800", CP_NETWORK_INFINIBAND, 200 },
  { "h100-sxm", CP_NETWORK_INFINIBAND, 400 },
  { "h800", CP_NETWORK_INFINIBAND, 400 },
  { "h200", CP_NETWORK_INFINIBAND, 400 },
  { "b200", CP_NETWORK_INFINIBAND, 400 },
  { "ascend-910b", CP_NETWORK_ROCE, 200 },
  { "ascend-910b3", CP_NETWORK_ROCE, 200 },
};

/* The build of @quote's GPU above; -1 when it has none. */
static int
common_build (const CpQuote *quote)
{
  if (quote->gpus_per_node == 0 || quote->gpu.id == NULL)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (common_fabrics); i++)
    if (strcmp (common_fabrics[i].gpu_id, quote->gpu.id) == 0)
      return (int) i;
  return -1;
}

gboolean
cp_quote_offer_common_fabric (const CpQuote *quote,
                              guint         *nics,
                              double        *nic_gbps)
{
  int build = common_build (quote);

  if (build < 0)
    return FALSE;
  *nics = quote->gpus_per_node;
  *nic_gbps = common_fabrics[build].nic_gbps;
  return TRUE;
}

gboolean
cp_quote_offer_assume_network (CpQuote *quote)
{
  int build = common_build (quote);

  if (quote->nodes_available < 2 || !cp_quote_network_unstated (quote) || build < 0)
    return FALSE;
  quote->network = common_fabrics[build].kind;
  quote->nics_per_node = quote->gpus_per_node;
  quote->nic_gbps = common_fabrics[build].nic_gbps;
  quote->fabric_assumed = TRUE;
  return TRUE;
}

gboolean
cp_quote_offer_network_assumed (const CpProject *project,
                                const CpQuote   *quote)
{
  g_autofree char *written = NULL;
  CpNetworkKind kind;
  guint nics = 0;
  double nic_gbps = 0;
  int build = common_build (quote);

  return quote->fabric_assumed && quote->nodes_available > 1 && build >= 0 &&
         quote->network == common_fabrics[build].kind &&
         !cp_quote_offer_states_network (project, quote->offer_name, &kind, &nics, &nic_gbps, &written);
}

/* Whether the builds above come with @kind of fabric: InfiniBand or
 * RoCE; plain Ethernet without RDMA is no one build's. */
static gboolean
is_common_fabric_kind (CpNetworkKind kind)
{
  return kind == CP_NETWORK_INFINIBAND || kind == CP_NETWORK_ROCE;
}

gboolean
cp_quote_offer_fabric_assumed (const CpProject *project,
                               const CpQuote   *quote,
                               gboolean        *nics_assumed,
                               gboolean        *rate_assumed)
{
  g_autofree char *written = NULL;
  CpNetworkKind kind;
  guint nics = 0, common_nics = 0;
  double nic_gbps = 0, common_gbps = 0;

  *nics_assumed = *rate_assumed = FALSE;
  if (quote->nodes_available < 2 || !cp_quote_offer_common_fabric (quote, &common_nics, &common_gbps))
    return FALSE;
  /* The offer names the kind and leaves the cards unsaid, or names no
   * network at all, the whole fabric the build's
   * (cp_quote_offer_assume_network()). */
  if (cp_quote_offer_states_network (project, quote->offer_name, &kind, &nics, &nic_gbps, &written))
    {
      if (kind != quote->network || !is_common_fabric_kind (kind))
        return FALSE;
    }
  else if (!cp_quote_offer_network_assumed (project, quote))
    return FALSE;
  *nics_assumed = nics == 0 && quote->nics_per_node == common_nics;
  *rate_assumed = !(nic_gbps > 0) && quote->nic_gbps == common_gbps;
  return *nics_assumed || *rate_assumed;
}

gboolean
cp_quote_offer_refit_fabric (const CpProject *project,
                             CpQuote         *quote,
                             const CpQuote   *before)
{
  gboolean nics_were_assumed, rate_were_assumed;
  guint nics = 0, nics_before = quote->nics_per_node;
  double nic_gbps = 0, gbps_before = quote->nic_gbps;

  if (!cp_quote_offer_fabric_assumed (project, before, &nics_were_assumed, &rate_were_assumed))
    return FALSE;
  /* A fabric assumed whole, kind and all, is the new GPU's build whole
   * (RoCE for a 910B), or, for a GPU with none, not stated again. */
  if (cp_quote_offer_network_assumed (project, before))
    {
      quote->network = CP_NETWORK_NONE;
      quote->nics_per_node = 0;
      quote->nic_gbps = 0;
      quote->fabric_assumed = FALSE;
      cp_quote_offer_assume_network (quote);
      return quote->nics_per_node != nics_before || quote->nic_gbps != gbps_before;
    }
  /* The mark goes with the figures: a GPU without a common build takes
   * none (0, "needed"), which is nothing assumed. */
  quote->fabric_assumed = cp_quote_offer_common_fabric (quote, &nics, &nic_gbps);
  if (nics_were_assumed)
    quote->nics_per_node = nics;
  if (rate_were_assumed)
    quote->nic_gbps = nic_gbps;
  return quote->nics_per_node != nics_before || quote->nic_gbps != gbps_before;
}

CpQuoteOfferParts
cp_quote_offer_fill (const CpProject   *project,
                     CpQuote           *quote,
                     CpQuoteOfferParts  parts)
{
  const char *offer = quote->offer_name != NULL ? quote->offer_name : "";
  g_autofree char *written = NULL;
  CpQuoteOfferParts filled = 0;
  CpOfferingKind offering;
  CpNetworkKind kind;
  guint nics = 0, nodes, common_nics = 0;
  double nic_gbps = 0, common_gbps = 0;

  if ((parts & CP_QUOTE_OFFER_NODES) != 0 && (nodes = offer_counts_nodes (project, offer)) > 0 &&
      nodes != quote->nodes_available)
    {
      quote->nodes_available = nodes;
      filled |= CP_QUOTE_OFFER_NODES;
    }
  if ((parts & CP_QUOTE_OFFER_OFFERING) != 0 && offer_states_offering (offer, &offering))
    {
      /* The vendor's offer names its kind, the one the quote had too;
       * "cluster" alone does not say whether it is bare metal or
       * containers: the bare metal taken of it stays assumed. */
      if (offering != CP_OFFERING_BARE_METAL_CLUSTER)
        quote->offering_stated = TRUE;
      if (offering != quote->offering)
        {
          quote->offering = offering;
          filled |= CP_QUOTE_OFFER_OFFERING;
        }
    }
  if ((parts & CP_QUOTE_OFFER_NETWORK) != 0 &&
      cp_quote_offer_states_network (project, offer, &kind, &nics, &nic_gbps, &written))
    {
      gboolean assumed = FALSE;

      if ((parts & CP_QUOTE_OFFER_COMMON_FABRIC) != 0 && is_common_fabric_kind (kind) &&
          cp_quote_offer_common_fabric (quote, &common_nics, &common_gbps))
        {
          assumed = nics == 0 || !(nic_gbps > 0);
          nics = nics > 0 ? nics : common_nics;
          nic_gbps = nic_gbps > 0 ? nic_gbps : common_gbps;
        }
      quote->fabric_assumed = assumed;
      quote->network = kind;
      quote->nics_per_node = nics;
      quote->nic_gbps = nic_gbps;
      filled |= CP_QUOTE_OFFER_NETWORK;
    }
  return filled;
}

gboolean
cp_quote_offer_network_disagrees (const CpProject *project,
                                  const CpQuote   *quote,
                                  char           **written)
{
  g_autofree char *words = NULL;
  CpNetworkKind kind;
  guint nics = 0;
  double nic_gbps = 0;

  /* One machine has no network between nodes to disagree with. */
  if (quote->nodes_available < 2 ||
      !cp_quote_offer_states_network (project, quote->offer_name, &kind, &nics, &nic_gbps, &words))
    return FALSE;
  if (kind == quote->network && (nics == 0 || nics == quote->nics_per_node) &&
      (nic_gbps == 0 || fabs (nic_gbps - quote->nic_gbps) < 0.5))
    return FALSE;
  *written = g_steal_pointer (&words);
  return TRUE;
}
