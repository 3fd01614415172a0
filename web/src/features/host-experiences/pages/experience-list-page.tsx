export function ExperienceListPage() {
  return null;
}
