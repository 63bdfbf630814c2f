import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { i18n } from '@/lib/i18n';

interface State {
  error: Error | null;
}

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
      <Result
        data-testid="page-error"
        status="warning"
        title={i18n.t('misc.errorTitle')}
        subTitle={i18n.t('misc.errorText')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('common.retry')}
          </Button>
        }
      />
    );
  }
}
