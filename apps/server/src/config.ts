import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { ALL_MODULES, type Module } from '@cacifo/contract';

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
      message: 'must be one of 1, 0, true, false, yes, no, on, off',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyEntryValid(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For is believed. Unset (or 0): nobody's, the peer's own address is
 * the caller's. A number: that many proxy hops in front (each hop's header, from the nearest). Else a
 * comma-separated list of proxy addresses, CIDRs or loopback/linklocal/uniquelocal.
 */
const trustProxy = optionalText.transform((v, ctx): false | number | string[] => {
  if (v === undefined) return false;
  if (/^\d{1,2}$/.test(v.trim())) return Number(v) === 0 ? false : Number(v);
  const entries = v.split(',').map((x) => x.trim());
  const bad = entries.filter((x) => !proxyEntryValid(x));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be a hop count, or a list of addresses, CIDRs or ${PROXY_RANGE_NAMES.join('/')}; not ${bad.join(', ')}`,
  });
  return z.NEVER;
});

/**
 * Every setting Cacifo reads from the environment, validated once at start (README lists them).
 * A bad value stops the server with a message naming the variable, never a half-configured start.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must start with postgres:// or postgresql://',
  }),
  /** PostgreSQL connections per instance; with the database on the same few cores, fewer is faster. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{3,50}$/, 'must be 3-50 letters, digits or . _ @ -')
    .default('admin'),
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 4 && v.length <= 32), {
    message: 'must be 4 to 32 characters',
  }),
  DEMO_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 4 && v.length <= 32), {
    message: 'must be 4 to 32 characters',
  }),
  OAUTH_CLIENT_ID: z.string().min(1).default('cacifo-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('cacifo-web-secret'),
  MODULES: z
    .string()
    .default(ALL_MODULES.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(ALL_MODULES, { message: `each module must be one of ${ALL_MODULES.join(', ')}` }))
        .min(1),
    ),
  SEED_DEMO: bool(true),
  MQTT_URL: optionalText.refine((v) => v === undefined || /^mqtts?:\/\/|^wss?:\/\//.test(v), {
    message: 'must start with mqtt://, mqtts://, ws:// or wss://',
  }),
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,50}$/, 'must be 1-50 letters, digits, _ or -')
    .default('cacifo'),
  /** Set: instances share the controllers' traffic through this MQTT shared-subscription group (ADR 0141). */
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,50}$/, 'must be 1-50 letters, digits, _ or -')
    .optional(),
  /** Seconds of silence after which a controller is offline (its doors 255); it is asked to beat every third. */
  DEVICE_OFFLINE_AFTER_S: z.coerce.number().int().min(3).max(3600).default(15),
  /** Seconds between rebuilds of every wall's credential set (changes are pushed at once anyway). */
  WALL_CREDENTIALS_SWEEP_S: z.coerce.number().int().min(10).max(86_400).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(30 * 86_400),
  SCANNER: z.enum(['none', 'barcode', 'qrcode', 'both']).default('both'),
  SCANNER_VERSION: z
    .enum(['1', '2'], { message: 'must be 1 or 2' })
    .default('2')
    .transform((v) => (v === '1' ? 1 : 2)),
  MONITORING_LINK: bool(true),
  ASSET_WARNINGS: bool(true),
  /** Benchmark hooks (`npm run bench` only): a constant route and door-event probes. Never in production. */
  BENCH_BARE_ROUTE: bool(false),
  /** Tests only: every reply is checked against its endpoint's contract (lib/reply-contract.ts). */
  CONTRACT_CHECKS: bool(false),
  SIMULATOR_OPEN_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  SIMULATOR_AUTO_CLOSE_MS: z
    .string()
    .regex(/^(never|\d{1,7})$/, 'must be a number of milliseconds or never')
    .default('5000')
    .transform((v) => (v === 'never' ? null : Number(v))),
  /** SMS provider: each SMS is POSTed here as JSON (docs/deploy.md); unset, SMS are not sent. */
  SMS_WEBHOOK_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: 'must start with http:// or https://',
  }),
  /** E-mail: smtp://user:pass@host:port (smtps:// for TLS from the start); unset, e-mails are not sent. */
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: optionalText.refine(
    (v) => v === undefined || /^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(v),
    {
      message: 'must be an e-mail address, or "Name <address>"',
    },
  ),
  /** Address of the web app as recipients reach it (QR links in messages). */
  PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: 'must start with http:// or https://',
  }),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  WEB_DIST: optionalText,
  TRUST_PROXY: trustProxy,
  /** Requests per minute each partner API key may make (issue #24). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Webhooks may reach private, loopback and link-local addresses, over http too (development, tests). */
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(5000),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  adminUsername: string;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  oauthClientId: string;
  oauthClientSecret: string;
  modules: Module[];
  seedDemo: boolean;
  mqttUrl: string | undefined;
  mqttTopicPrefix: string;
  mqttSharedGroup: string | undefined;
  /** DEVICE_OFFLINE_AFTER_S in milliseconds: the drivers' offline threshold (docs/devices.md). */
  deviceOfflineAfterMs: number;
  /** WALL_CREDENTIALS_SWEEP_S in milliseconds (docs/devices.md, "Credentials"). */
  wallCredentialsSweepMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  features: {
    scanner: 'none' | 'barcode' | 'qrcode' | 'both';
    monitoringLink: boolean;
    assetWarnings: boolean;
    /** SPEC §4/§5: version 2 checks the SGPT/PRT/PT prefixes and still opens delivered orders. */
    scannerVersion: 1 | 2;
  };
  recaptcha: { siteKey: string | undefined; secret: string | undefined; verifyUrl: string };
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDist: string | undefined;
  /** TRUST_PROXY: false (nobody), a hop count, or proxy addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  /** The in-process simulator's door timing (ignored with MQTT_URL). */
  simulator: { openLatencyMs: number; autoCloseMs: number | null };
  /** BENCH_BARE_ROUTE: registers modules/bench (benchmarks only). */
  benchRoutes: boolean;
  /** CONTRACT_CHECKS: a reply that breaks its endpoint's contract becomes a 500 (tests and e2e). */
  contractChecks: boolean;
  /** API_KEY_RATE_LIMIT: requests per minute per partner API key. */
  apiKeyRateLimit: number;
  /** Partner webhooks' delivery (WEBHOOK_*): SSRF switch, timeout, polling, first retry delay. */
  webhooks: { allowPrivate: boolean; timeoutMs: number; pollMs: number; retryBaseMs: number };
  /** Recipient messages (issue #25): the providers; an unset one leaves its channel "not sent". */
  messaging: {
    smsWebhookUrl: string | undefined;
    smtpUrl: string | undefined;
    mailFrom: string;
    /** Base of links in messages (the pickup QR). */
    publicUrl: string;
  };
}

export class ConfigError extends Error {}

/** `base` anchors relative paths: npm runs workspace scripts in the workspace, INIT_CWD is where the user typed. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  base = env.INIT_CWD ?? process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    oauthClientId: e.OAUTH_CLIENT_ID,
    oauthClientSecret: e.OAUTH_CLIENT_SECRET,
    modules: [...new Set(e.MODULES)],
    seedDemo: e.SEED_DEMO,
    benchRoutes: e.BENCH_BARE_ROUTE,
    contractChecks: e.CONTRACT_CHECKS,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    },
    mqttUrl: e.MQTT_URL,
    mqttTopicPrefix: e.MQTT_TOPIC_PREFIX,
    mqttSharedGroup: e.MQTT_SHARED_GROUP,
    deviceOfflineAfterMs: e.DEVICE_OFFLINE_AFTER_S * 1000,
    wallCredentialsSweepMs: e.WALL_CREDENTIALS_SWEEP_S * 1000,
    logLevel: e.LOG_LEVEL,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    features: {
      scanner: e.SCANNER,
      monitoringLink: e.MONITORING_LINK,
      assetWarnings: e.ASSET_WARNINGS,
      scannerVersion: e.SCANNER_VERSION,
    },
    recaptcha: {
      siteKey: e.RECAPTCHA_SITE_KEY,
      secret: e.RECAPTCHA_SECRET,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? (isAbsolute(e.WEB_DIST) ? e.WEB_DIST : resolve(base, e.WEB_DIST)) : undefined,
    simulator: { openLatencyMs: e.SIMULATOR_OPEN_LATENCY_MS, autoCloseMs: e.SIMULATOR_AUTO_CLOSE_MS },
    messaging: {
      smsWebhookUrl: e.SMS_WEBHOOK_URL,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? 'Cacifo <no-reply@cacifo.local>',
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
  };
}
