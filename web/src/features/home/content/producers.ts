/** The producers the home page introduces (guest spec §2: 6 cards). Portraits are drawn by web/scripts. */
export interface Producer {
  /** Their name, trade and place (`producer.N.name`) and story (`producer.N.text`) are in the catalogues. */
  id: 1 | 2 | 3 | 4 | 5 | 6;
  image: string;
}

export const PRODUCERS: readonly Producer[] = ([1, 2, 3, 4, 5, 6] as const).map((id) => ({
  id,
  image: `/media/producers/producer-${id}.svg`,
}));

/** Guest spec §9: descriptions are cut at 125 characters on the cards. */
export const PRODUCER_CUT = 125;

export function cutDescription(text: string, max = PRODUCER_CUT): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}
