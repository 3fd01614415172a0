/**
 * Every key of the single table, in one module, named after the access pattern it serves (DESIGN §5).
 * Items keep `type` (the entity) beside their keys. Time-ordered sort keys start with an ISO-8601 UTC
 * timestamp (`toISOString()`, normalised by `sortableInstant` whatever offset the entity carries), which sorts
 * lexicographically; ids are appended to keep keys unique. Only items of published experiences have CARD items,
 * only active categories have GSI1 keys, only waiting bookings have GSI5 keys, only requests (not bare holds) have
 * the list keys GSI1–GSI4, GSI6 and GSI7, and only bookings a job still owes work have GSI8 keys (sparse indexes).
 *
 * | Access pattern                                  | Key / index                                                  | Operation        |
 * |-------------------------------------------------|--------------------------------------------------------------|------------------|
 * | experience by id                                | PK=EXPERIENCE#id SK=EXPERIENCE                               | GetItem          |
 * | published cards, newest first                   | GSI1 PK=CARDS SK=createdAt#id                                | Query (desc)     |
 * | published cards, lowest price first             | GSI2 PK=CARDS SK=price(12 digits)#id                         | Query (asc)      |
 * | published cards of a prefecture                 | GSI3 PK=CARDS#PREFECTURE#lower(pref) SK=createdAt#id         | Query (desc)     |
 * | published cards of a prefecture by price        | GSI4 PK=CARDS#PREFECTURE#lower(pref)#PRICE SK=price#id       | Query (asc)      |
 * | published cards of a category, newest first     | GSI2 PK=CARDS#CATEGORY#c SK=createdAt#id (link, sparse)      | Query + BatchGet |
 * | published cards of a category by price          | GSI3 PK=CARDS#CATEGORY#c#PRICE SK=price#id (link, sparse)    | Query + BatchGet |
 * | an experience's search entry (index document)   | PK=EXPERIENCE#id SK=SEARCH_ENTRY                             | Put (txn)        |
 * | search entries changed since (index catch-up)   | GSI5 PK=SEARCH#CHANGES SK=changedAt#id                       | Query (> since)  |
 * | full-text search over published cards           | the search index (S3 snapshot + the changes above) → BatchGet| in memory + Get  |
 * | a host's experiences, newest first (and count)  | GSI1 PK=HOST#h#EXPERIENCES SK=createdAt#id                   | Query (desc)     |
 * | an experience's categories                      | PK=EXPERIENCE#id SK begins_with CATEGORY#                    | Query            |
 * | slot counters/overrides of a date range         | PK=EXPERIENCE#id SK between SLOT#from and SLOT#to#~          | Query            |
 * | tour days (held quarter hours, closed day)      | PK=EXPERIENCE#id SK between TOUR_DAY#from and TOUR_DAY#to    | Query            |
 * | category by id                                  | PK=CATEGORY#id SK=CATEGORY                                   | GetItem          |
 * | active categories by name                       | GSI1 PK=CATEGORIES#ACTIVE SK=lower(name)#id                  | Query            |
 * | host by id                                      | PK=HOST#id SK=HOST                                           | GetItem          |
 * | host by e-mail (uniqueness)                     | PK=HOST_EMAIL#lower(email) SK=HOST_EMAIL → host              | GetItem × 2      |
 * | hosts, newest first                             | GSI1 PK=HOSTS SK=createdAt#id                                | Query (desc)     |
 * | hosts under review, newest first (sparse)       | GSI2 PK=HOSTS#UNDER_REVIEW SK=createdAt#id                   | Query (desc)     |
 * | booking by id                                   | PK=BOOKING#id SK=BOOKING                                     | GetItem          |
 * | booking by reference (uniqueness, lookup)       | PK=BOOKING_REF#ref SK=BOOKING_REF → booking                  | GetItem × 2      |
 * | booking by payment intent id                    | PK=PAYMENT#pi SK=PAYMENT → booking                           | GetItem × 2      |
 * | a host's bookings, newest first (and 5 latest)  | GSI1 PK=HOST#h#BOOKINGS SK=createdAt#id                      | Query (desc)     |
 * | all bookings, newest first                      | GSI2 PK=BOOKINGS#0…7 SK=createdAt#id (8 shards by id, and    | Query ×9 (desc)  |
 * |                                                 |   the old BOOKINGS until its back-fill), merged by sort key  | + merge          |
 * | bookings of a status, newest first              | GSI3 PK=BOOKINGS#STATUS#status#0…7 SK=createdAt#id (shards,  | Query ×9 (desc)  |
 * |                                                 |   and the old BOOKINGS#STATUS#status), merged by sort key    | + merge          |
 * | bookings created in a Tokyo month               | GSI4 PK=BOOKINGS#MONTH#yyyy-MM#0…7 SK=createdAt#id (shards,  | Query ×9 (desc)  |
 * |                                                 |   and the old BOOKINGS#MONTH#yyyy-MM), merged by sort key    | + merge          |
 * | open bookings by deadline (expiry job, host     | GSI5 PK=DEADLINES#0…7 SK=deadline#id (sparse, 8 shards by    | Query ×8 (≤ now) |
 * |   reminders, admin's nearest pending deadlines) |   id), merged by deadline                                    | + merge          |
 * | number of pending requests (admin dashboard)    | GSI3 PK=BOOKINGS#STATUS#pending#0…7 (and the old key)        | Select COUNT ×9  |
 * | a host's bookings by tour date (day view, open) | GSI6 PK=HOST#h#BOOKINGS_BY_DATE SK=date#time#id              | Query (range)    |
 * | a guest's bookings by e-mail (admin search)     | GSI7 PK=BOOKINGS#EMAIL#lower(email) SK=createdAt#id          | Query (desc)     |
 * | mails due for delivery (outbox sender)          | GSI5 PK=MAILS#DUE#0…7 SK=dueAt#id (sparse, 8 shards by id)   | Query ×8 (≤ now) |
 * | failed mails, newest first (admin)              | GSI3 PK=MAILS#FAILED SK=failedAt#id (sparse)                 | Query (desc)     |
 * | admin text search over bookings                 | GSI2 / GSI3 as above, merged, filtered in the Lambda, bounded| Query ×9 (desc)  |
 * | a host's suspension                             | PK=HOST#id SK=SUSPENSION                                     | GetItem          |
 * | every suspended host (catalogue filter)         | PK=SUSPENDED_HOSTS SK=SUSPENDED_HOSTS (string set hostIds)   | GetItem          |
 * | dashboard counters                              | PK=COUNTER#name SK=SHARD#n                                   | Query (sum)      |
 * | hold a tour's time and write a booking          | start + 1–3 TOUR_DAY + BOOKING + BOOKING_REF                 | TransactWrite    |
 * | rate-limit counter of a key's fixed window      | PK=RATE_LIMIT#key SK=WINDOW#windowStart (TTL expiresAt)      | UpdateItem (ADD) |
 * | live leases of a key (open holds of a client)   | PK=LEASES#key SK=LEASES (map of lease → expiry, TTL)         | cond. Update     |
 * | payment event already handled (idempotency)     | PK=PROCESSED_EVENT#eventId SK=PROCESSED_EVENT (TTL expiresAt)| Get / cond. Put  |
 * | approved / pending bookings (back-fills' walks) | GSI3 PK=BOOKINGS#STATUS#status#0…7 and old key, one by one   | Query            |
 * | a scheduled mail already written (once only)    | PK=SCHEDULED_MAIL#key SK=SCHEDULED_MAIL (TTL expiresAt)      | cond. Put (txn)  |
 * | completed tours (due-key back-fill's walk)      | GSI3 PK=BOOKINGS#STATUS#completed#0…7 and old key, one by one| Query            |
 * | review by id                                    | PK=REVIEW#id SK=REVIEW                                       | GetItem          |
 * | a booking's one review (uniqueness)             | PK=BOOKING#id SK=REVIEW → review id                          | cond. Put (txn)  |
 * | review link by token hash                       | PK=REVIEW_INVITATION#sha256 SK=REVIEW_INVITATION (TTL)       | GetItem          |
 * | an experience's visible reviews, newest first   | GSI1 PK=EXPERIENCE#e#REVIEWS SK=createdAt#id (sparse)        | Query (desc)     |
 * | a host's reviews, newest first                  | GSI2 PK=HOST#h#REVIEWS SK=createdAt#id                       | Query (desc)     |
 * | reviews of a status, newest first (admin)       | GSI3 PK=REVIEWS#STATUS#s SK=createdAt#id                     | Query (desc)     |
 * | rating counters of an experience / of a host    | PK=EXPERIENCE#e SK=RATING · PK=HOST#h SK=RATING              | Get / BatchGet   |
 * | a host's payout profile (commission, account)   | PK=HOST#h SK=PAYOUT_PROFILE                                  | Get / Update     |
 * | the host of a connected account                 | PK=CONNECT_ACCOUNT#acct SK=CONNECT_ACCOUNT → host            | GetItem          |
 * | hosts whose payouts are held (sparse)           | GSI3 PK=HOSTS#PAYOUT_HOLD SK=since#hostId                    | Query (asc)      |
 * | a host's payout holds and releases (log)        | PK=HOST#h SK begins_with PAYOUT_HOLD_LOG#                    | Query            |
 * | a booking's earnings                            | PK=BOOKING#b SK=EARNINGS                                     | GetItem          |
 * | a host's earnings by tour date                  | GSI1 PK=HOST#h#EARNINGS SK=date#time#bookingId               | Query (desc)     |
 * | earnings due to become payable (sparse)         | GSI5 PK=EARNINGS#DUE SK=payableAt#bookingId                  | Query (≤ now)    |
 * | payable earnings, by host (sparse)              | GSI3 PK=EARNINGS#PAYABLE SK=hostId#bookingId                 | Query            |
 * | a payout                                        | PK=PAYOUT#id SK=PAYOUT                                       | GetItem          |
 * | a host's payouts, newest first                  | GSI1 PK=HOST#h#PAYOUTS SK=createdAt#id                       | Query (desc)     |
 * | all payouts / of a status, newest first         | GSI2 PK=PAYOUTS · GSI3 PK=PAYOUTS#STATUS#s SK=createdAt#id   | Query (desc)     |
 * | a host's payout job lock                        | PK=HOST#h SK=PAYOUT_LOCK (lease)                             | cond. Put        |
 * | a ledger entry (once per money event)           | PK=LEDGER_ENTRY#id SK=LEDGER_ENTRY                           | cond. Put (txn)  |
 * | a host's ledger entries, oldest first           | GSI1 PK=HOST#h#LEDGER SK=createdAt#id                        | Query            |
 * | the marketplace's entries of a Tokyo month      | GSI4 PK=LEDGER#MONTH#yyyy-MM SK=createdAt#id                 | Query            |
 * | ledger counters (marketplace, per host)         | PK=LEDGER_TOTALS#MARKET · LEDGER_TOTALS#HOST#h SK=SHARD#n    | Query (sum)      |
 * | a booking's live cancellation code (its hash)   | PK=CANCEL_CODE#bookingId SK=CANCEL_CODE (TTL expiresAt)      | txn Put / Update |
 * | inquiry with its messages (and offer links)     | PK=INQUIRY#id SK=INQUIRY · MESSAGE#at#seq · OFFER#offerId    | Query            |
 * | inquiry by conversation token                   | PK=INQUIRY_TOKEN#token SK=INQUIRY_TOKEN → inquiry            | GetItem × 2      |
 * | inquiries: new by deadline, answered/waiting,   | GSI2 PK=INQUIRIES SK=group#replyDueAt#id (group 0 new,       | Query (asc)      |
 * |   closed (admin list, dashboard open/overdue)   |   1 answered/waiting, 2 closed; status filtered in DynamoDB) | + Select COUNT   |
 * | a booking's receipts, in issue order            | PK=BOOKING#b SK=RECEIPT#nn                                   | Query / cond. Put|
 * | approved tours by start (completion, reminders, | GSI8 PK=DUE#TOUR#shard SK=start#id (sparse, keys only,       | Query ×8 shards  |
 * |   hosts' next-day lists)                        |   8 shards) → BatchGet of the bookings acted on              | + BatchGet       |
 * | completed tours by review mail due date         | GSI8 PK=DUE#REVIEW#shard SK=yyyy-MM-dd#id (sparse, keys only)| Query ×8 shards  |
 * | offer by id (issue 31)                          | PK=OFFER#id SK=OFFER                                         | GetItem          |
 * | offer by its guest token                        | PK=OFFER_TOKEN#token SK=OFFER_TOKEN → offer                  | GetItem × 2      |
 * | offers, newest first (admin)                    | GSI2 PK=OFFERS SK=createdAt#id                               | Query (desc)     |
 * | offers of a status, newest first (admin)        | GSI3 PK=OFFERS#STATUS#status SK=createdAt#id                 | Query (desc)     |
 * | an inquiry's offers                             | PK=INQUIRY#i SK begins_with OFFER# → BatchGet the offers     | Query + BatchGet |
 * | open offers by warning, then expiry (job)       | GSI8 PK=DUE#OFFER#shard SK=dueAt#id (sparse, keys only)      | Query ×8 shards  |
 * | hold a tour's time and write an offer           | start + 1–3 TOUR_DAY + OFFER + OFFER_TOKEN (+ inquiry link)  | TransactWrite    |
 * | book an offer (the booking takes over its hold) | OFFER (cond. open, not expired) + BOOKING + BOOKING_REF      | TransactWrite    |
 */

