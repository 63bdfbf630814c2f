import { lazy, Suspense } from 'react';
import { Button, Card, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listGroupsQuerySchema, type UserGroup } from '@cacifo/contract/schemas/office';
import { EditDeleteActions } from '@/components/list/edit-delete-actions';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format-date';
import { useEditModal } from '@/lib/list/use-edit-modal';
import { useListState } from '@/lib/list/use-list-state';
import { useDeleteGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { useCan } from '@/lib/use-can';

// Loaded after the page: the dialog's form code is not needed to show the list.
const GroupModal = lazy(() => import('../components/group-modal').then((m) => ({ default: m.GroupModal })));

/** /user-groups-office: groups, their shared lockers, members and schedules. */
export default function UserGroupsOfficePage() {
  const { t } = useTranslation();
  const list = useListState(listGroupsQuerySchema);
  const canManage = useCan();
  const groups = useUserGroups(list.query);
  const remove = useDeleteGroup();
  const modal = useEditModal<UserGroup>();

  const columns: ListColumn<UserGroup>[] = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (v: string, g) => (
        <Space orientation="vertical" size={0}>
          <strong>{v}</strong>
          {g.description && <span className="cell-secondary">{g.description}</span>}
        </Space>
      ),
    },
    {
      title: t('office.fields.createdAt'),
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      responsive: ['lg'],
      render: (v: string) => formatDateTime(v),
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
              <EditDeleteActions
                editLabel={t('office.groups.edit')}
                onEdit={() => modal.edit(g)}
                name={g.name}
                onDelete={() => remove.mutateAsync(g.id)}
                pending={remove.isPending && remove.variables === g.id}
                deleteTestId={`group-delete-${g.id}`}
              />
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
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.create} data-testid="group-new">
              {t('office.groups.new')}
            </Button>
          )
        }
      />
      <Card>
        <Input.Search
          key={list.filters.search ?? ''}
          allowClear
          defaultValue={list.filters.search}
          placeholder={t('office.common.search')}
          onSearch={(v) => list.setFilters({ search: v.trim() })}
          style={{ width: 240, marginBottom: 16 }}
          data-testid="groups-search"
        />
        <ListTable<UserGroup, typeof listGroupsQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={groups.data?.groups}
          total={groups.data?.totalGroups}
          loading={groups.isFetching && !groups.data}
          error={groups.isError ? groups.error : undefined}
          countKey="office.groups.count"
          testId="groups-table"
          scrollX={800}
        />
      </Card>
      <Suspense fallback={null}>
        <GroupModal group={modal.editing} open={modal.open} onClose={modal.close} />
      </Suspense>
    </>
  );
}
