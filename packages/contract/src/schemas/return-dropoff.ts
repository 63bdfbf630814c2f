import { z } from 'zod';
import { lockerSize } from '../codes/locker.js';
import { COURIER_ACCESS_CODE_DIGITS } from './courier-codes.js';
import { orderInputSchema } from './orders.js';
import { phoneSchema } from '../validation.js';
import { partnerOrderSchema } from './partner.js';

/*
 * Returns dropped off at a delivery wall (issue #33, docs/adr/0180): the partner pre-advises a return
 * and gets a return code for its customer; the customer types it at the wall's kiosk, a free locker
 * of the return's size opens, and closing it stores the return (webhook `return.dropped_off`).
 */

/** A drop-off return code: 8 digits, typed on the kiosk's keypad like a carrier's code of the day. */
export const RETURN_CODE_DIGITS = COURIER_ACCESS_CODE_DIGITS;

/** POST /api/partner/v1/returns: a return the partner's customer will drop off. */
export const partnerReturnInputSchema = orderInputSchema
  .pick({ packageId: true, recipientName: true, recipientNumber: true })
  .extend({
    /** The locker size the return needs: the door that opens is of this size. */
    size: z.enum(lockerSize.values, 'validation.selectSize'),
    /** The delivery location it will be dropped off at; absent: any of them. */
    locationId: z.number().int().min(1).optional(),
    /** The customer returning it, for the operator (no message is sent to them). */
    recipientPhone: phoneSchema.optional(),
  })
  .meta({
    examples: [{ packageId: 'RTPT000123456', size: 'S', locationId: 2, recipientNumber: 'RMA-5521' }],
  });
export type PartnerReturnInput = z.input<typeof partnerReturnInputSchema>;

export const partnerReturnSchema = partnerOrderSchema.extend({
  /** The code the customer types at the wall: shown this once (only a hash is kept). */
  returnCode: z.string().meta({ examples: ['58203914'] }),
});
export type PartnerReturn = z.infer<typeof partnerReturnSchema>;

/** POST /api/kiosk/returns/dropoff: the customer's return code at this wall. */
export const returnDropoffBodySchema = z.object({
  returnCode: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RETURN_CODE_DIGITS}}$`), 'validation.returnCode')
    .meta({ examples: ['58203914'] }),
});

export const returnDropoffSchema = z.object({
  packageId: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  /** The order's state: 3 while the door is open for the drop-off. */
  state: z.number().int(),
});
export type ReturnDropoff = z.infer<typeof returnDropoffSchema>;
