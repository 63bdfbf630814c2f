import { useEffect, useRef } from 'react';
import { AutoComplete, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiScope, type ApiScope } from '@cacifo/contract/codes/partner';
import type { ApiKeyCreated } from '@cacifo/contract/schemas/api-keys';
import { ApiError } from '@/lib/api-client';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';
import { useClientChoices, useCreateApiKey } from '../api/api-keys';

interface Values {
  name: string;
  scopes: ApiScope[];
  companyId: string;
}

const schemas = () => import('@cacifo/contract/schemas/api-keys');

/**
 * New partner key: name, scopes and the client it belongs to (required, ADR 0100): for the operator
 * one of the clients, or a new client's name typed in; a client's admin (`ownClient`, issue #31)
 * makes keys for its own client only, so it is not asked.
 */
export function ApiKeyFormModal({
  open,
  ownClient,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The caller's own client when it is a client's admin; null for the operator. */
  ownClient: string | null;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const clients = useClientChoices(open && ownClient === null);
  const [form] = Form.useForm<Values>();
  // A second click while the first is on its way must not make a second key (the mutation's
  // pending flag is only seen on the next render).
  const submitting = useRef(false);
  useEffect(() => {
    if (!open) return;
    // Re-armed each time the modal opens: after a success it stays closed to clicks (below).
    submitting.current = false;
    form.setFieldsValue({ name: '', scopes: [], companyId: ownClient ?? '' });
  }, [open, form, ownClient]);

  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    let done = false;
    try {
      const { createApiKeySchema } = await schemas();
      const body = validateWith(form, createApiKeySchema, form.getFieldsValue(true), (k) => t(runtimeKey(k)));
      if (body) {
        onCreated(await create.mutateAsync(body));
        done = true;
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
      title={t('integrations.keys.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('integrations.keys.create')}
      cancelText={t('integrations.common.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onValuesChange={recheckOnChange(form)} requiredMark="optional">
        <Form.Item name="name" label={t('integrations.keys.name')} required>
          <Input maxLength={100} placeholder={t('integrations.keys.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="scopes" label={t('integrations.keys.scopes')} required>
          <Checkbox.Group
            style={{ display: 'grid', gap: 8 }}
            options={apiScope.values.map((s) => ({
              value: s,
              label: (
                <span>
                  <code>{s}</code> · {t(apiScope.labelKey(s))}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="companyId"
          label={t('integrations.keys.company')}
          extra={t('integrations.keys.companyHelp')}
          required
          hidden={ownClient !== null}
        >
          <AutoComplete
            maxLength={100}
            placeholder={t('integrations.keys.companyPlaceholder')}
            options={(clients.data ?? []).map((c) => ({ value: c }))}
            filterOption={(typed, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(typed.trim().toLowerCase())
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
