import { Alert, Badge, Card, Col, Row, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useServiceStatus, type ServiceStatus } from '../api/get-service-status';
import { WallPinsAlert } from '../components/wall-pins-alert';
import { pathTo } from '@cacifo/contract/route-paths';

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

/** /service-status: servers, readers and screens, from the device layer's heartbeats. */
export default function ServiceStatusPage() {
  const { t } = useTranslation();
  const status = useServiceStatus();
  const data = status.data;

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

  const readersDown = data?.readers.filter((r) => !r.online).length ?? 0;
  const brokerDown = data?.servers.filter((s) => s.broker && !s.broker.connected) ?? [];
  return (
    <>
      <PageHeader routeId="serviceStatus" />
      {status.isError && (
        <Alert type="error" showIcon title={errorMessage(status.error)} style={{ marginBottom: 16 }} />
      )}
      {brokerDown.map((s) => (
        <Alert
          key={s.instance}
          type="error"
          showIcon
          title={t('serviceStatus.brokerDown', {
            instance: s.instance,
            url: s.broker!.url,
            since: dayjs(s.broker!.since).fromNow(),
          })}
          style={{ marginBottom: 16 }}
          data-testid="broker-down"
        />
      ))}
      {data && (
        <Alert
          type={readersDown ? 'warning' : 'success'}
          showIcon
          title={
            readersDown
              ? t('serviceStatus.summaryDown', { count: readersDown })
              : t('serviceStatus.summaryOk', { count: data.readers.length })
          }
          style={{ marginBottom: 16 }}
          data-testid="service-summary"
        />
      )}
      <WallPinsAlert pins={data?.wallPins} />
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card title={t('serviceStatus.servers')}>
            <Table
              rowKey="instance"
              size="small"
              pagination={false}
              loading={status.isLoading}
              columns={servers}
              dataSource={data?.servers ?? []}
              scroll={{ x: 900 }}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('serviceStatus.readers')}>
            <Table
              rowKey="placeId"
              size="small"
              pagination={false}
              loading={status.isLoading}
              columns={readers}
              dataSource={data?.readers ?? []}
              scroll={{ x: 600 }}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('serviceStatus.screens')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              loading={status.isLoading}
              columns={screens}
              dataSource={data?.screens ?? []}
              scroll={{ x: 500 }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
