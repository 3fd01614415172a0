import { Link as RouterLink } from 'react-router';
import { styled } from '@mui/material/styles';
import { forwardToElement } from '../lib/forward-to-element';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { ExperienceCard as ExperienceCardData } from '@domain/entities';
import { responsiveImage } from '@domain/images';
import { durationOf, formatDuration } from '@domain/tour-span';
import { contentLang } from '../lib/i18n/content-lang';
import { cardLocation } from '../lib/address';
import { LIST_CARD_SIZES } from '../lib/image-sizes';
import { useT } from '../lib/i18n/i18n';
import type { RatingSummary } from '@domain/reviews';
import { RatingSummaryText } from './rating-summary';

export const PLACEHOLDER_IMAGE = '/placeholder.jpg';
/** Guest spec §2: the card's tags when the experience has none. */
export const DEFAULT_TAG_KEYS = ['card.tag.private', 'category.nature'] as const;

/**
 * The card's look in one style rule, its parts named by class: a list of 15 cards hydrates 15 styled elements, not
 * some 270 (MUI's Card, action area, Stack and Typography each render a styled root of their own), which was most
 * of the list page's hydration (issue 34). It draws what those components drew: an outlined card, a link that
 * shades on hover and on keyboard focus, the texts in the theme's type scale.
 */
const CardRoot = styled('div', { shouldForwardProp: forwardToElement })(({ theme }) => ({
  height: '100%',
  overflow: 'hidden',
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  '& .xc-link': {
    position: 'relative',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: 'inherit',
    outline: 0,
    WebkitTapHighlightColor: 'transparent',
  },
  // The shade over the card: a hint under a mouse, plainly visible under keyboard focus.
  '& .xc-link::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    borderRadius: 'inherit',
    backgroundColor: 'currentcolor',
    opacity: 0,
    pointerEvents: 'none',
    transition: theme.transitions.create('opacity', { duration: theme.transitions.duration.short }),
  },
  '@media (hover: hover)': { '& .xc-link:hover::after': { opacity: theme.palette.action.hoverOpacity } },
  '& .xc-link:focus-visible::after': { opacity: theme.palette.action.focusOpacity },
  '& .xc-photo': {
    width: '100%',
    height: 'auto',
    aspectRatio: '4 / 3',
    objectFit: 'cover',
    display: 'block',
    backgroundColor: theme.palette.grey[200],
  },
  '& .xc-body': {
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(0.75),
    padding: theme.spacing(2),
    flex: 1,
  },
  '& .xc-body p, & .xc-title': { margin: 0 },
  '& .xc-price': { ...theme.typography.subtitle2, color: theme.palette.primary.main, fontWeight: 700 },
  '& .xc-meta': {
    ...theme.typography.body2,
    color: theme.palette.text.secondary,
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.5),
  },
  '& .xc-title': {
    ...theme.typography.subtitle1,
    fontWeight: 700,
    lineHeight: 1.35,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  '& .xc-tags': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: theme.spacing(0.5),
    paddingTop: theme.spacing(0.5),
    marginTop: 'auto',
  },
  '& .xc-tag': {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: Number(theme.shape.borderRadius) * 4,
    padding: theme.spacing(0.25, 1),
    fontSize: '0.75rem',
    lineHeight: 1.5,
    color: theme.palette.text.secondary,
  },
}));

/**
 * Guest spec §2, experience card: a link to the detail page with the main image, the 'from' price, the location,
 * the title (two lines at most) and the tags. `eager` is for cards visible without scrolling, `priority` for the
 * one whose photo is the page's largest paint (requested first). Every photo is decoded off the main thread
 * (`decoding="async"`): decoded with the page's paint, the list's first photo held that frame's commit on the main
 * thread for 33–70 ms in Lighthouse's trace (issue 34). A published photo comes in the variant that fits the card's
 * slot (`imageSizes`), boxed to its aspect ratio before it arrives.
 */
export function ExperienceCard({
  experience,
  eager = false,
  priority = false,
  titleComponent = 'h3',
  imageSizes = LIST_CARD_SIZES,
}: {
  experience: ExperienceCardData & { rating?: RatingSummary };
  eager?: boolean;
  /** The page's largest paint (the list's first card): high fetch priority, and eager. */
  priority?: boolean;
  /** The title's heading level in the page's outline (h2 where the cards sit right under the page's h1). */
  titleComponent?: 'h2' | 'h3';
  /** How wide the card is on the page (the `sizes` attribute of its photo). */
  imageSizes?: string;
}) {
  const { t, path, locale, yen } = useT();
  const place = cardLocation(experience.prefecture, experience.city, locale);
  const tags = experience.tags.length > 0 ? experience.tags : null;
  const lang = contentLang(experience.title);
  const image = responsiveImage(experience.image || PLACEHOLDER_IMAGE, imageSizes);
  const Title = titleComponent;
  return (
    <CardRoot>
      <RouterLink to={path(`/experience/${experience.id}`)} className="xc-link">
        <img
          className="xc-photo"
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          alt={experience.title}
          width={image.width ?? 400}
          height={image.height ?? 300}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={(e) => {
            if (e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) return;
            // The variants are gone too: the placeholder, and no candidate list that would win over it.
            e.currentTarget.removeAttribute('srcset');
            e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
        <div className="xc-body">
          <p className="xc-price">{t('card.from', { price: yen(experience.price) })}</p>
          <p className="xc-meta">
            <PlaceOutlinedIcon fontSize="inherit" aria-hidden />
            {/* Written for the reader (cardLocation): it takes the page's language. */}
            {place || t('card.noLocation')}
          </p>
          {/* How long the tour lasts (DESIGN §4j); no icon: the home page's JavaScript budget is tight. */}
          <p className="xc-meta">
            {t('card.duration', { duration: formatDuration(durationOf(experience), locale) })}
          </p>
          <RatingSummaryText rating={experience.rating} />
          <Title className="xc-title" lang={lang}>
            {experience.title}
          </Title>
          <div className="xc-tags">
            {(tags ?? DEFAULT_TAG_KEYS.map((key) => t(key))).slice(0, 3).map((tag) => (
              // A plain outlined label rather than MUI's Chip: cards are on the home page, whose JS budget is tight.
              <span className="xc-tag" key={tag} lang={tags ? lang : undefined}>
                {tag}
              </span>
            ))}
          </div>
        </div>
      </RouterLink>
    </CardRoot>
  );
}
