import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { PHOTOS_PATH, UPLOAD_FORM_PATH } from '../functions/domain/images';
import { CATALOGUE_EDGE_SECONDS } from '../functions/api/http/cache';
import { listExperiencesQuery } from '../functions/domain/schemas/catalogue';
import { UPLOAD_KEY_PREFIX } from '../functions/domain/schemas/experience-form';
import { publicReviewsQuery } from '../functions/domain/schemas/reviews';
import { guestPagesRequestCode, guestPagesResponseCode } from './guest-pages-function';

export interface WebConstructProps {
  retainData: boolean;
  /** `<api-id>.execute-api.<region>.amazonaws.com` */
  apiOriginDomain: string;
  /** Sent to the API as `x-origin-verify` on every request (`functions/api/http/client-address.ts`). */
  apiOriginSecret: string;
  /** The web ACL (CLOUDFRONT scope, us-east-1) in front of everything the distribution serves. */
  webAclArn: string;
  /** The built SPA (`web/dist`). */
  webAssetPath: string;
  /** Written to `/config.json` beside the SPA, given the site's URL; may contain deploy-time tokens. */
  runtimeConfig: (siteUrl: string) => Record<string, unknown>;
  /** Google Tag Manager runs on the site: the CSP lets its script and beacons through (only then). */
  analytics?: boolean;
}

/** Path prefix of public images, both in the URL and as the object key prefix in the images bucket. */
export const IMAGES_PREFIX = 'images/';
/** Key prefix of uploads (presigned POST) in the images bucket: private, never served, until verified. */
export const UPLOADS_PREFIX = UPLOAD_KEY_PREFIX;

/** Key prefix of published photos' variants (written by the photo pipeline only). */
export const PHOTOS_PREFIX = PHOTOS_PATH.slice(1);

/** Uploads nobody attached (a host who picked a photo and left) are deleted after this long. */
export const UNATTACHED_UPLOAD_EXPIRY = Duration.days(1);

/**
 * How long CloudFront keeps a catalogue answer. The functions say it in each answer (`s-maxage`, with
 * `stale-if-error`: `PUBLIC_CATALOGUE_CACHE`); the policy's default applies to an answer
 * without a Cache-Control of its own, and its minimum of 0 lets a `no-store` answer (a 404, a recent copy served
 * during an outage) pass uncached.
 */
export const CATALOGUE_TTL = {
  minTtl: Duration.seconds(0),
  defaultTtl: Duration.seconds(CATALOGUE_EDGE_SECONDS),
  maxTtl: Duration.seconds(CATALOGUE_EDGE_SECONDS * 5),
};

/**
 * The query parameters each cached catalogue route reads, straight from its schema: every one that changes the
 * answer is in the cache key, and nothing else is (a `?utm_source=…` shares the cached answer).
 */
export const CATALOGUE_CACHE_KEYS = {
  cards: Object.keys(listExperiencesQuery.shape),
  reviews: Object.keys(publicReviewsQuery.shape),
  entry: [] as string[],
};

/** Browsers and CloudFront keep a photo variant this long: its address never serves other bytes. */
export const IMAGES_MAX_AGE = Duration.days(365);

/**
 * One CloudFront distribution serves the SPA (private bucket), the images (private bucket) and the API, so the
 * browser talks to one origin and never needs CORS. Photo uploads take the same road: the browser posts the
 * presigned form to `/uploads`, which CloudFront forwards to the images bucket (DESIGN §4b "Photos").
 */
