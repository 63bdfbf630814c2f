import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Project } from '@cacifo/contract/schemas/content';
import { contentSchemas } from '@/lib/contract-schemas';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteProject, useProjects, useSaveProject } from '../api/catalog';
import { validateWith } from '@/lib/zod-form';

/** /projects (hidden): the projects office users belong to (docs/adr/0005). */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const projects = useProjects();
  const save = useSaveProject();
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; description: string }>();
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', { dateStyle: 'medium' });

  const open = (p: Project | 'new') => {
    setEditing(p);
    form.setFieldsValue(
      p === 'new' ? { name: '', description: '' } : { name: p.name, description: p.description ?? '' },
    );
  };
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
      setEditing(null);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'conflict')
        form.setFields([{ name: 'name', errors: [t('admins.projects.duplicate')] }]);
      else void message.error(errorMessage(e));
    }
  };

  return (
    <>
      <PageHeader
        routeId="projects"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('admins.projects.add')}
          </Button>
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('admins.projects.help')}</Typography.Paragraph>
        <Table<Project>
          rowKey="id"
          loading={projects.isFetching}
          dataSource={projects.data ?? []}
          locale={{ emptyText: t('admins.projects.empty') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('admins.fields.name'), dataIndex: 'name' },
            {
              title: t('admins.projects.description'),
              dataIndex: 'description',
              render: (v: string | null) => v ?? '—',
            },
            {
              title: t('admins.projects.created'),
              dataIndex: 'createdAt',
              render: (v: string) => fmt.format(new Date(v)),
            },
            {
              title: t('admins.list.actions'),
              key: 'a',
              width: 120,
              render: (_, p) => (
                <Space>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => open(p)}
                    aria-label={t('admins.projects.edit')}
                  />
                  <Popconfirm
                    title={t('admins.projects.confirmDelete', { name: p.name })}
                    okText={t('admins.common.delete')}
                    cancelText={t('admins.common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(p.id).then(
                        () => void message.success(t('admins.projects.deleted')),
                        (e: unknown) => void message.error(errorMessage(e)),
                      )
                    }
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('admins.common.delete')}
                    />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'admins.projects.add' : 'admins.projects.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('admins.common.save')}
        cancelText={t('admins.common.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="name" label={t('admins.fields.name')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('admins.projects.description')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
