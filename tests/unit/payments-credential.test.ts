import { describe, expect, it } from 'vitest';
import { readCredential } from '@/lib/payments/credential';

const read = (headers: Record<string, string>) => readCredential(new Headers(headers));

describe('readCredential', () => {
  it('tells the four credentials apart', () => {
    expect(read({})).toEqual({ kind: 'none' });
    expect(read({ 'payment-signature': 'abc' })).toEqual({ kind: 'x402', paymentSignature: 'abc' });
    expect(read({ authorization: 'Payment eyJ4' })).toEqual({ kind: 'mpp', authorization: 'Payment eyJ4' });
    expect(read({ authorization: 'payment eyJ4' }).kind).toBe('mpp');
    expect(read({ authorization: 'Bearer pk_svc_x' })).toEqual({ kind: 'bearer', token: 'pk_svc_x' });
    expect(read({ authorization: 'bearer   st_y  ' })).toEqual({ kind: 'bearer', token: 'st_y' });
  });

  it('refuses two credentials at once and unknown schemes', () => {
    expect(read({ authorization: 'Bearer k', 'payment-signature': 'abc' }).kind).toBe('invalid');
    for (const authorization of ['Basic dXNlcg==', 'Bearer', 'Payment', 'pk_svc_bare', 'Digest x']) {
      expect(read({ authorization }).kind, authorization).toBe('invalid');
    }
  });
});
