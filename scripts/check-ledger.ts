import { loadConfig } from '../apps/server/src/config.ts';
import { checkLedger } from '../apps/server/src/features/finance/index.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';

// The ledger check anyone can run (issue 13): every txn balances, and every amount kept beside the ledger (a red
// packet's remaining money, grabs, paid orders, withdrawals under review) equals the sum of the entries that account
// for it, for every agent. Reads the database the server would (DATABASE_URL, else the PGlite in DATA_DIR); while
// the server runs on PGlite, stop it first (PGlite opens its directory in one process only). Prints the findings as
// JSON and exits 1 when there are problems:
//
//   npx node scripts/check-ledger.ts

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: false });
try {
  const result = await checkLedger(database.db, null);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
