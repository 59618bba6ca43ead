/* cp-layout-splits.c: the splits of the GPUs a training layout may take
 * (tensor × pipeline × interleave × expert, the data parallel left over),
 * what the search may choose within each (ZeRO stage, micro-batch,
 * recompute), the order the search weighs them in, and why none runs when
 * a pinned part breaks their rules. cp-layout-search.c weighs them.
 */
#include "config.h"

#include "cp-layout-splits-private.h"

#include <math.h>
#include <string.h>

/* Interleaved stages per GPU tried by the search: Megatron-LM's published
 * runs use 2–4 (T21: 3); more multiplies the pipeline sends for a bubble
 * already small. */
#define MAX_VIRTUAL_STAGES 4

/* Micro-batches tried: 1 to 8 sequences, as in Megatron-LM's published
 * layouts (T21 1, T22 1–4). */
#define MAX_MICRO_BATCH 8

/* Model chunks a pinned pipeline may cut a model into: a layer each at
 * least, and the first and last stage may count the input embedding and
 * the loss as one layer each (Megatron-LM's --account-for-embedding-in-pipeline-split
 * and --account-for-loss-in-pipeline-split; the Megatron MoE model zoo's
 * Qwen3-235B recipe runs PP 32 × VPP 3 = 96 chunks of its 94 layers). */
static double
most_model_chunks (const CpModelSpec *m)
{
  return (double) m->layers + 2.0;
}

/* Values one part of a layout can take: the divisors of a 32-bit count,
 * 1,344 at most (735,134,400 has that many). */
#define MAX_PART_VALUES 1344

/* ZeRO stages a split can run. Without data parallelism there is
 * nothing to shard; with it, ZeRO-1 is as fast as none and smaller, so
 * none is not tried. Left to the search, ZeRO-2 and -3 are not tried with
 * pipeline parallelism: DeepSpeed refuses them there and Megatron-LM's
 * distributed optimizer is ZeRO-1. A stage the job pins is run with
 * pipelines as FSDP runs it in torchtitan and in Llama 3 (Llama Team
 * 2024, §3.3.2: TP 8 × PP 16 with FSDP): each stage shards its gradients
 * and optimizer states (ZeRO-3: its weights too) over its data-parallel
 * ranks. FALSE when the split cannot run the stage asked for. */
static gboolean
split_zero_range (const Choices *choices,
                  guint          dp,
                  guint          pp,
                  guint         *first,
                  guint         *last)
{
  *first = choices->zero_first;
  *last = choices->zero_last;
  if (choices->zero_free)
    {
      if (dp == 1)
        *last = *first;
      else
        *first = MAX (*first, 1);
    }
  if (choices->zero_free && pp > 1)
    *last = MIN (*last, 1);
  return *first <= *last;
}

static gboolean
divides (guint n, guint d)
{
  return d > 0 && n % d == 0;
}

/* ceil (n / d) of two counts, d > 0: what ceil() of their quotient in
 * doubles gives (a quotient that is no whole number lies at least 1/d
 * from one, far more than its rounding), without the division in
 * doubles. */
static inline double
ceil_quotient (guint n,
               guint d)
{
  return (double) (n / d + (n % d != 0));
}

/* _cp_layers_per_gpu() of a split, from its counts. */
static double
split_layers_here (const Context *c,
                   guint          pp,
                   guint          vs)
{
  vs = MAX (vs, 1);
  return ceil_quotient (c->job->model.layers, pp * vs) * vs;
}

/* The divisors of @n up to @most in ascending order into @out, and how
 * many: the pairs d, n/d up to √n. */
static guint
divisors_up_to (guint  n,
                guint  most,
                guint *out)
{
  guint low[MAX_PART_VALUES], high[MAX_PART_VALUES];
  guint n_low = 0, n_high = 0, n_out = 0;

  for (guint d = 1; d <= n / d; d++)
    if (n % d == 0)
      {
        low[n_low++] = d;
        if (d != n / d)
          high[n_high++] = n / d;
      }
  for (guint i = 0; i < n_low && low[i] <= most; i++)
    out[n_out++] = low[i];
  for (guint i = n_high; i-- > 0 && high[i] <= most;)
    out[n_out++] = high[i];
  return n_out;
}

