import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { AimOutlined, CheckOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { lockerStatus } from '@cacifo/contract/codes/locker';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { can } from '@cacifo/contract/permissions';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAcknowledgeAlert, useOpenAlertDoor } from '../api/alert-actions';
import { useAlerts } from '../api/get-alerts';
import { DoorStatusTag } from '../components/door-status-tag';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
const PAGE_SIZES = [10, 25, 50, 100];

/** /alerts: every locker whose door is in alert or offline, newest state first, paged on the server. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageSize = Number(params.get('size')) || 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const alerts = useAlerts({ max_results: pageSize, offset: (page - 1) * pageSize });
  const { message } = App.useApp();
  const session = useSession();
  const mayAcknowledge = !!session && can(session.userRole, 'alerts.acknowledge', session.modules);
  const mayOpen = !!session && can(session.userRole, 'doors.open', session.modules);
  const acknowledge = useAcknowledgeAlert();
  const openDoor = useOpenAlertDoor();
  const [acking, setAcking] = useState<AlertLocker | null>(null);
  const [note, setNote] = useState('');
  const submitAck = async () => {
    if (!acking) return;
    try {
      await acknowledge.mutateAsync({ lockerId: acking.id, note: note.trim() });
      void message.success(t('alerts.actions.acknowledged'));
      setAcking(null);
      setNote('');
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const open = async (a: AlertLocker) => {
    try {
      await openDoor.mutateAsync(a.id);
      void message.success(t('alerts.actions.opened', { door: a.doorNumber }));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  const columns: TableColumnsType<AlertLocker> = [
    {
      title: t('alerts.table.location'),
      dataIndex: 'place_name',
      render: (name: string, a) => <Link to={`/locations/${a.place_id}`}>{name}</Link>,
    },
    {
      title: t('alerts.table.door'),
      dataIndex: 'doorNumber',
      align: 'end',
      width: 90,
      render: (n: number) => <Typography.Text strong>{n}</Typography.Text>,
    },
    { title: t('alerts.table.size'), dataIndex: 'size', width: 90 },
    {
      title: t('alerts.table.doorStatus'),
      dataIndex: 'doorStatus',
      render: (s: number) => <DoorStatusTag status={s} />,
    },
    {
      title: t('alerts.table.since'),
      dataIndex: 'doorStatusUpdatedAt',
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
                loading={openDoor.isPending && openDoor.variables === a.id}
                data-testid={`alert-open-${a.id}`}
              >
                {t('alerts.actions.open')}
              </Button>
            </Popconfirm>
          )}
          <Link to={`/locations/${a.place_id}?locker=${a.id}`}>
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
        {alerts.isError && (
          <Alert type="error" showIcon title={errorMessage(alerts.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<AlertLocker>
          rowKey="id"
          columns={columns}
          dataSource={alerts.data?.alerts ?? []}
          loading={alerts.isLoading}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('alerts.empty') }}
          pagination={{
            current: page,
            pageSize,
            total: alerts.data?.totalAlerts ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (p, s) => {
              const next = new URLSearchParams(params);
              if (p > 1) next.set('page', String(p));
              else next.delete('page');
              if (s !== 25) next.set('size', String(s));
              else next.delete('size');
              setParams(next, { replace: true });
            },
          }}
        />
      </Card>
      <Modal
        open={acking !== null}
        title={t('alerts.actions.ackTitle', {
          door: acking?.doorNumber ?? '',
          place: acking?.place_name ?? '',
        })}
        okText={t('alerts.actions.acknowledge')}
        cancelText={t('alerts.actions.cancel')}
        confirmLoading={acknowledge.isPending}
        onOk={() => void submitAck()}
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
