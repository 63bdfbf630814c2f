import { Button, Card, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { CreditCardOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { useCredentials } from './use-credentials';

/**
 * Card and PIN of a user: each saved on its own (PUT api/julian/user with `card` or `pin`), and each
 * removed after a confirmation (the person can no longer use it at the kiosk).
 */
export function CredentialsCard({ user, canManage }: { user: LockerUser; canManage: boolean }) {
  const { t } = useTranslation();
  const c = useCredentials(user);
  const { card, setCard, cardError, setCardError, pin, setPin, pinError, setPinError } = c;

  return (
    <Card title={t('office.credentials.title')} data-testid="credentials-card">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <div>
          <Typography.Text strong>
            <CreditCardOutlined /> {t('office.fields.card')}
          </Typography.Text>{' '}
          {user.card ? (
            <Tag color="blue" data-testid="card-value">
              {user.card}
            </Tag>
          ) : (
            <Tag>{t('office.credentials.none')}</Tag>
          )}
          {canManage && (
            <Space.Compact style={{ width: '100%', marginTop: 8 }}>
              <Input
                value={card}
                onChange={(e) => {
                  setCard(e.target.value);
                  setCardError(null);
                }}
                placeholder={t('office.credentials.cardPlaceholder')}
                aria-label={t('office.fields.card')}
                status={cardError ? 'error' : undefined}
                data-testid="card-input"
              />
              <Button
                type="primary"
                loading={c.savingCard}
                onClick={() => void c.submitCard(card)}
                data-testid="card-save"
              >
                {t('office.common.save')}
              </Button>
              {user.card && (
                <Popconfirm
                  title={t('office.credentials.confirmClearCard', { name: user.name })}
                  description={t('office.credentials.clearCardHelp')}
                  okText={t('office.credentials.clear')}
                  cancelText={t('office.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => {
                    setCard('');
                    return c.submitCard('');
                  }}
                >
                  <Button danger loading={c.savingCard} data-testid="card-clear">
                    {t('office.credentials.clear')}
                  </Button>
                </Popconfirm>
              )}
            </Space.Compact>
          )}
          {cardError && <Typography.Text type="danger">{cardError}</Typography.Text>}
        </div>
        <div>
          <Typography.Text strong>
            <KeyOutlined /> {t('office.fields.pin')}
          </Typography.Text>{' '}
          {user.pin ? (
            <Tag color="green" data-testid="pin-value">
              {t('office.credentials.pinSet')}
            </Tag>
          ) : (
            <Tag>{t('office.credentials.none')}</Tag>
          )}
          {canManage && (
            <Space.Compact style={{ width: '100%', marginTop: 8 }}>
              <Input.Password
                value={pin}
                maxLength={4}
                inputMode="numeric"
                autoComplete="new-password"
                onChange={(e) => {
                  setPin(e.target.value.replace(/\D/g, ''));
                  setPinError(null);
                }}
                placeholder={t('office.credentials.pinPlaceholder')}
                aria-label={t('office.fields.pin')}
                status={pinError ? 'error' : undefined}
                data-testid="pin-input"
              />
              <Button
                type="primary"
                loading={c.savingPin}
                onClick={() => void c.submitPin()}
                data-testid="pin-save"
              >
                {t('office.common.save')}
              </Button>
              {user.pin && (
                <Popconfirm
                  title={t('office.credentials.confirmClearPin', { name: user.name })}
                  description={t('office.credentials.clearPinHelp')}
                  okText={t('office.credentials.clear')}
                  cancelText={t('office.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => c.clearPin()}
                >
                  <Button danger loading={c.savingPin} data-testid="pin-clear">
                    {t('office.credentials.clear')}
                  </Button>
                </Popconfirm>
              )}
            </Space.Compact>
          )}
          {pinError && <Typography.Text type="danger">{pinError}</Typography.Text>}
        </div>
      </Space>
    </Card>
  );
}
