import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Space } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLE } from '@cacifo/contract/roles';
import { can } from '@cacifo/contract/permissions';
import { ClientFilter } from '@/components/list/client-filter';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useAccounts } from '../api/accounts';
import { useProfile } from '../api/profile';
import type { AccountFormTarget } from '../components/use-account-form';
import { AccountFilters } from '../components/account-filters';
import { AccountsTable } from '../components/accounts-table';
import { useListState } from '@/lib/list/use-list-state';
import { accountListQuerySchema } from '@cacifo/contract/schemas/admin';
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
  const list = useListState(accountListQuerySchema);
  const { filters } = list;
  const [target, setTarget] = useState<AccountFormTarget | null>(null);
  const profile = useProfile();
  const [profileOpen, setProfileOpen] = useProfileOpen();
  const isAdmin = can(session?.userRole ?? ROLE.VISITOR, 'companies.all', session?.modules);
  const accounts = useAccounts('employees', {
    ...list.query,
    kind: undefined,
    role: undefined,
    company: isAdmin ? filters.company : undefined,
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
          <AccountFilters list={list} />
          {isAdmin && (
            <ClientFilter
              by="name"
              value={filters.company}
              onChange={(company) => list.setFilters({ company })}
              testId="accounts-filter-client"
            />
          )}
        </Space>
        <AccountsTable
          scope="employees"
          list={list}
          data={accounts.data}
          loading={accounts.isFetching && !accounts.data}
          error={accounts.isError ? accounts.error : undefined}
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
