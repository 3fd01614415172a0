import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { synthStack } from './synth';

interface Violation {
  ruleName: string;
  severity?: string;
  description?: string;
  violatingConstructs?: { constructPath?: string }[];
}

function nagReport(stage: 'dev' | 'prod') {
  const outdir = mkdtempSync(path.join(tmpdir(), `nag-${stage}-`));
  const { app } = synthStack({ stage, nag: true, outdir });
  let synthError: unknown;
  try {
    app.synth();
  } catch (e) {
    synthError = e;
  }
  const reportPath = path.join(outdir, 'validation-report.json');
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
  return { synthError, report };
}

function violations(report: unknown): Violation[] {
  const found: Violation[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (Array.isArray(o.violations)) found.push(...(o.violations as Violation[]));
      Object.values(o).forEach(walk);
    }
  };
  walk(report);
  return found;
}

describe.each(['dev', 'prod'] as const)('cdk-nag AwsSolutions (%s)', (stage) => {
  it('synthesises with no unacknowledged error', () => {
    const { synthError, report } = nagReport(stage);
    const errors = violations(report).filter((v) => (v.severity ?? 'error').toLowerCase() === 'error');
    expect(
      errors.map((v) => `${v.ruleName}: ${v.violatingConstructs?.map((c) => c.constructPath).join(', ')}`),
    ).toEqual([]);
    expect(synthError).toBeUndefined();
  });
});

describe('acknowledgements', () => {
  it('each carries a reason a reviewer can accept', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(path.resolve(__dirname, '../../lib/nag-acknowledgements.ts'), 'utf8');
    // Every acknowledgement is `ack(scope, id, reason)`: the reason is the last string literal of the call.
    const reasons = [...source.matchAll(/ack\(\s*[\w.]+,\s*[^,]+,\s*'([^']+)',?\s*\)/g)].map((m) => m[1]!);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason.length).toBeGreaterThan(40);
  });
});
