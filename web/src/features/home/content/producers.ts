/** The producers the home page introduces (guest spec §2: 6 cards). Portraits are drawn by web/scripts. */
export interface Producer {
  name: string;
  description: string;
  image: string;
}

export const PRODUCERS: readonly Producer[] = [
  {
    name: 'Kenji Nishimura — Mikan grower, Yawatahama',
    description:
      'Kenji farms the terraced citrus slopes above the Uwa Sea that his grandfather planted in 1958. Stone walls, sea light and the reflection from the water ripen more than twenty varieties here, from early unshu mikan in October to the fragrant beni-madonna in winter. Guests walk the terraces with him, taste fruit straight from the tree and learn why Ehime growers say a good mikan needs "three suns": the sky, the sea and the stone walls.',
    image: '/media/producers/producer-1.svg',
  },
  {
    name: 'Aya Koshino — Towel weaver, Imabari',
    description:
      'Imabari makes more than half of the towels sold in Japan, and Aya runs one of the small family mills that still weave on shuttle looms. Soft water from the Soja River and a slow weaving pace give the cloth its absorbency: an Imabari towel must sink in water within five seconds before it earns its label. In her workshop you follow the yarn from dyeing to the loom and weave a small piece to take home.',
    image: '/media/producers/producer-2.svg',
  },
  {
    name: 'Shunsuke Yano — Potter, Tobe',
    description:
      'Tobe-yaki is thick white porcelain painted with indigo, made in the hills south of Matsuyama for more than 240 years. Shunsuke throws and paints everyday bowls built to survive school canteens and busy izakaya kitchens. At his kiln you try the wheel, paint a plate with the traditional gosu blue and he fires it for you; pieces are shipped to your home after the firing.',
    image: '/media/producers/producer-3.svg',
  },
  {
    name: 'Mariko Kamiya — Washi paper maker, Uchiko',
    description:
      'In the Edo period Uchiko grew rich on paper and wax, and Mariko keeps the paper craft alive with kozo fibre grown in the valley. She shows how the bark is steamed, beaten and suspended in water before every sheet is scooped by hand. You make your own sheets with pressed local flowers, then walk the preserved merchant street of Yokaichi where the wax fortunes were spent.',
    image: '/media/producers/producer-4.svg',
  },
  {
    name: 'Takeshi Hamada — Pearl farmer, Uwajima',
    description:
      'The sheltered inlets of the Uwa Sea produce some of the finest akoya pearls in the world. Takeshi tends his oyster rafts by boat every morning and explains the four years between seeding a shell and harvesting a pearl. On the water you open an oyster yourself, keep the pearl you find and end with a lunch of tai-meshi, the sea-bream rice Uwajima is known for.',
    image: '/media/producers/producer-5.svg',
  },
  {
    name: 'Yuko Sakamoto — Sake brewer, Saijo',
    description:
      'Saijo draws its famous uchinuki spring water straight from the Ishizuchi mountains, and Yuko is the fifth generation of her family to brew with it. Between November and March the brewery runs day and night; she guides small groups through rice polishing, koji making and the fermentation tanks. The visit ends with a tasting of seasonal sake paired with local snacks — non-drinkers get the brewery’s amazake.',
    image: '/media/producers/producer-6.svg',
  },
];

/** Guest spec §9: descriptions are cut at 125 characters on the cards. */
export const PRODUCER_CUT = 125;

export function cutDescription(text: string, max = PRODUCER_CUT): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}
