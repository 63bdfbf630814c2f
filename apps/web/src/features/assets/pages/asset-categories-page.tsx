import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Space,
  Table,
  Tooltip,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCKER_SIZE } from '@cacifo/contract/codes/locker';
import { can } from '@cacifo/contract/permissions';
import { ASSET_CATEGORY_ICONS, ASSET_CATEGORY_NAME_MAX } from '@cacifo/contract/codes/asset';
import type { AssetCategory, CreateAssetCategoryRequest } from '@cacifo/contract/schemas/assets';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAssetCategories, useDeleteAssetCategory, useSaveAssetCategory } from '../api/asset-categories';
import { CATEGORY_ICONS, CategoryIcon } from '../components/asset-labels';
import '../components/assets.css';

/** /asset-categories: name, icon (picked from a grid) and the locker size the category needs. */
export default function AssetCategoriesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const categories = useAssetCategories();
  const save = useSaveAssetCategory();
  const remove = useDeleteAssetCategory();
  const [editing, setEditing] = useState<AssetCategory | 'new' | null>(null);
  const [form] = Form.useForm<CreateAssetCategoryRequest>();
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  useEffect(() => {
    if (editing === 'new') form.setFieldsValue({ name: '', icon: 'laptop', size: 'M' });
    else if (editing)
      form.setFieldsValue({ name: editing.name, icon: editing.icon as 'laptop', size: editing.size as 'M' });
  }, [editing, form]);

  const submit = async (values: CreateAssetCategoryRequest) => {
    try {
      await save.mutateAsync(editing && editing !== 'new' ? { id: editing.id, ...values } : values);
      message.success(t('assets.common.saved'));
      setEditing(null);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

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
                          onConfirm={() =>
                            remove.mutateAsync(c.id).then(
                              () => message.success(t('assets.common.saved')),
                              (e: unknown) => message.error(errorMessage(e)),
                            )
                          }
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
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'assets.categories.new' : 'assets.categories.edit')}
        okText={t('assets.common.save')}
        cancelText={t('assets.common.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} data-testid="category-form">
          <Form.Item
            name="name"
            label={t('assets.fields.name')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              {
                max: ASSET_CATEGORY_NAME_MAX,
                message: t('validation.categoryNameLength', { max: ASSET_CATEGORY_NAME_MAX }),
              },
            ]}
          >
            <Input maxLength={ASSET_CATEGORY_NAME_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="icon"
            label={t('assets.categories.icon')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Radio.Group className="asset-icon-picker" optionType="button">
              {ASSET_CATEGORY_ICONS.map((icon) => {
                const Icon = CATEGORY_ICONS[icon];
                return (
                  <Radio.Button key={icon} value={icon} aria-label={icon} title={icon}>
                    <Icon />
                  </Radio.Button>
                );
              })}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="size" label={t('assets.fields.size')} extra={t('assets.categories.sizeHelp')}>
            <Segmented options={Object.values(LOCKER_SIZE)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
