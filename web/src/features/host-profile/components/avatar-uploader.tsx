/**
 * The avatar (back-office spec §5 "Avatar upload", §8): a chosen file is checked (an image, at most 5 MB) and
 * previewed; upload sends it straight to storage, then the API verifies it is an image and makes it the avatar
 * (older files are removed by the API). Messages are the specification's.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { HostView } from '@domain/back-office-views';
import { ACCEPTED_IMAGE_TYPES, checkImageFile, uploadMessagesJa } from '@domain/schemas/host-api';
import { ApiError } from '../../../lib/api-client';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { useSetHostMe } from '../../../lib/back-office/host-account';
import { uploadImage } from '../../../lib/back-office/upload';
import { useToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/back-office/use-single-flight';

export const AVATAR_UPDATED = { title: '更新完了', message: 'アバター画像を更新しました' } as const;

export function AvatarUploader({ host }: { host: HostView }) {
  const api = useAuthorizedApi();
  const { idToken } = useBackOfficeAuth();
  const setHost = useSetHostMe();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (picked: File | undefined) => {
    setError(null);
    if (!picked) {
      setError(uploadMessagesJa.avatarNoSelection);
      return;
    }
    const problem = checkImageFile(picked, 'avatar');
    if (problem) {
      setError(problem);
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  /** One upload at a time, however fast the clicks (the session check comes before the progress shows). */
  const flight = useSingleFlight();
  const upload = async () => {
    setError(null);
    if (!file) {
      setError(uploadMessagesJa.avatarNoSelection);
      return;
    }
    if (!(await idToken())) {
      setError(uploadMessagesJa.avatarNoSession);
      return;
    }
    setProgress(0);
    try {
      const key = await uploadImage(api, file, 'avatar', setProgress);
      const updated = await api<HostView>('/host/me/avatar', { method: 'PUT', body: { key } });
      setHost(updated);
      setFile(null);
      setPreview(null);
      toast({ severity: 'success', ...AVATAR_UPDATED });
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 400
          ? (e.fields?.key ?? uploadMessagesJa.verificationFailed)
          : e instanceof ApiError && e.status === 401
            ? uploadMessagesJa.avatarNoSession
            : e instanceof ApiError && e.status === 503
              ? e.message
              : uploadMessagesJa.uploadFailed,
      );
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? host.avatarUrl;
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        src={shown ?? undefined}
        alt={preview ? '選択した画像のプレビュー' : `${host.businessName} のアバター`}
        sx={{ width: 96, height: 96, fontSize: 36 }}
      >
        {host.businessName.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 220 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          JPEG・PNG・WebP など、5MBまでの画像
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" disabled={progress !== null}>
            画像を選択
            <input
              ref={input}
              hidden
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              aria-label="アバター画像を選択"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {/* Nothing to upload until a file is chosen (issue 21 item 16): the hint says what to do first. */}
          <Button
            variant="contained"
            onClick={() => void flight.run(upload)}
            disabled={flight.pending || progress !== null || !file}
            aria-describedby={file ? undefined : 'avatar-choose-first'}
          >
            アップロード
          </Button>
          {file && progress === null && (
            <Button
              onClick={() => {
                setFile(null);
                setPreview(null);
              }}
            >
              取り消す
            </Button>
          )}
        </Box>
        {!file && progress === null && (
          <Typography id="avatar-choose-first" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {uploadMessagesJa.avatarNoSelection}
          </Typography>
        )}
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}（プレビュー中・未保存）
          </Typography>
        )}
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            sx={{ mt: 1.5 }}
            aria-label="アバター画像のアップロード"
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
            {error}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
