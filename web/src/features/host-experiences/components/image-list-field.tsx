/**
 * Image picker of the experience form (back-office spec §5, §9): chosen or dropped files are checked in the browser
 * (images only, 10 MB each, at most `max`), uploaded straight to storage with a progress bar, shown from a local
 * preview, reorderable (buttons or drag and drop; the first is the cover), and removable. The field's value is the
 * list of images to keep, in order: current URLs and the keys of new uploads. Nothing changes on the experience
 * until the form is saved.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import {
  ACCEPTED_IMAGE_TYPES,
  checkImageBytes,
  checkImageFile,
  FILE_SIGNATURE_BYTES,
  uploadMessagesJa,
} from '@domain/schemas/host-api';
import { ApiError } from '../../../lib/api-client';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { uploadImage } from '../../../lib/back-office/upload';

interface ImageItem {
  id: string;
  /** The value kept on save: a current URL or a new upload's key; null until the upload has finished. */
  ref: string | null;
  /** What the tile shows: the current URL, or a local object URL of the chosen file. */
  preview: string;
  /** 0..1 while uploading. */
  progress: number | null;
  error: string | null;
  file: File | null;
}

let nextId = 0;
const newId = () => `image-${++nextId}`;

const refsOf = (items: readonly ImageItem[]) =>
  items.filter((item) => item.ref !== null).map((item) => item.ref as string);
const listKey = (refs: readonly string[]) => refs.join('\n');
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export interface ImageListFieldProps {
  /** Accessible name of the picker, e.g. メイン画像. */
  label: string;
  value: readonly string[];
  onChange: (refs: string[]) => void;
  max: number;
  /** The list may not become empty (edit screen's main images). */
  required?: boolean;
  /** The form's own message for the field (schema). */
  error?: string;
  /** Reports how many uploads are still running (the form does not save meanwhile). */
  onBusyChange?: (uploading: number) => void;
  hint?: string;
}

