import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiScope } from '@cacifo/contract/codes/partner';
import type { ApiKey, ApiKeyCreated } from '@cacifo/contract/schemas/api-keys';
import { useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { dateTimeFormatter } from './format';

/**
 * The keys table's columns with their rotate and revoke actions. The client column is the
 * operator's: a client's admin sees only its own client's keys (issue #31).
 */
export function useApiKeyColumns({
  showClient,
  onSecret,
}: {
  showClient: boolean;
  onSecret: (key: ApiKeyCreated) => void;
}): TableColumnsType<ApiKey> {
  const { t, i18n } = useTranslation();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const date = dateTimeFormatter(i18n.language);
  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('integrations.keys.name'),
      dataIndex: 'name',
      render: (name: string, k) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {k.revokedAt && <Tag color="red">{t('integrations.keys.revoked')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('integrations.keys.prefix'),
      dataIndex: 'prefix',
      render: (p: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {p}…
        </Typography.Text>
      ),
    },
    {
      title: t('integrations.keys.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiKey['scopes']) => (
        <Space size={[4, 4]} wrap>
          {scopes.map((s) => (
            <Tooltip key={s} title={t(apiScope.labelKey(s))}>
              <Tag>{s}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      key: 'client',
      title: t('integrations.keys.company'),
      dataIndex: 'companyId',
    },
    { title: t('integrations.keys.created'), dataIndex: 'createdAt', render: date, width: 140 },
    { title: t('integrations.keys.createdBy'), dataIndex: 'createdBy' },
    { title: t('integrations.keys.lastUsed'), dataIndex: 'lastUsedAt', render: date, width: 140 },
    {
      title: t('integrations.common.actions'),
      key: 'actions',
      width: 110,
      render: (_, k) =>
        k.revokedAt ? null : (
          <Space>
            <Popconfirm
              title={t('integrations.keys.rotateConfirm')}
              okText={t('integrations.keys.rotate')}
              cancelText={t('integrations.common.cancel')}
              okButtonProps={{ loading: rotate.isPending }}
              onConfirm={() =>
                // A failure is said by the mutation's meta (docs/adr/0060).
                rotate.mutateAsync(k.id).then(onSecret, () => undefined)
              }
            >
              <Tooltip title={t('integrations.keys.rotate')}>
                <Button size="small" icon={<SyncOutlined />} aria-label={t('integrations.keys.rotate')} />
              </Tooltip>
            </Popconfirm>
            <Popconfirm
              title={t('integrations.keys.revokeConfirm')}
              okText={t('integrations.keys.revoke')}
              okButtonProps={{ danger: true, loading: revoke.isPending }}
              cancelText={t('integrations.common.cancel')}
              onConfirm={() =>
                revoke.mutateAsync(k.id).then(
                  () => undefined,
                  () => undefined,
                )
              }
            >
              <Tooltip title={t('integrations.keys.revoke')}>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('integrations.keys.revoke')}
                />
              </Tooltip>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return showClient ? columns : columns.filter((c) => c.key !== 'client');
}
