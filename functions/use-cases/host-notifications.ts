/**
 * Mails about a host's account (not about a booking): today the approval of a self-registered host. Same shape
 * as the booking notices (`mail-notifications.ts`): render, send, and a failure is logged, never undoing the
 * change that caused the mail.
 */
import { hostAccountApprovedMail } from '../adapters/mail/templates/host-account-approved';
import type { Host } from '../domain/entities';
import { errorFields } from './console-logger';
import type { NoticeResult } from './mail-notifications';
import type { Logger, Mailer } from './ports';

export interface HostNotificationsDeps {
  mailer: Mailer;
  logger: Logger;
  /** The site's origin for links in mails, e.g. `https://example.jp`. */
  baseUrl: string;
  siteName?: string;
}

export interface HostNotifications {
  /** The host was approved by an admin: they may publish now. */
  approved(host: Host): Promise<NoticeResult>;
}

export function makeHostNotifications(deps: HostNotificationsDeps): HostNotifications {
  return {
    async approved(host) {
      try {
        const rendered = hostAccountApprovedMail({
          host,
          baseUrl: deps.baseUrl,
          ...(deps.siteName ? { siteName: deps.siteName } : {}),
        });
        await deps.mailer.send({
          to: host.email,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        });
        return { sent: 1, failed: 0 };
      } catch (e) {
        deps.logger.error('Host mail not sent', {
          hostId: host.id,
          mail: 'host_account_approved',
          ...errorFields(e),
        });
        return { sent: 0, failed: 1 };
      }
    },
  };
}
