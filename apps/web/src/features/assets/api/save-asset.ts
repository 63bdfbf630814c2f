import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Asset,
  AssetDoorOpenReply,
  CreateAssetRequest,
  UpdateAssetRequest,
} from '@cacifo/contract/schemas/assets';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

function useAssetMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: assetKeys.all }) });
}

/** POST api/asset/asset (new) or PUT api/asset/asset (with id). */
export function useSaveAsset() {
  return useAssetMutation((body: CreateAssetRequest | UpdateAssetRequest) =>
    'id' in body ? api.put<Asset>('/api/asset/asset', body) : api.post<Asset>('/api/asset/asset', body),
  );
}

/** DELETE api/asset/asset with body assetId. */
export function useDeleteAsset() {
  return useAssetMutation((assetId: number) => api.delete<null>('/api/asset/asset', { assetId }));
}

/** GET api/asset/enableAsset or disableAsset: two calls (SPEC §4). */
export function useSetAssetEnabled() {
  return useAssetMutation(({ assetId, enabled }: { assetId: number; enabled: boolean }) =>
    api.get<Asset>(enabled ? '/api/asset/enableAsset' : '/api/asset/disableAsset', { query: { assetId } }),
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
      api.get<AssetDoorOpenReply>(
        purpose === 'storage' ? '/api/asset/openForStorage' : '/api/asset/openForRetrieval',
        { query: { assetId, lockerId, placeId } },
      ),
  );
}

/** POST api/asset/addAssetUser or removeAssetUser (AssetId, UserId). */
export function useAssetUser() {
  return useAssetMutation(({ assetId, userId, add }: { assetId: number; userId: number; add: boolean }) =>
    api.post<Asset>(add ? '/api/asset/addAssetUser' : '/api/asset/removeAssetUser', {
      AssetId: assetId,
      UserId: userId,
    }),
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
    }) =>
      api.get<Asset>(
        `/api/${userId === undefined ? 'asset' : 'userOwnsAsset'}/${add ? 'addSchedules' : 'removeSchedules'}`,
        { query: { assetId, userId, scheduleIds } },
      ),
  );
}
