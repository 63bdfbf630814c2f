import { useEffect } from 'react';
import { Alert, Button, Card, Collapse, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES } from '@cacifo/contract/codes/content';
import type { ToolText } from '@cacifo/contract/schemas/content';
import { contentSchemas } from '@/lib/contract-schemas';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useSaveToolTexts, useToolTexts } from '../api/tools';

type Values = { texts: Array<Pick<ToolText, 'key' | 'pt' | 'en' | 'es' | 'fr'>> };

/** Kiosk screen texts and SMS templates in pt, en, es and fr, saved together. */
export function ToolTextsCard() {
  const { t } = useTranslation();
  const texts = useToolTexts();
  const [form] = Form.useForm<Values>();
  const { submit, pending } = useFormSubmit(form, useSaveToolTexts(), {
    schema: async () => (await contentSchemas()).updateToolTextsSchema,
    // The version of the whole set read goes back with the save (another admin's save: 409).
    version: texts.data ? { of: 'toolTexts', updatedAt: texts.data.updatedAt } : undefined,
  });

  useEffect(() => {
    if (texts.data)
      form.setFieldsValue({
        texts: texts.data.texts.map(({ key, pt, en, es, fr }) => ({ key, pt, en, es, fr })),
      });
  }, [texts.data, form]);

  return (
    <Card
      title={t('admins.tools.texts')}
      extra={
        <Button type="primary" loading={pending} onClick={() => void submit()} disabled={!texts.data}>
          {t('admins.common.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('admins.tools.textsHelp')}</Typography.Paragraph>
      {texts.isLoading ? (
        <Skeleton active />
      ) : texts.isError ? (
        <Alert type="error" showIcon title={errorMessage(texts.error)} />
      ) : (
        <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" requiredMark={false}>
          <Collapse
            items={(texts.data?.texts ?? []).map((text, i) => ({
              key: text.key,
              label: (
                <>
                  <Tag color={text.group === 'sms' ? 'purple' : 'blue'}>
                    {t(`admins.tools.${text.group}`)}
                  </Tag>
                  {/* Named in words; the key stays beside it for whoever reads the logs. */}
                  <Typography.Text strong>{t(`admins.tools.textNames.${text.key}`)}</Typography.Text>{' '}
                  <Typography.Text type="secondary" className="tool-text-key">
                    ({text.key})
                  </Typography.Text>
                </>
              ),
              children: (
                <>
                  {text.placeholders.length > 0 && (
                    <Typography.Paragraph type="secondary">
                      {t('admins.tools.placeholders', {
                        list: text.placeholders.map((p) => `{${p}}`).join(' '),
                      })}
                    </Typography.Paragraph>
                  )}
                  <div className="tool-text-grid">
                    {CONTENT_LANGUAGES.map((l) => (
                      <Form.Item key={l} name={['texts', i, l]} label={t(`admins.languages.${l}`)}>
                        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
                      </Form.Item>
                    ))}
                  </div>
                </>
              ),
            }))}
          />
        </Form>
      )}
    </Card>
  );
}