export class WebConstruct extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly imagesBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  /** Which guest pages exist (`pages/...` keys), read by the routing function, written by the renderer. */
  readonly pageKeys: cloudfront.KeyValueStore;
  /** The SPA's deployments into the site bucket: the first render waits for them. */
  readonly deployments: s3deploy.BucketDeployment[] = [];
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
    const privateBucket = (name: string, lifecycleRules?: s3.LifecycleRule[]) =>
      new s3.Bucket(this, name, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        versioned: props.retainData,
        serverAccessLogsBucket: this.logsBucket,
        serverAccessLogsPrefix: `s3/${name}/`,
        lifecycleRules,
        ...removal,
      });
    this.siteBucket = privateBucket('SiteBucket');
    this.imagesBucket = privateBucket('ImagesBucket', [
      {
        id: 'ExpireUnattachedUploads',
        prefix: UPLOADS_PREFIX,
        expiration: UNATTACHED_UPLOAD_EXPIRY,
        ...(props.retainData ? { noncurrentVersionExpiration: UNATTACHED_UPLOAD_EXPIRY } : {}),
      },
      // Production keeps deleted photos' old versions a month (an undo for a mistaken delete), not forever.
      ...(props.retainData
        ? [
            {
              id: 'ExpireDeletedPhotos',
              prefix: IMAGES_PREFIX,
              noncurrentVersionExpiration: Duration.days(30),
              expiredObjectDeleteMarker: true,
            },
          ]
        : []),
    ]);

    // Guest pages (issue 17): a viewer-request function on the default behaviour only routes a path to its
    // prerendered page when the KeyValueStore says it exists, to the not-found page for an experience without one,
    // and client routes (/host/dashboard) to index.html; a viewer-response function makes the not-found page a
    // real 404. Distribution-wide error responses would also rewrite the API's own 403/404 answers.
    this.pageKeys = new cloudfront.KeyValueStore(this, 'GuestPageKeys', {
      comment: 'Keys of the prerendered guest pages under pages/ (written by the renderer)',
    });
    const guestPageRouting = new cloudfront.Function(this, 'GuestPageRouting', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Prerendered guest pages, the not-found page, or index.html for client routes',
      keyValueStore: this.pageKeys,
      code: cloudfront.FunctionCode.fromInline(guestPagesRequestCode()),
    });
    const guestPageStatus = new cloudfront.Function(this, 'GuestPageStatus', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'The not-found page answers 404 with X-Robots-Tag noindex',
      code: cloudfront.FunctionCode.fromInline(guestPagesResponseCode()),
    });

    const region = Stack.of(this).region;
    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
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
    };
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP (Stripe, Google Maps, YouTube), nosniff, frame and referrer policy',
      securityHeadersBehavior,
    });
    // Photo variants never change under their address (a new photo gets a new one): cached for a year, immutable,
    // even for an object stored without its own Cache-Control.
    const imageHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ImageHeaders', {
      comment: 'The security headers, and immutable caching of photo variants',
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Cache-Control',
            value: `public, max-age=${IMAGES_MAX_AGE.toSeconds()}, immutable`,
            override: true,
          },
        ],
      },
    });
    const imagesCache = new cloudfront.CachePolicy(this, 'ImagesCache', {
      comment: 'Photo variants: immutable, cached a year, no cookies, headers or query strings in the key',
      minTtl: Duration.days(1),
      defaultTtl: IMAGES_MAX_AGE,
      maxTtl: IMAGES_MAX_AGE,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const imagesOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.imagesBucket);
    // Only `images/` is public: whatever else the bucket holds (uploads waiting for verification) CloudFront may
    // never read, even if a path somehow reached it.
    this.imagesBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'DenyCloudFrontOutsideImages',
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        notResources: [this.imagesBucket.arnForObjects(`${IMAGES_PREFIX}*`)],
      }),
    );
    // Presigned upload forms reach the bucket's REST endpoint unsigned by CloudFront: S3 authenticates them by
    // their policy's signature (the host API's role), which only allows the key, type and size it was made for.
    const uploadsOrigin = new origins.HttpOrigin(this.imagesBucket.bucketRegionalDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    // S3 takes form uploads at the bucket's root only; anything but a POST is no upload.
    const uploadRouting = new cloudfront.Function(this, 'UploadRouting', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Forward upload forms to the images bucket root',
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  if (request.method !== 'POST') {",
          "    return { statusCode: 405, statusDescription: 'Method Not Allowed', headers: { allow: { value: 'POST' } } };",
          '  }',
          "  request.uri = '/';",
          '  request.querystring = {};',
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const apiOrigin = new origins.HttpOrigin(props.apiOriginDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { 'x-origin-verify': props.apiOriginSecret },
    });

    // The API's own behaviour: nothing cached, everything forwarded (Authorization, Stripe-Signature, query
    // strings, body) except Host, which must be the API's own domain for API Gateway to route the request. The
    // managed policy also forwards CloudFront's own headers, among them `CloudFront-Viewer-Address`: the client's
    // address for the API's per-client limits.
    const liveApi: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };
    // Public catalogue reads (issue 33, DESIGN §4i "The catalogue at the edge"): the same answer for every guest
    // and every language (the API answers no language of its own: the SPA translates), so the key is the path and
    // the query parameters the route reads, nothing else. A spike on one page is one origin request a minute per
    // edge cache instead of one per guest.
    const catalogueCache = (id: string, comment: string, queryParameters: readonly string[]) =>
      new cloudfront.CachePolicy(this, id, {
        comment,
        ...CATALOGUE_TTL,
        queryStringBehavior:
          queryParameters.length > 0
            ? cloudfront.CacheQueryStringBehavior.allowList(...queryParameters)
            : cloudfront.CacheQueryStringBehavior.none(),
        headerBehavior: cloudfront.CacheHeaderBehavior.none(),
        cookieBehavior: cloudfront.CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
    const catalogueBehaviour = (cachePolicy: cloudfront.ICachePolicy): cloudfront.BehaviorOptions => ({
      ...liveApi,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy,
      compress: true,
    });
    const cardsCache = catalogueCache(
      'CatalogueCardsCache',
      'GET /api/experiences: 60 s, keyed by the filters, sort, search, limit and cursor',
      CATALOGUE_CACHE_KEYS.cards,
    );
    const reviewsCache = catalogueCache(
      'CatalogueReviewsCache',
      "GET /api/experiences/{id}/reviews: 60 s, keyed by the page's cursor and limit",
      CATALOGUE_CACHE_KEYS.reviews,
    );
    const entryCache = catalogueCache(
      'CatalogueEntryCache',
      'GET /api/experiences/{id}, /api/categories, /api/hosts/{id}: 60 s, the path alone',
      CATALOGUE_CACHE_KEYS.entry,
    );

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Experience marketplace: SPA, /api and /images',
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
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
          { function: guestPageRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: guestPageStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        // CloudFront takes the first pattern that matches, in this order: availability stays live (it changes
        // with every booking) before the experience's own pattern would catch it.
        '/api/experiences/*/availability': liveApi,
        '/api/experiences/*/reviews': catalogueBehaviour(reviewsCache),
        '/api/experiences/*': catalogueBehaviour(entryCache),
        '/api/experiences': catalogueBehaviour(cardsCache),
        '/api/categories': catalogueBehaviour(entryCache),
        '/api/hosts/*': catalogueBehaviour(entryCache),
        // Bookings, lookups, reviews by link, the back office: personal or changing, never cached.
        '/api/*': liveApi,
        [`/${IMAGES_PREFIX}*`]: {
          origin: imagesOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: imagesCache,
          responseHeadersPolicy: imageHeaders,
          compress: true,
        },
        [UPLOAD_FORM_PATH]: {
          origin: uploadsOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // The form's multipart Content-Type (and its boundary) must reach S3; Host must be the bucket's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          functionAssociations: [
            { function: uploadRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });

    this.siteUrl = `https://${this.distribution.distributionDomainName}`;

    // Hashed assets are immutable; index.html and config.json must be revalidated so a deploy shows at once.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.siteBucket,
      sources: [s3deploy.Source.asset(props.webAssetPath, { exclude: ['index.html'] })],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
      memoryLimit: 512,
    });
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
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
    this.deployments.push(assets, entry);
  }
}

