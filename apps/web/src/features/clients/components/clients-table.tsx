import { Button, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Client } from '@cacifo/contract/schemas/clients';
import { useGrantChoices, useUpdateClient } from '../api/clients';

/** The clients: name (and its marks), retention, granted locations; edit, grants, enable/disable. */
export function ClientsTable({
  clients,
  loading,
  onEdit,
  onGrants,
}: {
  clients: Client[];
  loading: boolean;
  onEdit: (c: Client) => void;
  onGrants: (c: Client) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateClient();
  const places = useGrantChoices(true);
  const placeName = (id: number) => places.data?.find((p) => p.id === id)?.name ?? `#${id}`;

  return (
    <Table<Client>
      rowKey="id"
      size="middle"
      data-testid="clients-table"
      loading={loading}
      dataSource={clients}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      locale={{ emptyText: t('clients.empty') }}
      columns={[
        {
          title: t('clients.name'),
          dataIndex: 'name',
          render: (name: string, c) => (
            <Space size={4} wrap>
              <span>{name}</span>
              {!c.enabled && <Tag color="red">{t('clients.disabled')}</Tag>}
              {c.nameClash && (
                <Tooltip title={t('clients.clashHelp')}>
                  <Tag color="orange">{t('clients.clash')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        {
          title: t('clients.retentionDays'),
          dataIndex: 'retentionDays',
          width: 150,
        },
        {
          title: t('clients.grants'),
          dataIndex: 'placeIds',
          render: (ids: number[]) =>
            ids.length === 0 ? (
              <Tag>{t('clients.noGrants')}</Tag>
            ) : (
              <Space size={[4, 4]} wrap>
                {ids.map((id) => (
                  <Tag key={id}>{placeName(id)}</Tag>
                ))}
              </Space>
            ),
        },
        {
          title: t('clients.enabled'),
          dataIndex: 'enabled',
          width: 110,
          render: (enabled: boolean, c) => (
            <Switch
              size="small"
              checked={enabled}
              aria-label={t('clients.enabledOf', { name: c.name })}
              loading={update.isPending && update.variables?.id === c.id}
              onChange={(v) => update.mutate({ id: c.id, body: { enabled: v, updatedAt: c.updatedAt } })}
            />
          ),
        },
        {
          title: t('clients.actions'),
          key: 'actions',
          width: 110,
          render: (_, c) => (
            <Space>
              <Tooltip title={t('clients.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('clients.editOf', { name: c.name })}
                  onClick={() => onEdit(c)}
                />
              </Tooltip>
              <Tooltip title={t('clients.grants')}>
                <Button
                  size="small"
                  icon={<EnvironmentOutlined />}
                  aria-label={t('clients.grantsOf', { name: c.name })}
                  onClick={() => onGrants(c)}
                />
              </Tooltip>
            </Space>
          ),
        },
      ]}
    />
  );
}
