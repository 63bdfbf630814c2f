import { useState } from 'react';
import { Button, Card, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { AimOutlined, CheckOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { lockerStatus } from '@cacifo/contract/codes/locker';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { alertListQuerySchema } from '@cacifo/contract/schemas/alert-list';
import { can } from '@cacifo/contract/permissions';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useAcknowledgeAlert, useOpenAlertDoor } from '../api/alert-actions';
import { useAlerts } from '../api/get-alerts';
import { AlertFilters } from '../components/alert-filters';
import { DoorStatusTag } from '../components/door-status-tag';
import { pathTo } from '@cacifo/contract/route-paths';
import { WallConflictsCard } from '../components/wall-conflicts-card';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/**
 * /alerts: every locker whose door is in alert, on the list kit (issue #22): filters, sort and page
 * in the URL, sorted and filtered on the server, exported as the list stands.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const list = useListState(alertListQuerySchema);
  const alerts = useAlerts(list.query);
  const session = useSession();
  const mayAcknowledge = !!session && can(session.userRole, 'alerts.acknowledge', session.modules);
  const mayOpen = !!session && can(session.userRole, 'doors.open', session.modules);
  const acknowledge = useAcknowledgeAlert();
  const openDoor = useOpenAlertDoor();
  const [acking, setAcking] = useState<AlertLocker | null>(null);
  const [note, setNote] = useState('');
  // Success and failure are said by the mutations' meta; a failed acknowledgement keeps the dialog.
  const submitAck = () => {
    if (!acking) return;
    acknowledge.mutate(
      { lockerId: acking.id, note: note.trim() },
      {
        onSuccess: () => {
          setAcking(null);
          setNote('');
        },
      },
    );
  };
  const open = (a: AlertLocker) =>
    openDoor.mutateAsync({ lockerId: a.id, doorNumber: a.doorNumber }).catch(() => undefined);

  const columns: ListColumn<AlertLocker>[] = [
    {
      title: t('alerts.table.location'),
      dataIndex: 'place_name',
      sortKey: 'location',
      render: (name: string, a) => <Link to={pathTo('locationDetails', { id: a.place_id })}>{name}</Link>,
    },
    {
      title: t('alerts.table.door'),
      dataIndex: 'doorNumber',
      sortKey: 'door',
      align: 'end',
      width: 90,
      render: (n: number) => <Typography.Text strong>{n}</Typography.Text>,
    },
    { title: t('alerts.table.size'), dataIndex: 'size', width: 90 },
    {
      title: t('alerts.table.doorStatus'),
      dataIndex: 'doorStatus',
      sortKey: 'doorStatus',
      render: (s: number) => <DoorStatusTag status={s} />,
    },
    {
      title: t('alerts.table.since'),
      dataIndex: 'doorStatusUpdatedAt',
      sortKey: 'since',
      render: (at: string | null) =>
        at ? <span title={dayjs(at).format('L LTS')}>{dayjs(at).fromNow()}</span> : '—',
    },
    {
      title: t('alerts.table.status'),
      dataIndex: 'status',
      render: (s: number) =>
        lockerStatus.has(s) ? t(lockerStatus.labelKey(s) as 'lockerStatus.AVAILABLE') : s,
    },
    {
      title: t('alerts.table.users'),
      dataIndex: 'users',
      render: (users: AlertLocker['users']) =>
        users.length ? users.map((u) => <Tag key={u.id}>{u.name}</Tag>) : '—',
    },
    {
      title: t('alerts.table.acknowledged'),
      dataIndex: 'acknowledged',
      render: (ack: AlertLocker['acknowledged']) =>
        ack ? (
          <span data-testid="alert-ack">
            <Tag color="green">{ack.by}</Tag>
            <span title={dayjs(ack.at).format('DD/MM/YYYY HH:mm:ss')}>{dayjs(ack.at).fromNow()}</span>
            {ack.note && <Typography.Paragraph style={{ margin: 0 }}>{ack.note}</Typography.Paragraph>}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      render: (_: unknown, a: AlertLocker) => (
        <Space wrap size="small">
          {mayAcknowledge && !a.acknowledged && a.doorStatus !== 255 && (
            <Button
              size="small"
              icon={<CheckOutlined />}
              onClick={() => setAcking(a)}
              data-testid={`ack-${a.id}`}
            >
              {t('alerts.actions.acknowledge')}
            </Button>
          )}
          {mayOpen && (
            <Popconfirm
              title={t('alerts.actions.openConfirm', { door: a.doorNumber, place: a.place_name })}
              okText={t('alerts.actions.open')}
              cancelText={t('alerts.actions.cancel')}
              onConfirm={() => open(a)}
            >
              <Button
                size="small"
                icon={<UnlockOutlined />}
                loading={openDoor.isPending && openDoor.variables?.lockerId === a.id}
                data-testid={`alert-open-${a.id}`}
              >
                {t('alerts.actions.open')}
              </Button>
            </Popconfirm>
          )}
          <Link to={pathTo('locationDetails', { id: a.place_id }, { locker: a.id })}>
            <Button size="small" icon={<AimOutlined />} data-testid={`alert-goto-${a.id}`}>
              {t('alerts.actions.goTo')}
            </Button>
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader routeId="alerts" />
      <Card>
        <AlertFilters list={list} total={alerts.data?.totalAlerts} />
        <ListTable<AlertLocker, typeof alertListQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={alerts.data?.alerts}
          total={alerts.data?.totalAlerts}
          loading={alerts.isFetching}
          error={alerts.isError ? alerts.error : undefined}
          countKey="alerts.count"
          testId="alerts-table"
          scrollX={800}
          emptyText={t('alerts.empty')}
        />
      </Card>
      <WallConflictsCard />
      <Modal
        open={acking !== null}
        title={t('alerts.actions.ackTitle', {
          door: acking?.doorNumber ?? '',
          place: acking?.place_name ?? '',
        })}
        okText={t('alerts.actions.acknowledge')}
        cancelText={t('alerts.actions.cancel')}
        confirmLoading={acknowledge.isPending}
        onOk={submitAck}
        onCancel={() => setAcking(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('alerts.actions.ackHelp')}</Typography.Paragraph>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('alerts.actions.note')}
          aria-label={t('alerts.actions.note')}
          data-testid="ack-note"
        />
      </Modal>
    </>
  );
}
