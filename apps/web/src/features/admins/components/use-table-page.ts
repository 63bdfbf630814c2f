import { useSearchParams } from 'react-router';

/** Table page and size kept in the URL (refine's convention), so reload and back keep the place. */
export function useTablePage(defaultSize = 20) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.min(200, Math.max(5, Number(params.get('size')) || defaultSize));
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  return {
    params,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    set,
    onPage: (p: number, size: number) => set({ page: String(p), size: String(size) }),
  };
}
