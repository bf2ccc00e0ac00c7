/*
 * PostgreSQL's C client for a thread that waits for each answer (the service's SyncPg,
 * shared-node/pg/libpq-client.ts). Each call blocks its thread until the server has answered,
 * which is what the back office's synchronous code wants, and hands the whole answer over in one
 * crossing: rows as arrays of text, parsed into values on the JavaScript side.
 *
 * Why not the npm package `libpq`: it reads a result one cell per call, registers a libuv handle
 * on the main thread's loop whatever thread loads it, and is not context-aware, so it loads in one
 * thread of a process. This add-on keeps no state outside its connections and uses no event loop:
 * every thread of a process may load it, each with connections of its own (libpq is thread-safe
 * as long as a connection stays in one thread).
 *
 * Exports:
 *   connect(conninfo)            -> connection; throws Error (libpq's message) if it fails
 *   close(connection)            -> closes it (also done when it is collected)
 *   exec(connection, sql, params) -> result; params null: a simple query (several statements,
 *                                   the last one's answer), else one statement with parameters
 *   pipeline(connection, ops)    -> one entry a statement: result, or null where PostgreSQL skipped
 *                                   it after an earlier error; ops are
 *                                     [0, sql, params]          an unnamed statement
 *                                     [1, name, sql, nParams]   parse a named statement
 *                                     [2, name, params]         run a named statement
 *                                   all sent in pipeline mode with one Sync, so nothing after a
 *                                   failure runs
 * A result is { fields, types, rows, command } or, for PostgreSQL's error,
 * { sqlState, primary, detail, message } (no sqlState: libpq's own, e.g. the connection lost).
 * A connection that breaks mid-pipeline throws an Error whose `lost` is true.
 */
#include <libpq-fe.h>
#include <node_api.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  PGconn *conn;
} Connection;

#define CALL(env, call)                                                                     \
  do {                                                                                      \
    if ((call) != napi_ok) {                                                                \
      const napi_extended_error_info *info_ = NULL;                                         \
      napi_get_last_error_info((env), &info_);                                              \
      bool pending_ = false;                                                                \
      napi_is_exception_pending((env), &pending_);                                          \
      if (!pending_)                                                                        \
        napi_throw_error((env), NULL,                                                       \
                         info_ && info_->error_message ? info_->error_message : "N-API"); \
      return NULL;                                                                          \
    }                                                                                       \
  } while (0)

static void finalize(napi_env env, void *data, void *hint) {
  Connection *c = data;
  if (c->conn) PQfinish(c->conn);
  free(c);
}

/* A JavaScript string as a new C string (free it); NULL with an exception pending if not one. */
static char *c_string(napi_env env, napi_value value) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) {
    napi_throw_type_error(env, NULL, "a string was expected");
    return NULL;
  }
  char *text = malloc(length + 1);
  if (!text) {
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  napi_get_value_string_utf8(env, value, text, length + 1, &length);
  return text;
}

static Connection *connection_of(napi_env env, napi_value value) {
  Connection *c = NULL;
  if (napi_get_value_external(env, value, (void **)&c) != napi_ok || !c) {
    napi_throw_type_error(env, NULL, "a connection was expected");
    return NULL;
  }
  if (!c->conn) {
    napi_throw_error(env, NULL, "the connection is closed");
    return NULL;
  }
  return c;
}

/* Parameters: a JavaScript array of strings and nulls as C strings (NULL for SQL NULL). */
typedef struct {
  uint32_t count;
  char **values;
} Params;

static void params_free(Params *p) {
  for (uint32_t i = 0; i < p->count; i++) free(p->values[i]);
  free(p->values);
  p->values = NULL;
  p->count = 0;
}

static bool params_read(napi_env env, napi_value array, Params *p) {
  p->count = 0;
  p->values = NULL;
  uint32_t count = 0;
  if (napi_get_array_length(env, array, &count) != napi_ok) {
    napi_throw_type_error(env, NULL, "parameters must be an array");
    return false;
  }
  p->values = calloc(count ? count : 1, sizeof(char *));
  if (!p->values) {
    napi_throw_error(env, NULL, "out of memory");
    return false;
  }
  p->count = count;
  for (uint32_t i = 0; i < count; i++) {
    napi_value item;
    napi_valuetype type;
    if (napi_get_element(env, array, i, &item) != napi_ok || napi_typeof(env, item, &type) != napi_ok) {
      params_free(p);
      return false;
    }
    if (type == napi_null) continue;
    if (type != napi_string) {
      params_free(p);
      napi_throw_type_error(env, NULL, "a parameter must be a string or null");
      return false;
    }
    p->values[i] = c_string(env, item);
    if (!p->values[i]) {
      params_free(p);
      return false;
    }
  }
  return true;
}

