/* cp-picker-row.h: a form row that picks one entry of a catalogue or of
 * the project's quotes, with search once the list is long.
 *
 * The list is set only when what it lists changes; moving the selection
 * from code never emits CpPickerRow::picked, so a handler may change the
 * record and reload the form without re-entering itself.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Lists longer than this get a search entry in their popup. */
#define CP_PICKER_ROW_SEARCH_MIN_ITEMS 10

#define CP_TYPE_PICKER_ROW (cp_picker_row_get_type ())

G_DECLARE_FINAL_TYPE (CpPickerRow, cp_picker_row, CP, PICKER_ROW, AdwActionRow)

GtkWidget   *cp_picker_row_new             (void);
/* Replaces the entries by @n_items pairs (an id may be NULL); does nothing
 * when they are the same. The selection moves to @selected_id. */
void         cp_picker_row_set_items       (CpPickerRow        *self,
                                            const char * const *ids,
                                            const char * const *labels,
                                            guint               n_items,
                                            const char         *selected_id);
/* Moves the selection to the entry of @id (the first entry when none
 * has it); nothing happens when it is already there. */
/* As cp_picker_row_set_items(), each entry with the whole name its
 * label shortens (NULL where it is whole): the tooltip shows it, and a
 * search finds it. */
void         cp_picker_row_set_named_items (CpPickerRow        *self,
                                            const char * const *ids,
                                            const char * const *labels,
                                            const char * const *whole_names,
                                            guint               n_items,
                                            const char         *selected_id);
void         cp_picker_row_select_id       (CpPickerRow        *self,
                                            const char         *id);
/* Changes the label of entry @position, keeping the selection. */
void         cp_picker_row_set_label       (CpPickerRow        *self,
                                            guint               position,
                                            const char         *label);
const char  *cp_picker_row_get_selected_id (CpPickerRow        *self);
/* The label the row shows for the selected entry. */
const char  *cp_picker_row_get_selected_label (CpPickerRow     *self);
/* The drop-down the user opens (for tests, which pick through it). */
void         cp_picker_row_set_ellipsize   (CpPickerRow        *self,
                                           PangoEllipsizeMode  mode);
GtkDropDown *cp_picker_row_get_drop_down   (CpPickerRow        *self);

G_END_DECLS
