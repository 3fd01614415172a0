import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import type { LookupInput } from './lookup-booking';

export interface ReceiptInput extends LookupInput {
  /** 宛名: blank is the guest's own name. */
  addressee?: string;
  /** 但し書き: blank is the experience. */
  purpose?: string;
}

/**
 * `POST /api/bookings/receipt` (DESIGN §6 wave 4): the receipt as a PDF, identified as the lookup identifies the
 * guest (the same 404 and attempt limits); 409 when nothing was charged.
 */
export function useReceipt() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ReceiptInput) =>
      api<Blob>('/bookings/receipt', { method: 'POST', body: input, responseType: 'blob' }),
  });
}
