import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import type { AssetCategory } from '@cacifo/contract/schemas/assets';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAssetCategories, useDeleteAssetCategory } from '../api/asset-categories';
import { CategoryIcon } from '../components/asset-labels';
import '../components/assets.css';

// Loaded after the page: the dialog's form code is not needed to show the list.
const CategoryFormModal = lazy(() =>
  import('../components/category-form-modal').then((m) => ({ default: m.CategoryFormModal })),
);

/** /asset-categories: name, icon (picked from a grid) and the locker size the category needs. */
export default function AssetCategoriesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const categories = useAssetCategories();
  const remove = useDeleteAssetCategory();
  const [editing, setEditing] = useState<AssetCategory | 'new' | null>(null);
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  return (
    <>
      <PageHeader
        routeId="assetCategories"
        extra={
          mayManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              data-testid="new-category"
            >
              {t('assets.categories.new')}
            </Button>
          )
        }
      />
      <Card>
        {categories.isError && (
          <Alert
            type="error"
            showIcon
            message={errorMessage(categories.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Table<AssetCategory>
          rowKey="id"
          loading={categories.isFetching}
          dataSource={categories.data ?? []}
          pagination={false}
          locale={{ emptyText: t('assets.categories.empty') }}
          columns={[
            {
              title: t('assets.categories.icon'),
              dataIndex: 'icon',
              width: 70,
              render: (i: string) => (
                <span className="asset-category-icon">
                  <CategoryIcon icon={i} />
                </span>
              ),
            },
            { title: t('assets.fields.name'), dataIndex: 'name' },
            { title: t('assets.fields.size'), dataIndex: 'size', width: 100 },
            { title: t('assets.categories.assetCount'), dataIndex: 'assetCount', width: 120 },
            ...(mayManage
              ? [
                  {
                    key: 'actions',
                    width: 110,
                    render: (_: unknown, c: AssetCategory) => (
                      <Space>
                        <Tooltip title={t('assets.categories.edit')}>
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            onClick={() => setEditing(c)}
                            aria-label={t('assets.categories.edit')}
                          />
                        </Tooltip>
                        <Popconfirm
                          title={t('assets.categories.deleteConfirm', { n: c.assetCount })}
                          okText={t('assets.common.yes')}
                          cancelText={t('assets.common.no')}
                          onConfirm={() => remove.mutateAsync(c.id).catch(() => undefined)}
                        >
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('assets.categories.delete')}
                          />
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Suspense fallback={null}>
        <CategoryFormModal editing={editing} onClose={() => setEditing(null)} />
      </Suspense>
    </>
  );
}
