import { lazy, Suspense, useState } from 'react';
import { Button, Card, Space, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Project } from '@cacifo/contract/schemas/content';
import { DeleteButton } from '@/components/list/delete-button';
import { PageHeader } from '@/components/page-header';
import { useDeleteProject, useProjects } from '../api/catalog';

// Loaded after the page: the dialog's form code is not needed to show the list.
const ProjectFormModal = lazy(() =>
  import('../components/project-form-modal').then((m) => ({ default: m.ProjectFormModal })),
);

/** /projects (hidden): the projects office users belong to (docs/adr/0005). */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const projects = useProjects();
  const remove = useDeleteProject();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', { dateStyle: 'medium' });

  const open = (p: Project | 'new') => setEditing(p);

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
                  <DeleteButton
                    size="small"
                    name={p.name}
                    onDelete={() => remove.mutateAsync(p.id)}
                    pending={remove.isPending && remove.variables === p.id}
                    testId={`project-delete-${p.id}`}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Suspense fallback={null}>
        <ProjectFormModal editing={editing} onClose={() => setEditing(null)} />
      </Suspense>
    </>
  );
}
