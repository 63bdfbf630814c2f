import { Alert, Card, Input, Table, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAssets } from '../api/get-assets';
import { useLockerUsers, type LockerUserRef } from '../api/get-office-refs';
import { pathTo } from '@cacifo/contract/route-paths';

const PAGE_SIZE = 25;

/** /asset-users: locker users and the assets each may retrieve (search and page in the URL). */
export default function AssetUsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const users = useLockerUsers({
    max_results: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    search: search || undefined,
  });
  // Who may retrieve what is held on the assets; 1000 covers a site's catalogue in one call.
  const assets = useAssets({ max_results: 1000, offset: 0 });
  const byUser = new Map<number, Asset[]>();
  for (const a of assets.data?.assets ?? []) {
    for (const u of a.retrievedBy) byUser.set(u.id, [...(byUser.get(u.id) ?? []), a]);
  }
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const error = users.error ?? assets.error;
  return (
    <>
      <PageHeader routeId="assetUsers" />
      <Card>
        <Input.Search
          allowClear
          defaultValue={search}
          placeholder={t('assets.users.searchPlaceholder')}
          onSearch={(v) => set('q', v.trim())}
          style={{ width: 280, marginBottom: 16 }}
        />
        {error && <Alert type="error" showIcon message={errorMessage(error)} style={{ marginBottom: 16 }} />}
        <Table<LockerUserRef>
          rowKey="id"
          loading={users.isFetching || assets.isFetching}
          dataSource={users.data?.users ?? []}
          locale={{ emptyText: t('assets.users.empty') }}
          columns={[
            { title: t('assets.users.name'), dataIndex: 'name' },
            { title: t('assets.users.number'), dataIndex: 'number', render: (n: string | null) => n ?? '—' },
            { title: t('assets.users.email'), dataIndex: 'email', render: (e: string | null) => e ?? '—' },
            {
              title: t('assets.users.assets'),
              key: 'assets',
              render: (_: unknown, u) => {
                const list = byUser.get(u.id) ?? [];
                if (list.length === 0) return <span className="muted-zero">{t('assets.users.none')}</span>;
                return list.map((a) => (
                  <Tag
                    key={a.id}
                    color={a.warning ? 'error' : undefined}
                    title={a.warning ? t(`assets.warning.${a.warning}`) : undefined}
                  >
                    <Link to={pathTo('assetDetails', { id: a.id })}>{a.name}</Link>
                  </Tag>
                ));
              },
            },
          ]}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: users.data?.totalUsers ?? 0,
            showTotal: (total) => t('assets.users.total', { count: total }),
            onChange: (p) => set('page', String(p)),
          }}
        />
      </Card>
    </>
  );
}
