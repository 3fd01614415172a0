import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMarketplace } from '../../lib/marketplace-stack';
import { readStageConfig, type Stage } from '../../lib/stage-config';

/** A stand-in for `web/dist`, so template tests don't depend on a Vite build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>test</title>');
  writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  return dir;
}

export const PROD_API_DOMAIN = {
  apiDomainName: 'api.ehime.example.jp',
  apiCertificateArn:
    'arn:aws:acm:ap-northeast-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
};

/** Production prints the platform's real name, address and registration number on receipts (issue 28). */
export const PROD_DOCUMENT_ISSUER = {
  issuerName: '株式会社えひめエクスペリエンス',
  issuerAddress: '〒790-0001 愛媛県松山市一番町1-1-1',
  issuerInvoiceNumber: 'T6500001000001',
};

export interface SynthOptions {
  stage?: Stage;
  context?: Record<string, unknown>;
  /** Real esbuild bundling (slow: ~0.5 s per function). Off by default. */
  bundle?: boolean;
  nag?: boolean;
  outdir?: string;
}

export function synthStack(options: SynthOptions = {}) {
  const context: Record<string, unknown> = {
    stage: options.stage ?? 'dev',
    // Production cannot synthesise without the API's own domain (so that execute-api is disabled).
    ...(options.stage === 'prod' ? { ...PROD_API_DOMAIN, ...PROD_DOCUMENT_ISSUER } : {}),
    ...options.context,
  };
  if (!options.bundle) context['aws:cdk:bundling-stacks'] = [];
  // Lets a test find each function's bundle (`aws:asset:path`), as the CLI does.
  else context['aws:cdk:enable-asset-metadata'] = true;
  const app = new App({ context, outdir: options.outdir ?? mkdtempSync(path.join(tmpdir(), 'cdk-out-')) });
  const config = readStageConfig((k) => app.node.tryGetContext(k));
  const { stack, edge } = createMarketplace(app, {
    config,
    webAssetPath: fakeWebDist(),
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return {
    app,
    stack,
    edge,
    template: () => Template.fromStack(stack),
    edgeTemplate: () => Template.fromStack(edge),
  };
}

/** Logical ids of our own functions, not the providers CDK adds (bucket deployment, auto-delete). */
export const OUR_FUNCTION_ID =
  /^(PublicApi|HostApi|AdminApi|DocumentsApi|HostPreSignUp|HostCustomMessage|HostPostConfirmation|PaymentEvents|StripeWebhookRelay|ExpireBookings|CompleteBookings|SendReminders|SendReviewInvites|SendMails|SnapshotCatalogueIndex)[A-F0-9]{8}$/;
