// Keeps taps made before hydration; see early-taps.ts (issue 34). A classic script, loaded async from index.html.
// On an experience page and the list it also starts the app (`data-entry`, web/src/ssr/defer-entry.ts): after the
// first contentful paint and the main photo, so the server's HTML is on screen before the entry is downloaded and run.
/* global window, document, performance, PerformanceObserver, requestAnimationFrame, setTimeout */
(() => {
  const kept = (window.__earlyTaps = window.__earlyTaps || []);
  const keep = (e) => {
    const el = e.target && e.target.closest && e.target.closest('[data-early-tap]');
    if (!el || (e.type === 'click') === (el.tagName === 'SELECT')) return;
    const handler = e.type === 'click' ? 'onClick' : 'onChange';
    if (Object.keys(el).some((k) => k.startsWith('__reactProps$') && el[k][handler])) return;
    const key = el.getAttribute('data-early-tap');
    for (let i = kept.length - 1; i >= 0; i--) if (kept[i].key === key) kept.splice(i, 1);
    kept.push({ key, value: e.type === 'change' ? el.value : null });
  };
  window.addEventListener('click', keep, true);
  window.addEventListener('change', keep, true);

  const me = document.currentScript;
  const entry = me && me.getAttribute('data-entry');
  if (!entry) return; // any other page loads the entry with a module script of its own
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // One request per task: starting a request is a few milliseconds of the main thread (more under a profiler's
    // trace, which records each request's initiator), and this comes right after the page's first paint.
    const steps = (me.getAttribute('data-preload') || '')
      .split(' ')
      .filter(Boolean)
      .map((href) => () => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = 'anonymous';
        link.href = href;
        document.head.appendChild(link);
      });
    steps.push(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = 'anonymous';
      script.src = entry;
      document.head.appendChild(script);
    });
    const next = () => {
      steps.shift()();
      if (steps.length) setTimeout(next, 0);
    };
    next();
  };
  // The longest the app waits for a paint or a photo (a hidden tab paints nothing; a slow photo must not keep the
  // page inert).
  setTimeout(start, 3000);
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const painted = (then) => {
    const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    // No paint timing: the frame after the document was parsed.
    if (!types.includes('paint')) return requestAnimationFrame(() => setTimeout(then, 0));
    if (performance.getEntriesByName('first-contentful-paint').length) return then();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    }).observe({ type: 'paint', buffered: true });
  };
  const photoLoaded = (then) => {
    const photo = document.querySelector('#root img[fetchpriority="high"]');
    if (!photo || photo.complete) return then();
    photo.addEventListener('load', then, { once: true });
    photo.addEventListener('error', then, { once: true });
  };
  const parsed = () => {
    const root = document.getElementById('root');
    // A page the browser renders (no server markup) has nothing to paint first.
    if (!root || !root.firstElementChild) return start();
    painted(() => photoLoaded(afterFrame));
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();
})();