void
_cp_choices_init (const Context *c,
                  const Config  *techniques,
                  Choices       *ch)
{
  const CpJob *job = c->job;

  ch->zero_free = job->zero_stage == CP_ZERO_STAGE_AUTO;
  if (ch->zero_free)
    {
      ch->zero_first = 0;
      ch->zero_last = (techniques->lora || techniques->qlora) ? 2 : 3;
    }
  else
    ch->zero_first = ch->zero_last = job->zero_stage;
  /* A technique raises the floor (R1's ladder). */
  ch->zero_first = MAX (ch->zero_first, techniques->zero_stage);
  ch->zero_last = MAX (ch->zero_last, ch->zero_first);

  if (job->recompute == CP_RECOMPUTE_AUTO)
    {
      ch->recompute_first = CP_RECOMPUTE_NONE;
      ch->recompute_last = CP_RECOMPUTE_FULL;
    }
  else
    ch->recompute_first = ch->recompute_last = job->recompute;
  if (techniques->recompute != CP_RECOMPUTE_AUTO && techniques->recompute > ch->recompute_first)
    ch->recompute_first = techniques->recompute;
  ch->recompute_last = MAX (ch->recompute_last, ch->recompute_first);

  ch->n_mb = 0;
  if (job->micro_batch > 0)
    ch->mb_values[ch->n_mb++] = job->micro_batch;
  else
    for (guint mb = 1; mb <= MAX_MICRO_BATCH && (mb == 1 || mb <= c->largest_batch_seqs); mb *= 2)
      ch->mb_values[ch->n_mb++] = mb;
}

/* Values tried for one part of the layout into *@out: the pinned one
 * (in @pinned_out) where the split can take it (@pinned_runs), or
 * @n_free values of @free. Returns how many. */
static guint
part_values (guint         pinned,
             gboolean      pinned_runs,
             const guint  *free,
             guint         n_free,
             guint        *pinned_out,
             const guint **out)
{
  if (pinned > 0)
    {
      *pinned_out = pinned;
      *out = pinned_out;
      return pinned_runs ? 1 : 0;
    }
  *out = free;
  return n_free;
}

/* Whether @vs interleaved stages can beat none: compute and bubble of the
 * fullest GPU, (layers on it) × (1 + (p − 1)/(m·v)), at m = p, the fewest
 * micro-batches interleaving runs with and where it gains most. When it
 * loses there it loses at every m, and it never needs less memory. */
static double
interleaving_plain (const Context *c,
                    guint          pp)
{
  double p = pp;

  return ceil_quotient (c->job->model.layers, pp) * (1.0 + (p - 1.0) / p);
}

/* @plain: interleaving_plain() of @pp; @layers_here: split_layers_here()
 * of @pp and @vs. */
static gboolean
interleaving_can_pay (guint          pp,
                      guint          vs,
                      double         layers_here,
                      double         plain)
{
  double p = pp;
  double interleaved = layers_here * (1.0 + (p - 1.0) / (p * vs));

  return interleaved < plain;
}

/* Whether a pinned tensor-parallel size can run: whole heads on each
 * GPU (Megatron-LM asserts it), inside one node's GPU links, dividing the
 * GPUs; QLoRA's 4-bit base (bitsandbytes) trains data parallel only. */
static gboolean
pinned_tp_runs (const Context *c,
                guint          tp)
{
  return tp <= c->gpn && divides (c->job->model.heads, tp) && divides (c->gpus, tp) && (tp == 1 || !c->qlora);
}

/* Candidate splits: tensor parallel a power of two inside a node dividing
 * the heads; pipeline stages dividing the GPUs left, at most one layer
 * each; interleaved stages where they can pay (uneven chunks allowed);
 * experts over ranks dividing both the experts and tensor × data
 * parallel (Megatron-Core's MoE parallel folding, _cp_expert_tp()). Pinned
 * parts are taken as given where they obey the same rules (any size for
 * TP, any count of interleaved stages): none is run
 * otherwise, and _cp_layout_refusal() says which rule they break.
 * Returns how many there are, keeping the first @max_splits. */
