import type { ReactNode } from 'react';
import { Button, Card, Empty, List, Space, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assetStatus } from '@cacifo/contract/codes/asset';
import { accessReason } from '@cacifo/contract/codes/office';
import { doorStatus } from '@cacifo/contract/codes/locker';
import type { ActivityEvent } from '@cacifo/contract/schemas/office';
import { can } from '@cacifo/contract/permissions';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { useActivity } from '../api/get-activity';
import { useUserAssets } from '../api/get-user-assets';
import { pathTo } from '@cacifo/contract/route-paths';

const RECENT = 6;

/** The user's latest door events and kiosk attempts, with a link to all of them in /activity. */
export function UserRecentActivity({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const access = useActivity({ userId, kind: 'access', max_results: RECENT, offset: 0 });
  const doors = useActivity({ userId, kind: 'door', max_results: RECENT, offset: 0 });
  const place = (e: ActivityEvent) =>
    [e.placeName, e.doorNumber ? `#${e.doorNumber}` : null].filter(Boolean).join(' ') || '—';
  const list = (
    events: ActivityEvent[] | undefined,
    loading: boolean,
    kind: 'access' | 'door',
    render: (e: ActivityEvent) => ReactNode,
  ) => (
    <>
      <List
        size="small"
        loading={loading}
        dataSource={events ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('office.recent.none')} />,
        }}
        renderItem={(e) => (
          <List.Item>
            <Space wrap size={6}>
              <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
              <span>{place(e)}</span>
              {render(e)}
            </Space>
          </List.Item>
        )}
        data-testid={`user-recent-${kind}`}
      />
      <Link to={pathTo('activity', null, { kind: kind === 'access' ? 'access' : null, userId })}>
        <Button type="link" size="small">
          {t('office.recent.all')}
        </Button>
      </Link>
    </>
  );
  return (
    <Card size="small" title={t('office.recent.title')} data-testid="user-recent">
      <Tabs
        size="small"
        items={[
          {
            key: 'door',
            label: t('office.activity.doors'),
            children: list(doors.data?.events, doors.isLoading, 'door', (e) =>
              e.doorStatus === null ? null : (
                <Tag>
                  {doorStatus.has(e.doorStatus) ? t(doorStatus.labelKey(e.doorStatus)) : e.doorStatus}
                </Tag>
              ),
            ),
          },
          {
            key: 'access',
            label: t('office.activity.kiosk'),
            children: list(access.data?.events, access.isLoading, 'access', (e) => (
              <>
                {e.granted ? (
                  <Tag color="green">{t('office.access.granted')}</Tag>
                ) : (
                  <Tag color="red">{t('office.access.denied')}</Tag>
                )}
                {e.reason && accessReason.has(e.reason) && <span>{t(accessReason.labelKey(e.reason))}</span>}
              </>
            )),
          },
        ]}
      />
    </Card>
  );
}

/** The assets this user may take (their own and their groups'), where each is now; with the assets module. */
export function UserAssets({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const allowed = !!session && can(session.userRole, 'assets.view', session.modules);
  const assets = useUserAssets(userId, allowed);
  if (!allowed) return null;
  return (
    <Card size="small" title={t('office.users.assets')} data-testid="user-assets">
      <List
        size="small"
        loading={assets.isLoading}
        dataSource={assets.data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('office.users.noAssets')} />,
        }}
        renderItem={(a) => (
          <List.Item>
            <Space wrap size={6}>
              <Link to={pathTo('assetDetails', { id: a.id })}>{a.name}</Link>
              <Tag>{assetStatus.has(a.status) ? t(assetStatus.labelKey(a.status)) : a.status}</Tag>
              {a.container && <Typography.Text type="secondary">{a.container}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
