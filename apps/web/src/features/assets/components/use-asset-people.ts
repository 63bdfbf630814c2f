import { useState } from 'react';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { useSingleFlight } from '@/lib/form-submit';
import { useLockerUsers, useSchedules } from '../api/get-office-refs';
import { useAssetGroup, useAssetSchedules, useAssetUser } from '../api/save-asset';

/** The people panel's controller: the user search, the schedules, and adding or removing users, groups and schedules. */
export function useAssetPeople(asset: Asset) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const users = useLockerUsers({ max_results: 20, offset: 0, search: search || undefined });
  const schedules = useSchedules();
  const userMutation = useAssetUser();
  const scheduleMutation = useAssetSchedules();
  const groupMutation = useAssetGroup();
  // The add button sends once however fast the clicks (the loading shows after a render).
  const addUser = useSingleFlight((userId: number) =>
    userMutation.mutateAsync({ assetId: asset.id, userId, add: true }),
  );
  const scheduleName = new Map((schedules.data?.schedules ?? []).map((s) => [s.id, s.name]));
  const scheduleOptions = (schedules.data?.schedules ?? []).map((s) => ({ value: s.id, label: s.name }));

  // What each change says is its mutation's meta; the promise keeps a confirmation loading.
  const run = (p: Promise<unknown>) => p.catch(() => undefined);
  const changeSchedules = (next: number[], current: number[], userId?: number) => {
    const added = next.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !next.includes(id));
    if (added.length)
      void run(scheduleMutation.mutateAsync({ assetId: asset.id, scheduleIds: added, add: true, userId }));
    if (removed.length)
      void run(scheduleMutation.mutateAsync({ assetId: asset.id, scheduleIds: removed, add: false, userId }));
  };

  return {
    users,
    setSearch,
    picked,
    setPicked,
    adding: userMutation.isPending,
    addPicked: () => {
      if (picked === null) return;
      void addUser.run(picked);
      setPicked(null);
    },
    removeUser: (userId: number) => run(userMutation.mutateAsync({ assetId: asset.id, userId, add: false })),
    removeGroup: (groupId: number) =>
      void run(groupMutation.mutateAsync({ assetId: asset.id, groupId, add: false })),
    scheduleName,
    scheduleOptions,
    changeSchedules,
  };
}

export type AssetPeople = ReturnType<typeof useAssetPeople>;
