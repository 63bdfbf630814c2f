import { Layout, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHealth } from '@/lib/health';

/**
 * Copyright and the serving instance `v{ip}` (from /api/health), useful when several instances run;
 * the instance is told to admins only ('health.details'), so other roles see the copyright alone.
 */
export function AppFooter() {
  const { t } = useTranslation();
  const { data } = useHealth();
  return (
    <Layout.Footer className="app-footer">
      <Typography.Text type="secondary">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Typography.Text>
      {data?.instance && (
        <Tooltip title={t('footer.versionLabel')}>
          <Typography.Text type="secondary" className="app-version" data-testid="app-version">
            {t('footer.version', { ip: data.instance })}
          </Typography.Text>
        </Tooltip>
      )}
    </Layout.Footer>
  );
}
