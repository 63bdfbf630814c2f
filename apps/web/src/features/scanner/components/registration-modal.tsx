import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { say } from '@/lib/feedback';
import { useSingleFlight } from '@/lib/form-submit';
import { runtimeKey } from '@/lib/i18n-keys';
import { useRegisterOrder } from '../api/scan-order';
import { registrationSchema, type ScannerVersion } from '../lib/scan-flow';

interface FormValues {
  packageId: string;
  recipientNumber: string;
  recipientPhone: string;
}

interface Props {
  version: ScannerVersion;
  packageId: string;
  onCancel: () => void;
  onSaved: (packageId: string) => void;
}

/**
 * Registration of a scanned, unknown parcel (SPEC §4 step 4, §5): package id, partner reference and
 * phone, checked with the version's rules before anything is sent; double submission is blocked.
 */
export function RegistrationModal({ version, packageId, onCancel, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const register = useRegisterOrder();

  // One submission at a time (a ref: a double click arrives before the button is disabled).
  const { run: submit, pending } = useSingleFlight(async () => {
    const parsed = registrationSchema(version).safeParse(form.getFieldsValue());
    if (!parsed.success) {
      const fields = new Map<string, string[]>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]);
        fields.set(name, [...(fields.get(name) ?? []), t(runtimeKey(issue.message))]);
      }
      form.setFields([...fields].map(([name, errors]) => ({ name: name as keyof FormValues, errors })));
      // Checked before any request: not a mutation's outcome, so said here.
      say('error', t('scanner.messages.invalidInput'));
      return;
    }
    // Done or refused, the mutation's meta says it.
    const order = await register.mutateAsync(parsed.data);
    onSaved(order.packageId);
  });

  return (
    <Modal
      open
      title={t('scanner.register.title')}
      okText={t('scanner.register.save')}
      cancelText={t('scanner.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={pending}
      okButtonProps={{ 'data-testid': 'scanner-register-save' } as never}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ packageId, recipientNumber: '', recipientPhone: '' }}
        onFinish={() => void submit()}
        data-testid="scanner-register-form"
      >
        <Form.Item
          name="packageId"
          label={t('scanner.register.packageId')}
          extra={version === 2 ? t('scanner.register.packageIdHint') : undefined}
          required
        >
          <Input autoComplete="off" data-testid="scanner-register-package" />
        </Form.Item>
        <Form.Item
          name="recipientNumber"
          label={t('scanner.register.reference')}
          extra={version === 2 ? t('scanner.register.referenceHint') : undefined}
          required={version === 2}
        >
          <Input autoComplete="off" data-testid="scanner-register-reference" />
        </Form.Item>
        <Form.Item name="recipientPhone" label={t('scanner.register.phone')} required>
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            data-testid="scanner-register-phone"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
