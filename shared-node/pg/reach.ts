/**
 * Which tables a statement may read, and which a write may change (issue 24): what lets PgDb keep
 * an answer read ahead (prefetch) across a write that cannot change it. Each answer is a superset,
 * or `anything` when the statement is not plain enough to tell, so a kept answer is forgotten
 * whenever a write might have changed it:
 *  - a read may read every table of the schema its text names (a column named like a table only
 *    adds one); it may read anything when it names a view or any relation that is not a plain
 *    table (inherited, partitioned, with rules or row security, a catalogue's or a temporary
 *    one's name), a name qualified by a schema, or calls a function that is not one of
 *    PostgreSQL's immutable ones (and no operator or cast of the database may call another);
 *  - a write (INSERT INTO x, UPDATE x, DELETE FROM x) changes x and whatever x's triggers write,
 *    in turn, by the tables their functions' text names; it may change anything when its target or
 *    a trigger's function cannot be read so (WITH …, a qualified target, dynamic SQL, a function of
 *    the schema's own, a trigger in C), or an UPDATE (a DELETE) reaches a table that other tables
 *    reference with ON UPDATE (ON DELETE) CASCADE, SET NULL or SET DEFAULT. A trigger deferred to
 *    the COMMIT is left out: nothing is kept across a COMMIT (nor across SET CONSTRAINTS, which
 *    PgDb does not take for a write).
 * The schema's part of the catalogue is read once per connection, and again after any statement
 * that is not a plain read or write (DDL): a schema changed by another connection while this one is
 * open is not seen, as migrations run before a service serves. The database's part (PostgreSQL's
 * own) is read once per thread (pg-db.ts).
 */

/** The tables a statement may read or change, or anything. */
export type Reach = ReadonlySet<string> | 'anything';

/**
 * What PgDb reads of the catalogue, in two rows whose columns are JSON arrays (or a boolean): the
 * database's part, the same for every schema (PostgreSQL's own functions and relations, what its
 * operators and casts call), kept per thread (pg-db.ts); and the schema's ($1). The schema's
 * relations and the session's temporary ones come from one pass over pg_class, which holds every
 * shop's tables.
 */
export const DATABASE_CATALOGUE_SQL = `SELECT
  (SELECT coalesce(json_agg(DISTINCT c.relname), '[]') FROM pg_class c
    WHERE c.relnamespace = 'pg_catalog'::regnamespace) AS catalogue_relations,
  EXISTS (SELECT 1 FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprcode WHERE p.pronamespace <> 'pg_catalog'::regnamespace)
    OR EXISTS (SELECT 1 FROM pg_cast k JOIN pg_proc p ON p.oid = k.castfunc WHERE p.pronamespace <> 'pg_catalog'::regnamespace)
    AS hidden_calls,
  (SELECT coalesce(json_agg(proname), '[]') FROM (SELECT proname FROM pg_proc
    WHERE pronamespace = 'pg_catalog'::regnamespace GROUP BY proname) p) AS catalogue_functions,
  (SELECT coalesce(json_agg(proname), '[]') FROM (SELECT proname FROM pg_proc
    WHERE pronamespace = 'pg_catalog'::regnamespace GROUP BY proname HAVING bool_and(provolatile = 'i')) p) AS immutable_functions`;

export const SCHEMA_CATALOGUE_SQL = `SELECT
  coalesce(json_agg(c.relname) FILTER (WHERE c.relnamespace = s.oid AND c.relkind = 'r'
      AND NOT c.relrowsecurity AND NOT c.relhassubclass AND NOT c.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid)
      AND NOT EXISTS (SELECT 1 FROM pg_rewrite r WHERE r.ev_class = c.oid)), '[]') AS tables,
  coalesce(json_agg(c.relname) FILTER (WHERE c.relnamespace = s.oid), '[]') AS relations,
  coalesce(json_agg(DISTINCT c.relname) FILTER (WHERE c.relnamespace = pg_my_temp_schema()), '[]') AS temporary_relations,
  (SELECT coalesce(json_agg(nspname), '[]') FROM pg_namespace) AS schemas,
  (SELECT coalesce(json_agg(proname), '[]') FROM (SELECT proname FROM pg_proc
    WHERE pronamespace <> 'pg_catalog'::regnamespace GROUP BY proname) p) AS other_functions,
  (SELECT coalesce(json_agg(json_build_array(c.relname, t.tgdeferrable AND t.tginitdeferred, l.lanname,
      p.prosrc || ';' || coalesce(substring(pg_get_triggerdef(t.oid) FROM ' WHEN \\((.*)\\) EXECUTE '), ''))), '[]')
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_language l ON l.oid = p.prolang
    WHERE NOT t.tgisinternal AND c.relnamespace = s.oid) AS triggers,
  (SELECT coalesce(json_agg(DISTINCT c.relname), '[]') FROM pg_constraint f JOIN pg_class c ON c.oid = f.confrelid
    WHERE f.contype = 'f' AND f.confupdtype IN ('c', 'n', 'd')) AS cascading_update,
  (SELECT coalesce(json_agg(DISTINCT c.relname), '[]') FROM pg_constraint f JOIN pg_class c ON c.oid = f.confrelid
    WHERE f.contype = 'f' AND f.confdeltype IN ('c', 'n', 'd')) AS cascading_delete
  FROM (SELECT CAST($1 AS text) AS name) q
  LEFT JOIN pg_namespace s ON s.nspname = q.name
  LEFT JOIN pg_class c ON c.relnamespace IN (s.oid, pg_my_temp_schema())
  GROUP BY s.oid`;

