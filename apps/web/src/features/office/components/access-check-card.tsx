import { useState } from 'react';
import { Alert, Button, Card, Select, Space } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accessReason } from '@cacifo/contract/codes/office';
import type { AccessDecision } from '@cacifo/contract/schemas/office';
import { errorMessage } from '@/lib/api-client';
import { say } from '@/lib/feedback';
import { useSingleFlight } from '@/lib/form-submit';
import { usePlaces } from '@/lib/queries/locations';
import { checkAccess } from '../api/check-access';

/** The access check's controller: the place chosen, the server's decision, one check at a time. */
function useAccessCheck(userId: number) {
  const [checkPlace, setCheckPlace] = useState<number | undefined>();
  const [decision, setDecision] = useState<AccessDecision | null>(null);
  // A check opens nothing (a read, not a mutation): its failure is said here. Once at a time.
  const check = useSingleFlight(async () => {
    if (!checkPlace) return;
    try {
      setDecision(await checkAccess({ userId, placeId: checkPlace }));
    } catch (e) {
      say('error', errorMessage(e));
    }
  });
  return { checkPlace, setCheckPlace, decision, setDecision, check };
}

/** Would the kiosk of this place let the user in now, and if not, why. */
export function AccessCheckCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const places = usePlaces({ type: 'OFFICE' });
  const { checkPlace, setCheckPlace, decision, setDecision, check } = useAccessCheck(userId);
  return (
    <Card size="small" title={t('office.access.title')}>
      <Space wrap>
        <Select
          placeholder={t('office.users.location')}
          aria-label={t('office.users.location')}
          value={checkPlace}
          onChange={(v: number) => {
            setCheckPlace(v);
            setDecision(null);
          }}
          style={{ width: 220 }}
          options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          data-testid="access-place"
        />
        <Button
          icon={<SafetyOutlined />}
          disabled={!checkPlace}
          loading={check.pending}
          onClick={() => void check.run()}
          data-testid="access-check"
        >
          {t('office.access.check')}
        </Button>
        {decision && (
          <Alert
            showIcon
            type={decision.granted ? 'success' : 'warning'}
            data-testid="access-result"
            title={
              decision.granted
                ? t('office.access.granted')
                : `${t('office.access.denied')}: ${t(accessReason.labelKey(decision.reason))}`
            }
          />
        )}
      </Space>
    </Card>
  );
}
