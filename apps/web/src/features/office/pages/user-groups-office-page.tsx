import { lazy, Suspense, useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserGroup } from '@cacifo/contract/schemas/office';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useDeleteGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { useCan } from '../components/use-can-manage';
import { useUrlParams } from '../components/use-url-params';

// Loaded after the page: the dialog's form code is not needed to show the list.
const GroupModal = lazy(() => import('../components/group-modal').then((m) => ({ default: m.GroupModal })));

/** /user-groups-office: groups, their shared lockers, members and schedules. */
export default function UserGroupsOfficePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { params, update, num } = useUrlParams();
  const canManage = useCan();
  const page = num('page') ?? 1;
  const search = params.get('q') ?? undefined;
  const groups = useUserGroups({ max_results: 25, offset: (page - 1) * 25, search });
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<UserGroup | null>(null);
  const [open, setOpen] = useState(false);

  const columns: TableColumnsType<UserGroup> = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      render: (v: string, g) => (
        <Space orientation="vertical" size={0}>
          <strong>{v}</strong>
          {g.description && <span className="cell-secondary">{g.description}</span>}
        </Space>
      ),
    },
    {
      title: t('office.groups.members'),
      key: 'users',
      render: (_: unknown, g) => <Tag>{g.users.length}</Tag>,
    },
    {
      title: t('office.groups.sharedLockers'),
      key: 'lockers',
      render: (_: unknown, g) => (
        <Space size={4} wrap>
          {g.lockers.map((l) => (
            <Tag key={l.id}>{`${l.placeName} #${l.doorNumber}`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.users.schedules'),
      key: 'schedules',
      render: (_: unknown, g) => (
        <Space size={4} wrap>
          {g.schedules.map((s) => (
            <Tag key={s.id} color="geekblue">
              {s.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, g: UserGroup) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    setEditing(g);
                    setOpen(true);
                  }}
                />
                <Popconfirm
                  title={t('office.groups.confirmDelete', { name: g.name })}
                  okText={t('office.common.delete')}
                  cancelText={t('office.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(g.id);
                      void message.success(t('office.common.deleted'));
                    } catch (e) {
                      void message.error(errorMessage(e));
                    }
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} />
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
        routeId="userGroupsOffice"
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
              data-testid="group-new"
            >
              {t('office.groups.new')}
            </Button>
          )
        }
      />
      <Card>
        <Input.Search
          allowClear
          defaultValue={search}
          placeholder={t('office.common.search')}
          onSearch={(q) => update({ q: q.trim(), page: null })}
          style={{ width: 240, marginBottom: 16 }}
        />
        {groups.isError && (
          <Alert type="error" showIcon title={errorMessage(groups.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<UserGroup>
          rowKey="id"
          columns={columns}
          dataSource={groups.data?.groups ?? []}
          loading={groups.isLoading}
          scroll={{ x: 800 }}
          pagination={{
            current: page,
            pageSize: 25,
            total: groups.data?.totalGroups ?? 0,
            onChange: (p) => update({ page: p > 1 ? p : null }),
          }}
        />
      </Card>
      <Suspense fallback={null}>
        <GroupModal group={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
