import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebConstructProps {
  retainData: boolean;
  /** `<api-id>.execute-api.<region>.amazonaws.com` */
  apiOriginDomain: string;
  /** The built SPA (`web/dist`). */
  webAssetPath: string;
  /** Written to `/config.json` beside the SPA, given the site's URL; may contain deploy-time tokens. */
  runtimeConfig: (siteUrl: string) => Record<string, unknown>;
  /** Google Tag Manager runs on the site: the CSP lets its script and beacons through (only then). */
  analytics?: boolean;
}

/** Path prefix of public images, both in the URL and as the object key prefix in the images bucket. */
export const IMAGES_PREFIX = 'images/';

/**
 * One CloudFront distribution serves the SPA (private bucket), the images (private bucket) and the API, so the
 * browser talks to one origin and never needs CORS.
 */
export class WebConstruct extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly imagesBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  /** `https://<distribution>.cloudfront.net` */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebConstructProps) {
    super(scope, id);
    const removal = props.retainData
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...removal,
    });
    const privateBucket = (name: string) =>
      new s3.Bucket(this, name, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        versioned: props.retainData,
        serverAccessLogsBucket: this.logsBucket,
        serverAccessLogsPrefix: `s3/${name}/`,
        ...removal,
      });
    this.siteBucket = privateBucket('SiteBucket');
    this.imagesBucket = privateBucket('ImagesBucket');

    // Client routes (/experience/123, /host/dashboard) are answered with index.html at the edge. Distribution-wide
    // error responses would also rewrite the API's own 403/404 answers, so the rewrite is a viewer-request function
    // on the default behaviour only.
    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  var last = request.uri.split('/').pop();",
          "  if (last.indexOf('.') === -1) { request.uri = '/index.html'; }",
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });

    const region = Stack.of(this).region;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP (Stripe, Google Maps, YouTube), nosniff, frame and referrer policy',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(region, props.analytics ?? false),
          override: true,
        },
      },
    });

    const imagesOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.imagesBucket);
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const apiOrigin = new origins.HttpOrigin(props.apiOriginDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Experience marketplace: SPA, /api and /images',
      defaultRootObject: 'index.html',
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything the API needs (Authorization, Stripe-Signature, query strings, body) except Host, which
          // must be the API's own domain for API Gateway to route the request.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
        [`/${IMAGES_PREFIX}*`]: {
          origin: imagesOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });

    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    // Hashed assets are immutable; index.html and config.json must be revalidated so a deploy shows at once.
    new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.siteBucket,
      sources: [s3deploy.Source.asset(props.webAssetPath, { exclude: ['index.html'] })],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
      memoryLimit: 512,
    });
    new s3deploy.BucketDeployment(this, 'DeployEntry', {
      destinationBucket: this.siteBucket,
      sources: [
        s3deploy.Source.asset(props.webAssetPath, { exclude: ['*', '!index.html'] }),
        s3deploy.Source.jsonData('config.json', props.runtimeConfig(this.siteUrl)),
      ],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      memoryLimit: 512,
    });
  }
}

function contentSecurityPolicy(region: string, analytics: boolean): string {
  // Google Tag Manager and the Google Analytics beacons it sends, only on a site that turned analytics on.
  const tags = analytics
    ? {
        script: ' https://www.googletagmanager.com',
        img: ' https://www.googletagmanager.com https://*.google-analytics.com',
        connect:
          ' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com',
      }
    : { script: '', img: '', connect: '' };
  return [
    "default-src 'self'",
    `script-src 'self' https://js.stripe.com https://maps.googleapis.com${tags.script}`,
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    `img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.stripe.com https://i.ytimg.com${tags.img}`,
    `connect-src 'self' https://api.stripe.com https://maps.googleapis.com https://cognito-idp.${region}.amazonaws.com${tags.connect}`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com https://www.youtube.com https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
