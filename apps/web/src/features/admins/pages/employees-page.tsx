import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Input, Space } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@cacifo/contract/roles';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAccounts } from '../api/accounts';
import { useProfile } from '../api/profile';
import type { AccountFormTarget } from '../components/account-form-drawer';
import { AccountsTable } from '../components/accounts-table';
import { useTablePage } from '../components/use-table-page';
import { useProfileOpen } from '../components/use-profile-open';

// The drawers (antd Form, zod) load after the list, not before it.
const AccountFormDrawer = lazy(() =>
  import('../components/account-form-drawer').then((m) => ({ default: m.AccountFormDrawer })),
);
const ProfileDrawer = lazy(() =>
  import('../components/profile-drawer').then((m) => ({ default: m.ProfileDrawer })),
);

/** /employees: store accounts. The store role sees and manages its own store only (the server enforces it). */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const table = useTablePage();
  const search = table.params.get('q') ?? '';
  const company = table.params.get('company') ?? '';
  const [target, setTarget] = useState<AccountFormTarget | null>(null);
  const profile = useProfile();
  const [profileOpen, setProfileOpen] = useProfileOpen();
  const isAdmin = session?.userRole === ROLE.ADMIN;
  const list = useAccounts('employees', {
    max_results: table.pageSize,
    offset: table.offset,
    search: search || undefined,
    company: isAdmin ? company || undefined : undefined,
  });

  return (
    <>
      <PageHeader
        routeId="employees"
        extra={
          <Space wrap>
            <Button icon={<UserOutlined />} onClick={() => setProfileOpen(true)} data-testid="open-profile">
              {t('admins.profile.title')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTarget({ account: null, kind: 'employee' })}
              data-testid="add-account"
            >
              {t('admins.list.addEmployee')}
            </Button>
          </Space>
        }
      />
      <Card>
        {!isAdmin && session?.assignedStore && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('admins.list.storeScope', { store: session.assignedStore })}
          />
        )}
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            defaultValue={search}
            placeholder={t('admins.list.search')}
            onSearch={(q) => table.set({ q: q.trim() || undefined, page: undefined })}
            style={{ width: 260 }}
          />
          {isAdmin && (
            <Input.Search
              allowClear
              defaultValue={company}
              placeholder={t('admins.fields.company')}
              onSearch={(c) => table.set({ company: c.trim() || undefined, page: undefined })}
              style={{ width: 220 }}
            />
          )}
        </Space>
        {list.isError && (
          <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} />
        )}
        <AccountsTable
          scope="employees"
          rows={list.data?.accounts ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          page={table.page}
          pageSize={table.pageSize}
          onPage={table.onPage}
          onEdit={(account) => setTarget({ account, kind: 'employee' })}
          canDelete
          canTouch={() => true}
          selfId={profile.data?.id ?? null}
          showCompany
        />
      </Card>
      <Suspense fallback={null}>
        <AccountFormDrawer
          scope="employees"
          target={target}
          canManage
          canPickCompany={isAdmin}
          onClose={() => setTarget(null)}
        />
        <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
      </Suspense>
    </>
  );
}
