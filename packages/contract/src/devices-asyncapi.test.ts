import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ASYNCAPI_FILE, ASYNCAPI_VERSION } from './devices-asyncapi-file.js';
import { renderDevicesAsyncApi } from './devices-asyncapi.js';

describe('docs/asyncapi.yaml', () => {
  it('is what `npm run docs:devices` makes of the device schemas today', () => {
    const committed = readFileSync(ASYNCAPI_FILE, 'utf8');
    // Out of date: run `npm run docs:devices` and commit docs/asyncapi.yaml.
    expect(committed).toBe(renderDevicesAsyncApi(ASYNCAPI_VERSION));
  });

  it('describes every command, event and retained topic, with its required fields', () => {
    const doc = parse(readFileSync(ASYNCAPI_FILE, 'utf8'));
    expect(doc.asyncapi).toBe('3.0.0');
    expect(Object.keys(doc.channels.event.messages)).toEqual([
      'eventAck',
      'eventCommandResult',
      'eventDoor',
      'eventExteriorDoor',
      'eventTag',
      'eventHeartbeat',
    ]);
    expect(Object.keys(doc.channels.command.messages)).toEqual([
      'commandOpen',
      'commandSnapshot',
      'commandOpenExterior',
    ]);
    expect(doc.components.schemas.eventDoor.required).toEqual([
      'type',
      'boot',
      'seq',
      'door',
      'status',
      'open',
      'at',
    ]);
    expect(doc.components.schemas.snapshot.required).toEqual(['placeId', 'boot', 'seq', 'at', 'doors']);
    expect(doc.components.schemas.eventCommandResult.required).toEqual([
      'type',
      'boot',
      'seq',
      'commandId',
      'outcome',
      'at',
    ]);
    expect(doc.operations.sendSnapshot.bindings.mqtt).toMatchObject({ qos: 1, retain: true });
    expect(doc.operations.receiveConfig.bindings.mqtt).toMatchObject({ retain: true });
  });
});
