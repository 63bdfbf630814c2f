import { z } from 'zod';
import { isAlreadyDelivered, orderStage, type OrderStage } from '@cacifo/contract/codes/order';
import { ORDER_RECIPIENT_NAME, PACKAGE_ID_MAX, type Order } from '@cacifo/contract/schemas/orders';
import { phoneSchema } from '@cacifo/contract/validation';

/** SCANNER_VERSION of the deployment (/api/health features.scannerVersion). */
export type ScannerVersion = 1 | 2;

export { scanKindsFor, type ScanKind } from './scan-kinds';

/** Reads the version defensively: health features are a loose record on the wire. */
export function scannerVersionOf(features: Record<string, unknown> | undefined): ScannerVersion {
  const v = features?.scannerVersion;
  return v === 1 || v === '1' ? 1 : 2;
}

const SGPT_PREFIX = /^sgpt/i;
const REFERENCE_PREFIX = /^(prt|pt)/i;
/** SPEC §9: the deposit dialog starts on size M for a scanned parcel. */
const SCANNER_DEFAULT_SIZE = 'M';

/** What `GET api/delivery/order?packageId` answered, reduced to what the flow needs. */
export type LookupOutcome =
  | { kind: 'found'; order: Order }
  | { kind: 'delivered'; order: Order | null }
  | { kind: 'notExist' }
  | { kind: 'error' };

export type ScanDecision =
  /** Open the deposit dialog of this order. */
  | { action: 'deposit'; order: Order }
  /**
   * The order cannot be deposited now: already delivered, waiting in a locker, cancelled, or a door
   * open for it. The stage says which; the second version still opens the (read-only) dialog.
   */
  | { action: 'notDepositable'; stage: OrderStage; order: Order | null; openDialog: boolean }
  /** "Order not registered": ask whether to register it. */
  | { action: 'askRegister'; packageId: string }
  /** Unknown, and the second version only registers SGPT codes. */
  | { action: 'notRegistrable'; packageId: string }
  | { action: 'fetchError' };

/** SPEC §4 scanner flow, steps 1 to 3, as a pure decision over the lookup's outcome. */
export function decideScan(version: ScannerVersion, packageId: string, outcome: LookupOutcome): ScanDecision {
  switch (outcome.kind) {
    case 'found': {
      // The state machine decides (issue #23), not SPEC §4's "state not 1 or 2": an edited order
      // (11) can still be deposited.
      const stage = orderStage(outcome.order.state);
      if (stage !== 'toDeposit')
        return { action: 'notDepositable', stage, order: outcome.order, openDialog: version === 2 };
      return { action: 'deposit', order: outcome.order };
    }
    case 'delivered':
      return {
        action: 'notDepositable',
        stage: outcome.order ? orderStage(outcome.order.state) : 'delivered',
        order: outcome.order,
        openDialog: version === 2 && outcome.order !== null,
      };
    case 'notExist':
      if (version === 2 && !SGPT_PREFIX.test(packageId.trim()))
        return { action: 'notRegistrable', packageId };
      return { action: 'askRegister', packageId };
    default:
      return { action: 'fetchError' };
  }
}

const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** The registration form of each version (SPEC §5); messages are translation keys. */
export function registrationSchema(version: ScannerVersion) {
  if (version === 1) {
    return z.object({
      packageId: required(PACKAGE_ID_MAX),
      recipientNumber: z.string().trim().max(64, 'validation.tooLong').optional().default(''),
      recipientPhone: phoneSchema,
    });
  }
  return z.object({
    packageId: required(PACKAGE_ID_MAX).regex(SGPT_PREFIX, 'scanner.validation.packagePrefix'),
    recipientNumber: required(64).regex(REFERENCE_PREFIX, 'scanner.validation.referencePrefix'),
    recipientPhone: phoneSchema,
  });
}
export type RegistrationValues = z.infer<ReturnType<typeof registrationSchema>>;

/** SPEC §7: the scanner saves with id 0 and an empty recipientEmail. */
export function registrationPayload(values: RegistrationValues) {
  return {
    id: 0,
    packageId: values.packageId.trim(),
    recipientName: ORDER_RECIPIENT_NAME,
    recipientNumber: values.recipientNumber ?? '',
    recipientEmail: '',
    recipientPhone: values.recipientPhone,
  };
}

/**
 * Where the deposit (delivery) dialog lives: the orders feature owns it. Staff who may see order
 * pages get the detail page with the dialog open; couriers get their landing page, which runs the
 * same lookup and opens it.
 */
export function depositPath(order: Order, canViewOrders: boolean): string {
  if (!canViewOrders) return `/courier?packageId=${encodeURIComponent(order.packageId)}`;
  const base = isAlreadyDelivered(order.state) ? '/orders-history/details' : '/orders/details';
  return `${base}/${order.id}?deposit=1&size=${SCANNER_DEFAULT_SIZE.toLowerCase()}`;
}

/** Quagga's confidence measure: the median of the decoded characters' errors. */
export function medianError(codes: readonly { error?: number | undefined }[]): number {
  const errors = codes
    .map((c) => c.error)
    .filter((e): e is number => typeof e === 'number' && Number.isFinite(e))
    .sort((a, b) => a - b);
  if (errors.length === 0) return Number.POSITIVE_INFINITY;
  const mid = Math.floor(errors.length / 2);
  return errors.length % 2 ? errors[mid]! : (errors[mid - 1]! + errors[mid]!) / 2;
}

/** SPEC §9: a Code 128 read counts only when the median decode error is under 0.25. */
const MAX_MEDIAN_ERROR = 0.25;
/** Control characters (Code 128's code set A holds them) never belong to a package id: such a read
 *  is a misread of a blurred frame, so the next frame is tried instead. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;
export function acceptBarcode(
  code: string | null | undefined,
  codes: readonly { error?: number }[],
): boolean {
  return (
    typeof code === 'string' &&
    code.trim() !== '' &&
    !CONTROL_CHAR.test(code.trim()) &&
    medianError(codes) < MAX_MEDIAN_ERROR
  );
}
