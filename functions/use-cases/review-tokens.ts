import { createHash, randomBytes } from 'node:crypto';

/** A review link's token: 256 random bits, URL-safe (43 characters). */
export const newReviewToken = (): string => randomBytes(32).toString('base64url');

/** Links are stored under the SHA-256 of their token: the table never holds a usable link. */
export const reviewTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
