import type { Kysely } from 'kysely';

/**
 * Every partner API key belongs to a client (issue #31, ADR 0100). A key made without a company
 * reached every client's orders; now each such key gets a client of its own, named after the key
 * (with ` (API #<id>)` when that name is already a company somewhere, so it never joins a store or
 * another carrier by accident), and the orders it created move into that client. It then sees
 * exactly what it made itself. No row is deleted.
 *
 * The webhook outbox is brought under the same rule: an undelivered order event (pending or
 * failed) for an endpoint whose key is not of the order's client is withheld (failed, with the
 * marker below, and the redeliver route refuses it), and an undelivered body for a key without
 * `orders:read` loses the recipient's name, phone and e-mail. Delivered rows stay as they were
 * sent: the partner has them already.
 */
export const WITHHELD_BY_0100 = "withheld: outside the key's client (migration 0100)";

const RECIPIENT_FIELDS = ['recipientName', 'recipientPhone', 'recipientEmail'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const keys = (await db
    .selectFrom('api_keys')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('company', 'is', null), eb('company', '=', '')]))
    .orderBy('id')
    .execute()) as { id: number; name: string }[];
  if (keys.length > 0) await giveEachKeyAClient(db, keys);
  await scopeUndeliveredEvents(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function giveEachKeyAClient(db: Kysely<any>, keys: { id: number; name: string }[]) {
  const taken = new Set<string>();
  for (const table of ['admins', 'orders', 'api_keys']) {
    const rows = (await db
      .selectFrom(table)
      .select('company')
      .distinct()
      .where('company', 'is not', null)
      .execute()) as { company: string }[];
    for (const r of rows) taken.add(r.company);
  }
  for (const key of keys) {
    const base = key.name.trim() || `API #${key.id}`;
    let client = taken.has(base) ? `${base} (API #${key.id})` : base;
    for (let n = 2; taken.has(client); n++) client = `${base} (API #${key.id}-${n})`;
    taken.add(client);
    await db.updateTable('api_keys').set({ company: client }).where('id', '=', key.id).execute();
    // The key's own pre-advised orders go with it; the order_counts triggers move their counts.
    await db
      .updateTable('orders')
      .set({ company: client })
      .where('api_key_id', '=', key.id)
      .where((eb) => eb.or([eb('company', 'is', null), eb('company', '=', '')]))
      .execute();
    console.warn(`migration 0100: API key ${key.id} "${key.name}" now belongs to the client "${client}"`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function scopeUndeliveredEvents(db: Kysely<any>) {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .innerJoin('api_keys as k', 'k.id', 'e.api_key_id')
      .select(['d.id', 'd.payload', 'd.sequence_key', 'k.company', 'k.scopes'])
      .where('d.status', '<>', 'delivered')
      .where('d.sequence_key', 'like', 'order:%')
      .where('d.id', '>', after)
      .orderBy('d.id')
      .limit(500)
      .execute()) as { id: number; payload: string; sequence_key: string; company: string; scopes: string }[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.id);
    const orderIds = [...new Set(rows.map((r) => Number(r.sequence_key.slice('order:'.length))))];
    const orders = (await db
      .selectFrom('orders')
      .select(['id', 'company'])
      .where('id', 'in', orderIds)
      .execute()) as { id: number; company: string | null }[];
    const clientOf = new Map(orders.map((o) => [Number(o.id), o.company]));
    for (const r of rows) {
      const orderClient = clientOf.get(Number(r.sequence_key.slice('order:'.length)));
      if (orderClient === undefined || orderClient === null || orderClient !== r.company) {
        await db
          .updateTable('webhook_deliveries')
          .set({
            status: 'failed',
            error: WITHHELD_BY_0100,
            next_attempt_at: null,
            lock_owner: null,
            locked_until: null,
          })
          .where('id', '=', r.id)
          .execute();
        continue;
      }
      if ((JSON.parse(r.scopes) as string[]).includes('orders:read')) continue;
      const body = JSON.parse(r.payload) as { data?: { order?: Record<string, unknown> } };
      const order = body.data?.order;
      if (!order || !RECIPIENT_FIELDS.some((f) => f in order)) continue;
      for (const f of RECIPIENT_FIELDS) delete order[f];
      await db
        .updateTable('webhook_deliveries')
        .set({ payload: JSON.stringify(body) })
        .where('id', '=', r.id)
        .execute();
    }
  }
}

/** Nothing to undo: the keys keep their clients (a key reaching every client is not restored). */
export async function down(): Promise<void> {}
