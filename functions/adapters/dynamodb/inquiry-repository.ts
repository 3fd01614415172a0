/**
 * The concierge desk's inquiries in the table (issue 31; keys in `keys.ts`):
 * - `INQUIRY#<id>` / `INQUIRY`, type `Inquiry`: the inquiry (status, deadline, guest, experience) with its admin
 *   list keys in GSI2 (`INQUIRIES`, `group#replyDueAt#id`: new by deadline, then answered and waiting, then closed);
 * - `INQUIRY#<id>` / `MESSAGE#<at>#<seq>`, type `InquiryMessage`: the conversation, oldest first;
 * - `INQUIRY#<id>` / `OFFER#<offerId>`: the offers backend's links (read by `InquiryOffers`, never here);
 * - `INQUIRY_TOKEN#<token>` / `INQUIRY_TOKEN` → the inquiry id (the guest's private link).
 * Every change goes with its outbox mails in one transaction.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../domain/errors';
import type { Inquiry, InquiryMessage, InquiryStatus } from '../../domain/inquiries';
import type { InquiryConversation, InquiryRepository } from '../../use-cases/concierge/inquiry-ports';
import type { OutboxMail } from '../../use-cases/mail-ports';
import type { Page, PageRequest } from '../../use-cases/ports';
import { fromItem, toItem, type Item } from './items';
import { INQUIRY_LIST, INQUIRY_MESSAGE_SORT_KEY_PREFIX, itemTypes, keys, sortableInstant } from './keys';
import { outboxPuts } from './mail-outbox';
import { queryAll, queryCount, queryPage, type KeyQuery } from './pagination';
import { TransactionCancelledError, transactWrite } from './transactions';

/** Japanese, as every back-office 404/409; the guest routes answer their own 404 first. */
export const inquiryRepositoryMessages = {
  notFound: '問い合わせが見つかりませんでした。',
  changed: 'この問い合わせは他の操作で更新されました。画面を再読み込みしてからもう一度お試しください。',
} as const;

/** A short random part that keeps two messages of the same millisecond apart. */
const messageSeq = () => randomBytes(4).toString('hex');

