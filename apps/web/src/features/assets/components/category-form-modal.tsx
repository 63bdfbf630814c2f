import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCKER_SIZE } from '@cacifo/contract/codes/locker';
import { ASSET_CATEGORY_ICONS, ASSET_CATEGORY_NAME_MAX } from '@cacifo/contract/codes/asset';
import {
  createAssetCategoryRequestSchema,
  updateAssetCategoryRequestSchema,
  type AssetCategory,
  type CreateAssetCategoryRequest,
} from '@cacifo/contract/schemas/assets';
import { useFormSubmit } from '@/lib/form-submit';
import { useSaveAssetCategory } from '../api/asset-categories';
import { CATEGORY_ICONS } from './asset-labels';

/** Create or edit a category: name, icon (picked from a grid) and the locker size it needs. */
export function CategoryFormModal({
  editing,
  onClose,
}: {
  editing: AssetCategory | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAssetCategory();
  const [form] = Form.useForm<CreateAssetCategoryRequest>();

  useEffect(() => {
    if (editing === 'new') form.setFieldsValue({ name: '', icon: 'laptop', size: 'M' });
    else if (editing)
      form.setFieldsValue({ name: editing.name, icon: editing.icon as 'laptop', size: editing.size as 'M' });
  }, [editing, form]);

  const edited = editing && editing !== 'new' ? editing : null;
  // Once at a time; the outcome is the mutation's meta, a refused field goes under the field.
  const { submit, pending } = useFormSubmit(form, save, {
    schema: edited ? updateAssetCategoryRequestSchema : createAssetCategoryRequestSchema,
    values: (v) => (edited ? { ...v, id: edited.id } : v),
    version: edited ? { of: edited.id, updatedAt: edited.updatedAt } : undefined,
    onSuccess: onClose,
  });

  return (
    <Modal
      open={editing !== null}
      title={t(editing === 'new' ? 'assets.categories.new' : 'assets.categories.edit')}
      okText={t('assets.common.save')}
      cancelText={t('assets.common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={pending}
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
  );
}