static napi_value text(napi_env env, const char *s) {
  napi_value v;
  if (!s) {
    napi_get_undefined(env, &v);
    return v;
  }
  if (napi_create_string_utf8(env, s, NAPI_AUTO_LENGTH, &v) != napi_ok) napi_get_undefined(env, &v);
  return v;
}

/* A result as JavaScript: its rows, or PostgreSQL's error. Clears it. */
static napi_value result_value(napi_env env, PGresult *res) {
  napi_value out;
  ExecStatusType status = PQresultStatus(res);
  if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK || status == PGRES_EMPTY_QUERY ||
      status == PGRES_SINGLE_TUPLE) {
    int fields = PQnfields(res), count = PQntuples(res);
    napi_value names, types, rows, null_value;
    napi_get_null(env, &null_value);
    if (napi_create_object(env, &out) != napi_ok || napi_create_array_with_length(env, fields, &names) != napi_ok ||
        napi_create_array_with_length(env, fields, &types) != napi_ok ||
        napi_create_array_with_length(env, count, &rows) != napi_ok) {
      PQclear(res);
      return NULL;
    }
    for (int f = 0; f < fields; f++) {
      napi_value oid;
      napi_create_uint32(env, PQftype(res, f), &oid);
      napi_set_element(env, names, f, text(env, PQfname(res, f)));
      napi_set_element(env, types, f, oid);
    }
    for (int r = 0; r < count; r++) {
      napi_value row;
      napi_create_array_with_length(env, fields, &row);
      for (int f = 0; f < fields; f++) {
        napi_value cell = null_value;
        if (!PQgetisnull(res, r, f) &&
            napi_create_string_utf8(env, PQgetvalue(res, r, f), PQgetlength(res, r, f), &cell) != napi_ok) {
          PQclear(res);
          return NULL;
        }
        napi_set_element(env, row, f, cell);
      }
      napi_set_element(env, rows, r, row);
    }
    napi_set_named_property(env, out, "fields", names);
    napi_set_named_property(env, out, "types", types);
    napi_set_named_property(env, out, "rows", rows);
    napi_set_named_property(env, out, "command", text(env, PQcmdTuples(res)));
  } else {
    napi_create_object(env, &out);
    napi_set_named_property(env, out, "sqlState", text(env, PQresultErrorField(res, PG_DIAG_SQLSTATE)));
    napi_set_named_property(env, out, "primary", text(env, PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY)));
    napi_set_named_property(env, out, "detail", text(env, PQresultErrorField(res, PG_DIAG_MESSAGE_DETAIL)));
    const char *message = PQresultErrorMessage(res);
    napi_set_named_property(env, out, "message", text(env, message && *message ? message : PQresStatus(status)));
  }
  PQclear(res);
  return out;
}

/* Throws the connection's own failure: an Error with `lost` true. */
static napi_value throw_lost(napi_env env, PGconn *conn, const char *fallback) {
  const char *message = conn ? PQerrorMessage(conn) : NULL;
  napi_value error, msg, yes;
  napi_create_string_utf8(env, message && *message ? message : fallback, NAPI_AUTO_LENGTH, &msg);
  napi_create_error(env, NULL, msg, &error);
  napi_get_boolean(env, true, &yes);
  napi_set_named_property(env, error, "lost", yes);
  napi_throw(env, error);
  return NULL;
}

