import { Component, lazy, Suspense, type ReactNode } from 'react';
import { i18n } from '@/lib/i18n';

interface State {
  error: Error | null;
}

/** The same words and action without antd's Result, for when its chunk cannot load either. */
function PlainPageError() {
  return (
    <div role="alert" data-testid="page-error" className="page-error-plain">
      <h2>{i18n.t('misc.errorTitle')}</h2>
      <p>{i18n.t('misc.errorText')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {i18n.t('common.retry')}
      </button>
    </div>
  );
}

// antd's Result (with its illustrations) is loaded only when a page actually breaks. A failed
// chunk load is the common cause, and may fail this import too: then the plain version shows.
const PageError = lazy(() => import('./page-error').catch(() => ({ default: PlainPageError })));

/**
 * Keeps a broken page from taking the whole shell down. A failed chunk load (new deploy while the
 * tab was open) is the common case, so the action is a reload.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PageError />
      </Suspense>
    );
  }
}
