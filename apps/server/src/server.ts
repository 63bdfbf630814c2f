import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { bootstrap, firstStartText } from './seed/bootstrap.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const printed = await bootstrap(app.db, config, app.log);
  if (printed.length > 0) {
    // Printed once, on the first start only: the passwords are not stored anywhere in clear.
    console.log(firstStartText(printed));
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
