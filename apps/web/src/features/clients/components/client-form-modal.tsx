import { useEffect, useRef } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Client } from '@cacifo/contract/schemas/clients';
import { ApiError } from '@/lib/api-client';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';
import { useCreateClient, useUpdateClient } from '../api/clients';

interface Values {
  name: string;
  retentionDays: number | null;
}

const schemas = () => import('@cacifo/contract/schemas/clients');

/** A new client, or an existing one renamed (its orders, keys and accounts follow) or its retention set. */
export function ClientFormModal({
  open,
  client,
  onClose,
}: {
  open: boolean;
  /** The client edited; null for a new one. */
  client: Client | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateClient();
  const update = useUpdateClient();
  const [form] = Form.useForm<Values>();
  const submitting = useRef(false);
  useEffect(() => {
    if (!open) return;
    // Re-armed each time the modal opens: after a success it stays closed to clicks (below).
    submitting.current = false;
    form.setFieldsValue({ name: client?.name ?? '', retentionDays: client?.retentionDays ?? 90 });
  }, [open, client, form]);

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    let done = false;
    try {
      const { createClientSchema, updateClientSchema } = await schemas();
      const values = form.getFieldsValue(true) as Values;
      const input = {
        name: values.name,
        retentionDays: values.retentionDays ?? undefined,
        // The version the dialog was opened on: a change made meanwhile is refused, not overwritten.
        ...(client ? { updatedAt: client.updatedAt } : {}),
      };
      const translate = (k: string) => t(runtimeKey(k));
      if (client) {
        const body = validateWith(form, updateClientSchema, input, translate);
        if (body) await update.mutateAsync({ id: client.id, body });
        if (body) {
          onClose();
          done = true;
        }
      } else {
        const body = validateWith(form, createClientSchema, input, translate);
        if (body) await create.mutateAsync(body);
        if (body) {
          onClose();
          done = true;
        }
      }
    } catch (e) {
      // A refusal is said by the mutation's meta (docs/adr/0060); anything else is a bug.
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
      title={client ? t('clients.edit') : t('clients.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('clients.save')}
      cancelText={t('clients.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onValuesChange={recheckOnChange(form)} requiredMark="optional">
        <Form.Item
          name="name"
          label={t('clients.name')}
          required
          extra={client ? t('clients.renameHelp') : undefined}
        >
          <Input maxLength={100} data-testid="client-name" />
        </Form.Item>
        <Form.Item name="retentionDays" label={t('clients.retentionDays')} extra={t('clients.retentionHelp')}>
          <InputNumber min={1} max={3650} style={{ width: 160 }} data-testid="client-retention" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
