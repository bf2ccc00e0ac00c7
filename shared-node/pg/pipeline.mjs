// @ts-check
/**
 * Several statements in one round trip (PostgreSQL's pipelining over the extended protocol), for
 * the I/O thread (io-worker.mjs): Parse/Bind/Describe/Execute for each statement, then one Sync.
 * node-postgres sends a statement only after the previous one's ReadyForQuery, so this is a
 * submittable of its own (an object with `submit`, which node-postgres hands the connection and
 * then every message of the answer), not a pg.Query.
 *
 * Each statement keeps its own parameters. On the first error PostgreSQL skips every statement
 * after it up to the Sync, so nothing after a failed statement runs, as if they had been sent one
 * by one and the caller had stopped at the error; the error says which statement (`index`).
 *
 * A named statement (`name`) is parsed once per connection and then only bound: PostgreSQL plans
 * it once (or keeps a generic plan). node-postgres's own record of what this connection parsed
 * (connection.parsedStatements) is kept, so its named queries and these agree.
 */
import utils from 'pg/lib/utils.js';

/**
 * @typedef {{ sql: string, params: unknown[], name?: string }} Item
 * @typedef {{ rows: Record<string, unknown>[], rowCount: number }} ItemResult
 * @typedef {{ getTypeParser: (oid: number, format: any) => (text: string) => unknown }} Types
 */

export class Pipeline {
  /**
   * @param {Item[]} items
   * @param {Types} types
   * @param {(err: unknown, results: ItemResult[]) => void} done called once: on the error, or at ReadyForQuery
   */
  constructor(items, types, done) {
    this.items = items;
    this.types = types;
    this.done = done;
    /** @type {ItemResult[]} */
    this.results = [];
    /** @type {{ names: string[], parsers: ((text: string) => unknown)[], rows: Record<string, unknown>[] } | undefined} */
    this.current = undefined;
    /** The names of the Parse messages sent, in order: each ParseComplete answers the first one left. */
    /** @type {{ name: string, sql: string }[]} */
    this.parses = [];
    this.finished = false;
    /** @type {Error | undefined} */
    this.unreadable = undefined;
    /** @type {import('pg').Connection | undefined} */
    this.connection = undefined;
    this.onParsed = () => {
      const parsed = this.parses.shift();
      if (parsed?.name && this.connection) /** @type {any} */ (this.connection).parsedStatements[parsed.name] = parsed.sql;
    };
  }

  /** @param {any} connection */
  submit(connection) {
    // Every value is mapped before anything is written: a value that cannot be sent must not
    // leave a half-written pipeline (without its Sync) on the connection.
    /** @type {unknown[][]} */
    let values;
    try {
      values = this.items.map((it) => it.params.map((v) => utils.prepareValue(v)));
    } catch (err) {
      return err;
    }
    this.connection = connection;
    connection.on('parseComplete', this.onParsed);
    /** Named statements parsed by this pipeline: a statement twice in it is parsed once. */
    const parsing = new Set();
    this.items.forEach((it, i) => {
      const name = it.name ?? '';
      if (!name || (connection.parsedStatements[name] !== it.sql && !parsing.has(name))) {
        connection.parse({ text: it.sql, name, types: [] });
        this.parses.push({ name, sql: it.sql });
        if (name) parsing.add(name);
      }
      connection.bind({ portal: '', statement: name, values: values[i] });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
    });
    connection.sync();
    return null;
  }

  /** @param {{ fields: { name: string, dataTypeID: number, format: any }[] }} msg */
  handleRowDescription(msg) {
    this.current = {
      names: msg.fields.map((f) => f.name),
      parsers: msg.fields.map((f) => this.types.getTypeParser(f.dataTypeID, f.format)),
      rows: [],
    };
  }

  /** @param {{ fields: (string | null)[] }} msg */
  handleDataRow(msg) {
    const c = this.current;
    if (!c || this.unreadable) return;
    /** @type {Record<string, unknown>} */
    const row = {};
    try {
      msg.fields.forEach((text, i) => {
        row[c.names[i] ?? String(i)] = text === null ? null : c.parsers[i]?.(text);
      });
    } catch (err) {
      // A value this process cannot hold (a BIGINT beyond 2^53): told at the end, as pg.Query does.
      this.unreadable = Object.assign(/** @type {Error} */ (err), { code: 'XX000', index: this.results.length });
      return;
    }
    c.rows.push(row);
  }

  /** @param {{ text: string }} msg */
  handleCommandComplete(msg) {
    // "INSERT 0 3", "UPDATE 2", "SELECT 5", "BEGIN": the count, where the command has one.
    const count = /(\d+)$/.exec(msg.text);
    this.results.push({ rows: this.current?.rows ?? [], rowCount: count ? Number(count[1]) : 0 });
    this.current = undefined;
  }

  handleEmptyQuery() {
    this.results.push({ rows: [], rowCount: 0 });
  }

  /** @param {any} err */
  handleError(err) {
    // node-postgres ends its part here (the Sync's ReadyForQuery still comes, to no query).
    this.finish(Object.assign(err ?? new Error('the pipeline failed'), { index: this.results.length }));
  }

  handleReadyForQuery() {
    this.finish(this.unreadable);
  }

  /** @param {any} connection */
  handlePortalSuspended(connection) {
    connection.sync();
  }

  /** @param {any} connection */
  handleCopyInResponse(connection) {
    connection.sendCopyFail('COPY is not sent through a pipeline');
  }

  handleCopyData() {}

  /** @param {unknown} err */
  finish(err) {
    if (this.finished) return;
    this.finished = true;
    // PostgreSQL answers in order: every ParseComplete of this pipeline came before its error or
    // its ReadyForQuery.
    this.connection?.off('parseComplete', this.onParsed);
    this.done(err, this.results);
  }
}
