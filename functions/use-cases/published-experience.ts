import type { Experience } from '../domain/entities';
import { DomainError } from '../domain/errors';
import type { ExperienceRepository, HostRepository } from './ports';

export const EXPERIENCE_NOT_FOUND_MESSAGE = 'Experience not found';

/**
 * The experience a guest may see or book: published, and its host not suspended by an admin. A private experience
 * or one of a suspended host answers exactly like a missing one, so guests cannot probe which ids exist (the guest
 * spec's 'Experience not found'). The experience keeps its own publication status through a suspension, so a
 * reinstated host's public experiences are back at once.
 */
export async function loadPublishedExperience(
  deps: { experiences: ExperienceRepository; hosts: Pick<HostRepository, 'suspensionOf'> },
  id: string,
): Promise<Experience> {
  const experience = await deps.experiences.get(id);
  if (!experience || experience.publicationStatus !== 'public') {
    throw new DomainError('not_found', EXPERIENCE_NOT_FOUND_MESSAGE);
  }
  if (await deps.hosts.suspensionOf(experience.hostId)) {
    throw new DomainError('not_found', EXPERIENCE_NOT_FOUND_MESSAGE);
  }
  return experience;
}
