/** promptpay-qr ships no types: the one function the app uses (app/wallet/promptpay.server.ts). */
declare module 'promptpay-qr' {
  /** The EMVCo payload (with its CRC) for a PromptPay id and an optional amount in baht. */
  export default function generatePayload(target: string, options: { amount?: number }): string
}
