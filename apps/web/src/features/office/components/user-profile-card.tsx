import { Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { userStatus, userType } from '@cacifo/contract/codes/office';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { formatDateTime } from '@/lib/format-date';

/** The user's profile: name, enabled, and the fields of the form. */
export function UserProfileCard({ user: u }: { user: LockerUser }) {
  const { t } = useTranslation();
  return (
    <Card
      title={
        <Space>
          <span data-testid="user-name">{u.name}</span>
          <Tag color={u.enabled ? 'green' : 'default'}>
            {t(u.enabled ? 'office.users.enabled' : 'office.users.disabled')}
          </Tag>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'number', label: t('office.fields.number'), children: u.number ?? '—' },
          {
            key: 'type',
            label: t('office.fields.userType'),
            children: t(userType.labelKey(u.userType)),
          },
          {
            key: 'status',
            label: t('office.fields.status'),
            children: t(userStatus.labelKey(u.status)),
          },
          { key: 'email', label: t('office.fields.email'), children: u.email ?? '—' },
          {
            key: 'phone',
            label: t('office.fields.phone_number'),
            children: u.phone_number ? `${u.numberPrefix ?? ''} ${u.phone_number}` : '—',
          },
          { key: 'nif', label: t('office.fields.nif'), children: u.nif ?? '—' },
          { key: 'login', label: t('office.fields.login'), children: u.login ?? '—' },
          {
            key: 'building',
            label: t('office.fields.building'),
            children: [u.building, u.floor].filter(Boolean).join(' · ') || '—',
          },
          { key: 'project', label: t('office.fields.project'), children: u.project ?? '—' },
          {
            key: 'valid',
            label: t('office.fields.validUntil'),
            children: formatDateTime(u.validUntil),
          },
          { key: 'obs', label: t('office.fields.obs'), children: u.obs ?? '—' },
        ]}
      />
    </Card>
  );
}
