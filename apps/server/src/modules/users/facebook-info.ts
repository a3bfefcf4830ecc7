/** The Facebook identity a user connected an integration with (users.facebook_info), shown on their account. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Records the Facebook user (Meta's /me id and name) the user connected as. */
export async function setFacebookInfo(
  db: Db,
  userId: string,
  info: { id: string; name: string },
): Promise<void> {
  await db
    .update(users)
    .set({ facebookInfo: { id: info.id, name: info.name } })
    .where(eq(users.id, userId));
}
