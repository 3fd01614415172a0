import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MarketplaceStack } from '../lib/marketplace-stack';
import { readStageConfig } from '../lib/stage-config';

const app = new App();
const config = readStageConfig((key) => app.node.tryGetContext(key));

const webAssetPath = fileURLToPath(new URL('../web/dist', import.meta.url));
if (!existsSync(path.join(webAssetPath, 'index.html'))) {
  throw new Error('The SPA is not built: run `npm run build:web` before `cdk synth` or `cdk deploy`.');
}

new MarketplaceStack(app, `Marketplace-${config.stage}`, {
  config,
  webAssetPath,
  description: `Experience marketplace (${config.stage})`,
  // Region-agnostic unless the operator's profile names one; Tokyo is the natural home of this product.
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'ap-northeast-1',
  },
  terminationProtection: config.stage === 'prod',
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
