/**
 * The first steps of a new host, on a dashboard without any experience yet (issue 21): profile, the first
 * experience, its availability, publishing; each a link to the screen that does it.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export const FIRST_STEPS = [
  {
    title: 'プロフィールを設定する',
    text: 'ビジネス名・自己紹介・対応言語・連絡先を入力します。体験ページの「ホストについて」に表示されます。',
    to: '/host/profile',
    link: 'プロフィール設定を開く',
  },
  {
    title: '最初の体験を作成する',
    text: 'タイトル・説明・写真・料金・集合場所を入力します。まずは非公開の下書きとして保存できます。',
    to: '/host/experience/create',
    link: '体験を作成',
  },
  {
    title: '予約を受け付ける日時を設定する',
    text: '体験の編集画面の「予約枠」で営業時間・定休日・所要時間・開始時刻・同時に受け付ける組数を決め、カレンダーで休止日を指定します。',
    to: '/host/experiences',
    link: '体験一覧を開く',
  },
  {
    title: '体験を公開する',
    text: '写真と料金がそろったら公開設定を「公開」にして保存します。ゲストが予約リクエストを送れるようになります。',
    to: '/host/experiences',
    link: '公開する体験を選ぶ',
  },
] as const;

export function FirstSteps() {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="はじめての方へ"
      sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        はじめての方へ
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        まだ体験が登録されていません。次の順に進めると、予約の受付を始められます。
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 2 }}>
        {FIRST_STEPS.map((step) => (
          <li key={step.title} data-testid="first-step">
            <Typography sx={{ fontWeight: 700 }}>{step.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {step.text}
            </Typography>
            <Link component={RouterLink} to={step.to} variant="body2">
              {step.link}
            </Link>
          </li>
        ))}
      </Box>
    </Paper>
  );
}
