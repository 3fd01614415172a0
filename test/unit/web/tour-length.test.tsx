/**
 * A tour's length where guests and hosts read it (issue 30, DESIGN §4j): the card and the detail page's JSON-LD,
 * the booking form's summary and the lookup (start–end), and the host's editor: hours and minutes, the host's own
 * start times shown as spans, a preview of the starts that end by closing, and the buffer.
 */
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import '@testing-library/jest-dom/vitest';
import type { AvailabilityRule } from '@domain/entities';
import { ExperienceCard } from '../../../web/src/components/experience-card';
import { BookingSummaryCard } from '../../../web/src/features/booking/components/booking-summary-card';
import { RuleEditor } from '../../../web/src/features/host-experiences/components/availability-rule-editor';
import { DurationPicker } from '../../../web/src/features/host-experiences/components/tour-times-editor';
import { BookingDetails } from '../../../web/src/features/manage-booking/components/booking-details';
import { I18nProvider, loadCatalogue } from '../../../web/src/lib/i18n/i18n';
import { lookupResult } from './support/lookup-result';
import { renderWithApp } from './support/render';

vi.setConfig({ testTimeout: 60_000 });

const row = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

describe('what guests read', () => {
  it('the card says how long the tour lasts, in the page’s language', async () => {
    const card = {
      id: 'e1',
      hostId: 'h1',
      title: 'Island-hopping day',
      description: '',
      price: 15000,
      image: '',
      prefecture: '',
      city: '',
      tags: [],
      durationMinutes: 480,
      createdAt: '2025-01-01T00:00:00.000Z',
    };
    render(
      <MemoryRouter>
        <ExperienceCard experience={card} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Duration: 8 hours')).toBeInTheDocument();
    await loadCatalogue('ja');
    render(
      <I18nProvider locale="ja">
        <MemoryRouter>
          <ExperienceCard experience={{ ...card, durationMinutes: 210 }} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByText(/3時間30分/)).toBeInTheDocument();
  });

  it('the booking form’s summary and the lookup say start–end and the length', () => {
    const form = renderWithApp(
      <BookingSummaryCard
        durationMinutes={480}
        data={{
          experienceId: 'e1',
          date: '2026-12-05',
          time: '08:00',
          guests: 2,
          language: 'en',
          unitPrice: 15000,
          totalPrice: 30000,
        }}
        title="Island-hopping day"
        image={undefined}
      />,
    );
    const summary = screen.getByRole('region', { name: 'Booking summary' });
    expect(row(summary, 'Time')).toBe('08:00–16:00 (Japan time)');
    expect(row(summary, 'Duration')).toBe('8 hours');
    form.unmount();

    renderWithApp(<BookingDetails result={lookupResult({ time: '20:00', durationMinutes: 360 })} />);
    const lookup = screen.getByRole('region', { name: 'Booking summary' });
    expect(row(lookup, 'Time')).toBe('20:00–02:00 (+1) (Japan time)');
    expect(row(lookup, 'Duration')).toBe('6 hours');
  });

  it('a lookup of a booking from before tours had a length shows its hour', () => {
    const { booking, experience } = lookupResult();
    const { durationMinutes: _none, ...legacy } = booking;
    renderWithApp(<BookingDetails result={{ booking: legacy as typeof booking, experience }} />);
    expect(row(screen.getByRole('region', { name: 'Booking summary' }), 'Time')).toBe(
      '10:00–11:00 (Japan time)',
    );
  });
});

const RULE: AvailabilityRule = {
  defaultHours: { start: '08:00', end: '19:00' },
  allDay: false,
  regularHolidays: [],
  capacity: 1,
};

/** The editor with its value kept, as the form keeps it. */
function Editor({ onRule, duration = 480 }: { onRule: (rule: AvailabilityRule) => void; duration?: number }) {
  const [rule, setRule] = useState(RULE);
  const [minutes, setMinutes] = useState(duration);
  return (
    <>
      <DurationPicker value={minutes} onChange={setMinutes} />
      <RuleEditor
        value={rule}
        durationMinutes={minutes}
        onChange={(next) => {
          setRule(next);
          onRule(next);
        }}
      />
    </>
  );
}

describe('the host sets the length, the start times and the buffer', () => {
  it('hours and minutes; hourly starts that end by closing; the host’s own start at 08:00; a buffer', async () => {
    const user = userEvent.setup({ delay: null });
    const rules: AvailabilityRule[] = [];
    render(<Editor onRule={(r) => rules.push(r)} duration={60} />);
    const duration = screen.getByRole('group', { name: '所要時間' });
    const [hours, minutes] = within(duration).getAllByRole('combobox');

    await user.click(hours!);
    await user.click(screen.getByRole('option', { name: '8時間' }));
    expect(screen.getByTestId('duration-help')).toHaveTextContent('「8時間」');
    // 08:00–19:00: a tour of 8 hours may start at 08:00 … 11:00 and still end by closing.
    expect(screen.getByTestId('slots-per-day')).toHaveTextContent(
      '1時間ごとに予約枠を作ります（営業日は1日 4 枠: 08:00–16:00、09:00–17:00、10:00–18:00、11:00–19:00）',
    );
    await user.click(minutes!);
    await user.click(screen.getByRole('option', { name: '30分' }));
    expect(screen.getByTestId('slots-per-day')).toHaveTextContent('1日 3 枠');
    await user.click(hours!);
    await user.click(screen.getByRole('option', { name: '24時間' }));
    expect(minutes).toHaveAttribute('aria-disabled', 'true');
    await user.click(hours!);
    await user.click(screen.getByRole('option', { name: '8時間' }));

    await user.click(screen.getByRole('radio', { name: /^開始時刻を指定する/ }));
    await user.click(screen.getByRole('combobox', { name: '開始時刻を追加' }));
    await user.click(screen.getByRole('option', { name: '08:00' }));
    await user.click(screen.getByRole('button', { name: '追加' }));
    expect(
      within(screen.getByRole('list', { name: '指定した開始時刻' }))
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['08:00–16:00']);
    expect(rules.at(-1)).toEqual({ ...RULE, startTimes: ['08:00'] });
    expect(screen.getByTestId('slots-per-day')).toHaveTextContent(
      '指定した開始時刻に予約枠を作ります（営業日は1日 1 枠: 08:00–16:00）',
    );

    await user.click(screen.getByRole('combobox', { name: 'ツアー後の準備時間' }));
    await user.click(screen.getByRole('option', { name: '1時間' }));
    expect(rules.at(-1)).toEqual({ ...RULE, startTimes: ['08:00'], bufferMinutes: 60 });
    // Back to every hour: the rule keeps no start times of its own.
    await user.click(screen.getByRole('radio', { name: /^営業時間内で1時間ごと/ }));
    expect(rules.at(-1)).toEqual({ ...RULE, bufferMinutes: 60 });
  });
});
