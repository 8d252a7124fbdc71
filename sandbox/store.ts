import './quietSqlite';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

type Column = (doc: any) => string | number | null;

/** A table of JSON documents, with the few fields that are filtered on copied into indexed columns. */
export interface CollectionSpec {
  table: string;
  columns: Record<string, Column>;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

export class Collection<T extends { id: string }> {
  constructor(private readonly store: Store, private readonly spec: CollectionSpec) {
    const extra = Object.keys(spec.columns);
    store.db.exec(`CREATE TABLE IF NOT EXISTS ${spec.table} (seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL${extra.map((c) => `, ${c}`).join('')})`);
    for (const c of extra) store.db.exec(`CREATE INDEX IF NOT EXISTS ${spec.table}_${c} ON ${spec.table} (${c})`);
  }

  insert(doc: T): void {
    const names = ['id', 'doc', ...Object.keys(this.spec.columns)];
    this.store.statement(`INSERT INTO ${this.spec.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
      .run(doc.id, JSON.stringify(doc), ...this.columnValues(doc));
  }

  replace(doc: T): void {
    const names = Object.keys(this.spec.columns);
    this.store.statement(`UPDATE ${this.spec.table} SET doc = ?${names.map((c) => `, ${c} = ?`).join('')} WHERE id = ?`)
      .run(JSON.stringify(doc), ...this.columnValues(doc), doc.id);
  }

  /** The stored JSON text exactly as written, for bodies that must be byte-identical on every delivery. */
  getText(id: string): string | undefined {
    const row = this.store.statement(`SELECT doc FROM ${this.spec.table} WHERE id = ?`).get(id);
    return row ? String(row.doc) : undefined;
  }

  get(id: string): T | undefined {
    const text = this.getText(id);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /**
   * Newest first; `startingAfter` is an id of this table, undefined in the result when it names nothing.
   * A `where` key may end in a comparison (`'paid_at >='`) for ranges. `endingBefore` pages the other
   * way: the `limit` items just newer than it, still newest first, `hasMore` saying whether newer ones remain.
   */
  list(where: Record<string, string | number | undefined>, limit: number, startingAfter?: string,
    endingBefore?: string): Page<T> | undefined {
    const filters = Object.entries(where).filter(([, v]) => v !== undefined) as [string, string | number][];
    const clauses = filters.map(([c]) => (/[<>=]$/.test(c) ? `${c} ?` : `${c} = ?`));
    const params: (string | number)[] = filters.map(([, v]) => v);
    const cursorId = endingBefore ?? startingAfter;
    if (cursorId !== undefined) {
      const cursor = this.store.statement(`SELECT seq FROM ${this.spec.table} WHERE id = ?`).get(cursorId);
      if (!cursor) return undefined;
      clauses.push(endingBefore !== undefined ? 'seq > ?' : 'seq < ?');
      params.push(Number(cursor.seq));
    }
    const sql = `SELECT doc FROM ${this.spec.table}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''}
      ORDER BY seq ${endingBefore !== undefined ? 'ASC' : 'DESC'} LIMIT ?`;
    const rows = this.store.statement(sql).all(...params, limit + 1);
    const data = rows.slice(0, limit).map((r) => JSON.parse(String(r.doc)) as T);
    return { data: endingBefore !== undefined ? data.reverse() : data, hasMore: rows.length > limit };
  }

  findOne(where: Record<string, string | number>): T | undefined {
    return this.list(where, 1)?.data[0];
  }

  /** Raw rows for queries the generic list does not cover (the delivery queue). */
  select(whereSql: string, ...params: (string | number)[]): T[] {
    return this.store.statement(`SELECT doc FROM ${this.spec.table} WHERE ${whereSql}`).all(...params)
      .map((r) => JSON.parse(String(r.doc)) as T);
  }

  private columnValues(doc: T): (string | number | null)[] {
    return Object.values(this.spec.columns).map((column) => column(doc) ?? null);
  }
}

/**
 * The sandbox's embedded database (node:sqlite): a file by default so data and pending deliveries
 * survive a restart, or ':memory:' for tests.
 */
export class Store {
  readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  constructor(readonly path: string) {
    this.db = new DatabaseSync(path);
    // WAL without fsync: a sandbox must survive its own restart or crash (the OS keeps the writes), not a
    // power cut, and syncing every delivery attempt would cost most of its throughput.
    if (path !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
    this.db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  collection<T extends { id: string }>(spec: CollectionSpec): Collection<T> {
    return new Collection<T>(this, spec);
  }

  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** A value kept across restarts (the account, the printed test key, the invoice counter). */
  meta(key: string, initial: () => string): string {
    const row = this.statement('SELECT value FROM meta WHERE key = ?').get(key);
    if (row) return String(row.value);
    const value = initial();
    this.setMeta(key, value);
    return value;
  }

  setMeta(key: string, value: string): void {
    this.statement('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }

  /** Runs `work` atomically: an invoice, its event and the event's deliveries are written together or not at all. */
  transaction<T>(work: () => T): T {
    if (this.db.isTransaction) return work();
    this.db.exec('BEGIN');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
