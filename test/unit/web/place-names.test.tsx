/**
 * Cards in the reader's script (issue 21 item 9): the English and Korean sites never show a Japanese city name;
 * Japanese and Chinese readers read it in kanji (issue 19).
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { ExperienceCard } from '../../../web/src/components/experience-card';
import { I18nProvider, loadCatalogue } from '../../../web/src/lib/i18n/i18n';
import type { Locale } from '../../../web/src/lib/i18n/locales';

const card = {
  id: 'e1',
  hostId: 'h1',
  title: 'Towel weaving',
  description: '',
  price: 5000,
  image: '',
  prefecture: 'Ehime',
  city: '今治市',
  tags: [],
  createdAt: '2025-01-01T00:00:00.000Z',
};

beforeAll(() => Promise.all([loadCatalogue('ja'), loadCatalogue('ko'), loadCatalogue('zh-Hant')]));

const renderCard = (locale: Locale) =>
  render(
    <MemoryRouter>
      <I18nProvider locale={locale}>
        <ExperienceCard experience={card} />
      </I18nProvider>
    </MemoryRouter>,
  );

describe('the card location', () => {
  it.each(['en', 'ko'] as const)(
    'reads Ehime, Imabari on the %s site for a city stored by the postal autofill',
    (locale) => {
      renderCard(locale);
      expect(screen.getByText('Ehime, Imabari')).toBeInTheDocument();
      expect(screen.getByText('Ehime, Imabari')).toHaveAttribute('lang', 'en');
      expect(screen.queryByText(/今治/)).toBeNull();
    },
  );

  it.each(['ja', 'zh-Hant'] as const)('reads 愛媛県今治市 for %s readers', (locale) => {
    renderCard(locale);
    expect(screen.getByText('愛媛県今治市')).toHaveAttribute('lang', 'ja');
  });
});
