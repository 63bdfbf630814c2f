import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssetCategory,
  CreateAssetCategoryRequest,
  UpdateAssetCategoryRequest,
} from '@cacifo/contract/schemas/assets';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

/** GET api/asset/categories: every category with how many assets carry it. */
export function useAssetCategories() {
  return useQuery({
    queryKey: assetKeys.categories,
    queryFn: ({ signal }) => api.get<AssetCategory[]>('/api/asset/categories', { signal }),
    staleTime: 60_000,
  });
}

/** POST (no id) or PUT (with id) api/asset/category. */
export function useSaveAssetCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssetCategoryRequest | UpdateAssetCategoryRequest) =>
      'id' in body
        ? api.put<AssetCategory>('/api/asset/category', body)
        : api.post<AssetCategory>('/api/asset/category', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

/** DELETE api/asset/category with body categoryId. */
export function useDeleteAssetCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: number) => api.delete<null>('/api/asset/category', { categoryId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
