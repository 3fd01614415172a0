/** Browser steps of the admin area shared by the admin tests. */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { totpCode } from '../../../scripts/local/totp';

/** On the admin sign-in screen: the demo admin's password, then its authenticator's code (the pool requires TOTP). */
export async function signInAsAdmin(page: Page): Promise<void> {
  const admin = inject('demoAdmin');
  await page.getByLabel('メールアドレス').fill(admin.email);
  await page.locator('input[autocomplete="current-password"]').fill(admin.password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await page.getByRole('heading', { name: '二段階認証', exact: true }).waitFor();
  await page.getByLabel(/^確認コード（6桁）/).fill(totpCode(admin.totpSecret!));
  await page.getByRole('button', { name: '確認', exact: true }).click();
}