interface Trigger {
  readonly deferred: boolean;
  readonly language: string;
  readonly source: string;
}

/** Words that may stand before a parenthesis without being a function call. */
const NOT_CALLS = new Set(
  (
    'all and any array as between by case cast coalesce conflict distinct do else elsif exists extract filter from if in ' +
    'intersect into is join lateral least greatest not nullif on or over overlay position return row select set some ' +
    'substring then trim union except using values when where within with'
  ).split(' '),
);

/** Statements in a function's text that write tables its text does not name, or run what it does not say. */
const OPAQUE = new Set(['execute', 'call', 'copy', 'truncate', 'merge', 'import', 'do']);

interface Word {
  readonly name: string;
  /** Unquoted: a keyword's spelling counts. */
  readonly bare: boolean;
  /** Followed by `(`. */
  readonly call: boolean;
  /** Followed by `.`: a schema's or a table alias's name. */
  readonly qualifier: boolean;
  /** After `.`: a column, or a table of a schema. */
  readonly qualified: boolean;
}

export class Catalogue {
  private readonly tables: ReadonlySet<string>;
  /** The schema's relations, tables or not. */
  private readonly relations: ReadonlySet<string>;
  /** Relations PostgreSQL finds before the schema's (pg_catalog's, the session's temporary ones). */
  private readonly shadowing: ReadonlySet<string>;
  /** An operator or a cast runs a function that may read or write tables: no statement is plain. */
  private readonly hiddenCalls: boolean;
  private readonly schemas: ReadonlySet<string>;
  private readonly catalogueFunctions: ReadonlySet<string>;
  private readonly immutable: ReadonlySet<string>;
  private readonly triggers = new Map<string, Trigger[]>();
  /** Tables another references with ON UPDATE, or ON DELETE, CASCADE / SET NULL / SET DEFAULT. */
  private readonly cascadingUpdate: ReadonlySet<string>;
  private readonly cascadingDelete: ReadonlySet<string>;
  private readonly reads = new Map<string, Reach>();
  private readonly writes = new Map<string, Reach>();

  /** From DATABASE_CATALOGUE_SQL's row and SCHEMA_CATALOGUE_SQL's, together. */
  constructor(row: Record<string, unknown>) {
    const names = (column: string) => new Set(row[column] as string[]);
    this.tables = names('tables');
    this.relations = names('relations');
    this.shadowing = new Set([...names('catalogue_relations'), ...names('temporary_relations')]);
    this.hiddenCalls = row.hidden_calls === true;
    // pg_temp names the session's temporary schema, whatever its name in pg_namespace.
    this.schemas = new Set([...names('schemas'), 'pg_temp']);
    this.immutable = names('immutable_functions');
    // A name the schema defines too may be its own function, written in anything.
    const others = names('other_functions');
    this.catalogueFunctions = new Set([...names('catalogue_functions')].filter((f) => !others.has(f)));
    for (const f of others) (this.immutable as Set<string>).delete(f);
    for (const [table, deferred, language, source] of row.triggers as [string, boolean, string, string][]) {
      this.triggers.set(table, [...(this.triggers.get(table) ?? []), { deferred, language, source }]);
    }
    this.cascadingUpdate = names('cascading_update');
    this.cascadingDelete = names('cascading_delete');
  }

  /** The tables a SELECT may read. */
  readsOf(sql: string): Reach {
    let reach = this.reads.get(sql);
    if (!reach) {
      reach = this.hiddenCalls ? 'anything' : this.named(wordsOf(sql), this.immutable);
      this.reads.set(sql, reach);
    }
    return reach;
  }

  /** The tables an INSERT, UPDATE or DELETE may change. */
  changesOf(sql: string): Reach {
    let reach = this.writes.get(sql);
    if (!reach) {
      reach = this.hiddenCalls ? 'anything' : this.changes(sql);
      this.writes.set(sql, reach);
    }
    return reach;
  }

