import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageChannel, MessageEvent } from '@cacifo/contract';
import type { Config } from '../../config.js';
import { inlineQr } from './mail-qr.js';
import { htmlOf } from './templates.js';

/** One message as a provider sends it. */
interface OutgoingMessage {
  id: number;
  channel: MessageChannel;
  event: MessageEvent;
  recipient: string;
  language: string;
  subject: string | null;
  body: string;
  orderId: number | null;
}

/**
 * Why a send failed. `permanent`: retrying cannot help (the provider refused this message: a bad
 * number, a rejected address); otherwise the sender retries with backoff.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MessageProvider {
  readonly channel: MessageChannel;
  send(m: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * SMS through an HTTP gateway (SMS_WEBHOOK_URL): one POST of JSON per message (docs/deploy.md).
 * 2xx is sent; 408, 429 and 5xx are retried; any other status refuses this message for good.
 */
class SmsWebhookProvider implements MessageProvider {
  readonly channel = 'sms' as const;
  constructor(
    private readonly url: string,
    private readonly sender: () => Promise<string>,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `cacifo-message-${m.id}` },
        body: JSON.stringify({
          id: m.id,
          to: m.recipient,
          from: await this.sender(),
          text: m.body,
          event: m.event,
          language: m.language,
          orderId: m.orderId,
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (err) {
      throw new SendError(`SMS gateway unreachable: ${(err as Error).message}`, false);
    }
    const answer = (await res.text().catch(() => '')).slice(0, 200);
    if (res.ok) return;
    const retry = res.status === 408 || res.status === 429 || res.status >= 500;
    throw new SendError(`SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`, !retry);
  }
}

/** E-mail through SMTP (SMTP_URL, MAIL_FROM), with a plain-text and an HTML part. */
class SmtpProvider implements MessageProvider {
  readonly channel = 'email' as const;
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS * 2,
    });
  }

  async send(m: OutgoingMessage): Promise<void> {
    const qr = inlineQr(m);
    const html = htmlOf(m.body, m.subject);
    try {
      await this.transport.sendMail({
        from: this.from,
        to: m.recipient,
        subject: m.subject ?? '',
        text: m.body,
        html: qr ? html.replace('</body>', `${qr.html}</body>`) : html,
        ...(qr ? { attachments: [qr.attachment] } : {}),
        headers: { 'X-Cacifo-Message-Id': String(m.id) },
      });
    } catch (err) {
      const e = err as { responseCode?: number; message: string };
      // SMTP 5xx refuses this message (unknown mailbox, policy); 4xx and network errors may pass later.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
      throw new SendError(`SMTP: ${e.message}`.slice(0, 300), permanent);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** The providers this deployment has, by channel; a channel without one sends nothing. */
export function providersFrom(
  config: Config['messaging'],
  smsSender: () => Promise<string>,
): Partial<Record<MessageChannel, MessageProvider>> {
  return {
    ...(config.smsWebhookUrl ? { sms: new SmsWebhookProvider(config.smsWebhookUrl, smsSender) } : {}),
    ...(config.smtpUrl ? { email: new SmtpProvider(config.smtpUrl, config.mailFrom) } : {}),
  };
}
