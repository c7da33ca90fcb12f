/** Baht amounts as members read them: ฿1,520.50 */
const baht = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export function formatBaht(amount: number): string {
  return baht.format(amount)
}
