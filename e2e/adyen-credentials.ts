/** Adyen webhook credentials of the e2e servers (test values, not secrets; the HMAC key is Adyen's test vector). */
export const E2E_ADYEN = {
  hmacKey: 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00',
  username: 'e2e-adyen-webhook',
  password: 'E2e-webhook-2026',
};
