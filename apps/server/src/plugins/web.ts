import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { kioskContentSecurityPolicy } from './security-headers.js';

/**
 * The segments of a URL path, or null when it does not decode or climbs out (`..`), names a hidden
 * file, or carries a NUL or a backslash: such a path answers 404 and nothing on disk is looked at.
 */
function safeSegments(path: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  const bad = (s: string) => s.startsWith('.') || s.includes('\0') || s.includes('\\');
  return segments.some(bad) ? null : segments;
}

/** The build's file at these segments (relative path), or null when it is missing or a folder. */
function buildFile(root: string, segments: string[]): string | null {
  const full = resolve(root, ...segments);
  if (!full.startsWith(root + sep)) return null;
  try {
    return statSync(full).isFile() ? segments.join('/') : null;
  } catch {
    return null;
  }
}

/** The last segment has an extension: a file, never an app route (issue #20). */
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.split('/').pop() ?? '');

/**
 * Serves the built web app on the same port as the API, with the SPA fallback: an extension-less
 * GET that is not an API path answers index.html, so deep links like /orders/details/7 load the
 * app. A path with an extension is a file of the build or a plain 404, so a reply never tells
 * which files exist elsewhere on the machine.
 */
export const webPlugin = fp<{ root: string }>(async (app, opts) => {
  const root = resolve(opts.root);
  const hasBuild = existsSync(`${root}/index.html`);
  const sendAsset = (reply: FastifyReply, file: string) =>
    // Hashed assets never change; everything else is revalidated.
    reply
      .header(
        'cache-control',
        file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .sendFile(file);
  if (hasBuild) {
    // serve: false: files are sent by the routes below, which carry a permission like every route.
    // preCompressed: the web build writes .br and .gz beside each text file (apps/web vite.config),
    // sent as they are to a browser that accepts them; the JavaScript of Home is a third on the wire.
    // cacheControl: false: the routes set it (send's own `public, max-age=0` replaced ours).
    await app.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      cacheControl: false,
    });
  }
  const apiPrefixes = ['/api/', '/oauth/', '/ws/'];
  app.route({
    method: 'GET',
    url: '/*',
    config: { permission: 'public' },
    handler: async (req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      if (apiPrefixes.some((p) => path.startsWith(p))) {
        return reply.status(404).send({ ResultCode: 0, Data: null, Description: 'routeNotFound' });
      }
      if (!hasBuild) {
        return reply
          .type('text/html')
          .send(
            '<!doctype html><title>Cacifo</title><p>Cacifo API is running. Build the web app with <code>npm run build</code>.</p>',
          );
      }
      const notFound = () =>
        reply.status(404).send({ ResultCode: 0, Data: null, Description: 'routeNotFound' });
      const segments = safeSegments(path);
      if (!segments) return notFound();
      if (looksLikeFile(path)) {
        const file = buildFile(root, segments);
        return file ? sendAsset(reply, file) : notFound();
      }
      // The kiosk's document may reach its wall's controller when the server is gone (ADR 0160).
      if (segments[0] === 'kiosk') reply.header('content-security-policy', kioskContentSecurityPolicy);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  });
  app.route({
    method: 'GET',
    url: '/',
    config: { permission: 'public' },
    handler: async (_req, reply) =>
      hasBuild
        ? reply.header('cache-control', 'no-cache').sendFile('index.html')
        : reply.type('text/html').send('<!doctype html><title>Cacifo</title><p>Cacifo API is running.</p>'),
  });
});
