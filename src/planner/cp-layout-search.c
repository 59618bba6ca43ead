/* cp-layout-search.c: the fastest training layout that fits, and the
 * runner-up of another split of the GPUs.
 *
 * Splits (tensor × pipeline × interleave × expert, cp-layout-splits.c) are
 * bounded from below and weighed best bound first; within a split the ZeRO stage,
 * micro-batch and the least recompute that fits are chosen. Nothing here
 * allocates but for searches with more splits (STACK_SPLITS) or more
 * layouts near the fastest (STACK_POOL) than the stack holds.
 */
#include "config.h"

#include "cp-layout-splits-private.h"

#include <math.h>
#include <string.h>

/* Layouts within this fraction of the fastest one's time tie with it,
 * and the one with the most memory headroom of them wins: closer than
 * the model can tell. Measured from the fastest, never from another
 * layout of the tie, so ties do not chain (pool_choose()). */
#define TIE_FRACTION 0.01


/* Whether a layout that fits is Tight: above CP_TIGHT_MEMORY_SHARE of
 * the GPU's memory. */
static inline gboolean
candidate_tight (const Context   *c,
                 const Candidate *a)
{
  return a->memory.total > CP_TIGHT_MEMORY_SHARE * c->capacity;
}

/* Whether @a is a better least-bad layout than @b, where at most one of
 * them fits: a fitting layout beats one that does not; between layouts
 * that do not fit, the smaller. Layouts that fit are chosen by
 * pool_choose(), among all of them at once. */
static inline gboolean
candidate_better (const Candidate *a,
                  const Candidate *b)
{
  if (!b->valid)
    return a->valid;
  if (!a->valid)
    return FALSE;
  if (a->fits != b->fits)
    return a->fits;
  return !a->fits && a->memory.total < b->memory.total;
}

/* The slowest run a layout with safe headroom may have and still be
 * taken over the fastest, @fastest_s, where that is Tight: slower by at
 * most the layout-headroom-time setting's share of the run. A share, with
 * no cap in hours, so the rule is the same on a run of a day and of a
 * month: what it weighs is scale-free, a Tight layout's lead against the
 * run-time estimate's own ±15% (a lead inside it is not one the estimate
 * can stand behind) and its risk of running out of memory, which a long
 * run meets more often, not less (walk 38 F9: an 8 h cap, 1.6% of a
 * 488 h Qwen3-30B-A3B pre-training, kept a layout at 99% of each GPU's
 * memory over one at 83% only 4.1% slower). */
static inline double
headroom_limit_s (const Context *c,
                  double         fastest_s)
{
  return fastest_s * (1.0 + c->settings->layout_headroom_time);
}

/* The slowest run a layout may have and still be chosen among layouts
 * that fit whose fastest runs @fastest_s and whose fastest with safe
 * headroom runs @fastest_safe_s (pool_choose()): within the tie of the
 * fastest, or where the headroom rule applies, within the setting of the
 * fastest and the tie of the fastest with safe headroom. Either time may
 * only be an upper bound on the true one: the window grows with both. */
static inline double
choice_window (const Context *c,
               double         fastest_s,
               double         fastest_safe_s)
{
  double window = fastest_s * (1.0 + TIE_FRACTION);

  if (c->settings->layout_headroom_time > 0)
    window = MAX (window, MIN (headroom_limit_s (c, fastest_s),
                               fastest_safe_s * (1.0 + TIE_FRACTION)));
  return window;
}


/* What the search already worked out for one layout of the split being
 * weighed: the memory of its smallest layout and the step time its lower
 * bound timed. The same layout met again among the split's candidates is
 * not worked out twice. */
typedef struct {
  Config   memory_config;
  Memory   memory;
  gboolean has_memory;
  Config   time_config;
  StepTime time;
  gboolean has_time;
  /* The model states (_cp_layout_memory_states()) of the split's layouts
   * at each ZeRO stage (and count of micro-batches where they depend on
   * it): the layouts that differ only in recompute or micro-batch share
   * them. */
  Memory   states[4];
  guint    states_m[4];
  gboolean has_states[4];
  /* What the step times of the split's layouts share. */
  TimeSplit time_split;
  gboolean  has_time_split;
} Known;

/* split_lower_bound() by its parts, per token of a step: what bounds
 * every layout of the split but the bubble, which is bounded at each
 * micro-batch size by that size's micro-batches (layout_lower_bound()).
 * valid: worked out for the split being weighed. */
typedef struct {
  double   compute_and_exposed;  /* compute and exposed tensor and expert traffic */
  double   pipeline;             /* pipeline sends */
  double   data_parallel;        /* the data-parallel reduction left exposed, at best */
  double   pp, vs;
  /* What each ZeRO stage's data-parallel traffic adds at least, per
   * token, on top of the above (split_lower_bound()). */
  double   zero_stage[4];
  /* What a layout adds at least, per token, for each share of its layers
   * it recomputes in full; 0: nothing counted (split_lower_bound()). */
  double   recomputed;
  gboolean valid;
} SplitBound;

/* The lower bound of @b on the run of a layout of its split with @m
 * micro-batches per step, and of every layout of it with fewer: the
 * bubble's share (p − 1)/(m·v) only grows as m falls. */
static inline double
layout_lower_bound (const Context    *c,
                    const SplitBound *b,
                    double            m)
{
  double bubble_share = (b->pp - 1.0) / (m * b->vs);

  return (b->compute_and_exposed * (1.0 + bubble_share) + b->pipeline + b->data_parallel) * c->job->tokens;
}

