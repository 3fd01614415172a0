import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
 * Guest spec §2, experience card: a link to the detail page with the main image, the 'from' price, the location,
 * the title (two lines at most) and the tags. `eager` is for cards visible without scrolling, `priority` for the
 * one whose photo is the page's largest paint (requested first, decoded with the page's paint). A published photo
 * comes in the variant that fits the card's slot (`imageSizes`), boxed to its aspect ratio before it arrives.
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
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={path(`/experience/${experience.id}`)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          component="img"
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          alt={experience.title}
          width={image.width ?? 400}
          height={image.height ?? 300}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={priority ? 'auto' : 'async'}
          onError={(e: React.SyntheticEvent<HTMLImageElement>) => {
            if (e.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) return;
            // The variants are gone too: the placeholder, and no candidate list that would win over it.
            e.currentTarget.removeAttribute('srcset');
            e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
          sx={{
            width: '100%',
            height: 'auto',
            aspectRatio: '4 / 3',
            objectFit: 'cover',
            display: 'block',
            bgcolor: 'grey.200',
          }}
        />
        <Stack spacing={0.75} sx={{ p: 2, flex: 1 }}>
          <Typography variant="subtitle2" component="p" color="primary.main" sx={{ fontWeight: 700 }}>
            {t('card.from', { price: yen(experience.price) })}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <PlaceOutlinedIcon fontSize="inherit" aria-hidden />
            {/* Written for the reader (cardLocation): it takes the page's language. */}
            {place || t('card.noLocation')}
          </Typography>
          {/* How long the tour lasts (DESIGN §4j); no icon: the home page's JavaScript budget is tight. */}
          <Typography variant="body2" color="text.secondary">
            {t('card.duration', { duration: formatDuration(durationOf(experience), locale) })}
          </Typography>
          <RatingSummaryText rating={experience.rating} />
          <Typography
            variant="subtitle1"
            component={titleComponent}
            lang={lang}
            sx={{
              fontWeight: 700,
              lineHeight: 1.35,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {experience.title}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, pt: 0.5, mt: 'auto' }}>
            {(tags ?? DEFAULT_TAG_KEYS.map((key) => t(key))).slice(0, 3).map((tag) => (
              // A plain outlined label rather than MUI's Chip: cards are on the home page, whose JS budget is tight.
              <Box
                component="span"
                key={tag}
                lang={tags ? lang : undefined}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 4,
                  px: 1,
                  py: 0.25,
                  fontSize: '0.75rem',
                  lineHeight: 1.5,
                  color: 'text.secondary',
                }}
              >
                {tag}
              </Box>
            ))}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