/**
 * What the photo pipeline's functions may do in the images bucket, and nothing more: sign upload forms for and
 * read and delete the uploads (`uploads/*`; S3 checks that a form's signer may put the object), write, read (a
 * duplicated experience copies its photos) and delete published variants (`images/p/*`, public anyway). No listing,
 * no other prefix.
 */
export function grantPhotoPipeline(bucket: s3.IBucket, grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'PhotoUploads',
      actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
      resources: [bucket.arnForObjects(`${UPLOADS_PREFIX}*`)],
    }),
  );
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'PublishedPhotos',
      actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
      resources: [bucket.arnForObjects(`${PHOTOS_PREFIX}*`)],
    }),
  );
}

/** The hosts of AWS WAF's application integration (`<id>.<region>.sdk.awswaf.com`, `….token.awswaf.com`). */
export const WAF_SDK_ORIGINS = 'https://*.sdk.awswaf.com https://*.token.awswaf.com';

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
    // AWS WAF's challenge script (issue 29) comes from the web ACL's integration host and talks to it.
    `script-src 'self' https://js.stripe.com https://maps.googleapis.com ${WAF_SDK_ORIGINS}${tags.script}`,
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "font-src 'self' data: https://fonts.gstatic.com",
    `img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com https://*.stripe.com https://i.ytimg.com${tags.img}`,
    `connect-src 'self' https://api.stripe.com https://maps.googleapis.com https://cognito-idp.${region}.amazonaws.com ${WAF_SDK_ORIGINS}${tags.connect}`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://www.google.com https://www.youtube.com https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
