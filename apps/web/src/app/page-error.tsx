import { Button, Result } from 'antd';
import { i18n } from '@/lib/i18n';

/** What a broken page shows (error-boundary.tsx); its own chunk, as it is rarely needed. */
export default function PageError() {
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
