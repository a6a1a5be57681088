import { writeFile } from 'node:fs/promises';
import { DB_TYPES_FILE, generateDbTypes } from '../apps/server/src/platform/db/db-types.ts';

// Writes apps/server/src/platform/db/db-types.generated.ts from the migrations: run it after adding one.
await writeFile(DB_TYPES_FILE, await generateDbTypes());
console.log(`wrote ${DB_TYPES_FILE.pathname}`);
