/**
 * The admin pool's password rule (issue 29), one place for the AWS pool (`lib/auth-construct.ts`), the local pool
 * (`scripts/local/stack.ts`) and the operator script (`scripts/create-admin.ts`): at least 14 characters (length,
 * not character classes, is what makes a password hard to guess), and a temporary password an operator hands out
 * lapses after a day.
 */
export const ADMIN_PASSWORD_MIN_LENGTH = 14;
export const ADMIN_TEMPORARY_PASSWORD_DAYS = 1;
