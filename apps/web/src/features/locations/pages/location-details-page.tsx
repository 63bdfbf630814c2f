import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Tabs, Typography } from 'antd';
import { DesktopOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { placeType } from '@cacifo/contract/codes/locker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useGridLocker, useGridLockers, useGridPlace } from '@/lib/queries/locations';
import { useSession } from '@/lib/session';
import { countByColour } from '../components/grid-summary';
import { LockerDrawer } from '../components/locker-drawer';
import { LockerGrid, LockerLegend } from '../components/locker-grid';
import { ModeSwitch, ModeTag } from '../components/mode-switch';
import { RealtimeIndicator } from '../components/realtime-indicator';
import { pathTo } from '@cacifo/contract/route-paths';

// The analytics tab's charts load when the tab opens, not with the grid.
const AnalyticsPanel = lazy(() =>
  import('../components/analytics-panel').then((m) => ({ default: m.AnalyticsPanel })),
);

/**
 * The legend and the grid: the only part of the page that reads the lockers, so a LockerUpdate
 * renders this (and the one changed tile), not the page around it.
 */
function LockersPanel({
  placeId,
  selected,
  onSelect,
}: {
  placeId: number;
  selected: number | null;
  onSelect: (lockerId: number) => void;
}) {
  const lockers = useGridLockers(placeId).data;
  const counts = useMemo(() => countByColour(lockers ?? []), [lockers]);
  if (!lockers) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LockerLegend counts={counts} />
      <LockerGrid lockers={lockers} onSelect={onSelect} selectedId={selected} />
    </Space>
  );
}

function SelectedLockerDrawer({
  placeId,
  selected,
  onClose,
}: {
  placeId: number;
  selected: number | null;
  onClose: () => void;
}) {
  const locker = useGridLocker(placeId, selected).data ?? null;
  return <LockerDrawer placeId={placeId} locker={locker} onClose={onClose} />;
}

/**
 * Lockers and analytics tabs. Drawn before the grid's data arrives and memoised, so the grid
 * lands in a commit of its own: the tab bar measures itself (a forced layout) only when it mounts,
 * not after 1,000 tiles were inserted.
 */
const GridTabs = memo(function GridTabs({
  placeId,
  selected,
  onSelect,
}: {
  placeId: number;
  selected: number | null;
  onSelect: (lockerId: number) => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'analytics' ? 'analytics' : 'lockers';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => {
        const next = new URLSearchParams(params);
        if (k === 'analytics') next.set('tab', k);
        else next.delete('tab');
        setParams(next, { replace: true });
      }}
      tabBarExtraContent={<RealtimeIndicator />}
      items={[
        {
          key: 'lockers',
          label: t('locations.details.lockersTab'),
          children: <LockersPanel placeId={placeId} selected={selected} onSelect={onSelect} />,
        },
        {
          key: 'analytics',
          label: t('locations.details.analyticsTab'),
          children:
            tab === 'analytics' ? (
              <Suspense fallback={<Skeleton active />}>
                <AnalyticsPanel placeId={placeId} />
              </Suspense>
            ) : null,
        },
      ]}
    />
  );
});

/** /locations/:id: the live locker grid (click a tile for its drawer), modes and analytics. */
export default function LocationDetailsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const placeId = Number(useParams().id);
  // ?locker= opens that locker's drawer (the alerts page's "go to the locker").
  const [search] = useSearchParams();
  const [selected, setSelected] = useState<number | null>(Number(search.get('locker')) || null);
  const query = useGridPlace(placeId);
  const place = query.data;
  const mayManage = !!session && can(session.userRole, 'locations.manage', session.modules);

  if (!Number.isInteger(placeId) || placeId <= 0) {
    return <Alert type="error" showIcon title={t('errors.notFound')} />;
  }

  return (
    <>
      <PageHeader
        routeId="locationDetails"
        extra={
          <Space wrap>
            <Link to={pathTo('monitoring', null, { place: placeId })} target="_blank" rel="noopener">
              <Button icon={<DesktopOutlined />}>{t('locations.details.monitor')}</Button>
            </Link>
            {mayManage && (
              <Link to={pathTo('locationConfigNew', null, { id: placeId })}>
                <Button icon={<EditOutlined />}>{t('locations.details.edit')}</Button>
              </Link>
            )}
          </Space>
        }
      />
      {query.isError && (
        <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} />
      )}
      {!query.isError && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card>
            {place ? (
              <div className="place-summary">
                <div>
                  <Typography.Title level={2} style={{ margin: 0 }} data-testid="place-name">
                    {place.name}
                  </Typography.Title>
                  <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} style={{ marginTop: 8 }}>
                    <Descriptions.Item label={t('locations.list.type')}>
                      {placeType.has(place.type) ? t(placeType.labelKey(place.type)) : place.type}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('locations.list.mode')}>
                      <ModeTag mode={place.mode} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('locations.list.lockers')}>{place.lockers}</Descriptions.Item>
                    {place.address && (
                      <Descriptions.Item label={t('locations.form.address')}>
                        {place.address}
                      </Descriptions.Item>
                    )}
                  </Descriptions>
                </div>
                <ModeSwitch place={place} />
              </div>
            ) : (
              <Skeleton active title paragraph={{ rows: 1 }} />
            )}
          </Card>
          <Card>
            <GridTabs placeId={placeId} selected={selected} onSelect={setSelected} />
          </Card>
        </Space>
      )}
      <SelectedLockerDrawer placeId={placeId} selected={selected} onClose={() => setSelected(null)} />
    </>
  );
}
