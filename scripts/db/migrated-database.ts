// Test support: a throw-away workspace with every migration applied and a Prisma client
// on it — what the db client, seed and admin:create tests each start from.
import { createDatabaseClient, type Database } from '../../app/_lib/db';
import { deployMigrations } from './deploy';
import { tempWorkspace, type TempWorkspace } from './temp-workspace';

export interface MigratedDatabase {
  ws: TempWorkspace;
  client: Database;
  /** disconnect the client and delete the workspace */
  close(): Promise<void>;
}

export async function migratedDatabase(): Promise<MigratedDatabase> {
  const ws = tempWorkspace();
  const deployed = await deployMigrations(ws);
  if (!deployed.ok) {
    ws.remove();
    throw new Error(deployed.error);
  }
  const client = createDatabaseClient(ws.databaseFile);
  return {
    ws,
    client,
    close: async () => {
      await client.$disconnect();
      ws.remove();
    },
  };
}
