import type { Experience } from '../domain/entities';
import { DomainError } from '../domain/errors';
import type { ExperienceRepository } from './ports';

export const EXPERIENCE_NOT_FOUND_MESSAGE = 'Experience not found';

/**
 * The experience a guest may see or book. A private experience answers exactly like a missing one, so guests
 * cannot probe which ids exist (the guest spec's 'Experience not found').
 */
export async function loadPublishedExperience(
  experiences: ExperienceRepository,
  id: string,
): Promise<Experience> {
  const experience = await experiences.get(id);
  if (!experience || experience.publicationStatus !== 'public') {
    throw new DomainError('not_found', EXPERIENCE_NOT_FOUND_MESSAGE);
  }
  return experience;
}
