import type { ContactCreated, ContactData, ContactMessage } from '@candor/contract/contact';
import type { PageQuery } from '@candor/contract/pagination';
import type { AppContext } from '../../context';
import { sealedColumns } from '../../db/sealed-columns';
import { NotFoundError } from '../../lib/errors';
import { listOrPage } from '../../lib/pagination';
import { insertAuditEntry } from '../audit/audit.service';
import type { AuthUser } from '../auth/caller';
import { findSuperuserIds } from '../deadlines/deadlines.service';
import { createNotifications } from '../notifications/notifications.service';
import * as repo from './contact.repository';

/** The message body is sealed at rest (docs/protection.md "Protecting reporters"): people write sensitive things here too. */
const MESSAGE_PURPOSE = sealedColumns.contactMessage.purpose;

/** Stores a contact form message and tells every superuser, in one transaction. */
export async function submitMessage(ctx: AppContext, input: ContactData): Promise<ContactCreated> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertContactMessage(tx, {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: ctx.sealer.seal(input.message, MESSAGE_PURPOSE),
    });
    const superuserIds = await findSuperuserIds(tx);
    await createNotifications(
      ctx,
      tx,
      superuserIds.map((userId) => ({ userId, message: `New contact message: ${input.subject}` })),
    );
    return { id: row.id, created_at: row.createdAt.toISOString() };
  });
}

function toMessage(ctx: AppContext, row: repo.ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: ctx.sealer.openText(row.message, MESSAGE_PURPOSE),
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** The inbox, newest first; a page when asked for (docs/api.md "The API"). */
export async function listMessages(ctx: AppContext, query: PageQuery) {
  return listOrPage(query, {
    find: async (page) =>
      (await repo.findContactMessages(ctx.db, page)).map((row) => toMessage(ctx, row)),
    count: () => repo.countContactMessages(ctx.db),
  });
}

export async function markRead(
  ctx: AppContext,
  superuser: AuthUser,
  id: number,
): Promise<ContactMessage> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.markContactMessageRead(tx, id);
    if (!row) throw new NotFoundError();
    await insertAuditEntry(tx, {
      actorUserId: superuser.id,
      actorRole: 'superuser',
      action: 'contact.read',
      objectType: 'contact_message',
      objectId: row.id,
    });
    return toMessage(ctx, row);
  });
}
