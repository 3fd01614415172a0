/**
 * Cards in the reader's script (issue 21 item 9, issue 19): the English and Korean sites never show a Japanese city
 * name; Japanese readers read it in kanji, Traditional Chinese readers in Taiwan's characters.
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
  durationMinutes: 60,
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
  // Written for the reader (issue 19), so the place carries no `lang` of its own: it is in the page's language.
  it.each([
    ['en', 'Ehime, Imabari'],
    ['ko', '에히메현 이마바리시'],
  ] as const)("reads a city stored by the postal autofill in the %s site's script: %s", (locale, place) => {
    renderCard(locale);
    expect(screen.getByText(place)).not.toHaveAttribute('lang');
    expect(screen.queryByText(/今治/)).toBeNull();
  });

  it.each([
    ['ja', '愛媛県今治市'],
    ['zh-Hant', '愛媛縣今治市'],
  ] as const)('reads the place in kanji for %s readers, as their script writes it: %s', (locale, place) => {
    renderCard(locale);
    expect(screen.getByText(place)).toBeInTheDocument();
  });
});
