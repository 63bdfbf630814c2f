import { z } from 'zod';
import {
  expectedUpdatedAtSchema,
  settingsVersionReplyShape,
  settingsVersionShape,
  versionShape,
} from '../versioning.js';
import { CONTENT_LANGUAGES } from '../codes/content.js';
import { NAME_MAX, pinSchema, wholeBetween } from '../validation.js';
import { instantSchema } from './common.js';

export { CONTENT_LANGUAGES, type ContentLanguage } from '../codes/content.js';
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES, 'validation.language');

export const TEXT_MAX = 2000;
export const TERMS_MAX = 100_000;

/**
 * Texts an operator can rewrite (admin tools): what the kiosk screens say and the rental SMS. The
 * delivery messages have templates of their own per event and channel (schemas/messages.ts).
 * `{name}` placeholders are filled in by the sender; each template lists the ones it may use.
 */
export const TOOL_TEXTS = {
  'kiosk.welcome': { group: 'kiosk', placeholders: [] },
  'kiosk.enterPin': { group: 'kiosk', placeholders: [] },
  'kiosk.doorOpened': { group: 'kiosk', placeholders: ['door'] },
  'kiosk.wrongPin': { group: 'kiosk', placeholders: [] },
  'kiosk.outOfService': { group: 'kiosk', placeholders: [] },
  'sms.rentalStarted': { group: 'sms', placeholders: ['place', 'door', 'until'] },
} as const satisfies Record<string, { group: 'kiosk' | 'sms'; placeholders: readonly string[] }>;
export type ToolTextKey = keyof typeof TOOL_TEXTS;
export const TOOL_TEXT_KEYS = Object.keys(TOOL_TEXTS) as ToolTextKey[];

const textValue = z.string().max(TEXT_MAX, 'validation.tooLong');
/** Portuguese is what an empty translation falls back to: a kiosk screen or SMS needs it. */
const mainTextValue = z.string().trim().min(1, 'validation.required').max(TEXT_MAX, 'validation.tooLong');
export const toolTextSchema = z.object({
  key: z.enum(TOOL_TEXT_KEYS as [ToolTextKey, ...ToolTextKey[]]),
  group: z.enum(['kiosk', 'sms']),
  placeholders: z.array(z.string()),
  pt: mainTextValue,
  en: textValue,
  es: textValue,
  fr: textValue,
  updatedAt: instantSchema.nullable(),
});
export type ToolText = z.infer<typeof toolTextSchema>;
/** PUT /api/admin/tools/texts: the texts to change (others stay as they are). */
export const updateToolTextsSchema = z.object({
  texts: z
    .array(toolTextSchema.pick({ key: true, pt: true, en: true, es: true, fr: true }))
    .min(1)
    .max(TOOL_TEXT_KEYS.length),
  ...settingsVersionShape,
});
/** GET/PUT /api/admin/tools/texts: every text, and the version of the whole set. */
export const toolTextsReplySchema = z.object({
  texts: z.array(toolTextSchema),
  ...settingsVersionReplyShape,
});
export type ToolTextsReply = z.infer<typeof toolTextsReplySchema>;
export type UpdateToolTextsRequest = z.infer<typeof updateToolTextsSchema>;

/** POST /api/admin/tools/reset-data: PIN plus an explicit confirmation. */
export const resetDataSchema = z.object({ pin: pinSchema, confirm: z.literal(true, 'validation.confirm') });
export const refreshQrSchema = z.object({ confirm: z.literal(true, 'validation.confirm') });
export const qrStateSchema = z.object({
  version: z.number().int(),
  refreshedAt: instantSchema.nullable(),
});
export type QrState = z.infer<typeof qrStateSchema>;
/** Rows deleted per table. */
export const resetDataReplySchema = z.object({ cleared: z.record(z.string(), z.number().int()) });
export type ResetDataReply = z.infer<typeof resetDataReplySchema>;
/** GET /api/kiosk/qr: the payload the screen's QR encodes. */
export const kioskQrSchema = z.object({
  payload: z.string().meta({ examples: ['cacifo:kiosk:7:1:Yk3vQ0x1c2R4ZmFh'] }),
});
/** GET /api/kiosk/texts?language: Portuguese unless asked otherwise. */
export const kioskTextsQuerySchema = z.object({ language: contentLanguageSchema.default('pt') });
/** GET /api/kiosk/texts: kiosk text key -> text in the asked language. */
export const kioskTextsSchema = z.record(z.string(), z.string());

