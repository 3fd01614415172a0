/**
 * Issue 21 item 5: several photos uploaded at once. The uploads finish one after the other and the field emits a
 * list each time; a form that hands back a list one step behind must not turn a finished upload's tile into its
 * raw key (a broken image) nor drop it.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '@testing-library/jest-dom/vitest';
import { ImageListField } from '../../../../web/src/features/host-experiences/components/image-list-field';
import { imageFile, stubObjectUrls } from './support';

vi.mock('../../../../web/src/lib/back-office-auth/use-authorized-api', () => ({
  useAuthorizedApi: () => () => Promise.reject(new Error('not called')),
}));
const finish = new Map<string, () => void>();
vi.mock('../../../../web/src/lib/back-office/upload', () => ({
  uploadImage: (_api: unknown, file: File) =>
    new Promise<string>((resolve) => finish.set(file.name, () => resolve(`uploads/sub-1/${file.name}`))),
}));

afterEach(() => vi.unstubAllGlobals());

/** A form that applies each emitted list only after `lagMs`, as a watched value may lag behind. */
function LaggingForm({ lagMs }: { lagMs: number }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <ImageListField
      label="メイン画像"
      value={value}
      max={10}
      onChange={(refs) => setTimeout(() => setValue(refs), lagMs)}
    />
  );
}

it('shows every photo of a batch from its local preview once uploaded, whatever order the form catches up in', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  stubObjectUrls();
  render(<LaggingForm lagMs={50} />);
  const names = ['a.jpg', 'b.jpg', 'c.jpg'];
  await userEvent.upload(
    screen.getByLabelText('メイン画像を選択'),
    names.map((n) => imageFile(n)),
  );
  await vi.waitFor(() => expect(finish.size).toBe(3));
  // The uploads finish within the form's lag of one another.
  for (const name of names) {
    await act(async () => {
      finish.get(name)!();
      await vi.advanceTimersByTimeAsync(10);
    });
  }
  await act(() => vi.advanceTimersByTimeAsync(200));
  const tiles = within(screen.getByRole('list', { name: 'メイン画像' })).getAllByRole('listitem');
  expect(tiles).toHaveLength(3);
  const sources = tiles.map((t) => t.querySelector('img')?.getAttribute('src'));
  expect(sources).toEqual(['blob:preview-1', 'blob:preview-2', 'blob:preview-3']);
  vi.useRealTimers();
});
