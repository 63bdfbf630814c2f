import { useEffect, useRef } from 'react';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { webhookEvent, type WebhookEvent } from '@cacifo/contract/codes/partner';
import type { WebhookCreated } from '@cacifo/contract/schemas/webhooks';
import { ApiError } from '@/lib/api-client';
import { bindToForm } from '@/lib/mutation-feedback';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';
import { useApiKeys } from '../api/api-keys';
import { useCreateWebhook } from '../api/webhooks';

interface Values {
  apiKeyId: number | undefined;
  url: string;
  events: WebhookEvent[];
}

const schemas = () => import('@cacifo/contract/schemas/webhooks');

/** An admin registers a webhook endpoint for a partner's key; the signing secret is shown once. */
export function WebhookFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (hook: WebhookCreated) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const keys = useApiKeys({ max_results: 1000, offset: 0, revoked: 'false' });
  const [form] = Form.useForm<Values>();
  const submitting = useRef(false);
  useEffect(() => {
    if (!open) return;
    // Re-armed each time the modal opens: after a success it stays closed to clicks (below).
    submitting.current = false;
    form.setFieldsValue({ apiKeyId: undefined, url: '', events: [] });
  }, [open, form]);

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    let done = false;
    try {
      const values = form.getFieldsValue(true) as Values;
      const { webhookInputSchema } = await schemas();
      const body = validateWith(form, webhookInputSchema, values, (k) => t(runtimeKey(k)));
      if (values.apiKeyId === undefined)
        form.setFields([{ name: 'apiKeyId', errors: [t('validation.required')] }]);
      if (!body || values.apiKeyId === undefined) return;
      // A refused address lands on its field; any other refusal is said once (docs/adr/0060).
      const variables = bindToForm(
        { apiKeyId: values.apiKeyId, body },
        { form, fieldOf: { webhookUrlRefused: 'url' } },
      );
      onCreated(await create.mutateAsync(variables));
      done = true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      // After a success the modal is closing, and its button still takes clicks while it fades: the
      // second click of a double click can land there once a fast reply has come (seen in e2e under
      // load: a second key, whose secret reopened the dialog). It stays shut until the modal reopens.
      if (!done) submitting.current = false;
    }
  };

  return (
    <Modal
      open={open}
      title={t('integrations.hooks.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('integrations.hooks.create')}
      cancelText={t('integrations.common.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onValuesChange={recheckOnChange(form)}>
        <Form.Item name="apiKeyId" label={t('integrations.hooks.key')} required>
          <Select
            loading={keys.isLoading}
            placeholder={t('integrations.hooks.keyPlaceholder')}
            options={(keys.data?.keys ?? []).map((k) => ({ value: k.id, label: `${k.name} (${k.prefix}…)` }))}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('integrations.hooks.url')}
          required
          extra={t('integrations.hooks.urlHelp')}
        >
          <Input maxLength={2000} placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.Item name="events" label={t('integrations.hooks.events')} required>
          <Checkbox.Group
            style={{ display: 'grid', gap: 8 }}
            options={webhookEvent.values.map((e) => ({
              value: e,
              label: (
                <span>
                  <code>{e}</code> · {t(webhookEvent.labelKey(e))}
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
