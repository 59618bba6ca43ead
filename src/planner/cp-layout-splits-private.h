/* cp-layout-splits-private.h: the splits of the GPUs the layout search
 * weighs (cp-layout-splits.c) and the order it weighs them in.
 *
 * A split is tensor × pipeline × interleave × expert parallel with the
 * data parallel left over; the search (cp-layout-search.c) chooses within
 * each the ZeRO stage, micro-batch and recompute. Only cp-layout-search.c
 * includes this header.
 */
#pragma once

#include "cp-estimate-private.h"

G_BEGIN_DECLS

/* Candidate splits of the GPUs (tensor × pipeline × interleave × expert)
 * kept on the stack; a search with more allocates room for all of them,
 * none is left out. */
#define STACK_SPLITS 512

/* One split of the GPUs and what the search works out for it. */
typedef struct {
  guint  tp, pp, vs, ep;
  guint  dp;
  guint  zero_first, zero_last; /* ZeRO stages it can run (split_zero_range()) */
  gboolean runs;          /* FALSE: none of those the job allows */
  double layers_here;     /* _cp_layers_per_gpu() */
  double batch_seqs;      /* split_batch_seqs() */
  guint  m_first;         /* micro-batches at the first micro-batch size tried */
  gboolean smallest_fits; /* whether its layout with every saving on fits */
} Split;

/* What the search may choose within every split, from the job's pins
 * and the techniques on top of the layout (_cp_choices_init()). */
typedef struct {
  guint       zero_first, zero_last;
  gboolean    zero_free;
  guint       mb_values[8];
  guint       n_mb;
  CpRecompute recompute_first, recompute_last;
} Choices;

/* Sequences per step of a split. Practitioners raise the batch with the
 * cluster so that each data-parallel pipeline gets at least as many
 * micro-batches as it has stages, the least that fills a 1F1B pipeline
 * and the least Megatron-LM's interleaved schedule runs with (Narayanan et
 * al. 2021, §2.2): Llama 3 405B on 16,384 GPUs ran PP 16 with 16
 * sequences per data-parallel rank (Llama Team 2024, Table 4), Megatron-LM's
 * Table 1 runs 8 per stage at 530B and 1T (2,520 GPUs batch 2,520, 3,072
 * GPUs batch 3,072). The lower of them is taken, one sequence per
 * tensor-parallel group (dp × pp), never past the largest published batch
 * for the size (cp_job_largest_batch_tokens()); a stated batch is kept. */
static inline double
split_batch_seqs (const Context *c,
                  guint          dp,
                  guint          pp)
{
  return MIN (c->largest_batch_seqs, MAX (c->batch_seqs, (double) dp * pp));
}

/* round() of a quotient ≥ 0, halves away from zero, without the call:
 * below 2^52 the fraction x − trunc(x) is exact, so this is round()
 * bit for bit. */
static inline double
round_nonnegative (double x)
{
  double whole;

  if (!(x >= 0 && x < 4503599627370496.0))
    return round (x);
  whole = (double) (gint64) x;
  return x - whole >= 0.5 ? whole + 1.0 : whole;
}

/* Micro-batches per step of @dp data-parallel ranks at micro-batch @mb
 * from the sequences per step @batch_seqs (split_batch_seqs()). */
static inline guint
micro_batches_of (double batch_seqs,
                  guint  dp,
                  guint  mb)
{
  return (guint) MAX (1.0, round_nonnegative (batch_seqs / ((double) dp * mb)));
}

/* The order splits are weighed in: ascending quick bound, ties in
 * enumeration order. A binary heap of (bound, index) hands them out one
 * at a time, so the splits past the cutoff are never sorted: the search
 * weighs a few of them and prunes the rest. The order is the stable sort's
 * that came before (a merge sort of the splits; qsort() before it), bound
 * then index; a bound that is NaN has no place in that order, and then
 * the splits are merge-sorted as they were. */
typedef struct {
  double bound;
  guint  index;
} Rank;

static inline gboolean
rank_before (const Rank *a,
             const Rank *b)
{
  return a->bound < b->bound || (a->bound == b->bound && a->index < b->index);
}

static inline void
rank_sift_down (Rank  *heap,
                guint  n,
                guint  i)
{
  Rank r = heap[i];

  for (;;)
    {
      guint child = 2 * i + 1;

      if (child >= n)
        break;
      if (child + 1 < n && rank_before (&heap[child + 1], &heap[child]))
        child++;
      if (!rank_before (&heap[child], &r))
        break;
      heap[i] = heap[child];
      i = child;
    }
  heap[i] = r;
}

typedef struct {
  Rank    *ranks;
  guint    n;        /* left in the heap, or in the sorted array */
  guint    next;     /* sorted: the next one handed out */
  gboolean sorted;
} SplitOrder;

/* The next split in the order, without taking it. */
static inline guint
split_order_peek (const SplitOrder *order)
{
  return order->sorted ? order->ranks[order->next].index : order->ranks[0].index;
}

static inline void
split_order_take (SplitOrder *order)
{
  if (order->sorted)
    {
      order->next++;
      return;
    }
  order->ranks[0] = order->ranks[--order->n];
  rank_sift_down (order->ranks, order->n, 0);
}

void
_cp_choices_init (const Context *c,
                  const Config  *techniques,
                  Choices       *ch);

Split *
_cp_enumerate_splits (const Context *c,
                      const Choices *choices,
                      Split         *stack,
                      Split        **allocated,
                      guint         *n_splits);

void
_cp_split_order_init (SplitOrder *order,
                      Rank       *ranks,
                      Rank       *tmp,
                      guint       n);

G_END_DECLS
