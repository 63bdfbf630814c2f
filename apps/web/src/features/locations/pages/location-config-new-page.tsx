import { Alert, Button, Form, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLACE_TYPE } from '@cacifo/contract/codes/locker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { recheckOnChange } from '@/lib/zod-form';
import { LockersCard } from '../components/place-form/lockers-card';
import { PlaceFieldsCard } from '../components/place-form/place-fields-card';
import { usePlaceForm } from '../components/place-form/use-place-form';

/** /locations/config/new (and ?id= to edit): a location and its lockers, checked with the contract schema. */
export default function LocationConfigNewPage() {
  const { t } = useTranslation();
  const state = usePlaceForm();
  const { editId, existing, form, submit, pending, cancel } = state;

  if (editId && existing.isLoading) return <Skeleton active />;
  if (editId && existing.isError) return <Alert type="error" showIcon title={errorMessage(existing.error)} />;

  return (
    <>
      <PageHeader routeId="locationConfigNew" {...(editId ? { title: t('locations.form.editTitle') } : {})} />
      <Form
        form={form}
        onValuesChange={recheckOnChange(form)}
        layout="vertical"
        initialValues={{
          name: '',
          type: PLACE_TYPE.OFFICE,
          systemType: 'locker',
          address: null,
          exteriorDoor: false,
        }}
        onFinish={() => void submit()}
        requiredMark={false}
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <PlaceFieldsCard editing={!!editId} />
          <LockersCard state={state} />
          <Space>
            <Button onClick={cancel}>{t('locations.common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={pending} data-testid="save-place">
              {t('locations.common.save')}
            </Button>
          </Space>
        </Space>
      </Form>
    </>
  );
}
