import {
  SelectQueryNode,
  type CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

/*
 * SQLite with a reading connection beside the writing one. Kysely's own SQLite driver has one
 * connection behind a lock: a transaction that awaits between its statements (the order import
 * writes 5,000 rows in batches and reports its progress between them) kept every other request
 * waiting, even a sign-in check or the import's own progress poll. In WAL mode a second connection
 * reads the last committed state while the writer works, as a PostgreSQL read would: a SELECT
 * outside a transaction goes there at once; everything else (writes, raw SQL, a transaction and
 * every statement in it) takes the writer's lock as before.
 */

/** Lock for the writing connection: one transaction or write at a time, in the order asked. */
class WriterLock {
  private held: Promise<void> | null = null;
  private release: (() => void) | null = null;

  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = null;
    this.release = null;
    release?.();
  }
}

/** Runs one statement on a better-sqlite3 connection, as Kysely's SQLite connection does. */
function run(
  db: SqliteDatabase,
  { sql, parameters }: Pick<CompiledQuery, 'sql' | 'parameters'>,
): QueryResult<unknown> {
  const statement = db.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as unknown[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/** What Kysely holds for one query or one transaction. */
class RoutedConnection implements DatabaseConnection {
  /** This handle holds the writer's lock (from `begin` to its release). */
  locked = false;

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly writerLock: WriterLock,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.locked) return run(this.writer, query) as QueryResult<R>;
    if (SelectQueryNode.is(query.query)) return run(this.reader, query) as QueryResult<R>;
    await this.writerLock.lock();
    try {
      return run(this.writer, query) as QueryResult<R>;
    } finally {
      this.writerLock.unlock();
    }
  }

  async begin(): Promise<void> {
    await this.writerLock.lock();
    this.locked = true;
    this.control('begin');
  }

  /** Transaction control on the writer, whose lock this handle holds since `begin`. */
  control(statement: 'begin' | 'commit' | 'rollback'): void {
    run(this.writer, { sql: statement, parameters: [] });
  }

  /** Lets go of the writer's lock, if this handle took it. */
  release(): void {
    if (!this.locked) return;
    this.locked = false;
    this.writerLock.unlock();
  }

  // eslint-disable-next-line require-yield -- no query of the server streams; the method is Kysely's
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used on SQLite');
  }
}

class ReadRoutingSqliteDriver implements Driver {
  private readonly writerLock = new WriterLock();

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.reader, this.writerLock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).control('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).control('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

/** Kysely's SQLite dialect with SELECTs outside transactions on `reader` (a second connection, WAL). */
export class ReadRoutingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new ReadRoutingSqliteDriver(this.writer, this.reader);
  }
}
