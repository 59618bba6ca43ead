/* cp-picker-item.h: one entry of a picker: a stable id and the label shown. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define CP_TYPE_PICKER_ITEM (cp_picker_item_get_type ())

G_DECLARE_FINAL_TYPE (CpPickerItem, cp_picker_item, CP, PICKER_ITEM, GObject)

/* @id may be NULL (an entry that stands for "none"). */
/* @whole_name: the entry's name where @label shortens it, for the
 * tooltip and the search; NULL where @label is whole. */
CpPickerItem *cp_picker_item_new       (const char   *id,
                                        const char   *label,
                                        const char   *whole_name);
const char   *cp_picker_item_get_id    (CpPickerItem *self);
const char   *cp_picker_item_get_label (CpPickerItem *self);
/* The whole name given to cp_picker_item_new(), else the label. */
const char   *cp_picker_item_get_whole_name (CpPickerItem *self);

G_END_DECLS