/* layout_lower_bound() of the layouts at ZeRO stage @zero_stage. */
static inline double
layout_lower_bound_at (const Context    *c,
                       const SplitBound *b,
                       double            m,
                       guint             zero_stage)
{
  double lower = layout_lower_bound (c, b, m);

  if (zero_stage < G_N_ELEMENTS (b->zero_stage))
    lower += b->zero_stage[zero_stage] * c->job->tokens;
  return lower;
}

/* Whether two layouts of the same split (split_config() of it with the
 * same techniques) are one: the choices made within a split. */
static inline gboolean
same_layout_of_split (const Config *a,
                      const Config *b)
{
  return a->zero_stage == b->zero_stage && a->mb == b->mb && a->m == b->m && a->recompute == b->recompute &&
         a->recompute_layers == b->recompute_layers;
}

/* The model states of @from into @to. */
static inline void
copy_memory_states (Memory       *to,
                    const Memory *from)
{
  to->weights = from->weights;
  to->gradients = from->gradients;
  to->optimizer = from->optimizer;
  to->host = from->host;
  to->gathered = from->gathered;
  to->reducing = from->reducing;
  to->step_copy = from->step_copy;
  to->step_temp = from->step_temp;
}

G_ALWAYS_INLINE static inline void
layout_memory (const Context *c,
               const Config  *k,
               Memory        *mem,
               Known         *known)
{
  if (known == NULL)
    {
      _cp_layout_memory (c, k, mem);
      return;
    }
  if (known->has_memory && same_layout_of_split (k, &known->memory_config))
    {
      *mem = known->memory;
      return;
    }
  if (k->zero_stage >= G_N_ELEMENTS (known->states))
    {
      _cp_layout_memory (c, k, mem);
      return;
    }
  if (known->has_states[k->zero_stage] &&
      (known->states_m[k->zero_stage] == k->m || !_cp_layout_memory_states_depend_on_m (c, k)))
    copy_memory_states (mem, &known->states[k->zero_stage]);
  else
    {
      _cp_layout_memory_states (c, k, mem);
      copy_memory_states (&known->states[k->zero_stage], mem);
      known->states_m[k->zero_stage] = k->m;
      known->has_states[k->zero_stage] = TRUE;
    }
  _cp_layout_memory_activations (c, k, mem);
}

static inline void
layout_time (const Context *c,
             const Config  *k,
             StepTime      *st,
             Known         *known)
{
  if (known == NULL)
    {
      _cp_layout_time (c, k, st);
      return;
    }
  if (known->has_time && same_layout_of_split (k, &known->time_config))
    {
      *st = known->time;
      return;
    }
  if (!known->has_time_split)
    {
      _cp_layout_time_split_init (c, k, &known->time_split);
      known->has_time_split = TRUE;
    }
  _cp_layout_time_of_split (c, k, &known->time_split, st);
}


/* The fewest layers of full recompute that fit, all of them when none
 * does. Memory falls with each layer recomputed, along a line or the
 * larger of two lines (first and last pipeline stage): the chord from
 * none (@none_bytes) to all recomputed lies above it, so where the chord
 * meets the capacity some layer count fits, and at most a step or two
 * from it is the fewest. */
static gboolean
fewest_recomputed_layers_that_fit (const Context *c,
                                   double         none_bytes,
                                   Config        *k,
                                   Memory        *mem,
                                   Known         *known)
{
  guint layers = (guint) _cp_layers_per_gpu (c, k);
  double all_bytes;
  guint fewest;

  k->recompute_layers = 0;
  layout_memory (c, k, mem, known);
  /* Recompute leaves the host memory as it is: past here only the GPUs'
   * is weighed. */
  if (!_cp_memory_fits (c, mem) || !c->recompute_partial || layers <= 1 || none_bytes <= mem->total)
    return _cp_memory_fits (c, mem);
  all_bytes = mem->total;
  fewest = (guint) CLAMP (ceil (layers * (none_bytes - c->capacity) / (none_bytes - all_bytes)), 1.0, (double) layers);
  for (;;)
    {
      Memory fewer;

      k->recompute_layers = fewest;
      layout_memory (c, k, mem, known);
      if (mem->total > c->capacity)
        {
          if (++fewest >= layers)
            break;
          continue;
        }
      if (fewest == 1)
        break;
      k->recompute_layers = fewest - 1;
      layout_memory (c, k, &fewer, known);
      if (fewer.total > c->capacity)
        break;
      fewest--;
      *mem = fewer;
    }
  if (fewest >= layers)
    {
      k->recompute_layers = 0;
      layout_memory (c, k, mem, known);
    }
  else
    k->recompute_layers = fewest;
  return TRUE;
}

/* The least recompute of the allowed ones that fits; FALSE if none does
 * (then @k holds the most saving one). */
static gboolean
least_recompute_that_fits (const Context  *c,
                           const Choices  *choices,
                           Config         *k,
                           Memory         *mem,
                           Known          *known)
{
  double none_bytes = 0;

  for (int r = choices->recompute_first; r <= (int) choices->recompute_last; r++)
    {
      k->recompute = (CpRecompute) r;
      if (k->recompute == CP_RECOMPUTE_FULL)
        {
          if (none_bytes == 0 && c->recompute_partial)
            {
              k->recompute = CP_RECOMPUTE_NONE;
              layout_memory (c, k, mem, known);
              none_bytes = mem->total;
              k->recompute = CP_RECOMPUTE_FULL;
            }
          return fewest_recomputed_layers_that_fit (c, none_bytes, k, mem, known);
        }
      layout_memory (c, k, mem, known);
      if (k->recompute == CP_RECOMPUTE_NONE)
        none_bytes = mem->total;
      if (_cp_memory_fits (c, mem))
        return TRUE;
    }
  return FALSE;
}

