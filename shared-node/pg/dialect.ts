/**
 * The back office's SQL is written once, in the SQLite dialect; this module is every difference
 * PostgreSQL needs, each one small and named below. Statements are rewritten once, when prepared
 * (pg-db.ts caches them), and migrations when they run. What it cannot rewrite it refuses by
 * name, so an unported construct fails the first test that reaches it rather than misbehaving.
 *
 * Statements:
 *  - PLACEHOLDERS: `?` and `@name` become `$1…$n` (a repeated name reuses its number).
 *  - RESERVED_USER: the column `user` is a reserved word in PostgreSQL: quoted.
 *  - GLOB: `a GLOB p` becomes `a ~ sqlite_glob(p)` (a function each schema gets, glob → regex).
 *  - INSERT_OR_IGNORE: `INSERT OR IGNORE` becomes `INSERT … ON CONFLICT DO NOTHING`.
 *  - INSTR: `instr(a, b)` becomes `strpos(a, b)`.
 *  - INTEGER_IS_BIGINT: SQLite's INTEGER is 64-bit; so is PostgreSQL's BIGINT (money ×10^4).
 *  - REAL: DOUBLE PRECISION.
 *  - ROWID: an INSERT into a table with an INTEGER PRIMARY KEY returns it (`lastInsertRowid`).
 * Migrations, in addition:
 *  - ROWID_ALIAS: `INTEGER PRIMARY KEY [AUTOINCREMENT]` becomes a BIGINT identity column.
 *  - TEXT_BYTES: TEXT columns compare and sort by bytes (COLLATE "C"), as SQLite's BINARY does.
 *  - BLOB: BYTEA.
 *  - STRICT / WITHOUT ROWID: dropped (PostgreSQL's columns are always typed).
 *  - TRIGGERS: `CREATE TRIGGER … BEGIN stmts END` becomes a PL/pgSQL function and a row trigger.
 */

type Kind = 'ws' | 'comment' | 'string' | 'ident' | 'word' | 'param' | 'punct';
interface Token {
  kind: Kind;
  text: string;
}

function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    const start = i;
    if (/\s/.test(c)) {
      while (i < n && /\s/.test(sql[i] as string)) i++;
      out.push({ kind: 'ws', text: sql.slice(start, i) });
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      out.push({ kind: 'comment', text: sql.slice(start, i) });
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out.push({ kind: 'comment', text: sql.slice(start, i) });
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      for (;;) {
        if (i >= n) throw new Error(`unterminated ${c} in SQL: ${sql.slice(start, start + 60)}`);
        if (sql[i] === c) {
          if (sql[i + 1] === c) i += 2;
          else {
            i++;
            break;
          }
        } else i++;
      }
      const text = sql.slice(start, i);
      out.push(c === "'" ? { kind: 'string', text } : { kind: 'ident', text: `"${text.slice(1, -1)}"` });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      while (i < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[i] as string)) i++;
      out.push({ kind: 'word', text: sql.slice(start, i) });
    } else if (/[0-9]/.test(c)) {
      while (i < n && /[0-9.eE]/.test(sql[i] as string)) i++;
      out.push({ kind: 'word', text: sql.slice(start, i) });
    } else if (c === '?') {
      i++;
      out.push({ kind: 'param', text: '?' });
    } else if ((c === '@' || c === ':' || c === '$') && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      i++;
      while (i < n && /[A-Za-z0-9_]/.test(sql[i] as string)) i++;
      out.push({ kind: 'param', text: sql.slice(start, i) });
    } else {
      // `::` (a PostgreSQL cast) is never written here; `||`, `<>`, `<=`, `>=`, `!=` stay together.
      const two = sql.slice(i, i + 2);
      i += ['||', '<>', '<=', '>=', '!=', '=='].includes(two) ? 2 : 1;
      out.push({ kind: 'punct', text: sql.slice(start, i) });
    }
  }
  return out;
}

const upper = (t: Token | undefined) => (t?.kind === 'word' ? t.text.toUpperCase() : '');
/** The index of the next token that is not space or comment, from `i`. */
function next(tokens: Token[], i: number): number {
  let j = i;
  while (j < tokens.length && (tokens[j]?.kind === 'ws' || tokens[j]?.kind === 'comment')) j++;
  return j;
}

export interface PgStatement {
  /** The statement in PostgreSQL's dialect. */
  readonly text: string;
  /** `@name` parameters in $-order; undefined when the statement takes positional `?`. */
  readonly names?: readonly string[];
  /** How many parameters it takes. */
  readonly count: number;
  /** The table an INSERT writes, and its rowid column when it has one (for `lastInsertRowid`). */
  readonly insertInto?: { readonly table: string; readonly rowid?: string; readonly explicitRowid: boolean };
}

