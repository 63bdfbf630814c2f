import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@cacifo/contract/schemas/content';
import { contentSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useSaveProject } from '../api/catalog';

/** Add or edit a project: name and description. */
export function ProjectFormModal({
  editing,
  onClose,
}: {
  editing: Project | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const { submit, pending } = useFormSubmit(form, useSaveProject(), {
    schema: async () => (await contentSchemas()).projectSchema,
    variables: (body) => ({
      id: editing === 'new' || editing === null ? null : editing.id,
      name: body.name,
      description: body.description ?? '',
    }),
    fieldOf: { conflict: ['name', 'admins.projects.duplicate'] },
    version: editing && editing !== 'new' ? { of: editing.id, updatedAt: editing.updatedAt } : null,
    onSuccess: onClose,
  });

  useEffect(() => {
    if (editing)
      form.setFieldsValue(
        editing === 'new'
          ? { name: '', description: '' }
          : { name: editing.name, description: editing.description ?? '' },
      );
  }, [editing, form]);
  return (
    <Modal
      open={editing !== null}
      title={t(editing === 'new' ? 'admins.projects.add' : 'admins.projects.edit')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('admins.common.save')}
      cancelText={t('admins.common.cancel')}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" requiredMark={false}>
        <Form.Item name="name" label={t('admins.fields.name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('admins.projects.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
