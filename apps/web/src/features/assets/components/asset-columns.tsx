import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { pathTo } from '@cacifo/contract/route-paths';
import type { ListColumn } from '@/components/list/list-table';
import { formatDateTime } from '@/lib/format-date';
import { AssetStatusTag, CategoryIcon, TagStatusTag, WarningTag } from './asset-labels';

/** The asset list's columns: name (linked), tag, categories, status, tag status, container, warning, last change. */
export function useAssetColumns(): ListColumn<Asset>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('assets.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, a) => (
        <Link to={pathTo('assetDetails', { id: a.id })} data-testid={`asset-link-${a.id}`}>
          {name}
        </Link>
      ),
    },
    {
      title: t('assets.fields.tag'),
      dataIndex: 'tag',
      sortKey: 'tag',
      render: (tag: string) => <code>{tag}</code>,
    },
    {
      title: t('assets.fields.categories'),
      dataIndex: 'categories',
      render: (cats: Asset['categories']) =>
        cats.map((c) => (
          <Tag key={c.id} icon={<CategoryIcon icon={c.icon} />}>
            {c.name}
          </Tag>
        )),
    },
    {
      title: t('assets.fields.status'),
      dataIndex: 'status',
      sortKey: 'status',
      render: (s: Asset['status'], a) => (
        <Space size={4} wrap>
          <AssetStatusTag status={s} />
          {a.enabled === 0 && <Tag>{t('assets.common.disabled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('assets.fields.tagStatus'),
      dataIndex: 'tagStatus',
      render: (v: number) => <TagStatusTag value={v} />,
    },
    { title: t('assets.fields.container'), dataIndex: 'container', render: (c: string | null) => c ?? '—' },
    {
      title: t('assets.fields.warning'),
      dataIndex: 'warning',
      render: (w: string | null) => <WarningTag kind={w} />,
    },
    {
      title: t('assets.fields.statusChangeAt'),
      dataIndex: 'statusChangeAt',
      sortKey: 'statusChangeAt',
      responsive: ['xl'],
      render: (v: string) => formatDateTime(v),
    },
  ];
}
