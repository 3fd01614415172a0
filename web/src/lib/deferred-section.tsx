/**
 * A section far down a prerendered page whose code waits for the guest's first move (issue 19: the guest home's
 * initial JS). The server renders it like any other part of the page, so its text, photos and links are in
 * the HTML from the first paint; in the browser, hydration leaves the section's server markup as it is (React keeps
 * a suspended boundary's server HTML) and the code downloads at the guest's first scroll, tap or key press, or once
 * the section is in view; at once when nothing was prerendered (a page reached by a link inside
 * the site). Until then its links work as plain links; only its buttons wait.
 *
 * A server render must load every section before it renders (`loadDeferredSections`), or the HTML would hold the
 * placeholder instead.
 */
import { Suspense, use, useEffect, type ComponentType } from 'react';

/** The guest's first move: each loads the section's code. */
const FIRST_MOVES = ['scroll', 'pointerdown', 'keydown'] as const;

const registry: (() => Promise<void>)[] = [];

/** Loads the code of every section created so far (a server render, before it renders a page). */
export function loadDeferredSections(): Promise<void> {
  return Promise.all(registry.map((load) => load())).then(() => undefined);
}

/**
 * The section `importSection` resolves to, deferred as above. `name` marks its place in the page
 * (`data-deferred-section`); `minHeight` keeps that place while the code loads after a link inside the site.
 */
export function deferredSection<P extends object>(
  name: string,
  importSection: () => Promise<ComponentType<P>>,
  minHeight: number,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let watching = false;
  let observer: IntersectionObserver | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const load = (): Promise<void> =>
    (loading ??= importSection().then(
      (component) => {
        Loaded = component;
        resolveReady();
      },
      (error: unknown) => {
        // The section stays as it is (the server's markup, whose links work, or the placeholder); the guest's
        // next scroll, tap or key press downloads it again.
        console.error(`The "${name}" section could not load`, error);
        loading = undefined;
        listenForFirstMove();
      },
    ));
  registry.push(load);

  const onFirstMove = () => {
    observer?.disconnect();
    for (const type of FIRST_MOVES) window.removeEventListener(type, onFirstMove);
    void load();
  };
  const listenForFirstMove = () => {
    for (const type of FIRST_MOVES) window.addEventListener(type, onFirstMove, { passive: true });
  };

  /**
   * Loads once the section is in view or the guest first scrolls, taps or presses a key (a Tab may reach its
   * buttons without a scroll): by the time they reach it, its buttons work. Started while rendering: a suspended
   * boundary runs no effects during hydration.
   */
  const loadWhenNear = () => {
    if (watching || loading) return;
    watching = true;
    const place =
      typeof document === 'undefined' ? null : document.querySelector(`[data-deferred-section="${name}"]`);
    if (!place || typeof IntersectionObserver === 'undefined') {
      void load();
      return;
    }
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onFirstMove();
    });
    observer.observe(place);
    listenForFirstMove();
  };

  function Content(props: P) {
    if (!Loaded) {
      loadWhenNear();
      use(ready);
    }
    const Section = Loaded!;
    return <Section {...props} />;
  }

  /** Shown only when the section renders in the browser without server markup: its code is needed now. */
  function LoadNow() {
    useEffect(() => void load(), []);
    return <div style={{ minHeight }} aria-busy="true" />;
  }

  function DeferredSection(props: P) {
    return (
      <div data-deferred-section={name}>
        <Suspense fallback={<LoadNow />}>
          <Content {...props} />
        </Suspense>
      </div>
    );
  }
  DeferredSection.displayName = `Deferred(${name})`;
  return DeferredSection;
}