export const SLOT_SORT_KEY_PREFIX = 'SLOT#';
export const INQUIRY_MESSAGE_SORT_KEY_PREFIX = 'MESSAGE#';
export const INQUIRY_OFFER_SORT_KEY_PREFIX = 'OFFER#';
/** GSI2 partition of every inquiry (issue 31: tens a day, far from a hot key). */
export const INQUIRY_LIST = 'INQUIRIES';
/** The admin list's group of a status: new first, then answered and waiting, then closed. */
export const inquiryListGroup = (status: string): '0' | '1' | '2' =>
  status === 'new' ? '0' : status === 'closed' ? '2' : '1';
export const TOUR_DAY_SORT_KEY_PREFIX = 'TOUR_DAY#';

/**
 * The partitions the public (guest) API writes, by their key prefix (issue 29): its role may put, update and
 * condition-check items of these partitions only (`dynamodb:LeadingKeys`, `lib/marketplace-stack.ts`), so no bug
 * of the guest API can write a host's profile partition it has no business in, a category, a review invitation
 * or a processed payment event. Bookings and their uniqueness items, payment lookups, slot counters and rating
 * counters (in the experience's and host's partitions), dashboard counters, outbox mails, rate-limit windows,
 * leases, cancellation codes and reviews. `test/integration/api/public-api-writes.int.test.ts` checks every write
 * of the guest flows against it.
 */
