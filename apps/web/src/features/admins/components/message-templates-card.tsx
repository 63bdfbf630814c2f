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
import {
  MESSAGE_VARIABLES,
  TEMPLATE_EVENTS,
  messageChannel,
  messageEvent,
  type MessageChannel,
} from '@cacifo/contract/codes/message';
import type { MessagePreview } from '@cacifo/contract/schemas/messages';
import { recheckOnChange } from '@/lib/zod-form';
import { LanguageTabs } from './language-tabs';
import { useMessageTemplatesCard } from './use-message-templates-card';

/**
 * The messages recipients get, per event, channel and language: edited here, checked as typed (a
 * variable that does not exist is named before saving; the server refuses it too) and previewed
 * with sample data, as the recipient would read it.
 */
export function MessageTemplatesCard() {
  const { t } = useTranslation();
  const c = useMessageTemplatesCard();
  const { form, current, email, unknown } = c;

  return (
    <Card title={t('admins.templates.title')} data-testid="message-templates" loading={c.loading}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 220 }}
          aria-label={t('admins.templates.event')}
          data-testid="template-event"
          value={c.event}
          onChange={c.setEvent}
          options={TEMPLATE_EVENTS.map((e) => ({
            value: e,
            label: t(messageEvent.labelKey(e)),
          }))}
        />
        <Segmented
          value={c.channel}
          onChange={(v) => c.setChannel(v as MessageChannel)}
          options={messageChannel.values.map((ch) => ({
            value: ch,
            label: t(messageChannel.labelKey(ch)),
          }))}
        />
        <LanguageTabs value={c.language} onChange={c.setLanguage} />
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
        onFinish={() => void c.submit()}
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
            <Tag key={v} style={{ cursor: 'pointer' }} onClick={() => c.insert(v)}>{`{${v}}`}</Tag>
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
            loading={c.previewPending}
            disabled={unknown.length > 0}
            onClick={c.runPreview}
          >
            {t('admins.templates.preview')}
          </Button>
          <Button type="primary" htmlType="submit" loading={c.pending} disabled={unknown.length > 0}>
            {t('admins.templates.save')}
          </Button>
          {current?.custom && (
            <Popconfirm title={t('admins.templates.restoreConfirm')} onConfirm={c.restore}>
              <Button>{t('admins.templates.restore')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
      {c.preview && <TemplatePreview preview={c.preview} email={email} />}
    </Card>
  );
}

/** The template as the recipient would read it, with sample data (and an SMS's segment count). */
function TemplatePreview({ preview, email }: { preview: MessagePreview; email: boolean }) {
  const { t } = useTranslation();
  return (
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
  );
}
