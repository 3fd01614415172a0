import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HostSuspension } from '../../domain/back-office-views';
import type { Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { HOST_ALREADY_SUSPENDED_MESSAGE, HOST_NOT_SUSPENDED_MESSAGE } from '../../domain/repository-messages';
import type { HostRepository, HostUpdateOptions, Page, PageRequest } from '../../use-cases/ports';
import { batchGetAll } from './batch';
import { bumpCounter } from './counter-repository';
import { fromItem, toItem, type Item } from './items';
import { outboxPuts } from './mail-outbox';
import { counters, itemTypes, keys } from './keys';
import { queryPage } from './pagination';
import {
  TransactionCancelledError,
  transactWrite,
  type TransactItem,
  isConditionalCheckFailed,
} from './transactions';

const EMAIL_TAKEN = 'This e-mail address is already registered';
const ALREADY_SUSPENDED = HOST_ALREADY_SUSPENDED_MESSAGE;
const NOT_SUSPENDED = HOST_NOT_SUSPENDED_MESSAGE;
const hostNotFound = (id: string) => new DomainError('not_found', `Host ${id} not found`);
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class DynamoHostRepository implements HostRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(host: Host): Promise<void> {
    try {
      await transactWrite(this.doc, () => [
        {
          Put: {
            TableName: this.tableName,
            Item: this.hostItem(host),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        this.putEmail(host),
        bumpCounter(this.tableName, counters.hosts),
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(1)) {
        throw new DomainError('duplicate', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        throw new DomainError('duplicate', `Host ${host.id} already exists`);
      }
      throw e;
    }
  }

  /**
   * Replaces the host. A changed e-mail moves its uniqueness item in the same transaction; the host write is
   * conditional on the e-mail read before, so two concurrent changes cannot leave a uniqueness item behind.
   */
  async update(host: Host, options: HostUpdateOptions = {}): Promise<void> {
    const current = await this.get(host.id, true);
    if (!current) throw new DomainError('not_found', `Host ${host.id} not found`);
    const underReview = options.onlyIfUnderReview === true;
    const putHost: TransactItem = {
      Put: {
        TableName: this.tableName,
        Item: this.hostItem(host),
        ConditionExpression:
          'attribute_exists(PK) AND #email = :currentEmail' +
          (underReview ? ' AND #reviewStatus = :underReview' : ''),
        ExpressionAttributeNames: {
          '#email': 'email',
          ...(underReview ? { '#reviewStatus': 'reviewStatus' } : {}),
        },
        ExpressionAttributeValues: {
          ':currentEmail': current.email,
          ...(underReview ? { ':underReview': 'underReview' } : {}),
        },
      },
    };
    const emailMoves = !sameEmail(current.email, host.email);
    // The mails the change causes (the approval's) go in with it (DESIGN §4f), after the items above.
    const mails = options.now ? outboxPuts(this.tableName, options.mails, options.now) : [];
    try {
      if (!emailMoves && mails.length > 0) {
        await transactWrite(this.doc, () => [putHost, ...mails]);
        return;
      }
      if (!emailMoves) {
        // Same address (perhaps in another case): the uniqueness item, keyed by the lower-cased address, stays.
        await this.doc.send(new PutCommand(putHost.Put as NonNullable<TransactItem['Put']>));
        return;
      }
      await transactWrite(this.doc, () => [
        putHost,
        {
          Delete: {
            TableName: this.tableName,
            Key: keys.hostEmail(current.email),
            // Absent is fine too (nothing to free); another host's item is not ours to delete.
            ConditionExpression: 'attribute_not_exists(PK) OR #hostId = :hostId',
            ExpressionAttributeNames: { '#hostId': 'hostId' },
            ExpressionAttributeValues: { ':hostId': host.id },
          },
        },
        this.putEmail(host),
        ...mails,
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && emailMoves && e.conditionFailedAt(2)) {
        throw new DomainError('duplicate', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      const hostChanged =
        isConditionalCheckFailed(e) ||
        (e instanceof TransactionCancelledError && (e.conditionFailedAt(0) || e.conditionFailedAt(1)));
      if (hostChanged) {
        if (!(await this.get(host.id, true))) throw new DomainError('not_found', `Host ${host.id} not found`);
        throw new DomainError(
          'state_conflict',
          'The host was changed at the same time; reload and try again',
        );
      }
      throw e;
    }
  }

  async get(id: string, consistent = false): Promise<Host | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.host(id), ConsistentRead: consistent }),
    );
    return out.Item ? fromItem<Host>(out.Item) : null;
  }

  /** Case-insensitive: the uniqueness item is keyed by the lower-cased address and points at the host. */
  async getByEmail(email: string): Promise<Host | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.hostEmail(email) }),
    );
    const hostId = out.Item?.hostId;
    return typeof hostId === 'string' ? this.get(hostId) : null;
  }

  async getMany(ids: readonly string[]): Promise<Host[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const items = await batchGetAll(
      this.doc,
      this.tableName,
      unique.map((id) => keys.host(id)),
    );
    return items.map((i) => fromItem<Host>(i));
  }

  list(page?: PageRequest): Promise<Page<Host>> {
    return this.newestFirst('GSI1', keys.hostsNewest, page);
  }

  listUnderReview(page?: PageRequest): Promise<Page<Host>> {
    return this.newestFirst('GSI2', keys.hostsUnderReview, page);
  }

  private async newestFirst(
    index: 'GSI1' | 'GSI2',
    partition: string,
    page?: PageRequest,
  ): Promise<Page<Host>> {
    const result = await queryPage(this.doc, this.tableName, { index, partition, ascending: false }, page);
    return { ...result, items: result.items.map((i) => fromItem<Host>(i)) };
  }

  async suspend(hostId: string, suspension: HostSuspension, options: HostUpdateOptions = {}): Promise<void> {
    const mails = options.now ? outboxPuts(this.tableName, options.mails, options.now) : [];
    try {
      await transactWrite(this.doc, () => [
        {
          ConditionCheck: {
            TableName: this.tableName,
            Key: keys.host(hostId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: toItem(suspension, {
              ...keys.hostSuspension(hostId),
              type: itemTypes.hostSuspension,
              hostId,
            }),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: this.tableName,
            Key: keys.suspendedHosts,
            UpdateExpression: 'SET #type = :type ADD #hostIds :ids',
            ExpressionAttributeNames: { '#type': 'type', '#hostIds': 'hostIds' },
            ExpressionAttributeValues: { ':type': itemTypes.suspendedHosts, ':ids': new Set([hostId]) },
          },
        },
        ...mails,
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) throw hostNotFound(hostId);
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(1)) {
        throw new DomainError('state_conflict', ALREADY_SUSPENDED);
      }
      throw e;
    }
  }

  async reinstate(hostId: string, options: HostUpdateOptions = {}): Promise<void> {
    const mails = options.now ? outboxPuts(this.tableName, options.mails, options.now) : [];
    try {
      await transactWrite(this.doc, () => [
        {
          Delete: {
            TableName: this.tableName,
            Key: keys.hostSuspension(hostId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        {
          Update: {
            TableName: this.tableName,
            Key: keys.suspendedHosts,
            // The set attribute disappears with its last member; DELETE of an absent set is a no-op.
            UpdateExpression: 'DELETE #hostIds :ids',
            ExpressionAttributeNames: { '#hostIds': 'hostIds' },
            ExpressionAttributeValues: { ':ids': new Set([hostId]) },
          },
        },
        ...mails,
      ]);
    } catch (e) {
      if (e instanceof TransactionCancelledError && e.conditionFailedAt(0)) {
        if (!(await this.get(hostId))) throw hostNotFound(hostId);
        throw new DomainError('state_conflict', NOT_SUSPENDED);
      }
      throw e;
    }
  }

  async suspensionOf(hostId: string): Promise<HostSuspension | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.hostSuspension(hostId), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    const { hostId: _hostId, ...suspension } = fromItem<HostSuspension & { hostId: string }>(out.Item);
    return { ...suspension, reason: suspension.reason ?? null };
  }

  async suspendedHostIds(): Promise<ReadonlySet<string>> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.suspendedHosts }));
    const ids: unknown = out.Item?.hostIds;
    return ids instanceof Set ? new Set([...ids].map(String)) : new Set();
  }

  private hostItem(host: Host): Item {
    return toItem(host, {
      ...keys.host(host.id),
      type: itemTypes.host,
      ...keys.hostIndex(host.createdAt, host.id),
      ...(host.reviewStatus === 'underReview' ? keys.hostUnderReviewIndex(host.createdAt, host.id) : {}),
    });
  }

  private putEmail(host: Host): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.hostEmail(host.email),
          type: itemTypes.hostEmail,
          hostId: host.id,
          email: host.email,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
}
