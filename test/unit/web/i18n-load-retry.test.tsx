/**
 * A catalogue download that fails (a dropped connection while switching language) is not remembered as failed:
 * the next page that needs the language downloads it again and shows its texts.
 */
type Locales = typeof import('../../../web/src/lib/i18n/locales');

it('downloads a language again after a failed download', async () => {
  let failuresLeft = 1;
  // The setup file loaded the i18n module already: a fresh copy sees the failing download.
  vi.resetModules();
  vi.doMock('../../../web/src/lib/i18n/locales', async (importOriginal) => {
    const actual = await importOriginal<Locales>();
    return {
      ...actual,
      localeInfo: (locale: Parameters<Locales['localeInfo']>[0]) => {
        const info = actual.localeInfo(locale);
        return {
          ...info,
          load: (part: Parameters<typeof info.load>[0]) =>
            locale === 'ko' && failuresLeft-- > 0
              ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
              : info.load(part),
        };
      },
    };
  });
  const { createTranslator, isCatalogueLoaded, loadCatalogue } =
    await import('../../../web/src/lib/i18n/i18n');

  await expect(loadCatalogue('ko')).rejects.toThrow('Failed to fetch');
  expect(isCatalogueLoaded('ko')).toBe(false);
  await loadCatalogue('ko');
  expect(isCatalogueLoaded('ko')).toBe(true);
  expect(createTranslator('ko').t('common.close')).toBe('닫기');
});
