import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** What an SMS gateway receives from Cacifo (docs/deploy.md). */
interface SmsRequest {
  id: number;
  to: string;
  from: string;
  text: string;
  event: string;
  language: string;
  orderId: number | null;
  idempotencyKey: string | undefined;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * A real HTTP SMS gateway on loopback: it records every request and answers what `answer` says
 * (200 by default; a status to refuse, or 'hang' to never answer). While `hold` is set, a request
 * waits for it and is answered with the status it resolves to (a send caught in flight).
 */
export async function startSmsReceiver() {
  const received: SmsRequest[] = [];
  const peer = {
    received,
    answer: 200 as number | 'hang',
    hold: null as Promise<number> | null,
    url: '',
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void bodyOf(req).then(async (body) => {
      const json = JSON.parse(body) as Omit<SmsRequest, 'idempotencyKey'>;
      received.push({ ...json, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const answer = peer.hold ? await peer.hold : peer.answer;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: answer < 300 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  peer.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return peer;
}

/** A real SMTP server (npm smtp-server) on loopback that parses and keeps every mail it accepts. */
export async function startSmtp() {
  const mails: ParsedMail[] = [];
  const peer = { mails, url: '', reject: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      if (peer.reject) {
        const err = new Error('mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://cacifo:secret@127.0.0.1:${port}`;
  peer.close = () => new Promise<void>((r) => server.close(() => r()));
  return peer;
}
