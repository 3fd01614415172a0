/**
 * The sections of the create and edit screens in the specification's order (back-office spec §2), with the form
 * fields each holds: their markers (an error, unsaved changes) and the section a message opens come from here. The
 * two screens share most sections; the create screen keeps the price in 基本情報 and the categories in 追加情報.
 */
import type { FormSectionSpec } from './form-sections';

const ADDRESS = ['postalCode', 'prefecture', 'city', 'district', 'streetAddress', 'building'] as const;
const map: FormSectionSpec = { id: 'map', title: '地図', fields: ['mapLat', 'mapLng'] };
const images: FormSectionSpec = { id: 'images', title: 'メイン画像', fields: ['mainImages'] };
const details: FormSectionSpec = {
  id: 'details',
  title: '詳細',
  fields: ['detailHeading1', 'detailText1', 'detailImage1', 'detailHeading2', 'detailText2', 'detailImage2'],
};
const notes: FormSectionSpec = {
  id: 'notes',
  title: '事前に知っておくこと',
  fields: ['thingsToKnowPrice', 'thingsToKnowItinerary', 'thingsToKnowClothes', 'thingsToKnowNote'],
};
const VIDEO_AND_POLICY = ['movie', 'cancellationPolicy', 'refundRule'] as const;
const CATEGORIES = ['categoryIds', 'tags'] as const;
const participants: FormSectionSpec = {
  id: 'participants',
  title: '参加人数',
  fields: ['participantsMin', 'participantsMax'],
};
const publication: FormSectionSpec = { id: 'publication', title: '公開設定', fields: ['publicationStatus'] };

export const CREATE_SECTIONS: readonly FormSectionSpec[] = [
  { id: 'basic', title: '基本情報', fields: ['title', 'description', ...ADDRESS, 'price'] },
  map,
  images,
  details,
  notes,
  { id: 'extra', title: '追加情報', fields: [...VIDEO_AND_POLICY, ...CATEGORIES] },
  participants,
  { id: 'hours', title: '営業時間・定休日', fields: ['durationMinutes', 'availability'] },
  publication,
];

export const EDIT_SECTIONS: readonly FormSectionSpec[] = [
  { id: 'basic', title: '基本情報', fields: ['title', 'description', ...ADDRESS] },
  map,
  { id: 'price', title: '大人料金', fields: ['price'] },
  images,
  details,
  notes,
  { id: 'extra', title: '動画・キャンセルポリシー', fields: VIDEO_AND_POLICY },
  { id: 'categories', title: 'カテゴリー・タグ', fields: CATEGORIES },
  { id: 'availability', title: '予約枠', fields: ['durationMinutes', 'availability'] },
  participants,
  publication,
];
