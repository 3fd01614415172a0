import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { formatYen } from '@domain/pricing';
import { ExperienceCard } from '../../../web/src/components/experience-card';
import { I18nProvider, loadCatalogue } from '../../../web/src/lib/i18n/i18n';

const base = {
  id: 'e1',
  hostId: 'h1',
  title: 'Uchiko Washi Paper Making',
  description: '',
  price: 1234567,
  image: '',
  prefecture: '',
  city: '',
  tags: [],
  durationMinutes: 60,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('price formatting and the experience card (guest spec §2, §9)', () => {
  it('formats whole yen with thousands separators', () => {
    expect(formatYen(0)).toBe('0');
    expect(formatYen(9800)).toBe('9,800');
    expect(formatYen(1234567)).toBe('1,234,567');
  });

  it('shows the from-price, the placeholder image, the location fallback and the default tags', () => {
    render(
      <MemoryRouter>
        <ExperienceCard experience={base} />
      </MemoryRouter>,
    );
    expect(screen.getByText('from ¥1,234,567')).toBeInTheDocument();
    expect(screen.getByText('Location not specified')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: base.title })).toHaveAttribute('src', '/placeholder.jpg');
    expect(screen.getByText('Private Experience')).toBeInTheDocument();
    expect(screen.getByText('Nature')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/experience/e1');
  });

  it('shows a published photo in the variant its slot needs, boxed to its aspect ratio before it loads', () => {
    const photo = '/images/p/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11/2048x1365/1280.webp';
    render(
      <MemoryRouter>
        <ExperienceCard experience={{ ...base, image: photo }} imageSizes="(max-width: 599px) 80vw, 300px" />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: base.title });
    expect(img).toHaveAttribute('src', photo);
    expect(img.getAttribute('srcset')?.split(', ')).toEqual(
      [320, 480, 640, 800, 960, 1280, 1600, 2048].map((w) => photo.replace('1280.webp', `${w}.webp ${w}w`)),
    );
    expect(img).toHaveAttribute('sizes', '(max-width: 599px) 80vw, 300px');
    expect(img).toHaveAttribute('width', '2048');
    expect(img).toHaveAttribute('height', '1365');
    // Below the fold unless told otherwise.
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it("fetches the page's largest paint (priority) at once, with high priority, decoded off the main thread", () => {
    const photo = '/images/p/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11/2048x1365/1280.webp';
    render(
      <MemoryRouter>
        <ExperienceCard experience={{ ...base, image: photo }} priority />
        <ExperienceCard experience={{ ...base, id: 'other', title: 'Other', image: photo }} />
      </MemoryRouter>,
    );
    const first = screen.getByRole('img', { name: base.title });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    // Not with the page's paint: that held the list's first frame while the photo was decoded (issue 34).
    expect(first).toHaveAttribute('decoding', 'async');
    const other = screen.getByRole('img', { name: 'Other' });
    expect(other).toHaveAttribute('loading', 'lazy');
    expect(other).not.toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the placeholder, variants and all, when the photo cannot be loaded', () => {
    const photo = '/images/p/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a11/2048x1365/1280.webp';
    render(
      <MemoryRouter>
        <ExperienceCard experience={{ ...base, image: photo }} eager />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: base.title });
    expect(img).toHaveAttribute('loading', 'eager');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholder.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('names the place in Korean on the Korean site, and in Taiwan’s characters on the Chinese one (issue 19)', async () => {
    await Promise.all([loadCatalogue('ko'), loadCatalogue('zh-Hant')]);
    const experience = { ...base, prefecture: 'Ehime', city: '今治市' };
    const { unmount } = render(
      <MemoryRouter>
        <I18nProvider locale="ko">
          <ExperienceCard experience={experience} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('에히메현 이마바리시')).toBeInTheDocument();
    expect(screen.queryByText(/Ehime|愛媛/)).toBeNull();
    unmount();
    render(
      <MemoryRouter>
        <I18nProvider locale="zh-Hant">
          <ExperienceCard experience={experience} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('愛媛縣今治市')).toBeInTheDocument();
  });

  it('joins prefecture and city with a comma', () => {
    render(
      <MemoryRouter>
        <ExperienceCard experience={{ ...base, prefecture: 'Ehime', city: 'Uchiko', tags: ['Craft'] }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Ehime, Uchiko')).toBeInTheDocument();
    expect(screen.getByText('Craft')).toBeInTheDocument();
    expect(screen.queryByText('Private Experience')).not.toBeInTheDocument();
  });
});
