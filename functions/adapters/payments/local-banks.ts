/**
 * Bank and branch names for the local onboarding page (DESIGN §4g), from `zengin-code` (the Zengin system's
 * codes: 1,100+ banks with their branches). Local stack only: the data (5 MB) is loaded on first use and never
 * reaches a Lambda bundle; Stripe's hosted page does this in AWS.
 */
import { createRequire } from 'node:module';

interface ZenginBranch {
  code: string;
  name: string;
  kana: string;
}
interface ZenginBank extends ZenginBranch {
  branches: Record<string, ZenginBranch>;
}

let banks: Record<string, ZenginBank> | undefined;

function allBanks(): Record<string, ZenginBank> {
  banks ??= createRequire(import.meta.url)('zengin-code') as Record<string, ZenginBank>;
  return banks;
}

/** The bank's name (`みずほ`) or null for an unknown code. */
export function bankName(code: string): string | null {
  return bankOf(code)?.name ?? null;
}

/** The branch's name (`東京営業部`) or null for an unknown bank or branch. */
export function branchName(bankCode: string, branchCode: string): string | null {
  const branches = bankOf(bankCode)?.branches;
  return branches && Object.hasOwn(branches, branchCode) ? (branches[branchCode]?.name ?? null) : null;
}

/** A bank by its code: only the list's own entries (`constructor` is no bank). */
function bankOf(code: string): ZenginBank | undefined {
  const all = allBanks();
  return Object.hasOwn(all, code) ? all[code] : undefined;
}
