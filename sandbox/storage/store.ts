import './quietSqlite';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { openProblem, prepareFile } from './databaseFile';

type Column = (doc: any) => string | number | null;
export type Where = Record<string, string | number | undefined>;

/** Bumped whenever a table changes shape; a file of another version is refused with a way out, not misread. */
export const SCHEMA_VERSION = 2;

/** A table of JSON documents, with the few fields that are filtered on copied into indexed columns. */
export interface CollectionSpec {
  table: string;
  columns: Record<string, Column>;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

// A `where` key may end in a comparison (`'paid_at >='`; `IS NOT 1` also holds where the field is absent)
// or in ` LIKE` for a search (its value a LIKE pattern, `\\` escaping); undefined values filter nothing.
const COMPARED = /[<>=]$| IS( NOT)?$/;
function conditions(where: Where): { clauses: string[]; params: (string | number)[] } {
  const filters = Object.entries(where).filter(([, v]) => v !== undefined) as [string, string | number][];
  const clause = (c: string) => (/ LIKE$/.test(c) ? `${c} ? ESCAPE '\\'` : COMPARED.test(c) ? `${c} ?` : `${c} = ?`);
  return { clauses: filters.map(([c]) => clause(c)), params: filters.map(([, v]) => v) };
}

/**
 * Every row belongs to one account (an `account_id` column on every table). Route handlers only ever hold
 * an `AccountCollection` (`collection.of(accountId)`), which adds the account to every read and write; the
 * unscoped methods here serve the delivery engine, which works through every account's queue.
 */
export class Collection<T extends { id: string }> {
  constructor(
    private readonly store: Store,
    private readonly spec: CollectionSpec,
  ) {
    const extra = Object.keys(spec.columns);
    store.db.exec(`CREATE TABLE IF NOT EXISTS ${spec.table} (seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL, doc TEXT NOT NULL${extra.map((c) => `, ${c}`).join('')})`);
    store.db.exec(`CREATE INDEX IF NOT EXISTS ${spec.table}_account ON ${spec.table} (account_id, seq)`);
    for (const c of extra) store.db.exec(`CREATE INDEX IF NOT EXISTS ${spec.table}_${c} ON ${spec.table} (${c})`);
  }

  of(accountId: string): AccountCollection<T> {
    return new AccountCollection(this, accountId);
  }

