/**
 * Issue 31: the guest's private conversation (`/inquiry/{token}`, `/ko/inquiry/{token}`): messages told apart,
 * the status and reply promise in words, offers as cards with their status, and an answer that joins the
 * conversation without a reload.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../web/src/app/providers';
import { InquiryPage } from '../../../web/src/features/concierge/pages/inquiry-page';
import type { Conversation, GuestOffer } from '../../../web/src/lib/concierge';
import { I18nProvider, loadWholeCatalogue } from '../../../web/src/lib/i18n/i18n';
import type { Locale } from '../../../web/src/lib/i18n/locales';
import { stubFetch, testConfig } from './support/render';

const OPEN_OFFER: GuestOffer = {
  id: 'of1',
  token: 'offer-token-1',
  url: 'http://localhost:3000/ko/offer/offer-token-1',
  status: 'opened',
  experience: { id: 'e1', title: 'Shimanami cycling', image: '/media/e1.webp' },
  date: '2030-04-12',
  time: '09:00',
  guests: 3,
  totalAmount: 48000,
  message: 'A child seat is ready for you.',
  expiresAt: '2030-04-01T09:00:00.000Z',
};

const CONVERSATION: Conversation = {
  status: 'waiting',
  replyDueAt: '2030-03-29T01:30:00.000Z',
  messages: [
    { from: 'guest', text: '아이 좌석이 있나요?', createdAt: '2030-03-28T01:00:00.000Z' },
    { from: 'concierge', text: '네, 준비해 드릴 수 있습니다.', createdAt: '2030-03-28T03:00:00.000Z' },
  ],
  offers: [OPEN_OFFER, { ...OPEN_OFFER, id: 'of0', token: 'old', status: 'expired', totalAmount: 51000 }],
};

interface Answer {
  status: number;
  body: unknown;
}

function stubApi(conversation: Answer, reply?: Answer) {
  const posted: unknown[] = [];
  let current = conversation;
  stubFetch((url, init) => {
    if (url.pathname === '/api/inquiries/tok/messages' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      if (reply && reply.status === 201) {
        const body = reply.body as { messages: Conversation['messages']; status: Conversation['status'] };
        current = {
          status: 200,
          body: {
            ...(conversation.body as Conversation),
            ...body,
            replyDueAt: '2030-03-30T01:30:00.000Z',
          },
        };
      }
      return reply;
    }
    if (url.pathname === '/api/inquiries/tok') return current;
    return undefined;
  });
  return posted;
}

function openConversation(locale: Locale) {
  const prefix = locale === 'en' ? '' : `/${locale.toLowerCase()}`;
  const router = createMemoryRouter(
    [
      {
        path: `${prefix}/inquiry/:token`,
        element: (
          <I18nProvider locale={locale}>
            <InquiryPage />
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: [`${prefix}/inquiry/tok`] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeAll(() => loadWholeCatalogue('ko'));
afterEach(cleanup);

describe('conversation page', () => {
  it('shows the messages told apart, the status in words and the offers with their status (Korean)', async () => {
    stubApi({ status: 200, body: CONVERSATION });
    openConversation('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지와의 대화' });
    expect(screen.getByTestId('inquiry-status')).toHaveTextContent('상태: 오퍼가 기다리고 있습니다');

    const messages = within(screen.getByRole('region', { name: '메시지' })).getAllByRole('article');
    expect(messages.map((m) => m.getAttribute('aria-label'))).toEqual(['나', '컨시어지']);
    expect(messages[0]).toHaveTextContent('아이 좌석이 있나요?');
    // Tokyo time, written the Korean way: 01:00 UTC is 10:00 in Tokyo.
    expect(messages[0]).toHaveTextContent(/10:00.*\(일본 시간\)/);
    expect(messages[1]).toHaveTextContent('네, 준비해 드릴 수 있습니다.');

    const offers = within(screen.getByRole('region', { name: '컨시어지의 오퍼' })).getAllByRole('article');
    expect(offers).toHaveLength(2);
    expect(offers[0]).toHaveTextContent('Shimanami cycling');
    expect(offers[0]).toHaveTextContent('예약 가능');
    expect(offers[0]).toHaveTextContent('48,000엔');
    expect(within(offers[0]!).getByRole('link', { name: '확인하고 예약하기' })).toHaveAttribute(
      'href',
      'http://localhost:3000/ko/offer/offer-token-1',
    );
    expect(offers[1]).toHaveTextContent('기한 만료');
    expect(within(offers[1]!).queryByRole('link')).toBeNull();
  });

  it('while the question waits, promises the reply by the deadline in Tokyo time (English)', async () => {
    stubApi({ status: 200, body: { ...CONVERSATION, status: 'new', offers: [] } });
    openConversation('en');
    await screen.findByRole('heading', { level: 1, name: 'Your conversation with our concierge' });
    expect(screen.getByTestId('inquiry-status')).toHaveTextContent('Status: Waiting for the concierge');
    // 2030-03-29 01:30 UTC is Friday 10:30 in Tokyo.
    expect(screen.getByText(/^The concierge will reply by/)).toHaveTextContent(
      /Fri.*Mar 29.*10:30.*Japan time/,
    );
    expect(screen.queryByRole('region', { name: 'Offers from the concierge' })).toBeNull();
  });

  it('posts an answer, which appears without a reload, and the status returns to waiting for the concierge', async () => {
    const posted = stubApi(
      { status: 200, body: CONVERSATION },
      {
        status: 201,
        body: {
          status: 'new',
          messages: [
            ...CONVERSATION.messages,
            { from: 'guest', text: '좋아요, 예약할게요!', createdAt: '2030-03-28T05:00:00.000Z' },
          ],
        },
      },
    );
    openConversation('ko');
    await screen.findByRole('heading', { level: 1, name: '컨시어지와의 대화' });
    const box = screen.getByRole('textbox', { name: '답장' });
    fireEvent.change(box, { target: { value: '  좋아요, 예약할게요!  ' } });
    expect(screen.getByText('15 / 5,000자')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '답장 보내기' }));

    expect(await screen.findByText('좋아요, 예약할게요!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('답장을 보냈습니다.');
    expect(screen.getByTestId('inquiry-status')).toHaveTextContent('컨시어지 답변 대기 중');
    expect(box).toHaveValue('');
    expect(posted).toEqual([{ text: '좋아요, 예약할게요!' }]);
  });

  it('refuses an empty or too long answer before sending, and says a 429 in the page’s language', async () => {
    const posted = stubApi(
      { status: 200, body: CONVERSATION },
      { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests' } } },
    );
    openConversation('en');
    await screen.findByRole('heading', { level: 1, name: 'Your conversation with our concierge' });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Please write your answer')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(box, { target: { value: 'y'.repeat(5001) } });
    expect(screen.getByText('At most 5,000 characters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(posted).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'One more thing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many messages in a short time. Please wait a few minutes and try again.',
    );
    expect(box).toHaveValue('One more thing');
  });

  it('an unknown link says it is not valid and leads to the contact page', async () => {
    stubApi({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    openConversation('ko');
    await screen.findByRole('heading', { level: 1, name: '유효하지 않은 링크입니다' });
    expect(screen.getByRole('link', { name: '컨시어지에게 문의하기' })).toHaveAttribute(
      'href',
      '/ko/contact',
    );
  });
});
