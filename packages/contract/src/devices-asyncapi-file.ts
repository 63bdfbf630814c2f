/** Where docs/asyncapi.yaml lives and the protocol version it states (bump it when devices.ts changes meaning). */
export const ASYNCAPI_FILE = new URL('../../../docs/asyncapi.yaml', import.meta.url);
export const ASYNCAPI_VERSION = '2.0.0';