export function ImageListField({
  label,
  value,
  onChange,
  max,
  required = false,
  error,
  onBusyChange,
  hint,
}: ImageListFieldProps) {
  const api = useAuthorizedApi();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<ImageItem[]>(() =>
    value.map((ref) => ({ id: newId(), ref, preview: ref, progress: null, error: null, file: null })),
  );
  const itemsRef = useRef(items);
  const emitted = useRef<string[]>([...value]);
  /** Lists this field emitted before the latest: the form may still hand one back while it catches up. */
  const earlier = useRef(new Set<string>());
  /** The local preview of each finished upload, by key: a tile never shows the raw key (not an image URL). */
  const uploadPreviews = useRef(new Map<string, string>());
  const controllers = useRef(new Map<string, AbortController>());
  const [messages, setMessages] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const dragFrom = useRef<number | null>(null);

  /** Applies a change to the list and tells the form when the kept images changed. */
  const apply = (change: (items: ImageItem[]) => ImageItem[]) => {
    const next = change(itemsRef.current);
    itemsRef.current = next;
    setItems(next);
    const refs = refsOf(next);
    if (!sameList(refs, emitted.current)) {
      earlier.current.add(listKey(emitted.current));
      emitted.current = refs;
      onChange(refs);
    }
  };

  // A value set from outside (the form reset after a save answers with the published URLs) replaces the list.
  // Several uploads finishing together emit several lists in a row; the form may render with one it has already
  // been given a newer list for. Such an echo is not a change from outside and must not drop the newer uploads.
  useEffect(() => {
    if (sameList(value, emitted.current)) return;
    if (earlier.current.has(listKey(value))) return;
    if (itemsRef.current.some((item) => item.ref === null && item.error === null)) return;
    const byRef = new Map(itemsRef.current.filter((i) => i.ref).map((i) => [i.ref as string, i]));
    const next = value.map(
      (ref) =>
        byRef.get(ref) ?? {
          id: newId(),
          ref,
          preview: uploadPreviews.current.get(ref) ?? ref,
          progress: null,
          error: null,
          file: null,
        },
    );
    itemsRef.current = next;
    emitted.current = [...value];
    earlier.current.clear();
    setItems(next);
  }, [value]);

  const uploading = items.filter((item) => item.ref === null && item.error === null).length;
  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const item of itemsRef.current) {
        if (item.preview.startsWith('blob:')) URL.revokeObjectURL(item.preview);
      }
      for (const preview of uploadPreviews.current.values()) URL.revokeObjectURL(preview);
    };
  }, []);

  const update = (id: string, patch: Partial<ImageItem>) =>
    apply((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  const startUpload = (item: ImageItem) => {
    if (!item.file) return;
    const controller = new AbortController();
    controllers.current.set(item.id, controller);
    update(item.id, { progress: 0, error: null });
    uploadImage(
      api,
      item.file,
      'experience-image',
      (progress) => update(item.id, { progress }),
      controller.signal,
    )
      .then((key) => {
        uploadPreviews.current.set(key, item.preview);
        update(item.id, { ref: key, progress: null });
      })
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        const message =
          e instanceof ApiError && e.status === 401
            ? uploadMessagesJa.loginRequired
            : e instanceof ApiError && (e.status === 400 || e.status === 503)
              ? e.message
              : uploadMessagesJa.uploadFailed;
        update(item.id, { progress: null, error: message });
      })
      .finally(() => controllers.current.delete(item.id));
  };

  const addFiles = async (files: File[]) => {
    const problems: string[] = [];
    if (files.length === 0) {
      setMessages([uploadMessagesJa.noSelection]);
      return;
    }
    // The declared type comes from the file's name: a PDF renamed photo.jpg passes it, so the bytes are read too,
    // before anything is uploaded.
    const checked = await Promise.all(
      files.map(async (file) => {
        const problem = checkImageFile(file, 'experience-image');
        if (problem) return `${file.name}: ${problem}`;
        const head = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
        return checkImageBytes(file.name, head);
      }),
    );
    const accepted: File[] = [];
    files.forEach((file, i) => {
      const problem = checked[i];
      if (problem) problems.push(problem);
      else accepted.push(file);
    });
    // A single-image field replaces its image; a list takes what still fits.
    const replacing = max === 1 && accepted.length > 0;
    const room = replacing ? 1 : max - itemsRef.current.length;
    if (accepted.length > room) problems.push(uploadMessagesJa.tooManyImages.replace('10', String(max)));
    const taken = accepted.slice(0, Math.max(0, room));
    setMessages(problems);
    if (taken.length === 0) return;
    const added = taken.map<ImageItem>((file) => ({
      id: newId(),
      ref: null,
      preview: URL.createObjectURL(file),
      progress: 0,
      error: null,
      file,
    }));
    if (replacing) {
      for (const old of itemsRef.current) discard(old);
      apply(() => added);
    } else apply((list) => [...list, ...added]);
    for (const item of added) startUpload(item);
  };

  const discard = (item: ImageItem) => {
    controllers.current.get(item.id)?.abort();
    if (item.preview.startsWith('blob:')) URL.revokeObjectURL(item.preview);
  };

  const remove = (item: ImageItem) => {
    const kept = itemsRef.current.filter((i) => i.ref !== null);
    if (required && item.ref !== null && kept.length === 1) {
      setMessages([uploadMessagesJa.imagesRequired]);
      return;
    }
    setMessages([]);
    discard(item);
    apply((list) => list.filter((i) => i.id !== item.id));
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= itemsRef.current.length || from === to) return;
    apply((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved as ImageItem);
      return next;
    });
  };

  const onDropFiles = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (dragFrom.current !== null) return;
    void addFiles([...event.dataTransfer.files]);
  };

  const full = max > 1 && items.length >= max;

  return (
    <Box>
      {items.length > 0 && (
        <Box
          role="list"
          aria-label={label}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
            gap: 1.5,
            mb: 1.5,
          }}
        >
          {items.map((item, index) => (
            <Box
              key={item.id}
              role="listitem"
              aria-label={`${label} ${index + 1}`}
              draggable={max > 1 && item.ref !== null}
              onDragStart={() => {
                dragFrom.current = index;
              }}
              onDragEnd={() => {
                dragFrom.current = null;
              }}
              onDragOver={(e) => {
                if (dragFrom.current !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragFrom.current === null) return;
                e.preventDefault();
                e.stopPropagation();
                move(dragFrom.current, index);
                dragFrom.current = null;
              }}
              sx={{
                position: 'relative',
                borderRadius: 1.5,
                overflow: 'hidden',
                border: 1,
                borderColor: item.error ? 'error.main' : 'divider',
                bgcolor: 'grey.100',
                aspectRatio: '4 / 3',
                cursor: max > 1 ? 'grab' : 'default',
              }}
            >
              <Box
                component="img"
                src={item.preview}
                alt={`${label} ${index + 1}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {max > 1 && index === 0 && item.ref !== null && (
                <Typography
                  component="span"
                  sx={{
                    position: 'absolute',
                    top: 6,
                    left: 6,
                    px: 0.75,
                    borderRadius: 1,
                    fontSize: 12,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                  }}
                >
                  メイン
                </Typography>
              )}
              <IconButton
                size="small"
                aria-label={`${label} ${index + 1} を削除`}
                onClick={() => remove(item)}
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'rgba(255,255,255,0.9)',
                  '&:hover': { bgcolor: '#fff' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
              {max > 1 && items.length > 1 && (
                <Box sx={{ position: 'absolute', bottom: 4, right: 4, display: 'flex', gap: 0.5 }}>
                  <IconButton
                    size="small"
                    aria-label={`${label} ${index + 1} を前へ移動`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                  >
                    <ArrowBackIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`${label} ${index + 1} を後ろへ移動`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
                  >
                    <ArrowForwardIcon fontSize="small" />
                  </IconButton>
                </Box>
              )}
              {item.progress !== null && (
                <LinearProgress
                  variant="determinate"
                  value={Math.round(item.progress * 100)}
                  aria-label={`${label} ${index + 1} のアップロード`}
                  sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 6 }}
                />
              )}
              {item.error && (
                <Box
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    bgcolor: 'rgba(255,255,255,0.92)',
                    display: 'grid',
                    placeItems: 'center',
                    textAlign: 'center',
                    p: 1,
                  }}
                >
                  <Box>
                    <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                      {item.error}
                    </Typography>
                    {item.file && (
                      <Button size="small" onClick={() => startUpload(item)}>
                        再試行
                      </Button>
                    )}
                  </Box>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}

      {!full && (
        <Box
          component="label"
          htmlFor={inputId}
          onDragOver={(e: DragEvent) => {
            if (dragFrom.current !== null) return;
            e.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDropFiles}
          sx={{
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 0.5,
            p: 3,
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 2,
            borderColor: dragOver ? 'primary.main' : error ? 'error.main' : 'divider',
            bgcolor: dragOver ? 'action.hover' : 'transparent',
            cursor: 'pointer',
            textAlign: 'center',
            '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <CloudUploadOutlinedIcon color="action" />
          <Typography>
            {max === 1 && items.length > 0
              ? '画像を差し替える（ドラッグ＆ドロップまたはクリック）'
              : '画像をドラッグ＆ドロップ、またはクリックして選択'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {hint ?? `JPEG・PNG・WebP など、1枚10MBまで${max > 1 ? `（最大${max}枚）` : ''}`}
          </Typography>
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            multiple={max > 1}
            aria-label={`${label}を選択`}
            onChange={(e) => {
              void addFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </Box>
      )}
      {full && (
        <Typography variant="body2" color="text.secondary">
          画像は最大{max}枚です。追加するには、いずれかを削除してください。
        </Typography>
      )}
      {uploading > 0 && <FormHelperText>アップロード中です… 完了するまで保存できません。</FormHelperText>}
      {messages.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setMessages([])}>
          {messages.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      {error && messages.length === 0 && (
        <FormHelperText error sx={{ mt: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
