import { useEffect, useMemo, useState } from 'react';
import { Form } from 'antd';
import type { ContentLanguage } from '@cacifo/contract/codes/content';
import {
  MESSAGE_CHANNEL,
  TEMPLATE_EVENTS,
  unknownTemplateVariables,
  type MessageChannel,
  type TemplateEvent,
} from '@cacifo/contract/codes/message';
import type { MessagePreview } from '@cacifo/contract/schemas/messages';
import { messageSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { useMessageTemplates, usePreviewMessage, useSaveMessageTemplates } from '../api/messages';

interface Values {
  subject: string;
  body: string;
}

/**
 * The message templates card's controller: the template chosen (event, channel, language), its
 * form, the variables typed that do not exist, the preview and the save or restore.
 */
export function useMessageTemplatesCard() {
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
  const runPreview = () =>
    previewCall.mutate(input(form.getFieldsValue(true) as Record<string, unknown>) as never, {
      onSuccess: setPreview,
    });
  const restore = () =>
    save.mutateAsync({
      templates: [{ event, channel, language, subject: null, body: '' }],
      updatedAt: templates.data?.updatedAt ?? null,
    });

  return {
    form,
    loading: templates.isLoading,
    event,
    setEvent,
    channel,
    setChannel,
    language,
    setLanguage,
    current,
    email,
    unknown,
    insert,
    submit,
    pending,
    preview,
    runPreview,
    previewPending: previewCall.isPending,
    restore,
  };
}