  insert(doc: T, accountId: string): void {
    const names = ['id', 'account_id', 'doc', ...Object.keys(this.spec.columns)];
    this.store
      .statement(`INSERT INTO ${this.spec.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
      .run(doc.id, accountId, JSON.stringify(doc), ...this.columnValues(doc));
  }

  /** Rewrites a row; with `accountId`, only if the row is that account's (a row never changes account). */
  replace(doc: T, accountId?: string): void {
    const names = Object.keys(this.spec.columns);
    this.store
      .statement(
        `UPDATE ${this.spec.table} SET doc = ?${names.map((c) => `, ${c} = ?`).join('')}
      WHERE id = ?${accountId === undefined ? '' : ' AND account_id = ?'}`,
      )
      .run(JSON.stringify(doc), ...this.columnValues(doc), doc.id, ...(accountId === undefined ? [] : [accountId]));
  }

  /** The stored JSON text exactly as written, for bodies that must be byte-identical on every delivery. */
  getText(id: string, accountId?: string): string | undefined {
    const row =
      accountId === undefined
        ? this.store.statement(`SELECT doc FROM ${this.spec.table} WHERE id = ?`).get(id)
        : this.store.statement(`SELECT doc FROM ${this.spec.table} WHERE id = ? AND account_id = ?`).get(id, accountId);
    return row ? String(row.doc) : undefined;
  }

  get(id: string, accountId?: string): T | undefined {
    const text = this.getText(id, accountId);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  accountOf(id: string): string | undefined {
    const row = this.store.statement(`SELECT account_id FROM ${this.spec.table} WHERE id = ?`).get(id);
    return row ? String(row.account_id) : undefined;
  }

  /**
   * Newest first; `startingAfter` is an id of this table (of the same account when `where` names one),
   * undefined in the result when it names nothing. A `where` key may end in a comparison (`'paid_at >='`)
   * for ranges, or in ` LIKE` for a search (its value a LIKE pattern, `\\` escaping). `endingBefore` pages
   * the other way: the `limit` items just newer than it, still newest first, `hasMore` saying whether newer
   * ones remain.
   */
  list(where: Where, limit: number, startingAfter?: string, endingBefore?: string): Page<T> | undefined {
    const { clauses, params } = conditions(where);
    const cursorId = endingBefore ?? startingAfter;
    if (cursorId !== undefined) {
      const cursor = this.store.statement(`SELECT seq, account_id FROM ${this.spec.table} WHERE id = ?`).get(cursorId);
      if (!cursor || (where.account_id !== undefined && cursor.account_id !== where.account_id)) return undefined;
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

  /** Every row matching, oldest first; with `afterId`, only those written after that row. */
  findAll(where: Where, afterId?: string): T[] {
    const { clauses, params } = conditions(where);
    if (afterId !== undefined) {
      clauses.push(`seq > (SELECT seq FROM ${this.spec.table} WHERE id = ?)`);
      params.push(afterId);
    }
    return this.store
      .statement(
        `SELECT doc FROM ${this.spec.table}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''}
      ORDER BY seq`,
      )
      .all(...params)
      .map((r) => JSON.parse(String(r.doc)) as T);
  }

  /** Raw rows for queries the generic list does not cover (the delivery queue). */
  select(whereSql: string, ...params: (string | number)[]): T[] {
    return this.store
      .statement(`SELECT doc FROM ${this.spec.table} WHERE ${whereSql}`)
      .all(...params)
      .map((r) => JSON.parse(String(r.doc)) as T);
  }

  private columnValues(doc: T): (string | number | null)[] {
    return Object.values(this.spec.columns).map((column) => column(doc) ?? null);
  }
}

/** One account's rows of a collection: what it cannot see does not exist for it. */
export class AccountCollection<T extends { id: string }> {
  constructor(
    private readonly all: Collection<T>,
    readonly accountId: string,
  ) {}

  insert(doc: T): void {
    this.all.insert(doc, this.accountId);
  }

  replace(doc: T): void {
    this.all.replace(doc, this.accountId);
  }

  getText(id: string): string | undefined {
    return this.all.getText(id, this.accountId);
  }

  get(id: string): T | undefined {
    return this.all.get(id, this.accountId);
  }

  list(where: Where, limit: number, startingAfter?: string, endingBefore?: string): Page<T> | undefined {
    return this.all.list({ ...where, account_id: this.accountId }, limit, startingAfter, endingBefore);
  }

  findOne(where: Record<string, string | number>): T | undefined {
    return this.list(where, 1)?.data[0];
  }

  findAll(where: Where, afterId?: string): T[] {
    return this.all.findAll({ ...where, account_id: this.accountId }, afterId);
  }

  /** `whereSql` follows `account_id = ? AND`: it may end in ORDER BY / LIMIT, and must parenthesise an OR. */
  select(whereSql: string, ...params: (string | number)[]): T[] {
    return this.all.select(`account_id = ? AND ${whereSql}`, this.accountId, ...params);
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
    try {
      if (path !== ':memory:') prepareFile(path);
      this.db = new DatabaseSync(path, { timeout: 5000 });
      // WAL without fsync: a sandbox must survive its own restart or crash (the OS keeps the writes), not a
      // power cut, and syncing every delivery attempt would cost most of its throughput.
      if (path !== ':memory:') this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
      this.checkVersion();
      this.db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    } catch (error) {
      if ((error as { code?: string }).code === 'SANDBOX_DATABASE') throw error;
      throw openProblem(path, error as Error);
    }
  }

  private checkVersion(): void {
    const version = Number(this.db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    const tables = Number(
      this.db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get()?.n ?? 0,
    );
    if (tables === 0) this.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    else if (version !== SCHEMA_VERSION) {
      throw Object.assign(
        new Error(
          `The sandbox database ${this.path} was written by ${version < SCHEMA_VERSION ? 'an older' : 'a newer'} ` +
            `sandbox (schema ${version}, this one reads ${SCHEMA_VERSION}). Move it away to start afresh, ` +
            `or start with another --db <path> or --memory.`,
        ),
        { code: 'SANDBOX_DATABASE' },
      );
    }
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

  /** A value kept across restarts (the invoice counters). */
  meta(key: string, initial: () => string): string {
    const row = this.statement('SELECT value FROM meta WHERE key = ?').get(key);
    if (row) return String(row.value);
    const value = initial();
    this.setMeta(key, value);
    return value;
  }

  setMeta(key: string, value: string): void {
    this.statement(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
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
