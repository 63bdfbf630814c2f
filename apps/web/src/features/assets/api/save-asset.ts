import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import type { CreateAssetRequest, UpdateAssetRequest } from '@cacifo/contract/schemas/assets';
import { callEndpoint } from '@/lib/api-client';
import { invalidateAssets } from './keys';

function useAssetMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateAssets(qc) });
}

/** POST api/asset/asset (new) or PUT api/asset/asset (with id). */
export function useSaveAsset() {
  return useAssetMutation((body: CreateAssetRequest | UpdateAssetRequest) =>
    'id' in body ? callEndpoint(assetsApi.update, { body }) : callEndpoint(assetsApi.create, { body }),
  );
}

/** DELETE api/asset/asset with body assetId. */
export function useDeleteAsset() {
  return useAssetMutation((assetId: number) => callEndpoint(assetsApi.remove, { body: { assetId } }));
}

/** GET api/asset/enableAsset or disableAsset: two calls (SPEC §4). */
export function useSetAssetEnabled() {
  return useAssetMutation(({ assetId, enabled }: { assetId: number; enabled: boolean }) =>
    callEndpoint(enabled ? assetsApi.enable : assetsApi.disable, { query: { assetId } }),
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
  );
}

/** POST api/asset/addAssetUser or removeAssetUser (AssetId, UserId). */
export function useAssetUser() {
  return useAssetMutation(({ assetId, userId, add }: { assetId: number; userId: number; add: boolean }) =>
    callEndpoint(add ? assetsApi.addUser : assetsApi.removeUser, {
      body: { AssetId: assetId, UserId: userId },
    }),
  );
}

/** POST api/asset/addAssetGroup | removeAssetGroup: the group's members, now and later, may retrieve it. */
export function useAssetGroup() {
  return useAssetMutation(({ assetId, groupId, add }: { assetId: number; groupId: number; add: boolean }) =>
    callEndpoint(add ? assetsApi.addGroup : assetsApi.removeGroup, { body: { assetId, groupId } }),
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
  );
}
