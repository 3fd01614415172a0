/**
 * Issue 31: the contact page of the concierge desk (`/contact`, `/ko/contact`). The guest's question is checked with
 * the shared schema in the page's language, a refusal keeps what was typed, and a 201 says when the reply comes.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../web/src/app/providers';
import { ContactPage } from '../../../web/src/features/concierge/pages/contact-page';
import { I18nProvider, loadWholeCatalogue } from '../../../web/src/lib/i18n/i18n';
import type { Locale } from '../../../web/src/lib/i18n/locales';
import { makeExperience } from '../../support/fakes/fixtures';
import { stubFetch, testConfig } from './support/render';

interface Posted {
  body: Record<string, unknown>;
}

/** The API: the catalogue, and `POST /api/inquiries` answering `answer`. */
function stubApi(answer: { status: number; body: unknown; headers?: Record<string, string> }) {
  const posted: Posted[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/experiences')
      return {
        status: 200,
        body: {
          items: [
            makeExperience({ id: 'e1', title: 'Tea ceremony in Matsuyama' }),
            makeExperience({ id: 'e2', title: 'Shimanami cycling' }),
          ],
        },
      };
    if (url.pathname === '/api/experiences/e2')
      return { status: 200, body: makeExperience({ id: 'e2', title: 'Shimanami cycling' }) };
    if (url.pathname === '/api/inquiries' && init?.method === 'POST') {
      posted.push({ body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return answer;
    }
    return undefined;
  });
  return posted;
}

function openContact(locale: Locale, search = '') {
  const prefix = locale === 'en' ? '' : `/${locale.toLowerCase()}`;
  const router = createMemoryRouter(
    [
      {
        path: `${prefix}/contact`,
        element: (
          <I18nProvider locale={locale}>
            <ContactPage />
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: [`${prefix}/contact${search}`] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(textbox(name), { target: { value } });

beforeAll(() => loadWholeCatalogue('ko'));
afterEach(cleanup);

describe('contact page: validation in the guest’s language', () => {
  it('in English: required fields, a bad e-mail and a 10,000-character question are refused before sending', async () => {
    const posted = stubApi({ status: 201, body: { id: 'i1' } });
    openContact('en');
    await screen.findByRole('heading', { level: 1, name: 'Ask our concierge' });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please write your question')).toBeInTheDocument();

    type(/^Your name/, 'Mia Chen');
    type(/^Email/, 'mia@');
    type(/^Your question/, 'x'.repeat(10_000));
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('At most 5,000 characters')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('in Korean: the same refusals in Korean, and the reply language preselected from the site', async () => {
    const posted = stubApi({ status: 201, body: { id: 'i1' } });
    openContact('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지에게 문의하기' });
    expect(screen.getByRole('combobox', { name: '답변받을 언어' })).toHaveValue('ko');
    fireEvent.click(screen.getByRole('button', { name: '문의 보내기' }));
    expect(await screen.findByText('이름을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('이메일 주소를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('문의 내용을 입력해 주세요')).toBeInTheDocument();
    type(/^이메일/, 'not-an-address');
    fireEvent.change(screen.getByRole('spinbutton', { name: /^인원/ }), { target: { value: '51' } });
    fireEvent.blur(textbox(/^이메일/));
    expect(await screen.findByText('올바른 이메일 주소를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('1~50명으로 입력해 주세요')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Please enter|valid e-mail/);
    expect(posted).toHaveLength(0);
  });
});

describe('contact page: sending', () => {
  it('a 201 confirms the reply within one working day and the mail with the private link; the request is the API’s', async () => {
    const posted = stubApi({ status: 201, body: { id: 'i1' } });
    openContact('en', '?experience=e2');
    await screen.findByRole('heading', { level: 1, name: 'Ask our concierge' });
    // Prefilled from the detail page's link: the experience's title is the chosen option.
    const experience = screen.getByRole('combobox', { name: 'Experience (optional)' });
    await waitFor(() => expect(experience).toHaveValue('e2'));
    await waitFor(() =>
      expect(within(experience).getByRole('option', { selected: true })).toHaveTextContent(
        'Shimanami cycling',
      ),
    );
    type(/^Your name/, '  Mia Chen ');
    type(/^Email/, 'mia@example.com');
    type(/^Preferred dates/, '12–14 April');
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Number of guests/ }), {
      target: { value: '3' },
    });
    type(/^Your question/, 'Can we ride with a child seat?');
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));

    const done = await screen.findByRole('heading', {
      name: 'Thank you, your question has reached our concierge',
    });
    expect(done).toBeInTheDocument();
    expect(screen.getByText(/replies within 1 working day/)).toHaveTextContent('mia@example.com');
    expect(screen.getByText(/private link to the conversation/)).toBeInTheDocument();
    expect(posted).toEqual([
      {
        body: {
          name: 'Mia Chen',
          email: 'mia@example.com',
          locale: 'en',
          message: 'Can we ride with a child seat?',
          experienceId: 'e2',
          preferredDates: '12–14 April',
          guests: 3,
        },
      },
    ]);
  });

  it('a 429 says so in Korean and keeps everything typed', async () => {
    stubApi({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many requests. Try again later.' } },
    });
    openContact('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지에게 문의하기' });
    type(/^이름/, '김민지');
    type(/^이메일/, 'minji@example.com');
    type(/^문의 내용/, '부산에서 출발하는 일정도 가능한가요?');
    fireEvent.click(screen.getByRole('button', { name: '문의 보내기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('짧은 시간에 여러 번 문의하셨습니다');
    expect(textbox(/^문의 내용/)).toHaveValue('부산에서 출발하는 일정도 가능한가요?');
    expect(textbox(/^이름/)).toHaveValue('김민지');
    expect(document.body.textContent).not.toMatch(/Too many requests/);
  });

  it('a 400 shows the API’s field refusals beside their fields, in the page’s language', async () => {
    stubApi({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid request',
          fields: { experienceId: 'This experience is not available' },
        },
      },
    });
    openContact('en', '?experience=e2');
    await screen.findByRole('heading', { level: 1, name: 'Ask our concierge' });
    type(/^Your name/, 'Mia Chen');
    type(/^Email/, 'mia@example.com');
    type(/^Your question/, 'Is this still running?');
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('This experience is not available')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some details were not accepted');
    expect(textbox(/^Your question/)).toHaveValue('Is this still running?');
  });
});
