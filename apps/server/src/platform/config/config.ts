import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_UPLOAD_MAX_MB } from '@embauche/contracts/constants';
import { parseAllowHosts } from '../http/guarded-fetch.ts';
import { parseStorageUrl, type StorageLocation } from '../storage/storage-url.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Public origin of the app, e.g. https://ats.example.com; state-changing requests must come from
   * it (without it, development compares with the request's Host). Required in production.
   */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** `postgres://…` for PostgreSQL; unset means a SQLite file in DATA_DIR. `sqlite::memory:` for tests. */
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^(postgres(ql)?:\/\/|sqlite:)/.test(v),
      'must start with postgres:// or sqlite:',
    )
    .optional(),
  /**
   * Where files live (docs/storage.md): `file:///folder` or `s3://bucket/prefix?endpoint=…`; unset:
   * DATA_DIR/uploads.
   */
  STORAGE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseStorageUrl(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must start with redis://')
    .optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp://')
    .optional(),
  /** Sender of the product's e-mails. */
  MAIL_FROM: z.string().min(3).default('Embauche <no-reply@embauche.local>'),
  /** An OpenAI-compatible API for AI summaries; unset means the built-in offline summariser. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Run the background job worker inside the server process (default); false when `npm run worker` runs it. */
  WORKER_IN_PROCESS: bool.optional(),
  JOB_RETENTION_DAYS: z.coerce.number().positive().default(14),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `true`/`false`, or a comma-separated list of the proxies' addresses or CIDR ranges (Fastify's
   * `trustProxy`; its hop count trusts nothing since Fastify 5.x, so none is offered).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | string => {
      const t = v.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(t)) return true;
      if (['false', '0', 'no'].includes(t)) return false;
      const list = t.split(',').map((x) => x.trim());
      const address = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/;
      const named = ['loopback', 'linklocal', 'uniquelocal'];
      if (list.every((x) => address.test(x) || named.includes(x))) return list.join(',');
      ctx.addIssue({
        code: 'custom',
        message: 'true, false, or the proxies addresses or CIDR ranges (comma-separated)',
      });
      return z.NEVER;
    }),
  /** Run pending migrations when a server or worker starts (false: `npm run db:migrate` only). */
  MIGRATE_ON_START: bool.default(true),
  /** Signs the Mercure subscription tokens; required in production. */
  MERCURE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The live hub (DESIGN section 4, docs/live-hub.md); names as the reference hub's. */
  MERCURE_SUBSCRIBER_JWT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MERCURE_PUBLISHER_JWT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MERCURE_SUBSCRIBER_JWT_ALG: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  MERCURE_PUBLISHER_JWT_ALG: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  MERCURE_JWT_ISSUER: z.string().min(1).optional(),
  MERCURE_JWT_AUDIENCE: z.string().min(1).optional(),
  MERCURE_ANONYMOUS: bool.default(true),
  MERCURE_HEARTBEAT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  MERCURE_HISTORY_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  MERCURE_MAX_CONNECTION_SECONDS: z.coerce.number().int().min(0).default(3600),
  /** Lifetime of the subscription tokens /api/me and /api/hub-token hand out (renewed by the web app). */
  MERCURE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MERCURE_COOKIE_NAME: z
    .string()
    .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'must be a cookie name')
    .default('mercureAuthorization'),
  MERCURE_REDIS_PREFIX: z.string().min(1).default('embauche:mercure:'),
  /** An external Mercure hub to publish the product's updates to, instead of the built-in one. */
  MERCURE_PUBLISH_URL: z.url().optional(),
  MERCURE_PUBLISH_JWT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_MAX_ATTEMPTS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Wrong second-factor codes per pending sign-in (then it is void) and per account per window. */
  TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE: z.coerce.number().int().min(1).default(5),
  TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  TWO_FACTOR_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Key prefix of the attempt counters in Redis (when REDIS_URL is set). */
  ATTEMPTS_REDIS_PREFIX: z.string().min(1).default('embauche:attempts:'),
  /** Unknown or expired tokens one address may try on the public token pages per window. */
  PUBLIC_TOKEN_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  PUBLIC_TOKEN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(DEFAULT_UPLOAD_MAX_MB),
  CAREER_SITE_URL: z.string().default('/careers/{slug}'),
  /** Public career-site pages one client address may open per minute (docs/career-site.md). */
  CAREER_SITE_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Seed the demo companies when the database is empty (never in production unless forced). */
  SEED_DEMO: bool.optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** SMS (docs/sms.md): `outbox` keeps messages in the database (default), `twilio` sends them. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  /** Country of phone numbers written without an international prefix (ISO 3166 alpha-2). */
  SMS_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .default('FR'),
  /** Text messages a company may send per calendar day unless its SMS settings say otherwise. */
  SMS_DAILY_CAP: z.coerce.number().int().min(1).default(1000),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: an E.164 number or a messaging service SID (`MG…`). */
  TWILIO_FROM: z.string().min(1).optional(),
  /**
   * Encrypts secrets stored in the database (SSO client secrets, job-board credentials), 32+
   * characters; unset: a random key kept in DATA_DIR/encryption.key (docs/security.md "Secrets at
   * rest").
   */
  ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Accept http:// OpenID issuers in the SSO settings (local providers, tests); https otherwise. */
  SSO_ALLOW_HTTP_ISSUER: bool.default(false),
  /**
   * `host` or `host:port` entries, comma-separated, that server-side requests to typed URLs (SSO
   * issuers…) may reach although they resolve to private or loopback addresses (local providers,
   * tests). Empty by default: platform/http/guarded-fetch.ts.
   */
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string;
  /** Where files live: a folder of the disk (DATA_DIR/uploads by default) or a bucket. */
  storage: StorageLocation;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
  workerInProcess: boolean;
  /** Days finished background jobs are kept before the worker deletes them. */
  jobRetentionDays: number;
  logLevel: string;
  /** Fastify's `trustProxy`: every proxy, none, or those at these addresses. */
  trustProxy: boolean | string;
  migrateOnStart: boolean;
  /** Signs the subscription tokens of /api/me: the hub's subscriber key. */
  mercureJwtSecret: string;
  mercure: MercureConfig;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  login: { maxPerEmail: number; maxPerIp: number; windowMinutes: number };
  /** Wrong second-factor codes per pending sign-in and per account in the window. */
  twoFactor: { maxPerChallenge: number; maxPerAccount: number; windowMinutes: number };
  /** Where attempt counters live in Redis, when `redisUrl` is set (else the database). */
  attemptsRedisPrefix: string;
  /** Misses (unknown or expired tokens) per client address on the public token pages. */
  publicToken: { maxPerIp: number; windowMinutes: number };
  uploadMaxBytes: number;
  uploadMaxMb: number;
  careerSiteUrl: string;
  careerSiteViewsPerMinute: number;
  seedDemo: boolean;
  webDistDir: string;
  sms: SmsConfig;
  /** ENCRYPTION_KEY; unset, platform/crypto/secret-box.ts keeps a key in DATA_DIR. */
  encryptionKey: string | undefined;
  sso: { allowHttpIssuer: boolean };
  /** Hosts the guarded fetcher reaches even on private addresses (lowercase `host[:port]`). */
  outbound: { allowHosts: string[] };
};

