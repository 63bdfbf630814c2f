import { lazy, Suspense } from 'react';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useToolTexts } from '../api/tools';
import { DangerToolsCard } from '../components/danger-tools-card';
import { MessagesOutboxCard } from '../components/messages-outbox-card';
import { MessageTemplatesCard } from '../components/message-templates-card';
import { PickupSettingsCard } from '../components/pickup-settings-card';
import '../components/admin.css';

// The texts' form code loads beside the texts themselves (the card shows a skeleton until both are
// in, as it did while the texts alone were loading).
const ToolTextsCard = lazy(() =>
  import('../components/tool-texts-card').then((m) => ({ default: m.ToolTextsCard })),
);

/** /admins/tools: kiosk texts, QR refresh, delete all user data, message templates and outbox. */
export default function AdminsToolsPage() {
  const { t } = useTranslation();
  useToolTexts(); // starts the request now, not once the card's code is in
  return (
    <>
      <PageHeader routeId="adminsTools" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Suspense
            fallback={
              <Card title={t('admins.tools.texts')}>
                <Skeleton active />
              </Card>
            }
          >
            <ToolTextsCard />
          </Suspense>
        </Col>
        <Col xs={24} xl={9}>
          <DangerToolsCard />
        </Col>
        <Col xs={24} xxl={14}>
          <MessageTemplatesCard />
        </Col>
        <Col xs={24} xxl={10}>
          <PickupSettingsCard />
        </Col>
        <Col xs={24}>
          <MessagesOutboxCard />
        </Col>
      </Row>
    </>
  );
}
