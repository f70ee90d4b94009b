import type { DbOrTx } from '../../db/connect';
import { contactMessages } from '../../db/schema';

/** The contact form's messages, kept as they came in. */

export async function insertContactMessage(
  db: DbOrTx,
  message: {
    fullName: string;
    email: string;
    message: string;
    newsletter: boolean;
    partnership: boolean;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row.id;
}
