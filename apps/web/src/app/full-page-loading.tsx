import { BrandMark } from '@/components/brand-logo';

/** Shown while a whole-page chunk loads; no antd here so it costs nothing on the first paint. */
export function FullPageLoading() {
  return (
    <div className="full-page-loading" role="status" aria-live="polite">
      <BrandMark size={48} />
      <span className="full-page-loading-bar" />
    </div>
  );
}
