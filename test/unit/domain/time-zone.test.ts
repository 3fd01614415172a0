/**
 * This folder runs twice: in project `unit` with the machine's zone and in `unit-new-york` with
 * TZ=America/New_York. These checks prove the second run really happens in another zone, so a green rerun
 * means "no result depends on the machine's zone" rather than "the same run twice".
 */
describe('the zone the suite runs in', () => {
  it('is the zone named by TZ whenever TZ is set', () => {
    const tz = process.env.TZ;
    if (tz) expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(tz);
    else expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBeTruthy();
  });

  it('is really New York in the unit-new-york project', ({ task }) => {
    // Guard against a renamed project turning this test into a silent no-op.
    expect(['unit', 'unit-new-york']).toContain(task.file.projectName);
    if (task.file.projectName !== 'unit-new-york') return;
    expect(process.env.TZ).toBe('America/New_York');
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    // Local-time APIs follow it: midnight of 1 January in New York is 05:00 UTC.
    expect(new Date(2026, 0, 1).toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });
});