static void
split_config (const Split *s,
              const Context *c,
              const Config *techniques,
              Config *k)
{
  (void) c;
  *k = *techniques;
  k->tp = s->tp;
  k->pp = s->pp;
  k->vs = s->vs;
  k->ep = s->ep;
  k->dp = s->dp;
  k->layers_here = s->layers_here;
}


/* A layout that fits, timed, and the index of its split. */
typedef struct {
  Candidate cand;
  guint     split;
} Pooled;

/* Layouts the pool keeps on the stack before it allocates: a search's
 * window seldom holds more. */
#define STACK_POOL 32

/* The layouts that fit the search has timed and that may still be chosen
 * or named runner-up: each within the window (choice_window()) of the
 * runner-up's fastest runs so far, which only shrinks as the search goes
 * on, so a layout past it never returns. Of the two splits with the
 * fastest layouts one at least is not the chosen one's: their second
 * fastest run, and the same among layouts with safe headroom, bound the
 * runner-up's from above. */
typedef struct {
  Pooled *items;
  Pooled *allocated;           /* items, once the stack's are too few */
  guint   n, size;
  double  fastest_s[2];        /* the two fastest splits' fastest runs, ascending; INFINITY: none */
  double  fastest_safe_s[2];   /* the same among layouts with safe headroom */
} Pool;

static void
pool_init (Pool   *pool,
           Pooled *stack,
           guint   size)
{
  pool->items = stack;
  pool->allocated = NULL;
  pool->n = 0;
  pool->size = size;
  pool->fastest_s[0] = pool->fastest_s[1] = INFINITY;
  pool->fastest_safe_s[0] = pool->fastest_safe_s[1] = INFINITY;
}

/* The slowest run a layout may have and still be chosen or be the
 * runner-up; INFINITY until two splits have layouts that fit. */
static inline double
pool_cutoff (const Context *c,
             const Pool    *pool)
{
  return choice_window (c, pool->fastest_s[1], pool->fastest_safe_s[1]);
}

static void
pool_add (const Context   *c,
          Pool            *pool,
          const Candidate *cand,
          guint            split)
{
  double cutoff = pool_cutoff (c, pool);

  if (cand->time.run > cutoff)
    return;
  if (pool->n == pool->size)
    {
      guint kept = 0;

      for (guint i = 0; i < pool->n; i++)
        if (pool->items[i].cand.time.run <= cutoff)
          pool->items[kept++] = pool->items[i];
      pool->n = kept;
      /* Half full still once the layouts past the window left: grow, so
       * that the pool is not weeded again at every layout added. */
      if (pool->n * 2 > pool->size)
        {
          pool->size *= 2;
          if (pool->allocated == NULL)
            {
              pool->allocated = g_new (Pooled, pool->size);
              memcpy (pool->allocated, pool->items, pool->n * sizeof *pool->items);
            }
          else
            pool->allocated = g_renew (Pooled, pool->allocated, pool->size);
          pool->items = pool->allocated;
        }
    }
  pool->items[pool->n].cand = *cand;
  pool->items[pool->n].split = split;
  pool->n++;
}

/* @value into the two smallest of @two, ascending. */
static inline void
keep_two_smallest (double *two,
                   double  value)
{
  if (value < two[0])
    {
      two[1] = two[0];
      two[0] = value;
    }
  else if (value < two[1])
    two[1] = value;
}

/* Whether @a goes before @b among layouts the rule leaves equal: the
 * more memory headroom, then the faster, then the smaller parts in a
 * fixed order, so that no order of the search decides. */
static gboolean
pooled_before (const Pooled *a,
               const Pooled *b)
{
  const Config *x = &a->cand.config, *y = &b->cand.config;

  if (a->cand.memory.total != b->cand.memory.total)
    return a->cand.memory.total < b->cand.memory.total;
  if (a->cand.time.run != b->cand.time.run)
    return a->cand.time.run < b->cand.time.run;
  if (x->tp != y->tp)
    return x->tp < y->tp;
  if (x->pp != y->pp)
    return x->pp < y->pp;
  if (x->vs != y->vs)
    return x->vs < y->vs;
  if (x->ep != y->ep)
    return x->ep < y->ep;
  if (x->zero_stage != y->zero_stage)
    return x->zero_stage < y->zero_stage;
  if (x->mb != y->mb)
    return x->mb < y->mb;
  return x->recompute < y->recompute;
}

/* The layout the stated rule chooses among the pool's, those of split
 * @exclude left out (G_MAXUINT: none): of the layouts within TIE_FRACTION
 * of the fastest, the one with the most memory headroom. Where none of
 * them leaves safe headroom and one that does runs within the
 * layout-headroom-time setting of the fastest, the same among layouts
 * with safe headroom: within the tie of the fastest of them and that
 * limit of the fastest of all. Every layout is measured against the
 * fastest, never against another within the tie, so no chain of ties
 * drifts and no order of the search changes the answer. NULL: none. */
