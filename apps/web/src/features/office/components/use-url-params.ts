import { useSearchParams } from 'react-router';

/** Table state in the URL: read a value, write a patch (empty removes the key). */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };
  const num = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return { params, update, num };
}
