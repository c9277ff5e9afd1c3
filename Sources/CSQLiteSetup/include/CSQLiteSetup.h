#ifndef CSQLITESETUP_H
#define CSQLITESETUP_H

/// Puts SQLite in multi-thread mode with memory statistics off, before any connection opens.
///
/// GRDB already gives each connection to one thread at a time, so SQLite's own per-call
/// mutexes (serialized mode, the Debian default) are pure overhead on bulk inserts.
/// sqlite3_config is variadic, which Swift cannot call: hence this C shim.
/// Returns 0 on success; a non-zero SQLite code when SQLite was already initialized.
int vitals_sqlite_configure(void);

#endif
