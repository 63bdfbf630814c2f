import { lazy, Suspense, useState } from 'react';
import { Button, Card, Segmented, Space } from 'antd';
import { accountListQuerySchema } from '@cacifo/contract/schemas/admin';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { ROLE } from '@cacifo/contract/roles';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useAccounts } from '../api/accounts';
import { useProfile } from '../api/profile';
import type { AccountFormTarget } from '../components/use-account-form';
import { AccountFilters } from '../components/account-filters';
import { AccountsTable } from '../components/accounts-table';
import { useListState } from '@/lib/list/use-list-state';
import { useProfileOpen } from '../components/use-profile-open';

const STAFF_ROLES = [ROLE.ADMIN, ROLE.EDITOR, ROLE.COURIER, ROLE.IMPORTER, ROLE.SECURITY] as const;
const SCREEN_ROLES = [ROLE.SCREEN, ROLE.DASH, ROLE.COURIER] as const;

// The drawers (antd Form, zod) load after the list, not before it.
const AccountFormDrawer = lazy(() =>
  import('../components/account-form-drawer').then((m) => ({ default: m.AccountFormDrawer })),
);
const ProfileDrawer = lazy(() =>
  import('../components/profile-drawer').then((m) => ({ default: m.ProfileDrawer })),
);

/**
 * /admins: staff accounts and screen users on the list kit (issue #22): kind, search, role,
 * enabled and the sort in the URL, applied by the server; own profile from the user menu.
 */
export default function AdminsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState(accountListQuerySchema);
  const kind = list.filters.kind === 'screen' ? 'screen' : 'staff';
  const [target, setTarget] = useState<AccountFormTarget | null>(null);
  const profile = useProfile();
  const [profileOpen, setProfileOpen] = useProfileOpen();
  const role = session?.userRole ?? ROLE.VISITOR;
  const canManage = can(role, 'admins.manage', session?.modules);
  // Roles, kiosk locations, enabled state and secrets; and admins' accounts at all (issue #31).
  const canManageAccess = can(role, 'accounts.manageAccess', session?.modules);
  const accounts = useAccounts('admins', { ...list.query, kind });

  return (
    <>
      <PageHeader
        routeId="admins"
        extra={
          <Space wrap>
            <Button icon={<UserOutlined />} onClick={() => setProfileOpen(true)} data-testid="open-profile">
              {t('admins.profile.title')}
            </Button>
            {canManage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ account: null, kind })}
                data-testid="add-account"
              >
                {t(kind === 'screen' ? 'admins.list.addScreen' : 'admins.list.addAdmin')}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
          <Segmented
            value={kind}
            onChange={(v) => list.setFilters({ kind: v === 'screen' ? 'screen' : null })}
            options={[
              { value: 'staff', label: t('admins.list.staff') },
              { value: 'screen', label: t('admins.list.screens') },
            ]}
          />
          <AccountFilters list={list} roles={kind === 'screen' ? SCREEN_ROLES : STAFF_ROLES} />
        </Space>
        <AccountsTable
          scope="admins"
          list={list}
          data={accounts.data}
          loading={accounts.isFetching && !accounts.data}
          error={accounts.isError ? accounts.error : undefined}
          onEdit={(account) => setTarget({ account, kind })}
          canDelete={canManage}
          canTouch={(a) => canManageAccess || !can(a.role, 'accounts.manageAccess')}
          canToggle={() => canManageAccess}
          selfId={profile.data?.id ?? null}
        />
      </Card>
      <Suspense fallback={null}>
        <AccountFormDrawer
          scope="admins"
          target={target}
          canManage={canManageAccess}
          canPickCompany={false}
          onClose={() => setTarget(null)}
        />
        <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
      </Suspense>
    </>
  );
}