static guint
enumerate_splits_within (const Context *c,
                         const Choices *choices,
                         gboolean       within_batch,
                         Split         *splits,
                         guint          max_splits)
{
  const CpJob *job = c->job;
  const CpModelSpec *m = &job->model;
  /* The values free to take of each part; the values tried point into
   * them, or at the pinned one. */
  guint free_tp[MAX_PART_VALUES], free_pp[MAX_PART_VALUES], free_vs[MAX_VIRTUAL_STAGES];
  /* split_layers_here() of each free count of interleaved stages */
  double free_vs_layers_here[MAX_VIRTUAL_STAGES];
  guint free_ep[MAX_PART_VALUES], expert_divisors[MAX_PART_VALUES];
  guint pinned_tp, pinned_pp, pinned_vs, pinned_ep;
  const guint *tps, *pps, *vss, *eps;
  guint n_free, n_tp, n = 0, n_expert_divisors = 0;
  gboolean moe = cp_model_spec_is_moe (m);

  if (moe)
    n_expert_divisors = divisors_up_to (m->experts_total, m->experts_total, expert_divisors);

  /* QLoRA's 4-bit base (bitsandbytes) trains data parallel only. */
  n_free = 0;
  for (guint tp = 1; tp <= c->gpn && tp <= c->gpus && (tp == 1 || !c->qlora); tp *= 2)
    if (divides (m->heads, tp) && divides (c->gpus, tp))
      free_tp[n_free++] = tp;
  n_tp = part_values (job->tensor_parallel, pinned_tp_runs (c, job->tensor_parallel), free_tp, n_free, &pinned_tp,
                      &tps);

  for (guint i = 0; i < n_tp; i++)
    {
      guint rest = MAX (c->gpus / tps[i], 1);
      guint n_pp;

      /* the divisors of rest up to the layers (only 1 for QLoRA), in
       * ascending order */
      n_free = divisors_up_to (rest, MIN (c->qlora ? 1 : rest, m->layers), free_pp);
      n_pp = part_values (job->pipeline_parallel,
                          divides (rest, job->pipeline_parallel) && job->pipeline_parallel <= m->layers &&
                          (job->pipeline_parallel == 1 || !c->qlora),
                          free_pp, n_free, &pinned_pp, &pps);

      for (guint j = 0; j < n_pp; j++)
        {
          guint pp = pps[j];
          guint dp = MAX (c->gpus / (tps[i] * pp), 1);
          double batch_seqs = split_batch_seqs (c, dp, pp);
          guint n_vs, n_ep, zero_first, zero_last;
          gboolean runs;

          /* More data-parallel ranks than sequences in the batch would
           * need a larger batch. */
          if (within_batch && dp > batch_seqs)
            continue;

          n_free = 0;
          free_vs_layers_here[n_free] = split_layers_here (c, pp, 1);
          free_vs[n_free++] = 1;
          /* Interleaving needs at least as many micro-batches as stages
           * (Narayanan et al. 2021, §2.2.2). Layers that do not divide
           * into p·v chunks are spread unevenly, the fullest chunk setting
           * the pace, as Megatron-LM and Llama 3 do (Llama Team 2024,
           * §3.3.2: 126 layers, one fewer on the first and last stage);
           * each chunk keeps a layer at least (a pinned split, the
           * embedding or the loss: most_model_chunks()). */
          if (pp > 1 && batch_seqs >= (double) dp * pp)
            {
              double plain = interleaving_plain (c, pp);

              for (guint vs = 2; vs <= MAX_VIRTUAL_STAGES && pp * vs <= m->layers; vs++)
                {
                  double layers_here = split_layers_here (c, pp, vs);

                  if (interleaving_can_pay (pp, vs, layers_here, plain))
                    {
                      free_vs_layers_here[n_free] = layers_here;
                      free_vs[n_free++] = vs;
                    }
                }
            }
          n_vs = pp > 1 ? part_values (job->virtual_stages, pp * job->virtual_stages <= most_model_chunks (m),
                                       free_vs, n_free, &pinned_vs, &vss)
                        : part_values (0, TRUE, free_vs, 1, &pinned_vs, &vss);

          n_free = 0;
          free_ep[n_free++] = 1;
          /* EP folded over tensor × data parallel (_cp_expert_tp()): the
           * divisors of the experts (ascending, 1 left out) that divide
           * tensor × data parallel too. */
          for (guint x = 1; x < n_expert_divisors && expert_divisors[x] <= dp * tps[i]; x++)
            if (divides (dp * tps[i], expert_divisors[x]))
              free_ep[n_free++] = expert_divisors[x];
          n_ep = moe ? part_values (job->expert_parallel,
                                    divides (m->experts_total, job->expert_parallel) &&
                                    divides (dp * tps[i], job->expert_parallel),
                                    free_ep, n_free, &pinned_ep, &eps)
                     : part_values (0, TRUE, free_ep, 1, &pinned_ep, &eps);

          runs = split_zero_range (choices, dp, pp, &zero_first, &zero_last);
          for (guint a = 0; a < n_vs; a++)
            {
              double layers_here = vss == free_vs ? free_vs_layers_here[a] : split_layers_here (c, pp, vss[a]);

              for (guint b = 0; b < n_ep; b++)
                {
                  if (n < max_splits)
                    splits[n] = (Split) { tps[i], pp, vss[a], eps[b], dp, zero_first, zero_last, runs,
                                          layers_here, batch_seqs, 0, FALSE };
                  n++;
                }
            }
        }
    }
  return n;
}