export const PUBLIC_API_WRITE_PARTITIONS = [
  'BOOKING#',
  'BOOKING_REF#',
  'PAYMENT#',
  'EXPERIENCE#',
  'HOST#',
  'COUNTER#',
  'MAIL#',
  'RATE_LIMIT#',
  'LEASES#',
  'CANCEL_CODE#',
  'REVIEW#',
  // The concierge desk (issue 31): a guest's question, its conversation link and the guest's answers.
  'INQUIRY#',
  'INQUIRY_TOKEN#',
  // A guest's cancellation settles its refund with the refund's ledger entry and counters (DESIGN §4g).
  'LEDGER_ENTRY#',
  'LEDGER_TOTALS#',
  // Issue 31: a guest's look at an offer opens it, booking it marks it booked.
  'OFFER#',
] as const;

/**
 * Shards of the jobs' "work due" keys (GSI8, issue 33): a marketplace-wide partition written by every approval and
 * completion would be a hot key; a job queries all shards in parallel.
 */
export const DUE_SHARDS = 8;

/** The shard of an id (a stable hash: the same booking always lands in the same shard). */
export function dueShardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) >>> 0;
  return h % DUE_SHARDS;
}

/** Counter items are sharded so that concurrent bookings rarely touch the same item in their transactions. */
export const COUNTER_SHARDS = 10;

/** Sort key part for a price, padded so that string order is numeric order. */
export const padPrice = (price: number): string => String(Math.max(0, Math.trunc(price))).padStart(12, '0');

/**
 * An instant as it must appear in a sort key: UTC `toISOString()`. Entities accept ISO-8601 with any offset, and
 * `2025-01-01T09:00:00+09:00` would sort after `2025-01-01T01:00:00Z` although it is the earlier instant.
 */
export const sortableInstant = (iso: string): string => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString();
};

const timeOrdered = (createdAt: string, id: string) => `${sortableInstant(createdAt)}#${id}`;

/**
 * Partitions of the due-mail index (issue 33). A partition takes about 1,000 writes a second; every mail writes its
 * index entry when it is queued, claimed, retried and settled, and a busy hour of bookings sends several mails each.
 * Eight spread that well past any peak we plan for, and cost the sender eight small queries a run.
 */
export const MAIL_DUE_SHARDS = 8;

/** The shard of an id among `shards`: FNV-1a of the id, so the same item always lands in the same partition. */
export function hashShardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** The shard of a mail. */
export const mailDueShardOf = (id: string): number => hashShardOf(id, MAIL_DUE_SHARDS);

/**
 * Partitions of the deadline index (issue 33): every hold and every request writes its deadline when it is made and
 * removes it when it is decided, so one marketplace-wide key would be a hot key; eight as for the due mails.
 */
export const DEADLINE_SHARDS = 8;

/** The shard of a booking's deadline (the same hash as the mails'). */
export const deadlineShardOf = (bookingId: string): number => hashShardOf(bookingId, DEADLINE_SHARDS);

/**
 * Partitions of the all-bookings, by-status and by-month list keys (GSI2–GSI4; issue 33): every write of a request
 * rewrites its entries (projection ALL), so one marketplace-wide key would be a hot key; eight as for the deadlines.
 */
export const BOOKING_LIST_SHARDS = 8;

/** The list shard of a booking (the same in both lists, so a transition keeps it). */
export const bookingListShardOf = (bookingId: string): number => hashShardOf(bookingId, BOOKING_LIST_SHARDS);

