import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Stars } from './stars';

/**
 * The advertised rating (product.md "What the product does", "Business constants and limits" ("Advertised"):
 * 4.9/5).
 */
export const RATING = 4.9;

/** Sample reviews: the texts are translated (home.json `reviews.items`); names and games are not. */
const REVIEWS = [
  { key: 'minecraft', name: 'Tomáš K.', game: 'Minecraft', stars: 5 },
  { key: 'ark', name: 'Lena M.', game: 'ARK Survival', stars: 5 },
  { key: 'terraria', name: 'Julien R.', game: 'Terraria', stars: 5 },
] as const;

/** Home page: reviews with the 4.9/5 rating (product.md "Public pages"). */
export function Reviews() {
  const { t } = useTranslation('home');
  return (
    <Container size="lg" component="section" aria-labelledby="reviews-title" py={56} className="fh-later">
      <div className="fh-reviews-head">
        <Title id="reviews-title" order={2}>
          {t('reviews.title')}
        </Title>
        <div className="fh-rating">
          <Text component="p" fw={800} fz={40} lh={1} m={0}>
            {t('reviews.ratingValue')}
          </Text>
          <Stars value={RATING} size={22} label={t('reviews.rating')} />
        </div>
        <Text c="dark.0" m={0}>
          {t('reviews.subtitle')}
        </Text>
      </div>
      <div className="fh-reviews-grid">
        {REVIEWS.map((review) => (
          <figure key={review.key} className="fh-feature fh-review">
            <Stars value={review.stars} label={t('reviews.stars', { value: review.stars })} />
            <blockquote className="fh-review-text">{t(`reviews.items.${review.key}`)}</blockquote>
            <figcaption className="fh-review-author">
              <strong>{review.name}</strong>
              <span>{review.game}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </Container>
  );
}
