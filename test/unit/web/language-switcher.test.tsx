/**
 * Issue 19: the switcher goes to the same page and query in the chosen language and remembers the choice; the
 * language note is offered in the offered language, never redirects, and comes back for a remembered choice
 * until dismissed.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { LanguageSuggestion, LanguageSwitcher } from '../../../web/src/app/language-switcher';
import { I18nProvider, loadCatalogue } from '../../../web/src/lib/i18n/i18n';
import { localeFromPath } from '../../../web/src/lib/i18n/locales';
import { renderWithApp } from './support/render';

function Where() {
  const { pathname, search } = useLocation();
  return (
    <I18nProvider locale={localeFromPath(pathname)}>
      <output data-testid="where">{`${pathname}${search}`}</output>
      <LanguageSwitcher />
      <LanguageSuggestion />
    </I18nProvider>
  );
}

/** The guest scrolls the page (the band waits for that, issue 34). */
function scrollPage() {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    fireEvent.scroll(window);
  });
}

beforeAll(async () => {
  await Promise.all([loadCatalogue('ja'), loadCatalogue('ko'), loadCatalogue('zh-Hant')]);
});
beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  localStorage.clear();
  sessionStorage.clear();
});

it('switches to the same page and query in the chosen language and remembers it', async () => {
  renderWithApp(<Where />, { path: '*', initialEntry: '/ko/experiences?prefecture=Ehime' });
  const select = screen.getByRole('combobox', { name: '언어' });
  await act(async () => {
    fireEvent.change(select, { target: { value: 'zh-Hant' } });
  });
  await waitFor(() =>
    expect(screen.getByTestId('where')).toHaveTextContent('/zh-hant/experiences?prefecture=Ehime'),
  );
  expect(localStorage.getItem('site-language')).toBe('zh-Hant');
  expect(screen.getByRole('combobox', { name: '語言' })).toHaveValue('zh-Hant');
});

it('offers the remembered language in that language without moving, until dismissed', async () => {
  localStorage.setItem('site-language', 'ja');
  renderWithApp(<Where />, { path: '*', initialEntry: '/ko/faq' });
  scrollPage();
  const note = await screen.findByRole('region', { name: 'このサイトは日本語でもご覧いただけます。' });
  expect(screen.getByTestId('where')).toHaveTextContent('/ko/faq');
  fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
  expect(note).not.toBeInTheDocument();
  expect(sessionStorage.getItem('site-language-choice-note')).toBe('dismissed');
});

it('offers the browser language and goes there, keeping the page, when the guest accepts', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ko-KR', 'en']);
  renderWithApp(<Where />, { path: '*', initialEntry: '/about' });
  scrollPage();
  await screen.findByRole('region', { name: '이 사이트는 한국어로도 보실 수 있습니다.' });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '한국어로 보기' }));
  });
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/ko/about'));
  expect(localStorage.getItem('site-language')).toBe('ko');
});

it('shows the band only once the guest has scrolled, so it never pushes a page that has not moved', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ko-KR', 'en']);
  renderWithApp(<Where />, { path: '*', initialEntry: '/about' });
  // Its messages are in (the band's own catalogue part), and still nothing shows at the top of the page.
  await act(async () => {
    await import('../../../web/src/app/language-suggestion-band');
    await loadCatalogue('ko', 'suggestion');
  });
  expect(screen.queryByRole('region', { name: '이 사이트는 한국어로도 보실 수 있습니다.' })).toBeNull();
  scrollPage();
  await screen.findByRole('region', { name: '이 사이트는 한국어로도 보실 수 있습니다.' });
});
