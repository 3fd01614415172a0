/**
 * The calendar event of a booking (DESIGN §4c): the approved mail carries it with `METHOD:REQUEST`, a
 * cancellation mail with `METHOD:CANCEL` and the same `UID` (`<bookingId>@<site host>`), so a calendar that
 * imported the first removes the event on the second. Times are instants (UTC), converted from the tour's Tokyo
 * start and its length (the end is start + duration, DESIGN §4j); every calendar shows them in its reader's zone.
 * Also the "Add to Google Calendar" link of the same event. The `.ics` file itself is made when the mail is sent
 * (`ics-file.ts`).
 */
import { formatAddress } from '../../domain/address';
import { TOKYO_TIME_ZONE } from '../../domain/calendar';
import type { Booking } from '../../domain/entities';
import { tourEnd, tourStart } from '../../domain/tour-schedule';
import type { CalendarEvent } from '../../use-cases/ports';
import type { MailExperience } from './templates/booking-mail';
import { guestSiteUrl } from './templates/format';
import { guestMailTexts } from './templates/guest-texts';

export interface CalendarInviteInput {
  // The tour's own length sets the event's end (DESIGN §4j); bookings without one last an hour.
  booking: Pick<Booking, 'id' | 'reference' | 'date' | 'time' | 'durationMinutes' | 'guests' | 'guestLocale'>;
  experience: MailExperience;
  hostBusinessName: string;
  /** The site's origin: its host name makes the UID, and the description links to the booking lookup. */
  baseUrl: string;
  siteName: string;
}

/** One UID per booking, the same in every file about it. */
export function calendarUid(bookingId: string, baseUrl: string): string {
  return `${bookingId}@${new URL(baseUrl).hostname}`;
}

export function calendarEvent(input: CalendarInviteInput, method: CalendarEvent['method']): CalendarEvent {
  const { booking, experience } = input;
  const lookup = guestSiteUrl(input.baseUrl, '/booking-confirmation', booking.guestLocale);
  const description = guestMailTexts(booking.guestLocale).calendar(
    booking.reference,
    booking.guests,
    input.hostBusinessName,
    lookup,
  );
  return {
    method,
    uid: calendarUid(booking.id, input.baseUrl),
    fileName: `booking-${booking.reference}.ics`,
    productId: `${input.siteName}//bookings`,
    title: experience.title,
    description,
    location: formatAddress(experience, booking.guestLocale),
    geo:
      experience.mapLat !== null && experience.mapLng !== null
        ? { lat: experience.mapLat, lon: experience.mapLng }
        : null,
    start: tourStart(booking).toISOString(),
    end: tourEnd(booking).toISOString(),
  };
}

/** For the cancellation mail: the approval's event withdrawn (same UID, `METHOD:CANCEL`). */
export const calendarCancellation = (input: CalendarInviteInput) => calendarEvent(input, 'CANCEL');

const compactUtc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** "Add to Google Calendar": the same event as the file, shown in Tokyo's zone. */
export function googleCalendarUrl(input: CalendarInviteInput): string {
  const event = calendarEvent(input, 'REQUEST');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
    details: event.description,
    location: event.location,
    ctz: TOKYO_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
