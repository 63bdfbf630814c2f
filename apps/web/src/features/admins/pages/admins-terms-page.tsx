import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createTermsSchema,
  contentLanguageQuerySchema,
  type ContentLanguage,
} from '@cacifo/contract/schemas/content';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { usePublishTerms, useTermsVersions } from '../api/content';
import { LanguageTabs } from '../components/language-tabs';
import { useListState } from '@/lib/list/use-list-state';
import { recheckOnChange } from '@/lib/zod-form';
import '../components/admin.css';

/** /admins/terms: versioned terms per language; publishing adds a version, the newest is in force. */
export default function AdminsTermsPage() {
  const { t, i18n } = useTranslation();
  // The language in the URL under the contract's key, checked by its schema (issue #22).
  const list = useListState(contentLanguageQuerySchema);
  const language: ContentLanguage = (list.filters.language as ContentLanguage | undefined) ?? 'pt';
  const versions = useTermsVersions(language);
  const [form] = Form.useForm<{ body: string }>();
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  // Start the editor from the version in force whenever the language (or its data) arrives.
  const current = versions.data?.[0];
  const key = `${language}:${current?.id ?? 'none'}`;
  if (versions.data && loadedFor !== key) {
    setLoadedFor(key);
    form.setFieldsValue({ body: current?.body ?? '' });
  }

  const { submit, pending } = useFormSubmit(form, usePublishTerms(), {
    schema: createTermsSchema,
    values: (v) => ({ language, body: v.body ?? '' }),
    fieldOf: { conflict: ['body', 'admins.terms.unchanged'] },
  });

  return (
    <>
      <PageHeader routeId="adminsTerms" />
      <div style={{ marginBottom: 16 }}>
        <LanguageTabs
          value={language}
          onChange={(l) => list.setFilters({ language: l === 'pt' ? null : l })}
        />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('admins.terms.editor')}>
            <Form
              form={form}
              onValuesChange={recheckOnChange(form)}
              layout="vertical"
              requiredMark={false}
              onFinish={() => void submit()}
            >
              <Form.Item name="body" label={t('admins.terms.body')}>
                <Input.TextArea autoSize={{ minRows: 12, maxRows: 28 }} data-testid="terms-body" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={pending} data-testid="terms-publish">
                {t('admins.terms.publish')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('admins.terms.versions')}>
            {versions.isLoading ? (
              <Skeleton active />
            ) : versions.isError ? (
              <Alert type="error" showIcon title={errorMessage(versions.error)} />
            ) : !versions.data?.length ? (
              <Empty description={t('admins.terms.empty')} />
            ) : (
              <List
                dataSource={versions.data}
                renderItem={(v, i) => (
                  <List.Item
                    actions={[
                      <Button key="load" size="small" onClick={() => form.setFieldsValue({ body: v.body })}>
                        {t('admins.terms.loadVersion')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <>
                          {t('admins.terms.version', { version: v.version })}{' '}
                          {i === 0 && <Tag color="green">{t('admins.terms.current')}</Tag>}
                        </>
                      }
                      description={
                        <Typography.Text type="secondary">
                          {t('admins.terms.by', {
                            name: v.createdBy,
                            date: fmt.format(new Date(v.createdAt)),
                          })}
                        </Typography.Text>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
