/**
 * The offers of an inquiry as the inquiry routes read them (issue 31, port `InquiryOffers`): the offers backend
 * writes a link item `INQUIRY#<id>` / `OFFER#<offerId>` beside the inquiry for every offer made from it. This
 * stand-in reads those links and hands out the ones that carry a whole admin offer; with no offers it answers [].
 * The integrator replaces the body with the offers repository's own `listByInquiry`.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdminOffer, InquiryOffers } from '../../use-cases/concierge/inquiry-offers';
import { fromItem } from './items';
import { INQUIRY_OFFER_SORT_KEY_PREFIX, keys } from './keys';
import { queryAll } from './pagination';

export class DynamoInquiryOfferLinks implements InquiryOffers {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByInquiry(inquiryId: string): Promise<AdminOffer[]> {
    const links = await queryAll(this.doc, this.tableName, {
      partition: keys.inquiryPartition(inquiryId),
      sortCondition: 'begins_with(#sk, :offer)',
      sortValues: { ':offer': INQUIRY_OFFER_SORT_KEY_PREFIX },
      ascending: true,
    });
    return (
      links
        .map((item) => fromItem<AdminOffer>(item))
        .filter((offer) => typeof offer.token === 'string' && typeof offer.createdAt === 'string')
        // Newest first: offer ids are not time-ordered, so by the offer's own creation time.
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    );
  }
}
