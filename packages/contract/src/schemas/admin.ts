import { z } from 'zod';
import { versionShape } from '../versioning.js';
import { ROLE, ACCOUNT_ROLES } from '../roles.js';
import { ADMIN_LOG_ACTION } from '../codes/admin-log.js';
import { exportFields, sortQuery, totalIsLowerBoundSchema } from '../lists.js';
import { namedRefSchema, instantSchema } from './common.js';
import {
  commaIdsSchema,
  dateIntervalSchema,
  emailSchema,
  maxResultsSchema,
  NAME_MAX,
  offsetSchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  urlIdSchema,
} from '../validation.js';

/**
 * Back-office accounts come in three kinds: staff (the /admins list), screen users (kiosks and
 * monitors, also on /admins) and employees (store accounts, /employees).
 */
export const ACCOUNT_KIND = { STAFF: 'staff', SCREEN: 'screen', EMPLOYEE: 'employee' } as const;
export type AccountKind = (typeof ACCOUNT_KIND)[keyof typeof ACCOUNT_KIND];

/** Roles a staff account may hold: SPEC §3 admin-role options plus the editor of DECISIONS.md. */
export const STAFF_ROLES = [ROLE.ADMIN, ROLE.EDITOR, ROLE.SECURITY, ROLE.COURIER, ROLE.IMPORTER] as const;
/** SPEC §3 screen-user role options. */
export const SCREEN_ROLES = [ROLE.DASH, ROLE.COURIER, ROLE.SCREEN] as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,50}$/;
export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, 'validation.username');
const nameSchema = z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong');
/** Optional text fields accept '' from forms and store it as absent. */
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' ? null : v), s.nullable().optional());

const passwordPair = {
  password: passwordSchema,
  confirmPassword: z.string(),
};
const passwordsMatch = (v: { password?: string | undefined; confirmPassword?: string | undefined }) =>
  v.password === undefined || v.password === v.confirmPassword;
const mismatch = { message: 'validation.passwordMismatch', path: ['confirmPassword'] };

const accountFields = {
  name: nameSchema,
  email: optional(emailSchema),
  phone: optional(phoneSchema),
  notifiable: z.boolean().default(false),
};

/**
 * The location a kiosk (`screen` role) is installed at: every kiosk call of the account acts there
 * (issue #20). null takes it out of service; absent on an update leaves it as it is.
 */
const kioskPlaceIdSchema = z.number().int().positive().nullable().optional();
const kioskPlaceOnlyForScreens = (v: { role: string; kioskPlaceId?: number | null | undefined }) =>
  v.kioskPlaceId == null || v.role === ROLE.SCREEN;

/** POST /api/admin/admins: a staff or screen account. */
export const createAdminSchema = z
  .object({
    ...accountFields,
    username: usernameSchema,
    kind: z.enum([ACCOUNT_KIND.STAFF, ACCOUNT_KIND.SCREEN]).default(ACCOUNT_KIND.STAFF),
    role: z.enum(ACCOUNT_ROLES),
    ...passwordPair,
    pin: optional(pinSchema),
    enabled: z.boolean().default(true),
    kioskPlaceId: kioskPlaceIdSchema,
  })
  .refine(passwordsMatch, mismatch)
  .refine(kioskPlaceOnlyForScreens, { message: 'validation.kioskPlaceRole', path: ['kioskPlaceId'] })
  .refine(
    (v) =>
      (v.kind === ACCOUNT_KIND.STAFF ? (STAFF_ROLES as readonly string[]) : SCREEN_ROLES).includes(v.role),
    { message: 'validation.role', path: ['role'] },
  );
export type CreateAdminRequest = z.input<typeof createAdminSchema>;

/** PUT /api/admin/admins/:id: every field optional; a password needs its confirmation. */
export const updateAdminSchema = z
  .object({
    name: nameSchema.optional(),
    email: accountFields.email,
    phone: accountFields.phone,
    notifiable: z.boolean().optional(),
    role: z.enum(ACCOUNT_ROLES).optional(),
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
    pin: optional(pinSchema),
    kioskPlaceId: kioskPlaceIdSchema,
    ...versionShape,
  })
  .refine(passwordsMatch, mismatch);
export type UpdateAdminRequest = z.input<typeof updateAdminSchema>;

export const accountEnabledSchema = z.object({ enabled: z.boolean() });

/** POST /api/admin/employees: a store account; the store role can only create in its own store. */
export const createEmployeeSchema = z
  .object({
    ...accountFields,
    username: usernameSchema,
    company: optional(nameSchema),
    ...passwordPair,
    pin: optional(pinSchema),
    enabled: z.boolean().default(true),
  })
  .refine(passwordsMatch, mismatch);
