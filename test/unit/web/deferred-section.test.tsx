/**
 * Issue 19 (the guest home's initial JS): a section far down a prerendered page (the home's Topics) keeps the
 * server's markup through hydration and downloads its code only at the guest's first scroll, tap or key press, or
 * when it comes into view; rendered without server markup (a link inside the site), it loads at once.
 */
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { deferredSection, loadDeferredSections } from '../../../web/src/lib/deferred-section';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

/** jsdom has no IntersectionObserver: this one lets a test bring the watched element into view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  target: Element | undefined;
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.disconnected = true;
  }
  comeIntoView() {
    this.callback(
      [{ isIntersecting: true, target: this.target! } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

const roots: Root[] = [];

beforeEach(() => {
  FakeObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The server's HTML of a section named `name`, in the page, and the same section as the browser's code has it
 * (another instance: the server's has its code loaded, the browser's not yet), hydrated.
 */
async function hydratedServerSection(name: string, importSection: () => Promise<typeof Counter>) {
  const OnServer = deferredSection(name, async () => Counter, 400);
  await loadDeferredSections();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<OnServer label="Tours" />);
  document.body.append(container);
  const serverButton = container.querySelector('button')!;
  expect(serverButton.textContent).toBe('Tours 0');

  const InBrowser = deferredSection(name, importSection, 400);
  const recoverable = vi.fn();
  await act(async () => {
    roots.push(hydrateRoot(container, <InBrowser label="Tours" />, { onRecoverableError: recoverable }));
  });
  return { container, serverButton, recoverable };
}

describe('deferred section', () => {
  it("keeps the server's markup through hydration and loads its code at the guest's first scroll", async () => {
    const importSection = vi.fn(async () => Counter);
    const { container, serverButton, recoverable } = await hydratedServerSection('topics-a', importSection);

    expect(importSection).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(serverButton);
    expect(FakeObserver.last?.target).toBe(container.querySelector('[data-deferred-section="topics-a"]'));
    // Not hydrated yet: a click changes nothing.
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Tours 0');

    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(importSection).toHaveBeenCalledTimes(1);
    expect(FakeObserver.last?.disconnected).toBe(true);
    // Hydrated in place: the server's button now works.
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Tours 1');
    expect(container.querySelector('button')).toBe(serverButton);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('loads when the section comes into view without any move of the guest', async () => {
    const importSection = vi.fn(async () => Counter);
    const { serverButton } = await hydratedServerSection('topics-b', importSection);
    expect(importSection).not.toHaveBeenCalled();

    await act(async () => FakeObserver.last!.comeIntoView());
    expect(importSection).toHaveBeenCalledTimes(1);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Tours 1');
  });

  it("keeps the server's markup when the download fails, and tries again at the next move", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const importSection = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error('connection dropped'))
      .mockResolvedValue(Counter);
    const { container, serverButton } = await hydratedServerSection('topics-c', importSection);

    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(importSection).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('The "topics-c" section could not load', expect.any(Error));
    expect(container.querySelector('button')).toBe(serverButton);

    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(importSection).toHaveBeenCalledTimes(2);
    await act(async () => serverButton.click());
    expect(serverButton.textContent).toBe('Tours 1');
  });

  it('renders at once, in a placeholder of its height first, where the server rendered nothing', async () => {
    let resolve!: (component: typeof Counter) => void;
    const importSection = vi.fn(() => new Promise<typeof Counter>((r) => (resolve = r)));
    const Section = deferredSection('topics-d', importSection, 480);
    // Rendered in an awaited act: React retries a suspended render in an act scope only when it is awaited.
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = render(<Section label="Tours" />));
    });

    const placeholder = container.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(placeholder.style.minHeight).toBe('480px');
    expect(importSection).toHaveBeenCalledTimes(1);
    await act(async () => resolve(Counter));
    expect(await screen.findByRole('button', { name: 'Tours 0' })).toBeTruthy();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });
});
