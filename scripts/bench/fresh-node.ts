/**
 * A probe in a fresh `node` process, as a Lambda container starts one: the function's `NODE_OPTIONS`, run from
 * `dir` (a folder outside the repository, where NODE_PATH then plays the Lambda runtime's own node_modules, the AWS
 * SDK). The probe prints one number (milliseconds it timed itself); that number is returned.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { FUNCTION_NODE_OPTIONS, PROJECT_ROOT } from '../../lib/lambda-function';

export function freshNodeMs(dir: string, probe: string, args: string[] = []): number {
  const out = execFileSync(process.execPath, [FUNCTION_NODE_OPTIONS, '-e', probe, ...args], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      NODE_PATH: join(PROJECT_ROOT, 'node_modules'),
      AWS_REGION: 'ap-northeast-1',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return Number(out);
}
