/* model-fixture.h: a dense, gated-MLP model spec from its shape, for the
 * model's benchmark and its digest, which time and compare the same jobs. */
#pragma once

#include "planner/cp-estimate.h"

static inline void
cp_test_model_init (CpModelSpec *m,
                    double       params,
                    guint        layers,
                    guint        hidden,
                    guint        heads,
                    guint        kv_heads,
                    guint        ffn,
                    guint        vocab)
{
  *m = (CpModelSpec) { 0 };
  m->params = params;
  m->layers = layers;
  m->hidden = hidden;
  m->heads = heads;
  m->kv_heads = kv_heads;
  m->ffn = ffn;
  m->vocab = vocab;
  m->gated_mlp = TRUE;
}