/** Tables with a rowid column (`INTEGER PRIMARY KEY`), by name: learnt from the migrations. */
export type RowidColumns = ReadonlyMap<string, string>;
const NO_ROWIDS: RowidColumns = new Map();

const TYPES: Record<string, string> = { INTEGER: 'BIGINT', REAL: 'DOUBLE PRECISION' };

/** Rewrites one statement (not DDL) for PostgreSQL. */
export function translateStatement(sql: string, rowids: RowidColumns): PgStatement {
  const tokens = tokenize(sql);
  const names: string[] = [];
  let positional = 0;
  let named = false;
  let ignore = false;
  let returning = false;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const word = upper(t);
    if (t.kind === 'param') {
      if (t.text === '?') {
        positional++;
        out.push(`$${positional}`);
      } else {
        named = true;
        const name = t.text.slice(1);
        let k = names.indexOf(name);
        if (k < 0) k = names.push(name) - 1;
        out.push(`$${k + 1}`);
      }
    } else if (word === 'USER') {
      out.push('"user"');
    } else if (word === 'INSERT' && upper(tokens[next(tokens, i + 1)]) === 'OR') {
      const orAt = next(tokens, i + 1);
      const what = upper(tokens[next(tokens, orAt + 1)]);
      if (what !== 'IGNORE') throw new Error(`INSERT OR ${what} has no PostgreSQL form here: write ON CONFLICT … DO UPDATE`);
      ignore = true;
      out.push('INSERT');
      i = next(tokens, orAt + 1);
    } else if (word === 'GLOB' || (word === 'NOT' && upper(tokens[next(tokens, i + 1)]) === 'GLOB')) {
      const negated = word === 'NOT';
      const at = negated ? next(tokens, i + 1) : i;
      const operandAt = next(tokens, at + 1);
      const operand = tokens[operandAt];
      if (!operand || (operand.kind !== 'string' && operand.kind !== 'param')) {
        throw new Error('GLOB takes a literal or a parameter as its pattern here');
      }
      out.push(negated ? '!~ sqlite_glob(' : '~ sqlite_glob(');
      // The operand goes through the loop (a parameter gets its number).
      i = operandAt - 1;
      tokens.splice(operandAt + 1, 0, { kind: 'punct', text: ')' });
    } else if (word === 'INSTR' && tokens[i + 1]?.text === '(') {
      out.push('strpos');
    } else if (word in TYPES && isCastType(tokens, i)) {
      out.push(TYPES[word] as string);
    } else if (word === 'RETURNING') {
      returning = true;
      if (ignore) out.push('ON CONFLICT DO NOTHING ');
      ignore = false;
      out.push(t.text);
    } else {
      out.push(t.text);
    }
  }
  if (named && positional > 0) throw new Error('a statement mixes ? and @name parameters');
  if (ignore) out.push(' ON CONFLICT DO NOTHING');
  const insertInto = insertTarget(tokens, rowids);
  let text = out.join('');
  if (insertInto?.rowid && !returning) text += ` RETURNING ${insertInto.rowid} AS "__rowid"`;
  return {
    text,
    ...(named ? { names } : {}),
    count: named ? names.length : positional,
    ...(insertInto ? { insertInto } : {}),
  };
}

/** Whether the type word at `i` follows `AS` inside a CAST (the only place a statement names a type). */
function isCastType(tokens: Token[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (tokens[j]?.kind === 'ws' || tokens[j]?.kind === 'comment')) j--;
  return upper(tokens[j]) === 'AS';
}

function insertTarget(tokens: Token[], rowids: RowidColumns): PgStatement['insertInto'] {
  const first = next(tokens, 0);
  if (upper(tokens[first]) !== 'INSERT') return undefined;
  let i = next(tokens, first + 1);
  if (upper(tokens[i]) === 'OR') i = next(tokens, next(tokens, i + 1) + 1);
  if (upper(tokens[i]) !== 'INTO') return undefined;
  i = next(tokens, i + 1);
  const table = tokens[i]?.text.replaceAll('"', '') ?? '';
  const rowid = rowids.get(table);
  if (!rowid) return { table, explicitRowid: false };
  // Named columns: whether the rowid is among them (then the identity must be moved past it).
  const open = next(tokens, i + 1);
  let explicitRowid = false;
  if (tokens[open]?.text === '(') {
    for (let j = open + 1; j < tokens.length && tokens[j]?.text !== ')'; j++) {
      if (tokens[j]?.kind === 'word' && tokens[j]?.text.toLowerCase() === rowid) explicitRowid = true;
    }
  } else {
    explicitRowid = true; // INSERT INTO t VALUES (…) or SELECT: every column, the rowid too
  }
  return { table, rowid, explicitRowid };
}

