import {
  parsePhotoUrl,
  photoUrl,
  photoVariants,
  photoVariantUrl,
  photoVariantWidths,
  publishedDimensions,
  responsiveImage,
  shareImageUrl,
} from '@domain/images';

const ID = '3f9c2a7e-0d4b-4c1e-9a55-6b1f0e2d7c88';

describe('published photo URLs', () => {
  it('store the detail-sized variant of a large photo, with the id and the full dimensions', () => {
    const url = photoUrl({ id: ID, width: 2048, height: 1536 });
    expect(url).toBe(`/images/p/${ID}/2048x1536/1280.webp`);
    expect(parsePhotoUrl(url)).toEqual({ id: ID, width: 2048, height: 1536, origin: '' });
  });

  it('store the photo at its own width when it is narrower than the detail variant', () => {
    expect(photoUrl({ id: ID, width: 900, height: 1200 })).toBe(`/images/p/${ID}/900x1200/900.webp`);
  });

  it('never name a variant wider than the photo', () => {
    expect(photoVariantWidths(2048)).toEqual([320, 480, 640, 800, 960, 1280, 1600, 2048]);
    expect(photoVariantWidths(1000)).toEqual([320, 480, 640, 800, 960, 1000]);
    expect(photoVariantWidths(640)).toEqual([320, 480, 640]);
    expect(photoVariantWidths(200)).toEqual([200]);
  });

  it('scale the largest variant down to the pipeline maximum, keeping the aspect ratio', () => {
    expect(publishedDimensions(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(publishedDimensions(3000, 4000, 2048)).toEqual({ width: 2048, height: 2731 });
    expect(publishedDimensions(1200, 800, 2048)).toEqual({ width: 1200, height: 800 });
    expect(publishedDimensions(4000, 3000, 640)).toEqual({ width: 640, height: 480 });
  });

  it('list every variant with its size and address, narrowest first', () => {
    const photo = parsePhotoUrl(`/images/p/${ID}/2048x1365/1280.webp`)!;
    expect(photoVariants(photo)).toEqual([
      { width: 320, height: 213, url: `/images/p/${ID}/2048x1365/320.webp` },
      { width: 480, height: 320, url: `/images/p/${ID}/2048x1365/480.webp` },
      { width: 640, height: 427, url: `/images/p/${ID}/2048x1365/640.webp` },
      { width: 800, height: 533, url: `/images/p/${ID}/2048x1365/800.webp` },
      { width: 960, height: 640, url: `/images/p/${ID}/2048x1365/960.webp` },
      { width: 1280, height: 853, url: `/images/p/${ID}/2048x1365/1280.webp` },
      { width: 1600, height: 1066, url: `/images/p/${ID}/2048x1365/1600.webp` },
      { width: 2048, height: 1365, url: `/images/p/${ID}/2048x1365/2048.webp` },
    ]);
  });

  it('keep the origin of an absolute URL', () => {
    const url = `https://d111.cloudfront.net/images/p/${ID}/1000x750/1000.webp`;
    expect(parsePhotoUrl(url)?.origin).toBe('https://d111.cloudfront.net');
    expect(photoVariantUrl(url, 600)).toBe(`https://d111.cloudfront.net/images/p/${ID}/1000x750/640.webp`);
  });

  it.each([
    ['an old seed drawing', '/images/seed/experiences/x/main-1.svg'],
    ['the placeholder', '/placeholder.jpg'],
    ['an external photo', 'https://example.com/photo.jpg'],
    ['a variant the pipeline never writes', `/images/p/${ID}/2048x1536/999.webp`],
    ['a variant wider than the photo', `/images/p/${ID}/1000x750/1280.webp`],
    ['a query string', `https://example.com/images/p/${ID}/2048x1536/1280.webp?x=1`],
    ['a path outside the photos', `/images/q/${ID}/2048x1536/1280.webp`],
    ['a short id', '/images/p/abc/2048x1536/1280.webp'],
    ['zero dimensions', `/images/p/${ID}/0x0/0.webp`],
  ])('are not recognised in %s', (_label, url) => {
    expect(parsePhotoUrl(url)).toBeNull();
    expect(responsiveImage(url, '100vw')).toEqual({ src: url });
  });
});

describe('responsive image attributes', () => {
  it('give a pipeline photo every variant, the slot sizes and its dimensions', () => {
    const url = `/images/p/${ID}/2048x1536/1280.webp`;
    expect(responsiveImage(url, '(max-width: 600px) 100vw, 400px')).toEqual({
      src: `/images/p/${ID}/2048x1536/1280.webp`,
      srcSet: [320, 480, 640, 800, 960, 1280, 1600, 2048]
        .map((w) => `/images/p/${ID}/2048x1536/${w}.webp ${w}w`)
        .join(', '),
      sizes: '(max-width: 600px) 100vw, 400px',
      width: 2048,
      height: 1536,
    });
  });

  it('pick a single variant covering a width, or the widest', () => {
    const url = `/images/p/${ID}/2048x1536/1280.webp`;
    expect(photoVariantUrl(url, 300)).toBe(`/images/p/${ID}/2048x1536/320.webp`);
    expect(photoVariantUrl(url, 1200)).toBe(`/images/p/${ID}/2048x1536/1280.webp`);
    expect(photoVariantUrl(url, 4000)).toBe(`/images/p/${ID}/2048x1536/2048.webp`);
    expect(photoVariantUrl('/placeholder.jpg', 300)).toBe('/placeholder.jpg');
  });

  it('name the social-preview crop beside the variants, from any variant and with the origin kept', () => {
    expect(shareImageUrl(`/images/p/${ID}/2048x1536/1280.webp`)).toBe(
      `/images/p/${ID}/2048x1536/1200x630.jpg`,
    );
    expect(shareImageUrl(`https://d111.cloudfront.net/images/p/${ID}/900x1200/320.webp`)).toBe(
      `https://d111.cloudfront.net/images/p/${ID}/900x1200/1200x630.jpg`,
    );
    // Not a pipeline photo (the placeholder, an external image): as it is.
    expect(shareImageUrl('/placeholder.jpg')).toBe('/placeholder.jpg');
    expect(shareImageUrl(`/images/p/${ID}/2048x1536/1000.webp`)).toBe(`/images/p/${ID}/2048x1536/1000.webp`);
  });
});
