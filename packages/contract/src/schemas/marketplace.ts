import { z } from 'zod';
import { settingsVersionReplyShape, settingsVersionShape } from '../versioning.js';
import { idSchema, urlIdSchema } from '../validation.js';
import {
  marketplaceCentsSchema,
  marketplaceHourSchema,
  PENDING_MAX_MINUTES,
  percent2Schema,
} from './marketplace-fields.js';

export * from '../marketplace-pricing.js';
// The marketplace's schemas by concern; this module re-exports them, so importers keep one path.
export * from './marketplace-fields.js';
export * from './marketplace-prices.js';
export * from './marketplace-transactions.js';
export * from './marketplace-rentals.js';

/** Marketplace settings (SPEC §3). Safe time is checked by the server ('Incorrect Value'). */
export const marketplaceSettingsSchema = z.object({
  parkOpening: marketplaceHourSchema,
  parkClosing: marketplaceHourSchema,
  guestOpening: marketplaceHourSchema,
  guestClosing: marketplaceHourSchema,
  /** Tolerance after a rental's paid time; checked by the service so it answers incorrectValue. */
  safeTimeMinutes: z.number(),
  pendingMinutes: z
    .number('validation.pendingMinutes')
    .int('validation.pendingMinutes')
    .min(1, 'validation.pendingMinutes')
    .max(PENDING_MAX_MINUTES, 'validation.pendingMinutes'),
  ivaPercent: percent2Schema,
  captiveDepositCents: marketplaceCentsSchema,
  freeMode: z.boolean(),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;
/** PUT /api/marketplace/settings: the settings with the version the editor read. */
export const updateMarketplaceSettingsSchema = marketplaceSettingsSchema.extend(settingsVersionShape);
export const marketplaceSettingsReplySchema = marketplaceSettingsSchema.extend({
  ...settingsVersionReplyShape,
  safeTimeMinutes: z.number().int(),
  /** HMAC secret the payment provider signs its webhook calls with. */
  webhookSecret: z.string(),
  highestActivePriceCents: z.number().int(),
});
export type MarketplaceSettingsReply = z.infer<typeof marketplaceSettingsReplySchema>;

export const marketplaceEnabledSchema = z.object({ id: idSchema, enabled: z.boolean() });
export const marketplaceIdParamsSchema = z.object({ id: urlIdSchema });

/** Screen (kiosk) to place binding. */
export const kioskBindingSchema = z.object({ adminId: idSchema, placeId: idSchema });
export const kioskBindingReplySchema = z.object({ adminId: z.number().int(), placeId: z.number().int() });
