export function ExperienceCreatePage() {
  return null;
}
