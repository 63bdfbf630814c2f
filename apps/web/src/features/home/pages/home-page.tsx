import { useMemo } from 'react';
import { Alert, Card, Col, Empty, List, Progress, Row, Tag, Typography } from 'antd';
import {
  AlertOutlined,
  AppstoreOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { can } from '@cacifo/contract/permissions';
import { doorStatus, locationMode, placeType, DOOR_STATUS } from '@cacifo/contract/codes/locker';
import type { AlertLocker, PlaceView } from '@cacifo/contract/schemas/locations';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useExpiredCounts, useNotClosedLockers, useOpenedOrAlertCounts } from '@/lib/queries/alerts';
import { usePlaces } from '@/lib/queries/locations';
import { useSession } from '@/lib/session';
import { KpiCard } from '../components/kpi-card';
import './home-page.css';
import { pathTo } from '@cacifo/contract/route-paths';

dayjs.extend(relativeTime);
/** Locations listed on the overview: the ones needing attention first. */
const SHOWN_PLACES = 8;
const MODE_COLOUR: Record<string, string> = { maintenance: 'gold', cleaning: 'cyan', emergency: 'red' };

function PlaceRow({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const pct = place.lockers ? Math.round((place.occupied / place.lockers) * 100) : 0;
  return (
    <div className="home-place">
      <div className="home-place-name">
        <Link to={pathTo('locationDetails', { id: place.id })}>
          <Typography.Text strong>{place.name}</Typography.Text>
        </Link>
        <span className="home-muted">
          {placeType.has(place.type) ? t(placeType.labelKey(place.type)) : place.type}
          {' · '}
          {t('home.places.lockers', { count: place.lockers })}
          {place.mode !== 'normal' && locationMode.has(place.mode) && (
            <Tag color={MODE_COLOUR[place.mode]} style={{ marginInlineStart: 8 }}>
              {t(locationMode.labelKey(place.mode))}
            </Tag>
          )}
        </span>
      </div>
      <Progress
        percent={pct}
        size="small"
        strokeColor={pct >= 90 ? '#C62828' : pct >= 70 ? '#D97706' : '#0F766E'}
        aria-label={t('common.occupancyOf', { place: place.name })}
      />
      <div className="home-place-counts">
        <Tag color="green">{t('home.places.free', { count: place.available })}</Tag>
        {place.open > 0 && <Tag color="orange">{t('home.places.open', { count: place.open })}</Tag>}
        {place.alerts > 0 && <Tag color="red">{t('home.places.alerts', { count: place.alerts })}</Tag>}
        {place.offline > 0 && <Tag>{t('home.places.offline', { count: place.offline })}</Tag>}
      </div>
    </div>
  );
}

function AttentionRow({ locker }: { locker: AlertLocker }) {
  const { t } = useTranslation();
  const label = doorStatus.has(locker.doorStatus)
    ? t(doorStatus.labelKey(locker.doorStatus))
    : String(locker.doorStatus);
  const colour =
    locker.doorStatus === DOOR_STATUS.OPEN
      ? 'orange'
      : locker.doorStatus === DOOR_STATUS.OFFLINE
        ? 'default'
        : 'red';
  return (
    <List.Item
      actions={[
        <span key="since" className="home-muted">
          {locker.doorStatusUpdatedAt ? dayjs(locker.doorStatusUpdatedAt).fromNow() : ''}
        </span>,
      ]}
    >
      <List.Item.Meta
        title={
          <Link to={pathTo('locationDetails', { id: locker.place_id })}>
            {t('home.attention.door', { door: locker.doorNumber, place: locker.place_name })}
          </Link>
        }
        description={<Tag color={colour}>{label}</Tag>}
      />
    </List.Item>
  );
}

/** Home (/): the operator's overview of locations, occupancy, open and alert doors, expired counts. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  // Totals need every location; the list shows only the few that most need a look.
  const places = usePlaces({ type: 'ALL', max_results: 1000 });
  const doors = useOpenedOrAlertCounts();
  const expired = useExpiredCounts();
  const attention = useNotClosedLockers();
  const list = places.data?.places;
  const totals = list?.reduce(
    (acc, p) => ({
      lockers: acc.lockers + p.lockers,
      occupied: acc.occupied + p.occupied,
      free: acc.free + p.available,
    }),
    { lockers: 0, occupied: 0, free: 0 },
  );
  const shown = useMemo(
    () =>
      [...(list ?? [])]
        .sort(
          (a, b) =>
            b.alerts + b.offline - (a.alerts + a.offline) ||
            b.open - a.open ||
            b.occupied / (b.lockers || 1) - a.occupied / (a.lockers || 1),
        )
        .slice(0, SHOWN_PLACES),
    [list],
  );
  const occupancy = totals && totals.lockers ? Math.round((totals.occupied / totals.lockers) * 100) : 0;
  const modules = session?.modules ?? [];
  const role = session?.userRole ?? 'visitor';

  return (
    <>
      <PageHeader routeId="home" />
      {places.isError && (
        <Alert type="error" showIcon title={errorMessage(places.error)} style={{ marginBottom: 16 }} />
      )}
      {/* Cards the role may not see are left out and the others share their row: no holes. */}
      <div className="home-kpis">
        <div className="home-kpi">
          <KpiCard
            title={t('home.kpi.locations')}
            value={places.data?.totalPlaces}
            icon={<EnvironmentOutlined />}
            tone="teal"
            to={pathTo('locations')}
            testId="kpi-locations"
          />
        </div>
        <div className="home-kpi">
          <KpiCard
            title={t('home.kpi.occupancy')}
            value={totals ? `${occupancy}%` : undefined}
            hint={totals && t('home.kpi.occupancyHint', { occupied: totals.occupied, total: totals.lockers })}
            icon={<AppstoreOutlined />}
            tone="violet"
            testId="kpi-occupancy"
          />
        </div>
        <div className="home-kpi">
          <KpiCard
            title={t('home.kpi.open')}
            value={doors.data?.opened}
            icon={<UnlockOutlined />}
            tone="orange"
            testId="kpi-open"
          />
        </div>
        <div className="home-kpi">
          <KpiCard
            title={t('home.kpi.alerts')}
            value={doors.data?.alerts}
            icon={<AlertOutlined />}
            tone="red"
            to={pathTo('alerts')}
            testId="kpi-alerts"
          />
        </div>
        {can(role, 'office.view', modules) && (
          <div className="home-kpi">
            <KpiCard
              title={t('home.kpi.expiredOffice')}
              value={expired.data?.office}
              icon={<ClockCircleOutlined />}
              tone="amber"
              to={pathTo('expiredLockers')}
              testId="kpi-expired-office"
            />
          </div>
        )}
        {can(role, 'orders.view', modules) && (
          <div className="home-kpi">
            <KpiCard
              title={t('home.kpi.expiredDelivery')}
              value={expired.data?.delivery}
              icon={<InboxOutlined />}
              tone="blue"
              to={pathTo('expiredLockersDelivery')}
              testId="kpi-expired-delivery"
            />
          </div>
        )}
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card
            title={t('home.places.title')}
            extra={<Link to={pathTo('locations')}>{t('home.places.all')}</Link>}
          >
            {list && list.length === 0 ? (
              <Empty description={t('home.places.empty')} />
            ) : (
              <List
                loading={places.isLoading}
                dataSource={shown}
                rowKey="id"
                renderItem={(p) => (
                  <List.Item>
                    <PlaceRow place={p} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card
            title={t('home.attention.title')}
            extra={<Link to={pathTo('alerts')}>{t('home.attention.all')}</Link>}
          >
            <List
              loading={attention.isLoading}
              dataSource={(attention.data ?? []).slice(0, 8)}
              rowKey="id"
              locale={{ emptyText: <Empty description={t('home.attention.empty')} /> }}
              renderItem={(l) => <AttentionRow locker={l} />}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
