/** The /ehime page's texts, one module per language with the same structure (a test compares them with English). */
export interface Topic {
  title: string;
  text: string;
}

export interface EhimeContent {
  title: string;
  subtitle: string;
  description: string;
  videoTitle: string;
  topicsTitle: string;
  /** What the carousel's arrows scroll ("Scroll {what} left"). */
  topicsScroll: string;
  reachTitle: string;
  reachLead: string;
  /** Guest spec §2: flight times to Matsuyama (Tokyo, Osaka, Fukuoka). */
  flights: readonly { from: string; time: string }[];
  reasonsTitle: string;
  reasons: readonly Topic[];
  historyTitle: string;
  history: readonly Topic[];
  ctaTitle: string;
  ctaExperiences: string;
  ctaConcierge: string;
}
