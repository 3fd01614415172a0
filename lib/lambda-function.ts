import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `functions/` and `package-lock.json` live. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface AppFunctionProps {
  /** Handler module, relative to the repository root (e.g. `functions/api/public-api.ts`). */
  entry: string;
  description: string;
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  retainLogs: boolean;
}

/**
 * Every Lambda of the product is built the same way: Node.js 22 on arm64, bundled and minified by the local
 * esbuild with source maps, `@aws-sdk/*` left to the runtime, JSON logs into a log group with a retention.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: path.join(PROJECT_ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      loggingFormat: lambda.LoggingFormat.JSON,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        target: 'node22',
        format: OutputFormat.CJS,
        externalModules: ['@aws-sdk/*'],
        tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
      },
    });
  }
}
