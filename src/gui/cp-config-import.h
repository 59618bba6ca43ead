/* cp-config-import.h: a model from a Hugging Face config.json into the
 * window's project catalogue (the window's "Import Model"), the same
 * reading as `compute-planner-cli import-config`. */
#pragma once

#include "cp-window.h"

G_BEGIN_DECLS

/* Asks for a config.json, adds its model to @window's project and says
 * what was read (architecture, parameters, assumptions); a file that is
 * not a model's config changes nothing and says why. */
void cp_config_import_choose (CpWindow *window);

G_END_DECLS
