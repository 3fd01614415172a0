import type { EhimeContent } from './types';

const zhHant: EhimeContent = {
  title: '探索愛媛',
  subtitle: '瀨戶內海畔的溫泉、城堡與柑橘梯田',
  description: '溫泉、城堡、柑橘梯田與瀨戶內海跳島之旅：四國愛媛的私人體驗。',
  videoTitle: '影像中的愛媛',
  topicsTitle: '愛媛的體驗',
  topicsScroll: '體驗',
  reachTitle: '如何前往愛媛',
  reachLead: '搭飛機到松山機場，從機場搭巴士到市中心約15分鐘。',
  flights: [
    { from: '從東京（羽田）出發', time: '到松山1小時35分' },
    { from: '從大阪（伊丹）出發', time: '到松山50分鐘' },
    { from: '從福岡出發', time: '到松山50分鐘' },
  ],
  reasonsTitle: '造訪愛媛的理由',
  reasons: [
    {
      title: '道後溫泉',
      text: '位於松山市中心，是日本歷史最悠久的溫泉之一，其本館自1894年起迎接泡湯客至今。',
    },
    {
      title: '島波海道',
      text: '全長約70公里的自行車道，橫越六座島嶼與七座大橋，跨越瀨戶內海連接今治與尾道。',
    },
    {
      title: '柑橘之鄉',
      text: '愛媛的梯田山坡上種植超過40種柑橘；產季時，連機場的水龍頭都會流出橘子汁。',
    },
    {
      title: '職人與工藝',
      text: '今治毛巾、砥部燒、內子和紙、宇和島珍珠：工坊為小型團體敞開大門。',
    },
  ],
  historyTitle: '歷史與文化',
  history: [
    {
      title: '城下町',
      text: '松山城是日本現存十二天守之一，天守自封建時代保留至今；大洲與宇和島也各有自己的城。',
    },
    {
      title: '遍路朝聖',
      text: '四國八十八所靈場中有二十六座寺院位於愛媛，身穿白衣的遍路朝聖者至今仍是路上常見的身影。',
    },
    {
      title: '文學與戲劇',
      text: '夏目漱石的小說《少爺》以松山為舞台，這裡也是俳句詩人正岡子規的故鄉；內子建於1916年的歌舞伎劇場至今仍有演出。',
    },
  ],
  ctaTitle: '規劃您的愛媛之旅',
  ctaExperiences: '查看愛媛的體驗',
  ctaConcierge: '諮詢禮賓顧問',
};

export default zhHant;
