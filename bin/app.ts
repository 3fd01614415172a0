import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { createMarketplace } from '../lib/marketplace-stack';
import { readStageConfig } from '../lib/stage-config';
import { staleReason, WEB_DIST } from '../web/build-info';

const app = new App();
const config = readStageConfig((key) => app.node.tryGetContext(key));

// What goes to the web bucket must be a production build of this work tree (`web/build-info.json` says so), never
// a development build a test left behind nor a build of another branch.
const webAssetPath = WEB_DIST;
const notShippable = staleReason(webAssetPath);
if (notShippable) {
  throw new Error(
    `web/dist cannot be shipped (${notShippable}): run \`npm run build:web\` before \`cdk synth\` or \`cdk deploy\`.`,
  );
}

// Two stacks: the CloudFront web ACL in us-east-1 (`Marketplace-<stage>-Edge`, deployed first) and the product.
createMarketplace(app, {
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
