import { Badge, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { pathTo } from '@cacifo/contract/route-paths';
import type { ServiceStatus } from '../api/get-service-status';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

function uptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  return d ? `${d}d ${h}h` : h ? `${h}h ${m}m` : `${m}m ${Math.floor(seconds % 60)}s`;
}

function Ago({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return <Typography.Text type="secondary">{t('serviceStatus.never')}</Typography.Text>;
  return <span title={dayjs(at).format('L LTS')}>{dayjs(at).fromNow()}</span>;
}

/** The columns of the servers, readers and screens tables. */
export function useServiceStatusColumns() {
  const { t } = useTranslation();
  const servers: TableColumnsType<ServiceStatus['servers'][number]> = [
    { title: t('serviceStatus.server.instance'), dataIndex: 'instance' },
    { title: t('serviceStatus.server.version'), dataIndex: 'version' },
    { title: t('serviceStatus.server.uptime'), dataIndex: 'uptimeS', render: (s: number) => uptime(s) },
    { title: t('serviceStatus.server.database'), dataIndex: 'database' },
    { title: t('serviceStatus.server.driver'), dataIndex: 'driver' },
    {
      title: t('serviceStatus.server.clients'),
      dataIndex: 'realtimeClients',
      align: 'end',
      render: (n?: number) => n ?? '—',
    },
    {
      title: t('serviceStatus.server.broker'),
      dataIndex: 'broker',
      render: (b: ServiceStatus['servers'][number]['broker']) =>
        b ? (
          <span data-testid="broker-link" title={b.url}>
            <Badge
              status={b.connected ? 'success' : 'error'}
              text={t(b.connected ? 'serviceStatus.online' : 'serviceStatus.offline')}
            />{' '}
            <Typography.Text type="secondary">
              {t('serviceStatus.server.brokerSince', { since: dayjs(b.since).format('L LTS') })}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('serviceStatus.server.brokerNone')}</Typography.Text>
        ),
    },
  ];
  const readers: TableColumnsType<ServiceStatus['readers'][number]> = [
    {
      title: t('serviceStatus.reader.place'),
      dataIndex: 'placeName',
      render: (name: string, r) => <Link to={pathTo('locationDetails', { id: r.placeId })}>{name}</Link>,
    },
    {
      title: t('serviceStatus.state'),
      dataIndex: 'online',
      render: (online: boolean) => (
        <Badge
          status={online ? 'success' : 'error'}
          text={t(online ? 'serviceStatus.online' : 'serviceStatus.offline')}
        />
      ),
    },
    {
      title: t('serviceStatus.reader.heartbeat'),
      dataIndex: 'lastHeartbeatAt',
      render: (at: string | null) => <Ago at={at} />,
    },
    { title: t('serviceStatus.reader.doors'), dataIndex: 'doors', align: 'end' },
    {
      title: t('serviceStatus.reader.offlineDoors'),
      dataIndex: 'offlineDoors',
      align: 'end',
      render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : 0),
    },
    {
      title: t('serviceStatus.reader.rejected'),
      dataIndex: 'rejectedMessages',
      align: 'end',
      render: (n?: number) =>
        n ? (
          <Typography.Text type="warning" title={t('serviceStatus.reader.rejectedHint')}>
            {n}
          </Typography.Text>
        ) : (
          (n ?? '—')
        ),
    },
  ];
  const screens: TableColumnsType<ServiceStatus['screens'][number]> = [
    { title: t('serviceStatus.screen.name'), dataIndex: 'name' },
    { title: t('serviceStatus.screen.username'), dataIndex: 'username' },
    {
      title: t('serviceStatus.state'),
      dataIndex: 'online',
      render: (online: boolean | undefined, s) => {
        const on = online ?? (!!s.lastSeenAt && dayjs().diff(dayjs(s.lastSeenAt), 'minute') < 5);
        return (
          <Badge
            status={on ? 'success' : 'default'}
            text={t(on ? 'serviceStatus.online' : 'serviceStatus.offline')}
          />
        );
      },
    },
    {
      title: t('serviceStatus.screen.lastSeen'),
      dataIndex: 'lastSeenAt',
      render: (at: string | null) => <Ago at={at} />,
    },
  ];
  return { servers, readers, screens };
}
