import { useEffect, useMemo, useState } from 'react';
import { Alert, Empty, Select, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { ShellUserMenu } from '@/lib/shell-slots';
import { usePageTitle } from '@/lib/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { useLockersByPlace, usePlaces } from '@/lib/queries/locations';
import { countByColour } from '../components/grid-summary';
import { LockerGrid, LockerLegend } from '../components/locker-grid';
import { ModeTag } from '../components/mode-switch';
import { RealtimeIndicator } from '../components/realtime-indicator';
import './monitoring-page.css';

const WALL_TILE_LIMIT = 120;

function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'pt-PT';
  return (
    <div className="monitoring-clock" aria-live="off">
      <span className="monitoring-time">
        {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
      </span>
      <span className="monitoring-date">
        {now.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' })}
      </span>
    </div>
  );
}

/**
 * /monitoring: a wall display of one location's lockers, live through the realtime socket, with a
 * location switcher (SPEC "Monitor: change locations"). The shell draws it alone (a `wall` route):
 * the menu is of no use on a wall; the user menu stays, for the profile and logout.
 */
export default function MonitoringPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.monitoring'));
  const [params, setParams] = useSearchParams();
  const places = usePlaces({ type: 'ALL', max_results: 500 });
  const list = places.data?.places ?? [];
  const requested = Number(params.get('place'));
  const placeId = list.some((p) => p.id === requested) ? requested : (list[0]?.id ?? 0);
  const lockers = useLockersByPlace(placeId);
  const data = lockers.data?.Lockers;
  const counts = useMemo(() => countByColour(data ?? []), [data]);
  const place = lockers.data?.Place;

  return (
    <div className="monitoring" data-testid="monitoring">
      <header className="monitoring-header">
        <h1 className="sr-only">{t('nav.monitoring')}</h1>
        <div className="monitoring-brand">
          <BrandLogo withName />
        </div>
        <Select
          className="monitoring-switcher"
          size="large"
          value={placeId || undefined}
          placeholder={t('locations.monitoring.choose')}
          loading={places.isLoading}
          onChange={(id: number) => setParams({ place: String(id) }, { replace: true })}
          options={list.map((p) => ({ value: p.id, label: p.name }))}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('locations.monitoring.choose')}
          data-testid="monitoring-switcher"
        />
        {place && <ModeTag mode={place.mode} />}
        <div className="monitoring-spacer" />
        <RealtimeIndicator />
        <Clock />
        <ShellUserMenu compact />
      </header>
      <div className="monitoring-body">
        {places.isError && <Alert type="error" showIcon title={errorMessage(places.error)} />}
        {places.isSuccess && list.length === 0 && <Empty description={t('locations.monitoring.noPlaces')} />}
        {lockers.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
        {lockers.isError && <Alert type="error" showIcon title={errorMessage(lockers.error)} />}
        {place && data && (
          <>
            <div className="monitoring-summary">
              <Typography.Title level={2} className="monitoring-title">
                {place.name}
              </Typography.Title>
              <LockerLegend counts={counts} />
            </div>
            {/* Big tiles read from across a room; a large bank falls back to the denser grid to fit. */}
            <LockerGrid lockers={data} variant={data.length > WALL_TILE_LIMIT ? 'normal' : 'wall'} />
          </>
        )}
      </div>
    </div>
  );
}