static const Pooled *
pool_choose (const Context *c,
             const Pool    *pool,
             guint          exclude)
{
  double headroom_time = c->settings->layout_headroom_time;
  double fastest_s = INFINITY, fastest_safe_s = INFINITY, slowest_s;
  gboolean safe_only = FALSE;
  const Pooled *chosen = NULL;

  for (guint i = 0; i < pool->n; i++)
    {
      const Pooled *p = &pool->items[i];

      if (p->split == exclude)
        continue;
      fastest_s = MIN (fastest_s, p->cand.time.run);
      if (!candidate_tight (c, &p->cand))
        fastest_safe_s = MIN (fastest_safe_s, p->cand.time.run);
    }
  if (fastest_s == INFINITY)
    return NULL;
  slowest_s = fastest_s * (1.0 + TIE_FRACTION);
  if (headroom_time > 0 && fastest_safe_s > slowest_s && fastest_safe_s <= headroom_limit_s (c, fastest_s))
    {
      safe_only = TRUE;
      slowest_s = MIN (fastest_safe_s * (1.0 + TIE_FRACTION), headroom_limit_s (c, fastest_s));
    }
  for (guint i = 0; i < pool->n; i++)
    {
      const Pooled *p = &pool->items[i];

      if (p->split == exclude || p->cand.time.run > slowest_s || (safe_only && candidate_tight (c, &p->cand)))
        continue;
      if (chosen == NULL || pooled_before (p, chosen))
        chosen = p;
    }
  return chosen;
}

/* Whether a larger micro-batch of split @s never needs less recompute
 * than a smaller one: memory grows with the micro-batch (per layer
 * s·b·h, the first pipeline stage holding min(m, p) micro-batches of it)
 * unless rounded micro-batches leave a larger micro-batch's first stage
 * fewer sequences, or the model states change with the micro-batches
 * (FSDP1's adapter gradients). */
static gboolean
recompute_grows_with_micro_batch (const Context *c,
                                  const Choices *choices,
                                  const Split   *s,
                                  const Config  *techniques)
{
  double held = (double) choices->mb_values[0] * MIN ((double) s->m_first, (double) s->pp);

  if (_cp_layout_memory_states_depend_on_m (c, techniques))
    return FALSE;
  for (guint i = 1; i < choices->n_mb && (double) s->dp * choices->mb_values[i] <= s->batch_seqs; i++)
    {
      guint mb = choices->mb_values[i];
      double held_here = (double) mb * MIN ((double) micro_batches_of (s->batch_seqs, s->dp, mb), (double) s->pp);

      if (held_here < held)
        return FALSE;
      held = held_here;
    }
  return TRUE;
}

/* The layouts of one split that fit into @pool. Micro-batches grow while
 * that pays: a larger one hides more of the data-parallel traffic behind
 * its backward and adds bubble and memory, so the run time falls and then
 * rises. */
static void
best_of_split (const Context    *c,
               const Split      *s,
               guint             split,
               const Choices    *choices,
               const Config     *techniques,
               const SplitBound *bound,
               Known            *known,
               Pool             *pool,
               Search           *search)
{
  /* Constant while the split is weighed: the pool's fastest runs change
   * once its layouts are all in. */
  double cutoff = pool_cutoff (c, pool);
  guint dp = s->dp;
  double split_fastest_s = INFINITY, split_fastest_safe_s = INFINITY;
  int recompute_grows = -1;   /* recompute_grows_with_micro_batch(); -1: not asked */
  Config split_layout;        /* the split's parts; each layout sets its own choices */

  if (!s->runs)
    return;
  split_config (s, c, techniques, &split_layout);
  for (guint z = s->zero_first; z <= s->zero_last; z++)
    {
      double previous_run = G_MAXDOUBLE;

      for (guint i = 0; i < choices->n_mb; i++)
        {
          /* Every field is set below where the layout fits. */
          Candidate cand;

          /* More sequences per step than the batch asks for would change
           * the training, not the layout. */
          if (i > 0 && (double) dp * choices->mb_values[i] > s->batch_seqs)
            break;
          cand.config = split_layout;
          cand.config.zero_stage = z;
          cand.config.mb = choices->mb_values[i];
          cand.config.m = i == 0 ? s->m_first : micro_batches_of (s->batch_seqs, dp, cand.config.mb);
          /* Interleaving runs with no fewer micro-batches than stages. */
          if (i > 0 && s->vs > 1 && cand.config.m < s->pp)
            break;
          /* Past the window any layout must run in to be chosen or be the
           * runner-up, this layout and the larger micro-batches after it
           * (fewer micro-batches, a larger bubble) are left untimed, their
           * memory not worked out: none of them could enter the pool, nor
           * be the fastest that fits (the pool's fastest run, within the
           * window, is faster). */
          if (bound->valid && layout_lower_bound_at (c, bound, cand.config.m, z) > cutoff)
            {
              search->evaluated++;
              break;
            }
          cand.fits = least_recompute_that_fits (c, choices, &cand.config, &cand.memory, known);
          cand.valid = TRUE;
          if (!cand.fits)
            break;   /* a larger micro-batch needs more memory still */
          /* The same with the layers it recomputes to fit, where the
           * larger micro-batches after it recompute as many or more
           * (asked once a layout would be left by it). */
          if (bound->valid && bound->recomputed > 0 && cand.config.recompute == CP_RECOMPUTE_FULL &&
              layout_lower_bound_at (c, bound, cand.config.m, z) +
              bound->recomputed * _cp_recompute_fraction (c, &cand.config) * c->job->tokens > cutoff)
            {
              if (recompute_grows < 0)
                recompute_grows = recompute_grows_with_micro_batch (c, choices, s, techniques);
              if (recompute_grows)
                {
                  search->evaluated++;
                  break;
                }
            }
          layout_time (c, &cand.config, &cand.time, known);
          search->evaluated++;
          search->timed++;
          if (search->fastest_run == 0 || cand.time.run < search->fastest_run)
            {
              search->fastest_run = cand.time.run;
              search->fastest_memory = cand.memory.total;
            }
          split_fastest_s = MIN (split_fastest_s, cand.time.run);
          if (!candidate_tight (c, &cand))
            split_fastest_safe_s = MIN (split_fastest_safe_s, cand.time.run);
          pool_add (c, pool, &cand, split);
          if (cand.time.dp_exposed <= cand.time.dp_floor * (1.0 + 1e-9) || cand.time.run >= previous_run)
            break;
          previous_run = cand.time.run;
        }
    }
  keep_two_smallest (pool->fastest_s, split_fastest_s);
  keep_two_smallest (pool->fastest_safe_s, split_fastest_safe_s);
}


