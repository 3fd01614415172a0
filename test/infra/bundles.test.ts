import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { OUR_FUNCTION_ID, synthStack } from './synth';

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
    const ours = Object.entries(template.Resources)
      .filter(([id, r]) => r.Type === 'AWS::Lambda::Function' && OUR_FUNCTION_ID.test(id))
      .map(([, r]) => r);
    expect(ours.length).toBeGreaterThanOrEqual(5);
    const sizes: string[] = [];
    for (const fn of ours) {
      const assetPath = fn.Metadata?.['aws:asset:path'];
      expect(assetPath, String(fn.Properties.Description)).toBeDefined();
      const dir = path.join(assembly.directory, assetPath!);
      const files = readdirSync(dir);
      expect(files).toContain('index.js');
      const size = statSync(path.join(dir, 'index.js')).size;
      expect(size, `${fn.Properties.Description}: ${size} bytes`).toBeLessThan(1024 * 1024);
      sizes.push(`${String(fn.Properties.Description).slice(0, 40)}: ${(size / 1024).toFixed(0)} KB`);
    }
    console.log(`Lambda bundles (minified): ${sizes.join('; ')}`);
  });
});
