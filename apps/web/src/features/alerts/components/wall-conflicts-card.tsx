import { Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WallConflict } from '@cacifo/contract/endpoints/wall';
import { orderState } from '@cacifo/contract/codes/order';
import { formatDateTime } from '@/lib/format-date';
import { runtimeKey } from '@/lib/i18n-keys';
import { usePlaces } from '@/lib/queries/locations';
import { useWallConflicts } from '../api/get-wall-conflicts';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * What walls did while apart from the server that the server could not accept as it came (a parcel
 * cancelled or collected meanwhile, a code replaced, a person or courier revoked): the wall's side
 * and the server's side, for an operator to settle (issue #32, docs/adr/0125). Hidden when none.
 */
export function WallConflictsCard() {
  const { t } = useTranslation();
  const conflicts = useWallConflicts();
  const places = usePlaces({ type: 'ALL' });
  const rows = conflicts.data?.conflicts ?? [];
  if (rows.length === 0) return null;
  const placeName = (id: number) => places.data?.places.find((p) => p.id === id)?.name ?? `#${id}`;
  const reason = (r: unknown) =>
    t(runtimeKey(`alerts.wall.reason.${String(r)}`), {
      defaultValue: t('alerts.wall.reason.unknown', { code: String(r) }),
    });
  const state = (s: unknown) =>
    typeof s === 'number' && orderState.has(s) ? t(orderState.labelKey(s)) : null;

  const columns: TableColumnsType<WallConflict> = [
    { title: t('alerts.wall.when'), dataIndex: 'controllerAt', render: (v: string) => formatDateTime(v) },
    { title: t('alerts.table.location'), dataIndex: 'placeId', render: (id: number) => placeName(id) },
    {
      title: t('alerts.wall.wallSide'),
      key: 'wall',
      render: (_: unknown, c) => (
        <Space size={4} wrap>
          <Tag>{t(runtimeKey(`alerts.wall.type.${c.type}`), { defaultValue: c.type })}</Tag>
          {text(c.wall.door) && `${t('alerts.table.door')} ${text(c.wall.door)}`}
          {text(c.wall.packageId)}
        </Space>
      ),
    },
    {
      title: t('alerts.wall.serverSide'),
      key: 'server',
      render: (_: unknown, c) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{reason(c.server.reason)}</Typography.Text>
          <span className="cell-secondary">
            {[text(c.server.packageId), state(c.server.state), text(c.server.user)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('alerts.wall.title')} style={{ marginTop: 16 }} data-testid="wall-conflicts">
      <Typography.Paragraph type="secondary">{t('alerts.wall.help')}</Typography.Paragraph>
      <Table
        rowKey={(c) => `${c.placeId}-${c.boot}-${c.seq}`}
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 700 }}
      />
    </Card>
  );
}
