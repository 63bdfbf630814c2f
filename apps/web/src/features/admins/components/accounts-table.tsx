import { Button, Popconfirm, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { role as roleCodes } from '@cacifo/contract/roles';
import type { AdminAccount } from '@cacifo/contract/schemas/admin';
import { useDeleteAccount, useSetAccountEnabled, type AccountScope } from '../api/accounts';

interface Props {
  scope: AccountScope;
  rows: AdminAccount[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onEdit: (a: AdminAccount) => void;
  canDelete: boolean;
  /** Editors may not edit or switch off admin-role accounts. */
  canTouch: (a: AdminAccount) => boolean;
  selfId: number | null;
  showCompany?: boolean;
}

/** The accounts list of /admins and /employees, paged on the server. */
export function AccountsTable(p: Props) {
  const { t } = useTranslation();
  const setEnabled = useSetAccountEnabled(p.scope);
  const remove = useDeleteAccount(p.scope);

  // Messages are the mutations' own (docs/adr/0060); a switch waits while its request runs.
  const toggle = (a: AdminAccount, enabled: boolean) => setEnabled.mutate({ id: a.id, enabled });

  return (
    <Table<AdminAccount>
      rowKey="id"
      size="middle"
      loading={p.loading}
      dataSource={p.rows}
      scroll={{ x: 900 }}
      data-testid={`${p.scope}-table`}
      locale={{ emptyText: t('admins.list.empty') }}
      pagination={{
        current: p.page,
        pageSize: p.pageSize,
        total: p.total,
        showSizeChanger: true,
        showTotal: (total) => t('admins.common.total', { count: total }),
        onChange: p.onPage,
      }}
      columns={[
        {
          title: t('admins.fields.name'),
          dataIndex: 'name',
          render: (name: string, a) => (
            <Space size={4}>
              <span>{name}</span>
              {a.id === p.selfId && <Tag color="blue">{t('admins.list.you')}</Tag>}
            </Space>
          ),
        },
        { title: t('admins.fields.username'), dataIndex: 'username' },
        ...(p.showCompany ? [{ title: t('admins.fields.company'), dataIndex: 'company' as const }] : []),
        {
          title: t('admins.fields.role'),
          dataIndex: 'role',
          render: (r: AdminAccount['role']) => <Tag>{t(roleCodes.labelKey(r) as 'role.ADMIN')}</Tag>,
        },
        { title: t('admins.fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
        { title: t('admins.fields.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
        {
          title: t('admins.list.flags'),
          key: 'flags',
          render: (_, a) => (
            <Space size={4}>
              {a.hasPin && (
                <Tooltip title={t('admins.list.hasPin')}>
                  <KeyOutlined aria-label={t('admins.list.hasPin')} />
                </Tooltip>
              )}
              {a.notifiable && (
                <Tooltip title={t('admins.fields.notifiable')}>
                  <BellOutlined aria-label={t('admins.fields.notifiable')} />
                </Tooltip>
              )}
            </Space>
          ),
        },
        {
          title: t('admins.fields.enabled'),
          dataIndex: 'enabled',
          render: (enabled: boolean, a) => (
            <Switch
              size="small"
              checked={enabled}
              disabled={a.id === p.selfId || !p.canTouch(a)}
              loading={setEnabled.isPending && setEnabled.variables?.id === a.id}
              onChange={(v) => toggle(a, v)}
              aria-label={t('admins.fields.enabled')}
            />
          ),
        },
        {
          title: t('admins.list.actions'),
          key: 'actions',
          fixed: 'right',
          render: (_, a) => (
            <Space>
              <Button
                size="small"
                icon={<EditOutlined />}
                disabled={!p.canTouch(a)}
                onClick={() => p.onEdit(a)}
                aria-label={t('admins.list.edit')}
              />
              {p.canDelete && (
                <Popconfirm
                  title={t('admins.list.confirmDelete', { name: a.name })}
                  okText={t('admins.common.delete')}
                  cancelText={t('admins.common.cancel')}
                  okButtonProps={{ danger: true }}
                  disabled={a.id === p.selfId}
                  // A promise keeps the confirm button loading (and unclickable) until it settles.
                  onConfirm={() => remove.mutateAsync(a.id).catch(() => undefined)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={a.id === p.selfId}
                    aria-label={t('admins.common.delete')}
                  />
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
