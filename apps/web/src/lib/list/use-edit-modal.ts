import { useState } from 'react';

/**
 * New and edit in one modal: the row being edited (null: a new one) and whether the modal is open.
 * The row stays set while the modal closes, so its form does not change under the closing animation.
 */
export function useEditModal<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    editing,
    open,
    create: () => {
      setEditing(null);
      setOpen(true);
    },
    edit: (row: T) => {
      setEditing(row);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