/** Terms: each save is a new version per language; the newest is the one in force. */
export const contentLanguageQuerySchema = z.object({ language: contentLanguageSchema });
export const createTermsSchema = z.object({
  language: contentLanguageSchema,
  body: z.string().trim().min(1, 'validation.required').max(TERMS_MAX, 'validation.tooLong'),
});
export const termsVersionSchema = z.object({
  id: z.number().int(),
  language: contentLanguageSchema,
  version: z.number().int(),
  body: z.string(),
  createdAt: instantSchema,
  createdBy: z.string(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/** FAQs per language, in their saved order (asked for with contentLanguageQuerySchema). */
export const faqFieldsSchema = z.object({
  question: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
  answer: z.string().trim().min(1, 'validation.required').max(TEXT_MAX, 'validation.tooLong'),
});
export const createFaqSchema = faqFieldsSchema.extend({ language: contentLanguageSchema });
/** PUT /faqs/:id: the texts and the version the editor read. */
export const updateFaqSchema = faqFieldsSchema.extend(versionShape);
export const reorderFaqsSchema = z.object({
  language: contentLanguageSchema,
  ids: z.array(z.number().int().positive()).max(1000),
});
export const faqSchema = z.object({
  id: z.number().int(),
  language: contentLanguageSchema,
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  updatedAt: instantSchema,
});
export type Faq = z.infer<typeof faqSchema>;

/** /projects: the projects office users belong to. */
export const projectSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  description: z.preprocess((v) => (v === '' ? null : v), z.string().max(500).nullable().optional()),
});
/** PUT /projects/:id: the fields and the version the editor read. */
export const updateProjectSchema = projectSchema.extend(versionShape);
export const projectReplySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Project = z.infer<typeof projectReplySchema>;

/**
 * /user-type: settings of the office user types (SPEC: employee, intern; the codes live in the
 * office schema): the label operators see and the validity a new user of that type gets.
 */
export const userTypeConfigSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  defaultValidDays: wholeBetween(1, 3650, 'validation.validDays').nullable().default(null),
  /** As read: null when the type was never saved (the editor saw the defaults). */
  updatedAt: expectedUpdatedAtSchema.nullable(),
});
export const userTypeConfigReplySchema = z.object({
  code: z.string(),
  name: z.string(),
  defaultValidDays: z.number().int().nullable(),
  updatedAt: instantSchema.nullable(),
});
export type UserTypeConfig = z.infer<typeof userTypeConfigReplySchema>;

/** /service: the service's own configuration (who runs it, how kiosks and SMS present it). */
export const serviceConfigSchema = z.object({
  operatorName: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
  supportPhone: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^\+?\d{9,15}$/, 'validation.phone')
      .meta({ examples: ['+351212345678'] })
      .nullable(),
  ),
  supportEmail: z.preprocess((v) => (v === '' ? null : v), z.email('validation.email').nullable()),
  defaultLanguage: contentLanguageSchema,
  smsSender: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{1,11}$/, 'validation.smsSender'),
  timezone: z.string().trim().min(1).max(64),
});
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;
/** PUT /api/admin/service: the configuration with the version the editor read. */
export const saveServiceConfigSchema = serviceConfigSchema.extend(settingsVersionShape);
export const serviceConfigReplySchema = serviceConfigSchema.extend(settingsVersionReplyShape);
export type ServiceConfigReply = z.infer<typeof serviceConfigReplySchema>;
export const DEFAULT_SERVICE_CONFIG: ServiceConfig = {
  operatorName: 'Cacifo',
  supportPhone: null,
  supportEmail: null,
  defaultLanguage: 'pt',
  smsSender: 'Cacifo',
  timezone: 'Europe/Lisbon',
};
