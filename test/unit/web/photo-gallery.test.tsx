/**
 * The detail page's gallery with published photos (guest spec §2 "Gallery", issue 11): each tile asks for the
 * variant its slot needs and is boxed to the photo's shape before it loads; the lightbox shows the photo across
 * the screen from the same variants.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { PhotoGallery } from '../../../web/src/features/experience-detail/components/photo-gallery';
import { GALLERY_SIDE_SIZES, galleryMainSizes, LIGHTBOX_SIZES } from '../../../web/src/lib/image-sizes';

const photo = (n: number) => `/images/p/0b7c1b7e-2f0e-4c55-8d5b-0d2b6d0f9a1${n}/2048x1536/1280.webp`;
const photos = [1, 2, 3, 4, 5, 6, 7].map(photo);
const imgOf = (button: HTMLElement) => button.querySelector('img')!;

describe('the photo gallery', () => {
  it('shows the main photo eagerly at the main slot size and four side photos lazily at theirs', () => {
    render(<PhotoGallery images={photos} title="Shimanami" />);
    const main = imgOf(screen.getByRole('button', { name: 'Open Shimanami, photo 1' }));
    expect(main).toHaveAttribute('sizes', galleryMainSizes(7));
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main.getAttribute('srcset')).toContain(photo(1).replace('1280.webp', '640.webp 640w'));
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['2048', '1536']);
    const side = imgOf(screen.getByRole('button', { name: 'Open Shimanami, photo 2' }));
    expect(side).toHaveAttribute('sizes', GALLERY_SIDE_SIZES);
    expect(side).toHaveAttribute('loading', 'lazy');
    // The fourth side photo carries 'Show all photos' (seven photos: more than the preview's five).
    expect(screen.getByRole('button', { name: 'Show all photos (Shimanami, photo 5)' })).toBeInTheDocument();
  });

  it('opens the lightbox on the photo, served from the same variants across the screen', async () => {
    render(<PhotoGallery images={photos} title="Shimanami" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Shimanami, photo 3' }));
    // The lightbox's code loads on the first click.
    const img = await screen.findByRole('img', { name: 'Shimanami, photo 3 of 7' }, { timeout: 10_000 });
    expect(screen.getByRole('dialog')).toContainElement(img);
    expect(img).toHaveAttribute('src', photo(3));
    expect(img).toHaveAttribute('sizes', LIGHTBOX_SIZES);
    expect(img.getAttribute('srcset')).toContain(photo(3).replace('1280.webp', '2048.webp 2048w'));
  }, 15_000);

  it('shows other images (older drawings, external links) as they are', () => {
    render(<PhotoGallery images={['/images/seed/experiences/x/main-1.svg']} title="Old" />);
    const main = imgOf(screen.getByRole('button', { name: 'Open Old, photo 1' }));
    expect(main).toHaveAttribute('src', '/images/seed/experiences/x/main-1.svg');
    expect(main).not.toHaveAttribute('srcset');
  });
});
