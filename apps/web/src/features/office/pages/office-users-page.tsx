import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Card, Input, Segmented, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listUsersQuerySchema, type LockerUser } from '@cacifo/contract/schemas/office';
import { userType, type UserType } from '@cacifo/contract/codes/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { PageHeader } from '@/components/page-header';
import { BulkActions } from '@/components/list/bulk-actions';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { useCountText } from '@/lib/list/count-text';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useBulkUsers } from '../api/bulk-users';
import { useUserGroups } from '../api/get-user-groups';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useSetUserEnabled } from '../api/set-user-enabled';
import { useCan } from '../components/use-can-manage';
import { DeleteButton } from '@/components/list/delete-button';

// Loaded after the page: the dialog's form code is not needed to show the list.
const UserFormModal = lazy(() =>
  import('../components/user-form-modal').then((m) => ({ default: m.UserFormModal })),
);

/** /office-users: server-paged users; filters, page and size live in the URL. */
export default function OfficeUsersPage() {
  const { t } = useTranslation();
  const list = useListState(listUsersQuerySchema);
  const { filters } = list;
  const canManage = useCan();
  const countText = useCountText();
  const [editing, setEditing] = useState<LockerUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkGroup, setBulkGroup] = useState<number | undefined>();
  const users = useUsers(list.query);
  const bulk = useBulkUsers();
  // A selection belongs to the rows on screen: another page or filter starts a new one.
  const shown = JSON.stringify(list.query);
  useEffect(() => setSelected([]), [shown]);
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const setEnabled = useSetUserEnabled();
  const remove = useDeleteUser();

  // What each mutation says when it ends is on the mutation (lib/mutation-feedback.ts).
  const toggle = (u: LockerUser, on: boolean) => setEnabled.mutate({ id: u.id, enabled: on ? 1 : 0 });
  const names = new Map((users.data?.users ?? []).map((u) => [u.id, u.name]));
  const groupName = groups.data?.groups.find((g) => g.id === bulkGroup)?.name ?? '';
  const rows = (n: number) => countText('office.users.count', n);

  const columns: ListColumn<LockerUser>[] = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, u) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/office-users/details/${u.id}`} data-testid={`user-link-${u.id}`}>
            {name}
          </Link>
          {u.email && <span className="cell-secondary">{u.email}</span>}
        </Space>
      ),
    },
    {
      title: t('office.fields.number'),
      dataIndex: 'number',
      sortKey: 'number',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('office.users.credentials'),
      key: 'cred',
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          {u.card ? <Tag color="blue">{t('office.fields.card')}</Tag> : null}
          {u.pin ? <Tag color="green">{t('office.fields.pin')}</Tag> : null}
          {!u.card && !u.pin && <span className="muted-zero">—</span>}
        </Space>
      ),
    },
    {
      title: t('office.users.lockers'),
      key: 'lockers',
      render: (_: unknown, u) =>
        u.lockers.length ? (
          <Space size={4} wrap>
            {u.lockers.map((l) => (
              <Tag key={l.id}>{`${l.placeName} #${l.doorNumber}`}</Tag>
            ))}
          </Space>
        ) : (
          <span className="muted-zero">—</span>
        ),
    },
    {
      title: t('office.users.groups'),
      key: 'groups',
      responsive: ['lg'],
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          {u.groups.map((g) => (
            <Tag key={g.id} color="purple">
              {g.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.fields.userType'),
      dataIndex: 'userType',
      responsive: ['md'],
      render: (v: UserType) => t(userType.labelKey(v) as 'userType.EMPLOYEE'),
    },
    {
      title: t('office.users.enabled'),
      dataIndex: 'enabled',
      render: (v: number, u) => (
        <Switch
          checked={!!v}
          disabled={!canManage}
          loading={setEnabled.isPending && setEnabled.variables?.id === u.id}
          onChange={(on) => toggle(u, on)}
          aria-label={`${t('office.users.enabled')}: ${u.name}`}
          data-testid={`user-enabled-${u.id}`}
        />
      ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, u: LockerUser) => (
              <Space>
                <Tooltip title={t('office.common.edit')}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => {
                      setEditing(u);
                      setFormOpen(true);
                    }}
                  />
                </Tooltip>
                <DeleteButton
                  size="small"
                  name={u.name}
                  detail={t('office.users.deleteDetail')}
                  onDelete={() => remove.mutateAsync(u.id)}
                  pending={remove.isPending && remove.variables === u.id}
                  disabled={remove.isPending}
                  testId={`user-delete-${u.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        routeId="officeUsers"
        extra={
          <Space wrap>
            <ExportButton
              endpoint={officeApi.exportUsers}
              filters={list.filterQuery}
              total={users.data?.totalUsers}
              countKey="office.users.count"
              testId="users-export"
            />
            {canManage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  setEditing(null);
                  setFormOpen(true);
                }}
                data-testid="user-new"
              >
                {t('office.users.new')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={filters.search ?? ''}
            allowClear
            defaultValue={filters.search}
            placeholder={t('office.users.search')}
            onSearch={(q) => list.setFilters({ search: q.trim() })}
            style={{ width: 240 }}
            data-testid="users-search"
          />
          <Segmented
            value={filters.enabled ?? 'all'}
            onChange={(v) => list.setFilters({ enabled: v === 'all' ? null : String(v) })}
            options={[
              { value: 'all', label: t('office.common.all') },
              { value: '1', label: t('office.users.enabledOnly') },
              { value: '0', label: t('office.users.disabledOnly') },
            ]}
            data-testid="users-filter-enabled"
          />
          <Select
            allowClear
            aria-label={t('office.fields.userType')}
            placeholder={t('office.fields.userType')}
            value={filters.userType}
            onChange={(v?: string) => list.setFilters({ userType: v })}
            style={{ width: 150 }}
            options={userType.values.map((v) => ({
              value: v,
              label: t(userType.labelKey(v) as 'userType.EMPLOYEE'),
            }))}
            data-testid="users-filter-type"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('office.users.group')}
            placeholder={t('office.users.group')}
            value={filters.groupId ? Number(filters.groupId) : undefined}
            onChange={(v?: number) => list.setFilters({ groupId: v })}
            style={{ width: 180 }}
            options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="users-filter-group"
          />
          <Select
            allowClear
            aria-label={t('office.users.location')}
            placeholder={t('office.users.location')}
            value={filters.placeId ? Number(filters.placeId) : undefined}
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            style={{ width: 180 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Space>
        {canManage && (
          <BulkActions
            selected={selected}
            onDone={() => setSelected([])}
            rowLabel={(id) => names.get(id) ?? `#${id}`}
            rowTitle={t('office.fields.name')}
            countKey="office.users.count"
            testId="users-bulk"
            extra={
              <Select
                allowClear
                size="middle"
                aria-label={t('office.users.bulk.chooseGroup')}
                placeholder={t('office.users.bulk.chooseGroup')}
                value={bulkGroup}
                onChange={(v?: number) => setBulkGroup(v)}
                style={{ width: 180 }}
                options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
              />
            }
            actions={[
              {
                key: 'enable',
                label: t('office.users.bulk.enable'),
                confirm: (n) => t('office.users.bulk.confirmEnable', { rows: rows(n) }),
                run: (ids) => bulk.mutateAsync({ action: 'enable', ids }),
              },
              {
                key: 'disable',
                label: t('office.users.bulk.disable'),
                danger: true,
                confirm: (n) => t('office.users.bulk.confirmDisable', { rows: rows(n) }),
                run: (ids) => bulk.mutateAsync({ action: 'disable', ids }),
              },
              {
                key: 'addToGroup',
                label: t('office.users.bulk.addToGroup'),
                disabled: bulkGroup === undefined,
                confirm: (n) => t('office.users.bulk.confirmAddToGroup', { rows: rows(n), group: groupName }),
                run: (ids) => bulk.mutateAsync({ action: 'addToGroup', ids, groupId: bulkGroup }),
              },
            ]}
          />
        )}
        <ListTable<LockerUser, typeof listUsersQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={users.data?.users}
          total={users.data?.totalUsers}
          lowerBound={users.data?.totalIsLowerBound}
          loading={users.isLoading}
          error={users.isError ? users.error : undefined}
          countKey="office.users.count"
          scrollX={900}
          testId="users-table"
          rowSelection={
            canManage
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
        />
      </Card>
      <Suspense fallback={null}>
        <UserFormModal user={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      </Suspense>
    </>
  );
}
