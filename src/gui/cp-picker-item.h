/* cp-picker-item.h: one entry of a picker: a stable id and the label shown. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CP_TYPE_PICKER_ITEM (cp_picker_item_get_type ())

G_DECLARE_FINAL_TYPE (CpPickerItem, cp_picker_item, CP, PICKER_ITEM, GObject)

/* @id may be NULL (an entry that stands for "none"). */
CpPickerItem *cp_picker_item_new       (const char   *id,
                                        const char   *label);
const char   *cp_picker_item_get_id    (CpPickerItem *self);
const char   *cp_picker_item_get_label (CpPickerItem *self);

G_END_DECLS
