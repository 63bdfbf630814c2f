/** `npm run docs:devices`: writes docs/asyncapi.yaml from the device schemas (see src/devices-asyncapi.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ASYNCAPI_FILE, ASYNCAPI_VERSION } from '../src/devices-asyncapi-file.js';
import { renderDevicesAsyncApi } from '../src/devices-asyncapi.js';

const out = fileURLToPath(ASYNCAPI_FILE);
writeFileSync(out, renderDevicesAsyncApi(ASYNCAPI_VERSION));
console.log(`wrote ${out}`);
