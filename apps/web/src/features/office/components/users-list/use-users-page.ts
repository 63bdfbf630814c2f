import { useEffect, useState } from 'react';
import { listUsersQuerySchema, type LockerUser } from '@cacifo/contract/schemas/office';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useBulkUsers } from '../../api/bulk-users';
import { useDeleteUser } from '../../api/delete-user';
import { useUserGroups } from '../../api/get-user-groups';
import { useUsers } from '../../api/get-users';
import { useSetUserEnabled } from '../../api/set-user-enabled';
import { useCan } from '@/lib/use-can';

/**
 * The users screen's state and data (the controller half of the page, as ra-core splits a list
 * page): the URL-held list state, the page of users, the lookups the filters offer, the row
 * mutations, the selection and the form dialog.
 */
export function useUsersPage() {
  const list = useListState(listUsersQuerySchema);
  const canManage = useCan();
  const users = useUsers(list.query);
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const setEnabled = useSetUserEnabled();
  const remove = useDeleteUser();
  const bulk = useBulkUsers();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<LockerUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // A selection belongs to the rows on screen: another page or filter starts a new one.
  const shown = JSON.stringify(list.query);
  useEffect(() => setSelected([]), [shown]);

  return {
    list,
    canManage,
    users,
    groups: groups.data?.groups ?? [],
    places: places.data?.places ?? [],
    setEnabled,
    remove,
    bulk,
    selected,
    setSelected,
    form: {
      user: editing,
      open: formOpen,
      /** Opens the dialog on a user, or empty for a new one. */
      show: (user: LockerUser | null) => {
        setEditing(user);
        setFormOpen(true);
      },
      close: () => setFormOpen(false),
    },
  };
}

export type UsersPage = ReturnType<typeof useUsersPage>;