  private changes(sql: string): Reach {
    const words = wordsOf(sql);
    const [verb, second] = words.map((w) => (w.bare ? w.name : ''));
    let at: number;
    if (verb === 'insert' && second === 'into') at = 2;
    else if (verb === 'delete' && second === 'from') at = 2;
    else if (verb === 'update') at = second === 'only' ? 2 : 1;
    else return 'anything';
    const target = words[at];
    if (!target || target.qualifier || !this.tables.has(target.name)) return 'anything';
    // What the statement itself calls may write too: only PostgreSQL's own functions are let by.
    if (this.named(words, this.catalogueFunctions) === 'anything') return 'anything';
    // An INSERT … ON CONFLICT DO UPDATE updates.
    const updates = verb === 'update' || (verb === 'insert' && words.some((w) => w.bare && w.name === 'conflict'));
    if (updates && this.cascadingUpdate.has(target.name)) return 'anything';
    if (verb === 'delete' && this.cascadingDelete.has(target.name)) return 'anything';
    return this.triggered(target.name);
  }

  /** `table` and what its triggers write, and theirs in turn. */
  private triggered(table: string): Reach {
    const changed = new Set<string>();
    const todo = [table];
    for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
      if (changed.has(t)) continue;
      // What a trigger does to a table is not read here: any cascade it may set off counts.
      if (t !== table && (this.cascadingUpdate.has(t) || this.cascadingDelete.has(t))) return 'anything';
      changed.add(t);
      for (const trigger of this.triggers.get(t) ?? []) {
        if (trigger.deferred) continue;
        if (trigger.language !== 'plpgsql' && trigger.language !== 'sql') return 'anything';
        // Its function's text and its WHEN condition.
        const words = wordsOf(trigger.source);
        if (words.some((w) => w.bare && OPAQUE.has(w.name))) return 'anything';
        const named = this.named(words, this.catalogueFunctions);
        if (named === 'anything') return 'anything';
        todo.push(...named);
      }
    }
    return changed;
  }

  /**
   * The schema's tables `words` name, or anything when they name another relation, qualify a name
   * by a schema, or call a function `allowed` does not hold.
   */
  private named(words: readonly Word[], allowed: ReadonlySet<string>): Reach {
    const tables = new Set<string>();
    for (const w of words) {
      // a.b.c: a database's schema's table.
      if (w.qualified && w.qualifier) return 'anything';
      if (w.qualified) continue;
      if (w.qualifier) {
        if (this.schemas.has(w.name)) return 'anything';
        continue;
      }
      if (this.shadowing.has(w.name)) return 'anything';
      if (this.tables.has(w.name)) tables.add(w.name);
      else if (this.relations.has(w.name)) return 'anything';
      else if (w.call && !(w.bare && NOT_CALLS.has(w.name)) && !allowed.has(w.name)) return 'anything';
    }
    return tables;
  }
}

type Token = { readonly name: string; readonly bare: boolean } | { readonly punct: string };

/** The names in a statement's text, outside its strings and comments, as PostgreSQL folds them. */
export function wordsOf(sql: string): Word[] {
  const tokens = tokensOf(sql);
  const punctAt = (k: number): string | undefined => {
    const t = tokens[k];
    return t && 'punct' in t ? t.punct : undefined;
  };
  const words: Word[] = [];
  tokens.forEach((t, k) => {
    if ('punct' in t) return;
    words.push({
      ...t,
      call: punctAt(k + 1) === '(',
      qualifier: punctAt(k + 1) === '.',
      qualified: punctAt(k - 1) === '.',
    });
  });
  return words;
}

function tokensOf(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    if (/\s/.test(c)) i++;
    else if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'") {
      // An E'…' string escapes with a backslash; a standard one only doubles its quote.
      const escaped = (tokens.at(-1) as { name?: string } | undefined)?.name === 'e' && /[eE]/.test(sql[i - 1] ?? '');
      if (escaped) tokens.pop();
      i++;
      while (i < n) {
        if (escaped && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      tokens.push({ punct: "'" });
    } else if (c === '"') {
      let name = '';
      i++;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') {
          name += '"';
          i += 2;
        } else if (sql[i] === '"') break;
        else name += sql[i++];
      }
      i++;
      tokens.push({ name, bare: false });
    } else if (c === '$') {
      // $1, or a dollar-quoted string: $$…$$, $tag$…$tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64))?.[0];
      if (tag === undefined) {
        i++;
        while (i < n && /[0-9]/.test(sql[i] as string)) i++;
      } else {
        const end = sql.indexOf(tag, i + tag.length);
        i = end < 0 ? n : end + tag.length;
      }
      tokens.push({ punct: tag === undefined ? '$' : "'" });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const start = i;
      while (i < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[i] as string)) i++;
      tokens.push({ name: sql.slice(start, i).toLowerCase(), bare: true });
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[0-9.eE]/.test(sql[i] as string)) i++;
      tokens.push({ punct: '0' });
    } else {
      i++;
      tokens.push({ punct: c });
    }
  }
  return tokens;
}
