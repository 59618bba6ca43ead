/* cp-catalog.h: catalogues of models, GPUs and intra-node links.
 *
 * Catalogues are GKeyFile text (data/models.ini, data/gpus.ini,
 * data/links.ini): one group per entry, validated when loaded. The built-in
 * ones are compiled into each executable as a GResource; a project may add
 * its own entries, which take precedence over built-in ones with the same id.
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

typedef struct _CpCatalog CpCatalog;

CpCatalog          *cp_catalog_new           (void);
void                cp_catalog_free          (CpCatalog *catalog);
/* The catalogue shipped with the application (from the GResource
 * /io/github/cplanner/ComputePlanner/catalog/). Loaded once, never freed. */
const CpCatalog    *cp_catalog_get_builtin   (void);

gboolean            cp_catalog_load_models   (CpCatalog *catalog, const char *data, gsize len, GError **error);
gboolean            cp_catalog_load_gpus     (CpCatalog *catalog, const char *data, gsize len, GError **error);
gboolean            cp_catalog_load_links    (CpCatalog *catalog, const char *data, gsize len, GError **error);

void                cp_catalog_add_model     (CpCatalog *catalog, const CpModelSpec *model);
void                cp_catalog_add_gpu       (CpCatalog *catalog, const CpGpuSpec *gpu);
void                cp_catalog_add_link      (CpCatalog *catalog, const CpLinkSpec *link);
/* Copies of every model, GPU and link of @entries, as the calls above add them. */
void                cp_catalog_add_all       (CpCatalog *catalog, const CpCatalog *entries);

const CpModelSpec  *cp_catalog_find_model    (const CpCatalog *catalog, const char *id);
const CpGpuSpec    *cp_catalog_find_gpu      (const CpCatalog *catalog, const char *id);
const CpLinkSpec   *cp_catalog_find_link     (const CpCatalog *catalog, const char *id);
/* The GPU a person names: its id or its display name as the window lists
 * it ("NVIDIA A800 80GB SXM"), either in any case; NULL when none. */
const CpGpuSpec    *cp_catalog_find_gpu_named (const CpCatalog *catalog, const char *text);

guint               cp_catalog_n_models      (const CpCatalog *catalog);
guint               cp_catalog_n_gpus        (const CpCatalog *catalog);
guint               cp_catalog_n_links       (const CpCatalog *catalog);
const CpModelSpec  *cp_catalog_get_model     (const CpCatalog *catalog, guint index);
const CpGpuSpec    *cp_catalog_get_gpu       (const CpCatalog *catalog, guint index);
const CpLinkSpec   *cp_catalog_get_link      (const CpCatalog *catalog, guint index);

G_END_DECLS
