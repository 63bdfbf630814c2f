import { beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import Fastify from 'fastify';
import { envelopePlugin } from '../../src/plugins/envelope.js';
import { API } from '@cacifo/contract';
import { call, describeEachDb, signIn, apiRequest } from '../helpers/test-app.js';

/**
 * A library's own words never reach a reply (issue #31: an import answered 'Bug : uncompressed
 * data size mismatch'): the error handler answers a code the client translates (pt/en), and the
 * import says a file is unreadable without the parser's text.
 */
const LIBRARY_TEXT = 'Bug : uncompressed data size mismatch';

describe('the error handler', () => {
  it('answers library errors with a bare code, whatever their status', async () => {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    const thrown: Record<string, () => Error> = {
      plain: () => new Error(LIBRARY_TEXT),
      type: () => new TypeError(LIBRARY_TEXT),
      badRequest: () => Object.assign(new Error(LIBRARY_TEXT), { statusCode: 400 }),
      tooLarge: () => Object.assign(new Error(LIBRARY_TEXT), { statusCode: 413, code: 'X' }),
      server: () => Object.assign(new Error(LIBRARY_TEXT), { statusCode: 502 }),
    };
    for (const [name, make] of Object.entries(thrown))
      app.get(`/${name}`, async () => {
        throw make();
      });
    const expected: Record<string, [number, string]> = {
      plain: [500, 'internalError'],
      type: [500, 'internalError'],
      badRequest: [400, 'invalidRequest'],
      tooLarge: [413, 'payloadTooLarge'],
      server: [500, 'internalError'],
    };
    for (const name of Object.keys(thrown)) {
      const res = await app.inject({ method: 'GET', url: `/${name}` });
      expect(res.body, name).not.toContain('uncompressed');
      expect([res.statusCode, res.json()], name).toEqual([
        expected[name]![0],
        { ResultCode: 0, Data: null, Description: expected[name]![1] },
      ]);
    }
    await app.close();
  });
});

/** A well-formed zip of one stored entry (a sheet whose XML the reader cannot parse). */
function zipOf(name: string, content: Buffer): Buffer {
  const n = Buffer.from(name);
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(n.length, 28);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + n.length, 12);
  eocd.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, eocd]);
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----cacifo' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDb('an unreadable import file', (ctx) => {
  let importer: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    importer = await signIn(ctx.app, 'cacifo_importer', { company: 'Loja Texto' });
  });

  it('is answered invalidFile, reason unreadable, without the parser text', async () => {
    const files: Array<[string, Buffer]> = [
      // csv-parse: 'Quote Not Closed: the parsing is finished with an opening quote at line 2'
      ['orders.csv', Buffer.from('Package ID,Telefone\n"PKG1,912345678\n')],
      // the .xlsx reader on a sheet that is not XML
      ['orders.xlsx', zipOf('xl/worksheets/sheet1.xml', Buffer.from('<worksheet><a></b>'))],
      // the legacy .xls reader on a compound-file signature followed by zeros ('Unsupported ZIP encryption')
      ['orders.xls', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)])],
    ];
    for (const [name, content] of files) {
      // A multipart upload: the file is no typed body, so the request is built from the entry by hand.
      const res = await call<unknown>(ctx.app, importer.token, {
        ...apiRequest(API.orders.importPreview, {}),
        ...multipart(name, content),
      });
      expect([res.status, res.body], name).toEqual([
        400,
        { ResultCode: 0, Data: { reason: 'unreadable' }, Description: 'invalidFile' },
      ]);
    }
  });

  it('is answered invalidFile when the multipart body itself is broken, not as a server error', async () => {
    const b = '----cacifo-broken';
    for (const payload of [
      // cut short inside the file part
      `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nPackage ID`,
      'no multipart at all',
    ]) {
      // A broken multipart body on purpose: no typed body, the request built from the entry by hand.
      const res = await call(ctx.app, importer.token, {
        ...apiRequest(API.orders.importPreview, {}),
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      });
      expect([res.status, res.body], payload).toEqual([
        400,
        { ResultCode: 0, Data: { reason: 'unreadable' }, Description: 'invalidFile' },
      ]);
    }
  });
});
