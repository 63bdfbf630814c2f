import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app on the same port as the API, with the SPA fallback: any GET that is not
 * an API path and not a file answers index.html, so deep links like /orders/details/7 load the app.
 */
export const webPlugin = fp<{ root: string }>(async (app, opts) => {
  const hasBuild = existsSync(`${opts.root}/index.html`);
  if (hasBuild) {
    // serve: false: files are sent by the routes below, which carry a permission like every route.
    // preCompressed: the web build writes .br and .gz beside each text file (apps/web vite.config),
    // sent as they are to a browser that accepts them; the JavaScript of Home is a third on the wire.
    // cacheControl: false: the routes set it (send's own `public, max-age=0` replaced ours).
    await app.register(fastifyStatic, {
      root: opts.root,
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
      const file = path.slice(1);
      if (file && /\.[a-z0-9]+$/i.test(file) && existsSync(`${opts.root}/${file}`)) {
        // Hashed assets never change; everything else is revalidated.
        reply.header(
          'cache-control',
          file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return reply.sendFile(file);
      }
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
