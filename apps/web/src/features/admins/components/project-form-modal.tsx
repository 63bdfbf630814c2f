import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@cacifo/contract/schemas/content';
import { ApiError, errorMessage } from '@/lib/api-client';
import { contentSchemas } from '@/lib/contract-schemas';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
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
  const { message } = App.useApp();
  const save = useSaveProject();
  const [form] = Form.useForm<{ name: string; description: string }>();

  useEffect(() => {
    if (editing)
      form.setFieldsValue(
        editing === 'new'
          ? { name: '', description: '' }
          : { name: editing.name, description: editing.description ?? '' },
      );
  }, [editing, form]);
  const submit = async () => {
    const { projectSchema } = await contentSchemas();
    const body = validateWith(form, projectSchema, form.getFieldsValue(true), (k) =>
      t(k as 'validation.required'),
    );
    if (!body || editing === null) return;
    try {
      await save.mutateAsync({
        id: editing === 'new' ? null : editing.id,
        name: body.name,
        description: body.description ?? '',
      });
      void message.success(t('admins.projects.saved'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict')
        form.setFields([{ name: 'name', errors: [t('admins.projects.duplicate')] }]);
      else void message.error(errorMessage(e));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={t(editing === 'new' ? 'admins.projects.add' : 'admins.projects.edit')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('admins.common.save')}
      cancelText={t('admins.common.cancel')}
      confirmLoading={save.isPending}
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
