/**
 * Mails about a host's account (not about a booking): today the approval of a self-registered host. Same shape
 * as the booking notices (`mail-notifications.ts`): rendered before the change, written to the outbox in the
 * change's own transaction (DESIGN §4f), delivered by the sender.
 */
import { hostAccountApprovedMail } from '../adapters/mail/templates/host-account-approved';
import type { Host } from '../domain/entities';
import type { OutboxMail } from './ports';

export interface HostNotificationsDeps {
  /** Ids of new mail items. */
  newId: () => string;
  /** The site's origin for links in mails, e.g. `https://example.jp`. */
  baseUrl: string;
  siteName?: string;
}

export interface HostNotifications {
  /** The host was approved by an admin: they may publish now (Japanese, as the back office). */
  approved(host: Host): OutboxMail[];
}

export function makeHostNotifications(deps: HostNotificationsDeps): HostNotifications {
  return {
    approved(host) {
      const rendered = hostAccountApprovedMail({
        host,
        baseUrl: deps.baseUrl,
        ...(deps.siteName ? { siteName: deps.siteName } : {}),
      });
      return [
        {
          id: deps.newId(),
          kind: 'host_account_approved',
          to: host.email,
          language: 'ja',
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachments: [],
        },
      ];
    },
  };
}
