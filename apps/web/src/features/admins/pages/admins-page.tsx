import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, Segmented, Space } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { ROLE } from '@cacifo/contract/roles';
import { PageHeader } from '@/components/page-header';
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

/** /admins: staff accounts and screen users; own profile from the user menu. */
export default function AdminsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const table = useTablePage();
  const kind = table.params.get('kind') === 'screen' ? 'screen' : 'staff';
  const search = table.params.get('q') ?? '';
  const [target, setTarget] = useState<AccountFormTarget | null>(null);
  const profile = useProfile();
  const [profileOpen, setProfileOpen] = useProfileOpen();
  const role = session?.userRole ?? ROLE.VISITOR;
  const canManage = can(role, 'admins.manage', session?.modules);
  const list = useAccounts('admins', {
    max_results: table.pageSize,
    offset: table.offset,
    kind,
    search: search || undefined,
  });

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
            onChange={(v) => table.set({ kind: v === 'screen' ? 'screen' : undefined, page: undefined })}
            options={[
              { value: 'staff', label: t('admins.list.staff') },
              { value: 'screen', label: t('admins.list.screens') },
            ]}
          />
          <Input.Search
            allowClear
            defaultValue={search}
            placeholder={t('admins.list.search')}
            onSearch={(q) => table.set({ q: q.trim() || undefined, page: undefined })}
            style={{ width: 280 }}
          />
        </Space>
        <AccountsTable
          scope="admins"
          rows={list.data?.accounts ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          page={table.page}
          pageSize={table.pageSize}
          onPage={table.onPage}
          onEdit={(account) => setTarget({ account, kind })}
          canDelete={canManage}
          canTouch={(a) => canManage || a.role !== ROLE.ADMIN}
          selfId={profile.data?.id ?? null}
        />
      </Card>
      <Suspense fallback={null}>
        <AccountFormDrawer
          scope="admins"
          target={target}
          canManage={canManage}
          canPickCompany={false}
          onClose={() => setTarget(null)}
        />
        <ProfileDrawer open={profileOpen} onClose={() => setProfileOpen(false)} />
      </Suspense>
    </>
  );
}
