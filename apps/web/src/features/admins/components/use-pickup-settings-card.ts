import { useEffect } from 'react';
import { Form } from 'antd';
import { messageSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { usePickupSettings, useSavePickupSettings } from '../api/messages';

/** The pickup settings card's controller: the rules read into the form, and their save. */
export function usePickupSettingsCard() {
  const [form] = Form.useForm();
  const settings = usePickupSettings();
  const save = useSavePickupSettings();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ rules: settings.data.rules });
  }, [settings.data, form]);
  const { submit, pending } = useFormSubmit(form, save, {
    schema: async () => (await messageSchemas()).pickupSettingsSchema,
    // The version of the rules read goes back with the save (another admin's save: 409).
    version: settings.data ? { of: 'pickupRules', updatedAt: settings.data.updatedAt } : undefined,
  });
  return { form, settings, submit, pending, types: settings.data?.locationTypes ?? [] };
}
