import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: Executor,
  values: typeof contactMessages.$inferInsert,
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row as ContactMessageRow;
}

/** Newest first. */
export async function findContactMessages(db: Executor, page?: { limit: number; offset: number }) {
  const query = db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countContactMessages(db: Executor) {
  const [row] = await db.select({ value: count() }).from(contactMessages);
  return row?.value ?? 0;
}

export async function markContactMessageRead(db: Executor, id: number) {
  const [row] = await db
    .update(contactMessages)
    .set({ isRead: true })
    .where(eq(contactMessages.id, id))
    .returning();
  return row ?? null;
}
