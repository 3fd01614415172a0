import type { EhimeContent } from './types';

const en: EhimeContent = {
  title: 'Discover Ehime',
  subtitle: 'Hot springs, castles and citrus terraces on the Seto Inland Sea',
  description:
    'Hot springs, castles, citrus terraces and island-hopping on the Seto Inland Sea: private experiences in Ehime, Shikoku.',
  videoTitle: 'Ehime in motion',
  topicsTitle: 'Experiences in Ehime',
  topicsScroll: 'experiences',
  reachTitle: 'How to reach Ehime',
  reachLead: 'Fly to Matsuyama Airport, 15 minutes by bus from the city centre.',
  flights: [
    { from: 'From Tokyo (Haneda)', time: '1h 35m to Matsuyama' },
    { from: 'From Osaka (Itami)', time: '50m to Matsuyama' },
    { from: 'From Fukuoka', time: '50m to Matsuyama' },
  ],
  reasonsTitle: 'Reasons to visit',
  reasons: [
    {
      title: 'Dogo Onsen',
      text: 'One of Japan’s oldest hot springs, in the heart of Matsuyama, with a bathhouse that has welcomed guests since 1894.',
    },
    {
      title: 'The Shimanami Kaido',
      text: 'A 70 km cycling road over six islands and seven bridges, linking Imabari with Onomichi across the Seto Inland Sea.',
    },
    {
      title: 'Citrus country',
      text: 'More than 40 varieties of citrus grow on Ehime’s terraced slopes; in season, even the taps at the airport pour mikan juice.',
    },
    {
      title: 'Makers and crafts',
      text: 'Imabari towels, Tobe porcelain, Uchiko washi, Uwajima pearls: workshops open their doors to small groups.',
    },
  ],
  historyTitle: 'History and culture',
  history: [
    {
      title: 'Castle towns',
      text: 'Matsuyama Castle is one of only twelve castles in Japan whose keep survives from the feudal era; Ozu and Uwajima have castles of their own.',
    },
    {
      title: 'Pilgrimage',
      text: 'Twenty-six of the 88 temples of the Shikoku pilgrimage stand in Ehime, and pilgrims in white are still a familiar sight on its roads.',
    },
    {
      title: 'Literature and theatre',
      text: 'Natsume Soseki’s novel Botchan is set in Matsuyama, the home town of the haiku poet Masaoka Shiki; Uchiko’s Kabuki theatre from 1916 still hosts performances.',
    },
  ],
  ctaTitle: 'Plan your days in Ehime',
  ctaExperiences: 'See experiences in Ehime',
  ctaConcierge: 'Ask the concierge',
};

export default en;