/* @cand, a layout that does not fit, into the least-bad two. */
static void
keep_best_two (Search          *search,
               const Candidate *cand)
{
  if (candidate_better (cand, &search->best))
    {
      search->runner_up = search->best;
      search->best = *cand;
    }
  else if (candidate_better (cand, &search->runner_up))
    search->runner_up = *cand;
}

/* The recompute a lower bound assumes: the least allowed, and none where
 * full recompute may cover only some layers (the fewest that fit, down to
 * one: nearly none). */
static CpRecompute
bound_recompute (const Context *c,
                 const Choices *choices)
{
  if (choices->recompute_first == CP_RECOMPUTE_FULL && c->recompute_partial)
    return CP_RECOMPUTE_NONE;
  return choices->recompute_first;
}

/* The smallest layout of split @s (most ZeRO and recompute of the
 * allowed, smallest micro-batch) into @k and its memory into @mem. */
static gboolean
smallest_layout_fits (const Context *c,
                      const Choices *choices,
                      const Split   *s,
                      const Config  *techniques,
                      Config        *k,
                      Memory        *mem)
{
  split_config (s, c, techniques, k);
  k->mb = choices->mb_values[0];
  k->m = s->m_first;
  k->zero_stage = s->zero_last;
  k->recompute = choices->recompute_last;
  _cp_layout_memory (c, k, mem);
  return _cp_memory_fits (c, mem);
}

/* A tighter lower bound on the run time of split @s than its quick one,
 * from the step timed at its first micro-batch size, least recompute and
 * first ZeRO stage, per token of the step. What the micro-batch sizes the
 * split may try change is taken at its best over them all:
 * - the routed experts' GEMMs run fastest at the largest micro-batch (the
 *   most tokens per GEMM), so the compute per token is that layout's;
 *   the collectives left exposed beside less compute only grow;
 * - the bubble is smallest with the most micro-batches, the first size's;
 * - the data-parallel reduction is paid once per step, so it is spread
 *   over the most tokens a step of them holds (micro-batches are rounded:
 *   a larger micro-batch may make a larger step), and hidden at best
 *   behind the backward of the largest micro-batch at the first size's
 *   compute per token; none of it is counted where ZeRO-2 or -3 may run,
 *   which can hide it all. */
