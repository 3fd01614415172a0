// Keeps taps made before hydration; see web/src/lib/early-taps.ts (issue 34).
(function (w) {
  var q = (w.__earlyTaps = w.__earlyTaps || []);
  function keep(e) {
    var el = e.target && e.target.closest && e.target.closest('[data-early-tap]');
    if (!el || (e.type === 'click') === (el.tagName === 'SELECT')) return;
    var handler = e.type === 'click' ? 'onClick' : 'onChange';
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length; i++)
      if (keys[i].indexOf('__reactProps$') === 0 && el[keys[i]][handler]) return;
    var key = el.getAttribute('data-early-tap');
    for (var j = q.length - 1; j >= 0; j--) if (q[j].key === key) q.splice(j, 1);
    q.push({ key: key, value: e.type === 'change' ? el.value : null });
  }
  w.addEventListener('click', keep, true);
  w.addEventListener('change', keep, true);
})(window);