/** SMS provider settings (docs/sms.md). */
export type SmsConfig = {
  provider: 'outbox' | 'twilio';
  defaultCountry: string;
  /** Messages per company and calendar day, unless the company set its own cap (issue 33). */
  dailyCap: number;
  twilio: { baseUrl: string; accountSid: string; authToken: string; from: string } | undefined;
};

/** The live hub's settings (docs/live-hub.md). */
export type MercureConfig = {
  subscriberKey: string;
  subscriberAlg: 'HS256' | 'HS384' | 'HS512';
  publisherKey: string;
  publisherAlg: 'HS256' | 'HS384' | 'HS512';
  /** Trusted `iss` of RFC 9068 access tokens; unset: PUBLIC_URL, else the request's origin. */
  issuers: string[] | undefined;
  /** The hub's resource identifier (`aud`); unset: PUBLIC_URL, else the request's origin, + the hub path. */
  audience: string | undefined;
  anonymous: boolean;
  heartbeatSeconds: number;
  historySize: number;
  maxConnectionSeconds: number;
  /** How long a subscription token handed to the web app is valid. */
  tokenTtlSeconds: number;
  cookieName: string;
  redisPrefix: string;
  publishUrl: string | undefined;
  publishKey: string | undefined;
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset, as in most deployment tools.
  const set = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ZEnv.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.MERCURE_JWT_SECRET && !e.MERCURE_SUBSCRIBER_JWT_KEY) {
    throw new ConfigError('Invalid configuration:\n  MERCURE_JWT_SECRET: required in production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production');
  }
  // Several instances (shared Redis or bucket) must share the key; a key file in each DATA_DIR
  // would let no instance open what another encrypted.
  const shared = e.REDIS_URL !== undefined || e.STORAGE_URL?.startsWith('s3:');
  if (e.NODE_ENV === 'production' && shared && !e.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production with REDIS_URL or an s3:// STORAGE_URL (every instance needs the same key)',
    );
  }
  if (
    e.SMS_PROVIDER === 'twilio' &&
    (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required with SMS_PROVIDER=twilio',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Outside production a per-process secret is fine: /api/me hands out a fresh token anyway.
  const subscriberKey = e.MERCURE_SUBSCRIBER_JWT_KEY ?? e.MERCURE_JWT_SECRET ?? randomSecret();
  const publisherKey = e.MERCURE_PUBLISHER_JWT_KEY ?? randomSecret();
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'embauche.sqlite')}`,
    storage: e.STORAGE_URL
      ? parseStorageUrl(e.STORAGE_URL)
      : { kind: 'disk', root: path.join(dataDir, 'uploads') },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL },
    workerInProcess: e.WORKER_IN_PROCESS ?? true,
    jobRetentionDays: e.JOB_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    migrateOnStart: e.MIGRATE_ON_START,
    mercureJwtSecret: subscriberKey,
    mercure: {
      subscriberKey,
      subscriberAlg: e.MERCURE_SUBSCRIBER_JWT_ALG,
      // Unset: a per-process key, so nobody outside publishes until one is configured.
      publisherKey,
      publisherAlg: e.MERCURE_PUBLISHER_JWT_ALG,
      issuers: e.MERCURE_JWT_ISSUER?.split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      audience: e.MERCURE_JWT_AUDIENCE,
      anonymous: e.MERCURE_ANONYMOUS,
      heartbeatSeconds: e.MERCURE_HEARTBEAT_SECONDS,
      historySize: e.MERCURE_HISTORY_SIZE,
      maxConnectionSeconds: e.MERCURE_MAX_CONNECTION_SECONDS,
      tokenTtlSeconds: e.MERCURE_TOKEN_TTL_SECONDS,
      cookieName: e.MERCURE_COOKIE_NAME,
      redisPrefix: e.MERCURE_REDIS_PREFIX,
      publishUrl: e.MERCURE_PUBLISH_URL,
      publishKey: e.MERCURE_PUBLISH_JWT_KEY ?? e.MERCURE_PUBLISHER_JWT_KEY,
    },
    sessionIdleMinutes: e.SESSION_IDLE_TIMEOUT_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_TIMEOUT_HOURS,
    login: {
      maxPerEmail: e.LOGIN_MAX_ATTEMPTS_PER_EMAIL,
      maxPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowMinutes: e.LOGIN_ATTEMPT_WINDOW_MINUTES,
    },
    twoFactor: {
      maxPerChallenge: e.TWO_FACTOR_MAX_ATTEMPTS_PER_CHALLENGE,
      maxPerAccount: e.TWO_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT,
      windowMinutes: e.TWO_FACTOR_ATTEMPT_WINDOW_MINUTES,
    },
    attemptsRedisPrefix: e.ATTEMPTS_REDIS_PREFIX,
    publicToken: {
      maxPerIp: e.PUBLIC_TOKEN_MAX_PER_IP,
      windowMinutes: e.PUBLIC_TOKEN_WINDOW_MINUTES,
    },
    uploadMaxMb: e.UPLOAD_MAX_MB,
    // The spec's 4 MB is 4204789.76 bytes: 1.0025 MiB per announced megabyte.
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1048576 * 1.0025),
    careerSiteUrl: e.CAREER_SITE_URL,
    careerSiteViewsPerMinute: e.CAREER_SITE_VIEWS_PER_MINUTE,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot(), '../web/dist')),
    sms: {
      provider: e.SMS_PROVIDER,
      defaultCountry: e.SMS_DEFAULT_COUNTRY,
      dailyCap: e.SMS_DAILY_CAP,
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              baseUrl: e.TWILIO_BASE_URL.replace(/\/$/, ''),
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
            }
          : undefined,
    },
    encryptionKey: e.ENCRYPTION_KEY,
    sso: { allowHttpIssuer: e.SSO_ALLOW_HTTP_ISSUER },
    outbound: { allowHosts: parseAllowHosts(e.OUTBOUND_ALLOW_HOSTS) },
  };
}

/** The server package folder, from src/ (tsx) or dist/ (bundle) alike. */
function serverRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  return dir;
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/**
 * Every environment variable the server's config reads, with its validation and default; each is
 * documented once in docs/configuration.md (test/config-docs.test.ts checks that they agree).
 */
export const configEnvSchema = ZEnv;
