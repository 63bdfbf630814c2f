import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { AimOutlined, CheckOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { lockerStatus } from '@cacifo/contract/codes/locker';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { pathTo } from '@cacifo/contract/route-paths';
import type { ListColumn } from '@/components/list/list-table';
import { useOpenAlertDoor } from '../api/alert-actions';
import { DoorStatusTag } from './door-status-tag';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

interface Options {
  mayAcknowledge: boolean;
  mayOpen: boolean;
  /** Asks for the acknowledgement's note. */
  setAcking: (alert: AlertLocker) => void;
}

/** The alert list's columns, with acknowledge, open-the-door and go-to actions by permission. */
export function useAlertColumns({ mayAcknowledge, mayOpen, setAcking }: Options): ListColumn<AlertLocker>[] {
  const { t } = useTranslation();
  const openDoor = useOpenAlertDoor();
  // What the opening says is the mutation's meta.
  const open = (a: AlertLocker) =>
    openDoor.mutateAsync({ lockerId: a.id, doorNumber: a.doorNumber }).catch(() => undefined);
  return [
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
      render: (s: number) => (lockerStatus.has(s) ? t(lockerStatus.labelKey(s)) : s),
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
}
