import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import type { CreateAssetCategoryRequest, UpdateAssetCategoryRequest } from '@cacifo/contract/schemas/assets';
import { callEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { invalidateAssets } from './keys';

/** GET api/asset/categories: every category with how many assets carry it. */
export function useAssetCategories() {
  return useQuery(endpointQuery(assetsApi.categories, {}, { staleTime: 60_000 }));
}

/** POST (no id) or PUT (with id) api/asset/category. */
export function useSaveAssetCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssetCategoryRequest | UpdateAssetCategoryRequest) =>
      'id' in body
        ? callEndpoint(assetsApi.updateCategory, { body })
        : callEndpoint(assetsApi.createCategory, { body }),
    meta: { success: 'assets.common.saved' },
    onSuccess: () => invalidateAssets(qc),
  });
}

/** DELETE api/asset/category with body categoryId. */
export function useDeleteAssetCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: number) => callEndpoint(assetsApi.removeCategory, { body: { categoryId } }),
    meta: { success: 'assets.common.saved' },
    onSuccess: () => invalidateAssets(qc),
  });
}
