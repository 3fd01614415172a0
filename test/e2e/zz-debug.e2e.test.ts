import { openBrowser } from './support/browser';
it('debug overflow', async () => {
  const s = await openBrowser();
  const page = await s.newPage();
  for (const path of ['/', '/experiences', '/faq']) {
    await page.goto(path);
    await page.waitForTimeout(3500);
    const result = await page.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const out: string[] = [`scrollWidth=${document.documentElement.scrollWidth} client=${w}`];
      document.querySelectorAll('body *').forEach((el) => {
        const r = el.getBoundingClientRect();
        if (r.right > 1900 && r.right < 2100 && out.length < 8)
          out.push(
            `${el.tagName}.${String(el.className).slice(0, 60) + ' ' + (el.textContent ?? '').slice(0, 30) + ' pos=' + getComputedStyle(el).position} right=${Math.round(r.right)}`,
          );
      });
      return out;
    });
    console.log(path, result);
  }
  await s.close();
});
