import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { synthStack } from './synth';

/** One real synth with esbuild bundling: every function's bundle exists and stays small. */
describe('Lambda bundles', () => {
  it('exist for every function and are each under 1 MB', () => {
    const { app, stack } = synthStack({ stage: 'dev', bundle: true });
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as {
      Resources: Record<
        string,
        { Type: string; Metadata?: Record<string, string>; Properties: Record<string, unknown> }
      >;
    };
    const ours = Object.values(template.Resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Function' &&
        (r.Properties.Handler as string) === 'index.handler' &&
        r.Properties.Architectures,
    );
    expect(ours.length).toBeGreaterThanOrEqual(5);
    for (const fn of ours) {
      const assetPath = fn.Metadata?.['aws:asset:path'];
      expect(assetPath, String(fn.Properties.Description)).toBeDefined();
      const dir = path.join(assembly.directory, assetPath!);
      const files = readdirSync(dir);
      expect(files).toContain('index.js');
      const size = statSync(path.join(dir, 'index.js')).size;
      expect(size, `${fn.Properties.Description}: ${size} bytes`).toBeLessThan(1024 * 1024);
    }
  });
});
