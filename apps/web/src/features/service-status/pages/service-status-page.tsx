import { Alert, Card, Col, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useServiceStatusColumns } from '../components/service-status-columns';
import { WallPinsAlert } from '../components/wall-pins-alert';
import { useServiceStatusPage } from './use-service-status-page';

/** /service-status: servers, readers and screens, from the device layer's heartbeats. */
export default function ServiceStatusPage() {
  const { t } = useTranslation();
  const { status, data, readersDown, brokerDown } = useServiceStatusPage();
  const { servers, readers, screens } = useServiceStatusColumns();
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
