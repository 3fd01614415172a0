import type { Page } from 'playwright-core';

/**
 * Resolves once React owns the server's markup (hydrateRoot attaches its fiber to the DOM nodes it adopts). A
 * prerendered page (issue 17) shows its buttons before they work: a test clicks only after this.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });
