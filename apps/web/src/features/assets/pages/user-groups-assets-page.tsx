import { useState } from 'react';
import { Alert, Button, Card, Modal, Select, Table, Tag } from 'antd';
import { UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/form-submit';
import { useSession } from '@/lib/session';
import { useAssets } from '../api/get-assets';
import { useUserGroups, type UserGroupRef } from '../api/get-office-refs';
import { useAssetGroup } from '../api/save-asset';

/** /user-groups-assets: the office user groups, and giving a whole group access to an asset. */
export default function UserGroupsAssetsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const groups = useUserGroups();
  const assets = useAssets({ max_results: 1000, offset: 0 });
  const addGroup = useAssetGroup();
  const [group, setGroup] = useState<UserGroupRef | null>(null);
  const [assetId, setAssetId] = useState<number | null>(null);
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  // The asset keeps the group (issue #27): people who join it later may retrieve the asset too.
  // Said by the mutation's meta; one request however fast the clicks.
  const { run: grant, pending: granting } = useSingleFlight(async () => {
    if (!group || assetId === null) return;
    await addGroup.mutateAsync({ assetId, groupId: group.id, add: true, groupName: group.name });
    setGroup(null);
    setAssetId(null);
  });

  return (
    <>
      <PageHeader routeId="userGroupsAssets" />
      <Card>
        {groups.isError && (
          <Alert type="error" showIcon message={errorMessage(groups.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<UserGroupRef>
          rowKey="id"
          loading={groups.isFetching}
          dataSource={groups.data?.groups ?? []}
          locale={{ emptyText: t('assets.groups.empty') }}
          columns={[
            { title: t('assets.groups.name'), dataIndex: 'name' },
            {
              title: t('assets.groups.description'),
              dataIndex: 'description',
              render: (d: string | null) => d ?? '—',
            },
            {
              title: t('assets.groups.members'),
              dataIndex: 'users',
              render: (users: UserGroupRef['users']) =>
                users.length ? users.slice(0, 6).map((u) => <Tag key={u.id}>{u.name}</Tag>) : '—',
            },
            ...(mayManage
              ? [
                  {
                    key: 'grant',
                    width: 200,
                    render: (_: unknown, g: UserGroupRef) => (
                      <Button icon={<UsergroupAddOutlined />} onClick={() => setGroup(g)}>
                        {t('assets.groups.grant')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={group !== null}
        title={t('assets.groups.grantTitle', { name: group?.name ?? '' })}
        okText={t('assets.groups.grant')}
        cancelText={t('assets.common.cancel')}
        okButtonProps={{ disabled: assetId === null }}
        confirmLoading={granting}
        onOk={() => void grant()}
        onCancel={() => setGroup(null)}
      >
        <Select
          showSearch
          style={{ width: '100%' }}
          placeholder={t('assets.groups.pickAsset')}
          aria-label={t('assets.groups.pickAsset')}
          value={assetId}
          onChange={(v: number) => setAssetId(v)}
          optionFilterProp="label"
          options={(assets.data?.assets ?? []).map((a) => ({ value: a.id, label: a.name }))}
        />
      </Modal>
    </>
  );
}