export type CreateEmployeeRequest = z.input<typeof createEmployeeSchema>;

export const updateEmployeeSchema = z
  .object({
    name: nameSchema.optional(),
    email: accountFields.email,
    phone: accountFields.phone,
    notifiable: z.boolean().optional(),
    company: optional(nameSchema),
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
    pin: optional(pinSchema),
    ...versionShape,
  })
  .refine(passwordsMatch, mismatch);
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeSchema>;

/** The accounts lists (/admins, /employees) on the list kit (issue #22): filters and sort. */
export const ACCOUNT_SORT_COLUMNS = ['name', 'username', 'role', 'createdAt'] as const;
export const accountListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  /** Name, username, e-mail or store, in any case; its total stops counting past SEARCH_COUNT_CAP. */
  search: z.string().trim().max(100).optional(),
  kind: z.enum([ACCOUNT_KIND.STAFF, ACCOUNT_KIND.SCREEN]).optional(),
  company: z.string().trim().max(NAME_MAX).optional(),
  role: z.enum(ACCOUNT_ROLES).optional(),
  enabled: z.enum(['0', '1']).optional(),
  ...sortQuery(ACCOUNT_SORT_COLUMNS, 'name'),
});
export type AccountsFilter = z.output<typeof accountListQuerySchema>;

/** One account as lists and forms show it; never a hash. */
export const adminAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ACCOUNT_ROLES),
  kind: z.enum([ACCOUNT_KIND.STAFF, ACCOUNT_KIND.SCREEN, ACCOUNT_KIND.EMPLOYEE]),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  notifiable: z.boolean(),
  enabled: z.boolean(),
  hasPin: z.boolean(),
  /** A kiosk (`screen` role): the location it is installed at, null when none (it cannot act). */
  kioskPlace: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const accountListSchema = z.object({
  accounts: z.array(adminAccountSchema),
  total: z.number().int(),
  totalIsLowerBound: totalIsLowerBoundSchema,
});
export type AccountList = z.infer<typeof accountListSchema>;

/** PUT /api/admin/profile: own details. */
export const updateProfileSchema = z.object({
  name: nameSchema.optional(),
  email: accountFields.email,
  phone: accountFields.phone,
  notifiable: z.boolean().optional(),
  ...versionShape,
});
/** PUT /api/admin/profile/password: checks the old one (L42). */
export const changePasswordSchema = z
  .object({ oldPassword: z.string().min(1, 'validation.required').max(200), ...passwordPair })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;
/** PUT /api/admin/profile/pin: own PIN, confirmed with the password. */
export const changePinSchema = z.object({
  password: z.string().min(1, 'validation.required').max(200),
  pin: pinSchema,
});

/** The columns the admin log sorts by on the server. */
export const ADMIN_LOG_SORT_COLUMNS = ['createdAt', 'action', 'adminName'] as const;
/** GET /api/admin/logs (SPEC §3 admin log; filters admin, action, date range, location). */
const adminLogFilterShape = {
  adminId: urlIdSchema.optional(),
  action: commaIdsSchema.optional(),
  placeId: urlIdSchema.optional(),
  userId: urlIdSchema.optional(),
  createdAtInterval: dateIntervalSchema.optional(),
  /** Newest first unless sorted (issue #22). */
  ...sortQuery(ADMIN_LOG_SORT_COLUMNS, 'createdAt', 'desc'),
};
export const adminLogListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...adminLogFilterShape,
});
/** GET /api/admin/logs/export: the filtered log as .xlsx or .csv. */
export const adminLogExportQuerySchema = z.object({ ...adminLogFilterShape, ...exportFields });
export type AdminLogExportQuery = z.output<typeof adminLogExportQuerySchema>;
export const adminLogSchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  adminName: z.string(),
  action: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  lockerId: z.number().int().nullable(),
  doorNumber: z.number().int().nullable(),
  placeId: z.number().int().nullable(),
  placeName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: instantSchema,
});
export type AdminLog = z.infer<typeof adminLogSchema>;
export const adminLogListSchema = z.object({ logs: z.array(adminLogSchema), total: z.number().int() });
export type AdminLogList = z.infer<typeof adminLogListSchema>;
export const adminLogFiltersSchema = z.object({
  admins: z.array(namedRefSchema),
  places: z.array(namedRefSchema),
  actions: z.array(z.number().int()),
});
export type AdminLogFilters = z.infer<typeof adminLogFiltersSchema>;
export const ADMIN_LOG_ACTIONS = Object.values(ADMIN_LOG_ACTION);
