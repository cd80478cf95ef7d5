process.env.TEST_DB_KIND = 'pglite';
// The server's log in the tests: its errors, not a line per request (foundation/log.ts).
process.env.LOG_LEVEL ??= 'error';
