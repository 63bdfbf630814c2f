import type { Generated } from 'kysely';

/** The message outbox (migration 0050): every SMS and e-mail, written with the change it tells of. */
export interface MessagesTable {
  id: Generated<number>;
  order_id: number | null;
  event: string;
  channel: string;
  recipient: string;
  language: string;
  subject: string | null;
  body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  error: string | null;
  dedupe_key: string | null;
  code: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

export interface MessageTemplatesTable {
  event: string;
  channel: string;
  language: string;
  subject: string | null;
  body: string;
  updated_at: string;
}

export interface PickupRulesTable {
  location_type: string;
  pickup_hours: number;
  reminder_hours: string;
  last_day_hours: number;
  updated_at: string;
}

/** Columns migration 0050 adds to `orders`, merged into its row type. */
declare module './orders.js' {
  interface OrdersTable {
    recipient_language: string | null;
    expires_at: string | null;
    next_notice_at: string | null;
    return_code: string | null;
  }
}

export interface NotificationTables {
  messages: MessagesTable;
  message_templates: MessageTemplatesTable;
  pickup_rules: PickupRulesTable;
}