/** Splits a script into statements, keeping a trigger's `BEGIN … END` whole. */
export function splitScript(sql: string): Token[][] {
  const tokens = tokenize(sql);
  const statements: Token[][] = [];
  let current: Token[] = [];
  let depth = 0; // inside CREATE TRIGGER … BEGIN … END
  for (const t of tokens) {
    const word = upper(t);
    if (word === 'BEGIN' && current.some((c) => upper(c) === 'TRIGGER')) depth++;
    if (word === 'END' && depth > 0) depth--;
    if (t.text === ';' && depth === 0) {
      if (current.some((c) => c.kind !== 'ws' && c.kind !== 'comment')) statements.push(current);
      current = [];
      continue;
    }
    current.push(t);
  }
  if (current.some((c) => c.kind !== 'ws' && c.kind !== 'comment')) statements.push(current);
  return statements;
}

const text = (tokens: readonly Token[]) => tokens.map((t) => t.text).join('');
const words = (tokens: readonly Token[]) => tokens.filter((t) => t.kind !== 'ws' && t.kind !== 'comment');

/**
 * Rewrites a migration script. `rowids` learns each table's rowid column as the script creates it
 * (and follows a table renamed), so statements prepared later know what an INSERT returns.
 */
export function translateScript(sql: string, rowids: Map<string, string>): string {
  const out: string[] = [];
  for (const statement of splitScript(sql)) {
    const w = words(statement);
    const head = w.slice(0, 3).map(upper);
    if (head[0] === 'CREATE' && head[1] === 'TABLE') out.push(createTable(statement, rowids));
    else if (head[0] === 'CREATE' && head[1] === 'TRIGGER') out.push(createTrigger(statement));
    else if (head[0] === 'ALTER' && head[1] === 'TABLE') out.push(alterTable(statement, rowids));
    else if (head[0] === 'CREATE' || head[0] === 'DROP') out.push(text(statement));
    // A script's own INSERTs return nothing: no rowid columns given, no RETURNING added.
    else out.push(translateStatement(text(statement), NO_ROWIDS).text);
  }
  return `${out.join(';\n')};`;
}

const COLUMN_TYPES: Record<string, string> = {
  INTEGER: 'BIGINT',
  REAL: 'DOUBLE PRECISION',
  BLOB: 'BYTEA',
  TEXT: 'TEXT COLLATE "C"',
  ANY: 'TEXT COLLATE "C"',
};
const IDENTITY = 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY';
const TABLE_CONSTRAINTS = new Set(['PRIMARY', 'UNIQUE', 'CHECK', 'FOREIGN', 'CONSTRAINT']);

/**
 * Maps the type of each column definition: the word after a column's name, where a column's name
 * is the first word after `(` or `,` at the table's own level, or after ADD COLUMN.
 */
function columnTypes(tokens: Token[], from: 'table' | 'add-column'): string {
  const out: string[] = [];
  let depth = 0;
  let expect: 'name' | 'type' | 'rest' = 'rest';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const word = upper(t);
    if (t.text === '(') {
      depth++;
      if (from === 'table' && depth === 1) expect = 'name';
    } else if (t.text === ')') depth--;
    else if (t.text === ',' && depth === 1 && from === 'table') expect = 'name';
    if (from === 'add-column' && word === 'COLUMN') {
      expect = 'name';
      out.push(t.text);
      continue;
    }
    if (expect === 'type' && t.text === IDENTITY) expect = 'rest';
    if (t.kind === 'word' || t.kind === 'ident') {
      if (expect === 'name') {
        expect = TABLE_CONSTRAINTS.has(word) ? 'rest' : 'type';
        out.push(word === 'USER' ? '"user"' : t.text);
        continue;
      }
      if (expect === 'type') {
        expect = 'rest';
        const mapped = COLUMN_TYPES[word];
        if (!mapped) throw new Error(`a column type this dialect does not map: ${t.text}`);
        out.push(mapped);
        continue;
      }
    }
    if (word === 'USER') out.push('"user"');
    else if (word === 'GLOB' || word === 'INSTR') throw new Error(`${word} in a table's definition has no PostgreSQL form here`);
    else out.push(t.text);
  }
  return out.join('');
}