static double
split_lower_bound (const Context *c,
                   const Choices *choices,
                   const Split   *s,
                   const Config  *techniques,
                   Known         *known,
                   SplitBound    *bound)
{
  Config k;
  StepTime st;
  double compute_per_token, exposed_per_token, hidden_dp = 0;
  double tokens_most, least_zero_extra;
  guint mb_max = choices->mb_values[0];

  split_config (s, c, techniques, &k);
  k.mb = choices->mb_values[0];
  k.m = s->m_first;
  k.zero_stage = s->zero_first;
  k.recompute = bound_recompute (c, choices);
  layout_time (c, &k, &st, known);
  known->time_config = k;
  known->time = st;
  known->has_time = TRUE;

  tokens_most = st.tokens;
  for (guint b = 1; b < choices->n_mb && (double) k.dp * choices->mb_values[b] <= s->batch_seqs; b++)
    {
      mb_max = choices->mb_values[b];
      tokens_most = MAX (tokens_most, (double) micro_batches_of (s->batch_seqs, k.dp, mb_max) * mb_max * k.dp * c->seq);
    }

  compute_per_token = st.compute / st.tokens;
  if (c->expert_flops_fwd > 0 && mb_max != k.mb)
    {
      /* The compute per token of the step at the largest micro-batch,
       * as _cp_layout_time_of_split() works it out, without the rest of
       * that step. */
      Config fastest = k;
      BoundCompute at_most;

      fastest.mb = mb_max;
      _cp_bound_compute_init (c, &fastest, _cp_expert_tokens_per_gemm (c, &fastest), &at_most);
      compute_per_token = MIN (compute_per_token, at_most.per_token / (c->gpus * c->utilisation) *
                                                  (_cp_layers_per_gpu (c, &k) * k.pp / c->layers));
    }

  if (s->zero_last <= 1)
    {
      double backward_most = st.backward / st.tokens * ((double) mb_max * k.dp * c->seq);

      hidden_dp = MAX (st.dp_floor, st.dp - c->settings->dp_overlap * backward_most);
    }

  /* Offload copies and the slowdown of overlapped compute are left out:
   * neither falls with the settings above, nor is bounded below by them. */
  exposed_per_token = (st.tp_exposed + st.all_to_all_exposed) / st.tokens;
  bound->compute_and_exposed = compute_per_token + exposed_per_token;
  bound->pipeline = st.pp / st.tokens;
  bound->data_parallel = hidden_dp / tokens_most;
  bound->pp = k.pp;
  bound->vs = k.vs;
  bound->valid = TRUE;

  /* Data-parallel traffic hidden behind compute still slows it
   * (overlap-compute-slowdown s per hidden second), so each stage's
   * traffic D adds at least min(s, 1)·D beside what the bound above
   * counts exposed (E ≤ D: it adds E + s·(D − E)). D at its least over
   * the split's micro-batch sizes: ZeRO-0/1 reduce once a step (over the
   * most tokens a step holds), ZeRO-2 reduce-scatters every micro-batch
   * and gathers once, ZeRO-3 gathers twice and reduce-scatters every
   * micro-batch, or gathers and reduce-scatters once a step where
   * pipeline stages stay gathered (fsdp-pp-unsharded)
   * (_cp_layout_time_of_split()). A hair below, so rounding
   * never prunes a layout at the window's edge. */
  memset (bound->zero_stage, 0, sizeof bound->zero_stage);
  least_zero_extra = 0;
  if (k.dp > 1 && known->has_time_split)
    {
      const TimeSplit *ts = &known->time_split;
      double hidden_share = MIN (MAX (c->settings->overlap_compute_slowdown, 0.0), 1.0);
      double largest_micro_batch_tokens = (double) mb_max * k.dp * c->seq;

      least_zero_extra = G_MAXDOUBLE;
      for (guint z = s->zero_first; z <= s->zero_last && z < G_N_ELEMENTS (bound->zero_stage); z++)
        {
          double least_per_token = z <= 1 ? ts->all_reduce / tokens_most
                                   : z == 2 ? ts->half / largest_micro_batch_tokens + ts->half / tokens_most
                                   : k.pp > 1 && c->settings->fsdp_pp_unsharded ? (ts->gather + ts->half) / tokens_most
                                   : (2.0 * ts->gather + ts->half) / largest_micro_batch_tokens;

          bound->zero_stage[z] = MAX (0.0, hidden_share * (least_per_token - bound->data_parallel)) * (1.0 - 1e-9);
          least_zero_extra = MIN (least_zero_extra, bound->zero_stage[z]);
        }
      if (least_zero_extra == G_MAXDOUBLE)
        least_zero_extra = 0;
    }

  /* Memory: the bound above assumes no recompute, where a layout may
   * need full recompute of some of its layers to fit. Those layers run
   * their forward pass again: per token of a step at least the forward at
   * the experts' fastest (speed 1) for each share of the layers. More
   * compute hides more tensor-parallel traffic (tp-comm-overlap of it at
   * most) and overlapped all-to-all (all of it at most), so only what
   * they cannot hide is counted; nothing where the bound counts
   * data-parallel traffic that the added backward could hide (above its
   * floor). best_of_split() adds it once a layout's least recompute that
   * fits is known, where a larger micro-batch never needs less. */
  bound->recomputed = 0;
  if (k.recompute == CP_RECOMPUTE_NONE && choices->recompute_last == CP_RECOMPUTE_FULL &&
      (hidden_dp == 0 || hidden_dp <= st.dp_floor))
    {
      double hidden_by_more = (k.tp > 1 ? c->settings->tp_comm_overlap : 0) +
                              (k.ep > 1 && c->settings->moe_a2a_overlap ? 1.0 : 0);
      double forward_per_token = (c->param_flops_fwd - c->expert_flops_fwd) / c->peak +
                                 c->expert_flops_fwd / c->expert_peak + c->attention_flops_fwd / c->attention_peak;

      bound->recomputed = forward_per_token / (c->gpus * c->utilisation) *
                          (_cp_layers_per_gpu (c, &k) * k.pp / c->layers) *
                          MAX (0.0, 1.0 - hidden_by_more) * (1.0 - 1e-9);
    }
  return layout_lower_bound (c, bound, k.m) + least_zero_extra * c->job->tokens;
}

/* Expert tensor-parallel sizes whose bounds' compute per token the
 * search keeps: 1 and each tensor-parallel size inside a node (powers of
 * two), or a pinned one. */
#define MAX_BOUND_COMPUTES 16

/* The compute per token of @k's bound: the same for every split of one
 * expert tensor-parallel size (the recompute the bounds assume is one for
 * all), so worked out once for each and kept in @kept. */
static inline const BoundCompute *
bound_compute_for (const Context *c,
                   const Config  *k,
                   BoundCompute  *kept,
                   guint         *n_kept)
{
  /* Without routed experts their speed is 1 whatever the size. */
  double etp = c->expert_flops_fwd > 0 ? _cp_expert_tp (c, k) : 1.0;

  for (guint i = 0; i < *n_kept; i++)
    if (kept[i].etp == etp)
      return &kept[i];
  if (*n_kept == MAX_BOUND_COMPUTES)
    *n_kept = 0;   /* more sizes than kept: start again */
  _cp_bound_compute_init (c, k, INFINITY, &kept[*n_kept]);
  kept[*n_kept].etp = etp;
  return &kept[(*n_kept)++];
}

/* The fastest layout that fits, and the best one of another split.
 * Every split gets a quick lower bound on its run time
 * (_cp_layout_run_lower_bound(): compute, tensor and expert traffic,
 * pipeline sends and the bubble, no data-parallel traffic) and is weighed
 * in that order; once the bound passes the window any runner-up may run
 * in (pool_cutoff()) nothing left can place, and the rest are pruned
 * without their memory or step time being worked out. A split whose
 * smallest layout does not fit is never timed. The chosen layout and the
 * runner-up are picked once every layout that can be either is timed
 * (pool_choose()). */
