/** types.mjs: how a PostgreSQL value's text becomes a JavaScript value (BIGINT as a number). */
export declare const types: {
  getTypeParser(oid: number, format?: unknown): (text: string) => unknown;
};
