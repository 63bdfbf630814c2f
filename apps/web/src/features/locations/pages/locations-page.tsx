import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, Segmented, Select, Space, Tag } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { locationMode, LOCATION_MODE, placeType, PLACE_TYPE } from '@cacifo/contract/codes/locker';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { listPlacesQuerySchema, type PlaceView } from '@cacifo/contract/schemas/locations';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces, type PlaceTypeFilter } from '@/lib/queries/locations';
import { useSession } from '@/lib/session';
import { ModeTag } from '../components/mode-switch';
import { OccupancyBar } from '../components/occupancy';
import { pathTo } from '@cacifo/contract/route-paths';

const TYPES: PlaceTypeFilter[] = ['ALL', ...Object.values(PLACE_TYPE)];

function count(n: number, tone?: string) {
  return n ? <Tag color={tone}>{n}</Tag> : <span className="muted-zero">0</span>;
}

// Loaded after the page: the dialog's form code is not needed to show the list.
const GlobalOptionsModal = lazy(() =>
  import('../components/global-options-modal').then((m) => ({ default: m.GlobalOptionsModal })),
);

/** The list's columns: name (linked, with the address), type, mode and the live counts. */
function usePlaceColumns(): ListColumn<PlaceView>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('locations.list.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, p) => (
        <Space orientation="vertical" size={0}>
          <Link to={pathTo('locationDetails', { id: p.id })} data-testid={`place-link-${p.id}`}>
            {name}
          </Link>
          {p.address && <span className="cell-secondary">{p.address}</span>}
        </Space>
      ),
    },
    {
      title: t('locations.list.type'),
      dataIndex: 'type',
      sortKey: 'type',
      render: (v: string) => (placeType.has(v) ? t(placeType.labelKey(v)) : v),
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
}

/**
 * /locations: every location with its live counts, on the list kit (issue #22): type, mode, name
 * search, sort and page in the URL; filtered and sorted on the server; exported as it stands.
 */
export default function LocationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const list = useListState(listPlacesQuerySchema);
  const f = list.filters;
  // The screen lists every type unless one is chosen (the endpoint's own default is OFFICE).
  const type = (f.type ?? 'ALL') as PlaceTypeFilter;
  const places = usePlaces({ ...list.query, type });
  const mayManage = !!session && can(session.userRole, 'locations.manage', session.modules);

  const columns = usePlaceColumns();

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
              <Link to={pathTo('locationConfigNew')}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('locations.list.new')}
                </Button>
              </Link>
            </Space>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented
            value={type}
            onChange={(v) => list.setFilters({ type: v === 'ALL' ? null : String(v) })}
            options={TYPES.map((v) => ({
              value: v,
              label: v === 'ALL' ? t('locations.list.allTypes') : t(placeType.labelKey(v)),
            }))}
            data-testid="locations-type"
          />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('locations.list.allModes')}
            aria-label={t('locations.list.allModes')}
            value={f.mode}
            onChange={(v?: string) => list.setFilters({ mode: v })}
            options={Object.values(LOCATION_MODE).map((m) => ({
              value: m,
              label: t(locationMode.labelKey(m)),
            }))}
            data-testid="locations-mode"
          />
          <Input.Search
            allowClear
            // Keyed by the URL's value: a link or the back button shows what is searched.
            key={f.search ?? ''}
            defaultValue={f.search}
            placeholder={t('locations.list.search')}
            aria-label={t('locations.list.search')}
            onSearch={(q) => list.setFilters({ search: q.trim() })}
            style={{ width: 260 }}
            data-testid="locations-search"
          />
          <ExportButton
            endpoint={locationsApi.exportPlaces}
            filters={{ ...list.filterQuery, type }}
            total={places.data?.totalPlaces}
            countKey="locations.list.count"
            testId="locations-export"
          />
        </Space>
        <ListTable<PlaceView, typeof listPlacesQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={places.data?.places}
          total={places.data?.totalPlaces}
          loading={places.isFetching}
          error={places.isError ? places.error : undefined}
          countKey="locations.list.count"
          testId="locations-table"
          scrollX={900}
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
