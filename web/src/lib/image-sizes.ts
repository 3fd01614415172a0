/**
 * The `sizes` of the guest pages' photos: how wide each slot is on the page, for the browser to pick the narrowest
 * variant that fills it at the screen's density (`domain/images.ts` lists the variants). Slots are measured in the
 * layouts that use them (MUI's breakpoints: sm 600 px, md 900 px; pages sit in a 1200 px container). A route
 * loader that preloads a photo must use the same `sizes` as the `<img>`, or the browser downloads it twice.
 */

/** The experience list's grid: one column on phones, two on small screens, then three cards of about 370 px. */
export const LIST_CARD_SIZES = '(max-width: 599px) 100vw, (max-width: 899px) 50vw, 370px';

/** A card in a carousel: most of a phone's width, then the carousel's card width. */
export const carouselCardSizes = (cardWidth: number) => `(max-width: 599px) 80vw, ${cardWidth}px`;

/** The gallery's main photo: the page's width on phones; two columns of four next to side photos, or all four. */
export const galleryMainSizes = (imageCount: number) =>
  imageCount > 1 ? '(max-width: 899px) 100vw, 570px' : '(max-width: 899px) 100vw, 1150px';

/** A side photo of the gallery: two to a row on phones, a column of four beside the main one. */
export const GALLERY_SIDE_SIZES = '(max-width: 899px) 50vw, 285px';

/** The 'Show all photos' grid: two columns on phones, three in the dialog. */
export const GALLERY_GRID_SIZES = '(max-width: 899px) 50vw, 380px';

/** The lightbox shows one photo across the screen. */
export const LIGHTBOX_SIZES = '100vw';

/** A detail block's photo, in the page's wider column. */
export const DETAIL_BLOCK_SIZES = '(max-width: 899px) 100vw, 650px';
