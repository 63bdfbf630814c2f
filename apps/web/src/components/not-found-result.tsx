import { lazy, Suspense, type ReactNode } from 'react';

// antd's Result carries its status illustrations (~10 KB gzip): loaded only when a page needs it.
const Result = lazy(() => import('antd/es/result'));

/** A detail page's "not found" (or failed load) state, with a way back. */
export function NotFoundResult({ title, extra }: { title: ReactNode; extra: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Result status="404" title={title} extra={extra} />
    </Suspense>
  );
}
