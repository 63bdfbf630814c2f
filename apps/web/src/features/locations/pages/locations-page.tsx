import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Input, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { placeType, PLACE_TYPE } from '@cacifo/contract/codes/locker';
import type { PlaceView } from '@cacifo/contract/schemas/locations';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { usePlaces, type PlaceTypeFilter } from '@/lib/queries/locations';
import { useSession } from '@/lib/session';
import { ModeTag } from '../components/mode-switch';
import { OccupancyBar } from '../components/occupancy';

const TYPES: PlaceTypeFilter[] = ['ALL', ...Object.values(PLACE_TYPE)];
const PAGE_SIZES = [10, 25, 50, 100];

function count(n: number, tone?: string) {
  return n ? <Tag color={tone}>{n}</Tag> : <span className="muted-zero">0</span>;
}

// Loaded after the page: the dialog's form code is not needed to show the list.
const GlobalOptionsModal = lazy(() =>
  import('../components/global-options-modal').then((m) => ({ default: m.GlobalOptionsModal })),
);

/** /locations: every location with its live counts; filter, search and page live in the URL. */
export default function LocationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const type = (TYPES as string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as PlaceTypeFilter)
    : 'ALL';
  const pageSize = Number(params.get('size')) || 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const places = usePlaces({
    type,
    max_results: pageSize,
    offset: (page - 1) * pageSize,
    search: search || undefined,
  });
  const mayManage = !!session && can(session.userRole, 'locations.manage', session.modules);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<PlaceView> = [
    {
      title: t('locations.list.name'),
      dataIndex: 'name',
      render: (name: string, p) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/locations/${p.id}`} data-testid={`place-link-${p.id}`}>
            {name}
          </Link>
          {p.address && <span className="cell-secondary">{p.address}</span>}
        </Space>
      ),
    },
    {
      title: t('locations.list.type'),
      dataIndex: 'type',
      render: (v: string) => (placeType.has(v) ? t(placeType.labelKey(v) as 'placeType.OFFICE') : v),
    },
    { title: t('locations.list.mode'), dataIndex: 'mode', render: (m: string) => <ModeTag mode={m} /> },
    { title: t('locations.list.lockers'), dataIndex: 'lockers', align: 'end' },
    {
      title: t('locations.list.available'),
      dataIndex: 'available',
      align: 'end',
      render: (n: number) => count(n, 'green'),
    },
    {
      title: t('locations.list.open'),
      dataIndex: 'open',
      align: 'end',
      render: (n: number) => count(n, 'orange'),
    },
    {
      title: t('locations.list.alerts'),
      dataIndex: 'alerts',
      align: 'end',
      render: (n: number) => count(n, 'red'),
    },
    {
      title: t('locations.list.offline'),
      dataIndex: 'offline',
      align: 'end',
      render: (n: number) => count(n),
    },
    {
      title: t('locations.list.occupancy'),
      key: 'occupancy',
      render: (_: unknown, p) => <OccupancyBar place={p} />,
    },
  ];

  return (
    <>
      <PageHeader
        routeId="locations"
        extra={
          mayManage && (
            <Space wrap>
              <Button
                icon={<SettingOutlined />}
                onClick={() => setOptionsOpen(true)}
                data-testid="open-global-options"
              >
                {t('locations.options.title')}
              </Button>
              <Link to="/locations/config/new">
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('locations.list.new')}
                </Button>
              </Link>
            </Space>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, justifyContent: 'space-between', width: '100%' }}>
          <Segmented
            value={type}
            onChange={(v) => update({ type: v === 'ALL' ? null : String(v), page: null })}
            options={TYPES.map((v) => ({
              value: v,
              label:
                v === 'ALL' ? t('locations.list.allTypes') : t(placeType.labelKey(v) as 'placeType.OFFICE'),
            }))}
          />
          <Input.Search
            allowClear
            defaultValue={search}
            placeholder={t('locations.list.search')}
            onSearch={(q) => update({ q: q.trim() || null, page: null })}
            style={{ width: 260 }}
          />
        </Space>
        {places.isError && (
          <Alert type="error" showIcon title={errorMessage(places.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<PlaceView>
          rowKey="id"
          columns={columns}
          dataSource={places.data?.places ?? []}
          loading={places.isLoading}
          scroll={{ x: 900 }}
          pagination={{
            current: page,
            pageSize,
            total: places.data?.totalPlaces ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (p, s) => update({ page: p > 1 ? String(p) : null, size: s !== 25 ? String(s) : null }),
          }}
        />
      </Card>
      {mayManage && (
        <Suspense fallback={null}>
          <GlobalOptionsModal open={optionsOpen} onClose={() => setOptionsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