/**
 * Every partition of a sharded key (issue 33): shards `0 … shards − 1`, then its single key of before the shards, which
 * readers keep reading until its back-fill has emptied it.
 */
const shardsThenUnsharded = (shards: number, shard: (n: number) => string, unsharded: string): string[] => [
  ...Array.from({ length: shards }, (_, i) => shard(i)),
  unsharded,
];

export const keys = {
  experience: (id: string) => ({ PK: `EXPERIENCE#${id}`, SK: 'EXPERIENCE' }),
  experiencePartition: (id: string) => `EXPERIENCE#${id}`,
  /** GSI1: a host's experiences, newest first. */
  experienceByHost: (hostId: string, createdAt: string, id: string) => ({
    GSI1PK: `HOST#${hostId}#EXPERIENCES`,
    GSI1SK: timeOrdered(createdAt, id),
  }),
  hostExperiencesIndex: (hostId: string) => `HOST#${hostId}#EXPERIENCES`,

  /** The card projection lives beside the experience and exists only while it is published. */
  card: (experienceId: string) => ({ PK: `EXPERIENCE#${experienceId}`, SK: 'CARD' }),
  cardIndexes: (card: { id: string; createdAt: string; price: number; prefecture: string }) => ({
    GSI1PK: 'CARDS',
    GSI1SK: timeOrdered(card.createdAt, card.id),
    GSI2PK: 'CARDS',
    GSI2SK: `${padPrice(card.price)}#${card.id}`,
    GSI3PK: `CARDS#PREFECTURE#${card.prefecture.trim().toLowerCase()}`,
    GSI3SK: timeOrdered(card.createdAt, card.id),
    GSI4PK: `CARDS#PREFECTURE#${card.prefecture.trim().toLowerCase()}#PRICE`,
    GSI4SK: `${padPrice(card.price)}#${card.id}`,
  }),
  /**
   * The sorted keys of a category's published cards, on the experience–category link while the experience is
   * published (sparse): a category page reads a page of links and then only those cards.
   */
  categoryCardIndexes: (categoryId: string, card: { id: string; createdAt: string; price: number }) => ({
    GSI2PK: `CARDS#CATEGORY#${categoryId}`,
    GSI2SK: timeOrdered(card.createdAt, card.id),
    GSI3PK: `CARDS#CATEGORY#${categoryId}#PRICE`,
    GSI3SK: `${padPrice(card.price)}#${card.id}`,
  }),
  cardsOfCategoryNewest: (categoryId: string) => `CARDS#CATEGORY#${categoryId}`,
  cardsOfCategoryByPrice: (categoryId: string) => `CARDS#CATEGORY#${categoryId}#PRICE`,
  cardsByPrefectureByPrice: (prefecture: string) =>
    `CARDS#PREFECTURE#${prefecture.trim().toLowerCase()}#PRICE`,
  /** The start key of a category index query that continues after `card` (the link's keys). */
  categoryCardIndexStart: (
    index: 'GSI2' | 'GSI3',
    categoryId: string,
    card: { id: string; createdAt: string; price: number },
  ): Record<string, string> => {
    const k = keys.categoryCardIndexes(categoryId, card);
    return {
      PK: `EXPERIENCE#${card.id}`,
      SK: `CATEGORY#${categoryId}`,
      ...(index === 'GSI2' ? { GSI2PK: k.GSI2PK, GSI2SK: k.GSI2SK } : { GSI3PK: k.GSI3PK, GSI3SK: k.GSI3SK }),
    };
  },
  /** What the search index holds of an experience (its document), or its removal; one per experience. */
  searchEntry: (experienceId: string) => ({ PK: `EXPERIENCE#${experienceId}`, SK: 'SEARCH_ENTRY' }),
  searchChangeIndex: (changedAt: string, experienceId: string) => ({
    GSI5PK: 'SEARCH#CHANGES',
    GSI5SK: timeOrdered(changedAt, experienceId),
  }),
  searchChanges: 'SEARCH#CHANGES',
  /**
   * The start key of a card index query that continues after `card` (the table keys plus the index's keys), for
   * the newest (GSI1), price (GSI2) or prefecture (GSI3, `prefecture` as queried) index.
   */
  cardIndexStart: (
    index: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI4',
    card: { id: string; createdAt: string; price: number },
    prefecture = '',
  ): Record<string, string> => {
    // The same key values as `card` and `cardIndexes` above write.
    const place = `CARDS#PREFECTURE#${prefecture.trim().toLowerCase()}`;
    const pk = index === 'GSI3' ? place : index === 'GSI4' ? `${place}#PRICE` : 'CARDS';
    const byPrice = index === 'GSI2' || index === 'GSI4';
    const sk = byPrice ? `${padPrice(card.price)}#${card.id}` : timeOrdered(card.createdAt, card.id);
    return { PK: `EXPERIENCE#${card.id}`, SK: 'CARD', [`${index}PK`]: pk, [`${index}SK`]: sk };
  },
  cardsNewest: 'CARDS',
  cardsByPrice: 'CARDS',
  cardsByPrefecture: (prefecture: string) => `CARDS#PREFECTURE#${prefecture.trim().toLowerCase()}`,

  /** Experience–category link, stored in the experience's partition and indexed by category. */
  experienceCategory: (experienceId: string, categoryId: string) => ({
    PK: `EXPERIENCE#${experienceId}`,
    SK: `CATEGORY#${categoryId}`,
  }),
  experienceCategoryPrefix: 'CATEGORY#',
  experienceCategoryIndex: (categoryId: string, createdAt: string, experienceId: string) => ({
    GSI1PK: `CATEGORY#${categoryId}#EXPERIENCES`,
    GSI1SK: timeOrdered(createdAt, experienceId),
  }),
  categoryExperiencesIndex: (categoryId: string) => `CATEGORY#${categoryId}#EXPERIENCES`,

  /** Slot counter and override item: `booked`, and optionally `blocked` and `capacity`. */
  slot: (experienceId: string, date: string, time: string) => ({
    PK: `EXPERIENCE#${experienceId}`,
    SK: `${SLOT_SORT_KEY_PREFIX}${date}#${time}`,
  }),
  /** The date and time of a slot item's sort key (`SLOT#yyyy-MM-dd#HH:mm`). */
  slotOf: (sortKey: string) => {
    const [date = '', time = ''] = sortKey.slice(SLOT_SORT_KEY_PREFIX.length).split('#');
    return { date, time };
  },
  /** Inclusive sort-key bounds of the slots of the dates `from`..`to`. */
  slotRange: (from: string, to: string) => ({
    start: `${SLOT_SORT_KEY_PREFIX}${from}#`,
    end: `${SLOT_SORT_KEY_PREFIX}${to}#~`,
  }),

  /**
   * An experience's day of tours (DESIGN §4j): one counter attribute per quarter hour held by tours (`q0830`…),
   * and `closed` when the host closed the whole day. In the experience's partition, which the guest API may write.
   */
  tourDay: (experienceId: string, date: string) => ({
    PK: `EXPERIENCE#${experienceId}`,
    SK: `${TOUR_DAY_SORT_KEY_PREFIX}${date}`,
  }),
  tourDayOf: (sortKey: string) => sortKey.slice(TOUR_DAY_SORT_KEY_PREFIX.length),
  /** Inclusive sort-key bounds of the tour days `from`..`to`. */
  tourDayRange: (from: string, to: string) => ({
    start: `${TOUR_DAY_SORT_KEY_PREFIX}${from}`,
    end: `${TOUR_DAY_SORT_KEY_PREFIX}${to}`,
  }),

  category: (id: string) => ({ PK: `CATEGORY#${id}`, SK: 'CATEGORY' }),
  activeCategoryIndex: (name: string, id: string) => ({
    GSI1PK: 'CATEGORIES#ACTIVE',
    GSI1SK: `${name.toLowerCase()}#${id}`,
  }),
  activeCategories: 'CATEGORIES#ACTIVE',

  host: (id: string) => ({ PK: `HOST#${id}`, SK: 'HOST' }),
  hostIndex: (createdAt: string, id: string) => ({ GSI1PK: 'HOSTS', GSI1SK: timeOrdered(createdAt, id) }),
  hostsNewest: 'HOSTS',
  /** Sparse: only hosts under review carry it, so the admin's pending-review filter is one query. */
  hostUnderReviewIndex: (createdAt: string, id: string) => ({
    GSI2PK: 'HOSTS#UNDER_REVIEW',
    GSI2SK: timeOrdered(createdAt, id),
  }),
  hostsUnderReview: 'HOSTS#UNDER_REVIEW',
  hostEmail: (email: string) => ({ PK: `HOST_EMAIL#${email.trim().toLowerCase()}`, SK: 'HOST_EMAIL' }),
  /** Present only while the host is suspended; beside the profile, outside every index. */
  hostSuspension: (id: string) => ({ PK: `HOST#${id}`, SK: 'SUSPENSION' }),
  /** One item listing every suspended host, so a catalogue list filters them out with one read. */
  suspendedHosts: { PK: 'SUSPENDED_HOSTS', SK: 'SUSPENDED_HOSTS' },

  booking: (id: string) => ({ PK: `BOOKING#${id}`, SK: 'BOOKING' }),
  bookingReference: (reference: string) => ({
    PK: `BOOKING_REF#${reference.toUpperCase()}`,
    SK: 'BOOKING_REF',
  }),
  bookingPayment: (paymentIntentId: string) => ({ PK: `PAYMENT#${paymentIntentId}`, SK: 'PAYMENT' }),
  bookingIndexes: (b: {
    id: string;
    hostId: string;
    date: string;
    time: string;
    createdAt: string;
    status: string;
    tokyoMonth: string;
    email: string;
  }) => ({
    GSI1PK: `HOST#${b.hostId}#BOOKINGS`,
    GSI1SK: timeOrdered(b.createdAt, b.id),
    GSI2PK: keys.allBookingsShard(bookingListShardOf(b.id)),
    GSI2SK: timeOrdered(b.createdAt, b.id),
    GSI3PK: keys.bookingStatusIndex(b.status, b.id),
    GSI3SK: timeOrdered(b.createdAt, b.id),
    GSI4PK: keys.bookingsByMonthShard(b.tokyoMonth, bookingListShardOf(b.id)),
    GSI4SK: timeOrdered(b.createdAt, b.id),
    GSI6PK: `HOST#${b.hostId}#BOOKINGS_BY_DATE`,
    GSI6SK: `${b.date}#${b.time}#${b.id}`,
    GSI7PK: `BOOKINGS#EMAIL#${b.email.trim().toLowerCase()}`,
    GSI7SK: timeOrdered(b.createdAt, b.id),
  }),
  bookingsByGuestEmail: (email: string) => `BOOKINGS#EMAIL#${email.trim().toLowerCase()}`,
  hostBookingsByDate: (hostId: string) => `HOST#${hostId}#BOOKINGS_BY_DATE`,
  /** Inclusive GSI6 sort-key bounds of the tour dates `from`..`to`. */
  tourDateRange: (from: string, to: string) => ({ start: `${from}#`, end: `${to}#~` }),
  hostBookings: (hostId: string) => `HOST#${hostId}#BOOKINGS`,
  /** GSI2: all requests, in `BOOKING_LIST_SHARDS` partitions by id (issue 33); readers merge them newest first. */
  allBookingsShard: (shard: number) => `BOOKINGS#${shard}`,
  /** Every partition of the all-bookings list: the shards, and the single key of before issue 33 (until its back-fill). */
  allBookingsPartitions: (): string[] =>
    shardsThenUnsharded(BOOKING_LIST_SHARDS, keys.allBookingsShard, keys.allBookingsUnsharded),
  /** The single all-bookings key of before issue 33: the back-fill empties it; readers still read it until then. */
  allBookingsUnsharded: 'BOOKINGS',
  /** GSI3: a request's partition in the list of its status (the shard of its id, as in the all-bookings list). */
  bookingStatusIndex: (status: string, id: string) =>
    keys.bookingsByStatusShard(status, bookingListShardOf(id)),
  bookingsByStatusShard: (status: string, shard: number) => `BOOKINGS#STATUS#${status}#${shard}`,
  /** Every partition of a status's list: its shards and its single key of before issue 33 (until its back-fill). */
  bookingsByStatusPartitions: (status: string): string[] =>
    shardsThenUnsharded(
      BOOKING_LIST_SHARDS,
      (i) => keys.bookingsByStatusShard(status, i),
      keys.bookingsByStatusUnsharded(status),
    ),
  /** The single key of a status's list of before issue 33 (emptied by the back-fill). */
  bookingsByStatusUnsharded: (status: string) => `BOOKINGS#STATUS#${status}`,
  /** GSI4: the requests created in a Tokyo month, in the booking's list shard (issue 33), as the lists above. */
  bookingsByMonthShard: (tokyoMonth: string, shard: number) => `BOOKINGS#MONTH#${tokyoMonth}#${shard}`,
  /** Every partition of a month's list: its shards and its single key of before issue 33 (until its back-fill). */
  bookingsByMonthPartitions: (tokyoMonth: string): string[] =>
    shardsThenUnsharded(
      BOOKING_LIST_SHARDS,
      (i) => keys.bookingsByMonthShard(tokyoMonth, i),
      keys.bookingsByMonthUnsharded(tokyoMonth),
    ),
  /** The single key of a month's list of before issue 33 (emptied by the back-fill). */
  bookingsByMonthUnsharded: (tokyoMonth: string) => `BOOKINGS#MONTH#${tokyoMonth}`,
  /**
   * GSI5 (sparse): present only while the booking waits for payment or for the host (or a cancelled booking's refund
   * is retried), in one of `DEADLINE_SHARDS` partitions chosen by the booking's id (issue 33). Readers query every
   * shard and merge by the sort key.
   */
  bookingDeadline: (deadline: string, id: string) => ({
    GSI5PK: keys.deadlinesShard(deadlineShardOf(id)),
    GSI5SK: `${sortableInstant(deadline)}#${id}`,
  }),
  /** Upper bound of the deadlines at or before `now` (ids sort below `~`). */
  deadlinesDueBy: (now: Date) => `${now.toISOString()}#~`,
  deadlinesShard: (shard: number) => `DEADLINES#${shard}`,
  /** Every partition a deadline may be in: the shards, and the single key of before issue 33 (until its back-fill). */
  deadlinePartitions: (): string[] =>
    shardsThenUnsharded(DEADLINE_SHARDS, keys.deadlinesShard, keys.deadlinesUnsharded),
  /** The single deadline key of before issue 33: the back-fill empties it; readers still read it until then. */
  deadlinesUnsharded: 'DEADLINES',
  /** GSI8 (sparse, issue 33): an approved booking by its tour start (`tourStart` an instant). */
  tourDue: (tourStart: string, id: string) => ({
    GSI8PK: `DUE#TOUR#${dueShardOf(id)}`,
    GSI8SK: `${sortableInstant(tourStart)}#${id}`,
  }),
  /** GSI8 (sparse, issue 33): a completed booking by the Tokyo date (`yyyy-MM-dd`) its next review mail is due. */
  reviewMailDue: (date: string, id: string) => ({
    GSI8PK: `DUE#REVIEW#${dueShardOf(id)}`,
    GSI8SK: `${date}#${id}`,
  }),
  /** GSI8 (sparse, issue 31): an open offer by its warning time, then its expiry (`dueAt` an instant). */
  offerDue: (dueAt: string, id: string) => ({
    GSI8PK: `DUE#OFFER#${dueShardOf(id)}`,
    GSI8SK: `${sortableInstant(dueAt)}#${id}`,
  }),
  offersDue: (shard: number) => `DUE#OFFER#${shard}`,
  toursDue: (shard: number) => `DUE#TOUR#${shard}`,
  reviewMailsDue: (shard: number) => `DUE#REVIEW#${shard}`,
  /** Upper bound of a GSI8 sort key at or before `value` (an instant or a date; ids sort below `~`). */
  dueBy: (value: string) => `${value}#~`,
  /** Lower bound of a GSI8 sort key after `value`. */
  dueAfter: (value: string) => `${value}#~`,

  /** One counter item per key and fixed window; the window start in the sort key makes a new window a new item. */
  rateLimitWindow: (key: string, windowStartSeconds: number) => ({
    PK: `RATE_LIMIT#${key}`,
    SK: `WINDOW#${windowStartSeconds}`,
  }),
  /** The live leases of one key (e.g. a client's open unpaid holds), in one item. */
  leaseSet: (key: string) => ({ PK: `LEASES#${key}`, SK: 'LEASES' }),
  processedEvent: (eventId: string) => ({ PK: `PROCESSED_EVENT#${eventId}`, SK: 'PROCESSED_EVENT' }),
  /** The record that a scheduled mail (a reminder, a host's day list) was written, e.g. `guest_reminder#<booking>`. */
  scheduledMail: (key: string) => ({ PK: `SCHEDULED_MAIL#${key}`, SK: 'SCHEDULED_MAIL' }),

  review: (id: string) => ({ PK: `REVIEW#${id}`, SK: 'REVIEW' }),
  /** Beside the booking: exists once the booking has its (one) review. */
  bookingReview: (bookingId: string) => ({ PK: `BOOKING#${bookingId}`, SK: 'REVIEW' }),
  reviewInvitation: (tokenHash: string) => ({
    PK: `REVIEW_INVITATION#${tokenHash}`,
    SK: 'REVIEW_INVITATION',
  }),
  /** GSI1 is present only while the review is visible: the public list is one query. */
  reviewIndexes: (r: {
    id: string;
    experienceId: string;
    hostId: string;
    createdAt: string;
    status: string;
  }) => ({
    ...(r.status === 'visible'
      ? { GSI1PK: `EXPERIENCE#${r.experienceId}#REVIEWS`, GSI1SK: timeOrdered(r.createdAt, r.id) }
      : {}),
    GSI2PK: `HOST#${r.hostId}#REVIEWS`,
    GSI2SK: timeOrdered(r.createdAt, r.id),
    GSI3PK: `REVIEWS#STATUS#${r.status}`,
    GSI3SK: timeOrdered(r.createdAt, r.id),
  }),
  experienceReviews: (experienceId: string) => `EXPERIENCE#${experienceId}#REVIEWS`,
  hostReviews: (hostId: string) => `HOST#${hostId}#REVIEWS`,
  reviewsByStatus: (status: string) => `REVIEWS#STATUS#${status}`,
  /** The counters (count, sum of stars) of the visible reviews. Kept apart from the experience item, which edits rewrite whole. */
  experienceRating: (experienceId: string) => ({ PK: `EXPERIENCE#${experienceId}`, SK: 'RATING' }),
  hostRating: (hostId: string) => ({ PK: `HOST#${hostId}`, SK: 'RATING' }),

  /**
   * The guest's cancellation code of a booking (issue 29): one per booking, a new code replaces it. Only the hash;
   * used, wrong tries and expiry on the item, which the table's TTL removes a day after it lapsed.
   */
  cancelCode: (bookingId: string) => ({ PK: `CANCEL_CODE#${bookingId}`, SK: 'CANCEL_CODE' }),
  /** Issue 31: an inquiry of the concierge desk; its messages (`MESSAGE#…`) and offer links (`OFFER#…`) beside it. */
  inquiry: (id: string) => ({ PK: `INQUIRY#${id}`, SK: 'INQUIRY' }),
  inquiryPartition: (id: string) => `INQUIRY#${id}`,
  inquiryMessage: (inquiryId: string, createdAt: string, seq: string) => ({
    PK: `INQUIRY#${inquiryId}`,
    SK: `${INQUIRY_MESSAGE_SORT_KEY_PREFIX}${sortableInstant(createdAt)}#${seq}`,
  }),
  inquiryToken: (token: string) => ({ PK: `INQUIRY_TOKEN#${token}`, SK: 'INQUIRY_TOKEN' }),
  /**
   * GSI2 of the admin's inquiry list: group `0` new (ascending deadline: overdue first), `1` answered or waiting,
   * `2` closed. Whoever changes an inquiry's status or deadline sets these keys with it (the offers backend too,
   * when an offer moves an inquiry to `waiting`).
   */
  inquiryListIndex: (i: { id: string; status: string; replyDueAt: string }) => ({
    GSI2PK: INQUIRY_LIST,
    GSI2SK: `${inquiryListGroup(i.status)}#${sortableInstant(i.replyDueAt)}#${i.id}`,
  }),

  /** A mail of the outbox (DESIGN §4f). */
  mail: (id: string) => ({ PK: `MAIL#${id}`, SK: 'MAIL' }),
  /**
   * GSI5 (sparse): present while the mail waits for delivery (pending) or is claimed (sending), by due time, in one
   * of `MAIL_DUE_SHARDS` partitions chosen by the mail's id (issue 33: every mail of the marketplace passes through
   * this index, so one partition key would be a hot key). A mail keeps its shard for life: claims and retries move
   * only its sort key.
   */
  mailDue: (dueAt: string, id: string) => ({
    GSI5PK: keys.mailsDueShard(mailDueShardOf(id)),
    GSI5SK: `${sortableInstant(dueAt)}#${id}`,
  }),
  mailsDueShard: (shard: number) => `MAILS#DUE#${shard}`,
  /** Every shard of the due mails: the sender queries each. */
  mailsDueShards: (): string[] => Array.from({ length: MAIL_DUE_SHARDS }, (_, i) => keys.mailsDueShard(i)),
  /** The single due-mail key of before issue 33: only the back-fill (and the sender, until it ran) reads it. */
  mailsDueUnsharded: 'MAILS#DUE',
  /** GSI3 (sparse): present while the mail is failed, newest failure first. */
  mailFailed: (failedAt: string, id: string) => ({
    GSI3PK: 'MAILS#FAILED',
    GSI3SK: timeOrdered(failedAt, id),
  }),
  mailsFailed: 'MAILS#FAILED',

  /** Money (DESIGN §4g). */
  payoutProfile: (hostId: string) => ({ PK: `HOST#${hostId}`, SK: 'PAYOUT_PROFILE' }),
  /** GSI3 (sparse): present while the host's payouts are held. */
  payoutHoldIndex: (since: string, hostId: string) => ({
    GSI3PK: 'HOSTS#PAYOUT_HOLD',
    GSI3SK: timeOrdered(since, hostId),
  }),
  hostsWithPayoutHold: 'HOSTS#PAYOUT_HOLD',
  payoutHoldLog: (hostId: string, at: string, id: string) => ({
    PK: `HOST#${hostId}`,
    SK: `PAYOUT_HOLD_LOG#${timeOrdered(at, id)}`,
  }),
  payoutHoldLogPrefix: 'PAYOUT_HOLD_LOG#',
  hostPartition: (hostId: string) => `HOST#${hostId}`,
  connectAccount: (accountId: string) => ({ PK: `CONNECT_ACCOUNT#${accountId}`, SK: 'CONNECT_ACCOUNT' }),
  earnings: (bookingId: string) => ({ PK: `BOOKING#${bookingId}`, SK: 'EARNINGS' }),
  /** Issue 28: the n-th receipt of a booking (`nn` zero-padded, so the sort key orders issues). */
  receipt: (bookingId: string, issueNumber: number) => ({
    PK: `BOOKING#${bookingId}`,
    SK: `RECEIPT#${String(issueNumber).padStart(4, '0')}`,
  }),
  receiptPrefix: 'RECEIPT#',
  /** The earnings' index keys by status: the host's list always; due while upcoming; payable while payable. */
  earningsIndexes: (e: {
    bookingId: string;
    hostId: string;
    tourDate: string;
    tourTime: string;
    status: string;
    payableAt: string;
  }) => ({
    GSI1PK: `HOST#${e.hostId}#EARNINGS`,
    GSI1SK: `${e.tourDate}#${e.tourTime}#${e.bookingId}`,
    ...(e.status === 'upcoming'
      ? { GSI5PK: 'EARNINGS#DUE', GSI5SK: `${sortableInstant(e.payableAt)}#${e.bookingId}` }
      : {}),
    ...(e.status === 'payable' ? { GSI3PK: 'EARNINGS#PAYABLE', GSI3SK: `${e.hostId}#${e.bookingId}` } : {}),
  }),
  hostEarnings: (hostId: string) => `HOST#${hostId}#EARNINGS`,
  earningsDue: 'EARNINGS#DUE',
  earningsPayable: 'EARNINGS#PAYABLE',
  payout: (id: string) => ({ PK: `PAYOUT#${id}`, SK: 'PAYOUT' }),
  payoutIndexes: (p: { id: string; hostId: string; createdAt: string; status: string }) => ({
    GSI1PK: `HOST#${p.hostId}#PAYOUTS`,
    GSI1SK: timeOrdered(p.createdAt, p.id),
    GSI2PK: 'PAYOUTS',
    GSI2SK: timeOrdered(p.createdAt, p.id),
    GSI3PK: `PAYOUTS#STATUS#${p.status}`,
    GSI3SK: timeOrdered(p.createdAt, p.id),
  }),
  hostPayouts: (hostId: string) => `HOST#${hostId}#PAYOUTS`,
  allPayouts: 'PAYOUTS',
  payoutsByStatus: (status: string) => `PAYOUTS#STATUS#${status}`,
  payoutLock: (hostId: string) => ({ PK: `HOST#${hostId}`, SK: 'PAYOUT_LOCK' }),
  ledgerEntry: (id: string) => ({ PK: `LEDGER_ENTRY#${id}`, SK: 'LEDGER_ENTRY' }),
  ledgerEntryIndexes: (e: { id: string; hostId: string; createdAt: string; tokyoMonth: string }) => ({
    GSI1PK: `HOST#${e.hostId}#LEDGER`,
    GSI1SK: timeOrdered(e.createdAt, e.id),
    GSI4PK: `LEDGER#MONTH#${e.tokyoMonth}`,
    GSI4SK: timeOrdered(e.createdAt, e.id),
  }),
  hostLedger: (hostId: string) => `HOST#${hostId}#LEDGER`,
  ledgerOfMonth: (tokyoMonth: string) => `LEDGER#MONTH#${tokyoMonth}`,
  /** Instant bounds of a time-ordered sort key range (`from`/`to` as ISO instants). */
  timeRange: (from: string, to: string) => ({
    start: `${sortableInstant(from)}#`,
    end: `${sortableInstant(to)}#~`,
  }),
  marketTotals: 'LEDGER_TOTALS#MARKET',
  hostTotals: (hostId: string) => `LEDGER_TOTALS#HOST#${hostId}`,
  totalsShard: (partition: string, shard: number) => ({ PK: partition, SK: `SHARD#${shard}` }),

  /** The concierge's offers (issue 31). */
  offer: (id: string) => ({ PK: `OFFER#${id}`, SK: 'OFFER' }),
  offerToken: (token: string) => ({ PK: `OFFER_TOKEN#${token}`, SK: 'OFFER_TOKEN' }),
  /** The admin's lists: all offers and those of a (stored) status, newest first. */
  offerIndexes: (o: { id: string; createdAt: string; status: string }) => ({
    GSI2PK: 'OFFERS',
    GSI2SK: timeOrdered(o.createdAt, o.id),
    GSI3PK: `OFFERS#STATUS#${o.status}`,
    GSI3SK: timeOrdered(o.createdAt, o.id),
  }),
  allOffers: 'OFFERS',
  offersByStatus: (status: string) => `OFFERS#STATUS#${status}`,
  /** The inquiry item (owned by the inquiries) and an offer's link beside it. */
  inquiryOffer: (inquiryId: string, offerId: string) => ({
    PK: `INQUIRY#${inquiryId}`,
    SK: `OFFER#${offerId}`,
  }),
  inquiryOfferPrefix: INQUIRY_OFFER_SORT_KEY_PREFIX,

  counterPartition: (name: string) => `COUNTER#${name}`,
  counterShard: (name: string, shard: number) => ({ PK: `COUNTER#${name}`, SK: `SHARD#${shard}` }),
} as const;

