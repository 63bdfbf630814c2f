import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { userType, type UserType } from '@cacifo/contract/codes/office';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { usePlaces } from '@/lib/queries/locations';
import { useUserGroups } from '../api/get-user-groups';
import { useDeleteUser } from '../api/delete-user';
import { fetchAllUsers, useUsers, type UsersFilters } from '../api/get-users';
import { useSetUserEnabled } from '../api/set-user-enabled';
import { exportUsersXlsx } from '@/lib/export-users';
import { useCan } from '../components/use-can-manage';
import { useUrlParams } from '../components/use-url-params';

const PAGE_SIZES = [10, 25, 50, 100];

// Loaded after the page: the dialog's form code is not needed to show the list.
const UserFormModal = lazy(() =>
  import('../components/user-form-modal').then((m) => ({ default: m.UserFormModal })),
);

/** /office-users: server-paged users; filters, page and size live in the URL. */
export default function OfficeUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { params, update, num } = useUrlParams();
  const canManage = useCan();
  const [editing, setEditing] = useState<LockerUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const pageSize = num('size') ?? 25;
  const page = num('page') ?? 1;
  const enabled = params.get('enabled');
  const type = params.get('type');
  const groupId = num('group');
  const placeId = num('place');
  const filters: UsersFilters = {
    search: params.get('q') || undefined,
    enabled: enabled === '1' || enabled === '0' ? enabled : undefined,
    userType: userType.has(type) ? (type as UserType) : undefined,
    groupId,
    placeId,
  };
  const users = useUsers({ ...filters, max_results: pageSize, offset: (page - 1) * pageSize });
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const setEnabled = useSetUserEnabled();
  const remove = useDeleteUser();

  const toggle = async (u: LockerUser, on: boolean) => {
    try {
      await setEnabled.mutateAsync({ id: u.id, enabled: on ? 1 : 0 });
      void message.success(t(on ? 'office.users.enabledOk' : 'office.users.disabledOk'));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const del = async (u: LockerUser) => {
    try {
      await remove.mutateAsync(u.id);
      void message.success(t('office.users.removed'));
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const doExport = async () => {
    setExporting(true);
    try {
      const all = await fetchAllUsers(filters);
      await exportUsersXlsx(all, {
        fileName: t('office.export.fileName'),
        name: t('office.fields.name'),
        number: t('office.fields.number'),
        email: t('office.fields.email'),
        lockers: t('office.users.lockers'),
        groups: t('office.users.groups'),
        enabled: t('office.users.enabled'),
        yes: t('office.common.yes'),
        no: t('office.common.no'),
      });
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<LockerUser> = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      render: (name: string, u) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/office-users/details/${u.id}`} data-testid={`user-link-${u.id}`}>
            {name}
          </Link>
          {u.email && <span className="cell-secondary">{u.email}</span>}
        </Space>
      ),
    },
    { title: t('office.fields.number'), dataIndex: 'number', render: (v: string | null) => v ?? '—' },
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
          onChange={(on) => void toggle(u, on)}
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
                <Popconfirm
                  title={t('office.users.confirmDelete', { name: u.name })}
                  okText={t('office.common.delete')}
                  cancelText={t('office.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => del(u)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid={`user-delete-${u.id}`} />
                </Popconfirm>
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
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting}
              onClick={() => void doExport()}
              data-testid="users-export"
            >
              {t('office.export.button')}
            </Button>
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
            allowClear
            defaultValue={filters.search}
            placeholder={t('office.users.search')}
            onSearch={(q) => update({ q: q.trim(), page: null })}
            style={{ width: 240 }}
            data-testid="users-search"
          />
          <Segmented
            value={enabled ?? 'all'}
            onChange={(v) => update({ enabled: v === 'all' ? null : String(v), page: null })}
            options={[
              { value: 'all', label: t('office.common.all') },
              { value: '1', label: t('office.users.enabledOnly') },
              { value: '0', label: t('office.users.disabledOnly') },
            ]}
          />
          <Select
            allowClear
            placeholder={t('office.fields.userType')}
            aria-label={t('office.fields.userType')}
            value={filters.userType}
            onChange={(v?: string) => update({ type: v, page: null })}
            style={{ width: 150 }}
            options={userType.values.map((v) => ({
              value: v,
              label: t(userType.labelKey(v) as 'userType.EMPLOYEE'),
            }))}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('office.users.group')}
            aria-label={t('office.users.group')}
            value={groupId}
            onChange={(v?: number) => update({ group: v, page: null })}
            style={{ width: 180 }}
            options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
          <Select
            allowClear
            placeholder={t('office.users.location')}
            aria-label={t('office.users.location')}
            value={placeId}
            onChange={(v?: number) => update({ place: v, page: null })}
            style={{ width: 180 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Space>
        {users.isError && (
          <Alert type="error" showIcon title={errorMessage(users.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<LockerUser>
          rowKey="id"
          columns={columns}
          dataSource={users.data?.users ?? []}
          loading={users.isLoading}
          scroll={{ x: 900 }}
          data-testid="users-table"
          pagination={{
            current: page,
            pageSize,
            total: users.data?.totalUsers ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (n) => t('office.common.total', { count: n }),
            onChange: (p, s) => update({ page: p > 1 ? p : null, size: s !== 25 ? s : null }),
          }}
        />
      </Card>
      <Suspense fallback={null}>
        <UserFormModal user={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      </Suspense>
    </>
  );
}
