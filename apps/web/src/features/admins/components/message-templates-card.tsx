import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentLanguage } from '@cacifo/contract/codes/content';
import {
  MESSAGE_CHANNEL,
  MESSAGE_VARIABLES,
  TEMPLATE_EVENTS,
  messageChannel,
  messageEvent,
  unknownTemplateVariables,
  type MessageChannel,
  type TemplateEvent,
} from '@cacifo/contract/codes/message';
import type { MessagePreview } from '@cacifo/contract/schemas/messages';
import { messageSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useMessageTemplates, usePreviewMessage, useSaveMessageTemplates } from '../api/messages';
import { LanguageTabs } from './language-tabs';

interface Values {
  subject: string;
  body: string;
}

/**
 * The messages recipients get, per event, channel and language: edited here, checked as typed (a
 * variable that does not exist is named before saving; the server refuses it too) and previewed
 * with sample data, as the recipient would read it.
 */
export function MessageTemplatesCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [event, setEvent] = useState<TemplateEvent>(TEMPLATE_EVENTS[0]!);
  const [channel, setChannel] = useState<MessageChannel>(MESSAGE_CHANNEL.SMS);
  const [language, setLanguage] = useState<ContentLanguage>('pt');
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const templates = useMessageTemplates();
  const save = useSaveMessageTemplates();
  const previewCall = usePreviewMessage();
  const current = templates.data?.templates.find(
    (x) => x.event === event && x.channel === channel && x.language === language,
  );
  const email = channel === MESSAGE_CHANNEL.EMAIL;

  useEffect(() => {
    if (!current) return;
    form.setFieldsValue({ subject: current.subject ?? '', body: current.body });
    setPreview(null);
  }, [current, form]);

  const subject = Form.useWatch('subject', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const unknown = useMemo(
    () => [...new Set([...unknownTemplateVariables(subject), ...unknownTemplateVariables(body)])],
    [subject, body],
  );
  const input = (v: Record<string, unknown>) => ({
    event,
    channel,
    language,
    subject: email ? v['subject'] : null,
    body: v['body'],
  });
  const { submit, pending } = useFormSubmit(form, save, {
    schema: async () => (await messageSchemas()).messageTemplateInputSchema,
    values: input,
    // updatedAt: the held version replaces it (useFormSubmit adds the one read).
    variables: (parsed) => ({ templates: [parsed], updatedAt: null }),
    // The version of the whole set read goes back with the save (another admin's save: 409).
    version: templates.data ? { of: 'messageTemplates', updatedAt: templates.data.updatedAt } : undefined,
  });
  const insert = (name: string) => form.setFieldValue('body', `${form.getFieldValue('body') ?? ''}{${name}}`);

  return (
    <Card title={t('admins.templates.title')} data-testid="message-templates" loading={templates.isLoading}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          aria-label={t('admins.templates.event')}
          data-testid="template-event"
          value={event}
          onChange={setEvent}
          options={TEMPLATE_EVENTS.map((e) => ({
            value: e,
            label: t(messageEvent.labelKey(e) as 'messageEvent.REMINDER'),
          }))}
        />
        <Segmented
          value={channel}
          onChange={(v) => setChannel(v as MessageChannel)}
          options={messageChannel.values.map((c) => ({
            value: c,
            label: t(messageChannel.labelKey(c) as 'messageChannel.SMS'),
          }))}
        />
        <LanguageTabs value={language} onChange={setLanguage} />
        {current && (
          <Tag color={current.custom ? 'blue' : 'default'}>
            {t(current.custom ? 'admins.templates.custom' : 'admins.templates.builtIn')}
          </Tag>
        )}
      </Space>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={recheckOnChange(form)}
        onFinish={() => void submit()}
      >
        {email && (
          <Form.Item name="subject" label={t('admins.templates.subject')}>
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Form.Item name="body" label={t('admins.templates.body')}>
          <Input.TextArea rows={email ? 8 : 4} maxLength={2000} showCount data-testid="template-body" />
        </Form.Item>
        <div style={{ marginBottom: 12 }}>
          {t('admins.templates.variables')}{' '}
          {MESSAGE_VARIABLES.map((v) => (
            <Tag key={v} style={{ cursor: 'pointer' }} onClick={() => insert(v)}>{`{${v}}`}</Tag>
          ))}
        </div>
        {unknown.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="template-unknown"
            title={t('admins.templates.unknown', { list: unknown.map((u) => `{${u}}`).join(', ') })}
          />
        )}
        <Space wrap>
          <Button
            data-testid="template-preview"
            loading={previewCall.isPending}
            disabled={unknown.length > 0}
            onClick={() =>
              previewCall.mutate(input(form.getFieldsValue(true) as Record<string, unknown>) as never, {
                onSuccess: setPreview,
              })
            }
          >
            {t('admins.templates.preview')}
          </Button>
          <Button type="primary" htmlType="submit" loading={pending} disabled={unknown.length > 0}>
            {t('admins.templates.save')}
          </Button>
          {current?.custom && (
            <Popconfirm
              title={t('admins.templates.restoreConfirm')}
              onConfirm={() =>
                save.mutateAsync({
                  templates: [{ event, channel, language, subject: null, body: '' }],
                  updatedAt: templates.data?.updatedAt ?? null,
                })
              }
            >
              <Button>{t('admins.templates.restore')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
      {preview && (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginTop: 16 }}
          data-testid="template-preview-result"
          title={t('admins.templates.previewTitle')}
        >
          {preview.subject !== null && (
            <Descriptions.Item label={t('admins.templates.subject')}>{preview.subject}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('admins.templates.body')}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{preview.text}</div>
          </Descriptions.Item>
          {!email && (
            <Descriptions.Item label={t('admins.templates.segmentsLabel')}>
              {t('admins.templates.segments', { count: preview.segments })}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Card>
  );
}
