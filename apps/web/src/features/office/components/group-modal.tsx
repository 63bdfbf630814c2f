import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '@/lib/form-submit';
import type { UserGroup } from '@cacifo/contract/schemas/office';
import { officeSchemas } from '@/lib/contract-schemas';
import { recheckOnChange, validateWith } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';
import { useOfficeLockers } from '../api/get-office-lockers';
import { useSaveGroup } from '../api/save-user-group';

/** Create or edit a user group: name, description and its shared lockers. */
export function GroupModal({
  group,
  open,
  onClose,
}: {
  group: UserGroup | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveGroup();
  const lockers = useOfficeLockers();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      group
        ? {
            name: group.name,
            description: group.description ?? '',
            lockerIds: group.lockers.map((l) => l.id),
          }
        : { lockerIds: [] },
    );
  }, [open, group, form]);
  const submit = async () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const { userGroupFieldsSchema } = await officeSchemas();
    const parsed = validateWith(form, userGroupFieldsSchema, values, (k) => t(runtimeKey(k)));
    if (!parsed) return;
    try {
      await save.mutateAsync({
        id: group?.id ?? 0,
        ...parsed,
        ...(group ? { updatedAt: group.updatedAt } : {}),
      });
      onClose();
    } catch {
      // Said by the mutation's meta (docs/adr/0060); the dialog stays open to correct.
    }
  };
  // One submission at a time: a second click while it validates or saves does nothing.
  const flight = useSingleFlight(submit);
  return (
    <Modal
      open={open}
      title={t(group ? 'office.groups.edit' : 'office.groups.new')}
      onCancel={onClose}
      onOk={() => void flight.run()}
      okText={t('office.common.save')}
      cancelText={t('office.common.cancel')}
      confirmLoading={flight.pending}
      destroyOnHidden
    >
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" data-testid="group-form">
        <Form.Item name="name" label={t('office.fields.name')} required>
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item name="description" label={t('office.groups.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="lockerIds"
          label={t('office.groups.sharedLockers')}
          extra={t('office.groups.sharedLockersHelp')}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            // The group's own lockers, and the available ones (the server refuses any other).
            options={(lockers.data ?? [])
              .filter((l) => l.available || group?.lockers.some((g) => g.id === l.id))
              .map((l) => ({
                value: l.id,
                label: `${l.placeName} #${l.doorNumber} (${l.size})`,
              }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
