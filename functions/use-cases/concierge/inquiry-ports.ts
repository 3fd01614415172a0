/**
 * The inquiry store of the concierge desk (issue 31; adapter: `adapters/dynamodb/inquiry-repository.ts`). Every
 * change writes its mails to the outbox in the same transaction: no acknowledgement without the inquiry, no reply
 * stored without its mail.
 */
import type { Inquiry, InquiryMessage, InquiryStatus } from '../../domain/inquiries';
import type { OutboxMail } from '../mail-ports';
import type { Page, PageRequest } from '../ports';

export interface InquiryConversation {
  inquiry: Inquiry;
  /** Oldest first. */
  messages: InquiryMessage[];
}

export interface InquiryRepository {
  /** The inquiry, its token pointer, its first message and the mails, in one transaction. */
  create(inquiry: Inquiry, first: InquiryMessage, mails: OutboxMail[], now: Date): Promise<void>;
  get(id: string): Promise<InquiryConversation | null>;
  /** The inquiry a conversation link stands for, or null. */
  idOfToken(token: string): Promise<string | null>;
  /**
   * Adds a message and moves the inquiry to `status` (with `replyDueAt`, a fresh deadline for a guest message),
   * with the mails, in one transaction. Only while the inquiry is still as `seen` was read (its deadline and last
   * message): `state_conflict` when it changed meanwhile. `message` absent: only the status changes (closing).
   */
  update(
    seen: Pick<Inquiry, 'id' | 'status' | 'replyDueAt' | 'lastMessageAt'>,
    change: { status: InquiryStatus; replyDueAt: string; message?: InquiryMessage },
    mails: OutboxMail[],
    now: Date,
  ): Promise<void>;
  /** The admin's list: `new` (overdue first, then the nearest deadline), then answered and waiting, then closed. */
  list(filter: { status?: InquiryStatus } & PageRequest): Promise<Page<Inquiry>>;
  /** The dashboard's figures, read from the list index (open inquiries only), never by counting the table. */
  counts(now: Date): Promise<{ open: number; overdue: number }>;
}