/* Splits whose data-parallel ranks each get at least one sequence of the
 * batch; all splits when there are none (a batch smaller than the GPUs
 * left over after the deepest model split). Into @stack when they fit,
 * else into an array returned in *@allocated. */
Split *
_cp_enumerate_splits (const Context *c,
                      const Choices *choices,
                      Split         *stack,
                      Split        **allocated,
                      guint         *n_splits)
{
  gboolean within_batch = TRUE;
  guint n = enumerate_splits_within (c, choices, within_batch, stack, STACK_SPLITS);

  *allocated = NULL;
  if (n == 0)
    {
      within_batch = FALSE;
      n = enumerate_splits_within (c, choices, within_batch, stack, STACK_SPLITS);
    }
  *n_splits = n;
  if (n <= STACK_SPLITS)
    return stack;
  *allocated = g_new (Split, n);
  enumerate_splits_within (c, choices, within_batch, *allocated, n);
  return *allocated;
}

/* The stable merge sort of @ranks by bound alone (comparisons as the
 * sort of the splits made them), runs of up to 16 by insertion; for
 * bounds that are NaN. */
static void
rank_merge_sort (Rank  *ranks,
                 Rank  *tmp,
                 guint  n)
{
  guint half = n / 2;

  if (n <= 16)
    {
      for (guint i = 1; i < n; i++)
        {
          Rank r = ranks[i];
          guint j = i;

          for (; j > 0 && ranks[j - 1].bound > r.bound; j--)
            ranks[j] = ranks[j - 1];
          ranks[j] = r;
        }
      return;
    }
  rank_merge_sort (ranks, tmp, half);
  rank_merge_sort (ranks + half, tmp, n - half);
  if (ranks[half - 1].bound <= ranks[half].bound)
    return;   /* already in order */
  memcpy (tmp, ranks, half * sizeof *ranks);
  for (guint i = 0, a = 0, b = half; a < half; i++)
    ranks[i] = b < n && ranks[b].bound < tmp[a].bound ? ranks[b++] : tmp[a++];
}

/* @ranks holds the bounds of the @n splits in enumeration order. */
void
_cp_split_order_init (SplitOrder *order,
                      Rank       *ranks,
                      Rank       *tmp,
                      guint       n)
{
  gboolean nan_bound = FALSE;

  for (guint i = 0; i < n; i++)
    nan_bound |= isnan (ranks[i].bound);
  order->ranks = ranks;
  order->n = n;
  order->next = 0;
  order->sorted = nan_bound;
  if (nan_bound)
    rank_merge_sort (ranks, tmp, n);
  else
    for (guint i = n / 2; i-- > 0;)
      rank_sift_down (ranks, n, i);
}

/* Why no split runs (_cp_search_layout() found none): the first rule of
 * enumerate_splits_within() a pinned part breaks. */
CpRefusal
_cp_layout_refusal (const Context *c)
{
  const CpJob *job = c->job;
  const CpModelSpec *m = &job->model;
  guint tp = MAX (job->tensor_parallel, 1), pp = MAX (job->pipeline_parallel, 1);

  if (c->qlora && (tp > 1 || pp > 1))
    return CP_REFUSAL_QLORA_SPLIT;
  if (tp > c->gpn)
    return CP_REFUSAL_TP_BEYOND_NODE;
  if (!divides (m->heads, tp))
    return CP_REFUSAL_TP_HEADS;
  if (!divides (c->gpus, tp * pp))
    return CP_REFUSAL_SPLIT_GPUS;
  if (pp > 1 && job->virtual_stages > 0 && (double) pp * job->virtual_stages > most_model_chunks (m))
    return CP_REFUSAL_STAGE_LAYERS;
  if (cp_model_spec_is_moe (m) && job->expert_parallel > 0)
    {
      if (!divides (m->experts_total, job->expert_parallel))
        return CP_REFUSAL_EP_EXPERTS;
      if (job->tensor_parallel > 0 && job->pipeline_parallel > 0 &&
          !divides (c->gpus / pp, job->expert_parallel))
        return CP_REFUSAL_EP_DATA_PARALLEL;
    }
  return CP_REFUSAL_NO_SPLIT;
}