static napi_value js_connect(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  char *conninfo = c_string(env, argv[0]);
  if (!conninfo) return NULL;
  PGconn *conn = PQconnectdb(conninfo);
  free(conninfo);
  if (!conn) return throw_lost(env, NULL, "out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    napi_value msg, error;
    napi_create_string_utf8(env, PQerrorMessage(conn), NAPI_AUTO_LENGTH, &msg);
    PQfinish(conn);
    napi_create_error(env, NULL, msg, &error);
    napi_throw(env, error);
    return NULL;
  }
  Connection *c = malloc(sizeof *c);
  if (!c) {
    PQfinish(conn);
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  c->conn = conn;
  napi_value out;
  if (napi_create_external(env, c, finalize, NULL, &out) != napi_ok) {
    finalize(env, c, NULL);
    napi_throw_error(env, NULL, "out of memory");
    return NULL;
  }
  return out;
}

static napi_value js_close(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Connection *c = NULL;
  if (napi_get_value_external(env, argv[0], (void **)&c) == napi_ok && c && c->conn) {
    PQfinish(c->conn);
    c->conn = NULL;
  }
  return NULL;
}

static napi_value js_exec(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Connection *c = connection_of(env, argv[0]);
  if (!c) return NULL;
  char *sql = c_string(env, argv[1]);
  if (!sql) return NULL;
  napi_valuetype type = napi_null;
  if (argc > 2) napi_typeof(env, argv[2], &type);
  PGresult *res;
  if (type == napi_null || type == napi_undefined) {
    res = PQexec(c->conn, sql);
  } else {
    Params p;
    if (!params_read(env, argv[2], &p)) {
      free(sql);
      return NULL;
    }
    res = PQexecParams(c->conn, sql, (int)p.count, NULL, (const char *const *)p.values, NULL, NULL, 0);
    params_free(&p);
  }
  free(sql);
  if (!res) return throw_lost(env, c->conn, "no answer");
  return result_value(env, res);
}

/* Sends one op of a pipeline; false with an exception pending or the connection failing. */
static bool send_op(napi_env env, PGconn *conn, napi_value op, bool *failed) {
  napi_value kind_value, a, b;
  int32_t kind = -1;
  if (napi_get_element(env, op, 0, &kind_value) != napi_ok || napi_get_value_int32(env, kind_value, &kind) != napi_ok ||
      napi_get_element(env, op, 1, &a) != napi_ok || napi_get_element(env, op, 2, &b) != napi_ok) {
    napi_throw_type_error(env, NULL, "an op is [kind, …]");
    return false;
  }
  int sent = 0;
  if (kind == 0 || kind == 2) {
    char *first = c_string(env, a);
    if (!first) return false;
    Params p;
    if (!params_read(env, b, &p)) {
      free(first);
      return false;
    }
    sent = kind == 0 ? PQsendQueryParams(conn, first, (int)p.count, NULL, (const char *const *)p.values, NULL, NULL, 0)
                     : PQsendQueryPrepared(conn, first, (int)p.count, (const char *const *)p.values, NULL, NULL, 0);
    params_free(&p);
    free(first);
  } else if (kind == 1) {
    napi_value n;
    int32_t nparams = 0;
    if (napi_get_element(env, op, 3, &n) != napi_ok || napi_get_value_int32(env, n, &nparams) != napi_ok) {
      napi_throw_type_error(env, NULL, "a parse is [1, name, sql, nParams]");
      return false;
    }
    char *name = c_string(env, a);
    if (!name) return false;
    char *sql = c_string(env, b);
    if (!sql) {
      free(name);
      return false;
    }
    sent = PQsendPrepare(conn, name, sql, nparams, NULL);
    free(name);
    free(sql);
  } else {
    napi_throw_type_error(env, NULL, "an op's kind is 0, 1 or 2");
    return false;
  }
  if (!sent) *failed = true;
  return true;
}

static napi_value js_pipeline(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  Connection *c = connection_of(env, argv[0]);
  if (!c) return NULL;
  PGconn *conn = c->conn;
  uint32_t count = 0;
  if (napi_get_array_length(env, argv[1], &count) != napi_ok) {
    napi_throw_type_error(env, NULL, "ops must be an array");
    return NULL;
  }
  if (!PQenterPipelineMode(conn)) return throw_lost(env, conn, "cannot enter pipeline mode");
  bool failed = false;
  for (uint32_t i = 0; i < count && !failed; i++) {
    napi_value op;
    if (napi_get_element(env, argv[1], i, &op) != napi_ok || !send_op(env, conn, op, &failed)) {
      /* A bad op (the caller's mistake) leaves statements queued that must not run: the
       * connection cannot be reused, so it is reported as lost once the exception is raised. */
      PQfinish(conn);
      c->conn = NULL;
      return NULL;
    }
  }
  if (failed || !PQpipelineSync(conn)) return throw_lost(env, conn, "cannot send");
  napi_value results;
  CALL(env, napi_create_array_with_length(env, count, &results));
  for (uint32_t i = 0; i < count; i++) {
    PGresult *res = PQgetResult(conn);
    if (!res) return throw_lost(env, conn, "no answer");
    napi_value value;
    if (PQresultStatus(res) == PGRES_PIPELINE_ABORTED) {
      PQclear(res);
      napi_get_null(env, &value);
    } else {
      value = result_value(env, res);
      if (!value) return NULL;
    }
    napi_set_element(env, results, i, value);
    /* Each statement's answer ends with a NULL before the next one's. */
    PGresult *end = PQgetResult(conn);
    if (end) {
      PQclear(end);
      return throw_lost(env, conn, "an answer out of step");
    }
  }
  PGresult *sync = PQgetResult(conn);
  bool synced = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
  if (sync) PQclear(sync);
  if (!synced || !PQexitPipelineMode(conn)) return throw_lost(env, conn, "the pipeline did not end");
  return results;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor props[] = {
      {"connect", NULL, js_connect, NULL, NULL, NULL, napi_enumerable, NULL},
      {"close", NULL, js_close, NULL, NULL, NULL, napi_enumerable, NULL},
      {"exec", NULL, js_exec, NULL, NULL, NULL, napi_enumerable, NULL},
      {"pipeline", NULL, js_pipeline, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  if (napi_define_properties(env, exports, sizeof props / sizeof props[0], props) != napi_ok) return NULL;
  return exports;
}
