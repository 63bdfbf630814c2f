import { createServer } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { call, createAccount, describeEachDb, TEST_CLIENT } from './helpers/test-app.js';

// A stand-in for the reCAPTCHA service: the token 'human' passes, anything else fails.
const seen: string[] = [];
const fake = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const form = new URLSearchParams(body);
    seen.push(`${form.get('secret')}:${form.get('response')}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ success: form.get('response') === 'human' }));
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const port = (fake.address() as { port: number }).port;
afterAll(() => fake.close());

describeEachDb(
  'reCAPTCHA on login',
  (ctx) => {
    const grant = (username: string, password: string, recaptcha?: string) =>
      call(ctx.app, null, {
        method: 'POST',
        url: '/oauth/v2/token',
        payload: {
          grant_type: 'password',
          username,
          password,
          ...TEST_CLIENT,
          ...(recaptcha ? { recaptcha } : {}),
        },
      });

    it('lets a login through only with a token the service accepts', async () => {
      const a = await createAccount(ctx.app, 'admin');
      const missing = await grant(a.username, a.password);
      expect(missing.status).toBe(400);
      expect(missing.body.Description).toBe('recaptchaFailed');
      const bot = await grant(a.username, a.password, 'robot');
      expect(bot.body.Description).toBe('recaptchaFailed');
      const ok = await grant(a.username, a.password, 'human');
      expect(ok.status).toBe(200);
      expect(seen).toContain('captcha-secret:human');
    });
  },
  {
    env: {
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'captcha-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
    },
  },
);
