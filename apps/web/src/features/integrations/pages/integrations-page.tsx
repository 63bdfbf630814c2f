import { Col, Row } from 'antd';
import { PageHeader } from '@/components/page-header';
import { ApiKeysCard } from '../components/api-keys-card';
import { WebhooksCard } from '../components/webhooks-card';

/** Administration > Integrations: partner API keys and webhook endpoints (issue #24). */
export default function IntegrationsPage() {
  return (
    <>
      <PageHeader routeId="integrations" />
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <ApiKeysCard />
        </Col>
        <Col xs={24}>
          <WebhooksCard />
        </Col>
      </Row>
    </>
  );
}
