export function ExperienceEditPage() {
  return null;
}
