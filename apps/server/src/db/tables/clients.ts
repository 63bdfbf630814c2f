import type { Generated } from 'kysely';

/** The organisations the operator serves (issue #31, migration 0190). */
interface ClientsTable {
  id: Generated<number>;
  /** Also the `company` text of its orders, order logs, keys and accounts (ADR 0190). */
  name: string;
  enabled: Generated<number>;
  /** Days a parcel's recipient data is kept after the parcel ends. */
  retention_days: Generated<number>;
  /** 1: clashed in case only with another client when migration 0190 ran; outside the unique index. */
  name_clash: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A location granted to a client: its keys may list it and pre-advise to it. */
interface PlaceGrantsTable {
  client_id: number;
  place_id: number;
  created_at: string;
}

export interface ClientTables {
  clients: ClientsTable;
  place_grants: PlaceGrantsTable;
}

/** Column migration 0191 adds to `orders`, merged into its row type. */
declare module './orders.js' {
  interface OrdersTable {
    /** When the recipient's name, phone and e-mail were anonymised (retention job or erase). */
    recipient_erased_at: string | null;
  }
}
