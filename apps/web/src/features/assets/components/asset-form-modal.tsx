import { useEffect } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_NAME_MAX, ASSET_TAG_MAX } from '@cacifo/contract/codes/asset';
import {
  createAssetRequestSchema,
  updateAssetRequestSchema,
  type Asset,
} from '@cacifo/contract/schemas/assets';
import { DESCRIPTION_MAX } from '@cacifo/contract/limits';
import { useFormSubmit } from '@/lib/form-submit';
import { useAssetCategories } from '../api/asset-categories';
import { useSaveAsset } from '../api/save-asset';
import { CategoryIcon } from './asset-labels';
import { recheckOnChange } from '@/lib/zod-form';

interface Values {
  name: string;
  tag: string;
  description: string;
  category: number[];
  isRandomLocker: boolean;
}

/** Create (no asset) or edit an asset: name, tag, categories, description, random locker. */
export function AssetFormModal({
  open,
  asset,
  onClose,
}: {
  open: boolean;
  asset?: Asset | null;
  onClose: (saved?: Asset) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const categories = useAssetCategories();
  const save = useSaveAsset();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      asset
        ? {
            name: asset.name,
            tag: asset.tag,
            description: asset.description,
            category: asset.categories.map((c) => c.id),
            isRandomLocker: asset.isRandomLocker,
          }
        : { name: '', tag: '', description: '', category: [], isRandomLocker: true },
    );
  }, [open, asset, form]);

  // Once at a time; the outcome is the mutation's meta, a refused field goes under the field.
  const { submit, pending } = useFormSubmit(form, save, {
    schema: asset ? updateAssetRequestSchema : createAssetRequestSchema,
    values: (v) => (asset ? { ...v, id: asset.id } : v),
    version: asset ? { of: asset.id, updatedAt: asset.updatedAt } : undefined,
    onSuccess: (saved) => onClose(saved),
  });

  return (
    <Modal
      open={open}
      title={t(asset ? 'assets.form.editTitle' : 'assets.form.newTitle')}
      okText={t('assets.common.save')}
      cancelText={t('assets.common.cancel')}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        onValuesChange={recheckOnChange(form)}
        layout="vertical"
        onFinish={submit}
        data-testid="asset-form"
      >
        <Form.Item
          name="name"
          label={t('assets.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: ASSET_NAME_MAX, message: t('validation.assetNameLength', { max: ASSET_NAME_MAX }) },
          ]}
        >
          <Input maxLength={ASSET_NAME_MAX} showCount data-testid="asset-name" />
        </Form.Item>
        <Form.Item
          name="tag"
          label={t('assets.fields.tag')}
          extra={t('assets.form.tagHelp')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { pattern: /^[A-Za-z0-9:_-]+$/, message: t('validation.tagFormat') },
          ]}
        >
          <Input maxLength={ASSET_TAG_MAX} data-testid="asset-tag" />
        </Form.Item>
        <Form.Item name="category" label={t('assets.fields.categories')}>
          <Select
            mode="multiple"
            loading={categories.isLoading}
            options={(categories.data ?? []).map((c) => ({
              value: c.id,
              label: (
                <span>
                  <CategoryIcon icon={c.icon} /> {c.name} ({c.size})
                </span>
              ),
            }))}
            optionFilterProp="title"
          />
        </Form.Item>
        <Form.Item name="description" label={t('assets.fields.description')}>
          <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="isRandomLocker"
          label={t('assets.fields.isRandomLocker')}
          valuePropName="checked"
          extra={t('assets.form.randomHelp')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
