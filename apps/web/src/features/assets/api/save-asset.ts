import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import type { CreateAssetRequest, UpdateAssetRequest } from '@cacifo/contract/schemas/assets';
import { callEndpoint } from '@/lib/api-client';
import { invalidateAssets } from './keys';

/** An asset mutation: what it says when it ends is its `meta` (lib/mutation-feedback.ts). */
function useAssetMutation<V, R>(fn: (vars: V) => Promise<R>, meta: MutationMeta) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSuccess: () => invalidateAssets(qc) });
}

/** POST api/asset/asset (new) or PUT api/asset/asset (with id). */
export function useSaveAsset() {
  return useAssetMutation(
    (body: CreateAssetRequest | UpdateAssetRequest) =>
      'id' in body ? callEndpoint(assetsApi.update, { body }) : callEndpoint(assetsApi.create, { body }),
    { success: 'assets.form.saved' },
  );
}

/** DELETE api/asset/asset with body assetId. */
export function useDeleteAsset() {
  return useAssetMutation((assetId: number) => callEndpoint(assetsApi.remove, { body: { assetId } }), {
    success: 'assets.details.deleted',
  });
}

/** GET api/asset/enableAsset or disableAsset: two calls (SPEC §4). */
export function useSetAssetEnabled() {
  return useAssetMutation(
    ({ assetId, enabled }: { assetId: number; enabled: boolean }) =>
      callEndpoint(enabled ? assetsApi.enable : assetsApi.disable, { query: { assetId } }),
    {
      success: (_r: unknown, v: { enabled: boolean }) =>
        v.enabled ? 'assets.details.enabled' : 'assets.details.disabled',
    },
  );
}

/** GET api/asset/openForStorage or openForRetrieval: the admin opens the door (logs 11, 10). */
export function useOpenAssetDoor() {
  return useAssetMutation(
    ({
      assetId,
      purpose,
      lockerId,
      placeId,
    }: {
      assetId: number;
      purpose: 'storage' | 'retrieval';
      lockerId?: number | undefined;
      placeId?: number | undefined;
    }) =>
      purpose === 'storage'
        ? callEndpoint(assetsApi.openForStorage, { query: { assetId, lockerId, placeId } })
        : callEndpoint(assetsApi.openForRetrieval, { query: { assetId } }),
    {
      success: (r: { doorNumber: number }, v: { purpose: 'storage' | 'retrieval' }) =>
        v.purpose === 'storage'
          ? ['assets.storage.opened', { door: r.doorNumber }]
          : 'assets.details.doorOpened',
    },
  );
}

/** POST api/asset/addAssetUser or removeAssetUser (AssetId, UserId). */
export function useAssetUser() {
  return useAssetMutation(
    ({ assetId, userId, add }: { assetId: number; userId: number; add: boolean }) =>
      callEndpoint(add ? assetsApi.addUser : assetsApi.removeUser, {
        body: { AssetId: assetId, UserId: userId },
      }),
    { success: 'assets.common.saved' },
  );
}

/** POST api/asset/addAssetGroup | removeAssetGroup: the group's members, now and later, may retrieve it. */
export function useAssetGroup() {
  return useAssetMutation(
    // `groupName`: only to say who was granted access.
    ({ assetId, groupId, add }: { assetId: number; groupId: number; add: boolean; groupName?: string }) =>
      callEndpoint(add ? assetsApi.addGroup : assetsApi.removeGroup, { body: { assetId, groupId } }),
    {
      success: (_r: unknown, v: { add: boolean; groupName?: string }) =>
        v.add && v.groupName ? ['assets.groups.granted', { name: v.groupName }] : 'assets.common.saved',
    },
  );
}

/** GET api/asset/addSchedules / removeSchedules, or the userOwnsAsset ones when a user is given. */
export function useAssetSchedules() {
  return useAssetMutation(
    ({
      assetId,
      scheduleIds,
      add,
      userId,
    }: {
      assetId: number;
      scheduleIds: number[];
      add: boolean;
      userId?: number;
    }) => {
      const ids = scheduleIds.join(',');
      return userId === undefined
        ? callEndpoint(add ? assetsApi.addSchedules : assetsApi.removeSchedules, {
            query: { assetId, scheduleIds: ids },
          })
        : callEndpoint(add ? assetsApi.addUserSchedules : assetsApi.removeUserSchedules, {
            query: { assetId, userId, scheduleIds: ids },
          });
    },
    { success: 'assets.common.saved' },
  );
}
