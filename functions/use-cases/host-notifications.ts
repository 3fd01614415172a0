/**
 * Mails about a host's account (not about a booking): the approval of a self-registered host, and a suspension and
 * its end (issue 21 item 10). Same shape
 * as the booking notices (`mail-notifications.ts`): rendered before the change, written to the outbox in the
 * change's own transaction (DESIGN §4f), delivered by the sender.
 */
import { hostAccountApprovedMail } from '../adapters/mail/templates/host-account-approved';
import {
  hostAccountReinstatedMail,
  hostAccountSuspendedMail,
} from '../adapters/mail/templates/host-account-suspended';
import type { RenderedMail } from '../adapters/mail/templates/layout';
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
  /** An admin suspended the host: what it means and whom to ask. */
  suspended(host: Host): OutboxMail[];
  /** An admin lifted the suspension. */
  reinstated(host: Host): OutboxMail[];
}

export function makeHostNotifications(deps: HostNotificationsDeps): HostNotifications {
  const mail =
    (kind: string, template: (input: Parameters<typeof hostAccountApprovedMail>[0]) => RenderedMail) =>
    (host: Host): OutboxMail[] => {
      const rendered = template({
        host,
        baseUrl: deps.baseUrl,
        ...(deps.siteName ? { siteName: deps.siteName } : {}),
      });
      return [
        {
          id: deps.newId(),
          kind,
          to: host.email,
          language: 'ja',
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachments: [],
        },
      ];
    };
  return {
    approved: mail('host_account_approved', hostAccountApprovedMail),
    suspended: mail('host_account_suspended', hostAccountSuspendedMail),
    reinstated: mail('host_account_reinstated', hostAccountReinstatedMail),
  };
}
