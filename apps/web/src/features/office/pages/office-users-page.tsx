import { lazy, Suspense } from 'react';
import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type listUsersQuerySchema, type LockerUser } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { PageHeader } from '@/components/page-header';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { UsersBulkActions } from '../components/users-list/users-bulk-actions';
import { useUserColumns } from '../components/users-list/users-columns';
import { UsersFilters } from '../components/users-list/users-filters';
import { useUsersPage } from '../components/users-list/use-users-page';

// Loaded after the page: the dialog's form code is not needed to show the list.
const UserFormModal = lazy(() =>
  import('../components/user-form-modal').then((m) => ({ default: m.UserFormModal })),
);

/** /office-users: server-paged users; filters, page and size live in the URL. */
export default function OfficeUsersPage() {
  const { t } = useTranslation();
  const page = useUsersPage();
  const columns = useUserColumns(page);
  const { list, users, canManage, selected, setSelected, form } = page;

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
                onClick={() => form.show(null)}
                data-testid="user-new"
              >
                {t('office.users.new')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <UsersFilters page={page} />
        {canManage && <UsersBulkActions page={page} />}
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
        <UserFormModal user={form.user} open={form.open} onClose={form.close} />
      </Suspense>
    </>
  );
}
