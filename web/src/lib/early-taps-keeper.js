// Keeps taps made before hydration; see early-taps.ts (issue 34). A classic script, loaded async from index.html.
/* global window */
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
})();
