import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Skeleton, Space } from 'antd';
import { EditOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  faqFieldsSchema,
  contentLanguageQuerySchema,
  type ContentLanguage,
  type Faq,
} from '@cacifo/contract/schemas/content';
import { DeleteButton } from '@/components/list/delete-button';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { useDeleteFaq, useFaqs, useSaveFaq, useSaveFaqOrder } from '../api/content';
import { LanguageTabs } from '../components/language-tabs';
import { SortableFaqList } from '../components/sortable-faq-list';
import { useListState } from '@/lib/list/use-list-state';
import { recheckOnChange } from '@/lib/zod-form';
import '../components/admin.css';

/** /admins/faqs: FAQs per language; add, edit, drag to reorder, save the order, delete. */
export default function AdminsFaqsPage() {
  const { t } = useTranslation();
  // The language in the URL under the contract's key, checked by its schema (issue #22).
  const list = useListState(contentLanguageQuerySchema);
  const language: ContentLanguage = (list.filters.language as ContentLanguage | undefined) ?? 'pt';
  const faqs = useFaqs(language);
  const saveOrder = useSaveFaqOrder(language);
  const remove = useDeleteFaq(language);
  const [order, setOrder] = useState<Faq[] | null>(null);
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [form] = Form.useForm<{ question: string; answer: string }>();

  useEffect(() => setOrder(null), [language, faqs.data]);
  const shown = order ?? faqs.data ?? [];
  const dirty = useMemo(
    () => order !== null && order.some((f, i) => f.id !== faqs.data?.[i]?.id),
    [order, faqs.data],
  );

  const openEditor = (faq: Faq | 'new') => {
    setEditing(faq);
    form.setFieldsValue(
      faq === 'new' ? { question: '', answer: '' } : { question: faq.question, answer: faq.answer },
    );
  };

  const { submit, pending } = useFormSubmit(form, useSaveFaq(language), {
    schema: faqFieldsSchema,
    variables: (body) => ({ id: editing === 'new' || editing === null ? null : editing.id, ...body }),
    version: editing && editing !== 'new' ? { of: editing.id, updatedAt: editing.updatedAt } : null,
    onSuccess: () => setEditing(null),
  });

  const persistOrder = () => {
    if (order) saveOrder.mutate(order.map((f) => f.id));
  };

  return (
    <>
      <PageHeader
        routeId="adminsFaqs"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openEditor('new')}
            data-testid="faq-add"
          >
            {t('admins.faqs.add')}
          </Button>
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <LanguageTabs
            value={language}
            onChange={(l) => list.setFilters({ language: l === 'pt' ? null : l })}
          />
          <Space>
            <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => setOrder(null)}>
              {t('admins.faqs.undoOrder')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!dirty}
              loading={saveOrder.isPending}
              onClick={() => void persistOrder()}
              data-testid="faq-save-order"
            >
              {t('admins.faqs.saveOrder')}
            </Button>
          </Space>
        </Space>
        {dirty && (
          <Alert type="info" showIcon title={t('admins.faqs.unsavedOrder')} style={{ marginBottom: 12 }} />
        )}
        {faqs.isLoading ? (
          <Skeleton active />
        ) : faqs.isError ? (
          <Alert type="error" showIcon title={errorMessage(faqs.error)} />
        ) : shown.length === 0 ? (
          <Empty description={t('admins.faqs.empty')} />
        ) : (
          <SortableFaqList
            faqs={shown}
            onReorder={setOrder}
            renderActions={(faq) => (
              <>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => openEditor(faq)}
                  aria-label={t('admins.faqs.edit')}
                />
                <DeleteButton
                  size="small"
                  name={faq.question}
                  onDelete={() => remove.mutateAsync(faq.id)}
                  pending={remove.isPending && remove.variables === faq.id}
                  testId="faq-delete"
                />
              </>
            )}
          />
        )}
      </Card>
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'admins.faqs.add' : 'admins.faqs.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        okText={t('admins.common.save')}
        cancelText={t('admins.common.cancel')}
        confirmLoading={pending}
        okButtonProps={{ ...({ 'data-testid': 'faq-submit' } as Record<string, string>) }}
        destroyOnHidden
      >
        <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" requiredMark={false}>
          <Form.Item name="question" label={t('admins.faqs.question')}>
            <Input maxLength={300} data-testid="faq-question-input" />
          </Form.Item>
          <Form.Item name="answer" label={t('admins.faqs.answer')}>
            <Input.TextArea
              maxLength={2000}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
              data-testid="faq-answer-input"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