export class DynamoInquiryRepository implements InquiryRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private inquiryItem(inquiry: Inquiry): Item {
    return toItem(inquiry, {
      ...keys.inquiry(inquiry.id),
      type: itemTypes.inquiry,
      ...keys.inquiryListIndex(inquiry),
    });
  }

  private messagePut(inquiryId: string, message: InquiryMessage) {
    return {
      Put: {
        TableName: this.tableName,
        Item: toItem(message, {
          ...keys.inquiryMessage(inquiryId, message.createdAt, messageSeq()),
          type: itemTypes.inquiryMessage,
        }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  async create(inquiry: Inquiry, first: InquiryMessage, mails: OutboxMail[], now: Date): Promise<void> {
    await transactWrite(this.doc, () => [
      {
        Put: {
          TableName: this.tableName,
          Item: this.inquiryItem(inquiry),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.inquiryToken(inquiry.token), type: itemTypes.inquiryToken, inquiryId: inquiry.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      this.messagePut(inquiry.id, first),
      ...outboxPuts(this.tableName, mails, now),
    ]);
  }

  async get(id: string): Promise<InquiryConversation | null> {
    const items = await queryAll(this.doc, this.tableName, {
      partition: keys.inquiryPartition(id),
      ascending: true,
    });
    const head = items.find((i) => i.SK === 'INQUIRY');
    if (!head) return null;
    const messages = items
      .filter((i) => String(i.SK).startsWith(INQUIRY_MESSAGE_SORT_KEY_PREFIX))
      .map((i) => {
        const { from, text, createdAt } = fromItem<InquiryMessage>(i);
        return { from, text, createdAt };
      });
    return { inquiry: fromItem<Inquiry>(head), messages };
  }

  async idOfToken(token: string): Promise<string | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.inquiryToken(token) }),
    );
    return typeof out.Item?.inquiryId === 'string' ? out.Item.inquiryId : null;
  }

  async update(
    seen: Pick<Inquiry, 'id' | 'status' | 'replyDueAt' | 'lastMessageAt'>,
    change: { status: InquiryStatus; replyDueAt: string; message?: InquiryMessage },
    mails: OutboxMail[],
    now: Date,
  ): Promise<void> {
    const index = keys.inquiryListIndex({ id: seen.id, ...change });
    try {
      await transactWrite(this.doc, () => [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.inquiry(seen.id),
            UpdateExpression: change.message
              ? 'SET #status = :status, #due = :due, #gpk = :gpk, #gsk = :gsk, #last = :last'
              : 'SET #status = :status, #due = :due, #gpk = :gpk, #gsk = :gsk',
            // Only over the inquiry as read: the list keys embed its deadline, and a message that arrived meanwhile
            // (a guest's answer, a reply) must not be overtaken by a status decided without it.
            ConditionExpression: 'attribute_exists(PK) AND #due = :seenDue AND #last = :seenLast',
            ExpressionAttributeNames: {
              '#status': 'status',
              '#due': 'replyDueAt',
              '#gpk': 'GSI2PK',
              '#gsk': 'GSI2SK',
              '#last': 'lastMessageAt',
            },
            ExpressionAttributeValues: {
              ':status': change.status,
              ':due': change.replyDueAt,
              ':gpk': index.GSI2PK,
              ':gsk': index.GSI2SK,
              ':seenDue': seen.replyDueAt,
              ':seenLast': seen.lastMessageAt,
              ...(change.message ? { ':last': change.message.createdAt } : {}),
            },
          },
        },
        ...(change.message ? [this.messagePut(seen.id, change.message)] : []),
        ...outboxPuts(this.tableName, mails, now),
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0))
        throw new DomainError('state_conflict', inquiryRepositoryMessages.changed);
      throw e;
    }
  }

  async list(filter: { status?: InquiryStatus } & PageRequest): Promise<Page<Inquiry>> {
    const page = await queryPage(this.doc, this.tableName, listQuery(filter.status), {
      ...(filter.cursor ? { cursor: filter.cursor } : {}),
      ...(filter.limit ? { limit: filter.limit } : {}),
    });
    return {
      items: page.items.map((i) => fromItem<Inquiry>(i)),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    };
  }

  async counts(now: Date): Promise<{ open: number; overdue: number }> {
    const [open, overdue] = await Promise.all([
      queryCount(this.doc, this.tableName, {
        index: 'GSI2',
        partition: INQUIRY_LIST,
        sortCondition: '#sk < :closed',
        sortValues: { ':closed': '2' },
        ascending: true,
      }),
      queryCount(this.doc, this.tableName, {
        index: 'GSI2',
        partition: INQUIRY_LIST,
        // Group 0 up to now: new inquiries whose deadline has passed (reads only those).
        sortCondition: '#sk BETWEEN :from AND :now',
        sortValues: { ':from': '0#', ':now': `0#${sortableInstant(now.toISOString())}` },
        ascending: true,
        filter: { expression: '#status = :new', names: { '#status': 'status' }, values: { ':new': 'new' } },
      }),
    ]);
    return { open, overdue };
  }
}

/**
 * The list's query: every inquiry by group and deadline, or one status. The status is checked on the item itself
 * too (a filter), so an inquiry whose keys another writer left in the old group never shows under the wrong
 * status; each status reads only its own group (answered and waiting also read group 0 for such items).
 */
function listQuery(status: InquiryStatus | undefined): KeyQuery {
  const base = { index: 'GSI2' as const, partition: INQUIRY_LIST, ascending: true };
  if (!status) return base;
  const filter = {
    expression: '#status = :status',
    names: { '#status': 'status' },
    values: { ':status': status },
  };
  switch (status) {
    case 'new':
      return { ...base, sortCondition: 'begins_with(#sk, :group)', sortValues: { ':group': '0#' }, filter };
    case 'closed':
      return { ...base, sortCondition: 'begins_with(#sk, :group)', sortValues: { ':group': '2#' }, filter };
    default:
      return { ...base, sortCondition: '#sk < :closed', sortValues: { ':closed': '2' }, filter };
  }
}