void
_cp_search_layout (const Context *c,
                   const Config  *techniques,
                   Search        *search)
{
  Split stack[STACK_SPLITS];
  Rank ranks_stack[STACK_SPLITS], tmp_stack[STACK_SPLITS / 2 + 1];
  guint weighed_stack[STACK_SPLITS];
  g_autofree Split *allocated = NULL;
  g_autofree Rank *ranks_allocated = NULL, *tmp_allocated = NULL;
  g_autofree guint *weighed_allocated = NULL;
  Split *splits;
  Rank *ranks;
  guint *weighed_splits;
  SplitOrder order;
  Choices choices;
  Config k;
  BoundCompute bound_computes[MAX_BOUND_COMPUTES];
  guint n_bound_computes = 0;
  guint n, weighed = 0;
  Pooled pool_stack[STACK_POOL];
  Pool pool;
  const Pooled *chosen, *runner_up;

  memset (search, 0, sizeof *search);
  pool_init (&pool, pool_stack, STACK_POOL);
  _cp_choices_init (c, techniques, &choices);
  splits = _cp_enumerate_splits (c, &choices, stack, &allocated, &n);
  search->splits = n;
  if (n > STACK_SPLITS)
    {
      ranks_allocated = g_new (Rank, n);
      tmp_allocated = g_new (Rank, n / 2 + 1);
      weighed_allocated = g_new (guint, n);
    }
  ranks = ranks_allocated != NULL ? ranks_allocated : ranks_stack;
  weighed_splits = weighed_allocated != NULL ? weighed_allocated : weighed_stack;

  /* What the bounds share: the split's parts are set for each. */
  k = *techniques;
  k.zero_stage = 0;
  k.mb = choices.mb_values[0];
  k.recompute = bound_recompute (c, &choices);
  k.recompute_layers = 0;
  for (guint i = 0; i < n; i++)
    {
      Split *s = &splits[i];

      s->m_first = micro_batches_of (s->batch_seqs, s->dp, k.mb);
      ranks[i].index = i;
      if (!s->runs)
        {
          ranks[i].bound = G_MAXDOUBLE;   /* cannot run the ZeRO stage asked for */
          continue;
        }
      k.tp = s->tp;
      k.pp = s->pp;
      k.vs = s->vs;
      k.ep = s->ep;
      k.dp = s->dp;
      k.layers_here = s->layers_here;
      k.m = s->m_first;
      k.zero_stage = s->zero_first;
      ranks[i].bound = _cp_layout_run_lower_bound (c, &k, bound_compute_for (c, &k, bound_computes,
                                                                             &n_bound_computes));
    }
  _cp_split_order_init (&order, ranks, tmp_allocated != NULL ? tmp_allocated : tmp_stack, n);

  for (; weighed < n; weighed++)
    {
      guint index = split_order_peek (&order);
      Split *s = &splits[index];
      double cutoff = pool_cutoff (c, &pool);
      double bound_s = order.sorted ? order.ranks[order.next].bound : order.ranks[0].bound;
      SplitBound bound;
      Known known;

      if (bound_s == G_MAXDOUBLE || bound_s > cutoff)
        break;
      split_order_take (&order);
      weighed_splits[weighed] = index;
      s->smallest_fits = smallest_layout_fits (c, &choices, s, techniques, &known.memory_config, &known.memory);
      if (!s->smallest_fits)
        continue;
      known.has_memory = TRUE;
      known.has_time = FALSE;
      memset (known.has_states, 0, sizeof known.has_states);
      if (known.memory_config.zero_stage < G_N_ELEMENTS (known.states))
        {
          copy_memory_states (&known.states[known.memory_config.zero_stage], &known.memory);
          known.states_m[known.memory_config.zero_stage] = known.memory_config.m;
          known.has_states[known.memory_config.zero_stage] = TRUE;
        }
      known.has_time_split = FALSE;
      bound.valid = FALSE;
      if (cutoff != INFINITY && split_lower_bound (c, &choices, s, techniques, &known, &bound) > cutoff)
        continue;
      best_of_split (c, s, index, &choices, techniques, &bound, &known, &pool, search);
    }
  search->pruned = n - weighed;

  chosen = pool_choose (c, &pool, G_MAXUINT);
  if (chosen != NULL)
    {
      search->best = chosen->cand;
      runner_up = pool_choose (c, &pool, chosen->split);
      if (runner_up != NULL)
        search->runner_up = runner_up->cand;
    }
  g_free (pool.allocated);

  /* Nothing fits, or one split only: the least-bad answer, or the
   * runner-up beside the only split that fits, is the smallest of the
   * splits that do not fit (all of them weighed: the loop above stops
   * early only behind a runner-up that fits). */
  if (!(search->runner_up.valid && search->runner_up.fits))
    for (guint i = 0; i < weighed; i++)
      {
        const Split *s = &splits[weighed_splits[i]];
        Candidate cand = { 0 };

        if (s->smallest_fits)
          continue;
        smallest_layout_fits (c, &choices, s, techniques, &cand.config, &cand.memory);
        cand.valid = TRUE;
        keep_best_two (search, &cand);
      }

  if (search->best.valid && !search->best.fits)
    _cp_layout_time (c, &search->best.config, &search->best.time);
  if (search->runner_up.valid && !search->runner_up.fits)
    _cp_layout_time (c, &search->runner_up.config, &search->runner_up.time);
}