/** Names of the dashboard counters. */
export const counters = {
  bookings: 'BOOKINGS',
  bookingsInMonth: (tokyoMonth: string) => `BOOKINGS#MONTH#${tokyoMonth}`,
  hostBookings: (hostId: string) => `HOST#${hostId}#BOOKINGS`,
  hostBookingsInMonth: (hostId: string, tokyoMonth: string) => `HOST#${hostId}#BOOKINGS#MONTH#${tokyoMonth}`,
  hosts: 'HOSTS',
} as const;

/** The `type` attribute of every item. */
export const itemTypes = {
  experience: 'Experience',
  card: 'ExperienceCard',
  searchEntry: 'SearchEntry',
  experienceCategory: 'ExperienceCategory',
  slot: 'Slot',
  tourDay: 'TourDay',
  category: 'Category',
  host: 'Host',
  hostEmail: 'HostEmail',
  hostSuspension: 'HostSuspension',
  suspendedHosts: 'SuspendedHosts',
  booking: 'Booking',
  bookingReference: 'BookingReference',
  bookingPayment: 'BookingPayment',
  counter: 'Counter',
  rateLimitWindow: 'RateLimitWindow',
  leaseSet: 'LeaseSet',
  processedEvent: 'ProcessedEvent',
  scheduledMail: 'ScheduledMail',
  mail: 'Mail',
  review: 'Review',
  bookingReview: 'BookingReview',
  reviewInvitation: 'ReviewInvitation',
  rating: 'Rating',
  payoutProfile: 'PayoutProfile',
  payoutHoldLog: 'PayoutHoldLog',
  connectAccount: 'ConnectAccount',
  earnings: 'Earnings',
  payout: 'Payout',
  payoutLock: 'PayoutLock',
  ledgerEntry: 'LedgerEntry',
  ledgerTotals: 'LedgerTotals',
  cancelCode: 'CancelCode',
  inquiry: 'Inquiry',
  inquiryMessage: 'InquiryMessage',
  inquiryToken: 'InquiryToken',
  receipt: 'Receipt',
  offer: 'Offer',
  offerToken: 'OfferToken',
  inquiryOffer: 'InquiryOffer',
} as const;
