import { Card, Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLACE_TYPE, placeType } from '@cacifo/contract/codes/locker';

/** The location's own fields: name, type, system, address and the exterior door. */
export function PlaceFieldsCard({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={editing ? t('locations.form.editTitle') : t('locations.form.newTitle')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('locations.form.name')}>
            <Input maxLength={100} data-testid="place-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="type" label={t('locations.list.type')}>
            <Select
              options={Object.values(PLACE_TYPE).map((v) => ({
                value: v,
                label: t(placeType.labelKey(v)),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="systemType"
            label={t('locations.form.systemType')}
            extra={t('locations.form.systemTypeHelp')}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="address"
            label={t('locations.form.address')}
            normalize={(v: string) => (v?.trim() ? v : null)}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="exteriorDoor" valuePropName="checked" extra={t('locations.form.exteriorDoorHint')}>
            <Checkbox data-testid="place-exterior-door">{t('locations.form.exteriorDoor')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
