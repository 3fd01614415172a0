/** Cards in the reader's script (issue 21 item 9): the English site never shows a Japanese city name. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { ExperienceCard } from '../../../web/src/components/experience-card';

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

afterEach(() => document.documentElement.setAttribute('lang', 'en'));

describe('the card location', () => {
  it('reads Ehime, Imabari on the English site for a city stored by the postal autofill', () => {
    document.documentElement.setAttribute('lang', 'en');
    render(
      <MemoryRouter>
        <ExperienceCard experience={card} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Ehime, Imabari')).toBeInTheDocument();
    expect(screen.queryByText(/今治/)).toBeNull();
  });

  it('reads 愛媛県今治市 for Japanese readers', () => {
    document.documentElement.setAttribute('lang', 'ja');
    render(
      <MemoryRouter>
        <ExperienceCard experience={card} />
      </MemoryRouter>,
    );
    expect(screen.getByText('愛媛県今治市')).toBeInTheDocument();
  });
});
