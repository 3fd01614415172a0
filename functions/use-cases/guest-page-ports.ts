/**
 * The guest-page renderer's ports (issue 33): what it reads of the catalogue (straight from the table, through the
 * repositories: no public API, no WAF limit) and where it hands jobs on (SQS in AWS, an in-process batch locally).
 * Beside the use case rather than in `ports.ts`, which only the renderer needs these from.
 */
import type { GuestPageJob } from '../domain/guest-page-jobs';

/** A page of ids and where the next page starts (absent: the last page). */
export interface IdPage {
  ids: string[];
  cursor?: string;
}

export interface GuestPageCatalogue {
  /** One page of the published experiences a guest may see (host not suspended), newest first. */
  publishedPage(cursor: string | undefined, limit: number): Promise<IdPage>;
  /** One page of a host's experiences, whatever their status (a suspension hides them all). */
  hostExperiencePage(hostId: string, cursor: string | undefined, limit: number): Promise<IdPage>;
  /** Which of these experiences a guest may see. */
  publicIds(ids: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Hands jobs on to be run (each on its own: a failed one is retried alone). */
export interface GuestPageJobQueue {
  send(jobs: readonly GuestPageJob[]): Promise<void>;
}