function createTable(statement: Token[], rowids: Map<string, string>): string {
  const w = words(statement);
  const nameAt = upper(w[2]) === 'IF' ? 5 : 2;
  const table = (w[nameAt]?.text ?? '').replaceAll('"', '');
  // ROWID_ALIAS: `col INTEGER PRIMARY KEY [AUTOINCREMENT]` as a column's own constraint.
  const tokens = [...statement];
  for (let i = 0; i < tokens.length; i++) {
    if (upper(tokens[i]) !== 'INTEGER') continue;
    const p = next(tokens, i + 1);
    const k = next(tokens, p + 1);
    if (upper(tokens[p]) !== 'PRIMARY' || upper(tokens[k]) !== 'KEY') continue;
    let back = i - 1;
    while (back >= 0 && tokens[back]?.kind === 'ws') back--;
    const column = tokens[back]?.text.replaceAll('"', '') ?? '';
    let end = k + 1;
    const auto = next(tokens, k + 1);
    if (upper(tokens[auto]) === 'AUTOINCREMENT') end = auto + 1;
    tokens.splice(i, end - i, { kind: 'punct', text: IDENTITY });
    rowids.set(table, column);
  }
  // STRICT and WITHOUT ROWID after the closing parenthesis.
  let close = tokens.length - 1;
  while (close >= 0 && tokens[close]?.text !== ')') close--;
  return columnTypes(tokens.slice(0, close + 1), 'table');
}

function alterTable(statement: Token[], rowids: Map<string, string>): string {
  const w = words(statement);
  const table = (w[2]?.text ?? '').replaceAll('"', '');
  if (upper(w[3]) === 'RENAME' && upper(w[4]) === 'TO') {
    const to = (w[5]?.text ?? '').replaceAll('"', '');
    const rowid = rowids.get(table);
    if (rowid) {
      rowids.delete(table);
      rowids.set(to, rowid);
    }
  }
  return upper(w[3]) === 'ADD' ? columnTypes(statement, 'add-column') : text(statement);
}

/**
 * TRIGGERS: SQLite's `CREATE TRIGGER name AFTER … ON table [FOR EACH ROW] [WHEN cond] BEGIN s; … END`
 * becomes a function `name()` running the same statements and `CREATE TRIGGER name … FOR EACH ROW
 * [WHEN (cond)] EXECUTE FUNCTION name()`.
 */
function createTrigger(statement: Token[]): string {
  const full = text(statement);
  const m =
    /^\s*CREATE\s+TRIGGER\s+(\w+)\s+([\s\S]*?)\s+ON\s+(\w+)\s*(?:FOR\s+EACH\s+ROW\s*)?(?:WHEN\s+([\s\S]*?))?\s*BEGIN\s+([\s\S]*)\s+END\s*$/i.exec(
      full.replace(/^\s*(--[^\n]*\n\s*)*/, ''),
    );
  if (!m) throw new Error(`a trigger this dialect does not know how to rewrite: ${full.slice(0, 80)}`);
  const [, name, timing, table, when, body] = m as unknown as [string, string, string, string, string | undefined, string];
  const statements = splitScript(body).map((s) => `    ${translateStatement(text(s), NO_ROWIDS).text}`);
  const condition = when ? ` WHEN (${translateStatement(when, NO_ROWIDS).text})` : '';
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $trigger$
  BEGIN
${statements.join(';\n')};
    RETURN NULL;
  END
$trigger$;
CREATE TRIGGER ${name} ${timing} ON ${table} FOR EACH ROW${condition} EXECUTE FUNCTION ${name}()`;
}

/**
 * What every schema gets before its migrations: the functions the rewrites above call.
 * sqlite_glob: SQLite's GLOB pattern (`*`, `?`, `[…]`, `[^…]`) as an anchored regular expression.
 */
export const PG_PRELUDE = `
CREATE OR REPLACE FUNCTION sqlite_glob(pattern text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $glob$
DECLARE
  out text := '^';
  i int := 1;
  c text;
  in_class boolean := false;
BEGIN
  WHILE i <= length(pattern) LOOP
    c := substr(pattern, i, 1);
    IF in_class THEN
      IF c = ']' THEN in_class := false; END IF;
      IF c = '\\' THEN out := out || '\\\\'; ELSE out := out || c; END IF;
    ELSIF c = '*' THEN out := out || '.*';
    ELSIF c = '?' THEN out := out || '.';
    ELSIF c = '[' THEN
      in_class := true;
      out := out || '[';
      IF substr(pattern, i + 1, 1) = '^' THEN out := out || '^'; i := i + 1; END IF;
      IF substr(pattern, i + 1, 1) = ']' THEN out := out || '\\]'; i := i + 1; END IF;
    ELSIF c ~ '[.+(){}|^$\\\\]' THEN out := out || '\\' || c;
    ELSE out := out || c;
    END IF;
    i := i + 1;
  END LOOP;
  RETURN out || '$';
END
$glob$;
`;