/* Whether some split fits with recompute and ZeRO at most @recompute_max
 * and @zero_max (and the job's pins): the smallest layout of every split,
 * no timing. */
gboolean
_cp_some_split_fits (const Context *c,
                     const Config  *techniques,
                     CpRecompute    recompute_max,
                     guint          zero_max)
{
  Choices choices;
  Split stack[STACK_SPLITS];
  g_autofree Split *allocated = NULL;
  Split *splits;
  guint n;

  _cp_choices_init (c, techniques, &choices);
  splits = _cp_enumerate_splits (c, &choices, stack, &allocated, &n);
  for (guint i = 0; i < n; i++)
    {
      Config k;
      Memory mem;

      if (!splits[i].runs || splits[i].zero_first > zero_max || choices.recompute_first > recompute_max)
        continue;
      split_config (&splits[i], c, techniques, &k);
      k.mb = choices.mb_values[0];
      k.m = micro_batches_of (splits[i].batch_seqs, k.dp, k.mb);
      k.zero_stage = MIN (splits[i].zero_last, zero_max);
      k.recompute = MIN (choices.recompute_last, recompute_max);
      _cp_layout_memory (c, &k, &mem);
      if (_cp_memory_fits (c, &mem))
        return TRUE;
    }
  return FALSE;
}


/* The memory technique a searched layout relies on (R1 names it): full
 * recompute or ZeRO-3 chosen by the search count when no layout without
 * them fits. */
CpTechnique
_cp_technique_searched (const Context *c,
                        const Config  *techniques,
                        const Config  *chosen)
{
  gboolean full = chosen->recompute == CP_RECOMPUTE_FULL && c->job->recompute == CP_RECOMPUTE_AUTO;
  gboolean zero3 = chosen->zero_stage == 3 && c->job->zero_stage == CP_ZERO_STAGE_AUTO;

  Config lighter = *chosen;
  Memory mem;

  if (!full && !zero3)
    return CP_TECHNIQUE_AS_CONFIGURED;
  /* Most often the chosen split itself fits without them (ZeRO-3 won a
   * tie on headroom). */
  lighter.recompute = full ? CP_RECOMPUTE_SELECTIVE : chosen->recompute;
  lighter.zero_stage = zero3 ? MAX (techniques->zero_stage, MIN (2u, c->gpus / (chosen->tp * chosen->pp) > 1 ? 2u : 0u))
                             : chosen->zero_stage;
  _cp_layout_memory (c, &lighter, &mem);
  if (_cp_memory_fits (c, &mem) || _cp_some_split_fits (c, techniques, CP_RECOMPUTE_SELECTIVE, 2))
    return CP_TECHNIQUE_AS_CONFIGURED;
  if (_cp_some_split_fits (c, techniques, CP_RECOMPUTE_FULL, 2))
    return CP_TECHNIQUE_FULL_RECOMPUTE;
  return CP_TECHNIQUE_ZERO3;
}

void
_cp_layout_to_public (const Context *c,
                      const Config  *k,
                      CpLayout      *out)
{
  out->tensor_parallel = k->tp;
  out->pipeline_parallel = k->pp;
  out->data_parallel = k->dp;
  out->expert_parallel = k->ep;
  out->expert_tensor_parallel = cp_model_spec_is_moe (&c->job->model) ? (guint) _cp_expert_tp (c, k) : 1;
  out->virtual_stages = k->vs;
  out->zero_stage = k->zero_stage;
  out->micro_batch = k->mb;
  out->micro_batches = k->m;
  out->recompute = k->recompute;
  out->layers_per_gpu = (guint) _cp_layers_per_gpu (c, k);
  out->recomputed_layers = k->recompute != CP_RECOMPUTE_FULL ? 0
                           : k->recompute_layers > 0 ? k->recompute_layers : out->layers_per_gpu;
}

/* The runner-up of @search into @est, and why the chosen layout beat it;
 * the fastest layout, where the chosen one gave it up for headroom. */
void
_cp_search_runner_up (const Context *c,
                      const Search  *search,
                      CpEstimate    *est)
{
  if (search->best.fits && search->fastest_run > 0 &&
      search->best.time.run - search->fastest_run > TIE_FRACTION * search->fastest_run)
    {
      est->layout_fastest_total_s = search->fastest_run;
      est->layout_fastest_memory_per_gpu_bytes = search->fastest_memory;
    }
  if (!search->runner_up.valid)
    {
      est->layout_why = CP_LAYOUT_WHY_NONE;
      return;
    }
  _cp_layout_to_public (c, &search->runner_up.config, &est->runner_up);
  est->runner_up_fits = search->runner_up.fits;
  est->runner_up_total_s = search->runner_up.time.run;
  est->runner_up_memory_per_gpu_bytes = search->runner_up.memory.total;
  if (!search->runner_up.fits)
    est->layout_why = CP_LAYOUT_WHY_ONLY_FIT;
  else if (search->best.time.run < search->runner_up.time.run * (1.0 - TIE_FRACTION) ||
           search->best.memory.total >= search->runner_up.memory.total)
    est->layout_why = CP_LAYOUT_WHY_FASTER;
  else if (fabs (search->best.time.run - search->runner_up.time.run) <=
           TIE_FRACTION * MIN (search->best.time.run, search->runner_up.time.run))
    est->layout_why = CP_LAYOUT_WHY_HEADROOM;
  else
    /* Slower beyond a tie: only a Tight runner-up loses so
     * (pool_choose()). */
    est->layout_why = CP_LAYOUT_WHY_SAFE_HEADROOM;
}

