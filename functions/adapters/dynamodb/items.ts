/**
 * Item ↔ entity mapping. An item is the entity's own attributes plus storage attributes (keys, index keys, `type`);
 * reading strips the storage attributes so repositories hand out exactly the entity.
 */
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GLOBAL_INDEXES, TABLE_PARTITION_KEY, TABLE_SORT_KEY } from './table-definition';

export type Item = Record<string, NativeAttributeValue>;

/**
 * Paths of the entity's empty strings. DynamoDB Local (1.11.478, the jar the local stack runs) still rejects empty
 * strings, which DynamoDB itself accepts in non-key attributes since 2020. So that the same items work in both,
 * an empty string is stored as NULL and its path recorded here, and reading restores it: an experience with an
 * empty description reads back with `description: ''`, not `null`.
 */
export const EMPTY_STRINGS_ATTRIBUTE = 'emptyStrings';

const STORAGE_ATTRIBUTES = new Set<string>([
  TABLE_PARTITION_KEY,
  TABLE_SORT_KEY,
  'type',
  EMPTY_STRINGS_ATTRIBUTE,
  ...GLOBAL_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey]),
]);

type Path = (string | number)[];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

function encodeEmptyStrings(value: unknown, path: Path, found: Path[]): unknown {
  if (value === '') {
    found.push(path);
    return null;
  }
  if (Array.isArray(value)) return value.map((v, i) => encodeEmptyStrings(v, [...path, i], found));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeEmptyStrings(v, [...path, k], found);
    return out;
  }
  return value;
}

function restoreEmptyString(target: Record<string, unknown>, path: Path): void {
  let node: unknown = target;
  for (let i = 0; i < path.length - 1; i++) {
    const step = path[i] as string | number;
    node = (node as Record<string | number, unknown> | undefined)?.[step];
    if (typeof node !== 'object' || node === null) return;
  }
  const last = path[path.length - 1];
  if (last !== undefined) (node as Record<string | number, unknown>)[last] = '';
}

/** The item of an entity: its attributes (empty strings encoded) plus the given storage attributes. */
export function toItem(entity: object, storage: Item): Item {
  const found: Path[] = [];
  const attributes = encodeEmptyStrings(entity, [], found) as Item;
  return { ...attributes, ...(found.length > 0 ? { [EMPTY_STRINGS_ATTRIBUTE]: found } : {}), ...storage };
}

/**
 * The entity stored in an item. Items are only ever written by these repositories from validated entities, so the
 * shape is trusted rather than parsed again on every read.
 */
export function fromItem<T>(item: Item): T {
  const entity: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!STORAGE_ATTRIBUTES.has(k)) entity[k] = v;
  const paths = item[EMPTY_STRINGS_ATTRIBUTE] as Path[] | undefined;
  if (Array.isArray(paths)) for (const p of paths) restoreEmptyString(entity, p);
  return entity as T;
}
