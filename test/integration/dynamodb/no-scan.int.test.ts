/**
 * Every repository file-level test ends by checking the commands it actually sent (see `itNeverScanned`). This one
 * guards the code paths no test reaches: no module of the adapter may even import a Scan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const adapterDir = fileURLToPath(new URL('../../../functions/adapters/dynamodb/', import.meta.url));

describe('the DynamoDB adapter', () => {
  it('never imports or builds a Scan', () => {
    const sources = readdirSync(adapterDir).filter((f) => f.endsWith('.ts'));
    expect(sources).toContain('booking-repository.ts');
    const offenders = sources.filter((f) =>
      /\bScan(Command|Input|Output)?\b|ParallelScan|paginateScan/.test(readFileSync(adapterDir + f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
