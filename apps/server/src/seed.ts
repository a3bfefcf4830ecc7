import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { systemState, users } from './db/schema.js';
import { addMember, createClient } from './modules/clients/index.js';
import { ensureDemoData } from './modules/performance/index.js';
import { createUser, setDemoMode } from './modules/users/index.js';

export const DEMO_CLIENT_NAME = 'Demo Store';
export const DEMO_ADMIN_EMAIL = 'admin@adloom.local';

/**
 * On an empty database: a demo client and an admin (also staff, to open the portal) with a random
 * password, the admin in demo mode over the client's demo performance data, so a fresh install shows
 * living dashboards (one click turns demo mode off). Returns the sign-in to print once; later starts
 * return null.
 */
export async function seedEmptyDatabase(
  db: Db,
): Promise<{ email: string; password: string; clientId: string } | null> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return null;
  const [done] = await db.select().from(systemState).where(eq(systemState.key, 'demo_seeded'));
  if (done) return null;
  const password = randomBytes(9).toString('base64url');
  const client = await createClient(db, { name: DEMO_CLIENT_NAME, planStatus: 'paying' });
  const admin = await createUser(db, {
    email: DEMO_ADMIN_EMAIL,
    password,
    firstName: 'Demo',
    lastName: 'Admin',
    isStaff: true,
    emailVerified: true,
  });
  await addMember(db, { userId: admin.id, clientId: client.id, isAdmin: true });
  await setDemoMode(db, admin.id, true);
  await ensureDemoData(db, client.id);
  await db.insert(systemState).values({ key: 'demo_seeded', value: { at: new Date().toISOString() } });
  return { email: admin.email, password, clientId: client.id };
}
