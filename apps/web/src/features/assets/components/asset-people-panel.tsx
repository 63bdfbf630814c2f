import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Asset, AssetUser } from '@cacifo/contract/schemas/assets';
import { errorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/form-submit';
import { useLockerUsers, useSchedules } from '../api/get-office-refs';
import { useAssetGroup, useAssetSchedules, useAssetUser } from '../api/save-asset';

/** Who may retrieve the asset, each with their schedules, and the asset's own schedules. */
export function AssetPeoplePanel({ asset, mayManage }: { asset: Asset; mayManage: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const users = useLockerUsers({ max_results: 20, offset: 0, search: search || undefined });
  const schedules = useSchedules();
  const userMutation = useAssetUser();
  const scheduleMutation = useAssetSchedules();
  const groupMutation = useAssetGroup();
  // The add button sends once however fast the clicks (the loading shows after a render).
  const addUser = useSingleFlight((userId: number) =>
    userMutation.mutateAsync({ assetId: asset.id, userId, add: true }),
  );
  const scheduleName = new Map((schedules.data?.schedules ?? []).map((s) => [s.id, s.name]));
  const scheduleOptions = (schedules.data?.schedules ?? []).map((s) => ({ value: s.id, label: s.name }));

  // What each change says is its mutation's meta; the promise keeps a confirmation loading.
  const run = (p: Promise<unknown>) => p.catch(() => undefined);
  const changeSchedules = (next: number[], current: number[], userId?: number) => {
    const added = next.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !next.includes(id));
    if (added.length)
      void run(scheduleMutation.mutateAsync({ assetId: asset.id, scheduleIds: added, add: true, userId }));
    if (removed.length)
      void run(scheduleMutation.mutateAsync({ assetId: asset.id, scheduleIds: removed, add: false, userId }));
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {mayManage && (
        <Space wrap>
          <Select
            showSearch
            allowClear
            style={{ width: 280 }}
            placeholder={t('assets.people.pickUser')}
            aria-label={t('assets.people.pickUser')}
            filterOption={false}
            onSearch={setSearch}
            value={picked}
            onChange={(v?: number) => setPicked(v ?? null)}
            loading={users.isFetching}
            notFoundContent={users.isError ? errorMessage(users.error) : undefined}
            options={(users.data?.users ?? [])
              .filter((u) => !asset.retrievedBy.some((r) => r.id === u.id))
              .map((u) => ({ value: u.id, label: u.name }))}
            data-testid="asset-user-picker"
          />
          <Button
            icon={<PlusOutlined />}
            disabled={picked === null}
            loading={userMutation.isPending}
            onClick={() => {
              if (picked === null) return;
              void addUser.run(picked);
              setPicked(null);
            }}
          >
            {t('assets.people.add')}
          </Button>
        </Space>
      )}
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
                  options={scheduleOptions}
                  onChange={(next: number[]) => changeSchedules(next, ids, u.id)}
                />
              ) : ids.length ? (
                ids.map((id) => <Tag key={id}>{scheduleName.get(id) ?? `#${id}`}</Tag>)
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
                      onConfirm={() =>
                        run(userMutation.mutateAsync({ assetId: asset.id, userId: u.id, add: false }))
                      }
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
                  void run(groupMutation.mutateAsync({ assetId: asset.id, groupId: g.id, add: false }));
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
          options={scheduleOptions}
          onChange={(next: number[]) => changeSchedules(next, asset.schedules)}
          data-testid="asset-schedules"
        />
      </div>
    </Space>
  );
}
