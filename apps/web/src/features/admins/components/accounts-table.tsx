import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import { EditOutlined, KeyOutlined, BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { role as roleCodes } from '@cacifo/contract/roles';
import type { AccountList, AdminAccount, accountListQuerySchema } from '@cacifo/contract/schemas/admin';
import { DeleteButton } from '@/components/list/delete-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import type { ListState } from '@/lib/list/use-list-state';
import { useDeleteAccount, useSetAccountEnabled, type AccountScope } from '../api/accounts';

interface Props {
  scope: AccountScope;
  list: ListState<typeof accountListQuerySchema>;
  data: AccountList | undefined;
  loading: boolean;
  error: unknown;
  onEdit: (a: AdminAccount) => void;
  canDelete: boolean;
  /** Editors may not edit admin-role accounts. */
  canTouch: (a: AdminAccount) => boolean;
  /** Who may enable or disable the account ('accounts.manageAccess' on /admins); canTouch if unset. */
  canToggle?: (a: AdminAccount) => boolean;
  selfId: number | null;
  showCompany?: boolean;
}

/** The accounts list of /admins and /employees on the list kit: paged, filtered and sorted on the server. */
export function AccountsTable(p: Props) {
  const { t } = useTranslation();
  const setEnabled = useSetAccountEnabled(p.scope);
  const remove = useDeleteAccount(p.scope);

  // Messages are the mutations' own (docs/adr/0060); a switch waits while its request runs.
  const toggle = (a: AdminAccount, enabled: boolean) => setEnabled.mutate({ id: a.id, enabled });

  const columns: ListColumn<AdminAccount>[] = [
    {
      title: t('admins.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, a) => (
        <Space size={4}>
          <span>{name}</span>
          {a.id === p.selfId && <Tag color="blue">{t('admins.list.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('admins.fields.username'), dataIndex: 'username', sortKey: 'username' },
    ...(p.showCompany ? [{ title: t('admins.fields.company'), dataIndex: 'company' as const }] : []),
    {
      title: t('admins.fields.role'),
      dataIndex: 'role',
      sortKey: 'role',
      render: (r: AdminAccount['role'], a) => (
        <Space size={4} wrap>
          <Tag>{t(roleCodes.labelKey(r))}</Tag>
          {/* A kiosk's location, or that it is installed nowhere (it cannot act then). */}
          {a.kioskPlace !== undefined && (
            <Tag color={a.kioskPlace ? 'cyan' : 'orange'} data-testid="account-kiosk-place-tag">
              {a.kioskPlace?.name ?? t('admins.form.kioskPlaceNone')}
            </Tag>
          )}
        </Space>
      ),
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
          disabled={a.id === p.selfId || !(p.canToggle ?? p.canTouch)(a)}
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
            <DeleteButton
              size="small"
              name={a.name}
              onDelete={() => remove.mutateAsync(a.id)}
              pending={remove.isPending && remove.variables === a.id}
              disabled={a.id === p.selfId}
              testId={`account-delete-${a.id}`}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <ListTable<AdminAccount, typeof accountListQuerySchema>
      list={p.list}
      rowKey="id"
      columns={columns}
      rows={p.data?.accounts}
      total={p.data?.total}
      lowerBound={p.data?.totalIsLowerBound}
      loading={p.loading}
      error={p.error}
      countKey="admins.list.count"
      emptyText={t('admins.list.empty')}
      scrollX={900}
      testId={`${p.scope}-table`}
    />
  );
}
