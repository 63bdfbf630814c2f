import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppRouteId } from '@cacifo/contract';
import { PageHeader } from './page-header';

/** What a screen shows until its own issue lands: its real title and a tidy "coming soon" state. */
export function ComingSoonPage({ routeId }: { routeId: AppRouteId }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader routeId={routeId} />
      <Card className="coming-soon-card" data-testid="coming-soon">
        <div className="coming-soon">
          <svg width="132" height="104" viewBox="0 0 132 104" aria-hidden="true" focusable="false">
            <rect x="6" y="8" width="120" height="88" rx="10" className="cs-frame" />
            <rect x="18" y="20" width="28" height="30" rx="4" className="cs-door" />
            <rect x="52" y="20" width="28" height="30" rx="4" className="cs-door" />
            <rect x="86" y="20" width="28" height="30" rx="4" className="cs-door cs-door-accent" />
            <rect x="18" y="56" width="28" height="30" rx="4" className="cs-door" />
            <rect x="52" y="56" width="28" height="30" rx="4" className="cs-door cs-door-open" />
            <rect x="86" y="56" width="28" height="30" rx="4" className="cs-door" />
          </svg>
          <Typography.Title level={2} className="coming-soon-title">
            {t('common.comingSoon')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="coming-soon-text">
            {t('common.comingSoonText')}
          </Typography.Paragraph>
        </div>
      </Card>
    </>
  );
}
