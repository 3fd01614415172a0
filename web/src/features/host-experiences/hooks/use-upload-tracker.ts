import { useCallback, useState } from 'react';

/** Running uploads per image field; the form does not save while any runs. */
export function useUploadTracker() {
  const [byField, setByField] = useState<Record<string, number>>({});
  const report = useCallback((field: string, uploading: number) => {
    setByField((current) => (current[field] === uploading ? current : { ...current, [field]: uploading }));
  }, []);
  const uploading = Object.values(byField).reduce((a, b) => a + b, 0);
  return { uploading, report };
}
