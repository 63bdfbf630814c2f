import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';

/**
 * Query parameters whose value is a credential: tokens, codes, PINs, passwords, keys, secrets,
 * signatures (issue #31). Their value never reaches the log, whoever sends them in a URL.
 */
const SECRET_PARAM = /token|code|pin|pass|secret|key|sig|auth|otp|ticket/i;
export const REDACTED = '[redacted]';

/** The URL with the value of every credential-like query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is judged as written.
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger: pino at the configured level; each request logged with its URL redacted,
 * and credentials in any logged object (headers, bodies) censored by path.
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.pin',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.secret',
      ],
      censor: REDACTED,
    },
  };
}
