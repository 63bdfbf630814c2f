import { Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetUser } from '@cacifo/contract/schemas/assets';
import { errorMessage } from '@/lib/api-client';
import { useAssetPeople, type AssetPeople } from './use-asset-people';

/** Who may retrieve the asset, each with their schedules, and the asset's own schedules. */
export function AssetPeoplePanel({ asset, mayManage }: { asset: Asset; mayManage: boolean }) {
  const { t } = useTranslation();
  const p = useAssetPeople(asset);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {mayManage && <AssetUserPicker asset={asset} p={p} />}
      <Table<AssetUser>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={asset.retrievedBy}
        locale={{ emptyText: t('assets.people.empty') }}
        columns={[
          {
            title: t('assets.people.user'),
            dataIndex: 'name',
            render: (n: string | null, u) => n ?? `#${u.id}`,
          },
          {
            title: t('assets.people.schedules'),
            dataIndex: 'scheduleIds',
            render: (ids: number[], u) =>
              mayManage ? (
                <Select
                  mode="multiple"
                  size="small"
                  style={{ minWidth: 220 }}
                  value={ids}
                  placeholder={t('assets.people.anyTime')}
                  aria-label={t('assets.people.anyTime')}
                  options={p.scheduleOptions}
                  onChange={(next: number[]) => p.changeSchedules(next, ids, u.id)}
                />
              ) : ids.length ? (
                ids.map((id) => <Tag key={id}>{p.scheduleName.get(id) ?? `#${id}`}</Tag>)
              ) : (
                t('assets.people.anyTime')
              ),
          },
          ...(mayManage
            ? [
                {
                  key: 'remove',
                  width: 60,
                  render: (_: unknown, u: AssetUser) => (
                    <Popconfirm
                      title={t('assets.people.removeConfirm')}
                      okText={t('assets.common.yes')}
                      cancelText={t('assets.common.no')}
                      onConfirm={() => p.removeUser(u.id)}
                    >
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('assets.people.remove')}
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <div>
        <h3 className="assets-subtitle">{t('assets.people.groups')}</h3>
        <p className="assets-hint">{t('assets.people.groupsHint')}</p>
        {asset.groups.length === 0
          ? '—'
          : asset.groups.map((g) => (
              <Tag
                key={g.id}
                closable={mayManage}
                onClose={(e) => {
                  e.preventDefault();
                  p.removeGroup(g.id);
                }}
                data-testid={`asset-group-${g.id}`}
              >
                {g.name}
              </Tag>
            ))}
      </div>
      <div>
        <h3 className="assets-subtitle">{t('assets.people.assetSchedules')}</h3>
        <Select
          mode="multiple"
          disabled={!mayManage}
          style={{ minWidth: 320 }}
          value={asset.schedules}
          placeholder={t('assets.people.anyTime')}
          aria-label={t('assets.people.anyTime')}
          options={p.scheduleOptions}
          onChange={(next: number[]) => p.changeSchedules(next, asset.schedules)}
          data-testid="asset-schedules"
        />
      </div>
    </Space>
  );
}

/** The manager's picker: a user found by name, added to those who may retrieve the asset. */
function AssetUserPicker({ asset, p }: { asset: Asset; p: AssetPeople }) {
  const { t } = useTranslation();
  const { users } = p;
  return (
    <Space wrap>
      <Select
        showSearch
        allowClear
        style={{ width: 280 }}
        placeholder={t('assets.people.pickUser')}
        aria-label={t('assets.people.pickUser')}
        filterOption={false}
        onSearch={p.setSearch}
        value={p.picked}
        onChange={(v?: number) => p.setPicked(v ?? null)}
        loading={users.isFetching}
        notFoundContent={users.isError ? errorMessage(users.error) : undefined}
        options={(users.data?.users ?? [])
          .filter((u) => !asset.retrievedBy.some((r) => r.id === u.id))
          .map((u) => ({ value: u.id, label: u.name }))}
        data-testid="asset-user-picker"
      />
      <Button icon={<PlusOutlined />} disabled={p.picked === null} loading={p.adding} onClick={p.addPicked}>
        {t('assets.people.add')}
      </Button>
    </Space>
  );
}
