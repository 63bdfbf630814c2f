import { Col, Row } from 'antd';
import { PageHeader } from '@/components/page-header';
import { DangerToolsCard } from '../components/danger-tools-card';
import { SmsOutboxCard } from '../components/sms-outbox-card';
import { ToolTextsCard } from '../components/tool-texts-card';
import '../components/admin.css';

/** /admins/tools: kiosk and SMS texts, QR refresh, delete all user data, SMS outbox. */
export default function AdminsToolsPage() {
  return (
    <>
      <PageHeader routeId="adminsTools" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <ToolTextsCard />
        </Col>
        <Col xs={24} xl={9}>
          <DangerToolsCard />
        </Col>
        <Col xs={24}>
          <SmsOutboxCard />
        </Col>
      </Row>
    </>
  );
}
